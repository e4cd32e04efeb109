import { packageVitestConfig } from '@ctxkit/tooling/vitest';

export default packageVitestConfig();
