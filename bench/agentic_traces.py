"""A synthetic agentic corpus for bench/agentic_fidelity.sh: N weka traces (workloads-and-endpoints.md
§3.9) with tool pauses and subagent fan-outs, seeded. Writes trace_NNNNN.json files and
layout.json: per trace the parent send times and, per subagent, its launching parent turn and
its send times (seconds on the trace clock).

Usage: agentic_traces.py DIR TRACES [MEAN_GAP_S] [SEED]
"""
import json
import os
import random
import sys


def chain(rng, prefix, times, out_tokens, block):
    reqs, ctx, prev = [], 0, 0
    for t in times:
        ctx += prev + rng.randint(30, 200)
        out = rng.randint(8, out_tokens)
        reqs.append({"t": round(t, 6), "type": "n", "model": "big", "in": ctx, "out": out,
                     "hash_ids": [prefix + b for b in range(-(-ctx // block))], "stop": "tool_use"})
        prev = out
    return reqs


def main():
    d, n = sys.argv[1], int(sys.argv[2])
    mean_gap = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    os.makedirs(d, exist_ok=True)
    layout = {}
    for i in range(n):
        turns = rng.randint(4, 12)
        times, t = [], 0.0
        for k in range(turns):
            times.append(t)
            # Tool pauses: mostly short, sometimes long (a test run, a build).
            t += rng.expovariate(1 / mean_gap) + (3 * mean_gap if rng.random() < 0.1 else 0)
        parent = chain(rng, 10_000_000 * (i + 1), times, 24, 16)
        reqs, subs = [], []
        # Fan-outs: after some parent turns, 1-3 subagents that end before the next parent turn.
        for k, r in enumerate(parent):
            reqs.append(r)
            if k + 1 < turns and rng.random() < 0.3:
                window = times[k + 1] - times[k]
                for a in range(rng.randint(1, 3)):
                    m = rng.randint(1, 3)
                    st = [times[k] + window * (0.05 + 0.6 * j / m) for j in range(m)]
                    sub = chain(rng, 10_000_000 * (i + 1) + 1_000_000 * (len(subs) + 1), st, 16, 16)
                    for s in sub:
                        s["type"], s["model"] = "s", "small"
                    agent = "a%d" % len(subs)
                    reqs.append({"t": round(st[0], 6), "type": "subagent", "agent_id": agent,
                                 "subagent_type": "Explore", "status": "completed", "models": ["small"],
                                 "tool_tokens": 0, "system_tokens": 0, "requests": sub})
                    subs.append({"agent": agent, "after_turn": k, "times": [round(x, 6) for x in st]})
        tid = "trace_%05d" % i
        with open(os.path.join(d, tid + ".json"), "w") as f:
            json.dump({"id": tid, "models": ["big", "small"], "block_size": 16, "hash_id_scope": "local",
                       "tool_tokens": 0, "system_tokens": 0, "requests": reqs}, f)
        layout[tid] = {"times": [round(x, 6) for x in times], "subagents": subs}
    with open(d.rstrip("/") + ".layout.json", "w") as f:
        json.dump(layout, f)


if __name__ == "__main__":
    main()
