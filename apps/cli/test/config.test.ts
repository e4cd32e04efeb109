import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDirectory, parseJson, runCli, STACK_FRAME } from './run-cli.js';

interface ConfigDocument {
  root: string;
  file: string | null;
  settings: { key: string; value: unknown; source: string }[];
}

function settingsOf(document: unknown): Record<string, { value: unknown; source: string }> {
  const settings: Record<string, { value: unknown; source: string }> = {};
  for (const entry of (document as ConfigDocument).settings) settings[entry.key] = entry;
  return settings;
}

function repositoryWith(files: Record<string, string>): string {
  const directory = makeTempDirectory('config');
  mkdirSync(join(directory, '.git'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(directory, name, '..'), { recursive: true });
    writeFileSync(join(directory, name), text);
  }
  return directory;
}

describe('ctxkit config', () => {
  it('reports built-in defaults when there is no configuration', async () => {
    const directory = repositoryWith({});
    const result = await runCli(['config', '--json'], { cwd: directory });
    expect(result.code).toBe(0);
    const document = parseJson(result) as ConfigDocument;
    expect(document.root).toBe(directory);
    expect(document.file).toBeNull();
    expect(document.settings.every((entry) => entry.source === 'default')).toBe(true);
    const settings = settingsOf(document);
    // Defaults are the packages' own constants, so the report cannot drift from what they do.
    expect(settings.model).toMatchObject({ value: null });
    expect(settings.role).toMatchObject({ value: 'implement' });
    expect(settings['reserves.system']).toMatchObject({ value: 500 });
    expect(settings['reserves.tools']).toMatchObject({ value: 900 });
    expect(settings['reserves.response']).toMatchObject({ value: 2048 });
    expect(settings['reserves.slackPercent']).toMatchObject({ value: 10 });
    expect(settings['roleShares.implement']).toMatchObject({ value: 1 });
    expect(settings['instructions.maxTotalBytes']).toMatchObject({ value: 12000 });
  });

  it('reads ctxkit.config.json and names it as the source of each value', async () => {
    const directory = repositoryWith({
      'ctxkit.config.json': JSON.stringify({
        model: 'qwen2.5-coder:7b',
        reserves: { system: 600 },
        roleShares: { implement: 1, explore: 0.5 },
        ignore: ['dist/**'],
      }),
    });
    const result = await runCli(['config', '--json'], { cwd: directory });
    expect(result.code).toBe(0);
    const settings = settingsOf(parseJson(result));
    expect(settings.model).toEqual({ key: 'model', value: 'qwen2.5-coder:7b', source: 'ctxkit.config.json' });
    expect(settings['reserves.system']).toMatchObject({ value: 600, source: 'ctxkit.config.json' });
    expect(settings['reserves.tools']).toMatchObject({ value: 900, source: 'default' });
    expect(settings['roleShares.explore']).toMatchObject({ value: 0.5, source: 'ctxkit.config.json' });
    expect(settings['roleShares.review']).toMatchObject({ value: 0.7, source: 'default' });
    expect(settings.ignore).toMatchObject({ value: ['dist/**'] });
  });

  it('lets --model override the configured model and says so', async () => {
    const directory = repositoryWith({ 'ctxkit.config.json': '{ "model": "qwen2.5-coder:7b" }' });
    const result = await runCli(['config', '--model', 'llama3.1:8b', '--json'], { cwd: directory });
    expect(settingsOf(parseJson(result)).model).toMatchObject({ value: 'llama3.1:8b', source: '--model' });
  });

  it('refuses a configuration file it cannot read instead of using the defaults', async () => {
    const directory = makeTempDirectory('config-unreadable');
    mkdirSync(join(directory, 'ctxkit.config.json'));
    expect(await runCli(['config'], { cwd: directory })).toMatchObject({
      code: 2,
      stderr: `ctxkit: ${join(directory, 'ctxkit.config.json')} is not a file\n`,
    });
    const looped = makeTempDirectory('config-loop');
    symlinkSync('ctxkit.config.json', join(looped, 'ctxkit.config.json'));
    expect(await runCli(['config'], { cwd: looped })).toMatchObject({
      code: 2,
      stderr: `ctxkit: cannot read ${join(looped, 'ctxkit.config.json')} (ELOOP)\n`,
    });
  });

  it('reads the ctxkit key of package.json', async () => {
    const directory = repositoryWith({
      'package.json': JSON.stringify({ name: 'demo', ctxkit: { encoding: 'cl100k_base' } }),
    });
    const result = await runCli(['config', '--json'], { cwd: directory });
    expect(settingsOf(parseJson(result)).encoding).toMatchObject({
      value: 'cl100k_base',
      source: 'package.json#ctxkit',
    });
  });

  it('finds the configuration at the repository root from a subdirectory', async () => {
    const directory = repositoryWith({ 'ctxkit.config.json': '{ "role": "explore" }', 'src/deep/a.ts': '' });
    const result = await runCli(['--cwd', 'src/deep', 'config', '--json'], { cwd: directory });
    const document = parseJson(result) as ConfigDocument;
    expect(document.root).toBe(directory);
    expect(settingsOf(document).role).toMatchObject({ value: 'explore' });
  });

  it('prints a human table with the file and sources', async () => {
    const directory = repositoryWith({ 'ctxkit.config.json': '{ "model": "qwen2.5-coder:7b" }' });
    const result = await runCli(['config'], { cwd: directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^configuration ctxkit\.config\.json$/m);
    expect(result.stdout).toMatch(/^model\s+qwen2\.5-coder:7b\s+ctxkit\.config\.json$/m);
    expect(result.stdout).toMatch(/^reserves\.tools\s+900\s+default$/m);
    expect(result.stdout).toMatch(/^ignore\s+-\s+default$/m);
  });

  describe('mistakes in the configuration exit 2 with one line', () => {
    const cases: [string, Record<string, string>, string][] = [
      [
        'an unknown key, naming it and the file',
        { 'ctxkit.config.json': '{ "modle": "x" }' },
        'ctxkit: unknown key "modle" in ctxkit.config.json; expected one of: $schema, encoding, ignore, instructions, map, model, profiles, reserves, role, roleShares, skillRoots\n',
      ],
      [
        'an unknown nested key',
        { 'ctxkit.config.json': '{ "reserves": { "sytem": 1 } }' },
        'ctxkit: unknown key "reserves.sytem" in ctxkit.config.json; expected one of: response, slackPercent, system, tools\n',
      ],
      [
        'an unknown key in package.json',
        { 'package.json': '{ "ctxkit": { "skills": [] } }' },
        'ctxkit: unknown key "skills" in package.json#ctxkit; expected one of: $schema, encoding, ignore, instructions, map, model, profiles, reserves, role, roleShares, skillRoots\n',
      ],
      [
        'a value of the wrong type',
        { 'ctxkit.config.json': '{ "reserves": { "system": "lots" } }' },
        'ctxkit: invalid value for "reserves.system" in ctxkit.config.json: expected number, found the string "lots"\n',
      ],
      [
        'a role share above 1',
        { 'ctxkit.config.json': '{ "roleShares": { "implement": 2 } }' },
        'ctxkit: invalid value for "roleShares.implement" in ctxkit.config.json: too big: expected number to be <=1, found 2\n',
      ],
      [
        'invalid JSON, with line and column',
        { 'ctxkit.config.json': '{\n  "model": "x"\n  "role": "y"\n}' },
        "ctxkit: ctxkit.config.json:3:3: invalid JSON: Expected ',' or '}' after property value\n",
      ],
      [
        'a file that is not an object',
        { 'ctxkit.config.json': '["model"]' },
        'ctxkit: ctxkit.config.json must hold a JSON object of settings, found an array\n',
      ],
    ];
    for (const [name, files, expected] of cases) {
      it(name, async () => {
        const result = await runCli(['config'], { cwd: repositoryWith(files) });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(expected);
      });
    }

    it('configuration in both places', async () => {
      const directory = repositoryWith({ 'ctxkit.config.json': '{}', 'package.json': '{ "ctxkit": {} }' });
      const result = await runCli(['config'], { cwd: directory });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^ctxkit: both ctxkit\.config\.json and the "ctxkit" key of package\.json/,
      );
      expect(result.stderr).not.toMatch(STACK_FRAME);
    });

    it('stops every subcommand, not only config', async () => {
      const directory = repositoryWith({ 'ctxkit.config.json': '{ "oops": 1 }' });
      const result = await runCli(['tokens', '-'], { cwd: directory, input: 'x' });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('unknown key "oops"');
    });
  });

  describe('feeds subcommand options', () => {
    it('uses the configured encoding as the default of --encoding', async () => {
      const directory = repositoryWith({ 'ctxkit.config.json': '{ "encoding": "cl100k_base" }' });
      const result = await runCli(['tokens', '--json'], { cwd: directory, input: 'hello' });
      expect(parseJson(result)).toMatchObject({ encoding: 'cl100k_base' });
    });

    it('lets an explicit flag win over the configuration', async () => {
      const directory = repositoryWith({ 'ctxkit.config.json': '{ "encoding": "cl100k_base" }' });
      const result = await runCli(['tokens', '--json', '--encoding', 'estimate'], {
        cwd: directory,
        input: 'hello',
      });
      expect(parseJson(result)).toMatchObject({ encoding: 'estimate' });
    });
  });
});
