import { BUILTIN_PROFILES, DEFAULT_PROFILE, SIZE_BUCKETS } from './builtin-profiles.js';
import type { ModelProfile, ProfileResolution } from './profile-types.js';

const ENCODINGS = ['cl100k_base', 'o200k_base', 'estimate'];

/** An immutable set of model profiles; `register` returns a new registry. */
export interface ProfileRegistry {
  /** Every profile, in registration order (a family's first entry is its default member). */
  readonly profiles: readonly ModelProfile[];
  /**
   * A registry with `profiles` added. A profile whose name equals an existing one replaces it in
   * place, so users can correct a built-in entry without losing its position in its family.
   */
  register(...profiles: ModelProfile[]): ProfileRegistry;
}

/** Check a profile's fields; throws a `TypeError` naming the field and the value found. */
export function validateProfile(profile: ModelProfile): void {
  const where = `model profile "${String(profile?.name)}"`;
  if (typeof profile?.name !== 'string' || profile.name.trim() === '') {
    throw new TypeError(
      `model profile: name must be a non-empty string, found ${JSON.stringify(profile?.name)}`,
    );
  }
  if (typeof profile.family !== 'string' || profile.family.trim() === '') {
    throw new TypeError(
      `${where}: family must be a non-empty string, found ${JSON.stringify(profile.family)}`,
    );
  }
  for (const field of ['contextWindow', 'completionReserve'] as const) {
    const value = profile[field];
    if (!Number.isSafeInteger(value) || value < (field === 'contextWindow' ? 1 : 0)) {
      throw new TypeError(
        `${where}: ${field} must be a ${field === 'contextWindow' ? 'positive' : 'non-negative'} integer, found ${JSON.stringify(value)}`,
      );
    }
  }
  if (profile.completionReserve >= profile.contextWindow) {
    throw new TypeError(
      `${where}: completionReserve (${profile.completionReserve}) must be smaller than contextWindow (${profile.contextWindow})`,
    );
  }
  if (!ENCODINGS.includes(profile.encoding)) {
    throw new TypeError(
      `${where}: encoding must be one of ${ENCODINGS.join(', ')}, found ${JSON.stringify(profile.encoding)}`,
    );
  }
  if (
    profile.tokenizer !== undefined &&
    (typeof profile.tokenizer !== 'string' || profile.tokenizer.trim() === '')
  ) {
    throw new TypeError(
      `${where}: tokenizer must be "ollama" or a tokenizer.json / GGUF path, found ${JSON.stringify(profile.tokenizer)}`,
    );
  }
  if (profile.sizeB !== undefined && !(Number.isFinite(profile.sizeB) && profile.sizeB > 0)) {
    throw new TypeError(`${where}: sizeB must be a positive number, found ${JSON.stringify(profile.sizeB)}`);
  }
}

class ImmutableProfileRegistry implements ProfileRegistry {
  readonly profiles: readonly ModelProfile[];
  constructor(profiles: readonly ModelProfile[]) {
    this.profiles = Object.freeze([...profiles]);
  }
  register(...added: ModelProfile[]): ProfileRegistry {
    const next = [...this.profiles];
    for (const profile of added) {
      validateProfile(profile);
      const key = normalizeModelName(profile.name);
      const index = next.findIndex((existing) => normalizeModelName(existing.name) === key);
      if (index >= 0) next[index] = profile;
      else next.push(profile);
    }
    return new ImmutableProfileRegistry(next);
  }
}

/** A registry holding `profiles` (the built-in ones when omitted). */
export function createProfileRegistry(profiles: readonly ModelProfile[] = BUILTIN_PROFILES): ProfileRegistry {
  return new ImmutableProfileRegistry([]).register(...profiles);
}

/** The built-in profiles as a registry. */
export const DEFAULT_REGISTRY: ProfileRegistry = createProfileRegistry();

/**
 * Bring the many spellings of one model to one key: lower case, no provider/org prefix
 * (`openai/`, `meta-llama/`), `_` as `-`, a version glued to its name (`llama-3.1` → `llama3.1`,
 * but not a size: `gemma-2b` stays) and `.` between digits as `-` (`claude-3.5` ≡ `claude-3-5`).
 */
