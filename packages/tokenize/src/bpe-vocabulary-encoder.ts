import { AddedTokenMatcher } from './added-tokens.js';
import type { BpeDefinition, DefinedAddedToken, PreTokenizeStep } from './bpe-definition.js';
import { BYTE_TO_CHARACTER, characterToByte } from './byte-level.js';
import type { AllowedSpecial } from './byte-pair-encoder.js';
import { createPairTable, mergeSymbols, type PairTable } from './pair-merge.js';
import { hashPiece, PieceCache } from './piece-cache.js';
import { InvalidTokenizerError, UnsupportedTokenizerError } from './tokenizer-errors.js';
import { writeUtf8 } from './utf8.js';

/** log2 of the piece cache's sets, as for the OpenAI encodings. */
const CACHE_SET_BITS = 16;
/** Longer pieces are merged every time: they rarely repeat and would pin their text in memory. */
const MAX_CACHED_PIECE_LENGTH = 128;
const NO_TOKEN = -1;
/** SentencePiece's word mark, which stands for a space in characters-mode vocabularies. */
const WORD_MARK = '\u2581';

/**
 * The exact engine for one {@link BpeDefinition}: added tokens, then normalization, then
 * pre-tokenization into pieces, then byte-pair merging of each piece (cached), in the order and with
 * the semantics of the Hugging Face tokenizers.
 */
export class BpeVocabularyEncoder {
  /** Entry text by id, added tokens included. */
  readonly entries: readonly (string | undefined)[];
  /** Ordinary (model) tokens plus added tokens. */
  readonly size: number;
  private readonly vocabulary = new Map<string, number>();
  private readonly pairs: PairTable;
  /** Byte-level: the token of each byte. Characters: the `<0xXX>` token of each byte, or -1. */
  private readonly byteTokens = new Int32Array(256).fill(NO_TOKEN);
  /** Characters: the token of each single-character entry (BMP here, the rest in a map). */
  private readonly basicCharacterTokens = new Int32Array(0x10000).fill(NO_TOKEN);
  private readonly astralCharacterTokens = new Map<number, number>();
  private readonly unknownToken: number;
  private readonly rawMatcher: AddedTokenMatcher;
  private readonly normalizedMatcher: AddedTokenMatcher;
  private readonly cache = new PieceCache(CACHE_SET_BITS);
  private readonly addedIds: ReadonlySet<number>;
  private symbolScratch = new Int32Array(1024);
  private byteScratch = new Uint8Array(1024);
  private readonly encoder = new TextEncoder();
  /**
   * Characters mode: code points `a` such that some entry contains `a` directly followed by ▁. Before
   * any other ▁ no merge can ever join the two sides (a merge's result contains both characters), so a
   * SentencePiece word (often the whole text) is cut there into word-sized chunks that merge
   * independently and hit the cache.
   */
  private readonly joinsBeforeSpace = new Set<number>();

  constructor(readonly definition: BpeDefinition) {
    const { entries, merges, source } = definition;
    const all = entries.slice();
    for (const [id, entry] of entries.entries()) if (entry !== undefined) this.vocabulary.set(entry, id);
    for (const token of definition.addedTokens) all[token.id] = token.content;
    this.addedIds = new Set(definition.addedTokens.map((token) => token.id));
    this.entries = all;
    this.size = all.length;

    const lefts = new Int32Array(merges.length);
    const rights = new Int32Array(merges.length);
    const mergeRanks = definition.mergeRanks;
    const ranks = mergeRanks ? Int32Array.from(mergeRanks) : undefined;
    const rankCount = ranks ? ranks.reduce((most, rank) => Math.max(most, rank + 1), 0) : merges.length;
    const results = new Int32Array(rankCount);
    for (let index = 0; index < merges.length; index++) {
      const [left, right] = merges[index] as readonly [string, string];
      const leftId = this.vocabulary.get(left);
      const rightId = this.vocabulary.get(right);
      const resultId = this.vocabulary.get(left + right);
      if (leftId === undefined || rightId === undefined || resultId === undefined) {
        throw new InvalidTokenizerError(
          source,
          `merges[${index}]`,
          `${JSON.stringify(`${left} ${right}`)} names a token the vocabulary lacks`,
        );
      }
      lefts[index] = leftId;
      rights[index] = rightId;
      results[ranks ? (ranks[index] as number) : index] = resultId;
    }
    this.pairs = createPairTable(lefts, rights, results, ranks);

    if (definition.symbols === 'bytes') {
      for (let byte = 0; byte < 256; byte++) {
        this.byteTokens[byte] =
          this.vocabulary.get(String.fromCharCode(BYTE_TO_CHARACTER[byte] as number)) ?? NO_TOKEN;
      }
    } else {
      for (const [entry, id] of this.vocabulary) {
        const code = entry.codePointAt(0) as number;
        if (entry.length === 1) this.basicCharacterTokens[code] = id;
        else if (entry.length === 2 && code > 0xffff) this.astralCharacterTokens.set(code, id);
      }
      for (const entry of this.vocabulary.keys()) {
        for (let at = entry.indexOf(WORD_MARK, 1); at > 0; at = entry.indexOf(WORD_MARK, at + 1)) {
          const before = entry.codePointAt(at - 1) as number;
          this.joinsBeforeSpace.add(
            before >= 0xdc00 && before <= 0xdfff ? (entry.codePointAt(at - 2) as number) : before,
          );
        }
      }
      if (definition.byteFallback) {
        for (let byte = 0; byte < 256; byte++) {
          const name = `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`;
          this.byteTokens[byte] = this.vocabulary.get(name) ?? NO_TOKEN;
        }
      }
    }
    this.unknownToken =
      definition.unknownToken === undefined
        ? NO_TOKEN
        : (this.vocabulary.get(definition.unknownToken) ?? NO_TOKEN);

    for (const [index, token] of definition.addedTokens.entries()) {
      if (token.lstrip || token.rstrip)
        throw new UnsupportedTokenizerError(
          `added_tokens[${index}].${token.lstrip ? 'lstrip' : 'rstrip'}`,
          `true for ${JSON.stringify(token.content)} in ${source}`,
        );
    }
    this.rawMatcher = new AddedTokenMatcher(definition.addedTokens.filter((token) => !token.normalized));
    this.normalizedMatcher = new AddedTokenMatcher(
      definition.addedTokens
        .filter((token) => token.normalized)
        .map((token) => ({ ...token, content: this.applyNormalizers(token.content) })),
    );
  }

