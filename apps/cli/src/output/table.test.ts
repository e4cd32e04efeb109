import { describe, expect, it } from 'vitest';
import { createColors } from './color.js';
import { renderTable } from './table.js';

describe('renderTable', () => {
  it('aligns columns, right-aligning where asked, and trims trailing spaces', () => {
    const text = renderTable(
      [
        ['src/index.ts', '1,204'],
        ['README.md', '88'],
      ],
      { header: ['path', 'tokens'], align: ['left', 'right'] },
    );
    expect(text).toBe('path          tokens\nsrc/index.ts   1,204\nREADME.md         88\n');
  });

  it('measures coloured cells by what is visible', () => {
    const colors = createColors(true);
    const text = renderTable([
      [colors.bold('a'), 'x'],
      ['bbb', 'y'],
    ]);
    expect(text).toBe(`${colors.bold('a')}    x\nbbb  y\n`);
  });

  it('tolerates ragged rows and renders nothing for no rows', () => {
    expect(renderTable([['a'], ['b', 'c']])).toBe('a\nb  c\n');
    expect(renderTable([])).toBe('');
  });
});
