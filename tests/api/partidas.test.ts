import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, ne } from 'drizzle-orm';
import { makeTestApp, type DemoUser, type TestApp } from './helpers';
import { nivel, palabra, partida } from '../../src/server/db/schema';

/**
 * POST /api/partidas and GET /api/partidas/resumen (issue 17): game runs kept on the server.
 * Written from the brief: signed-in only, idempotent by clave, implausible reports refused with a
 * Spanish 400 storing nothing, stars computed by the server, each child sees only their own runs.
 */
let t: TestApp;
let levelA: number;
let levelB: number;
let wordsA: number[];
let wordsB: number[];
beforeAll(async () => {
  t = await makeTestApp();
  const levels = await t.database.db.select({ id: nivel.idNivel }).from(nivel).orderBy(asc(nivel.idNivel));
  levelA = levels[0]!.id;
  levelB = levels[1]!.id;
  wordsA = (await t.database.db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idNivel, levelA))).map((r) => r.id);
  wordsB = (await t.database.db.select({ id: palabra.idPalabra }).from(palabra).where(ne(palabra.idNivel, levelA))).map((r) => r.id);
  expect(wordsA.length).toBeGreaterThanOrEqual(2);
  expect(wordsB.length).toBeGreaterThanOrEqual(1);
});
afterAll(async () => t?.close());

let n = 0;
const run = (over: Record<string, unknown> = {}) => ({
  clave: `clave-prueba-${++n}-${Math.random().toString(36).slice(2, 10)}`,
  juego: 'cards',
  idNivel: levelA,
  puntos: 40,
  puntosMax: 50,
  ganada: true,
  palabrasBien: wordsA.slice(0, 1),
  palabrasMal: wordsA.slice(1, 2),
  ...over,
});
const post = (who: DemoUser, body: unknown) => t.call('POST', '/api/partidas', { as: who, body });
const rows = async (who: DemoUser) =>
  t.database.db
    .select()
    .from(partida)
    .where(eq(partida.idUsuario, await t.userId(who)));
const summary = async (who: DemoUser) => {
  const r = await t.call('GET', '/api/partidas/resumen', { as: who });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { puntos: { total: number; byGame: Record<string, number> }; estrellas: { idNivel: number; juego: string; estrellas: number }[] };
};

describe('POST /api/partidas', () => {
  it('anonymous is refused with 401 (write and read) and nothing is stored', async () => {
    const before = (await t.database.db.select().from(partida)).length;
    const p = await t.call('POST', '/api/partidas', { body: run() });
    expect(p.statusCode).toBe(401);
    expect(p.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await t.call('GET', '/api/partidas/resumen')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/partidas', { as: 'not-a-token', body: run() })).statusCode).toBe(401);
    expect((await t.database.db.select().from(partida)).length).toBe(before);
  });

  it('stores a run once: 201 first, 200 with the stored run for the same clave; stars from the server', async () => {
    const body = run({ puntos: 45, puntosMax: 50 });
    const a = await post('nino', body);
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ msg: 'Partida guardada.', data: { clave: body.clave, puntos: 45, estrellas: 3, ganada: true } });
    // Same clave, even with other numbers (a resend cannot rewrite a run): the stored one comes back.
    const b = await post('nino', { ...body, puntos: 0, ganada: false });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ msg: 'Partida guardada.', data: { clave: body.clave, puntos: 45, estrellas: 3 } });
    const mine = (await rows('nino')).filter((r) => r.clave === body.clave);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      juego: 'cards',
      idNivel: levelA,
      puntos: 45,
      puntosMax: 50,
      ganada: true,
      estrellas: 3,
      palabrasBien: body.palabrasBien,
      palabrasMal: body.palabrasMal,
    });
  });

  it('never trusts stars sent by the client, and a lost run has 0 stars', async () => {
    const withStars = await post('nino', { ...run(), estrellas: 3 });
    expect(withStars.statusCode).toBe(400);
    const lost = await post('nino', run({ puntos: 50, puntosMax: 50, ganada: false }));
    expect(lost.statusCode).toBe(201);
    expect(lost.json().data.estrellas).toBe(0);
    const low = await post('nino', run({ puntos: 10, puntosMax: 50, ganada: true }));
    expect(low.json().data.estrellas).toBe(1);
  });

  it('refuses implausible or malformed runs with a Spanish 400 and stores nothing', async () => {
    const before = (await rows('nino')).length;
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ clave: 'corta' }, /clave/i],
      [{ clave: 'con espacios y ñ!' }, /clave/i],
      [{ juego: 'ajedrez' }, /juego/i],
      [{ idNivel: 999999 }, /nivel/i],
      [{ idNivel: 0 }, /nivel/i],
      [{ puntos: -1 }, /puntos/i],
      [{ puntos: 1.5 }, /puntos/i],
      [{ puntos: 60, puntosMax: 50 }, /puntos/i],
      [{ puntosMax: 501, puntos: 0 }, /juego permite/i], // cards: 10 levels × 5 rounds × 10
      [{ juego: 'orderWords', puntosMax: 510, puntos: 0 }, /juego permite/i],
      [{ juego: 'hangman', puntosMax: 1001, puntos: 0 }, /juego permite/i],
      [{ ganada: 'sí' }, /ganada/i],
      [{ palabrasBien: wordsB.slice(0, 1) }, /palabras/i],
      [{ palabrasMal: [999999] }, /palabras/i],
      [{ idNivel: null, palabrasBien: [999999] }, /palabras/i],
      [{ palabrasBien: [-3] }, /palabras/i],
      [{ palabrasBien: Array.from({ length: 201 }, (_, i) => i + 1) }, /palabras/i],
    ];
    for (const [over, msg] of bad) {
      const r = await post('nino', run(over));
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().msg, JSON.stringify(over)).toMatch(msg);
      expect(r.json().msg).toMatch(/\.$/);
    }
    expect((await post('nino', [1, 2])).statusCode).toBe(400);
    expect((await post('nino', { ...run(), extra: 1 })).statusCode).toBe(400);
    expect((await rows('nino')).length).toBe(before);
    // The hangman maximum itself is fine; words of any level are fine for a run without a level.
    expect((await post('nino', run({ juego: 'hangman', puntos: 0, puntosMax: 1000, ganada: false }))).statusCode).toBe(201);
    expect((await post('nino', run({ idNivel: null, palabrasBien: [...wordsA.slice(0, 1), ...wordsB.slice(0, 1)] }))).statusCode).toBe(201);
  });
});

