import { describe, expect, it } from 'vitest';
import type { FetchPlan } from './plan.js';
import { formatCommand, formatPlan, shellQuote } from './render-plan.js';

describe('render-plan', () => {
  it('quotes only the words a shell would split or expand', () => {
    expect(shellQuote('/usr/src/rustc-1.63.0')).toBe('/usr/src/rustc-1.63.0');
    expect(shellQuote('8611a4ea^')).toBe('8611a4ea^');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$HOME')).toBe("'$HOME'");
  });

  it('writes a command as one line with its directory and environment', () => {
    expect(
      formatCommand({
        argv: ['apt-get', 'install', '-y', 'rust-src'],
        env: { DEBIAN_FRONTEND: 'noninteractive' },
      }),
    ).toBe('DEBIAN_FRONTEND=noninteractive apt-get install -y rust-src');
    expect(formatCommand({ argv: ['npx', 'pnpm@10', 'install'], cwd: '/my repo' })).toBe(
      "cd '/my repo' && npx pnpm@10 install",
    );
  });

  it('prints each step, its commands, the counts and what to run next', () => {
    const plan: FetchPlan = {
      steps: [
        {
          status: 'present',
          label: 'debian python3.11 /usr/lib/python3.11',
          benches: ['map', 'pack'],
          commands: [],
        },
        {
          status: 'run',
          label: 'git a/b /tmp/b',
          benches: ['skills'],
          commands: [{ argv: ['git', 'clone', '--quiet', 'https://github.com/a/b.git', '/tmp/b'] }],
        },
        { status: 'todo', label: 'debian x /x', benches: ['map'], commands: [], note: 'not root' },
        {
          status: 'missing',
          label: 'dataset /d.json',
          benches: ['localize'],
          commands: [],
          note: 'no such file',
        },
      ],
      next: ['pnpm bench localize --data /d.json'],
    };
    expect(formatPlan(plan)).toBe(
      [
        'present debian python3.11 /usr/lib/python3.11 (map, pack)',
        'fetch   git a/b /tmp/b (skills)',
        '        $ git clone --quiet https://github.com/a/b.git /tmp/b',
        'to do   debian x /x (map): not root',
        'missing dataset /d.json (localize): no such file',
        '1 present, 1 to fetch, 1 to do by hand, 1 missing',
        'then:',
        '  pnpm bench localize --data /d.json',
        '',
      ].join('\n'),
    );
    expect(formatPlan({ steps: [], next: [] })).toContain('nothing to fetch');
  });
});
