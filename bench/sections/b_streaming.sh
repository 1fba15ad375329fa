#!/usr/bin/env bash
# (b) Streaming SSE events/s and client CPU per 1k events.
set -euo pipefail
source bench/lib.sh

echo "== (b) streaming SSE events/s (256 tokens per response, no server delay)"
start_mock --output-tokens 256
timed "$BIN_DIR"/aiperf profile -m mock-model -u "$URL" --endpoint-type chat --streaming \
  --concurrency "$CONNECTIONS" --benchmark-duration "$SECONDS_PER_RUN" --benchmark-grace-period 5 \
  --isl 16 --osl 256 --artifact-dir "$WORK/b" >"$WORK/b.log"
stream_cpu="$(cat "$CPU_FILE")"
stop_mock
read -r events_per_s content_per_s cpu_per_k < <(python3 - "$WORK/b" "$stream_cpu" <<'PY'
import json, sys
art, cpu = sys.argv[1], float(sys.argv[2])
s = json.load(open(f"{art}/profile_export_aiperf.json"))
duration = s["benchmark_duration"]["avg"]
requests = s["request_count"]["avg"]
# Each response: role-only delta + 256 content deltas + finish chunk + usage chunk + [DONE].
events = requests * (256 + 4)
content = requests * 256
print(f"{events / duration:.0f}", f"{content / duration:.0f}", f"{cpu / events * 1000 * 1000:.1f}")
PY
)
echo "aiperf:  $events_per_s SSE events/s ($content_per_s content events/s), ${cpu_per_k} ms client CPU per 1k events"

cat >"$WORK/section_b.md" <<MD
## (b) Streaming events

Streaming chat, 256 one-token chunks per response with no server-side delay, $CONNECTIONS
connections, ${SECONDS_PER_RUN} s. With no delay the mock writes the events that are due together
(up to 16 KB per write), so many events arrive per read; every one is still framed, stamped,
parsed and counted. Client CPU is the whole aiperf process (all threads, including parsing,
metrics and \`profile_export.jsonl\`).

| measure | value |
|---|---:|
| SSE events/s received and timed (all events) | $events_per_s |
| content events/s | $content_per_s |
| client CPU per 1,000 events | ${cpu_per_k} ms |
MD
