#!/usr/bin/env bash
# Installs kubernetes-models (typed classes for every Kubernetes API object, with the JSON
# Schemas of the real API behind their validate()) into the cache shared with the reference
# tokenizers, for tests/e2e/kube_manifests.sh, which checks what `aiperf kube generate` writes
# against them. Test-only. Idempotent: reuses what is already there. Prints the npm directory.
set -euo pipefail

CACHE="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}"
NPM_DIR="$CACHE/npm"
VERSION=4.5.1

command -v node >/dev/null || { echo "kubernetes-models-npm: node (>= 20) is required" >&2; exit 1; }
mkdir -p "$NPM_DIR"
[ -f "$NPM_DIR/package.json" ] || echo '{"name":"aiperf-tokenizer-fixtures","private":true}' >"$NPM_DIR/package.json"
installed=$(node -p "try { require('$NPM_DIR/node_modules/kubernetes-models/package.json').version } catch { '' }")
if [ "$installed" != "$VERSION" ]; then
  command -v npm >/dev/null || { echo "kubernetes-models-npm: npm is required to fetch kubernetes-models" >&2; exit 1; }
  (cd "$NPM_DIR" && npm install --no-audit --no-fund --silent "kubernetes-models@$VERSION") >&2
fi
[ -d "$NPM_DIR/node_modules/kubernetes-models/batch/v1" ] ||
  { echo "kubernetes-models-npm: kubernetes-models@$VERSION has no batch/v1 models" >&2; exit 1; }
echo "$NPM_DIR"
