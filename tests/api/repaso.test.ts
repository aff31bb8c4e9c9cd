import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClass, makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { genuineRun, round } from './game-runs';

/**
 * The review API (src/server/resources/repaso/routes.ts): the child's memory per word is graded and
 * scheduled by the server only, replays store nothing twice, a word of a level the child has not
 * opened is refused, nobody answers for another child, and the games, quizzes and teachers read or
 * feed the same memory.
 */
let t: TestApp;
let levels: { id: number; words: number[] }[];
let nino: number;
let nina: number;
let n = 0;
const clave = () => `clave-${Date.now().toString(36)}-${++n}`;

const rows = async (q: string, params: unknown[] = []) => (await t.database.raw(q, params)).rows;
const count = async (table: string, who: number) => Number((await rows(`SELECT count(*)::int AS n FROM ${table} WHERE id_usuario = $1`, [who]))[0]!.n);

beforeAll(async () => {
  t = await makeTestApp();
  nino = await t.userId('nino');
  nina = await t.userId('nina');
  // The profesor teaches both demo children (a teacher reads only the children of their classes).
  await demoClass(t);
  const words = await rows('SELECT id_palabra, id_nivel FROM palabra ORDER BY id_nivel, id_palabra');
  const by = new Map<number, number[]>();
  for (const w of words) by.set(Number(w.id_nivel), [...(by.get(Number(w.id_nivel)) ?? []), Number(w.id_palabra)]);
  levels = [...by.entries()].map(([id, ws]) => ({ id, words: ws }));
  expect(levels.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => t?.close());

const answer = (as: 'nino' | 'nina' | 'profesor', body: unknown) => t.call('POST', '/api/repaso/respuesta', { as, body });

describe('refused callers', () => {
  it('every review route needs a session (401)', async () => {
    for (const [m, u] of [
      ['GET', '/api/repaso/hoy'],
      ['GET', '/api/repaso/sesion'],
      ['POST', '/api/repaso/respuesta'],
      ['POST', '/api/repaso/visto'],
      ['GET', '/api/repaso/nivel/1'],
      ['GET', '/api/repaso/juego/1'],
      ['GET', `/api/repaso/alumno/${nino}`],
      ['GET', '/api/repaso/dificiles/1'],
      ['GET', '/api/repaso/memorias'],
      ['GET', '/api/repaso/registros'],
    ] as const) {
      const r = await t.call(m, u, m === 'POST' ? { body: {} } : {});
      expect(r.statusCode, `${m} ${u}`).toBe(401);
    }
  });
  it('the teacher views are profesor+; a child reads only their own summary', async () => {
    for (const u of ['/api/repaso/dificiles/1', '/api/repaso/memorias', '/api/repaso/registros', `/api/repaso/alumno/${nina}`]) {
      const r = await t.call('GET', u, { as: 'nino' });
      expect(r.statusCode, u).toBe(403);
      expect(r.json().msg).toMatch(/\.$/);
    }
    expect((await t.call('GET', `/api/repaso/alumno/${nino}`, { as: 'nino' })).statusCode).toBe(200);
    for (const who of ['profesor', 'admin', 'superadmin'] as const) {
      expect((await t.call('GET', `/api/repaso/alumno/${nino}`, { as: who })).statusCode, who).toBe(200);
      expect((await t.call('GET', '/api/repaso/dificiles/1', { as: who })).statusCode, who).toBe(200);
    }
    expect((await t.call('GET', '/api/repaso/alumno/999999', { as: 'profesor' })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/repaso/dificiles/999999', { as: 'profesor' })).statusCode).toBe(404);
  });
});

describe("a child's review day", () => {
  it('starts calm: nothing due, nothing new, an empty session', async () => {
    const hoy = await t.call('GET', '/api/repaso/hoy', { as: 'nino' });
    expect(hoy.json()).toEqual({ data: { pendientes: 0, nuevas: 0, proxima: null } });
    expect((await t.call('GET', '/api/repaso/sesion', { as: 'nino' })).json()).toEqual({ data: [] });
  });

  it('a word seen in word detail becomes a new word (learning, not a review): no log row', async () => {
    const w = levels[0]!.words[0]!;
    const r = await t.call('POST', '/api/repaso/visto', { as: 'nino', body: { id_palabra: w } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ msg: 'Palabra vista.', data: { id_palabra: w, estrellas: 0 } });
    expect(await count('repaso', nino)).toBe(0);
    // Seen twice: still one card.
    await t.call('POST', '/api/repaso/visto', { as: 'nino', body: { id_palabra: w } });
    expect(await count('memoria', nino)).toBe(1);
    expect((await t.call('GET', '/api/repaso/hoy', { as: 'nino' })).json().data).toMatchObject({ pendientes: 0, nuevas: 1 });
  });

  it('the session offers it as a new sign → word item with 2 distractors of its level and its sign', async () => {
    const w = levels[0]!.words[0]!;
    const s = (await t.call('GET', '/api/repaso/sesion', { as: 'nino' })).json().data;
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ id_palabra: w, tipo: 'sena_a_palabra', nuevo: true, id_nivel: levels[0]!.id });
    expect(s[0].sena?.url).toMatch(/^uploads\/multimedia\//);
    expect(s[0].distractores).toHaveLength(2);
    for (const d of s[0].distractores) {
      expect(d.id_palabra).not.toBe(w);
      expect(d.id_nivel).toBe(levels[0]!.id);
    }
  });

  it('an answer is graded by the server and scheduled; the same clave again is 200 with the stored result, stored once', async () => {
    const w = levels[0]!.words[0]!;
    const k = clave();
    const first = await answer('nino', { id_palabra: w, elegida: w, clave: k });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ msg: 'Respuesta guardada.', data: { id_palabra: w, calificacion: 3 } });
    const memBefore = await rows('SELECT * FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [nino, w]);
    const again = await answer('nino', { id_palabra: w, escrita: 'no es la palabra', clave: k });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await count('repaso', nino)).toBe(1);
    expect(await rows('SELECT * FROM memoria WHERE id_usuario = $1 AND id_palabra = $2', [nino, w])).toEqual(memBefore);
    const [log] = await rows('SELECT calificacion, fuente, estado_antes FROM repaso WHERE id_usuario = $1', [nino]);
    expect(log).toEqual({ calificacion: 3, fuente: 'repaso', estado_antes: 0 });
  });

  it('a replay or a slow view makes a right answer Hard; a wrong one is Again', async () => {
    const w = levels[0]!.words[0]!;
    expect((await answer('nino', { id_palabra: w, elegida: w, repetido: true, clave: clave() })).json().data.calificacion).toBe(2);
    expect((await answer('nino', { id_palabra: w, elegida: w, lento: true, clave: clave() })).json().data.calificacion).toBe(2);
    expect((await answer('nino', { id_palabra: w, escrita: 'no es la palabra', clave: clave() })).json().data.calificacion).toBe(1);
  });

  it('a word falls due: the summary counts it, the session asks it first, answering it lowers the count', async () => {
    const w = levels[0]!.words[0]!;
    await rows(`UPDATE memoria SET vence = now() - interval '1 day' WHERE id_usuario = $1 AND id_palabra = $2`, [nino, w]);
    expect((await t.call('GET', '/api/repaso/hoy', { as: 'nino' })).json().data.pendientes).toBe(1);
    const s = (await t.call('GET', '/api/repaso/sesion', { as: 'nino' })).json().data;
    expect(s[0]).toMatchObject({ id_palabra: w, nuevo: false });
    const staff = await t.call('GET', `/api/repaso/alumno/${nino}`, { as: 'profesor' });
    expect(staff.json().data.pendientes).toBe(1);
    const r = await answer('nino', { id_palabra: w, elegida: w, clave: clave() });
    expect(r.statusCode).toBe(201);
    expect(new Date(r.json().data.vence).getTime()).toBeGreaterThan(Date.now());
    expect((await t.call('GET', '/api/repaso/hoy', { as: 'nino' })).json().data.pendientes).toBe(0);
  });
});

describe('the server grades the answer the child gave (a client verdict counts for nothing)', () => {
  const text = async (id: number) => String((await rows('SELECT palabra_espanol FROM palabra WHERE id_palabra = $1', [id]))[0]!.palabra_espanol);

  it('a forged correcto: true with a wrong choice or a wrong typed word is graded wrong (Again)', async () => {
    const [w, other] = levels[0]!.words as [number, number];
    const chose = await answer('nino', { id_palabra: w, elegida: other, correcto: true, clave: clave() });
    expect(chose.statusCode, chose.body).toBe(201);
    expect(chose.json().data.calificacion).toBe(1);
    const typed = await answer('nino', { id_palabra: w, escrita: 'cualquier cosa', correcto: true, clave: clave() });
    expect(typed.json().data.calificacion).toBe(1);
    const [log] = await rows('SELECT calificacion FROM repaso WHERE id_usuario = $1 ORDER BY id_repaso DESC LIMIT 1', [nino]);
    expect(log).toEqual({ calificacion: 1 });
  });

  it('a right choice or the word typed (any case, accents optional) is right even with correcto: false', async () => {
    const [w] = levels[0]!.words as [number];
    expect((await answer('nino', { id_palabra: w, elegida: w, correcto: false, clave: clave() })).json().data.calificacion).toBe(3);
    const typed = `  ${(await text(w))
      .toUpperCase()
      .normalize('NFD')
      .replace(/[\u0301]/g, '')} `;
    expect((await answer('nino', { id_palabra: w, escrita: typed, clave: clave() })).json().data.calificacion).toBe(3);
  });

  it('an answer with neither or both of elegida / escrita (a bare correcto too) is refused and changes nothing', async () => {
    const [w] = levels[0]!.words as [number];
    const before = await snapshotCounts(t.database);
    for (const body of [
      { id_palabra: w, correcto: true, clave: clave() },
      { id_palabra: w, clave: clave() },
      { id_palabra: w, elegida: w, escrita: 'x', clave: clave() },
      { id_palabra: w, escrita: 'x'.repeat(101), clave: clave() },
    ]) {
      const r = await answer('nino', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().msg).toMatch(/\.$/);
    }
    const r = await answer('nino', { id_palabra: w, correcto: true, clave: clave() });
    expect(r.json().msg).toBe('Envía la palabra elegida o la palabra escrita (solo una).');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('the same answer sent 40 times at once is stored and scheduled once', async () => {
    const [w] = levels[0]!.words as [number];
    const k = clave();
    const before = await count('repaso', nino);
    const replies = await Promise.all(Array.from({ length: 40 }, () => answer('nino', { id_palabra: w, elegida: w, clave: k })));
    expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await count('repaso', nino)).toBe(before + 1);
  });
});

describe('refused answers change nothing', () => {
  it('a word of a level the child has not opened is refused (403)', async () => {
    const w = levels[2]!.words[0]!;
    const before = await snapshotCounts(t.database);
    const r = await answer('nina', { id_palabra: w, elegida: w, clave: clave() });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ msg: 'Esta palabra es de un nivel que aún no has abierto.', code: 'WORD_NOT_OPEN' });
    expect(await snapshotCounts(t.database)).toEqual(before);
    // Once the level is opened (a word seen in the level menu), the same answer is accepted.
    await t.call('POST', '/api/progreso/visto', { as: 'nina', body: { id_nivel: levels[2]!.id, id_palabra: w } });
    expect((await answer('nina', { id_palabra: w, elegida: w, clave: clave() })).statusCode).toBe(201);
  });
  it('a word that does not exist is 404', async () => {
    const before = await snapshotCounts(t.database);
    const r = await answer('nino', { id_palabra: 999999, elegida: 999999, clave: clave() });
    expect(r.statusCode).toBe(404);
    expect(r.json().msg).toBe('Palabra no encontrada.');
    expect((await t.call('POST', '/api/repaso/visto', { as: 'nino', body: { id_palabra: 999999 } })).statusCode).toBe(404);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
  it('an answer for another child is refused, whoever sends it', async () => {
    const w = levels[0]!.words[0]!;
    const before = await snapshotCounts(t.database);
    for (const who of ['nina', 'profesor'] as const) {
      const r = await answer(who, { id_usuario: nino, id_palabra: w, elegida: w, clave: clave() });
      expect(r.statusCode, who).toBe(403);
      expect(r.json().msg).toBe('Solo puedes guardar tus propios repasos.');
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
    // Naming oneself is fine.
    expect((await answer('nino', { id_usuario: nino, id_palabra: w, elegida: w, clave: clave() })).statusCode).toBe(201);
  });
  it('bad input is a 400 with a Spanish message per field; a client cannot send a schedule', async () => {
    const w = levels[0]!.words[0]!;
    const before = await snapshotCounts(t.database);
    const cases: [unknown, string][] = [
      [{}, 'id_palabra'],
      [{ id_palabra: 'x', correcto: true, clave: clave() }, 'id_palabra'],
      [{ id_palabra: w, elegida: 'sí', clave: clave() }, 'elegida'],
      [{ id_palabra: w, elegida: w, clave: 'corta' }, 'clave'],
      [{ id_palabra: w, elegida: w, repetido: 'no', clave: clave() }, 'repetido'],
      [{ id_palabra: w, elegida: w, clave: clave(), vence: '2099-01-01', estabilidad: 999 }, ''],
    ];
    for (const [body, field] of cases) {
      const r = await answer('nino', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      const j = r.json();
      expect(j.msg, JSON.stringify(body)).toMatch(/[a-záéíóúñ].*\.$/i);
      if (field) expect(Object.keys(j.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await t.call('POST', '/api/repaso/visto', { as: 'nino', body: { id_palabra: -1 } })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/repaso/nivel/abc', { as: 'nino' })).statusCode).toBe(400);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
  it('a clave already used for another word is refused', async () => {
    const [a, b] = levels[0]!.words;
    const k = clave();
    expect((await answer('nino', { id_palabra: a, elegida: a, clave: k })).statusCode).toBe(201);
    const before = await snapshotCounts(t.database);
    expect((await answer('nino', { id_palabra: b, elegida: b, clave: k })).statusCode).toBe(400);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('strength, games and teachers read the same memory', () => {
  it('strength per word of a level: every word, 0 stars for unknown ones; 404 for a missing level', async () => {
    const r = await t.call('GET', `/api/repaso/nivel/${levels[0]!.id}`, { as: 'nino' });
    const data = r.json().data as { id_palabra: number; estrellas: number; recuerdo: number; vence: string | null }[];
    expect(data.map((d) => d.id_palabra)).toEqual(levels[0]!.words);
    const reviewed = data.find((d) => d.id_palabra === levels[0]!.words[0])!;
    expect(reviewed.vence).not.toBeNull();
    expect(reviewed.recuerdo).toBeGreaterThan(0);
    for (const d of data.filter((x) => x.id_palabra !== levels[0]!.words[0] && x.id_palabra !== levels[0]!.words[1])) expect(d.estrellas).toBe(0);
    // Nina never reviewed level 1: all zero.
    const other = (await t.call('GET', `/api/repaso/nivel/${levels[0]!.id}`, { as: 'nina' })).json().data as { estrellas: number }[];
    expect(other.every((d) => d.estrellas === 0)).toBe(true);
    expect((await t.call('GET', '/api/repaso/nivel/999999', { as: 'nino' })).statusCode).toBe(404);
  });

  it('a game run reviews its words once (right = Good, wrong = Again); the resent run reviews nothing again', async () => {
    const lv = levels[1]!;
    const run = await genuineRun(t.database, { juego: 'cards', idNivel: lv.id, rondas: [round(lv.words[0]!), round(lv.words[1]!, false)] });
    const r = await t.call('POST', '/api/partidas', { as: 'nino', body: run });
    expect(r.statusCode, r.body).toBe(201);
    const logs = await rows(`SELECT id_palabra, calificacion FROM repaso WHERE id_usuario = $1 AND fuente = 'juego' ORDER BY id_palabra`, [nino]);
    expect(logs).toEqual([
      { id_palabra: lv.words[0], calificacion: 3 },
      { id_palabra: lv.words[1], calificacion: 1 },
    ]);
    expect((await t.call('POST', '/api/partidas', { as: 'nino', body: run })).statusCode).toBe(200);
    expect(await rows(`SELECT id_palabra FROM repaso WHERE id_usuario = $1 AND fuente = 'juego'`, [nino])).toHaveLength(2);
  });

  it('the games get a level due and weak first', async () => {
    const lv = levels[1]!;
    // The word missed in the game is due now; the one got right is not yet.
    await rows(`UPDATE memoria SET vence = now() - interval '2 days' WHERE id_usuario = $1 AND id_palabra = $2`, [nino, lv.words[1]]);
    const order = (await t.call('GET', `/api/repaso/juego/${lv.id}`, { as: 'nino' })).json().data as { id_palabra: number; pendiente: boolean }[];
    expect(order.map((w) => w.id_palabra).sort((a, b) => a - b)).toEqual([...lv.words].sort((a, b) => a - b));
    expect(order[0]).toMatchObject({ id_palabra: lv.words[1], pendiente: true });
    // The word got right (reviewed, strongest) comes last.
    expect(order.at(-1)!.id_palabra).toBe(lv.words[0]);
  });

  it('a quiz question whose answer is a word of the level reviews that word', async () => {
    const key = await rows(
      `SELECT e.id_nivel, p.id_pregunta, p.tipo, r.id_respuesta, r.respuesta, r.valor FROM evaluacion e
      JOIN pregunta p ON p.id_evaluacion = e.id_evaluacion JOIN respuesta r ON r.id_pregunta = p.id_pregunta
      WHERE e.id_nivel = $1 ORDER BY p.id_pregunta, r.id_respuesta`,
      [levels[0]!.id],
    );
    const qs = [...new Set(key.map((k) => Number(k.id_pregunta)))];
    const body = {
      respuestas: qs.map((id) => {
        const opts = key.filter((k) => Number(k.id_pregunta) === id);
        const right = opts.find((o) => o.valor)!;
        return opts[0]!.tipo === 'Opción Múltiple'
          ? { id_pregunta: id, id_nivel: levels[0]!.id, id_respuesta: Number(right.id_respuesta) }
          : { id_pregunta: id, id_nivel: levels[0]!.id, respuesta: String(right.respuesta) };
      }),
    };
    const words = await rows('SELECT id_palabra, palabra_espanol FROM palabra WHERE id_nivel = $1', [levels[0]!.id]);
    const norm = (s: unknown) =>
      String(s)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .trim()
        .toLowerCase();
    const linked = qs.filter((id) => {
      const rights = key.filter((k) => Number(k.id_pregunta) === id && k.valor).map((k) => norm(k.respuesta));
      return words.filter((w) => rights.includes(norm(w.palabra_espanol))).length === 1;
    });
    expect(linked.length).toBeGreaterThan(0);
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nina', body });
    expect(r.statusCode, r.body).toBe(201);
    const logs = await rows(`SELECT calificacion, clave FROM repaso WHERE id_usuario = $1 AND fuente = 'cuestionario'`, [nina]);
    expect(logs).toHaveLength(linked.length);
    expect(logs.every((l) => l.calificacion === 3 && String(l.clave).startsWith(`intento:${r.json().data.id}:`))).toBe(true);
  });

  it("the teacher's per-child view: due, strength per level, reviews per day over 30 days", async () => {
    const d = (await t.call('GET', `/api/repaso/alumno/${nino}`, { as: 'profesor' })).json().data;
    expect(d.por_dia).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const reviews = await count('repaso', nino);
    expect(d.por_dia.at(-1)).toMatchObject({ fecha: today, repasos: reviews });
    expect(d.por_dia.reduce((s: number, x: { repasos: number }) => s + x.repasos, 0)).toBe(reviews);
    const lv1 = d.niveles.find((l: { id_nivel: number }) => l.id_nivel === levels[0]!.id);
    const [cards] = await rows('SELECT count(*)::int AS n FROM memoria m JOIN palabra p USING (id_palabra) WHERE p.id_nivel = $1 AND m.id_usuario = $2', [
      levels[0]!.id,
      nino,
    ]);
    expect(lv1.palabras).toBe(Number(cards!.n));
    expect(lv1.estrellas.reduce((a: number, b: number) => a + b, 0)).toBe(lv1.palabras);
  });

  it('"palabras difíciles": the level\'s most forgotten words first', async () => {
    const lv = levels[1]!;
    const d = (await t.call('GET', `/api/repaso/dificiles/${lv.id}`, { as: 'profesor' })).json().data;
    expect(d[0]).toMatchObject({ id_palabra: lv.words[1], repasos: 1, fallos: 1, tasa_fallo: 1 });
    expect(d.at(-1)).toMatchObject({ id_palabra: lv.words[0], fallos: 0, tasa_fallo: 0 });
  });

  it('staff lists of the memory and the log, filtered by child (resource layer)', async () => {
    const m = await t.call('GET', `/api/repaso/memorias?id_usuario=${nino}&page=1&perPage=50`, { as: 'profesor' });
    expect(m.statusCode, m.body).toBe(200);
    expect(Number(m.headers['x-total-count'])).toBe(await count('memoria', nino));
    expect(m.json().data.every((x: { id_usuario: number; estrellas: number }) => x.id_usuario === nino && x.estrellas >= 0 && x.estrellas <= 3)).toBe(true);
    const l = await t.call('GET', `/api/repaso/registros?id_usuario=${nino}&sort=fecha&order=DESC`, { as: 'profesor' });
    expect(l.statusCode, l.body).toBe(200);
    expect(l.json().data).toHaveLength(await count('repaso', nino));
    expect(l.json().data[0]).toMatchObject({ id_usuario: nino, usuario: { username: expect.any(String) }, palabra: { palabraEspanol: expect.any(String) } });
  });
});

describe('a session covers the words seen and due (composeSession: due, then seen, then ≤ 3 never seen; 10 in all)', () => {
  /** A new child signed up through the API, with the token to act as them. */
  async function newChild(tag: string): Promise<{ token: string; id: number }> {
    const email = `repaso-${tag}-${Date.now().toString(36)}@manitas.test`;
    const reg = await t.call('POST', '/api/user/register', {
      body: {
        nombre: 'Repaso',
        apellido: 'Nuevo',
        fechaNacimiento: '2018-05-05',
        email,
        password: 'secreto123',
        avatar: 'girl',
        sexo: 'niña',
        phone: '3001234567',
        Credential: `ALU-${tag}`,
      },
    });
    expect(reg.statusCode, reg.body).toBeLessThan(300);
    const login = await t.call('POST', '/api/user/logIn', { body: { email, password: 'secreto123' } });
    expect(login.statusCode, login.body).toBe(200);
    return { token: login.json().token as string, id: Number(login.json().usuario.id) };
  }
  const session = async (token: string) => (await t.call('GET', '/api/repaso/sesion', { as: token })).json().data as { id_palabra: number; nuevo: boolean }[];
  const seeInDetail = (token: string, id_palabra: number) => t.call('POST', '/api/repaso/visto', { as: token, body: { id_palabra } });

  it('a brand-new child: nothing due, nothing new, nothing scheduled, an empty session', async () => {
    const kid = await newChild('vacio');
    expect((await t.call('GET', '/api/repaso/hoy', { as: kid.token })).json()).toEqual({ data: { pendientes: 0, nuevas: 0, proxima: null } });
    expect(await session(kid.token)).toEqual([]);
  });

  it('6 words seen today: the session asks all 6, not the 3 new ones a session may add', async () => {
    const kid = await newChild('seis');
    const six = levels[0]!.words.slice(0, 6);
    expect(six).toHaveLength(6);
    // Seen at once (a child flicking through word detail): still one card per word.
    const seen = await Promise.all(six.map((w) => seeInDetail(kid.token, w)));
    expect(seen.map((r) => r.statusCode)).toEqual(six.map(() => 200));
    const s = await session(kid.token);
    expect(s.map((i) => i.id_palabra).sort((a, b) => a - b)).toEqual([...six].sort((a, b) => a - b));
    expect(s.every((i) => i.nuevo)).toBe(true);
    expect((await t.call('GET', '/api/repaso/hoy', { as: kid.token })).json().data).toMatchObject({ pendientes: 0, nuevas: 6 });
  });

  it('words seen in the level menu count as seen; never-seen words of the level fill at most 3 places', async () => {
    const kid = await newChild('menu');
    const lv = levels[1]!;
    for (const w of lv.words.slice(0, 2)) await t.call('POST', '/api/progreso/visto', { as: kid.token, body: { id_nivel: lv.id, id_palabra: w } });
    const s = await session(kid.token);
    expect(s.slice(0, 2).map((i) => i.id_palabra)).toEqual(lv.words.slice(0, 2));
    expect(s.slice(2).map((i) => i.id_palabra)).toEqual(lv.words.slice(2, 5));
  });

  it('more words seen than a session holds: 10, the first seen first; due words come before them all', async () => {
    const kid = await newChild('doce');
    const twelve = levels.flatMap((l) => l.words).slice(0, 12);
    expect(twelve).toHaveLength(12);
    for (const w of twelve) expect((await seeInDetail(kid.token, w)).statusCode).toBe(200);
    const s = await session(kid.token);
    expect(s.map((i) => i.id_palabra)).toEqual(twelve.slice(0, 10));
    // Reviewed (wrong, so due again in a minute) and then made due now: it leads the next session.
    const w = twelve[11]!;
    expect((await t.call('POST', '/api/repaso/respuesta', { as: kid.token, body: { id_palabra: w, elegida: twelve[0], clave: clave() } })).statusCode).toBe(
      201,
    );
    await rows("UPDATE memoria SET vence = now() - interval '1 minute' WHERE id_usuario = $1 AND id_palabra = $2", [kid.id, w]);
    const next = await session(kid.token);
    expect(next).toHaveLength(10);
    expect(next[0]).toMatchObject({ id_palabra: w, nuevo: false });
    expect(next.slice(1).map((i) => i.id_palabra)).toEqual(twelve.slice(0, 9));
  });
});
