import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bodyOrEmpty } from '../crud';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { nivel, palabra, partida } from '../../db/schema';
import { badRequest } from '../../errors';
import { checkRunFigures, GAME_IDS, gameRunSchema, REVIEW_FILL_RUN_SIZE, type GameRunGame, type GameRunSummary } from '../../../shared/rules/gameRun';
import type { GameWord } from '../../../shared/rules/games/types';
import { starsFor } from '../../../shared/rules/games/stars';
import { invalidates } from '../../cache';
import { openWords, reviewGameRun } from '../repaso/memory';
import { eventTime } from '../../../shared/rules/offline';

export const PARTIDAS_PATH = '/api/partidas';
export const PARTIDAS_SUMMARY_PATH = '/api/partidas/resumen';
export const PARTIDA_SAVED_MSG = 'Partida guardada.';
export const PARTIDA_NO_LEVEL_MSG = 'El nivel de la partida no existe.';
export const PARTIDA_BAD_WORDS_MSG = 'Las palabras de la partida no son de ese nivel.';
export const PARTIDA_UNKNOWN_WORDS_MSG = 'Las palabras de la partida no existen.';

/** A stored run as the API answers it. */
function toWire(r: typeof partida.$inferSelect) {
  return {
    clave: r.clave,
    juego: r.juego,
    idNivel: r.idNivel,
    puntos: r.puntos,
    puntosMax: r.puntosMax,
    ganada: r.ganada,
    estrellas: r.estrellas,
    palabrasBien: r.palabrasBien,
    palabrasMal: r.palabrasMal,
    fecha: r.fecha,
  };
}

/**
 * Game results that carry over (routes.md, games.md G-7): a learner's device reports each finished or abandoned
 * run; the points and the best stars per level and game come back after a reload or on another
 * device. Any signed-in role, always the caller's own rows (no user id in any path). Never cached:
 * the content cache is keyed by URL and these URLs are the same for everyone (see cache.ts).
 *
 * - POST /api/partidas → 201 `{msg, data}`; the same `clave` again → 200 with the stored run and
 *   nothing new stored (a device resending after a lost reply). An optional `fecha` (the device's
 *   time, wire W-11.2) is stored through eventTime (src/shared/rules/offline.ts). Refused with a Spanish 400, storing
 *   nothing: bad fields, a level that does not exist, words not of that level (or not existing when
 *   the run had no level) except, in hangman and order words, up to a run of the child's review words
 *   of levels they opened, more points than the game can give, figures (puntos, puntosMax, ganada,
 *   palabrasBien, palabrasMal) that do not follow from the run's rounds by the game's own rules
 *   (checkRunFigures, code RUN_FIGURES). Stars are computed here from the checked figures.
 * - GET /api/partidas/resumen → `{data: GameRunSummary}`.
 */
