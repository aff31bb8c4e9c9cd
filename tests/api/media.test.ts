import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { fitImage, MAX_IMAGE_SIDE } from '../../src/server/media/resize';
import { FILES, makeTestApp, multipartBody, type TestApp } from './helpers';

const photo = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withMetadata({ orientation: 1 })[format]()
    .toBuffer();

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

  it('small pictures, GIF signs and undecodable bytes are stored exactly as uploaded', async () => {
    const small = await photo(800, 600, 'png');
    expect((await fitImage(small, 'png')).equals(small)).toBe(true);
    expect((await fitImage(FILES.gif, 'gif')).equals(FILES.gif)).toBe(true);
    expect((await fitImage(FILES.jpeg, 'jpeg')).equals(FILES.jpeg)).toBe(true);
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
    const { payload, headers } = multipartBody({ tipo: 'imagen', descripcion: 'foto grande', id_palabra: word }, { file: { name: 'foto.jpg', data: big, type: 'image/jpeg' } });
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
});
