/**
 * `@ctxkit/repomap/internal`: tuning constants and test hooks, for this repository's tests and
 * benches. Not part of the API and not covered by semver (vercel/ai's `internal` entries are the
 * model): anything here may change or go in a patch release. Built as its own entry, so it carries
 * its own copy of the build code; import it in tests, never next to the main entry in a product.
 */

export type { BackgroundWalker } from './repo-map.js';
export { BACKGROUND_WALK_MIN_CACHE_BYTES, buildWithWalker, FILES_IN_PROMPT_HALF } from './repo-map.js';
