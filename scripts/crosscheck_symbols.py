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

Members are also checked against each language's own view (scripts/own_members.py): Python's
`ast`, the TypeScript compiler (scripts/ts_members.js), and for Rust a tree-sitter walk
written for this check. For each member the view lists, saguaro must list its name path with
a definition on the line of the view's first one; what saguaro lists as a member and the
view does not is `extra`. One line per package and language, then one per language:
    crosscheck members (python ast) click 8.1.8: agree=N disagree=N missing=N agreement=0.xxx extra=N
    crosscheck members (python ast): agree=N disagree=N missing=N agreement=0.xxx extra=N
These are reported, not failed on: a view also counts what saguaro deliberately does not
(see the README's "What counts as a symbol"). The TypeScript view needs Node and
    npm install --prefix target/tscheck typescript@5

Usage (the eval venv gives tree-sitter; downloads are cached in /tmp/saguaro-eval-cache):
    /tmp/saguaro-eval-venv/bin/python scripts/crosscheck_symbols.py --bin target/release/saguaro \
        [--packages ../shared/eval/packages-open.txt] [--show 20] [--typescript DIR]
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

import own_members  # noqa: E402  (each language's own view of members)

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

# The language views, and the kinds of saguaro symbols each view covers: one of these the
# view does not list is an `extra`. (Python's view is of classes; module variables are the
# harness check's.)
VIEWS = {"py": "python ast", "rs": "rust tree-sitter walk", "ts": "typescript compiler"}
VIEW_KINDS = {
    "py": {"attribute"},
    "rs": {"field", "variant", "constant", "static", "type"},
    "ts": {"field", "property", "enum_member", "constant", "variable"},
}
ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--packages", default=str(EVAL / "packages-open.txt"))
    ap.add_argument("--show", type=int, default=20, help="disagreements to print, per check")
    ap.add_argument("--typescript", default=str(ROOT / "target/tscheck/node_modules/typescript"),
                    help="the `typescript` package the TypeScript view runs")
    args = ap.parse_args()
    if "/" in args.bin:
        args.bin = str(Path(args.bin).resolve())   # saguaro runs inside the unpacked package

    agree = disagree = missing = files = 0
    members = {"agree": 0, "disagree": 0, "missing": 0, "kind": 0, "shared": 0}
    show = printer(args.show)
    own_totals = {lang: view_counts() for lang in VIEWS}
    own_show = {lang: printer(args.show) for lang in VIEWS}

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
            views = own_view(lang, Path(tmp), sources, args.typescript)
        package = view_counts()
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
            if views is not None:
                check_own_view(lang, f"{name}:{rel}", views.get(rel, []), ours.get(rel, []), package, own_show[lang])
        if views is not None:
            print(f"crosscheck members ({VIEWS[lang]}) {name} {old}: {view_summary(package)}")
            for k, v in package.items():
                own_totals[lang][k] += v
    if any(members.values()):
        print("crosscheck members: " + " ".join(f"{k}={v}" for k, v in members.items()))
    for lang, counts in own_totals.items():
        if any(counts.values()):
            print(f"crosscheck members ({VIEWS[lang]}): {view_summary(counts)}")
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


def printer(limit: int):
    """A print that stops after `limit` messages, so one noisy check cannot bury another."""
    shown = 0

    def show(message: str) -> None:
        nonlocal shown
        if shown < limit:
            shown += 1
            print(message)
    return show


def view_counts() -> dict:
    return {"agree": 0, "disagree": 0, "missing": 0, "extra": 0}


def view_summary(counts: dict) -> str:
    """`agreement` is over the members both sides should list: what the view lists.
    `extra` (saguaro lists it, the view does not) is not part of it."""
    listed = counts["agree"] + counts["disagree"] + counts["missing"]
    agreement = f"{counts['agree'] / listed:.3f}" if listed else "n/a"
    return (f"agree={counts['agree']} disagree={counts['disagree']} missing={counts['missing']} "
            f"agreement={agreement} extra={counts['extra']}")


def own_view(lang: str, root: Path, sources: dict, typescript: str) -> dict | None:
    """{file: the language's own members}, or None when the view cannot run here (no
    TypeScript installed: the other checks still do)."""
    if lang == "py":
        return {rel: own_members.python_members(text) for rel, text in sources.items()}
    if lang == "rs":
        return {rel: own_members.rust_members(text) for rel, text in sources.items()}
    if not Path(typescript).is_dir():
        print(f"crosscheck: no TypeScript at {typescript}; the typescript compiler view is skipped")
        return None
    return own_members.typescript_members(root, sorted(sources), Path(typescript))


def check_own_view(lang: str, where: str, view: list, symbols: list, totals: dict, show) -> None:
    """One file's members as the language sees them, against saguaro's symbols. A path the
    view lists several times (a `#[cfg]` pair, a merged interface) is compared at its first
    definition, which the view lists first; saguaro agrees when one of its definitions of
    the path is named on that line (a `const f = () => ...` is a saguaro `function`, a
    class field holding one a `method`, so any kind will do)."""
    by_path = {}
    for s in symbols:
        by_path.setdefault(s["path"], []).append(s)
    first = {}
    for m in view:
        first.setdefault(m.path, m)
    for m in first.values():
        mine = by_path.get(m.path, [])
        if not mine:
            totals["missing"] += 1
            show(f"{where}:{m.line}: {m.kind} {m.path}: saguaro lists none")
        elif any(s["name_line"] == m.line for s in mine):
            totals["agree"] += 1
        else:
            totals["disagree"] += 1
            said = ", ".join(f"{s['kind']} at {s['name_line']}" for s in mine)
            show(f"{where}:{m.line}: {m.kind} {m.path}: saguaro {said}")
    for s in symbols:
        if s["kind"] in VIEW_KINDS[lang] and s["path"] not in first:
            totals["extra"] += 1
            show(f"{where}:{s['name_line']}: saguaro {s['kind']} {s['path']}: {VIEWS[lang]} lists none")


if __name__ == "__main__":
    sys.exit(main())
