// Pure pieces of the review simulation (scripts/sim/review-sim.ts): a seeded PRNG and the "true" memory of a
// simulated child. Kept apart from the schedulers so the unit tests (tests/unit/review-sim.test.ts) can check
// them without running the whole simulation.
//
// The true memory is deliberately NOT ts-fsrs's own model: FSRS only sees the grades, as in the app, and has
// to infer the memory from them. It is a textbook two-component model (retrievability R and stability S, as in
// SuperMemo/FSRS research): R falls with the time since the last retrieval along a forgetting curve, and S (the
// days until R drops to 0.9) grows after a successful retrieval, more when R was low (the spacing effect) and
// less when S is already large (saturation).

/** The simulation must give the same table for the same --seed (Math.random cannot be seeded): the games' mulberry32. */
export { mulberry32 } from '../../src/shared/rules/games/types';

/** Mixes several integers into one 32-bit seed, so each learner and each stream gets its own independent PRNG
 * (the three schedulers then meet exactly the same learners and words). */
export function seedOf(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
  }
  return h >>> 0;
}

/** A standard normal draw (Box–Muller). */
export function normal(rng: () => number): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** A log-normal multiplier with median 1: exp(sigma · N(0,1)). */
export function logNormal(rng: () => number, sigma: number): number {
  return Math.exp(sigma * normal(rng));
}

export type Curve = 'power' | 'exp';

/** Power curve constants of FSRS-4.5 (R = (1 + F·t/S)^D, D = -0.5, F = 19/81, so that R(S) = 0.9). */
const POWER_DECAY = -0.5;
const POWER_FACTOR = 0.9 ** (1 / POWER_DECAY) - 1;

/** Probability of recalling a word `elapsedDays` after its last retrieval, for a memory of stability `stability`
 * (days until R = 0.9). `power`: the power law most memory data fit; `exp`: the classic Ebbinghaus exponential,
 * which forgets faster at long delays. Both give 1 at t = 0 and 0.9 at t = S. */
export function recallProbability(elapsedDays: number, stability: number, curve: Curve = 'power'): number {
  const t = Math.max(0, elapsedDays);
  const s = Math.max(stability, 1e-6);
  if (curve === 'exp') return 0.9 ** (t / s);
  return (1 + (POWER_FACTOR * t) / s) ** POWER_DECAY;
}

/** Constants of the true memory (not fitted to children: plausible orders of magnitude, see docs/learning.md). */
export const MEMORY = {
  /** Stability after the first exposure for an average learner and word, in days (R after one day ≈ 0.75). */
  initialStability: 0.3,
  /** Growth gain after a successful retrieval. */
  growth: 5,
  /** How strongly the growth rises as R falls (the spacing effect). */
  spacing: 2,
  /** Saturation: the growth shrinks as S^-saturation. */
  saturation: 0.2,
  /** After a lapse the child sees the right sign again: S falls to this share of S (at least the initial S). */
  lapseKeep: 0.3,
} as const;

/** Stability after a retrieval attempt at retrievability `r`. `ease` = learner ability ÷ word difficulty (1 on
 * average); `initial` = this learner's stability for this word after a first exposure. */
export function nextStability(stability: number, r: number, success: boolean, ease: number, initial: number): number {
  if (!success) return Math.max(initial, MEMORY.lapseKeep * stability);
  const gain = MEMORY.growth * ease * stability ** -MEMORY.saturation * (Math.exp(MEMORY.spacing * (1 - r)) - 1);
  return stability * (1 + gain);
}

/** Chance that a successful recall was slow (graded hard): effortful when the memory was weak. */
export function slowShare(r: number): number {
  return Math.min(0.6, Math.max(0, 2 * (1 - r)));
}
