import { describe, expect, it, vi } from 'vitest';
import { createPointsStore, createRunBank, GAME_IDS } from '../../../games/shared/points';
import {
  CLICK_FACTOR,
  LEVEL_START_VOLUME,
  VOLUME_DEFAULT,
  VOLUME_MAX,
  VOLUME_MIN,
  VOLUME_STEP,
  clampVolume,
  createVolumeStore,
  cueVolume,
  effectsVolume,
} from '../../../games/shared/volume';

describe('points (in memory: a global total and one per game)', () => {
  it('starts at zero for the total and each of the three games', () => {
    const p = createPointsStore();
    expect(GAME_IDS).toEqual(['hangman', 'orderWords', 'cards']);
    expect(p.get()).toEqual({ total: 0, byGame: { hangman: 0, orderWords: 0, cards: 0 } });
  });

  it('adds to one game and to the total, and tells subscribers', () => {
    const p = createPointsStore();
    const seen: number[] = [];
    const off = p.subscribe((s) => seen.push(s.total));
    p.add('hangman', 100);
    p.add('cards', 48);
    expect(p.get()).toEqual({ total: 148, byGame: { hangman: 100, orderWords: 0, cards: 48 } });
    off();
    p.add('orderWords', 10);
    expect(seen).toEqual([100, 148]);
    expect(p.get().total).toBe(158);
  });

  it('ignores zero, negative, fractional parts and non-numbers', () => {
    const p = createPointsStore();
    p.add('hangman', 0);
    p.add('hangman', -5);
    p.add('hangman', Number.NaN);
    p.add('hangman', Number.POSITIVE_INFINITY);
    p.add('hangman', 7.9);
    expect(p.get()).toEqual({ total: 7, byGame: { hangman: 7, orderWords: 0, cards: 0 } });
  });

  it('a run is banked exactly once: finish, leave and restart do not double-count', () => {
    const p = createPointsStore();
    const bank = createRunBank(p, 'orderWords');
    bank.update(10);
    bank.update(30);
    bank.finish();
    bank.leave();
    expect(p.get().byGame.orderWords).toBe(30);
    bank.restart(); // already banked: nothing added
    expect(p.get().total).toBe(30);
    bank.update(20);
    bank.restart(); // a run abandoned half-way is banked
    expect(p.get().byGame.orderWords).toBe(50);
    bank.update(5);
    bank.leave();
    expect(p.get()).toEqual({ total: 55, byGame: { hangman: 0, orderWords: 55, cards: 0 } });
  });

  it('a negative running score banks nothing', () => {
    const p = createPointsStore();
    const bank = createRunBank(p, 'cards');
    bank.update(-10);
    bank.finish();
    expect(p.get().total).toBe(0);
  });
});

describe('volume (0 to 1 in steps of 0.1; effects at 1.5 × volume capped at 1)', () => {
  it('has the spec constants and our chosen defaults', () => {
    expect([VOLUME_MIN, VOLUME_MAX, VOLUME_STEP]).toEqual([0, 1, 0.1]);
    expect([LEVEL_START_VOLUME, VOLUME_DEFAULT, CLICK_FACTOR]).toEqual([1, 0.7, 0.5]);
  });

  it('clamps to 0..1 and rounds to the 0.1 grid', () => {
    expect(clampVolume(-1)).toBe(0);
    expect(clampVolume(2)).toBe(1);
    expect(clampVolume(0.34)).toBe(0.3);
    expect(clampVolume(0.35)).toBe(0.4);
    expect(clampVolume(0.1 + 0.2)).toBe(0.3);
    expect(clampVolume(Number.NaN)).toBe(VOLUME_DEFAULT);
  });

  it('effects play at min(1, 1.5 × volume) for every step', () => {
    const expected = [0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1, 1, 1, 1];
    for (let i = 0; i <= 10; i++) expect(effectsVolume(i / 10)).toBe(expected[i]);
  });

  it('each cue: effects at the effects volume, clicks at half of it, the level cue at 1, all silent at 0', () => {
    expect(cueVolume('correct', 0.4)).toBe(0.6);
    expect(cueVolume('wrong', 0.4)).toBe(0.6);
    expect(cueVolume('win', 0.7)).toBe(1);
    expect(cueVolume('click', 0.4)).toBe(0.3);
    expect(cueVolume('click', 1)).toBe(0.5);
    expect(cueVolume('level', 0.2)).toBe(1);
    for (const cue of ['correct', 'wrong', 'win', 'lose', 'click', 'level'] as const) expect(cueVolume(cue, 0)).toBe(0);
  });

  it('the store starts at the default, keeps values on the grid and notifies only on change', () => {
    const v = createVolumeStore();
    const fn = vi.fn();
    v.subscribe(fn);
    expect(v.get()).toBe(0.7);
    v.set(0.8);
    v.set(0.81); // same step
    v.set(5);
    expect(v.get()).toBe(1);
    expect(fn.mock.calls).toEqual([[0.8], [1]]);
  });
});