  /** Token count of `text`. */
  count(text: string, allowedSpecial?: AllowedSpecial): number {
    let total = 0;
    this.forEachToken(text, allowedSpecial, (tokens) => {
      total += tokens;
    });
    return total;
  }

  /** Token ids of `text`. */
  encode(text: string, allowedSpecial?: AllowedSpecial): number[] {
    const out: number[] = [];
    this.forEachToken(text, allowedSpecial, undefined, out);
    return out;
  }

  /** Text of `tokens`; bytes that are not valid UTF-8 become U+FFFD. */
  decode(tokens: Iterable<number>): string {
    const { decodeUnsupported, symbols, decodeStripLeadingSpaces } = this.definition;
    if (decodeUnsupported) throw new UnsupportedTokenizerError('decoder', decodeUnsupported);
    const bytes: number[] = [];
    const pushText = (text: string): void => {
      for (const byte of this.encoder.encode(text)) bytes.push(byte);
    };
    for (const token of tokens) {
      const entry = Number.isInteger(token) ? this.entries[token] : undefined;
      if (entry === undefined)
        throw new RangeError(`Unknown token id ${token} for ${this.definition.source}.`);
      if (this.isAddedToken(token)) {
        pushText(entry);
      } else if (symbols === 'bytes') {
        for (let index = 0; index < entry.length; index++) {
          const byte = characterToByte(entry.charCodeAt(index));
          if (byte >= 0) bytes.push(byte);
          else pushText(entry[index] as string);
        }
      } else {
        const byte = this.definition.byteFallback ? /^<0x([0-9A-F]{2})>$/.exec(entry) : null;
        if (byte) bytes.push(Number.parseInt(byte[1] as string, 16));
        else pushText(entry.replaceAll('\u2581', ' '));
      }
    }
    let text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(bytes));
    for (let strip = 0; strip < decodeStripLeadingSpaces && text.startsWith(' '); strip++)
      text = text.slice(1);
    return text;
  }

  /** Whether `token` is an added token that is not also a vocabulary entry (decoded as its text). */
  private isAddedToken(token: number): boolean {
    return this.addedIds.has(token) && this.vocabulary.get(this.entries[token] as string) !== token;
  }

  private applyNormalizers(text: string): string {
    for (const transform of this.definition.normalize) text = transform(text);
    return text;
  }

  /** Per matcher token index: 1 if that special token is allowed. */
  private allowedFlags(
    matcher: AddedTokenMatcher,
    allowedSpecial: AllowedSpecial | undefined,
  ): Uint8Array | undefined {
    if (allowedSpecial === undefined || matcher.empty) return undefined;
    const flags = new Uint8Array(matcher.tokens.length);
    if (allowedSpecial === 'all') flags.fill(1);
    else {
      for (const content of allowedSpecial) {
        const index = matcher.indexOf(content);
        if (index >= 0) flags[index] = 1;
      }
    }
    return flags;
  }

  /**
   * Walk the tokens of `text`: with `out`, push their ids; else call `tally` with how many tokens each
   * stretch has.
   */
  private forEachToken(
    text: string,
    allowedSpecial: AllowedSpecial | undefined,
    tally: ((tokens: number) => void) | undefined,
    out?: number[],
  ): void {
    const emitChunk = (piece: string, start: number, end: number): void => {
      const tokens = this.pieceTokens(piece, start, end);
      if (out) for (const token of tokens) out.push(token);
      else tally?.(tokens.length);
    };
    const emitPiece =
      this.definition.symbols === 'bytes' || this.definition.addPrefixSpace
        ? emitChunk
        : (piece: string, start: number, end: number): void => {
            let chunkStart = start;
            for (
              let at = piece.indexOf(WORD_MARK, start + 1);
              at >= 0 && at < end;
              at = piece.indexOf(WORD_MARK, at + 1)
            ) {
              let before = piece.charCodeAt(at - 1);
              if (before >= 0xdc00 && before <= 0xdfff && at >= 2)
                before = piece.codePointAt(at - 2) as number;
              if (this.joinsBeforeSpace.has(before)) continue;
              emitChunk(piece, chunkStart, at);
              chunkStart = at;
            }
            emitChunk(piece, chunkStart, end);
          };
    const emitAdded = (id: number): void => {
      if (out) out.push(id);
      else tally?.(1);
    };
    const rawAllowed = this.allowedFlags(this.rawMatcher, allowedSpecial);
    const normalizedAllowed = this.allowedFlags(this.normalizedMatcher, allowedSpecial);
    // `atStart`: the stretch begins the text, which is where Metaspace's `first` scheme prepends.
    const ordinary = (raw: string, atStart: boolean): void => {
      const normalized = this.applyNormalizers(raw);
      if (normalized.length === 0) return;
      const visitNormalized = (start: number, end: number, token: number): void => {
        if (token >= 0) emitAdded((this.normalizedMatcher.tokens[token] as DefinedAddedToken).id);
        else
          this.preTokenize(
            start === 0 && end === normalized.length ? normalized : normalized.slice(start, end),
            0,
            atStart && start === 0,
            emitPiece,
          );
      };
      if (this.normalizedMatcher.empty) visitNormalized(0, normalized.length, -1);
      else this.normalizedMatcher.split(normalized, normalizedAllowed, visitNormalized);
    };
    if (this.rawMatcher.empty) {
      ordinary(text, true);
      return;
    }
    this.rawMatcher.split(text, rawAllowed, (start, end, token) => {
      if (token >= 0) emitAdded((this.rawMatcher.tokens[token] as DefinedAddedToken).id);
      else ordinary(start === 0 && end === text.length ? text : text.slice(start, end), start === 0);
    });
  }

  /** Run pre-tokenizer steps from `step` on `text`, emitting each final piece as a range of a string. */
  private preTokenize(
    text: string,
    step: number,
    atStart: boolean,
    emit: (piece: string, start: number, end: number) => void,
  ): void {
    const steps = this.definition.preTokenize;
    if (step === steps.length) {
      if (text.length > 0) emit(text, 0, text.length);
      return;
    }
    const current = steps[step] as PreTokenizeStep;
    if (current.kind === 'metaspace') {
      let replaced = text.replaceAll(' ', current.replacement);
      const prepend = current.prepend === 'always' || (current.prepend === 'first' && atStart);
      if (prepend && !replaced.startsWith(current.replacement)) replaced = current.replacement + replaced;
      this.preTokenize(replaced, step + 1, atStart, emit);
      return;
    }
    const last = step === steps.length - 1;
    // The last step emits ranges of `text` itself, so the common single-split case slices nothing.
    const visit = (start: number, end: number): void => {
      if (end <= start) return;
      if (last) emit(text, start, end);
      else this.preTokenize(text.slice(start, end), step + 1, atStart && start === 0, emit);
    };
    splitByPattern(text, current.pattern, current.behavior, visit);
  }

  private pieceTokens(text: string, start: number, end: number): number[] {
    if (end - start > MAX_CACHED_PIECE_LENGTH) return this.mergePiece(text, start, end);
    const hash = hashPiece(text, start, end);
    const cached = this.cache.get(text, start, end, hash);
    if (cached !== undefined) return cached;
    const tokens = this.mergePiece(text, start, end);
    this.cache.set(text, start, end, hash, tokens);
    return tokens;
  }

  private mergePiece(text: string, start: number, end: number): number[] {
    const definition = this.definition;
    const prefix = definition.addPrefixSpace && text.charCodeAt(start) !== 0x20;
    const out: number[] = [];
    if (definition.symbols === 'bytes') {
      const needed = (end - start) * 3 + 1;
      if (this.byteScratch.length < needed)
        this.byteScratch = new Uint8Array(Math.max(needed, this.byteScratch.length * 2));
      const bytes = this.byteScratch;
      let length = 0;
      if (prefix) bytes[length++] = 0x20;
      length += writeUtf8(text, start, end, prefix ? bytes.subarray(1) : bytes);
      if (definition.ignoreMerges && length > 1) {
        let entry = '';
        for (let index = 0; index < length; index++)
          entry += String.fromCharCode(BYTE_TO_CHARACTER[bytes[index] as number] as number);
        const whole = this.vocabulary.get(entry);
        if (whole !== undefined) return [whole];
      }
      const symbols = this.scratch(length);
      for (let index = 0; index < length; index++)
        symbols[index] = this.byteTokens[bytes[index] as number] as number;
      // One huge piece must not pin a buffer of its size for the life of the process.
      if (length > 1 << 20) this.byteScratch = new Uint8Array(1024);
      mergeSymbols(this.pairs, symbols, length, out);
      // A byte without a token (no shipped byte-level vocabulary lacks one) is the unknown token.
      return out.some((token) => token < 0) ? this.replaceUnknown(out, () => NO_TOKEN) : out;
    }
    const piece = prefix ? ` ${text.slice(start, end)}` : text.slice(start, end);
    if (definition.ignoreMerges) {
      const whole = this.vocabulary.get(piece);
      if (whole !== undefined) return [whole];
    }
    const symbols = this.scratch(piece.length);
    let count = 0;
    for (let at = 0; at < piece.length; at++) {
      let code = piece.charCodeAt(at);
      let token: number;
      if (code >= 0xd800 && code <= 0xdbff && at + 1 < piece.length) {
        const low = piece.charCodeAt(at + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          at += 1;
        }
      }
      if (code > 0xffff) token = this.astralCharacterTokens.get(code) ?? NO_TOKEN;
      else token = this.basicCharacterTokens[code] as number;
      // An unknown character is kept as -(code point + 1): it never merges and falls back to bytes below.
      symbols[count++] = token >= 0 ? token : -(code + 1);
    }
    mergeSymbols(this.pairs, symbols, count, out);
    if (!out.some((token) => token < 0)) return out;
    return this.replaceUnknown(out, (symbol) => -symbol - 1);
  }

  /** Replace unknown symbols by their UTF-8 byte tokens (if all exist), else the unknown token, else nothing. */
  private replaceUnknown(tokens: number[], codePointOf: (symbol: number) => number): number[] {
    const replaced: number[] = [];
    for (const token of tokens) {
      if (token >= 0) {
        replaced.push(token);
        continue;
      }
      const code = codePointOf(token);
      const character =
        code >= 0xd800 && code <= 0xdfff ? '\ufffd' : code >= 0 ? String.fromCodePoint(code) : '';
      const byteTokens = [...this.encoder.encode(character)].map((byte) => this.byteTokens[byte] as number);
      if (this.definition.byteFallback && byteTokens.length > 0 && byteTokens.every((byte) => byte >= 0)) {
        for (const byte of byteTokens) replaced.push(byte);
      } else if (this.unknownToken >= 0) {
        replaced.push(this.unknownToken);
      }
      // With neither, the reference drops the character; so does this.
    }
    return replaced;
  }

  private scratch(length: number): Int32Array {
    if (this.symbolScratch.length < length)
      this.symbolScratch = new Int32Array(Math.max(length, this.symbolScratch.length * 2));
    const scratch = this.symbolScratch;
    // One huge piece must not pin a buffer of its size for the life of the process.
    if (length > 1 << 20) this.symbolScratch = new Int32Array(1024);
    return scratch;
  }
}

