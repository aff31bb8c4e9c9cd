import { z } from 'zod';
import { AVATARS, isAllowedPhoto, PHOTO_MSG, PROFILE_PHONE_MSG, PROFILE_PHONE_RE, SEXOS } from '../validation/registration';
import { defineResource } from './types';
import { BIRTH_MIN_YEAR, INVALID_BIRTH_DATE_MSG, optionalCalendarDate } from '../validation/dates';
import { noBidi } from '../validation/names';

/** A user as the API sends it (never the password hash). */
export interface UsuarioWire {
  id: number;
  nombre: string;
  apellido: string;
  /** null for a child created in a class without an email (wire W-10.1): no email field is shown for them. */
  email: string | null;
  fechaNacimiento: string | null;
  phone: string | null;
  sexo: string | null;
  avatar: string | null;
  photo: string | null;
  Credential: string | null;
  status: boolean;
  rol: string;
  roles: { nombre: string }[];
}

/** POST api/user/register (Credential filled from the form's Credentials; no confirmation sent). */
export const registerSchema = z.object({
  nombre: z.string().optional().default(''),
  apellido: z.string().optional().default(''),
  fechaNacimiento: z.string().optional().default(''),
  email: z.string().optional().default(''),
  photo: z.string({ error: PHOTO_MSG }).nullable().optional().refine(isAllowedPhoto, { message: PHOTO_MSG }),
  password: z.string().optional().default(''),
  avatar: z.string().optional().default(''),
  sexo: z.string().optional().default(''),
  phone: z.string().optional().default(''),
  Credential: z.string().optional().default(''),
  /** Optional class code (routes.md ): the new account joins that class; a bad code creates nothing. */
  codigoClase: z.string().optional(),
});

export const loginSchema = z.object({
  email: z.string().optional().default(''),
  password: z.string().optional().default(''),
});

/** PUT api/user/{id}: the profile fields (email, password, Credential, roles, status are not editable here). */
export const profileSchema = z.object({
  nombre: z
    .string({ error: 'El nombre es obligatorio.' })
    .trim()
    .min(1, 'El nombre es obligatorio.')
    .max(100, 'El nombre es demasiado largo.')
    .refine(...noBidi()),
  apellido: z
    .string()
    .trim()
    .max(100, 'El apellido es demasiado largo.')
    .refine(...noBidi())
    .optional(),
  fechaNacimiento: optionalCalendarDate(INVALID_BIRTH_DATE_MSG, BIRTH_MIN_YEAR),
  phone: z.string().trim().regex(PROFILE_PHONE_RE, PROFILE_PHONE_MSG).nullable().optional().or(z.literal('')),
  avatar: z.enum(AVATARS, { error: 'Elige un avatar: niño o niña.' }).optional(),
  sexo: z.enum(SEXOS, { error: 'Elige niño o niña.' }).optional(),
  status: z.boolean().optional(),
  // null: a child without an email sends back what the profile read (L-15.1).
  email: z.string().nullable().optional(),
});

export const usuarioResource = defineResource({
  name: 'usuario',
  idField: 'id',
  paths: { list: 'user/usuarios', one: 'user/{id}', update: 'user/{id}' },
  listKey: 'users',
  multipart: false,
  schema: profileSchema,
  searchFields: ['nombre', 'apellido', 'email', 'phone'],
  writeRole: 'admin',
  readRole: 'admin',
});
