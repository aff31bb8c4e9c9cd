import { institucionResource } from '../../../../shared/resources/institucion';
import { adminResource } from '../../resourceMeta';

export default adminResource({
  decl: institucionResource,
  menu: { label: 'Instituciones', order: 12 },
  messages: {
    load: () => 'Error al cargar las instituciones.',
    created: 'Institución creada exitosamente.',
    createError: () => 'Error al crear la institución.',
    updated: 'Institución actualizada exitosamente.',
    updateError: () => 'Error al actualizar la institución.',
    deleted: 'Institución eliminada exitosamente.',
    // B-1.4's sentence, then the server's reason (a 409 names the domains that keep it), as levels do.
    deleteError: (m) => (m ? `Error al eliminar la institución. ${m}` : 'Error al eliminar la institución.'),
    confirmDelete: '¿Seguro que deseas eliminar esta institución?',
    invalidForm: 'Por favor, complete el formulario.',
  },
});
