import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../roles';
import { defineResource } from './types';
import { isBlank, optionalText, requiredId } from './fields';

export const ROL_MSG = {
  nombre: 'El nombre del rol es obligatorio.',
  nombreInvalido: 'El rol debe ser Superadmin, Admin o Profesor.',
  usuario: 'El usuario es obligatorio.',
  usuarioInvalido: 'El usuario seleccionado no es válido.',
  invalidSubmit: 'Por favor, complete todos los campos.',
} as const;

/** The selector's labels; stored lower-case. */
export const ROL_OPCIONES = [
  { value: 'superadmin', label: 'Superadmin' },
  { value: 'admin', label: 'Admin' },
  { value: 'profesor', label: 'Profesor' },
] as const;

/** POST api/rol/register {nombre, descripcion, idUsuario} and PUT api/rol/update/{id} (id_usuario also accepted). */
export const rolSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return { ...o, idUsuario: isBlank(o.idUsuario) ? o.id_usuario : o.idUsuario };
  },
  z.object({
    nombre: z.preprocess(
      (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(ASSIGNABLE_ROLES, { error: (iss) => (iss.input === undefined ? ROL_MSG.nombre : ROL_MSG.nombreInvalido) }),
    ),
    descripcion: optionalText(255, 'La descripción no puede exceder los 255 caracteres.'),
    idUsuario: requiredId(ROL_MSG.usuario, ROL_MSG.usuarioInvalido),
  }),
);
export type RolInput = z.infer<typeof rolSchema>;

export interface RolWire {
  id: number;
  nombre: string;
  descripcion: string | null;
  id_usuario: number;
  // A child a teacher registered has no email.
  usuario: { nombre: string; apellido: string; email: string | null };
}

export const rolResource = defineResource({
  name: 'rol',
  idField: 'id',
  paths: {
    list: 'rol/getRoles',
    one: 'rol/getRole/{id}',
    create: 'rol/register',
    update: 'rol/update/{id}',
    delete: 'rol/delete/{id}',
  },
  listKey: 'data',
  multipart: false,
  schema: rolSchema,
  searchFields: ['nombre', 'descripcion', 'usuario.nombre', 'usuario.apellido', 'usuario.email'],
  writeRole: 'superadmin',
  readRole: 'superadmin',
});
