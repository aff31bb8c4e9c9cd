import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { expectRefused, fileExists, scalar, sendForm } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const level = () => scalar(t, "SELECT id_nivel FROM nivel WHERE nombre_nivel = 'Animales'");
const wordOf = (lvl: number) => scalar(t, 'SELECT min(id_palabra) FROM palabra WHERE id_nivel = $1', [lvl]);
const otherLevelWord = (lvl: number) => scalar(t, 'SELECT min(id_palabra) FROM palabra WHERE id_nivel <> $1', [lvl]);

describe('contenido', () => {
  it('POST api/contenido/create (Imagen + png) → 201 with url_archivo uploads/contenidos/... served back', async () => {
    const lvl = await level();
    const w = await wordOf(lvl);
    const r = await sendForm(
      t,
      'POST',
      '/api/contenido/create',
      'admin',
      { tipo_contenido: 'Imagen', id_nivel: lvl, id_palabra: w, descripcion: 'Lámina' },
      { archivo: { name: 'l.png', data: FILES.png } },
    );
    expect(r.statusCode).toBe(201);
    const { msg, data } = r.json();
    expect(msg).toBe('Contenido creado exitosamente.');
    expect(data).toEqual({
      id_contenido: expect.any(Number),
      tipo_contenido: 'Imagen',
      id_nivel: lvl,
      id_palabra: w,
      descripcion: 'Lámina',
      url_archivo: expect.stringMatching(/^uploads\/contenidos\/.+\.png$/),
      nivel: { nombre_nivel: 'Animales' },
      palabra: { palabraEspanol: expect.any(String), palabraIngles: expect.any(String) },
    });
    const f = await t.call('GET', `/${data.url_archivo}`);
    expect(f.headers['content-type']).toBe('image/png');
    expect((await t.call('GET', `/api/contenido/${data.id_contenido}`, { as: 'admin' })).json().data).toEqual(data);
  });

  it('Texto takes a plain-text file; no word and no file are fine (JSON too)', async () => {
    const lvl = await level();
    const r = await sendForm(
      t,
      'POST',
      '/api/contenido/create',
      'admin',
      { tipo_contenido: 'Texto', id_nivel: lvl, id_palabra: '', descripcion: '' },
      { archivo: { name: 'n.txt', data: Buffer.from('Hola, esto es un texto.\n') } },
    );
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ id_palabra: null, descripcion: null, palabra: null });
    expect((await t.call('GET', `/${r.json().data.url_archivo}`)).headers['content-type']).toMatch(/^text\/plain/);
    const j = await t.call('POST', '/api/contenido/create', { as: 'admin', body: { tipo_contenido: 'Juego', id_nivel: lvl } });
    expect(j.statusCode).toBe(201);
    expect(j.json().data.url_archivo).toBeNull();
  });

  it('refusals with the spec messages; nothing written', async () => {
    const lvl = await level();
    const cases: [Record<string, string | number>, Record<string, { name: string; data: Buffer }>, string][] = [
      [{ id_nivel: lvl }, {}, 'El tipo de contenido es requerido.'],
      [{ tipo_contenido: 'Audio', id_nivel: lvl }, {}, 'El tipo de contenido debe ser Imagen, Video, Texto o Juego.'],
      [{ tipo_contenido: 'Imagen' }, {}, 'El nivel es requerido.'],
      [{ tipo_contenido: 'Imagen', id_nivel: 999999 }, {}, 'El nivel seleccionado no existe.'],
      [{ tipo_contenido: 'Imagen', id_nivel: lvl, id_palabra: 'x' }, {}, 'La palabra seleccionada no es válida.'],
      [{ tipo_contenido: 'Imagen', id_nivel: lvl, id_palabra: await otherLevelWord(lvl) }, {}, 'La palabra seleccionada no pertenece a ese nivel.'],
      [{ tipo_contenido: 'Video', id_nivel: lvl }, { archivo: { name: 'v.mp4', data: FILES.png } }, 'Para el tipo Video solo se permiten archivos MP4 o WEBM.'],
      [
        { tipo_contenido: 'Imagen', id_nivel: lvl },
        { archivo: { name: 'i.png', data: FILES.html } },
        'Para el tipo Imagen solo se permiten archivos JPG, PNG o GIF.',
      ],
      [
        { tipo_contenido: 'Texto', id_nivel: lvl },
        { archivo: { name: 't.txt', data: FILES.html } },
        'Para el tipo Texto solo se permiten archivos de texto o PDF.',
      ],
    ];
    for (const [fields, files, msg] of cases)
      await expectRefused(t, () => sendForm(t, 'POST', '/api/contenido/create', 'admin', fields, files), 400, msg, ['contenidos']);
  });

  it('admin-only: 401 anonymous, 403 learner and profesor on list, one, create, update, delete', async () => {
    const lvl = await level();
    const id = (await t.call('POST', '/api/contenido/create', { as: 'admin', body: { tipo_contenido: 'Juego', id_nivel: lvl } })).json().data.id_contenido;
    await expectRefused(t, () => t.call('GET', '/api/contenido/contenido'), 401);
    for (const who of ['nino', 'profesor'] as const) {
      await expectRefused(t, () => t.call('GET', '/api/contenido/contenido', { as: who }), 403);
      await expectRefused(t, () => t.call('GET', `/api/contenido/${id}`, { as: who }), 403);
      await expectRefused(
        t,
        () => sendForm(t, 'POST', '/api/contenido/create', who, { tipo_contenido: 'Imagen', id_nivel: lvl }, { archivo: { name: 'a.png', data: FILES.png } }),
        403,
        undefined,
        ['contenidos'],
      );
      await expectRefused(t, () => t.call('PUT', `/api/contenido/update/${id}`, { as: who, body: { tipo_contenido: 'Juego', id_nivel: lvl } }), 403);
      await expectRefused(t, () => t.call('DELETE', `/api/contenido/${id}`, { as: who }), 403);
    }
  });

  it('GET api/contenido/contenido → {data} with nivel and palabra; q and X-Total-Count', async () => {
    const r = await t.call('GET', '/api/contenido/contenido', { as: 'admin' });
    expect(r.statusCode).toBe(200);
    const n = await scalar(t, 'SELECT count(*) FROM contenido');
    expect(r.json().data).toHaveLength(n);
    expect(r.headers['x-total-count']).toBe(String(n));
    const q = (await t.call('GET', '/api/contenido/contenido?q=l%C3%A1mina', { as: 'admin' })).json().data;
    expect(q.length).toBeGreaterThan(0);
    for (const c of q) expect(c.descripcion).toBe('Lámina');
  });

  it('q also finds a content by its level’s name and its word (the declaration’s searchFields)', async () => {
    const lvl = await level();
    const w = await wordOf(lvl);
    const made = await t.call('POST', '/api/contenido/create', { as: 'admin', body: { tipo_contenido: 'Juego', id_nivel: lvl, id_palabra: w } });
    expect(made.statusCode).toBe(201);
    const byLevel = (await t.call('GET', '/api/contenido/contenido?q=ANIMALES', { as: 'admin' })).json().data;
    const inLevel = await scalar(t, "SELECT count(*) FROM contenido c JOIN nivel n ON n.id_nivel = c.id_nivel WHERE n.nombre_nivel = 'Animales'");
    expect(inLevel).toBeGreaterThan(0);
    expect(byLevel).toHaveLength(inLevel);
    for (const c of byLevel) expect(c.nivel.nombre_nivel).toBe('Animales');
    const word = (await t.database.raw('SELECT palabra_espanol FROM palabra WHERE id_palabra = $1', [w])).rows[0]!.palabra_espanol as string;
    const byWord = (await t.call('GET', `/api/contenido/contenido?q=${encodeURIComponent(word.toUpperCase())}`, { as: 'admin' })).json().data;
    expect(byWord.map((c: { id_palabra: number | null }) => c.id_palabra)).toContain(w);
  });

  it('PUT api/contenido/update/{id}: a new file replaces the old; changing tipo without a fitting file is refused', async () => {
    const lvl = await level();
    const created = (
      await sendForm(t, 'POST', '/api/contenido/create', 'admin', { tipo_contenido: 'Imagen', id_nivel: lvl }, { archivo: { name: 'a.png', data: FILES.png } })
    ).json().data;
    await expectRefused(
      t,
      () => sendForm(t, 'PUT', `/api/contenido/update/${created.id_contenido}`, 'admin', { tipo_contenido: 'Video', id_nivel: lvl }),
      400,
      'El archivo actual no corresponde al tipo elegido. Sube un archivo nuevo.',
      ['contenidos'],
    );
    const r = await sendForm(
      t,
      'PUT',
      `/api/contenido/update/${created.id_contenido}`,
      'admin',
      { tipo_contenido: 'Juego', id_nivel: lvl, descripcion: 'Memoria' },
      { archivo: { name: 'b.gif', data: FILES.gif } },
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      msg: 'Contenido actualizado exitosamente.',
      data: { tipo_contenido: 'Juego', descripcion: 'Memoria', url_archivo: expect.stringMatching(/\.gif$/) },
    });
    expect(fileExists(t, 'contenidos', created.url_archivo)).toBe(false);
    expect(fileExists(t, 'contenidos', r.json().data.url_archivo)).toBe(true);
  });

  it('DELETE api/contenido/{id} → {msg}; the file goes; a level with contents cannot be deleted', async () => {
    const lvl = (
      await t.call('POST', '/api/nivel/register', { as: 'admin', body: { nombre_nivel: 'Con contenido', descripcion: 'd', dificultad: 'Fácil' } })
    ).json().data.id_nivel;
    const created = (
      await sendForm(t, 'POST', '/api/contenido/create', 'admin', { tipo_contenido: 'Imagen', id_nivel: lvl }, { archivo: { name: 'a.png', data: FILES.png } })
    ).json().data;
    await expectRefused(t, () => t.call('DELETE', `/api/nivel/delete/${lvl}`, { as: 'admin' }), 409, 'No se puede eliminar el nivel: tiene 1 contenido.');
    const r = await t.call('DELETE', `/api/contenido/${created.id_contenido}`, { as: 'admin' });
    expect(r.json()).toEqual({ msg: 'Contenido eliminado exitosamente.' });
    expect(fileExists(t, 'contenidos', created.url_archivo)).toBe(false);
    expect((await t.call('GET', `/api/contenido/${created.id_contenido}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/nivel/delete/${lvl}`, { as: 'admin' })).statusCode).toBe(200);
  });
});
