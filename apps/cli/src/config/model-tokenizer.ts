import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type BudgetTokenizer, type ModelProfile, measureTemplateTokens } from '@ctxkit/context';
import {
  createTokenizer,
  ENCODINGS,
  type Encoding,
  findOllamaModel,
  ggufChatTemplate,
  readGgufMetadata,
  type Tokenizer,
} from '@ctxkit/tokenize';
import { UserError } from '../errors.js';

/** The tokenizer a budget and pack count with, and what the budget block says about it. */
export interface ModelTokenizer {
  /** Counts the pack. */
  tokenizer: Tokenizer;
  /** For `computeBudget`: name, exactness, the chat template's measured scaffolding. */
  budget: BudgetTokenizer;
  /** Where it came from: a file, an Ollama blob, or the bundled encoding (and why). */
  source: string;
}

/** Ollama's store: `OLLAMA_MODELS` when set, else `~/.ollama/models`, as Ollama itself looks. */
export function ollamaModelsDirectory(): string {
  return process.env.OLLAMA_MODELS || join(homedir(), '.ollama', 'models');
}

/**
 * The tokenizer for `profile` (asked for as `query`): `spec` (from `--tokenizer`), else the profile's
 * `tokenizer` — `ollama` looks the model up in the Ollama store, a path loads that tokenizer.json or
 * GGUF, an encoding name counts with it exactly. Without one, or when the Ollama model is not pulled,
 * the profile's bundled encoding counts approximately, as before. A configured path that cannot be
 * loaded is a user error, never a silent fallback.
 */
export function resolveModelTokenizer(
  profile: ModelProfile,
  query: string,
  cwd: string,
  spec: string | undefined = profile.tokenizer,
): ModelTokenizer {
  const approximate = (why: string): ModelTokenizer => ({
    tokenizer: createTokenizer({ encoding: profile.encoding }),
    budget: { name: profile.encoding, exact: false },
    source: why,
  });
  if (spec === undefined) {
    // Hosted models without a tokenizer (Claude, Gemini) publish none: the count is an estimate,
    // which provider-reported usage corrects (createCalibration in @ctxkit/tokenize).
    return approximate(
      profile.hosting === 'hosted'
        ? `an estimate: ${profile.name} publishes no tokenizer; calibrate from provider-reported usage`
        : `bundled; no tokenizer configured for ${profile.name}`,
    );
  }
  if ((ENCODINGS as readonly string[]).includes(spec)) {
    const encoding = spec as Encoding;
    return {
      tokenizer: createTokenizer({ encoding }),
      budget: { name: encoding, exact: encoding !== 'estimate' },
      source: `${encoding}, bundled`,
    };
  }
  if (spec === 'ollama') {
    const directory = ollamaModelsDirectory();
    const names = [...new Set([query, profile.name])];
    for (const name of names) {
      const found = findOllamaModel(name, directory);
      if (!found) continue;
      const metadata = readGgufMetadata(found.gguf);
      const modelName = metadata.values.get('general.name');
      const tokenizer = load(found.gguf, () =>
        createTokenizer({
          gguf: metadata,
          name: `${typeof modelName === 'string' ? modelName : name} (Ollama GGUF)`,
        }),
      );
      const template = found.template ?? ggufChatTemplate(metadata);
      return {
        tokenizer,
        budget: exactBudget(tokenizer, template),
        source: `Ollama store: ${found.reference}`,
      };
    }
    return approximate(`bundled; ${names.join(' / ')} not in the Ollama store`);
  }
  const path = resolve(cwd, spec);
  if (!existsSync(path))
    throw new UserError(`tokenizer ${spec}: no such file (expected a tokenizer.json or .gguf)`);
  if (path.endsWith('.gguf')) {
    const metadata = load(spec, () => readGgufMetadata(path));
    const tokenizer = load(spec, () => createTokenizer({ gguf: metadata }));
    return { tokenizer, budget: exactBudget(tokenizer, ggufChatTemplate(metadata)), source: path };
  }
  const tokenizer = load(spec, () =>
    createTokenizer({ tokenizerJson: path, name: `${profile.name} (tokenizer.json)` }),
  );
  return { tokenizer, budget: exactBudget(tokenizer, tokenizerConfigTemplate(path)), source: path };
}

function exactBudget(tokenizer: Tokenizer, template: string | undefined): BudgetTokenizer {
  return {
    name: tokenizer.name,
    exact: true,
    ...(template
      ? {
          templateTokens: measureTemplateTokens(template, (text) =>
            tokenizer.count(text, { allowedSpecial: 'all' }),
          ),
        }
      : {}),
  };
}

/** The chat template of the tokenizer_config.json beside a tokenizer.json, if there is one. */
function tokenizerConfigTemplate(tokenizerJsonPath: string): string | undefined {
  const path = join(dirname(tokenizerJsonPath), 'tokenizer_config.json');
  if (!existsSync(path)) return undefined;
  try {
    const template = (JSON.parse(readFileSync(path, 'utf8')) as { chat_template?: unknown }).chat_template;
    return typeof template === 'string' ? template : undefined;
  } catch {
    return undefined;
  }
}

/** Run a loader; its errors (unsupported component, malformed file) become one-line user errors. */
function load<T>(what: string, loader: () => T): T {
  try {
    return loader();
  } catch (error) {
    throw new UserError(`tokenizer ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
