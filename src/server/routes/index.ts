import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** Every route file, registered in this order by buildApp. */
export const routeModules: RouteModule[] = [];
