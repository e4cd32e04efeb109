// Regenerates src/character-classes.generated.ts: the Unicode tables the pre-tokenizer classifies with.
//
// Exact counts must match OpenAI's tokenizer, whose split regex runs on the Unicode tables compiled into
// Rust's regex-syntax (Unicode 15.1 for the reference build), not on whatever Unicode version the local
// JavaScript engine ships (Node 20.20 already has 17.0: ~4,600 more letters, U+0295 moved from Ll to Lo).
// So the tables are read out of the reference itself: the tiktoken WASM dev dependency carries regex-syntax's
// sorted (first, last) code point range tables as little-endian u32 pairs. Each one is located by the first
// ranges of the engine's own table for the same property and cross-checked below.
//
// Run: node scripts/generate-character-classes.mjs   (from packages/tokenize)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const wasmPath = require.resolve('tiktoken/tiktoken_bg.wasm');
const wasm = readFileSync(wasmPath);
const view = new DataView(wasm.buffer, wasm.byteOffset, wasm.byteLength);
const MAX_CODE_POINT = 0x10ffff;

function engineRanges(pattern) {
  const ranges = [];
  let start = -1;
  for (let code = 0; code <= MAX_CODE_POINT + 1; code++) {
    const inside =
      code <= MAX_CODE_POINT && (code < 0xd800 || code > 0xdfff) && pattern.test(String.fromCodePoint(code));
    if (inside && start < 0) start = code;
    if (!inside && start >= 0) {
      ranges.push([start, code - 1]);
      start = -1;
    }
  }
  return ranges;
}

function readRanges(offset) {
  const ranges = [];
  let previous = -1;
  for (let at = offset; at + 8 <= wasm.length; at += 8) {
    const first = view.getUint32(at, true);
    const last = view.getUint32(at + 4, true);
    if (first <= previous || last < first || last > MAX_CODE_POINT) break;
    ranges.push([first, last]);
    previous = last;
  }
  return ranges;
}

function findOffsets(words) {
  const offsets = [];
  for (let at = 0; at + words.length * 4 <= wasm.length; at++) {
    let matches = true;
    for (let index = 0; index < words.length && matches; index++) {
      matches = view.getUint32(at + index * 4, true) === words[index];
    }
    if (matches) offsets.push(at);
  }
  return offsets;
}

function toSet(ranges) {
  const set = new Set();
  for (const [first, last] of ranges) for (let code = first; code <= last; code++) set.add(code);
  return set;
}

// Pick the candidate table closest to the engine's: the reference is older, so it may only lack code
// points the engine has (plus a handful of re-categorised ones).
function referenceTable(name, pattern) {
  const modern = engineRanges(pattern);
  const modernSet = toSet(modern);
  let best;
  for (const offset of findOffsets(modern.slice(0, 3).flat())) {
    const ranges = readRanges(offset);
    const set = toSet(ranges);
    let distance = 0;
    for (const code of set) if (!modernSet.has(code)) distance++;
    for (const code of modernSet) if (!set.has(code)) distance++;
    if (!best || distance < best.distance) best = { ranges, set, distance };
  }
  if (!best) throw new Error(`no ${name} table found in ${wasmPath}`);
  if (best.distance > 10_000)
    throw new Error(`${name}: closest table differs by ${best.distance} code points`);
  return best.set;
}

const tables = {
  Lu: referenceTable('Lu', /^\p{Lu}$/u),
  Ll: referenceTable('Ll', /^\p{Ll}$/u),
  Lt: referenceTable('Lt', /^\p{Lt}$/u),
  Lm: referenceTable('Lm', /^\p{Lm}$/u),
  Lo: referenceTable('Lo', /^\p{Lo}$/u),
  L: referenceTable('L', /^\p{L}$/u),
  M: referenceTable('M', /^\p{M}$/u),
  N: referenceTable('N', /^\p{N}$/u),
  WhiteSpace: referenceTable('White_Space', /^\p{White_Space}$/u),
};

// Cross-checks: L is exactly the union of its five parts, and the classes below never overlap.
const union = new Set([...tables.Lu, ...tables.Ll, ...tables.Lt, ...tables.Lm, ...tables.Lo]);
if (union.size !== tables.L.size || [...union].some((code) => !tables.L.has(code))) {
  throw new Error('L is not the union of Lu, Ll, Lt, Lm and Lo');
}
if (!tables.Lo.has(0x2ebf0)) throw new Error('expected Unicode >= 15.1 (CJK Extension I) in the reference');

// Keep in sync with CharacterClass in src/character-classes.ts.
const OTHER = 0;
const UPPER = 1; // Lu, Lt
const LOWER = 2; // Ll
const LETTER_OTHER = 3; // Lm, Lo
const MARK = 4; // M
const NUMBER = 5; // N
const SPACE = 6; // White_Space except \r \n
const NEWLINE = 7; // \r \n

function classify(code) {
  if (code === 0x0a || code === 0x0d) return NEWLINE;
  if (tables.WhiteSpace.has(code)) return SPACE;
  if (tables.Lu.has(code) || tables.Lt.has(code)) return UPPER;
  if (tables.Ll.has(code)) return LOWER;
  if (tables.Lm.has(code) || tables.Lo.has(code)) return LETTER_OTHER;
  if (tables.M.has(code)) return MARK;
  if (tables.N.has(code)) return NUMBER;
  return OTHER;
}

const runs = [];
let runStart = 0;
let runClass = classify(0);
for (let code = 1; code <= MAX_CODE_POINT + 1; code++) {
  const codeClass = code <= MAX_CODE_POINT ? classify(code) : -1;
  if (codeClass !== runClass) {
    if (runClass !== OTHER) runs.push([runStart, code - runStart, runClass]);
    runStart = code;
    runClass = codeClass;
  }
}

// Compact encoding: per run "<gap from previous run end, base 36>.<length, base 36>.<class>", comma-joined.
let previousEnd = 0;
const encoded = runs
  .map(([start, length, codeClass]) => {
    const entry = `${(start - previousEnd).toString(36)}.${length.toString(36)}.${codeClass}`;
    previousEnd = start + length;
    return entry;
  })
  .join(',');

const lines = [];
for (let at = 0; at < encoded.length; at += 100) lines.push(`  '${encoded.slice(at, at + 100)}'`);
const source = `// Generated by scripts/generate-character-classes.mjs from the reference tokenizer's Unicode 15.1 tables.
// Do not edit by hand. Runs of "<gap>.<length>.<class>" in base 36; see character-classes.ts.

/** Run-length encoded character classes of every code point (absent = other). */
export const ENCODED_CHARACTER_CLASSES: string =
${lines.join(' +\n')};
`;
writeFileSync(new URL('../src/character-classes.generated.ts', import.meta.url), source);
console.log(`wrote ${runs.length} runs (${encoded.length} chars)`);
