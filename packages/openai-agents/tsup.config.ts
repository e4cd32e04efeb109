import { packageConfig } from '@ctxkit/tooling/tsup';

// The drop-in pipeline shared with the other framework packages is private: bundled in, types included
// (as @ctxkit/internal is in every package, by the preset).
export default packageConfig({ noExternal: ['@ctxkit/dropin-core'] });
