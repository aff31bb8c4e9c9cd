import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, snapshotCounts, type TestApp } from './helpers';
import { expectRefused, folderListing, scalar, sendForm } from './content-helpers';

/** Hostile uploads: what an attacker (or a confused teacher) might send to the upload endpoints. */
let t: TestApp;
let palabra: number;
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
      await expectRefused(t, () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Malo'), { imagen: { name: 'foto.png', data, type: 'image/png' } }), 400, IMG_MSG, ['niveles']);
    }
  });

  it('SVG and HTML with script are refused everywhere an image is accepted', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/user/usuarios")</script></body></html>');
    for (const data of [svg, html]) {
      await expectRefused(t, () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('SVG'), { imagen: { name: 'x.svg', data, type: 'image/svg+xml' } }), 400, IMG_MSG, ['niveles']);
      await expectRefused(t, () => sendForm(t, 'POST', '/api/multimedia/register', 'admin', { tipo: 'imagen', descripcion: 'imgEspanol', id_palabra: palabra }, { file: { name: 'x.gif', data, type: 'image/gif' } }), 400, undefined, ['multimedia']);
      // A text content file is plain text only: markup that a browser could run is refused.
      await expectRefused(t, () => sendForm(t, 'POST', '/api/contenido/create', 'admin', { tipo_contenido: 'Texto', id_nivel: 1, descripcion: 'x' }, { archivo: { name: 'nota.txt', data, type: 'text/plain' } }), 400, undefined, ['contenidos']);
    }
  });

  it('a GIF/HTML polyglot is stored as a GIF and served so it can never run', async () => {
    const poly = Buffer.concat([FILES.gif, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const r = await sendForm(t, 'POST', '/api/multimedia/register', 'admin', { tipo: 'gif', descripcion: 'gifSena', id_palabra: palabra }, { file: { name: 'sena.html', data: poly, type: 'text/html' } });
    expect(r.statusCode).toBe(201);
    const url = r.json().data.url as string;
    expect(url).toMatch(/^uploads\/multimedia\/[a-f0-9]{24}-[a-f0-9]{6}\.gif$/);
    const served = await t.call('GET', `/${url}`);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'; sandbox/);
  });

  it('empty files are refused', async () => {
    await expectRefused(t, () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Vacío'), { imagen: { name: 'v.png', data: Buffer.alloc(0), type: 'image/png' } }), 400, undefined, ['niveles']);
  });

  it('oversized files → 413 with the error body, nothing written', async () => {
    const big = Buffer.concat([FILES.png, Buffer.alloc(300 * 1024, 1)]);
    const body = await expectRefused(t, () => sendForm(t, 'POST', '/api/nivel/register', 'admin', level('Grande'), { imagen: { name: 'g.png', data: big, type: 'image/png' } }), 413, undefined, ['niveles']);
    expect(body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(allFiles(t.config.uploadsDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('path-traversal and odd-unicode file names never choose where a file goes', async () => {
    const names = ['../../../../etc/passwd.png', '..\\..\\win.ini.png', 'ñandú\u202Egnp.exe', '/abs/olute.png', 'con.png', '%2e%2e%2fx.png', 'a'.repeat(300) + '.png'];
    const root = t.config.uploadsDir;
    for (const name of names) {
      const r = await sendForm(t, 'POST', '/api/nivel/register', 'admin', level(`Nombre ${name.slice(0, 10)}`), { imagen: { name, data: FILES.png, type: 'image/png' } });
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
    const results = await Promise.all(Array.from({ length: n }, (_, i) => {
      const data = Buffer.concat([FILES.gif, Buffer.from(`extra-${i}`)]);
      return sendForm(t, 'POST', '/api/multimedia/register', 'admin', { tipo: 'gif', descripcion: 'gifmenu', id_palabra: palabra }, { file: { name: `p${i}.gif`, data } });
    }));
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    const urls = new Set(results.map((r) => r.json().data.url));
    expect(urls.size).toBe(n);
    expect((await snapshotCounts(t.database)).multimedia).toBe(beforeRows + n);
    expect(folderListing(t, 'multimedia').length).toBe(beforeFiles + n);
    for (const u of urls) expect(statSync(path.join(t.config.uploadsDir, 'multimedia', path.basename(u))).size).toBeGreaterThan(0);
  });
});
