#!/usr/bin/env bash
# Agentic replay (docs/agentic.md, issue 23) against llama-server: three small weka traces of 5
# parent turns with 0.3-0.5 s tool pauses and a subagent that parent turn 1 launches and turn 2
# joins, replayed on 2 lanes cut at t* in [0.3, 0.5] of each trace (the third trace runs whole on
# the lane that frees first). Checked from the raw export (what was sent, and the server's own
# `timings` in each stream's final chunk) and the server's /metrics counters:
# - every request succeeded; the KV-priming warm-up sent each cut chain's boundary turn capped at
#   1 token; every turn of every chain ran exactly once (warm-up and profiling together);
# - each turn's messages are the previous turn's plus the recorded assistant reply (not the live
#   one) and the new user text, so the history is resent as recorded, across the warm-up too;
# - the prompt cache shows the reuse this causes: every later turn of a chain is served mostly
#   from the cache (cache_n >= 90% of the previous turn's prompt), the first profiled turn of a
#   cut chain too, thanks to its priming request (which itself found nothing cached), while the
#   first turn of the trace replayed whole is cold; the /metrics deltas and aiperf's
#   cached-token total agree with the per-request timings;
# - recorded pauses are kept in the schedule and each turn goes out when due; the subagent starts
#   after the turn that launches it and the joining turn after the subagent's last turn.
source "$(dirname "$0")/lib/common.bash"

