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
 * Makes and stores the compact WebP of a stored GIF (one encoding at a time in the process). Never
 * throws: a GIF sharp cannot read, an encoding that fails or a write that fails is logged as a
 * warning and the row simply has no rendition; the GIF itself is already stored and is what plays.
 * Returns the file written (for cleanup if the row's write fails) and the columns to save.
 */
export async function storeCompact(
  storage: Storage,
  folder: UploadFolder,
  gif: Buffer,
  log?: WarnLog,
): Promise<{ stored: StoredFile | null; columns: CompactColumns }> {
  try {
    const webp = await oneAtATime(() => makeCompactRendition(gif));
    if (!webp) return { stored: null, columns: TRIED_NONE };
    const stored = await storage.putDerived(folder, webp, 'webp');
    return { stored, columns: { urlCompacta: stored.relativeUrl, tamanoCompacta: stored.size } };
  } catch (err) {
    log?.warn(
      { err: err instanceof Error ? err.message : String(err), bytes: gif.length },
      'multimedia: no se pudo crear la versión WebP del GIF; se sirve solo el GIF',
    );
    return { stored: null, columns: TRIED_NONE };
  }
}
