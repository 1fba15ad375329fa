#!/usr/bin/env bash
# The live view as a person sees it (docs/ui.md): the dashboard in a real terminal (tmux) of a
# given size, read back with capture-pane while the run goes on: the phase, a request count that
# grows, an ETA, the real-time TTFT near the mock's, the errors the mock injects, keys, resizes,
# a screenshot, ctrl+c, TERM=dumb and NO_COLOR; then simple and none written to a file.
source "$(dirname "$0")/lib/common.bash"
command -v tmux >/dev/null || fail "tmux is not installed (scripts/setup.sh installs it)"

SOCK="aiperf-e2e-$$"
tm() { tmux -L "$SOCK" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null || true; cleanup' EXIT

# screen: the visible pane, plain text.
screen() { tm capture-pane -p -t live; }
# await TEXT SECONDS: until the pane shows TEXT.
await() {
  local text="$1" tries=$(( $2 * 10 ))
  for _ in $(seq "$tries"); do
    screen | grep -qF -- "$text" && return 0
    sleep 0.1
  done
  screen >&2
  fail "the screen never showed '$text'"
}
# await_gone TEXT SECONDS: until the pane no longer shows TEXT.
await_gone() {
  local text="$1" tries=$(( $2 * 10 ))
  for _ in $(seq "$tries"); do
    screen | grep -qF -- "$text" || return 0
    sleep 0.1
  done
  screen >&2
  fail "the screen still shows '$text'"
}
# value LABEL: the first number after LABEL on the screen (commas dropped).
value() { screen | grep -oE "$1 +[0-9,.]+" | head -1 | grep -oE '[0-9,.]+$' | tr -d ,; }

# start_run NAME ENV... -- AIPERF ARGS...: the run in a fresh 120x40 tmux session; its exit status
# goes to $WORK/NAME.rc and the pane stays for reading.
start_run() {
  local name="$1"
  shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  tm kill-session -t live 2>/dev/null || true
  local cmd="env ${envs[*]} $AIPERF profile $*; echo \$? > $WORK/$name.rc; sleep 120"
  tm new-session -d -s live -x 120 -y 40 "$cmd"
}
await_exit() {
  for _ in $(seq 600); do [ -f "$WORK/$1.rc" ] && return 0; sleep 0.1; done
  screen >&2
  fail "run $1 did not end within 60 s"
}

start_mock --ttft-ms 40 --itl-ms 3 --output-tokens 20 --error-rate 0.1 --seed 3
COMMON="-m mock-model -u $MOCK_URL --streaming --concurrency 4 --stats-interval 1"

# --- the dashboard: the default on a terminal --------------------------------------------------
ART="$WORK/art"
start_run dash LANG=C.UTF-8 TERM=xterm-256color -- $COMMON --request-count 600 --warmup-request-count 8 \
  --artifact-dir "$ART"
await "Profile Progress" 30
await "Status        Profiling" 30
first="$(value 'Progress')"
sleep 1.5
second="$(value 'Progress')"
[ "${first:-0}" -lt "${second:-0}" ] || fail "the request count did not grow: $first then $second"
echo "ok progress grows: $first -> $second requests"
screen | grep -qE 'ETA 00:[0-9]{2}' || { screen; fail "no ETA on the screen"; }
await "Time to First Token (ms)" 10
ttft="$(screen | grep -F 'Time to First Token (ms)' | head -1 | sed -E 's/.*Time to First Token \(ms\) *│ *([0-9,.]+).*/\1/' | tr -d ,)"
py "
t = float('$ttft')
assert 40 <= t <= 60, t  # the mock's TTFT is 40 ms
print('ok real-time TTFT', t)"
errors="$(value 'Errors')"
[ "${errors:-0}" -gt 0 ] || { screen; fail "the injected errors do not show"; }
echo "ok errors shown: $errors"
screen | grep -qF "Warm-up    ████" || fail "warm-up bar missing"
cp <(screen) "$WORK/overview.txt"

# Keys: 4 maximises the workers, Esc restores, l hides the logs, ctrl+s saves a screenshot.
tm send-keys -t live 4
await_gone "Profile Progress" 5
screen | grep -qF "In-flight" || fail "key 4 did not maximise the workers panel"
tm send-keys -t live Escape
await "Profile Progress" 5
tm send-keys -t live l
await_gone "┌ Logs" 5
tm send-keys -t live C-s
await "Screenshot saved to" 5
ls "$ART"/dashboard_screenshot_*.txt >/dev/null || fail "no screenshot file"
grep -qF "Profile Progress" "$ART"/dashboard_screenshot_*.txt || fail "the screenshot is not the screen"
echo "ok keys 4, Esc, l and ctrl+s"

# Resizes: tiny degrades to a summary, large restores the panels; neither crashes.
tm resize-window -t live -x 40 -y 10
await "(full dashboard from 60x16)" 5
tm resize-window -t live -x 100 -y 30
await "Profile Progress" 5
echo "ok resize to 40x10 and back"

await_exit dash
[ "$(cat "$WORK/dash.rc")" = 0 ] || { screen; fail "dashboard run exited $(cat "$WORK/dash.rc")"; }
# The UI closed and the final tables printed on the normal screen.
tm capture-pane -p -t live -S -200 | grep -qF "NVIDIA AIPerf | LLM Metrics" || fail "no final tables after the dashboard"
tm capture-pane -p -t live -S -200 | grep -qF "Profile Progress" && fail "the dashboard was left on the normal screen"
echo "ok final tables after the dashboard"

# --- ctrl+c once: the run is cancelled gracefully and says so; exit 130 ------------------------
ART2="$WORK/art2"
start_run cancel LANG=C.UTF-8 TERM=xterm-256color -- $COMMON --request-count 100000 --artifact-dir "$ART2"
await "Status        Profiling" 30
sleep 1
tm send-keys -t live C-c
await_exit cancel
[ "$(cat "$WORK/cancel.rc")" = 130 ] || fail "ctrl+c should exit 130, got $(cat "$WORK/cancel.rc")"
ART="$ART2" py '
import json, os
s = json.load(open(os.environ["ART"] + "/profile_export_aiperf.json"))
assert s["was_cancelled"] is True, s["was_cancelled"]
print("ok ctrl+c cancelled the run:", int(s["request_count"]["avg"]), "requests measured")'

# --- a second ctrl+c quits at once and gives the terminal back ---------------------------------
start_run quit LANG=C.UTF-8 TERM=xterm-256color -- $COMMON --request-count 100000 --artifact-dir "$WORK/art3"
await "Status        Profiling" 30
# The first signal's graceful cancel takes a moment; SIGTERM then SIGINT arrive as two.
pid="$(pgrep -n -x aiperf)"
kill -TERM "$pid"; kill -INT "$pid"
await_exit quit
[ "$(cat "$WORK/quit.rc")" = 130 ] || fail "second ctrl+c should exit 130, got $(cat "$WORK/quit.rc")"
await "Force quit." 5
screen | grep -qF "Profile Progress" && fail "force quit left the dashboard on the screen"
echo "ok second signal force-quit and restored the screen"

# --- TERM=dumb falls back to simple; NO_COLOR draws without colours -----------------------------
start_run dumb TERM=dumb -- $COMMON --request-count 60 --artifact-dir "$WORK/art4"
await_exit dumb
tm capture-pane -p -t live -S -500 >"$WORK/dumb.txt"
grep -qF "showing simple progress instead" "$WORK/dumb.txt" || { cat "$WORK/dumb.txt"; fail "TERM=dumb did not fall back"; }
grep -qF "Profiling: 60/60" "$WORK/dumb.txt" || { cat "$WORK/dumb.txt"; fail "no simple progress with TERM=dumb"; }
echo "ok TERM=dumb -> simple"
start_run nocolor LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=1 -- $COMMON --request-count 400 --artifact-dir "$WORK/art5"
await "Profile Progress" 30
tm capture-pane -e -p -t live | grep -qE $'\e\\[[0-9;]*3[0-7]m' && fail "NO_COLOR: colours were drawn"
await_exit nocolor
echo "ok NO_COLOR"

# --- simple and none, written to a file: no carriage returns -----------------------------------
"$AIPERF" profile $COMMON --request-count 300 --ui-type simple --artifact-dir "$WORK/art6" >"$WORK/simple.out" 2>&1
grep -q $'\r' "$WORK/simple.out" && fail "simple mode wrote carriage returns to a file"
grep -qE '^Profiling: [0-9,]+/300 \|' "$WORK/simple.out" || fail "simple mode: no progress lines"
grep -qF "Profiling: 300/300" "$WORK/simple.out" || fail "simple mode: no final progress line"
grep -qE '^\[realtime 00:[0-9]{2} profiling\]' "$WORK/simple.out" || fail "simple mode: no real-time block"
grep -qE '^  ttft +avg (4[0-9]|5[0-9])\.' "$WORK/simple.out" || fail "simple mode: real-time TTFT is not the mock's"
grep -qF "NVIDIA AIPerf | LLM Metrics" "$WORK/simple.out" || fail "simple mode: no final tables"
echo "ok simple to a file: $(grep -c '^Profiling:' "$WORK/simple.out") progress lines"
"$AIPERF" profile $COMMON --request-count 100 --artifact-dir "$WORK/art7" >"$WORK/none.out" 2>&1
grep -q '^Profiling:' "$WORK/none.out" && fail "none (not a terminal) printed progress"
grep -qF "[realtime" "$WORK/art7/logs/aiperf.log" || fail "none: the real-time block is not in the log"
echo "ok none: logs only, the real-time block in logs/aiperf.log"

# A study refuses an explicit dashboard.
set +e
"$AIPERF" profile $COMMON --concurrency 1,2 --request-count 10 --ui-type dashboard --artifact-dir "$WORK/art8" \
  >"$WORK/study.out" 2>&1
rc=$?
set -e
[ "$rc" = 1 ] && grep -qF "dashboard is not available for sweeps" "$WORK/study.out" || {
  cat "$WORK/study.out"; fail "a sweep should refuse --ui-type dashboard"; }
echo "ok a sweep refuses the dashboard"
