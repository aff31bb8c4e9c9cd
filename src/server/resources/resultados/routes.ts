import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { bodyOrEmpty } from '../crud';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db';
import { evaluacion, intento, nivel, pregunta, respuesta, resultado, usuario } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { idParam } from '../../validate';
import { atLeast } from '../../../shared/roles';
import {
  ALL_ANSWERED_MSG,
  gradeQuiz,
  isAnswered,
  isAnswerCorrect,
  isPass,
  isTextQuestion,
  quizFeedback,
  resultRowSchema,
  revealSolutions,
  saveMultipleSchema,
  type GivenAnswer,
  type KeyQuestion,
  type ResultRow,
} from '../../../shared/rules/quiz';
import { saveAttempt } from '../../quiz/submit';
import { reviewQuizAttempt } from '../repaso/memory';
import { eventTime } from '../../../shared/rules/offline';
import { resultadosProfesorRoutes } from './profesor';
import { invalidates } from '../../cache';

export const SAVED_MSG = 'Respuestas guardadas correctamente.';
export const OWN_RESULTS_ONLY_MSG = 'Solo puedes guardar tus propias respuestas.';
export const OWN_HISTORY_ONLY_MSG = 'Solo puedes ver tus propios resultados.';
export const MIXED_LEVELS_MSG = 'Todas las respuestas deben ser del mismo nivel.';
export const ONE_ANSWER_PER_ATTEMPT_MSG = 'Esta pregunta ya tiene una respuesta en este intento: cuenta la primera.';
export const CLAVE_OTHER_QUIZ_MSG = 'La clave ya se usó para otro cuestionario.';
/** The reply to a submit after a pass: graded, shown, not stored (docs/decisions.md "The quiz"). */
export const PRACTICE_MSG = 'Respuestas corregidas. Era una práctica: tu mejor resultado no cambia.';

interface KeyedQuestion extends KeyQuestion {
  id_evaluacion: number;
  id_nivel: number;
}

/** The server's own answer key for some questions (answers in id order: "first" = lowest id). */
async function loadKey(db: Db | Tx, where: SQL): Promise<KeyedQuestion[]> {
  const qs = await db
    .select({ id: pregunta.idPregunta, tipo: pregunta.tipo, idEvaluacion: pregunta.idEvaluacion, idNivel: evaluacion.idNivel })
    .from(pregunta)
    .innerJoin(evaluacion, eq(evaluacion.idEvaluacion, pregunta.idEvaluacion))
    .where(where)
    .orderBy(asc(pregunta.idPregunta));
  if (qs.length === 0) return [];
  const answers = await db
    .select({ id: respuesta.idRespuesta, texto: respuesta.respuesta, valor: respuesta.valor, idPregunta: respuesta.idPregunta })
    .from(respuesta)
    .where(
      inArray(
        respuesta.idPregunta,
        qs.map((q) => q.id),
      ),
    )
    .orderBy(asc(respuesta.idRespuesta));
  return qs.map((q) => ({
    id_pregunta: q.id,
    Tipo: q.tipo,
    id_evaluacion: q.idEvaluacion,
    id_nivel: q.idNivel,
    respuestas: answers.filter((a) => a.idPregunta === q.id).map((a) => ({ id_respuesta: a.id, respuesta: a.texto, valor: a.valor })),
  }));
}

/** A row may name its owner; it must be the caller (nobody files answers in someone else's name). */
function checkOwner(rows: readonly ResultRow[], me: number) {
  if (rows.some((r) => r.id_usuario != null && r.id_usuario !== me)) throw forbidden(OWN_RESULTS_ONLY_MSG);
}

/** The chosen option must be one of the question's own options. */
function checkOption(q: KeyQuestion, row: ResultRow) {
  if (!isTextQuestion(q.Tipo) && row.id_respuesta != null && !q.respuestas.some((a) => a.id_respuesta === row.id_respuesta)) {
    throw badRequest(`La respuesta elegida no pertenece a la pregunta ${q.id_pregunta}.`, { id_respuesta: 'Respuesta inválida.' });
  }
}

