#!/usr/bin/env bash
# GPU telemetry from a DCGM exporter (metrics-and-outputs.md §8, docs/telemetry.md): a stand-in
# exporter on 127.0.0.1 serves the recorded 8-GPU page with utilisation and the energy counter
# rising on every scrape; aiperf profile --gpu-telemetry URL must write one JSONL line per GPU per
# scrape, a telemetry_data block whose statistics match those lines inside the profiling
# window, and the per-GPU console tables. --no-gpu-telemetry collects nothing.
source "$(dirname "$0")/lib/common.bash"

FIXTURE="$(cd "$(dirname "$0")/../fixtures/telemetry" && pwd)/dcgm_exporter_8xh100.txt"
python3 - "$FIXTURE" "$WORK/dcgm.port" >"$WORK/dcgm.log" 2>&1 <<'PY' &
import http.server, re, sys, threading
page = open(sys.argv[1]).read().splitlines()
scrapes = 0
lock = threading.Lock()

def body(n):
    out = []
    for line in page:
        name, _, value = line.rpartition(" ")
        if line.startswith("DCGM_FI_DEV_GPU_UTIL{"):
            line = f"{name} {(int(value) + n) % 101}"
        elif line.startswith("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{"):
            line = f"{name} {int(value) + 250000 * n}"
        elif line.startswith("DCGM_FI_DEV_POWER_USAGE{"):
            line = f"{name} {float(value) + (n % 7) * 3.5:.6f}"
        out.append(line)
    return ("\n".join(out) + "\n").encode()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        global scrapes
        if self.path != "/metrics":
            self.send_error(404)
            return
        with lock:
            n = scrapes
            scrapes += 1
        data = body(n)
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def log_message(self, *args):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
open(sys.argv[2], "w").write(str(server.server_address[1]))
server.serve_forever()
PY
MOCK_PIDS+=($!)
for _ in $(seq 1 100); do [ -s "$WORK/dcgm.port" ] && break; sleep 0.05; done
[ -s "$WORK/dcgm.port" ] || { cat "$WORK/dcgm.log"; fail "DCGM stand-in did not start"; }
DCGM_URL="http://127.0.0.1:$(cat "$WORK/dcgm.port")/metrics"

start_mock --ttft-ms 20 --itl-ms 5 --output-tokens 16
ART="$WORK/gpu"
AIPERF_GPU_COLLECTION_INTERVAL=0.1 "$AIPERF" profile -m mock-model -u "$MOCK_URL" --streaming --concurrency 2 \
  --request-count 30 --osl 16 --isl 16 --workers-max 1 --ui none --artifact-dir "$ART" \
  --gpu-telemetry "$DCGM_URL" >"$WORK/gpu.out" 2>"$WORK/gpu.err" ||
  { cat "$WORK/gpu.out" "$WORK/gpu.err"; fail "aiperf --gpu-telemetry failed"; }

ART="$ART" DCGM_URL="$DCGM_URL" OUT="$WORK/gpu.out" py '
import datetime, json, math, os
from e2e_checks import jsonl
art, url = os.environ["ART"], os.environ["DCGM_URL"]
key = url[len("http://"):-len("/metrics")]
lines = jsonl(art + "/gpu_telemetry_export.jsonl")
assert lines and len(lines) % 8 == 0, len(lines)
stamps = [l["timestamp_ns"] for l in lines]
assert stamps == sorted(stamps), "timestamps go back"
for i, l in enumerate(lines):
    assert l["dcgm_url"] == url and l["gpu_index"] == i % 8, l
    assert l["gpu_model_name"] == "NVIDIA H100 80GB HBM3" and l["hostname"] == "node-a", l
    assert len({x["timestamp_ns"] for x in lines[i - i % 8:i - i % 8 + 8]}) == 1, "one scrape, one timestamp"
assert len(lines) // 8 >= 5, f"only {len(lines) // 8} scrapes"

doc = json.load(open(art + "/profile_export_aiperf.json"))
td = doc["telemetry_data"]
assert list(doc).index("telemetry_data") < list(doc).index("input_config")
assert url in td["summary"]["endpoints_configured"] and td["summary"]["endpoints_successful"] == [url], td["summary"]
def ns(text):
    return round(datetime.datetime.fromisoformat(text).timestamp() * 1e6) * 1000
start, end = ns(td["summary"]["start_time"]), ns(td["summary"]["end_time"])
gpus = td["endpoints"][key]["gpus"]
assert sorted(gpus) == [f"gpu_{i}" for i in range(8)], sorted(gpus)

def pct(v, q):  # numpy.percentile, method linear
    h = q / 100 * (len(v) - 1)
    lo = math.floor(h)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (h - lo)
def close(a, b):
    return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))

