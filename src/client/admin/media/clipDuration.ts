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
