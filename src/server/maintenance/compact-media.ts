import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { AppContext } from '../context';
import { multimedia } from '../db/schema';
import { storeCompact, wantsCompact, type WarnLog } from '../media/compact';

/**
 * The startup backfill of migration 0005's multimedia columns (docs/decisions.md "Compact media"):
 * - rows with no `tamano` (stored before the column existed) get their file's size;
 * - GIF rows never given a rendition get their compact WebP (src/server/media/rendition.ts), made
 *   one at a time (the same queue as uploads), with a pause between files so the classroom's
 *   requests come first. The demo seed leaves its GIFs to this job too (see seed.ts).
 *
 * It runs once, after the server listens (src/server/main.ts; never in tests, which call
 * `backfillCompactMedia` directly), works through a bounded list of rows and stops by itself.
 * Each row is written only if it is still as it was read (same file, still without a rendition),
 * so an admin's edit meanwhile, or a second process doing the same, wins and the spare file is
 * removed. A file that gives no rendition is marked as tried (`tamano_compacta` 0) and not tried
 * again at the next start.
 */

export interface BackfillReport {
  sized: number;
  renditions: number;
  /** GIFs tried that gave no rendition worth keeping (or could not be read). */
  none: number;
  /** Rows left because the job was stopped or the row changed meanwhile. */
  skipped: number;
  ms: number;
}

export interface BackfillOptions {
  log?: WarnLog & { info(obj: unknown, msg?: string): void };
  /** Asked between rows: true ends the run early. */
  shouldStop?: () => boolean;
  /** Pause between two renditions (ms). */
  pauseMs?: number;
  /** At most this many rows per phase in one run. */
  maxRows?: number;
}

type Ctx = Pick<AppContext, 'database' | 'storage' | 'cache'>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export async function backfillCompactMedia(ctx: Ctx, opts: BackfillOptions = {}): Promise<BackfillReport> {
  const { db } = ctx.database;
  const { storage } = ctx;
  const started = Date.now();
  const stop = opts.shouldStop ?? (() => false);
  const maxRows = opts.maxRows ?? 10_000;
  const report: BackfillReport = { sized: 0, renditions: 0, none: 0, skipped: 0, ms: 0 };

  // 1. Sizes of files stored before migration 0005.
  const unsized = await db
    .select({ id: multimedia.id, url: multimedia.url })
    .from(multimedia)
    .where(isNull(multimedia.tamano))
    .orderBy(asc(multimedia.id))
    .limit(maxRows);
  for (const row of unsized) {
    if (stop()) break;
    const size = await storage.size('multimedia', row.url).catch(() => null);
    if (size === null) continue;
    const done = await db
      .update(multimedia)
      .set({ tamano: size })
      .where(and(eq(multimedia.id, row.id), eq(multimedia.url, row.url), isNull(multimedia.tamano)))
      .returning({ id: multimedia.id });
    if (done.length) report.sized++;
  }
  if (report.sized) await ctx.cache.bump(['content']);

  // 2. Compact renditions of GIFs never tried.
  const gifs = await db
    .select({ id: multimedia.id, url: multimedia.url })
    .from(multimedia)
    .where(and(like(multimedia.url, '%.gif'), isNull(multimedia.urlCompacta), isNull(multimedia.tamanoCompacta)))
    .orderBy(asc(multimedia.id))
    .limit(maxRows);
  for (const [i, row] of gifs.entries()) {
    if (stop()) {
      report.skipped += gifs.length - i;
      break;
    }
    if (!wantsCompact(row.url)) continue;
    const gif = await storage.read('multimedia', row.url).catch(() => null);
    if (!gif) continue; // a missing file: nothing to make (the GIF itself would 404 too)
    const made = await storeCompact(storage, 'multimedia', gif, opts.log);
    if (stop() && made.stored) {
      // Stopping (the server is closing): the database may be going away; leave the row for next time.
      await storage.remove('multimedia', made.stored.name);
      report.skipped += gifs.length - i;
      break;
    }
    const outcome = await saveRendition(ctx, row, made);
    if (outcome === 'changed') report.skipped++;
    else if (outcome === 'saved') report.renditions++;
    else report.none++;
    if (opts.pauseMs) await sleep(opts.pauseMs);
  }
  report.ms = Date.now() - started;
  return report;
}

/**
 * Writes a rendition's columns to its row if the row is still as it was read (same file, no
 * rendition tried since); otherwise removes the file just made. 'saved': a rendition is now on the
 * row; 'none': the row is marked as tried with none; 'changed': the row moved on, nothing written.
 */
export async function saveRendition(
  ctx: Ctx,
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

export interface CompactMediaJob {
  /** Starts the run (once); resolves with its report when it ends, by itself or stopped. */
  start(): Promise<BackfillReport | null>;
  /** Asks the run to end after the current file and waits for it (at most `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** The background job: started after listen, one run, errors logged (never thrown). */
export function compactMediaJob(
  ctx: Ctx,
  log: NonNullable<BackfillOptions['log']> & { error(obj: unknown, msg?: string): void },
  opts: { delayMs?: number; pauseMs?: number } = {},
): CompactMediaJob {
  let stopped = false;
  let running: Promise<BackfillReport | null> | null = null;
  return {
    start() {
      running ??= (async () => {
        await sleep(opts.delayMs ?? 1000);
        if (stopped) return null;
        try {
          const report = await backfillCompactMedia(ctx, { log, shouldStop: () => stopped, pauseMs: opts.pauseMs ?? 100 });
          if (stopped) log.info({ ...report }, 'multimedia: versiones WebP interrumpidas al cerrar; se siguen en el próximo arranque');
          else if (report.sized || report.renditions || report.none || report.skipped)
            log.info({ ...report }, 'multimedia: tamaños y versiones WebP de los GIF al día');
          return report;
        } catch (err) {
          if (!stopped) log.error({ err }, 'multimedia: el trabajo de versiones WebP se detuvo por un error');
          return null;
        }
      })();
      return running;
    },
    async stop(graceMs = 5000) {
      stopped = true;
      if (running) await Promise.race([running, sleep(graceMs)]);
    },
  };
}
