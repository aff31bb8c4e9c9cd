import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bodyOrEmpty } from '../crud';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { memoria, multimedia, nivel, palabra, progreso, repaso, usuario } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { idParam } from '../../validate';
import { invalidates } from '../../cache';
import { canReachChild, childScope, classFilter, inClass } from '../../classAccess';
import { atLeast } from '../../../shared/roles';
import {
  CHOICES,
  composeSession,
  gradeAnswer,
  isDue,
  itemKind,
  orderForPractice,
  pickDistractors,
  recall,
  REVIEW_HISTORY_DAYS,
  reviewAnswerSchema,
  SESSION_MAX_ITEMS,
  SESSION_MAX_NEW,
  State,
  strengthStars,
  wordSeenSchema,
  type ReviewItem,
  type ReviewItemWord,
  type ReviewResult,
  type ReviewToday,
} from '../../../shared/rules/review';
import { applyReviews, cardOf, cardsOf, dueNow, noteWordSeen, ownEventRoute, wordIsOpen } from './memory';
import { isSignMedia } from '../palabra';
import { eventTime } from '../../../shared/rules/offline';
import { isReviewAnswerRight } from '../../../shared/rules/reviewAnswer';

export const REPASO_SAVED_MSG = 'Respuesta guardada.';
export const REPASO_SEEN_MSG = 'Palabra vista.';
export const PALABRA_NO_EXISTE_MSG = 'Palabra no encontrada.';
export const NIVEL_NO_EXISTE_MSG = 'Nivel no encontrado.';
export const PALABRA_NO_ABIERTA_MSG = 'Esta palabra es de un nivel que aún no has abierto.';
export const OTRO_NINO_MSG = 'Solo puedes guardar tus propios repasos.';
export const SOLO_TUS_REPASOS_MSG = 'Solo puedes ver tus propios repasos.';

/** Levels the child has opened: a progress row (words seen in the level menu) or a card of one of its words. */
const openedLevels = (userId: number) =>
  sql`(select ${progreso.idNivel} from ${progreso} where ${progreso.idUsuario} = ${userId}
       union select p2.id_nivel from ${memoria} m2 join ${palabra} p2 on p2.id_palabra = m2.id_palabra where m2.id_usuario = ${userId})`;

/** Sign and picture of some words (first sign medium, first Spanish picture). */
async function mediaOf(db: Db, ids: number[]) {
  const out = new Map<number, { sena: ReviewItemWord['sena']; imagen: string | null }>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      idPalabra: multimedia.idPalabra,
      url: multimedia.url,
      urlCompacta: multimedia.urlCompacta,
      tipo: multimedia.tipo,
      descripcion: multimedia.descripcion,
      sign: sql<boolean>`${isSignMedia}`,
    })
    .from(multimedia)
    .where(inArray(multimedia.idPalabra, ids))
    .orderBy(multimedia.id);
  for (const r of rows) {
    const m = out.get(r.idPalabra) ?? { sena: null, imagen: null };
    if (r.sign && !m.sena) m.sena = { url: r.url, urlCompacta: r.urlCompacta, tipo: r.tipo };
    const isImage = r.tipo.trim().toLowerCase() === 'imagen';
    if (isImage && (!m.imagen || r.descripcion.trim().toLowerCase() === 'imgespanol')) m.imagen = r.url;
    out.set(r.idPalabra, m);
  }
  return out;
}

type WordRow = { idPalabra: number; palabraEspanol: string; palabraIngles: string; idNivel: number };
const wordCols = { idPalabra: palabra.idPalabra, palabraEspanol: palabra.palabraEspanol, palabraIngles: palabra.palabraIngles, idNivel: palabra.idNivel };

