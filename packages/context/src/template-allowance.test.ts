import { describe, expect, it } from 'vitest';
import { measureTemplateTokens } from './template-allowance.js';

const words = (text: string): number => text.split(/(?=<)|\s+/).filter((part) => part.length > 0).length;

describe('measureTemplateTokens', () => {
  it('counts the literal scaffolding of a Jinja template, not its logic or messages', () => {
    const jinja =
      "{%- for message in messages %}{{- '<|im_start|>' + message.role + '\\n' }}{{ message.content }}{{- '<|im_end|>\\n' }}{%- endfor %}{# a comment #}{%- if add_generation_prompt %}<|im_start|>assistant\n{%- endif %}";
    const seen: string[] = [];
    const tokens = measureTemplateTokens(jinja, (text) => {
      seen.push(text);
      return words(text);
    });
    expect(seen).toEqual(['<|im_start|>', '\n', '<|im_end|>\n', '<|im_start|>assistant\n']);
    expect(tokens).toBe(3);
  });

  it('reads Go templates (Ollama) the same way', () => {
    const go = '{{- if .System }}<|system|>\n{{ .System }}{{ end }}<|user|>\n{{ .Prompt }}<|assistant|>\n';
    expect(measureTemplateTokens(go, words)).toBe(3);
  });
});
