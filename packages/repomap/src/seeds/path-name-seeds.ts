/**
 * Path-name seeds: files whose basename or directory segment is a plain word of the task. A task
 * that says "the map command" or "the render step" names `commands/map.ts` or `render.ts` by its
 * file name, not by an identifier defined inside it, so neither the definition nor the vocabulary
 * signal sees it clearly. Pure: same paths and query, same weights.
 */
import type { QueryAnalysis } from '../query.js';
import { BASENAME_MATCH_WEIGHT } from '../ranking-policy.js';
import { wordPrefilter } from '../word-filter.js';

/** The lower-cased directory segments and basename (without its extensions) of a relative path. */
function pathNames(path: string): { directories: string[]; basename: string } {
  const segments = path.toLowerCase().split('/');
  const file = segments.pop() ?? '';
  const dot = file.indexOf('.', 1);
  return { directories: segments, basename: dot > 0 ? file.slice(0, dot) : file };
}

/**
 * Seed weight by file id for files whose basename or a directory segment equals one of the task's
 * subwords (already lower-cased, stop words and words shorter than three letters removed by
 * `analyzeQuery`) or one of its kebab-case compounds (`tokio-util/`, `valkey-cli.c`). Each match is
 * weighted by how rare that name is among the tree's paths (inverse document frequency over files
 * containing it as a segment), so `index`, `utils` or `test`, which
 * name many files, barely count while `map` in a tree with one `map.ts` counts fully.
 */
export function pathNameSeeds(paths: readonly string[], query: QueryAnalysis): Map<number, number> {
  const seeds = new Map<number, number>();
  if ((query.subwords.length === 0 && query.compounds.length === 0) || paths.length === 0) return seeds;
  // Plain words, and the task's kebab-case compounds for hyphenated names (`tokio-util/`).
  const wanted = new Map([...query.subwords, ...query.compounds]);
  // Only a path with a segment spelling a task word (before an extension) can match: one
  // case-insensitive pattern finds those few, and only they are split (the others count nowhere).
  const candidate = wordPrefilter(wanted.keys(), (alternation) => `(?:^|/)(?:${alternation})(?:[./]|$)`);
  const files: number[] = [];
  for (let file = 0; file < paths.length; file++) if (candidate.test(paths[file]!)) files.push(file);
  const names = new Map(files.map((file) => [file, pathNames(paths[file]!)]));
  // Document frequency of each wanted word as a path segment: a file counts once per word.
  const documentFrequency = new Map<string, number>();
  for (const { directories, basename } of names.values()) {
    const present = new Set<string>();
    for (const segment of [...directories, basename]) if (wanted.has(segment)) present.add(segment);
    for (const word of present) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  if (documentFrequency.size === 0) return seeds;
  names.forEach(({ directories, basename }, file) => {
    let score = 0;
    const matched = new Set<string>();
    if (wanted.has(basename)) matched.add(basename);
    for (const directory of directories) if (wanted.has(directory)) matched.add(directory);
    for (const word of [...matched].sort()) {
      const documents = documentFrequency.get(word)!;
      const idf = Math.log((paths.length + 1) / (documents + 0.5));
      if (idf <= 0) continue;
      const place = word === basename ? BASENAME_MATCH_WEIGHT : 1;
      score += place * idf * (1 + Math.log(wanted.get(word)!));
    }
    if (score > 0) seeds.set(file, score);
  });
  return seeds;
}
