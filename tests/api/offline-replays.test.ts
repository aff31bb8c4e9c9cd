import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { genuineRun, round } from './game-runs';
import { signToken } from '../../src/server/auth/jwt';
import { usuario } from '../../src/server/db/schema';
import { isChoiceQuestion } from '../../src/shared/rules/quiz';
import { NO_ATTEMPTS_LEFT_MSG } from '../../src/server/quiz/submit';
import { CLAVE_OTHER_QUIZ_MSG } from '../../src/server/resources/resultados/routes';
import { DEVICE_TIME_MSG } from '../../src/shared/rules/offline';

/**
 * The server side of offline work: what a tablet queued offline arrives later, maybe
 * twice, with the device's idempotency key and the time it happened there. Each event is stored
 * once (also when two sends race), the spec's retry limit still holds for new attempts but never
 * refuses a resend, and the device's time is kept within [now − 30 days, now] (else the server's).
 */
let t: TestApp;
interface Quiz {
  id_nivel: number;
  /** Every question answered right. */
  right: Record<string, unknown>[];
  /** Every question answered (wrong where it can be). */
  wrong: Record<string, unknown>[];
}
let quizzes: Quiz[];
let learners = 0;

const rows = async (q: string, params: unknown[] = []) => (await t.database.raw(q, params)).rows;

/** A fresh learner (no role) and a token for them: each test starts with all attempts free. */
async function learner(): Promise<{ id: number; token: string }> {
  const [u] = await t.database.db
    .insert(usuario)
    .values({ nombre: `Niño ${++learners}`, apellido: 'Sin conexión', email: `offline-${learners}-${Date.now()}@manitas.test` })
    .returning({ id: usuario.id });
  return { id: u!.id, token: await signToken({ sub: u!.id, tv: 0 }, t.config.jwtSecret, 3600) };
}

