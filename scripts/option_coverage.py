#!/usr/bin/env python3
"""Counts upstream's `aiperf profile` option names (the tables of cli-and-load.md §3) that
aiperf-cpp accepts (in `aiperf profile --help`), refuses as "not supported yet"
(src/cli/unsupported_flags.cpp) or does not know at all.

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
help_text = subprocess.run([aiperf, "profile", "--help"], capture_output=True, text=True, check=True).stdout
accepted = set(option.findall(help_text))
refused = set(re.findall(r'"(--?[\w-]+)"', (root / "src/cli/unsupported_flags.cpp").read_text()))
ok = sorted(names & accepted)
no = sorted((names - accepted) & refused)
absent = sorted(names - accepted - refused)
print(f"{len(names)} upstream names: {len(ok)} accepted, {len(no)} not supported yet, {len(absent)} unknown")
for name in absent:
    print(f"  unknown: {name}")
sys.exit(1 if absent else 0)
