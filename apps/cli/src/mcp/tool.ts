import type { ScanCacheMemory } from '@ctxkit/repomap';
import type { z } from 'zod';
import type { ResolvedConfig } from '../config/resolve.js';
import type { TraceTarget } from '../trace/trace-file.js';

/** What every tool call can see: the served directory and its configuration. */
export interface ToolContext {
  /** Real (symlink-resolved) absolute path of the directory being served. */
  root: string;
  /** The served repository's configuration. */
  config: ResolvedConfig;
  /** `--allow-ignored`: `read` also serves files the repo map leaves out (never those in `.git/`). */
  allowIgnored?: boolean;
  /** `--trace FILE`: every `pack` call appends its record to this trace. */
  trace?: TraceTarget;
  /** Where the server keeps the repository's last repo map cache between tool calls. */
  scanCacheMemory?: ScanCacheMemory;
}

/** What a tool returns: text for the model, and optionally the same data as structured content. */
export interface ToolOutput {
  /** The text the model reads. */
  text: string;
  /** Machine-readable form, matching the tool's output schema when it declares one. */
  structured?: Record<string, unknown>;
}

/** One MCP tool: a name, an explicit input schema, and the function behind it. */
export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Tool name as clients call it (snake_case, the MCP convention). */
  name: string;
  /** Short human title. */
  title: string;
  /** What the tool is for and when to call it: the model reads this to decide. */
  description: string;
  /** Every argument, with its type, limits and description. */
  inputSchema: Shape;
  /** Schema of `structured` output, when the tool returns one. */
  outputSchema?: z.ZodRawShape;
  /** Do the work; throw a UserError for a bad request (it becomes a tool error the model can read). */
  run(input: z.infer<z.ZodObject<Shape>>, context: ToolContext): Promise<ToolOutput> | ToolOutput;
}

/** Declare a tool with its argument types inferred from its schema. */
export function defineTool<Shape extends z.ZodRawShape>(
  definition: ToolDefinition<Shape>,
): ToolDefinition<Shape> {
  return definition;
}
