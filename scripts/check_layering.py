#!/usr/bin/env python3
"""The planes of src/ and the directions their includes may take (docs/design.md, "Layers").

A plane may include its own headers and those of the planes below it: the ones listed for it
here and, through them, theirs. Any other `#include "plane/..."` in src/ is a back-edge (an
include against the data path, or a cycle) and fails the check with file:line, as does a
CMake `aiperf_plane(... DEPS aiperf_x)` that links a plane not below it. Run by scripts/test.sh.
"""
import pathlib
import re
import sys

# Each plane and the planes it builds on directly (the order a request's life reads in).
ALLOWED = {
    "common": [],
    "tokenizer": ["common"],
    "io": ["common"],
    "config": ["common"],
    "records": ["config"],
    "cli": ["config", "sweep"],
    "media": ["config"],
    "dataset": ["config", "tokenizer", "io", "media"],
    "endpoints": ["dataset", "records"],
    "timing": ["dataset"],
    "transport": ["timing", "endpoints"],
    "metrics": ["endpoints", "tokenizer"],
    "export": ["metrics"],
    "accuracy": ["export"],  # problems (dataset) in, grades (a metrics sink) and exports out
    "sweep": ["config"],
    "plot": ["common"],
    "live": ["export"],
    "telemetry": ["export"],
    "publish": ["telemetry"],
    "cluster": ["config"],
    "app": ["accuracy", "cli", "transport", "export", "plot", "live", "telemetry", "publish", "cluster"],
    "mock_server": ["common", "tokenizer"],
}


def below(plane, seen=None):
    """Every plane `plane` may include, itself excluded."""
    seen = set() if seen is None else seen
    for dep in ALLOWED[plane]:
        if dep not in seen:
            seen.add(dep)
            below(dep, seen)
    return seen


def problems_in(root):
    """Every back-edge under `root` (a tree with src/ and CMakeLists.txt), as messages."""
    src = root / "src"
    problems = []
    planes = sorted(p.name for p in src.iterdir() if p.is_dir())
    for plane in planes:
        if plane not in ALLOWED:
            problems.append(f"src/{plane}/: a plane missing from scripts/check_layering.py (say what it may include)")
    include = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')
    for plane in planes:
        if plane not in ALLOWED:
            continue
        allowed = below(plane) | {plane}
        for path in sorted((src / plane).iterdir()):
            if path.suffix not in (".h", ".cpp"):
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                m = include.match(line)
                if m and m.group(1) in ALLOWED and m.group(1) not in allowed:
                    problems.append(f"{path.relative_to(root)}:{number}: {plane} includes {m.group(1)}/, "
                                    f"which is not below it (allowed: {', '.join(sorted(allowed - {plane}))})")
    cmake = (root / "CMakeLists.txt").read_text()
    for number, line in enumerate(cmake.splitlines(), 1):
        m = re.match(r"\s*aiperf_plane\((\w+)\s+DEPS(.*)\)", line)
        if not m or m.group(1) not in ALLOWED:
            continue
        for dep in re.findall(r"\baiperf_(\w+)", m.group(2)):
            if dep in ALLOWED and dep not in below(m.group(1)):
                problems.append(f"CMakeLists.txt:{number}: aiperf_{m.group(1)} links aiperf_{dep}, which is not below it")
    return problems


def self_test():
    """The check fails on a back-edge include and link, and passes a tree without one."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        for plane in ALLOWED:
            (root / "src" / plane).mkdir(parents=True)
        (root / "src/transport/worker.h").write_text('#include "config/settings.h"\n')
        (root / "CMakeLists.txt").write_text("aiperf_plane(transport DEPS aiperf_timing)\n")
        assert problems_in(root) == [], problems_in(root)
        (root / "src/config/settings.h").write_text('#pragma once\n#include "transport/worker.h"\n')
        (root / "CMakeLists.txt").write_text("aiperf_plane(timing DEPS aiperf_transport)\n")
        found = problems_in(root)
        assert len(found) == 2 and found[0].startswith("src/config/settings.h:2: config includes transport/"), found
        assert found[1].startswith("CMakeLists.txt:1: aiperf_timing links aiperf_transport"), found
    print("layering: self-test passed")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    root = pathlib.Path(__file__).resolve().parent.parent
    problems = problems_in(root)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"layering: {len(problems)} back-edge(s)", file=sys.stderr)
        return 1
    print(f"layering: {len(ALLOWED)} planes, no back-edge")
    return 0


if __name__ == "__main__":
    sys.exit(main())
