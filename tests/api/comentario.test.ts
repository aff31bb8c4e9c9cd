import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { expectRefused } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('comentario (admin only; no edit or delete)', () => {
  it('POST register → 201 {msg, data}; GET getComentarios → {data} with usuario {nombre, apellido, email}', async () => {
    const nino = await t.userId('nino');
    const c = await t.call('POST', '/api/comentario/register', {
      as: 'admin',
      body: { id_user: String(nino), comentario: ' Aprende rápido ', calificacion: '5' },
    });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({
      msg: 'Comentario creado exitosamente.',
      data: {
        id_comentario: expect.any(Number),
        id_user: nino,
        comentario: 'Aprende rápido',
        calificacion: 5,
        usuario: { nombre: 'Mateo', apellido: 'López', email: 'nino@manitas.test' },
      },
    });
    const l = await t.call('GET', '/api/comentario/getComentarios', { as: 'admin' });
    expect(l.json().data).toEqual([c.json().data]);
    expect((await t.call('GET', '/api/comentario/getComentarios?q=mateo', { as: 'admin' })).json().data).toHaveLength(1);
    expect((await t.call('GET', '/api/comentario/getComentarios?q=nadie', { as: 'admin' })).json().data).toHaveLength(0);
  });

  it.each([
    [{ comentario: 'x', calificacion: 3 }, 'El usuario es obligatorio.'],
    [{ id_user: 'USER', comentario: 'x', calificacion: 3 }, 'El usuario es obligatorio.'],
    [{ id_user: 999999, comentario: 'x', calificacion: 3 }, 'El usuario seleccionado no existe.'],
    [{ id_user: 1, comentario: '', calificacion: 3 }, 'El comentario es obligatorio.'],
    [{ id_user: 1, comentario: 'x' }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
    [{ id_user: 1, comentario: 'x', calificacion: 0 }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
    [{ id_user: 1, comentario: 'x', calificacion: 6 }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
    [{ id_user: 1, comentario: 'x', calificacion: 2.5 }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
  ])('validation %j → %s', async (body, msg) => {
    const nino = await t.userId('nino');
    const b = { ...body } as Record<string, unknown>;
    if (b.id_user === 1) b.id_user = nino;
    await expectRefused(t, () => t.call('POST', '/api/comentario/register', { as: 'admin', body: b }), 400, msg);
  });

  it('401 anonymous; 403 profesor and learner; no edit or delete endpoints', async () => {
    const nino = await t.userId('nino');
    await expectRefused(t, () => t.call('GET', '/api/comentario/getComentarios'), 401);
    for (const who of ['profesor', 'nino'] as const) {
      await expectRefused(t, () => t.call('GET', '/api/comentario/getComentarios', { as: who }), 403);
      await expectRefused(t, () => t.call('POST', '/api/comentario/register', { as: who, body: { id_user: nino, comentario: 'x', calificacion: 3 } }), 403);
    }
    expect((await t.call('DELETE', '/api/comentario/delete/1', { as: 'admin' })).statusCode).toBe(404);
  });
});
