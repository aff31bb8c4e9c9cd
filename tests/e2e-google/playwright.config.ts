// Google sign-in end to end: the Firebase Auth emulator (firebase-tools from the test-only package
// tests/google, offline, project demo-manitas) and an app server configured to use it.
// Run through scripts/test-google.sh, which installs tests/google when it is missing.
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import base from '../../playwright.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT || 3205);
/** Must match tests/google/firebase.json (emulators.auth.port). */
export const EMULATOR_HOST = '127.0.0.1:9399';
export const SUPERADMIN_EMAIL = 'jefa@manitas.test';
export const ADMIN_EMAIL_DOMAIN = 'escuela.test';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, 'test-results', 'e2e-google'),
  timeout: 90_000,
  workers: 1,
  use: { ...base.use, baseURL: `http://localhost:${GOOGLE_PORT}` },
  webServer: [
    {
      // The emulator; CI=1 keeps firebase-tools from fetching its message of the day.
      command: `node ${path.join(root, 'tests/google/node_modules/firebase-tools/lib/bin/firebase.js')} emulators:start --only auth --project demo-manitas --config firebase.json`,
      cwd: path.join(root, 'tests/google'),
      url: `http://${EMULATOR_HOST}/`,
      env: { CI: '1' },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/e2e-server.mjs',
      cwd: root,
      url: `http://127.0.0.1:${GOOGLE_PORT}/api/health`,
      env: {
        E2E_PORT: String(GOOGLE_PORT),
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_PROJECT_ID: 'demo-manitas',
        FIREBASE_AUTH_DOMAIN: 'demo-manitas.firebaseapp.com',
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
        SUPERADMIN_EMAIL,
        ADMIN_EMAIL_DOMAIN,
        GOOGLE_DEFAULT_ROLE: 'profesor',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
