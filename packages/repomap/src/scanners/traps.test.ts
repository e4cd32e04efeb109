// Comment and string traps: text inside comments and literals must yield neither definitions nor
// references, while the code around (and inside template holes) still does.
import { describe, expect, it } from 'vitest';
import type { Language } from '../types.js';
import { scanSource } from './index.js';

function namesOf(text: string, language: Language): string[] {
  return scanSource(text, language).definitions.map((definition) => definition.name);
}

function referencesOf(text: string, language: Language): Map<string, number> {
  return scanSource(text, language).references;
}

describe('comments', () => {
  it('skips C-style line and block comments in every C-family language', () => {
    const cases: [Language, string][] = [
      ['typescript', '/* function hidden() {} */\n// function alsoHidden() {}\nfunction shown() {}\n'],
      ['go', '/* func hidden() {} */\n// func alsoHidden() {}\nfunc shown() {}\n'],
      ['rust', '/* fn hidden() {} */\n// fn also_hidden() {}\nfn shown() {}\n'],
      [
        'java',
        'class Shown {\n  /* void hidden() {} */\n  // void alsoHidden() {}\n  void visible() {}\n}\n',
      ],
    ];
    for (const [language, text] of cases) {
      const names = namesOf(text, language);
      expect(
        names.some((name) => /hidden/i.test(name)),
        language,
      ).toBe(false);
      expect(
        [...referencesOf(text, language).keys()].some((name) => /hidden/i.test(name)),
        language,
      ).toBe(false);
    }
  });

  it('nests Rust block comments', () => {
    const text = '/* outer /* inner */ fn hidden() {} */\nfn shown() {}\n';
    expect(namesOf(text, 'rust')).toEqual(['shown']);
    expect(referencesOf(text, 'rust').has('hidden')).toBe(false);
  });

  it('does not nest block comments elsewhere', () => {
    // In Go the first `*/` ends the comment, so `fn` after it is code.
    const text = '/* outer /* inner */ func shown() {}\n';
    expect(namesOf(text, 'go')).toEqual(['shown']);
  });

  it('treats # as a Python comment but not inside a string', () => {
    const text = 'x = "# not a comment"\n# it\'s a comment: def hidden():\ndef shown():\n    pass\n';
    expect(namesOf(text, 'python')).toEqual(['x', 'shown']);
    expect(referencesOf(text, 'python').has('hidden')).toBe(false);
  });
});

