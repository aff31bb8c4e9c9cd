import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, ne } from 'drizzle-orm';
import { makeTestApp, snapshotCounts, type DemoUser, type TestApp } from './helpers';
import { genuineRun, round, runClave } from './game-runs';
import { nivel, palabra, partida } from '../../src/server/db/schema';
import { applyReviews } from '../../src/server/resources/repaso/memory';

/**
 * POST /api/partidas and GET /api/partidas/resumen: game runs kept on the server.
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

/** A genuine cards run on level A: its rounds and the figures the rules give for them. */
const run = (rondas = [round(wordsA[0]!), round(wordsA[1]!, false)], over: Record<string, unknown> = {}) =>
  genuineRun(t.database, { juego: 'cards', idNivel: levelA, rondas }, over);
/** The whole of level A's cards level, every word right, `fallos` wrong cards in each round. */
const fullLevel = (fallos = 0) => wordsA.slice(0, Math.min(5, wordsA.length)).map((id) => round(id, true, fallos));
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
    const p = await t.call('POST', '/api/partidas', { body: await run() });
    expect(p.statusCode).toBe(401);
    expect(p.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await t.call('GET', '/api/partidas/resumen')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/partidas', { as: 'not-a-token', body: await run() })).statusCode).toBe(401);
    expect((await t.database.db.select().from(partida)).length).toBe(before);
  });

  it('stores a run once: 201 first, 200 with the stored run for the same clave; stars from the server', async () => {
    const n = Math.min(5, wordsA.length);
    const body = await run(fullLevel());
    // A whole cards level right on a one-level run: n × 10 of n × 10, won.
    expect(body).toMatchObject({ puntos: n * 10, puntosMax: n * 10, ganada: true });
    const a = await post('nino', body);
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ msg: 'Partida guardada.', data: { clave: body.clave, puntos: n * 10, estrellas: 3, ganada: true } });
    // Same clave, even with other numbers (a resend cannot rewrite a run): the stored one comes back.
    const b = await post('nino', { ...body, puntos: 0, ganada: false });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ msg: 'Partida guardada.', data: { clave: body.clave, puntos: n * 10, estrellas: 3 } });
    const mine = (await rows('nino')).filter((r) => r.clave === body.clave);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      juego: 'cards',
      idNivel: levelA,
      puntos: n * 10,
      puntosMax: n * 10,
      ganada: true,
      estrellas: 3,
      palabrasBien: body.palabrasBien,
      palabrasMal: [],
    });
  });

  it('never trusts stars sent by the client, and a lost run has 0 stars', async () => {
    const withStars = await post('nino', { ...(await run()), estrellas: 3 });
    expect(withStars.statusCode).toBe(400);
    const lost = await post('nino', await run(wordsA.slice(0, 3).map((id) => round(id, false))));
    expect(lost.statusCode, lost.body).toBe(201);
    expect(lost.json().data).toMatchObject({ ganada: false, estrellas: 0, puntos: 0 });
    // Two wrong cards in every round: 10 for the first (the score never goes below 0), 6 for each
    // next one; 34 of 50 with 5 rounds, 60–89 % → 2 stars.
    const n = Math.min(5, wordsA.length);
    const low = await post('nino', await run(fullLevel(2)));
    expect(low.json().data).toMatchObject({ ganada: true, estrellas: 2, puntos: 10 + (n - 1) * 6 });
  });

  it("the issue's forged run (1000 points, won, no words) is refused 21 times: nothing stored, no points, no stars", async () => {
    const before = await snapshotCounts(t.database);
    const forged = { juego: 'hangman', idNivel: levelA, puntos: 1000, puntosMax: 1000, ganada: true, palabrasBien: [], palabrasMal: [] };
    for (let i = 0; i < 21; i++) {
      const bare = await post('nina', { ...forged, clave: runClave() });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().fields).toHaveProperty('palabras');
      // With the level's words and no rounds: the rules give 0 points and no win.
      const noRounds = await post('nina', { ...forged, clave: runClave(), palabras: wordsA, rondas: [] });
      expect(noRounds.statusCode).toBe(400);
      expect(noRounds.json()).toMatchObject({
        code: 'RUN_FIGURES',
        msg: 'Las cifras de la partida no salen de sus rondas.',
        fields: { puntos: 'Con estas rondas los puntos son 0.', ganada: 'Con estas rondas la partida no está ganada.' },
      });
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('a genuine run is recomputed: the figures that follow from its rounds are stored, any other claim is refused', async () => {
    const rondas = [round(wordsA[0]!, true, 1), round(wordsA[1]!, false, 2), round(wordsA[2]!, true)];
    // Cards by hand: −2 → 0, +10 → 10; −4 → 6, −10 → 0 (a life); +10 → 10.
    const body = await run(rondas);
    expect(body).toMatchObject({ puntos: 10, ganada: wordsA.length === 3, palabrasBien: [wordsA[0], wordsA[2]], palabrasMal: [wordsA[1]] });
    const before = await snapshotCounts(t.database);
    for (const [over, field] of [
      [{ puntos: 20 }, 'puntos'],
      [{ puntos: 0 }, 'puntos'],
      [{ puntosMax: body.puntosMax + 10 }, 'puntosMax'],
      [{ ganada: !body.ganada }, 'ganada'],
      [{ palabrasBien: [wordsA[0]] }, 'palabrasBien'],
      [{ palabrasMal: [] }, 'palabrasMal'],
      // A round's misses: at most 2 empty cards and the picture hint.
      [{ fallosRondaAbierta: 4 }, 'rondas'],
    ] as const) {
      const r = await post('nino', { ...body, ...over, clave: runClave() });
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.keys(r.json().fields ?? {}), JSON.stringify(over)).toContain(field);
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
    const ok = await post('nino', body);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ puntos: 10, puntosMax: body.puntosMax });
    // A run left half-way after a wrong card: that card's −2 is part of the figures.
    const open = await post('nino', await run([round(wordsA[0]!)], { fallosRondaAbierta: 1, puntos: 8 }));
    expect(open.statusCode, open.body).toBe(201);
  });

  it('refuses rounds of words the game did not have, or that no game gives, and stores nothing', async () => {
    const before = (await rows('nino')).length;
    const base = await run();
    const cases: [Record<string, unknown>, string][] = [
      // A word of another level, in the rounds or in the game's words.
      [{ rondas: [round(wordsB[0]!)], palabrasBien: [wordsB[0]], palabrasMal: [] }, 'Las palabras de la partida no son de ese nivel.'],
      [{ palabras: [...wordsA, wordsB[0]] }, 'Las palabras de la partida no son de ese nivel.'],
      // A round whose word is not among the game's words.
      [{ palabras: wordsA.slice(2) }, 'Una ronda de la partida usa una palabra que el juego no tenía.'],
      [
        { rondas: [round(wordsA[0]!), round(wordsA[0]!)], palabrasBien: [wordsA[0]], palabrasMal: [], puntos: 20 },
        'Una palabra se repite donde el juego no la repite.',
      ],
      [
        // 2 empty cards and the picture hint are the most a round can miss.
        { rondas: [round(wordsA[0]!, true, 4)], palabrasBien: [wordsA[0]], palabrasMal: [], puntos: 2 },
        'Los fallos de una ronda no son posibles en este juego.',
      ],
    ];
    for (const [over, msg] of cases) {
      const r = await post('nino', { ...base, ...over, clave: runClave() });
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().msg, JSON.stringify(over)).toBe(msg);
    }
    expect((await rows('nino')).length).toBe(before);
  });

  it('refuses implausible or malformed runs with a Spanish 400 and stores nothing', async () => {
    const before = (await rows('nino')).length;
    const base = await run();
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
      [{ palabrasMal: [999999] }, /palabras/i],
      [{ idNivel: null, palabras: [999999] }, /palabras/i],
      [{ palabrasBien: [-3] }, /palabras/i],
      [{ palabras: [] }, /palabras del juego/i],
      [{ palabras: Array.from({ length: 2001 }, (_, i) => i + 1) }, /palabras/i],
      [{ rondas: undefined }, /rondas/i],
      [{ rondas: [{ idPalabra: wordsA[0], bien: 'sí', fallos: 0 }] }, /ronda/i],
      [{ rondas: Array.from({ length: 501 }, () => round(wordsA[0]!)) }, /rondas/i],
    ];
    for (const [over, msg] of bad) {
      const r = await post('nino', { ...base, clave: runClave(), ...over });
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().msg, JSON.stringify(over)).toMatch(msg);
      expect(r.json().msg).toMatch(/\.$/);
    }
    expect((await post('nino', [1, 2])).statusCode).toBe(400);
    expect((await post('nino', { ...base, clave: runClave(), extra: 1 })).statusCode).toBe(400);
    expect((await rows('nino')).length).toBe(before);
    // A run without a level plays words of any level (every level's words, levels in order).
    const anyLevel = await genuineRun(t.database, {
      juego: 'orderWords',
      idNivel: null,
      palabras: [...wordsA, ...wordsB],
      rondas: [round(wordsB[0]!), round(wordsA[0]!)],
    });
    expect((await post('nino', anyLevel)).statusCode).toBe(201);
  });

  it('40 sends of one run at the same time store it once', async () => {
    const body = await run();
    const replies = await Promise.all(Array.from({ length: 40 }, () => post('profesor', body)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect((await rows('profesor')).filter((r) => r.clave === body.clave)).toHaveLength(1);
  });
});

