#!/usr/bin/env python3
"""Whole-process time of `saguaro rename` across Django's package, side by side with a
textual rename (`rg -l -w NAME | xargs sed -i`, the anchor: the floor of any rename that
reads the tree, and wrong wherever the word means something else), in one run.

Each run renames a method with many references and renames it back, on a copy of the
tree; the copy must come back byte for byte (checked at the end). The targets are methods
of Django's test case class with 276 and 892 references. Issue 17's bar: under 1 s on
2 cores.

Usage:  python3 scripts/bench_rename.py [--bin target/release/saguaro] [--runs 5]
Needs `rg` on PATH (apt ripgrep).
"""

import argparse
import hashlib
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

TARGETS = [
    ("django/test/testcases.py", "SimpleTestCase", "assertRedirects", "assertRedirectsTo"),
    ("django/test/testcases.py", "SimpleTestCase", "assertContains", "assertHasText"),
]


def tree_digest(tree: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(tree.rglob("*.py")):
        digest.update(str(path.relative_to(tree)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def run(cmd, cwd, shell=False):
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, shell=shell, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{cmd if shell else ' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed, done.stdout


def saguaro_rename(binary, tree, file, symbol, new):
    elapsed, out = run([binary, "rename", file, symbol, new, "--root", ".", "--json"], tree)
    answer = json.loads(out)
    if answer.get("status") != "applied":
        sys.exit(f"saguaro rename {symbol} -> {new}: {answer.get('status')}: {answer.get('errors')}")
    return elapsed, len(answer.get("references", [])), len(answer["files"])


def textual_rename(tree, old, new):
    # What a whole-word replace over the tree costs (rg finds the files, sed rewrites them).
    script = f"rg -l -0 -w {old} -t py . | xargs -0 sed -i 's/\\b{old}\\b/{new}/g'"
    elapsed, _ = run(script, tree, shell=True)
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--django", default="5.1.4")
    args = parser.parse_args()
    if shutil.which("rg") is None:
        sys.exit("rg is not on PATH: install ripgrep (apt install ripgrep)")
    source = bench_symbols.django(args.django)
    files = list(source.rglob("*.py"))
    print(f"tree: {source} ({len(files)} Python files)")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "django"
        shutil.copytree(source, tree)
        before = tree_digest(tree)
        for file, owner, name, new in TARGETS:
            forward, back, textual = [], [], []
            for _ in range(args.runs):
                t, refs, touched = saguaro_rename(args.bin, tree, file, f"{owner}.{name}", new)
                forward.append(t)
                t, _, _ = saguaro_rename(args.bin, tree, file, f"{owner}.{new}", name)
                back.append(t)
                textual.append(textual_rename(tree, name, new))
                textual_rename(tree, new, name)
            median = statistics.median(forward + back)
            worst = max(worst, median)
            print(
                f"{owner}.{name:18} saguaro rename {median * 1000:6.0f} ms "
                f"({refs} references in {touched} files; there {statistics.median(forward) * 1000:.0f} ms, "
                f"back {statistics.median(back) * 1000:.0f} ms)  textual {statistics.median(textual) * 1000:5.0f} ms"
            )
        after = tree_digest(tree)
        if after != before:
            sys.exit("bench_rename: the tree did not come back byte for byte after renaming back")
    print(f"bench_rename: django {args.django}: worst median {worst * 1000:.0f} ms (target: under 1000 ms); "
          "every rename undone byte for byte")


if __name__ == "__main__":
    main()
