import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { invalidates } from '../../cache';
import { badRequest, conflict, notFound } from '../../errors';
import { multimedia, nivel, palabra } from '../../db/schema';
import { JOB_STATES, type JobState, type JobView } from '../../jobs/queue';
import { COMPACT_QUEUE, REVIEW_QUEUE } from '../../maintenance/compact-media';

export const TRABAJOS_ESTADO_MSG = 'El estado debe ser pendiente, en_curso o fallido.';
/** The most jobs one list shows (the newest). */
export const TRABAJOS_MAX = 100;
export const TRABAJO_REINTENTADO_MSG = 'Trabajo reintentado: se hará de nuevo en unos segundos.';
export const TRABAJO_NO_EXISTE_MSG = 'No se encontró el trabajo.';
export const TRABAJO_NO_FALLIDO_MSG = 'Este trabajo no está fallido: ya se está reintentando o ya terminó.';
export const TRABAJO_EN_ESPERA_MSG = 'Ya hay un trabajo igual esperando su turno; no hace falta reintentar este.';

const querySchema = z.object({ estado: z.string().optional() }).strict();

export const TRABAJO_INTENTOS_MSG = 'Indica los intentos que tenía el trabajo al verlo (un número entero desde 1).';
/**
 * The retry names the failure it answers (the `intentos` the admin saw): two clicks or two admins
 * on the same failure retry it once, even when its new try has failed again in between.
 */
const retrySchema = z.object({ intentos: z.number().int().min(1).max(1000) }).strict();

/** A job as the admin screen shows it: the queue's view plus what it was, in Spanish. */
export type TrabajoView = JobView & { descripcion: string };

/**
 * Says in Spanish what each job was for: a compact copy names the media's word and level (one
 * query for the whole list), or that the media is gone.
 */
async function describe(ctx: AppContext, jobs: JobView[]): Promise<TrabajoView[]> {
  const mediaId = (j: JobView) => {
    const id = (j.datos as { id?: unknown } | null)?.id;
    return j.cola === COMPACT_QUEUE && Number.isSafeInteger(id) ? (id as number) : null;
  };
  const ids = [...new Set(jobs.map(mediaId).filter((id): id is number => id !== null))];
  const names = new Map<number, { palabra: string; nivel: string }>();
  if (ids.length) {
    const rows = await ctx.database.db
      .select({ id: multimedia.id, palabra: palabra.palabraEspanol, nivel: nivel.nombreNivel })
      .from(multimedia)
      .innerJoin(palabra, eq(palabra.idPalabra, multimedia.idPalabra))
      .innerJoin(nivel, eq(nivel.idNivel, palabra.idNivel))
      .where(inArray(multimedia.id, ids));
    for (const r of rows) names.set(r.id, r);
  }
  return jobs.map((j) => {
    let descripcion = j.cola;
    const id = mediaId(j);
    if (id !== null) {
      const n = names.get(id);
      descripcion = n ? `Copia compacta del GIF de «${n.palabra}» (${n.nivel})` : `Copia compacta del GIF de la multimedia ${id} (ya no existe)`;
    } else if (j.cola === REVIEW_QUEUE) descripcion = 'Revisión de la multimedia (tamaños y copias compactas pendientes)';
    return { ...j, descripcion };
  });
}

/**
 * The background jobs an admin can check (src/server/jobs): `GET /api/trabajos?estado=fallido`
 * lists the jobs that failed every try (e.g. a GIF whose compact copy could not be made), newest
 * first, with the last error; `pendiente` and `en_curso` show what waits and what runs.
 * `POST /api/trabajos/:id/reintentar` gives a failed job one more try. Admins and superadmins
 * only: job data names rows and files of the content, nothing a teacher manages.
 */
export default async function trabajosRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/trabajos', { onRequest: app.requireRole('admin') }, async (req) => {
    const parsed = querySchema.safeParse(req.query ?? {});
    if (!parsed.success) throw badRequest(TRABAJOS_ESTADO_MSG, { estado: TRABAJOS_ESTADO_MSG }, 'INVALID_QUERY');
    const estado = (parsed.data.estado ?? 'fallido').trim();
    if (!(JOB_STATES as readonly string[]).includes(estado)) throw badRequest(TRABAJOS_ESTADO_MSG, { estado: TRABAJOS_ESTADO_MSG }, 'INVALID_QUERY');
    return { data: await describe(ctx, await ctx.jobs.list(estado as JobState, TRABAJOS_MAX)) };
  });

  app.post<{ Params: { id: string }; Body: unknown }>(
    '/api/trabajos/:id/reintentar',
    // The job writes later and empties the cache itself (saveRendition); the retry changes no cached row.
    { onRequest: app.requireRole('admin'), config: invalidates() },
    async (req) => {
      const body = retrySchema.safeParse(req.body ?? {});
      if (!body.success) throw badRequest(TRABAJO_INTENTOS_MSG, { intentos: TRABAJO_INTENTOS_MSG });
      const id = req.params.id.trim();
      // Ids are short (a UUID, or local-N on the embedded database); a long one names no job.
      const outcome = id && id.length <= 64 ? await ctx.jobs.retry(id, body.data.intentos) : 'no-existe';
      if (outcome === 'no-existe') throw notFound(TRABAJO_NO_EXISTE_MSG);
      if (outcome === 'no-fallido') throw conflict(TRABAJO_NO_FALLIDO_MSG, 'JOB_NOT_FAILED');
      if (outcome === 'en-espera') throw conflict(TRABAJO_EN_ESPERA_MSG, 'JOB_ALREADY_QUEUED');
      return { msg: TRABAJO_REINTENTADO_MSG, data: { id } };
    },
  );
}
