import type { DiscoveredSkills, SkillSelection } from '../src/index.js';

/** A golden document for one selection: the prompt text, then the decisions behind it. */
export function renderSelectionReport(task: string, selection: SkillSelection): string {
  const lines = [`task: ${task}`, '==== text ====', selection.text, '==== decisions ===='];
  for (const card of selection.cards) lines.push(`card ${card.name} score=${card.score} ${card.path}`);
  for (const entry of selection.expanded)
    lines.push(`expanded ${entry.name} (${entry.reason}) ${entry.bytes} bytes`);
  if (selection.unknown.length > 0) lines.push(`unknown ${selection.unknown.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** A golden document for discovery: every skill's metadata, then the problems. */
export function renderDiscovery(found: DiscoveredSkills): string {
  const lines: string[] = [];
  for (const skill of found.skills) {
    lines.push(`${skill.name}  (${skill.path})`);
    lines.push(`  description: ${skill.description}`);
    if (skill.triggers.length > 0) lines.push(`  triggers: ${skill.triggers.join(' | ')}`);
    if (skill.paths.length > 0) lines.push(`  paths: ${skill.paths.join(' | ')}`);
    lines.push(`  body: ${skill.body.length} characters`);
  }
  lines.push('problems:');
  for (const problem of found.problems) lines.push(`  ${problem.path}: ${problem.message}`);
  return `${lines.join('\n')}\n`;
}
