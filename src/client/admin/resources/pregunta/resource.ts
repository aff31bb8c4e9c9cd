import type { DataProvider } from 'react-admin';
import { preguntaResource } from '../../../../shared/resources/pregunta';
import { adminResource } from '../../resourceMeta';

export const ANSWERS_SAVE_ERROR = 'Error al guardar las respuestas.';

/**
 * The question is created with its answers in one call; then each answer that had a picture gets
 * it through its own update call (the spec registers answers one by one). A failure there leaves
 * the question and flags `_respuestasError` so the form can say 'Error al guardar las respuestas.'.
 */
async function uploadAnswerImages(created: Record<string, unknown>, sent: Record<string, unknown>, provider: DataProvider) {
  const wanted = Array.isArray(sent.respuestas) ? (sent.respuestas as { imagen?: { rawFile?: unknown } }[]) : [];
  const made = Array.isArray(created.respuestas) ? (created.respuestas as { id_respuesta: number; respuesta: string; valor: boolean }[]) : [];
  try {
    for (let i = 0; i < wanted.length; i++) {
      const img = wanted[i]?.imagen;
      const target = made[i];
      if (!img?.rawFile || !target) continue;
      await provider.update('respuesta', {
        id: target.id_respuesta,
        data: { respuesta: target.respuesta, valor: target.valor, id_pregunta: created.id_pregunta, imagen: img },
        previousData: { id: target.id_respuesta },
      });
    }
    return created;
  } catch {
    return { ...created, _respuestasError: ANSWERS_SAVE_ERROR };
  }
}

export default adminResource({
  decl: preguntaResource,
  menu: { label: 'Preguntas', order: 9 },
  messages: {
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
  quirks: {
    readOnlyFields: ['evaluacion'],
    // Answers travel with the question as JSON text (text and valor only: their images follow).
    toWire: (d) => ({
      ...d,
      respuestas: Array.isArray(d.respuestas)
        ? d.respuestas.map((r: { respuesta?: unknown; valor?: unknown }) => ({ respuesta: r.respuesta ?? '', valor: !!r.valor }))
        : undefined,
    }),
    afterCreate: uploadAnswerImages,
  },
});
