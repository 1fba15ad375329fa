#!/usr/bin/env bash
# `aiperf kube` and `aiperf slurm`, without a cluster:
#   - every option combination `kube generate` supports, each document validated against the
#     Kubernetes API schemas of kubernetes-models (scripts/kubernetes-models-npm.sh; unknown
#     kinds and unknown fields fail) after a YAML 1.1 read, as kubectl reads it; plus what a
#     person relies on (completions = parallelism = N, subdomain = Service, the rendezvous
#     address, the ConfigMap holds the YAML byte for byte, no literal API key anywhere);
#   - the reader pod of `kube results`, the kubectl command lines of every `kube` command
#     (--dry-run), and a fake kubectl: stdin, arguments, and a failure's exit status;
#   - `slurm generate`: quoting through `bash -n` and a run with fake srun and aiperf;
#   - bad input: one line naming the option or file:line, non-zero exit.
# Skips (77) only when node is absent.
source "$(dirname "$0")/lib/common.bash"

command -v node >/dev/null || { echo "SKIP: node is not installed"; exit 77; }
NPM_DIR="$("$E2E_LIB/../../../scripts/kubernetes-models-npm.sh" 2>"$WORK/npm.log")" ||
  { cat "$WORK/npm.log" >&2; fail "kubernetes-models from npm is unavailable"; }

# ---- inputs ----
cat >"$WORK/run.yaml" <<'YAML'
# a plain aiperf configuration: kept byte for byte, comments included
benchmark:
  models: [my-org/my-model]
  endpoint:
    urls: ["http://vllm.models.svc:8000"]
    streaming: true
    api_key: ${OPENAI_API_KEY}
  phases: {type: concurrency, concurrency: 8, requests: "100"}   # "100": a string
YAML
cat >"$WORK/job.yaml" <<'YAML'
apiVersion: aiperf.nvidia.com/v1alpha1
kind: AIPerfJob
metadata:
  name: llama-bench
  namespace: perf
spec:
  image: registry.example/aiperf-cpp:7
  ttlSecondsAfterFinished: 600
  variables: {conc: 16}
  benchmark:
    models: [my-org/my-model]
    endpoint: {urls: ["http://frontend:8000"], streaming: true}
    phases:
      - {name: profiling, type: concurrency, concurrency: "{{ conc }}", requests: "{{ conc * 10 }}"}
YAML
sed -e 's/kind: AIPerfJob/kind: AIPerfSweep/' -e 's/name: llama-bench/name: llama-sweep/' "$WORK/job.yaml" >"$WORK/sweep.yaml"
printf '  sweep:\n    type: grid\n    variables: {conc: [8, 16]}\n' >>"$WORK/sweep.yaml"

# validate FILE: every document through kubernetes-models; FILE.json keeps them for checks.
validate() {
  python3 -c '
import json, sys, yaml
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d is not None]
json.dump(docs, open(sys.argv[1] + ".json", "w"))' "$1" || fail "$1 is not YAML"
  node "$E2E_LIB/validate_k8s.mjs" "$NPM_DIR" "$1.json" >"$1.log" 2>&1 || { cat "$1.log"; fail "$1 does not validate"; }
}

