import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLOCK_SKEW_MS, DEVICE_CLAVE_RE, DEVICE_TIME_MSG, OFFLINE_MAX_AGE_DAYS, deviceTime, eventTime, reviewTime } from '../../src/shared/rules/offline';
import { gameRunSchema } from '../../src/shared/rules/gameRun';
import { reviewAnswerSchema, wordSeenSchema } from '../../src/shared/rules/review';
import { saveMultipleSchema } from '../../src/shared/rules/quiz';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('eventTime: the device time within bounds, else the server time', () => {
  it('keeps a device time inside [now − 30 days, now]', () => {
    expect(eventTime(at(-2 * 3600_000), NOW)).toEqual(at(-2 * 3600_000));
    expect(eventTime(at(-OFFLINE_MAX_AGE_DAYS * DAY), NOW)).toEqual(at(-OFFLINE_MAX_AGE_DAYS * DAY));
    expect(eventTime(at(-29 * DAY), NOW)).toEqual(at(-29 * DAY));
    expect(eventTime(NOW, NOW)).toEqual(NOW);
  });

  it('replaces a time older than 30 days by now', () => {
    expect(eventTime(at(-OFFLINE_MAX_AGE_DAYS * DAY - 1), NOW)).toEqual(NOW);
    expect(eventTime(at(-60 * DAY), NOW)).toEqual(NOW);
    expect(eventTime(new Date('1970-01-01T00:00:00Z'), NOW)).toEqual(NOW);
  });

  it('never stores a time later than now: up to 5 minutes ahead becomes now, further ahead too', () => {
    expect(CLOCK_SKEW_MS).toBe(5 * 60_000);
    expect(eventTime(at(1), NOW)).toEqual(NOW);
    expect(eventTime(at(CLOCK_SKEW_MS), NOW)).toEqual(NOW);
    expect(eventTime(at(CLOCK_SKEW_MS + 1), NOW)).toEqual(NOW);
    expect(eventTime(at(2 * DAY), NOW)).toEqual(NOW);
  });

  it('is now without a device time or with an invalid Date', () => {
    expect(eventTime(undefined, NOW)).toEqual(NOW);
    expect(eventTime(new Date('nope'), NOW)).toEqual(NOW);
  });
});

describe('reviewTime: FSRS reviews in order', () => {
  it('is the event time, but never before the last review', () => {
    expect(reviewTime(at(-DAY), undefined)).toEqual(at(-DAY));
    expect(reviewTime(at(-DAY), null)).toEqual(at(-DAY));
    expect(reviewTime(at(-DAY), at(-2 * DAY))).toEqual(at(-DAY));
    expect(reviewTime(at(-2 * DAY), at(-DAY))).toEqual(at(-DAY));
  });
});

describe('deviceTime: the fecha field', () => {
  const schema = z.object({ fecha: deviceTime });
  it('reads an ISO 8601 instant with Z or an offset', () => {
    expect(schema.parse({ fecha: '2026-11-24T10:00:00Z' }).fecha).toEqual(new Date('2026-11-24T10:00:00Z'));
    expect(schema.parse({ fecha: '2026-11-24T10:00:00.123+01:00' }).fecha).toEqual(new Date('2026-11-24T09:00:00.123Z'));
    expect(schema.parse({ fecha: NOW.toISOString() }).fecha).toEqual(NOW);
  });
  it('is optional (absent or null)', () => {
    expect(schema.parse({}).fecha).toBeUndefined();
    expect(schema.parse({ fecha: null }).fecha).toBeUndefined();
  });
  it.each(['ayer', '', '2026-11-24', '2026-11-24T10:00:00', '2026-02-30T10:00:00Z', '2026-11-24T25:00:00Z', 1764000000000, true])(
    'refuses %j with the Spanish message',
    (fecha) => {
      const r = schema.safeParse({ fecha });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(DEVICE_TIME_MSG);
      expect(DEVICE_TIME_MSG).toBe('La fecha del dispositivo no es válida.');
    },
  );
});

describe('the shared key rule and the bodies that carry fecha', () => {
  /** A valid game run body (a lost cards run of one word). */
  const run = {
    clave: 'abcdefgh',
    juego: 'cards',
    idNivel: 1,
    puntos: 0,
    puntosMax: 10,
    ganada: false,
    palabrasBien: [],
    palabrasMal: [],
    palabras: [1],
    rondas: [],
  };

  it('one key rule for game runs, review answers and quizzes', () => {
    for (const ok of ['abcdefgh', 'a'.repeat(64), '0f8fad5b-d9cb-469f-a165-70867728950e', 'x_Y-z_09']) expect(DEVICE_CLAVE_RE.test(ok)).toBe(true);
    for (const bad of ['short', 'a'.repeat(65), 'con espacio', 'ñandú123', 'a/b/c/d/e']) expect(DEVICE_CLAVE_RE.test(bad)).toBe(false);
    expect(gameRunSchema.safeParse({ ...run, clave: 'short' }).success).toBe(false);
    expect(reviewAnswerSchema.safeParse({ id_palabra: 1, correcto: true, clave: 'short' }).success).toBe(false);
    expect(saveMultipleSchema.safeParse({ respuestas: [{ id_pregunta: 1, id_nivel: 1 }], clave: 'short' }).error!.issues[0]!.message).toBe(
      'La clave del cuestionario no es válida.',
    );
  });

  it('game run, review answer, word seen and quiz accept fecha, and refuse a malformed one in Spanish', () => {
    const fecha = '2026-11-20T08:30:00.000Z';
    expect(gameRunSchema.parse({ ...run, fecha }).fecha).toEqual(new Date(fecha));
    expect(gameRunSchema.parse(run).fecha).toBeUndefined();
    expect(reviewAnswerSchema.parse({ id_palabra: 1, elegida: 1, clave: 'abcdefgh', fecha }).fecha).toEqual(new Date(fecha));
    expect(wordSeenSchema.parse({ id_palabra: 1, fecha }).fecha).toEqual(new Date(fecha));
    const quiz = saveMultipleSchema.parse({ respuestas: [{ id_pregunta: 1, id_nivel: 1 }], clave: 'abcdefgh', fecha });
    expect(quiz.fecha).toEqual(new Date(fecha));
    expect(quiz.clave).toBe('abcdefgh');
    const bad = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => i.message);
    expect(bad(gameRunSchema.safeParse({ ...run, fecha: 'ayer' }))).toEqual([DEVICE_TIME_MSG]);
    expect(bad(reviewAnswerSchema.safeParse({ id_palabra: 1, elegida: 1, clave: 'abcdefgh', fecha: 'ayer' }))).toEqual([DEVICE_TIME_MSG]);
    expect(bad(wordSeenSchema.safeParse({ id_palabra: 1, fecha: 'ayer' }))).toEqual([DEVICE_TIME_MSG]);
    expect(bad(saveMultipleSchema.safeParse({ respuestas: [{ id_pregunta: 1, id_nivel: 1 }], fecha: 'ayer' }))).toEqual([DEVICE_TIME_MSG]);
  });

  it("a quiz body without clave and fecha parses as the spec's body", () => {
    const body = { respuestas: [{ id_pregunta: 1, id_nivel: 1, id_respuesta: 3 }] };
    const r = saveMultipleSchema.parse(body);
    expect(r.clave).toBeUndefined();
    expect(r.fecha).toBeUndefined();
    expect(r.respuestas).toHaveLength(1);
  });
});
