import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import { findRepositoryRoot, loadConfig, validateConfig } from './load.js';
import { describeConfig, resolveConfig } from './resolve.js';

function temporaryDirectory(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'ctxkit-config-unit-')));
}

describe('validateConfig', () => {
  it('accepts every documented setting', () => {
    const config = {
      $schema: './node_modules/ctxkit/schema.json',
      model: 'qwen2.5-coder:7b',
      encoding: 'cl100k_base',
      role: 'implement',
      roleShares: { implement: 1, explore: 0.4 },
      reserves: { system: 500, tools: 900, response: 2048, slackPercent: 10 },
      ignore: ['vendor/**'],
      skillRoots: ['.claude/skills'],
      instructions: {
        files: ['docs/RULES.md'],
        includeReadme: false,
        maxTotalBytes: 12000,
        maxFileBytes: 4000,
      },
      map: { tokens: 1024 },
      profiles: {
        'my-model': {
          contextWindow: 16384,
          completionReserve: 1024,
          family: 'mine',
          sizeB: 7,
          encoding: 'cl100k_base',
          aliases: ['mine'],
        },
      },
    };
    expect(validateConfig(config, 'ctxkit.config.json')).toEqual(config);
  });

  it('names the unknown key, the file and the allowed keys', () => {
    expect(() => validateConfig({ instructions: { readme: true } }, 'ctxkit.config.json')).toThrow(
      new UserError(
        'unknown key "instructions.readme" in ctxkit.config.json; expected one of: files, includeReadme, maxFileBytes, maxTotalBytes',
      ),
    );
  });

  it('reports a bad value with what was expected and what was found', () => {
    expect(() => validateConfig({ ignore: 'dist' }, 'package.json#ctxkit')).toThrow(
      'invalid value for "ignore" in package.json#ctxkit: expected array, found the string "dist"',
    );
  });
});

describe('loading from disk', () => {
  it('finds the repository root by its .git and falls back to the start directory', () => {
    const root = temporaryDirectory();
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    expect(findRepositoryRoot(join(root, 'a', 'b'))).toBe(root);
    const loose = temporaryDirectory();
    expect(findRepositoryRoot(loose)).toBe(loose);
  });

  it('ignores a package.json without a ctxkit key', () => {
    const root = temporaryDirectory();
    writeFileSync(join(root, 'package.json'), '{ "name": "x" }');
    expect(loadConfig(root)).toEqual({ root, config: {} });
  });
});

describe('resolveConfig', () => {
  it('lets flags override the file and records every source', () => {
    const resolved = resolveConfig(
      {
        root: '/repo',
        file: { path: '/repo/ctxkit.config.json', label: 'ctxkit.config.json' },
        config: { model: 'a', reserves: { tools: 100 } },
      },
      { model: 'b' },
    );
    expect(resolved.values.model).toBe('b');
    expect(resolved.sources).toEqual({ model: '--model', 'reserves.tools': 'ctxkit.config.json' });
    const entries = describeConfig(resolved);
    expect(entries[0]).toEqual({ key: 'model', value: 'b', source: '--model' });
    expect(entries.find((entry) => entry.key === 'reserves.tools')).toEqual({
      key: 'reserves.tools',
      value: 100,
      source: 'ctxkit.config.json',
    });
    expect(entries.find((entry) => entry.key === 'reserves.system')).toEqual({
      key: 'reserves.system',
      value: null,
      source: 'default',
    });
  });
});
