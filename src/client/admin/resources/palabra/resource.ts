import { palabraResource } from '../../../../shared/resources/palabra';
import { adminResource, num } from '../../resourceMeta';

export default adminResource({
  decl: palabraResource,
  menu: { label: 'Palabras', order: 4 },
  messages: {
    load: (m) => `Error al obtener palabras: ${m}`,
    created: 'Palabra creada exitosamente.',
    createError: (m) => `Error al crear palabra: ${m}`,
    updated: 'Palabra actualizada exitosamente.',
    updateError: (m) => `Error al actualizar palabra: ${m}`,
    deleted: 'Palabra eliminada exitosamente.',
    // The server's message (read from error.message), or the fixed text.
    deleteError: (m) => m || 'Error al eliminar palabra.',
    confirmDelete: '¿Estás seguro de eliminar esta palabra?',
    invalidForm: 'Por favor, complete todos los campos.',
  },
  quirks: { readOnlyFields: ['nivel'], toWire: (d) => ({ ...d, id_nivel: num(d.id_nivel) }) },
});
