import { comentarioResource } from '../../../../shared/resources/comentario';
import { adminResource, num } from '../../resourceMeta';

export default adminResource({
  decl: comentarioResource,
  menu: { label: 'Comentarios', order: 14 },
  messages: {
    load: () => 'No se pudieron cargar los comentarios.',
    created: 'Comentario creado exitosamente.',
    createError: () => 'Error al crear el comentario.',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  quirks: { readOnlyFields: ['usuario', 'fecha'], toWire: (d) => ({ ...d, id_user: num(d.id_user), calificacion: num(d.calificacion) }) },
});
