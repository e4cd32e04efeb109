import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeValue } from '@ctxkit/internal';
import { UserError } from '../errors.js';
import { allowedKeysAt, type CtxkitConfig, configSchemas } from './schema.js';

/** The dedicated configuration file, looked for at the repository root. */
export const CONFIG_FILE_NAME = 'ctxkit.config.json';
/** The package.json key that may hold the configuration instead. */
export const PACKAGE_JSON_KEY = 'ctxkit';

/** Where a configuration was read from. */
export interface ConfigFile {
  /** Absolute path of the file. */
  path: string;
  /** How sources are labelled: `ctxkit.config.json` or `package.json#ctxkit`. */
  label: string;
}

/** A configuration as read from disk, before command-line flags are applied. */
export interface LoadedConfig {
  /** The repository root the configuration belongs to. */
  root: string;
  /** The file it came from; absent when the repository has no configuration. */
  file?: ConfigFile;
  /** The validated settings (empty when there is no file). */
  config: CtxkitConfig;
}

/**
 * The repository root for `start`: the nearest ancestor (or `start` itself) holding `.git`
 * (a directory, or a file in worktrees and submodules); `start` when there is none.
 */
export function findRepositoryRoot(start: string): string {
  let directory = start;
  for (;;) {
    if (existsSync(join(directory, '.git'))) return directory;
    const parent = dirname(directory);
    if (parent === directory) return start;
    directory = parent;
  }
}

/**
 * Read and validate the configuration at `root`: `ctxkit.config.json`, or the `ctxkit` key of
 * package.json. Both at once is an error (which one wins would be a guess).
 */
export function loadConfig(root: string): LoadedConfig {
  const configPath = join(root, CONFIG_FILE_NAME);
  const packagePath = join(root, 'package.json');
  const fromConfig = isConfigFile(configPath);
  const packageConfig = readPackageConfig(packagePath);
  if (fromConfig && packageConfig !== undefined) {
    throw new UserError(
      `both ${CONFIG_FILE_NAME} and the "${PACKAGE_JSON_KEY}" key of package.json configure ctxkit in ${root}; keep one`,
    );
  }
  if (fromConfig) {
    const file = { path: configPath, label: CONFIG_FILE_NAME };
    return { root, file, config: validateConfig(parseJsonFile(configPath, CONFIG_FILE_NAME), file.label) };
  }
  if (packageConfig !== undefined) {
    const file = { path: packagePath, label: `package.json#${PACKAGE_JSON_KEY}` };
    return { root, file, config: validateConfig(packageConfig, file.label) };
  }
  return { root, config: {} };
}

/**
 * Whether a configuration file is there to read. Absent is fine; something there that cannot be
 * read as one (a directory, a symbolic link loop) is an error, not a silent fall back to defaults.
 */
function isConfigFile(path: string): boolean {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    throw new UserError(`cannot read ${path} (${code ?? String(error)})`);
  }
  if (!isFile) throw new UserError(`${path} is not a file`);
  return true;
}

function readPackageConfig(path: string): unknown {
  if (!existsSync(path)) return undefined;
  const manifest = parseJsonFile(path, 'package.json');
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) return undefined;
  return (manifest as Record<string, unknown>)[PACKAGE_JSON_KEY];
}

function parseJsonFile(path: string, label: string): unknown {
  // A byte-order mark (some Windows editors write one) is not part of the JSON.
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text);
  } catch (error) {
    // Node's message may quote the whole file after the reason; keep the reason and the position.
    const message = (error instanceof Error ? error.message : String(error)).split(/, "|\n/)[0] ?? '';
    const position = /at position (\d+)/.exec(message);
    const where = position ? `:${lineAndColumn(text, Number(position[1]))}` : '';
    throw new UserError(
      `${label}${where}: invalid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
    );
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${line}:${column}`;
}

/**
 * Check `raw` against the configuration schema; the first problem becomes one clear error naming
 * the key, the file (`label`), what was expected and what was found. Unknown keys are reported
 * first: a typo is the likeliest mistake.
 */
export function validateConfig(raw: unknown, label: string): CtxkitConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new UserError(`${label} must hold a JSON object of settings, found ${describeValue(raw)}`);
  }
  const result = configSchemas().configSchema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const issue = issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const key = [...issue.path, issue.keys[0] ?? ''].map(String).join('.');
    const allowed = allowedKeysAt(issue.path);
    const hint = allowed.length > 0 ? `; expected one of: ${allowed.join(', ')}` : '';
    throw new UserError(`unknown key "${key}" in ${label}${hint}`);
  }
  const key = issue.path.map(String).join('.');
  const found = describeValue(valueAt(raw, issue.path));
  // zod's own wording ("Invalid input: expected number, received string") names the type twice.
  const expected = issue.code === 'invalid_type' ? `expected ${issue.expected}` : lowerFirst(issue.message);
  throw new UserError(`invalid value for "${key}" in ${label}: ${expected}, found ${found}`);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
