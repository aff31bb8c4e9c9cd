// @pglite-suffices: create, list and refusals of one simple resource; no request meets another, nothing sorted or counted (docs/testing.md, "The PostgreSQL pass").
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
    const admin = await t.userId('admin');
    const c = await t.call('POST', '/api/comentario/register', {
      as: 'admin',
      body: { id_user: String(admin), comentario: ' Aprende rápido ', calificacion: '5' },
    });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({
      msg: 'Comentario creado exitosamente.',
      data: {
        id_comentario: expect.any(Number),
        id_user: admin,
        comentario: 'Aprende rápido',
        calificacion: 5,
        usuario: { nombre: expect.any(String), apellido: expect.any(String), email: 'admin@manitas.test' },
      },
    });
    const l = await t.call('GET', '/api/comentario/getComentarios', { as: 'admin' });
    expect(l.json().data).toEqual([c.json().data]);
    expect((await t.call('GET', '/api/comentario/getComentarios?q=admin@', { as: 'admin' })).json().data).toHaveLength(1);
    expect((await t.call('GET', '/api/comentario/getComentarios?q=nadie', { as: 'admin' })).json().data).toHaveLength(0);
  });

  it.each([
    [{ comentario: 'x', calificacion: 3 }, 'El usuario es obligatorio.'],
    [{ id_user: 'USER', comentario: 'x', calificacion: 3 }, 'El usuario es obligatorio.'],
    [{ id_user: 1, comentario: '', calificacion: 3 }, 'El comentario es obligatorio.'],
    [{ id_user: 1, comentario: 'x' }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
    [{ id_user: 1, comentario: 'x', calificacion: 0 }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
    [{ id_user: 1, comentario: 'x', calificacion: 6 }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
    [{ id_user: 1, comentario: 'x', calificacion: 2.5 }, 'La calificación es obligatoria y debe estar entre 1 y 5.'],
  ])('validation %j → %s', async (body, msg) => {
    const admin = await t.userId('admin');
    const b = { ...body } as Record<string, unknown>;
    if (b.id_user === 1) b.id_user = admin;
    await expectRefused(t, () => t.call('POST', '/api/comentario/register', { as: 'admin', body: b }), 400, msg);
  });

  it('the author is the signed-in user: naming anyone else (a child, another admin, nobody) is refused and stores nothing', async () => {
    const before = (await t.call('GET', '/api/comentario/getComentarios', { as: 'superadmin' })).json().data.length;
    for (const who of ['nino', 'superadmin'] as const) {
      const r = await t.call('POST', '/api/comentario/register', {
        as: 'admin',
        body: { id_user: await t.userId(who), comentario: 'En su nombre', calificacion: 1 },
      });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ msg: 'Solo puedes publicar comentarios a tu nombre.', code: 'FORBIDDEN' });
    }
    const ghost = await t.call('POST', '/api/comentario/register', { as: 'admin', body: { id_user: 999999, comentario: 'x', calificacion: 3 } });
    expect(ghost.statusCode).toBe(403);
    expect((await t.call('GET', '/api/comentario/getComentarios', { as: 'superadmin' })).json().data).toHaveLength(before);
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
