/**
 * Matches path-like mentions of a task text (file paths, stack-trace frames, dotted module paths)
 * to the files of a tree by their trailing path segments, so `/site-packages/pkg/core.py` and
 * `pkg.core.Thing` both find `src/pkg/core.py`.
 */
import type { PathMention } from '../query.js';

/**
 * File names that stand for their directory in module paths (`pkg/__init__.py` is `pkg`,
 * `lib/index.ts` is `lib`, `src/mod.rs` is `src`).
 */
const DIRECTORY_MODULE_NAMES = new Set(['__init__', 'index', 'mod']);

/** A path's segments with the file extension removed: `pkg/__init__.py` → `pkg`, `__init__`. */
export function fileSegments(path: string): string[] {
  const segments = path.split('/');
  const last = segments.length - 1;
  const dot = segments[last]!.lastIndexOf('.');
  if (dot > 0) segments[last] = segments[last]!.slice(0, dot);
  return segments;
}

/** A path's module segments: extension removed, a trailing directory-module name dropped. */
export function moduleSegments(path: string): string[] {
  const segments = fileSegments(path);
  if (segments.length > 1 && DIRECTORY_MODULE_NAMES.has(segments[segments.length - 1]!)) segments.pop();
  return segments;
}

/** Files indexed by the last of their segments. */
interface SegmentIndex {
  byLastSegment: Map<string, number[]>;
  segmentsOf: string[][];
}

function indexSegments(paths: readonly string[], split: (path: string) => string[]): SegmentIndex {
  const byLastSegment = new Map<string, number[]>();
  const segmentsOf: string[][] = [];
  paths.forEach((path, index) => {
    const segments = split(path);
    segmentsOf.push(segments);
    const last = segments[segments.length - 1]!;
    const list = byLastSegment.get(last);
    if (list) list.push(index);
    else byLastSegment.set(last, [index]);
  });
  return { byLastSegment, segmentsOf };
}

function commonSuffixLength(left: readonly string[], right: readonly string[]): number {
  let length = 0;
  while (
    length < left.length &&
    length < right.length &&
    left[left.length - 1 - length] === right[right.length - 1 - length]
  ) {
    length++;
  }
  return length;
}

/**
 * For every file some mention names, how many mentions name it; a mention that names several files
 * equally well is shared among them. `paths` are the tree's relative paths; keys index into it.
 */
export function matchPathMentions(
  paths: readonly string[],
  mentions: readonly PathMention[],
): Map<number, number> {
  const weights = new Map<number, number>();
  if (mentions.length === 0) return weights;
  // Module paths (`pkg.core`, `src/pkg`) name a package by its directory; a spelled-out file name
  // (`pkg/__init__.py`) names exactly that file.
  const modules = indexSegments(paths, moduleSegments);
  const filesByName = indexSegments(paths, fileSegments);

  const credit = (files: number[]) => {
    for (const file of files) weights.set(file, (weights.get(file) ?? 0) + 1 / files.length);
  };

  for (const mention of mentions) {
    if (mention.form === 'dotted') {
      // `pkg.module.Class.method`: the longest prefix (at least two parts) that is a module path wins.
      for (let length = mention.segments.length; length >= 2; length--) {
        const prefix = mention.segments.slice(0, length);
        const matched = (modules.byLastSegment.get(prefix[length - 1]!) ?? []).filter(
          (file) => commonSuffixLength(modules.segmentsOf[file]!, prefix) === length,
        );
        if (matched.length > 0) {
          credit(matched);
          break;
        }
      }
      continue;
    }
    const index = mention.hasExtension ? filesByName : modules;
    const segments = mention.hasExtension ? mention.segments : moduleSegments(mention.segments.join('/'));
    let best = 0;
    let matched: number[] = [];
    for (const file of index.byLastSegment.get(segments[segments.length - 1]!) ?? []) {
      const length = commonSuffixLength(index.segmentsOf[file]!, segments);
      if (length > best) {
        best = length;
        matched = [file];
      } else if (length === best) matched.push(file);
    }
    // Two matching segments, or the whole mention: a lone shared file name deep in someone else's
    // path (`/site-packages/other/utils.py`) says nothing about this tree's `utils.py`.
    const whole = best === segments.length && (mention.hasExtension || segments.length >= 2);
    if (best >= 2 || whole) credit(matched);
  }
  return weights;
}
