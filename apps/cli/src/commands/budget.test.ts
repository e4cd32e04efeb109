import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

function emptyProject(): string {
  return mkdtempSync(join(tmpdir(), 'ctxkit-budget-'));
}

describe('ctxkit budget', () => {
  it('prints every term for a model tag', async () => {
    const result = await runInProcess(
      ['budget', '--model', 'qwen2.5-coder:7b-instruct-q4_K_M'],
      emptyProject(),
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      [
        'model  qwen2.5-coder:7b (family "qwen2.5-coder" in "qwen2.5-coder:7b-instruct-q4_K_M")',
        'counts cl100k_base, approximate (bundled; qwen2.5-coder:7b-instruct-q4_K_M / qwen2.5-coder:7b not in the Ollama store)',
        'role   implement (file bodies)',
        '',
        '  window              32,768',
        '  − system prompt        500',
        '  − tool definitions     900',
        '  − response           2,048',
        '  − slack (10%)        3,276',
        '    · tokenizer        3,020',
        '    · chat template      256',
        '  = pack space        26,044',
        '  × implement share     1.00',
        '  = available         26,044',
        '',
      ].join('\n'),
    );
  });

  it('applies role, reserve flags and JSON output', async () => {
    const result = await runInProcess(
      [
        'budget',
        '--model',
        'gpt-4o',
        '--role',
        'review',
        '--reserve-response',
        '4096',
        '--slack-percent',
        '5',
        '--json',
      ],
      emptyProject(),
    );
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.model).toMatchObject({ query: 'gpt-4o', rule: 'exact' });
    expect(document.budget).toMatchObject({
      window: 128_000,
      reserveResponse: 4096,
      slack: 6400,
      packSpace: 116_104,
      roleShare: 0.7,
      available: 81_272,
    });
  });

  it('reads configuration and a profile file, and reports mistakes in one line', async () => {
    const project = emptyProject();
    writeFileSync(
      join(project, 'ctxkit.config.json'),
      JSON.stringify({
        model: 'house:7b',
        profiles: { 'house:7b': { contextWindow: 20_000 } },
        roleShares: { review: 0.5 },
      }),
    );
    const configured = await runInProcess(['budget', '--role', 'review', '--json'], project);
    expect(JSON.parse(configured.stdout).budget).toMatchObject({
      model: 'house:7b',
      window: 20_000,
      roleShare: 0.5,
    });

    writeFileSync(join(project, 'models.json'), '{"profiles":[{"name":"house:7b","contextWindow":"big"}]}');
    const broken = await runInProcess(['budget', '--profiles', 'models.json'], project);
    expect(broken).toMatchObject({
      code: 2,
      stderr:
        'ctxkit: models.json: profiles[0].contextWindow: expected an integer ≥ 1 (tokens), found the string "big"\n',
    });
    const role = await runInProcess(['budget', '--model', 'gpt-4o', '--role', 'chef'], emptyProject());
    expect(role).toMatchObject({
      code: 2,
      stderr: 'ctxkit: role must be one of explore, implement, review, summarize, found the string "chef"\n',
    });
    const badNumber = await runInProcess(
      ['budget', '--model', 'gpt-4o', '--reserve-tools', 'many'],
      emptyProject(),
    );
    expect(badNumber.code).toBe(2);
    expect(badNumber.stderr).toContain('expected a whole number of tokens, found "many"');
    // One range for the slack, computeBudget's, whether it comes from a flag or the configuration.
    const slack = await runInProcess(
      ['budget', '--model', 'gpt-4o', '--slack-percent', '150'],
      emptyProject(),
    );
    expect(slack).toMatchObject({
      code: 2,
      stderr: 'ctxkit: slackPercent must be between 0 and 100, found 150\n',
    });
    const slackProject = emptyProject();
    writeFileSync(join(slackProject, 'ctxkit.config.json'), '{"reserves":{"slackPercent":95}}');
    const wide = await runInProcess(['budget', '--model', 'gpt-4o', '--json'], slackProject);
    expect(wide.code).toBe(0);
    expect(JSON.parse(wide.stdout).budget).toMatchObject({ slackPercent: 95 });
  });
});

describe('ctxkit profiles', () => {
  it('resolves a name and says which rule matched', async () => {
    const result = await runInProcess(
      ['profiles', 'deepseek-coder-v2:16b-lite-instruct-q4_0'],
      emptyProject(),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'deepseek-coder-v2:16b-lite-instruct-q4_0 → deepseek-coder-v2:16b (family "deepseek-coder-v2" in "deepseek-coder-v2:16b-lite-instruct-q4_0")',
        '  rule              family (deepseek-coder-v2)',
        '  window            163,840 tokens',
        '  response reserve  2,048 tokens',
        '  encoding          cl100k_base',
        '  family            deepseek-coder-v2',
        '  size              16B',
        '',
      ].join('\n'),
    );
    const json = JSON.parse(
      (await runInProcess(['profiles', 'claude-sonnet-4-5', '--json'], emptyProject())).stdout,
    );
    expect(json).toMatchObject({ rule: 'exact', profile: { contextWindow: 200_000 } });
  });

  it('rejects an empty name instead of resolving it to the default profile', async () => {
    const result = await runInProcess(['profiles', ' '], emptyProject());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('ctxkit: expected a model name to resolve, found an empty string\n');
  });

  it('lists every profile', async () => {
    const result = await runInProcess(['profiles'], emptyProject());
    expect(result.stdout.split('\n')[0]).toMatch(/^NAME\s+WINDOW\s+RESERVE\s+ENCODING\s+WHERE$/);
    expect(result.stdout).toMatch(/^qwen2\.5-coder:7b\s+32,768\s+2,048\s+cl100k_base\s+local$/m);
    const json = JSON.parse((await runInProcess(['profiles', '--json'], emptyProject())).stdout);
    expect(json.profiles.length).toBeGreaterThan(80);
  });

  it('without a model uses the conservative default, as pack and compose do, and says so', async () => {
    const budget = await runInProcess(['budget'], emptyProject());
    expect(budget.code).toBe(0);
    expect(budget.stdout).toMatch(
      /^model {2}default \(no model given: a conservative 8K profile; pass --model\)\n/,
    );
    const json = JSON.parse((await runInProcess(['budget', '--json'], emptyProject())).stdout);
    expect(json.model).toMatchObject({ query: 'default', rule: 'default' });
    const compose = JSON.parse(
      (await runInProcess(['compose', '--task', 'anything', '--json', '--no-cache'], emptyProject())).stdout,
    );
    expect(compose.model).toMatchObject({ query: 'default', rule: 'default' });
    expect(compose.budget.available).toBe(json.budget.available);
  });
});
