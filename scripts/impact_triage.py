#!/usr/bin/env python3
"""Sorts an impact evaluation's misses and false positives by case, with the source line and
saguaro's own reason, so that each can be traced to a rule.

For every case of a corpus built by ../shared/eval/impact.py (or refs.py, with --refs) it
runs saguaro once and prints, per case with a confident false positive or a miss:
    FN path:line  <source line>             (expected, not reported above name_match)
    FP path:line  <confidence> <reason>     (reported above name_match, not expected)
    nm path:line  <reason>                  (expected, reported only as a name match)

Usage:
    python3 scripts/impact_triage.py --bin target/release/saguaro --corpus /tmp/saguaro-impact-open \
        [--only lang=rs] [--only mutation=add_param] [--refs] [--limit 40]
"""

import argparse
import json
import shutil
import subprocess
import tempfile
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--refs", action="store_true", help="a refs.py corpus: run `saguaro refs`")
    ap.add_argument("--limit", type=int, default=1000)
    args = ap.parse_args()
    args.bin = str(Path(args.bin).resolve())
    corpus = Path(args.corpus)
    filters = [f.split("=", 1) for f in args.only]
    shown = 0
    totals = {"fn": 0, "fp": 0, "nm": 0}
    for case_dir in sorted((corpus / "cases").iterdir()):
        case = json.loads((case_dir / "case.json").read_text())
        if any(str(case.get(k)) not in v.split(",") for k, v in filters):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "root"
            shutil.copytree(corpus / "trees" / case["tree"], root)
            if args.refs:
                cmd = [args.bin, "refs", case["file"], case["symbol"], "--root", str(root), "--json"]
            else:
                cmd = [args.bin, "impact", "--root", str(root), "--json", str(case_dir / case["patch"])]
            out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=120)
            try:
                answer = json.loads(out.stdout)
            except ValueError:
                print(f"== {case['id']} {case['symbol']}: no answer: {out.stderr[-300:]}")
                continue
            sites = {}
            if args.refs:
                for r in answer.get("references", []):
                    sites[(r["path"], r["line"])] = (r["confidence"], f"{r['kind']}: {r['reason']}")
                first, last = case["definition_lines"]
                own = case["file"]
            else:
                for change in answer.get("breaking_changes", []):
                    for c in change.get("callsites", []):
                        sites[(c["path"], c["line"])] = (c["confidence"], c["reason"])
                first, last = case["definition_lines"]
                own = case["target_file"]
            expected = set()
            for e in case["expected"]:
                p, _, l = e.rpartition(":")
                expected.add((p, int(l)))
            neutral = set(case.get("neutral", ()))
            def scored(w):
                return not (w[0] == own and first <= w[1] <= last) and f"{w[0]}:{w[1]}" not in neutral \
                    and not any(w[0].startswith(u) for u in case.get("unchecked", ()))
            confident = {w for w, (c, _) in sites.items() if c != "name_match" and scored(w)}
            every = {w for w in sites if scored(w)}
            fn = sorted(expected - confident)
            fp = sorted(confident - expected)
            if not fn and not fp:
                continue
            shown += 1
            if shown > args.limit:
                continue
            print(f"== {case['id']} {case.get('mutation', case.get('stratum'))} {case['symbol']} ({own})")
            for w in fn:
                line = (root / w[0]).read_text(errors="replace").split("\n")[w[1] - 1].strip()[:110]
                tag = "nm" if w in every else "FN"
                totals[tag.lower()] += 1
                why = sites[w][1][:80] if w in sites else ""
                print(f"  {tag} {w[0]}:{w[1]}  {line}  {('<- ' + why) if why else ''}")
            for w in fp:
                totals["fp"] += 1
                line = (root / w[0]).read_text(errors="replace").split("\n")[w[1] - 1].strip()[:80]
                print(f"  FP {w[0]}:{w[1]}  {sites[w][0]}  {line}  <- {sites[w][1][:80]}")
    print(f"cases with a difference: {shown}; misses {totals['fn']}, name-only {totals['nm']}, false positives {totals['fp']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
