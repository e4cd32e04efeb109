import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from './errors.js';
import { isInside } from './mcp/paths.js';

/**
 * The focus files of a map (`ctxkit map --focus`, MCP `repo_map`'s `focus`) as absolute paths,
 * each checked: a file outside `root` or one that does not exist would steer nothing and say
 * nothing, so either is a one-line error naming the path as given. `base` is where relative paths
 * start (the working directory for the CLI, the served root for MCP); `argument` names the option.
 */
export function checkFocusFiles(
  root: string,
  base: string,
  files: readonly string[],
  argument: string,
): string[] {
  const absoluteRoot = resolve(root);
  return files.map((file) => {
    const absolute = resolve(base, file);
    if (!isInside(absoluteRoot, absolute))
      throw new UserError(`${argument} ${file} is outside the mapped directory ${root}`);
    try {
      statSync(absolute);
    } catch {
      throw new UserError(`${argument}: no such file: ${file}`);
    }
    return absolute;
  });
}
