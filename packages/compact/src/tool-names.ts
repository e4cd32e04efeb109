/**
 * What a tool does, as far as the must-preserve digest cares: `read` and `edit` name files, `command`
 * runs a shell command whose exit status matters, `search` finds things, `other` is everything else.
 */
export type ToolKind = 'read' | 'edit' | 'command' | 'search' | 'other';

/** How to read one tool's calls for the digest. */
export interface ToolSpec {
  /** The tool's kind, or a function of its input for multi-command tools like `str_replace_editor`. */
  kind: ToolKind | ((input: Record<string, unknown>) => ToolKind);
  /** Input fields that hold a file path, first present wins. */
  pathKeys?: readonly string[];
  /** Input fields that hold a command line (a string or an argv array). */
  commandKeys?: readonly string[];
  /** Input fields that hold a patch whose `*** Update File:` / `+++ b/` headers name the edited files. */
  patchKeys?: readonly string[];
}

/** Tool name → how to read it. Merge your own entries over {@link DEFAULT_TOOL_NAMES}. */
export type ToolNameMapping = Readonly<Record<string, ToolSpec>>;

const PATH = ['file_path', 'path', 'filename', 'file', 'notebook_path'];

function editorKind(input: Record<string, unknown>): ToolKind {
  return input.command === 'view' ? 'read' : 'edit';
}

/**
 * Tool names of common harnesses: Claude Code (`Read`, `Edit`, `MultiEdit`, `Write`, `NotebookEdit`,
 * `Bash`, `Grep`, `Glob`, `LS`), OpenAI-style agents (`read_file`, `write_file`, `apply_patch`, `shell`,
 * `grep`, `glob`), SWE-agent's commands (`open`, `goto`, `scroll_up`/`scroll_down`, `create`, `edit`,
 * `str_replace_editor`, `bash`, `find_file`, `search_dir`, `search_file`) and OpenHands CodeAct's
 * (`execute_bash`, and the same `str_replace_editor`). An edit with no path field (SWE-agent's `edit`)
 * is attributed to the file most recently read or opened.
 */
export const DEFAULT_TOOL_NAMES: ToolNameMapping = {
  Read: { kind: 'read', pathKeys: PATH },
  Edit: { kind: 'edit', pathKeys: PATH },
  MultiEdit: { kind: 'edit', pathKeys: PATH },
  Write: { kind: 'edit', pathKeys: PATH },
  NotebookEdit: { kind: 'edit', pathKeys: PATH },
  Bash: { kind: 'command', commandKeys: ['command'] },
  Grep: { kind: 'search' },
  Glob: { kind: 'search' },
  LS: { kind: 'search' },
  read_file: { kind: 'read', pathKeys: PATH },
  write_file: { kind: 'edit', pathKeys: PATH },
  edit_file: { kind: 'edit', pathKeys: PATH },
  apply_patch: { kind: 'edit', patchKeys: ['input', 'patch', 'diff'] },
  shell: { kind: 'command', commandKeys: ['command', 'cmd'] },
  grep: { kind: 'search' },
  glob: { kind: 'search' },
  open: { kind: 'read', pathKeys: PATH },
  goto: { kind: 'read' },
  scroll_up: { kind: 'read' },
  scroll_down: { kind: 'read' },
  create: { kind: 'edit', pathKeys: PATH },
  edit: { kind: 'edit', pathKeys: PATH },
  str_replace_editor: { kind: editorKind, pathKeys: PATH },
  bash: { kind: 'command', commandKeys: ['command', 'cmd'] },
  execute_bash: { kind: 'command', commandKeys: ['command'] },
  find_file: { kind: 'search' },
  search_dir: { kind: 'search' },
  search_file: { kind: 'search' },
};

/** The input as an object (a JSON-string input is parsed; anything else is empty). */
export function inputObject(input: unknown): Record<string, unknown> {
  if (typeof input === 'string') {
    try {
      const parsed: unknown = JSON.parse(input);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  if (typeof input === 'object' && input !== null && !Array.isArray(input))
    return input as Record<string, unknown>;
  return {};
}

/** The kind of a call under `mapping`, `other` for unknown tools. */
export function resolveKind(name: string, input: unknown, mapping: ToolNameMapping): ToolKind {
  const spec = Object.hasOwn(mapping, name) ? mapping[name] : undefined;
  if (!spec) return 'other';
  return typeof spec.kind === 'function' ? spec.kind(inputObject(input)) : spec.kind;
}

/** File paths a call names: its path field, or the files a patch touches. */
export function pathsOfCall(name: string, input: unknown, mapping: ToolNameMapping): string[] {
  const spec = Object.hasOwn(mapping, name) ? mapping[name] : undefined;
  if (!spec) return [];
  const object = inputObject(input);
  for (const key of spec.pathKeys ?? []) {
    const value = object[key];
    if (typeof value === 'string' && value !== '') return [value];
  }
  const paths: string[] = [];
  for (const key of spec.patchKeys ?? []) {
    const value = typeof input === 'string' ? input : object[key];
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(/^(?:\*\*\* (?:Update|Add|Delete) File: |\+\+\+ b\/)(.+)$/gm)) {
      const path = match[1]?.trim();
      if (path && !paths.includes(path)) paths.push(path);
    }
    // A shortened patch names the files whose headers it lost in its marker (see shortenCallInput).
    for (const match of value.matchAll(
      /^\[\d+ bytes truncated to stay within the context window; files: (.+)\]$/gm,
    )) {
      for (const part of (match[1] ?? '').split(', ')) {
        const path = part.trim();
        if (path && !paths.includes(path)) paths.push(path);
      }
    }
  }
  return paths;
}

/** The command line of a `command` call, argv arrays joined with spaces. */
export function commandOfCall(name: string, input: unknown, mapping: ToolNameMapping): string | undefined {
  const spec = Object.hasOwn(mapping, name) ? mapping[name] : undefined;
  const object = inputObject(input);
  for (const key of spec?.commandKeys ?? []) {
    const value = object[key];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && value.every((part) => typeof part === 'string')) return value.join(' ');
  }
  return typeof input === 'string' ? input : undefined;
}