/** Days (UTC, YYYY-MM-DD) from `days - 1` days ago to today. */
function lastDays(now: Date, days: number): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/**
 * The review API (docs/product/routes.md R-2.7). The child's routes act on the caller's own memory only (no user id in
 * their paths); the teacher's read one child's or one level's. The schedule is never sent by a
 * client: answers and events are graded here (src/shared/rules/review.ts) and scheduled by ts-fsrs.
 *
 * - GET  /api/repaso/hoy → `{data: ReviewToday}`: signs due now, new words waiting, next due date.
 * - GET  /api/repaso/sesion → `{data: ReviewItem[]}`: at most 10 items: every due word, then every word
 *   seen but never reviewed, then ≤ 3 never seen (composeSession).
 * - POST /api/repaso/respuesta `{id_palabra, elegida | escrita, repetido?, lento?, clave, fecha?}` → 201 `{msg, data: ReviewResult}`;
 *   graded here from the chosen word id or the typed word (a client's `correcto` is ignored);
 *   the same clave again → 200 with the stored result. `fecha`: the device's time (wire W-11.2), bounded.
 * - POST /api/repaso/visto `{id_palabra, fecha?}` → `{msg, data}`: a word seen in word detail (not a
 *   review); idempotent (a resend only notes the view again).
 * - GET  /api/repaso/nivel/:id → `{data: [{id_palabra, estrellas, recuerdo, pendiente}]}`: strength per word.
 * - GET  /api/repaso/juego/:id → `{data: [...]}`: the level's words, due and weak first (games).
 * - GET  /api/repaso/alumno/:userId (profesor+, or the child themself) and GET /api/repaso/dificiles/:id (profesor+).
 */
