import { describe, expect, it } from 'vitest';
import { createTraceRecord } from './create-record.js';
import { formatTraceLine } from './format-line.js';

// The version-1 format, byte for byte: a change here is a change to every reader of a trace.
const pack = createTraceRecord({
  source: 'ctxkit pack',
  kind: 'pack',
  label: 'fix parseHeader',
  model: { name: 'qwen2.5-coder:7b', profile: 'qwen2.5-coder:7b', window: 32768 },
  tokenizer: { name: 'cl100k_base', exact: false },
  budget: {
    window: 32768,
    available: 26044,
    used: 40,
    reserves: { system: 500, tools: 900, response: 2048, slack: 3276 },
    dropped: { count: 1, tokens: 900 },
    truncated: { count: 0, tokens: 0 },
  },
  messages: [
    {
      role: 'user',
      name: 'files: src/header.ts',
      text: '<file path="src/header.ts">\n1 | x\n</file>',
      tokens: 30,
    },
    { role: 'user', name: 'task', text: '<task>\nfix parseHeader\n</task>\n', tokens: 10 },
  ],
  sections: [
    { kind: 'task', tokens: 10 },
    { kind: 'files', tokens: 30, items: [{ name: 'src/header.ts', tokens: 30 }] },
  ],
  files: [
    {
      path: 'src/header.ts',
      rank: 1,
      score: 0.25,
      reasons: ['definition'],
      matched: ['parseHeader'],
      mode: 'bodies',
      lines: '1',
      of: 1,
      outcome: 'included',
      tokens: 30,
    },
  ],
  dropped: [{ kind: 'files', name: 'src/big.ts', tokens: 900 }],
});

const chat = createTraceRecord(
  {
    source: '@ctxkit/ai-sdk',
    kind: 'chat',
    time: '2026-01-02T03:04:05.000Z',
    model: { name: 'model', window: 1000 },
    tokenizer: { name: 'estimate', exact: false },
    budget: { window: 1000, available: 1000, used: 25 },
    messages: [
      { role: 'system', text: 'agent', tokens: 5 },
      { role: 'system', text: '[ctxkit] Summary of the earlier conversation', tokens: 12 },
      { role: 'tool', name: 'bash', text: '← [c1] ok', tokens: 8 },
    ],
    sections: [
      { kind: 'system', tokens: 5 },
      { kind: 'summary', tokens: 12 },
      { kind: 'tool-results', tokens: 8, items: [{ name: 'bash', tokens: 8 }] },
    ],
    compaction: {
      before: 900,
      after: 25,
      budget: 1000,
      trigger: 0.8,
      target: 0.5,
      stages: [{ stage: 'cut', messages: [1, 2, 3], tokensAfter: 25, removed: 875 }],
      digest: {
        filesRead: ['src/a.ts'],
        filesEdited: [],
        commands: [{ command: 'make', status: 'exit 0' }],
        failedCalls: [],
        decisions: ['Fix the parser.'],
        droppedMessages: 3,
        toolCalls: 1,
      },
    },
  },
  { previous: pack, redact: true },
);

describe('formatTraceLine', () => {
  it('writes the version-1 format', async () => {
    await expect(formatTraceLine(pack) + formatTraceLine(chat)).toMatchFileSnapshot(
      '__goldens__/records.jsonl',
    );
  });
});
