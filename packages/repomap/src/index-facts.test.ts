import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileScan } from './scan-file.js';
import { fromPortable, indexScans, toPortable } from './tree-index.js';

const POOL = ['alpha', 'Beta', 'gamma_delta', 'EpsilonZeta', 'eta'];

const scanArbitrary: fc.Arbitrary<FileScan> = fc
  .record({
    defined: fc.array(fc.constantFrom(...POOL), { maxLength: 4 }),
    referenced: fc.dictionary(fc.constantFrom(...POOL), fc.integer({ min: 1, max: 9 })),
  })
  .map(({ defined, referenced }) => {
    const names = Object.keys(referenced).sort();
    return {
      definitions: defined.map((name, line) => ({
        name,
        kind: 'function' as const,
        line: line + 1,
        signature: name,
      })),
      references: { names, counts: names.map((name) => referenced[name]!) },
    };
  });

const treeArbitrary = fc.uniqueArray(
  fc.record({
    path: fc.constantFrom('src/a.ts', 'src/b.test.ts', 'lib/c.d.ts', 'docs/d.py', 'e.go'),
    scan: scanArbitrary,
  }),
  { selector: (file) => file.path, maxLength: 5 },
);

/** The paths of name `id`'s files in a per-name facts column. */
const pathsAt = (paths: readonly string[], files: Int32Array, start: Int32Array, id: number) =>
  Array.from(files.subarray(start[id]!, start[id + 1]!), (file) => paths[file]);

describe('index facts', () => {
  it('say which files define and reference each name, as the scans do', () => {
    fc.assert(
      fc.property(treeArbitrary, (files) => {
        const index = indexScans(files);
        const { definers, postings } = index.facts;
        const scans = new Map<string, FileScan>(files.map((file) => [file.path, file.scan]));
        index.names.forEach((name, id) => {
          const defining = index.paths.filter((path) =>
            scans.get(path)!.definitions.some((d) => d.name === name),
          );
          expect(pathsAt(index.paths, definers.files, definers.start, id)).toEqual(defining);
          const using = index.paths.filter((path) => scans.get(path)!.references.names.includes(name));
          expect(pathsAt(index.paths, postings.files, postings.start, id)).toEqual(using);
          const counts = using.map((path) => {
            const { names, counts } = scans.get(path)!.references;
            return counts[names.indexOf(name)];
          });
          expect(Array.from(postings.counts.subarray(postings.start[id]!, postings.start[id + 1]!))).toEqual(
            counts,
          );
        });
      }),
    );
  });

  it('flag vendored code as auxiliary, and only whole directory names', () => {
    const scan: FileScan = { definitions: [], references: { names: [], counts: [] } };
    const paths = [
      'deps/hiredis/sds.c',
      'src/deps.c',
      'src/third_party/zlib/inflate.c',
      'src/vendored/six.py',
      'src/vendorize/core.py',
      'vendor/github.com/pkg/errors/errors.go',
    ];
    const index = indexScans(paths.map((path) => ({ path, scan })));
    expect(index.paths).toEqual(paths);
    expect([...index.facts.auxiliary]).toEqual([1, 0, 1, 1, 0, 1]);
  });

  it('flag test and declaration files and give each definition its file', () => {
    const scan = (name: string): FileScan => ({
      definitions: [{ name, kind: 'function', line: 1, signature: name }],
      references: { names: [], counts: [] },
    });
    const index = indexScans([
      { path: 'src/run.ts', scan: scan('run') },
      { path: 'src/run.test.ts', scan: scan('check') },
      { path: 'types/run.d.ts', scan: scan('Run') },
    ]);
    expect(index.paths).toEqual(['src/run.test.ts', 'src/run.ts', 'types/run.d.ts']);
    expect([...index.facts.auxiliary]).toEqual([1, 0, 0]);
    expect([...index.facts.declaration]).toEqual([0, 0, 1]);
    expect([...index.facts.definitionFiles]).toEqual([0, 1, 2]);
  });

  it('take a C or C++ function to be defined where its body is, not where a prototype declares it', () => {
    const file = (definitions: FileScan['definitions']): FileScan => ({
      definitions,
      references: { names: [], counts: [] },
    });
    const prototype = (name: string) => ({
      name,
      kind: 'function' as const,
      line: 1,
      signature: `${name}();`,
    });
    const body = (name: string) => ({
      name,
      kind: 'function' as const,
      line: 3,
      endLine: 9,
      signature: name,
    });
    const index = indexScans([
      // `server.h` declares three functions: `stream_new` has its body in `t_stream.c`, `only_declared`
      // has none anywhere, `py_helper`'s body is Python (not the C function the header declares).
      {
        path: 'src/server.h',
        scan: file([prototype('stream_new'), prototype('only_declared'), prototype('py_helper')]),
      },
      { path: 'src/t_stream.c', scan: file([prototype('stream_new'), body('stream_new')]) },
      { path: 'tools/helper.py', scan: file([body('py_helper')]) },
      // A struct and a prototype of one name: the struct still defines it.
      {
        path: 'src/types.h',
        scan: file([
          prototype('stream_new'),
          { name: 'stream_new', kind: 'struct', line: 5, signature: 's' },
        ]),
      },
      // Outside C and C++ a declaration without a body stays a definition (interfaces, `.d.ts`).
      { path: 'types/stream.d.ts', scan: file([prototype('stream_new')]) },
    ]);
    const definersOf = (name: string) =>
      pathsAt(index.paths, index.facts.definers.files, index.facts.definers.start, index.names.indexOf(name));
    expect(definersOf('stream_new')).toEqual(['src/t_stream.c', 'src/types.h', 'types/stream.d.ts']);
    expect(definersOf('only_declared')).toEqual(['src/server.h']);
    expect(definersOf('py_helper')).toEqual(['src/server.h', 'tools/helper.py']);
  });

  it('are computed once and kept by their own index only', () => {
    const files = [{ path: 'a.ts', scan: { definitions: [], references: { names: ['x'], counts: [2] } } }];
    const index = indexScans(files);
    const postings = index.facts.postings;
    expect(index.facts.postings).toBe(postings);
    expect(index.facts.pathVocabulary).toBe(index.facts.pathVocabulary);
    // Another index of the same files has facts of its own, equal in value.
    const again = indexScans(files);
    expect(again.facts.postings).not.toBe(postings);
    expect(again.facts.postings).toEqual(postings);
  });

  it('stay behind when an index is posted to another thread, and are made afresh there', () => {
    const index = indexScans([
      { path: 'a.ts', scan: { definitions: [], references: { names: ['x'], counts: [2] } } },
    ]);
    const { definers } = index.facts;
    const { portable } = toPortable(index);
    expect(Object.keys(portable)).not.toContain('facts');
    const received = fromPortable(structuredClone(portable));
    expect(received.facts).not.toBe(index.facts);
    expect(received.facts.definers).toEqual(definers);
  });
});
