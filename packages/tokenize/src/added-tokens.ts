/**
 * Added tokens (`<|im_start|>`, `<start_of_turn>`, Gemma's whitespace runs) are matched in the text
 * before anything else, leftmost-longest, as the reference's added-vocabulary splitter does. Matching
 * is by UTF-16 code unit over a trie; a table of first code units lets the scan skip every position
 * that cannot start a token, so text without added tokens costs one array read per code unit.
 */

/** One added token as the matcher sees it. */
export interface AddedToken {
  /** Its text. */
  readonly content: string;
  /** Its id. */
  readonly id: number;
  /** Special tokens are matched only when a caller allows them; the others always. */
  readonly special: boolean;
}

interface TrieNode {
  children: Map<number, TrieNode>;
  /** Index into the matcher's tokens of the token ending here, or -1. */
  token: number;
}

/** Finds added tokens in text. */
export class AddedTokenMatcher {
  private readonly root: TrieNode = { children: new Map(), token: -1 };
  private readonly firstUnits = new Uint8Array(0x10000);
  /** Tokens by content, for callers that allow specials by name. */
  private readonly byContent = new Map<string, number>();

  constructor(readonly tokens: readonly AddedToken[]) {
    for (let index = 0; index < tokens.length; index++) {
      const { content } = tokens[index] as AddedToken;
      if (content.length === 0) continue;
      let node = this.root;
      for (let at = 0; at < content.length; at++) {
        const unit = content.charCodeAt(at);
        let child = node.children.get(unit);
        if (!child) {
          child = { children: new Map(), token: -1 };
          node.children.set(unit, child);
        }
        node = child;
      }
      node.token = index;
      this.firstUnits[content.charCodeAt(0)] = 1;
      this.byContent.set(content, index);
    }
  }

  /** Whether no token can ever match. */
  get empty(): boolean {
    return this.byContent.size === 0;
  }

  /** Index of the token whose content is `content`, or -1. */
  indexOf(content: string): number {
    return this.byContent.get(content) ?? -1;
  }

  /**
   * Walk `text` as ordinary stretches (`token` = -1) and matched tokens (their index), in order. A
   * special token matches only if `allowed[index]` is 1; `allowed` undefined allows none.
   */
  split(
    text: string,
    allowed: Uint8Array | undefined,
    visit: (start: number, end: number, token: number) => void,
  ): void {
    const length = text.length;
    const firstUnits = this.firstUnits;
    const tokens = this.tokens;
    let stretchStart = 0;
    let at = 0;
    while (at < length) {
      if (firstUnits[text.charCodeAt(at)] === 0) {
        at += 1;
        continue;
      }
      let node: TrieNode | undefined = this.root;
      let matched = -1;
      let matchEnd = at;
      for (let cursor = at; cursor < length; cursor++) {
        node = node.children.get(text.charCodeAt(cursor));
        if (!node) break;
        const token = node.token;
        if (token >= 0 && (!(tokens[token] as AddedToken).special || allowed?.[token] === 1)) {
          matched = token;
          matchEnd = cursor + 1;
        }
      }
      if (matched < 0) {
        at += 1;
        continue;
      }
      if (at > stretchStart) visit(stretchStart, at, -1);
      visit(at, matchEnd, matched);
      at = matchEnd;
      stretchStart = at;
    }
    if (stretchStart < length) visit(stretchStart, length, -1);
  }
}
