import { multimediaResource } from '../../../../shared/resources/multimedia';
import { adminResource } from '../../resourceMeta';

export default adminResource({
  decl: multimediaResource,
  menu: { label: 'Multimedia', order: 6 },
  messages: {
    load: (m) => `Error al obtener multimedias: ${m}`,
    created: 'Multimedia registrada exitosamente.',
    createError: (m) => `Error al registrar multimedia: ${m}`,
    updated: 'Multimedia actualizada exitosamente.',
    updateError: (m) => `Error al actualizar multimedia: ${m}`,
    deleted: 'Multimedia eliminada exitosamente.',
    deleteError: (m) => `Error al eliminar multimedia: ${m}`,
    confirmDelete: '¿Seguro que deseas eliminar esta multimedia?',
    invalidForm: 'Por favor, complete todos los campos.',
  },
  quirks: { readOnlyFields: ['palabra', 'url', 'tamano', 'compacta'] },
});
