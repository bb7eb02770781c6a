#!/usr/bin/env python3
"""Cross-checks `saguaro symbols --json` against the evaluation harness's own, independent
symbol extents (../shared/eval/symbols.py) on the sources of real published packages.

For every symbol the harness would use as a target (kind not "other", extent clean, path
defined once), saguaro must list the same name path with the same first and last line.
Members are checked the same way against the harness's members (../shared/eval/refs.py
`members`, its own tree-sitter walk), in all three languages: Python module, class and
instance attributes (dataclass fields and enum members among them); Rust fields, variants,
fields of struct-like variants, `const`, `static` and `type` items; TypeScript module
values, class fields (parameter properties too), enum members and the properties of
interfaces and object type aliases — each whose path the file defines once. Disagreements
are printed, then one summary line per check:
    crosscheck members: agree=N disagree=N missing=N kind=N shared=N
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

# The harness's member kinds, and the kinds saguaro gives them (several where saguaro's
# kind says less: a Python class-level `field` or `enum_member` is an `attribute`; a module
# constant is a `variable`; a Rust `static` is a `static`, a `type` a `type`).
# The kinds of saguaro's members (src/symbols: MEMBER_KINDS).
SAGUARO_MEMBERS = ("field", "variant", "enum_member", "property", "attribute")

KINDS = {
    "py": {"variable": {"variable"}, "constant": {"variable"}, "attribute": {"attribute"},
           "field": {"attribute"}, "enum_member": {"attribute"}},
    "rs": {"field": {"field"}, "variant": {"variant"}, "constant": {"constant"},
           "variable": {"static"}, "type_alias": {"type"}},
    "ts": {"constant": {"constant"}, "variable": {"variable"}, "field": {"field", "method"},
           "enum_member": {"enum_member"}, "property": {"property"}},
}


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
                # A member beside a definition of its name (a Rust field `port` and `fn
                # port`) is the member check's: here the definition is compared.
                mine = [m for m in by_path.get(s.path, []) if m["kind"] not in SAGUARO_MEMBERS]
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
            check_members(name, lang, rel, text, by_path, members, show)
    if any(members.values()):
        print("crosscheck members: " + " ".join(f"{k}={v}" for k, v in members.items()))
    print(f"crosscheck: agree={agree} disagree={disagree} missing={missing} files={files}")
    failed = disagree or missing or members["disagree"] or members["missing"] or members["kind"]
    return 1 if failed else 0


def check_members(name: str, lang: str, rel: str, text: str, by_path: dict, totals: dict, show) -> None:
    """The members of one file: the harness's against saguaro's symbols, by name path and
    lines. A path the harness or saguaro defines more than once in the file (overloads, a
    getter named like a field, a value redeclared) is left out, and so is what the harness
    leaves out on the file's own evidence (`excluded`: bound more than once)."""
    found = refs.members(text, lang, rel)
    counts = {}
    for m in found:
        counts[m.path] = counts.get(m.path, 0) + 1
    for m in found:
        if m.kind not in KINDS[lang] or counts[m.path] > 1 or m.excluded:
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
        elif s["kind"] not in KINDS[lang][m.kind]:
            totals["kind"] += 1
            show(f"{name}:{rel}: {m.path}: harness {m.kind}, saguaro {s['kind']}")
        else:
            totals["agree"] += 1


if __name__ == "__main__":
    sys.exit(main())
