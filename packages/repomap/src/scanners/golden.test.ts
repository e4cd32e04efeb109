// One handwritten fixture per language, scanned through one helper and compared with a golden
// file of the whole output (definitions, then reference counts sorted by name). A mismatch shows
// as a diff; regenerate deliberately with `UPDATE_GOLDENS=1 npx vitest run golden`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '../types.js';
import { languageForPath, scanSource } from './index.js';

const FIXTURES = join(__dirname, '__fixtures__');
const GOLDENS = join(__dirname, '__goldens__');

/** The scan as stable text: one block per definition, then `name count` per reference. */
function renderScan(result: ScanResult): string {
  const lines = ['definitions:'];
  for (const definition of result.definitions) {
    const span =
      definition.endLine !== undefined ? `${definition.line}-${definition.endLine}` : `${definition.line}`;
    const name = definition.scope !== undefined ? `${definition.scope}.${definition.name}` : definition.name;
    lines.push(`  ${span} ${definition.kind} ${name}`, `    ${definition.signature}`);
  }
  lines.push('references:');
  const names = [...result.references.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) lines.push(`  ${name} ${result.references.get(name)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Scans `__fixtures__/<fixture>.txt` (the `.txt` keeps the type checker and linters off the
 * deliberately odd sources) and compares with `__goldens__/<fixture>.golden.txt`.
 */
function expectGolden(fixture: string): void {
  const language = languageForPath(fixture);
  expect(language, `no scanner language for ${fixture}`).toBeDefined();
  const text = readFileSync(join(FIXTURES, `${fixture}.txt`), 'utf8');
  const actual = renderScan(scanSource(text, language!));
  const goldenPath = join(GOLDENS, `${fixture}.golden.txt`);
  if (process.env.UPDATE_GOLDENS === '1') writeFileSync(goldenPath, actual);
  expect(existsSync(goldenPath), `missing golden ${goldenPath}; run with UPDATE_GOLDENS=1`).toBe(true);
  expect(actual).toBe(readFileSync(goldenPath, 'utf8'));
}

describe('scanner goldens', () => {
  for (const fixture of [
    'sample.ts',
    'component.tsx',
    'sample.js',
    'sample.py',
    'sample.go',
    'sample.rs',
    'Sample.java',
    'sample.c',
    'sample.cpp',
    'sample.rb',
    'Sample.cs',
    'sample.php',
  ]) {
    it(`${fixture} matches its golden scan`, () => {
      expectGolden(fixture);
    });
  }
});
