// The built client (dist/client) and whether it must be built again: shared by `npm start`
// (a production build) and the end-to-end server (a test build, with the games' test hooks).
// A test build leaves dist/.test-hooks beside dist/client (written by vite.config.ts's
// testHooksMarker), so each side can tell the other's build from its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const built = path.join(root, 'dist', 'client', 'index.html');
export const TEST_MARKER = path.join(root, 'dist', '.test-hooks');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}

const sources = ['src/client', 'src/shared', 'games', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(root, p));

/** True when dist/client is missing, older than its sources, or the other kind of build. */
export function needsBuild({ test }) {
  if (!existsSync(built)) return true;
  if (existsSync(TEST_MARKER) !== test) return true;
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
}

/** Builds the client (a test build with the games' test hooks when `test`); exits on failure. */
export function buildClient({ test }) {
  console.log(test ? 'Construyendo la aplicación web (con los ganchos de prueba de los juegos)...' : 'Construyendo la aplicación web...');
  const env = { ...process.env, VITE_GAME_TEST_HOOKS: test ? '1' : '' };
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
