/**
 * Stars a child earns (docs/product/games.md G-7.2): 1 to 3 for a level passed or a game won, 0 for a game lost.
 * One rule for the three games, from the share of the most the run (or level) could score, so a
 * short level list can still earn 3 stars (the end messages of G-4 and G-5 follow the same share
 * below a 100-point maximum, src/shared/rules/games/endMessage.ts, so a 3-star run always reads "excellent").
 *
 *   won/passed and score ≥ 90 % of the maximum → 3 · ≥ 60 % → 2 · otherwise → 1 · not won → 0
 */
export type Stars = 0 | 1 | 2 | 3;

export const STARS_MAX = 3;
/** Share of the maximum score for 3 stars. */
const STARS_THREE_RATIO = 0.9;
/** Share of the maximum score for 2 stars. */
const STARS_TWO_RATIO = 0.6;

export function starsFor(score: number, maxScore: number, won: boolean): Stars {
  if (!won) return 0;
  if (!Number.isFinite(score) || !Number.isFinite(maxScore) || maxScore <= 0) return 1;
  const r = Math.max(0, score) / maxScore;
  if (r >= STARS_THREE_RATIO) return 3;
  if (r >= STARS_TWO_RATIO) return 2;
  return 1;
}

/** Stars of a level from its words: right ones over all the words it asked (none asked: 1). */
export function starsForWords(right: number, wrong: number, passed = true): Stars {
  const total = Math.max(0, right) + Math.max(0, wrong);
  return starsFor(Math.max(0, right), total, passed);
}

/** "1 estrella" / "3 estrellas" (what a screen reader and the caption say). */
export function starsLabel(n: number): string {
  return n === 1 ? '1 estrella' : `${n} estrellas`;
}
