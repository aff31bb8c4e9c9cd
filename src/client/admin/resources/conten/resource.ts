import { contenidoResource } from '../../../../shared/resources/contenido';
import { adminResource } from '../../resourceMeta';

export default adminResource({
  decl: contenidoResource,
  menu: { label: 'Contenidos', order: 5 },
  messages: {
    load: (m) => m,
    created: 'Contenido creado exitosamente.',
    createError: () => 'Error al crear el contenido.',
    updated: 'Contenido actualizado exitosamente.',
    updateError: () => 'Error al actualizar el contenido.',
    deleted: 'Contenido eliminado exitosamente.',
    deleteError: () => 'Error al eliminar el contenido.',
    confirmDelete: '¿Seguro que deseas eliminar este contenido?',
    invalidForm: 'Por favor, complete todos los campos requeridos.',
  },
  quirks: { readOnlyFields: ['nivel', 'palabra', 'url_archivo'] },
});
