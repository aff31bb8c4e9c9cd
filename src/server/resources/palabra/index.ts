import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contenido, multimedia, nivel, palabra } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { idParam } from '../../validate';
import { cachedReply } from '../../cache';
import { palabraResource, type PalabraInput, type PalabraWire } from '../../../shared/resources/palabra';
import { countRefs } from '../crud';
import { bindingSelect, serverResource, type SelectRow } from '../define';

export const PALABRA_NOT_FOUND = 'Palabra no encontrada.';

/**
 * A media row that src/shared/rules/signMedia.ts would show as its word's sign: the `gifSena` entry,
 * a video, or a GIF that is not the menu GIF (trimmed, case-insensitive, as there).
 */
export const isSignMedia = sql`(lower(trim(${multimedia.descripcion})) = 'gifsena' or lower(trim(${multimedia.tipo})) = 'video' or (lower(trim(${multimedia.tipo})) = 'gif' and lower(trim(${multimedia.descripcion})) <> 'gifmenu'))`;

/** ?sin_sena=true: the words with no sign media (false: those with one). */
export function sinSenaCondition(value: string) {
  if (value !== 'true' && value !== 'false') throw badRequest('El filtro sin_sena debe ser true o false.', { sin_sena: 'Valor inválido.' }, 'INVALID_QUERY');
  const has = sql`exists (select 1 from ${multimedia} where ${multimedia.idPalabra} = ${palabra.idPalabra} and ${isSignMedia})`;
  return value === 'true' ? sql`not ${has}` : has;
}

const fields = {
  id_palabra: palabra.idPalabra,
  palabraEspanol: palabra.palabraEspanol,
  palabraIngles: palabra.palabraIngles,
  id_nivel: palabra.idNivel,
  nombre_nivel: nivel.nombreNivel,
};
// The inner join gives one row per word: the client's de-duplication by id_palabra has nothing to drop.
const select = bindingSelect(fields, (db, f) => db.select(f).from(palabra).innerJoin(nivel, eq(nivel.idNivel, palabra.idNivel)).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

const toWire = (r: Row): PalabraWire => ({
  id_palabra: r.id_palabra,
  palabraEspanol: r.palabraEspanol,
  palabraIngles: r.palabraIngles,
  id_nivel: r.id_nivel,
  nivel: { nombre_nivel: r.nombre_nivel },
});

// A failed delete also carries `message` (the client reads error.message): decl.errorMessageKey.
export default serverResource<PalabraInput, Row, PalabraWire>((ctx) => {
  const { db } = ctx.database;

  return {
    decl: palabraResource,
    notFound: PALABRA_NOT_FOUND,
    table: palabra,
    idColumn: palabra.idPalabra,
    fields,
    from: (f) => select(db, f),
    sortable: {
      id_palabra: palabra.idPalabra,
      id: palabra.idPalabra,
      palabraEspanol: palabra.palabraEspanol,
      palabraIngles: palabra.palabraIngles,
      id_nivel: palabra.idNivel,
      nivel: nivel.nombreNivel,
    },
    filters: { id_nivel: palabra.idNivel },
    conditions: { sin_sena: sinSenaCondition },
    toWire: (rows) => rows.map(toWire),
    toValues: (input) => ({ palabraEspanol: input.palabraEspanol, palabraIngles: input.palabraIngles, idNivel: input.id_nivel }),
    async check(input, exceptId) {
      const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, input.id_nivel));
      if (!lvl) throw badRequest('El nivel seleccionado no existe.', { id_nivel: 'El nivel seleccionado no existe.' });
      const same = and(eq(palabra.idNivel, input.id_nivel), sql`lower(${palabra.palabraEspanol}) = lower(${input.palabraEspanol})`);
      const [dup] = await db
        .select({ id: palabra.idPalabra })
        .from(palabra)
        .where(exceptId ? and(same, ne(palabra.idPalabra, exceptId)) : same);
      if (dup) throw conflict(`La palabra "${input.palabraEspanol}" ya existe en este nivel.`, 'DUPLICATE');
    },
    dependents: {
      what: 'la palabra',
      counts: async (id) => [
        [await countRefs(db, multimedia, multimedia.idPalabra, id), 'archivo multimedia', 'archivos multimedia'],
        [await countRefs(db, contenido, contenido.idPalabra, id), 'contenido', 'contenidos'],
      ],
      race: 'No se puede eliminar la palabra: otros registros dependen de ella.',
    },
    replies: { created: 'Palabra creada exitosamente.', updated: 'Palabra actualizada exitosamente.', deleted: 'Palabra eliminada exitosamente.' },
    hooks: {
      // Learner: the words of one level, as a plain array (path palabra/nivel/{id}, routes.md ).
      routes(app: FastifyInstance) {
        app.get<{ Params: { id: string } }>('/api/palabra/nivel/:id', { onRequest: app.requireUser }, async (req, reply) =>
          cachedReply(ctx.cache, req, reply, 'all', async () => {
            const id = idParam(req.params.id);
            const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, id));
            if (!lvl) throw notFound('Nivel no encontrado.');
            const rows = await select(db).where(eq(palabra.idNivel, id)).orderBy(palabra.idPalabra);
            return rows.map(toWire);
          }),
        );
      },
    },
  };
});
