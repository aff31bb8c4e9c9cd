import { preguntaResource, respuestaImagenField } from '../../../../shared/resources/pregunta';
import { adminResource } from '../../resourceMeta';

/**
 * 'Error al guardar las respuestas.' (kept, screens-backoffice.md B-1.4): answers used to be saved after the question, one
 * call each. They now travel with it (one request, one transaction), so a failure refuses the
 * whole save with the server's reason; the text stays listed here with the resource's messages.
 */
export const ANSWERS_SAVE_ERROR = 'Error al guardar las respuestas.';

type AnswerRow = { id_respuesta?: unknown; respuesta?: unknown; valor?: unknown; imagen?: { rawFile?: unknown } | null };

/**
 * The answers as the server reads them (id_respuesta to keep a stored row, text, valor), and each
 * newly picked picture as the file field `respuesta_imagen_<i>` of the same multipart request: a
 * profesor saves a question with its answers and their pictures in one call, nothing stored twice.
 * `respuestas` left undefined (Imagen, Video) is not sent: the stored answers stay as they are.
 */
export function answersToWire(d: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(d.respuestas)) return { ...d, respuestas: undefined };
  const rows = d.respuestas as AnswerRow[];
  const files: Record<string, unknown> = {};
  rows.forEach((r, i) => {
    if (r?.imagen && typeof r.imagen === 'object' && r.imagen.rawFile) files[respuestaImagenField(i)] = r.imagen;
  });
  return {
    ...d,
    respuestas: rows.map((r) => ({
      ...(typeof r?.id_respuesta === 'number' ? { id_respuesta: r.id_respuesta } : {}),
      respuesta: r?.respuesta ?? '',
      valor: !!r?.valor,
    })),
    ...files,
  };
}

export default adminResource({
  decl: preguntaResource,
  menu: { label: 'Preguntas', order: 9 },
  messages: {
    load: () => 'No se pudieron cargar las preguntas.',
    created: 'Pregunta creada correctamente.',
    // The server's reason follows the B-1.4 text (e.g. an answer rule the form could not check).
    createError: (reason) => (reason ? `No se pudo crear la pregunta. ${reason}` : 'No se pudo crear la pregunta.'),
    updated: 'Pregunta actualizada correctamente.',
    updateError: (reason) => (reason ? `No se pudo actualizar la pregunta. ${reason}` : 'No se pudo actualizar la pregunta.'),
    deleted: 'Pregunta eliminada correctamente.',
    deleteError: () => 'No se pudo eliminar la pregunta.',
    confirmDelete: '¿Seguro que deseas eliminar esta pregunta? También se eliminarán sus respuestas.',
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  quirks: {
    readOnlyFields: ['evaluacion'],
    // Answers travel with the question as JSON text, their new pictures as file fields.
    toWire: answersToWire,
  },
});
