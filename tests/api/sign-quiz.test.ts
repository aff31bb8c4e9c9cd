import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { expectRefused, scalar, sendForm } from './content-helpers';

/**
 * "Generar preguntas con señas": a level's quiz questions in signs, made from its words — previewed,
 * then created in one request, once (a second "Crear" or ten at once store them once), by whoever
 * may write questions (profesor and above), as ordinary questions that are edited and deleted like
 * any other. The demo quizzes ask in signs too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const PATH = '/api/pregunta/generar-senas';
let made = 0;

/**
 * A level with its evaluation and words: `signed` words with a sign and a picture, `unsigned`
 * without a sign. Level, words and evaluation through the API; the media rows straight into the
 * table with distinct file names (uploads are content-addressed, so one test GIF would be one file
 * for every word, and a question never shows the same file twice).
 */
async function level(signed: number, unsigned = 0, withEvaluation = true) {
  made++;
  const lv = await sendForm(t, 'POST', '/api/nivel/register', 'admin', { nombre_nivel: `Señas ${made}`, descripcion: 'Nivel de prueba', dificultad: 'Fácil' });
  expect(lv.statusCode).toBe(201);
  const idNivel = lv.json().data.id_nivel as number;
  const words: { id: number; es: string }[] = [];
  for (let i = 0; i < signed + unsigned; i++) {
    const es = `palabra${made}x${i}`;
    const w = await t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: es, palabraIngles: `word${i}`, id_nivel: idNivel } });
    expect(w.statusCode).toBe(201);
    const id = w.json().data.id_palabra as number;
    words.push({ id, es });
    if (i < signed) {
      await t.database.raw(
        `INSERT INTO multimedia (tipo, descripcion, url, id_palabra) VALUES ('gif', 'gifSena', $1, $3), ('imagen', 'imgEspanol', $2, $3), ('gif', 'gifmenu', $4, $3)`,
        [`uploads/multimedia/s${made}-${i}.gif`, `uploads/multimedia/i${made}-${i}.png`, id, `uploads/multimedia/m${made}-${i}.gif`],
      );
    } else {
      // A menu GIF is a picture of the thing, not a sign: the word counts as without a sign.
      await t.database.raw(`INSERT INTO multimedia (tipo, descripcion, url, id_palabra) VALUES ('gif', 'gifmenu', $1, $2)`, [
        `uploads/multimedia/m${made}-${i}.gif`,
        id,
      ]);
    }
  }
  let idEvaluacion: number | null = null;
  if (withEvaluation) {
    const ev = await t.call('POST', '/api/evaluacion/register', { as: 'profesor', body: { id_nivel: idNivel, puntaje: 100 } });
    expect(ev.statusCode).toBe(201);
    idEvaluacion = ev.json().data.id_evaluacion as number;
  }
  return { idNivel, idEvaluacion, words };
}

interface Planned {
  id_palabra: number;
  palabra: string;
  modo: string;
  pregunta: string;
  porcentaje: number;
  multimedia: { url: string } | null;
  respuestas: { respuesta: string; valor: boolean; multimedia: { url: string; descripcion: string } | null }[];
  id_pregunta?: number;
}
const questionsOf = (idEvaluacion: number) => scalar(t, 'SELECT count(*) FROM pregunta WHERE id_evaluacion = $1', [idEvaluacion]);

