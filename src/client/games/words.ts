/**
 * The page side of "scenes never fetch": turns the API's palabra and multimedia replies into the
 * GameWord list the scenes receive. Pure functions here (unit-tested); the fetching is in
 * useGameWords.ts.
 */
import type { GameWord } from '../../../games/shared/types';
import { mediaUrl } from '../api/http';

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

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
const isVideo = (m: ApiMultimedia) => norm(m.tipo) === 'video' || /\.(mp4|webm|ogv|mov)$/i.test(m.url ?? '');

/**
 * The word's picture for the canvas: imgEspanol, else imgIngles, else any image, else the menu GIF
 * (its first frame). The animated sign for the DOM overlay: gifSena, else any other GIF, else a
 * video, else null: the menu GIF is not a sign, and the games skip words without one (useGameWords).
 */
export function pickMedia(media: readonly ApiMultimedia[]): { image: string | null; sign: string | null; signCompact: string | null } {
  const by = (d: string) => media.find((m) => norm(m.descripcion) === d.toLowerCase());
  const image =
    by('imgEspanol') ?? by('imgIngles') ?? media.find((m) => norm(m.tipo) === 'imagen') ?? by('gifmenu') ?? null;
  const sign =
    by('gifSena') ?? media.find((m) => norm(m.tipo) === 'gif' && norm(m.descripcion) !== 'gifmenu') ?? media.find(isVideo) ?? null;
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
