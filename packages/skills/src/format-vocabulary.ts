/**
 * The file formats and products a skill's own text names, as extra matching terms. Users name the
 * thing they hold ("this PDF form", "an Excel workbook", "a Playwright script"), while a
 * description names it once among many prose words, where BM25 gives it the weight of any other
 * word. Read from the name and description alone: no list of skills, no per-skill constant.
 */

/**
 * Names users give each file format family, keyed by extension. General knowledge about formats
 * (what `.xlsx` is called in a request), not about any skill: a skill that mentions `.xlsx` is
 * about spreadsheets whether or not it ever says "Excel". Only names that stem to no everyday
 * word: "presentation" stems to "present", "document" matches every docs task.
 */
export const FORMAT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  csv: ['spreadsheet'],
  doc: ['word document'],
  docx: ['word document'],
  key: ['keynote'],
  md: ['markdown'],
  odp: ['slides'],
  ods: ['spreadsheet'],
  pdf: ['acrobat'],
  ppt: ['powerpoint', 'slides'],
  pptx: ['powerpoint', 'slides'],
  tsv: ['spreadsheet'],
  xls: ['excel', 'spreadsheet', 'workbook'],
  xlsm: ['excel', 'spreadsheet', 'workbook'],
  xlsx: ['excel', 'spreadsheet', 'workbook'],
};

/**
 * Words that open a clause which rules things out ("Do NOT use for PDFs", "SKIP when OpenAI is
 * named"): formats and products named there are what the skill is *not* for.
 */
const NEGATIONS = new Set(['not', 'never', "don't", 'dont', 'skip', 'except', 'unless', 'avoid']);

/** `.docx`, `.pdf`: a dot after a non-word character, 2–4 letters/digits, then a word end. */
const EXTENSION = /(?:^|[\s("'`/,])\.([a-z][a-z0-9]{1,3})(?![\w.])/gi;
/**
 * An acronym such as PDF, MCP, HTML (optionally plural: PDFs): 3–4 capitals. Two capitals are
 * more often a shorthand for common words (PR, UI) than a format, and five or more are emphasis
 * (FIRST, BEFORE, TRIGGER).
 */
const ACRONYM = /^([A-Z][A-Z0-9]{2,3})s?$/;
/** A capitalised word such as Playwright, Excel, PowerPoint: capital, then a lower-case letter. */
const CAPITALISED = /^[A-Z][a-z][A-Za-z0-9]*$/;

/**
 * File extensions, acronyms and capitalised product names that `name` and `description` mention
 * outside a negated clause, plus the {@link FORMAT_ALIASES} of every extension — lower-case,
 * sorted, unique. A sentence's first word is skipped (it is capitalised as a sentence, not as a
 * name), as are capital words shorter or longer than an acronym (`PR`, `TRIGGER`).
 */
export function formatVocabulary(name: string, description: string): string[] {
  const terms = new Set<string>();
  const addExtension = (extension: string) => {
    const key = extension.toLowerCase();
    terms.add(key);
    for (const alias of FORMAT_ALIASES[key] ?? []) terms.add(alias);
  };
  // A name such as `pptx` or `pdf-tools` is the format itself.
  for (const part of name.toLowerCase().split(/[^a-z0-9]+/))
    if (Object.hasOwn(FORMAT_ALIASES, part)) addExtension(part);
  for (const clause of description.split(/[.;:!?\n]\s+|[—–]|\s-\s|\n/)) {
    const words = clause.split(/[\s,()"'`/]+/).filter((word) => word !== '');
    if (words.some((word) => NEGATIONS.has(word.toLowerCase()))) continue;
    for (const match of clause.matchAll(EXTENSION)) addExtension(match[1] ?? '');
    words.forEach((word, position) => {
      const bare = word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '').replace(/'s$/, '');
      const acronym = ACRONYM.exec(bare);
      if (acronym?.[1]) {
        const lower = acronym[1].toLowerCase();
        terms.add(lower);
        if (Object.hasOwn(FORMAT_ALIASES, lower)) addExtension(lower);
      } else if (position > 0 && CAPITALISED.test(bare)) terms.add(bare.toLowerCase());
    });
  }
  return [...terms].sort();
}
