#!/usr/bin/env bash
# Installs what is missing, builds, starts the bundled mock server on 127.0.0.1, profiles it
# with a streaming chat workload, and prints the results table and where the artifacts went,
# charts and report.html (docs/plots.md) among them.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh
./scripts/build.sh release -j"$(nproc)" aiperf aiperf-mock-server

log="$(mktemp)"
build/aiperf-mock-server --host 127.0.0.1 --port 0 --ttft-ms 40 --itl-ms 8 >"$log" 2>&1 &
mock_pid=$!
trap 'kill $mock_pid 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$log" && break; sleep 0.05; done
url="$(grep -o 'http://[^ ]*' "$log" | head -1)"
[ -n "$url" ] || { cat "$log"; echo "demo: mock server did not start" >&2; exit 1; }
echo "demo: mock server at $url (TTFT 40 ms, ITL 8 ms)"

build/aiperf profile --model mock-model --url "$url" --endpoint-type chat --streaming \
  --concurrency 8 --request-count 200 --isl 128 --osl 64 --random-seed 1 --auto-plot
