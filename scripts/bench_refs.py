#!/usr/bin/env python3
"""Whole-process time of `saguaro refs` and `saguaro impact` on a real large tree, side by
side with `rg -w NAME` on the same tree, in one run.

`refs` is timed twice: each process on its own (`--no-daemon`: it parses every file that
names the symbol, every time), and asked of `saguaro daemon` serving the tree (started once
for the run, its socket in a private temporary folder; its first answer, which parses, is
shown apart). `impact` is timed the same two ways.

The tree is Django's sdist (the `django` package with its tests), downloaded by
scripts/bench_symbols.py's helper into corpora/ (ignored by git). The targets span the
prefilter's range: a function few files name, a class many files name, and a method whose
name is common (every file holding the word is read and judged).

Usage:  python3 scripts/bench_refs.py [--bin target/release/saguaro] [--runs 10]
Needs `rg` on PATH (apt ripgrep).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
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
    worst = {"own process": 0.0, "daemon": 0.0}
    ms = lambda samples: statistics.median(samples) * 1000  # noqa: E731
    with tempfile.TemporaryDirectory() as runtime:
        env = {**os.environ, "XDG_RUNTIME_DIR": runtime}
        daemon = subprocess.Popen([args.bin, "daemon", "--root", "."], cwd=tree, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while subprocess.run([args.bin, "daemon", "--status", "--root", "."], cwd=tree, env=env,
                                 capture_output=True).returncode != 0:
                time.sleep(0.05)

            def side_by_side(label, name, ask, found):
                """rg, the command in its own process, then asked of the daemon (its first
                answer apart); the daemon's output must be the process's own."""
                rg, rg_out = timed(["rg", "-w", name, "."], args.runs, tree)
                own, out = timed(ask + ["--no-daemon"], args.runs, tree)
                first, _ = timed(ask, 1, tree, env)
                warm, warm_out = timed(ask, args.runs, tree, env)
                if warm_out != out:
                    sys.exit(f"{label}: the daemon's answer differs from the process's own")
                ratio_own, ratio_warm = ms(own) / ms(rg), ms(warm) / ms(rg)
                worst["own process"] = max(worst["own process"], ratio_own)
                worst["daemon"] = max(worst["daemon"], ratio_warm)
                print(f"{label:24} rg -w {ms(rg):6.1f} ms ({len(rg_out.splitlines())} lines)  "
                      f"saguaro {ms(own):6.1f} ms ({found(json.loads(out))})  ratio {ratio_own:.1f}x  |  "
                      f"daemon {ms(warm):5.1f} ms, ratio {ratio_warm:.1f}x (its first answer {ms(first):.0f} ms)")

            def references(answer):
                sure = sum(1 for r in answer["references"] if r["confidence"] != "name_match")
                return f"{len(answer['references'])} references, {sure} above name_match"

            for file, symbol in TARGETS:
                side_by_side(f"refs {symbol}", symbol.rsplit(".", 1)[-1],
                             [args.bin, "refs", file, symbol, "--root", ".", "--json"], references)
            with tempfile.TemporaryDirectory() as tmp:
                patch = Path(tmp) / "patch.json"
                patch.write_text(json.dumps(bench_impact.PATCH))
                side_by_side(f"impact {bench_impact.NAME}", bench_impact.NAME,
                             [args.bin, "impact", str(patch), "--root", ".", "--json"],
                             lambda r: f"{sum(len(b['callsites']) for b in r['breaking_changes'])} breaking callsites")
        finally:
            subprocess.run([args.bin, "daemon", "--stop", "--root", "."], cwd=tree, env=env, capture_output=True)
            daemon.wait(timeout=30)
    print(f"bench_refs: django {args.django}: worst saguaro/rg median ratio {worst['own process']:.1f}x in its own "
          f"process, {worst['daemon']:.1f}x asked of the daemon (target: within 3x)")


if __name__ == "__main__":
    main()