/** Cut `text` by the matches of global `pattern`, visiting each resulting piece as a range. */
export function splitByPattern(
  text: string,
  pattern: RegExp,
  behavior: (PreTokenizeStep & { kind: 'split' })['behavior'],
  visit: (start: number, end: number) => void,
): void {
  pattern.lastIndex = 0;
  let previousEnd = 0;
  // For merged-with-next, a delimiter waiting to be joined to the piece after it.
  let pendingStart = -1;
  for (;;) {
    const match = pattern.exec(text);
    if (match === null) break;
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) {
      // An empty match splits nothing; step past it as String.prototype.matchAll does.
      pattern.lastIndex =
        start +
        (text.codePointAt(start) !== undefined && (text.codePointAt(start) as number) > 0xffff ? 2 : 1);
      continue;
    }
    switch (behavior) {
      case 'isolated':
        visit(previousEnd, start);
        visit(start, end);
        break;
      case 'removed':
        visit(previousEnd, start);
        break;
      case 'merged-with-previous':
        visit(previousEnd, end);
        break;
      case 'merged-with-next':
        if (pendingStart >= 0) visit(pendingStart, start);
        else visit(previousEnd, start);
        pendingStart = start;
        break;
    }
    previousEnd = end;
  }
  if (behavior === 'merged-with-next' && pendingStart >= 0) visit(pendingStart, text.length);
  else visit(previousEnd, text.length);
}
