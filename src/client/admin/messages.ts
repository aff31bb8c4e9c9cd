/**
 * The spec's success and error texts per resource (admin-and-games.md section 8), verbatim.
 * `m` is the reason the server gave.
 */
export interface ResourceMessages {
  load: (m: string) => string;
  created?: string;
  createError?: (m: string) => string;
  updated?: string;
  updateError?: (m: string) => string;
  deleted?: string;
  deleteError?: (m: string) => string;
  /** The delete dialog's resource-specific wording (content under the '¿Estás seguro?' title). */
  confirmDelete?: string;
  /** The warning when a form is submitted invalid. */
  invalidForm?: string;
}

export const MESSAGES: Record<string, ResourceMessages> = {
  nivel: {
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
  palabra: {
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
  conten: {
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
  multimedia: {
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
  evaluacion: {
    load: () => 'No se pudieron cargar las evaluaciones.',
    created: 'Evaluación creada correctamente.',
    createError: () => 'No se pudo crear la evaluación.',
    updated: 'Evaluación actualizada correctamente.',
    updateError: () => 'No se pudo actualizar la evaluación.',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  pregunta: {
    load: () => 'No se pudieron cargar las preguntas.',
    created: 'Pregunta creada correctamente.',
    createError: () => 'No se pudo crear la pregunta.',
    updated: 'Pregunta actualizada correctamente.',
    updateError: () => 'No se pudo actualizar la pregunta.',
    deleted: 'Pregunta eliminada correctamente.',
    deleteError: () => 'No se pudo eliminar la pregunta.',
    confirmDelete: '¿Seguro que deseas eliminar esta pregunta? También se eliminarán sus respuestas.',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  respuesta: {
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
  institucion: {
    load: () => 'Error al cargar las instituciones.',
    created: 'Institución creada exitosamente.',
    createError: () => 'Error al crear la institución.',
    updated: 'Institución actualizada exitosamente.',
    updateError: () => 'Error al actualizar la institución.',
    deleted: 'Institución eliminada exitosamente.',
    deleteError: () => 'Error al eliminar la institución.',
    confirmDelete: '¿Seguro que deseas eliminar esta institución?',
    invalidForm: 'Por favor, complete el formulario.',
  },
  dominio: {
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
  comentario: {
    load: () => 'No se pudieron cargar los comentarios.',
    created: 'Comentario creado exitosamente.',
    createError: () => 'Error al crear el comentario.',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  progreso: {
    load: (m) => `No se pudieron cargar los progresos: ${m}`,
  },
  usuario: {
    load: (m) => `Error al obtener usuarios: ${m}`,
  },
  rol: {
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
};

export const EVALUACION_DELETE_WARNING = 'Las evaluaciones no se pueden eliminar desde aquí.';
