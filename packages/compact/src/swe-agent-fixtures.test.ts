import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromOpenAI, toOpenAI } from './adapters/openai.js';
import { compact } from './compact.js';
import { buildDigest } from './digest.js';
import { elideForRequest } from './elide.js';
import { repair } from './repair.js';
import { countTranscriptTokens } from './tokens.js';
import { findLatestUserIndex } from './turns.js';
import type { Message } from './types.js';
import { validate } from './validate.js';

const directory = join(import.meta.dirname, '__fixtures__', 'swe-agent');
const fixtures = readdirSync(directory)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, raw: JSON.parse(readFileSync(join(directory, name), 'utf8')) as unknown }));

describe('real SWE-agent transcripts', () => {
  it('has fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(4);
  });

  for (const { name, raw } of fixtures) {
    describe(name, () => {
      const messages = fromOpenAI(raw);

      it('converts losslessly and validates for every provider', () => {
        expect(toOpenAI(messages)).toEqual(raw);
        expect(validate(messages, 'openai')).toEqual([]);
        expect(validate(messages, 'ai-sdk')).toEqual([]);
        // SWE-agent's replayed demonstrations reuse call ids across steps: fine for OpenAI, a 400 from
        // Anthropic. repair() renames them (with their results) and nothing else.
        const anthropic = validate(messages, 'anthropic');
        expect(
          anthropic.every(
            (violation) => violation.kind === 'duplicate-call-id' || violation.kind === 'orphaned-result',
          ),
        ).toBe(true);
        const repaired = repair(messages, 'anthropic');
        expect(validate(repaired.messages, 'anthropic')).toEqual([]);
        expect(repaired.actions.every((action) => action.action === 'renamed')).toBe(true);
        expect(repaired.messages.length).toBe(messages.length);
      });

      // 1.19: the real session (76,311 tokens for a 64,000 window); 2: twice the window.
      for (const fill of [1.19, 2]) {
        it(`compacts at ${fill}× its budget to the target unless the protected parts alone exceed it`, async () => {
          const budget = Math.round(countTranscriptTokens(messages) / fill);
          const result = await compact(messages, { budget });
          const target = 0.5 * budget;
          if (result.after > target) expect(result.shortfall?.protectedTokens).toBeGreaterThan(target);
          else expect(result.shortfall).toBeUndefined();
          expect(validate(result.messages, 'openai')).toEqual([]);
          const latestUser = messages[findLatestUserIndex(messages)];
          expect(result.messages[findLatestUserIndex(result.messages)]).toEqual(latestUser);
          // Every edited file is still named, in the kept text or the digest.
          const kept = JSON.stringify(result.messages);
          for (const path of buildDigest(messages).filesEdited) expect(kept).toContain(path);
        });
      }

      it('stays valid and keeps the current turn through compaction and elision at every length', async () => {
        const total = countTranscriptTokens(messages);
        for (let length = 2; length <= messages.length; length++) {
          const prefix = messages.slice(0, length);
          const budget = Math.ceil(total / 2);
          const compacted = await compact(prefix, { budget });
          // The same problems as the prefix has (a call whose results are still to come), no new
          // ones; by kind and call, since a cut inside the task moves the messages after it.
          const problems = (list: readonly Message[]) =>
            validate(list, 'openai').map((violation) => `${violation.kind} ${violation.callId}`);
          expect(problems(compacted.messages)).toEqual(problems(prefix));
          expect(compacted.messages.at(-1)).toEqual(prefix.at(-1));
          const elided = elideForRequest(prefix, { window: budget });
          expect(validate(elided.messages, 'anthropic')).toEqual(validate(prefix, 'anthropic'));
        }
      });
    });
  }
});
