/**
 * Decodes an animated sign (GIF, or its animated-WebP rendition) into frames a canvas can draw,
 * each with its delay, so a GIF gets the same controls as a video (speed, pause, single frames,
 * mirror). The browser's own decoder (WebCodecs ImageDecoder) is used where it exists; elsewhere
 * GIFs go through gifuct-js (a kept GIF decoder) and the frames are composed here.
 */
import { decompressFrames, parseGIF, type ParsedFrame } from 'gifuct-js';
import { normaliseDelay } from './clock';

export interface DecodedSign {
  width: number;
  height: number;
  frames: { image: CanvasImageSource; delay: number }[];
}

type DecoderCtor = typeof ImageDecoder;
const decoderCtor = (): DecoderCtor | null => (typeof window !== 'undefined' && 'ImageDecoder' in window ? (window.ImageDecoder as DecoderCtor) : null);

/** True when this browser decodes animated WebP frame by frame (then the compact rendition is used). */
async function canDecodeWebp(): Promise<boolean> {
  const D = decoderCtor();
  if (!D) return false;
  try {
    return await D.isTypeSupported('image/webp');
  } catch {
    return false;
  }
}

async function withImageDecoder(data: ArrayBuffer, type: string): Promise<DecodedSign | null> {
  const D = decoderCtor();
  if (!D || !(await D.isTypeSupported(type).catch(() => false))) return null;
  const decoder = new D({ data, type });
  try {
    await decoder.tracks.ready;
    const track = decoder.tracks.selectedTrack;
    await decoder.completed;
    const count = Math.max(1, track?.frameCount ?? 1);
    const frames: DecodedSign['frames'] = [];
    let width = 0;
    let height = 0;
    for (let i = 0; i < count; i++) {
      const { image } = await decoder.decode({ frameIndex: i });
      width = image.displayWidth;
      height = image.displayHeight;
      const bitmap = await createImageBitmap(image);
      // duration is in microseconds; a still has none.
      frames.push({ image: bitmap, delay: normaliseDelay((image.duration ?? 0) / 1000) });
      image.close();
    }
    return { width, height, frames };
  } finally {
    decoder.close();
  }
}

/**
 * Composes gifuct-js's frame patches into whole pictures, following each frame's disposal method
 * (GIF89a §23: 2 = restore to background, 3 = restore to previous). Pure: tested in tests/unit.
 */
export function composeGifFrames(
  width: number,
  height: number,
  parts: readonly Pick<ParsedFrame, 'dims' | 'patch' | 'disposalType' | 'delay'>[],
): { pixels: Uint8ClampedArray; delay: number }[] {
  const canvas = new Uint8ClampedArray(width * height * 4);
  const out: { pixels: Uint8ClampedArray; delay: number }[] = [];
  for (const f of parts) {
    const { left, top, width: fw, height: fh } = f.dims;
    const saved = f.disposalType === 3 ? canvas.slice() : null;
    for (let y = 0; y < fh; y++) {
      const cy = top + y;
      if (cy < 0 || cy >= height) continue;
      for (let x = 0; x < fw; x++) {
        const cx = left + x;
        if (cx < 0 || cx >= width) continue;
        const s = (y * fw + x) * 4;
        if (f.patch[s + 3] === 0) continue; // transparent: the picture below shows
        const d = (cy * width + cx) * 4;
        canvas[d] = f.patch[s]!;
        canvas[d + 1] = f.patch[s + 1]!;
        canvas[d + 2] = f.patch[s + 2]!;
        canvas[d + 3] = 255;
      }
    }
    out.push({ pixels: canvas.slice(), delay: normaliseDelay(f.delay) });
    if (f.disposalType === 2) {
      for (let y = Math.max(0, top); y < Math.min(height, top + fh); y++) {
        canvas.fill(0, (y * width + Math.max(0, left)) * 4, (y * width + Math.min(width, left + fw)) * 4);
      }
    } else if (saved) {
      canvas.set(saved);
    }
  }
  return out;
}

async function withGifuct(data: ArrayBuffer): Promise<DecodedSign> {
  const gif = parseGIF(data);
  const { width, height } = gif.lsd;
  const parts = decompressFrames(gif, true);
  if (!width || !height || parts.length === 0) throw new Error('GIF sin cuadros');
  const frames: DecodedSign['frames'] = [];
  for (const f of composeGifFrames(width, height, parts)) {
    frames.push({ image: await createImageBitmap(new ImageData(f.pixels as Uint8ClampedArray<ArrayBuffer>, width, height)), delay: f.delay });
  }
  return { width, height, frames };
}

const typeOf = (url: string) => (/\.webp(\?|$)/i.test(url) ? 'image/webp' : 'image/gif');

async function decodeUrl(url: string): Promise<DecodedSign> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const data = await res.arrayBuffer();
  const type = typeOf(url);
  const native = await withImageDecoder(data, type).catch((err) => {
    console.warn('ImageDecoder no pudo leer la seña; se usa el decodificador de GIF', err);
    return null;
  });
  if (native && native.frames.length) return native;
  if (type !== 'image/gif') throw new Error('Formato no decodificable aquí');
  return withGifuct(data);
}

// The last few decoded signs, so going back to a word (or a game round) does not decode again.
const CACHE_SIZE = 12;
const cache = new Map<string, Promise<DecodedSign>>();

/** Decodes (once) the sign at `url`. Rejects when it cannot be fetched or read. */
function decodeSign(url: string): Promise<DecodedSign> {
  const hit = cache.get(url);
  if (hit) {
    cache.delete(url);
    cache.set(url, hit);
    return hit;
  }
  const p = decodeUrl(url);
  cache.set(url, p);
  p.catch(() => cache.delete(url));
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return p;
}

/**
 * Decodes the compact rendition where this browser can, else the GIF; if the rendition fails, the
 * GIF is the fallback. Returns which one played.
 */
export async function decodePreferred(gifUrl: string, compactUrl: string | null | undefined): Promise<{ sign: DecodedSign; kind: 'gif' | 'webp' }> {
  if (compactUrl && (await canDecodeWebp())) {
    try {
      return { sign: await decodeSign(compactUrl), kind: 'webp' };
    } catch (err) {
      console.warn('No se pudo leer la versión compacta de la seña; se usa el GIF', err);
    }
  }
  return { sign: await decodeSign(gifUrl), kind: 'gif' };
}
