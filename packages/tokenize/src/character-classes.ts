import { ENCODED_CHARACTER_CLASSES } from './character-classes.generated.js';

/**
 * What the split patterns of cl100k_base and o200k_base need to know about a code point. Classes follow
 * the reference's Unicode 15.1 tables; a code point belongs to exactly one class.
 */
export const CharacterClass = {
  /** Anything below: punctuation, symbols, controls, unassigned, and lone surrogates (seen as U+FFFD). */
  other: 0,
  /** Lu or Lt: in o200k's leading-letter set only. */
  upper: 1,
  /** Ll: in o200k's trailing-letter set only. */
  lower: 2,
  /** Lm or Lo: in both o200k letter sets. */
  letterOther: 3,
  /** M (Mn, Mc, Me): not \p{L}, yet in both o200k letter sets. */
  mark: 4,
  /** N (Nd, Nl, No). */
  number: 5,
  /** Rust's `\s` (Unicode White_Space, so U+0085 NEL yes and U+FEFF BOM no), except \r and \n. */
  space: 6,
  /** \r or \n. */
  newline: 7,
} as const;

const CODE_POINT_COUNT = 0x110000;
let table: Uint8Array | undefined;

/**
 * The class of every code point, indexed by code point. Expanded from the generated run-length table on
 * first use (about 1 MB), so importing the package costs nothing.
 */
export function characterClassTable(): Uint8Array {
  if (table) return table;
  const expanded = new Uint8Array(CODE_POINT_COUNT);
  let previousEnd = 0;
  for (const run of ENCODED_CHARACTER_CLASSES.split(',')) {
    const [gap = '', length = '', codeClass = ''] = run.split('.');
    const start = previousEnd + Number.parseInt(gap, 36);
    const end = start + Number.parseInt(length, 36);
    expanded.fill(Number(codeClass), start, end);
    previousEnd = end;
  }
  table = expanded;
  return expanded;
}