for i in range(8):
    g = gpus[f"gpu_{i}"]
    assert g["gpu_index"] == i and g["platform"] == "nvidia" and g["gpu_uuid"].startswith("GPU-"), g
    mine = [l for l in lines if l["gpu_index"] == i]
    inside = [l for l in mine if start <= l["timestamp_ns"] <= end + 999]
    assert len(inside) >= 3, len(inside)
    for name in ("nvidia_gpu_utilization", "nvidia_power_usage", "nvidia_memory_used", "nvidia_temperature"):
        v = sorted(l["telemetry_data"][name] for l in inside)
        m = g["metrics"][name]
        avg = sum(v) / len(v)
        std = math.sqrt(sum((x - avg) ** 2 for x in v) / (len(v) - 1))
        assert m["count"] == len(v), (name, m["count"], len(v))
        for k, want in (("avg", avg), ("min", v[0]), ("max", v[-1]), ("std", std), ("p50", pct(v, 50)), ("p90", pct(v, 90)), ("p1", pct(v, 1))):
            assert close(m[k], want), (i, name, k, m[k], want)
        assert list(m)[-3:] == ["std", "count", "unit"], list(m)
    before = [l for l in mine if l["timestamp_ns"] < start]
    ref = (before[-1] if before else inside[0])["telemetry_data"]["nvidia_energy_consumption"]
    want = max(0.0, inside[-1]["telemetry_data"]["nvidia_energy_consumption"] - ref)
    energy = g["metrics"]["nvidia_energy_consumption"]
    assert set(energy) == {"avg", "unit"} and energy["unit"] == "MJ" and close(energy["avg"], want), (energy, want)
    assert want > 0

out = open(os.environ["OUT"], encoding="utf-8").read()
saved = open(art + "/profile_export_console.txt", encoding="utf-8").read()
for text in (out, saved):
    assert "AIPerf | GPU Telemetry Summary" in text
    assert "telemetry sources reachable" in text and f"• {key} ✔" in text
    for i in range(8):
        assert f"{key} | GPU {i} | NVIDIA H100 80GB HBM3" in text, i
    assert "NVIDIA GPU Power Usage (W)" in text and "NVIDIA Energy Consumption (MJ)" in text
assert out.index("AIPerf | GPU Telemetry Summary") < out.index("CLI Command:")

# profile_export_aiperf.csv: two empty rows, then the GPU table (§7.4) with the JSON block'"'"'s numbers.
import csv, io
text = open(art + "/profile_export_aiperf.csv", newline="").read()
head, gpu_part = text.split("\r\n\r\n\r\n", 1)
rows = list(csv.reader(io.StringIO(gpu_part)))
assert rows[0][:7] == ["Endpoint", "GPU_Index", "GPU_Name", "GPU_UUID", "Platform", "Metric", "avg"] and rows[0][-1] == "Hostname", rows[0]
power = {int(r[1]): float(r[6]) for r in rows[1:] if r[5] == "NVIDIA GPU Power Usage (W)"}
assert len(power) == 8, power
for i, v in power.items():
    assert abs(v - gpus[f"gpu_{i}"]["metrics"]["nvidia_power_usage"]["avg"]) <= 0.005, (i, v)
print(f"ok {len(lines) // 8} scrapes x 8 GPUs; stats match the JSONL inside the window; the CSV'"'"'s GPU table too")
'

ART="$WORK/off"
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 4 --ui none --artifact-dir "$ART" \
  --no-gpu-telemetry >"$WORK/off.out" 2>&1 || { cat "$WORK/off.out"; fail "aiperf --no-gpu-telemetry failed"; }
[ ! -e "$ART/gpu_telemetry_export.jsonl" ] || fail "--no-gpu-telemetry wrote gpu_telemetry_export.jsonl"
ART="$ART" py '
import json, os
doc = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
assert "telemetry_data" not in doc
print("ok --no-gpu-telemetry")
'
! grep -q "GPU Telemetry" "$WORK/off.out" || fail "--no-gpu-telemetry printed GPU tables"

# Unreachable explicit exporter: one warning naming it, and the run still succeeds.
"$AIPERF" profile -m mock-model -u "$MOCK_URL" --request-count 2 --ui none --artifact-dir "$WORK/gone" \
  --gpu-telemetry "127.0.0.1:9/metrics" >"$WORK/gone.out" 2>"$WORK/gone.err" ||
  { cat "$WORK/gone.out" "$WORK/gone.err"; fail "aiperf with an unreachable exporter failed"; }
[ "$(grep -c 'GPU telemetry: DCGM exporter http://127.0.0.1:9/metrics is unreachable' "$WORK/gone.err")" = 1 ] ||
  { cat "$WORK/gone.err"; fail "no single warning for the unreachable exporter"; }
grep -q "No GPU telemetry data collected during the benchmarking run." "$WORK/gone.out" ||
  { cat "$WORK/gone.out"; fail "no 'no data' notice"; }
echo "ok unreachable exporter"
