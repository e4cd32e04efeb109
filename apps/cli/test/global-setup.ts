import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// End-to-end tests spawn dist/bin.js. Under `pnpm test`, turbo builds the packages and the CLI
// first (apps/cli/turbo.json: test dependsOn build and ^build, so no build deletes dist/ while
// tests run). Run directly, `npx vitest run` rebuilds the CLI here when any source file is newer
// than the bundle, and reports a missing package build instead of failing obscurely.

const cliRoot = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(cliRoot, 'dist', 'bin.js');

function newestModification(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestModification(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function isStale(): boolean {
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  const inputs = ['package.json', 'tsup.config.ts'].map((name) => statSync(join(cliRoot, name)).mtimeMs);
  return Math.max(newestModification(join(cliRoot, 'src')), ...inputs) > built;
}

function checkPackageBuilds(): void {
  const manifest = JSON.parse(readFileSync(join(cliRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const missing = Object.keys(manifest.dependencies)
    .filter((name) => name.startsWith('@ctxkit/'))
    .filter((name) => !existsSync(join(cliRoot, 'node_modules', name, 'dist')))
    .sort();
  if (missing.length > 0) {
    throw new Error(
      `the CLI's packages are not built (${missing.join(', ')}); run: npx turbo run build --filter=ctxkit^...`,
    );
  }
}

// Build tools are workspace-root devDependencies; look for the binary the way npm scripts do.
function findTool(name: string): string {
  for (let directory = cliRoot; ; directory = dirname(directory)) {
    const candidate = join(directory, 'node_modules', '.bin', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(directory) === directory) throw new Error(`cannot find ${name} in any node_modules/.bin`);
  }
}

/** Vitest global setup: make sure dist/bin.js reflects src/ before any test spawns it. */
export default function setup(): void {
  checkPackageBuilds();
  if (isStale()) {
    execFileSync(findTool('tsup'), [], { cwd: cliRoot, stdio: 'pipe' });
  }
}
