import { z } from 'zod';
import { defineResource } from './types';
import { always, boolish, formImage, hasText, isBlank, optionalText, requiredId } from './fields';

export const RESPUESTA_MSG = {
  respuesta: 'La respuesta es obligatoria.',
  valor: 'El valor es obligatorio.',
  valorInvalido: 'El valor debe ser verdadero o falso.',
  pregunta: 'El ID de la pregunta es obligatorio.',
  preguntaInvalida: 'El ID de la pregunta no es válido.',
  imagen: 'Solo se permiten archivos JPG, PNG y GIF para las respuestas.',
} as const;

/**
 * POST api/respuesta/register and PUT api/respuesta/update/{id} (multipart or JSON). The text is
 * optional on the control; the server requires text or an image ('La respuesta es obligatoria.').
 */
export const respuestaSchema = z.object({
  respuesta: optionalText(300, 'La respuesta no puede exceder los 300 caracteres.'),
  valor: boolish(RESPUESTA_MSG.valor, RESPUESTA_MSG.valorInvalido),
  id_pregunta: requiredId(RESPUESTA_MSG.pregunta, RESPUESTA_MSG.preguntaInvalida),
});
export type RespuestaInput = z.infer<typeof respuestaSchema>;

/**
 * The admin form's reading: the chosen picture is in `imagen` (the server receives it apart from
 * the fields), so the form checks "text or image" with the server's message.
 */
export const respuestaFormSchema = respuestaSchema
  .extend({ imagen: formImage })
  .refine((r) => hasText(r.respuesta) || !isBlank(r.imagen), { path: ['respuesta'], message: RESPUESTA_MSG.respuesta, ...always });

export interface RespuestaWire {
  id_respuesta: number;
  respuesta: string;
  valor: boolean;
  id_pregunta: number;
  /** File name under uploads/respuestas/, or null. */
  imagen: string | null;
}

export const respuestaResource = defineResource({
  name: 'respuesta',
  idField: 'id_respuesta',
  paths: {
    list: 'respuesta/getRespuestas',
    one: 'respuesta/getRespuesta/{id}',
    create: 'respuesta/register',
    update: 'respuesta/update/{id}',
    delete: 'respuesta/delete/{id}',
  },
  listKey: 'data',
  multipart: true,
  fileFields: ['imagen'],
  schema: respuestaSchema,
  searchFields: ['respuesta'],
  writeRole: 'profesor',
  readRole: 'profesor',
});

/** GET api/respuesta/getRespuestasPorPregunta/{id} → {data:[...]}. */
export const RESPUESTAS_POR_PREGUNTA_PATH = 'respuesta/getRespuestasPorPregunta/{id}';
