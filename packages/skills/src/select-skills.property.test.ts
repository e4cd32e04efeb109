import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectSkills } from './select-skills.js';
import { truncateBody } from './truncate-body.js';
import type { Skill } from './types.js';

const words = [
  'test',
  'debug',
  'plan',
  'review',
  'release',
  'pdf',
  'form',
  'deploy',
  'schema',
  'style',
  'bug',
  'fix',
];
const phrase = fc
  .array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 })
  .map((list) => list.join(' '));
const body = fc
  .array(fc.tuple(fc.constantFrom(...words), fc.string({ maxLength: 120 })), { maxLength: 6 })
  .map((sections) => sections.map(([heading, text]) => `## ${heading}\n\n${text}\n`).join('\n'));
const skillsArbitrary = fc
  .uniqueArray(
    fc.record({
      name: fc.constantFrom(...words.map((word) => `${word}-skill`)),
      description: phrase,
      triggers: fc.array(phrase, { maxLength: 2 }),
      body,
    }),
    { selector: (skill) => skill.name, maxLength: 10 },
  )
  .map((records) =>
    records.map((record): Skill => ({ ...record, paths: [], path: `skills/${record.name}/SKILL.md` })),
  );

describe('selectSkills invariants', () => {
  it('is deterministic under input order and never exceeds maxExpanded or the body cap', () => {
    fc.assert(
      fc.property(
        skillsArbitrary,
        phrase,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 200, max: 2000 }),
        fc.array(fc.constantFrom(...words.map((word) => `${word}-skill`)), { maxLength: 3 }),
        (skills, task, maxExpanded, maxBodyBytes, pins) => {
          const options = { task, maxExpanded, maxBodyBytes, pins };
          const forward = selectSkills(skills, options);
          const backward = selectSkills([...skills].reverse(), options);
          expect(backward).toEqual(forward);
          expect(forward.expanded.length).toBeLessThanOrEqual(maxExpanded);
          for (const entry of forward.expanded) {
            expect(entry.bytes).toBeLessThanOrEqual(maxBodyBytes);
            expect(forward.cards.map((card) => card.name)).toContain(entry.name);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('sole-match invariants', () => {
  it('a body by margin goes only to the single card, and only when the card bar is cleared by the margin', () => {
    fc.assert(
      fc.property(
        skillsArbitrary,
        phrase,
        fc.double({ min: 0, max: 3, noNaN: true }),
        (skills, task, sole) => {
          const strict = selectSkills(skills, { task, thresholds: { sole: Number.MAX_VALUE } });
          const loose = selectSkills(skills, { task, thresholds: { sole } });
          // Lowering the sole-match bar never removes a body or a card, and adds at most one body,
          // to a task whose score cards are the one skill alone.
          expect(loose.cards.map((card) => card.name)).toEqual(strict.cards.map((card) => card.name));
          const added = loose.expanded.filter(
            (entry) => !strict.expanded.some((other) => other.name === entry.name),
          );
          expect(added.length).toBeLessThanOrEqual(1);
          for (const entry of strict.expanded)
            expect(loose.expanded.map((other) => other.name)).toContain(entry.name);
          if (added.length === 1) {
            expect(loose.cards.map((card) => card.name)).toEqual([added[0]?.name]);
            expect(loose.cards[0]?.score ?? 0).toBeGreaterThanOrEqual(sole);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('truncateBody invariants', () => {
  it('never exceeds a cap that can hold its marker, and keeps a prefix of the body', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 300, max: 3000 }), (text, maxBytes) => {
        const result = truncateBody('a-skill', text, maxBytes);
        expect(new TextEncoder().encode(result.text).length).toBeLessThanOrEqual(maxBytes);
        const kept = result.text.replace(/\[ctxkit: skill "a-skill"[^\n]*\]\n$/, '');
        expect(`${text}\n`.startsWith(kept) || text.startsWith(kept)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('selectSkills index cache', () => {
  it('notices a skills array changed in place', () => {
    const skills: Skill[] = [
      {
        name: 'pdf-skill',
        description: 'fill pdf forms',
        triggers: [],
        paths: [],
        path: 'a/SKILL.md',
        body: 'A\n',
      },
    ];
    expect(selectSkills(skills, { task: 'deploy the schema' }).cards).toEqual([]);
    skills.push({
      name: 'deploy-skill',
      description: 'deploy the schema',
      triggers: [],
      paths: [],
      path: 'b/SKILL.md',
      body: 'B\n',
    });
    expect(selectSkills(skills, { task: 'deploy the schema' }).cards.map((card) => card.name)).toEqual([
      'deploy-skill',
    ]);
  });
});
