// `pnpm bench scan [--lang L]... [--root DIR]... [--rounds N] [--max-files N] [--examples N] [--top N]`: the repo-map
// scanners against universal-ctags on real source trees — recall and precision of definitions
// (matched by path, name and line), the top disagreement categories with examples, and scanning
// speed (MB/s, one thread, same files, same run). Files are read and scanned one at a time. Then
// what a user waits for: a cold `ctxkit symbols` process against `ctags -R` (scan-process.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { compareStrings } from '@ctxkit/internal';
import { type Definition, type Language, languageForPath, scanSource } from '@ctxkit/repomap';
import { CLI_BIN, percent } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { BENCH_ROOT, writeResults } from '../results.js';
import { type ProcessTimes, timeProcesses } from './scan-process.js';

const CTAGS = '/usr/bin/ctags';
/** Files above this size are left out on both sides, like the repo map's default limit. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Accuracy and speed targets from the issue: ≥ 95 % each way, at least ctags' MB/s. */
const TARGET_AGREEMENT = 0.95;
const TARGET_SPEED_RATIO = 1;
const WORKSPACE_ROOT = resolve(BENCH_ROOT, '..', '..');

/** One language's corpus and how ctags' kinds line up with ours. */
interface LanguageSetup {
  language: Language;
  /** ctags' parser name (`--languages=`). */
  ctagsLanguage: string;
  /** Default trees, first existing ones win; `--root` replaces them. */
  defaultRoots: () => string[];
  /** Which files under a root belong to the corpus (beyond the extension). */
  accept?: (path: string) => boolean;
  /** ctags kinds (long names) that correspond to kinds our scanner claims. */
  claimedKinds: ReadonlySet<string>;
  /**
   * Whether definitions inside function bodies count. Only the Python scanner reports nested
   * functions and classes; elsewhere ctags' locals inside bodies are out of scope on both sides.
   */
  nestedInFunctions: boolean;
  /**
   * A sanity check of a ctags tag against its source line; tags failing it are ctags errors,
   * counted and listed apart instead of as misses.
   */
  plausible?: (tag: CtagsTag, line: string) => string | undefined;
  /** Whether {@link plausible}'s line test also confirms our extras (a real declaration test for TS/JS). */
  verifiesExtras?: boolean;
  /** A content test a corpus file must also pass (reads the file while listing). */
  acceptText?: (text: string) => boolean;
  /** Extra ctags arguments (e.g. kinds off by default that we claim). */
  ctagsArguments?: string[];
  /** Other scanner languages whose files belong to this corpus (C++ headers named `.h`). */
  alsoLanguages?: Language[];
  /** Our kinds ctags' parser never emits: counted apart, outside precision. */
  uncomparedKinds?: ReadonlySet<string>;
  /** Disagreement categories examined by hand where the scanner is right, with the reason. */
  notes: Record<string, string>;
}

function firstExisting(candidates: string[]): string[] {
  const found = candidates.find((candidate) => existsSync(candidate));
  return found ? [found] : [];
}

/** Every `<dir>/<entry>/<suffix>` that exists, for version-numbered install directories. */
function globOne(dir: string, prefix: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => join(dir, name, suffix))
    .filter((path) => existsSync(path));
}

/** `node_modules/.pnpm/<id>/node_modules/<package>/<sub>` for every installed package that has it. */
function pnpmPackageDirs(sub: string): string[] {
  const store = join(WORKSPACE_ROOT, 'node_modules', '.pnpm');
  if (!existsSync(store)) return [];
  const dirs: string[] = [];
  for (const id of readdirSync(store).sort()) {
    const modules = join(store, id, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules).sort()) {
      const candidates = name.startsWith('@')
        ? readdirSync(join(modules, name))
            .sort()
            .map((inner) => join(modules, name, inner, sub))
        : [join(modules, name, sub)];
      for (const candidate of candidates) {
        try {
          if (statSync(candidate).isDirectory()) dirs.push(candidate);
        } catch {
          // Not every package has the directory.
        }
      }
    }
  }
  return [...new Set(dirs)];
}

