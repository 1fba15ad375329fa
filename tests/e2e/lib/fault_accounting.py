"""The accounting rule of the fault-injection matrix (fault_matrix.sh, docs/fault-injection.md).

For one `aiperf profile` run against tests/e2e/lib/hostile_server.py:
  * every request aiperf sent is recorded exactly once: `sent` records, distinct request ids, and
    the summary's success + error counts add up to them;
  * the server saw no request that has no record (a request may reach it twice: a stale
    keep-alive connection is retried once on a fresh one with the same X-Request-ID);
  * a record the server never saw is an error (it could not connect);
  * successes never exceed the replies the server really completed, and each success is one of
    them;
  * no record carries another request's reply: every `rid=` the server echoed into a record's
    response bytes is that record's own X-Request-ID.
Then the case's own expectation: every record a success ("ok"), every record the given error
("error"), or either ("any").
"""
import json
import os
import re

from e2e_checks import jsonl

RID = re.compile(r"rid=([A-Za-z0-9_-]+)")


def response_text(raw_line):
    """Every response byte of one profile_export_raw.jsonl line, as text."""
    parts = []
    for r in raw_line["responses"]:
        if "text" in r:
            parts.append(r["text"])
        for p in r.get("packets", []):
            parts.append(p["value"])
    return "\n".join(parts)


def check(case, art, server_logs, sent, expect, behaviour=None, error_type=None, error_code=None, message=None):
    """`behaviour`: only the server log entries of that behaviour belong to this run."""
    recs = jsonl(os.path.join(art, "profile_export.jsonl"))
    raw = jsonl(os.path.join(art, "profile_export_raw.jsonl"))
    seen, answered = {}, set()
    for log in server_logs:
        for e in jsonl(log):
            if behaviour and e["behaviour"] != behaviour:
                continue
            seen[e["rid"]] = seen.get(e["rid"], 0) + 1
            if e["answered"]:
                answered.add(e["rid"])

    ids = [r["metadata"]["x_request_id"] for r in recs]
    assert len(recs) == sent, f"{case}: {len(recs)} records for {sent} requests sent"
    assert len(set(ids)) == sent, f"{case}: a request id is recorded twice"
    assert sorted(l["metadata"]["x_request_id"] for l in raw) == sorted(ids), f"{case}: raw export differs"
    summary = json.load(open(os.path.join(art, "profile_export_aiperf.json")))
    counted = summary.get("request_count", {}).get("avg", 0) + summary.get("error_request_count", {}).get("avg", 0)
    assert counted == sent, f"{case}: summary counts {counted} requests for {sent} sent"

    unknown = set(seen) - set(ids)
    assert not unknown, f"{case}: the server saw requests that have no record: {unknown}"
    assert all(n <= 2 for n in seen.values()), f"{case}: a request reached the server more than twice: {seen}"
    by_id = {r["metadata"]["x_request_id"]: r for r in recs}
    for rid, r in by_id.items():
        if rid not in seen:
            assert "error" in r, f"{case}: {rid} succeeded but the server never saw it"

    successes = [rid for rid, r in by_id.items() if "error" not in r]
    assert len(successes) <= len(answered), f"{case}: {len(successes)} successes, {len(answered)} replies sent"
    for rid in successes:
        assert rid in answered, f"{case}: {rid} is a success the server never completed"

    for line in raw:
        own = line["metadata"]["x_request_id"]
        foreign = {m for m in RID.findall(response_text(line)) if m != own}
        assert not foreign, f"{case}: record {own} carries another reply: {foreign}"

    if expect == "ok":
        for rid, r in by_id.items():
            assert "error" not in r, f"{case}: {rid}: {r['error']}"
        for line in raw:
            assert "rid=" + line["metadata"]["x_request_id"] in response_text(line), f"{case}: reply without its id"
    elif expect == "error":
        for rid, r in by_id.items():
            e = r.get("error")
            assert e, f"{case}: {rid} should have failed"
            if error_type:
                assert e.get("type") == error_type, f"{case}: {e}"
            if error_code:
                assert e.get("code") == error_code, f"{case}: {e}"
            if message:
                assert message in e.get("message", ""), f"{case}: {e}"
    ok = len(successes)
    print(f"ok {case}: {sent} sent, {len(seen)} seen by the server, {ok} succeeded, {sent - ok} failed")
    return recs, raw


def check_malformed_sse(art, stderr_path):
    """malformed_sse: two invalid messages per record, the valid text kept, one warning."""
    recs = jsonl(os.path.join(art, "profile_export.jsonl"))
    assert all(r["metadata"].get("invalid_sse_messages") == 2 for r in recs), [r["metadata"] for r in recs]
    outputs = {o["x_request_id"]: o for o in json.load(open(os.path.join(art, "outputs.json")))["data"]}
    for r in recs:
        rid = r["metadata"]["x_request_id"]
        assert outputs[rid]["response_text"] == f"rid={rid} A B E", outputs[rid]
    out = open(stderr_path).read()
    assert out.count("SSE message(s)") == 1, out
    assert f"{2 * len(recs)} SSE message(s) in {len(recs)} request(s)" in out, out
    print("ok malformed_sse: invalid messages counted, valid text kept, one warning")


def check_restart(art, first_log, second_log):
    """restart: later requests reconnect to the restarted server and succeed."""
    recs = jsonl(os.path.join(art, "profile_export.jsonl"))
    first = {e["rid"] for e in jsonl(first_log)}
    second = {e["rid"] for e in jsonl(second_log) if e["answered"]}
    assert len(first) >= 4, first
    ok_after = [r for r in recs if r["metadata"]["x_request_id"] in second and "error" not in r]
    assert len(ok_after) >= 5, ("too few successes after the restart", len(ok_after))
    last = sorted(recs, key=lambda r: r["metadata"]["session_num"])[-5:]  # issue order
    assert all("error" not in r for r in last), [r.get("error") for r in last]
    print(f"ok restart: {len(first)} requests before, {len(ok_after)} successes after")
