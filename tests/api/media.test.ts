import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { fitImage, MAX_IMAGE_SIDE } from '../../src/server/media/resize';
import { AppError } from '../../src/server/errors';
import { MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_SERVED_PIXELS, MAX_STILL_PIXELS } from '../../src/server/media/limits';
import { FILES, makeTestApp, multipartBody, type TestApp } from './helpers';
import { expectRefused, sendForm } from './content-helpers';
import { gif, png } from './image-fixtures';

const photo = (width: number, height: number, format: 'png' | 'jpeg') => {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).withMetadata({ orientation: 1 });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
};

describe('uploaded pictures are resized to what the screens need', () => {
  it(`a ${MAX_IMAGE_SIDE * 2}px JPEG becomes ${MAX_IMAGE_SIDE}px on its longer side, without metadata`, async () => {
    const big = await photo(MAX_IMAGE_SIDE * 2, 1200, 'jpeg');
    const out = await fitImage(big, 'jpeg');
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(MAX_IMAGE_SIDE);
    expect(meta.height).toBe(600);
    expect(meta.exif).toBeUndefined();
  });

  it('a tall PNG keeps its format and proportions', async () => {
    const out = await fitImage(await photo(1000, 4000, 'png'), 'png');
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, MAX_IMAGE_SIDE]);
  });

  it('small pictures and GIF signs are stored exactly as uploaded', async () => {
    const small = await photo(800, 600, 'png');
    expect((await fitImage(small, 'png')).equals(small)).toBe(true);
    expect((await fitImage(FILES.gif, 'gif')).equals(FILES.gif)).toBe(true);
    expect((await fitImage(FILES.jpeg, 'jpeg')).equals(FILES.jpeg)).toBe(true);
  });

  it('an image must decode: magic bytes followed by anything else are refused (IMAGE_UNREADABLE)', async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'stored',
        (e: { statusCode?: number; code?: string }) => [e.statusCode, e.code],
      );
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]);
    expect(fakeJpeg.length).toBe(35);
    expect(await refusal(fitImage(fakeJpeg, 'jpeg'))).toEqual([400, 'IMAGE_UNREADABLE']);
    // The JPEG markers and nothing drawable (the old test fixture), a PNG signature alone, a GIF header alone.
    expect(await refusal(fitImage(Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'), 'jpeg'))).toEqual([400, 'IMAGE_UNREADABLE']);
    expect(await refusal(fitImage(Buffer.from('89504e470d0a1a0a3c68746d6c3e', 'hex'), 'png'))).toEqual([400, 'IMAGE_UNREADABLE']);
    const gifHeaderThenSvg = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0]), Buffer.from('<svg onload=alert(1)>')]);
    expect(await refusal(fitImage(gifHeaderThenSvg, 'gif'))).toEqual([400, 'IMAGE_UNREADABLE']);
    // A real PNG sent where a JPEG was sniffed is not a JPEG.
    expect(await refusal(fitImage(FILES.png, 'jpeg'))).toEqual([400, 'IMAGE_UNREADABLE']);
  });

  it('a 10000 × 10000 PNG or JPEG (100 million pixels) is still accepted and shrunk', async () => {
    const scan = png(10_000, 10_000, 10_000);
    const jpeg = await sharp(scan).jpeg().toBuffer();
    for (const [data, kind] of [
      [scan, 'png'],
      [jpeg, 'jpeg'],
    ] as const) {
      const meta = await sharp(await fitImage(data, kind)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([kind, MAX_IMAGE_SIDE, MAX_IMAGE_SIDE]);
    }
  });

  it('the limits fit every legitimate upload', () => {
    expect(10_000 * 10_000).toBeLessThanOrEqual(MAX_STILL_PIXELS);
    expect(12_000 * 9_000).toBeLessThanOrEqual(MAX_STILL_PIXELS); // 108 MP phone photo
    expect(1920 * 1080).toBeLessThanOrEqual(MAX_SERVED_PIXELS);
    expect(150).toBeLessThanOrEqual(MAX_FRAMES);
    expect(480 * 360 * 150).toBeLessThanOrEqual(MAX_ANIMATION_PIXELS / 10);
  });

  it('over the limits or unreadable at a size that needs shrinking: refused, never returned unchanged', async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof AppError ? [e.statusCode, e.code] : e),
      );
    expect(await refusal(fitImage(png(20_000, 20_000), 'png'))).toEqual([400, 'IMAGE_TOO_LARGE']);
    expect(await refusal(fitImage(png(11_000, 11_000), 'png'))).toEqual([400, 'IMAGE_TOO_LARGE']);
    expect(await refusal(fitImage(gif({ width: 65_535, height: 65_535, frames: 1 }), 'gif'))).toEqual([400, 'IMAGE_TOO_LARGE']);
    expect(await refusal(fitImage(gif({ width: 5000, height: 5000, frames: 1 }), 'gif'))).toEqual([400, 'IMAGE_TOO_LARGE']);
    expect(await refusal(fitImage(png(2000, 2000, 3), 'png'))).toEqual([400, 'IMAGE_UNREADABLE']);
  });
});