export default async function repasoRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const wordOrThrow = async (id: number) => {
    const [w] = await db.select(wordCols).from(palabra).where(eq(palabra.idPalabra, id));
    if (!w) throw notFound(PALABRA_NO_EXISTE_MSG);
    return w;
  };
  const levelOrThrow = async (id: number) => {
    const [l] = await db.select({ id: nivel.idNivel, nombre: nivel.nombreNivel }).from(nivel).where(eq(nivel.idNivel, id));
    if (!l) throw notFound(NIVEL_NO_EXISTE_MSG);
    return l;
  };

  app.get('/api/repaso/hoy', { onRequest: app.requireUser }, async (req) => {
    const me = req.user!.id;
    const [due] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memoria)
      .where(dueNow(me));
    const [next] = await db
      .select({ at: sql<Date | string | null>`min(${memoria.vence})` })
      .from(memoria)
      .where(and(eq(memoria.idUsuario, me), sql`${memoria.estado} <> 0`));
    const [seen, fresh] = await Promise.all([seenWords(me, SESSION_MAX_ITEMS), unseenWords(me, SESSION_MAX_NEW)]);
    const data: ReviewToday = {
      pendientes: Number(due!.n),
      nuevas: seen.length + fresh.length,
      proxima: next?.at ? new Date(next.at).toISOString() : null,
    };
    return { data };
  });

  /** Words seen in a level's menu (progreso.palabras_vistas), as a subquery of ids. */
  const menuSeen = (me: number) =>
    sql`(select (jsonb_array_elements_text(${progreso.palabrasVistas}))::int from ${progreso} where ${progreso.idUsuario} = ${me})`;

  /**
   * Words the child has seen but never reviewed, owed their first review (composeSession): seen in
   * word detail (a card in state new; oldest seen first), then seen in a level's menu without a card
   * yet (by level and id).
   */
  async function seenWords(me: number, limit: number): Promise<WordRow[]> {
    const inDetail = await db
      .select(wordCols)
      .from(memoria)
      .innerJoin(palabra, eq(palabra.idPalabra, memoria.idPalabra))
      .where(and(eq(memoria.idUsuario, me), eq(memoria.estado, State.New)))
      .orderBy(asc(memoria.vistaEn), asc(memoria.idPalabra))
      .limit(limit);
    if (inDetail.length >= limit) return inDetail;
    const inMenu = await db
      .select(wordCols)
      .from(palabra)
      .leftJoin(memoria, and(eq(memoria.idPalabra, palabra.idPalabra), eq(memoria.idUsuario, me)))
      .where(and(isNull(memoria.idMemoria), sql`${palabra.idPalabra} in ${menuSeen(me)}`))
      .orderBy(asc(palabra.idNivel), asc(palabra.idPalabra))
      .limit(limit - inDetail.length);
    return [...inDetail, ...inMenu];
  }

  /** Words never seen at all, of the levels the child has opened (the few new ones a session may add). */
  async function unseenWords(me: number, limit: number): Promise<WordRow[]> {
    return db
      .select(wordCols)
      .from(palabra)
      .leftJoin(memoria, and(eq(memoria.idPalabra, palabra.idPalabra), eq(memoria.idUsuario, me)))
      .where(
        and(
          isNull(memoria.idMemoria),
          sql`${palabra.idNivel} in (select ${progreso.idNivel} from ${progreso} where ${progreso.idUsuario} = ${me})`,
          sql`${palabra.idPalabra} not in ${menuSeen(me)}`,
        ),
      )
      .orderBy(asc(palabra.idNivel), asc(palabra.idPalabra))
      .limit(limit);
  }

  app.get('/api/repaso/sesion', { onRequest: app.requireUser }, async (req) => {
    const me = req.user!.id;
    const dueRows = await db
      .select({ ...wordCols, m: memoria })
      .from(memoria)
      .innerJoin(palabra, eq(palabra.idPalabra, memoria.idPalabra))
      .where(dueNow(me))
      .orderBy(asc(memoria.vence), asc(memoria.idPalabra))
      .limit(SESSION_MAX_ITEMS);
    const [seen, fresh] = await Promise.all([seenWords(me, SESSION_MAX_ITEMS), unseenWords(me, SESSION_MAX_NEW)]);
    const picked = composeSession<WordRow & { m?: typeof memoria.$inferSelect }>(dueRows, fresh, { seen });
    if (!picked.length) return { data: [] };
    const chosen = picked.map((p) => p.item as WordRow & { m?: typeof memoria.$inferSelect });
    // Distractors: words of the chosen words' levels; the child's other opened levels only when one
    // of those levels is too small to give CHOICES − 1 (one query in the usual case; bounded).
    const levels = [...new Set(chosen.map((w) => w.idNivel))];
    let pool = (await db.select(wordCols).from(palabra).where(inArray(palabra.idNivel, levels)).orderBy(asc(palabra.idPalabra)).limit(400)) as WordRow[];
    const perLevel = new Map<number, number>();
    for (const w of pool) perLevel.set(w.idNivel, (perLevel.get(w.idNivel) ?? 0) + 1);
    if (levels.some((l) => (perLevel.get(l) ?? 0) < CHOICES)) {
      const more = (await db
        .select(wordCols)
        .from(palabra)
        .where(and(sql`${palabra.idNivel} in ${openedLevels(me)}`, notInArray(palabra.idNivel, levels)))
        .orderBy(asc(palabra.idPalabra))
        .limit(100)) as WordRow[];
      pool = [...pool, ...more];
    }
    const plan = chosen.map((w, i) => {
      const card = w.m ? cardOf(w.m) : null;
      const tipo = card ? itemKind(card, i) : 'sena_a_palabra';
      return { w, tipo, nuevo: picked[i]!.nuevo, distractores: tipo === 'escribir' ? [] : pickDistractors(w, pool) };
    });
    const media = await mediaOf(db, [...new Set(plan.flatMap((p) => [p.w.idPalabra, ...p.distractores.map((d) => d.idPalabra)]))]);
    const wire = (w: WordRow): ReviewItemWord => ({
      id_palabra: w.idPalabra,
      palabraEspanol: w.palabraEspanol,
      palabraIngles: w.palabraIngles,
      id_nivel: w.idNivel,
      sena: media.get(w.idPalabra)?.sena ?? null,
      imagen: media.get(w.idPalabra)?.imagen ?? null,
    });
    const data: ReviewItem[] = plan.map((p) => ({ ...wire(p.w), tipo: p.tipo, nuevo: p.nuevo, distractores: p.distractores.map(wire) }));
    return { data };
  });

  app.post<{ Body: z.output<typeof reviewAnswerSchema> }>(
    '/api/repaso/respuesta',
    ownEventRoute(app, reviewAnswerSchema, OTRO_NINO_MSG),
    async (req, reply) => {
      const me = req.user!.id;
      const answer = req.body;
      const [logged] = await db
        .select()
        .from(repaso)
        .where(and(eq(repaso.idUsuario, me), eq(repaso.clave, answer.clave)));
      const w = await wordOrThrow(answer.id_palabra);
      if (!logged) {
        if (!(await wordIsOpen(db, me, w.idPalabra))) throw forbidden(PALABRA_NO_ABIERTA_MSG, 'WORD_NOT_OPEN');
      } else if (logged.idPalabra !== answer.id_palabra) {
        throw badRequest('La clave ya se usó para otra palabra.', { clave: 'La clave ya se usó para otra palabra.' });
      }
      // Graded here from what the child answered; a `correcto` in the body is not read.
      const given = answer.elegida !== undefined ? { elegida: answer.elegida } : { escrita: answer.escrita ?? '' };
      const grade = gradeAnswer({ correcto: isReviewAnswerRight(w, given), repetido: answer.repetido, lento: answer.lento });
      // Scheduled at the device's time of the answer (answers queued offline, W-11.2), bounded, and
      // never before the card's last review (applyReviews).
      const at = answer.fecha ? eventTime(answer.fecha, new Date()) : undefined;
      const [r] = await db.transaction((tx) => applyReviews(tx, me, [{ idPalabra: answer.id_palabra, grade, source: 'repaso', clave: answer.clave }], at));
      const data: ReviewResult = { id_palabra: r!.idPalabra, calificacion: r!.calificacion, estrellas: r!.estrellas, vence: r!.vence.toISOString() };
      return reply.code(r!.nuevo ? 201 : 200).send({ msg: REPASO_SAVED_MSG, data });
    },
  );

  app.post<{ Body: z.output<typeof wordSeenSchema> }>(
    '/api/repaso/visto',
    { config: invalidates(), onRequest: app.requireUser, preValidation: bodyOrEmpty, schema: { body: wordSeenSchema } },
    async (req) => {
      const me = req.user!.id;
      const { id_palabra, fecha } = req.body;
      await wordOrThrow(id_palabra);
      await noteWordSeen(db, me, id_palabra, fecha ? eventTime(fecha, new Date()) : undefined);
      const [m] = await db
        .select()
        .from(memoria)
        .where(and(eq(memoria.idUsuario, me), eq(memoria.idPalabra, id_palabra)));
      return { msg: REPASO_SEEN_MSG, data: { id_palabra, estrellas: strengthStars(cardOf(m!), new Date()) } };
    },
  );

  /** Strength of every word of a level for the caller. */
  async function levelStrength(me: number, idNivel: number) {
    const now = new Date();
    const words = (await db.select(wordCols).from(palabra).where(eq(palabra.idNivel, idNivel)).orderBy(asc(palabra.idPalabra))) as WordRow[];
    const cards = await cardsOf(
      db,
      me,
      words.map((w) => w.idPalabra),
    );
    return { words, cards, now };
  }

  app.get<{ Params: { id: string } }>('/api/repaso/nivel/:id', { onRequest: app.requireUser }, async (req) => {
    const id = idParam(req.params.id);
    await levelOrThrow(id);
    const { words, cards, now } = await levelStrength(req.user!.id, id);
    return {
      data: words.map((w) => {
        const c = cards.get(w.idPalabra);
        return {
          id_palabra: w.idPalabra,
          estrellas: c ? strengthStars(c, now) : 0,
          recuerdo: c ? Math.round(recall(c, now) * 100) / 100 : 0,
          pendiente: c ? isDue(c, now) : false,
          vence: c && c.state !== State.New ? c.due.toISOString() : null,
        };
      }),
    };
  });

  app.get<{ Params: { id: string } }>('/api/repaso/juego/:id', { onRequest: app.requireUser }, async (req) => {
    const id = idParam(req.params.id);
    await levelOrThrow(id);
    const { words, cards, now } = await levelStrength(req.user!.id, id);
    return {
      data: orderForPractice(words, cards, now).map((w) => {
        const c = cards.get(w.idPalabra);
        return {
          id_palabra: w.idPalabra,
          palabraEspanol: w.palabraEspanol,
          palabraIngles: w.palabraIngles,
          id_nivel: w.idNivel,
          estrellas: c ? strengthStars(c, now) : 0,
          pendiente: c ? isDue(c, now) : false,
        };
      }),
    };
  });

  app.get<{ Params: { userId: string } }>('/api/repaso/alumno/:userId', { onRequest: app.requireUser }, async (req) => {
    const userId = idParam(req.params.userId, 'userId');
    const me = req.user!;
    if (me.id !== userId && !atLeast(me.role, 'profesor')) throw forbidden(SOLO_TUS_REPASOS_MSG);
    // A child outside the profesor's classes answers as one that does not exist (no name).
    if (!(await canReachChild(db, me, userId))) throw notFound('Usuario no encontrado.');
    const [u] = await db.select({ id: usuario.id, nombre: usuario.nombre, apellido: usuario.apellido }).from(usuario).where(eq(usuario.id, userId));
    if (!u) throw notFound('Usuario no encontrado.');
    const now = new Date();
    const [due] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memoria)
      .where(dueNow(userId));
    const rows = await db
      .select({ m: memoria, idNivel: palabra.idNivel, nombreNivel: nivel.nombreNivel })
      .from(memoria)
      .innerJoin(palabra, eq(palabra.idPalabra, memoria.idPalabra))
      .innerJoin(nivel, eq(nivel.idNivel, palabra.idNivel))
      .where(eq(memoria.idUsuario, userId));
    const byLevel = new Map<
      number,
      { id_nivel: number; nombre_nivel: string; palabras: number; pendientes: number; estrellas: [number, number, number, number] }
    >();
    for (const r of rows) {
      const l = byLevel.get(r.idNivel) ?? { id_nivel: r.idNivel, nombre_nivel: r.nombreNivel, palabras: 0, pendientes: 0, estrellas: [0, 0, 0, 0] };
      const c = cardOf(r.m);
      l.palabras++;
      if (isDue(c, now)) l.pendientes++;
      l.estrellas[strengthStars(c, now)]++;
      byLevel.set(r.idNivel, l);
    }
    const days = lastDays(now, REVIEW_HISTORY_DAYS);
    const perDay = await db
      .select({
        dia: sql<string>`to_char(${repaso.fecha} at time zone 'UTC', 'YYYY-MM-DD')`,
        n: sql<number>`count(*)::int`,
        fallos: sql<number>`(count(*) filter (where ${repaso.calificacion} = 1))::int`,
      })
      .from(repaso)
      .where(and(eq(repaso.idUsuario, userId), sql`${repaso.fecha} >= ${days[0]}::date`))
      .groupBy(sql`1`);
    const counts = new Map(perDay.map((d) => [d.dia, d]));
    return {
      data: {
        id_usuario: userId,
        /** The child's name for the teacher's screen (the back office shows it as its title). */
        alumno: `${u.nombre} ${u.apellido}`.trim(),
        pendientes: Number(due!.n),
        niveles: [...byLevel.values()].sort((a, b) => a.id_nivel - b.id_nivel),
        por_dia: days.map((fecha) => ({ fecha, repasos: Number(counts.get(fecha)?.n ?? 0), fallos: Number(counts.get(fecha)?.fallos ?? 0) })),
      },
    };
  });

  app.get<{ Params: { id: string } }>('/api/repaso/dificiles/:id', { onRequest: app.requireRole('profesor') }, async (req) => {
    const id = idParam(req.params.id);
    await levelOrThrow(id);
    // A profesor's difficult words come from the children of their classes only; `?id_clase=`
    // narrows to one class the caller may open.
    const idClase = await classFilter(db, req);
    const both = (col: typeof memoria.idUsuario | typeof repaso.idUsuario) => {
      const scope = childScope(db, req.user!, col);
      if (idClase === undefined) return scope;
      return scope ? and(scope, inClass(db, idClase, col)) : inClass(db, idClase, col);
    };
    const memScope = both(memoria.idUsuario);
    const fallos = sql<number>`(count(*) filter (where ${repaso.calificacion} = 1))::int`;
    const total = sql<number>`count(*)::int`;
    const rows = await db
      .select({
        id_palabra: palabra.idPalabra,
        palabraEspanol: palabra.palabraEspanol,
        repasos: total,
        fallos,
        ninos: sql<number>`count(distinct ${repaso.idUsuario})::int`,
        olvidos: sql<number>`(select coalesce(sum(${memoria.olvidos}), 0)::int from ${memoria} where ${memoria.idPalabra} = ${palabra.idPalabra}${
          memScope ? sql` and ${memScope}` : sql``
        })`,
      })
      .from(repaso)
      .innerJoin(palabra, eq(palabra.idPalabra, repaso.idPalabra))
      .where(and(eq(palabra.idNivel, id), both(repaso.idUsuario)))
      .groupBy(palabra.idPalabra, palabra.palabraEspanol)
      .orderBy(desc(sql`${fallos}::float / ${total}`), desc(fallos), asc(palabra.idPalabra))
      .limit(20);
    return {
      data: rows.map((r) => ({ ...r, tasa_fallo: r.repasos ? Math.round((r.fallos / r.repasos) * 100) / 100 : 0 })),
    };
  });
}
