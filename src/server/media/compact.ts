import type { Storage, StoredFile, UploadFolder } from '../storage';
import { kindOfStoredName } from '../multipart';
import { makeCompactRendition, oneAtATime } from './rendition';

/** Where a log line goes (Fastify's logger, or nothing). */
export interface WarnLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * The rendition columns of a multimedia row. `tamanoCompacta` 0 with no url means "tried, none
 * kept" (the encoding was not smaller than the GIF, or the GIF could not be read): the startup
 * backfill does not try that file again. Null in both: never tried (rows older than migration 0005,
 * or not a GIF).
 */
export interface CompactColumns {
  urlCompacta: string | null;
  tamanoCompacta: number | null;
}

export const NO_COMPACT: CompactColumns = { urlCompacta: null, tamanoCompacta: null };
export const TRIED_NONE: CompactColumns = { urlCompacta: null, tamanoCompacta: 0 };

/** Whether a stored multimedia file gets a compact rendition: every GIF (tipo gif, or imagen with a GIF file). */
export const wantsCompact = (url: string | null | undefined) => kindOfStoredName(url) === 'gif';

/**
 * Makes and stores the compact WebP of a stored GIF (one encoding at a time in the process). A GIF
 * sharp cannot read, or an encoding that fails, is logged as a warning and gives TRIED_NONE: the
 * same bytes would fail again, so it is not worth a retry; the GIF itself is stored and is what
 * plays. A write that fails throws (the background job tries again later). Returns the file
 * written (for cleanup if the row's write fails) and the columns to save.
 */
export async function storeCompact(
  storage: Storage,
  folder: UploadFolder,
  gif: Buffer,
  log?: WarnLog,
): Promise<{ stored: StoredFile | null; columns: CompactColumns }> {
  let webp: Buffer | null;
  try {
    webp = await oneAtATime(() => makeCompactRendition(gif));
  } catch (err) {
    log?.warn(
      { err: err instanceof Error ? err.message : String(err), bytes: gif.length },
      'multimedia: no se pudo crear la versión WebP del GIF; se sirve solo el GIF',
    );
    return { stored: null, columns: TRIED_NONE };
  }
  if (!webp) return { stored: null, columns: TRIED_NONE };
  const stored = await storage.putDerived(folder, webp, 'webp');
  return { stored, columns: { urlCompacta: stored.relativeUrl, tamanoCompacta: stored.size } };
}