describe('strings', () => {
  it('keeps template literal text out but counts template holes as code, nested ones too', () => {
    // The source under test holds a template literal; build it without writing one here.
    const hole = (code: string) => `$${'{'}${code}}`;
    const inner = `\`inner ${hole('deep')}\``;
    const text = `const t = \`class Hidden ${hole('visible')} ${hole(inner)} ${hole(' {key: 1}.key ')} tail\`;\nfunction after() {}\n`;
    const references = referencesOf(text, 'typescript');
    expect(references.get('visible')).toBe(1);
    expect(references.get('deep')).toBe(1);
    expect(references.get('key')).toBe(2);
    for (const word of ['Hidden', 'inner', 'tail', 'class']) expect(references.has(word), word).toBe(false);
    expect(namesOf(text, 'typescript')).toEqual(['t', 'after']);
  });

  it('skips Python triple-quoted strings, prefixed strings and f-strings', () => {
    const text = [
      '"""',
      'def hidden_one():',
      '    "still inside"',
      '"""',
      "raw = r'\\' def hidden_two'",
      'data = b"""class HiddenThree:"""',
      'text = f"{hidden_four} and {{braces}}"',
      "single = '''it's here'''",
      'def shown():',
      '    pass',
      '',
    ].join('\n');
    expect(namesOf(text, 'python')).toEqual(['raw', 'data', 'text', 'single', 'shown']);
    const references = referencesOf(text, 'python');
    for (const word of ['hidden_one', 'hidden_two', 'HiddenThree', 'hidden_four', 'braces', 'here']) {
      expect(references.has(word), word).toBe(false);
    }
  });

  it('skips Rust raw strings with any number of hashes, and byte strings', () => {
    const text = [
      'const A: &str = r#"fn hidden_one() { "# ;',
      'const B: &str = r##"a "# fn hidden_two() {} "##;',
      'const C: &[u8] = b"fn hidden_three() {}";',
      'const D: &[u8] = br"fn hidden_four() {}";',
      'fn shown() {}',
      '',
    ].join('\n');
    expect(namesOf(text, 'rust')).toEqual(['A', 'B', 'C', 'D', 'shown']);
    const references = referencesOf(text, 'rust');
    for (const word of ['hidden_one', 'hidden_two', 'hidden_three', 'hidden_four']) {
      expect(references.has(word), word).toBe(false);
    }
  });

  it('tells Rust character literals from lifetimes', () => {
    const text = "fn first<'a>(x: &'a str) -> char { '{' }\nfn second() -> char { '\\'' }\nfn third() {}\n";
    expect(namesOf(text, 'rust')).toEqual(['first', 'second', 'third']);
    const references = referencesOf(text, 'rust');
    expect(references.has('a')).toBe(false);
    expect(references.get('str')).toBe(1);
  });

  it('skips Go backquoted raw strings across lines and rune literals', () => {
    const text =
      'package p\n\nvar raw = `line one\n// func hidden() {}\n"unbalanced`\nvar r = \'"\'\n\nfunc shown() {}\n';
    expect(namesOf(text, 'go')).toEqual(['raw', 'r', 'shown']);
    expect(referencesOf(text, 'go').has('hidden')).toBe(false);
  });

  it('skips Java text blocks and character literals', () => {
    const text = [
      'class Shown {',
      '  String block = """',
      '      class Hidden { "quoted" }',
      '      """;',
      "  char quote = '\"';",
      '  int after;',
      '}',
      '',
    ].join('\n');
    expect(namesOf(text, 'java')).toEqual(['Shown', 'block', 'quote', 'after']);
    expect(referencesOf(text, 'java').has('Hidden')).toBe(false);
  });

  it('ends an unterminated single-line string at the line end', () => {
    const text = 'const broken = "no closing quote\nfunction shown() {}\n';
    expect(namesOf(text, 'typescript')).toEqual(['broken', 'shown']);
  });

  it('honours escaped quotes', () => {
    const text = 'const s = "a \\" function hidden() {}";\nfunction shown() {}\n';
    expect(namesOf(text, 'javascript')).toEqual(['s', 'shown']);
    expect(referencesOf(text, 'javascript').has('hidden')).toBe(false);
  });
});

describe('JavaScript regular expressions versus division', () => {
  it('reads `/` after a value as division', () => {
    const text = 'const ratio = total / count / 2;\nfunction shown() {}\n';
    expect(namesOf(text, 'javascript')).toEqual(['ratio', 'shown']);
    expect(referencesOf(text, 'javascript').get('count')).toBe(1);
  });

  it('reads `/` after an operator or keyword as a regular expression, classes included', () => {
    const text =
      'const pattern = /function hidden() {/g;\nconst slash = /[/]{/;\nfunction check(x) { return /class Hidden/.test(x); }\nfunction shown() {}\n';
    expect(namesOf(text, 'javascript')).toEqual(['pattern', 'slash', 'check', 'shown']);
    const references = referencesOf(text, 'javascript');
    expect(references.has('hidden')).toBe(false);
    expect(references.has('Hidden')).toBe(false);
  });
});

