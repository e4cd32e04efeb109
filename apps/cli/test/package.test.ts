import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnvironment, makeTempDirectory } from './run-cli.js';

// `npx ctxkit` installs the package with its production dependencies only. These tests check the
// bundle can run that way: a shebang, no import of anything outside `dependencies`, and a copy
// of the package that starts with nothing but those dependencies beside it.

const cliRoot = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(cliRoot, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  files: string[];
  dependencies: Record<string, string>;
};

function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

describe('the published ctxkit package', () => {
  const bundle = readFileSync(BIN, 'utf8');
  const bundles = readdirSync(join(cliRoot, 'dist'))
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => readFileSync(join(cliRoot, 'dist', name), 'utf8'));

  it('is executable by npx: a bin entry pointing at dist/bin.js with a node shebang', () => {
    expect(manifest.bin).toEqual({ ctxkit: './dist/bin.js' });
    expect(manifest.files).toContain('dist');
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('imports only Node built-ins and production dependencies', () => {
    const specifiers = new Set<string>();
    for (const match of bundles
      .join('\n')
      .matchAll(/(?:^import\s[^'"]*|^import\s*|\bimport\()\s*['"]([^'"]+)['"]/gm)) {
      specifiers.add(match[1]!);
    }
    expect(specifiers.size).toBeGreaterThan(3);
    const builtins = new Set(builtinModules);
    const outside = [...specifiers]
      // Chunks of the build itself (code only one command needs is split off) are shipped in dist.
      .filter((specifier) => !specifier.startsWith('./'))
      .filter((specifier) => !specifier.startsWith('node:') && !builtins.has(specifier))
      .filter((specifier) => !(packageNameOf(specifier) in manifest.dependencies))
      .sort();
    expect(outside).toEqual([]);
  });

  describe('installed with production dependencies only', () => {
    let installed: string;
    beforeAll(() => {
      installed = join(makeTempDirectory('package'), 'ctxkit');
      mkdirSync(join(installed, 'node_modules', '@ctxkit'), { recursive: true });
      mkdirSync(join(installed, 'node_modules', '@modelcontextprotocol'), { recursive: true });
      cpSync(join(cliRoot, 'dist'), join(installed, 'dist'), { recursive: true });
      writeFileSync(join(installed, 'package.json'), readFileSync(join(cliRoot, 'package.json')));
      for (const name of Object.keys(manifest.dependencies).sort()) {
        mkdirSync(dirname(join(installed, 'node_modules', name)), { recursive: true });
        symlinkSync(realpathSync(join(cliRoot, 'node_modules', name)), join(installed, 'node_modules', name));
      }
    });

    function runInstalled(
      args: string[],
      input = '',
    ): { status: number | null; stdout: string; stderr: string } {
      return spawnSync(process.execPath, [join(installed, 'dist', 'bin.js'), ...args], {
        cwd: installed,
        env: cleanEnvironment(),
        input,
        encoding: 'utf8',
      });
    }

    it('reports a dependency that cannot load in one line, without a stack', () => {
      const broken = join(dirname(installed), 'broken');
      cpSync(installed, broken, { recursive: true, verbatimSymlinks: true });
      rmSync(join(broken, 'node_modules', 'commander'));
      const result = spawnSync(process.execPath, [join(broken, 'dist', 'bin.js'), '--version'], {
        env: cleanEnvironment(),
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /^ctxkit: internal error: could not load ctxkit \(is the installation complete\?\): .*commander.*\nctxkit: run again with CTXKIT_DEBUG=1 to see the stack trace\n$/,
      );
    });

    it('prints its version', () => {
      const result = runInstalled(['--version']);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });

    it('maps a tree from its cache with the built workers, and notices a changed file', () => {
      const tree = makeTempDirectory('mapped');
      mkdirSync(join(tree, 'src'), { recursive: true });
      writeFileSync(join(tree, 'src', 'a.ts'), 'export function alpha(): number {\n  return beta();\n}\n');
      writeFileSync(join(tree, 'src', 'b.ts'), 'export function beta(): number {\n  return 2;\n}\n');
      const map = () => {
        const result = runInstalled(['map', tree, '--query', 'alpha', '--json']);
        expect(result.stderr).toBe('');
        return JSON.parse(result.stdout) as { map: string; cache: { hits: number; misses: number } };
      };
      const cold = map();
      expect(cold.cache).toEqual({ hits: 0, misses: 2 });
      const warm = map();
      expect(warm.cache).toEqual({ hits: 2, misses: 0 });
      expect(warm.map).toBe(cold.map);
      writeFileSync(
        join(tree, 'src', 'b.ts'),
        'export function beta(): number {\n  return 3;\n}\nexport const gamma = 1;\n',
      );
      const changed = map();
      expect(changed.cache).toEqual({ hits: 1, misses: 1 });
      expect(changed.map).toContain('gamma');
    });

    it('counts tokens', () => {
      const result = runInstalled(['tokens', '--json'], 'hello world');
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toMatchObject({ tokens: 2 });
    });

    it('serves MCP (the SDK is loaded only by `ctxkit mcp`)', async () => {
      const client = new Client({ name: 'ctxkit-package-test', version: '0.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [join(installed, 'dist', 'bin.js'), 'mcp', installed],
          env: cleanEnvironment() as Record<string, string>,
          stderr: 'pipe',
        }),
      );
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain('read');
      } finally {
        await client.close();
      }
    });

    it('shows help for every subcommand', () => {
      const help = runInstalled(['--help']).stdout;
      const section = help.slice(help.indexOf('Commands:'), help.indexOf('\nExamples:'));
      const names = [...section.matchAll(/^ {2}([a-z][a-z-]*)\s/gm)]
        .map((match) => match[1]!)
        .filter((name) => name !== 'help');
      expect(names.length).toBeGreaterThan(2);
      for (const name of names) {
        const result = runInstalled([name, '--help']);
        expect(result.status, `${name} --help: ${result.stderr}`).toBe(0);
      }
    });
  });
});
