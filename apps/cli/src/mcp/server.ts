import { createScanCacheMemory } from '@ctxkit/repomap';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { errorExcerpt } from '../error-excerpt.js';
import { asUserError } from '../errors.js';
import type { TraceTarget } from '../trace/trace-file.js';
import { answerTransportError } from './protocol-errors.js';
import type { ToolContext, ToolDefinition } from './tool.js';
import { MCP_TOOLS } from './tools/index.js';

/** What {@link serveMcp} needs: the directory, its configuration and the two pipe ends. */
export interface McpServeOptions {
  /** Real absolute path of the directory to serve; no tool reaches outside it. */
  root: string;
  /** The served repository's configuration. */
  config: ResolvedConfig;
  /** Serve files the walk ignores through `read` (`--allow-ignored`); `.git/` never. */
  allowIgnored?: boolean;
  /** `--trace FILE`: record every pack the `pack` tool returns. */
  trace?: TraceTarget;
  /** The ctxkit version announced to clients. */
  version: string;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  /** Where server-side problems are logged (never stdout: that is the protocol channel). */
  stderr: NodeJS.WritableStream;
}

const SERVER_INSTRUCTIONS =
  'ctxkit serves one repository. Start with repo_map to see its ranked symbols, read exact line ranges ' +
  'with read, count_tokens before sending large text. Paths are relative to the repository root.';

/**
 * Run a tool and turn any failure into a tool error the client can show the model: a bad request
 * (UserError, missing file) says what was wrong; anything else is reported as an internal error,
 * the server stays up either way.
 */
export async function callTool(
  tool: ToolDefinition,
  input: unknown,
  context: ToolContext,
): Promise<CallToolResult> {
  try {
    const output = await tool.run(input as never, context);
    return {
      content: [{ type: 'text', text: output.text }],
      ...(output.structured ? { structuredContent: output.structured } : {}),
    };
  } catch (error) {
    const userError = asUserError(error);
    const message = userError
      ? userError.message
      : `internal error in ${tool.name}: ${error instanceof Error ? error.message : String(error)}`;
    return { isError: true, content: [{ type: 'text', text: errorExcerpt(message) }] };
  }
}

/**
 * Serve ctxkit's tools over MCP on the given streams until the client closes its end. The SDK is
 * loaded here, not at startup, so other subcommands do not pay for it.
 */
export async function serveMcp(options: McpServeOptions): Promise<void> {
  const [{ McpServer }, { StdioServerTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const server = new McpServer(
    { name: 'ctxkit', version: options.version },
    { instructions: SERVER_INSTRUCTIONS },
  );
  const context: ToolContext = {
    root: options.root,
    config: options.config,
    ...(options.allowIgnored ? { allowIgnored: true } : {}),
    ...(options.trace ? { trace: options.trace } : {}),
    // One server, one repository, many calls: the cache one call read is the next call's.
    scanCacheMemory: createScanCacheMemory(),
  };
  // Calls still running when the client closes its end are answered before the server stops: a
  // client may write its requests and close stdin at once (`… | ctxkit mcp`).
  let running = 0;
  let whenIdle: (() => void) | undefined;
  const tracked = async (tool: ToolDefinition, input: unknown): Promise<CallToolResult> => {
    running++;
    try {
      return await callTool(tool, input, context);
    } finally {
      running--;
      if (running === 0) whenIdle?.();
    }
  };
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (input: unknown) => tracked(tool, input),
    );
  }
  const transport = new StdioServerTransport(
    options.stdin as import('node:stream').Readable,
    options.stdout as import('node:stream').Writable,
  );
  // A malformed line gets its JSON-RPC error and one line on stderr; the session goes on.
  transport.onerror = (error) => {
    const answer = answerTransportError(error);
    if (answer.response) void transport.send(answer.response as unknown as JSONRPCMessage).catch(() => {});
    options.stderr.write(`ctxkit mcp: ${answer.note}\n`);
  };
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    // The client closing our stdin is the end of the session, once every call has its answer
    // (the SDK writes it a turn after the tool returns).
    let ending = false;
    const end = () => {
      if (ending) return;
      ending = true;
      const close = () => setImmediate(() => void server.close());
      if (running === 0) close();
      else whenIdle = close;
    };
    options.stdin.once('end', end);
    options.stdin.once('close', end);
  });
  await server.connect(transport);
  await closed;
}
