import { packageConfig } from '@ctxkit/tooling/tsup';

// The drop-in pipeline shared with the other framework packages is private: bundled in, types included.
export default packageConfig({
  noExternal: ['@ctxkit/dropin-core'],
  dts: { resolve: ['@ctxkit/dropin-core'] },
});
