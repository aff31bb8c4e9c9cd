// Uploads on this host's disk and in an S3-compatible bucket (a real s3rver on 127.0.0.1): the
// same requests must give the same answers, and what the bucket holds must follow the rows.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { createBackup, dumpTables, restoreBackup } from '../../src/server/maintenance/backup';
import { compactOne } from '../../src/server/maintenance/compact-media';
import { createStorage } from '../../src/server/storage';
import { createS3Client, createS3Storage, STORAGE_UNAVAILABLE_MSG } from '../../src/server/storage/s3';
import { parseRange } from '../../src/server/storage/serve';
import { FILES, makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { sendForm, storedNames } from './content-helpers';
import { gif } from './image-fixtures';
import { startLocalS3, type LocalS3 } from '../support/s3rver';

let s3: LocalS3;
let raw: S3Client;
beforeAll(async () => {
  s3 = await startLocalS3();
  raw = createS3Client({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  raw?.destroy();
  await s3?.stop();
});

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The test app on disk, or on the bucket with the seeded demo files copied into it. */
async function appOn(where: 'disk' | 's3', env: Record<string, string> = s3.env): Promise<TestApp> {
  const t = await makeTestApp({}, where === 's3' ? env : {});
  if (where === 's3' && env.S3_BUCKET === s3.bucket) {
    const disk = createStorage(t.config.uploadsDir);
    for (const f of await disk.list()) await t.app.ctx.storage.restore(f.folder, f.name, (await disk.read(f.folder, f.name))!);
  }
  return t;
}

async function inBucket(key: string): Promise<Buffer | null> {
  try {
    const r = await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await r.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

async function headStatus(key: string): Promise<number> {
  try {
    await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return 200;
  } catch (err) {
    return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
  }
}

const firstWord = async (t: TestApp) => Number((await t.database.raw('SELECT min(id_palabra) AS id FROM palabra')).rows[0]!.id);

describe('parseRange: the three single-range forms; anything else serves the whole file', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5 }],
    ['bytes=-4', { suffix: 4 }],
    ['bytes=9-5', null],
    ['bytes=0-1,4-5', null],
    ['items=0-1', null],
    ['bytes=-', null],
    [undefined, null],
  ])('%s → %j', (header, want) => expect(parseRange(header)).toEqual(want));
});

