# shellcheck shell=bash
# A one-node Slurm cluster on this machine, for tests (sourceable; bash).
#
#   slurm_start DIR   generates a munge key and slurm.conf in DIR, starts munged, slurmctld and
#                     slurmd there (root, no systemd, no cgroups), exports SLURM_CONF and waits
#                     (bounded) until the node is idle. Returns non-zero, with the daemons'
#                     log tails on stderr, when it does not come up.
#   slurm_stop        cancels every job, stops the daemons started by slurm_start and waits for
#                     them (bounded). Safe to call twice, or without a start.
#
# Everything lives in DIR (key, sockets, pid files, state, spool, logs), on ports of its own, so a
# system munged or Slurm on the default socket/ports is left alone. The node declares
# SLURM_TEST_CPUS CPUs (default 8) whatever the machine has (SlurmdParameters=config_overrides), so
# a 4-task job fits on a 2-core machine.
#
# Overrides (environment):
#   SLURM_TEST_CTLD_PORT, SLURM_TEST_SLURMD_PORT   ports (default: two free ones, picked now)
#   SLURM_TEST_NODENAME   the node's name (default: `hostname -s` when it resolves, else
#                         localhost); it is what SLURM_JOB_NODELIST holds inside a job
#   SLURM_TEST_CPUS       CPUs the node declares (default 8)
#   SLURM_TEST_TIMEOUT_S  how long to wait for the node to be idle (default 30)
#
# Needs slurm-wlm and munge (scripts/setup.sh installs them) and root: slurmd runs jobs as their
# user and SlurmUser/SlurmdUser are root. slurm_have reports whether both hold (for a skip).
# After slurm_start: SLURM_CONF (exported), SLURM_NODE (the node's name), SLURM_CTLD_PORT and
# SLURM_SLURMD_PORT.

SLURM_DIR=""
SLURM_PIDS=()
SLURM_NAMES=()

# slurm_have: 0 when the binaries are installed and we are root; else prints why and returns 1.
slurm_have() {
  local b
  for b in munged mungekey slurmctld slurmd sbatch srun sinfo squeue scancel scontrol; do
    command -v "$b" >/dev/null 2>&1 || PATH="$PATH:/usr/sbin:/sbin" command -v "$b" >/dev/null 2>&1 || {
      echo "slurm_cluster: $b is not installed (scripts/setup.sh installs slurm-wlm and munge)"
      return 1
    }
  done
  [ "$(id -u)" -eq 0 ] || { echo "slurm_cluster: needs root (SlurmUser/SlurmdUser=root)"; return 1; }
}

# _slurm_free_ports N: prints N distinct free TCP ports on 127.0.0.1, one a line.
_slurm_free_ports() {
  python3 - "$1" <<'EOF'
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
for s in socks:
    print(s.getsockname()[1])
EOF
}

# _slurm_kill_pidfile FILE: stops a process left by an earlier start in the same DIR (stale pid
# files are ignored unless the pid is one of our daemons).
_slurm_kill_pidfile() {
  local f="$1" pid
  [ -f "$f" ] || return 0
  pid="$(cat "$f" 2>/dev/null || true)"
  rm -f "$f"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  if grep -qaE 'munged|slurmctld|slurmd' "/proc/$pid/cmdline" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
}

# slurm_logs: the tails of the daemons' logs (a daemon's stderr when its log file is empty), on
# stderr.
slurm_logs() {
  local d f
  for d in munged slurmctld slurmd; do
    f="$SLURM_DIR/$d.log"
    [ -s "$f" ] || f="$SLURM_DIR/$d.out"
    [ -s "$f" ] || continue
    echo "---- $f (last 30 lines) ----" >&2
    tail -n 30 "$f" >&2
  done
}

_slurm_fail() {
  echo "slurm_cluster: $*" >&2
  slurm_logs
  slurm_stop
  return 1
}

