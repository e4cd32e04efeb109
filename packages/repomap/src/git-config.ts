/**
 * The one git setting the walk needs, `core.ignorecase`, read from a repository's config text.
 * Git on Linux creates repositories with it false, and ignore rules are then case-sensitive; a
 * repository made on a case-insensitive file system (macOS, Windows) has it true.
 */

/** Whether the config text `text` sets `core.ignorecase` to true (the last setting wins). */
export function configIgnoresCase(text: string): boolean {
  let inCore = false;
  let ignoreCase = false;
  for (const rawLine of text.split(/\r?\n/)) {
    let line = rawLine.trim();
    const section = /^\[\s*([^\]\s"]+)\s*(?:"[^"]*"\s*)?\]\s*(.*)$/.exec(line);
    if (section) {
      // `[core "x"]` is a subsection, not core itself.
      inCore = section[1]!.toLowerCase() === 'core' && !/"/.test(line.slice(0, line.indexOf(']')));
      line = section[2]!.trim();
      if (line === '') continue;
    }
    if (!inCore) continue;
    const setting = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(stripComment(line));
    if (!setting || setting[1]!.toLowerCase() !== 'ignorecase') continue;
    const value = setting[2] === undefined ? 'true' : unquote(setting[2].trim()).toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(value)) ignoreCase = true;
    else if (['false', 'no', 'off', '0', ''].includes(value)) ignoreCase = false;
  }
  return ignoreCase;
}

/** A line without its `#` or `;` comment (outside double quotes). */
function stripComment(line: string): string {
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index];
    if (character === '\\') index++;
    else if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '#' || character === ';')) return line.slice(0, index).trim();
  }
  return line;
}

function unquote(value: string): string {
  return value.replace(/"/g, '');
}
