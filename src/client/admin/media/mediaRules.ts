/**
 * Pure rules of the word media page and the sign recorder (no React, no DOM), unit-tested in
 * tests/unit/admin/wordMedia.test.ts.
 */
import { formatBytes as formatSize } from '../../../shared/rules/bytes';
import { kindOfFile, tipoFor, type MediaKind, type MediaSlot } from '../../../shared/rules/mediaSlots';

/** One multimedia row of `GET multimedia/palabra/{id}` (tamano / compacta when the server sends them). */
export interface WordMediaRow {
  id: number;
  tipo: string;
  descripcion: string;
  url: string;
  id_palabra?: number;
  tamano?: number | null;
  compacta?: { url: string; tamano?: number | null } | null;
}

/** `{data:[...]}` (or a plain array) → the rows that carry a url. */
export function mediaRowsFrom(body: unknown): WordMediaRow[] {
  const list = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown } | null)?.data) ? (body as { data: unknown[] }).data : [];
  return list.filter(
    (m): m is WordMediaRow => typeof m === 'object' && m !== null && typeof (m as WordMediaRow).url === 'string' && typeof (m as WordMediaRow).id === 'number',
  );
}

/**
 * The row each slot shows: the first one (lowest id) with that descripcion, the one the learner
 * screens show (they take the first match of the list, which the server orders by id). Uploading
 * into a filled slot replaces that row, so a word keeps one file per slot.
 */
export function rowForSlot(rows: readonly WordMediaRow[], descripcion: string): WordMediaRow | null {
  let best: WordMediaRow | null = null;
  for (const r of rows) if (r.descripcion === descripcion && (!best || r.id < best.id)) best = r;
  return best;
}

/** POST register for an empty slot, PUT update over the slot's row otherwise. */
export function uploadTarget(existing: { id: number } | null): { method: 'POST' | 'PUT'; path: string } {
  return existing ? { method: 'PUT', path: `multimedia/update/${existing.id}` } : { method: 'POST', path: 'multimedia/register' };
}

const es1 = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** A file size as staff read it: "820 B", "58 KB", "1,2 MB", "12 MB"; null when there is none. */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return null;
  return formatSize(bytes, { mbWholeFrom10: true });
}

/** The MIME types (and extensions) of each kind, for the file dialog's filter. */
const MIME_OF: Record<MediaKind, Record<string, string[]>> = {
  jpeg: { 'image/jpeg': ['.jpg', '.jpeg'] },
  png: { 'image/png': ['.png'] },
  gif: { 'image/gif': ['.gif'] },
  webp: { 'image/webp': ['.webp'] },
  mp3: { 'audio/mpeg': ['.mp3'] },
  ogg: { 'audio/ogg': ['.ogg', '.oga'] },
  wav: { 'audio/wav': ['.wav'], 'audio/x-wav': [] },
  mp4: { 'video/mp4': ['.mp4'] },
  webm: { 'video/webm': ['.webm'] },
};

/** react-dropzone's `accept` for a slot (an audio slot takes M4A, i.e. audio/mp4). */
export function acceptFor(slot: MediaSlot): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [kind, tipo] of Object.entries(slot.kinds) as [MediaKind, string][]) {
    const entries = kind === 'mp4' && tipo === 'audio' ? { 'audio/mp4': ['.m4a'], 'audio/x-m4a': [] } : MIME_OF[kind];
    for (const [mime, exts] of Object.entries(entries)) out[mime] = [...(out[mime] ?? []), ...exts];
  }
  return out;
}

type FileCheck = { ok: true; tipo: 'imagen' | 'audio' | 'video' | 'gif' } | { ok: false; msg: string };

/**
 * Whether the chosen/dropped files suit the slot, decided before anything is sent (the server
 * checks the bytes again): exactly one file, of a kind the slot takes; then the tipo it is saved as.
 */
export function checkFiles(slot: MediaSlot, files: readonly { name: string; type?: string }[]): FileCheck {
  if (files.length === 0) return { ok: false, msg: `Elige un archivo ${slot.accepts}.` };
  if (files.length > 1) return { ok: false, msg: `Suelta un solo archivo en «${slot.label}».` };
  const f = files[0]!;
  const tipo = tipoFor(slot, kindOfFile(f.name, f.type ?? ''));
  if (!tipo) return { ok: false, msg: `«${f.name}» no sirve para «${slot.label}». Elige un archivo ${slot.accepts}.` };
  return { ok: true, tipo };
}

/** How the slot is previewed: sign player, image, or audio controls. */
export function previewKind(descripcion: string, tipo: string): 'sign' | 'image' | 'audio' | 'video' {
  const t = tipo.toLowerCase();
  if (descripcion === 'gifSena') return 'sign';
  if (t === 'audio') return 'audio';
  if (t === 'video') return 'video';
  return 'image';
}

// ---------------------------------------------------------------------------------------------
// Recording

/** Longest recording (a sign takes 1–4 s), the countdown and the bit rate (a 6 s sign ≈ 220 KB). */
export const MAX_RECORDING_MS = 6000;
export const COUNTDOWN_FROM = 3;
export const VIDEO_BITS_PER_SECOND = 300_000;
/** The camera request: the front camera (a tablet's selfie camera), 640×480 if it can. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
  audio: false,
};

/** The recorder formats in order of preference: WebM (VP9, VP8) where Chrome/Firefox record it, MP4 on Safari. */
export const RECORDER_MIME_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'] as const;

/** The first format the browser records, or null (then MediaRecorder picks its own). */
export function pickRecorderMime(isTypeSupported: ((t: string) => boolean) | undefined): string | null {
  if (!isTypeSupported) return null;
  for (const t of RECORDER_MIME_TYPES) {
    try {
      if (isTypeSupported(t)) return t;
    } catch {
      /* a browser that throws on a type it does not know */
    }
  }
  return null;
}

