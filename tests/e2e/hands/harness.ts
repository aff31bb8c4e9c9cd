/**
 * Browser entry for the real-hand test (hands-model.spec.ts): bundled at test time with esbuild and
 * added to a page of the app, so the model is the one the app serves and each picture goes through
 * the dialog's own code (loadHandTracker → tracker.frame) and the comparison (compareSign).
 */
import { loadHandTracker } from '../../../src/client/learner/ahoraTu/handTracker';
import { compareSign, type Comparison, type Track } from '../../../src/shared/signPractice/compare';

export interface TrackedClip {
  track: Track;
  /** Mean time the model took per picture (ms). */
  msPerFrame: number;
}

async function pictureOf(png: string): Promise<ImageBitmap> {
  const blob = await (await fetch(`data:image/png;base64,${png}`)).blob();
  return createImageBitmap(blob);
}

const api = {
  async load(): Promise<number> {
    return (await loadHandTracker()).loadMs;
  },
  /** Tracks a clip given as PNG pictures (base64), `frameMs` apart, as the dialog tracks the camera. */
  async track(pngs: string[], frameMs: number): Promise<TrackedClip> {
    const tracker = await loadHandTracker();
    await tracker.forget();
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d')!;
    const track: Track = [];
    let spent = 0;
    for (const [i, png] of pngs.entries()) {
      const pic = await pictureOf(png);
      canvas.width = pic.width;
      canvas.height = pic.height;
      ctx.drawImage(pic, 0, 0);
      const t0 = performance.now();
      track.push(await tracker.frame(canvas, i * frameMs));
      spent += performance.now() - t0;
    }
    return { track, msPerFrame: spent / Math.max(pngs.length, 1) };
  },
  compare(reference: Track, attempt: Track): { result: Comparison; ms: number } {
    const t0 = performance.now();
    const result = compareSign(reference, attempt);
    return { result, ms: performance.now() - t0 };
  },
};

export type HandsHarness = typeof api;
(window as unknown as { manosReales: HandsHarness }).manosReales = api;
