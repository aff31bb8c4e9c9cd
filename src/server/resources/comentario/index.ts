import { eq } from 'drizzle-orm';
import { comentario, usuario } from '../../db/schema';
import { badRequest, forbidden } from '../../errors';
import { comentarioResource, type ComentarioInput, type ComentarioWire } from '../../../shared/resources/comentario';
import { bindingSelect, serverResource, type SelectRow } from '../define';

const fields = {
  id_comentario: comentario.idComentario,
  id_user: comentario.idUser,
  comentario: comentario.comentario,
  calificacion: comentario.calificacion,
  fecha: comentario.fecha,
  nombre: usuario.nombre,
  apellido: usuario.apellido,
  email: usuario.email,
};
const select = bindingSelect(fields, (db, f) => db.select(f).from(comentario).innerJoin(usuario, eq(usuario.id, comentario.idUser)).$dynamic());
type Row = SelectRow<ReturnType<typeof select>>;

/** A comment names someone else as its author (the author is always the signed-in user). */
export const OWN_COMMENT_MSG = 'Solo puedes publicar comentarios a tu nombre.';

/** Comments: a list for the admin and a create; no edit or delete (the declaration has no such path). */
export default serverResource<ComentarioInput, Row, ComentarioWire>(({ database: { db } }) => ({
  decl: comentarioResource,
  notFound: 'Comentario no encontrado.',
  table: comentario,
  idColumn: comentario.idComentario,
  fields,
  from: (f) => select(db, f),
  sortable: {
    id_comentario: comentario.idComentario,
    id: comentario.idComentario,
    id_user: comentario.idUser,
    comentario: comentario.comentario,
    calificacion: comentario.calificacion,
    fecha: comentario.fecha,
    usuario: usuario.nombre,
    email: usuario.email,
  },
  searchOnly: { 'usuario.nombre': usuario.nombre, 'usuario.apellido': usuario.apellido, 'usuario.email': usuario.email },
  filters: { id_user: comentario.idUser },
  toWire: (rows) =>
    rows.map((r) => ({
      id_comentario: r.id_comentario,
      id_user: r.id_user,
      comentario: r.comentario,
      calificacion: r.calificacion,
      fecha: new Date(r.fecha).toISOString(),
      usuario: { nombre: r.nombre, apellido: r.apellido, email: r.email },
    })),
  toValues: (input) => ({ idUser: input.id_user, comentario: input.comentario, calificacion: input.calificacion }),
  async check(input) {
    const [u] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, input.id_user));
    if (!u) throw badRequest('El usuario seleccionado no existe.', { id_user: 'El usuario seleccionado no existe.' });
  },
  hooks: {
    // The author is the signed-in user: id_user stays in the body (W-10.13) (and its message when
    // missing), but naming anyone else is refused rather than stored under their name.
    authorize(req, input) {
      if (input && input.id_user !== req.user!.id) throw forbidden(OWN_COMMENT_MSG);
    },
  },
  replies: { created: 'Comentario creado exitosamente.' },
  // Learner feedback lives outside every cached scope: posting one empties nothing.
  invalidates: [],
}));
