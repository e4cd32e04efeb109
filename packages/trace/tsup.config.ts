import { packageConfig } from '@ctxkit/tooling/tsup';

export default packageConfig();
