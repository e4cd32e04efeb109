import { z } from 'zod';
import { defineTool, type ToolDefinition } from '../tool.js';
import { countTokens, TOKEN_ENCODINGS } from './count-tokens.js';
import { renderInstructions } from './instructions.js';
import { renderPack } from './pack.js';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT, readFileLines } from './read.js';
import { renderRepoMap } from './repo-map.js';
import { renderSkill } from './skill.js';

const repoMapTool = defineTool({
  name: 'repo_map',
  title: 'Repository map',
  description:
    'A ranked, token-budgeted map of the repository: the files and symbol signatures (with line numbers) ' +
    'that matter most for a query. Call it first to find where things are, then read exact lines.',
  inputSchema: {
    query: z.string().optional().describe('what you are working on; ranks matching files and symbols first'),
    focus: z
      .array(z.string().min(1))
      .optional()
      .describe('files to rank around, relative to the repository root (e.g. files you are editing)'),
    tokens: z
      .number()
      .int()
      .min(64)
      .max(65_536)
      .optional()
      .describe('token budget of the map (default 1024)'),
  },
  outputSchema: {
    files: z.number().int(),
    tokens: z.number().int(),
    budget: z.number().int(),
    ranking: z.array(
      z.object({
        path: z.string(),
        score: z.number(),
        reasons: z
          .array(z.enum(['focus', 'pathMention', 'definition', 'vocabulary', 'pathName', 'message']))
          .optional()
          .describe('the task signals that pointed at the file, when any did'),
      }),
    ),
  },
  run: renderRepoMap,
});

const packTool = defineTool({
  name: 'pack',
  title: 'Task pack',
  description:
    'Everything a model needs for a task, within its real token budget: project instructions, matching ' +
    'skills, the ranked repo map and excerpts of the most relevant files with real line numbers. The first ' +
    'line reports tokens used of the budget and what was dropped.',
  inputSchema: {
    task: z.string().min(1).describe('the task in plain words, e.g. "fix the off-by-one in the pager"'),
    model: z
      .string()
      .min(1)
      .optional()
      .describe('model profile name deciding the window, e.g. qwen2.5-coder:7b (default: configured model)'),
    role: z
      .string()
      .min(1)
      .optional()
      .describe('budget role: implement, review, explore or summarize (default: implement)'),
  },
  outputSchema: {
    model: z.string(),
    role: z.string(),
    window: z.number().int(),
    available: z.number().int(),
    used: z.number().int(),
    dropped: z.object({ count: z.number().int(), tokens: z.number().int() }),
    files: z.array(z.string()),
  },
  run: renderPack,
});

const skillTool = defineTool({
  name: 'skill',
  title: 'Skill body',
  description:
    'Read the full instructions of a skill (SKILL.md) by name, or one section of it by heading. Skill ' +
    'cards appear in packs; an unknown name returns the list of known skills.',
  inputSchema: {
    name: z.string().min(1).describe('the skill name exactly as listed, e.g. "systematic-debugging"'),
    section: z.string().optional().describe('a heading of the skill, to read just that section'),
  },
  run: renderSkill,
});

const instructionsTool = defineTool({
  name: 'instructions',
  title: 'Project instructions',
  description:
    'The project instructions (AGENTS.md, CLAUDE.md, .cursor/rules, nested AGENTS.md) that apply to the ' +
    'files in scope, within a byte budget. Call it before editing files in an unfamiliar part of the repository.',
  inputSchema: {
    scope: z
      .array(z.string().min(1))
      .optional()
      .describe('files you are about to work on, relative to the repository root; selects path-gated rules'),
  },
  outputSchema: { files: z.array(z.string()), bytes: z.number().int() },
  run: renderInstructions,
});

const readTool = defineTool({
  name: 'read',
  title: 'Read file lines',
  description:
    'Read lines of a file in the repository with their real 1-based line numbers (as shown in repo maps ' +
    'and excerpts). Use offset to jump to a line and limit to bound the output. Paths are relative to the ' +
    'served directory; paths outside it, inside .git/, and files the repository ignores are refused.',
  inputSchema: {
    path: z.string().min(1).describe('file path relative to the served directory, e.g. src/index.ts'),
    offset: z.number().int().min(1).optional().describe('first line to return, 1-based (default 1)'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_READ_LIMIT)
      .optional()
      .describe(`maximum number of lines to return (default ${DEFAULT_READ_LIMIT})`),
  },
  run: (input, context) => ({
    text: readFileLines(context.root, input, {
      allowIgnored: context.allowIgnored === true,
      ...(context.config.values.ignore ? { ignore: context.config.values.ignore } : {}),
    }),
  }),
});

const countTokensTool = defineTool({
  name: 'count_tokens',
  title: 'Count tokens',
  description:
    'Count the tokens of a text exactly (o200k_base: GPT-4o and later; cl100k_base: GPT-4/3.5) or by the ' +
    'chars/4 estimate. Use it to check that a prompt or file fits a budget before sending it.',
  inputSchema: {
    text: z.string().describe('the text to count'),
    encoding: z.enum(TOKEN_ENCODINGS).optional().describe('token vocabulary (default o200k_base)'),
  },
  outputSchema: {
    tokens: z.number().int(),
    encoding: z.enum(TOKEN_ENCODINGS),
    exact: z.boolean(),
    bytes: z.number().int(),
  },
  run: (input) => {
    const count = countTokens(input.text, input.encoding);
    return { text: JSON.stringify(count), structured: { ...count } };
  },
});

/** Every tool `ctxkit mcp` serves, in the order clients list them. */
export const MCP_TOOLS: readonly ToolDefinition[] = [
  repoMapTool as unknown as ToolDefinition,
  packTool as unknown as ToolDefinition,
  readTool as unknown as ToolDefinition,
  skillTool as unknown as ToolDefinition,
  instructionsTool as unknown as ToolDefinition,
  countTokensTool as unknown as ToolDefinition,
];
