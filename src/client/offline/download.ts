/**
 * "Descargar para usar sin conexión" (screens-learner.md L-11): a level's API reads and every media file of its
 * words and quiz, fetched once through the service worker, which keeps them ('manitas-api' and
 * 'manitas-media', src/client/offline/pwaOptions.ts). Whether a level is available offline is read
 * from those caches themselves, so a level whose files were evicted stops saying so.
 */
import { mediaUrl } from '../api/http';
import { claimOfflineCachesFor, offlineCachesOwner } from './caches';
import { API_CACHE, MEDIA_CACHE } from './cacheNames';

/** The parts of the API's answers the download reads (shapes of src/shared/resources). */
interface LevelLike {
  id_nivel: number;
  imagen?: string | null;
}
export interface MediaLike {
  url: string;
  compacta?: { url: string } | null;
}
export interface QuizLike {
  id_nivel: number | string;
  preguntas?: { imagen: string | null; multimedia?: MediaLike | null; respuestas?: { imagen: string | null; multimedia?: MediaLike | null }[] }[];
}

/**
 * The API reads a level's screens make (level menu, word screen, quiz, games), as paths after
 * `api/`: what the download asks for so each screen opens offline.
 */
export function levelReadPaths(levelId: number, userId: number, wordIds: readonly number[]): string[] {
  return [
    'nivel/getNivels',
    `palabra/nivel/${levelId}`,
    ...wordIds.map((w) => `multimedia/palabra/${w}`),
    'evaluacion/detalles',
    `evaluacion/resultados/usuario/${userId}`,
    `progreso/usuario/${userId}`,
    'partidas/resumen',
    `repaso/nivel/${levelId}`,
    `repaso/juego/${levelId}`,
  ];
}

/** The reads without which the level cannot open offline (the rest only add progress and stars). */
export function essentialReadPaths(levelId: number, wordIds: readonly number[]): string[] {
  return ['nivel/getNivels', `palabra/nivel/${levelId}`, ...wordIds.map((w) => `multimedia/palabra/${w}`), 'evaluacion/detalles'];
}

/** Only this app's uploaded files are cached (pictures from elsewhere, data: and blob: are not). */
const uploaded = (u: string | null) => (u && u.startsWith('/uploads/') ? u : null);

/**
 * Every media file of a level, once each: the level's picture, each word's files (signs, their
 * compact WebP renditions, pictures, audio) and the pictures and signs of its quiz's questions and answers.
 */
export function levelMediaUrls(levelId: number, level: LevelLike | null, media: readonly MediaLike[], quizzes: readonly QuizLike[]): string[] {
  const out = new Set<string>();
  const add = (u: string | null) => {
    const x = uploaded(u);
    if (x) out.add(x);
  };
  add(mediaUrl(level?.imagen, 'niveles'));
  for (const m of media) {
    add(mediaUrl(m.url));
    add(mediaUrl(m.compacta?.url));
  }
  for (const q of quizzes.filter((e) => Number(e.id_nivel) === levelId))
    for (const p of q.preguntas ?? []) {
      add(mediaUrl(p.imagen, 'preguntas'));
      // A sign question's sign and its sign or picture choices (a word's media, maybe of another level).
      add(mediaUrl(p.multimedia?.url));
      add(mediaUrl(p.multimedia?.compacta?.url));
      for (const r of p.respuestas ?? []) {
        add(mediaUrl(r.imagen, 'respuestas'));
        add(mediaUrl(r.multimedia?.url));
        add(mediaUrl(r.multimedia?.compacta?.url));
      }
    }
  return [...out];
}

const list = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (((r as { data?: T[] } | null)?.data ?? []) as T[]));

/** The words of a level in an answer of `palabra/nivel/{id}` (a list, or `{data}`). */
export const wordIdsOf = (r: unknown): number[] => list<{ id_palabra: number }>(r).map((w) => w.id_palabra);

export class DownloadError extends Error {}

const MSG = {
  noWorker: 'La app todavía se está preparando para funcionar sin conexión. Inténtalo de nuevo en unos segundos.',
  offline: 'No hay conexión a internet. Conéctate para descargar el nivel.',
  failed: (n: number) => `No se pudieron descargar ${n} ${n === 1 ? 'archivo' : 'archivos'}. Revisa la conexión e inténtalo de nuevo.`,
  notKept: 'La tableta no guardó el nivel completo; puede que no quede espacio. Inténtalo de nuevo.',
} as const;

const abs = (p: string) => new URL(p, location.origin).href;
const apiUrl = (path: string) => `/api/${path}`;

