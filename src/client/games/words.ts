/**
 * The page side of "scenes never fetch": turns the API's palabra and multimedia replies into the
 * GameWord list the scenes receive. Pure functions here (unit-tested); the fetching is in
 * useGameWords.ts.
 */
import type { GameWord } from '../../../games/shared/types';
import { mediaUrl } from '../api/http';
import { mediaBy, signMedia } from '../sign/signMedia';

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