describe('GET /api/partidas/resumen', () => {
  it('sums the points per game and keeps the best stars per level and game; a child sees only their own', async () => {
    // nina starts empty: the summary is all zeros.
    expect(await summary('nina')).toEqual({ puntos: { total: 0, byGame: { hangman: 0, orderWords: 0, cards: 0 } }, estrellas: [] });
    const n = Math.min(5, wordsA.length);
    const reports = [
      await run(fullLevel(2)), // 60 % → 2
      await run(fullLevel()), // 3 (best)
      await run([round(wordsA[0]!)]), // not finished: 0
      await genuineRun(t.database, { juego: 'hangman', idNivel: levelA, rondas: wordsA.slice(0, n).map((id) => round(id, true, 3)) }), // 70 points, not won: 0
      await genuineRun(t.database, { juego: 'orderWords', idNivel: levelB, rondas: [round(wordsB[0]!)] }), // 10 points, 0
      await genuineRun(t.database, { juego: 'orderWords', idNivel: null, palabras: wordsB, rondas: [round(wordsB[1]!)] }), // points only
    ];
    for (const r of reports) expect((await post('nina', r)).statusCode).toBe(201);
    // A resend of a run changes nothing in the sums.
    expect((await post('nina', reports[0])).statusCode).toBe(200);
    const s = await summary('nina');
    const cards = 10 + (n - 1) * 6 + n * 10 + 10;
    expect(s.puntos).toEqual({ total: cards + 70 + 20, byGame: { hangman: 70, orderWords: 20, cards } });
    expect(s.estrellas).toEqual([
      { idNivel: levelA, juego: 'cards', estrellas: 3 },
      { idNivel: levelA, juego: 'hangman', estrellas: 0 },
      { idNivel: levelB, juego: 'orderWords', estrellas: 0 },
    ]);
    // nino's runs (earlier tests) never show in nina's summary, nor hers in his.
    const nino = await summary('nino');
    const ninoRows = await rows('nino');
    expect(nino.puntos.total).toBe(ninoRows.reduce((sum, r) => sum + r.puntos, 0));
    expect(nino.puntos.total).not.toBe(s.puntos.total);
    expect(nino.estrellas.find((e) => e.juego === 'orderWords')).toBeUndefined();
    // The same clave from another child is another run (keys are per child).
    const shared = await run();
    expect((await post('nino', shared)).statusCode).toBe(201);
    expect((await post('nina', shared)).statusCode).toBe(201);
  });

  it('is never served from a cache: a new run shows at once', async () => {
    const before = await summary('profesor');
    expect((await post('profesor', await run(fullLevel()))).statusCode).toBe(201);
    const after = await summary('profesor');
    expect(after.puntos.total).toBe(before.puntos.total + Math.min(5, wordsA.length) * 10);
    const r = await t.call('GET', '/api/partidas/resumen', { as: 'profesor' });
    expect(r.headers['cache-control']).toBe('no-store');
  });
});

