import { packageConfig } from '@ctxkit/tooling/tsup';

// A second entry so `@ctxkit/tokenize/estimate` carries nothing but the chars/4 estimate; a third
// for the build step that prebuilds the rank tables into dist/ranks (see src/write-rank-files.ts).
export default packageConfig({
  entry: ['src/index.ts', 'src/estimate.ts', 'src/write-rank-files.ts'],
  onSuccess: 'node -e "import(\'./dist/write-rank-files.js\').then((m) => m.writeRankFiles())"',
});
