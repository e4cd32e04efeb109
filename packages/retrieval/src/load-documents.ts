import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
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
    if (info.isDirectory()) for (const file of await walk(absolute)) files.add(file);
    else files.add(absolute);
  }
  const documents: SourceDocument[] = [];
  const skipped: LoadedDocuments['skipped'] = [];
  for (const absolute of [...files].sort()) {
    const path = displayPath(options.root, absolute);
    const bytes = await readFile(absolute);
    if (bytes.length > maxFileBytes) skipped.push({ path, reason: `larger than ${maxFileBytes} bytes` });
    else if (bytes.includes(0)) skipped.push({ path, reason: 'binary' });
    else documents.push({ path, text: bytes.toString('utf8') });
  }
  documents.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  skipped.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return { documents, skipped };
}

async function walk(directory: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(directory, { withFileTypes: true });
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && !SKIPPED_DIRECTORIES.has(entry.name))
        found.push(...(await walk(path)));
    } else if (
      entry.isFile() &&
      DOCUMENT_EXTENSIONS.some((extension) => entry.name.toLowerCase().endsWith(extension))
    )
      found.push(path);
  }
  return found;
}

function displayPath(root: string, absolute: string): string {
  const relativePath = relative(root, absolute);
  const shown =
    relativePath === '' || relativePath.startsWith('..') || isAbsolute(relativePath)
      ? absolute
      : relativePath;
  return shown.split(sep).join('/');
}
