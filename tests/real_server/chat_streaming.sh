#!/usr/bin/env bash
# Streamed /v1/chat/completions against llama-server at concurrency 1, 4 and 16.
source "$(dirname "$0")/lib/common.bash"
run_matrix chat 1
