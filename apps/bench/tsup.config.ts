import { packageConfig } from '@ctxkit/tooling/tsup';

// The bench is run, never imported: one ESM entry, no declarations.
export default packageConfig({ entry: ['src/main.ts'], format: ['esm'], dts: false });