const SETUPS: Record<string, LanguageSetup> = {
  python: {
    language: 'python',
    ctagsLanguage: 'Python',
    defaultRoots: () => globOne('/usr/lib', 'python3.', '').slice(0, 1),
    accept: (path) => !path.includes('/site-packages/') && !path.includes('/dist-packages/'),
    claimedKinds: new Set(['class', 'function', 'member', 'variable']),
    nestedInFunctions: true,
    notes: {
      'extra variable':
        'mostly chained assignments `a = b = v` (ctags tags only `a`) and assignments that are the first statement of a `try:` block, which ctags skips',
      'extra constant': 'chained assignments `A = B = v` (ctags tags only the first target)',
      'extra field (member)': 'chained class attributes `a = b = v`: ctags tags only the first target',
      'missed function in member':
        'a lambda assigned to a local inside a method: a local, not a definition (ctags calls it a function)',
      'missed function in function': 'a lambda assigned to a local inside a function (as above)',
      'missed variable': 'includes a ctags bug: `else: path = …` on one line yields a variable named `else`',
    },
  },
  go: {
    language: 'go',
    ctagsLanguage: 'Go',
    defaultRoots: () =>
      firstExisting([
        ...globOne('/usr/share', 'go-', 'src'),
        ...globOne('/usr/lib', 'go-', 'src'),
        '/usr/local/go/src',
      ]),
    claimedKinds: new Set([
      'func',
      'type',
      'struct',
      'interface',
      'talias',
      'const',
      'var',
      'member',
      'methodSpec',
    ]),
    nestedInFunctions: false,
    notes: {
      'missed const in package':
        'the blank identifier `_` (not a definition), and a ctags bug: package qualifiers on continuation lines of a const expression (`ir` in `ir.Nointerface |\n ir.Noescape`) tagged as constants',
      'missed member in struct':
        'embedded types (`struct{ node }`): ctags tags them as members only when the struct is on one line',
      'missed var in package': 'includes ctags bugs: package qualifiers on continuation lines tagged as vars',
      'extra field (member)':
        'fields of generic structs (`type Pair[T1 interface{ M() }, T2 ~int] struct`): ctags 5.9 predates Go generics and loses the body',
      'extra method (member)':
        'interface methods in invalid-syntax test data (cmd/compile/internal/syntax/testdata)',
      'extra variable':
        'vars after a multi-line func-literal value or a `(*T)(nil)` conversion in a var group, which ctags loses track of',
    },
  },
  rust: {
    language: 'rust',
    ctagsLanguage: 'Rust',
    defaultRoots: () =>
      firstExisting([
        ...globOne('/usr/src', 'rustc-', 'library'),
        ...globOne(
          join(process.env.HOME ?? '/root', '.rustup', 'toolchains'),
          '',
          'lib/rustlib/src/rust/library',
        ),
      ]),
    claimedKinds: new Set([
      'function',
      'method',
      'struct',
      'enum',
      'interface',
      'implementation',
      'module',
      'variable',
      'typedef',
      'macro',
      'field',
    ]),
    nestedInFunctions: false,
    uncomparedKinds: new Set(['constant']),
    notes: {
      'extra constant': "ctags' Rust parser does not tag `const` items (kept out of precision)",
      'missed variable':
        "ctags bugs: after `&'static T` in a const's type ctags tags `T` as a variable; statics inside `thread_local!` are macro input",
      'missed variable in interface':
        "ctags bug: `const PREFIX: &'static str;` yields a variable named `str`",
      'missed variable in implementation': "as above (`&'static str` in an associated const)",
      'extra function':
        'ctags loses the rest of a file after some macro calls with named arguments (`format!("{foo}", foo = …)`) or `<<T as Trait>::Assoc>`',
      'extra method (member)':
        'ctags loses the rest of a file after `<<T as Pointee>::Metadata>` (parsed as a shift)',
      'extra impl': 'as above: ctags stops tagging after `<<T as Trait>::Assoc>`',
    },
  },
  java: {
    language: 'java',
    ctagsLanguage: 'Java',
    defaultRoots: () => firstExisting(['/tmp/jdk-src']),
    claimedKinds: new Set(['class', 'interface', 'enum', 'annotation', 'method', 'field', 'enumConstant']),
    nestedInFunctions: false,
    notes: {
      'missed enumConstant in enum':
        'ctags bug: an annotation on an enum constant (`@SuppressWarnings(…) NAME(…)`) is tagged as a constant',
      'missed field in annotation':
        'ctags bug: the value after `default` in an annotation element (`boolean forRemoval() default false;`)',
      'missed interface': 'ctags bug: the last type in a multi-line `permits` list is tagged as an interface',
      'extra class (member)':
        'records declared with modifiers (`static record R(…)`), which ctags 5.9 does not know',
      'extra method (member)': 'members of those records',
      'extra constructor (member)': 'constructors of those records',
      'extra interface': 'a `sealed interface … permits …` ctags mis-tags (see above)',
    },
  },
  typescript: {
    language: 'typescript',
    ctagsLanguage: 'TypeScript',
    defaultRoots: () => [...pnpmPackageDirs('src'), ...pnpmPackageDirs('lib')],
    accept: (path) => !path.includes('/node_modules/typescript/lib/') || /\/lib\.[^/]*\.d\.ts$/.test(path),
    claimedKinds: new Set([
      'class',
      'interface',
      'enum',
      'function',
      'generator',
      'method',
      'namespace',
      'alias',
      'constant',
      'variable',
      'property',
    ]),
    nestedInFunctions: false,
    plausible: isPlausibleScriptTag,
    verifiesExtras: true,
    notes: {
      'extra method (member)':
        'ctags misses `static` methods with type-predicate returns (`static isInstance(e): e is X`) and many `private` methods',
      'extra field (member)':
        'ctags misses optional/definite fields (`readonly cause?: T`, `_type!: T`), quoted names and constructor parameter properties',
      'extra property (member)': 'quoted member names (`"~standard": …`), which ctags skips',
      'extra function':
        'overload signatures (ctags tags one) and functions whose names start with `$` or `_`',
      'extra namespace (member)':
        'nested namespaces (`namespace A { namespace B {`), which ctags does not tag',
      'extra type': 'aliases after a `declare const X: readonly [...]`, which derails ctags',
      'extra interface': 'interfaces named with `$` (`$ZodString`) and after constructs that derail ctags',
      'extra class': '`declare class` in .d.ts files, which ctags does not tag',
      'extra constant': '`declare const` in .d.ts files and consts whose value starts on the next line',
    },
  },
  c: {
    language: 'c',
    ctagsLanguage: 'C',
    ctagsArguments: ['--kinds-C=+p'],
    defaultRoots: () => firstExisting(['/usr/include']),
    accept: (path) => !path.includes('/c++/'),
    // C++ headers named `.h` (LLVM, gmpxx, …) belong to the C++ comparison, not ctags' C parser.
    acceptText: (text) => !LOOKS_LIKE_CPP.test(text),
    plausible: isPlausibleCTag,
    claimedKinds: new Set([
      'function',
      'prototype',
      'struct',
      'union',
      'enum',
      'typedef',
      'member',
      'variable',
      'macro',
      'enumerator',
    ]),
    nestedInFunctions: false,
    notes: {},
  },
  cpp: {
    language: 'cpp',
    ctagsLanguage: 'C++',
    ctagsArguments: ['--kinds-C++=+p'],
    alsoLanguages: ['c'],
    defaultRoots: () => globOne('/usr/include/c++', '', '').slice(-1),
    plausible: isPlausibleCTag,
    claimedKinds: new Set([
      'function',
      'prototype',
      'class',
      'struct',
      'union',
      'enum',
      'typedef',
      'member',
      'variable',
      'macro',
      'enumerator',
      'namespace',
    ]),
    nestedInFunctions: false,
    notes: {},
  },
  ruby: {
    language: 'ruby',
    ctagsLanguage: 'Ruby',
    defaultRoots: () =>
      globOne('/usr/lib/ruby', '', '')
        .filter((path) => /\/\d+\.\d+\.\d+$/.test(path))
        .slice(-1),
    claimedKinds: new Set(['class', 'module', 'method', 'singletonMethod', 'constant', 'accessor']),
    nestedInFunctions: false,
    notes: {},
  },
  csharp: {
    language: 'csharp',
    ctagsLanguage: 'C#',
    // No C# tree ships with the OS: extract one (e.g. Newtonsoft.Json's Src/) here or pass --root.
    defaultRoots: () => firstExisting(['/tmp/csharp-corpus']),
    claimedKinds: new Set([
      'class',
      'struct',
      'interface',
      'enum',
      'enumerator',
      'method',
      'property',
      'field',
      'event',
      'namespace',
    ]),
    nestedInFunctions: false,
    notes: {
      'missed method in class':
        'explicit interface implementations: ctags names them `IEnumerable.GetEnumerator`, the scanner `GetEnumerator` (the name callers use)',
      'missed property in class': 'explicit interface properties, named as above',
      'extra method (member)':
        'ctags loses methods after nullable parameters (`object? o`) and some `async Task` signatures; checked by hand in Newtonsoft.Json',
      'extra property (member)': 'auto-properties of classes ctags lost (see above)',
      'extra class (member)': 'nested classes after constructs ctags lost (see above)',
      'extra constructor (member)': 'constructors of classes ctags lost (see above)',
    },
  },
  javascript: {
    language: 'javascript',
    ctagsLanguage: 'JavaScript',
    defaultRoots: () => pnpmPackageDirs('lib'),
    accept: (path) => !path.endsWith('.min.js'),
    claimedKinds: new Set([
      'class',
      'function',
      'generator',
      'method',
      'getter',
      'setter',
      'field',

      'constant',
      'variable',
    ]),
    nestedInFunctions: false,
    plausible: isPlausibleScriptTag,
    verifiesExtras: true,
    notes: {
      'missed method in class':
        'methods of object literals (`const api = { get() {} }`), which ctags treats as classes; the scanner claims class members only',
      'missed field in class': 'object-literal shorthand entries ctags files under a class',
    },
  },
};

