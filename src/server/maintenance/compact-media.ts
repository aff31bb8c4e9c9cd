import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { AppContext } from '../context';
import { multimedia } from '../db/schema';
import { storeCompact, wantsCompact, type WarnLog } from '../media/compact';
import type { JobQueue } from '../jobs/queue';

/**
 * Media work done in the background, on the job queue (src/server/jobs; docs/decisions.md
 * "Compact media" and "Background jobs"):
 * - `multimedia-compacta` {id, url}: the compact WebP of one stored GIF (src/server/media/rendition.ts).
 *   An upload enqueues it once its row is committed and answers at once; the row has no
 *   `url_compacta` until the job is done, and players keep the GIF until then.
 * - `multimedia-revision`: the startup backfill of migration 0005's columns: rows with no `tamano`
 *   get their file's size, and every GIF never given a rendition gets a `multimedia-compacta` job
 *   (the demo seed leaves its GIFs to it). Every host enqueues it at startup under one singleton key,
 *   so one host runs it, not each.
 *
 * Jobs read and write files only through the Storage interface, so any host can run any job. A
 * rendition is written only if its row is still as the job was given it (same file, no rendition
 * yet), so an admin's edit meanwhile wins and the spare file is removed; per-GIF singleton keys
 * and the check below make each GIF's compact copy once, however many workers run.
 */

export const COMPACT_QUEUE = 'multimedia-compacta';
export const REVIEW_QUEUE = 'multimedia-revision';

export interface CompactJob {
  id: number;
  url: string;
}

type Ctx = Pick<AppContext, 'database' | 'storage' | 'cache' | 'jobs'>;
type Log = WarnLog & { info(obj: unknown, msg?: string): void };

/** Enqueues the compact copy of one GIF row (one waiting job per row and file). */
export const enqueueCompact = (jobs: JobQueue, row: CompactJob) =>
  jobs.send<CompactJob>(COMPACT_QUEUE, { id: row.id, url: row.url }, { singletonKey: `${row.id}:${row.url}` });

/**
 * One backfill per ten minutes, however many hosts start: every host enqueues it at startup and
 * the singleton slot keeps all but the first (rows stored meanwhile have their own jobs).
 */
export const REVIEW_SLOT_SECONDS = 600;

/** Enqueues the backfill; N hosts starting together make one job (null for the others). */
export const enqueueReview = (jobs: JobQueue) => jobs.send(REVIEW_QUEUE, {}, { singletonKey: 'revision', singletonSeconds: REVIEW_SLOT_SECONDS });

/** Declares both queues' handlers on `jobs`. */
export function defineMediaJobs(ctx: Ctx, log: Log) {
  ctx.jobs.define<CompactJob>(COMPACT_QUEUE, async (data) => {
    await compactOne(ctx, data, log);
  });
  ctx.jobs.define(REVIEW_QUEUE, async () => {
    const report = await reviewMedia(ctx);
    if (report.sized || report.queued) log.info({ ...report }, 'multimedia: tamaños medidos y versiones WebP pendientes encoladas');
  });
}

/** What one `multimedia-compacta` job did. */
export type CompactOutcome = 'saved' | 'none' | 'changed' | 'nothing-to-do';

/**
 * Makes and saves one GIF's compact copy. Nothing to do when the row is gone, holds another file or
 * already has a rendition (or was tried). Throws when the GIF's file cannot be read or the copy
 * cannot be written: the queue retries, then lists the job as failed for an admin.
 */
