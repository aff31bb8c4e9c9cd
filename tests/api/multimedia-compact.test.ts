import { statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { expectRefused, fileExists, folderListing, sendForm } from './content-helpers';
import { makeSampleGif } from '../../scripts/bench/gif-samples';
import { COMPACT_QUEUE, compactOne, enqueueReview, reviewMedia, saveRendition, type CompactJob } from '../../src/server/maintenance/compact-media';
import { storeCompact } from '../../src/server/media/compact';
import { RENDITION_GOAL } from '../../src/server/media/rendition';

// "Compact media": every GIF stored in multimedia also gets an animated WebP (same size and
// timing) that players prefer; the GIF stays as the fallback. Sizes are on every row. The WebP is
// made by a background job after the upload has answered (src/server/maintenance/compact-media.ts).

let t: TestApp;
let word: number;
let otherWord: number;
/** Camera-like sign GIFs (scripts/bench/gif-samples.ts), small enough for quick uploads. */
let signA: Buffer;
let signB: Buffer;

beforeAll(async () => {
  t = await makeTestApp();
  const ids = (await t.database.raw('SELECT id_palabra AS id FROM palabra ORDER BY id_palabra LIMIT 2')).rows.map((r) => Number(r.id));
  [word, otherWord] = ids as [number, number];
  signA = (await makeSampleGif({ kind: 'camera', width: 320, height: 240, fps: 10, seconds: 1, seed: 41 })).gif;
  signB = (await makeSampleGif({ kind: 'camera', width: 320, height: 240, fps: 10, seconds: 1, seed: 42 })).gif;
}, 120_000);
afterAll(async () => t?.close());

interface Wire {
  id: number;
  url: string;
  tipo: string;
  tamano: number | null;
  compacta: { url: string; tamano: number | null } | null;
}

/** Waits (bounded) for the background jobs, then reads the row as the admin sees it. */
const settled = async (id: number) => {
  await t.app.ctx.jobs.idle(60_000);
  return (await t.call('GET', `/api/multimedia/get/${id}`, { as: 'admin' })).json().data as Wire;
};

/** Uploads; the reply never carries a compact copy (made afterwards); returns the row once the jobs are done. */
const upload = async (tipo: string, descripcion: string, name: string, data: Buffer, palabra = word) => {
  const r = await sendForm(t, 'POST', '/api/multimedia/register', 'admin', { tipo, descripcion, id_palabra: palabra }, { file: { name, data } });
  expect(r.statusCode, r.body).toBe(201);
  expect((r.json().data as Wire).compacta).toBeNull();
  return settled((r.json().data as Wire).id);
};

/** Holds back the compact jobs until `release()` (this app's worker runs them after). */
function holdCompactJobs() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  t.app.ctx.jobs.define<CompactJob>(COMPACT_QUEUE, async (job) => {
    await gate;
    await compactOne(t.app.ctx, job);
  });
  return release;
}

const row = async (id: number) =>
  (await t.database.raw('SELECT tamano, url_compacta, tamano_compacta FROM multimedia WHERE id = $1', [id])).rows[0] as {
    tamano: number | null;
    url_compacta: string | null;
    tamano_compacta: number | null;
  };

const sizeOnDisk = (url: string) => statSync(path.join(t.config.uploadsDir, 'multimedia', path.basename(url))).size;

/** Frame size, frames, delays and loop as sharp reads them. */
const playback = async (data: Buffer) => {
  const m = await sharp(data, { animated: true }).metadata();
  return { width: m.width, height: m.pageHeight, pages: m.pages, delay: m.delay, loop: m.loop };
};

/** A GIF whose frames' compressed bytes are scrambled, block lengths kept: sniffed, sized and stored like any GIF, but no decoder can read its frames. */
function scrambleFrames(gif: Buffer): Buffer {
  const b = Buffer.from(gif);
  let i = 13;
  if (b[10]! & 0x80) i += 3 * (1 << ((b[10]! & 7) + 1));
  while (i < b.length) {
    const block = b[i++];
    if (block === 0x21) {
      i++;
      while (b[i] !== 0) i += b[i]! + 1;
      i++;
    } else if (block === 0x2c) {
      const packed = b[i + 8]!;
      i += 9;
      if (packed & 0x80) i += 3 * (1 << ((packed & 7) + 1));
      i++;
      while (b[i] !== 0) {
        const n = b[i]!;
        b.fill(0xff, i + 1, i + 1 + n);
        i += n + 1;
      }
      i++;
    } else break;
  }
  return b;
}

