#!/usr/bin/env bash
# Configures and builds one flavour of the tree.
#   scripts/build.sh [release|asan|tsan] [ninja targets...]
# Build folders: build/ (release), build-asan/, build-tsan/.
set -euo pipefail
cd "$(dirname "$0")/.."

flavour="${1:-release}"
shift || true
case "$flavour" in
  release) dir=build;      flags=(-DCMAKE_BUILD_TYPE=Release -DAIPERF_BUILD_BENCH="${AIPERF_BUILD_BENCH:-ON}") ;;
  # The sanitizer trees leave out bench/'s programs: nothing runs them there.
  asan)    dir=build-asan; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DAIPERF_SANITIZE=ON -DAIPERF_BUILD_BENCH=OFF) ;;
  tsan)    dir=build-tsan; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DAIPERF_TSAN=ON -DAIPERF_BUILD_BENCH=OFF) ;;
  *) echo "usage: scripts/build.sh [release|asan|tsan] [targets...]" >&2; exit 2 ;;
esac

# ccache (kept in ~/.cache, outside the repo) makes repeated CI runs on one machine fast.
if command -v ccache >/dev/null; then
  export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/aiperf-cpp/ccache}"
  flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# AIPERF_BUILD_UNIT_TESTS=OFF leaves the unit-test binaries out (scripts/test.sh's release tree).
flags+=(-DAIPERF_BUILD_UNIT_TESTS="${AIPERF_BUILD_UNIT_TESTS:-ON}")
# AIPERF_UNIT_TESTS_WHOLE=ON: one ctest per unit-test binary (scripts/test.sh's ASan tree).
flags+=(-DAIPERF_UNIT_TESTS_WHOLE="${AIPERF_UNIT_TESTS_WHOLE:-OFF}")
# Unity builds (docs/design.md, "Tests and CI time"): each plane and unit-test binary compiles
# its .cpp files in batches. AIPERF_UNITY_BUILD=OFF compiles them one by one (an edit then
# rebuilds one file, not its batch); AIPERF_UNITY_BATCH_SIZE sets the files per batch.
flags+=(-DAIPERF_UNITY_BUILD="${AIPERF_UNITY_BUILD:-ON}")
if [ -n "${AIPERF_UNITY_BATCH_SIZE:-}" ]; then flags+=(-DAIPERF_UNITY_BATCH_SIZE="$AIPERF_UNITY_BATCH_SIZE"); fi
cmake -S . -B "$dir" -G Ninja "${flags[@]}" >/dev/null
ninja -C "$dir" "$@"
