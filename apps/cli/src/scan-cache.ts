/**
 * The repo map cache a command builds with. A one-shot run reads the cache file once; a process
 * that runs many commands (`ctxkit serve`, `ctxkit mcp`) holds one memory for its lifetime, so a
 * command over an unchanged tree reuses the cache the previous one left there.
 */
import type { ScanCacheMemory, ScanCacheOptions } from '@ctxkit/repomap';

/** No cache under `--no-cache`; else the default directory, with the process's memory if it keeps one. */
export function scanCacheOption(
  enabled: boolean,
  memory: ScanCacheMemory | undefined,
): ScanCacheOptions | false {
  if (!enabled) return false;
  return memory ? { memory } : {};
}
