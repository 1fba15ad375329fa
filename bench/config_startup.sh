#!/usr/bin/env bash
# Start-up cost of the option model (docs/benchmarks.md (t)): `aiperf profile --help`, and a
# 200-line YAML config with a 100-cell grid sweep through `aiperf config expand` (read, shorthands,
# expansion, and every variation converted and checked as a run would be) and `config validate`.
# Peer in the same run: PyYAML loading the same file (`yaml.safe_load`, what a Python client
# does before anything else). Median of N runs each (default 20).
#
#   bench/config_startup.sh [N]     # BENCH_BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BENCH_BUILD_DIR:-build}/aiperf"
N="${1:-20}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# 200 lines: the long body of docs/config.md, headers and extras padded out, a 10 x 10 grid.
{
  echo 'schemaVersion: "2.0"'
  echo 'variables: {conc: 16, isl: 512}'
  echo 'randomSeed: 42'
  echo 'benchmark:'
  echo '  model: test-model'
  echo '  tokenizer: builtin'
  echo '  endpoint:'
  echo '    url: http://127.0.0.1:9'
  echo '    streaming: true'
  echo '    headers:'
  for i in $(seq 1 96); do echo "      X-Header-$i: value-$i"; done
  echo '    extra:'
  for i in $(seq 1 80); do echo "      field_$i: $i"; done
  echo '  dataset:'
  echo '    type: synthetic'
  echo '    entries: 100'
  echo '    prompts: {isl: {mean: "{{ isl }}", stddev: 0}, osl: 128}'
  echo '  phases:'
  echo '    - {name: warmup, type: concurrency, concurrency: 4, requests: 8}'
  echo '    - {name: profiling, type: poisson, rate: 10, concurrency: "{{ conc }}", requests: "{{ conc * 10 }}"}'
  echo '  artifacts: {dir: ./artifacts}'
  echo 'sweep:'
  echo '  type: grid'
  echo '  parameters:'
  echo '    phases.profiling.rate: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]'
  echo '    variables.conc: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]'
} >"$WORK/run.yaml"
lines="$(wc -l <"$WORK/run.yaml")"

median_ms() {  # median_ms CMD... -> median wall time in ms of N runs
  python3 - "$N" "$@" <<'PY'
import statistics, subprocess, sys, time
n, cmd = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(n):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times.append((time.perf_counter() - t) * 1000)
print(f"{statistics.median(times):.1f}")
PY
}

"$BIN" config expand --config-file "$WORK/run.yaml" >"$WORK/expand.txt"
head -1 "$WORK/expand.txt"
help_ms="$(median_ms "$BIN" profile --help)"
version_ms="$(median_ms "$BIN" --version)"
expand_ms="$(median_ms "$BIN" config expand --config-file "$WORK/run.yaml")"
validate_ms="$(median_ms "$BIN" config validate --config-file "$WORK/run.yaml")"
pyyaml_ms="$(median_ms python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$WORK/run.yaml")"
echo "file: $lines lines, 100 variations; median of $N runs"
printf '%-48s %8s ms\n' "aiperf --version (process start)" "$version_ms" "aiperf profile --help" "$help_ms" \
  "aiperf config expand (100 variations checked)" "$expand_ms" "aiperf config validate (100 variations checked)" \
  "$validate_ms" "python3 + PyYAML safe_load of the same file" "$pyyaml_ms"
python3 -c "import sys; print(f'expand / PyYAML load: {float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$expand_ms" "$pyyaml_ms"
