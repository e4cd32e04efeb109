import { describe, expect, it } from 'vitest';
import { decideGate } from './path-gating.js';

describe('decideGate', () => {
  it('applies without globs or without scope', () => {
    expect(decideGate(undefined, ['a.go'], '')).toEqual({ applies: true });
    expect(decideGate(['web/**'], [], '')).toEqual({ applies: true });
  });

  it('matches globs against scope files, names anywhere for slashless globs, negations last', () => {
    expect(decideGate(['pkg/**/*.go'], ['pkg/a/b.go'], '').applies).toBe(true);
    expect(decideGate(['*.go'], ['cmd/tool/main.go'], '').applies).toBe(true);
    expect(decideGate(['src/**', '!src/generated/**'], ['src/generated/x.ts'], '').applies).toBe(false);
    expect(decideGate(['web/**/*.tsx'], ['pkg/a.go'], '')).toEqual({
      applies: false,
      reason: 'paths web/**/*.tsx match no file in scope',
    });
  });

  it('reads globs of a nested file relative to its directory', () => {
    expect(decideGate(['src/**'], ['packages/api/src/x.ts'], 'packages/api').applies).toBe(true);
    expect(decideGate(['src/**'], ['src/x.ts'], 'packages/api')).toEqual({
      applies: false,
      reason: 'paths src/** (relative to packages/api/) match no file in scope',
    });
  });
});
