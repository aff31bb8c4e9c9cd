import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { SAVE_ATTEMPT_SQL } from '../../src/server/quiz/submit';

/**
 * The submit path at classroom speed (src/server/quiz/submit.ts, docs/performance.md): a quiz submit
 * is ONE statement (no BEGIN/COMMIT), writes exactly what the transaction used to write, is atomic,
 * and leaves the content and session caches warm.
 */
let t: TestApp;

interface KeyRow {
  id_pregunta: number;
  tipo: string;
  id_respuesta: number;
  texto: string;
  valor: boolean;
}
interface Quiz {
  idNivel: number;
  idEvaluacion: number;
  questions: { id: number; tipo: string; answers: { id: number; texto: string; valor: boolean }[] }[];
}

async function quizWithBothKinds(): Promise<Quiz> {
  const { rows } = await t.database.raw(`SELECT e.id_nivel, e.id_evaluacion, p.id_pregunta, p.tipo, r.id_respuesta, r.respuesta AS texto, r.valor
    FROM evaluacion e JOIN pregunta p ON p.id_evaluacion = e.id_evaluacion JOIN respuesta r ON r.id_pregunta = p.id_pregunta
    ORDER BY e.id_evaluacion, p.id_pregunta, r.id_respuesta`);
  const byEval = new Map<number, Quiz>();
  for (const r of rows as unknown as (KeyRow & { id_nivel: number; id_evaluacion: number })[]) {
    const quiz = byEval.get(r.id_evaluacion) ?? { idNivel: r.id_nivel, idEvaluacion: r.id_evaluacion, questions: [] };
    byEval.set(r.id_evaluacion, quiz);
    let q = quiz.questions.find((x) => x.id === r.id_pregunta);
    if (!q) quiz.questions.push((q = { id: r.id_pregunta, tipo: r.tipo, answers: [] }));
    q.answers.push({ id: r.id_respuesta, texto: r.texto, valor: r.valor });
  }
  const quiz = [...byEval.values()].find((z) => z.questions.some((q) => q.tipo === 'Opción Múltiple') && z.questions.some((q) => q.tipo !== 'Opción Múltiple'));
  if (!quiz) throw new Error('the demo has no quiz with both kinds of question');
  return quiz;
}

/** The first question right (the rest wrong), written answers padded and upper-cased. */
function answers(quiz: Quiz, rightUpTo: number) {
  return quiz.questions.map((q, i) => {
    const right = i < rightUpTo;
    if (q.tipo === 'Opción Múltiple') return { id_pregunta: q.id, id_nivel: quiz.idNivel, id_respuesta: q.answers.find((a) => a.valor === right)!.id };
    return { id_pregunta: q.id, id_nivel: quiz.idNivel, respuesta: right ? `  ${q.answers[0]!.texto.toUpperCase()} ` : ' no sé ' };
  });
}

let quiz: Quiz;
beforeAll(async () => {
  t = await makeTestApp();
  quiz = await quizWithBothKinds();
});
afterAll(async () => t?.close());