export async function compactOne(ctx: Omit<Ctx, 'jobs'>, job: CompactJob, log?: WarnLog): Promise<CompactOutcome> {
  const [row] = await ctx.database.db
    .select({ url: multimedia.url, urlCompacta: multimedia.urlCompacta, tamanoCompacta: multimedia.tamanoCompacta })
    .from(multimedia)
    .where(eq(multimedia.id, job.id));
  if (!row || row.url !== job.url || row.urlCompacta !== null || row.tamanoCompacta !== null || !wantsCompact(job.url)) return 'nothing-to-do';
  const gif = await ctx.storage.read('multimedia', job.url);
  if (!gif) throw new Error(`El archivo del GIF de la multimedia ${job.id} no está en el almacenamiento.`);
  let made: Awaited<ReturnType<typeof storeCompact>>;
  try {
    made = await storeCompact(ctx.storage, 'multimedia', gif, log);
  } catch (err) {
    // The failed-jobs screen shows this message to an admin: Spanish, naming the media; the cause
    // (often the storage's or the SDK's English text) goes to the log.
    log?.warn({ err, id: job.id }, 'multimedia: no se pudo guardar la copia compacta');
    throw new Error(`No se pudo guardar la copia compacta del GIF de la multimedia ${job.id} en el almacenamiento.`);
  }
  return saveRendition(ctx, job, made);
}

export interface ReviewReport {
  sized: number;
  /** GIF rows given a `multimedia-compacta` job (fewer when one already waited). */
  queued: number;
  ms: number;
}

/** The backfill: sizes of rows without one, and a compact job for every GIF never tried. */
export async function reviewMedia(ctx: Ctx, opts: { maxRows?: number } = {}): Promise<ReviewReport> {
  const { db } = ctx.database;
  const started = Date.now();
  const maxRows = opts.maxRows ?? 10_000;
  const report: ReviewReport = { sized: 0, queued: 0, ms: 0 };

  // 1. Sizes of files stored before migration 0005.
  const unsized = await db
    .select({ id: multimedia.id, url: multimedia.url })
    .from(multimedia)
    .where(isNull(multimedia.tamano))
    .orderBy(asc(multimedia.id))
    .limit(maxRows);
  for (const row of unsized) {
    // The size only (a HEAD on a bucket), not the bytes.
    const size = await ctx.storage.size('multimedia', row.url).catch(() => null);
    if (size === null) continue;
    const done = await db
      .update(multimedia)
      .set({ tamano: size })
      .where(and(eq(multimedia.id, row.id), eq(multimedia.url, row.url), isNull(multimedia.tamano)))
      .returning({ id: multimedia.id });
    if (done.length) report.sized++;
  }
  if (report.sized) await ctx.cache.bump(['content']);

  // 2. A job for each GIF never tried.
  const gifs = await db
    .select({ id: multimedia.id, url: multimedia.url })
    .from(multimedia)
    .where(and(like(multimedia.url, '%.gif'), isNull(multimedia.urlCompacta), isNull(multimedia.tamanoCompacta)))
    .orderBy(asc(multimedia.id))
    .limit(maxRows);
  for (const row of gifs) if (wantsCompact(row.url) && (await enqueueCompact(ctx.jobs, row))) report.queued++;
  report.ms = Date.now() - started;
  return report;
}

/**
 * Writes a rendition's columns to its row if the row is still as it was read (same file, no
 * rendition tried since); otherwise removes the file just made. 'saved': a rendition is now on the
 * row; 'none': the row is marked as tried with none; 'changed': the row moved on, nothing written.
 */
export async function saveRendition(
  ctx: Pick<AppContext, 'database' | 'storage' | 'cache'>,
  row: { id: number; url: string },
  made: Awaited<ReturnType<typeof storeCompact>>,
): Promise<'saved' | 'none' | 'changed'> {
  const done = await ctx.database.db
    .update(multimedia)
    .set(made.columns)
    .where(and(eq(multimedia.id, row.id), eq(multimedia.url, row.url), isNull(multimedia.urlCompacta), isNull(multimedia.tamanoCompacta)))
    .returning({ id: multimedia.id });
  if (!done.length) {
    if (made.stored) await ctx.storage.remove('multimedia', made.stored.name);
    return 'changed';
  }
  // The row changed (a rendition, or the mark that none is possible): empty the content cache here
  // and in every other process (a write outside a route names its scopes, src/server/cache.ts).
  await ctx.cache.bump(['content']);
  return made.stored ? 'saved' : 'none';
}
