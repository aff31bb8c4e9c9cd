/**
 * The length in seconds of a video whose data has started loading, even when its file does not
 * state it. A MediaRecorder WebM (a sign recorded whole on the word media page, as the camera wrote
 * it) has no duration: the element says Infinity until it has read the file to its end. Sending it
 * far past its end once makes the browser read it and announce the real length (durationchange).
 * Resolves once that seek has settled (the caller's next seek is then the only one in flight), or
 * NaN when no length comes within `timeoutMs`. The video is left at its end.
 */
export function videoDuration(video: HTMLVideoElement, timeoutMs = 5000): Promise<number> {
  const known = () => Number.isFinite(video.duration) && video.duration > 0;
  if (known()) return Promise.resolve(video.duration);
  return new Promise<number>((resolve) => {
    const check = () => {
      if (!known() || video.seeking) return;
      finish(video.duration);
    };
    const finish = (seconds: number) => {
      clearTimeout(timer);
      video.removeEventListener('durationchange', check);
      video.removeEventListener('seeked', check);
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(known() ? video.duration : Number.NaN), timeoutMs);
    video.addEventListener('durationchange', check);
    video.addEventListener('seeked', check);
    video.currentTime = 1e6;
  });
}
