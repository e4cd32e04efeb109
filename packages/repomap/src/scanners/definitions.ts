/**
 * Building the definitions every scanner reports, in one place so that their shape — and the key
 * order of the JSON they end up in (`name`, `kind`, `line`, `signature`, then `scope`) — is one.
 */
import type { Definition, DefinitionKind } from '../types.js';
import { signatureOf, type TokenList, tokenText } from './lexer.js';

/** Appends a definition built from ready values; `scope` is left out when undefined. */
export function pushDefinition(
  definitions: Definition[],
  name: string,
  kind: DefinitionKind,
  line: number,
  signature: string,
  scope: string | undefined,
): Definition {
  const definition: Definition = { name, kind, line, signature };
  if (scope !== undefined) definition.scope = scope;
  definitions.push(definition);
  return definition;
}

/**
 * Appends the definition named by token `nameIndex` (its text, unless `name` is given) on that
 * token's line, its signature the source of tokens `from`..`to`.
 */
export function addDefinition(
  definitions: Definition[],
  tokens: TokenList,
  nameIndex: number,
  kind: DefinitionKind,
  from: number,
  to: number,
  scope: string | undefined,
  name = tokenText(tokens, nameIndex),
): Definition {
  return pushDefinition(
    definitions,
    name,
    kind,
    tokens.lines[nameIndex]!,
    signatureOf(tokens, from, to),
    scope,
  );
}
