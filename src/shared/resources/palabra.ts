import { z } from 'zod';
import { defineResource } from './types';
import { requiredId, requiredText } from './fields';

const PALABRA_MSG = {
  espanol: 'La palabra en español es obligatoria.',
  ingles: 'La palabra en inglés es obligatoria.',
  nivel: 'El nivel es obligatorio.',
  nivelInvalido: 'El nivel seleccionado no es válido.',
} as const;

/** POST api/palabra/register and PUT api/palabra/update/{id} (JSON; id_nivel sent as a number). */
export const palabraSchema = z.object({
  palabraEspanol: requiredText(PALABRA_MSG.espanol, 100, 'La palabra no puede exceder los 100 caracteres.'),
  palabraIngles: requiredText(PALABRA_MSG.ingles, 100, 'La palabra no puede exceder los 100 caracteres.'),
  id_nivel: requiredId(PALABRA_MSG.nivel, PALABRA_MSG.nivelInvalido),
});
export type PalabraInput = z.infer<typeof palabraSchema>;

export interface PalabraWire {
  id_palabra: number;
  palabraEspanol: string;
  palabraIngles: string;
  id_nivel: number;
  nivel: { nombre_nivel: string };
}

export const palabraResource = defineResource({
  name: 'palabra',
  idField: 'id_palabra',
  paths: {
    list: 'palabra/getPalabras',
    one: 'palabra/getPalabra/{id}',
    create: 'palabra/register',
    update: 'palabra/update/{id}',
    delete: 'palabra/delete/{id}',
  },
  listKey: 'data',
  multipart: false,
  schema: palabraSchema,
  searchFields: ['palabraEspanol', 'palabraIngles'],
  writeRole: 'admin',
  readRole: 'usuario',
  dedupeBy: 'id_palabra',
  errorMessageKey: 'message',
});
