import type { FileKind } from '../storage/sniff';

/** A four-letter chunk name as the big-endian number it is stored as (compared without making strings). */
const tag = (name: string) => Buffer.from(name, 'latin1').readUInt32BE(0);
const IHDR = tag('IHDR'),
  IEND = tag('IEND'),
  ACTL = tag('acTL'),
  FCTL = tag('fcTL');
const VP8X = tag('VP8X'),
  VP8 = tag('VP8 '),
  VP8L = tag('VP8L'),
  ANMF = tag('ANMF');

/** What a picture's header says it will decode to: the canvas every frame is drawn on, and how many frames. */
export interface DeclaredSize {
  width: number;
  height: number;
  frames: number;
}

/**
 * Reads the size a JPEG, PNG, GIF or WebP declares, from its headers only: nothing is decompressed,
 * so a file claiming billions of pixels costs no more than a walk over its blocks. Where decoders
 * disagree this takes the larger reading (a GIF frame larger than its screen grows the canvas, as
 * browsers do). Null when the bytes declare no size at all (nothing a decoder could draw).
 */
export function declaredSize(data: Buffer, kind: FileKind): DeclaredSize | null {
  switch (kind) {
    case 'jpeg':
      return jpegSize(data);
    case 'png':
      return pngSize(data);
    case 'gif':
      return gifSize(data);
    case 'webp':
      return webpSize(data);
    default:
      return null;
  }
}

/** JPEG: the first frame header (SOFn), found the way libjpeg does: stray bytes before a marker are skipped. */
function jpegSize(b: Buffer): DeclaredSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  for (;;) {
    let marker = -1;
    while (i < b.length && marker < 0) {
      if (b[i++] !== 0xff) continue;
      while (i < b.length && b[i] === 0xff) i++;
      if (i >= b.length) return null;
      const m = b[i++]!;
      if (m !== 0) marker = m; // FF 00 is a stuffed byte, not a marker
    }
    if (marker < 0) return null;
    // End of image, or scan data before any frame header: decoders give up here.
    if (marker === 0xd9 || marker === 0xda) return null;
    // SOI, RSTn and TEM carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (i + 2 > b.length) return null;
    const len = b.readUInt16BE(i);
    if (len < 2) return null;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC) which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 7 > b.length) return null;
      return { width: b.readUInt16BE(i + 5), height: b.readUInt16BE(i + 3), frames: 1 };
    }
    i += len;
  }
}

/** PNG: IHDR (always the first chunk); an animated PNG (acTL) has one fcTL chunk per frame. */
function pngSize(b: Buffer): DeclaredSize | null {
  if (b.length < 24 || b.readUInt32BE(12) !== IHDR) return null;
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  let animated = false;
  let frames = 0;
  for (let i = 8; i + 8 <= b.length;) {
    const len = b.readUInt32BE(i);
    const type = b.readUInt32BE(i + 4);
    if (type === IEND) break;
    if (type === ACTL) animated = true;
    else if (type === FCTL) frames++;
    i += 12 + len;
  }
  return { width, height, frames: animated ? Math.max(1, frames) : 1 };
}

/**
 * GIF: the logical screen, grown to any frame (image descriptor) that reaches past it, and the
 * number of frames. Blocks are walked until the trailer, an unknown byte or the end of the data,
 * where browsers stop too.
 */
function gifSize(b: Buffer): DeclaredSize | null {
  if (b.length < 13) return null;
  let width = b.readUInt16LE(6);
  let height = b.readUInt16LE(8);
  let frames = 0;
  let i = 13;
  if (b[10]! & 0x80) i += 3 * (1 << ((b[10]! & 7) + 1));
  const skipSubBlocks = (): boolean => {
    while (i < b.length) {
      const n = b[i++]!;
      if (n === 0) return true;
      i += n;
    }
    return false;
  };
  while (i < b.length) {
    const block = b[i++];
    if (block === 0x21) {
      i++; // extension label
      if (!skipSubBlocks()) break;
    } else if (block === 0x2c) {
      if (i + 9 > b.length) break;
      frames++;
      width = Math.max(width, b.readUInt16LE(i) + b.readUInt16LE(i + 4));
      height = Math.max(height, b.readUInt16LE(i + 2) + b.readUInt16LE(i + 6));
      const packed = b[i + 8]!;
      i += 9;
      if (packed & 0x80) i += 3 * (1 << ((packed & 7) + 1));
      i++; // LZW minimum code size
      if (!skipSubBlocks()) break;
    } else {
      break; // trailer (0x3B) or anything else
    }
  }
  return { width, height, frames: Math.max(1, frames) };
}

/** WebP: the VP8X canvas, the VP8/VP8L bitstream size, and one ANMF chunk per animation frame. */
function webpSize(b: Buffer): DeclaredSize | null {
  let width = 0;
  let height = 0;
  let frames = 0;
  let found = false;
  const grow = (w: number, h: number) => {
    width = Math.max(width, w);
    height = Math.max(height, h);
    found = true;
  };
  for (let i = 12; i + 8 <= b.length;) {
    const type = b.readUInt32BE(i);
    const len = b.readUInt32LE(i + 4);
    const p = i + 8;
    if (type === VP8X && p + 10 <= b.length) {
      grow(1 + b.readUIntLE(p + 4, 3), 1 + b.readUIntLE(p + 7, 3));
    } else if (type === VP8 && p + 10 <= b.length) {
      grow(b.readUInt16LE(p + 6) & 0x3fff, b.readUInt16LE(p + 8) & 0x3fff);
    } else if (type === VP8L && p + 5 <= b.length && b[p] === 0x2f) {
      const bits = b.readUInt32LE(p + 1);
      grow((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    } else if (type === ANMF && p + 12 <= b.length) {
      frames++;
      grow(2 * b.readUIntLE(p, 3) + 1 + b.readUIntLE(p + 6, 3), 2 * b.readUIntLE(p + 3, 3) + 1 + b.readUIntLE(p + 9, 3));
    }
    i = p + len + (len & 1);
  }
  return found ? { width, height, frames: Math.max(1, frames) } : null;
}
