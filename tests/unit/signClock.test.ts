import { describe, expect, it } from 'vitest';
import { applyMatrix, FrameClock, frameDelayAt, mirrorMatrix, normaliseDelay, speedForPlay } from '../../src/client/sign/clock';

/** Runs a clock from t=0 to `until` ms in 1 ms ticks and returns when each frame started. */
function frameStarts(clock: FrameClock, until: number): { t: number; frame: number }[] {
  const out = [{ t: 0, frame: clock.frame }];
  for (let t = 0; t <= until; t++) if (clock.tick(t)) out.push({ t, frame: clock.frame });
  return out;
}

describe('GIF frame timing', () => {
  it('keeps a frame for its delay at 1×, 1.33× as long at 0.75× and twice as long at 0.5×', () => {
    expect(frameDelayAt(100, 1)).toBe(100);
    expect(frameDelayAt(100, 0.75)).toBeCloseTo(133.33, 2);
    expect(frameDelayAt(100, 0.5)).toBe(200);
    expect(frameDelayAt(40, 0.5)).toBe(80);
  });

  it('treats the 0–10 ms delays browsers ignore as 100 ms', () => {
    expect(normaliseDelay(0)).toBe(100);
    expect(normaliseDelay(10)).toBe(100);
    expect(normaliseDelay(20)).toBe(20);
    expect(normaliseDelay(Number.NaN)).toBe(100);
    expect(frameDelayAt(0, 0.5)).toBe(200);
  });

  it.each([
    [1, [0, 100, 200, 300, 400]],
    [0.75, [0, 133, 267, 400]],
    [0.5, [0, 200, 400]],
  ])('at %s× the frames of a 4-frame, 100 ms GIF change at %j ms', (speed, starts) => {
    const clock = new FrameClock([100, 100, 100, 100], { speed, loop: true, secondSlower: false });
    const seen = frameStarts(clock, 400).map((s) => s.t);
    // Each start within one 1 ms tick of the exact time.
    expect(seen).toHaveLength(starts.length);
    seen.forEach((t, i) => expect(Math.abs(t - starts[i]!)).toBeLessThanOrEqual(1));
  });

  it("honours each frame's own delay", () => {
    const clock = new FrameClock([50, 300, 50], { speed: 1, loop: false, secondSlower: false });
    const starts = frameStarts(clock, 1000);
    expect(starts.map((s) => s.frame)).toEqual([0, 1, 2]);
    expect(starts[1]!.t).toBe(50);
    expect(starts[2]!.t).toBe(350);
    expect(clock.playing).toBe(false); // no loop: it stops on the last frame
  });

  it('loops, counting the plays, and plays every second play at half speed when asked', () => {
    const clock = new FrameClock([100, 100], { speed: 1, loop: true, secondSlower: true });
    const starts = frameStarts(clock, 1000);
    // play 0 at 1× (0, 100), play 1 at 0.5× (200, 400), play 2 at 1× (600, 700), play 3 at 0.5× (800, ...)
    expect(starts.map((s) => s.t)).toEqual([0, 100, 200, 400, 600, 700, 800, 1000]);
    expect(speedForPlay(0.75, 1, true)).toBe(0.375);
    expect(speedForPlay(0.75, 2, true)).toBe(0.75);
    expect(speedForPlay(0.75, 1, false)).toBe(0.75);
  });

  it('a speed change applies from the next frame', () => {
    const clock = new FrameClock([100, 100, 100], { speed: 1, loop: true, secondSlower: false });
    clock.tick(0);
    clock.tick(100);
    expect(clock.frame).toBe(1);
    clock.setOptions({ speed: 0.5 });
    clock.tick(199);
    expect(clock.frame).toBe(1);
    clock.tick(200); // frame 1 was due at 200 (set at 1×)
    expect(clock.frame).toBe(2);
    clock.tick(399);
    expect(clock.frame).toBe(2);
    clock.tick(400); // frame 2 lasts 200 ms at 0.5×
    expect(clock.frame).toBe(0);
  });

  it('steps one frame back and forward while paused, wrapping, and does not move while paused', () => {
    const clock = new FrameClock([100, 100, 100], { speed: 1, loop: true, secondSlower: false });
    clock.step(1);
    expect(clock.playing).toBe(false);
    expect(clock.frame).toBe(1);
    clock.step(-1);
    clock.step(-1);
    expect(clock.frame).toBe(2);
    expect(clock.tick(10_000)).toBe(false);
    expect(clock.frame).toBe(2);
    clock.resume();
    clock.tick(20_000);
    clock.tick(20_100);
    expect(clock.frame).toBe(0);
  });

  it('a late tick skips at most one pass of frames and then keeps the pace', () => {
    const clock = new FrameClock([100, 100, 100], { speed: 1, loop: true, secondSlower: false });
    clock.tick(0);
    expect(clock.tick(60_000)).toBe(true);
    const f = clock.frame;
    expect(clock.tick(60_099)).toBe(false);
    expect(clock.tick(60_100)).toBe(true);
    expect(clock.frame).toBe((f + 1) % 3);
  });
});

describe('mirror ("Espejo")', () => {
  it('flips the picture horizontally and leaves vertical positions alone', () => {
    const m = mirrorMatrix(320);
    expect(applyMatrix(m, 0, 10)).toEqual([320, 10]);
    expect(applyMatrix(m, 320, 200)).toEqual([0, 200]);
    expect(applyMatrix(m, 100, 50)).toEqual([220, 50]);
    // Mirroring twice is the identity.
    const [x, y] = applyMatrix(m, ...applyMatrix(m, 37, 12));
    expect([x, y]).toEqual([37, 12]);
  });
});
