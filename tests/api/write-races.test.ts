// A row deleted between a route's check and its write. Both engines: the database's own refusal
// (its error code, read through PGlite's driver and node-postgres) is what the answer is made from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_GONE_MSG } from '../../src/server/errors';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { sendForm, storedNames } from './content-helpers';
import { gif } from './image-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

/**
 * Runs `write` while a trigger deletes the parent row inside the insert itself, the moment between
 * the route's check (the parent exists) and its write: the same as a second admin deleting the
 * parent in that moment, but every time. The trigger's delete is part of the refused statement, so
 * it is undone with it.
 */
async function withParentDeletedOnInsert<T>(child: string, parent: string, key: string, write: () => Promise<T>): Promise<T> {
  await t.database.raw(
    `CREATE FUNCTION test_parent_gone() RETURNS trigger AS $$ BEGIN DELETE FROM ${parent} WHERE ${key} = NEW.${key}; RETURN NEW; END $$ LANGUAGE plpgsql`,
  );
  await t.database.raw(`CREATE TRIGGER test_parent_gone BEFORE INSERT ON ${child} FOR EACH ROW EXECUTE FUNCTION test_parent_gone()`);
  try {
    return await write();
  } finally {
    await t.database.raw(`DROP TRIGGER test_parent_gone ON ${child}`);
    await t.database.raw('DROP FUNCTION test_parent_gone()');
  }
}

describe('a related row deleted while a form is saved', () => {
  it('a word added to a level deleted meanwhile: 409 in Spanish, not a 500, and nothing stored', async () => {
    const lvl = await t.call('POST', '/api/nivel/register', {
      as: 'admin',
      body: { nombre_nivel: 'Nivel que se borra', descripcion: 'Prueba.', dificultad: 'Fácil' },
    });
    expect(lvl.statusCode, lvl.body).toBe(201);
    const idNivel = lvl.json().data.id as number;
    const before = await snapshotCounts(t.database);
    const r = await withParentDeletedOnInsert('palabra', 'nivel', 'id_nivel', () =>
      t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: 'búho', palabraIngles: 'owl', id_nivel: idNivel } }),
    );
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toEqual({ msg: REFERENCE_GONE_MSG, code: 'REFERENCE_GONE' });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('a sign uploaded for a word deleted meanwhile: 409, no row and no stray file', async () => {
    const [lvl] = (await t.database.raw('SELECT min(id_nivel) AS id FROM nivel')).rows;
    const w = await t.call('POST', '/api/palabra/register', {
      as: 'admin',
      body: { palabraEspanol: 'garza', palabraIngles: 'heron', id_nivel: Number(lvl!.id) },
    });
    expect(w.statusCode, w.body).toBe(201);
    const idPalabra = w.json().data.id_palabra as number;
    const upload = () =>
      sendForm(
        t,
        'POST',
        '/api/multimedia/register',
        'admin',
        { tipo: 'gif', descripcion: 'gifSena', id_palabra: idPalabra },
        { file: { name: 'garza.gif', data: gif({ width: 48, height: 36, frames: 2 }) } },
      );
    const files = await storedNames(t.app.ctx.storage);
    const before = await snapshotCounts(t.database);
    const r = await withParentDeletedOnInsert('multimedia', 'palabra', 'id_palabra', upload);
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().code).toBe('REFERENCE_GONE');
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect(await storedNames(t.app.ctx.storage)).toEqual(files);
    // The word is still there (the delete was undone with the refused insert), and a second try saves.
    const again = await upload();
    expect(again.statusCode, again.body).toBe(201);
  });
});
