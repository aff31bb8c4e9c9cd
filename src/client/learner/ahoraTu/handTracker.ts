/**
 * On-device hand tracking for "¡Ahora tú!": MediaPipe Hands (@mediapipe/hands, Apache-2.0) loaded
 * from the app's own origin (HAND_MODEL_PATH) only when the child opens the dialog, never on the first
 * visit. Pictures are read in memory and dropped; only landmark numbers come out.
 *
 * hands.js is a classic script that defines `window.Hands` (it is not an ES module and loads its WASM
 * and data files by URL itself), so it is added as a <script> from 'self' rather than bundled.
 */
import { HAND_MODEL_COMPLEXITY, HAND_MODEL_PATH } from './modelFiles';
import { decodePreferred } from '../../sign/decode';
import { videoDuration } from '../../sign/videoDuration';
import { apiGet } from '../../api/http';
import type { StoredTrack } from '../../../shared/signPractice/stored';
import type { Point, Side, Track, TrackFrame } from '../../../shared/signPractice/compare';

interface HandsResults {
  multiHandLandmarks?: Point[][];
  multiHandedness?: { label: Side; score: number }[];
}
interface HandsLike {
  setOptions(o: Record<string, unknown>): void;
  onResults(cb: (r: HandsResults) => void): void;
  initialize(): Promise<void>;
  send(i: { image: HTMLVideoElement | HTMLCanvasElement | HTMLImageElement }): Promise<void>;
  close(): Promise<void>;
}
type HandsCtor = new (c: { locateFile: (file: string) => string }) => HandsLike;

/** Pictures larger than this (long side, px) are scaled down first: a 1080p frame costs ~5× a 480p one. */
const MAX_SIDE = 480;

let scriptLoad: Promise<HandsCtor> | null = null;
function loadScript(): Promise<HandsCtor> {
  scriptLoad ??= new Promise<HandsCtor>((resolve, reject) => {
    const w = window as unknown as { Hands?: HandsCtor };
    if (w.Hands) return resolve(w.Hands);
    const s = document.createElement('script');
    s.src = `${HAND_MODEL_PATH}hands.js`;
    s.async = true;
    s.onload = () => (w.Hands ? resolve(w.Hands) : reject(new Error('hands.js no definió Hands')));
    s.onerror = () => reject(new Error('No se pudo cargar hands.js'));
    document.head.appendChild(s);
  }).catch((err: unknown) => {
    scriptLoad = null;
    throw err;
  });
  return scriptLoad;
}

export interface HandTracker {
  /** The hand in one picture (or none), at time t (ms). */
  frame(image: HTMLVideoElement | HTMLCanvasElement, t: number): Promise<TrackFrame>;
  /** Drops what the model carried over from the last picture (it tracks between pictures). */
  forget(): Promise<void>;
  /** How long loading took (ms), for the measurements in the report and docs. */
  loadMs: number;
}

let trackerLoad: Promise<HandTracker> | null = null;

/** The tracker, loaded once per page (the model stays in memory while the child practises). */
export function loadHandTracker(): Promise<HandTracker> {
  trackerLoad ??= (async () => {
    const t0 = performance.now();
    const Hands = await loadScript();
    const hands = new Hands({ locateFile: (file) => `${HAND_MODEL_PATH}${file}` });
    // useCpuInference: without it the graph runs on WebGL, which on a tablet with a weak GPU (or
    // software rendering) is 10–20× slower for the same result (/work notes: ~75 ms against 0.9–1.8 s).
    // selfieMode off: the camera's picture and the reference video are both taken facing the person,
    // so they compare unflipped; the dialog mirrors only what it shows.
    hands.setOptions({
      maxNumHands: 1,
      modelComplexity: HAND_MODEL_COMPLEXITY,
      useCpuInference: true,
      selfieMode: false,
      minDetectionConfidence: 0.5,
      minTrackingConfidence: 0.5,
    });
    let last: HandsResults = {};
    hands.onResults((r) => {
      last = r;
    });
    await hands.initialize();
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    const blank = document.createElement('canvas');
    blank.width = blank.height = 32;
    blank.getContext('2d')?.fillRect(0, 0, 32, 32);

    const send = async (image: HTMLVideoElement | HTMLCanvasElement) => {
      const w = image instanceof HTMLVideoElement ? image.videoWidth : image.width;
      const h = image instanceof HTMLVideoElement ? image.videoHeight : image.height;
      const k = Math.min(1, MAX_SIDE / Math.max(w, h, 1));
      if (k < 1 && ctx) {
        canvas.width = Math.round(w * k);
        canvas.height = Math.round(h * k);
        ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
        await hands.send({ image: canvas });
      } else await hands.send({ image });
    };
    const tracker: HandTracker = {
      loadMs: 0,
      async frame(image, t) {
        last = {};
        await send(image);
        const points = last.multiHandLandmarks?.[0];
        const side = last.multiHandedness?.[0]?.label;
        return points && side ? { t, side, points: points.map((p) => ({ x: p.x, y: p.y })) } : { t };
      },
      async forget() {
        await hands.send({ image: blank });
      },
    };
    tracker.loadMs = Math.round(performance.now() - t0);
    return tracker;
  })().catch((err: unknown) => {
    trackerLoad = null;
    throw err;
  });
  return trackerLoad;
}

