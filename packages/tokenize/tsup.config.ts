import { packageConfig } from '@ctxkit/tooling/tsup';

// A second entry so `@ctxkit/tokenize/estimate` carries nothing but the chars/4 estimate.
export default packageConfig({ entry: ['src/index.ts', 'src/estimate.ts'] });
