#!/usr/bin/env bash
# `npm test`: every test. Installs Debian's chromium first when it is missing (Playwright drives it;
# no browser is ever downloaded). Order: type-check, lint, format and build side by side; unit + API
# tests; end-to-end; the Google sign-in suite (with WITH_POSTGRES=1, as .ci/run sets it, beside the
# API suite on PostgreSQL and the cluster suite).
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

# Each stage's time, printed at the end (and kept in .tmp/stage-times.txt for .ci/run's summary);
# `stage` and `together` live in scripts/stages.sh, shared with .ci/run.
# shellcheck source=scripts/stages.sh
source scripts/stages.sh
: > .tmp/stage-times.txt

together \
  typecheck 'npm run --silent typecheck' \
  lint 'npx eslint . --max-warnings=0' \
  format 'npx prettier --check . --log-level warn' \
  build 'VITE_GAME_TEST_HOOKS=1 npx vite build --logLevel warn'
stage unit+api npx vitest run
if ! stage e2e npx playwright test; then
  # CI keeps only what is printed: each failed test's page as Playwright last saw it (its ARIA
  # snapshot: the text on screen, the open lists, the field values), so a failure seen only there
  # can be read afterwards. The screenshots beside them stay in test-results/ on the machine.
  # A long list page fills most of a snapshot; what went wrong is mostly at its ends (the error
  # above it, the open menus and dialogs, drawn last, below it), so a long one keeps both ends,
  # short enough that the reporter's own account (call logs) above stays in CI's printed tail.
  # No pipe into head here: under pipefail its early close would end the script (exit 141).
  for f in test-results/*/error-context.md; do
    [ -f "$f" ] || continue
    ctx=$(sed '/^# Test source/,$d' "$f")
    echo "== $f"
    if [ "${#ctx}" -le 9000 ]; then echo "$ctx"; else echo "${ctx:0:2500}"; echo "[…]"; echo "${ctx: -6000}"; fi
  done
  exit 1
fi
if [ -n "$google_install_pid" ] && ! wait "$google_install_pid"; then
  cat .tmp/google-install.log; echo "No se pudo instalar el emulador de Firebase Auth"; exit 1
fi
# .ci/run (WITH_POSTGRES=1) adds the API suite on PostgreSQL and the two-host cluster suite. They run
# beside the Google suite, after the browsers: the three leave most of a core idle on their own
# (the Google suite and the cluster mostly wait on their servers; the PostgreSQL pass on its
# server), measured in docs/testing.md "What runs beside what". Beside the end-to-end stage the
# PostgreSQL pass slowed the browsers' timed steps until one failed, so it waits for them. Each
# has its own PostgreSQL server (the cluster's on the next port) and its own ports.
if [ "${WITH_POSTGRES:-}" = 1 ]; then
  pg_port="${PG_TEST_PORT:-25432}"
  together \
    e2e-google 'bash scripts/test-google.sh' \
    api-postgres "PG_TEST_PORT=$pg_port bash scripts/with-postgres.sh npx vitest run --project 'api*'" \
    cluster "PG_TEST_PORT=$(( pg_port + 1 )) bash scripts/with-cluster.sh"
else
  stage e2e-google bash scripts/test-google.sh
fi

echo "== stage times (s)"
column -t .tmp/stage-times.txt 2>/dev/null || cat .tmp/stage-times.txt
