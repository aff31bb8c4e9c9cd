// @pglite-suffices: create, edit, delete and refusals of words one request at a time; nothing sorted, counted or dated (docs/testing.md, "The PostgreSQL pass").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { expectRefused, scalar } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const firstLevel = async () => Number((await t.database.raw('SELECT min(id_nivel) AS id FROM nivel')).rows[0]!.id);
const firstWord = async () =>
  (await t.database.raw('SELECT id_palabra, palabra_espanol, palabra_ingles, id_nivel FROM palabra ORDER BY id_palabra LIMIT 1')).rows[0]!;

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
      id_palabra: Number(w.id_palabra),
      palabraEspanol: w.palabra_espanol,
      palabraIngles: w.palabra_ingles,
      id_nivel: Number(w.id_nivel),
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

describe('palabra: admin CRUD', () => {
  it('POST api/palabra/register → 201 {msg, data}; id_nivel may come as a number or its text', async () => {
    const lvl = await firstLevel();
    const r = await t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: ' tortuga ', palabraIngles: 'turtle', id_nivel: lvl } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({
      msg: 'Palabra creada exitosamente.',
      data: { id_palabra: expect.any(Number), palabraEspanol: 'tortuga', palabraIngles: 'turtle', id_nivel: lvl, nivel: { nombre_nivel: 'Animales' } },
    });
    const r2 = await t.call('POST', '/api/palabra/register', {
      as: 'superadmin',
      body: { palabraEspanol: 'oso', palabraIngles: 'bear', id_nivel: String(lvl) },
    });
    expect(r2.statusCode).toBe(201);
    expect(r2.json().data.id_nivel).toBe(lvl);
  });

  it('401 anonymous; 403 learner and profesor on every write; nothing written', async () => {
    const lvl = await firstLevel();
    const w = await firstWord();
    const body = { palabraEspanol: 'x', palabraIngles: 'y', id_nivel: lvl };
    await expectRefused(t, () => t.call('POST', '/api/palabra/register', { body }), 401);
    for (const who of ['nino', 'profesor'] as const) {
      await expectRefused(t, () => t.call('POST', '/api/palabra/register', { as: who, body }), 403);
      await expectRefused(t, () => t.call('PUT', `/api/palabra/update/${w.id_palabra}`, { as: who, body }), 403);
      await expectRefused(t, () => t.call('DELETE', `/api/palabra/delete/${w.id_palabra}`, { as: who }), 403);
    }
  });

  it.each([
    [{ palabraIngles: 'y', id_nivel: 1 }, 'La palabra en español es obligatoria.'],
    [{ palabraEspanol: 'x', palabraIngles: '  ', id_nivel: 1 }, 'La palabra en inglés es obligatoria.'],
    [{ palabraEspanol: 'x', palabraIngles: 'y' }, 'El nivel es obligatorio.'],
    [{ palabraEspanol: 'x', palabraIngles: 'y', id_nivel: 'abc' }, 'El nivel seleccionado no es válido.'],
    [{ palabraEspanol: 'x', palabraIngles: 'y', id_nivel: 999999 }, 'El nivel seleccionado no existe.'],
  ])('validation %j → %s', async (body, msg) => {
    await expectRefused(t, () => t.call('POST', '/api/palabra/register', { as: 'admin', body }), 400, msg);
  });

  it('the same Spanish word twice in one level → 409', async () => {
    const w = await firstWord();
    await expectRefused(
      t,
      () =>
        t.call('POST', '/api/palabra/register', {
          as: 'admin',
          body: { palabraEspanol: String(w.palabra_espanol).toUpperCase(), palabraIngles: 'z', id_nivel: w.id_nivel },
        }),
      409,
    );
  });

  it('PUT api/palabra/update/{id} → {msg, data}; unknown → 404', async () => {
    const lvl = await firstLevel();
    const created = (
      await t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: 'vaca', palabraIngles: 'cow', id_nivel: lvl } })
    ).json().data;
    const other = await scalar(t, 'SELECT max(id_nivel) FROM nivel');
    const r = await t.call('PUT', `/api/palabra/update/${created.id_palabra}`, {
      as: 'admin',
      body: { palabraEspanol: 'vaca', palabraIngles: 'Cow', id_nivel: other },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      msg: 'Palabra actualizada exitosamente.',
      data: { id_palabra: created.id_palabra, palabraIngles: 'Cow', id_nivel: other },
    });
    await expectRefused(
      t,
      () => t.call('PUT', '/api/palabra/update/999999', { as: 'admin', body: { palabraEspanol: 'a', palabraIngles: 'b', id_nivel: lvl } }),
      404,
      'Palabra no encontrada.',
    );
  });

  it('deleting a word with media → 409 whose body has msg and message (the client reads error.message)', async () => {
    const w = await firstWord();
    const body = await expectRefused(
      t,
      () => t.call('DELETE', `/api/palabra/delete/${w.id_palabra}`, { as: 'admin' }),
      409,
      'No se puede eliminar la palabra: tiene 6 archivos multimedia.',
    );
    expect((body as unknown as { message: string }).message).toBe('No se puede eliminar la palabra: tiene 6 archivos multimedia.');
  });

  it('DELETE api/palabra/delete/{id} → {msg}; a second delete → 404 with message', async () => {
    const created = (
      await t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: 'cabra', palabraIngles: 'goat', id_nivel: await firstLevel() } })
    ).json().data;
    const r = await t.call('DELETE', `/api/palabra/delete/${created.id_palabra}`, { as: 'admin' });
    expect(r.json()).toEqual({ msg: 'Palabra eliminada exitosamente.' });
    const again = await t.call('DELETE', `/api/palabra/delete/${created.id_palabra}`, { as: 'admin' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ msg: 'Palabra no encontrada.', message: 'Palabra no encontrada.' });
  });

  it('only the delete’s own refusals carry message: a bad id does; 401 and 403 (refused before the route) do not', async () => {
    const bad = await t.call('DELETE', '/api/palabra/delete/abc', { as: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(bad.json().msg);
    const w = await firstWord();
    const anon = await t.call('DELETE', `/api/palabra/delete/${w.id_palabra}`);
    const learner = await t.call('DELETE', `/api/palabra/delete/${w.id_palabra}`, { as: 'nino' });
    expect([anon.statusCode, learner.statusCode]).toEqual([401, 403]);
    expect(anon.json()).not.toHaveProperty('message');
    expect(learner.json()).not.toHaveProperty('message');
  });

  it('list: q matches palabraEspanol or palabraIngles (any case); ?id_nivel= filters', async () => {
    const r = await t.call('GET', '/api/palabra/getPalabras?q=DOG', { as: 'admin' });
    expect(r.json().data.map((w: { palabraIngles: string }) => w.palabraIngles)).toEqual(['dog']);
    const lvl = await firstLevel();
    const f = (await t.call('GET', `/api/palabra/getPalabras?id_nivel=${lvl}`, { as: 'admin' })).json().data;
    expect(f.length).toBeGreaterThanOrEqual(6);
    for (const w of f) expect(w.id_nivel).toBe(lvl);
  });
});
