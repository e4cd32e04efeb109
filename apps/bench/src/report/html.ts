import { escapeXml, renderChart } from './svg.js';
import type { BenchResults, ReportTable } from './types.js';

function renderTable(table: ReportTable): string {
  const head = table.columns.map((column) => `<th>${escapeXml(column)}</th>`).join('');
  const body = table.rows
    .map(
      (row) =>
        `<tr>${row.map((cell) => `<td${typeof cell === 'number' ? ' class="num"' : ''}>${escapeXml(String(cell))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<h3>${escapeXml(table.title)}</h3>\n<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#222;padding:0 1rem}
h1{margin-bottom:.2rem}h2{border-bottom:1px solid #ddd;padding-bottom:.3rem;margin-top:2.5rem}
.machine{color:#666;font-size:12px}.headline{display:flex;gap:1rem;flex-wrap:wrap;margin:1rem 0}
.card{border:1px solid #ddd;border-radius:6px;padding:.6rem .9rem;min-width:10rem}.card b{display:block;font-size:1.3rem}
table{border-collapse:collapse;margin:.5rem 0 1.2rem;font-size:12px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f6f6f6}figure{margin:1rem 0}
nav a{margin-right:1rem}`;

/**
 * Render every bench's results as one self-contained HTML page: no scripts, no external assets, charts
 * inlined as SVG. Pure: the same results give the same bytes (the caller passes any timestamp in).
 */
export function renderHtml(results: BenchResults[], generatedAt: string): string {
  const sections = results.map((result) => {
    const { report, machine } = result;
    const headline = report.headline
      .map((item) => `<div class="card"><b>${escapeXml(item.value)}</b>${escapeXml(item.label)}</div>`)
      .join('');
    const charts = report.charts.map((chart) => `<figure>${renderChart(chart)}</figure>`).join('\n');
    const tables = report.tables.map(renderTable).join('\n');
    return `<section id="${escapeXml(result.bench)}">
<h2>${escapeXml(report.title)}</h2>
<p class="machine">${escapeXml(`${result.bench} · Node ${machine.node} · ${machine.cpu} × ${machine.cores} · ${machine.memoryGiB} GiB · ${machine.platform}`)}</p>
<div class="headline">${headline}</div>
${charts}
${tables}
</section>`;
  });
  const nav = results
    .map((result) => `<a href="#${escapeXml(result.bench)}">${escapeXml(result.report.title)}</a>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ctxkit bench report</title>
<style>${STYLE}</style>
</head>
<body>
<h1>ctxkit bench report</h1>
<p class="machine">generated ${escapeXml(generatedAt)} from ${results.length} result file(s)</p>
<nav>${nav}</nav>
${sections.join('\n')}
</body>
</html>
`;
}
