// What a model actually reads of each file in a pack: the numbered lines inside its `<file>` blocks,
// read back from the pack text itself (not from what the packer says it placed).

const FILE_OPEN = /^<file path="([^"]*)"[^>]*>$/;
const NUMBERED_LINE = /^(\d+)(?:\t|$)/;

function unescapeAttribute(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Per file path, the real line numbers the pack text shows. */
export function shownLinesByFile(packText: string): Map<string, Set<number>> {
  const shown = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of packText.split('\n')) {
    const open = FILE_OPEN.exec(line);
    if (open) {
      const path = unescapeAttribute(open[1]!);
      current = shown.get(path) ?? new Set<number>();
      shown.set(path, current);
      continue;
    }
    if (line === '</file>') {
      current = undefined;
      continue;
    }
    const numbered = current ? NUMBERED_LINE.exec(line) : null;
    if (numbered) current!.add(Number(numbered[1]));
  }
  return shown;
}