/** The file a recording is uploaded as: its container without codecs, and a matching name. */
export function recordingFile(mime: string | null | undefined, word: string): { type: string; name: string } {
  const base = (mime ?? '').split(';')[0]!.trim().toLowerCase();
  const ext = base === 'video/mp4' ? 'mp4' : 'webm';
  const slug =
    word
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'palabra';
  return { type: base || `video/${ext}`, name: `sena-${slug}.${ext}` };
}

export const CAMERA_MSG = {
  blocked: 'No se pudo usar la cámara: el permiso está bloqueado. Permite la cámara en el navegador e inténtalo de nuevo.',
  missing: 'Este dispositivo no tiene cámara.',
  unsupported: 'Este navegador no puede grabar video aquí. Abre Manitas con https o en otro navegador.',
  busy: 'La cámara está ocupada por otra aplicación. Ciérrala e inténtalo de nuevo.',
  generic: 'No se pudo usar la cámara. Inténtalo de nuevo.',
  recording: 'No se pudo grabar el video. Inténtalo de nuevo.',
  trimming: 'No se pudo recortar el video. Guárdalo sin recortar o grábalo de nuevo.',
} as const;

/** Whether this page can record at all: camera access (secure contexts only) and MediaRecorder. */
export function canRecordHere(env: { mediaDevices?: { getUserMedia?: unknown } | null; MediaRecorder?: unknown }): boolean {
  return typeof env.mediaDevices?.getUserMedia === 'function' && typeof env.MediaRecorder === 'function';
}

/** A getUserMedia / MediaRecorder failure in Spanish, by the DOMException's name. */
export function cameraErrorMessage(err: unknown): string {
  const name = (err as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return CAMERA_MSG.blocked;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return CAMERA_MSG.missing;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return CAMERA_MSG.busy;
    case 'NotSupportedError':
    case 'TypeError':
      return CAMERA_MSG.unsupported;
    default:
      return CAMERA_MSG.generic;
  }
}

/**
 * Two moments of one recording, in ms on one clock (performance.now()). The recorder's `start`
 * event is not one of them: on a busy tablet it came up to 1,9 s after the first frame.
 */
export interface RecordingTimes {
  /** Just before MediaRecorder.start(): no frame of the file is older. */
  called: number;
  /** The recorder's `stop` event: no frame of the file is newer. */
  stopped: number;
}

/**
 * A recording's length in ms, what the review's total and the trim's end are made from.
 * - The file's own length (`fileMs`, read from the file) when it was found: every frame of the file
 *   was taken between start() and the stop event, so a figure longer than that span (half a second
 *   of slack for the last frame's length) is a misread and the span is used instead. A total held to
 *   the late `start` event left the last part of the sign out of reach of the trim.
 * - Otherwise (the browser did not find the file's length in time) that same span from start() to
 *   the stop, never more than the longest recording. Not from the `start` event: being late, it
 *   made a 1,2 s recording on a busy machine a few tenths long, too short for the trim to move at
 *   all, so the clip was saved whole. A span a little longer than the file only lets the end
 *   handle go past the last frame, which cuts nothing.
 */
export function recordingLength(fileMs: number, t: RecordingTimes, maxMs = MAX_RECORDING_MS): number {
  const span = Math.max(0, t.stopped - t.called);
  if (Number.isFinite(fileMs) && fileMs > 0) return Math.min(fileMs, span + 500);
  return Math.min(maxMs, span);
}

/** The remaining share (1 → 0) and whole seconds left of a recording `elapsedMs` in. */
export function remaining(elapsedMs: number, maxMs = MAX_RECORDING_MS): { fraction: number; seconds: number } {
  const left = Math.min(maxMs, Math.max(0, maxMs - elapsedMs));
  return { fraction: left / maxMs, seconds: Math.ceil(left / 1000) };
}

// ---------------------------------------------------------------------------------------------
// Trimming (the range slider works in tenths of a second)

/** Shortest clip the trim allows (0,5 s): a sign is never shorter. */
export const MIN_CLIP_TENTHS = 5;

/** A recording's length in tenths (at least 1). */
export function durationTenths(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.max(1, Math.round(ms / 100)) : 1;
}

/**
 * A range the slider may hold: inside [0, total], start before end, at least MIN_CLIP_TENTHS long
 * (or the whole clip when it is shorter). `moved` says which handle the person moves, so the other
 * one stays put when the gap closes.
 */
export function clampRange(range: readonly [number, number], total: number, moved: 0 | 1 = 1): [number, number] {
  const gap = Math.min(MIN_CLIP_TENTHS, total);
  let a = Math.round(Math.min(Math.max(0, Math.min(range[0], range[1])), total));
  let b = Math.round(Math.min(Math.max(0, Math.max(range[0], range[1])), total));
  if (b - a < gap) {
    if (moved === 0) {
      a = Math.max(0, b - gap);
      if (b - a < gap) b = a + gap;
    } else {
      b = Math.min(total, a + gap);
      if (b - a < gap) a = b - gap;
    }
  }
  return [a, b];
}

/** True when the range keeps the whole recording (then the recorded file is uploaded as is). */
export function isWholeClip(range: readonly [number, number], total: number): boolean {
  return range[0] <= 0 && range[1] >= total;
}

/** The range in seconds, for seeking and for the trimmer. */
export function rangeSeconds(range: readonly [number, number]): { start: number; end: number } {
  return { start: range[0] / 10, end: range[1] / 10 };
}

/** "1,5 s" */
export function formatTenths(tenths: number): string {
  return `${es1.format(tenths / 10)} s`;
}
