#!/usr/bin/env bash
# Two app hosts side by side, as a school spread over several machines runs them: one PostgreSQL
# (Debian's, through scripts/with-postgres.sh), one S3-compatible bucket (s3rver from npm, through
# scripts/with-s3.sh) and two app processes with their own DATA_DIR on two ports, then the suite
# tests/cluster/*.test.ts (plain HTTP against both). Everything binds 127.0.0.1 and is stopped on exit.
#
#   bash scripts/with-cluster.sh              # ports 3160 and 3161, PostgreSQL on PG_TEST_PORT
#   CLUSTER_PORT_A=3211 CLUSTER_PORT_B=3212 CLUSTER_S3_PORT=3213 PG_TEST_PORT=25470 bash scripts/with-cluster.sh
#
# Extra arguments go to vitest (e.g. a test name filter with -t).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${MANITAS_CLUSTER_INNER:-}" ]; then
  export MANITAS_CLUSTER_INNER=1
  S3_TEST_PORT="${CLUSTER_S3_PORT:-${S3_TEST_PORT:-}}" exec bash scripts/with-postgres.sh bash scripts/with-s3.sh bash scripts/with-cluster.sh "$@"
fi

PORT_A="${CLUSTER_PORT_A:-3160}"
PORT_B="${CLUSTER_PORT_B:-3161}"
BASE="$(mktemp -d /tmp/manitas-cluster.XXXXXX)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$BASE"
}
trap cleanup EXIT

# Waits (at most 60 s) for a URL to answer 200; shows the log and fails otherwise.
wait_for() {
  local url="$1" log="$2"
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  echo "No respondió a tiempo: $url"; tail -n 40 "$log"; return 1
}

# One signing key for every host: a token made by one is checked by the others.
export JWT_SECRET="cluster-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export HOST=127.0.0.1 LOG_LEVEL=warn STATIC_DIR="$BASE/no-client" NODE_ENV=production

# As `npm start` runs the server (scripts/start.mjs), without the client build: the suite is HTTP only.
start_app() {
  local name="$1" port="$2" seed="$3"
  PORT="$port" DATA_DIR="$BASE/$name" SEED_DEMO="$seed" PUBLIC_URL="http://127.0.0.1:$port" \
    node --import tsx src/server/main.ts > "$BASE/$name.log" 2>&1 &
  PIDS+=("$!")
  wait_for "http://127.0.0.1:$port/api/health" "$BASE/$name.log"
}
# A first: it migrates and seeds the demo content (into PostgreSQL and the bucket); then B.
start_app a "$PORT_A" 1
start_app b "$PORT_B" 0
echo "Hosts: A 127.0.0.1:$PORT_A, B 127.0.0.1:$PORT_B; bucket $S3_ENDPOINT/$S3_BUCKET"

CLUSTER_A="http://127.0.0.1:$PORT_A" CLUSTER_B="http://127.0.0.1:$PORT_B" npx vitest run --project cluster "$@"
