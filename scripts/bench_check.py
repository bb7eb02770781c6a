#!/usr/bin/env python3
"""Whole-process time of `saguaro check --staged` for a commit touching 5 files of a
100,000-line repository: Django's `django/` package (downloaded by bench_symbols.py into
corpora/) committed into a scratch git repository; in 5 of its files the first function
with parameters gets a new required parameter, staged; the gate is timed.

Usage:  python3 scripts/bench_check.py [--bin target/release/saguaro] [--runs 10]
"""

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import bench_symbols  # noqa: E402

DEF = re.compile(r"^def (\w+)\((\w+)", re.M)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    django = bench_symbols.django("5.1.4") / "django"
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        shutil.copytree(django, repo / "django")
        lines = sum(1 for p in repo.rglob("*.py") for _ in p.open(errors="replace"))
        run = lambda *a: subprocess.run(a, cwd=repo, check=True, stdout=subprocess.DEVNULL)
        run("git", "init", "-q")
        run("git", "config", "user.email", "bench@example.com")
        run("git", "config", "user.name", "bench")
        run("git", "add", "-A")
        run("git", "commit", "-qm", "base")
        changed = []
        for path in sorted((repo / "django/utils").glob("*.py")):
            text = path.read_text()
            m = DEF.search(text)
            if not m or len(changed) == 5:
                continue
            path.write_text(text[:m.end()] + ", required_extra" + text[m.end():])
            changed.append(f"{path.relative_to(repo)}:{m.group(1)}")
        run("git", "add", "-A")
        samples = []
        for _ in range(args.runs):
            start = time.perf_counter()
            out = subprocess.run([args.bin, "check", "--staged", "--format", "json"], cwd=repo, capture_output=True)
            samples.append(time.perf_counter() - start)
        samples.sort()
        import json
        report = json.loads(out.stdout)
        print(f"changed: {', '.join(changed)}")
        print(f"bench_check: {lines} lines of Python, 5 files staged: min {samples[0]*1000:.0f} ms, "
              f"median {statistics.median(samples)*1000:.0f} ms; {len(report['failures'])} broken calls found")


if __name__ == "__main__":
    main()
