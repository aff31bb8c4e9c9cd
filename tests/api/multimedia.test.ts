import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const firstWord = async () => Number((await t.database.raw('SELECT min(id_palabra) AS id FROM palabra')).rows[0]!.id);

describe('multimedia: learner reads', () => {
  it('GET api/multimedia/palabra/{wordId} → {data:[{id, tipo, descripcion, url, id_palabra}]}', async () => {
    const w = await firstWord();
    const r = await t.call('GET', `/api/multimedia/palabra/${w}`, { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data.map((m: { descripcion: string }) => m.descripcion).sort()).toEqual(['audioEspanol', 'audioIngles', 'gifSena', 'gifmenu', 'imgEspanol', 'imgIngles']);
    for (const m of data) {
      expect(Object.keys(m).sort()).toEqual(['descripcion', 'id', 'id_palabra', 'tipo', 'url']);
      expect(m.id_palabra).toBe(w);
      expect(m.url).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.(png|gif|mp3)$/);
    }
    const gif = data.find((m: { descripcion: string }) => m.descripcion === 'gifSena');
    const file = await t.call('GET', `/${gif.url}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/gif');
  });

  it('unknown word → 404, no session → 401', async () => {
    expect((await t.call('GET', '/api/multimedia/palabra/999999', { as: 'nino' })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/multimedia/palabra/${await firstWord()}`)).statusCode).toBe(401);
  });

  it('GET api/multimedia/getMultimedias → plain array with palabra {palabraEspanol, palabraIngles}', async () => {
    const r = await t.call('GET', '/api/multimedia/getMultimedias', { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const list = r.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(24 * 6);
    expect(list[0]).toMatchObject({ id: expect.any(Number), tipo: expect.any(String), url: expect.any(String), palabra: { palabraEspanol: expect.any(String), palabraIngles: expect.any(String) } });
  });
});