describe('C and C++', () => {
  it('reads #define as a macro and never reads other directives as declarations', () => {
    const text =
      '#if 0\nint hidden_in_if(void);\n#endif\n#define LIMIT 10\n#include "int fake(void);"\nint shown(void);\n';
    const names = namesOf(text, 'c');
    expect(names).toContain('LIMIT');
    expect(names).toContain('shown');
    expect(names).not.toContain('fake');
  });

  it('continues a directive over backslash-newlines only', () => {
    const text = '#define TWO_LINES(x) \\\n  int not_a_declaration(x)\nint after(void);\n';
    expect(namesOf(text, 'c')).toEqual(['TWO_LINES', 'after']);
  });

  it('skips C++ raw strings and keeps digit separators inside numbers', () => {
    const text = 'const char *raw = R"tag(int hidden() { ")tag";\nlong big = 1\'000\'000;\nint shown();\n';
    expect(namesOf(text, 'cpp')).toEqual(['raw', 'big', 'shown']);
    expect(referencesOf(text, 'cpp').has('hidden')).toBe(false);
  });

  it('tells character literals from strings', () => {
    const text = "char quote = '\"'; char brace = '{';\nint shown(void) { return 0; }\n";
    expect(namesOf(text, 'c')).toEqual(['quote', 'brace', 'shown']);
  });
});

describe('Ruby', () => {
  it('skips =begin/=end comments, heredocs and percent literals', () => {
    const text = [
      '=begin',
      'def hidden_one; end',
      '=end',
      'text = <<~EOS',
      '  def hidden_two; end',
      'EOS',
      'words = %w[def hidden_three end]',
      'def shown',
      'end',
      '',
    ].join('\n');
    expect(namesOf(text, 'ruby')).toEqual(['shown']);
    const references = referencesOf(text, 'ruby');
    for (const word of ['hidden_one', 'hidden_two', 'hidden_three'])
      expect(references.has(word), word).toBe(false);
  });

  it('keeps interpolated strings closed across nested quotes', () => {
    const text = 'class Greeter\n  def hello\n    "hi #{"dear #{name}"} end"\n  end\n  def bye; end\nend\n';
    const result = scanSource(text, 'ruby');
    expect(result.definitions.map((definition) => `${definition.scope}.${definition.name}`)).toEqual([
      'undefined.Greeter',
      'Greeter.hello',
      'Greeter.bye',
    ]);
  });

  it('does not open blocks for modifier if/while, and closes endless defs at once', () => {
    const text =
      'class Shape\n  def area = width * height\n  def check\n    return if done\n    step while busy\n  end\n  def after; end\nend\n';
    const names = scanSource(text, 'ruby').definitions.map(
      (definition) => `${definition.scope}.${definition.name}`,
    );
    expect(names).toEqual(['undefined.Shape', 'Shape.area', 'Shape.check', 'Shape.after']);
  });
});

describe('C#', () => {
  it('skips verbatim, interpolated and raw strings and directive lines', () => {
    const text = [
      '#region class HiddenRegion',
      'class Shown {',
      '  string a = @"verbatim ""quoted"" class HiddenOne {}";',
      '  string b = $"{Name} {{ class HiddenTwo }} {"nested"}";',
      '  string c = """',
      '    class HiddenThree { }',
      '    """;',
      '  void After() { }',
      '}',
      '',
    ].join('\n');
    expect(namesOf(text, 'csharp')).toEqual(['Shown', 'a', 'b', 'c', 'After']);
    const references = referencesOf(text, 'csharp');
    for (const word of ['HiddenRegion', 'HiddenOne', 'HiddenTwo', 'HiddenThree'])
      expect(references.has(word), word).toBe(false);
  });
});

describe('Python headers', () => {
  // Found by the property test: `class` at a line end once took the next line's first word as its name.
  it('takes a class or def name only from the keyword line', () => {
    expect(namesOf('class \r\nvar ', 'python')).toEqual([]);
    expect(namesOf('def \nfoo():\n  pass\n', 'python')).toEqual([]);
    expect(namesOf('class Shown:\n  def method(self):\n    pass\n', 'python')).toEqual(['Shown', 'method']);
  });
});

describe('Unicode spaces', () => {
  // Found by the property test: U+3000 and friends were read as identifier characters.
  it('never counts a Unicode space separator as part of a name', () => {
    for (const space of ['\u1680', '\u2000', '\u202f', '\u205f', '\u3000', '\u00a0']) {
      const references = referencesOf(`class A {${space}int b;${space}}`, 'java');
      for (const name of references.keys()) expect(name).toMatch(/^\S+$/);
    }
  });
});