/**
 * Tracks the live camera for `ms`: as many pictures as the model keeps up with (~10–16 a second on a
 * 2-core machine). Each picture is read from the <video> and dropped.
 */
export async function trackLive(tracker: HandTracker, video: HTMLVideoElement, ms: number, signal?: AbortSignal): Promise<{ track: Track; fps: number }> {
  await tracker.forget();
  const track: Track = [];
  const t0 = performance.now();
  while (performance.now() - t0 < ms && !signal?.aborted) {
    track.push(await tracker.frame(video, performance.now() - t0));
  }
  const span = (performance.now() - t0) / 1000;
  return { track, fps: track.length / Math.max(span, 0.001) };
}

/** Reference tracks computed in this page, by the sign's address (computed once per page). */
const referenceCache = new Map<string, Promise<{ track: Track; ms: number }>>();

/** Pictures a second taken from a sign video for its reference track. */
const VIDEO_FPS = 10;

/** The sign's stored track (GET trazo?url=), or null when it has none or it cannot be read now (offline). */
async function storedTrack(storedUrl: string): Promise<{ track: Track; ms: number } | null> {
  try {
    const { data } = await apiGet<{ data: StoredTrack | null }>('trazo', { query: { url: storedUrl } });
    return data && data.track.some((f) => f.points) ? data : null;
  } catch {
    return null;
  }
}

/**
 * The reference track of a sign: the one stored with the sign (computed once in a teacher's browser
 * by this same code) when there is one, else computed here from its pictures (GIF, its compact
 * rendition, or a video); kept in memory for the page either way.
 */
export function referenceTrack(
  tracker: HandTracker,
  src: string,
  compactSrc: string | null | undefined,
  kind: 'video' | 'auto',
  storedUrl?: string | null,
): Promise<{ track: Track; ms: number }> {
  const key = `${src}|${compactSrc ?? ''}`;
  let p = referenceCache.get(key);
  if (!p) {
    p = (async () => (storedUrl ? await storedTrack(storedUrl) : null) ?? computeReferenceTrack(tracker, src, compactSrc, kind))().catch((err: unknown) => {
      referenceCache.delete(key);
      throw err;
    });
    referenceCache.set(key, p);
  }
  return p;
}

/** The reference track computed from the sign's pictures (what a teacher's "Construir trazos" stores). */
export function computeReferenceTrack(tracker: HandTracker, src: string, compactSrc: string | null | undefined, kind: 'video' | 'auto') {
  return kind === 'video' ? videoTrack(tracker, src) : animatedTrack(tracker, src, compactSrc);
}

async function animatedTrack(tracker: HandTracker, src: string, compactSrc: string | null | undefined) {
  const { sign } = await decodePreferred(src, compactSrc);
  const canvas = document.createElement('canvas');
  canvas.width = sign.width;
  canvas.height = sign.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Sin canvas 2D');
  await tracker.forget();
  const track: Track = [];
  let t = 0;
  for (const f of sign.frames) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(f.image, 0, 0);
    track.push(await tracker.frame(canvas, t));
    t += f.delay;
  }
  return { track, ms: t };
}

async function videoTrack(tracker: HandTracker, src: string) {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.src = src;
  await new Promise<void>((resolve, reject) => {
    video.onloadeddata = () => resolve();
    video.onerror = () => reject(new Error('No se pudo leer el video de la seña'));
  });
  // A sign recorded whole is stored as the camera wrote it, a WebM that states no length. Chromium
  // finds it in the served file by loadeddata, but says Infinity for the same bytes from a blob, and
  // stepping to an Infinity end would never stop ("Calculando el trazo…" for good): the length is
  // found the way the recorder finds it, and a sign whose length cannot be found fails instead.
  const seconds = await videoDuration(video);
  if (!Number.isFinite(seconds)) throw new Error('No se pudo leer la duración del video de la seña');
  const ms = Math.round(seconds * 1000);
  await tracker.forget();
  const track: Track = [];
  for (let t = 0; t <= ms; t += 1000 / VIDEO_FPS) {
    await new Promise<void>((resolve) => {
      video.onseeked = () => resolve();
      video.currentTime = t / 1000;
    });
    track.push(await tracker.frame(video, t));
  }
  video.removeAttribute('src');
  video.load();
  return { track, ms };
}