describe('the demo quizzes ask in signs', () => {
  it('every demo level: six questions, the three sign kinds and two written from a sign, no translation', async () => {
    const r = await t.call('GET', '/api/evaluacion/detalles', { as: 'admin' });
    const evs = r.json().data as {
      preguntas: {
        pregunta: string;
        Tipo: string;
        modo: string | null;
        multimedia: { descripcion: string } | null;
        respuestas: { multimedia: { descripcion: string } | null }[];
      }[];
    }[];
    expect(evs).toHaveLength(4);
    for (const ev of evs) {
      expect(ev.preguntas).toHaveLength(6);
      expect(new Set(ev.preguntas.map((p) => p.modo).filter(Boolean))).toEqual(new Set(['sena-palabra', 'palabra-sena', 'sena-imagen']));
      for (const p of ev.preguntas) {
        expect(p.pregunta).not.toMatch(/Cómo se dice|en español/);
        if (p.modo === 'palabra-sena') expect(p.respuestas.every((a) => a.multimedia?.descripcion === 'gifSena')).toBe(true);
        else expect(p.multimedia?.descripcion).toBe('gifSena');
        if (p.modo === 'sena-imagen') expect(p.respuestas.every((a) => a.multimedia?.descripcion === 'imgEspanol')).toBe(true);
      }
    }
  });

  it('a learner gets the signs and pictures but not the words under them, nor the word asked about', async () => {
    const r = await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' });
    const p = (
      r.json().data as {
        preguntas: { modo: string | null; id_palabra: number | null; respuestas: { respuesta?: string; valor?: boolean; multimedia: unknown }[] }[];
      }[]
    )[0]!.preguntas;
    const tiles = p.find((q) => q.modo === 'palabra-sena')!;
    expect(tiles.id_palabra).toBeNull();
    expect(tiles.respuestas.every((a) => a.respuesta === '' && a.valor === undefined && a.multimedia)).toBe(true);
    const words = p.find((q) => q.modo === 'sena-palabra')!;
    expect(words.respuestas.every((a) => (a.respuesta ?? '').length > 0)).toBe(true);
  });
});

