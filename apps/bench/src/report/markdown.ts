import type { BenchResults, ReportTable } from './types.js';

function cell(value: string | number): string {
  return String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function renderTable(table: ReportTable, maxRows: number): string {
  const rows = table.rows.slice(0, maxRows);
  const lines = [
    `**${cell(table.title)}**`,
    '',
    `| ${table.columns.map(cell).join(' | ')} |`,
    `| ${table.columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  if (table.rows.length > maxRows)
    lines.push('', `… ${table.rows.length - maxRows} more rows in the HTML report`);
  return lines.join('\n');
}

/** A Markdown summary for a pull-request comment: headlines and the first rows of each table. */
export function renderMarkdown(results: BenchResults[], maxRows = 12): string {
  const parts = ['# ctxkit bench summary', ''];
  for (const result of results) {
    const { report, machine } = result;
    parts.push(
      `## ${report.title}`,
      '',
      `_${result.bench} · Node ${machine.node} · ${machine.cpu} × ${machine.cores}_`,
      '',
    );
    if (report.headline.length > 0) {
      parts.push(...report.headline.map((item) => `- **${cell(item.label)}**: ${cell(item.value)}`), '');
    }
    for (const table of report.tables) parts.push(renderTable(table, maxRows), '');
  }
  return `${parts.join('\n').trimEnd()}\n`;
}
