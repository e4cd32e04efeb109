/**
 * The base of the class-shaped scanners (C/C++ and TypeScript/JavaScript): one parse's token list,
 * the definitions found so far, the frames of the open blocks, and token queries bound to the list.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import { addDefinition } from './definitions.js';
import { isIdentifier, isPunctuation, isWord, type TokenList } from './lexer.js';

/** A parser over one file's tokens; `F` is the language's frame for an open block. */
export abstract class TokenParser<F extends { definition: Definition | undefined }> {
  protected readonly tokens: TokenList;
  protected readonly count: number;
  protected readonly definitions: Definition[] = [];
  /** Open blocks, innermost last; the file's own frame is never popped. */
  protected readonly stack: F[];

  constructor(tokens: TokenList, fileFrame: F) {
    this.tokens = tokens;
    this.count = tokens.count;
    this.stack = [fileFrame];
  }

  /** What the parse found: its definitions and the lexer's reference counts. */
  protected result(): ScanResult {
    return { definitions: this.definitions, references: this.tokens.references };
  }

  protected punct(index: number, char: number): boolean {
    return isPunctuation(this.tokens, index, char);
  }

  protected word(index: number, word: string): boolean {
    return isWord(this.tokens, index, word);
  }

  protected isName(index: number): boolean {
    return isIdentifier(this.tokens, index);
  }

  protected add(
    name: string,
    kind: DefinitionKind,
    nameIndex: number,
    from: number,
    to: number,
    scope: string | undefined,
  ): Definition {
    return addDefinition(this.definitions, this.tokens, nameIndex, kind, from, to, scope, name);
  }
}
