import { packageConfig } from '@ctxkit/tooling/tsup';

// The scan worker is its own entry: worker threads load it by file next to the built index.
export default packageConfig({ entry: ['src/index.ts', 'src/scan-worker.ts'] });
