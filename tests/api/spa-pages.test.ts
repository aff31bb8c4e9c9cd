// Every client route is answered with the SPA's one page (index.html, never cached), which routes
// it; the screen's code and data are fetched by the router (route lazy + loader, src/client/routes.tsx).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

describe('SPA page for client routes', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'manitas-spa-'));
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>index</title>');
    t = await makeTestApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every client route with index.html, not cached; API and upload misses stay JSON 404', async () => {
    for (const url of ['/home', '/supmenu/3', '/supmenu/3/12', '/menuletra/3/12', '/home?x=1', '/logIn', '/perfil', '/admin/nivel', '/supmenu/abc', '/']) {
      const r = await t.call('GET', url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(/<title>(\w+)<\/title>/.exec(r.body)?.[1], url).toBe('index');
    }
    for (const url of ['/api/nada', '/uploads/niveles/nada.png']) {
      const r = await t.call('GET', url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json().code, url).toBe('NOT_FOUND');
    }
  });
});
