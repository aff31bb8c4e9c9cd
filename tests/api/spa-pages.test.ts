// The client routes are answered with the SPA page; the learner screens a child opens first get
// their own copy of it (written by the build, bootPrefetch in scripts/build/perf-plugins.ts), which
// also preloads that screen's code. Everything else gets index.html.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaPageFor } from '../../src/server/app';
import { makeTestApp, type TestApp } from './helpers';

describe('SPA pages per route', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'manitas-spa-'));
  beforeAll(async () => {
    for (const name of ['index', 'home', 'supmenu', 'menuletra']) writeFileSync(path.join(dir, `${name}.html`), `<!doctype html><title>${name}</title>`);
    t = await makeTestApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const r = await t.call('GET', url);
    expect(r.statusCode, url).toBe(200);
    expect(r.headers['content-type'], url).toMatch(/^text\/html/);
    expect(r.headers['cache-control'], url).toBe('no-cache');
    return /<title>(\w+)<\/title>/.exec(r.body)?.[1];
  };

  it('answers the learner screens with their own page and every other route with index.html', async () => {
    expect(await page('/home')).toBe('home');
    expect(await page('/supmenu/3')).toBe('supmenu');
    expect(await page('/supmenu/3/12')).toBe('supmenu');
    expect(await page('/menuletra/3/12')).toBe('menuletra');
    expect(await page('/home?x=1')).toBe('home');
    for (const url of ['/logIn', '/perfil', '/supmenu', '/homes', '/Home', '/admin/nivel', '/supmenu/abc', '/menuletra/1/2/3/4', '/menuletra/1', '/']) {
      expect(await page(url), url).toBe('index');
    }
  });

  it('falls back to index.html when the build wrote no page for the route', () => {
    const only = mkdtempSync(path.join(os.tmpdir(), 'manitas-spa-'));
    try {
      writeFileSync(path.join(only, 'index.html'), '');
      writeFileSync(path.join(only, 'home.html'), '');
      const pick = spaPageFor(only);
      expect(pick('/home')).toBe('home.html');
      expect(pick('/supmenu/1')).toBe('index.html');
      expect(spaPageFor(null)('/home')).toBe('index.html');
    } finally {
      rmSync(only, { recursive: true, force: true });
    }
  });
});
