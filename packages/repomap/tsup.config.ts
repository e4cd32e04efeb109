import { packageConfig } from '@ctxkit/tooling/tsup';

// The scan and walk workers are their own entries: worker threads load them by file next to the
// built index. `internal` is the `./internal` subpath (tuning constants, test hooks; not semver).
export default packageConfig({
  entry: ['src/index.ts', 'src/internal.ts', 'src/scan-worker.ts', 'src/walk-worker.ts'],
});
