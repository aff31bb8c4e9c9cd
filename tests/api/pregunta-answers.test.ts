import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type DemoUser, type TestApp } from './helpers';
import { expectRefused, fileExists, scalar, sendForm } from './content-helpers';

/**
 * A question's answers are edited from its own form. The create and the update carry the
 * answers (and their pictures, as `respuesta_imagen_<i>` file fields) in one request, written in one
 * transaction, for admin and profesor alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const evaluation = () => scalar(t, 'SELECT min(id_evaluacion) FROM evaluacion');
type Answer = { id_respuesta: number; respuesta: string; valor: boolean; imagen: string | null };
const answersOf = async (id: number): Promise<Answer[]> => (await t.call('GET', `/api/pregunta/getPregunta/${id}`, { as: 'admin' })).json().data.respuestas;
const brief = (rs: Answer[]) => rs.map((r) => [r.respuesta, r.valor]);

async function createText(as: DemoUser, expected: string) {
  const r = await sendForm(t, 'POST', '/api/pregunta/register', as, {
    pregunta: `¿Cómo se dice? (${as})`,
    Tipo: 'Texto',
    porcentaje: 10,
    id_evaluacion: await evaluation(),
    respuestas: JSON.stringify([{ respuesta: expected, valor: true }]),
  });
  expect(r.statusCode).toBe(201);
  return r.json().data as { id_pregunta: number; respuestas: Answer[] };
}

async function createChoice(as: DemoUser) {
  const r = await sendForm(
    t,
    'POST',
    '/api/pregunta/register',
    as,
    {
      pregunta: `¿Qué fruta es roja? (${as})`,
      Tipo: 'Opción Múltiple',
      porcentaje: 20,
      id_evaluacion: await evaluation(),
      respuestas: JSON.stringify([
        { respuesta: 'fresa', valor: true },
        { respuesta: 'plátano', valor: false },
        { respuesta: 'pera', valor: false },
      ]),
    },
    { respuesta_imagen_0: { name: 'fresa.png', data: FILES.png }, respuesta_imagen_2: { name: 'pera.gif', data: FILES.gif } },
  );
  expect(r.statusCode).toBe(201);
  return r.json().data as { id_pregunta: number; respuestas: Answer[] };
}

describe('pregunta with its answers', () => {
  for (const as of ['admin', 'profesor'] as const) {
    it(`${as}: a Texto question is created with its expected answer; the update changes it`, async () => {
      const q = await createText(as, 'gato');
      expect(brief(q.respuestas)).toEqual([['gato', true]]);
      const ev = await evaluation();
      const r = await t.call('PUT', `/api/pregunta/update/${q.id_pregunta}`, {
        as,
        body: {
          pregunta: '¿Cómo se dice?',
          Tipo: 'Texto',
          porcentaje: 10,
          id_evaluacion: ev,
          respuestas: [{ id_respuesta: q.respuestas[0]!.id_respuesta, respuesta: 'perro', valor: true }],
        },
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.respuestas).toEqual([expect.objectContaining({ id_respuesta: q.respuestas[0]!.id_respuesta, respuesta: 'perro', valor: true })]);
    });

    it(`${as}: a choice question with 3 answers and 2 pictures in one request; the update changes, removes and adds answers`, async () => {
      const q = await createChoice(as);
      expect(brief(q.respuestas)).toEqual([
        ['fresa', true],
        ['plátano', false],
        ['pera', false],
      ]);
      const [fresa, platano, pera] = q.respuestas as [Answer, Answer, Answer];
      expect(fresa.imagen).toMatch(/\.png$/);
      expect(platano.imagen).toBeNull();
      expect(pera.imagen).toMatch(/\.gif$/);
      expect(fileExists(t, 'respuestas', fresa.imagen!)).toBe(true);

      // Change "fresa" (new picture), drop "plátano", keep "pera", add "manzana" with a picture.
      const r = await sendForm(
        t,
        'PUT',
        `/api/pregunta/update/${q.id_pregunta}`,
        as,
        {
          pregunta: '¿Qué frutas son rojas?',
          Tipo: 'Opción Múltiple',
          porcentaje: 20,
          id_evaluacion: await evaluation(),
          respuestas: JSON.stringify([
            { id_respuesta: fresa.id_respuesta, respuesta: 'fresa roja', valor: true },
            { id_respuesta: pera.id_respuesta, respuesta: 'pera', valor: false },
            { respuesta: 'manzana', valor: true },
          ]),
        },
        { respuesta_imagen_0: { name: 'nueva.gif', data: FILES.gif }, respuesta_imagen_2: { name: 'manzana.png', data: FILES.png } },
      );
      expect(r.statusCode).toBe(200);
      const after = await answersOf(q.id_pregunta);
      expect(brief(after)).toEqual([
        ['fresa roja', true],
        ['pera', false],
        ['manzana', true],
      ]);
      expect(after[0]!.id_respuesta).toBe(fresa.id_respuesta);
      expect(after[0]!.imagen).toMatch(/\.gif$/);
      expect(after[1]!.imagen).toBe(pera.imagen);
      expect(after[2]!.imagen).toMatch(/\.png$/);
      // The replaced picture is gone, the kept one stays, the new ones exist; nothing stored twice.
      expect(fileExists(t, 'respuestas', fresa.imagen!)).toBe(false);
      expect(fileExists(t, 'respuestas', pera.imagen!)).toBe(true);
      expect(fileExists(t, 'respuestas', after[0]!.imagen!)).toBe(true);
      expect(await scalar(t, 'SELECT count(*) FROM respuesta WHERE id_respuesta = $1', [platano.id_respuesta])).toBe(0);
    });
  }

  it('an update without respuestas leaves the answers as they are (the spec PUT)', async () => {
    const q = await createChoice('profesor');
    const r = await t.call('PUT', `/api/pregunta/update/${q.id_pregunta}`, {
      as: 'profesor',
      body: { pregunta: 'Solo el texto', Tipo: 'Opción Múltiple', porcentaje: 5, id_evaluacion: await evaluation() },
    });
    expect(r.statusCode).toBe(200);
    expect(await answersOf(q.id_pregunta)).toEqual(q.respuestas);
  });

  it('a choice question turned Texto keeps one expected answer', async () => {
    const q = await createChoice('profesor');
    const r = await t.call('PUT', `/api/pregunta/update/${q.id_pregunta}`, {
      as: 'profesor',
      body: {
        pregunta: 'Escribe la fruta',
        Tipo: 'Texto',
        porcentaje: 5,
        id_evaluacion: await evaluation(),
        respuestas: [{ id_respuesta: q.respuestas[0]!.id_respuesta, respuesta: 'fresa', valor: true }],
      },
    });
    expect(r.statusCode).toBe(200);
    expect(brief(await answersOf(q.id_pregunta))).toEqual([['fresa', true]]);
  });

  it('refusals say why in Spanish and change nothing (question, answers, files)', async () => {
    const ev = await evaluation();
    const choice = await createChoice('profesor');
    const text = await createText('profesor', 'sol');
    const other = await createChoice('admin');
    const choiceBody = { pregunta: 'Cambiada', Tipo: 'Opción Múltiple', porcentaje: 20, id_evaluacion: ev };
    const textBody = { pregunta: 'Cambiada', Tipo: 'Texto', porcentaje: 10, id_evaluacion: ev };
    const cases: [number, Record<string, unknown>, string][] = [
      [choice.id_pregunta, { ...choiceBody, respuestas: [] }, 'Debes marcar al menos una respuesta como correcta.'],
      [
        choice.id_pregunta,
        { ...choiceBody, respuestas: [{ id_respuesta: choice.respuestas[0]!.id_respuesta, respuesta: 'fresa', valor: false }] },
        'Debes marcar al menos una respuesta como correcta.',
      ],
      [choice.id_pregunta, { ...choiceBody, respuestas: [{ respuesta: ' ', valor: true }] }, 'La respuesta es obligatoria.'],
      [
        choice.id_pregunta,
        { ...choiceBody, respuestas: [{ id_respuesta: other.respuestas[0]!.id_respuesta, respuesta: 'x', valor: true }] },
        'Una de las respuestas no pertenece a esta pregunta.',
      ],
      [text.id_pregunta, { ...textBody, respuestas: [] }, 'Una pregunta de texto tiene exactamente una respuesta esperada.'],
      [
        text.id_pregunta,
        {
          ...textBody,
          respuestas: [
            { respuesta: 'a', valor: true },
            { respuesta: 'b', valor: true },
          ],
        },
        'Una pregunta de texto tiene exactamente una respuesta esperada.',
      ],
    ];
    for (const [id, body, msg] of cases) {
      const before = await answersOf(id);
      await expectRefused(t, () => t.call('PUT', `/api/pregunta/update/${id}`, { as: 'profesor', body }), 400, msg, ['preguntas', 'respuestas']);
      expect(await answersOf(id)).toEqual(before);
      expect((await t.call('GET', `/api/pregunta/getPregunta/${id}`, { as: 'admin' })).json().data.pregunta).not.toBe('Cambiada');
    }
    // A create: two expected texts, a picture that is not an image, a picture without its answer.
    const create = { pregunta: 'Nueva', Tipo: 'Texto', porcentaje: 10, id_evaluacion: ev };
    await expectRefused(
      t,
      () =>
        sendForm(t, 'POST', '/api/pregunta/register', 'profesor', {
          ...create,
          respuestas: JSON.stringify([
            { respuesta: 'a', valor: true },
            { respuesta: 'b', valor: true },
          ]),
        }),
      400,
      'Una pregunta de texto tiene exactamente una respuesta esperada.',
      ['preguntas', 'respuestas'],
    );
    // A bad answer picture, and a picture for an answer that does not exist: refused, nothing stored.
    for (const [files, msg] of [
      [{ respuesta_imagen_0: { name: 'x.png', data: FILES.html } }, 'Solo se permiten archivos JPG, PNG y GIF para las respuestas.'],
      [{ respuesta_imagen_3: { name: 'x.png', data: FILES.png } }, 'Hay una imagen de respuesta sin su respuesta.'],
    ] as const) {
      await expectRefused(
        t,
        () => sendForm(t, 'POST', '/api/pregunta/register', 'profesor', { ...create, respuestas: JSON.stringify([{ respuesta: 'a', valor: true }]) }, files),
        400,
        msg,
        ['preguntas', 'respuestas'],
      );
    }
  });

  it('a learner may neither create nor update a question with answers', async () => {
    const q = await createText('profesor', 'luna');
    const ev = await evaluation();
    await expectRefused(
      t,
      () =>
        sendForm(
          t,
          'POST',
          '/api/pregunta/register',
          'nino',
          { pregunta: 'x', Tipo: 'Texto', porcentaje: 1, id_evaluacion: ev, respuestas: JSON.stringify([{ respuesta: 'a', valor: true }]) },
          { respuesta_imagen_0: { name: 'a.png', data: FILES.png } },
        ),
      403,
      undefined,
      ['respuestas'],
    );
    await expectRefused(
      t,
      () =>
        t.call('PUT', `/api/pregunta/update/${q.id_pregunta}`, {
          as: 'nino',
          body: { pregunta: 'x', Tipo: 'Texto', porcentaje: 1, id_evaluacion: ev, respuestas: [{ respuesta: 'trampa', valor: true }] },
        }),
      403,
    );
    expect(brief(await answersOf(q.id_pregunta))).toEqual([['luna', true]]);
  });
});

describe('evaluacion', () => {
  it('a second evaluation for a level is refused with a clear message, nothing written', async () => {
    const lvl = await scalar(t, 'SELECT id_nivel FROM evaluacion ORDER BY id_evaluacion LIMIT 1');
    const body = await expectRefused(t, () => t.call('POST', '/api/evaluacion/register', { as: 'profesor', body: { id_nivel: lvl, puntaje: 50 } }), 409);
    expect(body.msg).toBe('Ese nivel ya tiene una evaluación. Edita la existente.');
  });
});

describe('a question with its picture and a picture on every answer arrives in one request', () => {
  it('imagen + 5 answer pictures → 201, every picture stored (the multipart limit was 2 files: 413)', async () => {
    const pics = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`respuesta_imagen_${i}`, { name: `r${i}.png`, data: FILES.png }]).concat([
        ['imagen', { name: 'q.png', data: FILES.png }],
      ]),
    );
    const r = await sendForm(
      t,
      'POST',
      '/api/pregunta/register',
      'profesor',
      {
        pregunta: '¿Cuál es la seña de gato?',
        Tipo: 'Opción Múltiple',
        porcentaje: 10,
        id_evaluacion: await evaluation(),
        respuestas: JSON.stringify(Array.from({ length: 5 }, (_, i) => ({ respuesta: `opción ${i}`, valor: i === 0 }))),
      },
      pics,
    );
    expect(r.statusCode, r.body).toBe(201);
    const answers = r.json().data.respuestas as Answer[];
    expect(answers).toHaveLength(5);
    for (const a of answers) expect(a.imagen).toBeTruthy();
  });
});