# content FILE SHARDS NAME CONFIG_TEXT_FILE: the fields a run depends on.
content() {
  python3 - "$@" <<'PY'
import json, sys
path, shards, name, config = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
docs = json.load(open(path + ".json"))
by_kind = {}
for d in docs:
    by_kind.setdefault(d["kind"], []).append(d)
job = by_kind["Job"][0]
svc = by_kind["Service"][0]
spec = job["spec"]
assert spec["completionMode"] == "Indexed", spec
assert spec["completions"] == spec["parallelism"] == shards, spec
pod = spec["template"]["spec"]
assert pod["subdomain"] == svc["metadata"]["name"], (pod["subdomain"], svc["metadata"]["name"])
assert svc["spec"]["clusterIP"] == "None"
for k, v in svc["spec"]["selector"].items():
    assert spec["template"]["metadata"]["labels"][k] == v, (k, v)
assert job["metadata"]["labels"]["app.kubernetes.io/name"] == "aiperf"
assert job["metadata"]["labels"]["app.kubernetes.io/instance"] == name
c = pod["containers"][0]
env = {e["name"]: e for e in c["env"]}
assert env["AIPERF_SHARD_RENDEZVOUS"]["value"] == f"{job['metadata']['name']}-0.{svc['metadata']['name']}:7450", env
args = c["args"]
i = args.index("--num-shards")
assert args[i + 1] == str(shards), args
assert args[args.index("--artifact-dir") + 1] == f"/results/{name}", args
assert args[args.index("--ui-type") + 1] == "none", args
sc = c["securityContext"]
assert sc["allowPrivilegeEscalation"] is False and sc["readOnlyRootFilesystem"] is True
assert sc["capabilities"]["drop"] == ["ALL"] and pod["securityContext"]["runAsNonRoot"] is True
assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
mounts = {m["mountPath"]: m["name"] for m in c["volumeMounts"]}
vols = {v["name"]: v for v in pod["volumes"]}
assert "persistentVolumeClaim" in vols[mounts["/results"]], vols
if config != "-":
    cm = by_kind["ConfigMap"][0]
    assert vols[mounts["/etc/aiperf"]]["configMap"]["name"] == cm["metadata"]["name"]
    assert cm["data"]["benchmark.yaml"] == open(config).read(), "the ConfigMap does not hold the YAML"
    assert args[1:3] == ["--config", "/etc/aiperf/benchmark.yaml"], args
text = open(path).read()
assert "sk-literal" not in text, "a literal API key in the manifests"
PY
}

N=0
gen() {  # gen NAME SHARDS CONFIG_TEXT_FILE|- aiperf kube generate options...
  local name="$1" shards="$2" config="$3"
  shift 3
  N=$((N + 1))
  local out="$WORK/m$N.yaml"
  "$AIPERF" kube generate "$@" >"$out" 2>"$WORK/m$N.err" || { cat "$WORK/m$N.err"; fail "kube generate $*"; }
  validate "$out"
  content "$out" "$shards" "$name" "$config" || fail "content of kube generate $*"
  echo "ok: kube generate $*"
}

gen aiperf 1 "$WORK/run.yaml" -f "$WORK/run.yaml"
# The validator itself must fail an unknown field and a wrong type, or it proves nothing.
for broken in 'd[-1]["spec"]["template"]["spec"]["containers"][0]["securityContxt"] = {}' \
              'd[-1]["spec"]["completions"] = "1"' 'd.append({"apiVersion": "v1", "kind": "Secret"})'; do
  python3 -c "import json; d = json.load(open('$WORK/m1.yaml.json')); $broken; json.dump(d, open('$WORK/broken.json', 'w'))"
  ! node "$E2E_LIB/validate_k8s.mjs" "$NPM_DIR" "$WORK/broken.json" >/dev/null 2>&1 || fail "the validator accepts: $broken"
done
gen aiperf 64 "$WORK/run.yaml" --config "$WORK/run.yaml" --shards 64
gen bench 8 "$WORK/run.yaml" -f "$WORK/run.yaml" --shards 8 --name bench --namespace perf --results-pvc shared-results \
  --node-selector pool=bench --node-selector kubernetes.io/arch=amd64 --near-pods-with-label app=vllm \
  --near-pods-with-label app.kubernetes.io/component=frontend --api-key-secret openai --service-account bench-sa \
  --image-pull-secret regcred --cpu 4 --memory 8Gi --backoff-limit 2 --image my.registry:5000/aiperf-cpp:dev
gen bench 2 "$WORK/run.yaml" -f "$WORK/run.yaml" --shards 2 --name bench --cpu 500m --api-key-secret openai:token \
  --results-size 20Gi --results-storage-class nfs-client
gen bench 3 - --shards 3 --name bench --memory 1.5G -- -m "my model" -u http://vllm:8000 --concurrency 32 \
  --extra-inputs 'note:$(HOME) costs $5'

# AIPerfJob / AIPerfSweep: name, namespace and image come from the resource; the ConfigMap holds
# spec as an aiperf envelope.
for f in job sweep; do
  "$AIPERF" kube generate -f "$WORK/$f.yaml" --shards 4 >"$WORK/$f.out" 2>"$WORK/$f.err" || { cat "$WORK/$f.err"; fail "kube generate -f $f.yaml"; }
  validate "$WORK/$f.out"
  grep -q "spec.ttlSecondsAfterFinished" "$WORK/$f.err" || { cat "$WORK/$f.err"; fail "no warning about the ignored spec key ($f)"; }
  python3 - "$WORK/$f.out.json" "$f" <<'PY'
