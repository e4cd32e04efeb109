import type { Message } from '@ctxkit/compact';
import { describe, expect, it } from 'vitest';
import { assemble, NoInstructionsError, type Session } from './assemble.js';

const history: Message[] = [
  { role: 'user', text: 'Rename parseHeader to parseHeaderLine.' },
  {
    role: 'assistant',
    text: 'Reading the file first.',
    toolCalls: [{ id: 'call_1', name: 'read', input: { path: 'src/parse.ts' } }],
  },
  { role: 'tool', toolResult: { callId: 'call_1', content: 'export function parseHeader() {}' } },
];

const session: Session = {
  instructions: 'You are a careful coding agent.\nEdit only what the task needs.\n',
  tools: [
    {
      name: 'read',
      description: 'Read a file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' }, offset: { type: 'integer' } } },
    },
    { name: 'edit', description: 'Replace text in a file.', inputSchema: { type: 'object' } },
  ],
  summary: 'Earlier: the user asked for a rename; tests live in test/.',
  history,
};

function reverseKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>).reverse();
  return Object.fromEntries(entries.map(([key, entry]) => [key, reverseKeys(entry)]));
}

describe('assemble', () => {
  it('collapses instructions, tools and summary into one system message, then the history (golden)', async () => {
    const messages = assemble(session);
    expect(messages).toHaveLength(1 + history.length);
    expect(messages.slice(1)).toEqual(history);
    expect(messages[0]?.role).toBe('system');
    await expect(messages[0]?.text).toMatchFileSnapshot('__goldens__/assemble-system.txt');
    await expect(JSON.stringify(messages, null, 2)).toMatchFileSnapshot('__goldens__/assemble-messages.json');
  });

  it('is byte-stable, whatever the key order of a tool schema', () => {
    const reordered: Session = {
      ...session,
      tools: session.tools?.map((tool) => ({
        inputSchema: reverseKeys(tool.inputSchema),
        description: tool.description,
        name: tool.name,
      })),
    };
    expect(JSON.stringify(assemble(reordered))).toBe(JSON.stringify(assemble(session)));
    expect(JSON.stringify(assemble(session))).toBe(JSON.stringify(assemble(structuredClone(session))));
  });

  it('leaves out empty blocks and does not mutate the session', () => {
    const frozen = structuredClone({ instructions: 'Doctrine.', history });
    const messages = assemble(frozen);
    expect(messages[0]).toEqual({ role: 'system', text: 'Doctrine.' });
    expect(frozen).toEqual({ instructions: 'Doctrine.', history });
  });

  it('refuses a session without instructions', () => {
    expect(() => assemble({ instructions: '  \n', history })).toThrow(NoInstructionsError);
    expect(() => assemble({ instructions: '', history })).toThrow('the session has no instructions');
  });
});