TRACES="$WORK/traces"
python3 - "$TRACES" <<'EOF'
import json, os, sys
d = sys.argv[1]
os.makedirs(d)
BLOCK = 16
TIMES = [0.0, 0.3, 0.8, 1.1, 1.5]   # parent turns: pauses 0.3, 0.5, 0.3, 0.4 s
SUB_TIMES = [0.35, 0.55, 0.78]      # subagent turns, between parent turns 1 and 2
def chain(prefix, times, first, model, typ):
    reqs, ctx, prev = [], 0, 0
    for k, t in enumerate(times):
        ctx = first if k == 0 else ctx + prev + 36   # history + recorded output + 36 new tokens
        out = 3 + k
        reqs.append({"t": t, "type": typ, "model": model, "in": ctx, "out": out, "stop": "tool_use",
                     "hash_ids": [prefix + b for b in range(-(-ctx // BLOCK))]})
        prev = out
    return reqs
for i in range(3):
    parent = chain(1000 * (i + 1), TIMES, 160, "big", "n")
    # 160 tokens at least for a chain's first turn: llama-server gives a new prompt the idle slot
    # it shares the most with if that is > 10% of it (--slot-prompt-similarity 0.1), and every
    # prompt starts with the same 13 tokens (ChatML's default system prompt). A shorter subagent
    # prompt would take over its parent's slot and the parent's next turn would find only part
    # of its history in the cache.
    sub = chain(1000 * (i + 1) + 500, SUB_TIMES, 160, "small", "s")
    reqs = parent[:2] + [{"t": SUB_TIMES[0], "type": "subagent", "agent_id": "a%d" % i,
                          "subagent_type": "Explore", "status": "completed", "models": ["small"],
                          "tool_tokens": 0, "system_tokens": 0, "requests": sub}] + parent[2:]
    doc = {"id": "trace_%d" % i, "models": ["big", "small"], "block_size": BLOCK,
           "hash_id_scope": "local", "tool_tokens": 0, "system_tokens": 0, "requests": reqs}
    with open(os.path.join(d, "trace_%d.json" % i), "w") as f:
        json.dump(doc, f)
EOF

start_server
metrics_snapshot "$WORK/metrics.before"
ART="$WORK/art"
start=$SECONDS
timeout 180 "$AIPERF" profile -m tiny -u "$SERVER_URL" --streaming --tokenizer builtin --input-file "$TRACES" \
  --custom-dataset-type weka_trace --concurrency 2 --trajectory-start-min-ratio 0.3 \
  --trajectory-start-max-ratio 0.5 --random-seed 1 --export-level raw --artifact-dir "$ART" --ui none \
  >"$WORK/out.txt" 2>&1 || { tail -n 20 "$WORK/out.txt"; fail "aiperf failed"; }
echo "  (aiperf ran $((SECONDS - start)) s)"
# The counters are updated as the last response goes out: poll briefly for them to settle.
for _ in $(seq 20); do
  metrics_snapshot "$WORK/metrics.after"
  ART="$ART" METRICS_BEFORE="$WORK/metrics.before" METRICS_AFTER="$WORK/metrics.after" python3 - <<'EOF' && break
import json, os, sys
def counters(p):
    return {l.split()[0]: float(l.split()[1]) for l in open(p) if l.startswith("llamacpp:")}
b, a = counters(os.environ["METRICS_BEFORE"]), counters(os.environ["METRICS_AFTER"])
cache = prompt = 0
for l in open(os.environ["ART"] + "/profile_export_raw.jsonl"):
    for resp in json.loads(l)["responses"]:
        for p in resp.get("packets", []):
            if '"timings"' in p["value"]:
                t = json.loads(p["value"])["timings"]
                cache, prompt = cache + t["cache_n"], prompt + t["prompt_n"]
key = "llamacpp:prompt_tokens_cached_total"
sys.exit(0 if (a[key] - b[key], a["llamacpp:prompt_tokens_total"] - b["llamacpp:prompt_tokens_total"]) == (cache, prompt) else 1)
EOF
  sleep 0.1
done

ART="$ART" METRICS_BEFORE="$WORK/metrics.before" METRICS_AFTER="$WORK/metrics.after" python3 - <<'EOF' || fail "agentic replay check failed (REAL_SERVER_KEEP=1 keeps $WORK)"
import collections, json, os, sys
art = os.environ["ART"]
errors = []
def expect(ok, msg):
    if not ok:
        errors.append(msg)
    return ok

raw = [json.loads(l) for l in open(art + "/profile_export_raw.jsonl")]
recs = [json.loads(l) for l in open(art + "/profile_export.jsonl")]
summary = json.load(open(art + "/profile_export_aiperf.json"))
expect(len(raw) == len(recs), f"{len(raw)} raw records, {len(recs)} records")
by_id = {r["metadata"]["x_request_id"]: r for r in recs}

LAST = {"root": 4, "sub": 2}   # last turn index of a parent chain / a subagent
rows = []
for r in raw:
    m = r["metadata"]
    where = f'{m["benchmark_phase"]} {m["conversation_id"]} turn {m["turn_index"]}'
    expect(r["status"] == 200 and r.get("error") is None, f"{where}: status {r['status']} error {r.get('error')}")
    rec = by_id.get(m["x_request_id"])
    expect(rec is not None and "error" not in rec, f"{where}: no record or an error record")
    text, timings, usage = "", None, None
    for resp in r["responses"]:
        for p in resp.get("packets", []):
            if p["name"] != "data" or p["value"] == "[DONE]":
                continue
            chunk = json.loads(p["value"])
            for c in chunk.get("choices", []):
                text += c.get("delta", {}).get("content") or ""
            timings = chunk.get("timings", timings)
            usage = chunk.get("usage", usage)
    if not expect(timings is not None and usage is not None, f"{where}: no timings/usage in the stream"):
        continue
    cid = m["conversation_id"]
    rows.append({"where": where, "phase": m["benchmark_phase"], "conv": cid, "corr": m["x_correlation_id"],
                 "kind": "sub" if "::sa:" in cid else "root", "trace": cid.split("::")[0],
                 "turn": m["turn_index"], "msgs": r["payload"]["messages"], "max": r["payload"]["max_completion_tokens"],
                 "text": text, "cache": timings["cache_n"], "prompt_n": timings["prompt_n"],
                 "pred": timings["predicted_n"], "ptok": usage["prompt_tokens"],
                 "credit": m["credit_issued_ns"], "start": m["request_start_ns"], "end": m["request_end_ns"]})
if errors:
    print("\n".join("FAIL: " + e for e in errors)); sys.exit(1)

warm = [x for x in rows if x["phase"] == "warmup"]
prof = [x for x in rows if x["phase"] == "profiling"]
count = summary.get("request_count", {}).get("avg")
expect(count == len(prof), f"summary request_count {count}, {len(prof)} profiling records")
expect(not summary.get("error_request_count", {}).get("avg", 0), "summary has error requests")

# Warm-up: the boundary turn of each chain live at t* of the 2 cut lanes (traces 0 and 1: the
# roots start at turn 2, t* in [0.45, 0.75] s always falls inside their subagent), capped at 1.
wk = sorted((x["conv"], x["turn"]) for x in warm)
expect([c for c, _ in wk] == ["trace_0", "trace_0::sa:a0", "trace_1", "trace_1::sa:a1"], f"warm-up turns {wk}")
expect(all(t == 1 for c, t in wk if "::" not in c), f"root boundary turns {wk}")
for x in warm:
    expect(x["max"] == 1 and x["pred"] == 1, f'{x["where"]}: max_completion_tokens {x["max"]}, generated {x["pred"]}')
expect(max(x["end"] for x in warm) <= min(x["start"] for x in prof), "a profiling request started before the warm-up ended")
for x in prof:
    expect(x["pred"] == x["max"] == 3 + x["turn"], f'{x["where"]}: max {x["max"]}, generated {x["pred"]}, recorded {3 + x["turn"]}')

# Every turn of every chain exactly once; the cut chains resume right after their boundary turn;
# one correlation id per chain while profiling.
chains = collections.defaultdict(list)
for x in rows:
    chains[x["conv"]].append(x)
expect(sorted(chains) == sorted(f"trace_{i}{s}" for i in range(3) for s in ("", f"::sa:a{i}")), f"chains {sorted(chains)}")
for conv, xs in chains.items():
    xs.sort(key=lambda x: x["turn"])
    turns = [x["turn"] for x in xs]
    first = turns[0]
    expect(turns == list(range(first, LAST[xs[0]["kind"]] + 1)), f"{conv}: turns {turns}")
    primed = xs[0]["phase"] == "warmup"
    expect(all(x["phase"] == "profiling" for x in xs[primed:]), f"{conv}: more than one warm-up turn")
    expect(primed == (xs[primed]["turn"] > 0), f"{conv}: profiling starts at turn {xs[primed]['turn']}, primed: {primed}")
    expect(len({x["corr"] for x in xs if x["phase"] == "profiling"}) == 1, f"{conv}: several correlation ids")
    for x in xs:
        expect(len(x["msgs"]) == 2 * x["turn"] + 1, f'{x["where"]}: {len(x["msgs"])} messages')
    # History resent as recorded: turn k = turn k-1 + recorded assistant delta + new user text.
    for p, x in zip(xs, xs[1:]):
        n = len(p["msgs"])
        ok = x["msgs"][:n] == p["msgs"] and [m["role"] for m in x["msgs"][n:]] == ["assistant", "user"]
        expect(ok, f'{x["where"]}: messages do not extend turn {p["turn"]}\'s')
        if ok:
            expect(x["msgs"][n]["content"] != p["text"], f'{x["where"]}: history carries the live reply, not the recorded one')
expect(len({x["corr"] for x in prof}) == len(chains), "correlation ids shared between chains")
expect(chains["trace_2"][0]["turn"] == 0 and chains["trace_2"][0]["phase"] == "profiling", "trace 2 not replayed whole")

# Prompt cache (llama-server's timings: cache_n reused, prompt_n evaluated).
def reuse(x):
    return x["cache"] / max(1, x["cache"] + x["prompt_n"])
lines = []
for conv in sorted(chains):
    xs = chains[conv]
    for p, x in zip(xs, xs[1:]):
        expect(x["cache"] + x["prompt_n"] == x["ptok"], f'{x["where"]}: cache_n + prompt_n != prompt_tokens')
        expect(x["cache"] >= 0.9 * p["ptok"] and reuse(x) > 0.5,
               f'{x["where"]}: cache_n {x["cache"]} of {x["ptok"]}, previous prompt {p["ptok"]}')
    if xs[0]["phase"] == "warmup":
        prime, first = xs[0], xs[1]
        expect(reuse(prime) < 0.5, f'{prime["where"]}: priming request already cached ({prime["cache"]}/{prime["ptok"]})')
        lines.append(f'{conv}: priming turn {prime["turn"]} cache {prime["cache"]}/{prime["ptok"]}, '
                     f'first profiled turn {first["turn"]} cache {first["cache"]}/{first["ptok"]} ({reuse(first):.2f})')
    else:
        expect(reuse(xs[0]) < 0.5, f'{xs[0]["where"]}: a cold first turn was cached ({xs[0]["cache"]}/{xs[0]["ptok"]})')
        lines.append(f'{conv}: cold turn 0 cache {xs[0]["cache"]}/{xs[0]["ptok"]} ({reuse(xs[0]):.2f})')
later = [x for xs in chains.values() for x in xs[1:]]
lines.append("later turns: reuse min %.2f mean %.2f over %d" % (min(map(reuse, later)), sum(map(reuse, later)) / len(later), len(later)))
cached_prof = sum(x["cache"] for x in prof)
total = summary.get("total_usage_prompt_cache_read_tokens", {}).get("avg")
expect(total == cached_prof, f"aiperf total_usage_prompt_cache_read_tokens {total}, server cache_n sum {cached_prof}")
lines.append("profiling: %d of %d prompt tokens from the cache (%.2f)" % (cached_prof, sum(x["ptok"] for x in prof),
                                                                        cached_prof / sum(x["ptok"] for x in prof)))
def counters(p):
    return {l.split()[0]: float(l.split()[1]) for l in open(p) if l.startswith("llamacpp:")}
b, a = counters(os.environ["METRICS_BEFORE"]), counters(os.environ["METRICS_AFTER"])
dc = a["llamacpp:prompt_tokens_cached_total"] - b["llamacpp:prompt_tokens_cached_total"]
dp = a["llamacpp:prompt_tokens_total"] - b["llamacpp:prompt_tokens_total"]
expect((dc, dp) == (sum(x["cache"] for x in rows), sum(x["prompt_n"] for x in rows)),
       f"/metrics deltas cached {dc} evaluated {dp}, timings say {sum(x['cache'] for x in rows)} / {sum(x['prompt_n'] for x in rows)}")
lines.append(f"/metrics: prompt_tokens_cached_total +{dc:.0f}, prompt_tokens_total +{dp:.0f}")

# Tool pauses and the subagent's launch and join, on the trace replayed whole (trace 2).
GAPS = {("trace_2", 1): 0.3, ("trace_2", 3): 0.3, ("trace_2", 4): 0.4, ("trace_2::sa:a2", 1): 0.2, ("trace_2::sa:a2", 2): 0.23}
# A pause runs from the previous turn's scheduled send (credit_issued_ns; docs/agentic.md, "Delays"):
# the schedule must keep it whole, and each request must go out close to its slot.
errs = []
for (conv, k), gap in GAPS.items():
    xs = {x["turn"]: x for x in chains[conv]}
    p, x = xs[k - 1], xs[k]
    sched = (x["credit"] - p["credit"]) / 1e9
    due = max(p["credit"] + gap * 1e9, p["end"])
    errs.append(((x["start"] - p["start"]) / 1e9 - gap, (x["start"] - due) / 1e9))
    expect(sched >= gap - 0.002, f"{conv} turn {k}: scheduled {sched:.3f} s after turn {k - 1}, recorded pause {gap}")
    expect(-0.002 <= (x["start"] - due) / 1e9 <= 0.25, f"{conv} turn {k}: sent {(x['start'] - due) / 1e6:.1f} ms after it was due")
root = {x["turn"]: x for x in chains["trace_2"]}
sub = {x["turn"]: x for x in chains["trace_2::sa:a2"]}
expect(sub[0]["start"] >= root[1]["end"], "trace 2: the subagent started before the turn that launches it ended")
expect(root[2]["start"] >= sub[2]["end"], "trace 2: turn 2 did not wait for the subagent")
lines.append("pauses, start to start minus recorded (ms): " + " ".join("%+.1f" % (a * 1000) for a, _ in errs))
lines.append("sent after due (ms): " + " ".join("%+.1f" % (b * 1000) for _, b in errs))
print("\n".join("  " + l for l in lines))
if errors:
    print("\n".join("FAIL: " + e for e in errors)); sys.exit(1)
print(f"  {len(warm)} warm-up and {len(prof)} profiling requests checked")
EOF
echo "ok"
