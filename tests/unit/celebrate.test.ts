/**
 * The celebration's calm rules (WCAG 2.3.1): at most 3 flash events in any second, the
 * earned stars one after another, no saturated red, a game's bigger than a level's, and the
 * sentence the caption and panel say.
 */
import { describe, expect, it } from 'vitest';
import type * as Phaser from 'phaser';
import {
  CELEBRATE_DURATION_MS,
  CELEBRATE_FADE_MS,
  CELEBRATE_FLASH_WINDOW_MS,
  CELEBRATE_MAX_FLASHES_PER_SECOND,
  CELEBRATE_SIZES,
  CELEBRATE_STAR_INTERVAL_MS,
  CELEBRATE_STAR_POP_MS,
  CONFETTI_COLORS,
  STAR_EMPTY,
  STAR_EMPTY_EDGE,
  STAR_GOLD,
  STAR_GOLD_EDGE,
  celebrate,
  celebrationLog,
  inBand,
  celebrationStars,
  celebrationTimeline,
  celebrationLandedMs,
  isSaturatedRed,
  starRowHeight,
  starRowScale,
  starSlots,
  maxFlashesPerSecond,
  starsSentence,
  type CelebrationKind,
} from '../../games/shared/celebrate';

const KINDS: CelebrationKind[] = ['level', 'game'];

describe('maxFlashesPerSecond', () => {
  it('counts the most events inside any one-second window', () => {
    expect(maxFlashesPerSecond([])).toBe(0);
    expect(maxFlashesPerSecond([500])).toBe(1);
    expect(maxFlashesPerSecond([0, 300, 600, 900])).toBe(4);
    expect(maxFlashesPerSecond([0, 334, 668, 1002])).toBe(3);
    expect(maxFlashesPerSecond([0, 1000, 2000])).toBe(1);
    // Order does not matter; a burst late in the list is still found.
    expect(maxFlashesPerSecond([5000, 0, 5100, 2500, 5200, 5300])).toBe(4);
    expect(maxFlashesPerSecond([0, 100, 200], 100)).toBe(1);
  });
});

describe('celebrationTimeline (WCAG 2.3.1)', () => {
  it('never has more than 3 flash events in any second, for every celebration', () => {
    for (const kind of KINDS) {
      for (const stars of [1, 2, 3]) {
        const times = celebrationTimeline(stars, kind).map((e) => e.at);
        expect(maxFlashesPerSecond(times, CELEBRATE_FLASH_WINDOW_MS), `${kind} ${stars}`).toBeLessThanOrEqual(CELEBRATE_MAX_FLASHES_PER_SECOND);
      }
    }
  });

  it('spaces the stars so that even a longer row could not pass 3 a second', () => {
    expect(CELEBRATE_STAR_INTERVAL_MS).toBeGreaterThan(CELEBRATE_FLASH_WINDOW_MS / CELEBRATE_MAX_FLASHES_PER_SECOND);
  });

  it('pops the earned stars one after another, in order, and nothing for 0 stars', () => {
    expect(celebrationTimeline(0, 'game')).toEqual([]);
    for (const stars of [1, 2, 3]) {
      const pops = celebrationTimeline(stars, 'level').filter((e) => e.step === 'star');
      expect(pops.map((p) => p.star)).toEqual([0, 1, 2].slice(0, stars));
      for (let i = 1; i < pops.length; i++) expect(pops[i]!.at - pops[i - 1]!.at).toBe(CELEBRATE_STAR_INTERVAL_MS);
    }
  });

  it('lasts about 2 s and fades only after the last star has grown', () => {
    for (const kind of KINDS) {
      const t = celebrationTimeline(3, kind);
      const fade = t.find((e) => e.step === 'fade')!;
      const lastStar = t.filter((e) => e.step === 'star').at(-1)!;
      expect(fade.at + CELEBRATE_FADE_MS).toBe(CELEBRATE_DURATION_MS[kind]);
      expect(fade.at).toBeGreaterThanOrEqual(lastStar.at + CELEBRATE_STAR_POP_MS);
      expect(CELEBRATE_DURATION_MS[kind]).toBeGreaterThanOrEqual(1500);
      expect(CELEBRATE_DURATION_MS[kind]).toBeLessThanOrEqual(2500);
    }
  });

  it('clamps what it is given to 0–3 stars', () => {
    expect(celebrationStars(undefined)).toBe(0);
    expect(celebrationStars(Number.NaN)).toBe(0);
    expect(celebrationStars(-1)).toBe(0);
    expect(celebrationStars(2)).toBe(2);
    expect(celebrationStars(7)).toBe(3);
    expect(celebrationTimeline(7, 'game').filter((e) => e.step === 'star')).toHaveLength(3);
  });
});

