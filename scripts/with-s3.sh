#!/usr/bin/env bash
# Runs a command against a throwaway S3-compatible bucket (s3rver from npm, files in a temp folder)
# on 127.0.0.1, with the S3_* variables the app reads set (README "Many schools"). The same idea as
# scripts/with-postgres.sh; scripts/with-cluster.sh and the class bench (scripts/bench/class-session.ts
# --storage s3) both start their bucket through it. Stopped and removed on exit.
#   bash scripts/with-s3.sh <command...>          # a free port
#   S3_TEST_PORT=3239 bash scripts/with-s3.sh <command...>
set -euo pipefail
cd "$(dirname "$0")/.."

BASE="$(mktemp -d /tmp/manitas-s3.XXXXXX)"
S3_PID=""
cleanup() {
  if [ -n "$S3_PID" ]; then kill "$S3_PID" 2>/dev/null || true; wait "$S3_PID" 2>/dev/null || true; fi
  rm -rf "$BASE"
}
trap cleanup EXIT

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
PORT="${S3_TEST_PORT:-$(free_port)}"
mkdir -p "$BASE/data"
node node_modules/s3rver/bin/s3rver.js -d "$BASE/data" -a 127.0.0.1 -p "$PORT" --silent --configure-bucket manitas > "$BASE/s3.log" 2>&1 &
S3_PID="$!"

# At most 60 s for the bucket to answer.
ready=""
for _ in $(seq 1 120); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/manitas" 2>/dev/null; then ready=1; break; fi
  if ! kill -0 "$S3_PID" 2>/dev/null; then break; fi
  sleep 0.5
done
if [ -z "$ready" ]; then echo "s3rver no respondió en 127.0.0.1:$PORT"; tail -n 40 "$BASE/s3.log"; exit 1; fi

# s3rver's fixed development credentials; path-style addressing as MinIO and most self-hosted stores.
export S3_BUCKET=manitas S3_ENDPOINT="http://127.0.0.1:$PORT" S3_REGION=us-east-1 \
  S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER S3_FORCE_PATH_STYLE=1
echo "Bucket S3 (s3rver) en http://127.0.0.1:$PORT/manitas"
"$@"
