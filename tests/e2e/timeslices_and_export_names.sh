#!/usr/bin/env bash
# --slice-duration timeslice files, --profile-export-prefix names, and an artifact directory
# that cannot be written is refused before anything is sent.
source "$(dirname "$0")/lib/common.bash"

start_mock --output-tokens 3 --ttft-ms 20 --itl-ms 5
cd "$WORK"

# Rate mode for ~1.2 s with 0.5 s slices: at least two slices, the last one incomplete.
ART="$WORK/run1"
"$AIPERF" profile -m mock-model --tokenizer builtin -u "$MOCK_URL" --streaming --request-rate 20 \
  --arrival-pattern constant --benchmark-duration 1.2 --slice-duration 0.5 --artifact-dir "$ART" \
  >"$WORK/out.txt" 2>&1 || { cat "$WORK/out.txt"; fail "aiperf failed"; }
for f in profile_export_aiperf_timeslices.json profile_export_aiperf_timeslices.csv profile_export.jsonl; do
  [ -f "$ART/$f" ] || fail "missing $f"
done
ls "$ART" | grep -q '\.partial$' && fail "a .partial file was left behind"
grep -q "Timeslice JSON Export: $ART/profile_export_aiperf_timeslices.json" "$WORK/out.txt" || fail "footer line"
py '
import json, os, csv
art = os.environ["ART"]
doc = json.load(open(art + "/profile_export_aiperf_timeslices.json"))
s = doc["timeslices"]
assert len(s) >= 2, len(s)
assert list(s[0])[:3] == ["start_ns", "end_ns", "is_complete"], list(s[0])
assert s[-1]["is_complete"] is False and all(x["is_complete"] for x in s[:-1])
for a, b in zip(s, s[1:]):
    assert b["start_ns"] - a["start_ns"] >= 500_000_000 and (b["start_ns"] - s[0]["start_ns"]) % 500_000_000 == 0
summary = json.load(open(art + "/profile_export_aiperf.json"))
total = sum(x["request_count"]["avg"] for x in s if "request_count" in x)
assert total == summary["request_count"]["avg"], (total, summary["request_count"])
assert "input_config" in doc
rows = list(csv.reader(open(art + "/profile_export_aiperf_timeslices.csv", newline="")))
assert rows[0] == ["Timeslice", "Metric", "Unit", "Stat", "Value"], rows[0]
assert {r[0] for r in rows[1:]} == {str(i) for i in range(len(s))}
'

# --profile-export-prefix: every export takes the stem (v1 names); a known extension is stripped.
ART="$WORK/run2"
"$AIPERF" profile -m mock-model --tokenizer builtin -u "$MOCK_URL" --streaming --request-count 4 \
  --export-level raw --profile-export-prefix mybench.json --artifact-dir "$ART" \
  >"$WORK/out2.txt" 2>&1 || { cat "$WORK/out2.txt"; fail "aiperf failed (prefix)"; }
for f in mybench.json mybench.csv mybench.jsonl mybench_raw.jsonl mybench_console.txt inputs.json; do
  [ -f "$ART/$f" ] || { ls "$ART"; fail "missing $f"; }
done
[ -f "$ART/profile_export_aiperf.json" ] && fail "default name written despite the prefix"
[ "$(wc -l <"$ART/mybench.jsonl")" -eq 4 ] || fail "records file"

# Unwritable artifact directory (a path through a regular file): clear error, non-zero exit,
# and the mock server saw no request.
touch "$WORK/not_a_dir"
set +e
"$AIPERF" profile -m mock-model --tokenizer builtin -u "$MOCK_URL" --request-count 2 \
  --artifact-dir "$WORK/not_a_dir/sub" >"$WORK/o3" 2>"$WORK/e3"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "an unwritable --artifact-dir must fail"
[ "$(wc -l <"$WORK/e3")" -ge 1 ] && grep -q -- "--artifact-dir $WORK/not_a_dir/sub" "$WORK/e3" || { cat "$WORK/e3"; fail "error must name the flag and path"; }
grep -q "Profiling" "$WORK/o3" && fail "the run started despite the bad directory"
echo ok
