import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('bad input gets a Spanish message even where a schema names none', () => {
  it('PUT /api/user/{id} without nombre: 400 "El nombre es obligatorio." (was zod\'s English default), nothing changed', async () => {
    const id = await t.userId('nino');
    const before = await snapshotCounts(t.database);
    const r = await t.call('PUT', `/api/user/${id}`, { as: 'nino', body: { fechaNacimiento: '2016-02-03' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('El nombre es obligatorio.');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('a field of the wrong type in a body no message covers answers in Spanish, not English', async () => {
    const id = await t.userId('nino');
    const r = await t.call('PUT', `/api/user/${id}`, { as: 'nino', body: { nombre: 'Mateo', apellido: 7 } });
    expect(r.statusCode).toBe(400);
    expect(r.body).not.toMatch(/Invalid|expected|received/);
    expect(r.json().msg).toMatch(/inválid|esperaba/i);
  });
});
