import sharp from 'sharp';
import { declaredSize } from './header';
import { MAX_ANIMATION_PIXELS } from './limits';

/**
 * The compact rendition of an uploaded GIF (wire.md W-9.5, docs/decisions.md "Compact media"): an
 * animated WebP with the GIF's width, height, frames, per-frame delays and loop count, made with
 * sharp (libwebp, shipped in sharp's npm binary: nothing to install). The players prefer it where
 * the browser decodes WebP; the GIF stays stored and is the fallback.
 *
 * Filmed signs (camera noise, dithering) compress far better as lossy WebP than as GIF; flat
 * drawings do not (GIF's LZW is good at flat colour, lossy WebP would be larger), so when the lossy
 * encoding misses RENDITION_GOAL a lower quality and then lossless are tried and the smallest kept. A
 * rendition that saves less than KEEP_MIN_SAVING is not kept at all (the GIF alone is served).
 */

/** Lossy settings: quality 75 keeps hands and faces clean (≈35–40 dB PSNR against the GIF's frames). */
export const LOSSY_OPTIONS = { quality: 75, effort: 4 } as const;
/**
 * The second try when quality 75 misses the goal but lossy still helps: GIFs already squeezed hard
 * (128 colours, near-equal pixels left transparent). Costs ≈ 0.4 dB PSNR, in proportion to what
 * the GIF already gave up.
 */
export const LOSSY_SECOND_OPTIONS = { quality: 65, effort: 4 } as const;
/**
 * The third try, only when quality 65 still misses the goal: a GIF already squeezed under a size
 * limit (128 colours, strong frame reuse). Quality 50 softens fine texture (the wall's noise), not
 * the outline of hands and face at these sizes; on the bench it brings the 248 KB sample from
 * 40,5 % to 28,5 % of the GIF.
 */
export const LOSSY_THIRD_OPTIONS = { quality: 50, effort: 4 } as const;
/** Lossless settings (flat drawings: same pixels, smaller file than the GIF). */
export const LOSSLESS_OPTIONS = { lossless: true, effort: 4 } as const;
/** The goal: a lossy rendition at most this share of the GIF's bytes is taken without trying lossless. */
export const RENDITION_GOAL = 0.4;
/**
 * A rendition is kept only if it saves at least this share of the GIF's bytes and at least this
 * many bytes: a second file that saves a few hundred bytes, or a few per cent, is not worth
 * storing, and GIFs under `bytes` (icons, 1 × 1 pixels) are not even encoded.
 */
export const KEEP_MIN_SAVING = { share: 0.1, bytes: 2048 } as const;
/**
 * Frames × frame size above which no rendition is made (libwebp encodes ≈ 10–25 million pixels a
 * second on one core here): a 480 × 360 sign of 150 frames is 26 million; this allows 720p GIFs of
 * ~100 frames. Larger GIFs are served as they are.
 */
export const MAX_RENDITION_PIXELS = 100_000_000;
/** No single encoding may take longer than this (sharp stops it). */
export const RENDITION_TIMEOUT_SECONDS = 60;

export interface Rendition {
  webp: Buffer;
  mode: 'lossy' | 'lossy-65' | 'lossy-50' | 'lossless';
  width: number;
  /** Height of one frame. */
  height: number;
  frames: number;
  /** Per-frame delays in ms, as in the GIF. */
  delay: number[];
  loop: number;
  /** Bytes of each encoding tried (null: not tried). */
  tried: { lossy: number | null; lossy65: number | null; lossy50: number | null; lossless: number | null };
}

export interface RenditionOptions {
  maxPixels?: number;
  timeoutSeconds?: number;
}

const isGif = (b: Buffer) => b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF89a' || b.toString('latin1', 0, 6) === 'GIF87a');

interface Timing {
  width: number;
  height: number;
  frames: number;
  delay: number[];
  loop: number;
}

async function timingOf(data: Buffer): Promise<Timing> {
  const m = await sharp(data, { animated: true, limitInputPixels: false }).metadata();
  const frames = m.pages ?? 1;
  const height = m.pageHeight ?? m.height ?? 0;
  return { width: m.width ?? 0, height, frames, delay: frames > 1 ? (m.delay ?? []) : [], loop: frames > 1 ? (m.loop ?? 0) : 0 };
}

