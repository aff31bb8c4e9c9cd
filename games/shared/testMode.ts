/**
 * Test mode: the scenes expose `window.__game` (snapshot + helpers) when the URL has `?test=1`
 * or localStorage has `manitas.gamesTest` = '1'. Nothing else changes in test mode.
 */
export const TEST_FLAG_KEY = 'manitas.gamesTest';

export function isTestMode(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    if (new URLSearchParams(window.location.search).get('test') === '1') return true;
    return window.localStorage.getItem(TEST_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}
