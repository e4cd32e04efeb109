// The one build preset every package uses: ESM + CJS + .d.ts, Node 20, no minification so
// stack traces stay readable. A package that needs more entries passes them in.
import { defineConfig } from 'tsup';

/**
 * @param {Partial<import('tsup').Options>} [overrides]
 */
export function packageConfig(overrides = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    splitting: false,
    treeshake: true,
    // import.meta.url must keep working in the CJS build (lazy rank loading, bin paths).
    shims: true,
    ...overrides,
  });
}
