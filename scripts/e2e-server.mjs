// The server Playwright tests run against: the built client, a fresh embedded database with the
// demo seed under .tmp/e2e-data, bound to 127.0.0.1 only.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClient, needsBuild, root } from './build/client-build.mjs';

// The specs drive the games through their test hooks (window.__game), which only a test build has
// (`npm run build:test`; scripts/test.sh's build stage makes one). Built here when dist/ holds a
// production build or is older than its sources, so a spec run never tests a stale client.
if (needsBuild({ test: true })) buildClient({ test: true });
const port = process.env.E2E_PORT || '3100';
const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT || '1000',
    DATABASE_URL: '',
    // A job that fails shows up on the admin's Trabajos screen after seconds, not minutes (1 s, 2 s, 4 s).
    JOBS_RETRY_DELAY_SECONDS: '1',
    // A real SMTP peer that the accounts test starts on this port (port + 1000).
    SMTP_URL: process.env.E2E_SMTP_URL || `smtp://127.0.0.1:${Number(port) + 1000}`,
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
