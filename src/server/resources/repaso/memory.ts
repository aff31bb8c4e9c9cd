import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalidates } from '../../cache';
import type { Db, Tx } from '../../db';
import { memoria, palabra, progreso, repaso } from '../../db/schema';
import { forbidden } from '../../errors';
import {
  gameRunReviews,
  gradeQuizAnswer,
  linkQuestionToWord,
  newCard,
  review,
  State,
  strengthStars,
  type Card,
  type Grade,
  type ReviewSource,
} from '../../../shared/rules/review';
import type { KeyQuestion } from '../../../shared/rules/quizRules';
import { reviewTime } from '../../../shared/rules/offline';

/**
 * The server side of the memory per child and word (constants.md C-7): the only code that writes a
 * schedule. Every event (review answer, game run, quiz attempt) goes through `applyReviews`, inside
 * the caller's transaction, so the log row and the card change together, and a key already in the
 * log (a replay) changes nothing.
 */
export type MemoryRow = typeof memoria.$inferSelect;
type Conn = Db | Tx;

/** The ts-fsrs card of a stored row. */
export function cardOf(r: MemoryRow): Card {
  return {
    due: r.vence,
    stability: r.estabilidad,
    difficulty: r.dificultad,
    elapsed_days: r.diasTranscurridos,
    scheduled_days: r.diasProgramados,
    learning_steps: r.pasos,
    reps: r.repasos,
    lapses: r.olvidos,
    state: r.estado as State,
    ...(r.ultimoRepaso ? { last_review: r.ultimoRepaso } : {}),
  };
}

/** The columns of a card. */
export function columnsOf(c: Card) {
  return {
    estado: c.state as number,
    vence: c.due,
    estabilidad: c.stability,
    dificultad: c.difficulty,
    diasTranscurridos: c.elapsed_days,
    diasProgramados: c.scheduled_days,
    pasos: c.learning_steps,
    repasos: c.reps,
    olvidos: c.lapses,
    ultimoRepaso: c.last_review ?? null,
  };
}

export interface ReviewEvent {
  idPalabra: number;
  grade: Grade;
  source: ReviewSource;
  clave: string;
}

export interface AppliedReview {
  idPalabra: number;
  calificacion: Grade;
  vence: Date;
  estrellas: 0 | 1 | 2 | 3;
  /** False when the key was already in the log (a replay: nothing stored). */
  nuevo: boolean;
}

/**
 * Applies reviews in order, in the caller's transaction. Each card row is locked (FOR UPDATE) before
 * it is read, so two answers of one child racing are applied one after the other, never lost.
 * `at` is when the events happened (wire W-11.2: the device's time of an event sent late, already
 * bounded by eventTime); each is scheduled at that time but never before the card's last review
 * (reviewTime: FSRS needs reviews in order). The stars answered are the strength `now`.
 */
export async function applyReviews(tx: Conn, userId: number, events: readonly ReviewEvent[], at?: Date, now = new Date()): Promise<AppliedReview[]> {
  const happened = at ?? now;
  const out: AppliedReview[] = [];
  for (const e of events) {
    const [logged] = await tx
      .select()
      .from(repaso)
      .where(and(eq(repaso.idUsuario, userId), eq(repaso.clave, e.clave)));
    if (logged) {
      const [m] = await tx
        .select()
        .from(memoria)
        .where(and(eq(memoria.idUsuario, userId), eq(memoria.idPalabra, logged.idPalabra)));
      out.push({
        idPalabra: logged.idPalabra,
        calificacion: logged.calificacion as Grade,
        vence: logged.vence,
        estrellas: m ? strengthStars(cardOf(m), now) : 0,
        nuevo: false,
      });
      continue;
    }
    await tx
      .insert(memoria)
      .values({ idUsuario: userId, idPalabra: e.idPalabra, ...columnsOf(newCard(happened)) })
      .onConflictDoNothing();
    const [m] = await tx
      .select()
      .from(memoria)
      .where(and(eq(memoria.idUsuario, userId), eq(memoria.idPalabra, e.idPalabra)))
      .for('update');
    const before = cardOf(m!);
    const when = reviewTime(happened, before.last_review);
    const after = review(before, e.grade, when);
    const inserted = await tx
      .insert(repaso)
      .values({
        idUsuario: userId,
        idPalabra: e.idPalabra,
        calificacion: e.grade,
        fuente: e.source,
        clave: e.clave,
        estadoAntes: before.state,
        vence: after.due,
        fecha: when,
      })
      .onConflictDoNothing()
      .returning({ id: repaso.idRepaso });
    if (!inserted.length) {
      // The same key committed by a racing request meanwhile: that one counted.
      out.push({ idPalabra: e.idPalabra, calificacion: e.grade, vence: before.due, estrellas: strengthStars(before, now), nuevo: false });
      continue;
    }
    await tx
      .update(memoria)
      .set({ ...columnsOf(after), actualizado: now })
      .where(eq(memoria.idMemoria, m!.idMemoria));
    out.push({ idPalabra: e.idPalabra, calificacion: e.grade, vence: after.due, estrellas: strengthStars(after, now), nuevo: true });
  }
  return out;
}

