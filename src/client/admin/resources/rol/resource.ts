import { rolResource } from '../../../../shared/resources/rol';
import { adminResource, num } from '../../resourceMeta';

export default adminResource({
  decl: rolResource,
  menu: { label: 'Roles', order: 18 },
  messages: {
    load: (m) => `Error al obtener roles: ${m}`,
    created: 'Rol creado exitosamente.',
    createError: (m) => `Error al crear rol: ${m}`,
    updated: 'Rol actualizado exitosamente.',
    updateError: (m) => `Error al actualizar rol: ${m}`,
    deleted: 'Rol eliminado exitosamente.',
    deleteError: (m) => `Error al eliminar rol: ${m}`,
    confirmDelete: '¿Estás seguro de eliminar este rol?',
    invalidForm: 'Por favor, complete todos los campos.',
  },
  quirks: {
    readOnlyFields: ['usuario'],
    // The payload sends the user as idUsuario, a number (wire.md W-10.16).
    toWire: ({ id_usuario, ...d }) => ({ ...d, idUsuario: num(id_usuario) }),
  },
});
