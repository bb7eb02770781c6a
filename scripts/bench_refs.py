#!/usr/bin/env python3
"""Whole-process time of `saguaro refs` and `saguaro impact` on a real large tree, side by
side with `rg -w NAME` on the same tree, in one run.

The tree is Django's sdist (the `django` package with its tests), downloaded by
scripts/bench_symbols.py's helper into corpora/ (ignored by git). The targets span the
prefilter's range: a function few files name, a class many files name, and a method whose
name is common (every file holding the word is read and judged).

Usage:  python3 scripts/bench_refs.py [--bin target/release/saguaro] [--runs 10]
Needs `rg` on PATH (apt ripgrep).
"""

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import bench_symbols  # noqa: E402  (the Django download lives there)
import bench_impact  # noqa: E402  (the impact patch and the timer)
from bench_impact import timed  # noqa: E402

TARGETS = [
    ("django/utils/crypto.py", "get_random_string"),
    ("django/http/response.py", "HttpResponse"),
    ("django/db/models/query.py", "QuerySet.filter"),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--django", default="5.1.4")
    args = parser.parse_args()
    if shutil.which("rg") is None:
        sys.exit("rg is not on PATH: install ripgrep (apt install ripgrep)")
    tree = bench_symbols.django(args.django)
    files = list(tree.rglob("*.py"))
    lines = sum(1 for p in files for _ in p.open(errors="replace"))
    print(f"tree: {tree} ({len(files)} Python files, {lines} lines)")
    worst = 0.0
    for file, symbol in TARGETS:
        name = symbol.rsplit(".", 1)[-1]
        rg, rg_out = timed(["rg", "-w", name, "."], args.runs, tree)
        refs, out = timed([args.bin, "refs", file, symbol, "--root", ".", "--json"], args.runs, tree)
        answer = json.loads(out)
        found = len(answer["references"])
        sure = sum(1 for r in answer["references"] if r["confidence"] != "name_match")
        ratio = statistics.median(refs) / statistics.median(rg)
        worst = max(worst, ratio)
        print(f"{symbol:22} rg -w {statistics.median(rg)*1000:6.1f} ms ({len(rg_out.splitlines())} lines)  "
              f"saguaro refs {statistics.median(refs)*1000:6.1f} ms ({found} references, {sure} above name_match)  "
              f"ratio {ratio:.1f}x")
    with tempfile.TemporaryDirectory() as tmp:
        patch = Path(tmp) / "patch.json"
        patch.write_text(json.dumps(bench_impact.PATCH))
        name = bench_impact.NAME
        rg, _ = timed(["rg", "-w", name, "."], args.runs, tree)
        impact, out = timed([args.bin, "impact", str(patch), "--root", ".", "--json"], args.runs, tree)
        report = json.loads(out)
        calls = sum(len(b["callsites"]) for b in report["breaking_changes"])
        ratio = statistics.median(impact) / statistics.median(rg)
        worst = max(worst, ratio)
        print(f"{'impact ' + name:22} rg -w {statistics.median(rg)*1000:6.1f} ms  "
              f"saguaro impact {statistics.median(impact)*1000:6.1f} ms ({calls} breaking callsites)  ratio {ratio:.1f}x")
    print(f"bench_refs: django {args.django}: worst saguaro/rg median ratio {worst:.1f}x (target: within 3x)")


if __name__ == "__main__":
    main()
