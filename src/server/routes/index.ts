import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import userRoutes from './user';
import recuperarRoutes from './recuperar';
import resultadosRoutes from './resultados';
import resultadosProfesorRoutes from './resultados-profesor';
import googleRoutes from './google';
import preferenciasRoutes from './preferencias';
import partidasRoutes from './partidas';
import practicaRoutes from './practica';
import trazoRoutes from './trazos';
import buscarRoutes from './buscar';
import claseLoginRoutes from './clase-login';
import claseTableroRoutes from './clase-tablero';
import signQuizRoutes from './sign-quiz';
import trabajosRoutes from './trabajos';
import { registerResources } from '../resources';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/**
 * Every route file, registered in this order by buildApp. A standard resource needs no line here
 * (src/server/resources/<entity>/index.ts and routes.ts); a route file of its own (accounts, quiz, games) does.
 */
export const routeModules: RouteModule[] = [
  // Every entity folder's CRUD and extra routes (src/server/resources/<entity>/, found by listing the folder).
  registerResources,
  userRoutes,
  recuperarRoutes,
  resultadosRoutes,
  resultadosProfesorRoutes,
  googleRoutes,
  preferenciasRoutes,
  partidasRoutes,
  buscarRoutes,
  // "¡Ahora tú!" attempts: a learning event that feeds the memory (the scores only).
  practicaRoutes,
  // Stored reference tracks of the signs ("¡Ahora tú!").
  trazoRoutes,
  // Classes (routes.md ): the class-code login; the dashboard (members, import and assignments
  // are the class entity's own routes, src/server/resources/clases/routes.ts).
  claseLoginRoutes,
  claseTableroRoutes,
  // Sign questions generated from a level's words (the back office's "Generar preguntas con señas").
  signQuizRoutes,
  // Background jobs an admin can check (failed compact copies of GIFs).
  trabajosRoutes,
];
