import { loadInstructions } from '@ctxkit/instructions';
import { escapeControls } from '@ctxkit/tokenize';
import { requireInside } from '../paths.js';
import type { ToolContext, ToolOutput } from '../tool.js';

/** Arguments of the `instructions` tool. */
export interface InstructionsArguments {
  /** Files about to be worked on; they select nested AGENTS.md files and path-gated rules. */
  scope?: string[];
}

/**
 * The project's instructions (AGENTS.md, CLAUDE.md, rules…) for `scope`, as the text to follow,
 * with a last line naming the files it came from. The configuration's instruction budgets apply.
 */
export async function renderInstructions(
  input: InstructionsArguments,
  context: ToolContext,
): Promise<ToolOutput> {
  requireInside(context.root, input.scope ?? [], 'scope');
  const settings = context.config.values.instructions ?? {};
  const result = await loadInstructions({
    root: context.root,
    ...settings,
    ...(input.scope !== undefined ? { scope: input.scope } : {}),
  });
  const files = result.files.map((file) => file.path);
  if (result.text === '') {
    return { text: 'No project instructions apply.\n', structured: { files, bytes: 0 } };
  }
  const text = result.text.endsWith('\n') ? result.text : `${result.text}\n`;
  return {
    text: `${text}\n[from ${files.map(escapeControls).join(', ')}; ${result.bytes} byte${result.bytes === 1 ? '' : 's'}]\n`,
    structured: { files, bytes: result.bytes },
  };
}
