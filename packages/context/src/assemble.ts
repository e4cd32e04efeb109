import type { Message } from '@ctxkit/compact';

/** A tool the model may call, as frozen at session creation. */
export interface ToolDefinition {
  /** The name a model calls the tool by. */
  name: string;
  /** What the tool does, for the model. */
  description?: string;
  /** JSON Schema of the tool's input. */
  inputSchema?: unknown;
}

/** Everything {@link assemble} is a function of; nothing else is read. */
export interface Session {
  /** The already-built system prompt. Required: a session without doctrine is an error. */
  instructions: string;
  /** Tool definitions, frozen at session creation; rendered in the given order. */
  tools?: ToolDefinition[];
  /** The compaction summary; absent until the first compaction. */
  summary?: string;
  /** The live history, append-only. */
  history: Message[];
}

/** Thrown by {@link assemble} for a session whose instructions are missing or blank. */
export class NoInstructionsError extends Error {
  override name = 'NoInstructionsError';
  constructor() {
    super('assemble: the session has no instructions (expected a non-empty system prompt, found none)');
  }
}

/**
 * JSON with object keys sorted (and `undefined` members left out), so a schema built with its keys
 * in a different order still renders to the same bytes.
 */
export function stableStringify(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`).join(',')}}`;
}

/** How tool definitions appear inside the system message: one JSON object per line. */
export function renderToolDefinitions(tools: ToolDefinition[]): string {
  // Name first for the reader; the schema canonical so its key order cannot change the bytes.
  const lines = tools.map((tool, index) => {
    // `{"name":undefined}` would be no JSON at all in the system prompt.
    if (typeof tool?.name !== 'string' || tool.name === '') {
      throw new TypeError(`assemble: tools[${index}] needs a name (a non-empty string)`);
    }
    const fields = [`"name":${JSON.stringify(tool.name)}`];
    if (tool.description !== undefined) fields.push(`"description":${JSON.stringify(tool.description)}`);
    if (tool.inputSchema !== undefined) fields.push(`"inputSchema":${stableStringify(tool.inputSchema)}`);
    return `{${fields.join(',')}}`;
  });
  return `<tools>\n${lines.join('\n')}\n</tools>`;
}

/**
 * Build the message list for one model call, most stable first so a provider can reuse the
 * longest cached prefix: the system prompt (never changes within a session), tool definitions
 * (frozen), the compaction summary (changes only on compaction) — collapsed into one system message,
 * because a provider that caches on message boundaries would otherwise miss on a summary change
 * alone — then the live history, unchanged. Pure: the same session gives byte-identical output.
 * @throws NoInstructionsError when `session.instructions` is blank.
 */
export function assemble(session: Session): Message[] {
  if (typeof session.instructions !== 'string' || session.instructions.trim() === '') {
    throw new NoInstructionsError();
  }
  if (!Array.isArray(session.history)) {
    throw new TypeError('assemble: session.history must be an array of messages (empty for a new session)');
  }
  if (session.summary !== undefined && session.summary !== null && typeof session.summary !== 'string') {
    throw new TypeError(`assemble: session.summary must be text, found ${typeof session.summary}`);
  }
  const blocks = [session.instructions.replace(/\s+$/, '')];
  if (session.tools && session.tools.length > 0) blocks.push(renderToolDefinitions(session.tools));
  // null reads as "no summary yet", like undefined.
  if (typeof session.summary === 'string' && session.summary.trim() !== '') {
    blocks.push(`<summary>\n${session.summary.replace(/\s+$/, '')}\n</summary>`);
  }
  const system: Message = { role: 'system', text: blocks.join('\n\n') };
  return [system, ...session.history];
}