export function normalizeModelName(name: string): string {
  let key = name.trim().toLowerCase();
  const slash = key.lastIndexOf('/');
  if (slash >= 0) key = key.slice(slash + 1);
  key = key.replace(/[\s_]+/g, '-');
  // Glue "name-3.1" into "name3.1" unless the number is a size (7b, 500m), a context length (128k)
  // or a date/revision (gpt-4o-2024-08-06): versions are one or two digits.
  key = key.replace(/([a-z])-(?=\d{1,2}(?:\.\d+)*(?![\d.]*[bmkx\d]))/g, '$1');
  return key.replace(/(\d)\.(?=\d)/g, '$1-');
}

/**
 * The parameter count a model name states, in billions: `7b`, `6.7b`, `0.5b`, `8x7b` (as 56),
 * `500m` (as 0.5). Active-parameter tags (`a3b` in `30b-a3b`) are not sizes. Undefined when absent.
 */
export function parseModelSize(name: string): number | undefined {
  const pattern = /(?:^|[^a-z0-9.])(?:(\d+)x)?(\d+(?:\.\d+)?)([bm])(?![a-z0-9])/g;
  const text = name.toLowerCase().replace(/_/g, '-');
  for (const match of text.matchAll(pattern)) {
    const experts = match[1] === undefined ? 1 : Number(match[1]);
    const value = Number(match[2]) * experts;
    return match[3] === 'm' ? value / 1000 : value;
  }
  return undefined;
}

// A family key matches only at word boundaries, so `o3` never matches inside `qwen3-coder:30b`.
function familyMatchLength(key: string, family: string): number {
  let from = 0;
  for (;;) {
    const at = key.indexOf(family, from);
    if (at < 0) return 0;
    const before = at === 0 ? '' : key[at - 1]!;
    const after = key[at + family.length] ?? '';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return family.length;
    from = at + 1;
  }
}

function closestBySize(candidates: ModelProfile[], size: number | undefined): ModelProfile {
  if (size === undefined) return candidates[0]!;
  let best = candidates[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance =
      candidate.sizeB === undefined ? Number.POSITIVE_INFINITY : Math.abs(candidate.sizeB - size);
    // Strictly smaller: on a tie the earlier (family default) entry wins, deterministically.
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Find the profile for a model name. Rules, in order: exact name or alias (after
 * {@link normalizeModelName}) → longest family key contained in the name, picking the member
 * closest in size → size bucket from a `7b`-style tag → {@link DEFAULT_PROFILE}. The result says
 * which rule matched so callers can show it.
 */
export function resolveProfile(
  name: string,
  registry: ProfileRegistry = DEFAULT_REGISTRY,
): ProfileResolution {
  const key = normalizeModelName(name);
  // Ollama's ":latest" is the family's default tag, not part of the name.
  const bare = key.replace(/:latest$/, '');
  for (const profile of registry.profiles) {
    for (const candidate of [profile.name, ...(profile.aliases ?? [])]) {
      if (normalizeModelName(candidate) === bare) {
        return { query: name, profile, rule: 'exact', matched: candidate };
      }
    }
  }

  const size = parseModelSize(name);
  let bestLength = 0;
  let bestFamily = '';
  for (const profile of registry.profiles) {
    const length = familyMatchLength(bare, normalizeModelName(profile.family));
    if (length > bestLength) {
      bestLength = length;
      bestFamily = normalizeModelName(profile.family);
    }
  }
  if (bestLength > 0) {
    const members = registry.profiles.filter((profile) => normalizeModelName(profile.family) === bestFamily);
    const profile = closestBySize(members, size);
    return { query: name, profile, rule: 'family', matched: profile.family };
  }

  if (size !== undefined) {
    const bucket = SIZE_BUCKETS.find((candidate) => size <= candidate.maxSizeB)!;
    return {
      query: name,
      profile: {
        ...DEFAULT_PROFILE,
        name: `size:${bucket.label}`,
        family: 'unknown',
        sizeB: size,
        contextWindow: bucket.contextWindow,
      },
      rule: 'size',
      matched: bucket.label,
    };
  }
  return { query: name, profile: DEFAULT_PROFILE, rule: 'default', matched: 'default' };
}
