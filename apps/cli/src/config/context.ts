import {
  type BudgetOverrides,
  DEFAULT_PROFILE,
  DEFAULT_REGISTRY,
  type ModelProfile,
  type ProfileRegistry,
} from '@ctxkit/context';
import { UserError } from '../errors.js';
import type { ResolvedConfig } from './resolve.js';
import type { CtxkitConfig } from './schema.js';

// The bridge from configuration to @ctxkit/context: every command that budgets or packs goes
// through these, so `ctxkit.config.json` means the same thing everywhere.

/**
 * The configuration's `profiles` as full model profiles, sorted by name. Unset fields take the
 * values an unknown model gets (the default profile's reserve and encoding; family = name).
 */
export function configuredProfiles(config: CtxkitConfig): ModelProfile[] {
  return Object.keys(config.profiles ?? {})
    .sort()
    .map((name) => {
      const entry = config.profiles![name]!;
      return {
        name,
        family: entry.family ?? name,
        contextWindow: entry.contextWindow,
        completionReserve: entry.completionReserve ?? DEFAULT_PROFILE.completionReserve,
        encoding: entry.encoding ?? DEFAULT_PROFILE.encoding,
        ...(entry.sizeB !== undefined ? { sizeB: entry.sizeB } : {}),
        ...(entry.tokenizer !== undefined ? { tokenizer: entry.tokenizer } : {}),
        ...(entry.aliases !== undefined ? { aliases: entry.aliases } : {}),
      };
    });
}

/** The built-in profiles with the configured ones added (a configured name replaces a built-in one). */
export function createConfiguredRegistry(config: ResolvedConfig): ProfileRegistry {
  try {
    return DEFAULT_REGISTRY.register(...configuredProfiles(config.values));
  } catch (error) {
    // validateProfile explains what is wrong with which profile; say which file it came from.
    const where = config.file ? ` (in ${config.sources[firstProfileKey(config)] ?? config.file})` : '';
    throw new UserError(`${error instanceof Error ? error.message : String(error)}${where}`);
  }
}

function firstProfileKey(config: ResolvedConfig): string {
  return Object.keys(config.sources).find((key) => key.startsWith('profiles.')) ?? '';
}

/** The configuration's reserves and role shares as `computeBudget` overrides. */
export function budgetOverrides(config: CtxkitConfig): BudgetOverrides {
  const reserves = config.reserves ?? {};
  const overrides: BudgetOverrides = {};
  if (reserves.system !== undefined) overrides.reserveSystem = reserves.system;
  if (reserves.tools !== undefined) overrides.reserveTools = reserves.tools;
  if (reserves.response !== undefined) overrides.reserveResponse = reserves.response;
  if (reserves.slackPercent !== undefined) overrides.slackPercent = reserves.slackPercent;
  const shares = config.roleShares ?? {};
  const names = Object.keys(shares).sort();
  if (names.length > 0) {
    overrides.roles = Object.fromEntries(names.map((name) => [name, { share: shares[name]! }]));
  }
  return overrides;
}
