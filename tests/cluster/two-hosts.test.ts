// Two app hosts (own DATA_DIR, own memory) sharing PostgreSQL and one bucket, started by
// scripts/with-cluster.sh: what one host does, the other must see. Plain HTTP, as a tablet sends it.
import { createHash } from 'node:crypto';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../src/server/storage/s3';
import { UNKNOWN_DEVICE_RULE } from '../../src/server/auth/throttle';

const A = process.env.CLUSTER_A!;
const B = process.env.CLUSTER_B!;
const PASSWORD = 'Manitas2024';
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const bucket: S3Client = createS3Client({
  bucket: process.env.S3_BUCKET!,
  endpoint: process.env.S3_ENDPOINT!,
  region: process.env.S3_REGION ?? 'us-east-1',
  accessKeyId: process.env.S3_ACCESS_KEY_ID!,
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY!,
  forcePathStyle: true,
});
afterAll(() => bucket.destroy());

async function objectStatus(key: string): Promise<number> {
  try {
    await bucket.send(new HeadObjectCommand({ Bucket: process.env.S3_BUCKET!, Key: key }));
    return 200;
  } catch (err) {
    return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
  }
}

async function login(host: string, email: string, password = PASSWORD) {
  return fetch(`${host}/api/user/logIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
}
async function tokenOf(host: string, email: string): Promise<string> {
  const r = await login(host, email);
  expect(r.status).toBe(200);
  return ((await r.json()) as { token: string }).token;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Bytes of noise: they do not compress, so the picture made of them is several kilobytes and ranges cut real bytes. */
function noisyFile(bytes: number): Buffer {
  const b = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) b[i] = (Math.imul(i + 7, 2654435761) >>> 24) & 255;
  return b;
}

async function createLevel(host: string, token: string, image: Buffer, name: string) {
  const form = new FormData();
  form.set('nombre_nivel', name);
  form.set('descripcion', 'Nivel hecho en un host y leído en el otro.');
  form.set('dificultad', 'Fácil');
  form.set('imagen', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'nivel.png');
  const r = await fetch(`${host}/api/nivel/register`, { method: 'POST', headers: bearer(token), body: form });
  expect(r.status, await r.clone().text()).toBe(201);
  return ((await r.json()) as { data: { id_nivel: number; imagen: string } }).data;
}

// A 64 × 64 PNG of noise: stored as uploaded (under the resize limit), about 12 kB.
const noisyPng = async () =>
  sharp(noisyFile(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe('two hosts, one database, one bucket', () => {
  it('an upload through A is served by B byte for byte, ranges included', async () => {
    const admin = await tokenOf(A, 'admin@manitas.test');
    const png = await noisyPng();
    const level = await createLevel(A, admin, png, `Nivel del host A ${Date.now()}`);
    const url = `${B}/uploads/niveles/${level.imagen}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha(new Uint8Array(await whole.arrayBuffer()))).toBe(sha(png));
    const part = await fetch(url, { headers: { range: 'bytes=100-1123' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(100, 1124))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-200' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(png.subarray(png.length - 200))).toBe(true);
  });

  it("a level deleted through B takes its picture out of the bucket (A's upload); A then answers 404", async () => {
    const admin = await tokenOf(A, 'admin@manitas.test');
    const level = await createLevel(A, admin, await noisyPng(), `Nivel para borrar ${Date.now()}`);
    const key = `uploads/niveles/${level.imagen}`;
    expect(await objectStatus(key)).toBe(200);
    const adminB = await tokenOf(B, 'admin@manitas.test');
    const del = await fetch(`${B}/api/nivel/delete/${level.id_nivel}`, { method: 'DELETE', headers: bearer(adminB) });
    expect(del.status).toBe(200);
    expect(await objectStatus(key)).toBe(404);
    expect((await fetch(`${A}/${key}`)).status).toBe(404);
  });

  it('a profesor is refused the level delete on either host, and the picture stays', async () => {
    const admin = await tokenOf(A, 'admin@manitas.test');
    const level = await createLevel(A, admin, await noisyPng(), `Nivel que queda ${Date.now()}`);
    const profesor = await tokenOf(B, 'profesor@manitas.test');
    for (const host of [A, B])
      expect((await fetch(`${host}/api/nivel/delete/${level.id_nivel}`, { method: 'DELETE', headers: bearer(profesor) })).status).toBe(403);
    expect(await objectStatus(`uploads/niveles/${level.imagen}`)).toBe(200);
  });

  it('logout on A: the token no longer works on B', async () => {
    const token = await tokenOf(A, 'nino@manitas.test');
    // B has read (and cached) the session before the logout.
    expect((await fetch(`${B}/api/clase/mias`, { headers: bearer(token) })).status).toBe(200);
    expect((await fetch(`${A}/api/user/logout`, { method: 'POST', headers: bearer(token) })).status).toBe(200);
    expect((await fetch(`${B}/api/clase/mias`, { headers: bearer(token) })).status).toBe(401);
    expect((await fetch(`${A}/api/clase/mias`, { headers: bearer(token) })).status).toBe(401);
  });

  it(`failed logins through A and B count together: after ${UNKNOWN_DEVICE_RULE.free} wrong passwords spread over both, the next is refused on either`, async () => {
    const email = 'nina@manitas.test';
    const free = UNKNOWN_DEVICE_RULE.free;
    const codes: number[] = [];
    for (let i = 0; i < free; i++) codes.push((await login(i % 2 ? B : A, email, `mal-${i}`)).status);
    expect(codes).toEqual(Array(free).fill(401));
    // Neither host alone has seen `free` failures; together they have.
    for (const host of [A, B]) {
      const r = await login(host, email, 'otra-mal');
      expect(r.status, host).toBe(429);
      expect(((await r.json()) as { code: string }).code).toBe('RATE_LIMITED');
    }
  });
});

