import { readFile } from 'node:fs/promises';
import { describeValue } from '@ctxkit/internal';
import type { ModelProfile } from './profile-types.js';
import { validateProfile } from './profiles.js';

/** A profile file that could not be read or is not a valid list of profiles. */
export class ProfileFileError extends Error {
  override name = 'ProfileFileError';
  constructor(
    /** The file, as the caller named it. */
    readonly file: string,
    /** The JSON path of the offending field (`profiles[2].contextWindow`), or empty for the whole file. */
    readonly field: string,
    /** What is wrong, without the file and field: a caller naming the file its own way adds them. */
    readonly detail: string,
  ) {
    super(`${file}${field ? `: ${field}` : ''}: ${detail}`);
  }
}

const FIELDS = [
  'name',
  'family',
  'sizeB',
  'contextWindow',
  'completionReserve',
  'encoding',
  'tokenizer',
  'aliases',
  'hosting',
];
const DEFAULT_COMPLETION_RESERVE = 2048;
const ENCODINGS: string[] = ['cl100k_base', 'o200k_base', 'estimate'];

function parseProfile(value: unknown, file: string, field: string): ModelProfile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProfileFileError(file, field, `expected an object, found ${describeValue(value)}`);
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    if (!FIELDS.includes(key)) {
      throw new ProfileFileError(
        file,
        `${field}.${key}`,
        `unknown field (expected one of ${FIELDS.join(', ')})`,
      );
    }
  }
  const requireString = (key: string, optional = false): string | undefined => {
    const found = record[key];
    if (found === undefined && optional) return undefined;
    if (typeof found !== 'string' || found.trim() === '') {
      throw new ProfileFileError(
        file,
        `${field}.${key}`,
        `expected a non-empty string, found ${describeValue(found)}`,
      );
    }
    return found;
  };
  const requireInteger = (key: string, minimum: number, optional = false): number | undefined => {
    const found = record[key];
    if (found === undefined && optional) return undefined;
    if (typeof found !== 'number' || !Number.isSafeInteger(found) || found < minimum) {
      throw new ProfileFileError(
        file,
        `${field}.${key}`,
        `expected an integer ≥ ${minimum} (tokens), found ${describeValue(found)}`,
      );
    }
    return found;
  };

  const name = requireString('name')!;
  const profile: ModelProfile = {
    name,
    // A bare name's family is the part before the Ollama tag, so `mymodel:7b` matches `mymodel:13b`.
    family: requireString('family', true) ?? name.split(':')[0]!,
    contextWindow: requireInteger('contextWindow', 1)!,
    completionReserve: requireInteger('completionReserve', 0, true) ?? DEFAULT_COMPLETION_RESERVE,
    encoding: (requireString('encoding', true) ?? 'cl100k_base') as ModelProfile['encoding'],
  };
  if (record.sizeB !== undefined) {
    if (typeof record.sizeB !== 'number' || !(record.sizeB > 0)) {
      throw new ProfileFileError(
        file,
        `${field}.sizeB`,
        `expected a positive number, found ${describeValue(record.sizeB)}`,
      );
    }
    profile.sizeB = record.sizeB;
  }
  if (record.aliases !== undefined) {
    const aliases = record.aliases;
    if (
      !Array.isArray(aliases) ||
      aliases.some((alias) => typeof alias !== 'string' || alias.trim() === '')
    ) {
      throw new ProfileFileError(
        file,
        `${field}.aliases`,
        `expected a list of names, found ${describeValue(aliases)}`,
      );
    }
    profile.aliases = aliases as string[];
  }
  if (record.tokenizer !== undefined) {
    if (typeof record.tokenizer !== 'string' || record.tokenizer.trim() === '') {
      throw new ProfileFileError(
        file,
        `${field}.tokenizer`,
        `expected "ollama" or a tokenizer.json / GGUF path, found ${describeValue(record.tokenizer)}`,
      );
    }
    profile.tokenizer = record.tokenizer;
  }
  if (record.hosting !== undefined) {
    if (record.hosting !== 'local' && record.hosting !== 'hosted') {
      throw new ProfileFileError(
        file,
        `${field}.hosting`,
        `expected "local" or "hosted", found ${describeValue(record.hosting)}`,
      );
    }
    profile.hosting = record.hosting;
  }
  if (!ENCODINGS.includes(profile.encoding)) {
    throw new ProfileFileError(
      file,
      `${field}.encoding`,
      `expected one of ${ENCODINGS.join(', ')}, found ${describeValue(profile.encoding)}`,
    );
  }
  if (profile.completionReserve >= profile.contextWindow) {
    throw new ProfileFileError(
      file,
      `${field}.completionReserve`,
      `must be smaller than contextWindow (${profile.contextWindow}), found ${profile.completionReserve}`,
    );
  }
  validateProfile(profile);
  return profile;
}

/**
 * Parse the text of a profile file: `{ "profiles": [ {...}, ... ] }` or a bare array of profiles.
 * Each entry needs `name` and `contextWindow`; `family` defaults to the name before its `:tag`,
 * `completionReserve` to 2048 and `encoding` to `cl100k_base`. Unknown fields are errors (a typo
 * must not silently fall back to a default). Throws {@link ProfileFileError} naming `file` and the field.
 */
export function parseProfileFile(text: string, file: string): ModelProfile[] {
  let document: unknown;
  try {
    // A byte-order mark (some Windows editors write one) is not part of the JSON.
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ProfileFileError(file, '', `not valid JSON (${(error as Error).message})`);
  }
  let list: unknown = document;
  let prefix = '';
  if (typeof document === 'object' && document !== null && !Array.isArray(document)) {
    const keys = Object.keys(document).sort();
    const unknown = keys.find((key) => key !== 'profiles' && key !== '$schema');
    if (unknown !== undefined) {
      throw new ProfileFileError(file, unknown, 'unknown field (expected "profiles")');
    }
    list = (document as { profiles?: unknown }).profiles;
    prefix = 'profiles';
  }
  if (!Array.isArray(list)) {
    throw new ProfileFileError(file, prefix, `expected a list of profiles, found ${describeValue(list)}`);
  }
  return list.map((entry, index) => parseProfile(entry, file, `${prefix}[${index}]`));
}

/** Read and parse a profile file (see {@link parseProfileFile}); a missing file is a {@link ProfileFileError}. */
export async function loadProfileFile(path: string): Promise<ModelProfile[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ProfileFileError(
      path,
      '',
      code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? 'error'})`,
    );
  }
  return parseProfileFile(text, path);
}
