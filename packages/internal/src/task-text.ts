// A task as written on a tracker carries text nobody reads: GitHub and GitLab issue templates are
// HTML comments ("<!-- Thanks for submitting an issue! … -->"), hidden when rendered, full of
// words ("template", "allowed", "information", "version") that match code by accident. What a task
// is about is read without them. Fenced code blocks are kept whole: a comment there is the
// reporter's own input (an XML or HTML snippet).

const OPEN = '<!--';
const CLOSE = '-->';
const FENCE = '```';

/**
 * `text` with its closed HTML comments outside fenced code blocks replaced by a space. An unclosed
 * comment is kept (it may be prose about `<!--`). Linear in the text's length.
 */
export function withoutHtmlComments(text: string): string {
  if (!text.includes(OPEN)) return text;
  let out = '';
  let at = 0;
  // Next positions found so far, searched again only once passed: each search is done once.
  let open = text.indexOf(OPEN);
  let fence = text.indexOf(FENCE);
  while (open >= 0) {
    if (fence >= 0 && fence < open) {
      const close = text.indexOf(FENCE, fence + FENCE.length);
      const end = close < 0 ? text.length : close + FENCE.length;
      out += text.slice(at, end);
      at = end;
    } else {
      const close = text.indexOf(CLOSE, open + OPEN.length);
      if (close < 0) break;
      out += `${text.slice(at, open)} `;
      at = close + CLOSE.length;
    }
    if (open < at) open = text.indexOf(OPEN, at);
    if (fence >= 0 && fence < at) fence = text.indexOf(FENCE, at);
  }
  return out + text.slice(at);
}

// An issue template often asks for the reporter's environment, and the answer is a listing of
// installed packages (`pip list`, `pip freeze`, `conda list`, xarray's or scikit-learn's
// `show_versions()`): dozens of names (`attrs`, `packaging`, `six`, `py`) that match code by
// accident and say nothing of the task. One entry is a name and a dotted version (or `None`, for a
// package not installed), with anything after it (a build, a path).
const LISTING_ENTRY =
  /^\s*(?:[-*]\s+)?[A-Za-z][\w.+\-[\]]*(?:\s*(?:==|=|:|@)\s*|\s+)(?:v?\d+(?:\.[\w+!-]+)+|None)(?:\s|,|$)/;
// Lines a listing may hold between its entries without ending: blank lines, table rules
// (`---- ----`) and one-word facts (`OS: Linux`, `python-bits: 64`).
const LISTING_FILLER = /^\s*(?:[-=|+:\s]*|[\w.-]+:\s*\S+\s*)$/;
// Fewer entries than this in a row are a sentence or two about versions, kept as written.
const MIN_LISTING_ENTRIES = 5;
// A longer line is not a listing entry (and is never matched, so a pasted megabyte stays linear).
const MAX_LISTING_LINE = 300;

/**
 * `text` with the entries of its package listings (at least `MIN_LISTING_ENTRIES` lines of a
 * name and a version in a row, see `LISTING_ENTRY`) replaced by empty lines, so every other line
 * keeps its number. Headers and filler lines between entries are kept. Linear in the text's length.
 */
export function withoutVersionListings(text: string): string {
  const lines = text.split('\n');
  let run: number[] = [];
  let changed = false;
  const close = () => {
    if (run.length >= MIN_LISTING_ENTRIES) {
      for (const index of run) lines[index] = '';
      changed = true;
    }
    run = [];
  };
  lines.forEach((line, index) => {
    if (line.length > MAX_LISTING_LINE) close();
    else if (LISTING_ENTRY.test(line)) run.push(index);
    else if (!LISTING_FILLER.test(line)) close();
  });
  close();
  return changed ? lines.join('\n') : text;
}

/**
 * A task as the ranking and the excerpts read its words: without what an issue template adds and
 * nobody reads for this task, its hidden comments and the package listing it asks for (see
 * {@link withoutHtmlComments} and {@link withoutVersionListings}). One place, so both readers
 * leave out the same text.
 */
export function withoutTemplateText(task: string): string {
  return withoutVersionListings(withoutHtmlComments(task));
}

// A web address: up to whitespace or a closing bracket or quote (`[text](url)`, `<url>`, `"url"`).
const WEB_ADDRESS = /\bhttps?:\/\/[^\s)\]>'"`]+/g;

/**
 * Start and end offsets of the task's first non-blank line: an issue's title, a user's one-line
 * request — what the task is about in the fewest words. `[0, 0]` for a blank task.
 */
