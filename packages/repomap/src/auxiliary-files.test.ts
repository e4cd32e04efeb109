import { describe, expect, it } from 'vitest';
import { isAuxiliaryPath, isDeclarationPath } from './auxiliary-files.js';

describe('isAuxiliaryPath', () => {
  it('marks tests, examples, demos, samples, docs, benchmarks and vendored code', () => {
    for (const path of [
      'tests/test_api.py',
      'src/__tests__/render.js',
      'examples/basic/main.go',
      'demo/list.jsx',
      'demos/app.ts',
      'samples/hello/Main.java',
      'docs/conf.py',
      'bench/parse.rs',
      'third_party/zlib/inflate.c',
      'src/render.test.ts',
      'pkg/server_test.go',
      'conftest.py',
    ]) {
      expect(isAuxiliaryPath(path), path).toBe(true);
    }
  });

  it('leaves product code alone, whatever its name contains', () => {
    for (const path of [
      'src/diff/children.js',
      'src/demo_mode.rs',
      'lib/sample.rb',
      'src/testing_utils_are_here/not_a_dir.c',
      'pkg/contest/score.go',
    ]) {
      expect(isAuxiliaryPath(path), path).toBe(false);
    }
  });
});

describe('isDeclarationPath', () => {
  it('marks TypeScript declaration files only', () => {
    expect(isDeclarationPath('src/index.d.ts')).toBe(true);
    expect(isDeclarationPath('src/index.d.mts')).toBe(true);
    expect(isDeclarationPath('src/index.ts')).toBe(false);
  });
});
