import { describe, expect, it } from 'vitest';
import { formatVocabulary } from './format-vocabulary.js';
import { buildSkillIndex, scoreSkills } from './skill-index.js';
import type { Skill } from './types.js';

describe('formatVocabulary', () => {
  // [name, description, expected terms]: one row per way a format or product is named.
  const table: [string, string, string[]][] = [
    ['sheets', 'Edit an existing .xlsx or .csv file.', ['csv', 'excel', 'spreadsheet', 'workbook', 'xlsx']],
    ['pptx', 'Build decks.', ['powerpoint', 'pptx', 'slides']],
    ['forms', 'Fill PDF forms and read PDFs.', ['acrobat', 'pdf']],
    ['tester', 'Drive the browser with Playwright and capture logs.', ['playwright']],
    // A sentence's first word is capitalised as a sentence, not as a name.
    ['notes', 'Write release notes. Group changes by impact.', []],
    // Formats and products in a clause that rules things out are what the skill is not for.
    ['word', 'Create Word documents. Do NOT use for PDFs or spreadsheets.', ['word']],
    // Two capitals are shorthand (PR), five are emphasis (FIRST); MUST is left for the stop words.
    ['plans', 'You MUST plan FIRST, then open a PR.', ['must']],
    // A dot inside a word is not an extension: claude.ai, p5.js, v1.2.
    ['art', 'Generative art with p5.js on claude.ai, release v1.2.', []],
  ];
  it.each(table)('%s: %s', (name, description, expected) => {
    expect(formatVocabulary(name, description)).toEqual(expected);
  });

  it('is sorted and unique', () => {
    const terms = formatVocabulary('xlsx', 'Open .xlsx, .XLSX and .xlsm files; XLSX everywhere.');
    expect(terms).toEqual([...new Set(terms)].sort());
  });
});

describe('format vocabulary in scoring', () => {
  const skill = (name: string, description: string): Skill => ({
    name,
    description,
    triggers: [],
    paths: [],
    path: `skills/${name}/SKILL.md`,
    body: `${name}\n`,
  });
  const skills = [
    skill('sheets', 'Open, edit or create .xlsx and .csv files: formulas, formatting, charts.'),
    skill('release-notes', 'Write release notes from merged pull requests.'),
    skill('debugging', 'Find the root cause of a failing test before fixing it.'),
    skill('deploy', 'Deploy the service to the staging cluster.'),
  ];
  it('lets a task that names the product (Excel) reach a skill that only names the extension', () => {
    const [best] = scoreSkills(buildSkillIndex(skills), 'Put these totals into an Excel workbook');
    expect(best?.skill.name).toBe('sheets');
    expect(best?.score).toBeGreaterThan(1);
  });
});
