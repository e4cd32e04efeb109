// Porter's 1980 suffix-stripping algorithm ("An algorithm for suffix stripping", Program 14(3)),
// written from the paper's rules. It maps "debugging"/"debugged"/"debug", "plans"/"planning" and
// "implementation"/"implementing" to one key each, which is all lexical matching needs.

function isConsonant(word: string, index: number): boolean {
  const character = word[index];
  if (character === 'a' || character === 'e' || character === 'i' || character === 'o' || character === 'u')
    return false;
  if (character === 'y') return index === 0 ? true : !isConsonant(word, index - 1);
  return true;
}

/** m in the paper: the number of vowel-consonant sequences in `stem`. */
function measure(stem: string): number {
  let count = 0;
  let index = 0;
  const length = stem.length;
  while (index < length && isConsonant(stem, index)) index += 1;
  while (index < length) {
    while (index < length && !isConsonant(stem, index)) index += 1;
    if (index >= length) break;
    while (index < length && isConsonant(stem, index)) index += 1;
    count += 1;
  }
  return count;
}

function hasVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index += 1) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string): boolean {
  const length = word.length;
  return length >= 2 && word[length - 1] === word[length - 2] && isConsonant(word, length - 1);
}

/** *o in the paper: consonant-vowel-consonant, the last not w, x or y ("hop", not "snow"). */
function endsConsonantVowelConsonant(word: string): boolean {
  const length = word.length;
  if (length < 3) return false;
  const last = word[length - 1] ?? '';
  return (
    isConsonant(word, length - 1) &&
    !isConsonant(word, length - 2) &&
    isConsonant(word, length - 3) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'y'
  );
}

/** Replace the first matching suffix when its stem satisfies `condition`; report whether a suffix matched. */
function replaceSuffix(
  word: string,
  rules: readonly (readonly [string, string])[],
  condition: (stem: string) => boolean,
): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return condition(stem) ? stem + replacement : word;
  }
  return word;
}

const STEP_2: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP_3: readonly (readonly [string, string])[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP_4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
] as const;

/** The Porter stem of a lowercase English word; words of one or two letters are returned as they are. */
export function porterStem(input: string): string {
  if (input.length <= 2) return input;
  let word = input;
  // Step 1a: plurals.
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ies')) word = word.slice(0, -2);
  else if (!word.endsWith('ss') && word.endsWith('s')) word = word.slice(0, -1);
  // Step 1b: -eed, -ed, -ing.
  if (word.endsWith('eed')) {
    if (measure(word.slice(0, -3)) > 0) word = word.slice(0, -1);
  } else {
    const suffix = word.endsWith('ed') ? 'ed' : word.endsWith('ing') ? 'ing' : undefined;
    if (suffix !== undefined && hasVowel(word.slice(0, -suffix.length))) {
      word = word.slice(0, -suffix.length);
      if (word.endsWith('at') || word.endsWith('bl') || word.endsWith('iz')) word += 'e';
      else if (endsWithDoubleConsonant(word) && !/[lsz]$/.test(word)) word = word.slice(0, -1);
      else if (measure(word) === 1 && endsConsonantVowelConsonant(word)) word += 'e';
    }
  }
  // Step 1c: terminal y after a vowel-bearing stem becomes i.
  if (word.endsWith('y') && hasVowel(word.slice(0, -1))) word = `${word.slice(0, -1)}i`;
  // Steps 2 and 3: double and single derivational suffixes.
  word = replaceSuffix(word, STEP_2, (stem) => measure(stem) > 0);
  word = replaceSuffix(word, STEP_3, (stem) => measure(stem) > 0);
  // Step 4: strip a suffix from a long enough stem.
  for (const suffix of STEP_4) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (measure(stem) > 1 && (suffix !== 'ion' || /[st]$/.test(stem))) word = stem;
    break;
  }
  // Step 5: a final e and a final ll.
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsConsonantVowelConsonant(stem))) word = stem;
  }
  if (measure(word) > 1 && word.endsWith('ll')) word = word.slice(0, -1);
  return word;
}
