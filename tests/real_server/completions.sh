#!/usr/bin/env bash
# Non-streamed /v1/completions against llama-server at concurrency 1, 4 and 16.
source "$(dirname "$0")/lib/common.bash"
run_matrix completions 0
