#!/usr/bin/env bash
# Peak memory of one huge non-streaming reply (docs/benchmarks.md (r)): the client's peak RSS
# for one request answered with an M MB chat completion, against the same run answered with a
# 1 KB one; the difference over M is how many body-sized buffers the client held at its peak.
# Measured twice: output tokens counted by the builtin tokenizer, and with
# --use-server-token-count (no tokenizer), which leaves only the body and its parse.
# (One request: several would also measure how many records wait for the record thread.)
#
#   bench/huge_reply.sh [MB]     # default 50; BENCH_BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN_DIR="${BENCH_BUILD_DIR:-build}"
MB="${1:-50}"
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

peak_kb() {  # peak_kb MB [aiperf flags] -> the client's peak RSS (KB) against a server replying MB megabytes
  python3 bench/huge_reply_server.py --mb "$1" >"$WORK/server.log" 2>&1 &
  local server=$!
  for _ in $(seq 1 200); do grep -q "listening on" "$WORK/server.log" && break; sleep 0.05; done
  local url
  url="$(grep -o 'http://[^ ]*' "$WORK/server.log" | head -1)"
  local mb="$1"
  shift
  python3 - "$BIN_DIR/aiperf" "$url" "$WORK/artifacts-$mb-$#" "$@" <<'PY'
import resource, subprocess, sys
aiperf, url, out, *extra = sys.argv[1:]
subprocess.run([aiperf, "profile", "-m", "mock-model", "--url", url, "--endpoint-type", "chat",
                "--concurrency", "1", "--request-count", "1", "--isl", "16", "--osl", "16",
                "--artifact-dir", out, "--ui-type", "none", "--tokenizer", "builtin", *extra],
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
  kill "$server"; wait "$server" 2>/dev/null || true
}

for flags in "" "--use-server-token-count"; do
  small=$(peak_kb 0.001 $flags)
  huge=$(peak_kb "$MB" $flags)
  python3 -c "
import sys; s, h, mb, f = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
print('{\"reply_mb\": %g, \"flags\": \"%s\", \"peak_rss_small_mb\": %.1f, \"peak_rss_huge_mb\": %.1f, \"extra_mb\": %.1f, \"body_sized_buffers_at_peak\": %.2f}' % (mb, f, s/1024, h/1024, (h-s)/1024, (h-s)/1024/mb))
" "$small" "$huge" "$MB" "$flags"
done
