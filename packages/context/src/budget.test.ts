import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBudget, MIN_PACK_TOKENS } from './budget.js';
import type { ModelProfile } from './profile-types.js';
import { resolveProfile } from './profiles.js';

const qwen = resolveProfile('qwen2.5-coder:7b').profile;

describe('computeBudget', () => {
  it('reports every term for a 32K local model', () => {
    expect(computeBudget({ profile: qwen })).toEqual({
      model: 'qwen2.5-coder:7b',
      window: 32_768,
      reserveSystem: 500,
      reserveTools: 900,
      reserveResponse: 2_048,
      slackPercent: 10,
      slack: 3_276,
      slackTokenizer: 3_020,
      slackTemplate: 256,
      tokenizer: { name: 'cl100k_base', exact: false, templateMeasured: false },
      reserved: 6_724,
      packSpace: 26_044,
      role: 'implement',
      roleShare: 1,
      excerpts: 'bodies',
      roleTokens: 26_044,
      minPackTokens: 512,
      floorApplied: false,
      starved: false,
      available: 26_044,
    });
  });

  it('drops the tokenizer part of the slack when the pack is counted exactly', () => {
    const exact = computeBudget({ profile: qwen, tokenizer: { name: 'Qwen2.5 (Ollama GGUF)', exact: true } });
    expect(exact).toMatchObject({
      slack: 256,
      slackTokenizer: 0,
      slackTemplate: 256,
      slackPercent: 0.78,
      tokenizer: { name: 'Qwen2.5 (Ollama GGUF)', exact: true, templateMeasured: false },
      available: 26_044 + 3_276 - 256,
    });
    const measured = computeBudget({
      profile: qwen,
      tokenizer: { name: 'q', exact: true, templateTokens: 120 },
    });
    expect(measured).toMatchObject({ slack: 120, slackTemplate: 120, tokenizer: { templateMeasured: true } });
    // An approximate tokenizer keeps today's slack; a given percentage always wins.
    expect(computeBudget({ profile: qwen, tokenizer: { name: 'cl100k_base', exact: false } }).slack).toBe(
      3_276,
    );
    const given = computeBudget({
      profile: qwen,
      tokenizer: { name: 'q', exact: true },
      overrides: { slackPercent: 5 },
    });
    expect(given).toMatchObject({ slack: 1_638, slackTokenizer: 1_382, slackTemplate: 256 });
  });

  it('applies the per-role share and the role excerpt mode', () => {
    expect(computeBudget({ profile: qwen, role: 'review' })).toMatchObject({
      roleShare: 0.7,
      available: 18_230,
    });
    expect(computeBudget({ profile: qwen, role: 'explore' })).toMatchObject({
      available: 13_022,
      excerpts: 'signatures',
    });
    expect(computeBudget({ profile: qwen, role: 'summarize' }).available).toBe(10_417);
  });

  it('takes the response reserve from the profile and lets every term be overridden', () => {
    const gpt4o = resolveProfile('gpt-4o').profile;
    expect(computeBudget({ profile: gpt4o }).reserveResponse).toBe(16_384);
    const budget = computeBudget({
      profile: qwen,
      role: 'triage',
      overrides: {
        contextWindow: 16_384,
        reserveSystem: 1_000,
        reserveTools: 0,
        reserveResponse: 1_024,
        slackPercent: 5,
        roles: { triage: { share: 0.25, excerpts: 'signatures' } },
      },
    });
    expect(budget).toMatchObject({
      window: 16_384,
      slack: 819,
      reserved: 2_843,
      packSpace: 13_541,
      available: 3_385,
    });
  });

  it('raises a small share to the floor, never past the space the reserves leave', () => {
    const small: ModelProfile = { ...qwen, contextWindow: 6_000 };
    // 6000 − 500 − 900 − 2048 − 600 = 1952; × 0.4 = 780 (no floor), but × 0.2 = 390 → 512.
    expect(computeBudget({ profile: small, role: 'summarize' })).toMatchObject({
      available: 780,
      floorApplied: false,
    });
    const floored = computeBudget({
      profile: small,
      role: 'tiny',
      overrides: { roles: { tiny: { share: 0.2 } } },
    });
    expect(floored).toMatchObject({
      roleTokens: 390,
      available: MIN_PACK_TOKENS,
      floorApplied: true,
      starved: false,
    });
    const tiny: ModelProfile = { ...qwen, contextWindow: 4_096 };
    expect(computeBudget({ profile: tiny })).toMatchObject({ packSpace: 239, available: 239, starved: true });
  });

  it('rejects unknown roles and invalid terms with what was expected', () => {
    expect(() => computeBudget({ profile: qwen, role: 'chef' })).toThrow(
      'budget: role must be one of explore, implement, review, summarize, found the string "chef"',
    );
    expect(() => computeBudget({ profile: qwen, overrides: { reserveTools: -1 } })).toThrow(
      'budget: reserveTools must be a non-negative integer, found -1',
    );
    expect(() => computeBudget({ profile: qwen, overrides: { roles: { review: { share: 1.5 } } } })).toThrow(
      'budget: roles.review.share must be a share in (0, 1], found 1.5',
    );
  });

  it('holds its invariants for any window, reserves and share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (window, system, tools, response, slackPercent, share) => {
          const budget = computeBudget({
            profile: { ...qwen, contextWindow: window },
            role: 'custom',
            overrides: {
              reserveSystem: system,
              reserveTools: tools,
              reserveResponse: response,
              slackPercent,
              roles: { custom: { share } },
            },
          });
          const space = window - system - tools - response - Math.floor((window * slackPercent) / 100);
          expect(budget.available).toBeGreaterThanOrEqual(0);
          expect(budget.available).toBeLessThanOrEqual(Math.max(0, space));
          expect(budget.packSpace).toBe(Math.max(0, space));
          const shareTokens = Math.floor(budget.packSpace * share);
          expect(budget.floorApplied).toBe(shareTokens < MIN_PACK_TOKENS && budget.packSpace > shareTokens);
          expect(budget.available).toBe(
            budget.floorApplied ? Math.min(MIN_PACK_TOKENS, budget.packSpace) : shareTokens,
          );
          expect(budget.starved).toBe(budget.packSpace < MIN_PACK_TOKENS);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
