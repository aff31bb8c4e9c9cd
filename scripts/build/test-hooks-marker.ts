import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Leaves dist/.test-hooks after a test build (VITE_GAME_TEST_HOOKS=1: the games' `window.__game`
 * hooks compiled in) and removes it after a production build, so `npm start` and the end-to-end
 * server (scripts/build/client-build.mjs) can tell which kind of build dist/client holds. Outside
 * dist/client: the file is not served and not in the service worker's precache list.
 */
export function testHooksMarker(): Plugin {
  let outDir = '';
  return {
    name: 'manitas-test-hooks-marker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const marker = path.join(path.dirname(outDir), '.test-hooks');
      if (process.env.VITE_GAME_TEST_HOOKS === '1') writeFileSync(marker, 'Compilación de pruebas: window.__game activo.\n');
      else rmSync(marker, { force: true });
    },
  };
}
