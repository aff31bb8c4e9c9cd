import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { scalar } from './content-helpers';

/**
 * GET resultados/resumen: the back office home's figures, counted by the database (they used to be
 * counted by the browser from every user and attempt). Same rules: learners are accounts without a
 * staff role; the average score per level is rounded to one decimal; levels with the newest
 * attempts come first; only admins (who may list users) get the learner count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

async function insertAttempt(idUsuario: number, idNivel: number, puntaje: number, fecha: string) {
  await t.database.raw('INSERT INTO intento (id_usuario, id_nivel, correctas, total_preguntas, puntaje, fecha) VALUES ($1, $2, 1, 3, $3, $4)', [
    idUsuario,
    idNivel,
    puntaje,
    fecha,
  ]);
}

describe('resultados/resumen', () => {
  it('counts levels, words, attempts and learners, and averages per level, newest level first', async () => {
    const nino = await scalar(t, "SELECT id AS n FROM usuario WHERE email = 'nino@manitas.test'");
    const levels = (await t.database.raw('SELECT id_nivel, nombre_nivel FROM nivel ORDER BY id_nivel LIMIT 2')).rows;
    const [a, b] = levels as [{ id_nivel: number; nombre_nivel: string }, { id_nivel: number; nombre_nivel: string }];
    await insertAttempt(nino, a.id_nivel, 100, '2026-01-01T10:00:00Z');
    await insertAttempt(nino, a.id_nivel, 50, '2026-01-02T10:00:00Z');
    await insertAttempt(nino, b.id_nivel, 33.33, '2026-02-01T10:00:00Z');

    const r = await t.call('GET', '/api/resultados/resumen', { as: 'admin' });
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d.niveles).toBe(await scalar(t, 'SELECT count(*)::int AS n FROM nivel'));
    expect(d.palabras).toBe(await scalar(t, 'SELECT count(*)::int AS n FROM palabra'));
    expect(d.intentos).toBe(await scalar(t, 'SELECT count(*)::int AS n FROM intento'));
    const staff = await scalar(t, "SELECT count(DISTINCT id_usuario)::int AS n FROM rol WHERE lower(nombre) IN ('superadmin','admin','profesor')");
    expect(d.estudiantes).toBe((await scalar(t, 'SELECT count(*)::int AS n FROM usuario')) - staff);
    expect(d.estudiantes).toBeGreaterThan(0);
    expect(d.promedios.slice(0, 2)).toEqual([
      { nivel: b.nombre_nivel, promedio: 33.3, intentos: 1 },
      { nivel: a.nombre_nivel, promedio: 75, intentos: 2 },
    ]);
  });

  it('a teacher gets the figures without the learner count; a learner and an anonymous caller are refused', async () => {
    const p = await t.call('GET', '/api/resultados/resumen', { as: 'profesor' });
    expect(p.statusCode).toBe(200);
    expect(p.json().data.estudiantes).toBeNull();
    expect(p.json().data.niveles).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/resultados/resumen', { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/resultados/resumen')).statusCode).toBe(401);
  });
});
