import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { muiWithoutCssVars, precompress } from './scripts/build/perf-plugins.ts';
import { handModel } from './scripts/build/hand-model.ts';
import { pwaOptions } from './src/client/offline/pwaOptions.ts';
import { testHooksMarker } from './scripts/build/test-hooks-marker.ts';
import { pgliteOnlyFiles } from './tests/api/postgres-pass.ts';
import { filesNeedingIsolation } from './tests/unit/isolation.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const unitIsolated = filesNeedingIsolation(root, 'tests/unit');
const apiIsolated = filesNeedingIsolation(root, 'tests/api');
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  // VitePWA before precompress: the service worker is written first (both close the bundle in turn),
  // so it gets its .br/.gz like every other file and its precache list never names them.
  plugins: [react(), muiWithoutCssVars(), handModel(), VitePWA(pwaOptions), precompress(), testHooksMarker()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The app's own few modules every screen needs — the API client, the boot prefetch, the
        // session and Vite's lazy-import helper — in one chunk: left to the default splitting they
        // were small files of their own on /logIn's first visit, each gzipped alone (about 0.5 KB
        // more). A group that pulled MUI in too made /logIn smaller still but /home's entry one
        // long script (Lighthouse 93 instead of 96): not that.
        codeSplitting: {
          groups: [
            { name: 'core', test: /src[\\/]client[\\/](api[\\/](http|prefetched)|auth[\\/]session)\.ts$|vite[\\/]preload-helper/ },
            // MUI's smallest helpers every form screen loads (with React, which they import): one file
            // instead of five.
            { name: 'base', test: /@mui[\\/](utils|material)[\\/].*(owner(Document|Window)|debounce|useFormControl|FormControlContext)(\.js$|[\\/])/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  test: {
    // Every core: vitest's default leaves one free, which on a 2-core machine is half the machine.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The unit files share their worker's modules (isolate: false): loading them afresh for each
      // file was half the project's CPU. A file that replaces a module, a global, the timers or the
      // environment keeps modules of its own (tests/unit/isolation.ts says which and why).
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: unitIsolated, environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: unitIsolated, environment: 'node' },
      },
      // The API files share their worker's modules too (Fastify, Drizzle, sharp and PGlite's WASM
      // loaded once per worker, not once per file), except those tests/unit/isolation.ts names.
      // Both projects have the same setup; each its own seeded template (global-setup.ts).
      ...(['api', 'api-isolated'] as const).map((name) => ({
        extends: true as const,
        test: {
          name,
          include: name === 'api' ? ['tests/api/**/*.test.ts'] : apiIsolated,
          isolate: name !== 'api',
          // On PostgreSQL (DATABASE_URL) the files marked `@pglite-suffices` are left out: they
          // prove nothing there that PGlite did not (docs/testing.md, "The PostgreSQL pass").
          exclude: [...(name === 'api' ? apiIsolated : []), ...(process.env.DATABASE_URL ? pgliteOnlyFiles(root) : [])],
          environment: 'node' as const,
          globalSetup: ['tests/api/global-setup.ts'],
          setupFiles: ['tests/api/per-worker-postgres.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      })),
      // Two running hosts: only when scripts/with-cluster.sh has started them (it sets CLUSTER_A and
      // CLUSTER_B), so a bare `vitest run`, which has no hosts to talk to, leaves this project out.
      ...(process.env.CLUSTER_A
        ? [{ extends: true as const, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], environment: 'node' as const, testTimeout: 30000 } }]
        : []),
    ],
  },
});
