import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentPathError, loadDocuments } from './load-documents.js';

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'ctxkit-load-'));
  mkdirSync(join(root, 'notes', 'deep'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'MEMORY.md'), '# Memory\nfact');
  writeFileSync(join(root, 'notes', 'b.txt'), 'plain note');
  writeFileSync(join(root, 'notes', 'deep', 'a.markdown'), '# Deep');
  writeFileSync(join(root, 'notes', 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]));
  writeFileSync(join(root, 'notes', 'dump.txt'), 'x'.repeat(2000));
  writeFileSync(join(root, 'notes', 'binary.txt'), Buffer.from([0x41, 0, 0x42]));
  writeFileSync(join(root, 'node_modules', 'pkg', 'README.md'), '# Dependency');
  writeFileSync(join(root, '.git', 'notes.md'), '# Git internals');
  writeFileSync(join(root, 'script.py'), 'print(1)');
  return root;
}

describe('loadDocuments', () => {
  it('walks directories for notes in path order, skipping dependencies, hidden, binary and oversized files', async () => {
    const root = tree();
    const loaded = await loadDocuments(['.'], { root, maxFileBytes: 1000 });
    expect(loaded.documents.map((document) => document.path)).toEqual([
      'MEMORY.md',
      'notes/b.txt',
      'notes/deep/a.markdown',
    ]);
    expect(loaded.skipped).toEqual([
      { path: 'notes/binary.txt', reason: 'binary' },
      { path: 'notes/dump.txt', reason: 'larger than 1000 bytes' },
    ]);
  });

  it('reads a named file whatever its extension, once even when named twice', async () => {
    const root = tree();
    const loaded = await loadDocuments(['script.py', './script.py', 'notes/deep'], { root });
    expect(loaded.documents).toEqual([
      { path: 'notes/deep/a.markdown', text: '# Deep' },
      { path: 'script.py', text: 'print(1)' },
    ]);
  });

  it('passes over unreadable files and link loops with a reason, and follows linked note files', async () => {
    const root = tree();
    symlinkSync('loop-b.md', join(root, 'notes', 'loop-a.md'));
    symlinkSync('loop-a.md', join(root, 'notes', 'loop-b.md'));
    symlinkSync(join('..', 'MEMORY.md'), join(root, 'notes', 'linked.md'));
    symlinkSync('..', join(root, 'notes', 'cycle'));
    const loaded = await loadDocuments(['notes'], { root, maxFileBytes: 1000 });
    expect(loaded.documents.map((document) => document.path)).toEqual([
      'notes/b.txt',
      'notes/deep/a.markdown',
      'notes/linked.md',
    ]);
    expect(loaded.skipped).toEqual([
      { path: 'notes/binary.txt', reason: 'binary' },
      { path: 'notes/dump.txt', reason: 'larger than 1000 bytes' },
      { path: 'notes/loop-a.md', reason: 'unreadable (ELOOP)' },
      { path: 'notes/loop-b.md', reason: 'unreadable (ELOOP)' },
    ]);
  });

  it('skips note files whose real path leaves the root, directly or through a chain, unless asked', async () => {
    const root = tree();
    const outside = mkdtempSync(join(tmpdir(), 'ctxkit-load-outside-'));
    writeFileSync(join(outside, 'secret.md'), 'private key');
    symlinkSync(join(outside, 'secret.md'), join(root, 'notes', 'escape.md'));
    symlinkSync('escape.md', join(root, 'notes', 'chained.md'));
    const loaded = await loadDocuments(['notes', 'notes/escape.md'], { root, maxFileBytes: 1000 });
    expect(loaded.documents.map((document) => document.text).join('\n')).not.toContain('private key');
    expect(loaded.skipped).toEqual(
      expect.arrayContaining([
        { path: 'notes/chained.md', reason: 'symbolic link outside the root' },
        { path: 'notes/escape.md', reason: 'symbolic link outside the root' },
      ]),
    );
    const followed = await loadDocuments(['notes'], { root, maxFileBytes: 1000, followExternalLinks: true });
    expect(followed.documents.map((document) => document.path)).toContain('notes/escape.md');
    // A directory outside the root, named on purpose, is read: its files are inside it.
    const named = await loadDocuments([outside], { root, maxFileBytes: 1000 });
    expect(named.documents.map((document) => document.text)).toEqual(['private key']);
  });

  it('strips a byte-order mark and reads non-UTF-8 notes as Latin-1 instead of replacement characters', async () => {
    const root = tree();
    writeFileSync(join(root, 'bom.md'), '\uFEFF# Title\n');
    writeFileSync(join(root, 'latin.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    // Random-looking bytes with no NUL: gzip data saved under a .txt name.
    writeFileSync(
      join(root, 'packed.txt'),
      Buffer.from([0x1f, 0x8b, 0x08, 0x03, 0x9c, 0x81, 0x02, 0xff, 0x85, 0x90]),
    );
    const loaded = await loadDocuments(['bom.md', 'latin.txt', 'packed.txt'], { root });
    expect(loaded.skipped).toEqual([{ path: 'packed.txt', reason: 'binary' }]);
    expect(loaded.documents).toEqual([
      { path: 'bom.md', text: '# Title\n' },
      { path: 'latin.txt', text: 'caf\u00e9\n' },
    ]);
  });

  it('throws a DocumentPathError naming a missing path', async () => {
    const failure = loadDocuments(['missing.md'], { root: tree() });
    await expect(failure).rejects.toThrow(DocumentPathError);
    await expect(failure).rejects.toThrow('no such file or directory: missing.md');
  });
});
