import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../query.js';
import { MESSAGE_MAX_FILES, MESSAGE_MIN_WORDS } from '../ranking-policy.js';
import type { FileScan } from '../scan-file.js';
import { indexScans } from '../tree-index.js';
import { messageSeeds } from './message-seeds.js';

const scan = (messages: string[]): FileScan => ({
  definitions: [],
  references: { names: [], counts: [] },
  ...(messages.length > 0 ? { messages } : {}),
});

describe('messageSeeds', () => {
  const index = indexScans([
    { path: 'src/tr.rs', scan: scan(['warning: an unescaped backslash at end of string is not portable']) },
    { path: 'src/echo.rs', scan: scan(['unescaped input is printed as is']) },
    { path: 'src/lib.rs', scan: scan([]) },
    {
      path: 'tests/test_tr.rs',
      scan: scan(['warning: an unescaped backslash at end of string is not portable']),
    },
  ]);

  it('seeds the files whose literals hold a message the task quotes, whatever its case and spacing', () => {
    const task =
      "tr: doesn't warn\n```\n$ tr '\\\\\\' x\ntr: Warning: an unescaped backslash at end of string\n  is not portable\n```";
    const seeds = messageSeeds(index, analyzeQuery(task));
    // Paths are sorted: 0 src/echo.rs, 1 src/lib.rs, 2 src/tr.rs, 3 tests/test_tr.rs.
    expect([...seeds.keys()]).toEqual([2, 3]);
    expect(seeds.get(2)).toBe(seeds.get(3));
  });

  it('weighs a fragment by its words over the files that hold it', () => {
    const task =
      'It prints "unescaped input is printed as is" and then "an unescaped backslash at end of string is not portable"';
    const seeds = messageSeeds(
      indexScans([
        { path: 'a.rs', scan: scan(['unescaped input is printed as is']) },
        { path: 'b.rs', scan: scan(['an unescaped backslash at end of string is not portable']) },
        { path: 'c.rs', scan: scan(['an unescaped backslash at end of string is not portable']) },
      ]),
      analyzeQuery(task),
    );
    expect(seeds.get(0)).toBe(6);
    expect(seeds.get(1)).toBe(10 / 2);
    expect(seeds.get(2)).toBe(10 / 2);
  });

  it('ignores a fragment held by so many files that it is boilerplate', () => {
    const files = Array.from({ length: MESSAGE_MAX_FILES + 1 }, (_, file) => ({
      path: `cmd/tool${file}.go`,
      scan: scan(['usage: see the manual for the options']),
    }));
    const query = analyzeQuery('it printed "usage: see the manual for the options" and stopped');
    expect(messageSeeds(indexScans(files), query)).toEqual(new Map());
    expect(messageSeeds(indexScans(files.slice(1)), query).size).toBe(MESSAGE_MAX_FILES);
  });

  it('ignores a fragment of fewer than MESSAGE_MIN_WORDS words, a phrase any program prints', () => {
    const tree = indexScans([
      { path: 'terminal.py', scan: scan(['test session starts']) },
      { path: 'config.py', scan: scan(['importerror while loading conftest']) },
    ]);
    const seeds = messageSeeds(
      tree,
      analyzeQuery('=== test session starts ===\nImportError while loading conftest'),
    );
    expect([...seeds]).toEqual([[0, MESSAGE_MIN_WORDS]]);
  });

  it('seeds nothing for a task that quotes no message, or one only partly', () => {
    expect(messageSeeds(index, analyzeQuery('backslash handling in tr'))).toEqual(new Map());
    expect(messageSeeds(index, analyzeQuery('an unescaped backslash at end of string'))).toEqual(new Map());
  });
});
