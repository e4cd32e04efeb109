import { formatTraceLine } from '@ctxkit/trace';
import { describe, expect, it } from 'vitest';
import { sessionTrace, trajectoryTrace } from './session-trace.js';

describe('sessionTrace', () => {
  it('is the same every run, stays within budget and compacts along the way', async () => {
    const first = await sessionTrace(120);
    const second = await sessionTrace(120);
    expect(first.map(formatTraceLine).join('')).toBe(second.map(formatTraceLine).join(''));
    expect(first).toHaveLength(120);
    expect(first.every((record) => record.budget.used <= record.budget.available)).toBe(true);
    expect(
      first.filter((record) => record.compaction!.stages.some((stage) => stage.stage === 'cut')).length,
    ).toBeGreaterThan(0);
    expect(first.filter((record) => record.prefix.brokeAt !== null).length).toBeGreaterThan(0);
  });
});

describe('trajectoryTrace', () => {
  it('records one request per model turn of the replayed run, with compaction', async () => {
    const records = await trajectoryTrace();
    expect(records.length).toBeGreaterThan(50);
    expect(records.filter((record) => record.prefix.brokeAt !== null).length).toBeGreaterThan(0);
    expect(records.some((record) => (record.compaction?.stages.length ?? 0) > 0)).toBe(true);
  });
});
