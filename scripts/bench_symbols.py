#!/usr/bin/env python3
"""Whole-process timing of `saguaro symbols --json`, as a user or an agent pays it.

1. A 10,000-line Python file (the Python fixture repeated), written to corpora/.
2. A real package tree: the Django sdist from PyPI, downloaded with pip into corpora/
   (ignored by git; nothing downloaded is committed).

Usage:  python3 scripts/bench_symbols.py [--bin target/release/saguaro] [--runs 30] [--django 5.1.4]
Prints min / median / p90 wall time per input, then one summary line per input.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "corpora"


def timed(cmd: list[str], runs: int) -> tuple[list[float], bytes]:
    samples, out = [], b""
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
        if done.returncode not in (0,):
            sys.exit(f"{' '.join(cmd)} exited {done.returncode}")
        out = done.stdout
    return sorted(samples), out


def describe(label: str, samples: list[float], report: dict, lines: int) -> None:
    files = len(report["files"])
    symbols = sum(len(f["symbols"]) for f in report["files"])
    p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
    print(f"{label}: files={files} lines={lines} symbols={symbols} "
          f"min={samples[0] * 1000:.1f}ms median={statistics.median(samples) * 1000:.1f}ms "
          f"p90={p90 * 1000:.1f}ms runs={len(samples)}")


def ten_thousand_lines() -> Path:
    fixture = (ROOT / "fixtures/python/engine.py").read_text()
    copies = -(-10_000 // fixture.count("\n"))
    target = CORPORA / "python-10k.py"
    target.write_text(fixture * copies)
    return target


def django(version: str) -> Path:
    # The sdist unpacks to `Django-X` (older releases) or `django-X`.
    for tree in (CORPORA / f"Django-{version}", CORPORA / f"django-{version}"):
        if (tree / ".complete").exists():
            return tree
    downloads = CORPORA / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                    f"django=={version}", "-d", str(downloads)], check=True)
    archive = next(p for p in downloads.iterdir() if p.name.lower().startswith(f"django-{version}"))
    with tarfile.open(archive) as tar:
        top = tar.getnames()[0].split("/")[0]
        tar.extractall(CORPORA, filter="data")
    tree = CORPORA / top
    (tree / ".complete").touch()
    return tree


def count_lines(path: Path) -> int:
    files = [path] if path.is_file() else path.rglob("*.py")
    return sum(p.read_bytes().count(b"\n") for p in files)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--django", default="5.1.4")
    args = ap.parse_args()
    if args.bin == str(ROOT / "target/release/saguaro"):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    CORPORA.mkdir(exist_ok=True)

    big = ten_thousand_lines()
    samples, out = timed([args.bin, "symbols", "--json", str(big)], args.runs)
    describe("python-10k", samples, json.loads(out), count_lines(big))

    tree = django(args.django) / "django"
    samples, out = timed([args.bin, "symbols", "--json", str(tree)], max(3, args.runs // 6))
    describe(f"django-{args.django}", samples, json.loads(out), count_lines(tree))
    return 0


if __name__ == "__main__":
    sys.exit(main())
