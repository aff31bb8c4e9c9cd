import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const firstLevel = async () => Number((await t.database.raw('SELECT min(id_nivel) AS id FROM nivel')).rows[0]!.id);
const firstWord = async () => (await t.database.raw('SELECT id_palabra, palabra_espanol, palabra_ingles, id_nivel FROM palabra ORDER BY id_palabra LIMIT 1')).rows[0]!;

describe('palabra: learner reads', () => {
  it('GET api/palabra/nivel/{levelId} → plain array of the level’s words with nivel.nombre_nivel', async () => {
    const lvl = await firstLevel();
    const r = await t.call('GET', `/api/palabra/nivel/${lvl}`, { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const list = r.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(6);
    for (const w of list) {
      expect(Object.keys(w).sort()).toEqual(['id_nivel', 'id_palabra', 'nivel', 'palabraEspanol', 'palabraIngles']);
      expect(w.id_nivel).toBe(lvl);
      expect(w.nivel).toEqual({ nombre_nivel: 'Animales' });
    }
  });

  it('words of an unknown level → 404; no session → 401', async () => {
    expect((await t.call('GET', '/api/palabra/nivel/999999', { as: 'nino' })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/palabra/nivel/${await firstLevel()}`)).statusCode).toBe(401);
  });

  it('GET api/palabra/getPalabra/{id} → {data} with the spec’s fields', async () => {
    const w = await firstWord();
    const r = await t.call('GET', `/api/palabra/getPalabra/${w.id_palabra}`, { as: 'nina' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({
      id_palabra: Number(w.id_palabra), palabraEspanol: w.palabra_espanol, palabraIngles: w.palabra_ingles, id_nivel: Number(w.id_nivel),
      nivel: { nombre_nivel: expect.any(String) },
    });
    expect((await t.call('GET', '/api/palabra/getPalabra/999999', { as: 'nina' })).json()).toMatchObject({ msg: 'Palabra no encontrada.', code: 'NOT_FOUND' });
  });

  it('GET api/palabra/getPalabras → {data} with every word once', async () => {
    const before = await snapshotCounts(t.database);
    const r = await t.call('GET', '/api/palabra/getPalabras', { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const ids = r.json().data.map((w: { id_palabra: number }) => w.id_palabra);
    expect(ids.length).toBe(before.palabra);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.headers['x-total-count']).toBe(String(before.palabra));
  });
});
