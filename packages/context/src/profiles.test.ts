import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, DEFAULT_PROFILE } from './builtin-profiles.js';
import {
  createProfileRegistry,
  DEFAULT_REGISTRY,
  normalizeModelName,
  parseModelSize,
  resolveProfile,
} from './profiles.js';

function resolved(name: string) {
  const { profile, rule, matched } = resolveProfile(name);
  return { name: profile.name, window: profile.contextWindow, rule, matched };
}

describe('resolveProfile', () => {
  it.each([
    ['qwen2.5-coder:7b', 'qwen2.5-coder:7b', 32_768, 'exact'],
    ['qwen2.5-coder:7b-instruct-q4_K_M', 'qwen2.5-coder:7b', 32_768, 'family'],
    ['Qwen/Qwen2.5-Coder-32B-Instruct-GGUF', 'qwen2.5-coder:32b', 32_768, 'family'],
    ['qwen2.5-coder', 'qwen2.5-coder:7b', 32_768, 'family'],
    ['qwen3-coder:30b-a3b-q4_K_M', 'qwen3-coder:30b', 262_144, 'family'],
    ['qwen3:8b', 'qwen3:8b', 40_960, 'exact'],
    ['meta-llama/Meta-Llama-3.1-8B-Instruct', 'llama3.1:8b', 131_072, 'family'],
    ['llama3:latest', 'llama3:8b', 8_192, 'family'],
    ['llama2:7b', 'llama2:7b', 4_096, 'exact'],
    ['TheBloke/Llama-2-13B-chat-GGUF', 'llama2:13b', 4_096, 'family'],
    ['qwen2:7b-instruct', 'qwen2:7b', 32_768, 'family'],
    ['tinyllama', 'tinyllama:1.1b', 2_048, 'family'],
    ['llama3.2:3b-instruct-fp16', 'llama3.2:3b', 131_072, 'family'],
    ['llama3.3', 'llama3.3:70b', 131_072, 'family'],
    ['deepseek-coder:6.7b-instruct', 'deepseek-coder:6.7b', 16_384, 'family'],
    ['deepseek-coder-v2:16b-lite-instruct-q4_0', 'deepseek-coder-v2:16b', 163_840, 'family'],
    ['codestral:22b-v0.1-q4_0', 'codestral:22b', 32_768, 'family'],
    ['mistral-small:22b', 'mistral-small:22b', 32_768, 'exact'],
    ['mistral-small', 'mistral-small:24b', 131_072, 'family'],
    ['mixtral:8x7b-instruct-v0.1-q4_0', 'mixtral:8x7b', 32_768, 'family'],
    ['mixtral:8x22b', 'mixtral:8x22b', 65_536, 'exact'],
    ['phi3:mini', 'phi3:3.8b', 4_096, 'family'],
    ['microsoft/Phi-3.5-mini-instruct', 'phi3.5:3.8b', 131_072, 'family'],
    ['phi4:14b-q8_0', 'phi4:14b', 16_384, 'family'],
    ['phi4-mini', 'phi4-mini:3.8b', 131_072, 'family'],
    ['gemma3:1b', 'gemma3:1b', 32_768, 'exact'],
    ['google/gemma-3-27b-it', 'gemma3:27b', 131_072, 'family'],
    ['gemma2:9b-instruct-q5_K_M', 'gemma2:9b', 8_192, 'family'],
    ['gemma:2b', 'gemma:2b', 8_192, 'exact'],
    ['gpt-4o', 'gpt-4o', 128_000, 'exact'],
    ['gpt-4o-2024-08-06', 'gpt-4o', 128_000, 'family'],
    ['gpt-4o-mini-2024-07-18', 'gpt-4o-mini', 128_000, 'family'],
    ['openai/gpt-4.1-mini', 'gpt-4.1-mini', 1_047_576, 'exact'],
    ['gpt-5.1', 'gpt-5', 400_000, 'family'],
    ['o3-mini-2025-01-31', 'o3-mini', 200_000, 'family'],
    ['o1-mini-2024-09-12', 'o1-mini', 128_000, 'family'],
    ['gpt-4-32k-0613', 'gpt-4-32k', 32_768, 'family'],
    ['mistral-large-latest', 'mistral-large', 131_072, 'family'],
    ['claude-3-5-sonnet-20241022', 'claude-3-5-sonnet', 200_000, 'family'],
    ['anthropic/claude-3.5-sonnet', 'claude-3-5-sonnet', 200_000, 'exact'],
    ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5', 200_000, 'family'],
    ['claude-opus-4-1-20250805', 'claude-opus-4-1', 200_000, 'family'],
    ['models/gemini-1.5-pro-002', 'gemini-1.5-pro', 2_097_152, 'family'],
    ['gemini-2.5-flash-preview-05-20', 'gemini-2.5-flash', 1_048_576, 'family'],
    ['acme-coder-13b', 'size:14b', 16_384, 'size'],
    ['tiny-thing:500m', 'size:1b', 8_192, 'size'],
    ['something-unheard-of', 'default', 8_192, 'default'],
  ])('%s → %s (%i, %s)', (query, name, window, rule) => {
    const result = resolved(query);
    expect(result).toMatchObject({ name, window, rule });
  });

  it('reports what matched', () => {
    expect(resolveProfile('qwen2.5-coder:7b-instruct-q4_K_M')).toMatchObject({
      query: 'qwen2.5-coder:7b-instruct-q4_K_M',
      rule: 'family',
      matched: 'qwen2.5-coder',
    });
    expect(resolveProfile('acme-coder-7b').matched).toBe('7b');
    expect(resolveProfile('nothing').profile).toBe(DEFAULT_PROFILE);
  });

  it('never matches a short family inside another word', () => {
    // "o3" must not match inside "qwen3-coder…" or "gemma" inside "gemma2b"-like names of other families.
    expect(resolveProfile('foo3-coder:30b').rule).toBe('size');
    expect(resolveProfile('llama3-1b-custom').profile.name).toBe('llama3:8b');
  });

  it('resolves every built-in profile to itself', () => {
    for (const profile of BUILTIN_PROFILES) {
      const result = resolveProfile(profile.name);
      expect({ query: profile.name, name: result.profile.name, rule: result.rule }).toEqual({
        query: profile.name,
        name: profile.name,
        rule: 'exact',
      });
    }
  });

  it('keeps built-in names unique after normalization', () => {
    const keys = BUILTIN_PROFILES.map((profile) => normalizeModelName(profile.name));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('resolves any string without throwing, to a usable profile', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const result = resolveProfile(name);
        expect(result.profile.contextWindow).toBeGreaterThan(result.profile.completionReserve);
        expect(['exact', 'family', 'size', 'default']).toContain(result.rule);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseModelSize', () => {
  it.each([
    ['qwen2.5-coder:7b-instruct', 7],
    ['deepseek-coder:6.7b', 6.7],
    ['mixtral:8x7b', 56],
    ['qwen3-coder:30b-a3b', 30],
    ['smollm2:135m', 0.135],
    ['Meta-Llama-3.1-70B-Instruct', 70],
    ['gpt-4o', undefined],
    ['llama3.1', undefined],
  ])('%s → %s', (name, size) => {
    expect(parseModelSize(name)).toBe(size);
  });
});

describe('createProfileRegistry', () => {
  const custom = {
    name: 'acme-coder:7b',
    family: 'acme-coder',
    sizeB: 7,
    contextWindow: 65_536,
    completionReserve: 4_096,
    encoding: 'cl100k_base' as const,
  };

  it('registers user profiles that resolve by name and by family', () => {
    const registry = DEFAULT_REGISTRY.register(custom);
    expect(resolveProfile('acme-coder:7b', registry)).toMatchObject({ rule: 'exact', profile: custom });
    expect(resolveProfile('acme-coder:7b-q4_0', registry)).toMatchObject({ rule: 'family', profile: custom });
    // The default registry is untouched.
    expect(resolveProfile('acme-coder:7b').rule).toBe('size');
  });

  it('replaces a profile of the same name in place', () => {
    const registry = DEFAULT_REGISTRY.register({ ...BUILTIN_PROFILES[0]!, contextWindow: 16_384 });
    expect(registry.profiles).toHaveLength(DEFAULT_REGISTRY.profiles.length);
    expect(resolveProfile(BUILTIN_PROFILES[0]!.name, registry).profile.contextWindow).toBe(16_384);
  });

  it('rejects invalid profiles with the field and value', () => {
    expect(() => createProfileRegistry([{ ...custom, contextWindow: 0 }])).toThrow(
      'model profile "acme-coder:7b": contextWindow must be a positive integer, found 0',
    );
    expect(() => createProfileRegistry([{ ...custom, completionReserve: 70_000 }])).toThrow(
      'completionReserve (70000) must be smaller than contextWindow (65536)',
    );
  });
});