describe.each(['disk', 's3'] as const)('uploads on %s', (where) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appOn(where);
  });
  afterAll(async () => t?.close());

  // A real GIF of a few kilobytes (noisy pixels do not compress): a range is a real part of it.
  const noise = (seed: number) => (i: number, x: number, y: number) => (Math.imul(x + 131 * y + 977 * i + seed, 1103515245) >>> 13) & 1;
  const sign = gif({ width: 120, height: 90, frames: 4, paint: noise(1) });

  async function upload(data: Buffer = sign, name = 'sena.gif') {
    const r = await sendForm(
      t,
      'POST',
      '/api/multimedia/register',
      'admin',
      { tipo: 'gif', descripcion: 'gifSena', id_palabra: await firstWord(t) },
      { file: { name, data } },
    );
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data as { id: number; url: string };
  }

  it('an upload is stored (in the bucket under its url) and GET /uploads gives it back byte for byte, with the upload headers', async () => {
    const m = await upload();
    expect(m.url).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.gif$/);
    if (where === 's3') expect(sha((await inBucket(m.url))!)).toBe(sha(sign));
    const r = await t.call('GET', `/${m.url}`);
    expect(r.statusCode).toBe(200);
    expect(sha(r.rawPayload)).toBe(sha(sign));
    expect(r.headers['content-type']).toBe('image/gif');
    expect(Number(r.headers['content-length'])).toBe(sign.length);
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await t.call('HEAD', `/${m.url}`);
    expect([head.statusCode, Number(head.headers['content-length']), head.rawPayload.length]).toEqual([200, sign.length, 0]);
  });

  it('Range → 206 with exactly those bytes and Content-Range; suffix and open ranges; past the end → 416', async () => {
    const m = await upload();
    const n = sign.length;
    for (const [header, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, n - 1],
      ['bytes=-50', n - 50, n - 1],
      [`bytes=10-${n + 500}`, 10, n - 1],
    ] as const) {
      const r = await t.call('GET', `/${m.url}`, { headers: { range: header } });
      expect(r.statusCode, header).toBe(206);
      expect(r.headers['content-range'], header).toBe(`bytes ${start}-${end}/${n}`);
      expect(Number(r.headers['content-length']), header).toBe(end - start + 1);
      expect(r.rawPayload.equals(sign.subarray(start, end + 1)), header).toBe(true);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    const past = await t.call('GET', `/${m.url}`, { headers: { range: `bytes=${n + 10}-` } });
    expect(past.statusCode).toBe(416);
    if (where === 's3') expect(past.headers['content-range']).toBe(`bytes */${n}`);
    // Several ranges at once: the whole file (a server may ignore Range).
    const multi = await t.call('GET', `/${m.url}`, { headers: { range: 'bytes=0-1,5-6' } });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.equals(sign)).toBe(true);
  });

  it('no listing and nothing outside the stored names: folders, other folders, traversal and unknown names are 404', async () => {
    const m = await upload();
    const name = path.posix.basename(m.url);
    for (const url of [
      '/uploads/',
      '/uploads/multimedia/',
      '/uploads/multimedia',
      `/uploads/otra/${name}`,
      '/uploads/multimedia/..%2F..%2Fjwt-secret',
      '/uploads/multimedia/aaaaaaaaaaaaaaaaaaaaaaaa-000000.gif',
    ]) {
      const r = await t.call('GET', url);
      // The disk's static server answers folders and traversal with 403; neither lists anything.
      if (where === 'disk') expect([403, 404], url).toContain(r.statusCode);
      else expect(r.statusCode, url).toBe(404);
      expect(r.body, url).not.toContain(name.slice(0, 24));
    }
  });

  it('deleting the row deletes its file (the bucket answers 404 for the object)', async () => {
    const m = await upload();
    const r = await t.call('DELETE', `/api/multimedia/delete/${m.id}`, { as: 'admin' });
    expect(r.statusCode).toBe(200);
    expect((await t.call('GET', `/${m.url}`)).statusCode).toBe(404);
    expect(await t.app.ctx.storage.read('multimedia', m.url)).toBeNull();
    if (where === 's3') expect(await headStatus(m.url)).toBe(404);
  });

  it('a refused role writes nothing: no row, no object', async () => {
    const before = await storedNames(t.app.ctx.storage);
    for (const who of ['profesor', 'nino'] as const) {
      const r = await sendForm(
        t,
        'POST',
        '/api/multimedia/register',
        who,
        { tipo: 'gif', descripcion: 'gifSena', id_palabra: await firstWord(t) },
        { file: { name: 'a.gif', data: sign } },
      );
      expect(r.statusCode).toBe(403);
    }
    expect(await storedNames(t.app.ctx.storage)).toEqual(before);
  });

  it('a failed database insert leaves no stray file', async () => {
    const before = await storedNames(t.app.ctx.storage);
    const counts = await snapshotCounts(t.database);
    await t.database.raw(
      `CREATE FUNCTION test_refuse_multimedia() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'la base rechaza la fila'; END $$ LANGUAGE plpgsql`,
    );
    await t.database.raw('CREATE TRIGGER test_refuse_multimedia BEFORE INSERT ON multimedia FOR EACH ROW EXECUTE FUNCTION test_refuse_multimedia()');
    try {
      const r = await sendForm(
        t,
        'POST',
        '/api/multimedia/register',
        'admin',
        { tipo: 'gif', descripcion: 'gifSena', id_palabra: await firstWord(t) },
        { file: { name: 'a.gif', data: sign } },
      );
      expect(r.statusCode).toBe(500);
      expect(r.json()).toMatchObject({ msg: expect.any(String), code: expect.any(String) });
    } finally {
      await t.database.raw('DROP TRIGGER test_refuse_multimedia ON multimedia');
      await t.database.raw('DROP FUNCTION test_refuse_multimedia()');
    }
    expect(await storedNames(t.app.ctx.storage)).toEqual(before);
    expect(await snapshotCounts(t.database)).toEqual(counts);
  });

  it('20 uploads at once: 20 rows, 20 distinct files, each served byte for byte', async () => {
    const files = Array.from({ length: 20 }, (_, i) => gif({ width: 24, height: 24, frames: 2, paint: noise(100 + i) }));
    const made = await Promise.all(files.map((f, i) => upload(f, `s${i}.gif`)));
    expect(new Set(made.map((m) => m.url)).size).toBe(20);
    const served = await Promise.all(made.map((m) => t.call('GET', `/${m.url}`)));
    served.forEach((r, i) => expect(sha(r.rawPayload)).toBe(sha(files[i]!)));
  });
});

