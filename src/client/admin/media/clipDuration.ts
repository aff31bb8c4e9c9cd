import { videoDuration } from '../../sign/videoDuration';

/**
 * A recording's own length in ms, read from the file (videoDuration: a MediaRecorder WebM states
 * none), or NaN when the browser does not find it within `timeoutMs`. What the review shows is
 * `recordingLength` (mediaRules.ts), which also knows when the recording ran.
 */
export async function clipDuration(blob: Blob, timeoutMs = 2000): Promise<number> {
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
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Number.NaN;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
