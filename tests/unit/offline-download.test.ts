// The offline rules of the client — what the service worker caches, what a level's
// download asks for, when a level counts as available offline, whose caches they are, the banner's
// words and the update's state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { essentialReadPaths, isLevelOffline, levelMediaUrls, levelReadPaths, wordIdsOf } from '../../src/client/offline/download';
import { claimOfflineCachesFor, clearOfflineCaches, offlineCachesOwner, OWNER_CACHE } from '../../src/client/offline/caches';
import {
  API_CACHE,
  CHILD_API_READ,
  CONTENT_API_READ,
  FRESH_PARAM,
  HAND_MODEL_CACHE,
  LEARNER_API_READ,
  MEDIA_CACHE,
  UPLOADED_MEDIA,
  pwaOptions,
} from '../../src/client/offline/pwaOptions';
import { OFFLINE_MSG, offlineMessage } from '../../src/client/offline/messages';
import { applyUpdate, setUpdateWaiting, subscribeUpdate, updateWaiting } from '../../src/client/offline/updateState';

const ORIGIN = 'http://tableta.test';

/** Cache Storage as the browser has it, in memory (keys: absolute URLs). */
class FakeCaches {
  stores = new Map<string, Map<string, Response>>();
  private key = (u: string | Request) => new URL(typeof u === 'string' ? u : u.url, ORIGIN).href;
  async open(name: string) {
    let s = this.stores.get(name);
    if (!s) this.stores.set(name, (s = new Map()));
    return {
      put: async (u: string, r: Response) => void s.set(this.key(u), r),
      match: async (u: string) => s.get(this.key(u))?.clone(),
      keys: async () => [...s.keys()].map((url) => ({ url })),
    };
  }
  async has(name: string) {
    return this.stores.has(name);
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(u: string, o: { cacheName: string }) {
    return this.stores.get(o.cacheName)?.get(this.key(u))?.clone();
  }
  async keys() {
    return [...this.stores.keys()];
  }
  put(cache: string, path: string, body: unknown) {
    void this.open(cache);
    this.stores.get(cache)!.set(this.key(path), new Response(typeof body === 'string' ? body : JSON.stringify(body)));
  }
}

const LEVEL = { id_nivel: 3, imagen: 'uploads/niveles/animales.png' };
const WORDS = [{ id_palabra: 10 }, { id_palabra: 11 }];
const MEDIA: Record<number, { url: string; compacta: { url: string } | null }[]> = {
  10: [
    { url: 'uploads/multimedia/perro.gif', compacta: { url: 'uploads/multimedia/perro.webp' } },
    { url: 'uploads/multimedia/perro.png', compacta: null },
  ],
  11: [{ url: 'uploads/multimedia/gato.mp4', compacta: null }],
};
const QUIZZES = [
  { id_nivel: 3, preguntas: [{ imagen: 'p1.png', respuestas: [{ imagen: 'r1.png' }, { imagen: null }] }] },
  { id_nivel: 4, preguntas: [{ imagen: 'otro-nivel.png', respuestas: [] }] },
];

describe('what a level download asks for', () => {
  it('every read of the level screens, the quiz and the games, for this child', () => {
    expect(levelReadPaths(3, 42, [10, 11])).toEqual([
      'nivel/getNivels',
      'palabra/nivel/3',
      'multimedia/palabra/10',
      'multimedia/palabra/11',
      'evaluacion/detalles',
      'evaluacion/resultados/usuario/42',
      'progreso/usuario/42',
      'partidas/resumen',
      'repaso/nivel/3',
      'repaso/juego/3',
    ]);
    expect(essentialReadPaths(3, [10])).toEqual(['nivel/getNivels', 'palabra/nivel/3', 'multimedia/palabra/10', 'evaluacion/detalles']);
  });

  it("the level's picture, each word's files and renditions, and its quiz's pictures only, once each", () => {
    const media = [...MEDIA[10]!, ...MEDIA[11]!, MEDIA[11]![0]!];
    expect(levelMediaUrls(3, LEVEL, media, QUIZZES)).toEqual([
      '/uploads/niveles/animales.png',
      '/uploads/multimedia/perro.gif',
      '/uploads/multimedia/perro.webp',
      '/uploads/multimedia/perro.png',
      '/uploads/multimedia/gato.mp4',
      '/uploads/preguntas/p1.png',
      '/uploads/respuestas/r1.png',
    ]);
  });

  it("a sign question's sign and its sign or picture choices (and their WebP) are downloaded too, even from another level's word", () => {
    const quiz = [
      {
        id_nivel: 3,
        preguntas: [
          {
            imagen: null,
            multimedia: { url: 'uploads/multimedia/sena.gif', compacta: { url: 'uploads/multimedia/sena.webp' } },
            respuestas: [
              { imagen: null, multimedia: { url: 'uploads/multimedia/otra-sena.gif', compacta: null } },
              { imagen: null, multimedia: { url: 'uploads/multimedia/dibujo.png' } },
              { imagen: null, multimedia: null },
            ],
          },
        ],
      },
    ];
    expect(levelMediaUrls(3, { id_nivel: 3, imagen: null }, [], quiz)).toEqual([
      '/uploads/multimedia/sena.gif',
      '/uploads/multimedia/sena.webp',
      '/uploads/multimedia/otra-sena.gif',
      '/uploads/multimedia/dibujo.png',
    ]);
  });

  it('never files from elsewhere (other sites, data: and blob: addresses)', () => {
    const media = [{ url: 'https://otro.sitio/x.png' }, { url: 'data:image/png;base64,AAAA' }, { url: 'blob:abc' }];
    expect(levelMediaUrls(3, { id_nivel: 3, imagen: null }, media, [])).toEqual([]);
  });

  it('reads the word ids of both answer shapes', () => {
    expect(wordIdsOf(WORDS)).toEqual([10, 11]);
    expect(wordIdsOf({ data: WORDS })).toEqual([10, 11]);
    expect(wordIdsOf(null)).toEqual([]);
  });
});

describe('what the service worker caches', () => {
  const api = (p: string) => LEARNER_API_READ.test(`${ORIGIN}/api/${p}`);
  it("the learner's reads: content stale-while-revalidate, the child's own state network-first", () => {
    expect(CONTENT_API_READ.test(`${ORIGIN}/api/palabra/nivel/3`)).toBe(true);
    expect(CHILD_API_READ.test(`${ORIGIN}/api/palabra/nivel/3`)).toBe(false);
    expect(CHILD_API_READ.test(`${ORIGIN}/api/partidas/resumen`)).toBe(true);
    expect(CONTENT_API_READ.test(`${ORIGIN}/api/partidas/resumen`)).toBe(false);
    for (const p of levelReadPaths(3, 42, [10])) expect(api(p), p).toBe(true);
    for (const p of ['repaso/hoy', 'repaso/sesion', 'clase/mis-tareas', 'preferencias', 'palabra/getPalabras', 'nivel/getNivels?x=1'])
      expect(api(p), p).toBe(true);
  });
  it('never accounts, tokens or the back office', () => {
    for (const p of [
      'user/42',
      'user/logIn',
      'user/me',
      'nivel/getNivels/extra',
      'palabra/getPalabras2',
      'evaluacion/resultados',
      'clase/mias',
      'multimedia/getMultimedias',
      'progreso/usuario/x',
      // The back office's paged lists: a save must show in them at once (screens-backoffice.md B-1.2).
      'nivel/getNivels?page=1&perPage=25&sort=id&order=DESC',
      'palabra/getPalabras?page=2&perPage=25&q=gato',
      // The back office's other reads of learner addresses (apiGetFresh): a word's media page, the
      // import's level media, the quiz editor — a sign just saved must not show its old slot.
      `multimedia/palabra/7?${FRESH_PARAM}=1`,
      `palabra/nivel/3?${FRESH_PARAM}=1`,
      `evaluacion/detalles?${FRESH_PARAM}=1`,
      `nivel/getNivels?q=x&${FRESH_PARAM}=1`,
    ])
      expect(api(p), p).toBe(false);
  });
  it('media under /uploads/ only', () => {
    expect(UPLOADED_MEDIA.test(`${ORIGIN}/uploads/multimedia/perro.gif`)).toBe(true);
    expect(UPLOADED_MEDIA.test(`${ORIGIN}/assets/index.js`)).toBe(false);
  });
  it('caches only 200s, GETs, the media with a cap and ranges; the precache without .br/.gz or uploads', () => {
    const rc = pwaOptions.workbox!.runtimeCaching!;
    expect(rc.map((r) => [r.handler, r.method, r.options?.cacheName, r.options?.cacheableResponse?.statuses])).toEqual([
      ['StaleWhileRevalidate', 'GET', API_CACHE, [200]],
      ['NetworkFirst', 'GET', API_CACHE, [200]],
      ['CacheFirst', 'GET', MEDIA_CACHE, [200]],
      // The hand model of "¡Ahora tú!" (tests/unit/signPractice/hand-model-files.test.ts).
      ['CacheFirst', 'GET', HAND_MODEL_CACHE, [200]],
    ]);
    expect(rc[0]!.urlPattern).toBe(CONTENT_API_READ);
    expect(rc[1]!.urlPattern).toBe(CHILD_API_READ);
    expect(rc[1]!.options!.networkTimeoutSeconds).toBeGreaterThan(0);
    expect(rc[2]!.options!.expiration).toMatchObject({ purgeOnQuotaError: true });
    expect(rc[2]!.options!.expiration!.maxEntries).toBeGreaterThan(0);
    expect(rc[2]!.options!.rangeRequests).toBe(true);
    expect(pwaOptions.workbox!.globIgnores).toEqual(expect.arrayContaining(['**/*.gz', '**/*.br', 'uploads/**']));
    expect(pwaOptions.registerType).toBe('prompt');
    expect(pwaOptions.workbox!.skipWaiting).toBe(false);
  });
});

describe('the caches belong to one child', () => {
  let fake: FakeCaches;
  beforeEach(() => {
    fake = new FakeCaches();
    vi.stubGlobal('caches', fake);
    vi.stubGlobal('location', { origin: ORIGIN });
  });
  afterEach(() => vi.unstubAllGlobals());

  const fill = () => {
    fake.put(API_CACHE, '/api/nivel/getNivels', { data: [LEVEL] });
    fake.put(API_CACHE, '/api/palabra/nivel/3', WORDS);
    for (const w of WORDS) fake.put(API_CACHE, `/api/multimedia/palabra/${w.id_palabra}`, { data: MEDIA[w.id_palabra] });
    fake.put(API_CACHE, '/api/evaluacion/detalles', { data: QUIZZES });
    const urls = levelMediaUrls(3, LEVEL, [...MEDIA[10]!, ...MEDIA[11]!], QUIZZES);
    for (const u of urls) fake.put(MEDIA_CACHE, u, 'bytes');
    return urls;
  };

  it('a level counts as offline only with all its reads and files, for its owner', async () => {
    const urls = fill();
    expect(await isLevelOffline(3, 42)).toBe(false); // nobody claimed the caches
    await claimOfflineCachesFor(42); // unknown owner: cleared first
    expect(await isLevelOffline(3, 42)).toBe(false);
    fill();
    expect(await isLevelOffline(3, 42)).toBe(true);
    expect(await isLevelOffline(3, 7)).toBe(false); // another child
    expect(await isLevelOffline(4, 42)).toBe(false); // a level never downloaded
    fake.stores.get(MEDIA_CACHE)!.delete(new URL(urls[3]!, ORIGIN).href); // evicted
    expect(await isLevelOffline(3, 42)).toBe(false);
  });

  it('another child signing in clears the first child’s caches; the same child keeps them', async () => {
    await claimOfflineCachesFor(42);
    fill();
    fake.put('workbox-precache-v2', '/index.html', '<html>');
    await claimOfflineCachesFor(42);
    expect(await fake.has(API_CACHE)).toBe(true);
    await Promise.all([claimOfflineCachesFor(7), claimOfflineCachesFor(7)]);
    expect(await fake.has(API_CACHE)).toBe(false);
    expect(await fake.has(MEDIA_CACHE)).toBe(false);
    expect(await offlineCachesOwner()).toBe('7');
    expect(await fake.has('workbox-precache-v2')).toBe(true);
  });

  it('logout clears the API, media and owner caches and keeps the precache', async () => {
    await claimOfflineCachesFor(42);
    fill();
    fake.put('workbox-precache-v2', '/index.html', '<html>');
    await clearOfflineCaches();
    expect(await fake.keys()).toEqual(['workbox-precache-v2']);
    expect(await offlineCachesOwner()).toBe(null);
    expect(await fake.has(OWNER_CACHE)).toBe(false);
  });
});

describe('the banner and the update', () => {
  it('says where the connection is needed', () => {
    expect(offlineMessage('/logIn')).toBe(OFFLINE_MSG.login);
    expect(offlineMessage('/logIn/clase')).toBe(OFFLINE_MSG.login);
    expect(offlineMessage('/admin/nivel')).toBe(OFFLINE_MSG.admin);
    expect(offlineMessage('/admin')).toBe(OFFLINE_MSG.admin);
    expect(offlineMessage('/supmenu/3')).toBe(OFFLINE_MSG.learner);
    expect(offlineMessage('/administrar')).toBe(OFFLINE_MSG.learner);
    expect(OFFLINE_MSG.login).toContain('Para entrar necesitas conexión a internet.');
    expect(OFFLINE_MSG.admin).toContain('El panel de docentes necesita conexión a internet.');
  });

  it('a waiting version is announced, and "Actualizar" applies it with a reload', async () => {
    const seen: boolean[] = [];
    const off = subscribeUpdate(() => seen.push(updateWaiting()));
    expect(updateWaiting()).toBe(false);
    await applyUpdate(); // nothing waiting: nothing happens
    const apply = vi.fn(async (_reload?: boolean) => undefined);
    setUpdateWaiting(apply);
    expect(updateWaiting()).toBe(true);
    await applyUpdate();
    expect(apply).toHaveBeenCalledWith(true);
    expect(seen).toEqual([true, false]);
    off();
  });
});
