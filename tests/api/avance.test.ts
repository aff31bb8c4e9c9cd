import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { nivel, palabra } from '../../src/server/db/schema';

let t: TestApp;
let lvl1: { id: number; words: number[] };
let lvl2: { id: number; words: number[] };

beforeAll(async () => {
  t = await makeTestApp();
  const { db } = t.database;
  const lvls = await db.select().from(nivel).orderBy(asc(nivel.idNivel));
  const words = async (id: number) =>
    (await db.select({ id: palabra.idPalabra }).from(palabra).where(eq(palabra.idNivel, id)).orderBy(asc(palabra.idPalabra))).map((w) => w.id);
  lvl1 = { id: lvls[0]!.idNivel, words: await words(lvls[0]!.idNivel) };
  lvl2 = { id: lvls[1]!.idNivel, words: await words(lvls[1]!.idNivel) };
});
afterAll(async () => t?.close());

const progressFor = async (who: 'nino' | 'nina', level: number) => {
  const uid = await t.userId(who);
  const r = await t.call('GET', `/api/progreso/usuario/${uid}`, { as: who });
  expect(r.statusCode).toBe(200);
  return (r.json().data as { id_nivel: number }[]).find((p) => p.id_nivel === level) as Record<string, unknown> | undefined;
};

describe('GET /api/progreso/usuario/{userId}', () => {
  it('a new learner has no progress yet', async () => {
    const uid = await t.userId('nino');
    const r = await t.call('GET', `/api/progreso/usuario/${uid}`, { as: 'nino' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ data: [] });
  });

  it("learners only their own (403 for another child, and for a profesor); admin and above anyone's", async () => {
    const other = await t.userId('nina');
    const r = await t.call('GET', `/api/progreso/usuario/${other}`, { as: 'nino' });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe('Solo puedes ver y actualizar tu propio progreso.');
    expect((await t.call('GET', `/api/progreso/usuario/${other}`, { as: 'profesor' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/progreso/usuario/${other}`, { as: 'admin' })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/progreso/usuario/${other}`, { as: 'superadmin' })).statusCode).toBe(200);
  });

  it('no session 401; bad id 400; unknown user 404', async () => {
    expect((await t.call('GET', '/api/progreso/usuario/1')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/progreso/usuario/0', { as: 'admin' })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/progreso/usuario/999999', { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('POST /api/progreso/visto', () => {
  it('marks a word seen: creates the level row en progreso, then adds without duplicates', async () => {
    const first = await t.call('POST', '/api/progreso/visto', { as: 'nino', body: { id_nivel: lvl1.id, id_palabra: lvl1.words[2] } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      id_nivel: lvl1.id,
      estado: 'en progreso',
      palabras_vistas: [lvl1.words[2]],
      reintentos: 0,
      ultimo_resultado: null,
    });
    const again = await t.call('POST', '/api/progreso/visto', { as: 'nino', body: { id_nivel: String(lvl1.id), id_palabra: String(lvl1.words[2]) } });
    expect(again.json().data.palabras_vistas).toEqual([lvl1.words[2]]);
    const second = await t.call('POST', '/api/progreso/visto', { as: 'nino', body: { id_nivel: lvl1.id, id_palabra: lvl1.words[0] } });
    expect([...second.json().data.palabras_vistas].sort()).toEqual([lvl1.words[0], lvl1.words[2]].sort());
    expect(await progressFor('nino', lvl1.id)).toMatchObject({ palabras_vistas: expect.arrayContaining([lvl1.words[0], lvl1.words[2]]) });
  });

  it('several words at once (the browser sending what it saw offline), concurrent calls lose nothing', async () => {
    await Promise.all(lvl2.words.map((w) => t.call('POST', '/api/progreso/visto', { as: 'nina', body: { id_nivel: lvl2.id, id_palabra: w } })));
    const p = await progressFor('nina', lvl2.id);
    expect([...(p!.palabras_vistas as number[])].sort((a, b) => a - b)).toEqual(lvl2.words);
    const bulk = await t.call('POST', '/api/progreso/visto', { as: 'nina', body: { id_nivel: lvl1.id, id_palabras: lvl1.words.slice(0, 3) } });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data.palabras_vistas).toEqual(lvl1.words.slice(0, 3));
  });

  it('the progress follows the child: what one session marked, another reads', async () => {
    const uid = await t.userId('nino');
    const otherDevice = await t.token('nino');
    const r = await t.call('GET', `/api/progreso/usuario/${uid}`, { as: otherDevice });
    expect(r.json().data.find((p: { id_nivel: number }) => p.id_nivel === lvl1.id).palabras_vistas).toEqual(
      expect.arrayContaining([lvl1.words[0], lvl1.words[2]]),
    );
  });

  it('admin may mark for another user; a learner may not', async () => {
    const nina = await t.userId('nina');
    const before = await snapshotCounts(t.database);
    const refused = await t.call('POST', '/api/progreso/visto', { as: 'nino', body: { id_nivel: lvl1.id, id_palabra: lvl1.words[5], id_usuario: nina } });
    expect(refused.statusCode).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect((await progressFor('nina', lvl1.id))!.palabras_vistas).not.toContain(lvl1.words[5]);
    const ok = await t.call('POST', '/api/progreso/visto', { as: 'admin', body: { id_nivel: lvl1.id, id_palabra: lvl1.words[5], id_usuario: nina } });
    expect(ok.statusCode).toBe(200);
    expect((await progressFor('nina', lvl1.id))!.palabras_vistas).toContain(lvl1.words[5]);
  });

  const bad: [string, () => Record<string, unknown>, number, string | RegExp][] = [
    ['a word of another level', () => ({ id_nivel: lvl1.id, id_palabra: lvl2.words[0] }), 400, 'La palabra no pertenece a este nivel.'],
    [
      'a bulk list with one foreign word',
      () => ({ id_nivel: lvl1.id, id_palabras: [lvl1.words[1], lvl2.words[1]] }),
      400,
      'La palabra no pertenece a este nivel.',
    ],
    ['an unknown word', () => ({ id_nivel: lvl1.id, id_palabra: 999999 }), 400, 'La palabra no pertenece a este nivel.'],
    ['an unknown level', () => ({ id_nivel: 999999, id_palabra: lvl1.words[0] }), 404, 'Nivel no encontrado.'],
    ['no word', () => ({ id_nivel: lvl1.id }), 400, 'Indica la palabra vista.'],
    ['an empty bulk list', () => ({ id_nivel: lvl1.id, id_palabras: [] }), 400, 'Indica la palabra vista.'],
    ['no level', () => ({ id_palabra: lvl1.words[0] }), 400, 'El identificador del nivel no es válido.'],
    ['a text id', () => ({ id_nivel: 'uno', id_palabra: lvl1.words[0] }), 400, 'El identificador del nivel no es válido.'],
    ['a negative word id', () => ({ id_nivel: lvl1.id, id_palabra: -3 }), 400, 'El identificador de la palabra no es válido.'],
  ];
  for (const [name, body, status, msg] of bad) {
    it(`refuses ${name} (${status}) and changes nothing`, async () => {
      const before = await snapshotCounts(t.database);
      const prev = await progressFor('nino', lvl1.id);
      const r = await t.call('POST', '/api/progreso/visto', { as: 'nino', body: body() });
      expect(r.statusCode, r.body).toBe(status);
      if (typeof msg === 'string') expect(r.json().msg).toBe(msg);
      else expect(r.json().msg).toMatch(msg);
      expect(await snapshotCounts(t.database)).toEqual(before);
      expect(await progressFor('nino', lvl1.id)).toEqual(prev);
    });
  }

  it('needs a session', async () => {
    const before = await snapshotCounts(t.database);
    expect((await t.call('POST', '/api/progreso/visto', { body: { id_nivel: lvl1.id, id_palabra: lvl1.words[0] } })).statusCode).toBe(401);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('a passed quiz sets estado completado and shows as the latest result; words seen are kept', async () => {
    const uid = await t.userId('nino');
    const ev = await t.database.raw(
      'SELECT p.id_pregunta, p.tipo FROM pregunta p JOIN evaluacion e ON e.id_evaluacion = p.id_evaluacion WHERE e.id_nivel = $1 ORDER BY p.id_pregunta',
      [lvl1.id],
    );
    const respuestas = [];
    for (const q of ev.rows) {
      const as = await t.database.raw('SELECT id_respuesta, respuesta, valor FROM respuesta WHERE id_pregunta = $1 ORDER BY id_respuesta', [q.id_pregunta]);
      const right = q.tipo === 'Opción Múltiple' ? as.rows.find((a) => a.valor === true)! : as.rows[0]!;
      respuestas.push({
        id_pregunta: q.id_pregunta,
        id_nivel: lvl1.id,
        id_usuario: uid,
        id_respuesta: q.tipo === 'Opción Múltiple' ? right.id_respuesta : null,
        respuesta: right.respuesta,
      });
    }
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas } });
    expect(r.statusCode, r.body).toBe(201);
    const p = await progressFor('nino', lvl1.id);
    expect(p).toMatchObject({
      estado: 'completado',
      reintentos: 0,
      ultimo_resultado: { puntaje: 100, correctas: ev.rows.length, total_preguntas: ev.rows.length },
    });
    expect(p!.palabras_vistas).toEqual(expect.arrayContaining([lvl1.words[0], lvl1.words[2]]));
  });
});
