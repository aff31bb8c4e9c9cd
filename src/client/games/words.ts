/**
 * The page side of "scenes never fetch": turns the API's palabra and multimedia replies into the
 * GameWord list the scenes receive. Pure functions here (unit-tested); the fetching is in
 * useGameWords.ts.
 */
import type { GameWord } from '../../shared/rules/games/types';
import { mediaUrl } from '../api/http';
import { mediaBy, signMedia } from '../../shared/rules/signMedia';

export interface ApiPalabra {
  id_palabra: number;
  palabraEspanol: string;
  palabraIngles?: string | null;
  id_nivel: number;
}

export interface ApiMultimedia {
  tipo?: string | null;
  descripcion?: string | null;
  url?: string | null;
  compacta?: { url?: string | null } | null;
}

/** `GET palabra/nivel/{id}` is a plain array, `GET palabra/getPalabras` is `{data:[...]}`: accept both. */
export function palabrasFrom(body: unknown): ApiPalabra[] {
  const list = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown })?.data) ? (body as { data: unknown[] }).data : [];
  return list.filter(
    (p): p is ApiPalabra =>
      typeof p === 'object' && p !== null && Number.isInteger((p as ApiPalabra).id_palabra) && typeof (p as ApiPalabra).palabraEspanol === 'string',
  );
}

/** `GET multimedia/palabra/{id}` → `{data:[...]}` (a plain array is accepted too). */
export function multimediaFrom(body: unknown): ApiMultimedia[] {
  const list = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown })?.data) ? (body as { data: unknown[] }).data : [];
  return list.filter((m): m is ApiMultimedia => typeof m === 'object' && m !== null && typeof (m as ApiMultimedia).url === 'string');
}

/**
 * The word's picture for the canvas: imgEspanol, else imgIngles, else any image, else the menu GIF
 * (its first frame). The animated sign for the DOM overlay: the learner screens' one picker
 * (sign/signMedia.ts), null when the word has none: the games skip such words (useGameWords).
 */
export function pickMedia(media: readonly ApiMultimedia[]): { image: string | null; sign: string | null; signCompact: string | null } {
  const image =
    mediaBy(media, 'imgEspanol') ??
    mediaBy(media, 'imgIngles') ??
    media.find((m) => (m.tipo ?? '').trim().toLowerCase() === 'imagen') ??
    mediaBy(media, 'gifmenu');
  const sign = signMedia(media);
  return { image: mediaUrl(image?.url), sign: mediaUrl(sign?.url), signCompact: mediaUrl(sign?.compacta?.url) };
}

export function toGameWord(p: ApiPalabra, media: readonly ApiMultimedia[]): GameWord {
  const { image, sign, signCompact } = pickMedia(media);
  return { id: p.id_palabra, es: p.palabraEspanol, en: p.palabraIngles ?? '', nivelId: p.id_nivel, image, sign, signCompact };
}

/** True when the sign URL is a video file (shown with <video>, not <img>). */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|webm|ogv|mov)(\?|$)/i.test(url);
}

/** One word of `GET repaso/juego/{id}` (routes.md ): the child's memory of a word of the level. */
export interface PracticeEntry {
  id_palabra: number;
  /** 0–3 from the predicted recall now; 0 also for a word never reviewed. */
  estrellas: number;
  /** Reviewed before and its review date has come. */
  pendiente: boolean;
}

/** `GET repaso/juego/{id}` → `{data:[...]}` (server order: most overdue first, then weakest). */
export function practiceFrom(body: unknown): PracticeEntry[] {
  const list = Array.isArray((body as { data?: unknown })?.data) ? (body as { data: unknown[] }).data : [];
  return list.filter(
    (e): e is PracticeEntry =>
      typeof e === 'object' &&
      e !== null &&
      Number.isInteger((e as PracticeEntry).id_palabra) &&
      typeof (e as PracticeEntry).estrellas === 'number' &&
      typeof (e as PracticeEntry).pendiente === 'boolean',
  );
}

