import { resolveBudget } from '../../commands/budget.js';
import { packTask } from '../../commands/pack.js';
import { scanCacheOption } from '../../scan-cache.js';
import { packTraceInput } from '../../trace/pack-trace.js';
import { appendTraceRecord } from '../../trace/trace-file.js';
import type { ToolContext, ToolOutput } from '../tool.js';

/** Arguments of the `pack` tool. */
export interface PackArguments {
  /** The task in plain words. */
  task: string;
  /** Model profile name; decides the window. */
  model?: string;
  /** Budget role, e.g. implement or explore. */
  role?: string;
}

/**
 * A task pack for the served repository, from the same `packRepository` call as `ctxkit pack` (so
 * the bytes match): one summary line (model, role, tokens used of the budget, what was dropped),
 * then the pack text exactly as a model would receive it. Without a model the configured one
 * applies, else the conservative default profile.
 */
export async function renderPack(input: PackArguments, context: ToolContext): Promise<ToolOutput> {
  const settings = { config: context.config, cwd: context.root };
  const role = input.role ?? context.config.values.role;
  const { resolution, budget, counter } = await resolveBudget(settings, {
    ...(input.model !== undefined ? { model: input.model } : {}),
    ...(role !== undefined ? { role } : {}),
  });
  const built = await packTask(settings, {
    root: context.root,
    task: input.task,
    budget,
    tokenizer: counter.tokenizer,
    cache: scanCacheOption(true, context.scanCacheMemory),
  });
  const { pack } = built;
  if (context.trace) {
    const traced = { resolution, budget, pack, task: input.task, ranking: built.map.ranking };
    appendTraceRecord(context.trace, packTraceInput(traced, 'ctxkit mcp'), new Date());
  }
  const block = pack.budget;
  const summary =
    `pack for ${resolution.profile.name} (${resolution.rule} match), role ${budget.role}: ` +
    `${block.used}/${block.available} tokens of a ${block.window}-token window, ` +
    `${block.dropped.count} dropped (${block.dropped.tokens} tokens)`;
  return {
    text: `${summary}\n\n${pack.text}${pack.text.endsWith('\n') ? '' : '\n'}`,
    structured: {
      model: resolution.profile.name,
      role: budget.role,
      window: block.window,
      available: block.available,
      used: block.used,
      dropped: block.dropped,
      files: pack.excerpts.map((excerpt) => excerpt.path),
    },
  };
}
