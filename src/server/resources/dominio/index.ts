import { and, eq, ne } from 'drizzle-orm';
import { dominio, institucion } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { dominioResource, type DominioInput, type DominioWire } from '../../../shared/resources/dominio';
import { bindingSelect, serverResource, type SelectRow } from '../define';

export const DOMINIO_NOT_FOUND = 'Dominio no encontrado.';

const fields = { id_dominio: dominio.idDominio, dominio: dominio.dominio, id_institucion: dominio.idInstitucion, nombre: institucion.nombre };
const select = bindingSelect(fields, (db, f) =>
  db.select(f).from(dominio).innerJoin(institucion, eq(institucion.idInstitucion, dominio.idInstitucion)).$dynamic(),
);
type Row = SelectRow<ReturnType<typeof select>>;

export default serverResource<DominioInput, Row, DominioWire>(({ database: { db } }) => ({
  decl: dominioResource,
  notFound: DOMINIO_NOT_FOUND,
  table: dominio,
  idColumn: dominio.idDominio,
  fields,
  from: (f) => select(db, f),
  sortable: {
    id_dominio: dominio.idDominio,
    id: dominio.idDominio,
    dominio: dominio.dominio,
    id_institucion: dominio.idInstitucion,
    institucion: institucion.nombre,
  },
  searchOnly: { 'institucion.nombre': institucion.nombre },
  filters: { id_institucion: dominio.idInstitucion },
  toWire: (rows) => rows.map((r) => ({ id_dominio: r.id_dominio, dominio: r.dominio, id_institucion: r.id_institucion, institucion: { nombre: r.nombre } })),
  toValues: (input) => ({ dominio: input.dominio, idInstitucion: input.id_institucion }),
  async check(input, exceptId) {
    const [inst] = await db.select({ id: institucion.idInstitucion }).from(institucion).where(eq(institucion.idInstitucion, input.id_institucion));
    if (!inst) throw badRequest('La institución seleccionada no existe.', { id_institucion: 'La institución seleccionada no existe.' });
    const same = eq(dominio.dominio, input.dominio);
    const [dup] = await db
      .select({ id: dominio.idDominio })
      .from(dominio)
      .where(exceptId ? and(same, ne(dominio.idDominio, exceptId)) : same);
    if (dup) throw conflict(`El dominio ${input.dominio} ya está registrado.`, 'DUPLICATE');
  },
  replies: { created: 'Dominio creado correctamente.', updated: 'Dominio actualizado correctamente.', deleted: 'Dominio eliminado correctamente.' },
}));
