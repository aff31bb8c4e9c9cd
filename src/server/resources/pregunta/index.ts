import { asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { evaluacion, multimedia, nivel, pregunta, respuesta } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { IMAGE_KINDS, VIDEO_KINDS } from '../../storage/sniff';
import type { PreguntaDetalle, QuizMedia } from '../../../shared/resources/evaluacion';
import {
  answerIssues,
  MAX_RESPUESTAS,
  PREGUNTA_MSG,
  preguntaResource,
  RESPUESTA_IMAGEN_FIELDS,
  respuestaImagenField,
  type PreguntaInput,
  type PreguntaWire,
} from '../../../shared/resources/pregunta';
import { RESPUESTA_MSG } from '../../../shared/resources/respuesta';
import type { StoredFile } from '../../storage';
import { bindingSelect, serverResource, type FileBinding, type SelectRow } from '../define';
import { textExpr } from '../list';

export const PREGUNTA_NOT_FOUND = 'Pregunta no encontrada.';

/** A question's imagen: a picture (JPG, PNG, GIF) or a sign (GIF, MP4, WEBM), sniffed by its bytes. */
const PREGUNTA_KINDS = [...IMAGE_KINDS, ...VIDEO_KINDS];

const select = bindingSelect(getTableColumns(pregunta), (db, f) => db.select(f).from(pregunta).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

/** Rows of `pregunta` with their answers (whole: the caller strips them for learners), in the rows' order. */
export async function withRespuestas(db: Db, ps: Row[]): Promise<PreguntaDetalle[]> {
  const ids = ps.map((p) => p.idPregunta);
  const rs = ids.length ? await db.select().from(respuesta).where(inArray(respuesta.idPregunta, ids)).orderBy(asc(respuesta.idRespuesta)) : [];
  const media = await quizMediaById(db, [...ps.map((p) => p.idMultimedia), ...rs.map((r) => r.idMultimedia)]);
  const mediaOf = (id: number | null) => (id === null ? null : (media.get(id) ?? null));
  return ps.map((p) => ({
    id_pregunta: p.idPregunta,
    pregunta: p.pregunta,
    Tipo: p.tipo,
    porcentaje: Number(p.porcentaje),
    id_evaluacion: p.idEvaluacion,
    imagen: p.imagen,
    id_multimedia: p.idMultimedia,
    multimedia: mediaOf(p.idMultimedia),
    id_palabra: p.idPalabra,
    modo: p.modo,
    respuestas: rs
      .filter((r) => r.idPregunta === p.idPregunta)
      .map((r) => ({
        id_respuesta: r.idRespuesta,
        respuesta: r.respuesta,
        valor: r.valor,
        id_pregunta: r.idPregunta,
        imagen: r.imagen,
        id_multimedia: r.idMultimedia,
        multimedia: mediaOf(r.idMultimedia),
      })),
  }));
}

/** The multimedia rows a quiz shows (a question's sign, its choices' signs or pictures), by id. */
export async function quizMediaById(db: Db, ids: (number | null)[]): Promise<Map<number, QuizMedia>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select().from(multimedia).where(inArray(multimedia.id, wanted));
  return new Map(
    rows.map((m) => [m.id, { id: m.id, url: m.url, tipo: m.tipo, descripcion: m.descripcion, compacta: m.urlCompacta ? { url: m.urlCompacta } : null }]),
  );
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
 * Answer pictures sent with the question (`respuesta_imagen_<i>` for `respuestas[i]`): stored by the
 * layer like any upload (sniffed, removed again if the write fails). Their `column` names no field
 * of a question row, so the layer never removes a question file for them; the answers' old
 * pictures are removed by the update step below, once the new rows are committed.
 */
const ANSWER_IMAGE_FILES: Record<string, FileBinding<PreguntaInput>> = Object.fromEntries(
  RESPUESTA_IMAGEN_FIELDS.map((f) => [f, { folder: 'respuestas', kinds: IMAGE_KINDS, message: RESPUESTA_MSG.imagen, column: `_${f}` }]),
);
/** Key of the write values carrying the stored answer pictures (index → file name) to the write steps. */
const ANSWER_IMAGES = '_respuestaImagenes';

/** The write values without the answer pictures (what goes into the question row). */
function splitValues(values: Record<string, unknown>) {
  const { [ANSWER_IMAGES]: images, ...row } = values;
  return { row, images: (images ?? {}) as Record<number, string> };
}

/**
 * The answer rules of a question sent with its answers (the question form edits them,
 * screens-backoffice.md B-11.4). `respuestas` absent on an update leaves the stored answers as they are; sent,
 * it is the whole new list: a Texto question has exactly one expected text, a choice question at
 * least one correct answer, and an answer with an id must be one of this question's.
 */
async function checkAnswers(db: Db, input: PreguntaInput, id: number | undefined, files: Partial<Record<string, unknown>>) {
  const rows = input.respuestas;
  for (let i = 0; i < RESPUESTA_IMAGEN_FIELDS.length; i++) {
    if (files[respuestaImagenField(i)] && !rows?.[i])
      throw badRequest(PREGUNTA_MSG.respuestaImagenSinFila, { respuestas: PREGUNTA_MSG.respuestaImagenSinFila });
  }
  if (rows === undefined) return;
  // The shared answer rules (the same the admin forms read), now that create and update are known.
  const [issue] = answerIssues(input.Tipo, rows, MAX_RESPUESTAS, id === undefined ? 'create' : 'update');
  if (issue) throw badRequest(issue.message, { respuestas: issue.message });
  if (id === undefined) return;
  const ids = rows.map((r) => r.id_respuesta).filter((x): x is number => x !== undefined);
  if (new Set(ids).size !== ids.length) throw badRequest(PREGUNTA_MSG.respuestasInvalidas, { respuestas: PREGUNTA_MSG.respuestasInvalidas });
  if (!ids.length) return;
  const own = await db.select({ id: respuesta.idRespuesta }).from(respuesta).where(eq(respuesta.idPregunta, id));
  const owned = new Set(own.map((r) => r.id));
  if (ids.some((x) => !owned.has(x))) throw badRequest(PREGUNTA_MSG.respuestaAjena, { respuestas: PREGUNTA_MSG.respuestaAjena });
}

export default serverResource<PreguntaInput, Row, PreguntaWire>(({ database: { db }, storage }) => ({
  decl: preguntaResource,
  notFound: PREGUNTA_NOT_FOUND,
  table: pregunta,
  idColumn: pregunta.idPregunta,
  from: (f) => select(db, f),
  sortable: {
    id_pregunta: pregunta.idPregunta,
    id: pregunta.idPregunta,
    pregunta: pregunta.pregunta,
    Tipo: pregunta.tipo,
    porcentaje: pregunta.porcentaje,
    id_evaluacion: pregunta.idEvaluacion,
    // "Evaluación ID" shows the evaluation's level: it sorts by that name.
    evaluacion: textExpr(
      sql`(select ${nivel.nombreNivel} from ${evaluacion} join ${nivel} on ${nivel.idNivel} = ${evaluacion.idNivel} where ${evaluacion.idEvaluacion} = ${pregunta.idEvaluacion})`,
    ),
  },
  filters: { id_evaluacion: pregunta.idEvaluacion },
  // Beside the wire fields (W-10.7), the evaluation's level name: the list's "Evaluación ID" shows it.
  toWire: async (rows) => {
    const ids = [...new Set(rows.map((r) => r.idEvaluacion))];
    const names = ids.length
      ? await db
          .select({ id: evaluacion.idEvaluacion, nombre: nivel.nombreNivel })
          .from(evaluacion)
          .innerJoin(nivel, eq(nivel.idNivel, evaluacion.idNivel))
          .where(inArray(evaluacion.idEvaluacion, ids))
      : [];
    const byId = new Map(names.map((n) => [n.id, n.nombre]));
    return (await withRespuestas(db, rows)).map((p) => ({ ...p, evaluacion: { nombre_nivel: byId.get(p.id_evaluacion) ?? null } })) as PreguntaWire[];
  },
  toValues: (input, stored) => ({
    pregunta: input.pregunta ?? '',
    tipo: input.Tipo,
    porcentaje: input.porcentaje,
    idEvaluacion: input.id_evaluacion,
    // An update without a new file keeps the old one.
    ...(stored.imagen ? { imagen: stored.imagen.name } : {}),
    [ANSWER_IMAGES]: Object.fromEntries(RESPUESTA_IMAGEN_FIELDS.flatMap((f, i) => (stored[f] ? [[i, (stored[f] as StoredFile).name]] : []))),
  }),
  async check(input, exceptId, { files, existing }) {
    // Text or image: the image may be the one sent now or, on update, the one kept.
    if (!input.pregunta && !files.imagen && !existing?.imagen) throw badRequest(PREGUNTA_MSG.pregunta, { pregunta: PREGUNTA_MSG.pregunta });
    const [ev] = await db.select({ id: evaluacion.idEvaluacion }).from(evaluacion).where(eq(evaluacion.idEvaluacion, input.id_evaluacion));
    if (!ev) throw badRequest('La evaluación seleccionada no existe.', { id_evaluacion: 'La evaluación seleccionada no existe.' });
    await checkAnswers(db, input, exceptId, files);
  },
  files: { imagen: { folder: 'preguntas', kinds: PREGUNTA_KINDS, message: PREGUNTA_MSG.imagen, column: 'imagen' }, ...ANSWER_IMAGE_FILES },
  replies: { created: 'Pregunta creada correctamente.', updated: 'Pregunta actualizada correctamente.', deleted: 'Pregunta eliminada correctamente.' },
  hooks: {
    // The question and the answers sent with it are written together, or not at all.
    insert: (values, input) => {
      const { row, images } = splitValues(values);
      return db.transaction(async (tx) => {
        const [p] = await tx
          .insert(pregunta)
          .values(row as typeof pregunta.$inferInsert)
          .returning({ id: pregunta.idPregunta });
        const answers = input.respuestas ?? [];
        if (answers.length)
          await tx.insert(respuesta).values(answers.map((a, i) => ({ respuesta: a.respuesta, valor: a.valor, idPregunta: p!.id, imagen: images[i] ?? null })));
        return p!.id;
      });
    },
    /**
     * The question and, when the list is sent, its answers in one transaction: rows with an
     * id_respuesta are updated, new rows created, rows left out deleted. The pictures of deleted
     * or re-pictured answers are removed once that is committed.
     */
    async update(id, values, input) {
      const { row, images } = splitValues(values);
      const gone = await db.transaction(async (tx) => {
        const rows = await tx.update(pregunta).set(row).where(eq(pregunta.idPregunta, id)).returning({ id: pregunta.idPregunta });
        if (!rows.length) throw notFound(PREGUNTA_NOT_FOUND);
        if (input.respuestas === undefined) return [];
        const before = await tx.select({ id: respuesta.idRespuesta, imagen: respuesta.imagen }).from(respuesta).where(eq(respuesta.idPregunta, id));
        const old = new Map(before.map((r) => [r.id, r.imagen]));
        const removed: (string | null)[] = [];
        const kept = new Set<number>();
        for (const [i, a] of input.respuestas.entries()) {
          const imagen = images[i];
          if (a.id_respuesta !== undefined) {
            // Checked before the write; gone since (another save): refused, nothing changed.
            if (!old.has(a.id_respuesta)) throw badRequest(PREGUNTA_MSG.respuestaAjena, { respuestas: PREGUNTA_MSG.respuestaAjena });
            kept.add(a.id_respuesta);
            await tx
              .update(respuesta)
              .set({ respuesta: a.respuesta, valor: a.valor, ...(imagen ? { imagen } : {}) })
              .where(eq(respuesta.idRespuesta, a.id_respuesta));
            if (imagen) removed.push(old.get(a.id_respuesta) ?? null);
          } else await tx.insert(respuesta).values({ respuesta: a.respuesta, valor: a.valor, idPregunta: id, imagen: imagen ?? null });
        }
        const drop = before.filter((r) => !kept.has(r.id));
        if (drop.length)
          await tx.delete(respuesta).where(
            inArray(
              respuesta.idRespuesta,
              drop.map((r) => r.id),
            ),
          );
        return [...removed, ...drop.map((r) => r.imagen)];
      });
      for (const imagen of gone) if (imagen) await storage.remove('respuestas', imagen);
    },
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
