/**
 * Test mode: the scenes expose `window.__game` (snapshot + helpers) when the URL has `?test=1`
 * or localStorage has `manitas.gamesTest` = '1' — and only in a test build (`npm run build:test`,
 * which the end-to-end suite serves: `VITE_GAME_TEST_HOOKS=1` at build time) or Vite's dev server.
 * A production build (`npm run build`, `npm start`) has the flag compiled to false, so a child who
 * types `?test=1` gets no hooks (`jumpToLevel` plays on by the rules, a way to skip the game).
 * Nothing else changes in test mode.
 */
export const TEST_FLAG_KEY = 'manitas.gamesTest';

/**
 * `built`: compiled in by Vite, true only in a test build or the dev server. Read when called, not
 * when the module loads: the Playwright specs import this file's keys in Node, where
 * `import.meta.env` does not exist.
 */
export function isTestMode(built: boolean = import.meta.env.DEV || import.meta.env.VITE_GAME_TEST_HOOKS === '1'): boolean {
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
