import { and, getTableColumns, ne, sql } from 'drizzle-orm';
import { clase, dominio, institucion } from '../../db/schema';
import { conflict } from '../../errors';
import { institucionResource, type InstitucionInput } from '../../../shared/resources/institucion';
import { countRefs } from '../crud';
import { bindingSelect, serverResource, type SelectRow } from '../define';

export const INSTITUCION_NOT_FOUND = 'Institución no encontrada.';

const select = bindingSelect(getTableColumns(institucion), (db, f) => db.select(f).from(institucion).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

export default serverResource<InstitucionInput, Row, { id_institucion: number; nombre: string }>(({ database: { db } }) => ({
  decl: institucionResource,
  notFound: INSTITUCION_NOT_FOUND,
  table: institucion,
  idColumn: institucion.idInstitucion,
  from: (f) => select(db, f),
  sortable: { id_institucion: institucion.idInstitucion, id: institucion.idInstitucion, nombre: institucion.nombre },
  toWire: (rows) => rows.map((r) => ({ id_institucion: r.idInstitucion, nombre: r.nombre })),
  toValues: (input) => ({ nombre: input.nombre }),
  async check(input, exceptId) {
    const same = sql`lower(${institucion.nombre}) = lower(${input.nombre})`;
    const [dup] = await db
      .select({ id: institucion.idInstitucion })
      .from(institucion)
      .where(exceptId ? and(same, ne(institucion.idInstitucion, exceptId)) : same);
    if (dup) throw conflict(`Ya existe una institución llamada "${input.nombre}".`, 'DUPLICATE');
  },
  dependents: {
    what: 'la institución',
    counts: async (id) => [
      [await countRefs(db, dominio, dominio.idInstitucion, id), 'dominio', 'dominios'],
      // Classes belong to an institution: the FK restricts, this names them first.
      [await countRefs(db, clase, clase.idInstitucion, id), 'clase', 'clases'],
    ],
    race: 'No se puede eliminar la institución: otros registros dependen de ella.',
  },
  replies: { created: 'Institución creada exitosamente.', updated: 'Institución actualizada exitosamente.', deleted: 'Institución eliminada exitosamente.' },
}));
