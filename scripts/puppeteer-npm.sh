#!/usr/bin/env bash
# Installs puppeteer-core (from npm) into the cache shared with the reference tokenizers, for the
# browser test of report.html (tests/browser/report_check.mjs). It drives the system's Chromium
# (/usr/bin/chromium, Debian's package) and downloads no browser of its own.
# Idempotent: reuses what is already there. Prints the npm directory (NODE_PATH for the test).
set -euo pipefail

CACHE="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}"
NPM_DIR="$CACHE/npm"
VERSION=24.43.1  # the last major that runs on Node 20 (25 wants Node >= 22.12)

command -v node >/dev/null || { echo "puppeteer-npm: node (>= 20) is required" >&2; exit 1; }
mkdir -p "$NPM_DIR"
[ -f "$NPM_DIR/package.json" ] || echo '{"name":"aiperf-tokenizer-fixtures","private":true}' >"$NPM_DIR/package.json"
installed=$(node -p "try { require('$NPM_DIR/node_modules/puppeteer-core/package.json').version } catch { '' }")
if [ "$installed" != "$VERSION" ]; then
  command -v npm >/dev/null || { echo "puppeteer-npm: npm is required to fetch puppeteer-core" >&2; exit 1; }
  (cd "$NPM_DIR" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund --silent "puppeteer-core@$VERSION") >&2
fi
echo "$NPM_DIR"
