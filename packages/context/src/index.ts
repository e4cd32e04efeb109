export type { Session, ToolDefinition } from './assemble.js';
export { assemble, NoInstructionsError, renderToolDefinitions, stableStringify } from './assemble.js';
export type { Budget, BudgetOptions, BudgetOverrides, BudgetTokenizer } from './budget.js';
export {
  computeBudget,
  DEFAULT_RESERVE_RESPONSE,
  DEFAULT_RESERVE_SYSTEM,
  DEFAULT_RESERVE_TOOLS,
  DEFAULT_SLACK_PERCENT,
  DEFAULT_TEMPLATE_ALLOWANCE,
  MAX_SLACK_PERCENT,
  MIN_PACK_TOKENS,
  resolveRoles,
} from './budget.js';
export type { SizeBucket } from './builtin-profiles.js';
export { BUILTIN_PROFILES, DEFAULT_PROFILE, SIZE_BUCKETS } from './builtin-profiles.js';
export type {
  ComposedPack,
  ComposePackOptions,
  ExcerptSummary,
  PackPlan,
  RenderedRepoMap,
  RepoMapInput,
  SourceFile,
} from './compose-pack.js';
export {
  composePack,
  EXCERPT_SHARE,
  formatSpans,
  MAX_REPO_MAP_TOKENS,
  planPack,
  REPO_MAP_SHARE,
  selectExcerptFiles,
} from './compose-pack.js';
export type { Excerpt, ExcerptDefinition, ExcerptOptions, LineSpan, TokenCounter } from './excerpt.js';
export { excerptFile, formatElision, splitLines } from './excerpt.js';
export type { ExcerptPlan, PlanExcerptsOptions, PlannedFile, UnusedReason } from './excerpt-plan.js';
export { planExcerpts } from './excerpt-plan.js';
export type { FillAnnouncement, FillAnnouncementOptions, MessageCounter } from './fill.js';
export {
  announceFill,
  bandFor,
  countFillTokens,
  countMessageTokens,
  DEFAULT_BANDS,
  DEFAULT_COMPACT_AT,
  fillFraction,
  formatFillReminder,
} from './fill.js';
export type { TaskIdentifier } from './identifiers.js';
export { extractIdentifiers } from './identifiers.js';
export type {
  BuildPackOptions,
  DroppedItem,
  PackBudget,
  PackChunk,
  PackDoc,
  PackItem,
  PackSection,
  PackSectionKind,
  SectionUsage,
  TaskPack,
} from './pack.js';
export { buildPack, formatTaskElision, formatTruncation, SECTION_ORDER } from './pack.js';
export type { PackInstructionSettings, PackRepositoryOptions, RepositoryPack } from './pack-repository.js';
export { packRepository } from './pack-repository.js';
export { loadProfileFile, ProfileFileError, parseProfileFile } from './profile-file.js';
export type { ModelHosting, ModelProfile, ProfileResolution, ResolutionRule } from './profile-types.js';
export type { ProfileRegistry } from './profiles.js';
export {
  createProfileRegistry,
  DEFAULT_REGISTRY,
  normalizeModelName,
  parseModelSize,
  resolveProfile,
  validateProfile,
} from './profiles.js';
export type { ExcerptMode, RoleDefinition } from './roles.js';
export { DEFAULT_ROLE, DEFAULT_ROLES } from './roles.js';
export { measureTemplateTokens } from './template-allowance.js';
