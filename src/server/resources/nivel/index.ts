import { and, asc, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { contenido, evaluacion, intento, nivel, palabra, progreso } from '../../db/schema';
import { conflict } from '../../errors';
import { IMAGE_KINDS } from '../../storage/sniff';
import { NIVEL_MSG, nivelResource, type NivelInput, type NivelWire } from '../../../shared/resources/nivel';
import { countRefs } from '../crud';
import { bindingSelect, serverResource, type SelectRow } from '../define';

export const NIVEL_NOT_FOUND = 'Nivel no encontrado.';

const select = bindingSelect(getTableColumns(nivel), (db, f) => db.select(f).from(nivel).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

export default serverResource<NivelInput, Row, NivelWire>(({ database: { db } }) => ({
  decl: nivelResource,
  notFound: NIVEL_NOT_FOUND,
  table: nivel,
  idColumn: nivel.idNivel,
  from: (f) => select(db, f),
  sortable: { id_nivel: nivel.idNivel, id: nivel.idNivel, nombre_nivel: nivel.nombreNivel, descripcion: nivel.descripcion, dificultad: nivel.dificultad },
  // Every learner screen reads the levels: served from the content cache.
  cachedList: 'all',
  async toWire(rows) {
    // A level carries its evaluations: one query for the whole page.
    const ids = rows.map((r) => r.idNivel);
    const evs = ids.length ? await db.select().from(evaluacion).where(inArray(evaluacion.idNivel, ids)).orderBy(asc(evaluacion.idEvaluacion)) : [];
    return rows.map((r) => ({
      id_nivel: r.idNivel,
      id: r.idNivel,
      nombre_nivel: r.nombreNivel,
      descripcion: r.descripcion,
      dificultad: r.dificultad,
      imagen: r.imagen,
      evaluaciones: evs.filter((e) => e.idNivel === r.idNivel).map((e) => ({ id_evaluacion: e.idEvaluacion, id_nivel: e.idNivel, puntaje: e.puntaje })),
    }));
  },
  // `imagen` holds the stored file's name (not its URL); an update without a file keeps the old one.
  toValues: (input, stored) => ({
    nombreNivel: input.nombre_nivel,
    descripcion: input.descripcion,
    dificultad: input.dificultad,
    ...(stored.imagen ? { imagen: stored.imagen.name } : {}),
  }),
  files: { imagen: { folder: 'niveles', kinds: IMAGE_KINDS, message: NIVEL_MSG.imagen, column: 'imagen' } },
  async check(input, exceptId) {
    const same = sql`lower(${nivel.nombreNivel}) = lower(${input.nombre_nivel})`;
    const [dup] = await db
      .select({ id: nivel.idNivel })
      .from(nivel)
      .where(exceptId ? and(same, ne(nivel.idNivel, exceptId)) : same);
    if (dup) throw conflict(`Ya existe un nivel llamado "${input.nombre_nivel}".`, 'DUPLICATE');
  },
  dependents: {
    what: 'el nivel',
    counts: async (id) => [
      [await countRefs(db, palabra, palabra.idNivel, id), 'palabra', 'palabras'],
      [await countRefs(db, evaluacion, evaluacion.idNivel, id), 'evaluación', 'evaluaciones'],
      [await countRefs(db, contenido, contenido.idNivel, id), 'contenido', 'contenidos'],
      [await countRefs(db, intento, intento.idNivel, id), 'resultado de cuestionario', 'resultados de cuestionario'],
      [await countRefs(db, progreso, progreso.idNivel, id), 'registro de progreso', 'registros de progreso'],
    ],
    race: 'No se puede eliminar el nivel: otros registros dependen de él.',
  },
  replies: { created: 'Nivel creado exitosamente.', updated: 'Nivel actualizado exitosamente.', deleted: 'Nivel eliminado exitosamente.' },
}));
