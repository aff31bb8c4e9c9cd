import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium', { shell: '/bin/bash' }).toString().trim() || '/usr/bin/chromium';
  } catch {
    return '/usr/bin/chromium';
  }
}

export const E2E_PORT = Number(process.env.E2E_PORT || 3100);

/**
 * Back-office specs that may run beside the learner specs: they only read what learner specs write
 * (lists, counts) and write only what no learner screen shows. admin-a11y.spec.ts opens every
 * back-office screen and submits nothing; the one record it may add is a text content (contenido),
 * which no learner screen or learner spec reads.
 */
const ADMIN_BESIDE_LEARNER = /admin-a11y\.spec\.ts/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  // References live beside the specs, one per name (the CI runs on this machine class: one
  // platform). A picture may differ from its reference by 1 % of its pixels (anti-aliasing of text
  // under load), no more; animations are stopped and the caret hidden (docs/testing.md "Screenshots").
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } },
  fullyParallel: false,
  // Three workers on the 2-core CI machine: much of a browser test is waiting (the server, page
  // loads, the games' real pauses), so a third browser fills the cores the other two leave idle.
  // Measured with games-fit + sign-player (18 tests, with real frame timings), alternated runs on
  // the shared machine: 2 workers 107.7 s and 112.9 s, 3 workers 102.8 s and 102.6 s, no failure.
  workers: 3,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'es-ES',
    timezoneId: 'America/Mexico_City',
    viewport: { width: 1280, height: 800 },
    // A step that cannot happen (a click on something never there) fails within these, with the
    // step named, instead of waiting out the whole test's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // Issue 22: the built app registers a service worker; every spec runs without it (network as
    // before) except the offline specs, which opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The suites share one server and database. The back-office suite changes content (new levels,
  // temporary questions), so it runs after the learner, games and account suites have finished.
  // The back-office specs that change nothing a learner spec reads (ADMIN_BESIDE_LEARNER) run in
  // 'admin-beside', beside the learner suite: its tests fill the worker a long learner spec would
  // leave idle at the end of that stage, and the admin stage is shorter by as much.
  projects: [
    { name: 'learner', testIgnore: /(admin|deploy)-.*\.spec\.ts/ },
    { name: 'admin-beside', testMatch: ADMIN_BESIDE_LEARNER },
    { name: 'admin', testMatch: /admin-.*\.spec\.ts/, testIgnore: ADMIN_BESIDE_LEARNER, dependencies: ['learner'] },
    // A deploy changes the served sw.js for a moment: last, alone (deploy-update.spec.ts).
    { name: 'deploy', testMatch: /deploy-.*\.spec\.ts/, dependencies: ['admin', 'admin-beside'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