const given = (r: ResultRow): GivenAnswer => ({ id_respuesta: r.id_respuesta ?? null, respuesta: r.respuesta ?? null });

/** The stored text of an answer row: the chosen option's text, or the trimmed written answer. */
function storedText(q: KeyQuestion, r: ResultRow): string | null {
  if (isTextQuestion(q.Tipo)) return (r.respuesta ?? '').trim();
  return q.respuestas.find((a) => a.id_respuesta === r.id_respuesta)?.respuesta ?? null;
}

/** Quiz results: the learner's submit and reads (here), the teacher's reports (profesor.ts). */
export default async function resultadosRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  /**
   * Both readings of the bulk save. The server is the judge: it grades the rows against its own
   * key (whatever `correcta`/`valor` the browser claims), then stores the attempt, its rows and the
   * level progress in one transaction.
   */
  const saveMultiple = async (req: FastifyRequest<{ Body: z.output<typeof saveMultipleSchema> }>, reply: FastifyReply) => {
    const me = req.user!.id;
    const { respuestas: rows, clave, fecha } = req.body;
    checkOwner(rows, me);
    const idNivel = rows[0]!.id_nivel;
    if (rows.some((r) => r.id_nivel !== idNivel)) throw badRequest(MIXED_LEVELS_MSG, { id_nivel: MIXED_LEVELS_MSG });
    const seen = new Set<number>();
    for (const r of rows) {
      if (seen.has(r.id_pregunta)) throw badRequest(`La pregunta ${r.id_pregunta} se respondió más de una vez.`, { id_pregunta: 'Pregunta repetida.' });
      seen.add(r.id_pregunta);
    }
    // The level and the answer key come from the content cache (src/server/cache.ts).
    const { cache } = ctx;
    const [lvl] = await cache.get('content', `nivel-existe:${idNivel}`, () => db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, idNivel)));
    if (!lvl) throw notFound('Nivel no encontrado.');
    const askedIds = [...seen].sort((a, b) => a - b);
    const named = await cache.get('content', `clave-preguntas:${askedIds.join(',')}`, () => loadKey(db, inArray(pregunta.idPregunta, askedIds)));
    const evalIds = new Set(named.map((q) => q.id_evaluacion));
    if (named.length !== seen.size || named.some((q) => q.id_nivel !== idNivel) || evalIds.size !== 1) {
      throw badRequest('Las preguntas enviadas no pertenecen a la evaluación de este nivel.', { id_pregunta: 'Pregunta inválida.' });
    }
    const idEvaluacion = [...evalIds][0]!;
    // The whole evaluation: every one of its questions must be answered.
    const key = await cache.get('content', `clave-evaluacion:${idEvaluacion}`, () => loadKey(db, eq(pregunta.idEvaluacion, idEvaluacion)));
    const byQuestion = new Map(rows.map((r) => [r.id_pregunta, r]));
    for (const q of key) {
      const r = byQuestion.get(q.id_pregunta);
      if (!r || !isAnswered(q, given(r))) throw badRequest(ALL_ANSWERED_MSG, { respuestas: ALL_ANSWERED_MSG });
      checkOption(q, r);
    }
    const givenAnswers = new Map(rows.map((r) => [r.id_pregunta, given(r)]));
    const graded = gradeQuiz(key, givenAnswers);
    const passed = isPass(graded.puntaje);

    // One statement: the attempt, its rows and the progress (src/server/quiz/submit.ts). A key
    // already stored (the device sending again, wire W-11.1) answers that attempt and writes nothing.
    const saved = await saveAttempt(ctx.database, {
      idUsuario: me,
      idNivel,
      idEvaluacion,
      correctas: graded.correctas,
      totalPreguntas: graded.total_preguntas,
      puntaje: graded.puntaje,
      passed,
      clave,
      fecha: fecha ? eventTime(fecha, new Date()) : undefined,
      rows: key.map((q, i) => {
        const r = byQuestion.get(q.id_pregunta)!;
        return {
          idPregunta: q.id_pregunta,
          idRespuesta: isTextQuestion(q.Tipo) ? null : (r.id_respuesta ?? null),
          respuesta: storedText(q, r),
          correcta: graded.correct[i]!,
        };
      }),
    });
    let feedbackAnswers = givenAnswers;
    let feedbackPassed = passed;
    if (saved.repetido) {
      if (saved.idNivel !== idNivel) throw conflict(CLAVE_OTHER_QUIZ_MSG, 'CLAVE_REUSED');
      // The first reply's revision, from the stored answer rows (the resend may differ in its answers).
      const stored = await db
        .select({ idPregunta: resultado.idPregunta, idRespuesta: resultado.idRespuesta, respuesta: resultado.respuesta })
        .from(resultado)
        .where(eq(resultado.idIntento, saved.idIntento!)); // a replay is a stored attempt
      feedbackAnswers = new Map(
        stored.filter((r) => r.idPregunta !== null).map((r) => [r.idPregunta!, { id_respuesta: r.idRespuesta, respuesta: r.respuesta }]),
      );
      feedbackPassed = isPass(saved.puntaje);
      reply.status(200);
    } else if (saved.practica) {
      // Practice after a pass: nothing was stored, so there is no attempt to review in memory.
      reply.status(200);
    } else {
      // Questions linked to a word review it in the child's memory (constants C-7; keys per attempt and
      // question), at the attempt's time; once per stored attempt, never again on a replay.
      await reviewQuizAttempt(db, me, { idIntento: saved.idIntento!, idNivel, key, correct: graded.correct, at: fecha ? saved.fecha : undefined });
      reply.status(201);
    }
    return {
      msg: saved.practica ? PRACTICE_MSG : SAVED_MSG,
      // Only on practice, so a reply to a stored attempt keeps the shape the spec's clients read.
      ...(saved.practica ? { practica: true } : {}),
      data: {
        id: saved.idIntento,
        correctas: saved.correctas,
        total_preguntas: saved.totalPreguntas,
        puntaje: Number(saved.puntaje),
        fecha: saved.fecha.toISOString(),
        id_nivel: saved.idNivel,
      },
      // Per-question feedback beside `data` (R-2.4, L-14.4; the quiz teaches too): right or wrong, and the
      // correct answers of the wrong ones only once the child passed or has no attempt left.
      revision: {
        intentos_restantes: saved.intentosRestantes,
        // A child practising has passed already: the solutions are theirs to see.
        preguntas: quizFeedback(key, feedbackAnswers, revealSolutions(feedbackPassed || saved.practica, saved.intentosRestantes)),
      },
    };
  };

  const saveOptions = {
    config: invalidates(),
    onRequest: app.requireUser,
    // The older reading sends the rows as a bare array: read as `{respuestas}` before the schema.
    preValidation: async (req: FastifyRequest) => {
      req.body = Array.isArray(req.body) ? { respuestas: req.body } : (req.body ?? {});
    },
    schema: { body: saveMultipleSchema },
  };
  app.post<{ Body: z.output<typeof saveMultipleSchema> }>('/api/resultados/save-multiple', saveOptions, saveMultiple);
  app.post<{ Body: z.output<typeof saveMultipleSchema> }>('/api/respuestas/save-multiple', saveOptions, saveMultiple);

  /**
   * One answered question, graded by the server and stored on its own (no attempt: it does not
   * change the score history). The reply does not say whether it was right, so the call cannot be
   * used to probe the answer key. One answer per question per attempt counts: the attempt is the
   * one still open on the level (until the child submits it through save-multiple); a second answer
   * to the same question in it replaces nothing and is refused with 409 ALREADY_ANSWERED.
   */
  app.post<{ Body: z.output<typeof resultRowSchema> }>(
    '/api/resultados/create',
    { config: invalidates(), onRequest: app.requireUser, preValidation: bodyOrEmpty, schema: { body: resultRowSchema } },
    async (req, reply) => {
      const me = req.user!.id;
      const row = req.body;
      checkOwner([row], me);
      // The key comes from the content cache, shared with save-multiple's entry for one question.
      const [q] = await ctx.cache.get('content', `clave-preguntas:${row.id_pregunta}`, () => loadKey(db, inArray(pregunta.idPregunta, [row.id_pregunta])));
      if (!q) throw notFound('Pregunta no encontrada.');
      if (q.id_nivel !== row.id_nivel) throw badRequest('La pregunta no pertenece a la evaluación de este nivel.', { id_pregunta: 'Pregunta inválida.' });
      if (!isAnswered(q, given(row))) throw badRequest('Debes responder la pregunta antes de enviar.', { respuesta: 'Respuesta requerida.' });
      checkOption(q, row);
      const ok = isAnswerCorrect(q, given(row));
      // The attempt still open on this level is numbered by the attempts already submitted there; the
      // unique index (user, question, open attempt) keeps the first answer, even when 40 arrive at once.
      const open = sql<number>`(select count(*)::int from ${intento} where ${intento.idUsuario} = ${me} and ${intento.idNivel} = ${row.id_nivel})`;
      const [saved] = await db
        .insert(resultado)
        .values({
          idIntento: null,
          idPregunta: q.id_pregunta,
          idUsuario: me,
          idNivel: row.id_nivel,
          idRespuesta: isTextQuestion(q.Tipo) ? null : (row.id_respuesta ?? null),
          respuesta: storedText(q, row),
          correcta: ok,
          valor: ok ? 1 : 0,
          intentoAbierto: open,
        })
        .onConflictDoNothing({ target: [resultado.idUsuario, resultado.idPregunta, resultado.intentoAbierto], where: sql`${resultado.idIntento} is null` })
        .returning();
      if (!saved) throw conflict(ONE_ANSWER_PER_ATTEMPT_MSG, 'ALREADY_ANSWERED');
      reply.status(201);
      return {
        msg: 'Resultado guardado correctamente.',
        data: {
          id: saved!.idResultado,
          id_pregunta: saved!.idPregunta,
          id_usuario: saved!.idUsuario,
          id_nivel: saved!.idNivel,
          id_respuesta: saved!.idRespuesta,
          respuesta: saved!.respuesta,
          fecha: saved!.fecha.toISOString(),
        },
      };
    },
  );

  /** A learner's history (their own; admin and above anyone's), newest first. */
  app.get<{ Params: { userId: string } }>('/api/evaluacion/resultados/usuario/:userId', { onRequest: app.requireUser }, async (req) => {
    const id = idParam(req.params.userId, 'userId');
    const me = req.user!;
    if (me.id !== id && !atLeast(me.role, 'admin')) throw forbidden(OWN_HISTORY_ONLY_MSG);
    const [u] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, id));
    if (!u) throw notFound('Usuario no encontrado.');
    const rows = await db
      .select({
        id: intento.idIntento,
        idNivel: intento.idNivel,
        correctas: intento.correctas,
        totalPreguntas: intento.totalPreguntas,
        puntaje: intento.puntaje,
        fecha: intento.fecha,
        nombreNivel: nivel.nombreNivel,
      })
      .from(intento)
      .innerJoin(nivel, eq(nivel.idNivel, intento.idNivel))
      .where(eq(intento.idUsuario, id))
      .orderBy(desc(intento.fecha), desc(intento.idIntento));
    return {
      data: rows.map((r) => ({
        id: r.id,
        id_nivel: r.idNivel,
        puntaje: Number(r.puntaje),
        correctas: r.correctas,
        total_preguntas: r.totalPreguntas,
        fecha: r.fecha.toISOString(),
        nivel: { id_nivel: r.idNivel, nombre_nivel: r.nombreNivel },
      })),
    };
  });

  await resultadosProfesorRoutes(app, ctx);
}
