import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import userRoutes from './user';
import recuperarRoutes from './recuperar';
import resultadosRoutes from './resultados';
import avanceRoutes from './avance';
import nivelRoutes from './nivel';
import palabraRoutes from './palabra';
import multimediaRoutes from './multimedia';
import evaluacionRoutes from './evaluacion';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** Every route file, registered in this order by buildApp. Add one line per new route file. */
export const routeModules: RouteModule[] = [
  userRoutes,
  recuperarRoutes,
  resultadosRoutes,
  avanceRoutes,
  nivelRoutes,
  palabraRoutes,
  multimediaRoutes,
  evaluacionRoutes,
];
