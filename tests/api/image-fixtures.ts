import { deflateSync } from 'node:zlib';

/**
 * Picture files built byte by byte, so a test can declare any size (20000 × 20000, 65535 × 65535,
 * thousands of frames) in a few hundred bytes, without an encoder refusing to make it.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32be = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};
const u16le = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
};

export function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

/**
 * A greyscale PNG whose header declares width × height, with `rows` blank rows of image data
 * (0: the IDAT holds an empty deflate stream — the file is a few dozen bytes, whatever it declares;
 * `height`: a complete, decodable picture). `extra` chunks go before IDAT (acTL, fcTL…).
 */
export function png(width: number, height: number, rows = 0, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 0, 0, 0, 0])]);
  const idat = deflateSync(Buffer.alloc(rows * (width + 1)), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), ...extra, pngChunk('IDAT', idat), pngChunk('IEND')]);
}

/** An animated PNG header: acTL claiming `frames`, and that many fcTL chunks covering the whole picture. */
export function apngChunks(width: number, height: number, frames: number): Buffer[] {
  const fctl = (seq: number) =>
    pngChunk('fcTL', Buffer.concat([u32be(seq), u32be(width), u32be(height), u32be(0), u32be(0), Buffer.from([0, 1, 0, 10, 0, 0])]));
  return [pngChunk('acTL', Buffer.concat([u32be(frames), u32be(0)])), ...Array.from({ length: frames }, (_, i) => fctl(i))];
}

/** A JPEG that is only a frame header declaring width × height (no scan data). */
export function jpegHeader(width: number, height: number, before: Buffer = Buffer.alloc(0)): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), before, sof, Buffer.from([0xff, 0xd9])]);
}

/** GIF LZW compression (variable code width, clear code when the table is full). */
function lzw(minCodeSize: number, pixels: Uint8Array): Buffer {
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let width = minCodeSize + 1;
  const emit = (code: number) => {
    acc |= code << bits;
    bits += width;
    while (bits >= 8) {
      out.push(acc & 0xff);
      acc >>>= 8;
      bits -= 8;
    }
  };
  let table = new Map<number, number>();
  let next = eoi + 1;
  emit(clear);
  let cur = pixels[0]!;
  for (let i = 1; i < pixels.length; i++) {
    const k = pixels[i]!;
    const key = (cur << 8) | k;
    const hit = table.get(key);
    if (hit !== undefined) {
      cur = hit;
      continue;
    }
    emit(cur);
    if (next === 4096) {
      emit(clear);
      table = new Map();
      next = eoi + 1;
      width = minCodeSize + 1;
    } else {
      if (next >= 1 << width) width++;
      table.set(key, next++);
    }
    cur = k;
  }
  emit(cur);
  emit(eoi);
  if (bits > 0) out.push(acc & 0xff);
  // Data sub-blocks of at most 255 bytes, then the block terminator.
  const blocks: Buffer[] = [];
  for (let i = 0; i < out.length; i += 255) {
    const chunk = out.slice(i, i + 255);
    blocks.push(Buffer.from([chunk.length, ...chunk]));
  }
  return Buffer.concat([Buffer.from([minCodeSize]), ...blocks, Buffer.from([0])]);
}

export interface GifOptions {
  /** Logical screen. */
  width: number;
  height: number;
  frames: number;
  /** Size of each frame's image descriptor (default: the whole screen). */
  frameWidth?: number;
  frameHeight?: number;
  /**
   * Pixels of frame `i` (indexes into a black/white palette), default a white square moving across a
   * black frame, like a hand across the picture. Only called when the frame is at most 4 million pixels;
   * larger frames get an empty LZW stream (the header is what these tests are about).
   */
  paint?: (i: number, x: number, y: number) => number;
}

/** A GIF89a with a two-colour palette, looping, one image descriptor per frame. */
export function gif({ width, height, frames, frameWidth = width, frameHeight = height, paint }: GifOptions): Buffer {
  const square = Math.max(1, Math.floor(Math.min(frameWidth, frameHeight) / 4));
  const draw =
    paint ??
    ((i: number, x: number, y: number) => {
      const left = (i * 3) % Math.max(1, frameWidth - square);
      return x >= left && x < left + square && y >= square && y < 2 * square ? 1 : 0;
    });
  const parts: Buffer[] = [
    Buffer.from('GIF89a', 'latin1'),
    u16le(width),
    u16le(height),
    Buffer.from([0x80, 0, 0]),
    Buffer.from([0, 0, 0, 255, 255, 255]),
    // NETSCAPE2.0: loop forever.
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('NETSCAPE2.0', 'latin1'),
    Buffer.from([3, 1, 0, 0, 0]),
  ];
  const big = frameWidth * frameHeight > 4_000_000;
  const pixels = new Uint8Array(big ? 1 : frameWidth * frameHeight);
  for (let i = 0; i < frames; i++) {
    if (!big) {
      for (let y = 0; y < frameHeight; y++) for (let x = 0; x < frameWidth; x++) pixels[y * frameWidth + x] = draw(i, x, y);
    }
    parts.push(
      Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x04, 0x00, 0x00, 0x00]), // graphic control: 40 ms a frame
      Buffer.from([0x2c]),
      u16le(0),
      u16le(0),
      u16le(frameWidth),
      u16le(frameHeight),
      Buffer.from([0x00]),
      lzw(2, pixels),
    );
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
