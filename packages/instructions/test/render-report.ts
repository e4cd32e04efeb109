import type { InstructionsResult } from '../src/index.js';

/** One golden document per load: the text a model sees, then the report a human reads. */
export function renderReport(result: InstructionsResult): string {
  const lines = [result.text, '==== report ====', `bytes: ${result.bytes}`, 'files:'];
  for (const file of result.files)
    lines.push(`  ${file.path} ${file.bytes}${file.truncated ? ' truncated' : ''}`);
  lines.push('kept:');
  for (const section of result.sections.kept) lines.push(`  ${section.path} :: ${section.heading}`);
  lines.push('dropped:');
  for (const section of result.sections.dropped)
    lines.push(`  ${section.path} :: ${section.heading ?? '(whole file)'} — ${section.reason}`);
  lines.push('problems:');
  for (const problem of result.problems) lines.push(`  ${problem.path}:${problem.line}: ${problem.message}`);
  return `${lines.join('\n')}\n`;
}
