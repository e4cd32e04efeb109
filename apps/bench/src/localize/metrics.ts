/** Localization metrics: does a ranking put the files a real fix touched at the top? */

/** The cut-offs recall is reported at. */
export const RECALL_CUTOFFS = [1, 3, 5, 10] as const;

/** Hit@1 and recall@k of one ranking against the gold files. */
export interface LocalizationScore {
  /** 1 when the first-ranked file is a gold file, else 0. */
  hitAt1: number;
  /** Fraction of gold files within the first k, for each k of {@link RECALL_CUTOFFS}. */
  recall: Record<(typeof RECALL_CUTOFFS)[number], number>;
}

/** Scores `ranking` (paths, best first) against `gold` (paths). */
export function scoreLocalization(ranking: readonly string[], gold: readonly string[]): LocalizationScore {
  const wanted = new Set(gold);
  const recallAt = (k: number) =>
    wanted.size === 0 ? 0 : ranking.slice(0, k).filter((path) => wanted.has(path)).length / wanted.size;
  return {
    hitAt1: ranking.length > 0 && wanted.has(ranking[0]!) ? 1 : 0,
    recall: { 1: recallAt(1), 3: recallAt(3), 5: recallAt(5), 10: recallAt(10) },
  };
}

/** The mean of several scores (all zero for none). */
export function averageScores(scores: readonly LocalizationScore[]): LocalizationScore {
  const mean = (pick: (score: LocalizationScore) => number) =>
    scores.length === 0 ? 0 : scores.reduce((sum, score) => sum + pick(score), 0) / scores.length;
  return {
    hitAt1: mean((score) => score.hitAt1),
    recall: {
      1: mean((score) => score.recall[1]),
      3: mean((score) => score.recall[3]),
      5: mean((score) => score.recall[5]),
      10: mean((score) => score.recall[10]),
    },
  };
}
