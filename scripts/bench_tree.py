#!/usr/bin/env python3
"""Whole-process time of `saguaro refs FILE SYMBOL` on any tree, for one or more builds,
side by side with `rg -w NAME` on the same tree, in one run (median of --runs; each run
is a fresh process with --no-daemon, so every file that names the symbol is parsed).

Made to compare two builds on the trees a corpus holds (`refs.py build` writes them under
DIR/trees/), where a change costs time only on some files: a second parse of TypeScript
that the grammar rejects (src/symbols/grammar_gaps.rs), the blanket impls looked up for a
Rust method a type lacks.

Usage:  python3 scripts/bench_tree.py --tree DIR --file F --symbol S --bin A [--bin B] [--runs 7]
Needs `rg` on PATH (apt ripgrep).
"""

import argparse
import shutil
import statistics
import subprocess
import sys
import time


def timed(command: list[str], cwd: str) -> float:
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - started


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tree", required=True)
    p.add_argument("--file", required=True)
    p.add_argument("--symbol", required=True)
    p.add_argument("--bin", action="append", required=True, help="a saguaro executable (repeat to compare)")
    p.add_argument("--runs", type=int, default=7)
    args = p.parse_args()
    if shutil.which("rg") is None:
        sys.exit("rg is not on PATH (apt install ripgrep)")
    name = args.symbol.replace("::", ".").rsplit(".", 1)[-1]
    commands = {b: [b, "refs", args.file, args.symbol, "--root", ".", "--no-daemon"] for b in args.bin}
    commands[f"rg -w {name}"] = ["rg", "-w", name, "."]
    times: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(args.runs):
        for label, command in commands.items():  # interleaved: the machine's drift hits all alike
            times[label].append(timed(command, args.tree))
    for label, ts in times.items():
        print(f"{statistics.median(ts) * 1000:8.0f} ms  {label}")


if __name__ == "__main__":
    main()
