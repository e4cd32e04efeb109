import { describe, expect, it } from 'vitest';
import { toAiSdk } from './adapters/ai-sdk.js';
import { toAnthropic } from './adapters/anthropic.js';
import { fromProvider, toProvider } from './adapters/index.js';
import { toOpenAI } from './adapters/openai.js';
import { compact } from './compact.js';
import { buildDigest, renderDigest } from './digest.js';
import { planCompaction } from './plan.js';
import { repair } from './repair.js';
import type { Message, Provider } from './types.js';
import { validate } from './validate.js';

// A caller's mistake is a clear error naming the option, never a silent no-op or lost text.

const transcript: Message[] = [
  { role: 'user', text: 'first task '.repeat(200) },
  { role: 'assistant', text: 'done '.repeat(200) },
  { role: 'user', text: 'second task '.repeat(200) },
  { role: 'assistant', text: 'done again '.repeat(200) },
  { role: 'user', text: 'latest' },
];

describe('compaction options', () => {
  it('rejects keepTurns and keepFraction that would silently turn cutting off', async () => {
    for (const keepTurns of [Number.NaN, 1.5, -1, Number.POSITIVE_INFINITY]) {
      await expect(compact(transcript, { budget: 1000, keepTurns })).rejects.toThrow(
        /^compact: keepTurns must be a whole number ≥ 0, found/,
      );
    }
    for (const keepFraction of [Number.NaN, -1]) {
      await expect(compact(transcript, { budget: 1000, keepFraction })).rejects.toThrow(
        /^compact: keepFraction/,
      );
    }
    expect(() => planCompaction({ messages: transcript }, { budget: Number.NaN })).toThrow(
      /^planCompaction: budget must be a positive number of tokens, found NaN$/,
    );
  });

  it('rejects a target above the trigger', async () => {
    await expect(compact(transcript, { budget: 1000, trigger: 0.5, target: 0.9 })).rejects.toThrow(
      'compact: target must be at most trigger (0.5), found 0.9',
    );
  });

  it('rejects a summary that is not text', async () => {
    const summarize = async () => undefined as unknown as string;
    const long: Message[] = Array.from({ length: 12 }, (_, turn): Message[] => [
      { role: 'user', text: `task ${turn} `.repeat(100) },
      { role: 'assistant', text: `answer ${turn} `.repeat(100) },
    ]).flat();
    long.push({ role: 'user', text: 'latest' });
    await expect(compact(long, { budget: 1500, keepTurns: 0, summarize })).rejects.toThrow(
      'compact: summarize must return the summary text, found undefined',
    );
  });

  it('rejects a digest limit that is not a whole number', () => {
    const digest = buildDigest(transcript, {});
    for (const maxTokens of [Number.NaN, -1, 2.5]) {
      expect(() => renderDigest(digest, { maxTokens })).toThrow(
        /^renderDigest: maxTokens must be a whole number/,
      );
    }
  });
});

describe('providers and roles', () => {
  it('names an unknown provider instead of treating it as another', () => {
    const gemini = 'gemini' as Provider;
    expect(() => toProvider(transcript, gemini)).toThrow(
      'toProvider: provider must be one of openai, anthropic, ai-sdk, found the string "gemini"',
    );
    expect(() => fromProvider([], gemini)).toThrow(/^fromProvider: provider must be one of/);
    expect(() => validate(transcript, gemini)).toThrow(/^validate: provider must be one of/);
    expect(() => repair(transcript, gemini)).toThrow(/^repair: provider must be one of/);
  });

  it('never writes a message of an unknown role as another role', () => {
    const wizard = [
      { role: 'user', text: 'a' },
      { role: 'wizard', text: 'important' },
    ] as unknown as Message[];
    for (const write of [toOpenAI, toAiSdk, toAnthropic]) {
      expect(() => write(wizard)).toThrow(
        /message 1 has role "wizard"; expected system, user, assistant or tool$/,
      );
    }
    expect(validate(wizard, 'openai').map((violation) => [violation.kind, violation.index])).toEqual([
      ['malformed', 1],
    ]);
    expect(() => repair(wizard, 'openai')).toThrow(/^repair: message 1 has role "wizard"/);
  });
});
