#!/usr/bin/env python3
"""Whole-process time of `saguaro impact` for one signature change in a real large tree,
side by side with `rg -w NAME` and `ast-grep run -p 'NAME($$$)'` on the same tree.

The tree is the Django sdist (about 400k lines with its tests), downloaded by
scripts/bench_symbols.py's helper into corpora/ (ignored by git). The change: a required
parameter added to `django.utils.crypto.get_random_string`.

Usage:  python3 scripts/bench_impact.py [--bin target/release/saguaro] [--runs 10]
Needs `rg` and `ast-grep` on PATH (apt ripgrep, pip ast-grep-cli).
"""

import argparse
import json
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

NAME = "get_random_string"
TARGET = "django/utils/crypto.py"
PATCH = {
    "type": "patch",
    "target_file": TARGET,
    "operations": [{
        "op": "replace",
        "symbol": NAME,
        "content": "def get_random_string(length, salt, allowed_chars=RANDOM_STRING_CHARS):\n"
                   "    return \"\".join(secrets.choice(allowed_chars) for i in range(length))\n",
    }],
}


def timed(cmd, runs, cwd, env=None):
    samples, out = [], b""
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=cwd, env=env)
        samples.append(time.perf_counter() - start)
        out = done.stdout
    return sorted(samples), out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--django", default="5.1.4")
    args = parser.parse_args()
    tree = bench_symbols.django(args.django)
    lines = sum(1 for p in tree.rglob("*.py") for _ in p.open(errors="replace"))
    with tempfile.TemporaryDirectory() as tmp:
        patch = Path(tmp) / "patch.json"
        patch.write_text(json.dumps(PATCH))
        tools = {
            "saguaro impact": [args.bin, "impact", str(patch), "--root", str(tree), "--json"],
            "rg -w": ["rg", "-w", NAME, "."],
            "ast-grep": ["ast-grep", "run", "--lang", "python", "-p", f"{NAME}($$$)", "."],
        }
        results = {}
        for label, cmd in tools.items():
            if shutil.which(cmd[0]) is None and not Path(cmd[0]).exists():
                print(f"{label}: not installed, skipped")
                continue
            samples, out = timed(cmd, args.runs, tree)
            results[label] = samples
            extra = ""
            if label == "saguaro impact":
                report = json.loads(out)
                calls = sum(len(b["callsites"]) for b in report["breaking_changes"])
                extra = f", {calls} breaking callsites, risk {report['risk_score']}"
            else:
                extra = f", {len(out.splitlines())} lines of output"
            print(f"{label:16} min {samples[0]*1000:7.1f} ms  median {statistics.median(samples)*1000:7.1f} ms{extra}")
        if "saguaro impact" in results and "rg -w" in results:
            ratio = statistics.median(results["saguaro impact"]) / statistics.median(results["rg -w"])
            print(f"bench_impact: django {args.django} ({lines} lines of Python): saguaro/rg median ratio {ratio:.1f}x")


if __name__ == "__main__":
    main()
