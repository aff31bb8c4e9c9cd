import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

async function levelIds(): Promise<number[]> {
  const r = await t.database.raw('SELECT id_nivel FROM nivel ORDER BY id_nivel');
  return r.rows.map((x) => Number(x.id_nivel));
}

describe('GET api/evaluacion/detalles (learner quiz)', () => {
  it('401 without a session', async () => {
    const r = await t.call('GET', '/api/evaluacion/detalles');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 'UNAUTHORIZED', msg: expect.any(String) });
  });

  it('a learner never gets the answer key: no valor, no text of typed answers', async () => {
    const r = await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data.length).toBeGreaterThanOrEqual(4);
    let choice = 0;
    let typed = 0;
    for (const ev of data) {
      expect(ev).toMatchObject({ id_evaluacion: expect.any(Number), id_nivel: expect.any(Number), puntaje: expect.any(Number), nivel: { nombre_nivel: expect.any(String) } });
      for (const p of ev.preguntas) {
        expect(p).toMatchObject({ id_pregunta: expect.any(Number), pregunta: expect.any(String), Tipo: expect.any(String), porcentaje: expect.any(Number), id_evaluacion: ev.id_evaluacion });
        expect(p.respuestas.length).toBeGreaterThan(0);
        for (const a of p.respuestas) {
          expect(a).not.toHaveProperty('valor');
          if (p.Tipo === 'Opción Múltiple') {
            expect(Object.keys(a).sort()).toEqual(['id_pregunta', 'id_respuesta', 'imagen', 'respuesta']);
            choice++;
          } else {
            expect(Object.keys(a).sort()).toEqual(['id_respuesta', 'imagen']);
            typed++;
          }
        }
      }
    }
    expect(choice).toBeGreaterThan(0);
    expect(typed).toBeGreaterThan(0);
  });

  it('profesor (and admin) get it whole: valor and the text of every answer', async () => {
    for (const who of ['profesor', 'admin'] as const) {
      const r = await t.call('GET', '/api/evaluacion/detalles', { as: who });
      expect(r.statusCode).toBe(200);
      const answers = r.json().data.flatMap((e: { preguntas: { respuestas: unknown[] }[] }) => e.preguntas.flatMap((p) => p.respuestas));
      expect(answers.length).toBeGreaterThan(0);
      for (const a of answers) expect(a).toMatchObject({ id_respuesta: expect.any(Number), respuesta: expect.any(String), valor: expect.any(Boolean), id_pregunta: expect.any(Number) });
      expect(answers.some((a: { valor: boolean }) => a.valor)).toBe(true);
    }
  });

  it('?id_nivel= keeps the evaluation of that level only; a bad id is a 400', async () => {
    const [first] = await levelIds();
    const r = await t.call('GET', `/api/evaluacion/detalles?id_nivel=${first}`, { as: 'nina' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.map((e: { id_nivel: number }) => e.id_nivel)).toEqual([first]);
    const bad = await t.call('GET', '/api/evaluacion/detalles?id_nivel=abc', { as: 'nina' });
    expect(bad.statusCode).toBe(400);
  });

  it('reading changes nothing', async () => {
    const before = await snapshotCounts(t.database);
    await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
