import { defineConfig } from '@playwright/test';
import { CHROME_ARGS, CHROMIUM } from './scripts/chromium';

export const E2E_PORT = Number(process.env.E2E_PORT || 3100);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // A test's whole budget catches a hang; it is not a speed check (the steps have their own limits
  // below: 20 s an action, 30 s a page load, 10 s an expectation). On the 2-core machine the same
  // suite ran 1.75 times slower one day than another (every spec's summed time 3,336 s, then
  // 5,803 s, clean clones of one commit): the 60 s default then failed three correct tests, each
  // about 40 s on a good day. 240 s holds the longest but one (120 s on the slow day) twice over,
  // so no spec sets its own; the one longer story says why beside it (admin-classes.spec.ts).
  timeout: 240_000,
  // References live beside the specs, one per name (the CI runs on this machine class: one
  // platform). A picture may differ from its reference by 1 % of its pixels (anti-aliasing of text
  // under load), no more; animations are stopped and the caret hidden (docs/testing.md "Screenshots").
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } },
  // Every spec makes its own data (children, levels, classes through the API) and reads the demo
  // seed only where nothing changes it, so tests run side by side in any order, one file's tests
  // spread over the workers too (a long file no longer pins one worker for its whole time). A file
  // whose tests share one account's state asks for `mode: 'default'` (in order, one worker) and
  // says why (docs/testing.md, "How the projects run").
  fullyParallel: true,
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
      executablePath: CHROMIUM,
      args: CHROME_ARGS,
    },
  },
  // learner and admin run together: neither changes what the other reads (docs/testing.md). Two
  // names, so one side can be run alone (--project=admin).
  projects: [
    { name: 'learner', testIgnore: /(admin|deploy)-.*\.spec\.ts/ },
    { name: 'admin', testMatch: /admin-.*\.spec\.ts/ },
    // A deploy changes dist/client/sw.js on disk, the file the one server serves to every page: any
    // page with the service worker that loads meanwhile (offline, pwa, admin-saves) would find the
    // new version and show "Nueva versión disponible". Routing cannot stand in for the file (the
    // worker's own update check bypasses it), so the deploy runs last and alone.
    { name: 'deploy', testMatch: /deploy-.*\.spec\.ts/, dependencies: ['learner', 'admin'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    // Includes a build of the client when dist/ is not a fresh test build (scripts/e2e-server.mjs):
    // about a minute on the 2-core machine; a server that is up answers in seconds.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