import json, sys, yaml
docs = {d["kind"]: d for d in json.load(open(sys.argv[1]))}
kind = sys.argv[2]
name = "llama-bench" if kind == "job" else "llama-sweep"
job = docs["Job"]
assert job["metadata"]["name"] == name and job["metadata"]["namespace"] == "perf", job["metadata"]
c = job["spec"]["template"]["spec"]["containers"][0]
assert c["image"] == "registry.example/aiperf-cpp:7", c["image"]
body = yaml.safe_load(docs["ConfigMap"]["data"]["benchmark.yaml"])
assert "kind" not in body and "spec" not in body, body
assert body["variables"] == {"conc": 16}, body
assert body["benchmark"]["phases"][0]["concurrency"] == "{{ conc }}", body
assert ("sweep" in body) == (kind == "sweep"), body
if kind == "sweep":
    assert body["sweep"] == {"type": "grid", "variables": {"conc": [8, 16]}}, body
PY
  echo "ok: kube generate -f $f.yaml"
done
# --name, --namespace and --image override the resource's.
"$AIPERF" kube generate -f "$WORK/job.yaml" --name other -n ns2 --image x:1 2>/dev/null >"$WORK/over.yaml"
validate "$WORK/over.yaml"
grep -q "^  name: other$" "$WORK/over.yaml" && grep -q "^  namespace: ns2$" "$WORK/over.yaml" && grep -q 'image: "x:1"' "$WORK/over.yaml" ||
  { cat "$WORK/over.yaml"; fail "options do not override the AIPerfJob's name, namespace and image"; }

# --output writes the same text as stdout.
"$AIPERF" kube generate -f "$WORK/run.yaml" --shards 2 --output "$WORK/out.yaml"
"$AIPERF" kube generate -f "$WORK/run.yaml" --shards 2 | cmp - "$WORK/out.yaml" || fail "--output differs from stdout"

# ---- kubectl command lines (--dry-run runs nothing) ----
dry() {  # dry EXPECTED_LINE aiperf kube args...
  local expect="$1"
  shift
  "$AIPERF" kube "$@" --kubectl /nonexistent/kubectl >"$WORK/dry.out" 2>&1 || { cat "$WORK/dry.out"; fail "kube $*"; }
  grep -qxF -- "$expect" "$WORK/dry.out" || { cat "$WORK/dry.out"; fail "kube $* does not print: $expect"; }
  echo "ok: kube $*"
}
dry "/nonexistent/kubectl --namespace perf apply -f - <<'AIPERF_MANIFESTS'" profile -f "$WORK/run.yaml" -n perf --shards 2 --dry-run
grep -qx "AIPERF_MANIFESTS" "$WORK/dry.out" || fail "profile --dry-run: the heredoc is not closed"
dry "/nonexistent/kubectl get job/aiperf -o 'jsonpath={range .status.conditions[?(@.status==\"True\")]}{.type}{\"\\n\"}{end}'" \
  profile -f "$WORK/run.yaml" --wait --dry-run
dry "/nonexistent/kubectl --namespace perf logs -l job-name=bench --prefix --all-containers --tail=-1" logs --name bench -n perf --dry-run
dry "/nonexistent/kubectl patch job/bench --type=merge -p '{\"spec\":{\"suspend\":true}}'" cancel --name bench --dry-run
dry "/nonexistent/kubectl delete --ignore-not-found job/bench service/bench configmap/bench-config pod/bench-results-reader" \
  delete --name bench --dry-run
dry "/nonexistent/kubectl delete --ignore-not-found job/bench service/bench configmap/bench-config pod/bench-results-reader persistentvolumeclaim/bench-results" \
  delete --name bench --results --dry-run
dry "/nonexistent/kubectl cp -c reader bench-results-reader:/results/bench '$WORK/res dir'" \
  results --name bench --output "$WORK/res dir" --dry-run
