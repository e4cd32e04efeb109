import { describe, expect, it } from 'vitest';
import { classifyInstructionPath, compareInstructionPaths, scopeDirectories } from './instruction-files.js';

describe('instruction file priority', () => {
  it('orders root files, cursor rules, ctxkit files, nested files shallowest first, then README', () => {
    const paths = [
      'README.md',
      'pkg/sub/AGENTS.md',
      '.ctxkit/PROJECT.md',
      'pkg/CLAUDE.md',
      'pkg/AGENTS.md',
      '.cursor/rules/b.mdc',
      'CLAUDE.md',
      '.cursorrules',
      '.ctxkit/AGENTS.md',
      '.cursor/rules/a.mdc',
      'AGENT.md',
      'AGENTS.md',
    ];
    expect([...paths].sort(compareInstructionPaths)).toEqual([
      'AGENTS.md',
      'CLAUDE.md',
      'AGENT.md',
      '.cursorrules',
      '.cursor/rules/a.mdc',
      '.cursor/rules/b.mdc',
      '.ctxkit/AGENTS.md',
      '.ctxkit/PROJECT.md',
      'pkg/AGENTS.md',
      'pkg/CLAUDE.md',
      'pkg/sub/AGENTS.md',
      'README.md',
    ]);
    expect(classifyInstructionPath('docs/CONVENTIONS.md')).toBe('other');
  });

  it('lists the directories that hold scope files, a trailing slash marking a directory itself', () => {
    expect(
      scopeDirectories(['pkg/sub/main.go', './web\\app.tsx', 'top.ts', 'libs/core/', '../outside.ts']),
    ).toEqual(['libs', 'pkg', 'web', 'libs/core', 'pkg/sub']);
  });
});