/**
 * Review words fill a short run (docs/games.md): a hangman or order-words run of one level may carry
 * the child's review words of other levels they opened (the page adds their due words when the level
 * is short); a word of a level the child never opened is still "not of that level", and cards takes none.
 */
describe('POST /api/partidas: review words of other levels in a short run', () => {
  let reviewWord: number;
  /** A hangman run of level A whose last rounds are review words: every word right. */
  const filled = (extra: number[], juego: 'hangman' | 'orderWords' = 'hangman') =>
    genuineRun(t.database, { juego, idNivel: levelA, palabras: [...wordsA, ...extra], rondas: [...wordsA, ...extra].map((id) => round(id)) });
  const reviewsOf = async (who: DemoUser, clave: string) =>
    (await t.database.raw('SELECT id_palabra FROM repaso WHERE id_usuario = $1 AND clave LIKE $2', [await t.userId(who), `partida:${clave}:%`])).rows;

  beforeAll(async () => {
    reviewWord = (await t.database.db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idNivel, levelB)))[0]!.id;
    // nino: the word is in their memory and due (reviewed 10 days ago, due yesterday).
    const nino = await t.userId('nino');
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await t.database.db.transaction((tx) =>
      applyReviews(tx, nino, [{ idPalabra: reviewWord, grade: 3, source: 'repaso', clave: `test-due-${runClave()}` }], tenDaysAgo),
    );
    await t.database.raw(`UPDATE memoria SET vence = now() - interval '1 day' WHERE id_usuario = $1 AND id_palabra = $2`, [nino, reviewWord]);
    // nina and the profesor never opened level B: no progress there, no card of its words.
    for (const who of ['nina', 'profesor'] as const) {
      const id = await t.userId(who);
      await t.database.raw('DELETE FROM progreso WHERE id_usuario = $1 AND id_nivel = $2', [id, levelB]);
      await t.database.raw('DELETE FROM memoria WHERE id_usuario = $1 AND id_palabra IN (SELECT id_palabra FROM palabra WHERE id_nivel = $2)', [id, levelB]);
    }
  });

  it('stores the run of a child whose due word of level B fills their level-A hangman and order-words runs', async () => {
    const due = (await t.call('GET', '/api/repaso/sesion', { as: 'nino' })).json().data as { id_palabra: number; nuevo: boolean }[];
    expect(due).toContainEqual(expect.objectContaining({ id_palabra: reviewWord, nuevo: false }));
    for (const juego of ['hangman', 'orderWords'] as const) {
      const body = await filled([reviewWord], juego);
      const r = await post('nino', body);
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().data).toMatchObject({ idNivel: levelA, ganada: true, puntos: body.puntos });
      // The review word is reviewed like the level's own.
      expect((await reviewsOf('nino', body.clave)).map((x) => x.id_palabra)).toContain(reviewWord);
    }
  });

  it('refuses the same words from a child (or a profesor) who never opened level B, and cards takes none: 400, nothing stored', async () => {
    for (const who of ['nina', 'profesor'] as const) {
      const before = (await rows(who)).length;
      const r = await post(who, await filled([reviewWord]));
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({
        msg: 'Las palabras de la partida no son de ese nivel.',
        fields: { palabras: 'Las palabras de la partida no son de ese nivel.' },
      });
      expect((await rows(who)).length).toBe(before);
    }
    // Cards' game levels are the words' levels: a review word would be a second level, not a filled round.
    const before = (await rows('nino')).length;
    const cards = await genuineRun(t.database, { juego: 'cards', idNivel: levelA, palabras: [...wordsA, reviewWord], rondas: [round(wordsA[0]!)] });
    const r = await post('nino', cards);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().msg).toBe('Las palabras de la partida no son de ese nivel.');
    expect((await rows('nino')).length).toBe(before);
  });

  it('40 sends of one filled run at the same time store it once and review its words once', async () => {
    const body = await filled([reviewWord]);
    const replies = await Promise.all(Array.from({ length: 40 }, () => post('nino', body)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect((await rows('nino')).filter((r) => r.clave === body.clave)).toHaveLength(1);
    expect((await reviewsOf('nino', body.clave)).filter((x) => x.id_palabra === reviewWord)).toHaveLength(1);
    // 40 sends at once from a child who never opened level B: all refused, nothing stored.
    const foreign = await filled([reviewWord]);
    const refused = await Promise.all(Array.from({ length: 40 }, () => post('nina', foreign)));
    expect(refused.every((r) => r.statusCode === 400)).toBe(true);
    expect((await rows('nina')).filter((r) => r.clave === foreign.clave)).toHaveLength(0);
  });
});
