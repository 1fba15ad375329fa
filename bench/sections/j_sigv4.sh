#!/usr/bin/env bash
# (j) SigV4 signing cost per request (bench/sigv4_bench): sign() against its own floors, the
# SHA-256 of the body alone and the copy of the fixed head, for typical body sizes.
set -euo pipefail
source bench/lib.sh

echo "== (j) SigV4 signing per request"
cmake --build "$BIN_DIR" --target sigv4_bench >/dev/null
BENCH="$BIN_DIR/bench/sigv4_bench"
rows=""
for bytes in 256 2048 16384 131072; do
  iterations=$((8000000 / (bytes + 2000)))
  line="$("$BENCH" "$bytes" "$iterations")"
  rows+="$(python3 -c '
import json, sys
r = json.loads(sys.argv[1])
fixed = r["sign_ns"] - r["body_sha256_ns"]
b, s, h, c = r["body_bytes"], r["sign_ns"], r["body_sha256_ns"], r["head_copy_ns"]
print(f"| {b:,} B | {s / 1e3:.2f} µs | {h / 1e3:.2f} µs | {fixed / 1e3:.2f} µs | {c:.0f} ns |")
' "$line")"$'\n'
done
echo "$rows"

cat >"$WORK/section_j.md" <<MD
## (j) SigV4 signing per request

\`bench/sigv4_bench\` signs a SageMaker streaming request (one worker's \`SigV4Signer\`, signing
key derived beforehand) for each body size, one thread, best of 5 rounds. "sign" is the whole per-request cost:
SHA-256 of the body, SHA-256 of the canonical request, one HMAC from the cached key pads, and
the three header lines appended to the head; "body SHA-256" is the hash of the body alone (the
part that grows with the prompt); "fixed part" = sign − body SHA-256; "head copy" is the floor
every request pays without signing.

| body | sign | body SHA-256 | fixed part | head copy |
|---|---:|---:|---:|---:|
${rows}
Signing happens before \`request_start_ns\` is stamped, so it is not in any latency metric; it
delays the send by the figure above.
MD
