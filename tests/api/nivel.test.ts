import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { expectRefused, fileExists, scalar, sendForm } from './content-helpers';

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
      expect(n).toMatchObject({
        id_nivel: expect.any(Number),
        nombre_nivel: expect.any(String),
        descripcion: expect.any(String),
        dificultad: expect.stringMatching(/^(Fácil|Medio|Difícil)$/),
      });
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

describe('nivel: admin CRUD', () => {
  const valid = { nombre_nivel: 'Frutas tropicales', descripcion: 'Mango, papaya y más.', dificultad: 'Medio' };

  it('POST api/nivel/register (multipart with imagen) → 201 {msg, data}; the image is served back', async () => {
    const r = await sendForm(t, 'POST', '/api/nivel/register', 'admin', valid, { imagen: { name: 'nivel.png', data: FILES.png, type: 'image/png' } });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.msg).toBe('Nivel creado exitosamente.');
    expect(body.data).toMatchObject({ ...valid, id_nivel: expect.any(Number), imagen: expect.stringMatching(/\.png$/), evaluaciones: [] });
    expect(body.data.id).toBe(body.data.id_nivel);
    const img = await t.call('GET', `/uploads/niveles/${body.data.imagen}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(FILES.png)).toBe(true);
    const list = (await t.call('GET', '/api/nivel/getNivels', { as: 'nino' })).json().data;
    expect(list.some((n: { id_nivel: number }) => n.id_nivel === body.data.id_nivel)).toBe(true);
  });

  it('JSON without an image is accepted too (imagen null)', async () => {
    const r = await t.call('POST', '/api/nivel/register', { as: 'superadmin', body: { ...valid, nombre_nivel: 'Sin imagen' } });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.imagen).toBeNull();
  });

  it('401 without a session, 403 for a learner and for a profesor; nothing written', async () => {
    await expectRefused(t, () => t.call('POST', '/api/nivel/register', { body: valid }), 401);
    await expectRefused(
      t,
      () => sendForm(t, 'POST', '/api/nivel/register', 'nino', valid, { imagen: { name: 'a.png', data: FILES.png } }),
      403,
      'No tienes permiso para realizar esta acción.',
      ['niveles'],
    );
    await expectRefused(t, () => t.call('POST', '/api/nivel/register', { as: 'profesor', body: valid }), 403);
    const id = await scalar(t, 'SELECT min(id_nivel) FROM nivel');
    await expectRefused(t, () => t.call('PUT', `/api/nivel/update/${id}`, { as: 'profesor', body: valid }), 403);
    await expectRefused(t, () => t.call('DELETE', `/api/nivel/delete/${id}`, { as: 'nino' }), 403);
    await expectRefused(t, () => t.call('DELETE', `/api/nivel/delete/${id}`), 401);
  });

  it.each([
    [{ ...valid, nombre_nivel: '' }, 'El nombre del nivel es requerido.'],
    [{ descripcion: 'x', dificultad: 'Fácil' }, 'El nombre del nivel es requerido.'],
    [{ ...valid, descripcion: '   ' }, 'La descripción es requerida.'],
    [{ ...valid, descripcion: 'a'.repeat(256) }, 'La descripción no puede exceder los 255 caracteres.'],
    [{ ...valid, dificultad: '' }, 'La dificultad es requerida.'],
    [{ ...valid, dificultad: 'Imposible' }, 'La dificultad debe ser Fácil, Medio o Difícil.'],
  ])('validation: %j → %s, nothing written', async (fields, msg) => {
    await expectRefused(t, () => sendForm(t, 'POST', '/api/nivel/register', 'admin', fields as Record<string, string>), 400, msg);
  });

  it('255 characters of description are fine', async () => {
    const r = await t.call('POST', '/api/nivel/register', { as: 'admin', body: { ...valid, nombre_nivel: 'Largo', descripcion: 'a'.repeat(255) } });
    expect(r.statusCode).toBe(201);
  });

  it('an image that is not jpeg/png/gif (HTML behind a .png name, an mp3) is refused and nothing is written', async () => {
    for (const data of [FILES.html, FILES.mp3]) {
      const body = await expectRefused(
        t,
        () =>
          sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, nombre_nivel: 'Trampa' }, { imagen: { name: 'foto.png', data, type: 'image/png' } }),
        400,
        'Solo se permiten imágenes y GIFs.',
        ['niveles'],
      );
      expect(body).toMatchObject({ fields: { imagen: 'Solo se permiten imágenes y GIFs.' } });
    }
  });

  it('a second level with the same name (any case) → 409', async () => {
    await expectRefused(t, () => t.call('POST', '/api/nivel/register', { as: 'admin', body: { ...valid, nombre_nivel: 'ANIMALES' } }), 409);
  });

  it('PUT api/nivel/update/{id}: a new image replaces the old file; without one the image stays', async () => {
    const created = (
      await sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, nombre_nivel: 'Para editar' }, { imagen: { name: 'a.png', data: FILES.png } })
    ).json().data;
    const r = await sendForm(
      t,
      'PUT',
      `/api/nivel/update/${created.id_nivel}`,
      'admin',
      { ...valid, nombre_nivel: 'Editado', dificultad: 'Difícil' },
      { imagen: { name: 'b.gif', data: FILES.gif } },
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().msg).toBe('Nivel actualizado exitosamente.');
    const upd = r.json().data;
    expect(upd).toMatchObject({ id_nivel: created.id_nivel, nombre_nivel: 'Editado', dificultad: 'Difícil', imagen: expect.stringMatching(/\.gif$/) });
    expect(fileExists(t, 'niveles', created.imagen)).toBe(false);
    expect(fileExists(t, 'niveles', upd.imagen)).toBe(true);
    expect((await t.call('GET', `/uploads/niveles/${upd.imagen}`)).headers['content-type']).toBe('image/gif');
    const keep = await t.call('PUT', `/api/nivel/update/${created.id_nivel}`, { as: 'admin', body: { ...valid, nombre_nivel: 'Editado otra vez' } });
    expect(keep.json().data.imagen).toBe(upd.imagen);
    expect(fileExists(t, 'niveles', upd.imagen)).toBe(true);
  });

  it('a refused replacement keeps the old image and row', async () => {
    const created = (
      await sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, nombre_nivel: 'Con imagen fija' }, { imagen: { name: 'a.png', data: FILES.png } })
    ).json().data;
    await expectRefused(
      t,
      () =>
        sendForm(
          t,
          'PUT',
          `/api/nivel/update/${created.id_nivel}`,
          'admin',
          { ...valid, nombre_nivel: 'Con imagen fija' },
          { imagen: { name: 'x.png', data: FILES.html } },
        ),
      400,
      'Solo se permiten imágenes y GIFs.',
      ['niveles'],
    );
    const now = (await t.call('GET', `/api/nivel/getNivel/${created.id_nivel}`, { as: 'admin' })).json().data;
    expect(now).toEqual(created);
    expect(fileExists(t, 'niveles', created.imagen)).toBe(true);
  });

  it('update of an unknown level → 404', async () => {
    await expectRefused(t, () => t.call('PUT', '/api/nivel/update/999999', { as: 'admin', body: valid }), 404, 'Nivel no encontrado.');
  });

  it('deleting a level with words and an evaluation → 409 naming them', async () => {
    const id = await scalar(t, "SELECT id_nivel FROM nivel WHERE nombre_nivel = 'Animales'");
    await expectRefused(
      t,
      () => t.call('DELETE', `/api/nivel/delete/${id}`, { as: 'admin' }),
      409,
      'No se puede eliminar el nivel: tiene 6 palabras y 1 evaluación.',
    );
  });

  it('DELETE api/nivel/delete/{id} → {msg}; the image file goes too', async () => {
    const created = (
      await sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, nombre_nivel: 'Para borrar' }, { imagen: { name: 'a.png', data: FILES.png } })
    ).json().data;
    const r = await t.call('DELETE', `/api/nivel/delete/${created.id_nivel}`, { as: 'admin' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ msg: 'Nivel eliminado exitosamente.' });
    expect(fileExists(t, 'niveles', created.imagen)).toBe(false);
    expect((await t.call('GET', `/api/nivel/getNivel/${created.id_nivel}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('list: q is a case-insensitive substring of nombre_nivel, descripcion or dificultad; paging sets X-Total-Count', async () => {
    const byName = (await t.call('GET', '/api/nivel/getNivels?q=ANIMAL', { as: 'nino' })).json().data;
    expect(byName.map((n: { nombre_nivel: string }) => n.nombre_nivel)).toEqual(['Animales']);
    const byDiff = (await t.call('GET', `/api/nivel/getNivels?q=${encodeURIComponent('difícil')}`, { as: 'nino' })).json().data;
    expect(byDiff.length).toBeGreaterThan(0);
    for (const n of byDiff) expect(`${n.nombre_nivel} ${n.descripcion} ${n.dificultad}`.toLowerCase()).toContain('difícil');
    const all = await t.call('GET', '/api/nivel/getNivels', { as: 'nino' });
    const page = await t.call('GET', '/api/nivel/getNivels?page=2&perPage=2&sort=nombre_nivel&order=DESC', { as: 'nino' });
    expect(page.headers['x-total-count']).toBe(String(all.json().data.length));
    const sorted = [...all.json().data].sort((a, b) => (a.nombre_nivel < b.nombre_nivel ? 1 : -1));
    expect(page.json().data.map((n: { id_nivel: number }) => n.id_nivel)).toEqual(sorted.slice(2, 4).map((n) => n.id_nivel));
    expect((await t.call('GET', '/api/nivel/getNivels?sort=password', { as: 'nino' })).statusCode).toBe(400);
  });

  it('the row and its image succeed or fail together: a failed insert removes the stored file', async () => {
    await t.database.raw("ALTER TABLE nivel ADD CONSTRAINT test_sin_boom CHECK (nombre_nivel <> 'BOOM')");
    try {
      const body = await expectRefused(
        t,
        () => sendForm(t, 'POST', '/api/nivel/register', 'admin', { ...valid, nombre_nivel: 'BOOM' }, { imagen: { name: 'a.png', data: FILES.png } }),
        500,
        'Ocurrió un error interno. Inténtalo de nuevo más tarde.',
        ['niveles'],
      );
      expect(body.code).toBe('INTERNAL');
    } finally {
      await t.database.raw('ALTER TABLE nivel DROP CONSTRAINT test_sin_boom');
    }
  });
});
