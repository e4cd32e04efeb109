import { failRange } from '@ctxkit/internal';
import type { ModelProfile } from './profile-types.js';
import { DEFAULT_ROLE, DEFAULT_ROLES, type ExcerptMode, type RoleDefinition } from './roles.js';

/** Tokens kept for the system prompt the packer never sees. */
export const DEFAULT_RESERVE_SYSTEM = 500;
/** Tokens kept for tool JSON schemas sent alongside the prompt. */
export const DEFAULT_RESERVE_TOOLS = 900;
/** Tokens kept for the answer when the profile does not say. */
export const DEFAULT_RESERVE_RESPONSE = 2048;
/**
 * Percent of the window held back for tokenizer disagreement and chat-template scaffolding when the
 * pack is counted with a vocabulary that is not the model's own.
 */
export const DEFAULT_SLACK_PERCENT = 10;
/**
 * The largest slack a caller may ask for, in percent of the window. 100 because that is all the
 * arithmetic needs (the slack is then the whole window, never more); a tighter cap would be a guess,
 * and reserves can already leave nothing to pack. The one range: `computeBudget` checks it and the
 * CLI's configuration schema reads this constant.
 */
export const MAX_SLACK_PERCENT = 100;
/**
 * The chat-template part of the slack when the model's template is not known: role markers and turn
 * separators of a dozen turns (Qwen's `<|im_start|>user\n…<|im_end|>\n` is 5 tokens a turn), tool-call
 * wrappers and the generation prompt. Kept even when counts are exact, because a pack is counted as
 * text and the template wraps it.
 */
export const DEFAULT_TEMPLATE_ALLOWANCE = 256;
/** Below this a pack shows a model nothing useful, so a role's share is never cut under it. */
export const MIN_PACK_TOKENS = 512;

/** Overrides for {@link computeBudget}; every term is optional. */
export interface BudgetOverrides {
  /** Use this window instead of the profile's (e.g. an Ollama `num_ctx` below the model's native length). */
  contextWindow?: number;
  /** Tokens to keep for the system prompt; default 500. */
  reserveSystem?: number;
  /** Tokens to keep for tool definitions; default 900. */
  reserveTools?: number;
  /** Defaults to the profile's `completionReserve`. */
  reserveResponse?: number;
  /** Percent of the window, from 0 to {@link MAX_SLACK_PERCENT}. */
  slackPercent?: number;
  /** Per-role overrides or additional roles, merged over {@link DEFAULT_ROLES}. */
  roles?: Record<string, Partial<RoleDefinition>>;
  /** Floor under a role share; default 512. */
  minPackTokens?: number;
}

/** Which tokenizer counts the pack, as a budget needs to know it. */
export interface BudgetTokenizer {
  /** Its name for the budget block (`Qwen2.5 Coder 7B (Ollama GGUF)`, `cl100k_base`). */
  name: string;
  /**
   * True when it is the model's own tokenizer, so counts are what the model sees: the
   * tokenizer-disagreement part of the slack is then 0.
   */
  exact: boolean;
  /** Tokens the model's chat template adds around a conversation, when measured from the template. */
  templateTokens?: number;
}

/** Input of {@link computeBudget}. */
export interface BudgetOptions {
  /** The model profile whose window and reserves apply. */
  profile: ModelProfile;
  /** One of the role names (built-in or from `overrides.roles`); `implement` when omitted. */
  role?: string;
  /** Replacements for any reserve, the window, the floor or role shares. */
  overrides?: BudgetOverrides;
  /**
   * The tokenizer that will count the pack. Omitted: an approximate one (the slack is
   * {@link DEFAULT_SLACK_PERCENT} of the window, as always).
   */
  tokenizer?: BudgetTokenizer;
}

/** Every term of a pack budget, so a caller can print how the number was reached. */
export interface Budget {
  /** The profile's name. */
  model: string;
  /** The model's context window in tokens (the profile's, or `overrides.contextWindow`). */
  window: number;
  /** Tokens kept for the system prompt. */
  reserveSystem: number;
  /** Tokens kept for tool definitions. */
  reserveTools: number;
  /** Tokens kept for the model's answer. */
  reserveResponse: number;
  /** Safety margin as a percentage of the window (tokenizer mismatch, chat-template framing). */
  slackPercent: number;
  /**
   * `floor(window × slackPercent / 100)` when counting is approximate or the percentage was given;
   * just the template allowance when counting is exact. Always `slackTokenizer + slackTemplate`.
   */
  slack: number;
  /** The part of the slack for tokenizer disagreement: 0 when the pack is counted exactly. */
  slackTokenizer: number;
  /** The part of the slack for chat-template scaffolding (the template's own count when known). */
  slackTemplate: number;
  /** Which tokenizer counts the pack and whether it is the model's own. */
  tokenizer: { name: string; exact: boolean; templateMeasured: boolean };
  /** Sum of the three reserves and the slack. */
  reserved: number;
  /** `max(0, window − reserved)`: the pack space before the role's share. */
  packSpace: number;
  /** The role the pack is for. */
  role: string;
  /** The role's share of the pack space, in (0, 1]. */
  roleShare: number;
  /** How files reach this role. */
  excerpts: ExcerptMode;
  /** `floor(packSpace × roleShare)`. */
  roleTokens: number;
  /** The floor a role share is never cut below (when the pack space allows). */
  minPackTokens: number;
  /** True when the floor raised the role's tokens (never above `packSpace`). */
  floorApplied: boolean;
  /** True when even the whole pack space is below the floor: the window is too small for the reserves. */
  starved: boolean;
  /** Tokens the pack may use. */
  available: number;
}

