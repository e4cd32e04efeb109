/**
 * Finds a worker thread's script: the built entry of that name next to this module. There is none
 * when running from sources (tests) or when this package is bundled into something else; callers
 * then do the work on the calling thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built script `name` (`scan-worker`, `walk-worker`) beside this module, if there is one. */
export function builtWorkerScript(name: string): URL | undefined {
  if (import.meta.url.endsWith('.ts')) return undefined;
  for (const file of [`./${name}.js`, `./${name}.cjs`]) {
    try {
      const url = new URL(file, import.meta.url);
      if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
    } catch {
      // Not a file URL (bundled into something else): no worker.
    }
  }
  return undefined;
}
