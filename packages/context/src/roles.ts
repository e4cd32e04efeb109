/** How a role receives file content: bodies (windowed excerpts) or identifiers (paths + signatures). */
export type ExcerptMode = 'bodies' | 'signatures';

/** What a role gets from the pack budget. */
export interface RoleDefinition {
  /** Fraction of the available pack this role may fill, in (0, 1]. */
  share: number;
  /** Whether files reach this role as windowed bodies or as signatures only. */
  excerpts: ExcerptMode;
}

/**
 * The built-in roles. Implementation gets everything: a worker that cannot see the function it
 * must edit cannot produce an exact edit. Exploring and summarizing roles work from identifiers and
 * docs, and giving a small model less irrelevant text measurably improves instruction-following.
 */
export const DEFAULT_ROLES: Readonly<Record<string, RoleDefinition>> = Object.freeze({
  implement: { share: 1.0, excerpts: 'bodies' },
  review: { share: 0.7, excerpts: 'bodies' },
  explore: { share: 0.5, excerpts: 'signatures' },
  summarize: { share: 0.4, excerpts: 'signatures' },
});

/** The role a budget is computed for when none is named. */
export const DEFAULT_ROLE = 'implement';
