import { afterEach, describe, expect, it } from 'vitest';
import { FPS_KEY, TEST_FLAG_KEY, fpsLimit, isTestMode } from '../../games/shared/testMode';

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

// The end-to-end suite draws the games at 30 frames a second; a child's build never reads the key.
describe('fpsLimit', () => {
  const g = globalThis as { window?: unknown };
  afterEach(() => {
    delete g.window;
  });
  const stored = (value: string | null) => {
    g.window = { location: { search: '' }, localStorage: { getItem: (k: string) => (k === FPS_KEY ? value : null) } };
  };

  it("a test build's page may ask for fewer frames, a whole number from 1 to 60", () => {
    stored('30');
    expect(fpsLimit(true)).toBe(30);
    for (const bad of [null, '', '0', '61', '12.5', 'treinta', '-5']) {
      stored(bad);
      expect(fpsLimit(true), String(bad)).toBe(0);
    }
  });

  it('a production build draws at the device rate whatever is stored', () => {
    stored('30');
    expect(fpsLimit(false)).toBe(0);
  });
});
