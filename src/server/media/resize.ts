import sharp from 'sharp';
import type { FileKind } from '../storage/sniff';

/** The largest side any screen shows an uploaded picture at (level cards, word pictures, quiz images) ×2 for sharp screens. */
export const MAX_IMAGE_SIDE = 1600;
const JPEG_QUALITY = 82;

/**
 * Shrinks an uploaded still picture (JPEG, PNG) whose longer side exceeds MAX_IMAGE_SIDE to that
 * size, in the same format, turned upright by its EXIF orientation and without its metadata (a
 * phone photo's EXIF can carry where and when it was taken). The original is not kept: no screen
 * uses more, and a 4000 px photo would cost every child's tablet megabytes. Pictures already small
 * enough, GIFs (the animated signs, whose frames must stay exactly as recorded) and anything the
 * decoder cannot read are stored exactly as uploaded.
 */
export async function fitImage(data: Buffer, kind: FileKind): Promise<Buffer> {
  if (kind !== 'jpeg' && kind !== 'png') return data;
  try {
    const img = sharp(data, { failOn: 'error', limitInputPixels: 100_000_000 });
    const meta = await img.metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    const w = rotated ? meta.height : meta.width;
    const h = rotated ? meta.width : meta.height;
    if (!w || !h || Math.max(w, h) <= MAX_IMAGE_SIDE) return data;
    const pipeline = img.rotate().resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const out = kind === 'jpeg'
      ? await pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer()
      : await pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    return out;
  } catch {
    return data;
  }
}
