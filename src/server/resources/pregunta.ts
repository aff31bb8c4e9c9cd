import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import { evaluacion, pregunta, respuesta } from '../db/schema';
import { badRequest } from '../errors';
import { IMAGE_KINDS, VIDEO_KINDS } from '../storage/sniff';
import type { PreguntaDetalle } from '../../shared/resources/evaluacion';
import { PREGUNTA_MSG, preguntaResource, preguntaSchema, type PreguntaInput, type PreguntaWire } from '../../shared/resources/pregunta';
import { serverResource } from './define';

export const PREGUNTA_NOT_FOUND = 'Pregunta no encontrada.';

/** A question's imagen: a picture (JPG, PNG, GIF) or a sign (GIF, MP4, WEBM), sniffed by its bytes. */
const PREGUNTA_KINDS = [...IMAGE_KINDS, ...VIDEO_KINDS];

type Row = typeof pregunta.$inferSelect;

/** Rows of `pregunta` with their answers (whole: the caller strips them for learners), in the rows' order. */
export async function withRespuestas(db: Db, ps: Row[]): Promise<PreguntaDetalle[]> {
  const ids = ps.map((p) => p.idPregunta);
  const rs = ids.length ? await db.select().from(respuesta).where(inArray(respuesta.idPregunta, ids)).orderBy(asc(respuesta.idRespuesta)) : [];
  return ps.map((p) => ({
    id_pregunta: p.idPregunta,
    pregunta: p.pregunta,
    Tipo: p.tipo,
    porcentaje: Number(p.porcentaje),
    id_evaluacion: p.idEvaluacion,
    imagen: p.imagen,
    respuestas: rs
      .filter((r) => r.idPregunta === p.idPregunta)
      .map((r) => ({
        id_respuesta: r.idRespuesta,
        respuesta: r.respuesta,
        valor: r.valor,
        id_pregunta: r.idPregunta,
        imagen: r.imagen,
      })),
  }));
}

/** Questions matching `where` with their answers. */
export async function preguntasWithRespuestas(db: Db, where: SQL | undefined, orderBy = [asc(pregunta.idPregunta)]): Promise<PreguntaDetalle[]> {
  return withRespuestas(
    db,
    await db
      .select()
      .from(pregunta)
      .where(where)
      .orderBy(...orderBy),
  );
}

/**
 * An update changes the question only (answers are edited through api/respuesta): answers sent
 * with it are ignored, never validated.
 */
const preguntaUpdateSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, unknown>), respuestas: undefined } : v),
  preguntaSchema,
);

export default serverResource<PreguntaInput, Row, PreguntaWire>(({ database: { db }, storage }) => ({
  decl: preguntaResource,
  notFound: PREGUNTA_NOT_FOUND,
  table: pregunta,
  idColumn: pregunta.idPregunta,
  from: (f) => db.select(f).from(pregunta).$dynamic(),
  sortable: {
    id_pregunta: pregunta.idPregunta,
    id: pregunta.idPregunta,
    pregunta: pregunta.pregunta,
    Tipo: pregunta.tipo,
    porcentaje: pregunta.porcentaje,
    id_evaluacion: pregunta.idEvaluacion,
  },
  filters: { id_evaluacion: pregunta.idEvaluacion },
  toWire: async (rows) => (await withRespuestas(db, rows)) as PreguntaWire[],
  toValues: (input, stored) => ({
    pregunta: input.pregunta ?? '',
    tipo: input.Tipo,
    porcentaje: input.porcentaje,
    idEvaluacion: input.id_evaluacion,
    // An update without a new file keeps the old one.
    ...(stored.imagen ? { imagen: stored.imagen.name } : {}),
  }),
  updateSchema: preguntaUpdateSchema,
  async check(input, _exceptId, { files, existing }) {
    // Text or image: the image may be the one sent now or, on update, the one kept.
    if (!input.pregunta && !files.imagen && !existing?.imagen) throw badRequest(PREGUNTA_MSG.pregunta, { pregunta: PREGUNTA_MSG.pregunta });
    const [ev] = await db.select({ id: evaluacion.idEvaluacion }).from(evaluacion).where(eq(evaluacion.idEvaluacion, input.id_evaluacion));
    if (!ev) throw badRequest('La evaluación seleccionada no existe.', { id_evaluacion: 'La evaluación seleccionada no existe.' });
  },
  files: { imagen: { folder: 'preguntas', kinds: PREGUNTA_KINDS, message: PREGUNTA_MSG.imagen, column: 'imagen' } },
  replies: { created: 'Pregunta creada correctamente.', updated: 'Pregunta actualizada correctamente.', deleted: 'Pregunta eliminada correctamente.' },
  hooks: {
    // The question and the answers sent with it are written together, or not at all.
    insert: (values, input) =>
      db.transaction(async (tx) => {
        const [p] = await tx
          .insert(pregunta)
          .values(values as typeof pregunta.$inferInsert)
          .returning({ id: pregunta.idPregunta });
        const answers = input.respuestas ?? [];
        if (answers.length) await tx.insert(respuesta).values(answers.map((a) => ({ respuesta: a.respuesta, valor: a.valor, idPregunta: p!.id })));
        return p!.id;
      }),
    // Its answers go with it, in one transaction; then their files (the layer removes the question's).
    async remove(id) {
      const images = await db.transaction(async (tx) => {
        const rs = await tx.select({ imagen: respuesta.imagen }).from(respuesta).where(eq(respuesta.idPregunta, id));
        await tx.delete(respuesta).where(eq(respuesta.idPregunta, id));
        await tx.delete(pregunta).where(eq(pregunta.idPregunta, id));
        return rs.map((r) => r.imagen);
      });
      for (const imagen of images) await storage.remove('respuestas', imagen);
    },
  },
}));
