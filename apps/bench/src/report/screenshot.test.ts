import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../benches/report.js';
import { renderHtml } from './html.js';
import type { BenchResults } from './types.js';

const CHROMIUM = '/usr/bin/chromium';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const results: BenchResults = {
  bench: 'budget',
  machine: { node: 'v20', platform: 'linux', cpu: 'cpu', cores: 2, memoryGiB: 24 },
  report: {
    title: 'Budget regression',
    headline: [{ label: 'cases', value: '32' }],
    tables: [],
    charts: [
      {
        kind: 'stacked',
        title: 'Pack',
        unit: 'tokens',
        categories: ['4k', '32k'],
        series: [{ name: 'map', values: [900, 4000] }],
      },
    ],
  },
};

// Needs Debian's chromium (apt-get install chromium); machines without it run the same check on demand
// with `pnpm bench report --screenshot`.
describe.runIf(existsSync(CHROMIUM))('report in headless Chromium', () => {
  it('renders to a non-trivial PNG screenshot', () => {
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-report-'));
    const htmlPath = join(directory, 'report.html');
    const pngPath = join(directory, 'report.png');
    writeFileSync(htmlPath, renderHtml([results], 'test'));
    screenshot(htmlPath, pngPath, CHROMIUM);
    const png = readFileSync(pngPath);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // A blank 1200x2400 page compresses to a few KB; charts and text make it much larger.
    expect(png.length).toBeGreaterThan(20_000);
  });
});