/**
 * A word seen in word detail: learning, not a review. It creates the child's card (state new, so
 * the word can enter a review session as a new word) and notes when (`at`: the device's time of a
 * view sent late, W-11.2); an existing card is untouched apart from that note, which only moves
 * forward (a view queued offline arriving after a newer one does not make the word look older).
 */
export async function noteWordSeen(tx: Conn, userId: number, idPalabra: number, at = new Date()) {
  await tx
    .insert(memoria)
    .values({ idUsuario: userId, idPalabra, ...columnsOf(newCard(at)), vistaEn: at })
    .onConflictDoUpdate({
      target: [memoria.idUsuario, memoria.idPalabra],
      set: { vistaEn: sql`greatest(${memoria.vistaEn}, ${at.toISOString()}::timestamptz)` },
    });
}

/**
 * The reviews of a stored game run (keys `partida:<clave>:<word>`, so a resent run reviews nothing
 * again), at the run's time `at`.
 */
export async function reviewGameRun(tx: Conn, userId: number, run: { clave: string; palabrasBien: number[]; palabrasMal: number[] }, at?: Date) {
  const events = gameRunReviews(run.palabrasBien, run.palabrasMal).map((r) => ({
    idPalabra: r.idPalabra,
    grade: r.grade,
    source: 'juego' as const,
    clave: `partida:${run.clave}:${r.idPalabra}`,
  }));
  return applyReviews(tx, userId, events, at);
}

/**
 * The reviews of a stored quiz attempt: each question linked to a word of the level (its correct
 * answer is that word: linkQuestionToWord) counts, right = Good, wrong = Again. Keys
 * `intento:<id>:<question>`; `at` is the attempt's stored time.
 */
export async function reviewQuizAttempt(
  db: Db,
  userId: number,
  a: { idIntento: number; idNivel: number; key: readonly KeyQuestion[]; correct: readonly boolean[]; at?: Date },
) {
  const words = await db.select({ idPalabra: palabra.idPalabra, palabraEspanol: palabra.palabraEspanol }).from(palabra).where(eq(palabra.idNivel, a.idNivel));
  const events: ReviewEvent[] = [];
  a.key.forEach((q, i) => {
    const idPalabra = linkQuestionToWord(
      q.respuestas.filter((r) => r.valor).map((r) => r.respuesta),
      words,
    );
    if (idPalabra !== null)
      events.push({ idPalabra, grade: gradeQuizAnswer(a.correct[i] === true), source: 'cuestionario', clave: `intento:${a.idIntento}:${q.id_pregunta}` });
  });
  if (!events.length) return [];
  return db.transaction((tx) => applyReviews(tx, userId, events, a.at));
}

/** The child's cards of some words. */
export async function cardsOf(db: Db, userId: number, ids: readonly number[]): Promise<Map<number, Card>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(memoria)
    .where(and(eq(memoria.idUsuario, userId), inArray(memoria.idPalabra, [...ids])));
  return new Map(rows.map((r) => [r.idPalabra, cardOf(r)]));
}

/** SQL: the child's word is due now (reviewed at least once, due date reached). */
export const dueNow = (userId: number) => and(eq(memoria.idUsuario, userId), sql`${memoria.estado} <> 0`, sql`${memoria.vence} <= now()`);

/**
 * The child's own event body: one naming another child (`id_usuario`) is refused before anything
 * else is looked at (nobody, staff included, answers or practises for a child: the schedule comes
 * only from the child's own events); the rest is returned for validation.
 */
export function ownEventBody(body: unknown, me: number, refusal: string): Record<string, unknown> {
  const { id_usuario: named, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (named !== undefined && named !== null && named !== me) throw forbidden(refusal);
  return rest;
}

/**
 * Options of a learner's event route (a write of their own): signed in (onRequest), then
 * ownEventBody before the schema, so a body naming another child is refused (403) before any of
 * its fields is checked and the schema never sees `id_usuario`; the write empties the content cache.
 */
export const ownEventRoute = <S extends z.ZodType>(app: FastifyInstance, body: S, refusal: string) => ({
  config: invalidates(),
  onRequest: app.requireUser,
  preValidation: async (req: FastifyRequest) => {
    req.body = ownEventBody(req.body, req.user!.id, refusal);
  },
  schema: { body },
});

/** True when the word is of a level the child has opened, or already has a card in their memory. */
export async function wordIsOpen(db: Db, me: number, idPalabra: number): Promise<boolean> {
  return (await openWords(db, me, [idPalabra])).has(idPalabra);
}

/** The words, among `ids`, of a level the child has opened or with a card in their memory (wordIsOpen for many: one query). */
export async function openWords(db: Db, me: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const open = await db
    .select({ id: palabra.idPalabra })
    .from(palabra)
    .where(
      and(
        inArray(palabra.idPalabra, [...ids]),
        sql`(${palabra.idNivel} in (select ${progreso.idNivel} from ${progreso} where ${progreso.idUsuario} = ${me})
             or exists (select 1 from ${memoria} where ${memoria.idUsuario} = ${me} and ${memoria.idPalabra} = ${palabra.idPalabra}))`,
      ),
    );
  return new Set(open.map((r) => r.id));
}
