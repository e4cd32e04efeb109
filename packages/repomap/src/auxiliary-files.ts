/**
 * Tests, examples, docs, benchmarks and vendored code, and type declarations: files that rarely hold
 * the code a task is about (their scores are scaled down, see AUXILIARY_FILE_MULTIPLIER and
 * DECLARATION_FILE_MULTIPLIER). An index keeps its files' flags among its facts (`index-facts.ts`).
 */

/**
 * Directories of tests, examples (also called demos and samples), docs and benchmarks. A demo app
 * uses the library's names as often as the library defines them (preact's `demo/` ranked above
 * `src/diff/` for a rendering bug).
 */
const AUXILIARY_DIRECTORY =
  /^(?:tests?|testing|__tests__|spec|specs|test_?utils|e2e|fixtures?|__fixtures__|examples?|demos?|samples?|docs?|documentation|benchmarks?|bench)$/;
/**
 * Directories of another project's code copied in (`vendor/`, `third_party/`, C's `deps/`): a task
 * about this project is rarely fixed there, yet their many definitions match its words.
 */
const VENDORED_DIRECTORY = /^(?:vendor|vendored|third[_-]?party|3rd[_-]?party|deps|external|extern)$/;

/** Whether `path` is a test, example, documentation, benchmark or vendored file rather than product code. */
export function isAuxiliaryPath(path: string): boolean {
  const segments = path.toLowerCase().split('/');
  const name = segments[segments.length - 1] ?? '';
  for (const directory of segments.slice(0, -1)) {
    if (AUXILIARY_DIRECTORY.test(directory) || VENDORED_DIRECTORY.test(directory)) return true;
  }
  return /^(?:test_.*|.*_test\.\w+|.*_tests\.\w+|.*\.(?:test|spec)\.\w+|conftest\.py|tests?\.\w+)$/.test(
    name,
  );
}

/** Whether `path` is a TypeScript declaration file (`x.d.ts`, `.d.cts`, `.d.mts`): types, no code. */
export function isDeclarationPath(path: string): boolean {
  return /\.d\.[cm]?ts$/i.test(path);
}
