import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisteredBench } from '../registry.js';
import { runFetch } from './command.js';

const bench = { description: 'a bench', run: async () => 0 };
// Inputs whose state this machine fixes: the running node exists, the other path cannot.
const REGISTRY: Record<string, RegisteredBench> = {
  here: {
    bench,
    needs: 'node',
    passRule: 'exit 0',
    inputs: [{ kind: 'debian', package: 'nodejs', path: process.execPath }],
  },
  gone: {
    bench,
    needs: 'a dataset',
    passRule: 'exit 0',
    inputs: [{ kind: 'dataset', file: 'no/such/dev-set.json' }],
  },
};

function capture(): { out: () => string; err: () => string } {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const text = (spy: typeof out) => () => spy.mock.calls.map(([chunk]) => String(chunk)).join('');
  return { out: text(out), err: text(err) };
}

afterEach(() => vi.restoreAllMocks());

describe('pnpm bench fetch', () => {
  it('refuses an unknown bench in one line, exit 2', async () => {
    const io = capture();
    expect(await runFetch(['nope'], REGISTRY)).toBe(2);
    expect(io.err()).toBe('fetch: unknown bench "nope"; known: gone, here\n');
  });

  it('refuses --data for benches that read no dataset, and an unknown flag', async () => {
    const io = capture();
    expect(await runFetch(['here', '--data', 'x.json'], REGISTRY)).toBe(2);
    expect(await runFetch(['here', '--bogus'], REGISTRY)).toBe(2);
    expect(io.err().trimEnd().split('\n')).toHaveLength(2);
  });

  it('reports what is present and changes nothing on a dry run', async () => {
    const io = capture();
    expect(await runFetch(['here', '--dry-run'], REGISTRY)).toBe(0);
    expect(io.out()).toContain(`present debian nodejs ${process.execPath} (here)`);
  });

  it('exits 1 in a real run when an input cannot be had (a dry run only reports it)', async () => {
    const io = capture();
    expect(await runFetch(['gone', '--dry-run'], REGISTRY)).toBe(0);
    expect(await runFetch(['all'], REGISTRY)).toBe(1);
    expect(io.err()).toContain('fetch: 1 input cannot be had here');
  });
});
