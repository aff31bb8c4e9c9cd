/**
 * Questionnaire rules (docs/product/screens-learner.md L-14, constants.md C-4): answer correctness,
 * score, pass mark and retries, plus the wire schema of a result row. Pure: the server grades
 * with these from its own answer key; the client uses them only for display.
 */
import { z } from 'zod';
import { ALL_ANSWERED_MSG } from './quizRules';
import { DEVICE_CLAVE_RE, deviceTime } from './offline';
import { dbIdFromText } from '../validation/numbers';

export * from './quizRules';

/** A positive integer id; a numeric string is read as its number, anything else is refused. */
const intId = (label: string) => dbIdFromText(`El identificador ${label} no es válido.`);

/**
 * One result row as the quiz sends it (wire.md W-10.10). `correcta`, `valor` and `fecha` are accepted
 * but never trusted: the server judges from its own key and stamps its own time.
 */
export const resultRowSchema = z.object({
  id_pregunta: intId('de la pregunta'),
  id_usuario: intId('del usuario').optional().nullable(),
  id_nivel: intId('del nivel'),
  id_respuesta: intId('de la respuesta').optional().nullable(),
  respuesta: z.string({ error: 'La respuesta debe ser un texto.' }).max(500, 'La respuesta es demasiado larga (máximo 500 caracteres).').optional().nullable(),
  correcta: z.union([z.boolean(), z.number(), z.string()]).optional().nullable(),
  valor: z.union([z.boolean(), z.number(), z.string()]).optional().nullable(),
  fecha: z.string().max(64).optional().nullable(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

const MAX_ROWS = 200;

/**
 * The quiz submit's body (routes.md ): `respuestas`, and beside them (a quiz taken offline
 * and sent later, wire W-11) the device's optional idempotency key `clave` (a resend answers the stored
 * attempt) and `fecha`, when the child finished on the device. Without them, a submit is as before.
 */
export const saveMultipleSchema = z.object({
  respuestas: z
    .array(resultRowSchema, { error: ALL_ANSWERED_MSG })
    .min(1, ALL_ANSWERED_MSG)
    .max(MAX_ROWS, `No se pueden enviar más de ${MAX_ROWS} respuestas a la vez.`),
  clave: z
    .string({ error: 'La clave del cuestionario no es válida.' })
    .regex(DEVICE_CLAVE_RE, 'La clave del cuestionario no es válida.')
    .nullish()
    .transform((v) => v ?? undefined),
  fecha: deviceTime,
});