describe('multimedia: compact WebP rendition of GIFs', () => {
  it("a camera-like sign GIF → 201 with tamano, then the job's compacta from the queue; the WebP is served as image/webp, same size and timing, ≤ 40 % of the bytes", async () => {
    const before = folderListing(t, 'multimedia').length;
    const data = await upload('gif', 'gifSena', 'sena.gif', signA);
    expect(data.url).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.gif$/);
    expect(data.tamano).toBe(signA.length);
    expect(data.compacta).toEqual({ url: expect.stringMatching(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.webp$/), tamano: expect.any(Number) });
    expect(data.compacta!.tamano).toBeLessThanOrEqual(signA.length * RENDITION_GOAL);
    expect(folderListing(t, 'multimedia').length).toBe(before + 2);
    expect(sizeOnDisk(data.url)).toBe(data.tamano);
    expect(sizeOnDisk(data.compacta!.url)).toBe(data.compacta!.tamano);
    expect(await row(data.id)).toEqual({ tamano: signA.length, url_compacta: data.compacta!.url, tamano_compacta: data.compacta!.tamano });

    const gif = await t.call('GET', `/${data.url}`);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(gif.rawPayload.equals(signA)).toBe(true); // the GIF is kept byte for byte: the fallback
    const webp = await t.call('GET', `/${data.compacta!.url}`);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    expect(webp.rawPayload.length).toBe(data.compacta!.tamano);
    expect(await playback(webp.rawPayload)).toEqual(await playback(signA));

    // Every read shows the same fields.
    expect((await t.call('GET', `/api/multimedia/get/${data.id}`, { as: 'admin' })).json().data).toEqual(data);
    const list = (await t.call('GET', '/api/multimedia/getMultimedias?sort=tamano&order=DESC', { as: 'admin' })).json() as Wire[];
    expect(list.find((m) => m.id === data.id)).toEqual(data);
    const sizes = list.map((m) => m.tamano ?? -1);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('imagen with a GIF file gets a rendition too; PNG, JPEG and audio get tamano and compacta null', async () => {
    const gifImage = await upload('imagen', 'imgEspanol', 'dibujo.gif', signB);
    expect(gifImage.compacta?.url).toMatch(/\.webp$/);
    for (const [tipo, descripcion, name, bytes] of [
      ['imagen', 'imgIngles', 'a.png', FILES.png],
      ['imagen', 'imgEspanol', 'a.jpg', FILES.jpeg],
      ['audio', 'audioEspanol', 'a.mp3', FILES.mp3],
    ] as const) {
      const before = folderListing(t, 'multimedia').length;
      const data = await upload(tipo, descripcion, name, bytes);
      expect(data).toMatchObject({ tamano: bytes.length, compacta: null });
      expect(await row(data.id)).toEqual({ tamano: bytes.length, url_compacta: null, tamano_compacta: null });
      expect(folderListing(t, 'multimedia').length).toBe(before + 1);
    }
  });

  it('a GIF too small to gain anything (1 × 1) is stored alone: compacta null, marked as tried', async () => {
    const before = folderListing(t, 'multimedia').length;
    const data = await upload('gif', 'gifmenu', 'punto.gif', FILES.gif);
    expect(data).toMatchObject({ tamano: FILES.gif.length, compacta: null });
    expect(await row(data.id)).toEqual({ tamano: FILES.gif.length, url_compacta: null, tamano_compacta: 0 });
    expect(folderListing(t, 'multimedia').length).toBe(before + 1);
  });

  it('a damaged GIF that is still sniffed and sized as before uploads as before (201, the GIF as uploaded) with no rendition', async () => {
    const broken = scrambleFrames(signA);
    const before = folderListing(t, 'multimedia').length;
    const data = await upload('gif', 'gifSena', 'rota.gif', broken);
    expect(data).toMatchObject({ tamano: broken.length, compacta: null });
    expect((await t.call('GET', `/${data.url}`)).rawPayload.equals(broken)).toBe(true);
    expect(folderListing(t, 'multimedia').length).toBe(before + 1);
  });

  it('a GIF the decoder cannot read at all is refused exactly as before (400 IMAGE_UNREADABLE), nothing written', async () => {
    const garbage = Buffer.concat([signA.subarray(0, 800), Buffer.alloc(40_000, 0xff)]);
    const body = await expectRefused(
      t,
      () =>
        sendForm(
          t,
          'POST',
          '/api/multimedia/register',
          'admin',
          { tipo: 'gif', descripcion: 'gifSena', id_palabra: word },
          { file: { name: 'x.gif', data: garbage } },
        ),
      400,
      undefined,
      ['multimedia'],
    );
    expect(body.code).toBe('IMAGE_UNREADABLE');
  });

  it('PUT: keeping the file keeps the rendition; a new GIF replaces both files; a PNG drops the rendition', async () => {
    const created = await upload('gif', 'gifSena', 'a.gif', signA);
    // No file: same file, same rendition (descripcion and tipo change).
    const keep = await sendForm(t, 'PUT', `/api/multimedia/update/${created.id}`, 'admin', { tipo: 'imagen', descripcion: 'gifmenu', id_palabra: word });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().data).toMatchObject({ url: created.url, tamano: created.tamano, compacta: created.compacta, tipo: 'imagen' });

    // A new GIF: new GIF and new WebP; the old two are removed.
    const before = folderListing(t, 'multimedia').length;
    const repl = await sendForm(
      t,
      'PUT',
      `/api/multimedia/update/${created.id}`,
      'admin',
      { tipo: 'gif', descripcion: 'gifSena', id_palabra: word },
      { file: { name: 'b.gif', data: signB } },
    );
    expect(repl.statusCode, repl.body).toBe(200);
    expect((repl.json().data as Wire).compacta).toBeNull();
    const replaced = await settled(created.id);
    expect(replaced.tamano).toBe(signB.length);
    expect(replaced.compacta?.url).toMatch(/\.webp$/);
    expect(replaced.compacta!.url).not.toBe(created.compacta!.url);
    expect(fileExists(t, 'multimedia', created.url)).toBe(false);
    expect(fileExists(t, 'multimedia', created.compacta!.url)).toBe(false);
    expect(fileExists(t, 'multimedia', replaced.url)).toBe(true);
    expect(fileExists(t, 'multimedia', replaced.compacta!.url)).toBe(true);
    expect(folderListing(t, 'multimedia').length).toBe(before);
    expect((await t.call('GET', `/${created.compacta!.url}`)).statusCode).toBe(404);

    // A PNG (tipo imagen): the GIF and its WebP both go, compacta null.
    const png = await sendForm(
      t,
      'PUT',
      `/api/multimedia/update/${created.id}`,
      'admin',
      { tipo: 'imagen', descripcion: 'imgEspanol', id_palabra: word },
      { file: { name: 'c.png', data: FILES.png } },
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().data).toMatchObject({ tamano: FILES.png.length, compacta: null });
    expect(await row(created.id)).toEqual({ tamano: FILES.png.length, url_compacta: null, tamano_compacta: null });
    expect(fileExists(t, 'multimedia', replaced.url)).toBe(false);
    expect(fileExists(t, 'multimedia', replaced.compacta!.url)).toBe(false);
    expect(folderListing(t, 'multimedia').length).toBe(before - 1);

    // The kept file must still suit the tipo (unchanged message).
    await expectRefused(
      t,
      () => sendForm(t, 'PUT', `/api/multimedia/update/${created.id}`, 'admin', { tipo: 'gif', descripcion: 'gifSena', id_palabra: word }),
      400,
      'El archivo actual no corresponde al tipo elegido. Sube un archivo nuevo.',
      ['multimedia'],
    );
  });

  it('DELETE removes the GIF and its WebP', async () => {
    const created = await upload('gif', 'gifSena', 'a.gif', signA);
    const before = folderListing(t, 'multimedia').length;
    const r = await t.call('DELETE', `/api/multimedia/delete/${created.id}`, { as: 'admin' });
    expect(r.json()).toEqual({ msg: 'Multimedia eliminada exitosamente.' });
    expect(folderListing(t, 'multimedia').length).toBe(before - 2);
    expect((await t.call('GET', `/${created.url}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/${created.compacta!.url}`)).statusCode).toBe(404);
  });

  it('the learner GET palabra/{id} (cached) carries compacta, and a write shows at once', async () => {
    const first = await upload('gif', 'gifSena', 'a.gif', signA, otherWord);
    const read = async () =>
      ((await t.call('GET', `/api/multimedia/palabra/${otherWord}`, { as: 'nino' })).json().data as Wire[]).find((m) => m.id === first.id);
    const seen = await read();
    expect(seen).toEqual({
      id: first.id,
      tipo: 'gif',
      descripcion: 'gifSena',
      url: first.url,
      id_palabra: otherWord,
      tamano: signA.length,
      compacta: first.compacta,
    });
    expect(await read()).toEqual(seen); // from the cache
    const repl = await sendForm(
      t,
      'PUT',
      `/api/multimedia/update/${first.id}`,
      'admin',
      { tipo: 'gif', descripcion: 'gifSena', id_palabra: otherWord },
      { file: { name: 'b.gif', data: signB } },
    );
    expect(repl.statusCode).toBe(200);
    const replaced = await settled(first.id);
    const after = await read();
    expect(after?.compacta).toEqual(replaced.compacta);
    expect(after?.compacta?.url).not.toBe(first.compacta!.url);
  });
});

