import { escapeControls } from '@ctxkit/tokenize';

/** The JSON-RPC answer to a line that is not a message, with no id to answer to. */
export interface ProtocolErrorResponse {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string };
}

/** JSON-RPC's code for a line that is not JSON at all. */
export const PARSE_ERROR = -32700;
/** JSON-RPC's code for JSON that is not a request, notification or response. */
export const INVALID_REQUEST = -32600;

/**
 * What the server does about an error its stdio transport reports: for a line that is not JSON,
 * a JSON-RPC parse error (-32700); for JSON that is not a JSON-RPC message, an invalid request
 * (-32600) — each answered with `id: null`, as JSON-RPC asks when the id cannot be read — and
 * in every case one line for stderr. The SDK's own message for the second case is its whole
 * schema validation report, many lines long; a client author needs one.
 */
export function answerTransportError(error: unknown): { response?: ProtocolErrorResponse; note: string } {
  if (error instanceof SyntaxError) {
    return {
      response: { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error: not JSON' } },
      note: `ignored a line that is not JSON (answered ${PARSE_ERROR} parse error)`,
    };
  }
  if (isSchemaError(error)) {
    return {
      response: {
        jsonrpc: '2.0',
        id: null,
        error: { code: INVALID_REQUEST, message: 'Invalid Request: not a JSON-RPC 2.0 message' },
      },
      note: `ignored a JSON line that is not a JSON-RPC 2.0 message (answered ${INVALID_REQUEST} invalid request)`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { note: escapeControls(message.split('\n')[0] ?? '') };
}

/** A schema validation failure (zod's), recognised by shape: the SDK does not export its class. */
function isSchemaError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ZodError' || Array.isArray((error as { issues?: unknown }).issues))
  );
}
