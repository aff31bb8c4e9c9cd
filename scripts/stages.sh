#!/usr/bin/env bash
# Sourced by scripts/test.sh and .ci/run: a stage's time, and stages side by side.

# Each stage's time, printed at the end (and kept in .tmp/stage-times.txt for .ci/run's summary).
mkdir -p .tmp
stage() {
  local name="$1"; shift
  echo "== $name"
  local t0 rc=0; t0=$(date +%s)
  "$@" || rc=$?
  echo "$name $(( $(date +%s) - t0 ))" >> .tmp/stage-times.txt
  return "$rc"
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

