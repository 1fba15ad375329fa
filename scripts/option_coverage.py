#!/usr/bin/env python3
"""Counts upstream's `aiperf profile` option names (the tables of cli-and-load.md §3) that
aiperf-cpp accepts, refuses as "not supported yet" or does not know at all, from the option
reference generated into docs/cli.md from the option table (src/cli/*_options.cpp), and checks
that `aiperf profile --help` shows every accepted one.

  scripts/option_coverage.py [path/to/aiperf] [path/to/cli-and-load.md]
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
aiperf = sys.argv[1] if len(sys.argv) > 1 else str(root / "build" / "aiperf")
reference = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else root.parent / "shared" / "reference" / "cli-and-load.md")
text = reference.read_text()
section = text[text.index("## 3. `aiperf profile` flags"):text.index("## 4. Load-control semantics")]
option = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w]*(?:-[\w]+)*)(?![\w-])")
names = set()
for line in section.splitlines():
    if not line.startswith("|"):
        continue
    previous = ""
    for name in option.findall(line.split("|")[1]):
        # The reference abbreviates a pair: `--rankings-passages-mean`/`-stddev`.
        if not name.startswith("--") and len(name) > 2 and previous.startswith("--"):
            name = previous[: previous.rindex("-")] + name
        names.add(name)
        previous = name
doc = (root / "docs" / "cli.md").read_text()
generated = doc[doc.index("<!-- option-reference:begin"):doc.index("<!-- option-reference:end")]
accepted, refused = set(), set()
for line in generated.splitlines():
    if not line.startswith("| `"):
        continue
    cells = line.split(" | ")
    row_names = set(re.findall(r"`(--?[\w-]+)`", cells[0]))
    (refused if "Not supported yet" in cells[-1] else accepted).update(row_names)
if "-v" in accepted:
    accepted.add("-vv")  # -v given twice
help_text = subprocess.run([aiperf, "profile", "--help"], capture_output=True, text=True, check=True).stdout
missing_from_help = sorted(n for n in accepted if n != "-vv" and n not in set(option.findall(help_text)))
if missing_from_help:
    print("accepted but not in --help:", " ".join(missing_from_help))
    sys.exit(1)
ok = sorted(names & accepted)
no = sorted((names - accepted) & refused)
absent = sorted(names - accepted - refused)
print(f"{len(names)} upstream names: {len(ok)} accepted, {len(no)} not supported yet, {len(absent)} unknown")
for name in absent:
    print(f"  unknown: {name}")
sys.exit(1 if absent else 0)
