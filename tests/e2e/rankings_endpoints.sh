#!/usr/bin/env bash
# nim_rankings, cohere_rankings, hf_tei_rankings against the mock with synthetic query and
# passages (--rankings-*): body shapes, passage counts, the bodies the server read, metrics.
source "$(dirname "$0")/lib/common.bash"

mock_run() {  # mock_run NAME [aiperf flags...]
  profile_own_mock "$1" "--ttft-ms 2" --request-count 5 --num-dataset-entries 5 --random-seed 7 --rankings-passages-mean 3 \
    --rankings-query-prompt-token-mean 10 --rankings-passages-prompt-token-mean 20 "${@:2}"
}

mock_run nim --endpoint-type nim_rankings
mock_run cohere --endpoint-type cohere_rankings
mock_run tei --endpoint-type hf_tei_rankings --streaming
grep -q "NVIDIA AIPerf | Rankings Metrics" "$WORK/nim.out" || { cat "$WORK/nim.out"; fail "console title"; }

WORK="$WORK" py '
import json, os
from e2e_checks import body_hash
work = os.environ["WORK"]
shapes = {"nim": ["model", "query", "passages"], "cohere": ["model", "query", "documents"], "tei": ["query", "texts"]}
for name, keys in shapes.items():
    payloads = [s["payloads"][0] for s in json.load(open(f"{work}/art-{name}/inputs.json"))["data"]]
    assert len(payloads) == 5
    for p in payloads:
        assert list(p) == keys, (name, p)
        assert len(p[keys[-1]]) == 3, p
        if name == "nim":
            assert isinstance(p["query"]["text"], str) and all(set(x) == {"text"} for x in p["passages"]), p
        else:
            assert isinstance(p["query"], str) and all(isinstance(x, str) for x in p[keys[-1]]), p
    sent = {json.loads(l)["body_fnv1a"] for l in open(f"{work}/{name}.jsonl")}
    expected = {body_hash(p) for p in payloads}
    assert sent == expected, f"{name}: bodies read differ from inputs.json"
    s = json.load(open(f"{work}/art-{name}/profile_export_aiperf.json"))
    assert s["request_count"]["avg"] == 5, s
    # Query and passages are joined with spaces and encoded once (§7.6): a join may add a token.
    assert 10 + 3 * 20 <= s["input_sequence_length"]["avg"] <= 10 + 3 * 20 + 3, s["input_sequence_length"]
    for tag in ("time_to_first_token", "inter_token_latency", "output_sequence_length", "output_token_throughput"):
        assert tag not in s, (name, tag)
print("ok: rankings bodies and metrics")
'
