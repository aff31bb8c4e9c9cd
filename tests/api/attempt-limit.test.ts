import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClass, makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { isChoiceQuestion } from '../../src/shared/rules/quiz';
import { NO_ATTEMPTS_LEFT_MSG } from '../../src/server/quiz/submit';
import { GRANTED_MSG, STILL_HAS_ATTEMPTS_MSG } from '../../src/server/resources/resultados/profesor';
import { claseAlumno, usuario } from '../../src/server/db/schema';

/** The spec's limit (one attempt + 2 retries per level) is the server's, not only the browser's. */
let t: TestApp;
let level: { id_nivel: number; rows: Record<string, unknown>[] };
let other: { id_nivel: number; rows: Record<string, unknown>[] };

let demo: number;
beforeAll(async () => {
  t = await makeTestApp();
  // The profesor teaches the demo children (a teacher acts only on the children of their classes).
  demo = await demoClass(t);
  const det = (await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' })).json().data as {
    id_nivel: number;
    preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number }[] }[];
  }[];
  const quizzes = det
    .filter((e) => e.preguntas.length)
    .map((ev) => ({
      id_nivel: ev.id_nivel,
      rows: ev.preguntas.map((p) =>
        isChoiceQuestion(p.Tipo)
          ? { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: p.respuestas[0]!.id_respuesta }
          : { id_pregunta: p.id_pregunta, id_nivel: ev.id_nivel, respuesta: 'no sé' },
      ),
    }));
  [level, other] = quizzes as unknown as [typeof level, typeof other];
});
afterAll(async () => t?.close());

const submit = (who: 'nino' | 'nina' | 'admin', q = level) => t.call('POST', '/api/resultados/save-multiple', { as: who, body: { respuestas: q.rows } });
const grant = (who: 'nino' | 'profesor' | 'admin', id_usuario: number, id_nivel = level.id_nivel) =>
  t.call('POST', '/api/resultados/otro-intento', { as: who, body: { id_usuario, id_nivel } });
const progress = async (who: 'nino' | 'nina') => {
  const id = await t.userId(who);
  const list = (await t.call('GET', `/api/progreso/usuario/${id}`, { as: who })).json().data as { id_nivel: number; reintentos: number }[];
  return list.find((p) => p.id_nivel === level.id_nivel);
};
const teacherRows = async (who: 'nino' | 'nina') => {
  const id = await t.userId(who);
  return (await t.call('GET', `/api/resultados/resultados-profesor?id_usuario=${id}&id_nivel=${level.id_nivel}`, { as: 'profesor' })).json() as {
    sin_intentos: boolean;
  }[];
};

describe('the quiz attempt limit', () => {
  it('three attempts at a level are stored; the fourth is refused in Spanish and stores nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await submit('nino')).statusCode).toBe(201);
    expect((await progress('nino'))?.reintentos).toBe(2);
    const before = await snapshotCounts(t.database);
    const r = await submit('nino');
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ msg: NO_ATTEMPTS_LEFT_MSG, code: 'NO_ATTEMPTS_LEFT' });
    expect(await snapshotCounts(t.database)).toEqual(before);
    // Another level has its own attempts.
    expect((await submit('nino', other)).statusCode).toBe(201);
  });

  it('two submits at once with one attempt left: exactly one is stored', async () => {
    expect((await submit('nina')).statusCode).toBe(201);
    expect((await submit('nina')).statusCode).toBe(201);
    const codes = (await Promise.all([submit('nina'), submit('nina'), submit('nina')])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const id = await t.userId('nina');
    const n = (await t.database.raw('SELECT count(*)::int AS n FROM intento WHERE id_usuario = $1 AND id_nivel = $2', [id, level.id_nivel])).rows[0]!.n;
    expect(Number(n)).toBe(3);
  });
});

describe('a teacher grants one more attempt', () => {
  it('is refused to a learner, and while the child still has attempts', async () => {
    const nino = await t.userId('nino');
    expect((await grant('nino', nino)).statusCode).toBe(403);
    // A child of the profesor's class who has taken no quiz.
    const [fresh] = await t.database.db.insert(usuario).values({ nombre: 'Nuevo', apellido: 'Alumno' }).returning({ id: usuario.id });
    await t.database.db.insert(claseAlumno).values({ idClase: demo, idUsuario: fresh!.id });
    const r = await grant('profesor', fresh!.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe(STILL_HAS_ATTEMPTS_MSG);
    // A child outside the profesor's classes (here the admin's account) answers as one that does not exist.
    const outside = await grant('profesor', await t.userId('admin'));
    expect([outside.statusCode, outside.json().msg]).toEqual([404, 'Usuario no encontrado.']);
  });

  it('validates the child and the level', async () => {
    expect((await t.call('POST', '/api/resultados/otro-intento', { as: 'profesor', body: { id_usuario: 'x', id_nivel: level.id_nivel } })).statusCode).toBe(
      400,
    );
    expect((await grant('profesor', 999_999)).statusCode).toBe(404);
    expect((await grant('profesor', await t.userId('nino'), 999_999)).statusCode).toBe(404);
  });

  it('the results list says who has no attempt left; after a grant the child may try once more', async () => {
    const nino = await t.userId('nino');
    expect((await teacherRows('nino')).every((r) => r.sin_intentos)).toBe(true);
    // A double click grants one attempt, not two.
    const both = await Promise.all([grant('profesor', nino), grant('profesor', nino)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json().msg).toBe(GRANTED_MSG);
    expect((await teacherRows('nino')).every((r) => !r.sin_intentos)).toBe(true);
    // The level menu reads one retry used less, so it offers the retry again.
    expect((await progress('nino'))?.reintentos).toBe(1);
    expect((await submit('nino')).statusCode).toBe(201);
    expect((await progress('nino'))?.reintentos).toBe(2);
    expect((await submit('nino')).statusCode).toBe(409);
    expect((await teacherRows('nino')).every((r) => r.sin_intentos)).toBe(true);
    // An admin may grant too.
    expect((await grant('admin', nino)).statusCode).toBe(200);
  });
});
