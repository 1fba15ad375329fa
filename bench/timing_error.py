#!/usr/bin/env python3
"""Joins aiperf's records with the mock's --timing-log and prints timing errors as JSON.

  timing_error.py ARTIFACT_DIR TIMING_LOG TTFT_MS ITL_MS [SKIP_S]

Requests sent in the first SKIP_S seconds (a concurrency ramp) are left out.

Both sides stamp CLOCK_MONOTONIC, so per request the client's TTFT splits into
  up leg    request handed to the socket by aiperf -> request fully read by the mock
  server    mock read -> first content chunk handed to the socket (configured TTFT + mock lateness)
  down leg  mock write -> aiperf's stamp of the read that returned those bytes
and the client's measurement error is what the server did not cause: TTFT - server.
"""
import json
import sys


def pct(values, q):
    v = sorted(values)
    if not v:
        return float("nan")
    pos = (len(v) - 1) * q / 100.0
    lo = int(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def summary(values):
    return {"n": len(values), "mean": sum(values) / len(values), "p50": pct(values, 50),
            "p99": pct(values, 99), "max": max(values)}


def content_of(data):
    choices = data.get("choices") or []
    if not choices:
        return ""
    c = choices[0]
    return (c.get("delta") or {}).get("content") or c.get("text") or ""


def main():
    art, log_path, ttft_cfg, itl_cfg = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    skip_ns = int(float(sys.argv[5]) * 1e9) if len(sys.argv) > 5 else 0
    mock = {}
    for line in open(log_path):
        t = json.loads(line)
        mock[t["id"]] = t
    metrics = {}
    for line in open(f"{art}/profile_export.jsonl"):
        r = json.loads(line)
        metrics[r["metadata"]["x_request_id"]] = r["metrics"]

    rows = {k: [] for k in ("ttft_vs_config", "itl_vs_config", "mock_ttft_late", "mock_itl_late",
                             "client_ttft_error", "client_itl_error", "up_leg", "down_leg")}
    unmatched = 0
    raw = [json.loads(line) for line in open(f"{art}/profile_export_raw.jsonl")]
    first_start = min(r["start_perf_ns"] for r in raw)
    for r in raw:
        if r.get("error") or r["metadata"].get("benchmark_phase") != "profiling":
            continue
        if r["start_perf_ns"] < first_start + skip_ns:
            continue
        stamps, rid = [], None
        for resp in r["responses"]:
            for packet in resp["packets"]:
                if packet["name"] != "data" or packet["value"] == "[DONE]":
                    continue
                data = json.loads(packet["value"])
                rid = rid or data.get("id", "").split("-")[-1]
                if content_of(data):
                    stamps.append(resp["perf_ns"])
        m = metrics.get(r["metadata"]["x_request_id"])
        t = mock.get(rid)
        if not m or not t or not stamps or t["chunks"] == 0:
            unmatched += 1
            continue
        ttft = m["time_to_first_token"]["value"]
        server_ttft = (t["first_write_ns"] - t["read_ns"]) / 1e6
        rows["ttft_vs_config"].append(ttft - ttft_cfg)
        rows["mock_ttft_late"].append((t["first_write_ns"] - t["first_due_ns"]) / 1e6)
        rows["client_ttft_error"].append(ttft - server_ttft)
        rows["up_leg"].append((t["read_ns"] - r["start_perf_ns"]) / 1e6)
        rows["down_leg"].append((stamps[0] - t["first_write_ns"]) / 1e6)
        if "inter_token_latency" in m and t["chunks"] > 1:
            itl = m["inter_token_latency"]["value"]
            server_itl = (t["last_write_ns"] - t["first_write_ns"]) / 1e6 / (t["chunks"] - 1)
            rows["itl_vs_config"].append(itl - itl_cfg)
            rows["client_itl_error"].append(itl - server_itl)
            rows["mock_itl_late"].append(t["sum_late_ns"] / t["chunks"] / 1e6)
    out = {k: summary(v) for k, v in rows.items() if v}
    out["unmatched"] = unmatched
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
