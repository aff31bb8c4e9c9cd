import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { JOB_STATES, type JobState } from '../jobs/queue';

export const TRABAJOS_ESTADO_MSG = 'El estado debe ser pendiente, en_curso o fallido.';
/** The most jobs one list shows (the newest). */
export const TRABAJOS_MAX = 100;

const querySchema = z.object({ estado: z.string().optional() }).strict();

/**
 * The background jobs an admin can check (src/server/jobs): `GET /api/trabajos?estado=fallido`
 * lists the jobs that failed every try (e.g. a GIF whose compact copy could not be made), newest
 * first, with the last error; `pendiente` and `en_curso` show what waits and what runs. Admins and
 * superadmins only: job data names rows and files of the content, nothing a teacher manages.
 */
export default async function trabajosRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/trabajos', { onRequest: app.requireRole('admin') }, async (req) => {
    const parsed = querySchema.safeParse(req.query ?? {});
    if (!parsed.success) throw badRequest(TRABAJOS_ESTADO_MSG, { estado: TRABAJOS_ESTADO_MSG }, 'INVALID_QUERY');
    const estado = (parsed.data.estado ?? 'fallido').trim();
    if (!(JOB_STATES as readonly string[]).includes(estado)) throw badRequest(TRABAJOS_ESTADO_MSG, { estado: TRABAJOS_ESTADO_MSG }, 'INVALID_QUERY');
    return { data: await ctx.jobs.list(estado as JobState, TRABAJOS_MAX) };
  });
}
