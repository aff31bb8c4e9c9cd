import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contenido, nivel, palabra } from '../../db/schema';
import { badRequest } from '../../errors';
import { kindOfStoredName } from '../../multipart';
import { CONTENIDO_FILE_RULES, contenidoResource, type ContenidoInput, type ContenidoWire } from '../../../shared/resources/contenido';
import { bindingSelect, serverResource, type SelectRow } from '../define';
import { FILE_MISMATCH_MSG } from '../multimedia';

export const CONTENIDO_NOT_FOUND = 'Contenido no encontrado.';

/** The word of a content row, under its own name (the level's words are joined elsewhere). */
const pal = alias(palabra, 'pal');

const fields = {
  id_contenido: contenido.idContenido,
  tipo_contenido: contenido.tipoContenido,
  id_nivel: contenido.idNivel,
  id_palabra: contenido.idPalabra,
  descripcion: contenido.descripcion,
  url_archivo: contenido.urlArchivo,
  nombre_nivel: nivel.nombreNivel,
  palabraEspanol: pal.palabraEspanol,
  palabraIngles: pal.palabraIngles,
};

/**
 * A content row with its level and (optional) word. Typed as selecting `fields` (the list and one
 * do; a count selects other fields and reads only those), so `Row` is what Drizzle returns for it.
 */
const select = bindingSelect(fields, (db, f) =>
  db.select(f).from(contenido).innerJoin(nivel, eq(nivel.idNivel, contenido.idNivel)).leftJoin(pal, eq(pal.idPalabra, contenido.idPalabra)).$dynamic(),
);
type Row = SelectRow<ReturnType<typeof select>>;

export default serverResource<ContenidoInput, Row, ContenidoWire>(({ database: { db } }) => {
  return {
    decl: contenidoResource,
    notFound: CONTENIDO_NOT_FOUND,
    table: contenido,
    idColumn: contenido.idContenido,
    fields,
    from: (f) => select(db, f),
    sortable: {
      id_contenido: contenido.idContenido,
      id: contenido.idContenido,
      tipo_contenido: contenido.tipoContenido,
      id_nivel: contenido.idNivel,
      id_palabra: contenido.idPalabra,
      descripcion: contenido.descripcion,
      nivel: nivel.nombreNivel,
      palabra: pal.palabraEspanol,
    },
    searchOnly: { 'nivel.nombre_nivel': nivel.nombreNivel, 'palabra.palabraEspanol': pal.palabraEspanol },
    filters: { id_nivel: contenido.idNivel, id_palabra: contenido.idPalabra },
    toWire: (rows) =>
      rows.map((r) => ({
        id_contenido: r.id_contenido,
        tipo_contenido: r.tipo_contenido,
        id_nivel: r.id_nivel,
        id_palabra: r.id_palabra,
        descripcion: r.descripcion,
        url_archivo: r.url_archivo,
        nivel: { nombre_nivel: r.nombre_nivel },
        palabra: r.id_palabra !== null && r.palabraEspanol !== null ? { palabraEspanol: r.palabraEspanol, palabraIngles: r.palabraIngles ?? '' } : null,
      })),
    // `urlArchivo` holds the stored file's URL (uploads/contenidos/...); no new file keeps the old one.
    toValues: (input, stored) => ({
      tipoContenido: input.tipo_contenido,
      idNivel: input.id_nivel,
      idPalabra: input.id_palabra,
      descripcion: input.descripcion,
      ...(stored.archivo ? { urlArchivo: stored.archivo.relativeUrl } : {}),
    }),
    files: { archivo: { folder: 'contenidos', rule: (input) => CONTENIDO_FILE_RULES[input.tipo_contenido], column: 'url_archivo' } },
    async check(input, _exceptId, { files, existing }) {
      const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, input.id_nivel));
      if (!lvl) throw badRequest('El nivel seleccionado no existe.', { id_nivel: 'El nivel seleccionado no existe.' });
      if (input.id_palabra !== null) {
        const [w] = await db.select({ idNivel: palabra.idNivel }).from(palabra).where(eq(palabra.idPalabra, input.id_palabra));
        if (!w) throw badRequest('La palabra seleccionada no existe.', { id_palabra: 'La palabra seleccionada no existe.' });
        if (w.idNivel !== input.id_nivel)
          throw badRequest('La palabra seleccionada no pertenece a ese nivel.', { id_palabra: 'La palabra no pertenece al nivel.' });
      }
      // An update that keeps its file: the file must still suit the (possibly new) tipo.
      if (existing && !files.archivo) {
        const kind = kindOfStoredName(existing.url_archivo);
        if (kind && !CONTENIDO_FILE_RULES[input.tipo_contenido].kinds.includes(kind)) throw badRequest(FILE_MISMATCH_MSG, { archivo: FILE_MISMATCH_MSG });
      }
    },
    replies: { created: 'Contenido creado exitosamente.', updated: 'Contenido actualizado exitosamente.', deleted: 'Contenido eliminado exitosamente.' },
  };
});
