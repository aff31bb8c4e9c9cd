#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on 127.0.0.1 (Debian's package, installed
# when missing), with DATABASE_URL set. Usage: bash scripts/with-postgres.sh <command...>
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""; [ "$(id -u)" = "0" ] || SUDO="sudo"
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(find_bin)" ]; then
  echo "Instalando PostgreSQL de Debian..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
BIN="$(find_bin)"
# Below 32768: Linux gives outgoing connections local ports from 32768–60999 (ip_local_port_range), so
# a port in that range can be held for a moment by any client on the machine (a browser, an app host
# talking to the cluster's server), and the server then cannot bind it. A clean-clone run of
# 2026-11-30 had "pg_ctl: could not start server" on 55440 (its log went with the folder).
PORT="${PG_TEST_PORT:-25432}"
BASE="$(mktemp -d /tmp/manitas-pg.XXXXXX)"
DATA="$BASE/data"

# PostgreSQL refuses to run as root: run the server as the 'postgres' user when we are root.
run_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = "0" ]; then chown postgres "$BASE"; fi
chmod 755 "$BASE"

cleanup() {
  run_pg "$BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$BASE"
}
trap cleanup EXIT

run_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
if ! run_pg "$BIN/pg_ctl" -D "$DATA" -l "$BASE/log" -w -t 60 \
  -o "-p $PORT -k $BASE -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null; then
  # The reason is in the server's own log, which the cleanup removes with the folder: print it.
  echo "PostgreSQL no arrancó en 127.0.0.1:$PORT; su registro:"; cat "$BASE/log" 2>/dev/null || true
  exit 1
fi
"$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres manitas_test

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/manitas_test"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') en 127.0.0.1:$PORT"
"$@"
