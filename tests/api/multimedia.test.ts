import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { expectRefused, fileExists, folderListing, scalar, sendForm } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const firstWord = async () => Number((await t.database.raw('SELECT min(id_palabra) AS id FROM palabra')).rows[0]!.id);

describe('multimedia: learner reads', () => {
  it('GET api/multimedia/palabra/{wordId} → {data:[{id, tipo, descripcion, url, id_palabra, tamano, compacta}]}', async () => {
    const w = await firstWord();
    const r = await t.call('GET', `/api/multimedia/palabra/${w}`, { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data.map((m: { descripcion: string }) => m.descripcion).sort()).toEqual([
      'audioEspanol',
      'audioIngles',
      'gifSena',
      'gifmenu',
      'imgEspanol',
      'imgIngles',
    ]);
    for (const m of data) {
      expect(Object.keys(m).sort()).toEqual(['compacta', 'descripcion', 'id', 'id_palabra', 'tamano', 'tipo', 'url']);
      expect(m.id_palabra).toBe(w);
      // The demo seed measures every file; the demo GIFs' WebP renditions come from the startup job (not run in tests).
      expect(m.tamano).toEqual(expect.any(Number));
      expect(m.tamano).toBeGreaterThan(0);
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
    expect(list[0]).toMatchObject({
      id: expect.any(Number),
      tipo: expect.any(String),
      url: expect.any(String),
      palabra: { palabraEspanol: expect.any(String), palabraIngles: expect.any(String) },
    });
  });
});

describe('multimedia: list search', () => {
  it('q finds media by their word, Spanish or English (the declaration’s searchFields)', async () => {
    const w = (await t.database.raw("SELECT id_palabra, palabra_espanol FROM palabra WHERE palabra_ingles = 'dog'")).rows[0]!;
    const own = await scalar(t, 'SELECT count(*) FROM multimedia WHERE id_palabra = $1', [w.id_palabra]);
    expect(own).toBeGreaterThan(0);
    for (const q of ['DOG', String(w.palabra_espanol).toUpperCase()]) {
      const list = (await t.call('GET', `/api/multimedia/getMultimedias?q=${encodeURIComponent(q)}`, { as: 'admin' })).json();
      expect(list.filter((m: { id_palabra: number }) => m.id_palabra === w.id_palabra)).toHaveLength(own);
    }
  });
});

describe('multimedia: sort by id', () => {
  it('sort=id&order=DESC lists the newest media first (react-admin sorts by `id`)', async () => {
    const asc = (await t.call('GET', '/api/multimedia/getMultimedias?sort=id&order=ASC&perPage=500', { as: 'admin' })).json() as { id: number }[];
    const desc = (await t.call('GET', '/api/multimedia/getMultimedias?sort=id&order=DESC&perPage=500', { as: 'admin' })).json() as { id: number }[];
    expect(asc.length).toBeGreaterThan(1);
    expect(desc.map((m) => m.id)).toEqual(asc.map((m) => m.id).reverse());
    expect(desc[0]!.id).toBeGreaterThan(desc[desc.length - 1]!.id);
  });
});

describe('multimedia: admin CRUD (multipart with file)', () => {
  const base = async () => ({ tipo: 'gif', descripcion: 'gifSena', id_palabra: await firstWord() });

  it('POST api/multimedia/register → 201; url uploads/multimedia/... served with its type', async () => {
    const r = await sendForm(t, 'POST', '/api/multimedia/register', 'admin', await base(), { file: { name: 'sena.gif', data: FILES.gif, type: 'image/gif' } });
    expect(r.statusCode).toBe(201);
    const { msg, data } = r.json();
    expect(msg).toBe('Multimedia registrada exitosamente.');
    expect(data).toMatchObject({
      id: expect.any(Number),
      tipo: 'gif',
      descripcion: 'gifSena',
      id_palabra: await firstWord(),
      url: expect.stringMatching(/^uploads\/multimedia\/.+\.gif$/),
      palabra: { palabraEspanol: expect.any(String) },
    });
    const f = await t.call('GET', `/${data.url}`);
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-type']).toBe('image/gif');
    expect((await t.call('GET', `/api/multimedia/get/${data.id}`, { as: 'nino' })).json().data).toEqual(data);
  });

  it('audio accepts mp3 bytes; imagen accepts png/jpeg', async () => {
    const w = await firstWord();
    const a = await sendForm(
      t,
      'POST',
      '/api/multimedia/register',
      'admin',
      { tipo: 'audio', descripcion: 'audioEspanol', id_palabra: w },
      { file: { name: 'a.mp3', data: FILES.mp3 } },
    );
    expect(a.statusCode).toBe(201);
    expect((await t.call('GET', `/${a.json().data.url}`)).headers['content-type']).toBe('audio/mpeg');
    const i = await sendForm(
      t,
      'POST',
      '/api/multimedia/register',
      'admin',
      { tipo: 'imagen', descripcion: 'imgIngles', id_palabra: w },
      { file: { name: 'a.jpg', data: FILES.jpeg } },
    );
    expect(i.statusCode).toBe(201);
  });

  it('refusals: wrong bytes for the tipo, no file, bad fields — nothing written', async () => {
    const w = await firstWord();
    const cases: [Record<string, string | number>, Record<string, { name: string; data: Buffer }>, string][] = [
      [{ tipo: 'gif', descripcion: 'gifSena', id_palabra: w }, { file: { name: 'x.gif', data: FILES.png } }, 'Para el tipo gif solo se permiten archivos GIF.'],
      [
        { tipo: 'audio', descripcion: 'audioIngles', id_palabra: w },
        { file: { name: 'x.mp3', data: FILES.png } },
        'Para el tipo audio solo se permiten archivos MP3, OGG, WAV o M4A.',
      ],
      [
        { tipo: 'imagen', descripcion: 'imgEspanol', id_palabra: w },
        { file: { name: 'x.png', data: FILES.html } },
        'Para el tipo imagen solo se permiten archivos JPG, PNG o GIF.',
      ],
      [
        { tipo: 'video', descripcion: 'v', id_palabra: w },
        { file: { name: 'x.mp4', data: FILES.gif } },
        'Para el tipo video solo se permiten archivos MP4 o WEBM.',
      ],
      [{ tipo: 'gif', descripcion: 'gifSena', id_palabra: w }, {}, 'El archivo es obligatorio.'],
      [{ descripcion: 'gifSena', id_palabra: w }, { file: { name: 'x.gif', data: FILES.gif } }, 'El tipo es obligatorio.'],
      [{ tipo: 'pdf', descripcion: 'gifSena', id_palabra: w }, { file: { name: 'x.gif', data: FILES.gif } }, 'El tipo debe ser imagen, audio, video o gif.'],
      [{ tipo: 'gif', descripcion: '', id_palabra: w }, { file: { name: 'x.gif', data: FILES.gif } }, 'La descripción es obligatoria.'],
      [{ tipo: 'gif', descripcion: 'gifSena', id_palabra: 'perro' }, { file: { name: 'x.gif', data: FILES.gif } }, 'La palabra seleccionada no es válida.'],
      [{ tipo: 'gif', descripcion: 'gifSena' }, { file: { name: 'x.gif', data: FILES.gif } }, 'La palabra es obligatoria.'],
      [{ tipo: 'gif', descripcion: 'gifSena', id_palabra: 999999 }, { file: { name: 'x.gif', data: FILES.gif } }, 'La palabra seleccionada no existe.'],
    ];
    for (const [fields, files, msg] of cases) {
      await expectRefused(t, () => sendForm(t, 'POST', '/api/multimedia/register', 'admin', fields, files), 400, msg, ['multimedia']);
    }
  });

  it('401 anonymous; 403 learner and profesor on writes; nothing written', async () => {
    const b = await base();
    await expectRefused(t, () => sendForm(t, 'POST', '/api/multimedia/register', undefined, b, { file: { name: 'x.gif', data: FILES.gif } }), 401, undefined, [
      'multimedia',
    ]);
    for (const who of ['nino', 'profesor'] as const) {
      await expectRefused(t, () => sendForm(t, 'POST', '/api/multimedia/register', who, b, { file: { name: 'x.gif', data: FILES.gif } }), 403, undefined, [
        'multimedia',
      ]);
      const id = Number((await t.database.raw('SELECT min(id) AS id FROM multimedia')).rows[0]!.id);
      await expectRefused(t, () => sendForm(t, 'PUT', `/api/multimedia/update/${id}`, who, b), 403);
      await expectRefused(t, () => t.call('DELETE', `/api/multimedia/delete/${id}`, { as: who }), 403, undefined, ['multimedia']);
    }
  });

  it('PUT api/multimedia/update/{id}: file optional; a new file replaces and removes the old one', async () => {
    const created = (await sendForm(t, 'POST', '/api/multimedia/register', 'admin', await base(), { file: { name: 'a.gif', data: FILES.gif } })).json().data;
    const keep = await sendForm(t, 'PUT', `/api/multimedia/update/${created.id}`, 'admin', { ...(await base()), descripcion: 'gifmenu' });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ msg: 'Multimedia actualizada exitosamente.', data: { descripcion: 'gifmenu', url: created.url } });
    const repl = await sendForm(
      t,
      'PUT',
      `/api/multimedia/update/${created.id}`,
      'admin',
      { tipo: 'imagen', descripcion: 'imgEspanol', id_palabra: created.id_palabra },
      { file: { name: 'b.png', data: FILES.png } },
    );
    expect(repl.statusCode).toBe(200);
    const url = repl.json().data.url;
    expect(url).not.toBe(created.url);
    expect(fileExists(t, 'multimedia', created.url)).toBe(false);
    expect(fileExists(t, 'multimedia', url)).toBe(true);
    // Changing the tipo without a new file: the kept file must suit it.
    await expectRefused(
      t,
      () => sendForm(t, 'PUT', `/api/multimedia/update/${created.id}`, 'admin', { tipo: 'audio', descripcion: 'audioEspanol', id_palabra: created.id_palabra }),
      400,
      'El archivo actual no corresponde al tipo elegido. Sube un archivo nuevo.',
      ['multimedia'],
    );
  });

  it('DELETE api/multimedia/delete/{id} → {msg}; the file goes too', async () => {
    const created = (await sendForm(t, 'POST', '/api/multimedia/register', 'admin', await base(), { file: { name: 'a.gif', data: FILES.gif } })).json().data;
    const before = folderListing(t, 'multimedia').length;
    const r = await t.call('DELETE', `/api/multimedia/delete/${created.id}`, { as: 'admin' });
    expect(r.json()).toEqual({ msg: 'Multimedia eliminada exitosamente.' });
    expect(folderListing(t, 'multimedia').length).toBe(before - 1);
    expect((await t.call('GET', `/${created.url}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/multimedia/get/${created.id}`, { as: 'admin' })).statusCode).toBe(404);
  });
});
