/**
 * Types and tiny pure helpers shared by the rules of the three word games
 * (src/shared/rules/games/<game>.ts). No Phaser, no DOM, no React here.
 *
 * Randomness: the rules never call Math.random. `createGame(words, rng)` takes an
 * `rng: () => number` (values in [0, 1)), draws ONE 32-bit seed from it and keeps that seed in
 * the game state; every later random choice (word pools, scrambles, card positions) advances the
 * seed with the mulberry32 step below. So every rules function is pure (same state in, same
 * state out) and the whole state is plain JSON.
 */

/** A word as the games receive it from the page (words come from levels). */
export interface GameWord {
  id: number;
  /** Spanish word (what the child plays with). */
  es: string;
  /** English counterpart. */
  en: string;
  /** Picture URL. */
  image?: string | null;
  /** Sign GIF / video URL. */
  sign?: string | null;
  /** Compact animated-WebP rendition of a GIF sign (the player prefers it where it can decode it). */
  signCompact?: string | null;
  /** Level (nivel) the word belongs to. */
  nivelId: number;
  /**
   * A due review word of another level, added by the page to fill a chosen level's short run
   * (docs/games.md, "Review words fill a short run"): played after the level's own words.
   */
  repaso?: boolean;
}

/** Random source returning numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/** Every game's end-of-game message key. */
export type EndMessageKey = 'excellent' | 'good' | 'practice';

/** One mulberry32 step: returns [value in [0,1), next seed]. */
function mulberry32Step(seed: number): [number, number] {
  const a = (seed + 0x6d2b79f5) | 0;
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, a >>> 0];
}

/** Seeded random generator (mulberry32) for tests and replays: `mulberry32(42)()`. */
export function mulberry32(seed: number): Rng {
  let s = seed >>> 0;
  return () => {
    const [value, next] = mulberry32Step(s);
    s = next;
    return value;
  };
}

/** Draws a 32-bit seed from any rng (Math.random or a seeded one). */
export function seedFrom(rng: Rng): number {
  const v = rng();
  const n = Number.isFinite(v) ? Math.floor(Math.abs(v) * 4294967296) : 0;
  return n >>> 0;
}

/**
 * Runs `fn` with an rng that starts at `seed`; returns fn's result and the seed to store next.
 * This is how the rules stay pure while still shuffling.
 */
export function withSeed<T>(seed: number, fn: (rng: Rng) => T): [T, number] {
  let s = seed >>> 0;
  const rng: Rng = () => {
    const [value, next] = mulberry32Step(s);
    s = next;
    return value;
  };
  const result = fn(rng);
  return [result, s];
}

/** Integer in [0, n) from an rng (robust to rng values outside [0,1)). */
export function randomIndex(rng: Rng, n: number): number {
  if (n <= 0) return 0;
  const i = Math.floor(rng() * n);
  return Math.min(n - 1, Math.max(0, Number.isFinite(i) ? i : 0));
}

/** Fisher–Yates shuffle into a new array. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** Key used to detect the same Spanish word twice: NFC, trimmed, lower case. */
function wordKey(es: string): string {
  return es.normalize('NFC').trim().toLocaleLowerCase('es');
}

/**
 * Cleans the list the page hands over: trims `es` (NFC-normalised so "ñ" is one character),
 * drops words whose `es` is empty and keeps only the first of words with the same id or the same
 * Spanish text (so a pool or a set of options never shows one word twice). Order is kept.
 */
export function uniqueWords(words: readonly GameWord[]): GameWord[] {
  const ids = new Set<number>();
  const keys = new Set<string>();
  const out: GameWord[] = [];
  for (const w of words) {
    const es = w.es.normalize('NFC').trim();
    if (es === '') continue;
    const key = wordKey(es);
    if (ids.has(w.id) || keys.has(key)) continue;
    ids.add(w.id);
    keys.add(key);
    out.push({ ...w, es });
  }
  return out;
}

/**
 * The words of a new run in play order, at most `max`: the level's own words shuffled, then the
 * review words (`repaso`, due words of other levels the page added to fill a short level) shuffled.
 * The level the child chose is what the run is about, so its words always come first and are all
 * played; review words only take the rounds the level leaves empty. A list without review words is
 * shuffled as before (one shuffle of the whole list).
 */
export function runWords(words: readonly GameWord[], rng: Rng, max: number): GameWord[] {
  const own = words.filter((w) => !w.repaso);
  const review = words.filter((w) => w.repaso);
  return [...shuffle(own, rng), ...shuffle(review, rng)].slice(0, max);
}
