// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server (which migrates, seeds demo content on an empty embedded database, and serves everything).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'client', 'index.html');

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
const needsBuild = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (needsBuild || process.env.FORCE_BUILD === '1') {
  console.log('Construyendo la aplicación web...');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
