import { describe, expect, it } from 'vitest';
import { composeGifFrames } from '../../src/client/sign/decode';

/** A w×h patch of one colour; alpha 0 where `hole` says so. */
function patch(w: number, h: number, rgb: [number, number, number], hole: (x: number, y: number) => boolean = () => false): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      out.set([...rgb, hole(x, y) ? 0 : 255], i);
    }
  return out;
}
const px = (frame: Uint8ClampedArray, w: number, x: number, y: number) => Array.from(frame.slice((y * w + x) * 4, (y * w + x) * 4 + 4));
const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];

describe('GIF frame composition (gifuct-js patches → whole pictures)', () => {
  it('draws a smaller later frame over the earlier one and keeps transparent pixels from below', () => {
    const frames = composeGifFrames(4, 4, [
      { dims: { left: 0, top: 0, width: 4, height: 4 }, patch: patch(4, 4, RED), disposalType: 1, delay: 100 },
      { dims: { left: 1, top: 1, width: 2, height: 2 }, patch: patch(2, 2, BLUE, (x, y) => x === 0 && y === 0), disposalType: 1, delay: 50 },
    ]);
    expect(frames.map((f) => f.delay)).toEqual([100, 50]);
    expect(px(frames[1]!.pixels, 4, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(px(frames[1]!.pixels, 4, 1, 1)).toEqual([255, 0, 0, 255]); // transparent in the patch
    expect(px(frames[1]!.pixels, 4, 2, 2)).toEqual([0, 0, 255, 255]);
    // Frame 0 was kept as it was.
    expect(px(frames[0]!.pixels, 4, 2, 2)).toEqual([255, 0, 0, 255]);
  });

  it("disposal 2 clears the frame's area before the next one; disposal 3 restores what was there", () => {
    const cleared = composeGifFrames(4, 4, [
      { dims: { left: 0, top: 0, width: 2, height: 2 }, patch: patch(2, 2, RED), disposalType: 2, delay: 100 },
      { dims: { left: 2, top: 2, width: 2, height: 2 }, patch: patch(2, 2, BLUE), disposalType: 1, delay: 100 },
    ]);
    expect(px(cleared[1]!.pixels, 4, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(px(cleared[1]!.pixels, 4, 3, 3)).toEqual([0, 0, 255, 255]);

    const restored = composeGifFrames(4, 4, [
      { dims: { left: 0, top: 0, width: 4, height: 4 }, patch: patch(4, 4, RED), disposalType: 1, delay: 100 },
      { dims: { left: 0, top: 0, width: 2, height: 2 }, patch: patch(2, 2, BLUE), disposalType: 3, delay: 100 },
      { dims: { left: 3, top: 3, width: 1, height: 1 }, patch: patch(1, 1, BLUE), disposalType: 1, delay: 100 },
    ]);
    expect(px(restored[1]!.pixels, 4, 0, 0)).toEqual([0, 0, 255, 255]);
    expect(px(restored[2]!.pixels, 4, 0, 0)).toEqual([255, 0, 0, 255]); // back to before frame 1
    expect(px(restored[2]!.pixels, 4, 3, 3)).toEqual([0, 0, 255, 255]);
  });

  it('ignores parts of a patch outside the picture and treats 0–10 ms delays as 100 ms', () => {
    const frames = composeGifFrames(2, 2, [{ dims: { left: 1, top: 1, width: 3, height: 3 }, patch: patch(3, 3, BLUE), disposalType: 0, delay: 0 }]);
    expect(frames[0]!.delay).toBe(100);
    expect(px(frames[0]!.pixels, 2, 1, 1)).toEqual([0, 0, 255, 255]);
    expect(px(frames[0]!.pixels, 2, 0, 0)).toEqual([0, 0, 0, 0]);
  });
});
