/**
 * Volume of the games (games.md G-8: 0 to 1 in steps of 0.1, defaults 1, 0.7 and 0.5; effects at
 * 1.5 × volume, capped at 1). Decided (docs/games.md):
 * - 0.7 is where the volume control starts (VOLUME_DEFAULT); one control, shared by the menu and
 *   the three games, kept in memory for the SPA session;
 * - 1 is the level-start cue (LEVEL_START_VOLUME), a fixed file played at full volume, like the
 *   learner's level sound; volume 0 still silences it (0 means "no sound");
 * - 0.5 is the tap/click cue (CLICK_FACTOR): taps on keys, tiles and cards play at half the
 *   effects volume so the right/wrong cues stand out.
 * No Phaser, no howler here: pure numbers plus a tiny store. The learner's "Sin sonido" is not a
 * volume: it closes the gate in front of every sound (src/client/prefs/soundGate.ts, applied in
 * sound.ts), so nothing is even loaded; the volume keeps its value for when it is turned off.
 */

export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.1;
export const VOLUME_DEFAULT = 0.7;
export const LEVEL_START_VOLUME = 1;
export const CLICK_FACTOR = 0.5;
const EFFECTS_FACTOR = 1.5;

export type SoundCue = 'correct' | 'wrong' | 'win' | 'lose' | 'click' | 'level';

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

/** Any number → a volume the control can show: 0..1, on the 0.1 grid (NaN → default). */
export function clampVolume(v: number): number {
  if (!Number.isFinite(v)) return VOLUME_DEFAULT;
  return round1(Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, v)));
}

/** Sound effects play at 1.5 × volume, capped at 1. */
export function effectsVolume(volume: number): number {
  return round2(Math.min(1, EFFECTS_FACTOR * clampVolume(volume)));
}

/** The volume one cue plays at, given the control's value. */
export function cueVolume(cue: SoundCue, volume: number): number {
  const v = clampVolume(volume);
  if (v === 0) return 0;
  if (cue === 'level') return LEVEL_START_VOLUME;
  if (cue === 'click') return round2(effectsVolume(v) * CLICK_FACTOR);
  return effectsVolume(v);
}

interface VolumeStore {
  get(): number;
  set(v: number): void;
  subscribe(listener: (v: number) => void): () => void;
}

export function createVolumeStore(initial = VOLUME_DEFAULT): VolumeStore {
  let current = clampVolume(initial);
  const listeners = new Set<(v: number) => void>();
  return {
    get: () => current,
    set(v) {
      const next = clampVolume(v);
      if (next === current) return;
      current = next;
      for (const l of [...listeners]) l(current);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The one volume the menu and the games share. */
export const volume = createVolumeStore();
