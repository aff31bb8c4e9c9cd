import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('nivel: learner reads', () => {
  it('GET api/nivel/getNivels → {data:[{id_nivel, id, nombre_nivel, descripcion, dificultad, imagen}]}', async () => {
    const r = await t.call('GET', '/api/nivel/getNivels', { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data.length).toBeGreaterThanOrEqual(4);
    for (const n of data) {
      expect(n).toMatchObject({ id_nivel: expect.any(Number), nombre_nivel: expect.any(String), descripcion: expect.any(String), dificultad: expect.stringMatching(/^(Fácil|Medio|Difícil)$/) });
      expect(n.id).toBe(n.id_nivel);
      expect(n.imagen).toMatch(/^[a-f0-9]{24}-[a-f0-9]{6}\.png$/);
      expect(n.evaluaciones).toHaveLength(1);
    }
    const img = await t.call('GET', `/uploads/niveles/${data[0].imagen}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('GET api/nivel/getNivel/{id} → {data}; unknown → 404; no session → 401', async () => {
    const list = (await t.call('GET', '/api/nivel/getNivels', { as: 'nina' })).json().data;
    const r = await t.call('GET', `/api/nivel/getNivel/${list[1].id_nivel}`, { as: 'nina' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual(list[1]);
    expect((await t.call('GET', '/api/nivel/getNivel/999999', { as: 'nina' })).json()).toMatchObject({ msg: 'Nivel no encontrado.', code: 'NOT_FOUND' });
    expect((await t.call('GET', '/api/nivel/getNivel/abc', { as: 'nina' })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/nivel/getNivels')).statusCode).toBe(401);
  });
});
