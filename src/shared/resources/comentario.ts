import { z } from 'zod';
import { defineResource } from './types';
import { intInRange, requiredId, requiredText } from './fields';

const CALIFICACION_MSG = 'La calificación es obligatoria y debe estar entre 1 y 5.';

const COMENTARIO_MSG = {
  usuario: 'El usuario es obligatorio.',
  comentario: 'El comentario es obligatorio.',
  calificacion: CALIFICACION_MSG,
  invalidSubmit: 'Por favor, complete todos los campos correctamente.',
} as const;

/** POST api/comentario/register {id_user, comentario, calificacion} (no edit or delete). */
export const comentarioSchema = z.object({
  id_user: requiredId(COMENTARIO_MSG.usuario),
  comentario: requiredText(COMENTARIO_MSG.comentario, 1000, 'El comentario no puede exceder los 1000 caracteres.'),
  calificacion: intInRange({ required: CALIFICACION_MSG, invalid: CALIFICACION_MSG, min: CALIFICACION_MSG, max: CALIFICACION_MSG }, 1, 5),
});
export type ComentarioInput = z.infer<typeof comentarioSchema>;

export interface ComentarioWire {
  id_comentario: number;
  id_user: number;
  comentario: string;
  calificacion: number;
  fecha: string;
  // A child a teacher registered has no email.
  usuario: { nombre: string; apellido: string; email: string | null };
}

export const comentarioResource = defineResource({
  name: 'comentario',
  idField: 'id_comentario',
  paths: { list: 'comentario/getComentarios', create: 'comentario/register' },
  listKey: 'data',
  multipart: false,
  schema: comentarioSchema,
  searchFields: ['comentario', 'usuario.nombre', 'usuario.apellido', 'usuario.email'],
  writeRole: 'admin',
  readRole: 'admin',
});
