import { z } from 'zod';
import { defineResource } from './types';
import { isChoiceQuestion, OPCION_MULTIPLE } from '../rules/quizRules';
import { always, boolish, decimalInRange, formImage, hasText, isBlank, oneOf, optionalText, requiredId, requiredText } from './fields';
import { dbIdFromText } from '../validation/numbers';
import type { PreguntaDetalle, QuizMedia } from './evaluacion';

export const TEXTO = 'Texto';
export const TIPOS_PREGUNTA = [TEXTO, 'Imagen', 'Video', OPCION_MULTIPLE] as const;

/** The admin question form allows 4 answers, the evaluation panel 5: the server accepts 5. */
export const MAX_RESPUESTAS_FORM = 4;
export const MAX_RESPUESTAS = 5;

export const PREGUNTA_MSG = {
  tipo: 'El tipo de pregunta es obligatorio.',
  tipoInvalido: 'El tipo de pregunta debe ser Texto, Imagen, Video u Opción Múltiple.',
  porcentaje: 'El porcentaje es obligatorio.',
  porcentajeInvalido: 'El porcentaje debe ser un número.',
  porcentajeMin: 'El porcentaje debe ser al menos 0.',
  porcentajeMax: 'El porcentaje no puede ser mayor que 100.',
  evaluacion: 'El ID de la evaluación es obligatorio.',
  evaluacionInvalida: 'El ID de la evaluación no es válido.',
  pregunta: 'La pregunta es obligatoria.',
  imagen: 'Solo se permiten archivos JPG, PNG y GIF.',
  max4: 'Máximo 4 respuestas permitidas.',
  max5: 'Máximo 5 respuestas permitidas.',
  respuesta: 'La respuesta es obligatoria.',
  correcta: 'Debes marcar al menos una respuesta como correcta.',
  respuestasInvalidas: 'Las respuestas no tienen un formato válido.',
  /** A Texto question carries its expected answer (one row, valor true; screens-backoffice.md B-11.3). */
  respuestaEsperada: 'La respuesta esperada es obligatoria.',
  textoUnaRespuesta: 'Una pregunta de texto tiene exactamente una respuesta esperada.',
  respuestaAjena: 'Una de las respuestas no pertenece a esta pregunta.',
  respuestaImagenSinFila: 'Hay una imagen de respuesta sin su respuesta.',
  invalidSubmit: 'Por favor, complete todos los campos correctamente.',
} as const;

/**
 * The question's imagen: a picture, or a sign to play (GIF, MP4 or WEBM video). The server sniffs
 * the bytes; a refused file gets PREGUNTA_MSG.imagen (routes.md R-2.2.4's text, kept as is).
 */
export const PREGUNTA_FILE = {
  label: 'Imagen o seña (JPG, PNG, GIF, MP4 o WEBM)',
  helper: 'Opcional. Una imagen, o la seña en video o GIF (se reproduce en el cuestionario).',
  accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'], 'video/mp4': ['.mp4'], 'video/webm': ['.webm'] } as Record<
    string,
    string[]
  >,
};

/**
 * Answer images travel in the question's own multipart request (a profesor edits a question's
 * answers without the Respuestas screen): the picture of `respuestas[i]` is the file field
 * `respuesta_imagen_<i>`. One field per possible answer.
 */
export const RESPUESTA_IMAGEN_FIELDS = Array.from({ length: MAX_RESPUESTAS }, (_, i) => `respuesta_imagen_${i}`);
export const respuestaImagenField = (i: number) => `respuesta_imagen_${i}`;

/**
 * Texto: the one type whose answers are edited as one expected text ("Respuesta esperada"; the quiz
 * compares what the child writes with the first answer). Imagen and Video keep their rows as they are.
 */
export const expectsOneText = (tipo: unknown) => tipo === TEXTO;

/**
 * One answer inside `respuestas` (JSON text in the multipart body, or an array in JSON). On an
 * update, `id_respuesta` names a stored answer to change; an answer without it is new.
 */
