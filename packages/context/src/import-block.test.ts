import { describe, expect, it } from 'vitest';
import { importBlock, MAX_IMPORT_BLOCK_LINES } from './import-block.js';

const lines = (text: string) => text.split('\n');

describe('importBlock', () => {
  it('spans the imports at the head of a file, not the license above them', () => {
    const python = lines(
      '# Copyright 2024\n# License: MIT\n"""Doc."""\nimport os\n\nfrom pkg.core import (\n    a,\n    b,\n)\n\ndef f():\n    import json\n',
    );
    expect(importBlock(python, 11)).toEqual({ start: 4, end: 9 });
    const rust = lines(
      '//! Crate docs\nuse std::io;\npub use crate::a::{\n    B,\n};\nmod parse;\n\nfn main() {}\n',
    );
    expect(importBlock(rust)).toEqual({ start: 2, end: 6 });
    const java = lines(
      '/* license */\npackage com.example;\n\nimport java.util.List;\n\npublic class A {}\n',
    );
    expect(importBlock(java, 6)).toEqual({ start: 2, end: 4 });
    const c = lines('#include <stdio.h>\n#include "zstd.h"\n\nint main(void) { return 0; }\n');
    expect(importBlock(c)).toEqual({ start: 1, end: 2 });
  });

  it('is undefined without imports, before the first definition, or when too long to be worth it', () => {
    expect(importBlock(lines('def f():\n    import os\n'), 1)).toBeUndefined();
    expect(importBlock(lines('x = 1\ny = 2\n'))).toBeUndefined();
    const many = Array.from({ length: MAX_IMPORT_BLOCK_LINES + 1 }, (_, index) => `import m${index}`);
    expect(importBlock(many)).toBeUndefined();
    expect(importBlock(many.slice(0, MAX_IMPORT_BLOCK_LINES))).toEqual({
      start: 1,
      end: MAX_IMPORT_BLOCK_LINES,
    });
  });
});