grep -qF "wait --for=condition=Ready pod/bench-results-reader --timeout=300s" "$WORK/dry.out" || { cat "$WORK/dry.out"; fail "results: no wait"; }
grep -qF " merge '$WORK/res dir'/shard-* --output '$WORK/res dir/merged'" "$WORK/dry.out" || { cat "$WORK/dry.out"; fail "results: no merge"; }
[ ! -e "$WORK/res dir" ] || fail "results --dry-run created its output directory"
# The reader pod is a valid Pod too.
sed -n "/^---$/,/^AIPERF_MANIFESTS$/p" "$WORK/dry.out" | sed '$d' >"$WORK/reader.yaml"
validate "$WORK/reader.yaml"
grep -q "claimName: bench-results" "$WORK/reader.yaml" || fail "the reader pod does not mount the results claim"

# ---- a fake kubectl: what reaches it, and its failures ----
cat >"$WORK/kubectl" <<'SH'
#!/usr/bin/env bash
printf '%s\n' "$*" >>"$KUBECTL_LOG"
[ "${*: -1}" = "-" ] && cat >>"$KUBECTL_LOG.stdin"
case " $* " in
  *" cp "*) mkdir -p "${*: -1}" && echo '{}' >"${*: -1}/profile_export_aiperf.json" ;;
  *"get job/"*) echo Complete ;;
esac
exit "${KUBECTL_EXIT:-0}"
SH
chmod +x "$WORK/kubectl"
export KUBECTL_LOG="$WORK/kubectl.log"
"$AIPERF" kube profile -f "$WORK/run.yaml" --shards 2 --name bench --kubectl "$WORK/kubectl" --wait >"$WORK/p.out" 2>&1 ||
  { cat "$WORK/p.out"; fail "kube profile with a fake kubectl"; }
grep -qx "apply -f -" "$KUBECTL_LOG" || { cat "$KUBECTL_LOG"; fail "profile did not run kubectl apply -f -"; }
"$AIPERF" kube generate -f "$WORK/run.yaml" --shards 2 --name bench | cmp - "$KUBECTL_LOG.stdin" ||
  fail "kubectl apply did not get the generated manifests on stdin"
grep -q "Job bench: Complete" "$WORK/p.out" || { cat "$WORK/p.out"; fail "--wait did not see Complete"; }
"$AIPERF" kube results --name bench --output "$WORK/results" --kubectl "$WORK/kubectl" >"$WORK/r.out" 2>&1 ||
  { cat "$WORK/r.out"; fail "kube results with a fake kubectl"; }
[ -f "$WORK/results/profile_export_aiperf.json" ] || fail "results: nothing copied"
grep -q "delete pod/bench-results-reader" "$KUBECTL_LOG" || fail "results: the reader pod was not deleted"
set +e
KUBECTL_EXIT=3 "$AIPERF" kube cancel --name bench --kubectl "$WORK/kubectl" >"$WORK/c.out" 2>&1
rc=$?
"$AIPERF" kube logs --name bench --kubectl "$WORK/no-such-kubectl" >"$WORK/l.out" 2>&1
rc2=$?
set -e
[ "$rc" -eq 3 ] && grep -q "exited 3" "$WORK/c.out" || { cat "$WORK/c.out"; fail "a failing kubectl: exit $rc"; }
[ "$rc2" -ne 0 ] && grep -q "no-such-kubectl" "$WORK/l.out" || { cat "$WORK/l.out"; fail "a missing kubectl: exit $rc2"; }
echo "ok: kube with a fake kubectl"

# ---- slurm generate ----
"$AIPERF" slurm generate --tasks 4 --nodes 2 --partition gpu --time 00:30:00 --job-name bench \
  --artifact-dir "$WORK/slurm art" --aiperf "$WORK/fake aiperf" --port 7600 --config "$WORK/run.yaml" \
  --output "$WORK/job.sbatch" -- -m "my model" --extra-inputs "it's \$HOME \"quoted\"" 2>/dev/null
bash -n "$WORK/job.sbatch" || fail "the sbatch script is not valid bash"
grep -qx "#SBATCH --ntasks=4" "$WORK/job.sbatch" && grep -qx "#SBATCH --nodes=2" "$WORK/job.sbatch" ||
  { cat "$WORK/job.sbatch"; fail "#SBATCH lines"; }
