// The places a task points at inside one file: the definition a stack-trace frame names or the line
// a `file:line` gives, a line the task quotes as code, a string literal holding a message the task
// quotes. Each is worth more than any count of names (see POINTER_WEIGHT).

import type { ExcerptDefinition } from './excerpt.js';
import { POINTER_WEIGHT } from './excerpt-views.js';
import { quotedMessageLines } from './quoted-messages.js';
import { type LinePointer, normalizeCodeLine, pathMatchLength, type TaskPointers } from './task-pointers.js';

// A quoted line or message found more often than this in a file is boilerplate there, not a place.
const MAX_QUOTED_LINE_MATCHES = 3;
// A frame naming a function defined several times in a file points at the few nearest its line.
const MAX_POINTED_DEFINITIONS = 3;
// Longer file lines are never compared with quoted lines (a quoted line is at most 400 characters).
const MAX_QUOTED_TEXT = 400;

/**
 * For each file (by index), the task's locations that name it. A location goes to the files whose
 * paths share the most trailing segments with it: `utils.py:12` names every `utils.py` equally,
 * `/site-packages/pkg/utils.py` only `pkg/utils.py` when that is planned.
 */
export function filesPointedAt(
  paths: readonly string[],
  locations: readonly LinePointer[],
): Map<number, LinePointer[]> {
  const byFile = new Map<number, LinePointer[]>();
  for (const location of locations) {
    let best = 0;
    let files: number[] = [];
    paths.forEach((path, index) => {
      const length = pathMatchLength(location.path, path);
      if (length === 0 || length < best) return;
      if (length > best) files = [];
      best = length;
      files.push(index);
    });
    for (const file of files) byFile.set(file, [...(byFile.get(file) ?? []), location]);
  }
  return byFile;
}

/**
 * The lines of one file the task points at, with their weight: the header of the definition a
 * frame names (its line number is a hint only, the task may describe another version), else the
 * line or range given; the lines that equal a quoted line of code; and the lines whose string
 * literals hold a message the task quotes.
 */
export function pointedLines(
  lines: readonly string[],
  definitions: readonly ExcerptDefinition[] | undefined,
  locations: readonly LinePointer[],
  pointers: TaskPointers,
  messageText: string,
): Map<number, number> {
  const pointed = new Map<number, number>();
  const point = (line: number, weight: number) => {
    if (line >= 1 && line <= lines.length) pointed.set(line, (pointed.get(line) ?? 0) + weight);
  };
  for (const location of locations) {
    const named =
      location.name === undefined
        ? []
        : (definitions ?? []).filter((definition) =>
            definition.name === ''
              ? // A header found without a scanner has no name: its line must spell the name.
                wordIn(lines[definition.line - 1] ?? '', location.name!)
              : lastNameSegment(definition.name) === location.name,
          );
    if (named.length > 0) {
      const target = location.line ?? 0;
      const nearest = [...named]
        .sort((a, b) => Math.abs(a.line - target) - Math.abs(b.line - target) || a.line - b.line)
        .slice(0, MAX_POINTED_DEFINITIONS);
      for (const definition of nearest) point(definition.line, POINTER_WEIGHT);
      continue;
    }
    if (location.line === undefined) continue;
    const end = location.endLine ?? location.line;
    // A range points at one place: its weight is shared, so a long range does not outweigh a frame.
    const weight = POINTER_WEIGHT / Math.sqrt(end - location.line + 1);
    for (let line = location.line; line <= end; line += 1) point(line, weight);
  }
  if (pointers.quotedLines.length > 0) {
    const quoted = new Set(pointers.quotedLines);
    const matches = new Map<string, number[]>();
    lines.forEach((text, index) => {
      if (text.length > 2 * MAX_QUOTED_TEXT) return;
      const normalized = normalizeCodeLine(text);
      if (!quoted.has(normalized)) return;
      matches.set(normalized, [...(matches.get(normalized) ?? []), index + 1]);
    });
    for (const found of matches.values()) {
      if (found.length > MAX_QUOTED_LINE_MATCHES) continue;
      for (const line of found) point(line, POINTER_WEIGHT);
    }
  }
  for (const found of quotedMessageLines(lines, messageText).values()) {
    if (found.length > MAX_QUOTED_LINE_MATCHES) continue;
    for (const line of found) point(line, POINTER_WEIGHT);
  }
  return pointed;
}

function wordIn(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + word.length] ?? '';
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
  }
  return false;
}

/** `Session.request`, `ns::parse`, `Type#method` → the name a frame would give. */
function lastNameSegment(name: string): string {
  const parts = name.split(/\.|::|#|\\|\//);
  return parts[parts.length - 1] ?? name;
}
