import { describe, expect, it } from 'vitest';
import { practiceBody, practiceEventSchema } from '../../../src/shared/signPractice/event';
import { STARS_AT, starsOf } from '../../../src/shared/signPractice/compare';

/** The body a device sends for a scored attempt always passes the server's check (src/shared/signPractice/event.ts). */
describe('practice event', () => {
  it('starsOf follows the star rule, floors per part included', () => {
    expect(starsOf({ forma: 1, lugar: 1, movimiento: 1 })).toEqual({ score: 1, stars: 3 });
    // A high total with one part under the 3-star floor: 2 stars.
    expect(starsOf({ forma: 1, lugar: 1, movimiento: STARS_AT.threeMinPart - 0.01 }).stars).toBe(2);
    // One part under the 2-star floor: 1 star, whatever the total.
    expect(starsOf({ forma: 1, lugar: 1, movimiento: STARS_AT.twoMinPart - 0.01 }).stars).toBe(1);
  });

  it('practiceBody gives a body the schema accepts, for any parts (rounding included)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      const parts = { forma: rnd(), lugar: rnd(), movimiento: rnd() };
      const body = practiceBody(12, 'clave-de-prueba', { stars: starsOf(parts).stars, parts }, new Date('2026-11-27T10:00:00Z'));
      const r = practiceEventSchema.safeParse(body);
      expect(r.success, JSON.stringify(body)).toBe(true);
    }
  });

  it('refuses stars the parts do not earn, and any landmark or picture field', () => {
    const ok = { id_palabra: 1, clave: 'clave-de-prueba', estrellas: 1, puntaje: 0.2, forma: 0.2, lugar: 0.2, movimiento: 0.2 };
    expect(practiceEventSchema.safeParse(ok).success).toBe(true);
    expect(practiceEventSchema.safeParse({ ...ok, estrellas: 3 }).success).toBe(false);
    expect(practiceEventSchema.safeParse({ ...ok, puntaje: 0.9 }).success).toBe(false);
    expect(practiceEventSchema.safeParse({ ...ok, track: [] }).success).toBe(false);
  });
});
