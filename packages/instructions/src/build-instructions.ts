import { compareStrings, failType } from '@ctxkit/internal';
import { escapeControls } from '@ctxkit/tokenize';
import { checkByteBudget, checkObject, checkPathList } from './check-options.js';
import { parseFrontMatter } from './front-matter.js';
import {
  classifyInstructionPath,
  compareInstructionPaths,
  normalizeRelativePath,
} from './instruction-files.js';
import { parseGlobList, splitSections } from './markdown-sections.js';
import { decideGate } from './path-gating.js';
import { byteLength, fitSections } from './truncate.js';
import type {
  BuildInstructionsOptions,
  DroppedSection,
  InstructionProblem,
  InstructionSource,
  InstructionsResult,
  KeptSection,
  LoadedInstructionFile,
} from './types.js';

/** Default byte budget of the whole instructions text. */
export const DEFAULT_MAX_TOTAL_BYTES = 12_000;
/** Default byte budget of one file's content: no single file may crowd out the others. */
export const DEFAULT_MAX_FILE_BYTES = 4_000;

/** The line that opens one file's block in the rendered text. */
export function renderOpeningTag(path: string): string {
  return `<instructions source="${escapeAttribute(path)}">\n`;
}

// A path is data: `a"b<c>.md` must not end the attribute or open a tag, nor a newline end the line.
// Control characters are escaped as everywhere in ctxkit (`escapeControls`), then XML's four.
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
};

