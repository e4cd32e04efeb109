import { packageVitestConfig } from '@ctxkit/tooling/vitest';

// test/ runs the built binary as a child process; the global setup rebuilds it when src/ is newer.
export default packageVitestConfig({ test: { globalSetup: ['test/global-setup.ts'] } });
