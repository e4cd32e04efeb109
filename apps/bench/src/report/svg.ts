import type { ReportChart } from './types.js';

/** Series colours, in order; chosen to stay distinguishable for common colour-vision deficiencies. */
export const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#9c755f',
  '#bab0ac',
];

const WIDTH = 720;
const HEIGHT = 320;
const MARGIN = { top: 36, right: 16, bottom: 96, left: 64 };
const LEGEND_ROW = 18;

/** Escape text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A round axis maximum and step (1, 2 or 5 × 10^k) with about five ticks. */
export function niceScale(maximum: number): { max: number; step: number } {
  if (!(maximum > 0) || !Number.isFinite(maximum)) return { max: 1, step: 0.2 };
  const rough = maximum / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  // toPrecision strips binary noise such as 0.7000000000000001 from the axis labels.
  return {
    max: Number((Math.ceil(maximum / step) * step).toPrecision(12)),
    step: Number(step.toPrecision(12)),
  };
}

/** Format a tick or value compactly and deterministically (no locale). */
export function formatNumber(value: number): string {
  const absolute = Math.abs(value);
  if (absolute >= 1e6) return `${trim(value / 1e6)}M`;
  if (absolute >= 1e4) return `${trim(value / 1e3)}k`;
  return trim(value);
}

function trim(value: number): string {
  return Number.isInteger(value)
    ? String(value)
    : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2).replace(/\.?0+$/, '');
}

function round(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** Draw `chart` as a standalone SVG element. Pure: same chart, same bytes. */
export function renderChart(chart: ReportChart): string {
  const legendRows = Math.ceil(chart.series.length / 4);
  const height = HEIGHT + legendRows * LEGEND_ROW;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // The legend sits under the title, so long rotated category labels below the axis never cover it.
  const top = MARGIN.top + legendRows * LEGEND_ROW;
  const values = (index: number) => chart.series.map((series) => Math.max(0, series.values[index] ?? 0));
  const maximum =
    chart.kind === 'stacked'
      ? Math.max(
          0,
          ...chart.categories.map((_, index) => values(index).reduce((sum, value) => sum + value, 0)),
        )
      : Math.max(
          0,
          ...chart.series.flatMap((series) =>
            series.values.map((value) => (Number.isFinite(value) ? value : 0)),
          ),
        );
  const scale = niceScale(maximum);
  const y = (value: number) => top + plotHeight - (value / scale.max) * plotHeight;
  const band = plotWidth / Math.max(1, chart.categories.length);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeXml(chart.title)}" font-family="system-ui, sans-serif" font-size="11">`,
  );
  parts.push(
    `<text x="${WIDTH / 2}" y="20" text-anchor="middle" font-size="14" font-weight="600">${escapeXml(chart.title)}</text>`,
  );
  for (let index = 0; index * scale.step <= scale.max + scale.step / 2; index++) {
    const tick = Number((index * scale.step).toPrecision(12));
    const ty = round(y(tick));
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${ty}" y2="${ty}" stroke="#e5e5e5"/>`,
    );
    parts.push(
      `<text x="${MARGIN.left - 6}" y="${ty}" text-anchor="end" dominant-baseline="middle" fill="#555">${formatNumber(tick)}</text>`,
    );
  }
  parts.push(
    `<text transform="translate(14 ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle" fill="#555">${escapeXml(chart.unit)}</text>`,
  );
  chart.categories.forEach((category, index) => {
    const cx = MARGIN.left + band * (index + 0.5);
    const label = category.length > 28 ? `${category.slice(0, 27)}…` : category;
    parts.push(
      `<text transform="translate(${round(cx)} ${top + plotHeight + 10}) rotate(30)" text-anchor="start" fill="#333">${escapeXml(label)}</text>`,
    );
  });
  if (chart.kind === 'line') {
    chart.series.forEach((series, seriesIndex) => {
      const colour = PALETTE[seriesIndex % PALETTE.length];
      const points = series.values.map(
        (value, index) => `${round(MARGIN.left + band * (index + 0.5))},${round(y(Math.max(0, value)))}`,
      );
      parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.join(' ')}"/>`);
      for (const point of points) {
        const [px, py] = point.split(',');
        parts.push(`<circle cx="${px}" cy="${py}" r="3" fill="${colour}"/>`);
      }
    });
  } else if (chart.kind === 'stacked') {
    const barWidth = band * 0.6;
    chart.categories.forEach((_, index) => {
      let base = 0;
      values(index).forEach((value, seriesIndex) => {
        const top = y(base + value);
        const bottom = y(base);
        parts.push(
          `<rect x="${round(MARGIN.left + band * index + (band - barWidth) / 2)}" y="${round(top)}" width="${round(barWidth)}" height="${round(bottom - top)}" fill="${PALETTE[seriesIndex % PALETTE.length]}"><title>${escapeXml(`${chart.series[seriesIndex]?.name}: ${formatNumber(value)}`)}</title></rect>`,
        );
        base += value;
      });
    });
  } else {
    const groupWidth = band * 0.8;
    const barWidth = groupWidth / Math.max(1, chart.series.length);
    chart.categories.forEach((_, index) => {
      values(index).forEach((value, seriesIndex) => {
        const top = y(value);
        parts.push(
          `<rect x="${round(MARGIN.left + band * index + (band - groupWidth) / 2 + barWidth * seriesIndex)}" y="${round(top)}" width="${round(barWidth)}" height="${round(y(0) - top)}" fill="${PALETTE[seriesIndex % PALETTE.length]}"><title>${escapeXml(`${chart.series[seriesIndex]?.name}: ${formatNumber(value)}`)}</title></rect>`,
        );
      });
    });
  }
  parts.push(
    `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${round(y(0))}" y2="${round(y(0))}" stroke="#333"/>`,
  );
  chart.series.forEach((series, index) => {
    const lx = MARGIN.left + (index % 4) * (plotWidth / 4);
    const ly = MARGIN.top + 4 + Math.floor(index / 4) * LEGEND_ROW;
    parts.push(
      `<rect x="${round(lx)}" y="${ly - 9}" width="10" height="10" fill="${PALETTE[index % PALETTE.length]}"/>`,
    );
    parts.push(`<text x="${round(lx + 14)}" y="${ly}" fill="#333">${escapeXml(series.name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}
