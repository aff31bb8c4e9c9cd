#!/usr/bin/env bash
# Google sign-in end to end: the Firebase Auth emulator (firebase-tools, pinned in the test-only
# package tests/google, kept out of the app's package.json) and an app server configured for it,
# driven by Playwright (tests/e2e-google). Installs tests/google when it is missing; builds the
# client when dist/ is missing. Extra arguments go to Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f tests/google/node_modules/firebase-tools/lib/bin/firebase.js ]; then
  echo "Instalando el emulador de Firebase Auth (solo para pruebas) en tests/google..."
  npm install --prefix tests/google --no-audit --no-fund --loglevel=error
fi
if [ ! -f dist/client/index.html ]; then
  VITE_GAME_TEST_HOOKS=1 npx vite build --logLevel warn
fi
npx playwright test --config tests/e2e-google/playwright.config.ts "$@"
