import { describe, expect, it } from 'vitest';
import { indentationOf, isDefinitionHeader, isTransparentLine } from './definition-headers.js';

describe('isDefinitionHeader', () => {
  it.each([
    'export async function buildPack(options: BuildPackOptions): Promise<TaskPack> {',
    'export default class Router {',
    'interface Options {',
    'export type Budget = {',
    'export const handler = async (request: Request) => {',
    '  handle(path: string): string {',
    '  private async load(): Promise<void> {',
    'def parse_header(line: str) -> dict[str, str]:',
    '    async def fetch(self):',
    'class Tokenizer:',
    'func (s *Store) Delete(key string) error {',
    'type Store struct {',
    'pub(crate) fn scan(text: &str) -> ScanResult {',
    'impl Display for Token {',
    'public static int parse(String text) {',
    'public final class Parser {',
  ])('recognises %s', (line) => {
    expect(isDefinitionHeader(line)).toBe(true);
  });

  it.each([
    '  if (handler) {',
    '  for (const item of items) {',
    '  return handler();',
    '    x = parse_header(line)',
    '  const value = compute(3);',
    '',
    '} else {',
  ])('ignores %s', (line) => {
    expect(isDefinitionHeader(line)).toBe(false);
  });
});

describe('indentationOf and isTransparentLine', () => {
  it('measures indentation with tabs as four columns', () => {
    expect(indentationOf('    x')).toBe(4);
    expect(indentationOf('\t\tx')).toBe(8);
    expect(indentationOf('x')).toBe(0);
  });

  it('treats comments, decorators, blank lines and closing continuations as transparent', () => {
    for (const line of ['', '  // note', '# comment', ' * doc', '@decorator', '): void {', '}']) {
      expect(isTransparentLine(line)).toBe(true);
    }
    expect(isTransparentLine('#include <stdio.h>')).toBe(false);
    expect(isTransparentLine('  value = 1')).toBe(false);
  });
});