function escapeAttribute(value: string): string {
  return escapeControls(value).replace(/[&"<>]/g, (character) => ATTRIBUTE_ESCAPES[character] ?? character);
}
/** The line that closes one file's block. */
export const CLOSING_TAG = '</instructions>\n';
/** Between two file blocks. */
const BLOCK_SEPARATOR = '\n';

/** The visible line left where a file was cut, naming what is missing and which budget cut it. */
export function renderTruncationMarker(
  path: string,
  omittedSections: number,
  omittedBytes: number,
  budgetName: string,
): string {
  const sections = omittedSections === 1 ? '1 section' : `${omittedSections} sections`;
  return `[ctxkit: truncated ${escapeControls(path)} here; ${sections} (${omittedBytes} bytes) left out by the ${budgetName}]\n`;
}

/**
 * The pure core of instruction loading: order, de-duplicate, gate, budget and render sources
 * that were already read. Same sources and options (in any order) give the same result.
 */
export function buildInstructions(
  sources: readonly InstructionSource[],
  options: BuildInstructionsOptions = {},
): InstructionsResult {
  checkBuildOptions('buildInstructions', options);
  checkSources(sources);
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const scope = [...new Set((options.scope ?? []).map(normalizeRelativePath))].sort();
  const files: LoadedInstructionFile[] = [];
  const kept: KeptSection[] = [];
  const dropped: DroppedSection[] = [];
  const problems: InstructionProblem[] = [];
  const blocks: string[] = [];
  let usedBytes = 0;

  for (const source of deduplicate(sources, dropped)) {
    const { path } = source;
    const kind = classifyInstructionPath(path);
    const frontMatter = parseFrontMatter(source.text);
    if (frontMatter.problem) problems.push({ path, ...frontMatter.problem });
    const base = kind === 'nested' ? path.slice(0, path.lastIndexOf('/')) : '';

    const fileGate = gateWholeFile(kind, frontMatter.data, scope, base);
    if (!fileGate.applies) {
      dropped.push({ path, heading: null, reason: fileGate.reason ?? 'does not apply' });
      continue;
    }

    // Gate sections; a heading's paths also gate every deeper heading under it.
    const candidates: { heading: string; text: string }[] = [];
    const ancestors: { level: number; reason?: string }[] = [];
    for (const section of splitSections(frontMatter.body, frontMatter.bodyLine)) {
      while (ancestors.length > 0 && (ancestors[ancestors.length - 1]?.level ?? 0) >= section.level)
        ancestors.pop();
      const inherited = ancestors.find((ancestor) => ancestor.reason !== undefined)?.reason;
      const gate =
        inherited === undefined
          ? decideGate(section.paths, scope, base)
          : { applies: false, reason: inherited };
      if (section.level > 0)
        ancestors.push({ level: section.level, reason: gate.applies ? undefined : gate.reason });
      if (section.level === 0 && section.text.trim() === '') continue;
      if (!gate.applies)
        dropped.push({ path, heading: section.heading, reason: gate.reason ?? 'does not apply' });
      else candidates.push({ heading: section.heading, text: section.text });
    }
    if (candidates.length === 0) continue;
    const last = candidates[candidates.length - 1];
    if (last) last.text = `${last.text.replace(/\s+$/, '')}\n`;

    const overhead =
      byteLength(renderOpeningTag(path)) +
      byteLength(CLOSING_TAG) +
      (blocks.length > 0 ? byteLength(BLOCK_SEPARATOR) : 0);
    const remaining = maxTotalBytes - usedBytes - overhead;
    const limit = Math.min(maxFileBytes, remaining);
    const budgetName =
      limit < maxFileBytes ? `${maxTotalBytes}-byte total budget` : `${maxFileBytes}-byte per-file budget`;
    const fitted =
      limit > 0
        ? fitSections(
            candidates.map((candidate) => candidate.text),
            limit,
            (omittedSections, omittedBytes) =>
              renderTruncationMarker(path, omittedSections, omittedBytes, budgetName),
          )
        : undefined;
    if (fitted === undefined) {
      dropped.push({
        path,
        heading: null,
        reason: `budget: no room left in the ${budgetName}`,
      });
      continue;
    }
    for (const [index, candidate] of candidates.entries()) {
      if (index < fitted.keptCount) kept.push({ path, heading: candidate.heading });
      else dropped.push({ path, heading: candidate.heading, reason: `budget: over the ${budgetName}` });
    }
    const block = `${blocks.length > 0 ? BLOCK_SEPARATOR : ''}${renderOpeningTag(path)}${fitted.text}${CLOSING_TAG}`;
    blocks.push(block);
    usedBytes += byteLength(block);
    files.push({ path, bytes: byteLength(fitted.text), truncated: fitted.truncated });
  }

  const text = blocks.join('');
  return { text, bytes: byteLength(text), files, sections: { kept, dropped }, problems };
}

/** Throw unless `options` holds a valid scope and budgets; `where` names the function called. */
export function checkBuildOptions(where: string, options: BuildInstructionsOptions): void {
  checkObject(where, 'options', options);
  checkPathList(where, 'scope', options.scope);
  checkByteBudget(where, 'maxTotalBytes', options.maxTotalBytes);
  checkByteBudget(where, 'maxFileBytes', options.maxFileBytes);
}

function checkSources(sources: readonly InstructionSource[]): void {
  if (!Array.isArray(sources as unknown))
    failType('buildInstructions', 'sources', 'an array of { path, text }', sources);
  for (const [index, source] of sources.entries()) {
    checkObject('buildInstructions', `sources[${index}]`, source);
    for (const key of ['path', 'text'] as const) {
      if (typeof source[key] !== 'string')
        failType('buildInstructions', `sources[${index}].${key}`, 'a string', source[key]);
    }
    if (source.identity != null && typeof source.identity !== 'string')
      failType('buildInstructions', `sources[${index}].identity`, 'a string', source.identity);
  }
}

/**
 * Sort by priority and keep each file once: the same relative path, the same underlying file
 * (a `CLAUDE.md → AGENTS.md` symlink) or byte-identical text all load only the first copy.
 */
function deduplicate(sources: readonly InstructionSource[], dropped: DroppedSection[]): InstructionSource[] {
  const normalized = sources
    .map((source) => ({ ...source, path: normalizeRelativePath(source.path) }))
    .sort(
      (left, right) =>
        compareInstructionPaths(left.path, right.path) || compareStrings(left.text, right.text),
    );
  const byPath = new Set<string>();
  const byIdentity = new Map<string, string>();
  const byText = new Map<string, string>();
  const unique: InstructionSource[] = [];
  for (const source of normalized) {
    if (byPath.has(source.path)) {
      // Sorted by text within a path, so which copy loads does not depend on the input order.
      dropped.push({ path: source.path, heading: null, reason: 'same path as another source' });
      continue;
    }
    byPath.add(source.path);
    const identity = source.identity ?? source.path;
    const sameFile = byIdentity.get(identity);
    if (sameFile !== undefined) {
      dropped.push({ path: source.path, heading: null, reason: `same file as ${sameFile} (symlink)` });
      continue;
    }
    const sameText = byText.get(source.text);
    if (sameText !== undefined) {
      dropped.push({ path: source.path, heading: null, reason: `identical to ${sameText}` });
      continue;
    }
    byIdentity.set(identity, source.path);
    byText.set(source.text, source.path);
    unique.push(source);
  }
  return unique;
}

function gateWholeFile(
  kind: ReturnType<typeof classifyInstructionPath>,
  data: Record<string, unknown>,
  scope: readonly string[],
  base: string,
): { applies: boolean; reason?: string } {
  if (kind === 'cursor-rule') {
    // Cursor's rule types: alwaysApply → always; globs → auto-attached to matching files; neither →
    // fetched by the agent on request, which a static prefix cannot do, so it stays out.
    // `true`/`false` arrive as strings when the front matter was read line by line (not YAML).
    const alwaysApply = readBoolean(data.alwaysApply);
    if (alwaysApply === true) return { applies: true };
    const globs = parseGlobList(data.globs);
    if (globs.length === 0) {
      return alwaysApply === false
        ? {
            applies: false,
            reason: 'cursor rule with alwaysApply: false and no globs (applied on request only)',
          }
        : { applies: true };
    }
    return decideGate(globs, scope, base);
  }
  return decideGate(parseGlobList(data.paths), scope, base);
}

function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : undefined;
}
