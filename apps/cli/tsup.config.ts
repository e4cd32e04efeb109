import { packageConfig } from '@ctxkit/tooling/tsup';

// The CLI ships one executable ESM entry; no type declarations, nobody imports it.
export default packageConfig({ entry: ['src/bin.ts'], format: ['esm'], dts: false });
