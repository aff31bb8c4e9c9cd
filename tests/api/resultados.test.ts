import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { demoClass, makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { evaluacion, nivel, pregunta, respuesta } from '../../src/server/db/schema';
import { ALL_ANSWERED_MSG } from '../../src/shared/rules/quiz';

let t: TestApp;

interface KeyQ {
  id: number;
  tipo: string;
  answers: { id: number; texto: string; valor: boolean }[];
}
interface Level {
  id: number;
  nombre: string;
  questions: KeyQ[];
}
let levels: Level[];

/** The demo answer key, read straight from the database (what a correct child would answer). */
async function loadLevels(): Promise<Level[]> {
  const { db } = t.database;
  const lvls = await db.select().from(nivel).orderBy(asc(nivel.idNivel));
  const out: Level[] = [];
  for (const l of lvls) {
    const [ev] = await db.select().from(evaluacion).where(eq(evaluacion.idNivel, l.idNivel));
    const qs = await db.select().from(pregunta).where(eq(pregunta.idEvaluacion, ev!.idEvaluacion)).orderBy(asc(pregunta.idPregunta));
    const questions: KeyQ[] = [];
    for (const q of qs) {
      const as = await db.select().from(respuesta).where(eq(respuesta.idPregunta, q.idPregunta)).orderBy(asc(respuesta.idRespuesta));
      questions.push({ id: q.idPregunta, tipo: q.tipo, answers: as.map((a) => ({ id: a.idRespuesta, texto: a.respuesta, valor: a.valor })) });
    }
    out.push({ id: l.idNivel, nombre: l.nombreNivel, questions });
  }
  return out;
}

const isChoice = (q: KeyQ) => q.tipo === 'Opción Múltiple';

/** Rows answering every question right (`right` true) or wrong, optionally lying about correctness. */
function rows(level: Level, userId: number, pick: (q: KeyQ, i: number) => boolean, claim?: boolean) {
  return level.questions.map((q, i) => {
    const right = pick(q, i);
    const base = { id_pregunta: q.id, id_usuario: userId, id_nivel: level.id, fecha: new Date().toISOString() };
    const claimed = claim ?? right;
    if (isChoice(q)) {
      const a = q.answers.find((x) => x.valor === right)!;
      return { ...base, id_respuesta: a.id, respuesta: a.texto, correcta: claimed, valor: claimed ? 1 : 0 };
    }
    return { ...base, id_respuesta: null, respuesta: right ? `  ${q.answers[0]!.texto.toUpperCase()} ` : 'no sé', correcta: claimed, valor: claimed ? 1 : 0 };
  });
}

beforeAll(async () => {
  t = await makeTestApp();
  levels = await loadLevels();
  // The profesor teaches both demo children (a teacher reads only the children of their classes).
  await demoClass(t);
});
afterAll(async () => t?.close());

describe('POST save-multiple (both readings): the server judges the quiz', () => {
  it('needs a session: no token → 401 and nothing stored', async () => {
    const before = await snapshotCounts(t.database);
    const r = await t.call('POST', '/api/resultados/save-multiple', { body: { respuestas: rows(levels[0]!, 1, () => true) } });
    expect(r.statusCode).toBe(401);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('all right (text answers trimmed, case ignored) → 100, stored as one attempt with its rows, level completado', async () => {
    const uid = await t.userId('nina');
    const lvl = levels[1]!;
    const before = await snapshotCounts(t.database);
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nina', body: { respuestas: rows(lvl, uid, () => true) } });
    expect(r.statusCode, r.body).toBe(201);
    const body = r.json();
    expect(body.msg).toBe('Respuestas guardadas correctamente.');
    expect(body.data).toMatchObject({ correctas: lvl.questions.length, total_preguntas: lvl.questions.length, puntaje: 100, id_nivel: lvl.id });
    expect(Date.parse(body.data.fecha)).not.toBeNaN();
    const after = await snapshotCounts(t.database);
    expect(after.intento).toBe(before.intento + 1);
    expect(after.resultado).toBe(before.resultado + lvl.questions.length);
    const stored = await t.database.raw('SELECT correcta, valor FROM resultado WHERE id_intento = $1 ORDER BY id_pregunta', [body.data.id]);
    expect(stored.rows.every((x) => x.correcta === true && Number(x.valor) === 1)).toBe(true);
    const prog = await t.call('GET', `/api/progreso/usuario/${uid}`, { as: 'nina' });
    expect(prog.json().data.find((p: { id_nivel: number }) => p.id_nivel === lvl.id)).toMatchObject({ estado: 'completado', reintentos: 0 });
  });

  it("a wrong answer claimed correct scores 0: the browser's correcta/valor are ignored", async () => {
    const uid = await t.userId('nino');
    const lvl = levels[2]!;
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas: rows(lvl, uid, () => false, true) } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ correctas: 0, puntaje: 0, total_preguntas: lvl.questions.length });
    const stored = await t.database.raw('SELECT correcta, valor FROM resultado WHERE id_intento = $1', [r.json().data.id]);
    expect(stored.rows.every((x) => x.correcta === false && Number(x.valor) === 0)).toBe(true);
    const prog = await t.call('GET', `/api/progreso/usuario/${uid}`, { as: 'nino' });
    expect(prog.json().data.find((p: { id_nivel: number }) => p.id_nivel === lvl.id)).toMatchObject({
      estado: 'en progreso',
      ultimo_resultado: { puntaje: 0 },
    });
  });

  it('/api/respuestas/save-multiple behaves the same; score = correct/total*100 with two decimals; retries counted', async () => {
    const uid = await t.userId('nino');
    const lvl = levels[2]!; // second attempt at this level (see the previous test)
    const n = lvl.questions.length;
    const r = await t.call('POST', '/api/respuestas/save-multiple', { as: 'nino', body: { respuestas: rows(lvl, uid, (_q, i) => i === 0) } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data).toMatchObject({ correctas: 1, total_preguntas: n, puntaje: Math.round((100 / n) * 100) / 100 });
    const prog = await t.call('GET', `/api/progreso/usuario/${uid}`, { as: 'nino' });
    expect(prog.json().data.find((p: { id_nivel: number }) => p.id_nivel === lvl.id)).toMatchObject({ reintentos: 1, estado: 'en progreso' });
  });

  it('a pass after a fail completes the level; a later fail is practice (graded, not stored) and the pass stays the result', async () => {
    const uid = await t.userId('nino');
    const lvl = levels[3]!;
    const pass = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas: rows(lvl, uid, (_q, i) => i < 4) } });
    // 4 of the demo quiz's 6 right: a pass.
    expect(pass.json().data.puntaje).toBe(66.67);
    const fail = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas: rows(lvl, uid, () => false) } });
    expect(fail.statusCode).toBe(200);
    expect(fail.json()).toMatchObject({ practica: true, data: { id: null, puntaje: 0 } });
    const prog = await t.call('GET', `/api/progreso/usuario/${uid}`, { as: 'nino' });
    expect(prog.json().data.find((p: { id_nivel: number }) => p.id_nivel === lvl.id)).toMatchObject({
      estado: 'completado',
      ultimo_resultado: { puntaje: 66.67 },
      mejor_resultado: { puntaje: 66.67 },
      aprobado: true,
    });
  });

  it('a plain array body is read as the respuestas list', async () => {
    const uid = await t.userId('nina');
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nina', body: rows(levels[0]!, uid, () => true) });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().data.puntaje).toBe(100);
  });

  it('the id_usuario may be omitted (the session decides whose attempt it is)', async () => {
    const r = await t.call('POST', '/api/resultados/save-multiple', {
      as: 'nina',
      // A level nina has not passed (after a pass a submit is practice and stores nothing).
      body: { respuestas: rows(levels[2]!, 0, () => true).map(({ id_usuario: _u, ...x }) => x) },
    });
    expect(r.statusCode, r.body).toBe(201);
  });

  const refusals: [string, (uid: number, otherUid: number) => unknown, number, string | RegExp][] = [
    ["someone else's id_usuario", (_u, other) => ({ respuestas: rows(levels[0]!, other, () => true) }), 403, 'Solo puedes guardar tus propias respuestas.'],
    ['an empty list', () => ({ respuestas: [] }), 400, ALL_ANSWERED_MSG],
    ['no list', () => ({}), 400, ALL_ANSWERED_MSG],
    ['a missing question', (u) => ({ respuestas: rows(levels[0]!, u, () => true).slice(1) }), 400, ALL_ANSWERED_MSG],
    [
      'a blank text answer',
      (u) => ({ respuestas: rows(levels[0]!, u, () => true).map((x) => (x.id_respuesta === null ? { ...x, respuesta: '   ' } : x)) }),
      400,
      ALL_ANSWERED_MSG,
    ],
    [
      'a choice question without a chosen option',
      (u) => ({ respuestas: rows(levels[0]!, u, () => true).map((x) => (x.id_respuesta !== null ? { ...x, id_respuesta: null } : x)) }),
      400,
      ALL_ANSWERED_MSG,
    ],
    [
      'an option of another question',
      (u) => {
        const rs = rows(levels[0]!, u, () => true);
        const foreign = levels[1]!.questions.find(isChoice)!.answers[0]!.id;
        return { respuestas: rs.map((x) => (x.id_respuesta !== null ? { ...x, id_respuesta: foreign } : x)) };
      },
      400,
      /no pertenece a la pregunta/,
    ],
    [
      'a question of another level',
      (u) => {
        const rs = rows(levels[0]!, u, () => true);
        return { respuestas: [...rs.slice(1), { ...rows(levels[1]!, u, () => true)[0]!, id_nivel: levels[0]!.id }] };
      },
      400,
      'Las preguntas enviadas no pertenecen a la evaluación de este nivel.',
    ],
    [
      'rows of two levels',
      (u) => ({ respuestas: [...rows(levels[0]!, u, () => true), ...rows(levels[1]!, u, () => true)] }),
      400,
      'Todas las respuestas deben ser del mismo nivel.',
    ],
    [
      'the same question twice',
      (u) => {
        const rs = rows(levels[0]!, u, () => true);
        return { respuestas: [...rs, rs[0]] };
      },
      400,
      /más de una vez/,
    ],
    [
      'a non-numeric id',
      (u) => ({ respuestas: rows(levels[0]!, u, () => true).map((x, i) => (i === 0 ? { ...x, id_pregunta: 'abc' } : x)) }),
      400,
      'El identificador de la pregunta no es válido.',
    ],
    ['an unknown level', (u) => ({ respuestas: rows(levels[0]!, u, () => true).map((x) => ({ ...x, id_nivel: 999999 })) }), 404, 'Nivel no encontrado.'],
    [
      'an over-long text answer',
      (u) => ({ respuestas: rows(levels[0]!, u, () => true).map((x) => (x.id_respuesta === null ? { ...x, respuesta: 'a'.repeat(501) } : x)) }),
      400,
      /demasiado larga/,
    ],
  ];
  for (const [name, body, status, msg] of refusals) {
    it(`refuses ${name} (${status}) and changes nothing`, async () => {
      const uid = await t.userId('nino');
      const other = await t.userId('nina');
      const before = await snapshotCounts(t.database);
      for (const path of ['/api/resultados/save-multiple', '/api/respuestas/save-multiple']) {
        const r = await t.call('POST', path, { as: 'nino', body: body(uid, other) as object });
        expect(r.statusCode, r.body).toBe(status);
        if (typeof msg === 'string') expect(r.json().msg).toBe(msg);
        else expect(r.json().msg).toMatch(msg);
      }
      expect(await snapshotCounts(t.database)).toEqual(before);
    });
  }
});