describe('uploads in a bucket only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appOn('s3');
  });
  afterAll(async () => t?.close());

  it('a bucket that refuses the write: 503 with a Spanish message, no row and nothing stored', async () => {
    // The same server, a bucket that does not exist: every write fails as a broken store's would.
    // Swapped into the running app (routes read ctx.storage at each request); a second app would
    // empty the shared PostgreSQL database of this file's app.
    const real = t.app.ctx.storage;
    t.app.ctx.storage = createS3Storage({ ...t.config.s3!, bucket: 'no-existe' });
    try {
      const counts = await snapshotCounts(t.database);
      const before = await storedNames(real);
      const r = await sendForm(
        t,
        'POST',
        '/api/multimedia/register',
        'admin',
        { tipo: 'gif', descripcion: 'gifSena', id_palabra: await firstWord(t) },
        { file: { name: 'a.gif', data: FILES.gif } },
      );
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ msg: STORAGE_UNAVAILABLE_MSG, code: 'STORAGE_UNAVAILABLE' });
      expect(await snapshotCounts(t.database)).toEqual(counts);
      expect(await storedNames(real)).toEqual(before);
    } finally {
      t.app.ctx.storage = real;
    }
  });

  it('a large file goes up in parts (lib-storage) and comes back whole; a range from its middle too', async () => {
    const big = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(9 * 1024 * 1024 - 3, 7)]);
    big.writeUInt32BE(0xdeadbeef, 6 * 1024 * 1024);
    const stored = await t.app.ctx.storage.put('multimedia', big, ['mp3'], 'no');
    expect(sha((await inBucket(stored.relativeUrl))!)).toBe(sha(big));
    const start = 6 * 1024 * 1024;
    const r = await t.call('GET', `/${stored.relativeUrl}`, { headers: { range: `bytes=${start}-${start + 3}` } });
    expect([r.statusCode, r.rawPayload.toString('hex')]).toEqual([206, 'deadbeef']);
    await t.app.ctx.storage.remove('multimedia', stored.name);
    expect(await headStatus(stored.relativeUrl)).toBe(404);
  });

  it('the GIF compaction job reads the GIF from the bucket and writes its WebP there', async () => {
    // A GIF row without its compact copy (the seed's are made already): its job, run here.
    const gifRow = (await t.database.raw("SELECT id, url FROM multimedia WHERE url LIKE '%.gif' ORDER BY id LIMIT 1")).rows[0] as { id: number; url: string };
    await t.database.raw('UPDATE multimedia SET url_compacta = NULL, tamano_compacta = NULL WHERE id = $1', [gifRow.id]);
    const outcome = await compactOne(t.app.ctx, gifRow);
    expect(['saved', 'none']).toContain(outcome);
    const row = (await t.database.raw('SELECT url, url_compacta FROM multimedia WHERE id = $1', [gifRow.id])).rows[0] as {
      url: string;
      url_compacta: string | null;
    };
    if (outcome === 'saved') {
      const webp = await inBucket(row.url_compacta!);
      expect(webp?.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('backup and restore round-trip the bucket: a new database and an empty bucket get every row and object back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'manitas-s3-bk-'));
    const target = await openDatabase({ databaseUrl: null, dataDir: null });
    const rawTarget = await startLocalS3('restaurado');
    try {
      const archive = path.join(dir, 'respaldo.tar.gz');
      const manifest = await createBackup(t.database, t.app.ctx.storage, archive);
      const source = await storedNames(t.app.ctx.storage);
      expect(manifest.files).toBe(source.length);
      const into = createS3Storage({ ...t.config.s3!, endpoint: rawTarget.endpoint, bucket: 'restaurado' });
      await restoreBackup(target, into, archive);
      expect(await dumpTables(target)).toEqual(await dumpTables(t.database));
      expect(await storedNames(into)).toEqual(source);
      // Every object byte for byte (both buckets read side by side).
      const pairs = await Promise.all(
        (await t.app.ctx.storage.list()).map(async (f) => [sha((await into.read(f.folder, f.name))!), sha((await t.app.ctx.storage.read(f.folder, f.name))!)]),
      );
      for (const [a, b] of pairs) expect(a).toBe(b);
    } finally {
      await target.close();
      await rawTarget.stop();
      await rm(dir, { recursive: true, force: true });
    }
    // A whole backup and restore through two buckets and a fresh embedded database migrated for
    // the target: 7.4 s alone here; past 30 s when the unit + API stage ran beside a browser suite
    // (clean-clone run 12, 2026-11-28). Same limit as backup.test.ts's round trips.
  }, 90_000);
});
