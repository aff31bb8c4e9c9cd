import { z } from 'zod';
import { defineResource } from './types';

export const institucionSchema = z.object({
  nombre: z
    .string({ error: 'El nombre de la institución es obligatorio.' })
    .trim()
    .min(1, 'El nombre de la institución es obligatorio.')
    .max(200, 'El nombre no puede exceder los 200 caracteres.'),
});
export type InstitucionInput = z.infer<typeof institucionSchema>;

export const institucionResource = defineResource({
  name: 'institucion',
  idField: 'id_institucion',
  paths: {
    list: 'institucion/getInstituciones',
    one: 'institucion/getInstitucion/{id}',
    create: 'institucion/register',
    update: 'institucion/update/{id}',
    delete: 'institucion/delete/{id}',
  },
  listKey: 'data',
  multipart: false,
  schema: institucionSchema,
  searchFields: ['nombre'],
  writeRole: 'admin',
  readRole: 'admin',
});
