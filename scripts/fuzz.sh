#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang (build-fuzz/, ASan+UBSan, ccache) and
# runs each for a set time, then prints executions, speed, coverage and crashes per harness.
#   scripts/fuzz.sh [seconds-per-harness] [harness...]     (default: 60 s, every harness)
# AIPERF_FUZZ_RUNS=N stops a harness after N executions if that comes before the time.
# The working corpus grows in ~/.cache/aiperf-cpp/fuzz-corpus/<harness> (seeded from
# tests/fuzz/corpus/<harness>); crash, leak, timeout and out-of-memory inputs are saved in
# ~/.cache/aiperf-cpp/fuzz-artifacts/<harness>/ (AIPERF_FUZZ_CACHE moves both). A harness stops
# at its first crash. Not run by CI: tests/fuzz's seed corpora are replayed by the unit tests.
# docs/fuzzing.md says how to add a harness and what to do with a crash.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
all=()
for f in tests/fuzz/*_fuzz.cpp; do
  f="${f##*/}"
  all+=("${f%_fuzz.cpp}")
done
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all[@]}")

# clang and its runtime (libFuzzer) only here: the other scripts build with GCC.
./scripts/setup.sh clang libclang-rt-14-dev >/dev/null

flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DAIPERF_FUZZ=ON -DAIPERF_BUILD_UNIT_TESTS=OFF -DAIPERF_BUILD_BENCH=OFF)
if command -v ccache >/dev/null; then
  export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/aiperf-cpp/ccache}"
  flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
CXX=clang++ cmake -S . -B build-fuzz -G Ninja "${flags[@]}" >/dev/null
ninja -C build-fuzz "${AIPERF_FUZZ_NINJA_FLAGS:-"-j$(nproc)"}" "${harnesses[@]/%/_fuzz}"

cache="${AIPERF_FUZZ_CACHE:-$HOME/.cache/aiperf-cpp}"
rows=()
status=0
for h in "${harnesses[@]}"; do
  corpus="$cache/fuzz-corpus/$h"
  artifacts="$cache/fuzz-artifacts/$h"
  log="$cache/fuzz-logs/$h.log"
  mkdir -p "$corpus" "$artifacts" "${log%/*}"
  # libFuzzer's failure files; its slow-unit-* reports (inputs over 10 s) are not failures.
  failures() { find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l; }
  before=$(failures)
  echo "== $h: ${seconds} s (log: $log)"
  # New inputs go to the first corpus folder; the seeds in the repository are only read.
  # -timeout: an input running 10 s is a hang; -rss_limit_mb: a parser must not need 2 GB.
  rc=0
  "build-fuzz/tests/fuzz/${h}_fuzz" -max_total_time="$seconds" -runs="${AIPERF_FUZZ_RUNS:--1}" \
    -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$artifacts/" "$corpus" "tests/fuzz/corpus/$h" >"$log" 2>&1 || rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  crashes=$(( $(failures) - before ))
  rows+=("$(printf '%-18s %12s %9s %8s %8s' "$h" "${runs:-?}" "${speed:-?}" "${cov:-?}" "$crashes")")
  if [ "$rc" -ne 0 ] || [ "$crashes" -gt 0 ]; then
    status=1
    echo "   FAILED (exit $rc): $(grep -m1 -E '^==[0-9]+==ERROR|^SUMMARY|runtime error|deadly signal' "$log" || true)"
  fi
done

echo
printf '%-18s %12s %9s %8s %8s\n' harness executions exec/s coverage crashes
printf '%s\n' "${rows[@]}"
echo "crash inputs (if any): $cache/fuzz-artifacts/<harness>/"
exit "$status"
