// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server (which migrates, seeds demo content on an empty embedded database, and serves everything).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClient, needsBuild, root } from './build/client-build.mjs';

// A test build (left by `npm test`) is built again: it has the games' test hooks.
if (needsBuild({ test: false }) || process.env.FORCE_BUILD === '1') buildClient({ test: false });

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
