import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { Db } from '../../db';
import { intento, nivel, palabra, progreso, usuario } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { idParam } from '../../validate';
import { invalidates } from '../../cache';
import { bodyOrEmpty } from '../crud';
import { atLeast } from '../../../shared/roles';
import { ESTADO_EN_PROGRESO, type ServerLevelProgress, type WireResult } from '../../../shared/rules/progress';
import { attemptsLeft, bestAttempt, isPass } from '../../../shared/rules/quizRules';
import { deviceTime } from '../../../shared/rules/offline';
import { progresoResource, USUARIO_NO_ENCONTRADO, type ProgresoWire } from '../../../shared/resources/progreso';
import { bindingSelect, serverResource, type SelectRow } from '../define';
import { dbIdFromText } from '../../../shared/validation/numbers';

export const OWN_PROGRESS_ONLY_MSG = 'Solo puedes ver y actualizar tu propio progreso.';
export const WORD_NOT_IN_LEVEL_MSG = 'La palabra no pertenece a este nivel.';

const id = (label: string) => dbIdFromText(`El identificador ${label} no es válido.`);

/**
 * POST /api/progreso/visto: one word (`id_palabra`) or several (`id_palabras`, the browser's unsynced
 * ones). Idempotent (a union), so a device's resend needs no key. `fecha`, the device's time of a
 * view queued offline (wire W-11.2), is checked like every event's but not stored: the row keeps no
 * time per word, only when it last changed.
 */
const vistoSchema = z
  .object({
    fecha: deviceTime,
    id_nivel: id('del nivel'),
    id_palabra: id('de la palabra').optional(),
    id_palabras: z.array(id('de la palabra'), { error: 'La lista de palabras no es válida.' }).max(500, 'Demasiadas palabras a la vez.').optional(),
    id_usuario: id('del usuario').optional().nullable(),
  })
  .refine((b) => b.id_palabra !== undefined || (b.id_palabras?.length ?? 0) > 0, { message: 'Indica la palabra vista.', path: ['id_palabra'] });

export type ProgressWire = ServerLevelProgress & { id_progreso: number | null };

/** Every level the user has progress or an attempt in, with the words seen and the latest result. */
async function progressOf(db: Db, userId: number, onlyLevel?: number): Promise<ProgressWire[]> {
  const rows = await db
    .select()
    .from(progreso)
    .where(onlyLevel ? and(eq(progreso.idUsuario, userId), eq(progreso.idNivel, onlyLevel)) : eq(progreso.idUsuario, userId))
    .orderBy(progreso.idNivel);
  const attempts = await db
    .select({ idNivel: intento.idNivel, puntaje: intento.puntaje, correctas: intento.correctas, total: intento.totalPreguntas, fecha: intento.fecha })
    .from(intento)
    .where(onlyLevel ? and(eq(intento.idUsuario, userId), eq(intento.idNivel, onlyLevel)) : eq(intento.idUsuario, userId))
    .orderBy(desc(intento.fecha), desc(intento.idIntento));
  // Newest first: the first attempt of a level is its latest; every attempt counts toward the limit.
  const latest = new Map<number, WireResult>();
  const byLevel = new Map<number, WireResult[]>();
  for (const a of attempts) {
    const res: WireResult = { puntaje: Number(a.puntaje), correctas: a.correctas, total_preguntas: a.total, fecha: a.fecha.toISOString() };
    if (!latest.has(a.idNivel)) latest.set(a.idNivel, res);
    byLevel.set(a.idNivel, [...(byLevel.get(a.idNivel) ?? []), res]);
  }
  /** The best attempt, the pass and the attempts left (docs/decisions.md "The quiz"). */
  const quizState = (lvl: number, granted: number) => {
    const all = byLevel.get(lvl) ?? [];
    return {
      mejor_resultado: bestAttempt(all),
      aprobado: all.some((a) => isPass(a.puntaje)),
      intentos_restantes: attemptsLeft(all.length, granted),
    };
  };
  const out: ProgressWire[] = rows.map((r) => ({
    id_progreso: r.idProgreso,
    id_nivel: r.idNivel,
    estado: r.estado,
    palabras_vistas: Array.isArray(r.palabrasVistas) ? r.palabrasVistas.map(Number) : [],
    reintentos: r.reintentos,
    ultimo_resultado: latest.get(r.idNivel) ?? null,
    intentos_extra: r.intentosExtra,
    ...quizState(r.idNivel, r.intentosExtra),
  }));
  for (const [lvl, res] of latest) {
    if (!rows.some((r) => r.idNivel === lvl)) {
      out.push({
        id_progreso: null,
        id_nivel: lvl,
        estado: ESTADO_EN_PROGRESO,
        palabras_vistas: [],
        reintentos: 0,
        ultimo_resultado: res,
        intentos_extra: 0,
        ...quizState(lvl, 0),
      });
    }
  }
  return out.sort((a, b) => a.id_nivel - b.id_nivel);
}

/**
 * Learner progress that follows the child across devices: a `progreso` row per user and level
 * (words seen, retries, estado). Learners read and write only their own; admin and above anyone's.
 * These two learner paths are not CRUD steps: they are the binding's extra routes.
 */
function learnerRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { userId: string } }>('/api/progreso/usuario/:userId', { onRequest: app.requireUser } as RouteShorthandOptions, async (req) => {
    const userId = idParam(req.params.userId, 'userId');
    const me = req.user!;
    if (me.id !== userId && !atLeast(me.role, 'admin')) throw forbidden(OWN_PROGRESS_ONLY_MSG);
    const [u] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, userId));
    if (!u) throw notFound('Usuario no encontrado.');
    return { data: await progressOf(db, userId) };
  });

  /** Marks words of a level as seen (idempotent; concurrent calls never lose a word). */
  app.post(
    '/api/progreso/visto',
    {
      config: invalidates(),
      // The session is checked before the body (401 before 400).
      onRequest: app.requireUser,
      preValidation: bodyOrEmpty,
      schema: { body: vistoSchema },
    } as RouteShorthandOptions,
    async (req) => {
      const body = req.body as z.output<typeof vistoSchema>;
      const me = req.user!;
      const userId = body.id_usuario ?? me.id;
      if (userId !== me.id && !atLeast(me.role, 'admin')) throw forbidden(OWN_PROGRESS_ONLY_MSG);
      if (userId !== me.id) {
        const [u] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, userId));
        if (!u) throw notFound('Usuario no encontrado.');
      }
      const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, body.id_nivel));
      if (!lvl) throw notFound('Nivel no encontrado.');
      const ids = [...new Set([...(body.id_palabra !== undefined ? [body.id_palabra] : []), ...(body.id_palabras ?? [])])];
      const found = await db
        .select({ id: palabra.idPalabra })
        .from(palabra)
        .where(and(inArray(palabra.idPalabra, ids), eq(palabra.idNivel, body.id_nivel)));
      if (found.length !== ids.length) throw badRequest(WORD_NOT_IN_LEVEL_MSG, { id_palabra: WORD_NOT_IN_LEVEL_MSG });
      const added = JSON.stringify(ids.sort((a, b) => a - b));
      await db
        .insert(progreso)
        .values({ idUsuario: userId, idNivel: body.id_nivel, estado: ESTADO_EN_PROGRESO, palabrasVistas: sql`${added}::jsonb` as unknown as number[] })
        .onConflictDoUpdate({
          target: [progreso.idUsuario, progreso.idNivel],
          set: {
            // Union of what was seen and the new ids, as one statement (no lost update).
            palabrasVistas: sql`(SELECT coalesce(jsonb_agg(DISTINCT v ORDER BY v), '[]'::jsonb) FROM jsonb_array_elements(${progreso.palabrasVistas} || excluded.palabras_vistas) AS e(v))`,
            actualizado: sql`now()`,
          },
        });
      const [data] = await progressOf(db, userId, body.id_nivel);
      return { msg: 'Palabra marcada como vista.', data };
    },
  );
}

/** `nombre apellido`, or null when the user is gone (shown as USUARIO_NO_ENCONTRADO). */
const username = sql<string | null>`nullif(trim(${usuario.nombre} || ' ' || coalesce(${usuario.apellido}, '')), '')`;

const fields = {
  id_progreso: progreso.idProgreso,
  estado: progreso.estado,
  id_usuario: progreso.idUsuario,
  id_nivel: progreso.idNivel,
  username,
  nombre_nivel: nivel.nombreNivel,
};
const select = bindingSelect(fields, (db, f) =>
  db.select(f).from(progreso).leftJoin(usuario, eq(usuario.id, progreso.idUsuario)).leftJoin(nivel, eq(nivel.idNivel, progreso.idNivel)).$dynamic(),
);
type Row = SelectRow<ReturnType<typeof select>>;

/** Progress: the admin reads every learner's (GET progreso/progresos); the learner area writes it. */
export default serverResource<never, Row, ProgresoWire>(({ database: { db } }) => ({
  decl: progresoResource,
  notFound: 'Progreso no encontrado.',
  table: progreso,
  idColumn: progreso.idProgreso,
  fields,
  from: (f) => select(db, f),
  sortable: {
    id_progreso: progreso.idProgreso,
    id: progreso.idProgreso,
    estado: progreso.estado,
    id_usuario: progreso.idUsuario,
    id_nivel: progreso.idNivel,
    username,
    nivel: nivel.nombreNivel,
  },
  searchOnly: { 'usuario.username': username, 'nivel.nombre_nivel': nivel.nombreNivel },
  filters: { id_usuario: progreso.idUsuario, id_nivel: progreso.idNivel },
  toWire: (rows) =>
    rows.map((r) => ({
      id_progreso: r.id_progreso,
      estado: r.estado,
      id_usuario: r.id_usuario,
      id_nivel: r.id_nivel,
      usuario: { username: r.username ?? USUARIO_NO_ENCONTRADO },
      nivel: { nombre_nivel: r.nombre_nivel ?? '' },
    })),
  replies: {},
  hooks: { routes: (app) => learnerRoutes(app, db) },
}));
