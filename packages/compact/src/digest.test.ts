import { describe, expect, it } from 'vitest';
import { buildDigest, parseDigest, renderDigest } from './digest.js';
import type { Message } from './types.js';

const call = (id: string, name: string, input: unknown): Message => ({
  role: 'assistant',
  toolCalls: [{ id, name, input }],
});
const result = (id: string, content: string, isError?: boolean): Message => ({
  role: 'tool',
  toolResult: isError ? { callId: id, content, isError } : { callId: id, content },
});

// One session mixing Claude Code, OpenAI-style and SWE-agent tool names.
const session: Message[] = [
  { role: 'user', text: 'Fix the failing date test in src/date.ts' },
  call('1', 'Read', { file_path: 'src/date.ts' }),
  result('1', 'export function parse() {}'),
  {
    role: 'assistant',
    text: 'The parser ignores time zones. I will switch to UTC because the test runs in CI.',
  },
  call('2', 'Edit', { file_path: 'src/date.ts', old_string: 'a', new_string: 'b' }),
  result('2', 'old_string not found', true),
  call('3', 'apply_patch', {
    input: '*** Begin Patch\n*** Update File: src/date.ts\n@@\n-a\n+b\n*** End Patch',
  }),
  result('3', 'Done'),
  call('4', 'Bash', { command: 'pnpm test' }),
  result('4', 'FAIL src/date.test.ts\nexit code 1'),
  call('5', 'shell', { command: ['pnpm', 'test'] }),
  result('5', 'PASS\nExit code: 0'),
  call('6', 'open', { path: 'tests/test_date.py' }),
  result('6', '[File: tests/test_date.py (10 lines total)]'),
  call('7', 'edit', { replacement_text: 'x = 1', start_line: 1, end_line: 1 }),
  result('7', 'File updated.'),
  call('8', 'read_file', { path: 'README.md' }),
  result('8', 'no such file', true),
];

describe('buildDigest', () => {
  it('keeps files read, files edited, commands with exit status, failures and decisions', () => {
    const digest = buildDigest(session);
    expect(digest.filesRead).toEqual(['src/date.ts', 'tests/test_date.py', 'README.md']);
    expect(digest.filesEdited).toEqual(['src/date.ts', 'tests/test_date.py']);
    expect(digest.commands).toEqual([
      { command: 'pnpm test', status: 'exit 1' },
      { command: 'pnpm test', status: 'exit 0' },
    ]);
    expect(digest.failedCalls).toEqual([
      { tool: 'Edit', target: 'src/date.ts', error: 'old_string not found' },
      { tool: 'Bash', target: 'pnpm test', error: 'FAIL src/date.test.ts' },
      { tool: 'read_file', target: 'README.md', error: 'no such file' },
    ]);
    expect(digest.decisions).toEqual([
      'user: Fix the failing date test in src/date.ts',
      'I will switch to UTC because the test runs in CI.',
    ]);
    expect(digest.toolCalls).toBe(8);
  });

  it('reads an exit code a shell tool reports as JSON', () => {
    const digest = buildDigest([
      call('1', 'shell', { command: ['bash', '-lc', 'pytest -q'] }),
      result('1', '{"output":"1 failed, 3 passed","metadata":{"exit_code":1,"duration_seconds":0.4}}'),
      call('2', 'shell', { command: ['ls'] }),
      result('2', '{"output":"a.ts","metadata":{"exitCode": 0}}'),
    ]);
    expect(digest.commands).toEqual([
      { command: 'bash -lc pytest -q', status: 'exit 1' },
      { command: 'ls', status: 'exit 0' },
    ]);
    expect(digest.failedCalls.map((failure) => failure.target)).toEqual(['bash -lc pytest -q']);
  });

  it("reads OpenHands CodeAct's execute_bash as a command, with the exit code its result ends with", () => {
    // The shapes of a real OpenHands v0.15 session (SWE-bench Verified, django__django-11149).
    const digest = buildDigest([
      call('1', 'execute_bash', { command: 'cd /workspace && python3 reproduce.py' }),
      result(
        '1',
        'django.core.exceptions.ImproperlyConfigured: Requested setting INSTALLED_APPS, but settings are not configured.' +
          '[Python Interpreter: /opt/miniconda3/envs/testbed/bin/python]\nroot@openhands-workspace:/workspace # \n' +
          '[Command finished with exit code 1]',
      ),
      call('2', 'str_replace_editor', {
        command: 'create',
        path: '/workspace/reproduce.py',
        file_text: 'x = 1',
      }),
      result('2', 'File created successfully at: /workspace/reproduce.py'),
    ]);
    expect(digest.commands).toEqual([{ command: 'cd /workspace && python3 reproduce.py', status: 'exit 1' }]);
    expect(digest.failedCalls.map((failure) => failure.tool)).toEqual(['execute_bash']);
    expect(digest.filesEdited).toEqual(['/workspace/reproduce.py']);
  });

  it('takes a custom tool-name mapping', () => {
    const digest = buildDigest([call('1', 'cat', { target: 'a.txt' }), result('1', 'x')], {
      toolNames: { cat: { kind: 'read', pathKeys: ['target'] } },
    });
    expect(digest.filesRead).toEqual(['a.txt']);
  });
});