/** Keywords that must precede a top-level TypeScript/JavaScript definition of each ctags kind. */
const DECLARING_KEYWORDS: Record<string, string> = {
  constant: 'const|let|var|enum',
  variable: 'const|let|var',
  alias: 'type',
  function: 'function\\s*\\*?',
  generator: 'function\\s*\\*',
  class: 'class',
  interface: 'interface',
  enum: 'enum',
  namespace: 'namespace|module',
};

/** Words ctags sometimes tags as members that can only be keywords there. */
const RESERVED_MEMBER_NAMES = new Set([
  'extends',
  'this',
  'as',
  'const',
  'in',
  'typeof',
  'keyof',
  'infer',
  'return',
  'new',
]);

/**
 * ctags' TypeScript/JavaScript parsers tag object-literal shorthand properties and re-exported names
 * (`export { type A }`) as top-level definitions, and words of generic signatures as members.
 * A top-level tag is plausible when its line declares the name with the kind's keyword; a member
 * tag when the name is not reserved and stands where a member name stands (before `?`, `!`, `:`,
 * `(`, `<`, `=`, `;` or the line end).
 */
function isPlausibleScriptTag(tag: CtagsTag, line: string): string | undefined {
  const name = tag.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const keywords = DECLARING_KEYWORDS[tag.kind];
  if (tag.scopeKind === undefined || tag.scopeKind === 'namespace') {
    if (keywords === undefined) return undefined;
    // `type A = …` or `type A<T> = …` (`export { type A }` re-exports are not aliases).
    const declares =
      tag.kind === 'alias'
        ? new RegExp(`\\btype\\s+${name}\\s*(<|=|$)`).test(line)
        : new RegExp(`\\b(${keywords})\\s+(\\w+\\s*,\\s*)*${name}\\b`).test(line);
    if (!declares) return `ctags error: no ${tag.kind} declared at its line (not counted)`;
    // A scopeless tag on an indented line sits in a block ctags does not scope: a callback
    // (`describe(() => { const x … })`), an expression-statement function body, an `if` block.
    if (tag.scopeKind === undefined && /^\s/.test(line)) {
      return `ctags local: indented ${tag.kind} with no enclosing scope (not counted)`;
    }
    return undefined;
  }
  if (RESERVED_MEMBER_NAMES.has(tag.name)) {
    return `ctags error: keyword tagged as a ${tag.kind} (not counted)`;
  }
  // ctags calls nested object literals (`KEY: { … }`) classes.
  if (tag.kind === 'class' && !/\bclass\b/.test(line))
    return 'ctags error: object literal tagged as a class (not counted)';
  if (!new RegExp(`(^|[^\\w$.])#?${name}\\s*([?!]|:|\\(|<|=|;|,|$)`).test(line)) {
    return `ctags error: no ${tag.kind} declared at its line (not counted)`;
  }
  return undefined;
}

