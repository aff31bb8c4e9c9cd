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
import contenidoRoutes from './contenido';
import preguntaRoutes from './pregunta';
import respuestaRoutes from './respuesta';
import institucionRoutes from './institucion';
import dominioRoutes from './dominio';
import comentarioRoutes from './comentario';
import progresoRoutes from './progreso';
import rolRoutes from './rol';
import googleRoutes from './google';
import preferenciasRoutes from './preferencias';
import partidasRoutes from './partidas';

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
  contenidoRoutes,
  preguntaRoutes,
  respuestaRoutes,
  institucionRoutes,
  dominioRoutes,
  comentarioRoutes,
  progresoRoutes,
  rolRoutes,
  googleRoutes,
  preferenciasRoutes,
  partidasRoutes,
];
