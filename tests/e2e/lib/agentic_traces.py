"""Weka traces for the agentic replay tests (workloads-and-endpoints.md §3.9, §5.4).

Trace i has `turns` parent requests `gap` seconds apart and one subagent launched by parent
turn 2 and joined by turn 3, whose requests run between them. Every request's recorded output
length encodes where it comes from, so a test can tell from a request body alone which trace,
chain and turn it is: parent turn k of trace i asks for 1 + 32*i + k tokens, subagent turn j
for 1 + 32*i + 16 + j. (A capped warm-up turn asks for 1 token; its history tells it apart.)
"""
import json
import os


def parent_tokens(i, k):
    return 1 + 32 * i + k


def child_tokens(i, j):
    return 1 + 32 * i + 16 + j


def decode(tokens):
    """(trace, 'root' | 'sub', turn) from a request's max tokens."""
    i, rest = divmod(tokens - 1, 32)
    return (i, "sub", rest - 16) if rest >= 16 else (i, "root", rest)


def _ids(prefix, tokens, block):
    return [prefix + b for b in range(-(-tokens // block))]


def _chain(i, prefix, times, tokens, block):
    """Requests whose context grows by the previous output plus 40 new tokens each turn."""
    reqs, ctx, prev_out = [], 0, 0
    for k, t in enumerate(times):
        ctx += prev_out + 40
        reqs.append({"t": t, "type": "n", "model": "big", "in": ctx, "out": tokens(i, k),
                     "hash_ids": _ids(prefix, ctx, block), "stop": "tool_use"})
        prev_out = tokens(i, k)
    return reqs


def write(directory, traces=6, turns=8, gap=0.3, sub_turns=3, block=16):
    """Writes trace_00.json ...; returns {i: {"times": [...], "sub_times": [...]}} (seconds)."""
    os.makedirs(directory, exist_ok=True)
    layout = {}
    for i in range(traces):
        times = [round(k * gap, 6) for k in range(turns)]
        sub_times = [round(times[2] + gap * (j + 1) / (sub_turns + 1), 6) for j in range(sub_turns)]
        parent = _chain(i, 100000 * (i + 1), times, parent_tokens, block)
        sub = _chain(i, 100000 * (i + 1) + 50000, sub_times, child_tokens, block)
        for r in sub:
            r["type"], r["model"] = "s", "small"
        reqs = parent[:3] + [{"t": sub_times[0], "type": "subagent", "agent_id": "a%d" % i,
                              "subagent_type": "Explore", "status": "completed", "models": ["small"],
                              "tool_tokens": 0, "system_tokens": 0, "requests": sub}] + parent[3:]
        doc = {"id": "trace_%02d" % i, "models": ["big", "small"], "block_size": block,
               "hash_id_scope": "local", "tool_tokens": 0, "system_tokens": 0, "requests": reqs}
        with open(os.path.join(directory, "trace_%02d.json" % i), "w") as f:
            json.dump(doc, f)
        layout[i] = {"times": times, "sub_times": sub_times}
    return layout