function requireTokens(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    failRange('budget', name, 'a non-negative integer', value);
  }
  return value;
}

/**
 * Throw a `RangeError` naming `where` unless `available` (a budget's room for the pack) is a whole
 * number ≥ 0: a NaN would compare false everywhere and silently place nothing.
 */
export function checkAvailable(where: string, available: number): void {
  if (!Number.isSafeInteger(available) || available < 0) {
    failRange(where, 'budget.available', 'a whole number of tokens ≥ 0', available);
  }
}

/** The roles in effect after `overrides.roles` are merged over the defaults, sorted by name. */
export function resolveRoles(
  overrides?: Record<string, Partial<RoleDefinition>>,
): Record<string, RoleDefinition> {
  const merged: Record<string, RoleDefinition> = {};
  const names = [...new Set([...Object.keys(DEFAULT_ROLES), ...Object.keys(overrides ?? {})])].sort();
  for (const name of names) {
    const base = DEFAULT_ROLES[name] ?? { share: 1, excerpts: 'bodies' as const };
    const role = { ...base, ...overrides?.[name] };
    if (!(Number.isFinite(role.share) && role.share > 0 && role.share <= 1)) {
      failRange('budget', `roles.${name}.share`, 'a share in (0, 1]', role.share);
    }
    if (role.excerpts !== 'bodies' && role.excerpts !== 'signatures') {
      failRange('budget', `roles.${name}.excerpts`, '"bodies" or "signatures"', role.excerpts);
    }
    merged[name] = role;
  }
  return merged;
}

/**
 * How many tokens a pack may use for `profile` and `role`:
 * `available = (window − reserveSystem − reserveTools − reserveResponse − slack) × roleShare`,
 * raised to `MIN_PACK_TOKENS` when the share cuts it below that, never above the space the
 * reserves leave. Pure; every term is in the result.
 */
export function computeBudget(options: BudgetOptions): Budget {
  const { profile, overrides = {} } = options;
  const window = requireTokens('window', overrides.contextWindow ?? profile.contextWindow);
  const reserveSystem = requireTokens('reserveSystem', overrides.reserveSystem ?? DEFAULT_RESERVE_SYSTEM);
  const reserveTools = requireTokens('reserveTools', overrides.reserveTools ?? DEFAULT_RESERVE_TOOLS);
  const reserveResponse = requireTokens(
    'reserveResponse',
    overrides.reserveResponse ?? profile.completionReserve ?? DEFAULT_RESERVE_RESPONSE,
  );
  const requestedSlack = overrides.slackPercent;
  if (
    requestedSlack !== undefined &&
    !(Number.isFinite(requestedSlack) && requestedSlack >= 0 && requestedSlack <= MAX_SLACK_PERCENT)
  ) {
    failRange('budget', 'slackPercent', `between 0 and ${MAX_SLACK_PERCENT}`, requestedSlack);
  }
  const tokenizer = options.tokenizer;
  const templateAllowance = requireTokens(
    'tokenizer.templateTokens',
    tokenizer?.templateTokens ?? DEFAULT_TEMPLATE_ALLOWANCE,
  );
  const minPackTokens = requireTokens('minPackTokens', overrides.minPackTokens ?? MIN_PACK_TOKENS);
  const roles = resolveRoles(overrides.roles);
  const role = options.role ?? DEFAULT_ROLE;
  // Own keys only: `toString` or `__proto__` are not roles.
  const definition = Object.hasOwn(roles, role) ? roles[role] : undefined;
  if (!definition) {
    failRange('budget', 'role', `one of ${Object.keys(roles).join(', ')}`, role);
  }

  // Exact counting needs no room for disagreement, only for the template; a given percentage wins.
  const exactSlack = tokenizer?.exact === true && requestedSlack === undefined;
  const slack = exactSlack
    ? Math.min(window, templateAllowance)
    : Math.floor((window * (requestedSlack ?? DEFAULT_SLACK_PERCENT)) / 100);
  const slackPercent = exactSlack
    ? Math.round((slack / Math.max(1, window)) * 10_000) / 100
    : (requestedSlack ?? DEFAULT_SLACK_PERCENT);
  const slackTemplate = Math.min(slack, templateAllowance);
  const reserved = reserveSystem + reserveTools + reserveResponse + slack;
  const packSpace = Math.max(0, window - reserved);
  const roleTokens = Math.floor(packSpace * definition.share);
  const available = Math.min(packSpace, Math.max(roleTokens, minPackTokens));
  return {
    model: profile.name,
    window,
    reserveSystem,
    reserveTools,
    reserveResponse,
    slackPercent,
    slack,
    slackTokenizer: slack - slackTemplate,
    slackTemplate,
    tokenizer: {
      name: tokenizer?.name ?? profile.encoding,
      exact: tokenizer?.exact ?? false,
      templateMeasured: tokenizer?.templateTokens !== undefined,
    },
    reserved,
    packSpace,
    role,
    roleShare: definition.share,
    excerpts: definition.excerpts,
    roleTokens,
    minPackTokens,
    floorApplied: available > roleTokens,
    starved: packSpace < minPackTokens,
    available,
  };
}
