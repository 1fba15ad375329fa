"""Agentic replay fidelity (docs/benchmarks.md (ac)) from a run's profile_export.jsonl and the
corpus layout (bench/agentic_traces.py): per parent turn, the actual start-to-start gap minus
the recorded one, and the send error against the replay's rule (a turn goes at its previous
turn's send + the recorded gap, or when that reply ends if later); for long tool pauses the
same; for subagents, the fan-out delay (first child turn's start − the launching turn's end)
and the join delay (the waiting parent turn's start − max(last child's end, its due time)).

Usage: agentic_fidelity.py PROFILE_EXPORT_JSONL LAYOUT_JSON MEAN_GAP_S
"""
import collections
import json
import sys


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    i = (len(xs) - 1) * p / 100
    lo = int(i)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (i - lo)


def main():
    recs = [json.loads(l) for l in open(sys.argv[1])]
    layout = json.load(open(sys.argv[2]))
    mean_gap = float(sys.argv[3])
    runs = collections.defaultdict(dict)  # x_correlation_id -> turn -> (conversation, start, end)
    parent_of = {}
    for r in recs:
        m = r["metadata"]
        if "error" in r:
            continue
        runs[m["x_correlation_id"]][m["turn_index"]] = (m["conversation_id"], m["request_start_ns"], m["request_end_ns"])
        if m.get("parent_correlation_id"):
            parent_of[m["x_correlation_id"]] = m["parent_correlation_id"]
    children = collections.defaultdict(list)
    for child, parent in parent_of.items():
        children[parent].append(child)
    gap_err, send_err, pause_err, fan_err, join_err = [], [], [], [], []
    turns = 0
    for cid, t in runs.items():
        turns += len(t)
        conv = next(iter(t.values()))[0]
        if "::" in conv:
            continue  # subagents are checked from their parent
        lay = layout[conv]
        T = lay["times"]
        joined = {s["after_turn"] + 1 for s in lay["subagents"]}
        for k in sorted(t):
            if k - 1 not in t:
                continue
            _, s0, e0 = t[k - 1]
            _, s1, _ = t[k]
            rec_gap = T[k] - T[k - 1]
            if k in joined:
                continue
            err = (s1 - s0) / 1e9 - rec_gap
            gap_err.append(err)
            rule = max(s0 / 1e9 + rec_gap, e0 / 1e9)
            send_err.append(s1 / 1e9 - rule)
            if rec_gap > 2 * mean_gap:
                pause_err.append(s1 / 1e9 - rule)
        # Subagents: each child's first turn after its launching parent turn's end.
        for child in children.get(cid, []):
            ct = runs[child]
            if 0 not in ct:
                continue
            name = ct[0][0].split("::sa:")[1]
            sub = next(s for s in lay["subagents"] if s["agent"] == name)
            k = sub["after_turn"]
            if k in t:  # due at the launching turn's send + the recorded offset, or its reply's end
                due = max(t[k][1] / 1e9 + sub["times"][0] - T[k], t[k][2] / 1e9)
                fan_err.append(ct[0][1] / 1e9 - due)
        for k in joined:
            if k not in t or k - 1 not in t:
                continue
            ends = [max(e for _, _, e in runs[c].values()) for c in children.get(cid, [])
                    if runs[c] and next(iter(runs[c].values()))[0].split("::sa:")[1] in
                    {s["agent"] for s in lay["subagents"] if s["after_turn"] + 1 == k}]
            if not ends:
                continue
            due = max(t[k - 1][1] / 1e9 + T[k] - T[k - 1], max(ends) / 1e9)
            join_err.append(t[k][1] / 1e9 - due)
    ms = lambda x: "%.2f" % (x * 1000)
    out = {"turns": turns}
    for name, xs in (("gap (actual - trace)", gap_err), ("send error vs rule", send_err),
                     ("long tool pause send error", pause_err), ("subagent fan-out send error", fan_err),
                     ("join send error", join_err)):
        out[name] = {"n": len(xs), "p50_ms": ms(pct(xs, 50)), "p99_ms": ms(pct(xs, 99)), "max_ms": ms(max(xs) if xs else 0)}
        print("%-28s n=%6d  p50 %8s ms  p99 %8s ms  max %8s ms" % (name, len(xs), ms(pct(xs, 50)), ms(pct(xs, 99)),
                                                                   ms(max(xs) if xs else float("nan"))))
    json.dump(out, open(sys.argv[1] + ".fidelity.json", "w"))


if __name__ == "__main__":
    main()
