import type { BpeDefinition, DefinedAddedToken, PreTokenizeStep, TextTransform } from './bpe-definition.js';
import { translateSplitPattern } from './split-pattern.js';
import { InvalidTokenizerError, UnsupportedTokenizerError } from './tokenizer-errors.js';

/**
 * The parts of a Hugging Face tokenizer.json this package reads. Every other component is rejected by
 * name (see {@link parseTokenizerJson}); nothing is approximated.
 */
export interface TokenizerJson {
  /** The tokenization model: only `BPE`. */
  model: {
    type: string;
    vocab: Record<string, number>;
    /** `"left right"` strings (older files) or `[left, right]` pairs, in rank order. */
    merges: (string | [string, string])[];
    byte_fallback?: boolean;
    ignore_merges?: boolean;
    unk_token?: string | null;
    dropout?: number | null;
    continuing_subword_prefix?: string | null;
    end_of_word_suffix?: string | null;
    fuse_unk?: boolean;
  };
  normalizer?: TokenizerJsonComponent | null;
  pre_tokenizer?: TokenizerJsonComponent | null;
  decoder?: TokenizerJsonComponent | null;
  added_tokens?: {
    id: number;
    content: string;
    special?: boolean;
    normalized?: boolean;
    lstrip?: boolean;
    rstrip?: boolean;
    single_word?: boolean;
  }[];
}

/** A normalizer, pre-tokenizer or decoder entry: a `type` and its settings. */
export interface TokenizerJsonComponent {
  type: string;
  [setting: string]: unknown;
}

const SUPPORTED_NORMALIZERS = 'NFC, NFD, NFKC, NFKD, Lowercase, Prepend, Replace, Sequence';
const SUPPORTED_PRE_TOKENIZERS = 'Split, ByteLevel, Metaspace (split: false), Sequence';

/**
 * The {@link BpeDefinition} of a parsed tokenizer.json. `source` names it in errors (a path, or
 * `tokenizerJson`). Throws {@link UnsupportedTokenizerError} for a component that is not implemented
 * exactly and {@link InvalidTokenizerError} for a malformed file.
 */
