/**
 * Cuts a recorded sign down to [start, end] seconds, in the browser, with Mediabunny.
 *
 * Why this way: browsers can record video (MediaRecorder) but have no API to cut it, and the WebM a
 * MediaRecorder writes has no index (cues) or duration, so it cannot be cut by slicing bytes.
 * Mediabunny (pure TypeScript, no download beyond its code) reads that WebM (or Safari's MP4),
 * copies the frames inside the range and re-encodes only what the cut needs, through the browser's
 * own codecs (WebCodecs). It works on the frames, not on the clock: the first version played the
 * clip into a canvas and recorded the canvas again in real time, and on a busy tablet that dropped
 * the sign's first frames or failed outright ("No se pudo recortar el video…"), because playback,
 * drawing and encoding all had to keep up with the clock. Now a slow machine only takes longer, and
 * the file it writes also says its duration and has an index, so players can seek in it.
 */
import { BlobSource, BufferTarget, Conversion, Input, MP4, Mp4OutputFormat, Output, WEBM, WebMOutputFormat } from 'mediabunny';

interface TrimOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export async function trimClip(blob: Blob, start: number, end: number, opts: TrimOptions = {}): Promise<Blob> {
  opts.signal?.throwIfAborted();
  const input = new Input({ source: new BlobSource(blob), formats: [WEBM, MP4] });
  try {
    const isMp4 = (await input.getFormat()) === MP4;
    const format = isMp4 ? new Mp4OutputFormat() : new WebMOutputFormat();
    const target = new BufferTarget();
    const output = new Output({ format, target });
    // boundaryTolerance 0: a cut that does not fall on a key frame is re-encoded from there, so what
    // the teacher cut off never comes back (the default would widen the range to the key frame).
    const conversion = await Conversion.init({ input, output, trim: { start, end }, copy: { boundaryTolerance: 0 } });
    if (!conversion.isValid) throw new Error(`trim: ${conversion.discardedTracks.map((t) => t.reason).join(', ')}`);
    conversion.onProgress = (fraction) => opts.onProgress?.(fraction);
    const cancel = () => void conversion.cancel();
    opts.signal?.addEventListener('abort', cancel);
    try {
      await conversion.execute();
    } finally {
      opts.signal?.removeEventListener('abort', cancel);
    }
    opts.signal?.throwIfAborted();
    opts.onProgress?.(1);
    if (!target.buffer || target.buffer.byteLength === 0) throw new Error('empty trim');
    return new Blob([target.buffer], { type: format.mimeType });
  } finally {
    input.dispose();
  }
}