/** Our kinds as the ctags kinds the line test knows. */
const CTAGS_KIND_OF: Record<string, string> = {
  function: 'function',
  class: 'class',
  interface: 'interface',
  enum: 'enum',
  namespace: 'namespace',
  type: 'alias',
  constant: 'constant',
  variable: 'variable',
};

/** One of our definitions in ctags' shape, for the line test; members test as members. */
function asCtagsTag(definition: Definition): CtagsTag {
  const tag: CtagsTag = {
    name: definition.name,
    line: definition.line,
    kind: CTAGS_KIND_OF[definition.kind] ?? 'property',
  };
  if (definition.scope !== undefined) tag.scopeKind = 'class';
  return tag;
}

/** ctags kinds whose bodies hold locals (definitions inside them are out of scope unless nested ones count). */
const FUNCTION_KINDS = new Set(['function', 'method', 'member', 'func', 'generator', 'getter', 'setter']);

/** Our kinds that are bodies in the same sense. */
const OUR_FUNCTION_KINDS = new Set(['function', 'method', 'constructor']);

interface CtagsTag {
  name: string;
  line: number;
  kind: string;
  end?: number;
  scopeKind?: string;
}

function isCorpusFile(path: string, setup: LanguageSetup): boolean {
  const language = languageForPath(path);
  if (language === undefined) return false;
  if (language !== setup.language && !setup.alsoLanguages?.includes(language)) return false;
  if (!(setup.accept?.(path) ?? true)) return false;
  if (!setup.acceptText) return true;
  try {
    return setup.acceptText(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
}

/** C++-only syntax at the start of a line: namespaces, templates, classes with bodies, `extern "C++"`. */
const LOOKS_LIKE_CPP = /^\s*(namespace\s+[\w:]*\s*\{|template\s*<|class\s+\w+[^;(]*\{|extern\s+"C\+\+")/m;

/** ctags names anonymous structs, unions and enums `__anon…`; no scanner can match a made-up name. */
function isPlausibleCTag(tag: CtagsTag): string | undefined {
  return tag.name.startsWith('__anon') ? `ctags placeholder: anonymous ${tag.kind} (not counted)` : undefined;
}

/** Sorted list of corpus files (by path, so runs are comparable), skipping symlinks and big files. */
function listFiles(
  roots: string[],
  setup: LanguageSetup,
  maxFiles: number,
): { path: string; bytes: number }[] {
  const files = new Map<string, number>();
  const seen = new Set<string>();
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (entry.isFile() && isCorpusFile(path, setup)) {
        const stats = statSync(path);
        // pnpm hard-links one package into several store entries: count each file once.
        const identity = `${stats.dev}:${stats.ino}`;
        if (stats.size <= MAX_FILE_BYTES && !seen.has(identity)) {
          seen.add(identity);
          files.set(path, stats.size);
        }
      }
    }
  }
  return [...files]
    .sort((a, b) => compareStrings(a[0], b[0]))
    .slice(0, maxFiles)
    .map(([path, bytes]) => ({ path, bytes }));
}

/** Runs ctags once over the file list (one process, one thread); tags grouped by path, and its wall time. */
function runCtags(
  files: string[],
  setup: LanguageSetup,
): { tags: Map<string, CtagsTag[]>; seconds: number; command: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ctxkit-scan-bench-'));
  try {
    const list = join(dir, 'files.txt');
    const output = join(dir, 'tags.json');
    writeFileSync(list, `${files.join('\n')}\n`);
    const args = [
      '--options=NONE',
      // Every listed file is of this language (by our extension map); ctags 5.9 maps fewer
      // extensions (no .mts/.cts/.pyi), so name the parser instead of letting it skip files.
      `--language-force=${setup.ctagsLanguage}`,
      ...(setup.ctagsArguments ?? []),
      '--output-format=json',
      '--fields=+nKSe',
      '--sort=no',
      '-f',
      output,
      '-L',
      list,
    ];
    const started = performance.now();
    const result = spawnSync(CTAGS, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0)
      throw new Error(`ctags failed (${result.status}): ${String(result.stderr).slice(0, 500)}`);
    const tags = new Map<string, CtagsTag[]>();
    for (const line of readFileSync(output, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      const tag = JSON.parse(line) as CtagsTag & { _type: string; path: string };
      if (tag._type !== 'tag') continue;
      let list = tags.get(tag.path);
      if (!list) {
        list = [];
        tags.set(tag.path, list);
      }
      const entry: CtagsTag = { name: tag.name, line: tag.line, kind: tag.kind };
      if (tag.end !== undefined) entry.end = tag.end;
      if (tag.scopeKind !== undefined) entry.scopeKind = tag.scopeKind;
      list.push(entry);
    }
    return { tags, seconds, command: `${CTAGS} ${args.join(' ').replace(dir, '$TMP')}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads and scans every file once, one at a time; the seconds that took. */
function timeScan(files: { path: string }[], language: Language): { seconds: number; definitions: number } {
  let definitions = 0;
  const started = performance.now();
  for (const file of files)
    definitions += scanSource(readFileSync(file.path, 'utf8'), language).definitions.length;
  return { seconds: (performance.now() - started) / 1000, definitions };
}

/** Whether `line` lies inside (after the first line of) one of the function-like ranges. */
function insideRanges(line: number, ranges: [number, number][]): boolean {
  for (const [start, end] of ranges) if (line > start && line <= end) return true;
  return false;
}

/** ctags and our names differ in small conventions; compare them in one form. */
function normalizeName(name: string): string {
  // `#private` fields (TS/JS) and `operator ==` (ctags spaces C++ operator names).
  return (name.startsWith('#') ? name.slice(1) : name).replace(/\s+/g, '');
}

interface Disagreement {
  count: number;
  examples: string[];
}

interface LanguageOutcome {
  language: Language;
  roots: string[];
  files: number;
  megabytes: number;
  ctagsCommand: string;
  ctagsClaimed: number;
  ours: number;
  /** Our definitions of kinds ctags' parser never emits (outside precision). */
  uncompared: number;
  /** ctags tags that fail the language's sanity check (ctags errors), outside recall. */
  implausible: number;
  matchedRecall: number;
  matchedPrecision: number;
  recall: number;
  precision: number;
  /** Precision counting extras in hand-checked categories (see notes) as right. */
  precisionWithNotes: number;
  ctagsSeconds: number;
  /** Our second pass over the files (steady state). */
  oursSeconds: number;
  /** Our first pass, JIT compiling as it goes. */
  oursColdSeconds: number;
  oursColdMegabytesPerSecond: number;
  coldSpeedRatio: number;
  /** Cold CLI process against ctags -R on the same roots, when the CLI is built (scan-process.ts). */
  process?: ProcessTimes;
  oursScanOnlySeconds: number;
  ctagsMegabytesPerSecond: number;
  oursMegabytesPerSecond: number;
  speedRatio: number;
  peakHeapMegabytes: number;
  missed: [string, Disagreement][];
  extra: [string, Disagreement][];
  notes: Record<string, string>;
}

function note(map: Map<string, Disagreement>, category: string, example: string, limit: number): void {
  let entry = map.get(category);
  if (!entry) {
    entry = { count: 0, examples: [] };
    map.set(category, entry);
  }
  entry.count++;
  if (entry.examples.length < limit) entry.examples.push(example);
}

function ourCategory(definition: Definition): string {
  return `${definition.kind}${definition.scope !== undefined ? ' (member)' : ''}`;
}

function measureLanguage(
  setup: LanguageSetup,
  roots: string[],
  maxFiles: number,
  exampleLimit: number,
  rounds: number,
): LanguageOutcome {
  const files = listFiles(roots, setup, maxFiles);
  if (files.length === 0)
    throw new Error(`no ${setup.language} files under ${roots.join(', ') || '(no default tree found)'}`);
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const ctags = runCtags(
    files.map((file) => file.path),
    setup,
  );

  // Speed: alternate ctags runs and our passes over the same files and keep the best of each, so
  // a noisy, shared machine penalizes neither side. Our first pass is also reported on its own:
  // it is cold (the JIT compiles as it goes), later ones are a long-running process's steady state.
  const paths = files.map((file) => file.path);
  const ctagsRuns = [ctags.seconds];
  const ourRuns = [timeScan(files, setup.language).seconds];
  for (let round = 1; round < rounds; round++) {
    ctagsRuns.push(runCtags(paths, setup).seconds);
    ourRuns.push(timeScan(files, setup.language).seconds);
  }
  const ctagsSeconds = Math.min(...ctagsRuns);
  const oursSeconds = Math.min(...ourRuns);
  const cold = { seconds: ourRuns[0]! };

  // Accuracy pass (scan-only time measured on the side).
  let scanOnlySeconds = 0;
  let ctagsClaimed = 0;
  let ours = 0;
  let matchedRecall = 0;
  let matchedPrecision = 0;
  let extrasNoted = 0;
  let uncompared = 0;
  let implausible = 0;
  let peakHeap = 0;
  const missed = new Map<string, Disagreement>();
  const extra = new Map<string, Disagreement>();
  for (const file of files) {
    const text = readFileSync(file.path, 'utf8');
    const scanStarted = performance.now();
    const result = scanSource(text, setup.language);
    scanOnlySeconds += (performance.now() - scanStarted) / 1000;
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);

    const tags = ctags.tags.get(file.path) ?? [];
    // Function bodies as either side sees them (ctags gives no end line for some languages).
    const bodies: [number, number][] = [
      ...tags
        .filter((tag) => FUNCTION_KINDS.has(tag.kind) && tag.end !== undefined)
        .map((tag): [number, number] => [tag.line, tag.end!]),
      ...result.definitions
        .filter((definition) => OUR_FUNCTION_KINDS.has(definition.kind) && definition.endLine !== undefined)
        .map((definition): [number, number] => [definition.line, definition.endLine!]),
    ];
    const allCtags = new Set(tags.map((tag) => `${normalizeName(tag.name)}\u0000${tag.line}`));
    const compared = result.definitions.filter(
      (definition) =>
        (setup.nestedInFunctions || !insideRanges(definition.line, bodies)) &&
        !setup.uncomparedKinds?.has(definition.kind),
    );
    uncompared += result.definitions.filter((definition) =>
      setup.uncomparedKinds?.has(definition.kind),
    ).length;
    const ourKeys = new Set(
      compared.map((definition) => `${normalizeName(definition.name)}\u0000${definition.line}`),
    );
    // Keys of ctags tags set aside as ctags errors: neutral on both sides.
    const setAside = new Set<string>();
    let lineStarts: number[] | undefined;
    const lineAt = (line: number): string => {
      if (!lineStarts) {
        lineStarts = [0];
        for (let position = text.indexOf('\n'); position >= 0; position = text.indexOf('\n', position + 1)) {
          lineStarts.push(position + 1);
        }
      }
      const start = lineStarts[line - 1] ?? text.length;
      const end = lineStarts[line] ?? text.length + 1;
      return text.slice(start, end - 1);
    };
    for (const tag of tags) {
      if (!setup.claimedKinds.has(tag.kind)) continue;
      if (
        !setup.nestedInFunctions &&
        (insideRanges(tag.line, bodies) || FUNCTION_KINDS.has(tag.scopeKind ?? ''))
      ) {
        continue;
      }
      const doubt = setup.plausible?.(tag, lineAt(tag.line));
      if (doubt !== undefined) {
        implausible++;
        setAside.add(`${normalizeName(tag.name)}\u0000${tag.line}`);
        note(missed, doubt, `${file.path}:${tag.line} ${tag.name}`, exampleLimit);
        continue;
      }
      ctagsClaimed++;
      if (ourKeys.has(`${normalizeName(tag.name)}\u0000${tag.line}`)) matchedRecall++;
      else {
        const category = `missed ${tag.kind}${tag.scopeKind ? ` in ${tag.scopeKind}` : ''}`;
        note(missed, category, `${file.path}:${tag.line} ${tag.name}`, exampleLimit);
      }
    }
    for (const definition of compared) {
      const key = `${normalizeName(definition.name)}\u0000${definition.line}`;
      if (setAside.has(key)) continue;
      ours++;
      if (allCtags.has(key)) matchedPrecision++;
      else {
        const category = `extra ${ourCategory(definition)}`;
        if (setup.verifiesExtras && setup.plausible) {
          // The same line test that sets ctags errors aside confirms the definition is declared there.
          if (setup.plausible(asCtagsTag(definition), lineAt(definition.line)) === undefined) extrasNoted++;
        } else if (setup.notes[category] !== undefined) {
          extrasNoted++;
        }
        note(extra, category, `${file.path}:${definition.line} ${definition.name}`, exampleLimit);
      }
    }
  }
  const megabytes = totalBytes / 1e6;
  const byCount = (a: [string, Disagreement], b: [string, Disagreement]) =>
    b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1);
  return {
    language: setup.language,
    roots,
    files: files.length,
    megabytes,
    ctagsCommand: ctags.command,
    ctagsClaimed,
    ours,
    uncompared,
    implausible,
    matchedRecall,
    matchedPrecision,
    recall: ctagsClaimed === 0 ? 1 : matchedRecall / ctagsClaimed,
    precision: ours === 0 ? 1 : matchedPrecision / ours,
    precisionWithNotes: ours === 0 ? 1 : (matchedPrecision + extrasNoted) / ours,
    ctagsSeconds,
    oursSeconds,
    oursColdSeconds: cold.seconds,
    oursColdMegabytesPerSecond: megabytes / cold.seconds,
    oursScanOnlySeconds: scanOnlySeconds,
    ctagsMegabytesPerSecond: megabytes / ctagsSeconds,
    oursMegabytesPerSecond: megabytes / oursSeconds,
    speedRatio: ctagsSeconds / oursSeconds,
    coldSpeedRatio: ctagsSeconds / cold.seconds,
    peakHeapMegabytes: peakHeap / 1e6,
    missed: [...missed].sort(byCount),
    extra: [...extra].sort(byCount),
    notes: setup.notes,
  };
}

function printOutcome(outcome: LanguageOutcome, topCategories: number): void {
  const out = process.stdout;
  out.write(
    `\n${outcome.language}: ${outcome.files} files, ${outcome.megabytes.toFixed(1)} MB under ${outcome.roots.length} root(s): ${outcome.roots.slice(0, 3).join(', ')}${outcome.roots.length > 3 ? ', …' : ''}\n`,
  );
  out.write(`  ctags: ${outcome.ctagsCommand}\n`);
  out.write(
    `  recall    ${percent(outcome.recall)} (${outcome.matchedRecall}/${outcome.ctagsClaimed} ctags definitions of claimed kinds${outcome.implausible > 0 ? `; ${outcome.implausible} implausible ctags tags set aside` : ''})\n`,
  );
  out.write(
    `  precision ${percent(outcome.precision)} (${outcome.matchedPrecision}/${outcome.ours} of ours found by ctags); counting extras in hand-checked categories or declared at their line (same line test) ${percent(outcome.precisionWithNotes)}${outcome.uncompared > 0 ? `; ${outcome.uncompared} more of kinds ctags never emits` : ''}\n`,
  );
  out.write(
    `  speed     ours ${outcome.oursMegabytesPerSecond.toFixed(1)} MB/s (read+scan, best pass; scan only ${(outcome.megabytes / outcome.oursScanOnlySeconds).toFixed(1)} MB/s; cold first pass ${outcome.oursColdMegabytesPerSecond.toFixed(1)} MB/s = ${outcome.coldSpeedRatio.toFixed(2)}x) vs ctags ${outcome.ctagsMegabytesPerSecond.toFixed(1)} MB/s (best run) => ${outcome.speedRatio.toFixed(2)}x\n`,
  );
  out.write(
    `  memory    bench heap peak ${outcome.peakHeapMegabytes.toFixed(0)} MB (includes all of ctags' tags held for comparison; files are read and scanned one at a time)\n`,
  );
  const print = (title: string, list: [string, Disagreement][]) => {
    if (list.length === 0) return;
    out.write(`  ${title}:\n`);
    for (const [category, { count, examples }] of list.slice(0, topCategories)) {
      out.write(`    ${String(count).padStart(6)}  ${category}\n`);
      const explanation = outcome.notes[category];
      if (explanation) out.write(`            note: ${explanation}\n`);
      for (const example of examples) out.write(`            e.g. ${example}\n`);
    }
  };
  print('ctags definitions we miss (top categories)', outcome.missed);
  print('our definitions ctags lacks (top categories)', outcome.extra);
}

async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      lang: { type: 'string', multiple: true },
      root: { type: 'string', multiple: true },
      'max-files': { type: 'string' },
      rounds: { type: 'string' },
      examples: { type: 'string' },
      top: { type: 'string' },
    },
    allowPositionals: false,
  });
  if (!existsSync(CTAGS)) {
    process.stderr.write(`scan: expected universal-ctags at ${CTAGS} (apt-get install universal-ctags)\n`);
    return 2;
  }
  const languages = (values.lang ?? Object.keys(SETUPS))
    .flatMap((value) => value.split(','))
    .filter((value) => value.length > 0);
  for (const language of languages) {
    if (!SETUPS[language]) {
      process.stderr.write(
        `scan: unknown --lang "${language}"; expected one of ${Object.keys(SETUPS).join(', ')}\n`,
      );
      return 2;
    }
  }
  if (values.root && languages.length !== 1) {
    process.stderr.write(
      'scan: --root needs exactly one --lang (the roots replace that language’s default trees)\n',
    );
    return 2;
  }
  const maxFiles = values['max-files'] ? Number.parseInt(values['max-files'], 10) : Number.POSITIVE_INFINITY;
  const rounds = Math.max(1, values.rounds ? Number.parseInt(values.rounds, 10) : 3);
  const exampleLimit = values.examples ? Number.parseInt(values.examples, 10) : 3;
  const topCategories = values.top ? Number.parseInt(values.top, 10) : 8;

  const outcomes: LanguageOutcome[] = [];
  for (const language of languages) {
    const setup = SETUPS[language]!;
    const roots = values.root ? values.root.map((root) => resolve(root)) : setup.defaultRoots();
    if (roots.length === 0) {
      process.stderr.write(`scan: no default ${language} tree found; pass --lang ${language} --root DIR\n`);
      continue;
    }
    process.stdout.write(
      `\n[${language}] load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores\n`,
    );
    const outcome = measureLanguage(setup, roots, maxFiles, exampleLimit, rounds);
    printOutcome(outcome, topCategories);
    if (existsSync(CLI_BIN)) {
      const times = timeProcesses(CTAGS, roots, rounds);
      outcome.process = times;
      process.stdout.write(
        `  process   cold \`ctxkit symbols\` ${times.oursSeconds.toFixed(2)} s vs ctags -R ${times.ctagsSeconds.toFixed(2)} s (best of ${rounds}, all files under the roots) => ${(times.ctagsSeconds / times.oursSeconds).toFixed(2)}x\n    ${times.commands.ours}\n    ${times.commands.ctags}\n`,
      );
    } else {
      process.stdout.write(
        `  process   not measured: the CLI is not built (${CLI_BIN}); run pnpm build first\n`,
      );
    }
    outcomes.push(outcome);
  }
  if (outcomes.length === 0) return 1;

  const rows = outcomes.map((outcome) => [
    outcome.language,
    outcome.files,
    outcome.megabytes.toFixed(1),
    percent(outcome.recall),
    percent(outcome.precision),
    outcome.oursMegabytesPerSecond.toFixed(1),
    outcome.ctagsMegabytesPerSecond.toFixed(1),
    `${outcome.speedRatio.toFixed(2)}x`,
    outcome.oursColdMegabytesPerSecond.toFixed(1),
    `${outcome.coldSpeedRatio.toFixed(2)}x`,
    outcome.process ? `${(outcome.process.ctagsSeconds / outcome.process.oursSeconds).toFixed(2)}x` : '-',
  ]);
  process.stdout.write(
    '\nlanguage    files     MB   recall  precision  ours MB/s  ctags MB/s  speed  cold MB/s  cold speed  process speed\n',
  );
  for (const row of rows) {
    process.stdout.write(
      `${String(row[0]).padEnd(10)} ${String(row[1]).padStart(6)} ${String(row[2]).padStart(6)} ${String(row[3]).padStart(8)} ${String(row[4]).padStart(10)} ${String(row[5]).padStart(10)} ${String(row[6]).padStart(11)} ${String(row[7]).padStart(6)} ${String(row[8]).padStart(10)} ${String(row[9]).padStart(11)} ${String(row[10]).padStart(14)}\n`,
    );
  }
  // Per language: which targets it misses (precision counts hand-checked or line-verified extras).
  const misses = outcomes.flatMap((outcome) => {
    const missed: string[] = [];
    if (outcome.recall < TARGET_AGREEMENT) missed.push(`recall ${percent(outcome.recall)}`);
    if (outcome.precisionWithNotes < TARGET_AGREEMENT)
      missed.push(`precision ${percent(outcome.precisionWithNotes)}`);
    if (outcome.speedRatio < TARGET_SPEED_RATIO) missed.push(`speed ${outcome.speedRatio.toFixed(2)}x`);
    const processRatio = outcome.process
      ? outcome.process.ctagsSeconds / outcome.process.oursSeconds
      : undefined;
    if (processRatio !== undefined && processRatio < TARGET_SPEED_RATIO)
      missed.push(`process speed ${processRatio.toFixed(2)}x`);
    return missed.length > 0 ? [`${outcome.language} (${missed.join(', ')})`] : [];
  });
  process.stdout.write(
    `targets (recall and precision >= ${percent(TARGET_AGREEMENT)}, speed and process speed >= ${TARGET_SPEED_RATIO}x ctags): ${misses.length === 0 ? 'met' : `NOT met by ${misses.join('; ')}`}\n`,
  );

  const report: ReportSection = {
    title: 'Scanners vs universal-ctags',
    headline: outcomes.map((outcome) => ({
      label: outcome.language,
      value: `recall ${percent(outcome.recall)}, precision ${percent(outcome.precision)}, ${outcome.speedRatio.toFixed(2)}x ctags speed`,
    })),
    tables: [
      {
        title:
          'Definitions matched by (path, name, line); speed on the same files in the same run, one thread',
        columns: [
          'language',
          'files',
          'MB',
          'recall',
          'precision',
          'ours MB/s',
          'ctags MB/s',
          'speed',
          'cold MB/s',
          'cold speed',
          'process speed',
        ],
        rows,
      },
    ],
    charts: [
      {
        kind: 'bar',
        title: 'Scanning speed',
        unit: 'MB/s',
        categories: outcomes.map((outcome) => outcome.language),
        series: [
          { name: 'ctxkit scanners', values: outcomes.map((outcome) => outcome.oursMegabytesPerSecond) },
          { name: 'universal-ctags', values: outcomes.map((outcome) => outcome.ctagsMegabytesPerSecond) },
        ],
      },
    ],
  };
  const path = writeResults({ bench: 'scan', machine: machineInfo(), report, languages: outcomes });
  process.stdout.write(`results: ${path}\n`);
  return 0;
}

/** The scanner accuracy and speed bench. */
export const scanBench: Bench = {
  description:
    'Scanner definitions vs universal-ctags (recall, precision, disagreements) and MB/s on real trees',
  run,
};
