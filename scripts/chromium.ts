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

export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
