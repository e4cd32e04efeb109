// The one build preset every package uses: ESM + CJS + .d.ts, Node 20, no minification so
// stack traces stay readable. A package that needs more entries passes them in.
import { defineConfig } from 'tsup';

// Private workspace packages every build bundles in (JavaScript and declarations), so a published
// package never depends on them at run time; a package adds its own (the drop-ins: dropin-core).
const BUNDLED = ['@ctxkit/internal'];

/**
 * @param {Partial<import('tsup').Options>} [overrides]
 */
export function packageConfig(overrides = {}) {
  const { noExternal = [], dts = true, ...rest } = overrides;
  const bundled = [...BUNDLED, ...noExternal];
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    // import.meta.url must keep working in the CJS build (lazy rank loading, bin paths).
    shims: true,
    ...rest,
    noExternal: bundled,
    dts:
      dts === false ? false : { ...(dts === true ? {} : dts), resolve: [...bundled, ...(dts.resolve ?? [])] },
  });
}
