import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { expectRefused, scalar } from './content-helpers';

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
      expect(ev).toMatchObject({
        id_evaluacion: expect.any(Number),
        id_nivel: expect.any(Number),
        puntaje: expect.any(Number),
        nivel: { nombre_nivel: expect.any(String) },
      });
      for (const p of ev.preguntas) {
        expect(p).toMatchObject({
          id_pregunta: expect.any(Number),
          pregunta: expect.any(String),
          Tipo: expect.any(String),
          porcentaje: expect.any(Number),
          id_evaluacion: ev.id_evaluacion,
        });
        expect(p.respuestas.length).toBeGreaterThan(0);
        for (const a of p.respuestas) {
          expect(a).not.toHaveProperty('valor');
          if (p.Tipo === 'Opción Múltiple') {
            // A sign or picture choice carries its media (and no word: see tests/api/sign-quiz.test.ts).
            expect(Object.keys(a).sort()).toEqual(['id_multimedia', 'id_pregunta', 'id_respuesta', 'imagen', 'multimedia', 'respuesta']);
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
      for (const a of answers)
        expect(a).toMatchObject({
          id_respuesta: expect.any(Number),
          respuesta: expect.any(String),
          valor: expect.any(Boolean),
          id_pregunta: expect.any(Number),
        });
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

async function newLevel(nombre: string): Promise<number> {
  const r = await t.call('POST', '/api/nivel/register', { as: 'admin', body: { nombre_nivel: nombre, descripcion: 'Nivel de prueba', dificultad: 'Fácil' } });
  expect(r.statusCode).toBe(201);
  return r.json().data.id_nivel;
}

describe('evaluacion: CRUD (profesor and up)', () => {
  it('GET api/evaluacion/getEvaluaciones → {data} with nivel.nombre_nivel; profesor may read, a learner may not', async () => {
    const r = await t.call('GET', '/api/evaluacion/getEvaluaciones', { as: 'profesor' });
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data.length).toBe(await scalar(t, 'SELECT count(*) FROM evaluacion'));
    expect(data[0]).toMatchObject({
      id_evaluacion: expect.any(Number),
      id_nivel: expect.any(Number),
      puntaje: expect.any(Number),
      nivel: { nombre_nivel: expect.any(String) },
    });
    await expectRefused(t, () => t.call('GET', '/api/evaluacion/getEvaluaciones', { as: 'nino' }), 403);
    await expectRefused(t, () => t.call('GET', '/api/evaluacion/getEvaluaciones'), 401);
    const q = (await t.call('GET', '/api/evaluacion/getEvaluaciones?q=colores', { as: 'profesor' })).json().data;
    expect(q.map((e: { nivel: { nombre_nivel: string } }) => e.nivel.nombre_nivel)).toEqual(['Colores']);
  });

  it('profesor creates, reads and updates an evaluation', async () => {
    const lvl = await newLevel('Evaluable');
    const c = await t.call('POST', '/api/evaluacion/register', { as: 'profesor', body: { id_nivel: lvl, puntaje: '80' } });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({
      msg: 'Evaluación creada correctamente.',
      data: { id_evaluacion: expect.any(Number), id_nivel: lvl, puntaje: 80, nivel: { nombre_nivel: 'Evaluable' } },
    });
    const id = c.json().data.id_evaluacion;
    expect((await t.call('GET', `/api/evaluacion/getEvaluacion/${id}`, { as: 'profesor' })).json().data).toEqual(c.json().data);
    const u = await t.call('PUT', `/api/evaluacion/update/${id}`, { as: 'profesor', body: { id_nivel: lvl, puntaje: 100 } });
    expect(u.json()).toMatchObject({ msg: 'Evaluación actualizada correctamente.', data: { puntaje: 100 } });
  });

  it.each([
    [{ id_nivel: 1 }, 'El puntaje es obligatorio.'],
    [{ id_nivel: 1, puntaje: '' }, 'El puntaje es obligatorio.'],
    [{ id_nivel: 1, puntaje: 0 }, 'El puntaje debe ser al menos 1.'],
    [{ id_nivel: 1, puntaje: 101 }, 'El puntaje no puede ser mayor que 100.'],
    [{ id_nivel: 1, puntaje: 'mucho' }, 'El puntaje debe ser un número entero.'],
    [{ puntaje: 50 }, 'El nivel es obligatorio.'],
  ])('validation %j → %s', async (body, msg) => {
    await expectRefused(t, () => t.call('POST', '/api/evaluacion/register', { as: 'profesor', body }), 400, msg);
  });

  it('a level has one evaluation: a second → 409; unknown level → 400', async () => {
    const lvl = await scalar(t, "SELECT id_nivel FROM nivel WHERE nombre_nivel = 'Animales'");
    await expectRefused(t, () => t.call('POST', '/api/evaluacion/register', { as: 'profesor', body: { id_nivel: lvl, puntaje: 50 } }), 409);
    await expectRefused(
      t,
      () => t.call('POST', '/api/evaluacion/register', { as: 'profesor', body: { id_nivel: 999999, puntaje: 50 } }),
      400,
      'El nivel seleccionado no existe.',
    );
  });

  it('writes: 401 anonymous, 403 learner', async () => {
    const id = await scalar(t, 'SELECT min(id_evaluacion) FROM evaluacion');
    await expectRefused(t, () => t.call('POST', '/api/evaluacion/register', { body: { id_nivel: 1, puntaje: 5 } }), 401);
    await expectRefused(t, () => t.call('POST', '/api/evaluacion/register', { as: 'nina', body: { id_nivel: 1, puntaje: 5 } }), 403);
    await expectRefused(t, () => t.call('PUT', `/api/evaluacion/update/${id}`, { as: 'nina', body: { id_nivel: 1, puntaje: 5 } }), 403);
    await expectRefused(t, () => t.call('DELETE', `/api/evaluacion/delete/${id}`, { as: 'nina' }), 403);
  });

  it('deleting an evaluation with questions → 409; an empty one → {msg}', async () => {
    const seeded = await scalar(t, 'SELECT min(id_evaluacion) FROM evaluacion');
    const n = await scalar(t, 'SELECT count(*) FROM pregunta WHERE id_evaluacion = $1', [seeded]);
    await expectRefused(
      t,
      () => t.call('DELETE', `/api/evaluacion/delete/${seeded}`, { as: 'profesor' }),
      409,
      `No se puede eliminar la evaluación: tiene ${n} preguntas.`,
    );
    const lvl = await newLevel('Evaluación vacía');
    const id = (await t.call('POST', '/api/evaluacion/register', { as: 'profesor', body: { id_nivel: lvl, puntaje: 10 } })).json().data.id_evaluacion;
    await expectRefused(t, () => t.call('DELETE', `/api/nivel/delete/${lvl}`, { as: 'admin' }), 409, 'No se puede eliminar el nivel: tiene 1 evaluación.');
    const r = await t.call('DELETE', `/api/evaluacion/delete/${id}`, { as: 'profesor' });
    expect(r.json()).toEqual({ msg: 'Evaluación eliminada correctamente.' });
    expect((await t.call('GET', `/api/evaluacion/getEvaluacion/${id}`, { as: 'profesor' })).statusCode).toBe(404);
  });
});
