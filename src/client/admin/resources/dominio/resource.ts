import { dominioResource } from '../../../../shared/resources/dominio';
import { adminResource, num } from '../../resourceMeta';

export default adminResource({
  decl: dominioResource,
  menu: { label: 'Dominios', order: 13 },
  messages: {
    load: () => 'No se pudieron cargar los dominios.',
    created: 'Dominio creado correctamente.',
    createError: () => 'No se pudo crear el dominio.',
    updated: 'Dominio actualizado correctamente.',
    updateError: () => 'No se pudo actualizar el dominio.',
    deleted: 'Dominio eliminado correctamente.',
    deleteError: () => 'No se pudo eliminar el dominio.',
    confirmDelete: '¿Seguro que deseas eliminar este dominio?',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  quirks: { readOnlyFields: ['institucion'], toWire: (d) => ({ ...d, id_institucion: num(d.id_institucion) }) },
});
