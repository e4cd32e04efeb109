import { packageConfig } from '@ctxkit/tooling/tsup';

// The scan and walk workers are their own entries: worker threads load them by file next to the
// built index.
export default packageConfig({ entry: ['src/index.ts', 'src/scan-worker.ts', 'src/walk-worker.ts'] });
