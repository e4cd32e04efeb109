import { packageConfig } from '@ctxkit/tooling/tsup';

// The bench is run, never imported: one ESM entry, no declarations. Packages from node_modules stay
// imports (the frameworks' own bundles use dynamic requires an ESM bundle cannot carry); the private
// drop-in test support is TypeScript source, so it is bundled.
export default packageConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  dts: false,
  skipNodeModulesBundle: true,
  noExternal: ['@ctxkit/dropin-core'],
});
