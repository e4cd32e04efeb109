import { describe, expect, it } from 'vitest';
import { collectCallFacts } from './call-facts.js';
import { analyzeQuery } from './query.js';
import { rankFiles } from './rank-files.js';
import { SYMBOL_TIERS } from './ranking-policy.js';
import type { FileScan } from './scan-file.js';
import { scoreSymbols } from './score-symbols.js';
import { indexScans } from './tree-index.js';
import type { Definition } from './types.js';

function scan(definitions: Definition[], references: Record<string, number> = {}): FileScan {
  const names = Object.keys(references).sort();
  return { definitions, references: { names, counts: names.map((name) => references[name]!) } };
}

describe('symbol scores', () => {
  const members = indexScans([
    {
      path: 'src/options.ts',
      scan: scan(
        [
          { name: 'Options', kind: 'interface', line: 1, signature: 'interface Options' },
          { name: 'path', kind: 'property', line: 2, signature: 'path: string', scope: 'Options' },
          { name: 'parseOptions', kind: 'function', line: 5, signature: 'function parseOptions()' },
        ],
        { path: 3, parseOptions: 3 },
      ),
    },
  ]);
  const scoreOf = (text: string, name: string) => {
    const query = analyzeQuery(text);
    const scored = scoreSymbols(members, rankFiles({ index: members, query }), query);
    const scores = scored.scoreAll();
    return scores[members.defName.findIndex((id) => members.names[id] === name)]!;
  };

  it('give a field no credit for an ordinary word of the task', () => {
    expect(scoreOf('the path is printed twice', 'path')).toBe(scoreOf('nothing related', 'path'));
  });

  it('credit a field the task spells as code, and a function for a prose word', () => {
    expect(scoreOf('the `path` is printed twice', 'path')).toBeGreaterThan(
      scoreOf('nothing related', 'path'),
    );
    expect(scoreOf('parse options twice', 'parseOptions')).toBeGreaterThan(
      scoreOf('nothing related', 'parseOptions'),
    );
  });
});

describe('the call tier', () => {
  const source = [
    'def encode(value):',
    '    return value.encode()',
    'def values(mapping):',
    '    return list(mapping)',
    'def _split_fields(line):',
    '    return line.split(";")',
    'def parse_header(line):',
    '    return quote(_split_fields(line))',
    'def read_request(stream):',
    '    return parse_header(stream.readline())',
  ].join('\n');
  const server = [
    'def handle(stream):',
    '    return parse_header(stream)',
    'def quote(text):',
    '    return text',
  ].join('\n');
  const definition = (name: string, line: number): Definition => ({
    name,
    kind: 'function',
    line,
    endLine: line + 1,
    signature: `def ${name}()`,
  });
  const index = indexScans([
    {
      path: 'wire/http.py',
      scan: scan(
        [
          definition('encode', 1),
          definition('values', 3),
          definition('_split_fields', 5),
          definition('parse_header', 7),
          definition('read_request', 9),
        ],
        { encode: 1, values: 1, _split_fields: 2, parse_header: 2, read_request: 1, quote: 1 },
      ),
    },
    {
      path: 'wire/server.py',
      scan: scan([definition('handle', 1), definition('quote', 3)], { parse_header: 1, quote: 1 }),
    },
  ]);
  const sources = [source, server];
  const tiersFor = (text: string, withCalls: boolean) => {
    const query = analyzeQuery(text);
    const calls = withCalls ? collectCallFacts(index, [0, 1], (file) => sources[file]) : undefined;
    const scored = scoreSymbols(index, rankFiles({ index, query }), query, calls);
    scored.scoreAll();
    return Object.fromEntries(
      Array.from(index.defName, (id, position) => [index.names[id]!, scored.tiers[position]]),
    );
  };

  it('puts a task-named function first, then what it calls and what calls it beside it, then the rest', () => {
    expect(tiersFor('parse_header drops the values', true)).toEqual({
      encode: SYMBOL_TIERS.other,
      // A plain word of the task: not a call, and not task-matched.
      values: SYMBOL_TIERS.other,
      _split_fields: SYMBOL_TIERS.calls,
      parse_header: SYMBOL_TIERS.taskMatched,
      read_request: SYMBOL_TIERS.calls,
      // What it calls counts in another file too; what calls it, only in its own.
      quote: SYMBOL_TIERS.calls,
      handle: SYMBOL_TIERS.other,
    });
  });

  it('gives no call tier without call facts or without a name the task spells as code', () => {
    expect(tiersFor('parse_header drops the values', false)._split_fields).toBe(SYMBOL_TIERS.other);
    expect(tiersFor('the header drops the values', true)._split_fields).toBe(SYMBOL_TIERS.other);
  });

  it('reads bodies within their lines, leaving the own name out, and not for files it cannot read', () => {
    const facts = collectCallFacts(index, [0], () => source);
    const parse = index.defName.findIndex((id) => index.names[id] === 'parse_header');
    expect([...facts.bodies.get(parse)!].sort()).toEqual(['_split_fields', 'def', 'line', 'quote', 'return']);
    expect(collectCallFacts(index, [0], () => undefined).bodies.size).toBe(0);
  });
});
