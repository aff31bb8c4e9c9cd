import { eq, sql } from 'drizzle-orm';
import { palabra, repaso, usuario } from '../../db/schema';
import { repasoResource, type RepasoWire } from '../../../shared/resources/repaso';
import { USUARIO_NO_ENCONTRADO } from '../../../shared/resources/progreso';
import { bindingSelect, serverResource, type SelectRow } from '../define';
import { childScope } from '../../classAccess';

const username = sql<string | null>`nullif(trim(${usuario.nombre} || ' ' || coalesce(${usuario.apellido}, '')), '')`;

const fields = {
  id_repaso: repaso.idRepaso,
  id_usuario: repaso.idUsuario,
  id_palabra: repaso.idPalabra,
  id_nivel: palabra.idNivel,
  calificacion: repaso.calificacion,
  fuente: repaso.fuente,
  vence: repaso.vence,
  fecha: repaso.fecha,
  username,
  palabraEspanol: palabra.palabraEspanol,
};

/**
 * The review log's select (the word joined, the child's name when the account still exists). Typed
 * as selecting `fields` (the list and one do; a count selects other fields and reads only those), so
 * `Row` is what Drizzle returns for it, join nullability included.
 */
const select = bindingSelect(fields, (db, f) =>
  db.select(f).from(repaso).innerJoin(palabra, eq(palabra.idPalabra, repaso.idPalabra)).leftJoin(usuario, eq(usuario.id, repaso.idUsuario)).$dynamic(),
);
type Row = SelectRow<ReturnType<typeof select>>;

/** The review log for staff (list only; filters by child, word, level). Newest first by `?sort=fecha&order=DESC`. */
export default serverResource<never, Row, RepasoWire>(({ database: { db } }) => ({
  decl: repasoResource,
  notFound: 'Repaso no encontrado.',
  table: repaso,
  idColumn: repaso.idRepaso,
  fields,
  from: (f) => select(db, f),
  sortable: {
    id_repaso: repaso.idRepaso,
    id_usuario: repaso.idUsuario,
    id_palabra: repaso.idPalabra,
    calificacion: repaso.calificacion,
    fuente: repaso.fuente,
    fecha: repaso.fecha,
    username,
  },
  searchOnly: { 'usuario.username': username, 'palabra.palabraEspanol': palabra.palabraEspanol },
  filters: { id_usuario: repaso.idUsuario, id_palabra: repaso.idPalabra, id_nivel: palabra.idNivel },
  toWire: (rows) =>
    rows.map((r) => ({
      id_repaso: r.id_repaso,
      id_usuario: r.id_usuario,
      id_palabra: r.id_palabra,
      id_nivel: r.id_nivel,
      calificacion: r.calificacion,
      fuente: r.fuente,
      vence: new Date(r.vence).toISOString(),
      fecha: new Date(r.fecha).toISOString(),
      usuario: { username: r.username ?? USUARIO_NO_ENCONTRADO },
      palabra: { palabraEspanol: r.palabraEspanol },
    })),
  replies: {},
  invalidates: [],
  // A profesor lists only the children of their classes (the "teacher of the child" rule).
  hooks: { listScope: (req) => childScope(db, req.user!, repaso.idUsuario) },
}));
