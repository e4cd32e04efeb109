import {
  DEFAULT_RESERVE_RESPONSE,
  DEFAULT_RESERVE_SYSTEM,
  DEFAULT_RESERVE_TOOLS,
  DEFAULT_ROLE,
  DEFAULT_ROLES,
  DEFAULT_SLACK_PERCENT,
} from '@ctxkit/context';
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_TOTAL_BYTES } from '@ctxkit/instructions';
import { DEFAULT_MAP_TOKENS } from '@ctxkit/repomap';
import { DEFAULT_SKILL_ROOTS } from '@ctxkit/skills';

/**
 * What applies when a setting is not configured, by dotted key, read from the packages that own
 * each default (so `ctxkit config` can never disagree with them). Settings without an entry have
 * no single default: the model profile decides (`model`, `encoding`), or nothing is added (`ignore`).
 */
export function packageDefaults(): Record<string, unknown> {
  const defaults: Record<string, unknown> = {
    role: DEFAULT_ROLE,
    'reserves.system': DEFAULT_RESERVE_SYSTEM,
    'reserves.tools': DEFAULT_RESERVE_TOOLS,
    'reserves.response': DEFAULT_RESERVE_RESPONSE,
    'reserves.slackPercent': DEFAULT_SLACK_PERCENT,
    skillRoots: [...DEFAULT_SKILL_ROOTS],
    'instructions.includeReadme': false,
    'instructions.maxTotalBytes': DEFAULT_MAX_TOTAL_BYTES,
    'instructions.maxFileBytes': DEFAULT_MAX_FILE_BYTES,
    'map.tokens': DEFAULT_MAP_TOKENS,
  };
  for (const name of Object.keys(DEFAULT_ROLES).sort())
    defaults[`roleShares.${name}`] = DEFAULT_ROLES[name]!.share;
  return defaults;
}
