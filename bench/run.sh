#!/usr/bin/env bash
# Benchmark suite: every figure is measured beside a peer (or a known truth) in the same run, on
# 127.0.0.1, and written to docs/benchmarks.md.
#
#   bench/run.sh                  # every section (< 15 min on 2 cores)
#   bench/run.sh a c              # only these sections; the others keep their last tables
#   BENCH_SECONDS=3 bench/run.sh  # quicker, noisier
#
# Sections live in bench/sections/<letter>_*.sh; each writes $WORK/section_<letter>.md.
# Sections that a later issue fills are listed as slots.
set -euo pipefail
cd "$(dirname "$0")/.."

export SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
export CONNECTIONS="${BENCH_CONNECTIONS:-32}"
export MOCK_WORKERS="${BENCH_MOCK_WORKERS:-1}"
OUT_MD="${BENCH_OUT:-docs/benchmarks.md}"

./scripts/setup.sh >/dev/null
./scripts/build.sh release -j"$(nproc)" aiperf aiperf-mock-server >/dev/null
WORK="$(mktemp -d)"
export WORK CPU_FILE="$WORK/cpu"
trap 'rm -rf "$WORK"' EXIT

declare -A SLOTS=()

wanted=("$@")
selected() {
  [ ${#wanted[@]} -eq 0 ] && return 0
  local w; for w in "${wanted[@]}"; do [ "$w" = "$1" ] && return 0; done
  return 1
}

# Reuses a section's previous table from $OUT_MD when the section is not run this time.
previous_section() {
  [ -f "$OUT_MD" ] || return 1
  python3 - "$OUT_MD" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"(?ms)^## \(" + sys.argv[2] + r"\) .*?(?=^## |\Z)", text)
if not m: sys.exit(1)
print(m.group(0).rstrip())
PY
}

date_utc="$(date -u +%Y-%m-%d)"
cpu_model="$(awk -F: '/model name/ {print $2; exit}' /proc/cpuinfo | sed 's/^ *//')"
machine="$(nproc) cores ($cpu_model), $(free -g | awk '/Mem:/ {print $2}') GiB RAM, $(uname -sr)"

started=$SECONDS
for script in bench/sections/*.sh; do
  letter="$(basename "$script" | cut -c1)"
  selected "$letter" || continue
  section_start=$SECONDS
  bash "$script"
  took=$((SECONDS - section_start))
  echo "-- section ($letter) took $took s"
  # Each table carries its own provenance, so a table kept from an earlier run still says when,
  # where and how it was measured.
  python3 - "$WORK/section_$letter.md" "_Measured $date_utc on $machine with \`bench/run.sh $letter\` (section took $took s)._" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n", 1)
open(sys.argv[1], "w").write(lines[0] + "\n\n" + sys.argv[2] + "\n" + lines[1])
PY
done
{
  cat <<MD
# Benchmarks

Every figure is measured beside a peer, or against a value the test controls, in the same run on
the same machine, all on 127.0.0.1. Absolute numbers depend on the machine; the ratios and errors
are the claim. Regenerate with \`bench/run.sh\` (\`BENCH_SECONDS\`, \`BENCH_CONNECTIONS\`,
\`BENCH_MOCK_WORKERS\` override the defaults; \`bench/run.sh c e\` reruns only some sections).

MD
  for letter in a b c d e f g h i j; do
    if [ -f "$WORK/section_$letter.md" ]; then
      cat "$WORK/section_$letter.md"; echo
    elif [ -z "${SLOTS[$letter]:-}" ] && previous_section "$letter" >"$WORK/prev.md"; then
      cat "$WORK/prev.md"; echo
    fi
  done
  # Sections measured by their own scripts (bench/*.sh, (k) on) are kept as they are.
  for letter in k l m n o p q r s t u v w x y z; do
    previous_section "$letter" >"$WORK/prev.md" && { cat "$WORK/prev.md"; echo; }
  done
  if [ ${#SLOTS[@]} -gt 0 ]; then
    echo "## Slots filled by later issues"
    echo
    for letter in "${!SLOTS[@]}"; do
      [ -f "$WORK/section_$letter.md" ] || echo "- ${SLOTS[$letter]}"
    done
  fi
} >"$WORK/benchmarks.md"
mv "$WORK/benchmarks.md" "$OUT_MD"
echo "wrote $OUT_MD in $((SECONDS - started)) s"
