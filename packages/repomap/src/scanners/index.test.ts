import { describe, expect, it } from 'vitest';
import { languageForPath, scanSource } from './index.js';

describe('languageForPath', () => {
  it('maps every supported extension, case-insensitively', () => {
    const expected: Record<string, string> = {
      'a.ts': 'typescript',
      'a.tsx': 'typescript',
      'a.mts': 'typescript',
      'a.cts': 'typescript',
      'types.d.ts': 'typescript',
      'a.js': 'javascript',
      'a.jsx': 'javascript',
      'a.mjs': 'javascript',
      'a.cjs': 'javascript',
      'a.py': 'python',
      'a.pyi': 'python',
      'a.go': 'go',
      'a.rs': 'rust',
      'A.java': 'java',
      'main.c': 'c',
      'stdio.h': 'c',
      'a.cc': 'cpp',
      'a.cpp': 'cpp',
      'a.hpp': 'cpp',
      'a.cxx': 'cpp',
      'tasks.rake': 'ruby',
      'app.rb': 'ruby',
      'Program.cs': 'csharp',
      'src/Http/Request.php': 'php',
      'SRC/MAIN.PY': 'python',
      'C:\\code\\main.go': 'go',
    };
    for (const [path, language] of Object.entries(expected))
      expect(languageForPath(path), path).toBe(language);
  });

  it('returns undefined for other files, extensionless names and dotfiles', () => {
    for (const path of ['README.md', 'Makefile', '.ts', 'dir.py/Makefile', 'archive.tar.gz', '']) {
      expect(languageForPath(path), path).toBeUndefined();
    }
  });
});

describe('scanSource', () => {
  it('dispatches by language', () => {
    expect(
      scanSource('def run():\n    pass\n', 'python').definitions.map((definition) => definition.name),
    ).toEqual(['run']);
    expect(scanSource('func Run() {}\n', 'go').definitions[0]).toMatchObject({
      name: 'Run',
      kind: 'function',
      line: 1,
    });
  });

  it('yields nothing for a language without a scanner', () => {
    // Every language has a scanner today; a stray value (from an old cache, say) yields nothing.
    const result = scanSource('def f(): pass', 'cobol' as never);
    expect(result.definitions).toEqual([]);
    expect(result.references.size).toBe(0);
  });
});

describe('scan results', () => {
  it('keep long names, signatures and reference keys intact when copied off the file text', () => {
    // Long strings are copied (V8 would otherwise share them with, and so retain, the whole text).
    const text = `${'# padding\n'.repeat(1000)}def a_rather_long_function_name(first_argument, second_argument):\n    pass\n`;
    const result = scanSource(text, 'python');
    const definition = result.definitions[0]!;
    expect(definition.name).toBe('a_rather_long_function_name');
    expect(definition.signature).toBe('def a_rather_long_function_name(first_argument, second_argument):');
    expect([...result.references.keys()]).toContain('a_rather_long_function_name');
  });
});