export function parseTokenizerJson(json: unknown, source = 'tokenizerJson'): BpeDefinition {
  const invalid = (field: string, detail: string): never => {
    throw new InvalidTokenizerError(source, field, detail);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    invalid('(root)', 'expected a tokenizer.json object');
  const file = json as TokenizerJson;
  const model = file.model;
  if (typeof model !== 'object' || model === null) invalid('model', 'missing');
  if (model.type !== 'BPE') {
    throw new UnsupportedTokenizerError(
      'model.type',
      `${JSON.stringify(model.type)} in ${source}; only BPE models are supported (Unigram and WordPiece are not)`,
    );
  }
  if (model.dropout !== undefined && model.dropout !== null && model.dropout !== 0)
    throw new UnsupportedTokenizerError('model.dropout', `${model.dropout} in ${source}; dropout is random`);
  for (const field of ['continuing_subword_prefix', 'end_of_word_suffix'] as const) {
    const value = model[field];
    if (value !== undefined && value !== null && value !== '')
      throw new UnsupportedTokenizerError(`model.${field}`, `${JSON.stringify(value)} in ${source}`);
  }
  if (typeof model.vocab !== 'object' || model.vocab === null) invalid('model.vocab', 'expected an object');
  if (!Array.isArray(model.merges)) invalid('model.merges', 'expected an array');

  const entries: (string | undefined)[] = [];
  for (const [entry, id] of Object.entries(model.vocab)) {
    if (!Number.isSafeInteger(id) || id < 0 || id >= 1 << 24)
      invalid(`model.vocab[${JSON.stringify(entry)}]`, `expected a token id, found ${JSON.stringify(id)}`);
    entries[id] = entry;
  }
  const merges = model.merges.map((merge, rank): readonly [string, string] => {
    if (Array.isArray(merge) && merge.length === 2) return [String(merge[0]), String(merge[1])];
    if (typeof merge === 'string') {
      const space = merge.indexOf(' ', 1);
      if (space > 0) return [merge.slice(0, space), merge.slice(space + 1)];
    }
    return invalid(
      `model.merges[${rank}]`,
      `expected "left right" or [left, right], found ${JSON.stringify(merge)}`,
    );
  });

  const normalize = file.normalizer ? normalizers(file.normalizer, 'normalizer', source) : [];
  const pre = preTokenizers(file.pre_tokenizer ?? null, 'pre_tokenizer', source);
  const addedTokens = (file.added_tokens ?? []).map((token, index): DefinedAddedToken => {
    if (typeof token?.content !== 'string' || !Number.isSafeInteger(token.id))
      invalid(`added_tokens[${index}]`, 'expected { id, content }');
    if (token.single_word)
      throw new UnsupportedTokenizerError(
        `added_tokens[${index}].single_word`,
        `true for ${JSON.stringify(token.content)} in ${source}`,
      );
    const special = token.special ?? false;
    return {
      content: token.content,
      id: token.id,
      special,
      // As in the reference: matched after normalization only when there is a normalizer.
      normalized: (token.normalized ?? !special) && normalize.length > 0,
      lstrip: token.lstrip ?? false,
      rstrip: token.rstrip ?? false,
    };
  });
  const decoder = decoderSettings(file.decoder ?? null, source);
  return {
    source,
    symbols: pre.byteLevel ? 'bytes' : 'characters',
    entries,
    merges,
    addedTokens,
    normalize,
    preTokenize: pre.steps,
    addPrefixSpace: pre.addPrefixSpace,
    ignoreMerges: model.ignore_merges ?? false,
    byteFallback: model.byte_fallback ?? false,
    ...(model.unk_token ? { unknownToken: model.unk_token } : {}),
    decodeStripLeadingSpaces: decoder.stripLeadingSpaces,
    ...(decoder.unsupported ? { decodeUnsupported: decoder.unsupported } : {}),
  };
}

function unsupported(component: string, value: unknown, source: string, supported: string): never {
  throw new UnsupportedTokenizerError(
    component,
    `${JSON.stringify(value)} in ${source}; supported: ${supported}`,
  );
}

function patternOf(component: TokenizerJsonComponent, where: string, source: string): RegExp {
  const pattern = component.pattern as { String?: unknown; Regex?: unknown } | undefined;
  if (typeof pattern?.String === 'string') {
    return new RegExp(pattern.String.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'), 'gu');
  }
  if (typeof pattern?.Regex === 'string')
    return translateSplitPattern(pattern.Regex, `${where}.pattern (${source})`);
  throw new InvalidTokenizerError(source, `${where}.pattern`, 'expected { String } or { Regex }');
}

function normalizers(component: TokenizerJsonComponent, where: string, source: string): TextTransform[] {
  switch (component.type) {
    case 'Sequence': {
      const steps = component.normalizers;
      if (!Array.isArray(steps))
        throw new InvalidTokenizerError(source, `${where}.normalizers`, 'expected an array');
      return steps.flatMap((step, index) =>
        normalizers(step as TokenizerJsonComponent, `${where}.normalizers[${index}]`, source),
      );
    }
    case 'NFC':
    case 'NFD':
    case 'NFKC':
    case 'NFKD': {
      const form = component.type;
      return [(text) => text.normalize(form)];
    }
    case 'Lowercase':
      return [(text) => text.toLowerCase()];
    case 'Prepend': {
      const prepend = String(component.prepend ?? '');
      return [(text) => (text.length === 0 ? text : prepend + text)];
    }
    case 'Replace': {
      const pattern = patternOf(component, where, source);
      const content = String(component.content ?? '');
      return [(text) => text.replace(pattern, () => content)];
    }
    default:
      return unsupported(`${where}.type`, component.type, source, SUPPORTED_NORMALIZERS);
  }
}

interface PreTokenizerSettings {
  steps: PreTokenizeStep[];
  byteLevel: boolean;
  addPrefixSpace: boolean;
}

const SPLIT_BEHAVIORS: Record<string, (PreTokenizeStep & { kind: 'split' })['behavior']> = {
  Isolated: 'isolated',
  Removed: 'removed',
  MergedWithPrevious: 'merged-with-previous',
  MergedWithNext: 'merged-with-next',
};

/** GPT-2's split, which ByteLevel applies itself when `use_regex` is true. */
const BYTE_LEVEL_PATTERN =
  "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";

function preTokenizers(
  component: TokenizerJsonComponent | null,
  where: string,
  source: string,
): PreTokenizerSettings {
  const settings: PreTokenizerSettings = { steps: [], byteLevel: false, addPrefixSpace: false };
  if (component === null) return settings;
  const visit = (step: TokenizerJsonComponent, at: string): void => {
    if (settings.byteLevel)
      throw new UnsupportedTokenizerError(
        at,
        `a pre-tokenizer after ByteLevel in ${source}; ByteLevel must come last`,
      );
    switch (step.type) {
      case 'Sequence': {
        const list = step.pretokenizers;
        if (!Array.isArray(list))
          throw new InvalidTokenizerError(source, `${at}.pretokenizers`, 'expected an array');
        for (const [index, inner] of list.entries()) {
          visit(inner as TokenizerJsonComponent, `${at}.pretokenizers[${index}]`);
        }
        return;
      }
      case 'Split': {
        if (step.invert === true) throw new UnsupportedTokenizerError(`${at}.invert`, `true in ${source}`);
        const behavior = SPLIT_BEHAVIORS[String(step.behavior)];
        if (!behavior)
          unsupported(`${at}.behavior`, step.behavior, source, Object.keys(SPLIT_BEHAVIORS).join(', '));
        settings.steps.push({
          kind: 'split',
          pattern: patternOf(step, at, source),
          behavior: behavior as 'isolated',
        });
        return;
      }
      case 'ByteLevel':
        if (step.use_regex !== false) {
          settings.steps.push({
            kind: 'split',
            pattern: translateSplitPattern(BYTE_LEVEL_PATTERN, `${at} (${source})`),
            behavior: 'isolated',
          });
        }
        settings.byteLevel = true;
        settings.addPrefixSpace = step.add_prefix_space === true;
        return;
      case 'Metaspace': {
        if (step.split === true)
          throw new UnsupportedTokenizerError(
            `${at}.split`,
            `true in ${source}; only Metaspace without splitting is supported`,
          );
        const scheme = String(step.prepend_scheme ?? (step.add_prefix_space === false ? 'never' : 'always'));
        if (scheme !== 'always' && scheme !== 'first' && scheme !== 'never')
          unsupported(`${at}.prepend_scheme`, scheme, source, 'always, first, never');
        settings.steps.push({
          kind: 'metaspace',
          replacement: String(step.replacement ?? '\u2581'),
          prepend: scheme as 'always',
        });
        return;
      }
      default:
        unsupported(`${at}.type`, step.type, source, SUPPORTED_PRE_TOKENIZERS);
    }
  };
  visit(component, where);
  const metaspace = settings.steps.findIndex((step) => step.kind === 'metaspace');
  if (metaspace >= 0 && metaspace !== settings.steps.length - 1)
    throw new UnsupportedTokenizerError(where, `Metaspace followed by other pre-tokenizers in ${source}`);
  return settings;
}

function decoderSettings(
  component: TokenizerJsonComponent | null,
  source: string,
): { stripLeadingSpaces: number; unsupported?: string } {
  if (component === null) return { stripLeadingSpaces: 0 };
  const steps =
    component.type === 'Sequence' && Array.isArray(component.decoders)
      ? (component.decoders as TokenizerJsonComponent[])
      : [component];
  let stripLeadingSpaces = 0;
  for (const step of steps) {
    switch (step.type) {
      case 'ByteLevel':
      case 'ByteFallback':
      case 'Fuse':
        break;
      case 'Replace':
      case 'Metaspace':
        // Both turn ▁ back into spaces, which decoding characters does anyway.
        break;
      case 'Strip':
        if (step.content !== ' ' || Number(step.stop ?? 0) !== 0)
          return { stripLeadingSpaces: 0, unsupported: `decoder Strip ${JSON.stringify(step)} in ${source}` };
        stripLeadingSpaces = Number(step.start ?? 0);
        break;
      default:
        return { stripLeadingSpaces: 0, unsupported: `decoder ${JSON.stringify(step.type)} in ${source}` };
    }
  }
  return { stripLeadingSpaces };
}
