#!/usr/bin/env bash
# `npm test`: every test. Installs Debian's chromium first when it is missing (Playwright drives it;
# no browser is ever downloaded). Order: lint, type-check, unit + API tests, build, end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "Instalando Chromium de Debian para las pruebas end-to-end..."
  SUDO=""; [ "$(id -u)" = "0" ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The Firebase Auth emulator (test-only package) installs in the background while the other
# suites run; the Google suite waits for it.
google_install_pid=""
if [ ! -f tests/google/node_modules/firebase-tools/lib/bin/firebase.js ]; then
  mkdir -p .tmp
  (npm install --prefix tests/google --no-audit --no-fund --loglevel=error > .tmp/google-install.log 2>&1) &
  google_install_pid=$!
fi

echo "== lint"; npx eslint . --max-warnings=0
echo "== format"; npx prettier --check . --log-level warn
echo "== typecheck"; npx tsc -p tsconfig.json --noEmit
echo "== unit + api"; npx vitest run
echo "== build"; npx vite build --logLevel warn
echo "== e2e"; npx playwright test
if [ -n "$google_install_pid" ] && ! wait "$google_install_pid"; then
  cat .tmp/google-install.log; echo "No se pudo instalar el emulador de Firebase Auth"; exit 1
fi
echo "== e2e (Google sign-in, Firebase Auth emulator)"; bash scripts/test-google.sh