describe('uploads through the API: resized, long-lived cache, ranges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t.close());

  it('an admin uploads a 3200px photo: the stored file is 1600px, content-addressed, immutable for a year, and answers ranges', async () => {
    const word = Number((await t.database.raw('SELECT min(id_palabra) AS id FROM palabra')).rows[0]!.id);
    const big = await photo(3200, 2400, 'jpeg');
    const { payload, headers } = multipartBody(
      { tipo: 'imagen', descripcion: 'foto grande', id_palabra: word },
      { file: { name: 'foto.jpg', data: big, type: 'image/jpeg' } },
    );
    const r = await t.call('POST', '/api/multimedia/register', { as: 'admin', body: payload, headers });
    expect(r.statusCode, r.body).toBe(201);
    const url = r.json().data.url as string;
    expect(url).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.jpg$/);
    const got = await t.app.inject({ method: 'GET', url: `/${url}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(got.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect(got.rawPayload.length).toBeLessThan(big.length);
    // Video and audio players seek with ranges: the static files answer 206.
    const part = await t.app.inject({ method: 'GET', url: `/${url}`, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${got.rawPayload.length}`);
    expect(part.rawPayload.length).toBe(100);
  });

  it('a complete, valid 20000 × 20000 PNG (389 KB on disk, 400 million pixels) → 400, no row, no file', async () => {
    const bomb = png(20_000, 20_000, 20_000);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const level = { nombre_nivel: 'Bomba', descripcion: 'Nivel de prueba', dificultad: 'Fácil' };
    const body = await expectRefused(
      t,
      () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level, { imagen: { name: 'bomba.png', data: bomb, type: 'image/png' } }),
      400,
      undefined,
      ['niveles'],
    );
    expect(body).toEqual({
      code: 'IMAGE_TOO_LARGE',
      msg: 'La imagen es demasiado grande: mide 20.000 × 20.000 píxeles y se aceptan como máximo 120.000.000 píxeles (por ejemplo, 12.000 × 10.000).',
      fields: { imagen: body.msg },
    });
  });

  it('a recorded sign GIF (480 × 360, 150 frames) is accepted and served byte for byte', async () => {
    const word = Number((await t.database.raw('SELECT min(id_palabra) AS id FROM palabra')).rows[0]!.id);
    const sign = gif({ width: 480, height: 360, frames: 150 });
    const meta = await sharp(sign).metadata();
    expect([meta.width, meta.height, meta.pages]).toEqual([480, 360, 150]);
    const { payload, headers } = multipartBody(
      { tipo: 'gif', descripcion: 'gifSena', id_palabra: word },
      { file: { name: 'sena.gif', data: sign, type: 'image/gif' } },
    );
    const r = await t.call('POST', '/api/multimedia/register', { as: 'admin', body: payload, headers });
    expect(r.statusCode, r.body).toBe(201);
    const got = await t.app.inject({ method: 'GET', url: `/${r.json().data.url as string}` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(sign)).toBe(true);
  });
});
