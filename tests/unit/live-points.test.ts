import { describe, expect, it } from 'vitest';
import { createPointsStore, createRunBank } from '../../games/shared/points';
import { createRunPointsStore, livePoints, unbankedScore } from '../../src/client/games/stores';

describe('game header points (live)', () => {
  it('adds the running unbanked score to the banked total, never counting a run twice', () => {
    const store = createPointsStore();
    const bank = createRunBank(store, 'cards');
    const shown = () => livePoints(store.get().byGame.cards, unbankedScore(bank));
    expect(shown()).toBe(0);
    bank.update(10);
    expect(shown()).toBe(10);
    bank.update(18);
    expect(shown()).toBe(18);
    bank.finish();
    expect(store.get().byGame.cards).toBe(18);
    expect(shown()).toBe(18);
    bank.update(18); // a late state after the win changes nothing
    expect(shown()).toBe(18);
    bank.restart();
    expect(shown()).toBe(18);
    bank.update(10);
    expect(shown()).toBe(28);
    bank.restart(); // restarting half-way banks the run
    expect(shown()).toBe(28);
  });

  it('ignores negative or invalid running scores', () => {
    expect(livePoints(5, -3)).toBe(5);
    expect(livePoints(5, Number.NaN)).toBe(5);
    expect(livePoints(5, 2.7)).toBe(7);
  });

  it('the run store notifies only on a change and clamps to whole points ≥ 0', () => {
    const s = createRunPointsStore();
    let calls = 0;
    const off = s.subscribe(() => calls++);
    s.set(10);
    s.set(10);
    s.set(-4);
    expect(s.get()).toBe(0);
    expect(calls).toBe(2);
    off();
    s.set(3);
    expect(calls).toBe(2);
  });
});