describe('GET /api/partidas/resumen', () => {
  it('sums the points per game and keeps the best stars per level and game; a child sees only their own', async () => {
    // nina starts empty: the summary is all zeros.
    expect(await summary('nina')).toEqual({ puntos: { total: 0, byGame: { hangman: 0, orderWords: 0, cards: 0 } }, estrellas: [] });
    const reports = [
      run({ juego: 'cards', puntos: 30, puntosMax: 50, ganada: true }), // 60 % → 2
      run({ juego: 'cards', puntos: 50, puntosMax: 50, ganada: true }), // 3 (best)
      run({ juego: 'cards', puntos: 5, puntosMax: 50, ganada: true }), // 1
      run({ juego: 'hangman', puntos: 700, puntosMax: 1000, ganada: true }), // 2
      run({ juego: 'orderWords', idNivel: levelB, puntos: 20, puntosMax: 50, ganada: false, palabrasBien: wordsB.slice(0, 1), palabrasMal: [] }), // 0
      run({ juego: 'orderWords', idNivel: null, puntos: 15, puntosMax: 50, ganada: true }), // points only
    ];
    for (const r of reports) expect((await post('nina', r)).statusCode).toBe(201);
    // A resend of a run changes nothing in the sums.
    expect((await post('nina', reports[0])).statusCode).toBe(200);
    const s = await summary('nina');
    expect(s.puntos).toEqual({ total: 30 + 50 + 5 + 700 + 20 + 15, byGame: { hangman: 700, orderWords: 35, cards: 85 } });
    expect(s.estrellas).toEqual([
      { idNivel: levelA, juego: 'cards', estrellas: 3 },
      { idNivel: levelA, juego: 'hangman', estrellas: 2 },
      { idNivel: levelB, juego: 'orderWords', estrellas: 0 },
    ]);
    // nino's runs (earlier tests) never show in nina's summary, nor hers in his.
    const nino = await summary('nino');
    const ninoRows = await rows('nino');
    expect(nino.puntos.total).toBe(ninoRows.reduce((sum, r) => sum + r.puntos, 0));
    expect(nino.puntos.total).not.toBe(s.puntos.total);
    expect(nino.estrellas.find((e) => e.juego === 'orderWords')).toBeUndefined();
    // The same clave from another child is another run (keys are per child).
    const shared = run({ puntos: 1 });
    expect((await post('nino', shared)).statusCode).toBe(201);
    expect((await post('nina', shared)).statusCode).toBe(201);
  });

  it('is never served from a cache: a new run shows at once', async () => {
    const before = await summary('profesor');
    expect((await post('profesor', run({ juego: 'hangman', puntos: 100, puntosMax: 1000, ganada: false }))).statusCode).toBe(201);
    const after = await summary('profesor');
    expect(after.puntos.total).toBe(before.puntos.total + 100);
    const r = await t.call('GET', '/api/partidas/resumen', { as: 'profesor' });
    expect(r.headers['cache-control']).toBe('no-store');
  });
});
