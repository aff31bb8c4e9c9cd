import { z } from 'zod';
import { defineResource } from './types';

/** Shown when a progress row's user is gone. */
export const USUARIO_NO_ENCONTRADO = 'Usuario no encontrado';

export interface ProgresoWire {
  id_progreso: number;
  estado: string;
  id_usuario: number;
  id_nivel: number;
  /** username = nombre + ' ' + apellido. */
  usuario: { username: string };
  nivel: { nombre_nivel: string };
}

/** Read-only here: learners' progress is written by the learner area. */
export const progresoResource = defineResource({
  name: 'progreso',
  idField: 'id_progreso',
  paths: { list: 'progreso/progresos' },
  listKey: 'data',
  multipart: false,
  schema: z.object({}),
  searchFields: ['estado', 'usuario.username', 'nivel.nombre_nivel'],
  writeRole: 'admin',
  readRole: 'admin',
});
