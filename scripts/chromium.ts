// Debian's Chromium (no browser downloads on this machine) and the flags every launch uses: the
// e2e suite (playwright.config.ts) and the benchmarks (scripts/bench/lib.ts) read them here.
import { execSync } from 'node:child_process';

export const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  (() => {
    try {
      return execSync('command -v chromium', { shell: '/bin/bash' }).toString().trim() || '/usr/bin/chromium';
    } catch {
      return '/usr/bin/chromium';
    }
  })();

/**
 * Playwright's own `--disable-features` list (playwright-core 1.64, chromiumSwitches.ts). Chromium
 * reads only the last `--disable-features` switch, so ours must repeat it: Playwright exports no
 * way to add to it. `tests/unit/chromium-switches.test.ts` fails when a Playwright upgrade changes
 * its list, naming what to copy here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 preloads its address bar's suggestion popup (chrome://omnibox-popup.top-chrome, a
 * WebUI page in a renderer of its own) in every browser, headless too, where no address bar is
 * ever shown; it kept drawing, about 9 % of a core per idle browser (0.86–0.93 CPU-s in 10 s, and
 * the browser process 0.22–0.28 beside it; without it 0.00 and 0.11). The e2e stage runs three
 * browsers on two cores for its whole length.
 */
export const UNUSED_BROWSER_UI_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const CHROME_ARGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES].join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
