import { packageConfig } from '@ctxkit/tooling/tsup';

// Two ESM entries, no type declarations (nobody imports the CLI): dist/bin.js is the tiny executable
// that loads dist/cli.js dynamically, so a failed load is reported in one line, not a stack.
// Splitting keeps what only one command needs (the MCP server and its SDK and zod schemas) in its
// own chunk, loaded when that command runs rather than on every start.
export default packageConfig({
  entry: ['src/bin.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: false,
  splitting: true,
});
