#!/usr/bin/env python3
"""Sort a text-patch evaluation run's failures and show each one.

Reads the results JSON of ../shared/eval/run.py, re-runs every case that is not `correct` /
`correct_reject` (or only the classes given with --class) with the binary, and prints the
case, the engine's first error, and a diff between the expected file and what the engine
wrote. A per-perturbation table of text formats (the figures issue 12 asks for) is printed
first.

    python3 scripts/textpatch_triage.py --results res.json --corpus /tmp/saguaro-eval-a \
        --bin target/release/saguaro [--class wrong,rejected] [--limit 20] [--table-only]
"""

import argparse
import difflib
import json
import shutil
import subprocess
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

TEXT_FORMATS = {"applydiff", "search-replace", "unified", "codex"}


def snapshot(root: Path) -> dict:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def table(records: list) -> None:
    """Correct share per perturbation over the text formats, and refusals by code."""
    rows = defaultdict(Counter)
    for r in records:
        if r["format"] in TEXT_FORMATS and r["positive"]:
            rows[r["perturbation"]][r["class"]] += 1
        if not r["positive"]:
            rows["refusal:" + r["expected_error"]][r["class"]] += 1
    print(f"{'perturbation':28} {'n':>5} {'correct':>8} {'wrong':>6} {'rejected':>8}")
    for key in sorted(rows):
        c = rows[key]
        n = sum(c.values())
        ok = c["correct"] + c["correct_reject"]
        print(f"{key:28} {n:5} {100 * ok / n:7.1f}% {c['wrong']:6} {c['rejected'] + c['wrong_reject_code']:8}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--bin")
    ap.add_argument("--class", dest="classes", default="wrong,rejected,wrong_reject_code,crash,correct_modulo_ws")
    ap.add_argument("--limit", type=int, default=1000)
    ap.add_argument("--table-only", action="store_true")
    args = ap.parse_args()
    records = json.loads(Path(args.results).read_text())["cases"]
    table(records)
    if args.table_only or not args.bin:
        return
    wanted = set(args.classes.split(","))
    shown = 0
    for r in records:
        if r["class"] not in wanted or shown >= args.limit:
            continue
        shown += 1
        case_dir = Path(args.corpus) / "cases" / r["id"]
        case = json.loads((case_dir / "case.json").read_text())
        print("=" * 100)
        print(f"{r['id']} {r['kind']} {r['format']} {r['perturbation']} class={r['class']} code={r['error_code']}")
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "root"
            shutil.copytree(case_dir / "before", root)
            done = subprocess.run([args.bin, "apply", "--root", str(root), "--json", str(case_dir / case["patch"])],
                                  capture_output=True, text=True)
            try:
                answer = json.loads(done.stdout)
                for e in answer.get("errors", [])[:2]:
                    print(f"  error {e['code']}: {e['message'][:300]}")
            except ValueError:
                print("  stdout:", done.stdout[:300], done.stderr[-300:])
            after = snapshot(root)
        if case["positive"]:
            expected = snapshot(case_dir / "expected")
            for path in sorted(set(expected) | set(after)):
                a = expected.get(path, b"").decode(errors="replace").splitlines(keepends=True)
                b = after.get(path, b"").decode(errors="replace").splitlines(keepends=True)
                if a != b:
                    print(f"  --- expected {path} / +++ saguaro")
                    for line in list(difflib.unified_diff(a, b, n=2))[2:40]:
                        print("  " + line.rstrip("\n"))
        print("  patch:")
        for line in (case_dir / case["patch"]).read_text().splitlines()[:60]:
            print("  | " + line)


if __name__ == "__main__":
    main()
