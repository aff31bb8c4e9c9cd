import sharp from 'sharp';
import { badRequest } from '../errors';
import type { FileKind } from '../storage/sniff';
import { declaredSize, type DeclaredSize } from './header';
import { MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_SERVED_PIXELS, MAX_STILL_PIXELS } from './limits';

/** Kinds a browser decodes as a picture. */
export const PICTURE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'gif', 'webp'];

/** sharp's name for each picture kind. */
const SHARP_FORMAT: Partial<Record<FileKind, string>> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

const n = (v: number) => new Intl.NumberFormat('es-ES').format(v);

export const IMAGE_UNREADABLE_MSG =
  'No se pudo leer la imagen: el archivo está dañado o su formato no se puede mostrar. Guárdala de nuevo como JPG, PNG o GIF e inténtalo otra vez.';

export const unreadableImage = () => badRequest(IMAGE_UNREADABLE_MSG, { archivo: IMAGE_UNREADABLE_MSG }, 'IMAGE_UNREADABLE');

const tooLarge = (msg: string) => badRequest(msg, { archivo: msg }, 'IMAGE_TOO_LARGE');

/**
 * JPEG and PNG are shrunk on the server (so they may be as large as a camera photo); every other
 * picture, and every animation, reaches the tablets as uploaded.
 */
function frameLimit(kind: FileKind, size: DeclaredSize): { pixels: number; example: string } {
  return (kind === 'jpeg' || kind === 'png') && size.frames === 1
    ? { pixels: MAX_STILL_PIXELS, example: `${n(12_000)} × ${n(10_000)}` }
    : { pixels: MAX_SERVED_PIXELS, example: `${n(4096)} × ${n(4096)}` };
}

/** Throws IMAGE_TOO_LARGE (400, Spanish message) when a declared size is over the limits in media/limits.ts. */
export function enforceLimits(size: DeclaredSize, kind: FileKind): void {
  const { width, height, frames } = size;
  const limit = frameLimit(kind, size);
  if (width * height > limit.pixels) {
    throw tooLarge(
      `La imagen es demasiado grande: mide ${n(width)} × ${n(height)} píxeles y se aceptan como máximo ${n(limit.pixels)} píxeles (por ejemplo, ${limit.example}).`,
    );
  }
  if (frames > MAX_FRAMES) {
    throw tooLarge(`La animación tiene demasiados cuadros: ${n(frames)}, y se aceptan como máximo ${n(MAX_FRAMES)}.`);
  }
  if (frames > 1 && width * height * frames > MAX_ANIMATION_PIXELS) {
    throw tooLarge(
      `La animación es demasiado grande: ${n(frames)} cuadros de ${n(width)} × ${n(height)} píxeles suman ${n(width * height * frames)} píxeles y se aceptan como máximo ${n(MAX_ANIMATION_PIXELS)} en total.`,
    );
  }
}

/**
 * Checks an uploaded picture before anything decodes its pixels. The size its headers declare is
 * read by hand (media/header.ts) and checked first; then sharp reads the header too (again without
 * decoding) and the larger reading of each is checked, so a file one reader misreads cannot slip
 * past. A picture the decoder cannot read is refused: magic bytes alone prove nothing (a
 * 35-byte "JPEG" of FF D8 FF then HTML was stored as a picture), and browsers would try to decode
 * it. Reading the header is the cheap test; the pixels are decoded only when a picture is shrunk.
 * Returns the size; null only for kinds that are not pictures. Throws IMAGE_TOO_LARGE or
 * IMAGE_UNREADABLE (both 400).
 */
export async function inspectImage(data: Buffer, kind: FileKind): Promise<DeclaredSize | null> {
  if (!PICTURE_KINDS.includes(kind)) return null;
  const declared = declaredSize(data, kind);
  if (declared) enforceLimits(declared, kind);
  let meta: sharp.Metadata | null = null;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    meta = null;
  }
  // The decoder must read the same kind the first bytes claim (a PNG inside a ".jpg" upload is not a JPEG).
  if (!meta?.width || !meta.height || meta.format !== SHARP_FORMAT[kind]) throw unreadableImage();
  const size: DeclaredSize = {
    width: Math.max(declared?.width ?? 0, meta.width),
    height: Math.max(declared?.height ?? 0, meta.height),
    frames: Math.max(declared?.frames ?? 1, meta.pages ?? 1),
  };
  enforceLimits(size, kind);
  return size;
}
