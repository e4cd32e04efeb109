import type { LoadedConfig } from './load.js';
import { type CtxkitConfig, configSchemas } from './schema.js';

/** Label of a value nobody set: the packages' own default applies. */
export const DEFAULT_SOURCE = 'default';

/** Global command-line flags that override configuration values. */
export interface ConfigFlags {
  /** `--model NAME`. */
  model?: string;
}

/** The configuration in effect for one run: file settings with flags applied on top. */
export interface ResolvedConfig {
  /** Absolute repository root the configuration belongs to. */
  root: string;
  /** Absolute path of the configuration file, when there is one. */
  file?: string;
  /** The effective settings. */
  values: CtxkitConfig;
  /** Where each set value came from, by dotted key: a file label or a flag such as `--model`. */
  sources: Record<string, string>;
}

/** One line of `ctxkit config`: a setting, its effective value, where that value came from. */
export interface ConfigEntry {
  /** Dotted key, e.g. `reserves.system` or `roleShares.implement`. */
  key: string;
  /** The effective value; `null` when unset (the package default applies). */
  value: unknown;
  /** `default`, a file label (`ctxkit.config.json`, `package.json#ctxkit`) or a flag (`--model`). */
  source: string;
}

/** Apply `flags` over the loaded configuration and record where every value came from. */
export function resolveConfig(loaded: LoadedConfig, flags: ConfigFlags): ResolvedConfig {
  const values: CtxkitConfig = { ...loaded.config };
  const sources: Record<string, string> = {};
  if (loaded.file) {
    for (const key of leafKeys(loaded.config)) sources[key] = loaded.file.label;
  }
  if (flags.model !== undefined) {
    values.model = flags.model;
    sources.model = '--model';
  }
  return { root: loaded.root, ...(loaded.file ? { file: loaded.file.path } : {}), values, sources };
}

// Settings shown one level down (each field has its own source); records list their entries.
const NESTED_KEYS = new Set(['reserves', 'instructions', 'map', 'roleShares', 'profiles']);
const RECORD_KEYS = new Set(['roleShares', 'profiles']);

function leafKeys(config: CtxkitConfig): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (NESTED_KEYS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const child of Object.keys(value)) keys.push(`${key}.${child}`);
    } else {
      keys.push(key);
    }
  }
  return keys;
}

/**
 * Every setting with its effective value and source, in schema order (record entries sorted by
 * name), unset settings included with their `defaults` value (or `null`) so the output shows
 * everything that could be configured.
 */
export function describeConfig(
  resolved: ResolvedConfig,
  defaults: Record<string, unknown> = {},
): ConfigEntry[] {
  const entries: ConfigEntry[] = [];
  const values = resolved.values as Record<string, unknown>;
  const entry = (key: string, value: unknown): ConfigEntry => {
    const source = resolved.sources[key];
    if (source !== undefined && value !== undefined) return { key, value, source };
    return { key, value: defaults[key] ?? null, source: DEFAULT_SOURCE };
  };
  for (const key of Object.keys(configSchemas().configSchema.shape)) {
    if (key === '$schema') continue;
    const value = values[key];
    if (RECORD_KEYS.has(key)) {
      const record = (value ?? {}) as Record<string, unknown>;
      const prefix = `${key}.`;
      const defaultNames = Object.keys(defaults)
        .filter((name) => name.startsWith(prefix))
        .map((name) => name.slice(prefix.length));
      const names = [...new Set([...Object.keys(record), ...defaultNames])].sort();
      if (names.length === 0) entries.push({ key, value: null, source: DEFAULT_SOURCE });
      for (const name of names) entries.push(entry(`${prefix}${name}`, record[name]));
    } else if (NESTED_KEYS.has(key)) {
      const record = (value ?? {}) as Record<string, unknown>;
      for (const child of nestedFields(key)) entries.push(entry(`${key}.${child}`, record[child]));
    } else {
      entries.push(entry(key, value));
    }
  }
  return entries;
}

function nestedFields(key: string): string[] {
  const field = (configSchemas().configSchema.shape as Record<string, unknown>)[key] as {
    unwrap(): { shape: object };
  };
  return Object.keys(field.unwrap().shape);
}
