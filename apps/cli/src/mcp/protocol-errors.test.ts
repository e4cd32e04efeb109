import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve.js';
import { answerTransportError, INVALID_REQUEST, PARSE_ERROR } from './protocol-errors.js';
import { serveMcp } from './server.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'ctxkit-mcp-protocol-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function collect(stream: PassThrough): () => string {
  let text = '';
  stream.on('data', (chunk) => {
    text += String(chunk);
  });
  return () => text;
}

describe('answerTransportError', () => {
  it('answers a non-JSON line with a parse error and anything else with one escaped line', () => {
    expect(answerTransportError(new SyntaxError('Unexpected token'))).toMatchObject({
      response: { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR } },
    });
    expect(
      answerTransportError(Object.assign(new Error('[\n  {\n    "code": "invalid_union"'), { issues: [] })),
    ).toMatchObject({ response: { error: { code: INVALID_REQUEST } } });
    expect(answerTransportError(new Error('first\nsecond\x1b'))).toEqual({ note: 'first' });
  });
});

describe('ctxkit mcp on malformed input', () => {
  it('answers with JSON-RPC errors, one stderr line each, and keeps serving', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const out = collect(stdout);
    const err = collect(stderr);
    const serving = serveMcp({
      root,
      config: resolveConfig({ root, config: {} }, {}),
      version: '0.0.0',
      stdin,
      stdout,
      stderr,
    });
    stdin.write('this is not json\n');
    stdin.write('{"hello": "world"}\n');
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    stdin.end();
    await serving;
    const responses = out()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(responses).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: not JSON' } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' },
      },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
    expect(err()).toBe(
      'ctxkit mcp: ignored a line that is not JSON (answered -32700 parse error)\n' +
        'ctxkit mcp: ignored a JSON line that is not a JSON-RPC 2.0 message (answered -32600 invalid request)\n',
    );
  });
});
