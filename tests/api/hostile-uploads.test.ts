import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { expectRefused, folderListing, scalar, sendForm } from './content-helpers';
import { gif, jpegHeader, png } from './image-fixtures';

/** Hostile uploads: what an attacker (or a confused teacher) might send to the upload endpoints. */
let t: TestApp;
let palabra: number;
/** The admin uploads `file` as a medium of the demo's first word (fields: tipo, descripcion). */
const upload = (fields: Record<string, string>, file: { name: string; data: Buffer; type?: string }) =>
  sendForm(t, 'POST', '/api/multimedia/register', 'admin', { ...fields, id_palabra: palabra }, { file });
beforeAll(async () => {
  t = await makeTestApp({ maxUploadBytes: 256 * 1024 });
  palabra = await scalar(t, 'SELECT min(id_palabra) FROM palabra');
});
afterAll(async () => t?.close());

const level = (name: string) => ({ nombre_nivel: name, descripcion: 'Nivel de prueba', dificultad: 'Fácil' });
const IMG_MSG = 'Solo se permiten imágenes y GIFs.';

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('hostile uploads', () => {
  it('wrong magic bytes behind an allowed extension and type header are refused, nothing written', async () => {
    for (const data of [FILES.html, FILES.mp3, Buffer.from('%PDF-1.4 fake'), Buffer.from('MZ\x90\x00 windows exe')]) {
      await expectRefused(
        t,
        () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Malo'), { imagen: { name: 'foto.png', data, type: 'image/png' } }),
        400,
        IMG_MSG,
        ['niveles'],
      );
    }
  });

  it('SVG and HTML with script are refused everywhere an image is accepted', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/user/usuarios")</script></body></html>');
    for (const data of [svg, html]) {
      await expectRefused(
        t,
        () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('SVG'), { imagen: { name: 'x.svg', data, type: 'image/svg+xml' } }),
        400,
        IMG_MSG,
        ['niveles'],
      );
      await expectRefused(t, () => upload({ tipo: 'imagen', descripcion: 'imgEspanol' }, { name: 'x.gif', data, type: 'image/gif' }), 400, undefined, [
        'multimedia',
      ]);
      // A text content file is plain text only: markup that a browser could run is refused.
      await expectRefused(
        t,
        () =>
          sendForm(
            t,
            'POST',
            '/api/contenido/create',
            'admin',
            { tipo_contenido: 'Texto', id_nivel: 1, descripcion: 'x' },
            { archivo: { name: 'nota.txt', data, type: 'text/plain' } },
          ),
        400,
        undefined,
        ['contenidos'],
      );
    }
  });

  it('a GIF/HTML polyglot is stored as a GIF and served so it can never run', async () => {
    const poly = Buffer.concat([FILES.gif, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const r = await upload({ tipo: 'gif', descripcion: 'gifSena' }, { name: 'sena.html', data: poly, type: 'text/html' });
    expect(r.statusCode).toBe(201);
    const url = r.json().data.url as string;
    expect(url).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.gif$/);
    const served = await t.call('GET', `/${url}`);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'; sandbox/);
  });

  it('a picture must decode: a 35-byte "JPEG" (magic bytes then HTML) → 400 IMAGE_UNREADABLE, nothing stored', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]);
    expect(fake.length).toBe(35);
    const unreadable =
      'No se pudo leer la imagen: el archivo está dañado o su formato no se puede mostrar. Guárdala de nuevo como JPG, PNG o GIF e inténtalo otra vez.';
    const lvl = await expectRefused(
      t,
      () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Falsa'), { imagen: { name: 'foto.jpg', data: fake, type: 'image/jpeg' } }),
      400,
      unreadable,
      ['niveles'],
    );
    expect(lvl.code).toBe('IMAGE_UNREADABLE');
    const sign = await expectRefused(
      t,
      () => upload({ tipo: 'imagen', descripcion: 'imgEspanol' }, { name: 'foto.jpg', data: fake, type: 'image/jpeg' }),
      400,
      unreadable,
      ['multimedia'],
    );
    expect(sign.code).toBe('IMAGE_UNREADABLE');
    // The same upload as a real picture is stored.
    const ok = await sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Verdadera'), {
      imagen: { name: 'foto.jpg', data: FILES.jpeg, type: 'image/jpeg' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('empty files are refused', async () => {
    await expectRefused(
      t,
      () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Vacío'), { imagen: { name: 'v.png', data: Buffer.alloc(0), type: 'image/png' } }),
      400,
      undefined,
      ['niveles'],
    );
  });

  it('oversized files → 413 with the error body, nothing written', async () => {
    const big = Buffer.concat([FILES.png, Buffer.alloc(300 * 1024, 1)]);
    const body = await expectRefused(
      t,
      () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Grande'), { imagen: { name: 'g.png', data: big, type: 'image/png' } }),
      413,
      undefined,
      ['niveles'],
    );
    expect(body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(allFiles(t.config.uploadsDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('path-traversal and odd-unicode file names never choose where a file goes', async () => {
    const names = [
      '../../../../etc/passwd.png',
      '..\\..\\win.ini.png',
      'ñandú\u202Egnp.exe',
      '/abs/olute.png',
      'con.png',
      '%2e%2e%2fx.png',
      'a'.repeat(300) + '.png',
    ];
    const root = t.config.uploadsDir;
    for (const name of names) {
      const r = await sendForm(t, 'POST', '/api/nivel/register', 'admin', level(`Nombre ${name.slice(0, 10)}`), {
        imagen: { name, data: FILES.png, type: 'image/png' },
      });
      expect(r.statusCode, name).toBe(201);
      const stored = r.json().data.imagen as string;
      expect(stored).toMatch(/^[a-f0-9]{24}-[a-f0-9]{6}\.png$/);
    }
    for (const f of allFiles(root)) expect(path.resolve(f).startsWith(path.resolve(root) + path.sep)).toBe(true);
    // Traversal through the file server is refused too.
    for (const u of ['/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/niveles/..%2f..%2fpackage.json', '/uploads/.jwt-secret']) {
      const r = await t.call('GET', u);
      expect(r.statusCode, u).toBeGreaterThanOrEqual(400);
      expect(r.body).not.toMatch(/"name": "manitas"/);
    }
  });

  it('many parallel uploads all land, each with its own file and row', async () => {
    const beforeRows = (await snapshotCounts(t.database)).multimedia!;
    const beforeFiles = folderListing(t, 'multimedia').length;
    const n = 24;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const data = Buffer.concat([FILES.gif, Buffer.from(`extra-${i}`)]);
        return upload({ tipo: 'gif', descripcion: 'gifmenu' }, { name: `p${i}.gif`, data });
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    const urls = new Set(results.map((r) => r.json().data.url));
    expect(urls.size).toBe(n);
    expect((await snapshotCounts(t.database)).multimedia).toBe(beforeRows + n);
    expect(folderListing(t, 'multimedia').length).toBe(beforeFiles + n);
    for (const u of urls) expect(statSync(path.join(t.config.uploadsDir, 'multimedia', path.basename(u))).size).toBeGreaterThan(0);
  });

  describe('pictures that declare more pixels than a tablet can decode', () => {
    const TOO_LARGE = /^La imagen es demasiado grande: mide .* píxeles y se aceptan como máximo .* píxeles/;
    const nivel = (data: Buffer, name: string) => () =>
      sendForm(t, 'POST', '/api/nivel/register', 'admin', level(`Enorme ${name}`), { imagen: { name, data, type: 'image/png' } });
    const sign =
      (data: Buffer, tipo = 'gif') =>
      () =>
        upload({ tipo, descripcion: 'gifSena' }, { name: 'sena.gif', data, type: 'image/gif' });

    it('a PNG declaring 20000 × 20000 (a few dozen bytes on disk) → 400 IMAGE_TOO_LARGE, nothing stored', async () => {
      const bomb = png(20_000, 20_000);
      expect(bomb.length).toBeLessThan(200);
      const body = await expectRefused(t, nivel(bomb, 'bomba.png'), 400, undefined, ['niveles']);
      expect(body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
      expect(body.msg).toMatch(TOO_LARGE);
      expect(body.msg).toContain('20.000 × 20.000');
      expect(body.msg).toContain('120.000.000');
      const viaMedia = await expectRefused(t, sign(bomb, 'imagen'), 400, body.msg, ['multimedia']);
      expect(viaMedia.code).toBe('IMAGE_TOO_LARGE');
    });

    it('a JPEG frame header declaring 65500 × 65500 → 400 IMAGE_TOO_LARGE', async () => {
      const body = await expectRefused(t, nivel(jpegHeader(65_500, 65_500), 'bomba.jpg'), 400, undefined, ['niveles']);
      expect(body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
      expect(body.msg).toContain('65.500 × 65.500');
    });

    it('a GIF whose screen and frame declare 65535 × 65535 → 400 IMAGE_TOO_LARGE, as a sign, a picture and a level image', async () => {
      const bomb = gif({ width: 65_535, height: 65_535, frames: 1 });
      expect(bomb.length).toBeLessThan(200);
      const body = await expectRefused(t, sign(bomb), 400, undefined, ['multimedia']);
      expect(body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
      expect(body.msg).toMatch(TOO_LARGE);
      expect(body.msg).toContain('65.535 × 65.535');
      expect(body.msg).toContain('16.777.216');
      await expectRefused(t, sign(bomb, 'imagen'), 400, body.msg, ['multimedia']);
      await expectRefused(t, nivel(bomb, 'bomba.gif'), 400, body.msg, ['niveles']);
    });

    it('a GIF with a 1 × 1 screen whose frame declares 65535 × 65535 → 400 (browsers grow the screen to the frame)', async () => {
      const bomb = gif({ width: 1, height: 1, frames: 1, frameWidth: 65_535, frameHeight: 65_535 });
      const body = await expectRefused(t, sign(bomb), 400, undefined, ['multimedia']);
      expect(body.msg).toContain('65.535 × 65.535');
    });

    it('a GIF of thousands of tiny frames on a sign-sized screen → 400 (too many frames)', async () => {
      const bomb = gif({ width: 480, height: 360, frames: 5000, frameWidth: 1, frameHeight: 1 });
      expect(bomb.length).toBeLessThan(256 * 1024);
      const body = await expectRefused(t, sign(bomb), 400, undefined, ['multimedia']);
      expect(body).toEqual({
        code: 'IMAGE_TOO_LARGE',
        msg: 'La animación tiene demasiados cuadros: 5000, y se aceptan como máximo 2000.',
        fields: { file: body.msg },
      });
    });

    it('a GIF whose frames together are too many pixels → 400 (frames × screen)', async () => {
      const bomb = gif({ width: 1024, height: 768, frames: 600, frameWidth: 1, frameHeight: 1 });
      const body = await expectRefused(t, sign(bomb), 400, undefined, ['multimedia']);
      expect(body.code).toBe('IMAGE_TOO_LARGE');
      expect(body.msg).toBe(
        'La animación es demasiado grande: 600 cuadros de 1024 × 768 píxeles suman 471.859.200 píxeles y se aceptan como máximo 400.000.000 en total.',
      );
    });

    it('a big picture the decoder cannot read is refused (IMAGE_UNREADABLE), never stored at full size', async () => {
      // 3000 × 3000 declared, pixel data cut off: shrinking it fails.
      const broken = png(3000, 3000, 5);
      const body = await expectRefused(t, nivel(broken, 'rota.png'), 400, undefined, ['niveles']);
      expect(body.code).toBe('IMAGE_UNREADABLE');
      expect(body.msg).toMatch(/^No se pudo leer la imagen/);
      // A frame header and nothing else: a size the decoder cannot read.
      const headerOnly = await expectRefused(t, nivel(jpegHeader(800, 600), 'solo-cabecera.jpg'), 400, body.msg, ['niveles']);
      expect(headerOnly.code).toBe('IMAGE_UNREADABLE');
    });

    it('a picture within the limits is still accepted (a 1 × 1 PNG, a small sign GIF)', async () => {
      const r = await sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Pequeña'), { imagen: { name: 'p.png', data: FILES.png, type: 'image/png' } });
      expect(r.statusCode, r.body).toBe(201);
      const small = gif({ width: 64, height: 48, frames: 10 });
      const g = await sign(small)();
      expect(g.statusCode, g.body).toBe(201);
      const served = await t.call('GET', `/${g.json().data.url as string}`);
      expect(served.rawPayload.equals(small)).toBe(true);
    });
  });
});