slurm_start() {
  local dir="$1"
  [ -n "$dir" ] || { echo "slurm_start: usage: slurm_start DIR" >&2; return 1; }
  slurm_have >&2 || return 1
  export PATH="$PATH:/usr/sbin:/sbin"
  mkdir -p "$dir"
  SLURM_DIR="$(cd "$dir" && pwd)"
  chmod 700 "$SLURM_DIR"   # munged refuses a key or socket directory others may write to

  # A second start in the same DIR: stop what the first left, start from empty state.
  local p
  for p in slurmd slurmctld munged; do _slurm_kill_pidfile "$SLURM_DIR/$p.pid"; done
  rm -rf "$SLURM_DIR/state" "$SLURM_DIR/spool" "$SLURM_DIR"/*.log "$SLURM_DIR"/*.out \
    "$SLURM_DIR/munge.socket" "$SLURM_DIR/munge.socket.lock" "$SLURM_DIR/munge.key" "$SLURM_DIR/munged.seed"
  mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool"

  local ports node host cpus
  if [ -n "${SLURM_TEST_CTLD_PORT:-}" ] && [ -n "${SLURM_TEST_SLURMD_PORT:-}" ]; then
    ports="$SLURM_TEST_CTLD_PORT $SLURM_TEST_SLURMD_PORT"
  else
    ports="$(_slurm_free_ports 2 | tr '\n' ' ')"
    [ -n "${SLURM_TEST_CTLD_PORT:-}" ] && ports="$SLURM_TEST_CTLD_PORT ${ports#* }"
    [ -n "${SLURM_TEST_SLURMD_PORT:-}" ] && ports="${ports%% *} $SLURM_TEST_SLURMD_PORT"
  fi
  read -r SLURM_CTLD_PORT SLURM_SLURMD_PORT <<<"$ports"
  host="$(hostname -s)"
  node="${SLURM_TEST_NODENAME:-}"
  if [ -z "$node" ]; then
    if getent hosts "$host" >/dev/null 2>&1; then node="$host"; else node="localhost"; fi
  fi
  # shellcheck disable=SC2034  # for the caller
  SLURM_NODE="$node"
  cpus="${SLURM_TEST_CPUS:-8}"

  # munge: own key, socket, pid, log and seed files (no collision with a system munged).
  if ! mungekey --create --keyfile="$SLURM_DIR/munge.key" >"$SLURM_DIR/munged.out" 2>&1; then
    dd if=/dev/urandom of="$SLURM_DIR/munge.key" bs=1024 count=1 status=none
  fi
  chmod 400 "$SLURM_DIR/munge.key"
  munged --foreground --force --socket="$SLURM_DIR/munge.socket" --key-file="$SLURM_DIR/munge.key" \
    --pid-file="$SLURM_DIR/munged.pid" --log-file="$SLURM_DIR/munged.log" \
    --seed-file="$SLURM_DIR/munged.seed" --num-threads=2 \
    </dev/null >>"$SLURM_DIR/munged.out" 2>&1 &
  SLURM_PIDS+=($!) SLURM_NAMES+=(munged)
  echo $! >"$SLURM_DIR/munged.pid"
  for _ in $(seq 1 100); do [ -S "$SLURM_DIR/munge.socket" ] && break; sleep 0.05; done
  [ -S "$SLURM_DIR/munge.socket" ] || { _slurm_fail "munged did not create its socket"; return 1; }

  # SlurmctldHost must name this host (slurmctld checks it against gethostname); its address
  # is 127.0.0.1. The node's name is what jobs see in SLURM_JOB_NODELIST; NodeAddr and
  # NodeHostname keep the daemons on loopback whatever that name resolves to.
  cat >"$SLURM_DIR/slurm.conf" <<EOF
# generated by tests/e2e/lib/slurm_cluster.sh
ClusterName=aiperftest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$SLURM_CTLD_PORT
SlurmdPort=$SLURM_SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SLURM_DIR/munge.socket
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/slurmctld.log
SlurmdLogFile=$SLURM_DIR/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SlurmdParameters=config_overrides
ReturnToService=2
MailProg=/bin/true
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE OverSubscribe=FORCE:4 State=UP
EOF
  export SLURM_CONF="$SLURM_DIR/slurm.conf"

  slurmctld -D -c -f "$SLURM_CONF" </dev/null >"$SLURM_DIR/slurmctld.out" 2>&1 &
  SLURM_PIDS+=($!) SLURM_NAMES+=(slurmctld)
  slurmd -D -N "$node" -f "$SLURM_CONF" </dev/null >"$SLURM_DIR/slurmd.out" 2>&1 &
  SLURM_PIDS+=($!) SLURM_NAMES+=(slurmd)

  # Wait for the node to be idle; a daemon that exits early ends the wait at once.
  local limit="${SLURM_TEST_TIMEOUT_S:-30}" state="" j
  for _ in $(seq 1 $((limit * 5))); do
    for j in "${!SLURM_PIDS[@]}"; do
      kill -0 "${SLURM_PIDS[$j]}" 2>/dev/null \
        || { _slurm_fail "${SLURM_NAMES[$j]} exited while starting (log below)"; return 1; }
    done
    state="$(timeout 5 sinfo -h -N -n "$node" -o '%T' 2>/dev/null | head -1 || true)"
    [ "$state" = idle ] && break
    sleep 0.2
  done
  [ "$state" = idle ] || { _slurm_fail "node $node not idle after ${limit}s (sinfo state: '${state:-none}')"; return 1; }
  echo "slurm_cluster: node $node idle (slurmctld :$SLURM_CTLD_PORT, slurmd :$SLURM_SLURMD_PORT, SLURM_CONF=$SLURM_CONF)" >&2
}

slurm_stop() {
  [ -n "$SLURM_DIR" ] || return 0
  if [ -n "${SLURM_CONF:-}" ] && [ "${#SLURM_PIDS[@]}" -gt 0 ]; then
    timeout 5 scancel --full --quiet --user="$(id -un)" >/dev/null 2>&1 || true
  fi
  local pid
  for pid in "${SLURM_PIDS[@]:-}"; do
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  done
  # Bounded: up to 10 s, then SIGKILL (slurmd takes its job steps down with it).
  for _ in $(seq 1 100); do
    local alive=0
    for pid in "${SLURM_PIDS[@]:-}"; do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${SLURM_PIDS[@]:-}"; do
    [ -n "$pid" ] || continue
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  # Job steps (slurmstepd) outlive a killed slurmd: end those of this cluster.
  local p
  for p in $(pgrep -x slurmstepd 2>/dev/null || true); do
    if grep -qa "$SLURM_DIR" "/proc/$p/environ" 2>/dev/null; then kill -9 "$p" 2>/dev/null || true; fi
  done
  SLURM_PIDS=() SLURM_NAMES=()
  rm -f "$SLURM_DIR"/*.pid
  unset SLURM_CONF
}