describe('POST/GET api/pregunta/generar-senas', () => {
  it('preview: which words, which kind, the answers and the sign file; words without a sign are named; nothing is stored', async () => {
    const l = await level(5, 3);
    const before = await snapshotCounts(t.database);
    const r = await t.call('GET', `${PATH}/${l.idNivel}`, { as: 'profesor' });
    expect(r.statusCode).toBe(200);
    const d = r.json().data as { preguntas: Planned[]; aviso_sin_sena: string; sin_sena: string[]; id_evaluacion: number };
    expect(d.id_evaluacion).toBe(l.idEvaluacion);
    expect(d.aviso_sin_sena).toBe('3 palabras no tienen seña y no se usan');
    expect(d.sin_sena).toEqual(l.words.slice(5).map((w) => w.es));
    expect(d.preguntas.map((q) => q.id_palabra)).toEqual(l.words.slice(0, 5).map((w) => w.id));
    for (const q of d.preguntas) {
      expect(q.respuestas.filter((a) => a.valor)).toEqual([expect.objectContaining({ respuesta: q.palabra })]);
      if (q.modo !== 'palabra-sena') expect(q.multimedia?.url).toMatch(/^uploads\/multimedia\/s\d+-\d+\.gif$/);
      // Every question weighs the same: 5 questions, 20 % each.
      expect(q.porcentaje).toBe(20);
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('create: the previewed questions are stored with their answers and files, once; a second Crear is refused', async () => {
    const l = await level(4, 1);
    const preview = (await t.call('GET', `${PATH}/${l.idNivel}`, { as: 'profesor' })).json().data as { preguntas: Planned[] };
    const r = await t.call('POST', PATH, { as: 'profesor', body: { id_nivel: l.idNivel } });
    expect(r.statusCode).toBe(201);
    expect(r.json().msg).toBe('Se crearon 4 preguntas con señas.');
    const created = r.json().data.preguntas as Planned[];
    expect(created.map(({ id_pregunta, ...q }) => (expect(id_pregunta).toEqual(expect.any(Number)), q))).toEqual(preview.preguntas);
    // Stored as ordinary questions: the staff's reads show them with their media and key.
    const detalles = (await t.call('GET', `/api/evaluacion/detalles?id_nivel=${l.idNivel}`, { as: 'profesor' })).json().data[0];
    expect(detalles.preguntas).toHaveLength(4);
    for (const [i, q] of detalles.preguntas.entries()) {
      expect(q).toMatchObject({ Tipo: 'Opción Múltiple', modo: preview.preguntas[i]!.modo, pregunta: preview.preguntas[i]!.pregunta, porcentaje: 25 });
      expect(q.respuestas.map((a: Planned['respuestas'][number]) => [a.respuesta, a.valor, a.multimedia?.url ?? null])).toEqual(
        preview.preguntas[i]!.respuestas.map((a) => [a.respuesta, a.valor, a.multimedia?.url ?? null]),
      );
    }
    await expectRefused(
      t,
      () => t.call('POST', PATH, { as: 'profesor', body: { id_nivel: l.idNivel } }),
      409,
      'Este nivel ya tiene preguntas con señas para todas sus palabras con seña.',
    );
    expect(await questionsOf(l.idEvaluacion!)).toBe(4);
  });

  it('ten requests at once store the questions once: one 201, nine 409 ALREADY_GENERATED', async () => {
    const l = await level(4);
    const rs = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', PATH, { as: 'admin', body: { id_nivel: l.idNivel } })));
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of rs.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('ALREADY_GENERATED');
    expect(await questionsOf(l.idEvaluacion!)).toBe(4);
    expect(await scalar(t, 'SELECT count(*) FROM respuesta r JOIN pregunta p USING (id_pregunta) WHERE p.id_evaluacion = $1', [l.idEvaluacion])).toBe(12);
  });

  it('the unique key itself refuses a second generated question for the same word and quiz', async () => {
    const l = await level(3);
    expect((await t.call('POST', PATH, { as: 'admin', body: { id_nivel: l.idNivel } })).statusCode).toBe(201);
    await expect(
      t.database.raw(`INSERT INTO pregunta (pregunta, tipo, id_evaluacion, id_palabra, modo) VALUES ('x', 'Opción Múltiple', $1, $2, 'sena-imagen')`, [
        l.idEvaluacion,
        l.words[0]!.id,
      ]),
    ).rejects.toThrow();
  });

  it('a word added later gets its question; the ones already made are not made again', async () => {
    const l = await level(3);
    expect((await t.call('POST', PATH, { as: 'admin', body: { id_nivel: l.idNivel } })).statusCode).toBe(201);
    const w = await t.call('POST', '/api/palabra/register', { as: 'admin', body: { palabraEspanol: 'nueva', palabraIngles: 'new', id_nivel: l.idNivel } });
    await t.database.raw(`INSERT INTO multimedia (tipo, descripcion, url, id_palabra) VALUES ('gif', 'gifSena', 'uploads/multimedia/nueva.gif', $1)`, [
      w.json().data.id_palabra,
    ]);
    const preview = (await t.call('GET', `${PATH}/${l.idNivel}`, { as: 'admin' })).json().data;
    expect(preview.preguntas.map((q: Planned) => q.palabra)).toEqual(['nueva']);
    expect(preview.ya_generadas).toEqual(l.words.map((x) => x.es));
    const r = await t.call('POST', PATH, { as: 'admin', body: { id_nivel: l.idNivel } });
    expect(r.statusCode).toBe(201);
    expect(r.json().msg).toBe('Se creó 1 pregunta con señas.');
    expect(await questionsOf(l.idEvaluacion!)).toBe(4);
  });

  it('generated questions are ordinary questions: edited (text, porcentaje, answers) and deleted like any other', async () => {
    const l = await level(3);
    const made = (await t.call('POST', PATH, { as: 'profesor', body: { id_nivel: l.idNivel } })).json().data.preguntas as Planned[];
    const id = made[0]!.id_pregunta!;
    const stored = (await t.call('GET', `/api/pregunta/getPregunta/${id}`, { as: 'profesor' })).json().data;
    const right = stored.respuestas.find((a: { valor: boolean }) => a.valor);
    const upd = await t.call('PUT', `/api/pregunta/update/${id}`, {
      as: 'profesor',
      body: {
        pregunta: 'Mira bien esta seña',
        Tipo: 'Opción Múltiple',
        porcentaje: 50,
        id_evaluacion: l.idEvaluacion,
        respuestas: stored.respuestas.map((a: { id_respuesta: number; respuesta: string; valor: boolean }) => ({
          id_respuesta: a.id_respuesta,
          respuesta: a.respuesta.toUpperCase(),
          valor: a.valor,
        })),
      },
    });
    expect(upd.statusCode).toBe(200);
    const after = (await t.call('GET', `/api/pregunta/getPregunta/${id}`, { as: 'profesor' })).json().data;
    expect(after).toMatchObject({ pregunta: 'Mira bien esta seña', porcentaje: 50, modo: stored.modo, id_multimedia: stored.id_multimedia });
    // The answers keep their sign or picture through an edit of their text.
    expect(after.respuestas.find((a: { id_respuesta: number }) => a.id_respuesta === right.id_respuesta)).toMatchObject({
      respuesta: right.respuesta.toUpperCase(),
      id_multimedia: right.id_multimedia,
    });
    const del = await t.call('DELETE', `/api/pregunta/delete/${id}`, { as: 'profesor' });
    expect(del.statusCode).toBe(200);
    expect(await questionsOf(l.idEvaluacion!)).toBe(2);
  });

  it('a child answers generated questions and is graded as before (every right choice → 100)', async () => {
    const l = await level(3);
    expect((await t.call('POST', PATH, { as: 'admin', body: { id_nivel: l.idNivel } })).statusCode).toBe(201);
    const key = (await t.call('GET', `/api/evaluacion/detalles?id_nivel=${l.idNivel}`, { as: 'admin' })).json().data[0].preguntas as {
      id_pregunta: number;
      respuestas: { id_respuesta: number; valor: boolean }[];
    }[];
    const respuestas = key.map((q) => ({
      id_pregunta: q.id_pregunta,
      id_nivel: l.idNivel,
      id_respuesta: q.respuestas.find((a) => a.valor)!.id_respuesta,
      respuesta: '',
    }));
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nina', body: { respuestas } });
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ correctas: 3, total_preguntas: 3, puntaje: 100 });
  });
});

describe('generar-senas: who may, and bad input', () => {
  it('anonymous (401) and a learner (403) are refused, for the preview and the create; nothing is stored', async () => {
    const l = await level(3);
    for (const [as, status] of [
      [undefined, 401],
      ['nino', 403],
    ] as const) {
      await expectRefused(t, () => t.call('GET', `${PATH}/${l.idNivel}`, { as }), status);
      await expectRefused(t, () => t.call('POST', PATH, { as, body: { id_nivel: l.idNivel } }), status);
    }
    expect(await questionsOf(l.idEvaluacion!)).toBe(0);
  });

  it('profesor, admin and superadmin may (the roles that write questions); a profesor of no class too, as questions belong to no class', async () => {
    for (const as of ['profesor', 'admin', 'superadmin'] as const) {
      const l = await level(3);
      expect((await t.call('GET', `${PATH}/${l.idNivel}`, { as })).statusCode).toBe(200);
      expect((await t.call('POST', PATH, { as, body: { id_nivel: l.idNivel } })).statusCode).toBe(201);
    }
  });

  it('an unknown level → 404; a missing or malformed id_nivel → 400; all in Spanish, nothing stored', async () => {
    await expectRefused(t, () => t.call('POST', PATH, { as: 'admin', body: { id_nivel: 999999 } }), 404, 'El nivel seleccionado no existe.');
    await expectRefused(t, () => t.call('GET', `${PATH}/999999`, { as: 'admin' }), 404, 'El nivel seleccionado no existe.');
    await expectRefused(t, () => t.call('POST', PATH, { as: 'admin', body: {} }), 400, 'El nivel es obligatorio.');
    await expectRefused(t, () => t.call('POST', PATH, { as: 'admin', body: { id_nivel: 'abc' } }), 400);
    await expectRefused(t, () => t.call('GET', `${PATH}/abc`, { as: 'admin' }), 400);
  });

  it('a level whose words have no sign → 400 NO_SIGNED_WORDS; too few words → 400 TOO_FEW_WORDS; no evaluation → 409 NO_EVALUATION', async () => {
    const none = await level(0, 4);
    const body = await expectRefused(
      t,
      () => t.call('POST', PATH, { as: 'admin', body: { id_nivel: none.idNivel } }),
      400,
      'Ninguna palabra de este nivel tiene seña: sube primero las señas de sus palabras.',
    );
    expect(body.code).toBe('NO_SIGNED_WORDS');
    expect((await t.call('GET', `${PATH}/${none.idNivel}`, { as: 'admin' })).json().code).toBe('NO_SIGNED_WORDS');
    const two = await level(2);
    expect((await expectRefused(t, () => t.call('POST', PATH, { as: 'admin', body: { id_nivel: two.idNivel } }), 400)).code).toBe('TOO_FEW_WORDS');
    const noEv = await level(3, 0, false);
    expect(
      (
        await expectRefused(
          t,
          () => t.call('POST', PATH, { as: 'admin', body: { id_nivel: noEv.idNivel } }),
          409,
          'Este nivel no tiene evaluación. Crea primero su evaluación.',
        )
      ).code,
    ).toBe('NO_EVALUATION');
  });
});
