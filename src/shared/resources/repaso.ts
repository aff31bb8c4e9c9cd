import { z } from 'zod';
import { defineResource } from './types';

/**
 * The review log (screens-backoffice.md B-14.4, wire W-10.19), read-only: one row per graded review (review session, game word,
 * quiz question linked to a word), written by the server only. Profesor and above read it.
 */
export interface RepasoWire {
  id_repaso: number;
  id_usuario: number;
  id_palabra: number;
  id_nivel: number;
  /** ts-fsrs Rating: 1 otra vez, 2 difícil, 3 bien. */
  calificacion: number;
  /** 'repaso' | 'juego' | 'cuestionario'. */
  fuente: string;
  vence: string;
  fecha: string;
  usuario: { username: string };
  palabra: { palabraEspanol: string };
}

export const repasoResource = defineResource({
  name: 'repaso',
  idField: 'id_repaso',
  paths: { list: 'repaso/registros' },
  listKey: 'data',
  multipart: false,
  schema: z.object({}),
  searchFields: ['fuente', 'usuario.username', 'palabra.palabraEspanol'],
  globalSearch: false,
  writeRole: 'profesor',
  readRole: 'profesor',
  /** The back office's Memoria screens open for the roles that read it (profesor+), not admin only. */
  adminRole: 'profesor',
});
