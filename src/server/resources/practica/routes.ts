import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { palabra, practica } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { applyReviews, ownEventRoute, wordIsOpen } from '../repaso/memory';
import { PALABRA_NO_ABIERTA_MSG, PALABRA_NO_EXISTE_MSG } from '../repaso/routes';
import { eventTime } from '../../../shared/rules/offline';
import { Rating } from '../../../shared/rules/review';
import { PRACTICA_GUARDADA_MSG, PRACTICA_OTRO_NINO_MSG, practiceEventSchema, type PracticeResult } from '../../../shared/signPractice/event';
import type { Stars } from '../../../shared/signPractice/compare';

export const CLAVE_OTRA_PALABRA_MSG = 'La clave ya se usó para otra palabra.';

/**
 * The grade a practice attempt gives the child's memory, or none. The child signs with the sign
 * playing beside the camera, so a good attempt is a retrieval helped along: 3 stars = Good, 2 = Hard
 * (right, with effort). 1 star is stored for the teacher but does not touch the schedule: the dialog
 * has no failure screen, and a child copying badly has not shown they forgot the word.
 */
export function practiceGrade(stars: Stars) {
  return stars === 3 ? Rating.Good : stars === 2 ? Rating.Hard : null;
}

/**
 * "¡Ahora tú!" as a learning event (DESIGN.md "Camera practice"):
 * - POST /api/repaso/practica `{id_palabra, clave, estrellas, puntaje, forma, lugar, movimiento, fecha?}`
 *   → 201 `{msg, data: PracticeResult}`; the same clave again → 200 with the stored attempt, nothing
 *   written twice (20 identical requests at once store one row and one review). The caller's own
 *   attempt only: a body naming another user (`id_usuario`) is refused (403) before anything else.
 *   The stars must follow from the parts (practiceEventSchema); the word's level must be open.
 */
export default async function practicaRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  app.post<{ Body: z.output<typeof practiceEventSchema> }>(
    '/api/repaso/practica',
    ownEventRoute(app, practiceEventSchema, PRACTICA_OTRO_NINO_MSG),
    async (req, reply) => {
      const me = req.user!.id;
      const e = req.body;
      const [w] = await db.select({ id: palabra.idPalabra, idNivel: palabra.idNivel }).from(palabra).where(eq(palabra.idPalabra, e.id_palabra));
      if (!w) throw notFound(PALABRA_NO_EXISTE_MSG);

      const stored = async () =>
        (
          await db
            .select()
            .from(practica)
            .where(and(eq(practica.idUsuario, me), eq(practica.clave, e.clave)))
        )[0];
      const answer = (row: typeof practica.$inferSelect): PracticeResult => ({
        id_palabra: row.idPalabra,
        estrellas: row.estrellas as Stars,
        repaso: practiceGrade(row.estrellas as Stars) !== null,
      });
      const before = await stored();
      if (before && before.idPalabra !== e.id_palabra) throw badRequest(CLAVE_OTRA_PALABRA_MSG, { clave: CLAVE_OTRA_PALABRA_MSG });
      if (before) return reply.code(200).send({ msg: PRACTICA_GUARDADA_MSG, data: answer(before) });

      // The same rule as a review answer: a word of a level the child has opened (or already has a card).
      if (!(await wordIsOpen(db, me, w.id))) throw forbidden(PALABRA_NO_ABIERTA_MSG, 'WORD_NOT_OPEN');

      const at = e.fecha ? eventTime(e.fecha, new Date()) : new Date();
      // The row and the review commit together; the unique (id_usuario, clave) decides a race: the
      // request whose insert lost writes nothing and answers with the winner's row.
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(practica)
          .values({
            idUsuario: me,
            idPalabra: e.id_palabra,
            clave: e.clave,
            estrellas: e.estrellas,
            puntaje: e.puntaje,
            forma: e.forma,
            lugar: e.lugar,
            movimiento: e.movimiento,
            fecha: at,
          })
          .onConflictDoNothing()
          .returning();
        const row = rows[0];
        if (!row) return null;
        const grade = practiceGrade(e.estrellas as Stars);
        if (grade !== null) await applyReviews(tx, me, [{ idPalabra: e.id_palabra, grade, source: 'practica', clave: `practica-${e.clave}` }], at);
        return row;
      });
      if (inserted) return reply.code(201).send({ msg: PRACTICA_GUARDADA_MSG, data: answer(inserted) });
      const winner = (await stored())!;
      if (winner.idPalabra !== e.id_palabra) throw badRequest(CLAVE_OTRA_PALABRA_MSG, { clave: CLAVE_OTRA_PALABRA_MSG });
      return reply.code(200).send({ msg: PRACTICA_GUARDADA_MSG, data: answer(winner) });
    },
  );
}
