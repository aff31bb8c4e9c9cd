import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { declaredSize } from '../../../src/server/media/header';
import { enforceLimits, inspectImage } from '../../../src/server/media/inspect';
import { MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_SERVED_PIXELS, MAX_STILL_PIXELS } from '../../../src/server/media/limits';
import { AppError } from '../../../src/server/errors';
import { apngChunks, gif, jpegHeader, png } from '../../api/image-fixtures';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } });

/** Three animation frames stacked, for sharp to write as an animated GIF/WebP. */
const frames = (width: number, height: number, n: number) => {
  const raw = Buffer.alloc(width * height * n * 3);
  for (let f = 0; f < n; f++) raw.fill(40 * f + 20, f * width * height * 3, (f + 1) * width * height * 3);
  return sharp(raw, { raw: { width, height: height * n, channels: 3, pageHeight: height } });
};

const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : e;
  }
};

describe('declaredSize reads the size from the headers, as the decoder does', () => {
  it('JPEG, PNG, GIF and WebP made by an encoder: the same size sharp reads', async () => {
    const cases = [
      ['jpeg', await solid(321, 123).jpeg().toBuffer()],
      ['jpeg', await solid(640, 480).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer()],
      ['png', await solid(300, 200).png().toBuffer()],
      ['gif', await solid(77, 55).gif().toBuffer()],
      ['webp', await solid(400, 300).webp().toBuffer()],
      ['webp', await solid(401, 301).webp({ lossless: true }).toBuffer()],
    ] as const;
    for (const [kind, data] of cases) {
      const meta = await sharp(data).metadata();
      expect(declaredSize(data, kind), `${kind} ${meta.width}×${meta.height}`).toEqual({ width: meta.width, height: meta.height, frames: 1 });
    }
  });

  it('animated GIF and WebP: every frame counts', async () => {
    const animGif = await frames(60, 40, 3).gif().toBuffer();
    const animWebp = await frames(60, 40, 3).webp().toBuffer();
    expect(declaredSize(animGif, 'gif')).toEqual({ width: 60, height: 40, frames: 3 });
    expect(declaredSize(animWebp, 'webp')).toEqual({ width: 60, height: 40, frames: 3 });
    expect(declaredSize(gif({ width: 480, height: 360, frames: 150, frameWidth: 2, frameHeight: 2 }), 'gif')).toEqual({ width: 480, height: 360, frames: 150 });
  });

  it('a GIF frame reaching past the screen grows it', () => {
    expect(declaredSize(gif({ width: 1, height: 1, frames: 1, frameWidth: 65_535, frameHeight: 300 }), 'gif')).toEqual({
      width: 65_535,
      height: 300,
      frames: 1,
    });
  });

  it('an animated PNG counts its fcTL frames', () => {
    expect(declaredSize(png(100, 80, 80, apngChunks(100, 80, 12)), 'png')).toEqual({ width: 100, height: 80, frames: 12 });
    expect(declaredSize(png(20_000, 20_000), 'png')).toEqual({ width: 20_000, height: 20_000, frames: 1 });
  });

  it('JPEG: stray bytes before a marker are skipped (as libjpeg does); an EXIF thumbnail is not the picture', async () => {
    expect(declaredSize(jpegHeader(9000, 7000, Buffer.from('basura\u0000')), 'jpeg')).toEqual({ width: 9000, height: 7000, frames: 1 });
    const thumb = await solid(40, 30).jpeg().toBuffer();
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (thumb.length + 2) >> 8, (thumb.length + 2) & 0xff]), thumb]);
    expect(declaredSize(jpegHeader(5000, 4000, app1), 'jpeg')).toEqual({ width: 5000, height: 4000, frames: 1 });
  });

  it('bytes that declare no size: null', () => {
    expect(declaredSize(Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'), 'jpeg')).toBeNull();
    expect(declaredSize(Buffer.from('89504e470d0a1a0a', 'hex'), 'png')).toBeNull();
    expect(declaredSize(Buffer.from('GIF89a'), 'gif')).toBeNull();
    expect(declaredSize(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP'), 'webp')).toBeNull();
  });

  it('never throws on truncated or damaged headers', async () => {
    const samples = [
      ['jpeg', await solid(64, 48).jpeg().toBuffer()],
      ['png', png(100, 80, 80, apngChunks(100, 80, 3))],
      ['gif', await frames(30, 20, 3).gif().toBuffer()],
      ['webp', await frames(30, 20, 3).webp().toBuffer()],
    ] as const;
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (const [kind, data] of samples) {
      for (let cut = 0; cut <= Math.min(data.length, 400); cut++) expect(() => declaredSize(data.subarray(0, cut), kind)).not.toThrow();
      for (let round = 0; round < 300; round++) {
        const bad = Buffer.from(data);
        for (let k = 0; k < 4; k++) bad[rand(Math.min(bad.length, 200))] = rand(256);
        expect(() => declaredSize(bad, kind)).not.toThrow();
      }
    }
  });
});

describe('limits', () => {
  it('still JPEG/PNG (shrunk on the server) may be camera-sized; pictures served as uploaded only tablet-sized', () => {
    expect(codeOf(() => enforceLimits({ width: 10_000, height: 10_000, frames: 1 }, 'png'))).toBeNull();
    expect(codeOf(() => enforceLimits({ width: 12_000, height: 10_000, frames: 1 }, 'jpeg'))).toBeNull();
    expect(codeOf(() => enforceLimits({ width: 12_000, height: 10_001, frames: 1 }, 'jpeg'))).toBe('IMAGE_TOO_LARGE');
    expect(codeOf(() => enforceLimits({ width: 4096, height: 4096, frames: 1 }, 'gif'))).toBeNull();
    expect(codeOf(() => enforceLimits({ width: 4097, height: 4096, frames: 1 }, 'gif'))).toBe('IMAGE_TOO_LARGE');
    expect(codeOf(() => enforceLimits({ width: 5000, height: 5000, frames: 1 }, 'webp'))).toBe('IMAGE_TOO_LARGE');
    // An animated PNG reaches the tablet as uploaded: the tablet-sized limit.
    expect(codeOf(() => enforceLimits({ width: 5000, height: 5000, frames: 2 }, 'png'))).toBe('IMAGE_TOO_LARGE');
    expect(MAX_STILL_PIXELS).toBeGreaterThan(MAX_SERVED_PIXELS);
  });

  it('animations: frame count and frames × size', () => {
    expect(codeOf(() => enforceLimits({ width: 480, height: 360, frames: 150 }, 'gif'))).toBeNull();
    expect(codeOf(() => enforceLimits({ width: 1, height: 1, frames: MAX_FRAMES }, 'gif'))).toBeNull();
    expect(codeOf(() => enforceLimits({ width: 1, height: 1, frames: MAX_FRAMES + 1 }, 'gif'))).toBe('IMAGE_TOO_LARGE');
    expect(codeOf(() => enforceLimits({ width: 1280, height: 720, frames: 430 }, 'gif'))).toBeNull();
    expect(codeOf(() => enforceLimits({ width: 2000, height: 2000, frames: MAX_ANIMATION_PIXELS / 4_000_000 + 1 }, 'gif'))).toBe('IMAGE_TOO_LARGE');
  });

  it('inspectImage: a picture must decode — a size the decoder cannot read, or no size at all, is refused; other kinds pass', async () => {
    await expect(inspectImage(jpegHeader(800, 600), 'jpeg')).rejects.toMatchObject({ statusCode: 400, code: 'IMAGE_UNREADABLE' });
    await expect(inspectImage(png(0, 0), 'png')).rejects.toMatchObject({ statusCode: 400, code: 'IMAGE_UNREADABLE' });
    await expect(inspectImage(Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'), 'jpeg')).rejects.toMatchObject({
      statusCode: 400,
      code: 'IMAGE_UNREADABLE',
    });
    await expect(inspectImage(Buffer.from('ID3 not a picture'), 'mp3')).resolves.toBeNull();
    await expect(inspectImage(await solid(30, 20).png().toBuffer(), 'png')).resolves.toEqual({ width: 30, height: 20, frames: 1 });
  });
});
