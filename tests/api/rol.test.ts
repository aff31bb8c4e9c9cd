// @pglite-suffices: role changes and their refusals, one request at a time; nothing sorted, counted or dated (docs/testing.md, "The PostgreSQL pass").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { expectRefused, scalar } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const roleOf = async (who: 'superadmin' | 'admin' | 'profesor') => scalar(t, 'SELECT id FROM rol WHERE id_usuario = $1', [await t.userId(who)]);

describe('rol (superadmin only)', () => {
  it('GET getRoles → {data:[{id, nombre, descripcion, id_usuario, usuario:{nombre}}]}; getRole/{id}', async () => {
    const r = await t.call('GET', '/api/rol/getRoles', { as: 'superadmin' });
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data.map((x: { nombre: string }) => x.nombre).sort()).toEqual(['admin', 'profesor', 'superadmin']);
    const prof = data.find((x: { nombre: string }) => x.nombre === 'profesor');
    expect(prof).toMatchObject({
      id: expect.any(Number),
      descripcion: expect.any(String),
      id_usuario: await t.userId('profesor'),
      usuario: { nombre: 'Paula' },
    });
    expect((await t.call('GET', `/api/rol/getRole/${prof.id}`, { as: 'superadmin' })).json().data).toEqual(prof);
    expect((await t.call('GET', '/api/rol/getRole/999999', { as: 'superadmin' })).json()).toMatchObject({ msg: 'Rol no encontrado.' });
  });

  it('401 anonymous; 403 for admin, profesor and learner on every call', async () => {
    const id = await roleOf('profesor');
    const nino = await t.userId('nino');
    const profesor = await t.userId('profesor');
    await expectRefused(t, () => t.call('GET', '/api/rol/getRoles'), 401);
    for (const who of ['admin', 'profesor', 'nino'] as const) {
      await expectRefused(t, () => t.call('GET', '/api/rol/getRoles', { as: who }), 403);
      await expectRefused(t, () => t.call('GET', `/api/rol/getRole/${id}`, { as: who }), 403);
      await expectRefused(t, () => t.call('POST', '/api/rol/register', { as: who, body: { nombre: 'profesor', idUsuario: nino } }), 403);
      await expectRefused(t, () => t.call('PUT', `/api/rol/update/${id}`, { as: who, body: { nombre: 'admin', idUsuario: profesor } }), 403);
      await expectRefused(t, () => t.call('DELETE', `/api/rol/delete/${id}`, { as: who }), 403);
    }
  });

  it('a granted, changed or removed role takes effect on the user’s very next request', async () => {
    const nino = await t.userId('nino');
    expect((await t.call('GET', '/api/evaluacion/getEvaluaciones', { as: 'nino' })).statusCode).toBe(403);
    const c = await t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'Profesor', descripcion: 'Maestro invitado', idUsuario: nino } });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({
      msg: 'Rol creado exitosamente.',
      data: { nombre: 'profesor', descripcion: 'Maestro invitado', id_usuario: nino, usuario: { nombre: 'Mateo' } },
    });
    expect((await t.call('GET', '/api/evaluacion/getEvaluaciones', { as: 'nino' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/institucion/getInstituciones', { as: 'nino' })).statusCode).toBe(403);
    const id = c.json().data.id;
    const u = await t.call('PUT', `/api/rol/update/${id}`, { as: 'superadmin', body: { nombre: 'ADMIN', descripcion: '', id_usuario: nino } });
    expect(u.json()).toMatchObject({ msg: 'Rol actualizado exitosamente.', data: { nombre: 'admin', descripcion: null } });
    expect((await t.call('GET', '/api/institucion/getInstituciones', { as: 'nino' })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/rol/delete/${id}`, { as: 'superadmin' })).json()).toEqual({ msg: 'Rol eliminado exitosamente.' });
    expect((await t.call('GET', '/api/evaluacion/getEvaluaciones', { as: 'nino' })).statusCode).toBe(403);
  });

  it('validation: nombre and user required, only Superadmin/Admin/Profesor; one role row per user', async () => {
    const nina = await t.userId('nina');
    const profesor = await t.userId('profesor');
    await expectRefused(
      t,
      () => t.call('POST', '/api/rol/register', { as: 'superadmin', body: { idUsuario: nina } }),
      400,
      'El nombre del rol es obligatorio.',
    );
    await expectRefused(
      t,
      () => t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'director', idUsuario: nina } }),
      400,
      'El rol debe ser Superadmin, Admin o Profesor.',
    );
    await expectRefused(
      t,
      () => t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'usuario', idUsuario: nina } }),
      400,
      'El rol debe ser Superadmin, Admin o Profesor.',
    );
    await expectRefused(t, () => t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'admin' } }), 400, 'El usuario es obligatorio.');
    await expectRefused(
      t,
      () => t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'admin', idUsuario: 'x' } }),
      400,
      'El usuario seleccionado no es válido.',
    );
    await expectRefused(
      t,
      () => t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'admin', idUsuario: 999999 } }),
      400,
      'El usuario seleccionado no existe.',
    );
    await expectRefused(
      t,
      () => t.call('POST', '/api/rol/register', { as: 'superadmin', body: { nombre: 'admin', idUsuario: profesor } }),
      409,
      'Ese usuario ya tiene un rol. Edita el rol existente.',
    );
  });

  it('the last superadmin cannot be demoted or removed', async () => {
    const id = await roleOf('superadmin');
    const me = await t.userId('superadmin');
    const nina = await t.userId('nina');
    await expectRefused(
      t,
      () => t.call('PUT', `/api/rol/update/${id}`, { as: 'superadmin', body: { nombre: 'admin', idUsuario: me } }),
      409,
      'Debe quedar al menos un superadmin.',
    );
    await expectRefused(
      t,
      () => t.call('PUT', `/api/rol/update/${id}`, { as: 'superadmin', body: { nombre: 'superadmin', idUsuario: nina } }),
      409,
      'Debe quedar al menos un superadmin.',
    );
    await expectRefused(t, () => t.call('DELETE', `/api/rol/delete/${id}`, { as: 'superadmin' }), 409, 'Debe quedar al menos un superadmin.');
    // Its description can still change.
    const ok = await t.call('PUT', `/api/rol/update/${id}`, { as: 'superadmin', body: { nombre: 'superadmin', descripcion: 'Dueña', idUsuario: me } });
    expect(ok.statusCode).toBe(200);
  });
});
