import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { evaluacion, multimedia, nivel, palabra, pregunta, respuesta } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { idParam } from '../../validate';
import { invalidates } from '../../cache';
import { bodyOrEmpty, isPgError } from '../crud';
import { requiredId } from '../../../shared/resources/fields';
import {
  equalShare,
  planSignQuiz,
  SIGN_QUIZ_KIND_LABEL,
  SIGN_QUIZ_MSG,
  sinSenaMessage,
  type PlannedQuestion,
  type SignMediaRef,
  type SignQuizPlan,
} from '../../../shared/rules/signQuiz';

/**
 * "Generar preguntas con señas": a level's sign questions from its words, previewed (GET) and then
 * created in one request (POST). Who may: whoever writes questions (pregunta's writeRole, profesor
 * and above; routes.md opens the question screens to teachers). The created questions are
 * ordinary rows of pregunta/respuesta, edited and deleted through the pregunta routes.
 */
export const SIGN_QUIZ_PATH = '/api/pregunta/generar-senas';

const bodySchema = z.object({ id_nivel: requiredId(SIGN_QUIZ_MSG.nivel, SIGN_QUIZ_MSG.nivelNoExiste) });

const mediaWire = (m: SignMediaRef | null) => (m ? { id: m.id, url: m.url, tipo: m.tipo, descripcion: m.descripcion } : null);

function questionWire(q: PlannedQuestion, porcentaje: number) {
  return {
    id_palabra: q.id_palabra,
    palabra: q.palabra,
    modo: q.modo,
    modo_texto: SIGN_QUIZ_KIND_LABEL[q.modo],
    Tipo: q.Tipo,
    pregunta: q.pregunta,
    porcentaje,
    multimedia: mediaWire(q.media),
    respuestas: q.respuestas.map((r) => ({ respuesta: r.respuesta, valor: r.valor, multimedia: mediaWire(r.media) })),
  };
}

interface Loaded {
  level: { id: number; nombre: string };
  idEvaluacion: number;
  existing: number;
  plan: SignQuizPlan;
}

/** The level, its quiz and the plan for its words, or the Spanish refusal that says why there is none. */
async function load(db: Db, idNivel: number): Promise<Loaded> {
  const [level] = await db.select({ id: nivel.idNivel, nombre: nivel.nombreNivel }).from(nivel).where(eq(nivel.idNivel, idNivel));
  if (!level) throw new AppError(404, 'NOT_FOUND', SIGN_QUIZ_MSG.nivelNoExiste);
  const [ev] = await db
    .select({ id: evaluacion.idEvaluacion })
    .from(evaluacion)
    .where(eq(evaluacion.idNivel, idNivel))
    .orderBy(asc(evaluacion.idEvaluacion))
    .limit(1);
  if (!ev) throw conflict(SIGN_QUIZ_MSG.sinEvaluacion, 'NO_EVALUATION');
  const words = await db.select({ id: palabra.idPalabra, es: palabra.palabraEspanol }).from(palabra).where(eq(palabra.idNivel, idNivel));
  const media = words.length
    ? await db
        .select({ id: multimedia.id, url: multimedia.url, tipo: multimedia.tipo, descripcion: multimedia.descripcion, idPalabra: multimedia.idPalabra })
        .from(multimedia)
        .where(
          inArray(
            multimedia.idPalabra,
            words.map((w) => w.id),
          ),
        )
        .orderBy(asc(multimedia.id))
    : [];
  const done = await db
    .select({ id: pregunta.idPalabra })
    .from(pregunta)
    .where(and(eq(pregunta.idEvaluacion, ev.id), isNotNull(pregunta.modo), isNotNull(pregunta.idPalabra)));
  const [{ n }] = (await db.select({ n: count() }).from(pregunta).where(eq(pregunta.idEvaluacion, ev.id))) as [{ n: number }];
  // The level's id seeds the choices: the preview and the create that follows it give the same questions.
  const plan = planSignQuiz(
    words.map((w) => ({ id_palabra: w.id, palabraEspanol: w.es, media: media.filter((m) => m.idPalabra === w.id) })),
    idNivel,
    new Set(done.map((d) => d.id!)),
  );
  return { level, idEvaluacion: ev.id, existing: Number(n), plan };
}

/** Nothing to create: no word has a sign (400), or every signed word already has its question (409). */
function refuseEmpty(l: Loaded) {
  if (l.plan.preguntas.length) return;
  if (l.plan.yaGeneradas.length) throw conflict(SIGN_QUIZ_MSG.nadaNuevo, 'ALREADY_GENERATED');
  if (l.plan.sinOpciones.length) throw badRequest(SIGN_QUIZ_MSG.pocasPalabras, undefined, 'TOO_FEW_WORDS');
  throw badRequest(SIGN_QUIZ_MSG.sinPalabras, undefined, 'NO_SIGNED_WORDS');
}

function planWire(l: Loaded) {
  const share = equalShare(l.existing + l.plan.preguntas.length);
  return {
    id_nivel: l.level.id,
    nombre_nivel: l.level.nombre,
    id_evaluacion: l.idEvaluacion,
    preguntas: l.plan.preguntas.map((q) => questionWire(q, share)),
    sin_sena: l.plan.sinSena,
    aviso_sin_sena: l.plan.sinSena.length ? sinSenaMessage(l.plan.sinSena.length) : null,
    ya_generadas: l.plan.yaGeneradas,
    sin_opciones: l.plan.sinOpciones,
  };
}

export default function signQuizRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  app.get<{ Params: { id: string } }>(`${SIGN_QUIZ_PATH}/:id`, { onRequest: app.requireRole('profesor') }, async (req) => {
    const l = await load(db, idParam(req.params.id, 'id_nivel'));
    refuseEmpty(l);
    return { data: planWire(l) };
  });

  app.post<{ Body: z.output<typeof bodySchema> }>(
    SIGN_QUIZ_PATH,
    { onRequest: app.requireRole('profesor'), config: invalidates('content'), preValidation: bodyOrEmpty, schema: { body: bodySchema } },
    async (req, reply) => {
      const { id_nivel } = req.body;
      const l = await load(db, id_nivel);
      refuseEmpty(l);
      const out = planWire(l);
      const share = equalShare(l.existing + l.plan.preguntas.length);
      try {
        const ids = await db.transaction(async (tx) => {
          const made: number[] = [];
          for (const q of l.plan.preguntas) {
            const [p] = await tx
              .insert(pregunta)
              .values({
                pregunta: q.pregunta,
                tipo: q.Tipo,
                porcentaje: share,
                idEvaluacion: l.idEvaluacion,
                idMultimedia: q.media?.id ?? null,
                idPalabra: q.id_palabra,
                modo: q.modo,
              })
              .returning({ id: pregunta.idPregunta });
            await tx
              .insert(respuesta)
              .values(q.respuestas.map((r) => ({ respuesta: r.respuesta, valor: r.valor, idPregunta: p!.id, idMultimedia: r.media?.id ?? null })));
            made.push(p!.id);
          }
          return made;
        });
        reply.code(201);
        return {
          msg: SIGN_QUIZ_MSG.creadas(ids.length),
          data: { ...out, preguntas: out.preguntas.map((q, i) => ({ ...q, id_pregunta: ids[i] })) },
        };
      } catch (err) {
        // The same words stored by another request in the meantime (a second "Crear", two tabs):
        // the unique key of (quiz, word) for generated questions refused it, and nothing was kept.
        if (isPgError(err, '23505')) throw conflict(SIGN_QUIZ_MSG.duplicado, 'ALREADY_GENERATED');
        throw err;
      }
    },
  );
}
