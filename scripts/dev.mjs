// `npm run dev`: the API on 127.0.0.1:3001 (restarting on change) and Vite on 5173 proxying /api and /uploads.
import { spawn } from 'node:child_process';
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { PORT: '3001', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
