import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { expectRefused, fileExists, scalar, sendForm } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const evaluation = () => scalar(t, 'SELECT min(id_evaluacion) FROM evaluacion');
const opciones = JSON.stringify([
  { respuesta: 'rojo', valor: true },
  { respuesta: 'azul', valor: false },
  { respuesta: 'verde', valor: 'false' },
]);
/** A multiple-choice question with a picture and the three `opciones`, sent by the profesor through the form. */
const withPicture = async (ev: number, pregunta: string) =>
  (
    await sendForm(
      t,
      'POST',
      '/api/pregunta/register',
      'profesor',
      { pregunta, Tipo: 'Opción Múltiple', porcentaje: 5, id_evaluacion: ev, respuestas: opciones },
      { imagen: { name: 'a.png', data: FILES.png } },
    )
  ).json().data;

describe('pregunta', () => {
  it('POST api/pregunta/register (multipart, respuestas as JSON text, imagen) → {msg, data:{id_pregunta, respuestas}}', async () => {
    const ev = await evaluation();
    const r = await sendForm(
      t,
      'POST',
      '/api/pregunta/register',
      'profesor',
      { pregunta: '¿De qué color es la fresa?', Tipo: 'Opción Múltiple', porcentaje: '25', id_evaluacion: ev, respuestas: opciones },
      { imagen: { name: 'fresa.png', data: FILES.png } },
    );
    expect(r.statusCode).toBe(201);
    const { msg, data } = r.json();
    expect(msg).toBe('Pregunta creada correctamente.');
    expect(data).toMatchObject({
      id_pregunta: expect.any(Number),
      pregunta: '¿De qué color es la fresa?',
      Tipo: 'Opción Múltiple',
      porcentaje: 25,
      id_evaluacion: ev,
      imagen: expect.stringMatching(/\.png$/),
    });
    expect(data.respuestas.map((a: { respuesta: string; valor: boolean; id_pregunta: number }) => [a.respuesta, a.valor, a.id_pregunta])).toEqual([
      ['rojo', true, data.id_pregunta],
      ['azul', false, data.id_pregunta],
      ['verde', false, data.id_pregunta],
    ]);
    expect((await t.call('GET', `/uploads/preguntas/${data.imagen}`)).headers['content-type']).toBe('image/png');
    expect((await t.call('GET', `/api/pregunta/getPregunta/${data.id_pregunta}`, { as: 'profesor' })).json().data).toEqual(data);
  });

  it('second reading: Tipo defaults to Texto, porcentaje to 0; JSON body with a respuestas array works', async () => {
    const r = await t.call('POST', '/api/pregunta/register', {
      as: 'profesor',
      body: { pregunta: 'Escribe "gato" en inglés', id_evaluacion: await evaluation(), respuestas: [{ respuesta: 'cat' }] },
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ Tipo: 'Texto', porcentaje: 0, imagen: null, respuestas: [{ respuesta: 'cat', valor: false }] });
  });

  it('an image alone is enough for the question text; 5 answers are accepted (evaluation panel)', async () => {
    const five = JSON.stringify([1, 2, 3, 4, 5].map((i) => ({ respuesta: `r${i}`, valor: i === 1 })));
    const r = await sendForm(
      t,
      'POST',
      '/api/pregunta/register',
      'admin',
      { pregunta: '', Tipo: 'Opción Múltiple', porcentaje: 10, id_evaluacion: await evaluation(), respuestas: five },
      { imagen: { name: 'a.gif', data: FILES.gif } },
    );
    expect(r.statusCode).toBe(201);
    expect(r.json().data.respuestas).toHaveLength(5);
  });

  it('validation messages; nothing written (neither question, answers nor image)', async () => {
    const ev = await evaluation();
    const ok = { pregunta: '¿?', Tipo: 'Opción Múltiple', porcentaje: 10, id_evaluacion: ev };
    const cases: [Record<string, string | number>, Record<string, { name: string; data: Buffer }>, string][] = [
      [{ ...ok, pregunta: '' }, {}, 'La pregunta es obligatoria.'],
      [{ ...ok, Tipo: '' }, {}, 'El tipo de pregunta es obligatorio.'],
      [{ ...ok, Tipo: 'Dibujo' }, {}, 'El tipo de pregunta debe ser Texto, Imagen, Video u Opción Múltiple.'],
      [{ ...ok, porcentaje: '' }, {}, 'El porcentaje es obligatorio.'],
      [{ ...ok, porcentaje: -1 }, {}, 'El porcentaje debe ser al menos 0.'],
      [{ ...ok, porcentaje: 100.5 }, {}, 'El porcentaje no puede ser mayor que 100.'],
      [{ pregunta: 'x', Tipo: 'Texto', porcentaje: 1 }, {}, 'El ID de la evaluación es obligatorio.'],
      [{ ...ok, id_evaluacion: 999999 }, {}, 'La evaluación seleccionada no existe.'],
      [
        {
          ...ok,
          respuestas: JSON.stringify([
            { respuesta: 'a', valor: false },
            { respuesta: 'b', valor: false },
          ]),
        },
        {},
        'Debes marcar al menos una respuesta como correcta.',
      ],
      [
        {
          ...ok,
          respuestas: JSON.stringify([
            { respuesta: 'a', valor: true },
            { respuesta: ' ', valor: false },
          ]),
        },
        {},
        'La respuesta es obligatoria.',
      ],
      [{ ...ok, respuestas: JSON.stringify([1, 2, 3, 4, 5, 6].map((i) => ({ respuesta: `r${i}`, valor: true }))) }, {}, 'Máximo 5 respuestas permitidas.'],
      [{ ...ok, respuestas: '{no es json' }, {}, 'Las respuestas no tienen un formato válido.'],
      [ok, { imagen: { name: 'x.png', data: FILES.html } }, 'Solo se permiten archivos JPG, PNG y GIF.'],
    ];
    for (const [fields, files, msg] of cases)
      await expectRefused(t, () => sendForm(t, 'POST', '/api/pregunta/register', 'profesor', fields, files), 400, msg, ['preguntas']);
  });

  it('roles: 401 anonymous, 403 learner on reads and writes', async () => {
    const id = await scalar(t, 'SELECT min(id_pregunta) FROM pregunta');
    const ev = await evaluation();
    await expectRefused(t, () => t.call('GET', '/api/pregunta/getPreguntas'), 401);
    await expectRefused(t, () => t.call('GET', '/api/pregunta/getPreguntas', { as: 'nino' }), 403);
    await expectRefused(t, () => t.call('GET', `/api/pregunta/getPregunta/${id}`, { as: 'nino' }), 403);
    await expectRefused(
      t,
      () => sendForm(t, 'POST', '/api/pregunta/register', 'nino', { pregunta: 'x', id_evaluacion: ev }, { imagen: { name: 'a.png', data: FILES.png } }),
      403,
      undefined,
      ['preguntas'],
    );
    await expectRefused(t, () => t.call('PUT', `/api/pregunta/update/${id}`, { as: 'nino', body: { pregunta: 'x' } }), 403);
    await expectRefused(t, () => t.call('DELETE', `/api/pregunta/delete/${id}`, { as: 'nino' }), 403);
  });

  it('GET api/pregunta/getPreguntas → {data} with respuestas; q on pregunta, Tipo and id_evaluacion; paging', async () => {
    const all = await t.call('GET', '/api/pregunta/getPreguntas', { as: 'profesor' });
    const n = await scalar(t, 'SELECT count(*) FROM pregunta');
    expect(all.json().data).toHaveLength(n);
    expect(all.json().data[0].respuestas.length).toBeGreaterThan(0);
    const byTipo = (await t.call('GET', `/api/pregunta/getPreguntas?q=${encodeURIComponent('opción múltiple')}`, { as: 'profesor' })).json().data;
    expect(byTipo.length).toBeGreaterThan(0);
    for (const p of byTipo) expect(`${p.pregunta} ${p.Tipo}`.toLowerCase()).toContain('opción múltiple');
    const ev = await scalar(t, 'SELECT max(id_evaluacion) FROM evaluacion');
    const byEv = (await t.call('GET', `/api/pregunta/getPreguntas?id_evaluacion=${ev}`, { as: 'profesor' })).json().data;
    for (const p of byEv) expect(p.id_evaluacion).toBe(ev);
    const page = await t.call('GET', '/api/pregunta/getPreguntas?page=2&perPage=3', { as: 'profesor' });
    expect(page.headers['x-total-count']).toBe(String(n));
    expect(page.json().data.map((p: { id_pregunta: number }) => p.id_pregunta)).toEqual(
      all
        .json()
        .data.slice(3, 6)
        .map((p: { id_pregunta: number }) => p.id_pregunta),
    );
  });

  it('PUT api/pregunta/update/{id} changes the question (not its answers); a new image replaces the old file', async () => {
    const ev = await evaluation();
    const created = await withPicture(ev, 'Antes');
    const r = await sendForm(
      t,
      'PUT',
      `/api/pregunta/update/${created.id_pregunta}`,
      'profesor',
      { pregunta: 'Después', Tipo: 'Opción Múltiple', porcentaje: 50, id_evaluacion: ev },
      { imagen: { name: 'b.gif', data: FILES.gif } },
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      msg: 'Pregunta actualizada correctamente.',
      data: { pregunta: 'Después', porcentaje: 50, imagen: expect.stringMatching(/\.gif$/) },
    });
    expect(r.json().data.respuestas).toEqual(created.respuestas);
    expect(fileExists(t, 'preguntas', created.imagen)).toBe(false);
    // Text removed but the image stays: still valid.
    const noText = await t.call('PUT', `/api/pregunta/update/${created.id_pregunta}`, {
      as: 'profesor',
      body: { pregunta: '', Tipo: 'Imagen', porcentaje: 50, id_evaluacion: ev },
    });
    expect(noText.statusCode).toBe(200);
    await expectRefused(
      t,
      () => t.call('PUT', '/api/pregunta/update/999999', { as: 'profesor', body: { pregunta: 'x', id_evaluacion: ev } }),
      404,
      'Pregunta no encontrada.',
    );
  });

  it('DELETE api/pregunta/delete/{id} removes its answers too (one transaction) and their files', async () => {
    const ev = await evaluation();
    const created = await withPicture(ev, 'Borrable');
    const ans = await sendForm(
      t,
      'POST',
      '/api/respuesta/register',
      'profesor',
      { respuesta: 'con imagen', valor: 'false', id_pregunta: created.id_pregunta },
      { imagen: { name: 'r.png', data: FILES.png } },
    );
    expect(ans.statusCode).toBe(201);
    const r = await t.call('DELETE', `/api/pregunta/delete/${created.id_pregunta}`, { as: 'profesor' });
    expect(r.json()).toEqual({ msg: 'Pregunta eliminada correctamente.' });
    expect(await scalar(t, 'SELECT count(*) FROM respuesta WHERE id_pregunta = $1', [created.id_pregunta])).toBe(0);
    expect(fileExists(t, 'preguntas', created.imagen)).toBe(false);
    expect(fileExists(t, 'respuestas', ans.json().data.imagen)).toBe(false);
    expect((await t.call('GET', `/api/pregunta/getPregunta/${created.id_pregunta}`, { as: 'profesor' })).statusCode).toBe(404);
  });

  it('question + answers + image succeed or fail together: a database failure on the 2nd answer leaves nothing behind', async () => {
    await t.database.raw("ALTER TABLE respuesta ADD CONSTRAINT test_sin_boom CHECK (respuesta <> 'BOOM')");
    try {
      const respuestas = JSON.stringify([
        { respuesta: 'bien', valor: true },
        { respuesta: 'BOOM', valor: false },
      ]);
      const ev = await evaluation();
      const body = await expectRefused(
        t,
        () =>
          sendForm(
            t,
            'POST',
            '/api/pregunta/register',
            'profesor',
            { pregunta: 'Atómica', Tipo: 'Opción Múltiple', porcentaje: 5, id_evaluacion: ev, respuestas },
            { imagen: { name: 'a.png', data: FILES.png } },
          ),
        500,
        undefined,
        ['preguntas'],
      );
      expect(body.code).toBe('INTERNAL');
      expect(await scalar(t, "SELECT count(*) FROM pregunta WHERE pregunta = 'Atómica'")).toBe(0);
    } finally {
      await t.database.raw('ALTER TABLE respuesta DROP CONSTRAINT test_sin_boom');
    }
  });
  it('a question can show a sign: an MP4 or WebM file is accepted (by its bytes) and served as video; a text file is still refused', async () => {
    const ev = await evaluation();
    const mp4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom'), Buffer.alloc(64, 0)]);
    const webm = Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(64, 0)]);
    for (const [name, data, ext, mime] of [
      ['sena.mp4', mp4, 'mp4', 'video/mp4'],
      ['sena.webm', webm, 'webm', 'video/webm'],
    ] as const) {
      const r = await sendForm(
        t,
        'POST',
        '/api/pregunta/register',
        'profesor',
        { pregunta: '', Tipo: 'Video', porcentaje: 10, id_evaluacion: ev, respuestas: JSON.stringify([{ respuesta: 'gato', valor: true }]) },
        { imagen: { name, data } },
      );
      expect(r.statusCode).toBe(201);
      const { data: q } = r.json();
      expect(q).toMatchObject({ Tipo: 'Video', imagen: expect.stringMatching(new RegExp(`\\.${ext}$`)) });
      const file = await t.call('GET', `/uploads/preguntas/${q.imagen}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      // PUT keeps accepting a sign in place of the old file.
      const up = await sendForm(
        t,
        'PUT',
        `/api/pregunta/update/${q.id_pregunta}`,
        'profesor',
        { pregunta: '', Tipo: 'Video', porcentaje: 10, id_evaluacion: ev },
        { imagen: { name: 'otra.gif', data: FILES.gif } },
      );
      expect(up.statusCode).toBe(200);
      expect(up.json().data.imagen).toMatch(/\.gif$/);
      expect(fileExists(t, 'preguntas', q.imagen)).toBe(false);
    }
    const text = Buffer.from('solo texto, no es una seña\n');
    for (const method of ['POST', 'PUT'] as const) {
      const url =
        method === 'POST'
          ? '/api/pregunta/register'
          : `/api/pregunta/update/${(await sendForm(t, 'POST', '/api/pregunta/register', 'profesor', { pregunta: 'x', Tipo: 'Video', porcentaje: 1, id_evaluacion: ev }, {})).json().data.id_pregunta}`;
      await expectRefused(
        t,
        () =>
          sendForm(
            t,
            method,
            url,
            'profesor',
            { pregunta: 'x', Tipo: 'Video', porcentaje: 1, id_evaluacion: ev },
            { imagen: { name: 'sena.mp4', data: text } },
          ),
        400,
        'Solo se permiten archivos JPG, PNG y GIF.',
        ['preguntas'],
      );
    }
  });
});
