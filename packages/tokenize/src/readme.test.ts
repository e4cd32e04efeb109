import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as tokenize from './index.js';

// The README's example runs as written and prints what its comments say.
describe.each([0, 1])('README example %i', (which) => {
  it('prints the values in its comments', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const example = [...readme.matchAll(/```js\n([\s\S]*?)```/g)][which]?.[1] ?? '';
    expect(example).not.toBe('');
    const body = example.replace(/^import .*$/gm, '');
    const printed: string[] = [];
    const fakeConsole = {
      log: (...values: unknown[]) => {
        printed.push(values.map((value) => (typeof value === 'string' ? value : inspect(value))).join(' '));
      },
    };
    new Function('console', 'createRequire', ...Object.keys(tokenize), body)(
      fakeConsole,
      createRequire,
      ...Object.values(tokenize),
    );
    // The first value in each `console.log(...); // …` comment is what that line prints.
    const claims = [...body.matchAll(/\);\s*\/\/ (?:[^:\d[]*: )?(\[[^\]]*\]|[\d.]+(?: [\d.]+)?)/g)].map(
      (match) => match[1],
    );
    expect(printed).toEqual(claims);
  });
});