beforeAll(async () => {
  t = await makeTestApp();
  const det = (await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' })).json().data as {
    id_nivel: number;
    preguntas: { id_pregunta: number; Tipo: string }[];
  }[];
  const key = await rows(
    `SELECT p.id_pregunta, r.id_respuesta, r.respuesta, r.valor FROM pregunta p JOIN respuesta r USING (id_pregunta) ORDER BY p.id_pregunta, r.id_respuesta`,
  );
  quizzes = det
    .filter((e) => e.preguntas.length)
    .map((ev) => {
      const opts = (id: number) => key.filter((k) => Number(k.id_pregunta) === id);
      const row = (p: { id_pregunta: number; Tipo: string }, right: boolean) => {
        const o = opts(p.id_pregunta);
        const pick = o.find((x) => x.valor === right) ?? o[0]!;
        return isChoiceQuestion(p.Tipo)
          ? { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: Number(pick.id_respuesta) }
          : { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, respuesta: right ? String(o.find((x) => x.valor)!.respuesta) : 'no sé' };
      };
      return { id_nivel: ev.id_nivel, right: ev.preguntas.map((p) => row(p, true)), wrong: ev.preguntas.map((p) => row(p, false)) };
    });
  expect(quizzes.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => t?.close());

let n = 0;
const clave = () => `off-${Date.now().toString(36)}-${++n}`;
const submit = (token: string, body: unknown) => t.call('POST', '/api/resultados/save-multiple', { as: token, body });
const attempts = async (id: number) => rows('SELECT id_intento, id_nivel, fecha, clave FROM intento WHERE id_usuario = $1 ORDER BY id_intento', [id]);
const history = async (id: number, token: string) =>
  (await t.call('GET', `/api/evaluacion/resultados/usuario/${id}`, { as: token })).json().data as { id: number; fecha: string }[];
const iso = (v: unknown) => new Date(v as string).toISOString();
const DAY = 86_400_000;

describe('quiz submit with a device key: stored once', () => {
  it('a resend of the same clave stores nothing and answers the first reply (data and revision) with 200', async () => {
    const u = await learner();
    const k = clave();
    const body = { respuestas: quizzes[0]!.wrong, clave: k };
    const first = await submit(u.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const reviewsAfterFirst = await rows('SELECT count(*)::int AS n FROM repaso WHERE id_usuario = $1', [u.id]);
    const progressAfterFirst = await rows('SELECT estado, reintentos FROM progreso WHERE id_usuario = $1', [u.id]);
    const before = await snapshotCounts(t.database);
    const again = await submit(u.token, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await snapshotCounts(t.database)).toEqual(before);
    const stored = await attempts(u.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.clave).toBe(k);
    // The memory update ran for the first send only; the progress is untouched by the resend.
    expect(await rows('SELECT count(*)::int AS n FROM repaso WHERE id_usuario = $1', [u.id])).toEqual(reviewsAfterFirst);
    expect(await rows('SELECT estado, reintentos FROM progreso WHERE id_usuario = $1', [u.id])).toEqual(progressAfterFirst);
    // A resend with other answers for the same quiz still answers the stored attempt, as it was.
    const other = await submit(u.token, { respuestas: quizzes[0]!.right, clave: k });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
    expect(await attempts(u.id)).toHaveLength(1);
  });

  it('two sends at once (Promise.all): one row, both answer the same attempt', async () => {
    const u = await learner();
    const body = { respuestas: quizzes[0]!.right, clave: clave() };
    const replies = await Promise.all([submit(u.token, body), submit(u.token, body), submit(u.token, body)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(replies.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const stored = await attempts(u.id);
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]!.id_intento)).toBe([...ids][0]);
    expect(Number((await rows('SELECT count(*)::int AS n FROM resultado WHERE id_usuario = $1', [u.id]))[0]!.n)).toBe(quizzes[0]!.right.length);
    const { reintentos } = (await rows('SELECT reintentos FROM progreso WHERE id_usuario = $1 AND id_nivel = $2', [u.id, quizzes[0]!.id_nivel]))[0]!;
    expect(reintentos).toBe(0);
  });

  it('a resend after the limit is reached still answers 200 with the stored attempt; a new clave gets the 409', async () => {
    const u = await learner();
    const keys = [clave(), clave(), clave()];
    const firsts = [];
    for (const k of keys) {
      const r = await submit(u.token, { respuestas: quizzes[0]!.wrong, clave: k });
      expect(r.statusCode, r.body).toBe(201);
      firsts.push(r.json());
    }
    expect(firsts.map((f) => f.revision.intentos_restantes)).toEqual([2, 1, 0]);
    const before = await snapshotCounts(t.database);
    for (const [i, k] of keys.entries()) {
      const r = await submit(u.token, { respuestas: quizzes[0]!.wrong, clave: k });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(firsts[i]);
    }
    const over = await submit(u.token, { respuestas: quizzes[0]!.wrong, clave: clave() });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ msg: NO_ATTEMPTS_LEFT_MSG, code: 'NO_ATTEMPTS_LEFT' });
    // Without a key too (the spec's body).
    expect((await submit(u.token, { respuestas: quizzes[0]!.wrong })).statusCode).toBe(409);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('the same clave for another quiz is refused in Spanish and stores nothing', async () => {
    const u = await learner();
    const k = clave();
    expect((await submit(u.token, { respuestas: quizzes[0]!.wrong, clave: k })).statusCode).toBe(201);
    const before = await snapshotCounts(t.database);
    const r = await submit(u.token, { respuestas: quizzes[1]!.wrong, clave: k });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ msg: CLAVE_OTHER_QUIZ_MSG, code: 'CLAVE_REUSED' });
    expect(CLAVE_OTHER_QUIZ_MSG).toBe('La clave ya se usó para otro cuestionario.');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('the same clave sent at once for two quizzes: one attempt, the other send refused', async () => {
    const u = await learner();
    const k = clave();
    const replies = await Promise.all([
      submit(u.token, { respuestas: quizzes[0]!.wrong, clave: k }),
      submit(u.token, { respuestas: quizzes[1]!.wrong, clave: k }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().msg).toBe(CLAVE_OTHER_QUIZ_MSG);
    const stored = await attempts(u.id);
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]!.id_nivel)).toBe(replies.find((r) => r.statusCode === 201)!.json().data.id_nivel);
    expect(Number((await rows('SELECT count(*)::int AS n FROM progreso WHERE id_usuario = $1', [u.id]))[0]!.n)).toBe(1);
  });

  it("another user's same clave is their own attempt", async () => {
    const a = await learner();
    const b = await learner();
    const k = clave();
    const ra = await submit(a.token, { respuestas: quizzes[0]!.wrong, clave: k });
    const rb = await submit(b.token, { respuestas: quizzes[0]!.right, clave: k });
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(rb.json().data.id).not.toBe(ra.json().data.id);
    expect(rb.json().data.puntaje).toBe(100);
    expect(await attempts(a.id)).toHaveLength(1);
    expect(await attempts(b.id)).toHaveLength(1);
  });

  it('without clave and fecha a submit behaves as before: each send is a new attempt, stamped now', async () => {
    const u = await learner();
    const t0 = Date.now();
    for (let i = 0; i < 2; i++) expect((await submit(u.token, { respuestas: quizzes[0]!.wrong })).statusCode).toBe(201);
    const stored = await attempts(u.id);
    expect(stored).toHaveLength(2);
    expect(stored.every((s) => s.clave === null)).toBe(true);
    // The database's now() (a PostgreSQL server's clock may differ from this process's by a little).
    for (const s of stored) expect(Math.abs(new Date(s.fecha as string).getTime() - t0)).toBeLessThan(60_000);
  });

  it('a malformed clave is refused in Spanish, nothing stored', async () => {
    const u = await learner();
    const before = await snapshotCounts(t.database);
    const r = await submit(u.token, { respuestas: quizzes[0]!.wrong, clave: 'no vale' });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('La clave del cuestionario no es válida.');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe("quiz submit with the device's time", () => {
  it('a time within bounds is stored as given (attempt, answer rows, history, memory reviews)', async () => {
    const u = await learner();
    const fecha = new Date(Date.now() - 2 * DAY - 1234).toISOString();
    const quiz = quizzes[0]!;
    const r = await submit(u.token, { respuestas: quiz.right, clave: clave(), fecha });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.fecha).toBe(fecha);
    expect(iso((await attempts(u.id))[0]!.fecha)).toBe(fecha);
    expect((await history(u.id, u.token)).map((h) => h.fecha)).toEqual([fecha]);
    const answerRows = await rows('SELECT fecha FROM resultado WHERE id_usuario = $1', [u.id]);
    expect(answerRows).toHaveLength(quiz.right.length);
    expect(answerRows.every((a) => iso(a.fecha) === fecha)).toBe(true);
    // The first quiz's questions are linked to words (tests/api/repaso.test.ts): reviewed at that time.
    const reviews = await rows(`SELECT fecha FROM repaso WHERE id_usuario = $1 AND fuente = 'cuestionario'`, [u.id]);
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews.every((x) => iso(x.fecha) === fecha)).toBe(true);
    // An older attempt sent later sorts by its own time in the history.
    const older = new Date(Date.now() - 5 * DAY).toISOString();
    expect((await submit(u.token, { respuestas: quiz.wrong, clave: clave(), fecha: older })).statusCode).toBe(201);
    expect((await history(u.id, u.token)).map((h) => h.fecha)).toEqual([fecha, older]);
  });

  it.each([
    ['2 days in the future', 2 * DAY],
    ['60 days old', -60 * DAY],
    ['one minute ahead (clock skew)', 60_000],
  ])('a time %s is stored as the server time', async (_label, offset) => {
    const u = await learner();
    const t0 = Date.now();
    const r = await submit(u.token, { respuestas: quizzes[0]!.wrong, clave: clave(), fecha: new Date(t0 + offset).toISOString() });
    const t1 = Date.now();
    expect(r.statusCode, r.body).toBe(201);
    const stored = new Date((await attempts(u.id))[0]!.fecha as string).getTime();
    expect(stored).toBeGreaterThanOrEqual(t0);
    expect(stored).toBeLessThanOrEqual(t1);
    expect(r.json().data.fecha).toBe(new Date(stored).toISOString());
  });

  it('a malformed time is refused with a Spanish 400 and nothing is stored', async () => {
    const u = await learner();
    const before = await snapshotCounts(t.database);
    for (const fecha of ['ayer', '2026-13-01T00:00:00Z', '2026-11-24 10:00', 12345]) {
      const r = await submit(u.token, { respuestas: quizzes[0]!.wrong, clave: clave(), fecha });
      expect(r.statusCode, String(fecha)).toBe(400);
      expect(r.json().msg).toBe(DEVICE_TIME_MSG);
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('game runs and review answers with the device time', () => {
  const words = async (idNivel: number) =>
    (await rows('SELECT id_palabra FROM palabra WHERE id_nivel = $1 ORDER BY id_palabra', [idNivel])).map((w) => Number(w.id_palabra));
  const run = async (over: Record<string, unknown> = {}) =>
    genuineRun(
      t.database,
      { juego: 'cards', idNivel: quizzes[0]!.id_nivel, rondas: [round((await words(quizzes[0]!.id_nivel))[0]!)] },
      { clave: clave(), ...over },
    );

  it('a game run stores its fecha within bounds, and now when out of bounds; a resend stays one row', async () => {
    const u = await learner();
    const fecha = new Date(Date.now() - 3 * DAY).toISOString();
    const body = await run({ fecha });
    const r = await t.call('POST', '/api/partidas', { as: u.token, body });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.fecha).toBe(fecha);
    const again = await t.call('POST', '/api/partidas', { as: u.token, body });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(r.json());
    const stored = await rows('SELECT fecha FROM partida WHERE id_usuario = $1', [u.id]);
    expect(stored.map((s) => iso(s.fecha))).toEqual([fecha]);
    // Its word reviews are logged at the run's time.
    const reviews = await rows(`SELECT fecha FROM repaso WHERE id_usuario = $1 AND fuente = 'juego'`, [u.id]);
    expect(reviews.map((x) => iso(x.fecha))).toEqual([fecha]);

    const t0 = Date.now();
    const future = await t.call('POST', '/api/partidas', { as: u.token, body: await run({ fecha: new Date(t0 + 2 * DAY).toISOString() }) });
    expect(future.statusCode).toBe(201);
    const f = new Date(future.json().data.fecha).getTime();
    expect(f).toBeGreaterThanOrEqual(t0);
    expect(f).toBeLessThanOrEqual(Date.now());

    const before = await snapshotCounts(t.database);
    const bad = await t.call('POST', '/api/partidas', { as: u.token, body: await run({ fecha: 'mañana' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(DEVICE_TIME_MSG);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('a review answer is scheduled at its fecha, but never before the card’s last review', async () => {
    const u = await learner();
    const [w1, w2] = await words(quizzes[0]!.id_nivel);
    // Word detail seen (offline, an hour ago): the card exists, noted at that time.
    const seenAt = new Date(Date.now() - 3600_000).toISOString();
    const seen = await t.call('POST', '/api/repaso/visto', { as: u.token, body: { id_palabra: w1, fecha: seenAt } });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(iso((await rows('SELECT vista_en FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [u.id, w1]))[0]!.vista_en)).toBe(seenAt);
    // Seen again, with nothing newer: idempotent, one card; an older view does not move the note back.
    expect(
      (await t.call('POST', '/api/repaso/visto', { as: u.token, body: { id_palabra: w1, fecha: new Date(Date.now() - 7200_000).toISOString() } })).statusCode,
    ).toBe(200);
    const cards = await rows('SELECT vista_en FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [u.id, w1]);
    expect(cards.map((c) => iso(c.vista_en))).toEqual([seenAt]);

    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString();
    const k1 = clave();
    const a1 = await t.call('POST', '/api/repaso/respuesta', { as: u.token, body: { id_palabra: w1, elegida: w1, clave: k1, fecha: twoDaysAgo } });
    expect(a1.statusCode, a1.body).toBe(201);
    const log1 = await rows('SELECT fecha FROM repaso WHERE id_usuario = $1 AND clave = $2', [u.id, k1]);
    expect(iso(log1[0]!.fecha)).toBe(twoDaysAgo);
    expect(iso((await rows('SELECT ultimo_repaso FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [u.id, w1]))[0]!.ultimo_repaso)).toBe(twoDaysAgo);
    // The same answer sent again: 200, the stored result, nothing new.
    const replay = await t.call('POST', '/api/repaso/respuesta', { as: u.token, body: { id_palabra: w1, elegida: w1, clave: k1, fecha: twoDaysAgo } });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(a1.json().data);
    expect(await rows('SELECT count(*)::int AS n FROM repaso WHERE id_usuario = $1', [u.id])).toEqual([{ n: 1 }]);

    // An answer queued earlier (3 days ago) arriving after that one: applied at the last review's time.
    const k2 = clave();
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString();
    const a2 = await t.call('POST', '/api/repaso/respuesta', {
      as: u.token,
      body: { id_palabra: w1, escrita: 'no es la palabra', clave: k2, fecha: threeDaysAgo },
    });
    expect(a2.statusCode, a2.body).toBe(201);
    expect(iso((await rows('SELECT fecha FROM repaso WHERE id_usuario = $1 AND clave = $2', [u.id, k2]))[0]!.fecha)).toBe(twoDaysAgo);

    // Out of bounds (a wrong tablet clock): the server's time.
    const t0 = Date.now();
    const k3 = clave();
    expect((await t.call('POST', '/api/repaso/visto', { as: u.token, body: { id_palabra: w2 } })).statusCode).toBe(200);
    const a3 = await t.call('POST', '/api/repaso/respuesta', {
      as: u.token,
      body: { id_palabra: w2, elegida: w2, clave: k3, fecha: new Date(t0 - 60 * DAY).toISOString() },
    });
    expect(a3.statusCode, a3.body).toBe(201);
    const f3 = new Date((await rows('SELECT fecha FROM repaso WHERE id_usuario = $1 AND clave = $2', [u.id, k3]))[0]!.fecha as string).getTime();
    expect(f3).toBeGreaterThanOrEqual(t0);
    expect(f3).toBeLessThanOrEqual(Date.now());

    const before = await snapshotCounts(t.database);
    const bad = await t.call('POST', '/api/repaso/respuesta', { as: u.token, body: { id_palabra: w2, elegida: w2, clave: clave(), fecha: 'ayer' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(DEVICE_TIME_MSG);
    const badSeen = await t.call('POST', '/api/repaso/visto', { as: u.token, body: { id_palabra: w2, fecha: 'ayer' } });
    expect(badSeen.statusCode).toBe(400);
    expect(badSeen.json().msg).toBe(DEVICE_TIME_MSG);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('words seen in the level menu (progreso/visto) sent twice are stored once', async () => {
    const u = await learner();
    const idNivel = quizzes[0]!.id_nivel;
    const ws = (await words(idNivel)).slice(0, 2);
    const body = { id_nivel: idNivel, id_palabras: ws };
    const first = await t.call('POST', '/api/progreso/visto', { as: u.token, body });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.call('POST', '/api/progreso/visto', { as: u.token, body });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.palabras_vistas).toEqual(first.json().data.palabras_vistas);
    expect(first.json().data.palabras_vistas).toEqual([...ws].sort((a, b) => a - b));
    expect(await rows('SELECT count(*)::int AS n FROM progreso WHERE id_usuario = $1', [u.id])).toEqual([{ n: 1 }]);
    // The device's time is accepted (checked, not stored: the row keeps no time per word); a malformed one is refused.
    const withTime = await t.call('POST', '/api/progreso/visto', { as: u.token, body: { ...body, fecha: new Date(Date.now() - DAY).toISOString() } });
    expect(withTime.statusCode, withTime.body).toBe(200);
    expect(withTime.json().data.palabras_vistas).toEqual(first.json().data.palabras_vistas);
    const before = await snapshotCounts(t.database);
    const bad = await t.call('POST', '/api/progreso/visto', { as: u.token, body: { ...body, id_palabras: [ws[0]], fecha: 'ayer' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(DEVICE_TIME_MSG);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
