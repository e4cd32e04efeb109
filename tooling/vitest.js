// The one test preset: workspace packages resolve to their TypeScript sources, so a test never
// waits for (or races with) another package's build output.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function workspaceAliases() {
  const dir = join(root, 'packages');
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'src', 'index.ts')))
    .sort()
    .flatMap((name) => [
      { find: new RegExp(`^@ctxkit/${name}$`), replacement: join(dir, name, 'src', 'index.ts') },
      // Subpath entries (e.g. @ctxkit/tokenize/estimate) resolve to the source file of the same name.
      {
        find: new RegExp(`^@ctxkit/${name}/(?!package\\.json$)(.+)$`),
        replacement: join(dir, name, 'src', '$1.ts'),
      },
    ]);
}

/**
 * @param {import('vitest/config').UserConfig} [overrides]
 */
export function packageVitestConfig(overrides = {}) {
  return defineConfig({
    resolve: { alias: workspaceAliases() },
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Generous for a loaded two-core runner: a hook that starts chromium or a server has taken
      // over vitest's default 10 s there, while the same work takes 1-2 s on an idle machine.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      passWithNoTests: true,
      ...overrides.test,
    },
  });
}