describe('renderDigest', () => {
  it('renders the lists in order, then the resume message (golden)', async () => {
    await expect(renderDigest(buildDigest(session))).toMatchFileSnapshot('__goldens__/digest.txt');
  });

  it('fits a token limit by keeping the most recent items of each list', () => {
    const text = renderDigest(buildDigest(session), { maxTokens: 90 });
    expect(Math.ceil(text.length / 4)).toBeLessThanOrEqual(90);
    expect(text).toContain('earlier');
    expect(text).toContain('Files read:');
  });

  it('under a tight limit, trims every other list before the edited files', () => {
    // A long run: many reads, commands and decisions, and the three files it edited early on.
    const long: Message[] = [
      call('e1', 'Write', { file_path: 'src/a.ts', content: 'x' }),
      result('e1', 'ok'),
      call('e2', 'Write', { file_path: 'src/b.ts', content: 'x' }),
      result('e2', 'ok'),
      call('e3', 'Write', { file_path: 'src/c.ts', content: 'x' }),
      result('e3', 'ok'),
    ];
    for (let step = 0; step < 40; step++) {
      long.push(
        { role: 'assistant', text: `I will check module ${step} because the test imports it.` },
        call(`r${step}`, 'Read', { file_path: `src/module-${step}.ts` }),
        result(`r${step}`, 'export {}'),
        call(`b${step}`, 'Bash', { command: `pnpm test module-${step}` }),
        result(`b${step}`, 'exit code 0'),
      );
    }
    const digest = buildDigest(long);
    // Room for one item of each list: one read, one command, one decision, and all three edits.
    const text = renderDigest(digest, { maxTokens: 110 });
    expect(Math.ceil(text.length / 4)).toBeLessThanOrEqual(110);
    expect(text).toContain('Files read:\n- … 39 earlier\n- src/module-39.ts\nFiles edited:');
    expect(text).toContain('Files edited:\n- src/a.ts\n- src/b.ts\n- src/c.ts\nCommands:\n- … 39 earlier');
    // Only when the other lists are down to their "earlier" lines do the edits give way, oldest first.
    const skeleton = renderDigest(digest, { maxTokens: 75 });
    expect(Math.ceil(skeleton.length / 4)).toBeLessThanOrEqual(75);
    expect(skeleton).toContain('Files edited:\n- … 2 earlier\n- src/c.ts\nCommands:\n- … 40 earlier');
  });

  it('parses back what it rendered, so repeated compaction folds earlier summaries in', () => {
    const digest = buildDigest(session);
    expect(parseDigest(renderDigest(digest))).toEqual(digest);
    const folded = buildDigest([{ role: 'system', text: renderDigest(digest) }, ...session.slice(0, 3)]);
    expect(folded.droppedMessages).toBe(digest.droppedMessages + 3);
    expect(folded.filesRead).toEqual(digest.filesRead);
  });
});
