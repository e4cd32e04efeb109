export {
  buildInstructions,
  CLOSING_TAG,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_TOTAL_BYTES,
  renderOpeningTag,
  renderTruncationMarker,
} from './build-instructions.js';
export type { ImportContext } from './claude-imports.js';
export { expandClaudeImports, MAX_IMPORT_DEPTH } from './claude-imports.js';
export type { FrontMatter, ParseFrontMatterOptions } from './front-matter.js';
export { parseFrontMatter } from './front-matter.js';
export {
  CTXKIT_INSTRUCTION_FILES,
  CURSOR_RULES_DIRECTORY,
  compareInstructionPaths,
  NESTED_INSTRUCTION_FILES,
  README_FILE,
  ROOT_INSTRUCTION_FILES,
} from './instruction-files.js';
export { loadInstructions } from './load-instructions.js';
export type { MarkdownSection } from './markdown-sections.js';
export { parseGlobList, splitSections } from './markdown-sections.js';
export type { GateDecision } from './path-gating.js';
export { decideGate } from './path-gating.js';
export type {
  BuildInstructionsOptions,
  DroppedSection,
  InstructionProblem,
  InstructionSource,
  InstructionsResult,
  KeptSection,
  LoadedInstructionFile,
  LoadInstructionsOptions,
} from './types.js';
