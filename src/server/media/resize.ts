import sharp from 'sharp';
import type { FileKind } from '../storage/sniff';
import { inspectImage, unreadableImage } from './inspect';
import { MAX_IMAGE_SIDE, MAX_STILL_PIXELS } from './limits';

export { MAX_IMAGE_SIDE } from './limits';
const JPEG_QUALITY = 82;

/**
 * Readies an uploaded picture for the children's tablets. First its declared size is checked
 * without decoding it (media/inspect.ts): too large for the limits in media/limits.ts, or a size
 * the decoder cannot read, is refused with a 400 and a Spanish message.
 *
 * Then a still picture (JPEG, PNG) whose longer side exceeds MAX_IMAGE_SIDE is shrunk to that
 * size, in the same format, turned upright by its EXIF orientation and without its metadata (a
 * phone photo's EXIF can carry where and when it was taken). The original is not kept: no screen
 * uses more, and a 4000 px photo would cost every child's tablet megabytes. If that shrinking
 * fails the picture is refused (IMAGE_UNREADABLE), never stored at its full size. Pictures already
 * small enough and GIFs (the animated signs, whose frames must stay exactly as recorded) are stored
 * exactly as uploaded; bytes that no decoder reads as a picture are refused (IMAGE_UNREADABLE).
 */
export async function fitImage(data: Buffer, kind: FileKind): Promise<Buffer> {
  const size = await inspectImage(data, kind);
  if ((kind !== 'jpeg' && kind !== 'png') || !size || Math.max(size.width, size.height) <= MAX_IMAGE_SIDE) return data;
  try {
    const pipeline = sharp(data, { failOn: 'error', limitInputPixels: MAX_STILL_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    return kind === 'jpeg'
      ? await pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer()
      : await pipeline.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  } catch {
    throw unreadableImage();
  }
}
