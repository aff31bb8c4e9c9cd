// @pglite-suffices: create, edit, delete and refusals of one simple resource; no request meets another, nothing sorted or counted (docs/testing.md, "The PostgreSQL pass").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { expectRefused, scalar } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const inst = () => scalar(t, 'SELECT min(id_institucion) FROM institucion');

describe('dominio (admin only)', () => {
  it('GET getDominios → {data:[{id_dominio, dominio, id_institucion}]}; getDominio/{id}; ?id_institucion=', async () => {
    const r = await t.call('GET', '/api/dominio/getDominios', { as: 'admin' });
    expect(r.json().data).toEqual([
      { id_dominio: expect.any(Number), dominio: 'manitas.test', id_institucion: await inst(), institucion: { nombre: expect.any(String) } },
    ]);
    const id = r.json().data[0].id_dominio;
    expect((await t.call('GET', `/api/dominio/getDominio/${id}`, { as: 'admin' })).json().data).toEqual(r.json().data[0]);
    expect((await t.call('GET', `/api/dominio/getDominios?id_institucion=${await inst()}`, { as: 'admin' })).json().data).toHaveLength(1);
  });

  it('register (lower-cased, leading @ dropped), update, delete', async () => {
    const c = await t.call('POST', '/api/dominio/register', { as: 'admin', body: { dominio: '@Escuela.EDU.mx', id_institucion: String(await inst()) } });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({ msg: 'Dominio creado correctamente.', data: { dominio: 'escuela.edu.mx', id_institucion: await inst() } });
    const id = c.json().data.id_dominio;
    const u = await t.call('PUT', `/api/dominio/update/${id}`, { as: 'admin', body: { dominio: 'otra.edu.mx', id_institucion: await inst() } });
    expect(u.json()).toMatchObject({ msg: 'Dominio actualizado correctamente.', data: { id_dominio: id, dominio: 'otra.edu.mx' } });
    expect((await t.call('DELETE', `/api/dominio/delete/${id}`, { as: 'admin' })).json()).toEqual({ msg: 'Dominio eliminado correctamente.' });
    expect((await t.call('GET', `/api/dominio/getDominio/${id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('validation messages; duplicate → 409; nothing written', async () => {
    const i = await inst();
    await expectRefused(t, () => t.call('POST', '/api/dominio/register', { as: 'admin', body: { id_institucion: i } }), 400, 'El dominio es obligatorio.');
    await expectRefused(
      t,
      () => t.call('POST', '/api/dominio/register', { as: 'admin', body: { dominio: 'x.org' } }),
      400,
      'El ID de la institución es obligatorio.',
    );
    await expectRefused(
      t,
      () => t.call('POST', '/api/dominio/register', { as: 'admin', body: { dominio: 'no es dominio', id_institucion: i } }),
      400,
      'El dominio no es válido (ejemplo: escuela.edu.mx).',
    );
    await expectRefused(
      t,
      () => t.call('POST', '/api/dominio/register', { as: 'admin', body: { dominio: 'x.org', id_institucion: 999999 } }),
      400,
      'La institución seleccionada no existe.',
    );
    await expectRefused(t, () => t.call('POST', '/api/dominio/register', { as: 'admin', body: { dominio: 'MANITAS.test', id_institucion: i } }), 409);
  });

  it('401 anonymous; 403 profesor and learner', async () => {
    const id = await scalar(t, 'SELECT min(id_dominio) FROM dominio');
    await expectRefused(t, () => t.call('GET', '/api/dominio/getDominios'), 401);
    for (const who of ['profesor', 'nina'] as const) {
      await expectRefused(t, () => t.call('GET', '/api/dominio/getDominios', { as: who }), 403);
      await expectRefused(t, () => t.call('POST', '/api/dominio/register', { as: who, body: { dominio: 'a.org', id_institucion: 1 } }), 403);
      await expectRefused(t, () => t.call('PUT', `/api/dominio/update/${id}`, { as: who, body: { dominio: 'a.org', id_institucion: 1 } }), 403);
      await expectRefused(t, () => t.call('DELETE', `/api/dominio/delete/${id}`, { as: who }), 403);
    }
  });
});