async function cached(cacheName: string, url: string): Promise<Response | undefined> {
  return caches.match(abs(url), { cacheName, ignoreVary: true });
}

/**
 * Whether everything a level needs offline is in the caches now, for this user: its essential
 * reads and every media file they name. Read from Cache Storage only (works offline; never asks the
 * network). Caches filled for another child do not count (they are cleared at their next claim).
 */
export async function isLevelOffline(levelId: number, userId: number): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    if ((await offlineCachesOwner()) !== String(userId)) return false;
    const words = await cached(API_CACHE, apiUrl(`palabra/nivel/${levelId}`));
    if (!words) return false;
    const ids = wordIdsOf(await words.json());
    const reads = await Promise.all(essentialReadPaths(levelId, ids).map((p) => cached(API_CACHE, apiUrl(p))));
    if (reads.some((r) => !r)) return false;
    const [levels, , ...rest] = reads as Response[];
    const quizzes = rest.pop()!;
    const media = (await Promise.all(rest.map((r) => r.json()))).flatMap((r) => list<MediaLike>(r));
    const level = list<LevelLike>(await levels.json()).find((l) => l.id_nivel === levelId) ?? null;
    const urls = levelMediaUrls(levelId, level, media, list<QuizLike>(await quizzes.json()));
    const files = await Promise.all(urls.map((u) => cached(MEDIA_CACHE, u)));
    return files.every(Boolean);
  } catch {
    return false;
  }
}

export interface Progress {
  done: number;
  total: number;
}

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Downloads a level for offline use. Every request goes through the service worker (the page
 * never writes the caches itself, so Workbox's expiration keeps its bookkeeping); afterwards the
 * caches are read back so "Disponible sin conexión" is only said when it is true.
 */
export async function downloadLevel(levelId: number, userId: number, onProgress: (p: Progress) => void, signal?: AbortSignal): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new DownloadError(MSG.offline);
  await claimOfflineCachesFor(userId);
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw?.controller) throw new DownloadError(MSG.noWorker);
  const token = localStorage.getItem('token');
  const headers: Record<string, string> = { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  let failed = 0;
  const progress = { done: 0, total: 0 };
  // The total is told once it is known (after the reads, which name the files), so it never jumps;
  // until then the screen says it is preparing (total 0).
  let told = false;
  const step = () => {
    progress.done++;
    if (told) onProgress({ ...progress });
  };
  /** A failed non-essential read (progress, stars) does not fail the download: the screens work without it. */
  const get = async (url: string, api: boolean, essential = true): Promise<Response | null> => {
    try {
      const res = await fetch(url, { headers: api ? headers : undefined, credentials: 'same-origin', signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      // A file counts once its whole body is in (so the service worker has stored the whole file).
      if (!api) await res.arrayBuffer();
      return res;
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      if (essential) failed++;
      return null;
    } finally {
      step();
    }
  };
  const json = async (r: Response | null) => (r ? ((await r.json()) as unknown) : null);

  // The words first: they name the rest.
  progress.total = 1;
  onProgress({ done: 0, total: 0 });
  const wordsRes = await get(apiUrl(`palabra/nivel/${levelId}`), true);
  if (!wordsRes) throw new DownloadError(MSG.failed(1));
  const ids = wordIdsOf(await wordsRes.json());
  const reads = levelReadPaths(levelId, userId, ids).filter((p) => p !== `palabra/nivel/${levelId}`);
  progress.total += reads.length;
  const answers = new Map<string, unknown>();
  const essential = new Set(essentialReadPaths(levelId, ids));
  await pool(reads, 4, async (p) => {
    answers.set(p, await json(await get(apiUrl(p), true, essential.has(p))));
  });
  const media = ids.flatMap((w) => list<MediaLike>(answers.get(`multimedia/palabra/${w}`)));
  const level = list<LevelLike>(answers.get('nivel/getNivels')).find((l) => l.id_nivel === levelId) ?? null;
  const urls = levelMediaUrls(levelId, level, media, list<QuizLike>(answers.get('evaluacion/detalles')));
  progress.total += urls.length;
  told = true;
  onProgress({ ...progress });
  await pool(urls, 4, async (u) => {
    await get(u, false);
  });
  if (failed > 0) throw new DownloadError(MSG.failed(failed));
  // Workbox stores each answer just after handing it over: wait for the writes to land.
  for (let i = 0; i < 20; i++) {
    if (await isLevelOffline(levelId, userId)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new DownloadError(MSG.notKept);
}
