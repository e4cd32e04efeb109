import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnvironment, makeTempDirectory } from './run-cli.js';

// @ctxkit/repomap's walk thread is only used from its build (dist/walk-worker.js), which the CLI's
// tests have (turbo builds every dependency first): a process that builds maps again and again
// keeps one thread for its walks. It must see every change, and must not keep the process alive.

const SCRIPT = `
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRepoMap } from '@ctxkit/repomap';
const [root, cacheDir] = process.argv.slice(1);
const build = () => buildRepoMap({ root, query: 'alpha', cache: { dir: cacheDir }, backgroundWalk: 'always' });
const seen = [];
for (let round = 0; round < 4; round++) {
  if (round >= 2) writeFileSync(join(root, 'src', 'b.ts'), 'export const gamma' + round + ' = ' + round + ';\\n');
  const result = await build();
  seen.push({ map: result.map, cache: result.cache });
}
process.stdout.write(JSON.stringify(seen));
`;

describe('the background walk thread', () => {
  it('is reused across builds, sees each change, and lets the process exit', () => {
    const tree = makeTempDirectory('walk-thread');
    mkdirSync(join(tree, 'src'), { recursive: true });
    writeFileSync(join(tree, 'src', 'a.ts'), 'export function alpha(): number {\n  return 1;\n}\n');
    writeFileSync(join(tree, 'src', 'b.ts'), 'export const beta = 2;\n');
    const result = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT, tree, join(tree, '.cache')],
      { cwd: join(import.meta.dirname, '..'), env: cleanEnvironment(), encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const seen = JSON.parse(result.stdout) as { map: string; cache: { hits: number; misses: number } }[];
    expect(seen.map((round) => round.cache)).toEqual([
      { hits: 0, misses: 2 },
      { hits: 2, misses: 0 },
      { hits: 1, misses: 1 },
      { hits: 1, misses: 1 },
    ]);
    expect(seen[1]!.map).toBe(seen[0]!.map);
    expect(seen[2]!.map).toContain('gamma2');
    expect(seen[3]!.map).toContain('gamma3');
    expect(seen[3]!.map).not.toContain('gamma2');
  });
});
