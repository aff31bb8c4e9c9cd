import { z } from 'zod';
import { defineResource } from './types';

/**
 * Memory per child and word (wire W-10.18, screens-backoffice.md B-14), read-only: the server alone writes a schedule, from graded
 * events (src/server/resources/repaso/routes.ts), so this declaration has a list and no write path. The
 * roles that see results (profesor and above) read it; a child reads their own through
 * GET /api/repaso/hoy, /nivel/{id} and /alumno/{own id}.
 */
export interface MemoriaWire {
  id_memoria: number;
  id_usuario: number;
  id_palabra: number;
  id_nivel: number;
  /** ts-fsrs state: 0 nueva, 1 aprendiendo, 2 repaso, 3 reaprendiendo. */
  estado: number;
  vence: string;
  estabilidad: number;
  dificultad: number;
  repasos: number;
  olvidos: number;
  ultimo_repaso: string | null;
  /** 0–3 from the predicted recall now (src/shared/rules/review.ts strengthStars). */
  estrellas: number;
  pendiente: boolean;
  usuario: { username: string };
  palabra: { palabraEspanol: string };
}

export const memoriaResource = defineResource({
  name: 'memoria',
  idField: 'id_memoria',
  paths: { list: 'repaso/memorias' },
  listKey: 'data',
  multipart: false,
  schema: z.object({}),
  searchFields: ['usuario.username', 'palabra.palabraEspanol'],
  globalSearch: false,
  writeRole: 'profesor',
  readRole: 'profesor',
  /** The back office's Memoria screens open for the roles that read it (profesor+), not admin only. */
  adminRole: 'profesor',
});
