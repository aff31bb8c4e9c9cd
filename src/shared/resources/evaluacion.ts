import { z } from 'zod';
import { defineResource } from './types';
import { intInRange, requiredId } from './fields';
import { isChoiceQuestion } from '../rules/quizRules';

const EVALUACION_MSG = {
  nivel: 'El nivel es obligatorio.',
  nivelInvalido: 'El nivel seleccionado no es válido.',
  puntaje: 'El puntaje es obligatorio.',
  puntajeInvalido: 'El puntaje debe ser un número entero.',
  puntajeMin: 'El puntaje debe ser al menos 1.',
  puntajeMax: 'El puntaje no puede ser mayor que 100.',
  invalidSubmit: 'Por favor, complete todos los campos correctamente.',
} as const;

/** POST api/evaluacion/register and PUT api/evaluacion/update/{id} (JSON). */
export const evaluacionSchema = z.object({
  id_nivel: requiredId(EVALUACION_MSG.nivel, EVALUACION_MSG.nivelInvalido),
  puntaje: intInRange(
    { required: EVALUACION_MSG.puntaje, invalid: EVALUACION_MSG.puntajeInvalido, min: EVALUACION_MSG.puntajeMin, max: EVALUACION_MSG.puntajeMax },
    1,
    100,
  ),
});
export type EvaluacionInput = z.infer<typeof evaluacionSchema>;

/** A word's sign or picture shown in a question or as a choice (a multimedia row, read with its file). */
export interface QuizMedia {
  id: number;
  url: string;
  tipo: string;
  descripcion: string;
  compacta: { url: string } | null;
}

interface RespuestaDetalle {
  id_respuesta: number;
  respuesta?: string;
  valor?: boolean;
  id_pregunta?: number;
  imagen: string | null;
  /** The sign or picture of this choice (sign questions), or null. */
  id_multimedia?: number | null;
  multimedia?: QuizMedia | null;
}

export interface PreguntaDetalle {
  id_pregunta: number;
  pregunta: string;
  Tipo: string;
  porcentaje: number;
  id_evaluacion: number;
  imagen: string | null;
  /** The sign shown as the question (sign questions), or null. */
  id_multimedia?: number | null;
  multimedia?: QuizMedia | null;
  /** A generated sign question: its word and kind (SIGN_QUIZ_KINDS); null when written by hand. */
  id_palabra?: number | null;
  modo?: string | null;
  respuestas: RespuestaDetalle[];
}

export interface EvaluacionWire {
  id_evaluacion: number;
  id_nivel: number;
  puntaje: number;
  nivel: { id_nivel: number; nombre_nivel: string; descripcion: string; dificultad: string; imagen: string | null } | null;
}

export interface EvaluacionDetalle extends EvaluacionWire {
  preguntas: PreguntaDetalle[];
}

/**
 * What a learner may see of a question: never the answer key. Choice questions keep each option's
 * id, text and image but not `valor`; typed questions keep only each answer's id and image (the
 * quiz shows the first answer's image), never the expected text.
 */
export function learnerPregunta(p: PreguntaDetalle): PreguntaDetalle {
  const choice = isChoiceQuestion(p.Tipo);
  return {
    ...p,
    // The word a generated question is about would name the answer of a sign → word question.
    id_palabra: null,
    respuestas: p.respuestas.map((r) =>
      choice
        ? {
            id_respuesta: r.id_respuesta,
            // A sign or picture choice is read from the sign, not from a word under it: its text stays with staff.
            respuesta: r.multimedia ? '' : (r.respuesta ?? ''),
            id_pregunta: p.id_pregunta,
            imagen: r.imagen,
            id_multimedia: r.id_multimedia ?? null,
            multimedia: r.multimedia ?? null,
          }
        : { id_respuesta: r.id_respuesta, imagen: r.imagen },
    ),
  };
}

export const evaluacionResource = defineResource({
  name: 'evaluacion',
  idField: 'id_evaluacion',
  paths: {
    list: 'evaluacion/getEvaluaciones',
    // Added (routes.md ): one evaluation, for the edit form.
    one: 'evaluacion/getEvaluacion/{id}',
    create: 'evaluacion/register',
    update: 'evaluacion/update/{id}',
    delete: 'evaluacion/delete/{id}',
  },
  listKey: 'data',
  multipart: false,
  schema: evaluacionSchema,
  searchFields: ['puntaje', 'nivel.nombre_nivel'],
  writeRole: 'profesor',
  readRole: 'profesor',
  // Teachers open its screen (routes.md ).
  adminRole: 'profesor',
});

/** GET api/evaluacion/detalles: every logged-in user (learners get the stripped view). */
export const EVALUACION_DETALLES_PATH = 'evaluacion/detalles';
