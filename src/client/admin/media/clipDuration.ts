import { videoDuration } from '../../sign/videoDuration';

/**
 * A recording's real length in ms (videoDuration: a MediaRecorder WebM states none). The
 * wall-clock time of the recording (`fallbackMs`) is used when that does not answer: it can be a
 * little longer than the frames (the camera's first frame arrives after start()).
 */
export async function clipDuration(blob: Blob, fallbackMs: number, timeoutMs = 2000): Promise<number> {
  const url = URL.createObjectURL(blob);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'metadata';
  try {
    const loaded = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      video.onloadedmetadata = () => {
        clearTimeout(timer);
        resolve(true);
      };
      video.onerror = () => {
        clearTimeout(timer);
        resolve(false);
      };
      video.src = url;
    });
    const seconds = loaded ? await videoDuration(video, timeoutMs) : Number.NaN;
    return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, fallbackMs + 500) : fallbackMs;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
