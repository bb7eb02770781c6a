#!/usr/bin/env python3
"""Cross-checks `saguaro symbols --json` against the evaluation harness's own, independent
symbol extents (../shared/eval/symbols.py) on the sources of real published packages.

For every symbol the harness would use as a target (kind not "other", extent clean, path
defined once), saguaro must list the same name path with the same first and last line.
Disagreements are printed, then one summary line:
    crosscheck: agree=N disagree=N missing=N files=N

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
import symbols as harness  # noqa: E402  (the harness's extents)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--packages", default=str(EVAL / "packages-open.txt"))
    ap.add_argument("--show", type=int, default=20, help="disagreements to print")
    args = ap.parse_args()

    agree = disagree = missing = files = 0
    shown = 0
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
                    if shown < args.show:
                        shown += 1
                        print(f"{name}:{rel}: {s.path} (lines {s.first + 1}-{s.last + 1}): saguaro lists {len(mine)}")
                    continue
                m = mine[0]
                if (m["start_line"], m["end_line"]) == (s.first + 1, s.last + 1):
                    agree += 1
                else:
                    disagree += 1
                    if shown < args.show:
                        shown += 1
                        print(f"{name}:{rel}: {s.path}: harness {s.first + 1}-{s.last + 1}, "
                              f"saguaro {m['start_line']}-{m['end_line']}")
    print(f"crosscheck: agree={agree} disagree={disagree} missing={missing} files={files}")
    return 0 if disagree == 0 and missing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
