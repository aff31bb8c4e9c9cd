// @pglite-suffices: who may read a progress row, one request at a time; nothing sorted, counted or dated (docs/testing.md, "The PostgreSQL pass").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { expectRefused, scalar } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  const lvl = await scalar(t, 'SELECT min(id_nivel) FROM nivel');
  await t.database.raw("INSERT INTO progreso (id_usuario, id_nivel, estado) VALUES ($1, $2, 'completado'), ($3, $2, 'en progreso')", [
    await t.userId('nino'),
    lvl,
    await t.userId('nina'),
  ]);
});
afterAll(async () => t?.close());

describe('progreso (admin read)', () => {
  it('GET api/progreso/progresos → {data:[{id_progreso, estado, id_usuario, id_nivel, usuario:{username}}]}', async () => {
    const r = await t.call('GET', '/api/progreso/progresos', { as: 'admin' });
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      id_progreso: expect.any(Number),
      estado: 'completado',
      id_usuario: await t.userId('nino'),
      id_nivel: expect.any(Number),
      usuario: { username: 'Mateo López' },
    });
    expect(data[1].usuario.username).toBe('Lucía García');
    expect(r.headers['x-total-count']).toBe('2');
    const q = (await t.call('GET', '/api/progreso/progresos?q=luc%C3%ADa', { as: 'admin' })).json().data;
    expect(q.map((p: { estado: string }) => p.estado)).toEqual(['en progreso']);
  });

  it('401 anonymous; 403 profesor and learner', async () => {
    await expectRefused(t, () => t.call('GET', '/api/progreso/progresos'), 401);
    await expectRefused(t, () => t.call('GET', '/api/progreso/progresos', { as: 'profesor' }), 403);
    await expectRefused(t, () => t.call('GET', '/api/progreso/progresos', { as: 'nino' }), 403);
  });
});
