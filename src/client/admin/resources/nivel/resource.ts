import { nivelResource } from '../../../../shared/resources/nivel';
import { adminResource } from '../../resourceMeta';

export default adminResource({
  decl: nivelResource,
  menu: { label: 'Niveles', order: 3 },
  messages: {
    load: (m) => `Error al obtener niveles: ${m}`,
    created: 'Nivel creado exitosamente.',
    createError: (m) => `Error al crear nivel: ${m}`,
    updated: 'Nivel actualizado exitosamente.',
    updateError: (m) => `Error al actualizar nivel: ${m}`,
    deleted: 'Nivel eliminado exitosamente.',
    deleteError: (m) => `Error al eliminar nivel: ${m}`,
    confirmDelete: '¿Seguro que deseas eliminar este nivel?',
    invalidForm: 'Por favor, complete todos los campos.',
  },
  quirks: { readOnlyFields: ['evaluaciones'] },
});