describe('media served from the bucket', () => {
  it('every stored media file of the demo answers a range request with 206 on B (the share is printed)', async () => {
    const admin = await tokenOf(A, 'admin@manitas.test');
    const body = (await (await fetch(`${A}/api/multimedia/getMultimedias?perPage=500`, { headers: bearer(admin) })).json()) as
      { url: string }[] | { data: { url: string }[] };
    const media = Array.isArray(body) ? body : body.data;
    const levels = (await (await fetch(`${A}/api/nivel/getNivels`, { headers: bearer(admin) })).json()) as { data: { imagen: string | null }[] };
    const urls = [...media.map((m) => m.url), ...levels.data.filter((l) => l.imagen).map((l) => `uploads/niveles/${l.imagen}`)];
    expect(urls.length).toBeGreaterThan(20);
    let partial = 0;
    // Bounded: one request per file of the demo set, eight at a time.
    for (let i = 0; i < urls.length; i += 8) {
      const codes = await Promise.all(urls.slice(i, i + 8).map(async (u) => (await fetch(`${B}/${u}`, { headers: { range: 'bytes=0-1023' } })).status));
      partial += codes.filter((c) => c === 206).length;
    }
    console.log(`range share: ${partial}/${urls.length} media requests answered 206 from the bucket`);
    expect(partial).toBe(urls.length);
  });
});

describe("a GIF's compact copy across two hosts", () => {
  it('a GIF uploaded through A gets its compact copy once (exactly one new WebP in the bucket, no job left failed or waiting on either host), and B serves it', async () => {
    const { makeSampleGif } = await import('../../scripts/bench/gif-samples');
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const admin = await tokenOf(A, 'admin@manitas.test');
    const listWebps = async () => {
      const keys: string[] = [];
      let token: string | undefined;
      // Bounded: the demo set and these tests hold a few hundred objects at most.
      for (let page = 0; page < 50; page++) {
        const r = await bucket.send(new ListObjectsV2Command({ Bucket: process.env.S3_BUCKET!, Prefix: 'uploads/multimedia/', ContinuationToken: token }));
        keys.push(...(r.Contents ?? []).map((o) => o.Key!).filter((k) => k.endsWith('.webp')));
        token = r.NextContinuationToken;
        if (!token) break;
      }
      return new Set(keys);
    };
    const words = (await (await fetch(`${A}/api/palabra/nivel/1`, { headers: bearer(admin) })).json()) as { id_palabra: number }[];
    const gif = (await makeSampleGif({ kind: 'camera', width: 320, height: 240, fps: 10, seconds: 2, seed: Date.now() % 100_000 })).gif;
    // Wait for the startup backfill of the demo GIFs to settle so the bucket's WebPs before are known.
    const pending = async () =>
      ((await (await fetch(`${A}/api/trabajos?estado=pendiente`, { headers: bearer(admin) })).json()) as { data: unknown[] }).data.length;
    const running = async () =>
      ((await (await fetch(`${A}/api/trabajos?estado=en_curso`, { headers: bearer(admin) })).json()) as { data: unknown[] }).data.length;
    for (let i = 0; i < 240 && (await pending()) + (await running()) > 0; i++) await new Promise((r) => setTimeout(r, 500));
    const before = await listWebps();

    const form = new FormData();
    form.set('tipo', 'gif');
    form.set('descripcion', 'gifSena');
    form.set('id_palabra', String(words[0]!.id_palabra));
    form.set('file', new Blob([new Uint8Array(gif)], { type: 'image/gif' }), 'sena.gif');
    const up = await fetch(`${A}/api/multimedia/register`, { method: 'POST', headers: bearer(admin), body: form });
    expect(up.status, await up.clone().text()).toBe(201);
    const media = ((await up.json()) as { data: { id: number; url: string } }).data;

    // Both hosts' workers poll the one queue; the copy appears on the row (read through B).
    let compacta: string | null = null;
    for (let i = 0; i < 120 && !compacta; i++) {
      const r = (await (await fetch(`${B}/api/multimedia/get/${media.id}`, { headers: bearer(admin) })).json()) as {
        data: { compacta?: { url?: string } | null };
      };
      compacta = r.data.compacta?.url ?? null;
      if (!compacta) await new Promise((res) => setTimeout(res, 500));
    }
    expect(compacta).toMatch(/\.webp$/);
    const added = [...(await listWebps())].filter((k) => !before.has(k));
    expect(added).toEqual([compacta!.replace(/^\//, '')]);
    // No job for it failed or waits on either host.
    for (const host of [A, B])
      for (const estado of ['fallido', 'pendiente', 'en_curso']) {
        const list = (
          (await (await fetch(`${host}/api/trabajos?estado=${estado}`, { headers: bearer(admin) })).json()) as { data: { datos: { id?: number } }[] }
        ).data;
        expect(
          list.filter((j) => j.datos.id === media.id),
          `${host} ${estado}`,
        ).toEqual([]);
      }
    const served = await fetch(`${B}/${compacta!.replace(/^\//, '')}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    // The demo GIFs' backfill and this GIF's encoding run first on two shared cores: minutes, bounded.
  }, 240_000);
});
