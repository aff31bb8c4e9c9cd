import { describe, expect, it, vi, afterEach } from 'vitest';
import { videoDuration } from '../../src/client/sign/videoDuration';

/**
 * A stand-in for the browser's <video> with what videoDuration reads: a MediaRecorder WebM states no
 * duration (Infinity) until it is sent past its end; the browser then reads it, announces the real
 * length (durationchange) and finishes the seek (seeked), in either order.
 */
class FakeVideo extends EventTarget {
  duration: number;
  seeking = false;
  seeks: number[] = [];
  constructor(duration: number) {
    super();
    this.duration = duration;
  }
  set currentTime(t: number) {
    this.seeks.push(t);
    this.seeking = true;
  }
  /** The browser found the length while seeking. */
  announce(seconds: number) {
    this.duration = seconds;
    this.dispatchEvent(new Event('durationchange'));
  }
  /** The seek is done. */
  settle() {
    this.seeking = false;
    this.dispatchEvent(new Event('seeked'));
  }
}

const asVideo = (v: FakeVideo) => v as unknown as HTMLVideoElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('videoDuration', () => {
  it('a file that states its length: that length, no seek', async () => {
    const v = new FakeVideo(2.4);
    await expect(videoDuration(asVideo(v))).resolves.toBe(2.4);
    expect(v.seeks).toEqual([]);
  });

  it('a recorder WebM (Infinity): sent past its end, answered once the length is known and the seek settled', async () => {
    const v = new FakeVideo(Number.POSITIVE_INFINITY);
    let answer: number | undefined;
    const p = videoDuration(asVideo(v)).then((s) => (answer = s));
    expect(v.seeks).toEqual([1e6]);
    v.announce(1.6);
    await Promise.resolve();
    // Still seeking: the caller's next seek would race this one.
    expect(answer).toBeUndefined();
    v.settle();
    await p;
    expect(answer).toBe(1.6);
  });

  it('the seek may settle before the length is announced', async () => {
    const v = new FakeVideo(Number.POSITIVE_INFINITY);
    const p = videoDuration(asVideo(v));
    v.seeking = false;
    v.dispatchEvent(new Event('seeked'));
    v.announce(3);
    await expect(p).resolves.toBe(3);
  });

  it('no length within the time allowed: NaN, so the caller stops instead of stepping on forever', async () => {
    vi.useFakeTimers();
    const v = new FakeVideo(Number.POSITIVE_INFINITY);
    const p = videoDuration(asVideo(v), 1000);
    vi.advanceTimersByTime(1000);
    await expect(p).resolves.toBeNaN();
  });
});
