#!/usr/bin/env bash
# Installs the Debian packages aiperf-cpp needs to build, test and benchmark.
# Idempotent: only missing packages are installed. Uses apt-get only.
set -euo pipefail

# With package names as arguments, checks and installs only those (scripts/fuzz.sh: clang).
if [ $# -gt 0 ]; then
  PACKAGES=("$@")
else
  PACKAGES=(
    # build
    g++ cmake ninja-build pkg-config ccache
    # aiperf's own dependencies
    libboost1.81-dev libssl-dev nlohmann-json3-dev libsimdjson-dev libcli11-dev
    libpcre2-dev libzstd-dev libsnappy-dev zlib1g-dev libjpeg62-turbo-dev libpng-dev libsndfile1-dev libxxhash-dev
    libspdlog-dev
    libyaml-cpp-dev
    # synthetic video, encoded in-process (docs/video.md)
    libavcodec-dev libavformat-dev libavutil-dev libswscale-dev
    # telemetry scrapes and exporters (off the hot path)
    libcurl4-openssl-dev
    # charts: cairo draws, pango sets text in DejaVu Sans
    libcairo2-dev libpango1.0-dev fonts-dejavu-core
    # the live dashboard (ncursesw)
    libncurses-dev
    # tests
    libgtest-dev libgmock-dev googletest python3 openssl procps flac
    ffmpeg  # ffprobe checks the synthetic video clips (tests/e2e/synthetic_video.sh)
    python3-jsonschema python3-yaml
    # the dashboard is driven in a real terminal multiplexer (tests/e2e/live_view.sh)
    tmux
    # report.html is opened in a real browser (driven by puppeteer-core from npm)
    chromium
    # benchmarks (peers measured in the same run)
    wrk nghttp2-client time
    # the server-metrics scrape cost is compared with prometheus_client, the parser upstream uses
    python3-prometheus-client
    # real-server tier (llama.cpp is cloned from a git bundle; health and /metrics via curl)
    python3-numpy git curl
    # Slurm tier: a one-node cluster on 127.0.0.1 (tests/e2e/lib/slurm_cluster.sh)
    slurm-wlm munge
  )

  # Node.js and npm run the reference tokenizers in the tests; keep a newer one if present.
  command -v node >/dev/null || PACKAGES+=(nodejs)
  command -v npm >/dev/null || PACKAGES+=(npm)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "setup: all build dependencies present"
