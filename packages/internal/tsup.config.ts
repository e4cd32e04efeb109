import { packageConfig } from '@ctxkit/tooling/tsup';

// Private: every package bundles it (JavaScript and declarations), so one ESM build is all they read.
export default packageConfig({ format: ['esm'] });
