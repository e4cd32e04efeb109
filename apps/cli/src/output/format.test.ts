import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatPercent, formatQuantity } from './format.js';
import { displayPath } from './paths.js';
import { renderProgressLine } from './progress.js';

describe('formatting', () => {
  it('groups thousands with commas whatever the locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-4096)).toBe('-4,096');
  });

  it('formats percentages and sizes', () => {
    expect(formatPercent(0.423)).toBe('42%');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(1.3 * 1024 * 1024)).toBe('1.3 MB');
  });

  it('shows paths relative to a directory with / separators', () => {
    expect(displayPath('/repo', '/repo/src/a.ts')).toBe('src/a.ts');
    expect(displayPath('/repo', '/repo')).toBe('.');
    expect(displayPath('/repo/src', '/repo/README.md')).toBe('../README.md');
    expect(displayPath('/repo', 'already/relative.ts')).toBe('already/relative.ts');
  });

  it('renders a progress line with or without a total', () => {
    expect(renderProgressLine('mapping repository', 120, 431)).toBe('mapping repository 120/431 (27%)');
    expect(renderProgressLine('scanning', 7, undefined)).toBe('scanning 7');
    expect(renderProgressLine('scanning', 0, undefined)).toBe('scanning…');
  });
});

describe('formatQuantity', () => {
  it('agrees the noun with the count', () => {
    expect(formatQuantity(1, 'file')).toBe('1 file');
    expect(formatQuantity(0, 'file')).toBe('0 files');
    expect(formatQuantity(1204, 'miss', 'misses')).toBe('1,204 misses');
  });
});
