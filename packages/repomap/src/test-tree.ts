/**
 * Small trees on disk for tests (not part of the package's API): a fresh temporary directory
 * holding `files`, its path recorded in `created` so the test file can remove it afterwards.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Two TypeScript files that reference each other and one Python file. */
export const SMALL_TREE: Readonly<Record<string, string>> = {
  'src/a.ts': 'export function alpha(): number {\n  return beta();\n}\n',
  'src/b.ts': 'export function beta(): number {\n  return 2;\n}\n',
  'tool.py': 'def gamma():\n    return 3\n',
};

export function makeTree(
  files: Readonly<Record<string, string | Uint8Array>>,
  prefix: string,
  created: string[],
): string {
  const root = mkdtempSync(join(tmpdir(), `ctxkit-repomap-${prefix}-`));
  created.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
