#!/usr/bin/env bash
# Installs the OpenTelemetry project's OTLP protobuf definitions for Node
# (@opentelemetry/otlp-transformer, whose 0.57 line ships them compiled with protobufjs as
# build/src/generated/root.js) into the cache shared with the reference tokenizers, for the
# test receiver that decodes what `--otel-url` sends (tests/e2e/lib/otlp_receiver.mjs).
# Idempotent: reuses what is already there. Prints the npm directory.
set -euo pipefail

CACHE="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}"
NPM_DIR="$CACHE/npm"
VERSION=0.57.2  # later releases replaced the protobufjs root with a hand-written serializer

command -v node >/dev/null || { echo "otlp-npm: node (>= 20) is required" >&2; exit 1; }
mkdir -p "$NPM_DIR"
[ -f "$NPM_DIR/package.json" ] || echo '{"name":"aiperf-tokenizer-fixtures","private":true}' >"$NPM_DIR/package.json"
installed=$(node -p "try { require('$NPM_DIR/node_modules/@opentelemetry/otlp-transformer/package.json').version } catch { '' }")
if [ "$installed" != "$VERSION" ]; then
  command -v npm >/dev/null || { echo "otlp-npm: npm is required to fetch @opentelemetry/otlp-transformer" >&2; exit 1; }
  (cd "$NPM_DIR" && npm install --no-audit --no-fund --silent "@opentelemetry/otlp-transformer@$VERSION") >&2
fi
[ -f "$NPM_DIR/node_modules/@opentelemetry/otlp-transformer/build/src/generated/root.js" ] ||
  { echo "otlp-npm: @opentelemetry/otlp-transformer@$VERSION has no generated protobuf root" >&2; exit 1; }
echo "$NPM_DIR"
