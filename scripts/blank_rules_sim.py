#!/usr/bin/env python3
"""How often each way of reading a marked hunk's missing blank line is right, at scale.

The text-patch evaluation drops (or adds) one blank context line of a hunk; where that
line stood next to added lines, the engine must say where the file's blank line goes, or
refuse. This script makes every such case it can from real version pairs — each difflib
hunk (3 lines of context, as the evaluation makes them) of each changed source file, each
inner blank context line of it next to an added or removed line, dropped, and separately a
blank context line added before each inner context line — writes it as a unified diff,
applies it with the engine, and compares with the real new text.

    python3 scripts/blank_rules_sim.py --bin target/release/saguaro --lists L1 [L2 ...] [--max-cases 4000]

It prints, per kind of perturbation: cases, correct, refused, wrong (the wrong ones listed).
The same figures for a build without one of the layout rules tell what that rule decides.
"""

import argparse
import difflib
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval"
sys.path.insert(0, str(EVAL))
import fetch  # noqa: E402
import textpatch  # noqa: E402


def pairs(lists):
    for path in lists:
        for line in Path(path).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                lang, registry, name, old, new = line.split()
                yield lang, registry, name, old, new


def cases(lang, registry, name, old, new):
    try:
        before = fetch.source_files(lang, registry, name, old)
        after = fetch.source_files(lang, registry, name, new)
    except Exception as e:  # a pair that cannot be fetched is skipped
        print(f"skipped {name}: {e}", file=sys.stderr)
        return
    for path in sorted(set(before) & set(after)):
        a, b = before[path].split("\n"), after[path].split("\n")
        if a == b or not before[path].endswith("\n"):
            continue
        a, b = a[:-1], b[:-1]
        for hunk in textpatch.hunks(a, b):
            lines = hunk.lines
            expected = textpatch.splice(a, [hunk])
            for i, ln in enumerate(lines):
                inner = 0 < i < len(lines) - 1
                near_change = any(x.tag != " " for x in lines[max(0, i - 1): i + 2])
                if not (inner and near_change and ln.tag == " "):
                    continue
                if not ln.old.strip():
                    dropped = lines[:i] + lines[i + 1:]
                    yield "dropped", path, a, expected, hunk.old_start, dropped
                else:
                    added = lines[:i] + [textpatch.Line(" ", "", "")] + lines[i:]
                    yield "added", path, a, expected, hunk.old_start, added


def unified(path, start, lines):
    body = [ln.tag + (ln.new if ln.tag == "+" else ln.old) for ln in lines]
    old_len = sum(x[0] in " -" for x in body)
    new_len = sum(x[0] in " +" for x in body)
    return f"--- a/{path}\n+++ b/{path}\n@@ -{start + 1},{old_len} +{start + 1},{new_len} @@\n" + "".join(x + "\n" for x in body)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--lists", nargs="+", required=True)
    ap.add_argument("--max-cases", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    everything = [c for p in pairs(args.lists) for c in cases(*p)]
    random.Random(args.seed).shuffle(everything)
    tally = {}
    wrong = []
    for kind, path, old, expected, start, lines in everything[: args.max_cases]:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text("".join(x + "\n" for x in old))
            (root / "p.diff").write_text(unified(path, start, lines))
            done = subprocess.run([args.bin, "apply", "--root", str(root), "--json", str(root / "p.diff")],
                                  capture_output=True, text=True)
            result = (root / path).read_text()
        t = tally.setdefault(kind, {"cases": 0, "correct": 0, "refused": 0, "wrong": 0})
        t["cases"] += 1
        if done.returncode != 0:
            t["refused"] += 1
        elif result == expected:
            t["correct"] += 1
        else:
            t["wrong"] += 1
            wrong.append((kind, path, unified(path, start, lines)))
    for kind, t in sorted(tally.items()):
        print(f"{kind:8} cases={t['cases']} correct={t['correct']} refused={t['refused']} wrong={t['wrong']}")
    for kind, path, patch in wrong[:20]:
        print(f"--- WRONG ({kind}) {path}\n{patch}")


if __name__ == "__main__":
    main()
