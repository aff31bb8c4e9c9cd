import { respuestaResource } from '../../../../shared/resources/respuesta';
import { adminResource } from '../../resourceMeta';

export default adminResource({
  decl: respuestaResource,
  menu: { label: 'Respuestas', order: 10 },
  messages: {
    load: () => 'No se pudieron cargar las respuestas.',
    created: 'Respuesta creada correctamente.',
    createError: () => 'No se pudo crear la respuesta.',
    updated: 'Respuesta actualizada correctamente.',
    updateError: () => 'No se pudo actualizar la respuesta.',
    deleted: 'Respuesta eliminada correctamente.',
    deleteError: () => 'No se pudo eliminar la respuesta.',
    confirmDelete: '¿Seguro que deseas eliminar esta respuesta?',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  quirks: { readOnlyFields: ['pregunta'] },
});
