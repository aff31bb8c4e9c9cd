/**
 * The sign player's timing, pure and time-injected (unit-tested in tests/unit/signClock.test.ts).
 *
 * Why no library: animation libraries run tweens, not a GIF's per-frame delays at a chosen speed
 * with single-frame stepping; this is ~100 lines of arithmetic that the tests pin down.
 */

/** Browsers show a GIF frame that asks for 0–10 ms for 100 ms; so do we, so a sign keeps the pace it has in an <img>. */
export function normaliseDelay(ms: number): number {
  return !Number.isFinite(ms) || ms <= 10 ? 100 : ms;
}

/** How long a frame stays on screen at a speed (0.5 = half speed = twice as long). */
export function frameDelayAt(baseDelayMs: number, speed: number): number {
  return normaliseDelay(baseDelayMs) / speed;
}

/** "Segunda vez más lenta": every second play runs at half the chosen speed. `play` counts from 0. */
export function speedForPlay(speed: number, play: number, secondSlower: boolean): number {
  return secondSlower && play % 2 === 1 ? speed / 2 : speed;
}

/** The canvas transform that mirrors a picture `width` pixels wide (x → width − x). */
export function mirrorMatrix(width: number): [number, number, number, number, number, number] {
  return [-1, 0, 0, 1, width, 0];
}

/** Applies a 2D matrix [a, b, c, d, e, f] to a point, as a canvas does. */
export function applyMatrix(m: readonly number[], x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
  return [a * x + c * y + e, b * x + d * y + f];
}

interface ClockOptions {
  speed: number;
  loop: boolean;
  secondSlower: boolean;
}

/**
 * Which frame of an animation shows at a time. Feed it `tick(now)` from requestAnimationFrame; it
 * returns true when the frame changed. Late ticks skip frames (the sign keeps its real pace).
 */
export class FrameClock {
  frame = 0;
  /** Completed plays since the last start (0 during the first play). */
  play = 0;
  playing = true;
  private due: number | null = null;

  constructor(
    private readonly delays: readonly number[],
    public options: ClockOptions,
  ) {}

  get frameCount(): number {
    return this.delays.length;
  }

  /** The speed of the current play (the second one is slower when asked). */
  get currentSpeed(): number {
    return speedForPlay(this.options.speed, this.play, this.options.secondSlower);
  }

  /** How long the current frame stays at the current speed. */
  get currentDelay(): number {
    return frameDelayAt(this.delays[this.frame] ?? 100, this.currentSpeed);
  }

  /** Advances to `now` (ms). Returns true when a different frame must be drawn. */
  tick(now: number): boolean {
    if (!this.playing || this.delays.length === 0) return false;
    if (this.due === null) {
      this.due = now + this.currentDelay;
      return false;
    }
    let changed = false;
    // Bounded: at most one full pass of frames per tick (a tab coming back from the background
    // does not replay everything it missed).
    for (let guard = 0; now >= this.due && guard < this.delays.length; guard++) {
      if (this.frame + 1 < this.delays.length) {
        this.frame++;
      } else if (this.options.loop) {
        this.frame = 0;
        this.play++;
      } else {
        this.playing = false;
        this.due = null;
        return changed;
      }
      changed = true;
      this.due += this.currentDelay;
    }
    if (now >= this.due) this.due = now + this.currentDelay;
    return changed;
  }

  pause(): void {
    this.playing = false;
    this.due = null;
  }

  /** Plays on from the current frame (from the start when a non-looping sign had finished). */
  resume(): void {
    if (!this.playing && !this.options.loop && this.frame === this.delays.length - 1) {
      this.frame = 0;
      this.play = 0;
    }
    this.playing = true;
    this.due = null;
  }

  restart(): void {
    this.frame = 0;
    this.play = 0;
    this.playing = true;
    this.due = null;
  }

  /** One frame forward (+1) or back (−1), wrapping; pauses first. */
  step(direction: 1 | -1): void {
    this.pause();
    const n = this.delays.length;
    if (n) this.frame = (this.frame + direction + n) % n;
  }

  /** Changing the speed mid-frame takes effect from the next frame. */
  setOptions(options: Partial<ClockOptions>): void {
    this.options = { ...this.options, ...options };
  }
}
