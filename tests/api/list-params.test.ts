import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

/**
 * Every resource list reads page, perPage, sort, order, q, ids and the filters its binding
 * declares, and refuses anything else: a filter the back office sends but the server ignored would
 * look applied while the list held every row.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

describe('resource lists: parameters', () => {
  it('an undeclared filter is refused with a clear message; a declared one filters', async () => {
    const bad = await t.call('GET', '/api/palabra/getPalabras?id_evaluacion=1', { as: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: 'No se puede filtrar por "id_evaluacion".', code: 'INVALID_QUERY' });
    const all = (await t.call('GET', '/api/palabra/getPalabras', { as: 'admin' })).json().data as { id_palabra: number; id_nivel: number }[];
    const level = all[0]!.id_nivel;
    const one = await t.call('GET', `/api/palabra/getPalabras?id_nivel=${level}`, { as: 'admin' });
    expect(one.statusCode).toBe(200);
    const rows = one.json().data as { id_nivel: number }[];
    expect(rows.length).toBe(all.filter((w) => w.id_nivel === level).length);
    expect(rows.every((w) => w.id_nivel === level)).toBe(true);
    expect(Number(one.headers['x-total-count'])).toBe(rows.length);
  });

  it('ids asks for those records only; a bad id is refused', async () => {
    const all = (await t.call('GET', '/api/nivel/getNivels', { as: 'admin' })).json().data as { id_nivel: number }[];
    const want = [all[0]!.id_nivel, all[all.length - 1]!.id_nivel];
    const r = await t.call('GET', `/api/nivel/getNivels?ids=${want.join(',')}`, { as: 'admin' });
    expect((r.json().data as { id_nivel: number }[]).map((n) => n.id_nivel).sort((a, b) => a - b)).toEqual([...new Set(want)].sort((a, b) => a - b));
    expect((await t.call('GET', '/api/nivel/getNivels?ids=1,x', { as: 'admin' })).statusCode).toBe(400);
  });

  it('sort=id sorts by the record id whatever the wire calls it', async () => {
    const desc = (await t.call('GET', '/api/palabra/getPalabras?sort=id&order=DESC&perPage=500', { as: 'admin' })).json().data as { id_palabra: number }[];
    const ids = desc.map((w) => w.id_palabra);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