describe('quiz submit: one statement, the same rows', () => {
  it('writes the attempt, its rows in key order (fecha of the attempt) and the progress with its retry count', async () => {
    const uid = await t.userId('nina');
    const n = quiz.questions.length;
    const ids: number[] = [];
    for (const [attempt, right] of [
      [0, 0],
      [1, 1],
      [2, n],
    ] as const) {
      const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nina', body: { respuestas: answers(quiz, right) } });
      expect(r.statusCode, r.body).toBe(201);
      const { data } = r.json() as { data: { id: number; correctas: number; total_preguntas: number; puntaje: number; fecha: string; id_nivel: number } };
      ids.push(data.id);
      const [att] = (await t.database.raw('SELECT * FROM intento WHERE id_intento = $1', [data.id])).rows;
      expect(att).toMatchObject({ id_usuario: uid, id_nivel: quiz.idNivel, id_evaluacion: quiz.idEvaluacion, correctas: right, total_preguntas: n });
      expect(Number(att!.puntaje)).toBe(Math.round((right / n) * 10000) / 100);
      expect(data).toEqual({
        id: data.id,
        correctas: right,
        total_preguntas: n,
        puntaje: Math.round((right / n) * 10000) / 100,
        fecha: new Date(att!.fecha as string).toISOString(),
        id_nivel: quiz.idNivel,
      });
      const stored = (
        await t.database.raw(
          `SELECT r.id_pregunta, r.id_usuario, r.id_nivel, r.id_respuesta, r.respuesta, r.correcta, r.valor, r.fecha = i.fecha AS same_fecha
         FROM resultado r JOIN intento i ON i.id_intento = r.id_intento WHERE r.id_intento = $1 ORDER BY r.id_resultado`,
          [data.id],
        )
      ).rows;
      expect(stored).toEqual(
        quiz.questions.map((q, i) => {
          const right1 = i < right;
          const choice = q.tipo === 'Opción Múltiple';
          const chosen = choice ? q.answers.find((a) => a.valor === right1)! : null;
          return {
            id_pregunta: q.id,
            id_usuario: uid,
            id_nivel: quiz.idNivel,
            id_respuesta: chosen?.id ?? null,
            respuesta: chosen ? chosen.texto : right1 ? q.answers[0]!.texto.toUpperCase() : 'no sé',
            correcta: right1,
            valor: right1 ? 1 : 0,
            same_fecha: true,
          };
        }),
      );
      const [prog] = (await t.database.raw('SELECT estado, reintentos FROM progreso WHERE id_usuario = $1 AND id_nivel = $2', [uid, quiz.idNivel])).rows;
      // Retries = attempts minus one; the pass (the last attempt: after a pass a submit is practice
      // and stores nothing, tests/api/quiz-practice.test.ts) completes the level.
      expect(prog).toEqual({ reintentos: attempt, estado: attempt >= 2 ? 'completado' : 'en progreso' });
    }
    expect(new Set(ids).size).toBe(3);
  });

  it("counts retries from this child's attempts at this level only (not other levels, not other children)", async () => {
    const [a, b] = (await t.database.raw('SELECT id_nivel FROM nivel WHERE id_nivel <> $1 ORDER BY id_nivel LIMIT 2', [quiz.idNivel])).rows.map((r) =>
      Number(r.id_nivel),
    );
    const child = await t.userId('profesor');
    const other = await t.userId('admin');
    const save = (who: number, nivel: number) => t.database.raw(SAVE_ATTEMPT_SQL, [who, nivel, null, 0, 1, 0, false, 'en progreso', '[]', 2, null, null, 60]);
    const retries = async (who: number, nivel: number) =>
      (await t.database.raw('SELECT reintentos FROM progreso WHERE id_usuario = $1 AND id_nivel = $2', [who, nivel])).rows[0]?.reintentos;
    for (let i = 0; i < 3; i++) await save(child, b!);
    for (let i = 0; i < 3; i++) await save(other, a!);
    expect(await retries(child, b!)).toBe(2);
    expect(await retries(other, a!)).toBe(2);
    // A fourth attempt is past the limit (one attempt + 2 retries): refused, nothing stored.
    await expect(save(other, a!)).rejects.toMatchObject({ code: 'MNX01' });
    expect(await retries(other, a!)).toBe(2);
    await save(child, a!);
    expect(await retries(child, a!)).toBe(0);
    await save(child, a!);
    expect(await retries(child, a!)).toBe(1);
    expect(await retries(child, b!)).toBe(2);
  });

  it('is one statement: no BEGIN/COMMIT, and it empties no cache', async () => {
    const body = { respuestas: answers(quiz, 1) };
    const warm = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body });
    expect(warm.statusCode, warm.body).toBe(201);
    await t.call('GET', '/api/evaluacion/detalles', { as: 'nino' });
    const bumps = { ...t.app.ctx.cache.stats.bumps };
    const seen: string[] = [];
    const off = t.database.onStatement((q) => seen.push(q));
    try {
      const r = await t.call('POST', '/api/resultados/save-multiple', { as: 'nino', body });
      expect(r.statusCode, r.body).toBe(201);
    } finally {
      off();
    }
    expect(seen.filter((q) => /intento|resultado|progreso/i.test(q))).toEqual([SAVE_ATTEMPT_SQL]);
    // The attempt is stored outside any transaction; the memory reviews of the questions linked to a
    // word come after it, in their own short transaction.
    const at = seen.indexOf(SAVE_ATTEMPT_SQL);
    expect(seen.slice(0, at).filter((q) => /^\s*(begin|commit|rollback)/i.test(q))).toEqual([]);
    expect(t.app.ctx.cache.stats.bumps).toEqual(bumps);
  });

  it('is atomic: a row that cannot be stored leaves no attempt, no row and no progress change', async () => {
    const uid = await t.userId('nino');
    const before = await snapshotCounts(t.database);
    const prog = (await t.database.raw('SELECT * FROM progreso WHERE id_usuario = $1 ORDER BY id_nivel', [uid])).rows;
    // The second row names a question that does not exist: its foreign key fails after the attempt
    // and the first row were inserted, inside the same statement.
    const filas = JSON.stringify([
      { p: quiz.questions[0]!.id, r: null, t: 'x', c: true },
      { p: 2_000_000_000, r: null, t: 'x', c: true },
    ]);
    await expect(
      t.database.raw(SAVE_ATTEMPT_SQL, [uid, quiz.idNivel, quiz.idEvaluacion, 2, 2, 100, true, 'completado', filas, 2, null, null, 60]),
    ).rejects.toThrow();
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect((await t.database.raw('SELECT * FROM progreso WHERE id_usuario = $1 ORDER BY id_nivel', [uid])).rows).toEqual(prog);
  });
});
