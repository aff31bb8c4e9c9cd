import { evaluacionResource } from '../../../../shared/resources/evaluacion';
import { adminResource, num } from '../../resourceMeta';

export default adminResource({
  decl: evaluacionResource,
  menu: { label: 'Evaluaciones', order: 7 },
  messages: {
    load: () => 'No se pudieron cargar las evaluaciones.',
    created: 'Evaluación creada correctamente.',
    // The server's reason follows the B-1.4 text (e.g. a level that already has its evaluation).
    createError: (reason) => (reason ? `No se pudo crear la evaluación. ${reason}` : 'No se pudo crear la evaluación.'),
    updated: 'Evaluación actualizada correctamente.',
    updateError: (reason) => (reason ? `No se pudo actualizar la evaluación. ${reason}` : 'No se pudo actualizar la evaluación.'),
    invalidForm: 'Por favor, complete todos los campos correctamente.',
  },
  quirks: { readOnlyFields: ['nivel', 'preguntas'], toWire: (d) => ({ ...d, id_nivel: num(d.id_nivel), puntaje: num(d.puntaje) }) },
});