/**
 * How many words a game gets from a chosen level when the child has words to practise. The
 * rules (src/shared/rules/games/<game>.ts) still shuffle what they get and keep their counts (games.md G-3 … G-5); this only
 * decides which words they get:
 * - hangman: like order words, one run plays every word it gets once, in levels of 5, up to 50
 *   (a short level ends the run when its words are used), so it gets up to 50 and every due word
 *   is in the run;
 * - cards: one chosen level is one game level with a pool of 5, so the 5 words to practise are that pool;
 * - order words: one game plays every word it gets once, up to 10 levels × 5 = 50, so a level of
 *   up to 50 words already includes every due word (narrowing would only shorten the game).
 */
export const PRACTICE_SET_SIZE: Readonly<Record<'hangman' | 'cards' | 'orderWords', number>> = Object.freeze({ hangman: 50, cards: 5, orderWords: 50 });

/**
 * The words a game gets from a chosen level (docs/product/games.md G-6): the due words
 * first (in the server's order, most overdue first), then the weak ones (reviewed, 1–2 stars, fewest
 * first), then the rest shuffled, cut to `size`. When nothing is due or weak, or the level has no
 * more than `size` words, the list is returned as it came (the games stay as random as before).
 * Words the memory does not mention count as "the rest".
 */
export function practiceWords<W extends { id: number }>(
  words: readonly W[],
  practice: readonly PracticeEntry[],
  size: number,
  rng: () => number = Math.random,
): W[] {
  if (words.length <= size) return words.slice();
  const byId = new Map(words.map((w) => [w.id, w]));
  const due: W[] = [];
  const weak: { w: W; stars: number; at: number }[] = [];
  const taken = new Set<number>();
  practice.forEach((e, at) => {
    const w = byId.get(e.id_palabra);
    if (!w || taken.has(w.id)) return;
    if (e.pendiente) due.push(w);
    else if (e.estrellas >= 1 && e.estrellas <= 2) weak.push({ w, stars: e.estrellas, at });
    else return;
    taken.add(w.id);
  });
  if (!taken.size) return words.slice();
  weak.sort((a, b) => a.stars - b.stars || a.at - b.at);
  const rest = words.filter((w) => !taken.has(w.id));
  // Fisher–Yates on a copy (the rules' seeded shuffle lives in games/shared; here Math.random is fine: the page is not pure).
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(rng() * (i + 1)));
    [rest[i], rest[j]] = [rest[j] as W, rest[i] as W];
  }
  return [...due, ...weak.map((x) => x.w), ...rest].slice(0, size);
}

/** One item of `GET repaso/sesion` as far as the games need it (ReviewItem). */
interface ReviewSessionWord extends ApiPalabra {
  /** True for a word seen or never seen (not due): only due words fill a run. */
  nuevo: boolean;
}

/**
 * The words of `GET repaso/sesion` (`{data: ReviewItem[]}`, due words first) that may fill a short
 * run of level `nivelId`: the due ones (`nuevo` false) of other levels, in the server's order (most
 * overdue first). Anything else in the reply is ignored.
 */
export function dueReviewFrom(body: unknown, nivelId: number): ApiPalabra[] {
  const list = Array.isArray((body as { data?: unknown })?.data) ? (body as { data: unknown[] }).data : [];
  return palabrasFrom(list).filter((p) => (p as Partial<ReviewSessionWord>).nuevo === false && Number.isInteger(p.id_nivel) && p.id_nivel !== nivelId);
}

/**
 * A chosen level's words, filled with review words up to `size`: the level's words as they are,
 * then the review words not already in the list (by id or by Spanish text), marked `repaso` so the
 * rules play them after the level's own words. A level with `size` words or more is returned as is.
 */
export function fillWithReview(levelWords: readonly GameWord[], review: readonly GameWord[], size: number): GameWord[] {
  const out = levelWords.slice();
  if (out.length >= size) return out;
  const ids = new Set(out.map((w) => w.id));
  const texts = new Set(out.map((w) => w.es.trim().toLocaleLowerCase('es')));
  for (const w of review) {
    if (out.length >= size) break;
    const text = w.es.trim().toLocaleLowerCase('es');
    if (ids.has(w.id) || texts.has(text)) continue;
    ids.add(w.id);
    texts.add(text);
    out.push({ ...w, repaso: true });
  }
  return out;
}
