import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SourceDocument } from './types.js';

/** File names a directory walk picks up: markdown and plain-text notes. */
export const DOCUMENT_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.mdx', '.mdc', '.txt'];
/** Default size limit per file: memory notes are small; a larger file is probably a log or a dump. */
export const DEFAULT_MAX_FILE_BYTES = 1_000_000;
// Directories that hold dependencies or tool state, never a project's own notes.
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', 'build', 'target', '__pycache__']);

/** Options of {@link loadDocuments}. */
export interface LoadDocumentsOptions {
  /** Paths are resolved against, and reported relative to, this directory. */
  root: string;
  /** Files larger than this are skipped (default 1 MB). */
  maxFileBytes?: number;
  /**
   * Read files whose real path (after symbolic links) leaves their boundary: `root` for paths given
   * inside it, the given directory for one outside it. Off by default: such files are skipped with
   * the reason `symbolic link outside the root`.
   */
  followExternalLinks?: boolean;
}

/** Documents read from disk and the files that were passed over, with why. */
export interface LoadedDocuments {
  /** Documents in path order, paths relative to the root with '/' separators. */
  documents: SourceDocument[];
  /** Files not read, in path order. */
  skipped: { path: string; reason: string }[];
}

/** A path given to {@link loadDocuments} does not exist or cannot be read. */
export class DocumentPathError extends Error {
  override name = 'DocumentPathError';
  /** The path as given. */
  readonly path: string;

  constructor(message: string, path: string) {
    super(message);
    this.path = path;
  }
}

/**
 * Read the documents named by `paths`: a file is read whatever its extension; a directory is
 * walked for .md/.markdown/.mdx/.mdc/.txt files (dependency and hidden directories skipped).
 * Binary and oversized files are skipped with a reason; a missing path is a DocumentPathError.
 */
export async function loadDocuments(
  paths: readonly string[],
  options: LoadDocumentsOptions,
): Promise<LoadedDocuments> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files = new Set<string>();
  const skipped: LoadedDocuments['skipped'] = [];
  // Each file with the real directory it must stay in (unless links out are followed).
  const boundaries = new Map<string, string>();
  const rootReal = await realpath(options.root).catch(() => resolve(options.root));
  for (const given of paths) {
    const absolute = resolve(options.root, given);
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new DocumentPathError(
        code === 'ENOENT'
          ? `no such file or directory: ${given}`
          : `cannot read ${given}: ${code ?? String(error)}`,
        given,
      );
    }
    const boundary = isInside(resolve(options.root), absolute)
      ? rootReal
      : await realpath(info.isDirectory() ? absolute : dirname(absolute));
    const found = info.isDirectory() ? await walk(absolute, skipped, options.root) : [absolute];
    for (const file of found) {
      files.add(file);
      if (!boundaries.has(file)) boundaries.set(file, boundary);
    }
  }
  const documents: SourceDocument[] = [];
  for (const absolute of [...files].sort()) {
    const path = displayPath(options.root, absolute);
    // Size first: a multi-gigabyte log in a notes folder must not be read to be rejected.
    let bytes: Buffer;
    try {
      if (!options.followExternalLinks && !isInside(boundaries.get(absolute)!, await realpath(absolute))) {
        skipped.push({ path, reason: 'symbolic link outside the root' });
        continue;
      }
      const size = (await stat(absolute)).size;
      if (size > maxFileBytes) {
        skipped.push({ path, reason: `larger than ${maxFileBytes} bytes` });
        continue;
      }
      bytes = await readFile(absolute);
    } catch (error) {
      // One unreadable file (permissions, a link loop, vanished mid-walk) must not cost the rest.
      skipped.push({
        path,
        reason: `unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      });
      continue;
    }
    if (bytes.length > maxFileBytes) skipped.push({ path, reason: `larger than ${maxFileBytes} bytes` });
    else {
      const text = bytes.includes(0) ? undefined : decodeText(bytes);
      if (text === undefined) skipped.push({ path, reason: 'binary' });
      // A byte-order mark would glue itself to the first heading and hide it from the chunker.
      else documents.push({ path, text: text.replace(/^\uFEFF/, '') });
    }
  }
  documents.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  skipped.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return { documents, skipped };
}

/** Whether `path` is `root` or below it. */
function isInside(root: string, path: string): boolean {
  const below = relative(root, path);
  return below === '' || (!isAbsolute(below) && below !== '..' && !below.startsWith(`..${sep}`));
}

async function walk(directory: string, skipped: LoadedDocuments['skipped'], root: string): Promise<string[]> {
  const found: string[] = [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    // An unreadable sub-directory is reported and passed over; the given path itself was stat'ed.
    skipped.push({
      path: displayPath(root, directory),
      reason: `unreadable directory (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    });
    return found;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && !SKIPPED_DIRECTORIES.has(entry.name))
        found.push(...(await walk(path, skipped, root)));
    } else if (
      (entry.isFile() || entry.isSymbolicLink()) &&
      DOCUMENT_EXTENSIONS.some((extension) => entry.name.toLowerCase().endsWith(extension))
    )
      // A linked note file (MEMORY.md → shared/notes.md) is a note; linked directories are not
      // followed, so a link cycle cannot trap the walk.
      found.push(path);
  }
  return found;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * UTF-8, or — for bytes that are not valid UTF-8, typically notes saved as Windows-1252 — Latin-1,
 * which keeps `café` a word instead of `caf\uFFFD` that no query matches; undefined for bytes
 * that are neither (binary data without a NUL byte).
 */
function decodeText(bytes: Buffer): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    // Not UTF-8 and full of control bytes (a compressed or encrypted file with a text name): binary.
    let control = 0;
    for (const byte of bytes)
      if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || (byte >= 0x7f && byte < 0xa0))
        control += 1;
    return control > bytes.length * 0.05 ? undefined : bytes.toString('latin1');
  }
}

function displayPath(root: string, absolute: string): string {
  const relativePath = relative(root, absolute);
  const shown =
    relativePath === '' || relativePath.startsWith('..') || isAbsolute(relativePath)
      ? absolute
      : relativePath;
  return shown.split(sep).join('/');
}