describe('multimedia: the compact copy is made after the upload answers', () => {
  it('the reply, the row and both reads have no compact copy until the job is done; then all show it', async () => {
    const release = holdCompactJobs();
    try {
      const r = await sendForm(
        t,
        'POST',
        '/api/multimedia/register',
        'admin',
        { tipo: 'gif', descripcion: 'gifSena', id_palabra: otherWord },
        { file: { name: 'espera.gif', data: signA } },
      );
      expect(r.statusCode, r.body).toBe(201);
      const data = r.json().data as Wire;
      expect(data).toMatchObject({ tamano: signA.length, compacta: null });
      expect(await row(data.id)).toEqual({ tamano: signA.length, url_compacta: null, tamano_compacta: null });
      // The learner's read (what the sign player uses) has only the GIF meanwhile.
      const learner = async () =>
        ((await t.call('GET', `/api/multimedia/palabra/${otherWord}`, { as: 'nino' })).json().data as Wire[]).find((m) => m.id === data.id);
      expect(await learner()).toMatchObject({ url: data.url, compacta: null });
      // The job is taken by the worker (held back there): it shows as running within a few polls.
      await expect
        .poll(async () => (await t.app.ctx.jobs.list('en_curso')).map((j) => j.datos), { timeout: 10_000, interval: 100 })
        .toContainEqual({ id: data.id, url: data.url });
      expect(await row(data.id)).toMatchObject({ url_compacta: null });
      release();
      const done = await settled(data.id);
      expect(done.compacta?.url).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.webp$/);
      expect(await row(data.id)).toEqual({ tamano: signA.length, url_compacta: done.compacta!.url, tamano_compacta: done.compacta!.tamano });
      // The job emptied the content cache: the learner's cached read shows the copy at once.
      expect((await learner())?.compacta).toEqual(done.compacta);
    } finally {
      release();
      t.app.ctx.jobs.define<CompactJob>(COMPACT_QUEUE, async (job) => void (await compactOne(t.app.ctx, job)));
    }
  });
});

