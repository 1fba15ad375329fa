# Shared helpers for bench/run.sh and bench/sections/*.sh (sourced, not run).
# Each section gets: $WORK (scratch dir, removed at the end), $SECONDS_PER_RUN, $CONNECTIONS,
# $MOCK_WORKERS, and writes its markdown to "$WORK/section_<letter>.md".

MOCK_PID="${MOCK_PID:-}"
# Binaries come from the release build; BENCH_BUILD_DIR points elsewhere while developing a section.
BIN_DIR="${BENCH_BUILD_DIR:-build}"

# start_mock [mock flags...] -> sets URL and MOCK_PID (replaces a mock this shell started before).
start_mock() {
  stop_mock
  "$BIN_DIR"/aiperf-mock-server --host 127.0.0.1 --port 0 --workers "$MOCK_WORKERS" "$@" >"$WORK/mock.log" 2>&1 &
  MOCK_PID=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$WORK/mock.log" && break; sleep 0.05; done
  URL="$(grep -o 'http://[^ ]*' "$WORK/mock.log" | head -1)"
  [ -n "$URL" ] || { cat "$WORK/mock.log" >&2; echo "bench: mock server did not start" >&2; return 1; }
}

stop_mock() {
  if [ -n "$MOCK_PID" ]; then
    kill "$MOCK_PID" 2>/dev/null || true
    wait "$MOCK_PID" 2>/dev/null || true
    MOCK_PID=""
  fi
}

# timed CMD... : runs CMD and writes its children's user+sys CPU seconds to $CPU_FILE.
timed() {
  python3 - "$@" <<'PY'
import os, resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stderr=subprocess.STDOUT)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
open(os.environ["CPU_FILE"], "w").write(f"{u.ru_utime + u.ru_stime:.3f}\n")
sys.exit(r.returncode)
PY
}

# json_avg FILE METRIC : the metric's avg from profile_export_aiperf.json, 2 decimals.
json_avg() { python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))[sys.argv[2]]['avg'], 2))" "$@"; }
