import { claseResource } from '../../../../shared/resources/clases';
import { adminResource, num } from '../../resourceMeta';

/**
 * A teacher's classes (screens-backoffice.md B-3). Right after Inicio: the teacher's starting point (their children,
 * the dashboard, the login cards). Open to profesor (a profesor sees only their classes: the server).
 */
export default adminResource({
  decl: claseResource,
  menu: { label: 'Clases', order: 1.5 },
  messages: {
    load: (m) => `No se pudieron cargar las clases: ${m}`,
    created: 'Clase creada correctamente.',
    createError: (m) => `No se pudo crear la clase: ${m}`,
    updated: 'Clase actualizada correctamente.',
    updateError: (m) => `No se pudo actualizar la clase: ${m}`,
    deleted: 'Clase eliminada correctamente.',
    deleteError: (m) => `No se pudo eliminar la clase: ${m}`,
    confirmDelete: '¿Seguro que deseas eliminar esta clase? Las cuentas de los alumnos no se borran.',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  quirks: {
    // Computed by the server: never sent back (the code is made by the server and never changes).
    readOnlyFields: ['institucion', 'codigo', 'profesores_nombres', 'alumnos', 'id_clase'],
    toWire: (d) => ({
      ...d,
      id_institucion: num(d.id_institucion),
      profesores: Array.isArray(d.profesores) ? d.profesores.map((p) => Number(p)) : d.profesores,
    }),
  },
});
