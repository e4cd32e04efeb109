// One handwritten fixture per language, scanned through one helper and compared with a golden
// file of the whole output (definitions, then reference counts sorted by name). A mismatch shows
// as a diff; regenerate deliberately with `npx vitest run golden -u`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareStrings } from '@ctxkit/internal';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '../types.js';
import { languageForPath, scanSource } from './index.js';

const FIXTURES = join(__dirname, '__fixtures__');
const GOLDENS = join(__dirname, '__goldens__');

/** The scan as stable text: one block per definition (with its doc line), then `name count` per reference. */
function renderScan(result: ScanResult): string {
  const lines = ['definitions:'];
  for (const definition of result.definitions) {
    const span =
      definition.endLine !== undefined ? `${definition.line}-${definition.endLine}` : `${definition.line}`;
    const name = definition.scope !== undefined ? `${definition.scope}.${definition.name}` : definition.name;
    lines.push(`  ${span} ${definition.kind} ${name}`, `    ${definition.signature}`);
    if (definition.doc !== undefined) lines.push(`    doc: ${definition.doc}`);
  }
  lines.push('references:');
  const names = [...result.references.keys()].sort(compareStrings);
  for (const name of names) lines.push(`  ${name} ${result.references.get(name)}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Scans `__fixtures__/<fixture>.txt` (the `.txt` keeps the type checker and linters off the
 * deliberately odd sources) and compares with `__goldens__/<fixture>.golden.txt`.
 */
async function expectGolden(fixture: string): Promise<void> {
  const language = languageForPath(fixture);
  expect(language, `no scanner language for ${fixture}`).toBeDefined();
  const text = readFileSync(join(FIXTURES, `${fixture}.txt`), 'utf8');
  const actual = renderScan(scanSource(text, language!));
  await expect(actual).toMatchFileSnapshot(join(GOLDENS, `${fixture}.golden.txt`));
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
    it(`${fixture} matches its golden scan`, async () => {
      await expectGolden(fixture);
    });
  }
});
