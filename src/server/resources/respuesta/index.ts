import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { pregunta, respuesta } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { idParam } from '../../validate';
import { IMAGE_KINDS } from '../../storage/sniff';
import { MAX_RESPUESTAS, PREGUNTA_MSG } from '../../../shared/resources/pregunta';
import { RESPUESTA_MSG, RESPUESTAS_POR_PREGUNTA_PATH, respuestaResource, type RespuestaInput, type RespuestaWire } from '../../../shared/resources/respuesta';
import { apiPath, countExpr, guard } from '../crud';
import { bindingSelect, serverResource, type SelectRow } from '../define';
import { textExpr } from '../list';

export const RESPUESTA_NOT_FOUND = 'Respuesta no encontrada.';

const select = bindingSelect(getTableColumns(respuesta), (db, f) => db.select(f).from(respuesta).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;
const toWire = (r: Row): RespuestaWire => ({
  id_respuesta: r.idRespuesta,
  respuesta: r.respuesta,
  valor: r.valor,
  id_pregunta: r.idPregunta,
  imagen: r.imagen,
});

/** A question holds at most MAX_RESPUESTAS answers (checked again inside the writing transaction). */
async function checkRoom(tx: Db, idPregunta: number, exceptId?: number) {
  const same = eq(respuesta.idPregunta, idPregunta);
  const [{ n }] = (await tx
    .select({ n: countExpr })
    .from(respuesta)
    .where(exceptId ? and(same, ne(respuesta.idRespuesta, exceptId)) : same)) as [{ n: number }];
  if (n >= MAX_RESPUESTAS) throw badRequest(PREGUNTA_MSG.max5, { id_pregunta: PREGUNTA_MSG.max5 });
}

export default serverResource<RespuestaInput, Row, RespuestaWire>(({ database: { db } }) => ({
  decl: respuestaResource,
  notFound: RESPUESTA_NOT_FOUND,
  table: respuesta,
  idColumn: respuesta.idRespuesta,
  from: (f) => select(db, f),
  sortable: {
    id_respuesta: respuesta.idRespuesta,
    id: respuesta.idRespuesta,
    respuesta: respuesta.respuesta,
    valor: respuesta.valor,
    id_pregunta: respuesta.idPregunta,
    // "ID Pregunta" shows the question's text: it sorts by that text.
    pregunta: textExpr(sql`(select ${pregunta.pregunta} from ${pregunta} where ${pregunta.idPregunta} = ${respuesta.idPregunta})`),
  },
  filters: { id_pregunta: respuesta.idPregunta },
  // Beside the wire fields (W-10.8), the question's text: the list's "ID Pregunta" shows it.
  toWire: async (rows) => {
    const ids = [...new Set(rows.map((r) => r.idPregunta))];
    const qs = ids.length ? await db.select({ id: pregunta.idPregunta, texto: pregunta.pregunta }).from(pregunta).where(inArray(pregunta.idPregunta, ids)) : [];
    const byId = new Map(qs.map((q) => [q.id, q.texto]));
    return rows.map((r) => ({ ...toWire(r), pregunta: { pregunta: byId.get(r.idPregunta) ?? null } }));
  },
  toValues: (input, stored) => ({
    respuesta: input.respuesta ?? '',
    valor: input.valor,
    idPregunta: input.id_pregunta,
    // An update without a new file keeps the old one.
    ...(stored.imagen ? { imagen: stored.imagen.name } : {}),
  }),
  async check(input, exceptId, { files, existing }) {
    // Text or image: the image may be the one sent now or, on update, the one kept.
    if (!input.respuesta && !files.imagen && !existing?.imagen) throw badRequest(RESPUESTA_MSG.respuesta, { respuesta: RESPUESTA_MSG.respuesta });
    const [p] = await db.select({ id: pregunta.idPregunta }).from(pregunta).where(eq(pregunta.idPregunta, input.id_pregunta));
    if (!p) throw badRequest('La pregunta seleccionada no existe.', { id_pregunta: 'La pregunta seleccionada no existe.' });
    // An answer that stays on its question takes no new room.
    if (!existing || input.id_pregunta !== existing.idPregunta) await checkRoom(db, input.id_pregunta, exceptId);
  },
  files: { imagen: { folder: 'respuestas', kinds: IMAGE_KINDS, message: RESPUESTA_MSG.imagen, column: 'imagen' } },
  replies: { created: 'Respuesta creada correctamente.', updated: 'Respuesta actualizada correctamente.', deleted: 'Respuesta eliminada correctamente.' },
  hooks: {
    // The room is checked again inside the transaction that takes it (two answers sent at once).
    insert: (values, input) =>
      db.transaction(async (tx) => {
        await checkRoom(tx as unknown as Db, input.id_pregunta);
        const [r] = await tx
          .insert(respuesta)
          .values(values as typeof respuesta.$inferInsert)
          .returning({ id: respuesta.idRespuesta });
        return r!.id;
      }),
    update: (id, values, input, old) =>
      db.transaction(async (tx) => {
        if (input.id_pregunta !== old.idPregunta) await checkRoom(tx as unknown as Db, input.id_pregunta, id);
        const rows = await tx.update(respuesta).set(values).where(eq(respuesta.idRespuesta, id)).returning({ id: respuesta.idRespuesta });
        if (!rows.length) throw notFound(RESPUESTA_NOT_FOUND);
      }),
    routes(app: FastifyInstance) {
      // A question's answers, in their order (the evaluation panel).
      app.get<{ Params: { id: string } }>(apiPath(RESPUESTAS_POR_PREGUNTA_PATH), { onRequest: guard(app, respuestaResource.readRole) }, async (req) => {
        const id = idParam(req.params.id);
        const [p] = await db.select({ id: pregunta.idPregunta }).from(pregunta).where(eq(pregunta.idPregunta, id));
        if (!p) throw notFound('Pregunta no encontrada.');
        const rows = await db.select().from(respuesta).where(eq(respuesta.idPregunta, id)).orderBy(respuesta.idRespuesta);
        return { data: rows.map(toWire) };
      });
    },
  },
}));
