// A varied corpus for comparing counts with the reference tokenizer. Every entry is deterministic.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Named texts that exercise the split patterns and the merge. */
export function goldenCorpus(): { name: string; text: string }[] {
  const entries: { name: string; text: string }[] = [
    {
      name: 'English prose',
      text: `It was the best of times, it was the worst of times. "Don't panic," she said; they'd been told
it wasn't SAFE'S to go. I'M sure we'LL manage—won't we? Mr. O'Neil's dog (aged 12½) barked at 3:45 p.m.\n`,
    },
    {
      name: 'German, French, Spanish, Polish',
      text: 'Größenmaßstäbe für Straßenübergänge. L’été où l’on s’est aimés — Ça va? ¿Dónde está el niño? Zażółć gęślą jaźń.',
    },
    { name: 'Russian and Greek', text: 'Съешь же ещё этих мягких французских булок, да выпей чаю. Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.' },
    { name: 'Arabic and Hebrew', text: 'مرحبا بالعالم! هذا نص تجريبي. שלום עולם, זהו טקסט לדוגמה.' },
    { name: 'Hindi and Thai', text: 'नमस्ते दुनिया, यह एक परीक्षण है। สวัสดีชาวโลก นี่คือข้อความทดสอบ' },
    {
      name: 'CJK',
      text: '日本語のテキストを正確に数える。中文文本没有空格也能分词吗？한국어 문장도 포함합니다。東京都港区芝公園４丁目２−８',
    },
    {
      name: 'emoji and ZWJ sequences',
      text: 'Family 👨‍👩‍👧‍👦, flags 🇯🇵🇫🇷🏳️‍🌈, skin tones 👋🏽👍🏿, keycaps 1️⃣#️⃣, hearts ❤️‍🔥 and 🧑🏻‍💻 coding.',
    },
    {
      name: 'TypeScript',
      text: `export async function loadConfig(path: string): Promise<Config> {\n  const raw = await readFile(path, 'utf8');\n  return { ...DEFAULTS, ...(JSON.parse(raw) as Partial<Config>) };\n}\n`,
    },
    {
      name: 'Python',
      text: `def fib(n: int) -> int:\n    """Return the n-th Fibonacci number."""\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n\n\nif __name__ == "__main__":\n    print(f"{fib(30)=}")\n`,
    },
    {
      name: 'Rust',
      text: `impl<'a> Iterator for Pieces<'a> {\n    type Item = &'a str;\n    fn next(&mut self) -> Option<Self::Item> {\n        let end = self.split(self.at)?;\n        Some(&self.text[std::mem::replace(&mut self.at, end)..end])\n    }\n}\n`,
    },
    {
      name: 'Go',
      text: `func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {\n\tif r.Method != http.MethodGet {\n\t\thttp.Error(w, "method not allowed", 405)\n\t\treturn\n\t}\n\tfmt.Fprintf(w, "%d items\\n", len(s.items))\n}\n`,
    },
    {
      name: 'C',
      text: `#include <stdio.h>\nint main(int argc, char **argv) {\n    for (int i = 0; i < argc; ++i) printf("%s\\n", argv[i]);\n    return 0; /* done */\n}\n`,
    },
    {
      name: 'shell, SQL, HTML, CSS',
      text: `#!/bin/sh\nset -eu\nfind . -name '*.ts' | xargs wc -l >/dev/null 2>&1 || exit 2\nSELECT id, COUNT(*) FROM users WHERE name LIKE 'A%' GROUP BY id;\n<div class="card"><a href="/x?y=1&amp;z=2">Link</a></div>\n.card{margin:0 auto;color:#ff00aa}\n`,
    },
    {
      name: 'JSON',
      text: JSON.stringify(
        { name: 'ctxkit', version: '1.0.0', nested: { list: [1, 2.5, -3e10, true, null], text: 'a "quoted" \\ value' } },
        null,
        2,
      ),
    },
    {
      name: 'long whitespace runs',
      text: `a${' '.repeat(2000)}b\n${'\t'.repeat(500)}c${' \t'.repeat(300)}\n\n\n${' '.repeat(1000)}\n${'\u3000'.repeat(50)}end${' '.repeat(700)}`,
    },
    {
      name: 'line endings',
      text: 'one\r\ntwo\n\rthree\r\r\n\nfour \r\n five\t\r\n\t six\n\n\n\r\n',
    },
    {
      name: 'digits',
      text: '0 12 345 6789 1234567890123 3.14159265358979 1,000,000 ٣٤٥ ²³ Ⅻ ½ 𝟘𝟙𝟚𝟛 0x1F600 1e-7',
    },
    {
      name: 'contractions in every case',
      text: "it's IT'S It'S they're THEY'RE we've WE'VE I'm I'M we'll WE'LL We'Ll he'd HE'D can't CAN'T x'ſ x'ſa 'll 'LL' ''s",
    },
    {
      name: 'lone surrogates',
      text: 'start \ud800 middle \udfff end \ud83d\ude00 broken \ude00\ud83d pair x\ud800y',
    },
    {
      name: 'BOM and NEL next to punctuation',
      text: '\uFEFF# Title\n\uFEFF\uFEFF!x \u0085!x\u0085 y (\u0085) [\uFEFF] a\u00a0!b \u2028\u2029 \u180e \u200b',
    },
    { name: 'BOM heading', text: '\uFEFF# Title\n' },
    { name: 'special-token strings as text', text: 'before <|endoftext|> after <|fim_prefix|><|endofprompt|>' },
    {
      name: 'marks and mixed case (o200k letter classes)',
      text: 'ǅemal ǈubljana CamelCaseIdentifiers XMLHttpRequest e\u0301te\u0301 Ame\u0301lie ʰʲ ʕaʕ IPv6Address getHTTPResponseCode',
    },
  ];
  return entries;
}

/** A ~1 MB minified single line, deterministic. */
export function minifiedLine(bytes = 1_000_000): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index++) {
    const part = `function f${index}(a,b){return a*${index % 97}+b/"k${index % 13}"}var v${index}=[${index},${index * 7 % 1000},"s${index}"],o${index}={"key${index % 31}":null,"x":${index % 2 === 0}};`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

/** This package's own sources and README: real files. */
export function packageFiles(): { name: string; text: string }[] {
  const sourceDirectory = join(here, '..');
  const files = readdirSync(sourceDirectory)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ name: `src/${name}`, text: readFileSync(join(sourceDirectory, name), 'utf8') }));
  return files;
}

/**
 * The corpus a tokenizer is held to its reference on: the golden texts, this package's own files,
 * and the inputs that make a naive encoder slow (a megabyte line, long runs of one kind).
 */
export function parityCorpus(): { name: string; text: string }[] {
  return [
    ...goldenCorpus(),
    ...packageFiles(),
    { name: 'minified 1 MB line', text: minifiedLine() },
    { name: '100k spaces', text: `${' '.repeat(100_000)}x` },
    { name: 'CJK run', text: '中文文本日本語'.repeat(2_000) },
    { name: 'repeated character', text: 'a'.repeat(50_000) },
  ];
}
