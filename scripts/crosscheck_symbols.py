#!/usr/bin/env python3
"""Cross-checks `saguaro symbols --json` against the evaluation harness's own, independent
symbol extents (../shared/eval/symbols.py) on the sources of real published packages.

For every symbol the harness would use as a target (kind not "other", extent clean, path
defined once), saguaro must list the same name path with the same first and last line.
TypeScript values and fields are checked the same way against the harness's members
(../shared/eval/refs.py `members`): every module or namespace `const` / `let` / `var`
(kinds constant, variable) and every class field, parameter properties included (kind
field), whose path the file defines once. Disagreements are printed, then one summary line
per check:
    crosscheck members: agree=N disagree=N missing=N kind=N shared=N   (TypeScript only)
    crosscheck: agree=N disagree=N missing=N files=N
`kind` counts members listed at the right lines under another kind than expected (a field
holding a function is a saguaro `method`, so that one is not counted); `shared` those whose
path saguaro gives another definition too (`type X` beside `const X`: `X#1`, `X#2`).

Usage (the eval venv gives tree-sitter; downloads are cached in /tmp/saguaro-eval-cache):
    /tmp/saguaro-eval-venv/bin/python scripts/crosscheck_symbols.py --bin target/release/saguaro \
        [--packages ../shared/eval/packages-open.txt] [--show 20]
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

EVAL = Path(__file__).resolve().parent.parent.parent / "shared" / "eval"
sys.path.insert(0, str(EVAL))

import fetch  # noqa: E402  (the harness's downloader)
import refs  # noqa: E402  (the harness's members)
import symbols as harness  # noqa: E402  (the harness's extents)

# The member kinds saguaro indexes as symbols (TypeScript): values and class fields.
MEMBER_KINDS = ("constant", "variable", "field")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--packages", default=str(EVAL / "packages-open.txt"))
    ap.add_argument("--show", type=int, default=20, help="disagreements to print")
    args = ap.parse_args()

    agree = disagree = missing = files = 0
    members = {"agree": 0, "disagree": 0, "missing": 0, "kind": 0, "shared": 0}
    shown = 0

    def show(message: str) -> None:
        nonlocal shown
        if shown < args.show:
            shown += 1
            print(message)

    for line in Path(args.packages).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        lang, registry, name, old, _new = line.split()
        sources = fetch.source_files(lang, registry, name, old)
        with tempfile.TemporaryDirectory() as tmp:
            for rel, text in sources.items():
                dest = Path(tmp) / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_text(text)
            out = subprocess.run([args.bin, "symbols", "--json", "."], cwd=tmp, capture_output=True, text=True)
            report = json.loads(out.stdout)
        ours = {f["path"]: f["symbols"] for f in report["files"]}
        for rel, text in sources.items():
            if harness.has_errors(text, lang, rel):
                continue
            files += 1
            theirs = harness.parse(text, lang, rel)
            counts = {}
            for s in theirs:
                counts[s.path] = counts.get(s.path, 0) + 1
            by_path = {}
            for s in ours.get(rel, []):
                by_path.setdefault(s["path"], []).append(s)
            for s in theirs:
                if s.kind == "other" or not s.clean or counts[s.path] > 1:
                    continue
                mine = by_path.get(s.path, [])
                if len(mine) != 1:
                    missing += 1
                    show(f"{name}:{rel}: {s.path} (lines {s.first + 1}-{s.last + 1}): saguaro lists {len(mine)}")
                    continue
                m = mine[0]
                if (m["start_line"], m["end_line"]) == (s.first + 1, s.last + 1):
                    agree += 1
                else:
                    disagree += 1
                    show(f"{name}:{rel}: {s.path}: harness {s.first + 1}-{s.last + 1}, "
                         f"saguaro {m['start_line']}-{m['end_line']}")
            if lang == "ts":
                check_members(name, rel, text, by_path, members, show)
    if any(members.values()):
        print("crosscheck members: " + " ".join(f"{k}={v}" for k, v in members.items()))
    print(f"crosscheck: agree={agree} disagree={disagree} missing={missing} files={files}")
    failed = disagree or missing or members["disagree"] or members["missing"] or members["kind"]
    return 1 if failed else 0


def check_members(name: str, rel: str, text: str, by_path: dict, totals: dict, show) -> None:
    """Values and class fields of one TypeScript file: the harness's members against saguaro's
    symbols, by name path and lines. A path the harness or saguaro defines more than once in
    the file (overloads, a getter named like a field, a value redeclared) is left out."""
    found = refs.members(text, "ts", rel)
    counts = {}
    for m in found:
        counts[m.path] = counts.get(m.path, 0) + 1
    for m in found:
        if m.kind not in MEMBER_KINDS or counts[m.path] > 1 or m.excluded:
            continue
        mine = by_path.get(m.path, [])
        if len(mine) > 1:
            # Another definition shares the path (`export type X = ...` beside `export const
            # X = ...`): addressed as `X#N`, not compared.
            totals["shared"] += 1
            continue
        if not mine:
            totals["missing"] += 1
            show(f"{name}:{rel}: {m.kind} {m.path} (lines {m.first + 1}-{m.last + 1}): saguaro lists none")
            continue
        s = mine[0]
        if (s["start_line"], s["end_line"]) != (m.first + 1, m.last + 1):
            totals["disagree"] += 1
            show(f"{name}:{rel}: {m.kind} {m.path}: harness {m.first + 1}-{m.last + 1}, "
                 f"saguaro {s['start_line']}-{s['end_line']} ({s['kind']})")
        elif s["kind"] != m.kind and not (m.kind == "field" and s["kind"] == "method"):
            totals["kind"] += 1
            show(f"{name}:{rel}: {m.path}: harness {m.kind}, saguaro {s['kind']}")
        else:
            totals["agree"] += 1


if __name__ == "__main__":
    sys.exit(main())