export default async function partidasRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const byClave = async (userId: number, clave: string) =>
    (
      await db
        .select()
        .from(partida)
        .where(and(eq(partida.idUsuario, userId), eq(partida.clave, clave)))
    )[0];

  app.post<{ Body: z.output<typeof gameRunSchema> }>(
    PARTIDAS_PATH,
    { config: invalidates(), onRequest: app.requireUser, preValidation: bodyOrEmpty, schema: { body: gameRunSchema } },
    async (req, reply) => {
      const run = req.body;
      const userId = req.user!.id;

      const seen = await byClave(userId, run.clave);
      if (seen) return reply.code(200).send({ msg: PARTIDA_SAVED_MSG, data: toWire(seen) });

      if (run.idNivel !== null) {
        const [lv] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, run.idNivel));
        if (!lv) throw badRequest(PARTIDA_NO_LEVEL_MSG, { idNivel: PARTIDA_NO_LEVEL_MSG });
      }
      // The game's words: the run's level's (the page plays a level's words, its due ones first), or
      // existing words when the run had no level. A short level of hangman or order words is filled
      // with the child's due review words of other levels (REVIEW_FILL_RUN_SIZE, docs/games.md): a
      // word of another level is accepted only when that child may review it (a level they opened,
      // or a card in their memory: openWords, the review's own rule), and no more than fill a run.
      // The rounds and the words right or wrong must be among them (checkRunFigures).
      const ids = [...new Set([...run.palabras, ...run.palabrasBien, ...run.palabrasMal])];
      const known = await db
        .select({ id: palabra.idPalabra, es: palabra.palabraEspanol, nivelId: palabra.idNivel })
        .from(palabra)
        .where(inArray(palabra.idPalabra, ids));
      if (known.length !== ids.length) {
        const msg = run.idNivel === null ? PARTIDA_UNKNOWN_WORDS_MSG : PARTIDA_BAD_WORDS_MSG;
        throw badRequest(msg, { palabras: msg });
      }
      if (run.idNivel !== null) {
        const others = known.filter((w) => w.nivelId !== run.idNivel).map((w) => w.id);
        const open = others.length && others.length <= REVIEW_FILL_RUN_SIZE[run.juego] ? await openWords(db, userId, others) : new Set<number>();
        if (others.some((id) => !open.has(id))) throw badRequest(PARTIDA_BAD_WORDS_MSG, { palabras: PARTIDA_BAD_WORDS_MSG });
      }
      // The page hands the games only words with a sign (useGameWords), so each one has a clue for
      // the cards; the server marks them so rather than look up every word's media.
      const given = new Set(run.palabras);
      const words: GameWord[] = known.filter((w) => given.has(w.id)).map((w) => ({ id: w.id, es: w.es, en: '', nivelId: w.nivelId, sign: 'seña' }));
      const wrong = checkRunFigures(run, words);
      if (wrong) throw badRequest(wrong.msg, wrong.fields, 'RUN_FIGURES');

      const estrellas = starsFor(run.puntos, run.puntosMax, run.ganada);
      // When the run ended on the device (runs queued offline, W-11.2), bounded; absent = now.
      const { fecha: sent, palabras: _palabras, rondas: _rondas, fallosRondaAbierta: _open, ...fields } = run;
      const fecha = sent ? eventTime(sent, new Date()) : undefined;
      // Two sends of one run racing: the unique (user, clave) index keeps one; the loser reads it.
      // The run and the reviews of its words (the child's memory, C-7) in one transaction; a
      // resent run inserts nothing, so it reviews nothing again.
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(partida)
          .values({ idUsuario: userId, ...fields, estrellas, ...(fecha ? { fecha } : {}) })
          .onConflictDoNothing()
          .returning();
        if (rows[0]) await reviewGameRun(tx, userId, run, fecha);
        return rows;
      });
      if (inserted[0]) return reply.code(201).send({ msg: PARTIDA_SAVED_MSG, data: toWire(inserted[0]) });
      const stored = await byClave(userId, run.clave);
      return reply.code(200).send({ msg: PARTIDA_SAVED_MSG, data: stored ? toWire(stored) : null });
    },
  );

  app.get(PARTIDAS_SUMMARY_PATH, { onRequest: app.requireUser }, async (req) => {
    const userId = req.user!.id;
    const points = await db
      .select({ juego: partida.juego, n: sql<number>`coalesce(sum(${partida.puntos}), 0)::int` })
      .from(partida)
      .where(eq(partida.idUsuario, userId))
      .groupBy(partida.juego);
    const byGame = Object.fromEntries(GAME_IDS.map((g) => [g, 0])) as Record<GameRunGame, number>;
    for (const p of points) if ((GAME_IDS as readonly string[]).includes(p.juego)) byGame[p.juego as GameRunGame] = Number(p.n);
    // Best stars per level and game; runs without a level count only in the points.
    const best = await db
      .select({ idNivel: partida.idNivel, juego: partida.juego, estrellas: sql<number>`max(${partida.estrellas})::int` })
      .from(partida)
      .where(and(eq(partida.idUsuario, userId), isNotNull(partida.idNivel)))
      .groupBy(partida.idNivel, partida.juego)
      .orderBy(partida.idNivel, partida.juego);
    const data: GameRunSummary = {
      puntos: { total: GAME_IDS.reduce((sum, g) => sum + byGame[g], 0), byGame },
      estrellas: best
        .filter((r) => r.idNivel !== null && (GAME_IDS as readonly string[]).includes(r.juego))
        .map((r) => ({ idNivel: r.idNivel!, juego: r.juego as GameRunGame, estrellas: Number(r.estrellas) })),
    };
    return { data };
  });
}
