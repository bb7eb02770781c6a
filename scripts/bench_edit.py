#!/usr/bin/env python3
"""Whole-process time of one semantic replace in a 10,000-line Python file, as an agent pays
it: `saguaro replace FILE SYMBOL --with NEW` (parse, resolve, edit, re-parse to verify,
atomic write), the file restored before every run.

Usage:  python3 scripts/bench_edit.py [--bin target/release/saguaro] [--runs 20]
"""

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "corpora"


def big_file(path: Path) -> None:
    """About 10,000 lines: classes of methods and top-level functions, every name unique."""
    out = ['"""A generated module of realistic shape."""', "import math", ""]
    i = 0
    while len(out) < 10_000:
        out += [
            "",
            f"class Service{i}:",
            f'    """Service number {i}."""',
            "",
            "    def __init__(self, rate: float = 1.0) -> None:",
            "        self.rate = rate",
            "        self.calls = 0",
            "",
            "    @property",
            "    def load(self) -> float:",
            "        return self.calls * self.rate",
            "",
            f"    def handle(self, request: dict) -> dict:",
            "        self.calls += 1",
            "        total = sum(math.sqrt(abs(v)) for v in request.values())",
            "        return {'total': total, 'calls': self.calls}",
            "",
            "",
            f"def helper_{i}(values: list[float]) -> float:",
            '    """Mean of the values."""',
            "    if not values:",
            "        return 0.0",
            "    return sum(values) / len(values)",
            "",
        ]
        i += 1
    path.write_text("\n".join(out) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    if args.bin == str(ROOT / "target/release/saguaro"):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    CORPORA.mkdir(exist_ok=True)
    pristine = CORPORA / "edit-10k.orig.py"
    big_file(pristine)
    target = CORPORA / "edit-10k.py"
    new = CORPORA / "edit-new.py"
    new.write_text("def handle(self, request: dict) -> dict:\n    self.calls += 2\n    return dict(request)\n")
    lines = pristine.read_text().count("\n")
    middle = lines // 24 // 2  # a class in the middle of the file
    samples = []
    for _ in range(args.runs):
        shutil.copyfile(pristine, target)
        start = time.perf_counter()
        done = subprocess.run([args.bin, "replace", str(target), f"Service{middle}.handle", "--with", str(new)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        samples.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"replace failed: {done.stderr}")
    samples.sort()
    print(f"replace in a {lines}-line file: min={samples[0] * 1000:.1f}ms "
          f"median={statistics.median(samples) * 1000:.1f}ms runs={len(samples)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
