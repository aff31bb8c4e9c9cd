/**
 * The six media slots of a word (screens-backoffice.md B-6.2: the descripcion values in use) and which tipo a file gets in
 * each, by its kind. Shared by the word media page, the bulk import and the server.
 */
export type MediaKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp3' | 'ogg' | 'wav' | 'mp4' | 'webm';

export interface MediaSlot {
  descripcion: 'gifSena' | 'gifmenu' | 'imgEspanol' | 'imgIngles' | 'audioEspanol' | 'audioIngles';
  /** Spanish label shown to staff. */
  label: string;
  /** File kinds the slot takes, each with the multimedia tipo it is saved as. */
  kinds: Partial<Record<MediaKind, 'imagen' | 'audio' | 'video' | 'gif'>>;
  /** What the drop zone says it takes. */
  accepts: string;
}

export const MEDIA_SLOTS: readonly MediaSlot[] = [
  { descripcion: 'gifSena', label: 'Seña (GIF o video)', kinds: { gif: 'gif', mp4: 'video', webm: 'video' }, accepts: 'GIF, MP4 o WEBM' },
  { descripcion: 'gifmenu', label: 'GIF del menú', kinds: { gif: 'gif' }, accepts: 'GIF' },
  { descripcion: 'imgEspanol', label: 'Imagen (español)', kinds: { jpeg: 'imagen', png: 'imagen', gif: 'imagen' }, accepts: 'JPG, PNG o GIF' },
  { descripcion: 'imgIngles', label: 'Imagen (inglés)', kinds: { jpeg: 'imagen', png: 'imagen', gif: 'imagen' }, accepts: 'JPG, PNG o GIF' },
  { descripcion: 'audioEspanol', label: 'Audio (español)', kinds: { mp3: 'audio', ogg: 'audio', wav: 'audio', mp4: 'audio' }, accepts: 'MP3, OGG, WAV o M4A' },
  { descripcion: 'audioIngles', label: 'Audio (inglés)', kinds: { mp3: 'audio', ogg: 'audio', wav: 'audio', mp4: 'audio' }, accepts: 'MP3, OGG, WAV o M4A' },
];

export const slotOf = (descripcion: string) => MEDIA_SLOTS.find((s) => s.descripcion === descripcion) ?? null;

/** A file's kind from its name or MIME type (the server checks the bytes again). */
export function kindOfFile(name: string, mime = ''): MediaKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const byExt: Record<string, MediaKind> = {
    jpg: 'jpeg',
    jpeg: 'jpeg',
    png: 'png',
    gif: 'gif',
    webp: 'webp',
    mp3: 'mp3',
    ogg: 'ogg',
    oga: 'ogg',
    wav: 'wav',
    m4a: 'mp4',
    mp4: 'mp4',
    webm: 'webm',
  };
  if (byExt[ext]) return byExt[ext];
  const m = mime.toLowerCase();
  if (m.startsWith('video/webm')) return 'webm';
  if (m.startsWith('video/mp4') || m === 'audio/mp4') return 'mp4';
  if (m === 'image/gif') return 'gif';
  if (m === 'image/png') return 'png';
  if (m === 'image/jpeg') return 'jpeg';
  if (m === 'audio/mpeg') return 'mp3';
  if (m.startsWith('audio/ogg')) return 'ogg';
  if (m.startsWith('audio/wav') || m === 'audio/x-wav') return 'wav';
  return null;
}

/** The tipo a file of this kind is saved as in this slot, or null when the slot does not take it. */
export function tipoFor(slot: MediaSlot, kind: MediaKind | null): 'imagen' | 'audio' | 'video' | 'gif' | null {
  return kind ? (slot.kinds[kind] ?? null) : null;
}