export function titleRange(text: string): [number, number] {
  const start = text.search(/\S/);
  if (start < 0) return [0, 0];
  const end = text.indexOf('\n', start);
  return [start, end < 0 ? text.length : end];
}

/**
 * `text` with each web address's host and path replaced by its query string's words. The host and
 * path name a web page (`github.com/org/repo/issues/12`, a docs page), not code, and as words they
 * match every line that names the project or links the same site; the query's parameter names
 * (`?show_icons=true&hide=prs`) are often the option names the code reads. Readers that want the
 * paths a link names (a `blob/…/file.rs#L80` link) read the original text.
 */
export function withoutWebAddresses(text: string): string {
  return text.replace(WEB_ADDRESS, (address) => {
    const query = /\?([^#]*)/.exec(address)?.[1];
    return query === undefined ? ' ' : ` ${query.replace(/[=&]/g, ' ')} `;
  });
}

/**
 * `text` with each web address's query string removed, its host, path and fragment kept. A path in
 * a query names a file of the linked site, not of this repository (a sandbox's
 * `codesandbox.io/s/demo?file=/src/index.js:152` is its own `src/index.js`), while a link's own
 * path does (`…/blob/main/src/a.rs?plain=1#L8` still points at `src/a.rs`, line 8).
 */
export function withoutLinkQueries(text: string): string {
  // Every address is matched whole and cut in the callback: a pattern that must find a `?` would
  // rescan the rest of a long `https://https://…` run from each of its starts.
  return text.replace(WEB_ADDRESS, (address) => {
    const hash = address.indexOf('#');
    const queryEnd = hash === -1 ? address.length : hash;
    const query = address.indexOf('?');
    return query === -1 || query > queryEnd ? address : address.slice(0, query) + address.slice(queryEnd);
  });
}

/**
 * Ranges of `text` inside fenced code blocks or backticks, as [start, end) pairs in order: what the
 * author marked as code. An unclosed fence runs to the end of the text.
 */
export function codeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const pattern = /```[\s\S]*?(?:```|$)|`[^`\n]+`/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

// A kebab-case compound: lower-case words joined by hyphens, maybe a `--flag`. Not inside a longer
// hyphenated or underscored run, so one run is one compound and the scan stays linear.
const KEBAB_COMPOUND = /(?<![\w-])(--?)?([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?![\w-])/g;

/**
 * A hyphenated word of prose (`built-in`, `well-known`, `opt-in`) has two parts and names nothing;
 * a compound of at least this many parts (`yield-in-for-loop`) is a name even outside code.
 */
export const KEBAB_MIN_PROSE_PARTS = 3;

/** Longer compounds are pasted data, not names (the same bound as a task word's). */
const MAX_KEBAB_LENGTH = 256;

/** `part` with its first letter upper-cased. */
function capital(part: string): string {
  return part.charAt(0).toUpperCase() + part.slice(1);
}

/** A kebab-case compound of a task, spelled as code would spell it. */
export interface KebabName {
  /** The compound as written, without a flag's dashes (`max-files`). */
  compound: string;
  /** Written inside backticks or a fenced code block. */
  inCode: boolean;
  /** `max_files`, `maxFiles`, `MaxFiles`: the spellings code gives the same words. */
  spellings: [snake: string, camel: string, pascal: string];
}

/**
 * The kebab-case compounds of `text` that name code in another spelling: a rule's id
 * (`yield-in-for-loop` → `YieldInForLoop`), a flag (`--max-files` → `maxFiles`, `max_files`), a
 * configuration key. Only compounds written as a flag, as code, or of at least
 * {@link KEBAB_MIN_PROSE_PARTS} parts count. Linear in the text's length.
 */
export function kebabNames(text: string): KebabName[] {
  const ranges = codeRanges(text);
  const names: KebabName[] = [];
  let range = 0;
  for (const match of text.matchAll(KEBAB_COMPOUND)) {
    const compound = match[2]!;
    if (compound.length > MAX_KEBAB_LENGTH) continue;
    const index = match.index;
    while (range < ranges.length && ranges[range]![1] <= index) range++;
    const inCode = range < ranges.length && ranges[range]![0] <= index;
    const parts = compound.split('-');
    if (!inCode && match[1] === undefined && parts.length < KEBAB_MIN_PROSE_PARTS) continue;
    const tail = parts.slice(1).map(capital).join('');
    names.push({
      compound,
      inCode,
      spellings: [parts.join('_'), parts[0] + tail, capital(parts[0]!) + tail],
    });
  }
  return names;
}
