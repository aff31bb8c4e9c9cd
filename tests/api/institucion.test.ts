// @pglite-suffices: create, edit, delete and refusals of one simple resource; no request meets another, nothing sorted or counted (docs/testing.md, "The PostgreSQL pass").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { expectRefused, scalar } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('institucion (admin only)', () => {
  it('GET getInstituciones → {data:[{id_institucion, nombre}]}; q filters by name; getInstitucion/{id}', async () => {
    const r = await t.call('GET', '/api/institucion/getInstituciones', { as: 'admin' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([{ id_institucion: expect.any(Number), nombre: 'Escuela Manitas de Demostración' }]);
    expect((await t.call('GET', '/api/institucion/getInstituciones?q=MANITAS', { as: 'admin' })).json().data).toHaveLength(1);
    expect((await t.call('GET', '/api/institucion/getInstituciones?q=zzz', { as: 'admin' })).json().data).toHaveLength(0);
    const id = r.json().data[0].id_institucion;
    expect((await t.call('GET', `/api/institucion/getInstitucion/${id}`, { as: 'admin' })).json().data).toEqual(r.json().data[0]);
    expect((await t.call('GET', '/api/institucion/getInstitucion/999999', { as: 'admin' })).json()).toMatchObject({ msg: 'Institución no encontrada.' });
  });

  it('register, update and delete with the spec messages', async () => {
    const c = await t.call('POST', '/api/institucion/register', { as: 'admin', body: { nombre: '  Colegio Sol  ' } });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toEqual({ msg: 'Institución creada exitosamente.', data: { id_institucion: expect.any(Number), nombre: 'Colegio Sol' } });
    const id = c.json().data.id_institucion;
    const u = await t.call('PUT', `/api/institucion/update/${id}`, { as: 'admin', body: { nombre: 'Colegio Luna' } });
    expect(u.json()).toEqual({ msg: 'Institución actualizada exitosamente.', data: { id_institucion: id, nombre: 'Colegio Luna' } });
    const d = await t.call('DELETE', `/api/institucion/delete/${id}`, { as: 'admin' });
    expect(d.json()).toEqual({ msg: 'Institución eliminada exitosamente.' });
  });

  it('nombre required; duplicate → 409; nothing written', async () => {
    await expectRefused(
      t,
      () => t.call('POST', '/api/institucion/register', { as: 'admin', body: { nombre: ' ' } }),
      400,
      'El nombre de la institución es obligatorio.',
    );
    await expectRefused(t, () => t.call('POST', '/api/institucion/register', { as: 'admin', body: {} }), 400, 'El nombre de la institución es obligatorio.');
    await expectRefused(t, () => t.call('POST', '/api/institucion/register', { as: 'admin', body: { nombre: 'escuela manitas de demostración' } }), 409);
  });

  it('deleting an institution with domains → 409 naming them', async () => {
    const id = await scalar(t, 'SELECT min(id_institucion) FROM institucion');
    await expectRefused(
      t,
      () => t.call('DELETE', `/api/institucion/delete/${id}`, { as: 'admin' }),
      409,
      'No se puede eliminar la institución: tiene 1 dominio.',
    );
  });

  it('401 anonymous; 403 profesor and learner on reads and writes', async () => {
    const id = await scalar(t, 'SELECT min(id_institucion) FROM institucion');
    await expectRefused(t, () => t.call('GET', '/api/institucion/getInstituciones'), 401);
    for (const who of ['profesor', 'nino'] as const) {
      await expectRefused(t, () => t.call('GET', '/api/institucion/getInstituciones', { as: who }), 403);
      await expectRefused(t, () => t.call('GET', `/api/institucion/getInstitucion/${id}`, { as: who }), 403);
      await expectRefused(t, () => t.call('POST', '/api/institucion/register', { as: who, body: { nombre: 'X' } }), 403);
      await expectRefused(t, () => t.call('PUT', `/api/institucion/update/${id}`, { as: who, body: { nombre: 'X' } }), 403);
      await expectRefused(t, () => t.call('DELETE', `/api/institucion/delete/${id}`, { as: who }), 403);
    }
  });
});