describe('POST /api/resultados/create: one answered question', () => {
  it('stores one graded row (no attempt) and does not reveal whether it was right', async () => {
    const uid = await t.userId('nino');
    const q = levels[0]!.questions.find(isChoice)!;
    const wrong = q.answers.find((a) => !a.valor)!;
    const before = await snapshotCounts(t.database);
    const r = await t.call('POST', '/api/resultados/create', {
      as: 'nino',
      body: {
        id_pregunta: q.id,
        id_usuario: uid,
        id_nivel: levels[0]!.id,
        id_respuesta: wrong.id,
        respuesta: wrong.texto,
        correcta: true,
        valor: 1,
        fecha: new Date().toISOString(),
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    const data = r.json().data;
    expect(data).toMatchObject({ id_pregunta: q.id, id_usuario: uid, id_nivel: levels[0]!.id, id_respuesta: wrong.id });
    expect(data).not.toHaveProperty('correcta');
    expect(data).not.toHaveProperty('valor');
    const after = await snapshotCounts(t.database);
    expect(after.resultado).toBe(before.resultado + 1);
    expect(after.intento).toBe(before.intento);
    const stored = await t.database.raw('SELECT correcta, valor, id_intento FROM resultado WHERE id_resultado = $1', [data.id]);
    expect(stored.rows[0]).toMatchObject({ correcta: false, id_intento: null });
    expect(Number(stored.rows[0]!.valor)).toBe(0);
  });

  it('refuses without a session, for another user, for a question of another level, and without an answer', async () => {
    const uid = await t.userId('nino');
    const other = await t.userId('nina');
    const q = levels[0]!.questions.find(isChoice)!;
    const ok = { id_pregunta: q.id, id_nivel: levels[0]!.id, id_respuesta: q.answers[0]!.id };
    const before = await snapshotCounts(t.database);
    expect((await t.call('POST', '/api/resultados/create', { body: ok })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/resultados/create', { as: 'nino', body: { ...ok, id_usuario: other } })).statusCode).toBe(403);
    const lvl = await t.call('POST', '/api/resultados/create', { as: 'nino', body: { ...ok, id_usuario: uid, id_nivel: levels[1]!.id } });
    expect(lvl.statusCode).toBe(400);
    const none = await t.call('POST', '/api/resultados/create', { as: 'nino', body: { ...ok, id_respuesta: null } });
    expect(none.statusCode).toBe(400);
    expect((await t.call('POST', '/api/resultados/create', { as: 'nino', body: { ...ok, id_pregunta: 999999 } })).statusCode).toBe(404);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('POST /api/resultados/create: one answer per question per attempt counts', () => {
  const stored = async (uid: number, qid: number) =>
    Number(
      (await t.database.raw('SELECT count(*)::int AS n FROM resultado WHERE id_usuario = $1 AND id_pregunta = $2 AND id_intento IS NULL', [uid, qid])).rows[0]!
        .n,
    );

  it('40 answers in a row to one question of one attempt: the first counts, the other 39 are refused with 409 and store nothing', async () => {
    const uid = await t.userId('nina');
    const lvl = levels[levels.length - 1]!;
    const q = lvl.questions.find(isChoice)!;
    const wrong = q.answers.find((a) => !a.valor)!;
    const body = { id_pregunta: q.id, id_usuario: uid, id_nivel: lvl.id, id_respuesta: wrong.id };
    const first = await t.call('POST', '/api/resultados/create', { as: 'nina', body });
    expect(first.statusCode, first.body).toBe(201);
    const before = await snapshotCounts(t.database);
    for (let i = 0; i < 39; i++) {
      const r = await t.call('POST', '/api/resultados/create', {
        as: 'nina',
        body: i % 2 ? body : { ...body, id_respuesta: q.answers.find((a) => a.valor)!.id },
      });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'ALREADY_ANSWERED', msg: 'Esta pregunta ya tiene una respuesta en este intento: cuenta la primera.' });
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect(await stored(uid, q.id)).toBe(1);
    // The first answer (wrong) stays: a later right one replaces nothing.
    const row = await t.database.raw('SELECT correcta FROM resultado WHERE id_resultado = $1', [first.json().data.id]);
    expect(row.rows[0]).toMatchObject({ correcta: false });
  });

  it('40 answers to one question sent at the same time: exactly one is stored', async () => {
    const uid = await t.userId('superadmin');
    const lvl = levels[levels.length - 1]!;
    const q = lvl.questions.find(isChoice)!;
    const body = { id_pregunta: q.id, id_nivel: lvl.id, id_respuesta: q.answers[0]!.id };
    const replies = await Promise.all(Array.from({ length: 40 }, () => t.call('POST', '/api/resultados/create', { as: 'superadmin', body })));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(39);
    expect(await stored(uid, q.id)).toBe(1);
  });

  it('a new attempt (the previous one submitted) takes a new answer to the same question', async () => {
    const uid = await t.userId('admin');
    const lvl = levels[levels.length - 1]!;
    const q = lvl.questions.find(isChoice)!;
    const body = { id_pregunta: q.id, id_nivel: lvl.id, id_respuesta: q.answers[0]!.id };
    expect((await t.call('POST', '/api/resultados/create', { as: 'admin', body })).statusCode).toBe(201);
    expect((await t.call('POST', '/api/resultados/create', { as: 'admin', body })).statusCode).toBe(409);
    const submitted = await t.call('POST', '/api/resultados/save-multiple', { as: 'admin', body: { respuestas: rows(lvl, uid, () => true) } });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect((await t.call('POST', '/api/resultados/create', { as: 'admin', body })).statusCode).toBe(201);
    expect(await stored(uid, q.id)).toBe(2);
  });
});

describe('GET /api/resultados/resultados-profesor', () => {
  it('profesor and above get a plain array, newest first, in the teacher shape', async () => {
    for (const who of ['profesor', 'admin', 'superadmin'] as const) {
      const r = await t.call('GET', '/api/resultados/resultados-profesor', { as: who });
      expect(r.statusCode).toBe(200);
      const list = r.json();
      expect(Array.isArray(list)).toBe(true);
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(Number(r.headers['x-total-count'])).toBe(list.length);
      expect(list[0]).toEqual({
        id: expect.any(Number),
        id_usuario: expect.any(Number),
        id_nivel: expect.any(Number),
        usuario: { nombre: expect.any(String), apellido: expect.any(String) },
        nivel: { nombre_nivel: expect.any(String) },
        correctas: expect.any(Number),
        total_preguntas: expect.any(Number),
        puntaje: expect.any(Number),
        fecha: expect.any(String),
        sin_intentos: expect.any(Boolean),
        intentos_restantes: expect.any(Number),
      });
      const dates = list.map((x: { fecha: string; id: number }) => [Date.parse(x.fecha), x.id]);
      for (let i = 1; i < dates.length; i++) {
        expect(dates[i - 1][0] > dates[i][0] || (dates[i - 1][0] === dates[i][0] && dates[i - 1][1] > dates[i][1])).toBe(true);
      }
    }
  });

  it('names the student and the level', async () => {
    const list = (await t.call('GET', '/api/resultados/resultados-profesor', { as: 'profesor' })).json();
    expect(list.some((x: { usuario: { nombre: string; apellido: string } }) => x.usuario.nombre === 'Mateo' && x.usuario.apellido === 'López')).toBe(true);
    expect(list.some((x: { nivel: { nombre_nivel: string } }) => x.nivel.nombre_nivel === levels[2]!.nombre)).toBe(true);
  });

  it('accepts page/perPage (total in X-Total-Count) and filters', async () => {
    const all = (await t.call('GET', '/api/resultados/resultados-profesor', { as: 'admin' })).json();
    const p2 = await t.call('GET', '/api/resultados/resultados-profesor?page=2&perPage=2', { as: 'admin' });
    expect(p2.statusCode).toBe(200);
    expect(Number(p2.headers['x-total-count'])).toBe(all.length);
    expect(p2.json().map((x: { id: number }) => x.id)).toEqual(all.slice(2, 4).map((x: { id: number }) => x.id));
    const byLevel = (await t.call('GET', `/api/resultados/resultados-profesor?id_nivel=${levels[2]!.id}`, { as: 'admin' })).json();
    expect(byLevel.length).toBeGreaterThan(0);
    expect(byLevel.every((x: { id_nivel: number }) => x.id_nivel === levels[2]!.id)).toBe(true);
    const bad = await t.call('GET', '/api/resultados/resultados-profesor?perPage=0', { as: 'admin' });
    expect(bad.statusCode).toBe(400);
    const badSort = await t.call('GET', '/api/resultados/resultados-profesor?sort=password', { as: 'admin' });
    expect(badSort.statusCode).toBe(400);
  });

  it('a learner is refused (403), no session is 401', async () => {
    expect((await t.call('GET', '/api/resultados/resultados-profesor', { as: 'nino' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/resultados/resultados-profesor')).statusCode).toBe(401);
  });
});

describe('GET /api/evaluacion/resultados/usuario/{userId}', () => {
  it('a learner reads their own history, newest first', async () => {
    const uid = await t.userId('nino');
    const r = await t.call('GET', `/api/evaluacion/resultados/usuario/${uid}`, { as: 'nino' });
    expect(r.statusCode).toBe(200);
    const data = r.json().data;
    // Three stored attempts: the fail after the pass at levels[3] was practice, not stored.
    expect(data.length).toBe(3);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      id_nivel: levels[3]!.id,
      puntaje: 66.67,
      correctas: 4,
      total_preguntas: levels[3]!.questions.length,
      fecha: expect.any(String),
      nivel: { id_nivel: levels[3]!.id, nombre_nivel: levels[3]!.nombre },
    });
  });

  it("a learner cannot read another learner's results (403); a profesor cannot either; admin can", async () => {
    const other = await t.userId('nina');
    const r = await t.call('GET', `/api/evaluacion/resultados/usuario/${other}`, { as: 'nino' });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe('Solo puedes ver tus propios resultados.');
    expect((await t.call('GET', `/api/evaluacion/resultados/usuario/${other}`, { as: 'profesor' })).statusCode).toBe(403);
    const admin = await t.call('GET', `/api/evaluacion/resultados/usuario/${other}`, { as: 'admin' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.length).toBeGreaterThan(0);
  });

  it('no session → 401; bad id → 400; unknown user (admin) → 404', async () => {
    expect((await t.call('GET', '/api/evaluacion/resultados/usuario/1')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/evaluacion/resultados/usuario/abc', { as: 'admin' })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/evaluacion/resultados/usuario/999999', { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('the answer key never reaches a learner', () => {
  it('no reply of the results endpoints carries valor, correcta or the texts of typed answers', async () => {
    const uid = await t.userId('nino');
    const typed = levels.flatMap((l) => l.questions.filter((q) => !isChoice(q)).map((q) => q.answers[0]!.texto));
    const replies = [
      await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body: { respuestas: rows(levels[0]!, uid, () => true) } }),
      await t.call('GET', `/api/evaluacion/resultados/usuario/${uid}`, { as: 'nino' }),
      await t.call('GET', `/api/progreso/usuario/${uid}`, { as: 'nino' }),
    ];
    for (const r of replies) {
      expect(r.statusCode).toBeLessThan(300);
      expect(r.body).not.toMatch(/"valor"|"correcta"|"respuestas"/);
      for (const text of typed) expect(r.body.toLowerCase()).not.toContain(`"${text.toLowerCase()}"`);
    }
  });

  it("the learner's quiz details (content endpoint) carry no valor and no typed-answer text", async () => {
    const r = await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' });
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('"valor"');
    const evs = r.json().data as { preguntas: { Tipo: string; respuestas: Record<string, unknown>[] }[] }[];
    const typedQuestions = evs.flatMap((e) => e.preguntas).filter((p) => p.Tipo !== 'Opción Múltiple');
    expect(typedQuestions.length).toBe(levels.flatMap((l) => l.questions).filter((q) => !isChoice(q)).length);
    for (const p of typedQuestions) for (const a of p.respuestas) expect(a).not.toHaveProperty('respuesta');
  });
});

describe('save-multiple feedback: per question right or wrong; solutions only after a pass or the last attempt', () => {
  interface Fb {
    id_pregunta: number;
    acierto: boolean;
    solucion?: { id_respuesta: number; texto: string }[];
  }

  it('a fail with attempts left marks every question and reveals nothing; the last attempt reveals the wrong ones', async () => {
    const uid = await t.userId('profesor');
    const lvl = levels[1]!;
    const body = { respuestas: rows(lvl, uid, (_q, i) => i === 0) };
    for (const left of [2, 1, 0]) {
      const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'profesor', body });
      expect(r.statusCode, r.body).toBe(201);
      const data = r.json().revision as { intentos_restantes: number; preguntas: Fb[] };
      expect(data.intentos_restantes).toBe(left);
      expect(data.preguntas.map((p) => p.id_pregunta)).toEqual(lvl.questions.map((q) => q.id));
      expect(data.preguntas.map((p) => p.acierto)).toEqual(lvl.questions.map((_q, i) => i === 0));
      expect(r.body).not.toMatch(/"valor"|"correcta"|"respuestas"/);
      if (left > 0) {
        expect(data.preguntas.some((p) => 'solucion' in p)).toBe(false);
        for (const q of lvl.questions.filter((x) => !isChoice(x))) expect(r.body.toLowerCase()).not.toContain(`"${q.answers[0]!.texto.toLowerCase()}"`);
      } else {
        expect(data.preguntas[0]).not.toHaveProperty('solucion');
        lvl.questions.forEach((q, i) => {
          if (i === 0) return;
          const expected = isChoice(q) ? q.answers.filter((a) => a.valor) : q.answers.slice(0, 1);
          expect(data.preguntas[i]!.solucion).toEqual(expected.map((a) => ({ id_respuesta: a.id, texto: a.texto })));
        });
      }
    }
    const refused = await t.call('POST', '/api/resultados/save-multiple', { as: 'profesor', body });
    expect(refused.statusCode).toBe(409);
  });

  it('a pass reveals the solution of its wrong answers only', async () => {
    const uid = await t.userId('admin');
    const lvl = levels[0]!;
    const wrong = lvl.questions.length - 1;
    const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'admin', body: { respuestas: rows(lvl, uid, (_q, i) => i !== wrong) } });
    expect(r.statusCode, r.body).toBe(201);
    const data = r.json().revision as { intentos_restantes: number; preguntas: Fb[] };
    expect(r.json().data.puntaje).toBeGreaterThanOrEqual(60);
    expect(data.intentos_restantes).toBe(2);
    const q = lvl.questions[wrong]!;
    const expected = isChoice(q) ? q.answers.filter((a) => a.valor) : q.answers.slice(0, 1);
    expect(data.preguntas[wrong]).toEqual({ id_pregunta: q.id, acierto: false, solucion: expected.map((a) => ({ id_respuesta: a.id, texto: a.texto })) });
    for (const p of data.preguntas.slice(0, wrong)) expect(p).toEqual({ id_pregunta: p.id_pregunta, acierto: true });
  });
});
