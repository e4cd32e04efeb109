import { describe, expect, it } from 'vitest';
import { lockedVersions } from './lockfile.js';

const LOCKFILE = `lockfileVersion: '9.0'

settings:
  autoInstallPeers: true

importers:

  .:
    devDependencies:
      typescript:
        specifier: ~5.9.3
        version: 5.9.3

  apps/bench:
    dependencies:
      '@ctxkit/compact':
        specifier: workspace:^
        version: link:../../packages/compact
    devDependencies:
      '@langchain/core':
        specifier: ^1.4.0
        version: 1.4.0(@opentelemetry/api@1.10.0)(zod@4.6.7)
      tiktoken:
        specifier: ^1.0.22
        version: 1.0.22

  packages/compact:
    devDependencies:
      tiktoken:
        specifier: ^1.0.0
        version: 1.0.0

packages:

  tiktoken@1.0.22:
    resolution: {integrity: sha512-x}
`;

describe('lockedVersions', () => {
  it("reads one importer's versions without peer suffixes or workspace links", () => {
    expect([...lockedVersions(LOCKFILE, 'apps/bench')]).toEqual([
      ['@langchain/core', '1.4.0'],
      ['tiktoken', '1.0.22'],
    ]);
  });

  it('keeps importers apart and stops at the packages section', () => {
    expect(lockedVersions(LOCKFILE, '.').get('typescript')).toBe('5.9.3');
    expect(lockedVersions(LOCKFILE, 'packages/compact').get('tiktoken')).toBe('1.0.0');
    expect(lockedVersions(LOCKFILE, 'apps/missing').size).toBe(0);
  });
});
