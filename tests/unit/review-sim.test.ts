import { describe, expect, it } from 'vitest';
import { MEMORY, mulberry32, nextStability, recallProbability, seedOf, slowShare } from '../../scripts/sim/model';
import { simulate, type Args } from '../../scripts/sim/review-sim';

/** The pure pieces of the committed review simulation (scripts/sim): its PRNG and its true memory model. */
describe('review simulation: PRNG', () => {
  const draw = (seed: number, n: number) => {
    const rng = mulberry32(seed);
    return Array.from({ length: n }, rng);
  };

  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(draw(42, 50)).toEqual(draw(42, 50));
    expect(draw(42, 50)).not.toEqual(draw(43, 50));
  });

  it('draws in [0, 1) and spreads evenly', () => {
    const xs = draw(7, 20_000);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    const low = xs.filter((x) => x < 0.1).length / xs.length;
    expect(low).toBeGreaterThan(0.09);
    expect(low).toBeLessThan(0.11);
  });

  it('derives distinct, repeatable seeds per learner and stream', () => {
    expect(seedOf(1, 2, 3)).toBe(seedOf(1, 2, 3));
    const seeds = new Set<number>();
    for (let learner = 0; learner < 200; learner++) for (const stream of [1, 2, 3]) seeds.add(seedOf(1, learner, stream));
    expect(seeds.size).toBe(600);
  });
});

describe('review simulation: forgetting curve', () => {
  for (const curve of ['power', 'exp'] as const) {
    it(`${curve}: starts at 1, is 0.9 after one stability and keeps falling`, () => {
      expect(recallProbability(0, 3, curve)).toBe(1);
      expect(recallProbability(3, 3, curve)).toBeCloseTo(0.9, 10);
      expect(recallProbability(0.5, 0.5, curve)).toBeCloseTo(0.9, 10);
      let prev = 1;
      for (let t = 0.25; t <= 60; t += 0.25) {
        const r = recallProbability(t, 3, curve);
        expect(r).toBeLessThan(prev);
        expect(r).toBeGreaterThan(0);
        prev = r;
      }
      // A stronger memory is recalled better after the same delay.
      expect(recallProbability(5, 10, curve)).toBeGreaterThan(recallProbability(5, 2, curve));
    });
  }

  it('the power curve forgets more slowly than the exponential at long delays', () => {
    expect(recallProbability(30, 2, 'power')).toBeGreaterThan(recallProbability(30, 2, 'exp'));
    expect(recallProbability(30, 2, 'exp')).toBeCloseTo(0.9 ** 15, 10);
  });

  it('stability grows after a success, more when recall was harder (spacing), and drops after a lapse', () => {
    const s = 2;
    const massed = nextStability(s, 0.99, true, 1, MEMORY.initialStability);
    const spaced = nextStability(s, 0.8, true, 1, MEMORY.initialStability);
    expect(massed).toBeGreaterThan(s);
    expect(spaced).toBeGreaterThan(massed);
    // An easier word (or abler learner) gains more from the same retrieval.
    expect(nextStability(s, 0.8, true, 2, MEMORY.initialStability)).toBeGreaterThan(spaced);
    expect(nextStability(s, 0.8, false, 1, 0.3)).toBeCloseTo(MEMORY.lapseKeep * s, 10);
    expect(nextStability(0.5, 0.8, false, 1, 0.3)).toBe(0.3);
  });

  it('a slow success is likelier when the memory was weak', () => {
    expect(slowShare(1)).toBe(0);
    expect(slowShare(0.9)).toBeLessThan(slowShare(0.7));
    expect(slowShare(0)).toBeLessThanOrEqual(0.6);
  });
});

describe('review simulation: determinism', () => {
  const args = (seed: number): Args => ({ learners: 3, days: 6, seed, curves: ['power'], writeDoc: false });

  it('the same seed gives the same table, another seed another one', () => {
    const a = simulate(args(1), 'power');
    expect(simulate(args(1), 'power')).toEqual(a);
    expect(simulate(args(2), 'power')).not.toEqual(a);
    expect(a.map((r) => r.label)).toHaveLength(4);
    for (const r of a) expect(r.items).toBeGreaterThan(0);
  });
});