describe('multimedia: the startup backfill (src/server/maintenance/compact-media.ts)', () => {
  it('measures rows without tamano and enqueues the missing renditions, once; the learner read shows them', async () => {
    const gifRow = await upload('gif', 'gifSena', 'viejo.gif', signA, otherWord);
    const pngRow = await upload('imagen', 'imgEspanol', 'viejo.png', FILES.png, otherWord);
    // As rows stored before migration 0005: no sizes, no rendition (its file gone too).
    await t.app.ctx.storage.remove('multimedia', gifRow.compacta!.url);
    await t.database.raw('UPDATE multimedia SET tamano = NULL, url_compacta = NULL, tamano_compacta = NULL WHERE id = ANY($1)', [[gifRow.id, pngRow.id]]);
    // The demo GIFs wait for the job too (the seed leaves them to it); mark them done here to keep this test quick.
    await t.database.raw("UPDATE multimedia SET tamano_compacta = 0 WHERE url LIKE '%.gif' AND url_compacta IS NULL AND tamano_compacta IS NULL AND id <> $1", [
      gifRow.id,
    ]);
    const learner = async () => (await t.call('GET', `/api/multimedia/palabra/${otherWord}`, { as: 'nino' })).json().data as Wire[];
    expect((await learner()).find((m) => m.id === gifRow.id)).toMatchObject({ tamano: null, compacta: null });

    const before = folderListing(t, 'multimedia').length;
    const report = await reviewMedia(t.app.ctx);
    expect(report).toMatchObject({ sized: 2, queued: 1 });
    await t.app.ctx.jobs.idle(60_000);
    expect(folderListing(t, 'multimedia').length).toBe(before + 1);
    const after = await row(gifRow.id);
    expect(after.tamano).toBe(signA.length);
    expect(after.url_compacta).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.webp$/);
    expect(after.tamano_compacta).toBe(sizeOnDisk(after.url_compacta!));
    expect(await row(pngRow.id)).toEqual({ tamano: FILES.png.length, url_compacta: null, tamano_compacta: null });
    const seen = await learner();
    expect(seen.find((m) => m.id === gifRow.id)).toMatchObject({ tamano: signA.length, compacta: { url: after.url_compacta, tamano: after.tamano_compacta } });
    expect(seen.find((m) => m.id === pngRow.id)).toMatchObject({ tamano: FILES.png.length, compacta: null });
    expect((await t.call('GET', `/${after.url_compacta}`)).headers['content-type']).toBe('image/webp');

    // A second run has nothing left to do.
    expect(await reviewMedia(t.app.ctx)).toMatchObject({ sized: 0, queued: 0 });
  });

  it('the backfill is enqueued once however many times it is asked (one singleton slot)', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => enqueueReview(t.app.ctx.jobs)));
    expect(ids.filter(Boolean)).toHaveLength(1);
    await t.app.ctx.jobs.idle(60_000);
    expect(await enqueueReview(t.app.ctx.jobs)).toBeNull();
  });

  it('a row changed while its rendition was being made keeps the change; the spare file is removed', async () => {
    const target = await upload('gif', 'gifSena', 'carrera.gif', signA, otherWord);
    await t.app.ctx.storage.remove('multimedia', target.compacta!.url);
    await t.database.raw('UPDATE multimedia SET url_compacta = NULL, tamano_compacta = NULL WHERE id = $1', [target.id]);
    const made = await storeCompact(t.app.ctx.storage, 'multimedia', signA);
    expect(made.stored).not.toBeNull();
    // Meanwhile an admin replaced the file (another url): the rendition of the old GIF must not land.
    const before = folderListing(t, 'multimedia');
    expect(await saveRendition(t.app.ctx, { id: target.id, url: 'uploads/multimedia/000000000000000000000000-000000.gif' }, made)).toBe('changed');
    expect(await row(target.id)).toMatchObject({ url_compacta: null, tamano_compacta: null });
    expect(folderListing(t, 'multimedia')).toEqual(before.filter((f) => f !== made.stored!.name));
    // Or another process got there first.
    const again = await storeCompact(t.app.ctx.storage, 'multimedia', signA);
    await t.database.raw('UPDATE multimedia SET tamano_compacta = 0 WHERE id = $1', [target.id]);
    expect(await saveRendition(t.app.ctx, { id: target.id, url: target.url }, again)).toBe('changed');
    expect(fileExists(t, 'multimedia', again.stored!.name)).toBe(false);
    // A job for a row that already has its copy (or another file) does nothing.
    expect(await compactOne(t.app.ctx, { id: target.id, url: target.url })).toBe('nothing-to-do');
    expect(await compactOne(t.app.ctx, { id: target.id, url: 'uploads/multimedia/000000000000000000000000-000000.gif' })).toBe('nothing-to-do');
  });
});
