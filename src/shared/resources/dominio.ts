import { z } from 'zod';
import { defineResource } from './types';
import { requiredId, requiredText } from './fields';

export const DOMINIO_MSG = {
  dominio: 'El dominio es obligatorio.',
  dominioInvalido: 'El dominio no es válido (ejemplo: escuela.edu.mx).',
  institucion: 'El ID de la institución es obligatorio.',
  institucionInvalida: 'El ID de la institución no es válido.',
  invalidSubmit: 'Por favor, complete todos los campos correctamente.',
} as const;

/** A mail domain such as escuela.edu.mx (letters, digits, hyphens; at least one dot). A leading @ is dropped. */
const DOMINIO_RE = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** POST api/dominio/register and PUT api/dominio/update/{id} (JSON). */
export const dominioSchema = z.object({
  dominio: requiredText(DOMINIO_MSG.dominio, 253, DOMINIO_MSG.dominioInvalido)
    .transform((s) => s.replace(/^@/, '').toLowerCase())
    .pipe(z.string().regex(DOMINIO_RE, DOMINIO_MSG.dominioInvalido)),
  id_institucion: requiredId(DOMINIO_MSG.institucion, DOMINIO_MSG.institucionInvalida),
});
export type DominioInput = z.infer<typeof dominioSchema>;

export interface DominioWire {
  id_dominio: number;
  dominio: string;
  id_institucion: number;
  institucion: { nombre: string };
}

export const dominioResource = defineResource({
  name: 'dominio',
  idField: 'id_dominio',
  paths: {
    list: 'dominio/getDominios',
    one: 'dominio/getDominio/{id}',
    create: 'dominio/register',
    update: 'dominio/update/{id}',
    delete: 'dominio/delete/{id}',
  },
  listKey: 'data',
  multipart: false,
  schema: dominioSchema,
  searchFields: ['dominio', 'institucion.nombre'],
  writeRole: 'admin',
  readRole: 'admin',
});
