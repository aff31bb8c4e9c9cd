/**
 * Cuts a recorded sign down to [start, end] seconds, in the browser.
 *
 * Why this way: browsers can record video (MediaRecorder) but have no API to cut it, and the WebM a
 * MediaRecorder writes has no index (cues) or duration, so it cannot be cut by slicing bytes. The
 * libraries that edit WebM/MP4 in the browser are ffmpeg compiled to WebAssembly (ffmpeg.wasm,
 * 25–30 MB to download on a school tablet) for a job of at most 6 seconds. So the clip is played
 * from `start` to `end` into a canvas and the canvas is recorded again with MediaRecorder: real
 * time (≤ 6 s), the same format and bit rate as the recording, nothing to download. The cost is one
 * more lossy encode of a short, low-detail clip, which does not show at this size.
 */
import { trimProgress, VIDEO_BITS_PER_SECOND } from './mediaRules';

interface TrimOptions {
  mimeType: string | null;
  onProgress?: (fraction: number) => void;
  /** Receives the canvas being drawn, so the dialog can show what is being cut. */
  onCanvas?: (canvas: HTMLCanvasElement) => void;
  signal?: AbortSignal;
}

function once(target: EventTarget, ok: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.removeEventListener(ok, done);
      reject(new Error(`timeout waiting for ${ok}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      target.removeEventListener(ok, done);
      resolve();
    };
    target.addEventListener(ok, done);
  });
}

export async function trimClip(blob: Blob, start: number, end: number, opts: TrimOptions): Promise<Blob> {
  const url = URL.createObjectURL(blob);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  let recorder: MediaRecorder | null = null;
  let stopDrawing = () => {};
  try {
    if (video.readyState < 2) await once(video, 'loadeddata');
    video.currentTime = start;
    // A WebM without an index seeks by scanning; 'seeked' still arrives once it is there.
    if (start > 0) await once(video, 'seeked');

    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    opts.onCanvas?.(canvas);

    const stream = canvas.captureStream(30);
    recorder = new MediaRecorder(stream, { ...(opts.mimeType ? { mimeType: opts.mimeType } : {}), videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    const stopped = new Promise<void>((resolve) => {
      recorder!.onstop = () => resolve();
    });

    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      stopDrawing();
      video.pause();
      if (recorder && recorder.state !== 'inactive') recorder.stop();
    };
    // requestVideoFrameCallback draws each decoded frame once; requestAnimationFrame where missing.
    const rvfc = (video as HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number }).requestVideoFrameCallback?.bind(video);
    let raf = 0;
    const draw = () => {
      if (finished) return;
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      opts.onProgress?.(trimProgress(video.currentTime, start, end));
      if (video.currentTime >= end || video.ended) {
        finish();
        return;
      }
      raf = rvfc ? rvfc(draw) : requestAnimationFrame(draw);
    };
    stopDrawing = () => {
      if (!rvfc) cancelAnimationFrame(raf);
    };
    opts.signal?.addEventListener('abort', finish);
    video.addEventListener('ended', finish);
    // A stalled decoder must not leave the dialog waiting: the clip lasts end − start seconds.
    const guard = setTimeout(finish, (end - start) * 1000 + 4000);

    recorder.start(250);
    await video.play();
    raf = rvfc ? rvfc(draw) : requestAnimationFrame(draw);
    await stopped;
    clearTimeout(guard);
    opts.signal?.throwIfAborted();
    opts.onProgress?.(1);
    const out = new Blob(chunks, { type: recorder.mimeType || opts.mimeType || blob.type });
    if (out.size === 0) throw new Error('empty trim');
    return out;
  } finally {
    stopDrawing();
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    video.pause();
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/**
 * A recording's real length in ms. A MediaRecorder WebM says no duration (Infinity) until it has
 * been read to the end, so the video is sent far past its end once, which makes the browser find
 * it. The wall-clock time of the recording (`fallbackMs`) is used when that does not answer: it
 * can be a little longer than the frames (the camera's first frame arrives after start()).
 */
export async function clipDuration(blob: Blob, fallbackMs: number, timeoutMs = 2000): Promise<number> {
  const url = URL.createObjectURL(blob);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'metadata';
  try {
    const seconds = await new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(Number.NaN), timeoutMs);
      const done = (d: number) => {
        clearTimeout(timer);
        resolve(d);
      };
      video.onloadedmetadata = () => {
        if (Number.isFinite(video.duration) && video.duration > 0) return done(video.duration);
        video.ondurationchange = () => {
          if (Number.isFinite(video.duration) && video.duration > 0) done(video.duration);
        };
        video.currentTime = 1e6;
      };
      video.onerror = () => done(Number.NaN);
      video.src = url;
    });
    return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, fallbackMs + 500) : fallbackMs;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
