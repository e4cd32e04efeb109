// What a real fix changed, located in the base-commit file: the lines, and the definitions
// (functions, classes, methods) that hold them, found with ctxkit's own scanners.
import { type Definition, languageForPath, scanSource } from '@ctxkit/repomap';

/** A gold definition: its name and its line extent in the base-commit file. */
export interface GoldDefinition {
  path: string;
  /** `Scope.name` or `name`. */
  name: string;
  line: number;
  endLine: number;
}

const qualified = (definition: Definition) =>
  definition.scope ? `${definition.scope}.${definition.name}` : definition.name;

/**
 * The definitions of `path` a fix touched: those `spans` names (`Class.method`, `function`) when the
 * data set lists them, else the innermost definition enclosing each changed line. Definitions
 * without a known extent, and names the scanner does not find (`imports`), are left out.
 */
export function goldDefinitions(
  path: string,
  text: string,
  lines: readonly number[],
  spans: readonly string[] | undefined,
): GoldDefinition[] {
  const language = languageForPath(path);
  if (!language) return [];
  const definitions = scanSource(text, language).definitions.filter(
    (definition) => definition.endLine !== undefined && definition.endLine >= definition.line,
  );
  const chosen = new Map<string, Definition>();
  const keep = (definition: Definition) => chosen.set(`${definition.line}:${definition.name}`, definition);
  if (spans && spans.length > 0) {
    for (const span of spans) {
      const exact = definitions.find((definition) => qualified(definition) === span);
      const bare = span.includes('.')
        ? undefined
        : definitions.find((definition) => definition.name === span && definition.scope === undefined);
      const found = exact ?? bare;
      if (found) keep(found);
    }
  } else {
    for (const line of lines) {
      let innermost: Definition | undefined;
      for (const definition of definitions) {
        if (definition.line > line || definition.endLine! < line) continue;
        if (!innermost || definition.endLine! - definition.line < innermost.endLine! - innermost.line)
          innermost = definition;
      }
      if (innermost) keep(innermost);
    }
  }
  return [...chosen.values()]
    .sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : 1))
    .map((definition) => ({
      path,
      name: qualified(definition),
      line: definition.line,
      endLine: definition.endLine!,
    }));
}
