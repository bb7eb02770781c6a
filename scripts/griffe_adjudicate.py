#!/usr/bin/env python3
"""A third judge for griffe_compare's `object_removed` disagreements: pyright.

For each `py` pair of the packages list, saguaro's and griffe's findings are computed with
griffe_compare's own functions. Each `object_removed` that only one side reports is used by
a probe module the way a caller of the OLD version would use it:

    top-level `X` of pkg/sub/mod.py   from pkg.sub.mod import X as _pN; _pN   (`_pN.__call__`
                                      when the old source defines X as a class or function:
                                      a caller calls it, and a value typed `object`, from a
                                      module `__getattr__ -> object`, cannot be called)
    member `C.D.m`                    import pkg.sub.mod
                                      def _probe_N(x: "pkg.sub.mod.C.D") -> None: x.m   (same `.__call__` rule)
    `<module>`                        import pkg.sub.mod

pyright (basic mode, no installed packages: third-party imports stay unresolved) checks the
probe once against the old tree and once against the new one. Only errors on a probe's own
lines count. A probe that errors on the old tree is inconclusive; one that errors on the new
tree only is "removed for the checker", one clean on both is "still there for the checker".
The checker then sides with griffe or saguaro on each disagreement.

Usage:  python3 scripts/griffe_adjudicate.py [--bin target/release/saguaro] [--packages FILE] [--probe]
Needs what griffe_compare needs (griffe, the eval venv for fetch.py) and pyright, which
../shared/eval/checkers.py finds under /tmp/saguaro-eval-node (npm-installs it if absent).
Prints each disagreement with its verdict and pyright's message, then per pair and overall:
how many disagreements the checker sides with saguaro, with griffe, or cannot judge.
"""

import argparse
import ast
import json
import tempfile
from collections import Counter
from pathlib import Path

import griffe_compare as gc   # also puts ../shared/eval on sys.path
import checkers               # ../shared/eval/checkers.py: finds and runs pyright

PROBE = "_adjudicate_probe.py"


def old_is_callable(text: str, obj: str) -> bool:
    """Whether the old source defines `obj` (a dotted path from the module) as a class or a
    function that is not a property: a caller of it calls it."""
    def defs(body):   # definitions of a body, also under top-level `if`/`try` blocks
        for node in body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                yield node
            elif isinstance(node, (ast.If, ast.Try)):
                yield from defs(node.body + node.orelse + getattr(node, "finalbody", []) +
                                [s for h in getattr(node, "handlers", []) for s in h.body])
    try:
        body, node = ast.parse(text).body, None
    except SyntaxError:
        return False
    for part in obj.split("."):
        node = next((n for n in reversed(list(defs(body))) if n.name == part), None)
        if node is None:
            return False
        body = node.body if isinstance(node, ast.ClassDef) else []
    if isinstance(node, ast.ClassDef):
        return True
    return not any("property" in ast.unparse(d) or ast.unparse(d).endswith(("setter", "getter", "deleter"))
                   for d in node.decorator_list)


def probe_source(items, top: str, pkg: str, old: dict) -> tuple[str, dict[int, int]]:
    """The probe module for the disputed items, and its 0-based rows -> item index."""
    lines, rows = [], {}
    for n, (file, obj, _) in enumerate(items):
        module = ".".join([top, *file.removesuffix(".py").split("/")]).removesuffix(".__init__")
        if obj == "<module>":
            uses = [f"import {module}"]
        else:
            call = ".__call__" if old_is_callable(old.get(f"{pkg}/{file}", ""), obj) else ""
            owner, _, attr = obj.rpartition(".")
            uses = ([f"from {module} import {attr} as _p{n}; _p{n}{call}"] if not owner else
                    [f"import {module}", f'def _probe_{n}(x: "{module}.{owner}") -> None: x.{attr}{call}'])
        for use in uses:
            rows[len(lines)] = n
            lines.append(use)
    return "\n".join(lines) + "\n", rows


def pyright_errors(files: dict, search: str, probe: str, rows: dict) -> dict[int, str]:
    """Item index -> pyright's first error message on that item's probe lines."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        gc.write_tree(work, files)
        (work / PROBE).write_text(probe)
        checker = checkers.Pyright(work)   # finds pyright, an empty interpreter, basic mode
        config = {"typeCheckingMode": "basic", "pythonVersion": "3.12",
                  "extraPaths": [] if search == "." else [search]}
        (work / "pyrightconfig.json").write_text(json.dumps(config))
        found = {}
        for d in checker.run([PROBE]):
            if d.path == PROBE and d.start[0] in rows:
                found.setdefault(rows[d.start[0]], f"{d.code}: {d.message.splitlines()[0]}")
        return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(gc.ROOT / "target/release/saguaro"))
    parser.add_argument("--packages", default=str(gc.EVAL / "packages-open.txt"))
    parser.add_argument("--probe", action="store_true", help="print each pair's probe module")
    args = parser.parse_args()
    total = Counter()
    for gp in gc.pairs(args.bin, args.packages):
        # Both sides exactly as griffe_compare aligns and compares them.
        old, new, pkg, search = gp.old, gp.new, gp.pkg, gp.search
        name_versions = gp.label
        top = pkg.split("/")[-1]
        theirs = {t for t in gp.theirs if t[2] == "object_removed"}
        ours = {o for o in gp.ours if o[2] == "object_removed"}
        items = [("griffe", i) for i in sorted(theirs - ours)] + [("saguaro", i) for i in sorted(ours - theirs)]
        pair = Counter()
        if items:
            probe, rows = probe_source([i for _, i in items], top, pkg, old)
            before = pyright_errors(old, search, probe, rows)
            after = pyright_errors(new, search, probe, rows)
            if args.probe:
                print(f"{name_versions}: probe\n    " + probe.rstrip().replace("\n", "\n    "))
            for n, (only, item) in enumerate(items):
                if n in before:
                    side, verdict, message = "inconclusive", "errors on old", before[n]
                else:
                    removed = n in after
                    verdict = "removed for the checker" if removed else "still there for the checker"
                    side = only if removed else ("saguaro" if only == "griffe" else "griffe")
                    message = after.get(n, "")
                pair[side] += 1
                print(f"   {only} only: {item} -> {verdict}; sides with {side}"
                      + (f"  [pyright: {message}]" if message else ""))
        print(f"{name_versions}: disputed={len(items)} sides_with_saguaro={pair['saguaro']} "
              f"sides_with_griffe={pair['griffe']} inconclusive={pair['inconclusive']}")
        total.update(pair, disputed=len(items))
    print(f"griffe_adjudicate: disputed={total['disputed']} sides_with_saguaro={total['saguaro']} "
          f"sides_with_griffe={total['griffe']} inconclusive={total['inconclusive']}")


if __name__ == "__main__":
    main()
