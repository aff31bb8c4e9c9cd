import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROME_ARGS, PLAYWRIGHT_DISABLED_FEATURES, UNUSED_BROWSER_UI_FEATURES } from '../../../scripts/chromium';

/** Playwright's own list, read from the installed playwright-core (its chromiumSwitches module). */
function playwrightList(): string[] {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve('playwright-core/package.json')), 'lib');
  const bundle = readFileSync(join(lib, 'coreBundle.js'), 'utf8');
  const block = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle);
  if (!block) throw new Error('playwright-core no longer has a disabledFeatures list where it did: read chromiumSwitches again');
  return [...block[1]!.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

describe('the browsers the tests start', () => {
  it("repeat Playwright's --disable-features list (Chromium reads only the last such switch)", () => {
    const theirs = playwrightList();
    expect(theirs.length).toBeGreaterThan(5);
    expect(
      theirs.filter((f) => !PLAYWRIGHT_DISABLED_FEATURES.includes(f)),
      'copy these into scripts/chromium.ts',
    ).toEqual([]);
  });

  it('switch off the address bar popup no headless test shows, in one --disable-features', () => {
    const switches = CHROME_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const off = switches[0]!.slice('--disable-features='.length).split(',');
    for (const f of [...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES]) expect(off).toContain(f);
  });
});
