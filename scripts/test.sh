#!/usr/bin/env bash
# `npm test`: every test. Installs Debian's chromium first when it is missing (Playwright drives it;
# no browser is ever downloaded). Order: type-check, lint, format and build side by side; unit + API
# tests; end-to-end; the Google sign-in suite.
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

# Each stage's time, printed at the end (and kept in .tmp/stage-times.txt for .ci/run's summary).
mkdir -p .tmp
: > .tmp/stage-times.txt
stage() {
  local name="$1"; shift
  echo "== $name"
  local t0; t0=$(date +%s)
  "$@"
  echo "$name $(( $(date +%s) - t0 ))" >> .tmp/stage-times.txt
}

# Stages that do not depend on each other run side by side (the type-check is the long one and
# mostly uses one core); each one's output is shown when it ends, and any failure stops the run.
together() {
  local pids=() names=() failed=0
  while [ $# -gt 0 ]; do
    local name="$1" cmd="$2"; shift 2
    echo "== $name (a la vez)"
    # Each one notes its own time when it ends (not when the loop below gets to it).
    ( t0=$(date +%s); rc=0; bash -c "$cmd" > ".tmp/stage-$name.log" 2>&1 || rc=$?
      echo "$name $(( $(date +%s) - t0 ))" > ".tmp/stage-$name.time"; exit "$rc" ) &
    pids+=("$!"); names+=("$name")
  done
  for i in "${!pids[@]}"; do
    local ok=0
    wait "${pids[$i]}" || ok=$?
    cat ".tmp/stage-${names[$i]}.time" >> .tmp/stage-times.txt
    if [ "$ok" != 0 ]; then
      echo "== ${names[$i]} FAILED"; cat ".tmp/stage-${names[$i]}.log"; failed=1
    else
      cat ".tmp/stage-${names[$i]}.log"
    fi
  done
  [ "$failed" = 0 ]
}

together \
  typecheck 'npx tsc -p tsconfig.json --noEmit' \
  lint 'npx eslint . --max-warnings=0' \
  format 'npx prettier --check . --log-level warn' \
  build 'VITE_GAME_TEST_HOOKS=1 npx vite build --logLevel warn'
stage unit+api npx vitest run
stage e2e npx playwright test
if [ -n "$google_install_pid" ] && ! wait "$google_install_pid"; then
  cat .tmp/google-install.log; echo "No se pudo instalar el emulador de Firebase Auth"; exit 1
fi
stage e2e-google bash scripts/test-google.sh

echo "== stage times (s)"
column -t .tmp/stage-times.txt 2>/dev/null || cat .tmp/stage-times.txt
