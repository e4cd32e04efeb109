/** Options of {@link loadInstructions}: where to look, what is in scope, how much may be loaded. */
export interface LoadInstructionsOptions {
  /** Project root; every reported path is relative to it, with `/` separators. */
  root: string;
  /**
   * Files the caller is about to work on (relative to `root`, or absolute inside it). They decide
   * which nested AGENTS.md/CLAUDE.md files load and which path-gated rules apply. Empty or absent
   * disables gating: every rule applies and only the top-level files are loaded.
   */
  scope?: string[];
  /** Load the root README.md last, as the lowest-priority file. Off by default: a README dilutes. */
  includeReadme?: boolean;
  /**
   * Read instruction files (and imports) that are symbolic links leading outside `root`. Off by
   * default: such a file is left out with a problem saying so, so nothing outside the project is
   * loaded unless asked for.
   */
  followExternalLinks?: boolean;
  /**
   * Extra instruction files (relative to `root`), loaded after the conventional ones and before
   * README.md, e.g. `docs/CONVENTIONS.md`. One that is missing, a directory or outside the root is
   * left out with an entry in `problems`.
   */
  files?: string[];
  /** Byte budget of the whole rendered text (default {@link DEFAULT_MAX_TOTAL_BYTES}). */
  maxTotalBytes?: number;
  /** Byte budget of one file's rendered content (default {@link DEFAULT_MAX_FILE_BYTES}). */
  maxFileBytes?: number;
}

/** One instruction file as read from disk, the input of the pure core. */
export interface InstructionSource {
  /** Path relative to the root, `/` separators. Decides priority, nesting and glob base. */
  path: string;
  /** The file's text. */
  text: string;
  /**
   * Identity of the underlying file (e.g. its real path after resolving symlinks). Two sources
   * with the same identity are one file; absent means "its own path".
   */
  identity?: string;
}

/** Options of the pure core {@link buildInstructions}. */
export interface BuildInstructionsOptions {
  /** Files in scope, relative to the root; empty disables gating. */
  scope?: string[];
  /** Byte budget of the whole rendered text. */
  maxTotalBytes?: number;
  /** Byte budget of one file's rendered content. */
  maxFileBytes?: number;
}

/** A file that contributed text to the result. */
export interface LoadedInstructionFile {
  /** Path relative to the root. */
  path: string;
  /** Bytes of this file's content in the rendered text (after gating and truncation). */
  bytes: number;
  /** True when budget forced part of the file out; the text carries a marker where it was cut. */
  truncated: boolean;
}

/** A section that reached the text. */
export interface KeptSection {
  /** File the section comes from. */
  path: string;
  /** Heading text without `#` marks or the paths comment; `''` for text before the first heading. */
  heading: string;
}

/** A section (or a whole file, `heading: null`) that did not reach the text, and why. */
export interface DroppedSection {
  /** File the section comes from. */
  path: string;
  /** Heading as in {@link KeptSection}; `null` when the whole file was dropped. */
  heading: string | null;
  /** One line a human can act on, e.g. `paths web/** match no file in scope`. */
  reason: string;
}

/** A problem with an input file that did not stop loading (e.g. malformed front matter). */
export interface InstructionProblem {
  /** File with the problem. */
  path: string;
  /** 1-based line in that file. */
  line: number;
  /** What was expected and what was found. */
  message: string;
}

/** What {@link loadInstructions} produces: the text to inject and a report of how it was chosen. */
export interface InstructionsResult {
  /** Deterministic text to put in the prompt prefix; `''` when nothing applies. */
  text: string;
  /** UTF-8 byte length of `text`; never above the total budget. */
  bytes: number;
  /** Files that contributed text, in the order they appear in `text`. */
  files: LoadedInstructionFile[];
  /** Every section considered, kept or dropped with its reason. */
  sections: { kept: KeptSection[]; dropped: DroppedSection[] };
  /** Problems found while reading (each names file:line); the files were still loaded. */
  problems: InstructionProblem[];
}