const respuestaItemSchema = z.object({
  id_respuesta: z.preprocess((v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim() : v), dbIdFromText(PREGUNTA_MSG.respuestasInvalidas).optional()),
  respuesta: requiredText(PREGUNTA_MSG.respuesta, 300, 'La respuesta no puede exceder los 300 caracteres.'),
  valor: boolish('El valor es obligatorio.', 'El valor debe ser verdadero o falso.', false),
});

const respuestasField = z.preprocess(
  (v) => {
    if (isBlank(v)) return [];
    if (typeof v === 'string') {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return v;
  },
  z.array(respuestaItemSchema, { error: PREGUNTA_MSG.respuestasInvalidas }).max(MAX_RESPUESTAS, PREGUNTA_MSG.max5),
);

/** The answer-count message per limit: the question form's 4, the evaluation panel's 5. */
const MAX_MSG = { [MAX_RESPUESTAS_FORM]: PREGUNTA_MSG.max4, [MAX_RESPUESTAS]: PREGUNTA_MSG.max5 } as Record<number, string>;

/**
 * When a question's answers are checked: in an admin form (the question form and the evaluation
 * panel, which differ only in `max`), by the wire schema (what holds for a new and a stored question
 * alike), or by the server once it knows whether it creates or updates. A create may leave a
 * question without answers (they may be added later); an update that sends the list says what the
 * question keeps, so a Texto question keeps exactly one and a choice question a correct one.
 */
type AnswersMoment = 'form' | 'wire' | 'create' | 'update';
interface AnswerIssue {
  path: (string | number)[];
  message: string;
}
type AnswerRow = { valor?: unknown } | null | undefined;
type AnswerRule = (rows: readonly AnswerRow[], max: number, at: AnswersMoment) => AnswerIssue | null;

const hasCorrect = (rows: readonly AnswerRow[]) => rows.some((r) => r?.valor === true);

/**
 * The answer rules, one list per kind of question (screens-backoffice.md B-11.4): the wire schema,
 * both admin forms and the server read them here. Imagen and Video keep their rows as they are.
 * A table keyed by Tipo rather than a zod discriminated union: with a union, a missing or unknown
 * Tipo would hide every other field's message, and the wire reads a missing Tipo as 'Texto'.
 */
const ANSWER_RULES: { choice: AnswerRule[]; texto: AnswerRule[] } = {
  choice: [
    (rows, max) => (rows.length > max ? { path: ['respuestas'], message: MAX_MSG[max] ?? PREGUNTA_MSG.max5 } : null),
    (rows, _max, at) => ((at === 'update' || rows.length > 0) && !hasCorrect(rows) ? { path: ['respuestas'], message: PREGUNTA_MSG.correcta } : null),
  ],
  texto: [
    (rows, _max, at) => (at === 'form' && rows.length === 0 ? { path: ['respuestas', 0, 'respuesta'], message: PREGUNTA_MSG.respuestaEsperada } : null),
    (rows, _max, at) =>
      (at === 'update' ? rows.length !== 1 : at !== 'wire' && rows.length > 1) ? { path: ['respuestas'], message: PREGUNTA_MSG.textoUnaRespuesta } : null,
  ],
};

/**
 * What is wrong with the answers sent with a question of this Tipo (nothing when the list is not
 * sent: the stored answers stay). `max` is the screen's limit (MAX_RESPUESTAS_FORM or MAX_RESPUESTAS).
 */
export function answerIssues(tipo: unknown, rows: readonly AnswerRow[] | null | undefined, max: number, at: AnswersMoment): AnswerIssue[] {
  if (!Array.isArray(rows)) return [];
  const t = typeof tipo === 'string' ? tipo : '';
  const rules = isChoiceQuestion(t) ? ANSWER_RULES.choice : expectsOneText(t) ? ANSWER_RULES.texto : [];
  return rules.map((rule) => rule(rows, max, at)).filter((i): i is AnswerIssue => i !== null);
}

/** The question's own fields, shared by the wire schema and the admin forms' reading. */
const preguntaFields = {
  pregunta: optionalText(500, 'La pregunta no puede exceder los 500 caracteres.'),
  Tipo: z.preprocess((v) => (v === undefined ? 'Texto' : v), oneOf(TIPOS_PREGUNTA, PREGUNTA_MSG.tipo, PREGUNTA_MSG.tipoInvalido)),
  porcentaje: decimalInRange(
    { required: PREGUNTA_MSG.porcentaje, invalid: PREGUNTA_MSG.porcentajeInvalido, min: PREGUNTA_MSG.porcentajeMin, max: PREGUNTA_MSG.porcentajeMax },
    0,
    100,
    0,
  ),
  id_evaluacion: requiredId(PREGUNTA_MSG.evaluacion, PREGUNTA_MSG.evaluacionInvalida),
};

/**
 * POST api/pregunta/register and PUT api/pregunta/update/{id} (multipart or JSON). Both readings:
 * Tipo missing → 'Texto' and porcentaje missing → 0 (second reading); blank values are refused
 * with the first reading's messages. "Text or image" is checked by the server, which sees the file.
 */
export const preguntaSchema = z
  .object({
    ...preguntaFields,
    respuestas: respuestasField.optional(),
  })
  // The server checks the rest (`answerIssues` at 'create' or 'update') after its own checks.
  .superRefine((p, ctx) => {
    for (const issue of answerIssues(p.Tipo, p.respuestas, MAX_RESPUESTAS, 'wire')) ctx.addIssue({ code: 'custom', ...issue });
  });

/**
 * The admin forms' reading of a question: the wire's fields and messages, plus what only the form
 * sees. The chosen picture is in `imagen` (the server receives it apart from the fields and checks
 * the same "text or image" rule); a choice question may have at most `max` answers
 * (MAX_RESPUESTAS_FORM on the question form, MAX_RESPUESTAS on the evaluation panel), each with
 * its text, at least one correct. A missing Tipo or porcentaje is refused here: in a form it was
 * left empty, not omitted.
 */
export const preguntaFormSchema = (max: typeof MAX_RESPUESTAS_FORM | typeof MAX_RESPUESTAS) =>
  z
    .object({
      ...preguntaFields,
      imagen: formImage,
      respuestas: z.array(respuestaItemSchema, { error: PREGUNTA_MSG.respuestasInvalidas }).nullish(),
    })
    .refine((p) => hasText(p.pregunta) || !isBlank(p.imagen), { path: ['pregunta'], message: PREGUNTA_MSG.pregunta, ...always })
    .superRefine((p, ctx) => {
      for (const issue of answerIssues(p.Tipo, p.respuestas, max, 'form')) ctx.addIssue({ code: 'custom', ...issue });
    }, always);
export type PreguntaInput = z.infer<typeof preguntaSchema>;

/** A question as the back office reads it: the quiz's fields (its `imagen` a file name under uploads/preguntas/), every answer whole. */
export interface PreguntaWire extends Omit<PreguntaDetalle, 'respuestas'> {
  respuestas: {
    id_respuesta: number;
    respuesta: string;
    valor: boolean;
    id_pregunta: number;
    imagen: string | null;
    id_multimedia?: number | null;
    multimedia?: QuizMedia | null;
  }[];
}

export const preguntaResource = defineResource({
  name: 'pregunta',
  idField: 'id_pregunta',
  paths: {
    list: 'pregunta/getPreguntas',
    one: 'pregunta/getPregunta/{id}',
    create: 'pregunta/register',
    update: 'pregunta/update/{id}',
    delete: 'pregunta/delete/{id}',
  },
  listKey: 'data',
  multipart: true,
  fileFields: ['imagen', ...RESPUESTA_IMAGEN_FIELDS],
  schema: preguntaSchema,
  searchFields: ['pregunta', 'Tipo', 'id_evaluacion'],
  writeRole: 'profesor',
  readRole: 'profesor',
  // Teachers open its screen (routes.md ).
  adminRole: 'profesor',
});
