import { z } from 'zod';
import { defineResource } from './types';
import { oneOf, requiredText } from './fields';

export const DIFICULTADES = ['Fácil', 'Medio', 'Difícil'] as const;
export type Dificultad = (typeof DIFICULTADES)[number];

export const NIVEL_MSG = {
  nombre: 'El nombre del nivel es requerido.',
  descripcion: 'La descripción es requerida.',
  descripcionMax: 'La descripción no puede exceder los 255 caracteres.',
  dificultad: 'La dificultad es requerida.',
  dificultadInvalida: 'La dificultad debe ser Fácil, Medio o Difícil.',
  imagen: 'Solo se permiten imágenes y GIFs.',
  invalidSubmit: 'Por favor, complete todos los campos.',
} as const;

/** POST api/nivel/register and PUT api/nivel/update/{id} (multipart; `imagen` is the optional file). */
export const nivelSchema = z.object({
  nombre_nivel: requiredText(NIVEL_MSG.nombre, 120, 'El nombre del nivel no puede exceder los 120 caracteres.'),
  descripcion: requiredText(NIVEL_MSG.descripcion, 255, NIVEL_MSG.descripcionMax),
  dificultad: oneOf(DIFICULTADES, NIVEL_MSG.dificultad, NIVEL_MSG.dificultadInvalida),
});
export type NivelInput = z.infer<typeof nivelSchema>;

/** A level on the wire (W-10.2): `id` repeats `id_nivel` (clients read both); `imagen` is a file name under uploads/niveles/. */
export interface NivelWire {
  id_nivel: number;
  id: number;
  nombre_nivel: string;
  descripcion: string;
  dificultad: string;
  imagen: string | null;
  evaluaciones: { id_evaluacion: number; id_nivel: number; puntaje: number }[];
}

export const nivelResource = defineResource({
  name: 'nivel',
  idField: 'id_nivel',
  paths: {
    list: 'nivel/getNivels',
    one: 'nivel/getNivel/{id}',
    create: 'nivel/register',
    update: 'nivel/update/{id}',
    delete: 'nivel/delete/{id}',
  },
  listKey: 'data',
  multipart: true,
  fileFields: ['imagen'],
  schema: nivelSchema,
  searchFields: ['nombre_nivel', 'descripcion', 'dificultad'],
  writeRole: 'admin',
  readRole: 'usuario',
});
