/**
 * End message of a run (docs/product/games.md G-4, G-5; docs/decisions.md "Game results and stars").
 *
 * The spec gives the end-message thresholds as points on a 100-point scale (order words 70 / 50,
 * cards 70 / 60). A run whose most it could score is below 100 (a level of 5 or 6 words) could never
 * reach "excellent" however well the child played, and would contradict its own stars. So where the
 * run's maximum is below the spec's 100-point scale, the same thresholds apply to the share of that
 * maximum (70 → 70 %); from 100 points up the spec's absolute thresholds stay exactly as written.
 *
 * The maximum is the run's real one, the rounds played × the points of a right answer, passed in
 * by each game's rules, never a fixed number. Compared by cross-multiplication, in integers, so 7
 * of 10 is exactly 70 % (no floating-point 69.999…).
 *
 * Agreement with the stars (src/shared/rules/games/stars.ts): 3 stars need ≥ 90 % of the maximum, which is
 * ≥ 70 % below 100 points and ≥ 90 points from 100 up, so a 3-star run always reads "excellent".
 */
import type { EndMessageKey } from './types';

/** The score scale the spec's end-message thresholds are written for. */
const END_MESSAGE_SCALE = 100;

interface EndMessageThresholds {
  readonly excellent: number;
  readonly good: number;
}

/** Whether `score` reaches `threshold` (points on the spec's 100 scale) for a run worth `maxScore`. */
function reaches(score: number, maxScore: number, threshold: number): boolean {
  if (!Number.isFinite(maxScore) || maxScore <= 0 || maxScore >= END_MESSAGE_SCALE) return score >= threshold;
  return score * END_MESSAGE_SCALE >= threshold * maxScore;
}

/** Score of a run worth `maxScore` → end message key, by the game's thresholds. */
export function endMessageFor(score: number, maxScore: number, t: EndMessageThresholds): EndMessageKey {
  if (reaches(score, maxScore, t.excellent)) return 'excellent';
  if (reaches(score, maxScore, t.good)) return 'good';
  return 'practice';
}
