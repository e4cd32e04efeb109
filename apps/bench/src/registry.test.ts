import { describe, expect, it } from 'vitest';
import { benches, guides } from './registry.js';

describe('bench registry', () => {
  it('says for every bench what it needs and when it fails', () => {
    expect(Object.keys(guides).sort()).toEqual(Object.keys(benches).sort());
    for (const guide of Object.values(guides)) {
      expect(guide.needs.length).toBeGreaterThan(0);
      expect(guide.passRule).toMatch(/exit/);
    }
  });
});
