import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { expectRefused, fileExists, scalar, sendForm } from './content-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

async function newQuestion(n = 1): Promise<number> {
  const ev = await scalar(t, 'SELECT min(id_evaluacion) FROM evaluacion');
  const respuestas = Array.from({ length: n }, (_, i) => ({ respuesta: `op${i}`, valor: i === 0 }));
  const r = await t.call('POST', '/api/pregunta/register', {
    as: 'profesor',
    body: { pregunta: 'Elige', Tipo: 'Opción Múltiple', porcentaje: 10, id_evaluacion: ev, respuestas },
  });
  expect(r.statusCode).toBe(201);
  return r.json().data.id_pregunta;
}

/** A wrong answer 'a' with a picture, sent to question `q` by the profesor through the form. */
async function answerWithPicture(q: number) {
  const r = await sendForm(
    t,
    'POST',
    '/api/respuesta/register',
    'profesor',
    { respuesta: 'a', valor: 'false', id_pregunta: q },
    { imagen: { name: 'a.png', data: FILES.png } },
  );
  return r.json().data;
}

describe('respuesta', () => {
  it('POST api/respuesta/register (multipart with imagen) → 201; the image is served back', async () => {
    const q = await newQuestion();
    const r = await sendForm(
      t,
      'POST',
      '/api/respuesta/register',
      'profesor',
      { respuesta: 'amarillo', valor: 'true', id_pregunta: q },
      { imagen: { name: 'a.jpg', data: FILES.jpeg } },
    );
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({
      msg: 'Respuesta creada correctamente.',
      // Beside the spec's fields, the question's text (the list shows it).
      data: {
        id_respuesta: expect.any(Number),
        respuesta: 'amarillo',
        valor: true,
        id_pregunta: q,
        imagen: expect.stringMatching(/\.jpg$/),
        pregunta: { pregunta: expect.any(String) },
      },
    });
    expect((await t.call('GET', `/uploads/respuestas/${r.json().data.imagen}`)).headers['content-type']).toBe('image/jpeg');
    const one = await t.call('GET', `/api/respuesta/getRespuesta/${r.json().data.id_respuesta}`, { as: 'profesor' });
    expect(one.json().data).toEqual(r.json().data);
  });

  it('JSON works; an image without text is an answer too', async () => {
    const q = await newQuestion();
    expect((await t.call('POST', '/api/respuesta/register', { as: 'profesor', body: { respuesta: 'b', valor: false, id_pregunta: q } })).statusCode).toBe(201);
    const img = await sendForm(
      t,
      'POST',
      '/api/respuesta/register',
      'profesor',
      { respuesta: '', valor: 0, id_pregunta: q },
      { imagen: { name: 'a.gif', data: FILES.gif } },
    );
    expect(img.statusCode).toBe(201);
    expect(img.json().data).toMatchObject({ respuesta: '', valor: false });
  });

  it('validation messages; nothing written', async () => {
    const q = await newQuestion();
    const cases: [Record<string, string | number>, Record<string, { name: string; data: Buffer }>, string][] = [
      [{ respuesta: 'x', id_pregunta: q }, {}, 'El valor es obligatorio.'],
      [{ respuesta: 'x', valor: 'quizá', id_pregunta: q }, {}, 'El valor debe ser verdadero o falso.'],
      [{ respuesta: 'x', valor: 'true' }, {}, 'El ID de la pregunta es obligatorio.'],
      [{ respuesta: 'x', valor: 'true', id_pregunta: 999999 }, {}, 'La pregunta seleccionada no existe.'],
      [{ respuesta: '  ', valor: 'true', id_pregunta: q }, {}, 'La respuesta es obligatoria.'],
      [
        { respuesta: 'x', valor: 'true', id_pregunta: q },
        { imagen: { name: 'x.png', data: FILES.mp3 } },
        'Solo se permiten archivos JPG, PNG y GIF para las respuestas.',
      ],
    ];
    for (const [fields, files, msg] of cases)
      await expectRefused(t, () => sendForm(t, 'POST', '/api/respuesta/register', 'profesor', fields, files), 400, msg, ['respuestas']);
  });

  it('a question holds at most 5 answers', async () => {
    const q = await newQuestion(5);
    await expectRefused(
      t,
      () => t.call('POST', '/api/respuesta/register', { as: 'profesor', body: { respuesta: 'sexta', valor: false, id_pregunta: q } }),
      400,
      'Máximo 5 respuestas permitidas.',
    );
  });

  it('roles: 401 anonymous, 403 learner', async () => {
    const id = await scalar(t, 'SELECT min(id_respuesta) FROM respuesta');
    const q = await scalar(t, 'SELECT min(id_pregunta) FROM pregunta');
    await expectRefused(t, () => t.call('GET', '/api/respuesta/getRespuestas'), 401);
    await expectRefused(t, () => t.call('GET', '/api/respuesta/getRespuestas', { as: 'nino' }), 403);
    await expectRefused(t, () => t.call('GET', `/api/respuesta/getRespuestasPorPregunta/${q}`, { as: 'nino' }), 403);
    await expectRefused(t, () => t.call('GET', `/api/respuesta/getRespuesta/${id}`, { as: 'nino' }), 403);
    await expectRefused(
      t,
      () =>
        sendForm(
          t,
          'POST',
          '/api/respuesta/register',
          'nino',
          { respuesta: 'x', valor: 'true', id_pregunta: q },
          { imagen: { name: 'a.png', data: FILES.png } },
        ),
      403,
      undefined,
      ['respuestas'],
    );
    await expectRefused(t, () => t.call('PUT', `/api/respuesta/update/${id}`, { as: 'nino', body: { respuesta: 'x', valor: true, id_pregunta: q } }), 403);
    await expectRefused(t, () => t.call('DELETE', `/api/respuesta/delete/${id}`, { as: 'nino' }), 403);
  });

  it('GET getRespuestas (q, ?id_pregunta=) and getRespuestasPorPregunta/{id} → {data}', async () => {
    const q = await newQuestion(3);
    const por = (await t.call('GET', `/api/respuesta/getRespuestasPorPregunta/${q}`, { as: 'profesor' })).json().data;
    expect(por.map((r: { respuesta: string }) => r.respuesta)).toEqual(['op0', 'op1', 'op2']);
    const filtered = (await t.call('GET', `/api/respuesta/getRespuestas?id_pregunta=${q}`, { as: 'profesor' })).json().data;
    // The list carries the question's text beside the spec's fields.
    expect(filtered).toEqual(por.map((r: object) => ({ ...r, pregunta: { pregunta: expect.any(String) } })));
    const all = await t.call('GET', '/api/respuesta/getRespuestas', { as: 'profesor' });
    expect(all.json().data.length).toBe(await scalar(t, 'SELECT count(*) FROM respuesta'));
    expect((await t.call('GET', '/api/respuesta/getRespuestasPorPregunta/999999', { as: 'profesor' })).statusCode).toBe(404);
  });

  it('PUT api/respuesta/update/{id} → {msg, data}; a new image replaces the old file', async () => {
    const q = await newQuestion();
    const created = await answerWithPicture(q);
    const r = await sendForm(
      t,
      'PUT',
      `/api/respuesta/update/${created.id_respuesta}`,
      'profesor',
      { respuesta: 'b', valor: 'true', id_pregunta: q },
      { imagen: { name: 'b.gif', data: FILES.gif } },
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      msg: 'Respuesta actualizada correctamente.',
      data: { respuesta: 'b', valor: true, imagen: expect.stringMatching(/\.gif$/) },
    });
    expect(fileExists(t, 'respuestas', created.imagen)).toBe(false);
    expect(fileExists(t, 'respuestas', r.json().data.imagen)).toBe(true);
  });

  it('DELETE api/respuesta/delete/{id} → {msg}; its image goes too', async () => {
    const q = await newQuestion();
    const created = await answerWithPicture(q);
    const r = await t.call('DELETE', `/api/respuesta/delete/${created.id_respuesta}`, { as: 'profesor' });
    expect(r.json()).toEqual({ msg: 'Respuesta eliminada correctamente.' });
    expect(fileExists(t, 'respuestas', created.imagen)).toBe(false);
    await expectRefused(t, () => t.call('DELETE', `/api/respuesta/delete/${created.id_respuesta}`, { as: 'profesor' }), 404, 'Respuesta no encontrada.');
  });
});
