import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const GOLDENS = join(dirname(fileURLToPath(import.meta.url)), '..', '__goldens__');

/** Test support: compares `actual` with a golden file; UPDATE_GOLDENS=1 rewrites it. */
export function expectGolden(name: string, actual: string): void {
  const path = join(GOLDENS, name);
  if (process.env.UPDATE_GOLDENS === '1') {
    mkdirSync(GOLDENS, { recursive: true });
    writeFileSync(path, actual);
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}
