/**
 * Test mode: the scenes expose `window.__game` (snapshot + helpers) when the URL has `?test=1`
 * or localStorage has `manitas.gamesTest` = '1' — and only in a test build (`npm run build:test`,
 * which the end-to-end suite serves: `VITE_GAME_TEST_HOOKS=1` at build time) or Vite's dev server.
 * A production build (`npm run build`, `npm start`) has the flag compiled to false, so a child who
 * types `?test=1` gets no hooks (`jumpToLevel` plays on by the rules, a way to skip the game).
 * Nothing else changes in test mode.
 */
export const TEST_FLAG_KEY = 'manitas.gamesTest';

/** True only in a test build (`VITE_GAME_TEST_HOOKS=1`) or Vite's dev server: compiled in by Vite. */
const testBuild = () => import.meta.env.DEV || import.meta.env.VITE_GAME_TEST_HOOKS === '1';

/**
 * `built`: compiled in by Vite, true only in a test build or the dev server. Read when called, not
 * when the module loads: the Playwright specs import this file's keys in Node, where
 * `import.meta.env` does not exist.
 */
export function isTestMode(built: boolean = testBuild()): boolean {
  if (!built || typeof window === 'undefined') return false;
  try {
    if (new URLSearchParams(window.location.search).get('test') === '1') return true;
    return window.localStorage.getItem(TEST_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The renderer: Phaser picks WebGL where the device has it (AUTO). `manitas.gamesRenderer` =
 * 'canvas' in localStorage asks for Phaser's Canvas renderer instead: the end-to-end suite sets it
 * for most game specs, because headless Chromium has no GPU and draws WebGL in software, which
 * made a game spec about twice as slow as with Canvas (docs/testing.md "How the time is kept down");
 * it is also a way out for a tablet whose WebGL misbehaves. Anything else (or no value) means AUTO.
 */
export const RENDERER_KEY = 'manitas.gamesRenderer';

export function preferredRenderer(): 'canvas' | 'auto' {
  if (typeof window === 'undefined') return 'auto';
  try {
    return window.localStorage.getItem(RENDERER_KEY) === 'canvas' ? 'canvas' : 'auto';
  } catch {
    return 'auto';
  }
}

/**
 * The most frames a second a game draws: none set (0), so the device's own rate, as a child gets
 * it. A test build's page may ask for fewer with `manitas.gamesFps` (a whole number from 1 to
 * 60): the end-to-end suite asks for 30. Headless Chromium draws every frame on the CPU, and three
 * browsers share two cores; a game drawing 60 frames a second was most of a game spec's cost
 * (games-fit + games-hangman + games-keyboard: 241 → 207 CPU-s, 128 → 113 s). The scenes run on
 * time, not frames (tweens, pauses and the rules read the clock), so nothing a test checks counts
 * frames. A production build ignores the key: a child's game is never slowed by it.
 */
export const FPS_KEY = 'manitas.gamesFps';

export function fpsLimit(built: boolean = testBuild()): number {
  if (!built || typeof window === 'undefined') return 0;
  try {
    const n = Number(window.localStorage.getItem(FPS_KEY));
    return Number.isInteger(n) && n >= 1 && n <= 60 ? n : 0;
  } catch {
    return 0;
  }
}