describe('look', () => {
  it('uses no saturated red (WCAG: R / (R + G + B) ≥ 0.8)', () => {
    expect(isSaturatedRed(0xff0000)).toBe(true);
    expect(isSaturatedRed(0xe01010)).toBe(true);
    expect(isSaturatedRed(0x000000)).toBe(false);
    for (const c of [...CONFETTI_COLORS, STAR_GOLD, STAR_GOLD_EDGE, STAR_EMPTY, STAR_EMPTY_EDGE]) {
      expect(isSaturatedRed(c), c.toString(16)).toBe(false);
    }
  });

  it('draws a won game bigger than a passed level', () => {
    expect(CELEBRATE_SIZES.game.radius).toBeGreaterThan(CELEBRATE_SIZES.level.radius);
    expect(CELEBRATE_SIZES.game.confetti).toBeGreaterThan(CELEBRATE_SIZES.level.confetti);
  });

  it('lays the row out as an arc (middle star bigger and higher) that fits the room it is given', () => {
    for (const kind of KINDS) {
      const [left, mid, right] = starSlots(640, 300, kind);
      expect(mid!.r).toBeGreaterThan(left!.r);
      expect(mid!.y).toBeLessThan(left!.y);
      expect(right!.x - mid!.x).toBe(mid!.x - left!.x);
      for (const width of [287, 400, 760]) {
        const scale = starRowScale(kind, width);
        const row = starSlots(0, 0, kind, scale);
        expect(row[2]!.x + row[2]!.r - (row[0]!.x - row[0]!.r)).toBeLessThanOrEqual(width);
        const top = Math.min(...row.map((p) => p.y - p.r));
        const bottom = Math.max(...row.map((p) => p.y + p.r));
        expect(bottom - top).toBeLessThanOrEqual(starRowHeight(kind, scale) + 0.1 * CELEBRATE_SIZES[kind].radius);
      }
      expect(starRowScale(kind, 2000)).toBe(1);
    }
    // A level's row in a free band: its middle, shrunk to the band when it is low or narrow.
    expect(inBand({ x: 100, y: 600, width: 800, height: 400 })).toEqual({ x: 500, y: 800, scale: 1 });
    const low = inBand({ x: 0, y: 0, width: 800, height: 55 });
    expect(low.scale).toBeLessThan(1);
    expect(starRowHeight('level', low.scale)).toBeLessThanOrEqual(56);
    expect(inBand({ x: 0, y: 0, width: 200, height: 400 }).scale).toBe(starRowScale('level', 200));
  });
});

describe('celebrate', () => {
  it('shows nothing and logs nothing for a lost game (0 stars)', () => {
    const before = celebrationLog.length;
    expect(celebrate({} as Phaser.Scene, { stars: 0, kind: 'game' })).toBeNull();
    expect(celebrationLog).toHaveLength(before);
  });
});

describe('starsSentence', () => {
  it('agrees in number', () => {
    expect(starsSentence(1)).toBe('¡Ganaste 1 estrella!');
    expect(starsSentence(2)).toBe('¡Ganaste 2 estrellas!');
    expect(starsSentence(3)).toBe('¡Ganaste 3 estrellas!');
  });
});

describe('the caption says the stars once they have landed', () => {
  it('the last star has landed after its pop, never before any star of the timeline', () => {
    for (const kind of ['level', 'game'] as const) {
      for (const n of [1, 2, 3]) {
        const stars = celebrationTimeline(n, kind).filter((e) => e.step === 'star');
        expect(stars).toHaveLength(n);
        const lastPop = Math.max(...stars.map((e) => e.at));
        expect(celebrationLandedMs(n)).toBe(lastPop + CELEBRATE_STAR_POP_MS);
        // Said while the row is still up (before it fades or ends).
        expect(celebrationLandedMs(n)).toBeLessThan(CELEBRATE_DURATION_MS[kind] - CELEBRATE_FADE_MS);
      }
    }
    expect(celebrationLandedMs(3)).toBe(300 + 2 * CELEBRATE_STAR_INTERVAL_MS + CELEBRATE_STAR_POP_MS);
    expect(celebrationLandedMs(0)).toBe(0);
  });
});
