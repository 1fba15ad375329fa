#!/usr/bin/env bash
# Real-server tier: llama.cpp's llama-server with a tiny random-weight model, on 127.0.0.1 only.
#
#   scripts/real-server.sh build                    # once: fetch source, build llama-server, make the model
#   scripts/real-server.sh start [--port N] [ARGS]  # background server; ARGS go to llama-server
#   scripts/real-server.sh stop [--port N]          # stop servers this script started (all, or one port)
#   scripts/real-server.sh path                     # binary and model paths; exit 1 if not built
#
# Everything lives outside the repo under ${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}/llama/ so that a
# fresh clone or `git clean` never costs another 12-minute build. See docs/real-server.md.
set -euo pipefail

readonly NPM_PACKAGE="node-llama-cpp@3.21.1"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly CACHE="${AIPERF_CACHE:-$HOME/.cache/aiperf-cpp}/llama"
readonly SRC="$CACHE/src"
readonly BUILD="$CACHE/build"
readonly BIN="$BUILD/bin/llama-server"
readonly MODEL="$CACHE/model/tiny-llama.gguf"
readonly GENERATOR="$REPO_ROOT/tools/make_tiny_gguf.py"
readonly LOGS="$CACHE/logs"
readonly RUN="$CACHE/run"

die() { echo "real-server: $*" >&2; exit 1; }
log() { echo "real-server: $*" >&2; }

# Debian's python3-numpy lands in /usr/bin/python3, which may not be the python3 first on PATH.
find_python() {
  local py
  for py in ${AIPERF_PYTHON:-} python3 /usr/bin/python3; do
    if command -v "$py" >/dev/null && "$py" -c 'import numpy' 2>/dev/null; then
      echo "$py"; return 0
    fi
  done
  die "no python3 with numpy found (install python3-numpy: scripts/setup.sh)"
}

# The model is regenerated when the generator changes, so a fix to the bias never leaves a stale file.
generator_stamp() { sha256sum "$GENERATOR" | cut -c1-16; }
model_is_current() {
  [ -f "$MODEL" ] && [ -f "$MODEL.stamp" ] && [ "$(cat "$MODEL.stamp")" = "$(generator_stamp)" ]
}

fetch_source() {
  [ -f "$SRC/CMakeLists.txt" ] && return 0
  mkdir -p "$CACHE"
  local tgz="$CACHE/node-llama-cpp-3.21.1.tgz"
  if [ ! -f "$tgz" ]; then
    log "npm pack $NPM_PACKAGE (~35 MB)"
    (cd "$CACHE" && npm pack --silent "$NPM_PACKAGE" >/dev/null) || die "npm pack $NPM_PACKAGE failed"
    [ -f "$tgz" ] || die "npm pack did not produce $tgz"
  fi
  local tmp="$CACHE/unpack.tmp"
  rm -rf "$tmp" "$SRC.tmp"
  mkdir -p "$tmp"
  tar -xzf "$tgz" -C "$tmp" package/llama/gitRelease.bundle \
    || die "$tgz has no package/llama/gitRelease.bundle"
  git -c advice.detachedHead=false clone -q "$tmp/package/llama/gitRelease.bundle" "$SRC.tmp" \
    || die "git clone of the llama.cpp bundle failed"
  rm -rf "$tmp"
  mv "$SRC.tmp" "$SRC"
}

# Configure flags; a change to them (or a cache built before the change) forces a reconfigure.
cmake_args() {
  local args=(-G Ninja -DCMAKE_BUILD_TYPE=Release
    # The prebuilt UI is fetched from the network at build time; examples and tests are not needed.
    -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_BUILD_TESTS=OFF
    -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_OPENSSL=OFF -DBUILD_SHARED_LIBS=OFF)
  # -march=native turns on AMX where the CPU reports it, but these VMs fault on the first AMX
  # instruction (ldtilecfg), killing the server as soon as two requests are batched.
  # Explicit -mno-* flags win over -march=native in GCC regardless of their order.
  if [ "$(uname -m)" = "x86_64" ]; then
    args+=("-DCMAKE_C_FLAGS=-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
           "-DCMAKE_CXX_FLAGS=-mno-amx-tile -mno-amx-int8 -mno-amx-bf16")
  fi
  if command -v ccache >/dev/null; then
    args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  printf '%s\n' "${args[@]}"
}
config_stamp() { cmake_args | sha256sum | cut -c1-16; }
server_is_current() {
  [ -x "$BIN" ] && [ -f "$BUILD/aiperf-config.stamp" ] \
    && [ "$(cat "$BUILD/aiperf-config.stamp")" = "$(config_stamp)" ]
}

build_server() {
  server_is_current && return 0
  command -v cmake >/dev/null || die "cmake missing (scripts/setup.sh)"
  command -v ninja >/dev/null || die "ninja missing (scripts/setup.sh)"
  mkdir -p "$LOGS"
  export CCACHE_DIR="$CACHE/ccache"
  local args
  mapfile -t args < <(cmake_args)
  log "configuring llama.cpp in $BUILD"
  rm -f "$BUILD/aiperf-config.stamp"
  cmake -S "$SRC" -B "$BUILD" "${args[@]}" >"$LOGS/configure.log" 2>&1 \
    || die "cmake configure failed; see $LOGS/configure.log"
  local jobs="${AIPERF_LLAMA_JOBS:-2}"
  log "building llama-server with -j$jobs (about 12 min on 2 cores; log: $LOGS/build.log)"
  local start=$SECONDS
  ninja -C "$BUILD" -j"$jobs" llama-server >"$LOGS/build.log" 2>&1 \
    || die "llama-server build failed; see $LOGS/build.log"
  config_stamp >"$BUILD/aiperf-config.stamp"
  log "llama-server built in $((SECONDS - start)) s"
}