const sameTiming = (a: Timing, b: Timing) =>
  a.width === b.width &&
  a.height === b.height &&
  a.frames === b.frames &&
  a.loop === b.loop &&
  a.delay.length === b.delay.length &&
  a.delay.every((d, i) => d === b.delay[i]);

/**
 * Encodes a GIF as animated WebP; the detailed result, or null when the bytes are not a GIF, are
 * larger than MAX_RENDITION_PIXELS, or no encoding saves KEEP_MIN_SAVING. Throws when
 * sharp cannot decode or encode the file (a damaged GIF) or the result would not play like the GIF
 * (different size, frames or delays): callers log that and keep the GIF alone.
 */
export async function encodeRendition(gif: Buffer, opts: RenditionOptions = {}): Promise<Rendition | null> {
  if (!isGif(gif) || gif.length <= KEEP_MIN_SAVING.bytes) return null;
  const maxPixels = opts.maxPixels ?? MAX_RENDITION_PIXELS;
  // The header's own count first (nothing decoded), then sharp's reading of it.
  const declared = declaredSize(gif, 'gif');
  if (!declared || declared.width * declared.height * declared.frames > maxPixels) return null;
  const input = await timingOf(gif);
  if (!input.width || !input.height || input.width * input.height * input.frames > maxPixels) return null;

  const encode = (options: sharp.WebpOptions) =>
    sharp(gif, { animated: true, limitInputPixels: Math.min(maxPixels, MAX_ANIMATION_PIXELS), failOn: 'error' })
      .timeout({ seconds: opts.timeoutSeconds ?? RENDITION_TIMEOUT_SECONDS })
      .webp({ ...options, ...(input.frames > 1 ? { delay: input.delay, loop: input.loop } : {}) })
      .toBuffer();

  // Quality 75 first. Missing the goal: quality 65, then 50, when lossy beat the GIF at all (filmed content);
  // still missing it (or lossy did not help: flat drawings), lossless. The smallest one is kept.
  const goal = gif.length * RENDITION_GOAL;
  const tried: Rendition['tried'] = { lossy: null, lossy65: null, lossy50: null, lossless: null };
  let best: { webp: Buffer; mode: Rendition['mode'] } = { webp: await encode(LOSSY_OPTIONS), mode: 'lossy' };
  tried.lossy = best.webp.length;
  if (best.webp.length > goal && best.webp.length < gif.length) {
    const second = await encode(LOSSY_SECOND_OPTIONS);
    tried.lossy65 = second.length;
    if (second.length < best.webp.length) best = { webp: second, mode: 'lossy-65' };
    if (best.webp.length > goal) {
      const third = await encode(LOSSY_THIRD_OPTIONS);
      tried.lossy50 = third.length;
      if (third.length < best.webp.length) best = { webp: third, mode: 'lossy-50' };
    }
  }
  if (best.webp.length > goal) {
    const lossless = await encode(LOSSLESS_OPTIONS);
    tried.lossless = lossless.length;
    if (lossless.length < best.webp.length) best = { webp: lossless, mode: 'lossless' };
  }
  const saved = gif.length - best.webp.length;
  if (saved < KEEP_MIN_SAVING.bytes || saved < gif.length * KEEP_MIN_SAVING.share) return null;

  const output = await timingOf(best.webp);
  if (!sameTiming(input, output)) {
    throw new Error(`la versión WebP no conserva el tamaño o el ritmo del GIF (${JSON.stringify({ input, output })})`);
  }
  return { ...best, ...input, tried };
}

/**
 * The animated WebP rendition of a GIF, or null when none is worth keeping (see encodeRendition).
 * Throws on files sharp cannot read.
 */
export async function makeCompactRendition(gif: Buffer, opts: RenditionOptions = {}): Promise<Buffer | null> {
  return (await encodeRendition(gif, opts))?.webp ?? null;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs one rendition job at a time in this process (uploads and the startup backfill share it):
 * one encoding already keeps a core busy, and the server shares its cores with the classroom's
 * requests.
 */
export function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}
