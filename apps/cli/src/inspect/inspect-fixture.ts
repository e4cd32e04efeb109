// A two-file repository the inspect tests pack (test support, not part of the CLI).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh repository: instructions, `src/header.ts` and `src/request.ts`, which uses it. */
export function inspectFixtureRepository(prefix = 'ctxkit-inspect-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'AGENTS.md'), '# Rules\n\nRun the tests before you finish.\n');
  writeFileSync(
    join(root, 'src', 'header.ts'),
    'export function parseHeader(line: string): string[] {\n  return line.split(":");\n}\n',
  );
  writeFileSync(
    join(root, 'src', 'request.ts'),
    "import { parseHeader } from './header.js';\n\nexport function readRequest(text: string) {\n  return text.split('\\n').map(parseHeader);\n}\n",
  );
  return root;
}