# Fake srun (one process per task, SLURM_PROCID set) and aiperf (records its arguments).
mkdir -p "$WORK/bin"
cat >"$WORK/bin/srun" <<'SH'
#!/usr/bin/env bash
while [ "${1#--}" != "$1" ]; do shift; done
status=0
for i in 0 1 2 3; do SLURM_PROCID=$i "$@" || status=$?; done
exit "$status"
SH
cat >"$WORK/fake aiperf" <<'SH'
#!/usr/bin/env bash
{ printf '%s|' "$@"; echo; } >>"$FAKE_LOG"
if [ "$1" = profile ]; then
  dir=""; prev=""; for a in "$@"; do [ "$prev" = --artifact-dir ] && dir="$a"; prev="$a"; done
  mkdir -p "$dir/shard-$SLURM_PROCID"
  exit "${FAIL_SHARD:-0}"
fi
SH
chmod +x "$WORK/bin/srun" "$WORK/fake aiperf"
export FAKE_LOG="$WORK/fake.log"
PATH="$WORK/bin:$PATH" bash "$WORK/job.sbatch" || fail "the sbatch script failed with good shards"
expected="profile|--config|$WORK/run.yaml|-m|my model|--extra-inputs|it's \$HOME \"quoted\"|--num-shards|4|--artifact-dir|$WORK/slurm art|--ui-type|none|"
[ "$(head -1 "$FAKE_LOG")" = "$expected" ] || { echo "got:  $(head -1 "$FAKE_LOG")"; echo "want: $expected"; fail "srun's aiperf arguments"; }
grep -qxF "merge|$WORK/slurm art/shard-0|$WORK/slurm art/shard-1|$WORK/slurm art/shard-2|$WORK/slurm art/shard-3|--output|$WORK/slurm art/merged|" "$FAKE_LOG" ||
  { cat "$FAKE_LOG"; fail "the merge's arguments"; }
: >"$FAKE_LOG"
set +e
FAIL_SHARD=2 PATH="$WORK/bin:$PATH" bash "$WORK/job.sbatch" 2>/dev/null
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "a failed shard did not fail the script"
grep -q "^merge|" "$FAKE_LOG" || fail "the merge did not run after a failed shard"
echo "ok: slurm generate"

# ---- bad input ----
bad() {  # bad EXPECTED aiperf args...
  local expect="$1"
  shift
  set +e
  "$AIPERF" "$@" >"$WORK/bad.out" 2>"$WORK/bad.err"
  local rc=$?
  set -e
  [ "$rc" -ne 0 ] || fail "expected a non-zero exit for: $*"
  grep -qF -- "$expect" "$WORK/bad.err" || { cat "$WORK/bad.err"; fail "stderr does not mention '$expect' for: $*"; }
  [ "$(wc -l <"$WORK/bad.err")" -le 2 ] || { cat "$WORK/bad.err"; fail "more than one line of error for: $*"; }
  echo "ok ($rc): $* -> $(head -1 "$WORK/bad.err")"
}
printf 'benchmark:\n  endpoint:\n    api_key: sk-literal\n' >"$WORK/secret.yaml"
printf 'apiVersion: aiperf.nvidia.com/v1alpha1\nkind: AIPerfJob\nmetadata: {name: x}\nspec:\n  image: y\n' >"$WORK/nobody.yaml"
bad "secret.yaml:3: 'api_key' holds a literal secret" kube generate -f "$WORK/secret.yaml"
bad "nobody.yaml:5: AIPerfJob spec.benchmark is missing" kube generate -f "$WORK/nobody.yaml"
bad "--node-selector" kube generate -f "$WORK/run.yaml" --node-selector nokey
bad "--name" kube generate -f "$WORK/run.yaml" --name Bad_Name
bad "--cpu" kube generate -f "$WORK/run.yaml" --cpu lots
bad "--api-key-secret" kube generate -f "$WORK/run.yaml" --api-key-secret "a:b c"
bad "--api-key-secret" kube generate -- -m x --api-key sk-literal
bad "--config" kube generate --shards 2
bad "cannot be read" kube generate -f "$WORK/missing.yaml"
bad "unknown command" kube frobnicate
bad "--tasks" slurm generate --partition x
bad "--job-name" slurm generate --tasks 2 --job-name "a b"
bad "--api-key-env" slurm generate --tasks 2 -- --api-key sk-literal
