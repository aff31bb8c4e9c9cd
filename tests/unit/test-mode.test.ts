import { afterEach, describe, expect, it } from 'vitest';
import { TEST_FLAG_KEY, isTestMode } from '../../games/shared/testMode';

// The games' test hooks (window.__game) answer `?test=1` only in a test build: a production build
// compiles `built` to false.
describe('isTestMode', () => {
  const g = globalThis as { window?: unknown };
  afterEach(() => {
    delete g.window;
  });
  function page(search: string, stored: string | null) {
    g.window = { location: { search }, localStorage: { getItem: (k: string) => (k === TEST_FLAG_KEY ? stored : null) } };
  }

  it('a test build answers ?test=1 and the stored flag', () => {
    page('?test=1', null);
    expect(isTestMode(true)).toBe(true);
    page('', '1');
    expect(isTestMode(true)).toBe(true);
    page('?test=0', null);
    expect(isTestMode(true)).toBe(false);
  });

  it('a production build answers neither', () => {
    page('?test=1', '1');
    expect(isTestMode(false)).toBe(false);
  });

  it('vitest runs as the dev build: the default is on', () => {
    page('?test=1', null);
    expect(isTestMode()).toBe(true);
  });
});
