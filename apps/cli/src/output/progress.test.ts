import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress, PROGRESS_DELAY_MS, SILENT_PROGRESS } from './progress.js';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

describe('createProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is silent when disabled (pipes, --quiet)', () => {
    const { stream } = capture();
    expect(createProgress({ stream, label: 'x', enabled: false })).toBe(SILENT_PROGRESS);
  });

  it('draws nothing for work shorter than the delay', async () => {
    const { stream, text } = capture();
    const progress = createProgress({ stream, label: 'mapping', enabled: true });
    progress.update(5, 10);
    vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1);
    progress.done();
    await Promise.resolve();
    expect(text()).toBe('');
  });

  it('draws after the delay and erases its line when done', async () => {
    const { stream, text } = capture();
    const progress = createProgress({ stream, label: 'mapping', enabled: true });
    progress.update(5, 10);
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    progress.done();
    await Promise.resolve();
    expect(text()).toBe('\r\u001b[2Kmapping 5/10 (50%)\r\u001b[2K');
  });
});