make_model() {
  model_is_current && return 0
  local py
  py="$(find_python)"
  mkdir -p "$(dirname "$MODEL")"
  log "generating $MODEL"
  PYTHONPATH="$SRC/gguf-py${PYTHONPATH:+:$PYTHONPATH}" "$py" "$GENERATOR" \
    --vocab "$SRC/models/ggml-vocab-qwen2.gguf" --out "$MODEL" \
    || die "model generation failed ($GENERATOR)"
  generator_stamp >"$MODEL.stamp"
}

cmd_build() {
  if server_is_current && model_is_current; then
    cmd_path; return 0
  fi
  fetch_source
  build_server
  make_model
  cmd_path
}

cmd_path() {
  [ -x "$BIN" ] || { echo "real-server: not built (run: scripts/real-server.sh build)" >&2; return 1; }
  [ -f "$MODEL" ] || { echo "real-server: no model (run: scripts/real-server.sh build)" >&2; return 1; }
  echo "binary $BIN"
  echo "model $MODEL"
}

free_port() {
  "$(find_python)" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# A server already on the port would answer /health for us and hide that ours failed to bind.
port_is_free() {
  "$(find_python)" -c 'import socket,sys; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1); s.bind(("127.0.0.1",int(sys.argv[1])))' "$1" 2>/dev/null
}

# Returns 0 once GET /health answers 200, 1 if the server died or did not get ready in time.
wait_healthy() {
  local port=$1 pid=$2 deadline=$((SECONDS + ${AIPERF_LLAMA_START_TIMEOUT:-60}))
  while [ $SECONDS -lt $deadline ]; do
    kill -0 "$pid" 2>/dev/null || return 1
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$port/health" || true)"
    [ "$code" = "200" ] && return 0
    sleep 0.2
  done
  return 1
}

cmd_start() {
  local port=0
  if [ "${1:-}" = "--port" ]; then
    [ $# -ge 2 ] || die "--port needs a value"
    port="$2"; shift 2
    if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -gt 65535 ]; then
      die "--port: '$port' is not a port number"
    fi
  fi
  cmd_path >/dev/null || exit 1
  command -v curl >/dev/null || die "curl missing"
  mkdir -p "$LOGS" "$RUN"

  # A port picked here can be taken before the server binds it; retry with a new one in that case.
  local tries=1
  [ "$port" = "0" ] && tries=3
  local attempt
  for ((attempt = 1; attempt <= tries; attempt++)); do
    local p="$port"
    [ "$p" = "0" ] && p="$(free_port)"
    port_is_free "$p" || { [ "$port" = "0" ] && continue; die "--port $p: 127.0.0.1:$p is already in use"; }
    local logfile="$LOGS/server-$p.log"
    # 16 slots x 2048 tokens: a prompt a client counts as 512 tokens can be ~750 Qwen2 tokens
    # (other tokenizer, chat template), plus up to 128 output tokens, with room to spare; the
    # KV cache of this model costs only 512 bytes per token.
    # 2 compute threads match the 2-core machines this tier runs on.
    setsid "$BIN" --model "$MODEL" --alias tiny --host 127.0.0.1 --port "$p" \
      --parallel 16 --ctx-size 32768 --threads 2 --threads-batch 2 \
      --no-webui --metrics "$@" </dev/null >"$logfile" 2>&1 &
    local pid=$!
    if wait_healthy "$p" "$pid" && kill -0 "$pid" 2>/dev/null; then
      echo "$pid" >"$RUN/$p.pid"
      echo "llama-server listening on http://127.0.0.1:$p"
      echo "pid $pid"
      echo "log $logfile"
      return 0
    fi
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    log "llama-server on port $p did not become healthy; last log lines:"
    tail -n 5 "$logfile" >&2 || true
  done
  die "could not start llama-server (logs in $LOGS)"
}

cmd_stop() {
  local only=""
  if [ "${1:-}" = "--port" ]; then
    [ $# -ge 2 ] || die "--port needs a value"
    only="$2"
  fi
  shopt -s nullglob
  local f
  for f in "$RUN"/*.pid; do
    local port pid
    port="$(basename "$f" .pid)"
    [ -n "$only" ] && [ "$port" != "$only" ] && continue
    pid="$(cat "$f")"
    # Only signal the pid if it is still our llama-server, never a recycled pid.
    # A rebuild replaces the binary; the kernel then reports the old one as "PATH (deleted)".
    local exe
    exe="$(readlink "/proc/$pid/exe" 2>/dev/null || true)"
    if [ "${exe% (deleted)}" = "$(readlink -f "$BIN")" ]; then
      kill "$pid" 2>/dev/null || true
      local _
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
      echo "stopped llama-server pid $pid (port $port)"
    fi
    rm -f "$f"
  done
}

case "${1:-}" in
  build) shift; cmd_build "$@" ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  path) shift; cmd_path ;;
  *) echo "usage: $0 build | start [--port N] [llama-server args] | stop [--port N] | path" >&2; exit 2 ;;
esac
