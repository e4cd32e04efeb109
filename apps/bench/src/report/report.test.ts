import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { formatNumber, niceScale, renderChart } from './svg.js';
import type { BenchResults } from './types.js';

const GOLDENS = join(import.meta.dirname, '__goldens__');

const sample: BenchResults = {
  bench: 'tokenize',
  machine: { node: 'v20.0.0', platform: 'linux 6.1', cpu: 'Test CPU', cores: 2, memoryGiB: 24 },
  report: {
    title: 'Tokenizer <throughput>',
    headline: [{ label: 'o200k code vs WASM', value: '1.8x' }],
    tables: [
      {
        title: 'MB/s',
        columns: ['library', 'code', 'prose'],
        rows: [
          ['ours', 12.5, 9.1],
          ['a|b', 4, 3.2],
        ],
      },
    ],
    charts: [
      {
        kind: 'bar',
        title: 'MB/s by corpus',
        unit: 'MB/s',
        categories: ['code', 'prose'],
        series: [
          { name: 'ours', values: [12.5, 9.1] },
          { name: 'wasm', values: [4, 3.2] },
        ],
      },
      {
        kind: 'stacked',
        title: 'Pack',
        unit: 'tokens',
        categories: ['4k', '8k'],
        series: [
          { name: 'map', values: [500, 900] },
          { name: 'files', values: [1200, 3000] },
        ],
      },
      {
        kind: 'line',
        title: 'Recall@k',
        unit: 'recall',
        categories: ['1', '3', '5'],
        series: [{ name: 'ours', values: [0.3, 0.5, 0.62] }],
      },
    ],
  },
};

describe('niceScale', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceScale(12.5)).toEqual({ max: 15, step: 5 });
    expect(niceScale(0.62)).toEqual({ max: 0.8, step: 0.2 });
    expect(niceScale(0)).toEqual({ max: 1, step: 0.2 });
  });

  it('formats values without locale dependence', () => {
    expect(formatNumber(131072)).toBe('131k');
    expect(formatNumber(13107)).toBe('13.1k');
    expect(formatNumber(2_500_000)).toBe('2.5M');
    expect(formatNumber(0.625)).toBe('0.63');
  });
});

describe('renderChart', () => {
  it('draws each chart kind exactly as the goldens record', async () => {
    for (const chart of sample.report.charts)
      await expect(renderChart(chart)).toMatchFileSnapshot(join(GOLDENS, `chart-${chart.kind}.svg`));
  });

  it('is deterministic and escapes text', () => {
    const chart = { ...sample.report.charts[0]!, title: 'a < b & "c"' };
    expect(renderChart(chart)).toBe(renderChart(chart));
    expect(renderChart(chart)).toContain('a &lt; b &amp; &quot;c&quot;');
  });
});

describe('renderHtml', () => {
  it('is one self-contained page with every section, chart and table', () => {
    const html = renderHtml([sample], '2026-01-01T00:00:00Z');
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).toContain('<section id="tokenize">');
    expect(html).toContain('Tokenizer &lt;throughput&gt;');
    expect(html).toContain('<td class="num">12.5</td>');
  });
});

describe('renderMarkdown', () => {
  it('matches the golden summary', async () => {
    await expect(renderMarkdown([sample])).toMatchFileSnapshot(join(GOLDENS, 'summary.md'));
  });
});
