#!/usr/bin/env python3
"""Breakage kinds: saguaro against `griffe check` on real version pairs of Python packages.

For each `py` pair of ../shared/eval/packages-open.txt: the two versions are fetched with
the evaluation's own fetcher (cached under /tmp), committed as two commits of a scratch git
repository for griffe, and, for saguaro, the old tree gets one proposed action per changed
file (`patch` whole_file, `file_delete`, `file_create`) and `saguaro impact` reports what
breaks. Both sides are reduced to (file, object, kind) and compared.

Usage:  python3 scripts/griffe_compare.py [--bin target/release/saguaro] [--packages FILE]
Needs griffe (pip install griffe) and the eval venv's packages (tree-sitter) for fetch.py.
Prints per pair and overall: both, saguaro only, griffe only, agreement = both / union.
"""

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EVAL = ROOT.parent / "shared" / "eval"
sys.path.insert(0, str(EVAL))
import fetch  # noqa: E402

# griffe's messages, as saguaro's kinds.
GRIFFE_KINDS = [
    ("Parameter was removed", "parameter_removed"),
    ("Parameter was added as required", "parameter_added_required"),
    ("Positional parameter was moved", "parameter_moved"),
    ("Parameter kind was changed", "parameter_changed_kind"),
    ("Parameter default was changed", "parameter_default_changed"),
    ("Parameter is now required", "parameter_changed_required"),
    ("Public object was removed", "object_removed"),
    ("Return types are incompatible", "return_type_changed"),
]
ONELINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<object>[^:(]+)(?:\((?P<param>[^)]*)\))?: (?P<message>.*)$")


def git(repo, *args):
    subprocess.run(["git", *args], cwd=repo, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def write_tree(root: Path, files: dict[str, str]):
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def package_dir(files: dict[str, str], name: str) -> tuple[str, str] | None:
    """The importable package's folder and the search path holding it (`None`: the
    distribution's package is not named after it, or it is a single module)."""
    module = name.replace("-", "_").lower()
    for rel in sorted(files, key=len):
        parts = rel.split("/")
        if parts[-1] == "__init__.py" and parts[-2].lower() == module:
            return "/".join(parts[:-1]), "/".join(parts[:-2]) or "."
    return None


def griffe_side(old, new, pkg, search) -> set:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        git(repo, "init", "-q")
        git(repo, "config", "user.email", "x@example.com")
        git(repo, "config", "user.name", "x")
        write_tree(repo, old)
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "old")
        for rel in old:
            if rel not in new:
                (repo / rel).unlink()
        write_tree(repo, new)
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "new")
        out = subprocess.run(
            ["griffe", "check", pkg.split("/")[-1], "-s", search, "-a", "HEAD~1", "-b", "HEAD", "-f", "oneline", "--no-color"],
            cwd=repo, capture_output=True, text=True)
    found = set()
    for line in out.stdout.splitlines() + out.stderr.splitlines():
        m = ONELINE.match(line.strip())
        if not m:
            continue
        kind = next((k for text, k in GRIFFE_KINDS if m["message"].startswith(text)), None)
        if kind:
            found.add((m["file"], m["object"].strip(), kind))
    return found


def saguaro_side(binary, old, new, pkg) -> set:
    actions = []
    for rel in sorted(set(old) | set(new)):
        if not rel.startswith(pkg + "/") or not rel.endswith(".py"):
            continue
        if rel not in new:
            actions.append({"kind": "file_delete", "details": {"path": rel}})
        elif rel not in old:
            actions.append({"kind": "file_create", "details": {"path": rel, "content": new[rel]}})
        elif old[rel] != new[rel]:
            actions.append({"kind": "patch", "details": {"format": "whole_file", "path": rel, "whole_file_content": new[rel]}})
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "tree"
        write_tree(root, old)
        patch = Path(tmp) / "actions.json"
        patch.write_text(json.dumps(actions))
        out = subprocess.run([binary, "impact", str(patch), "--root", str(root), "--json"], capture_output=True, text=True)
    report = json.loads(out.stdout)
    if report.get("type") != "impact_report":
        sys.exit(f"saguaro impact failed: {out.stdout[:500]}")
    found = set()
    # saguaro names each finding as griffe does (`griffe_kind`, griffe's BreakageKind).
    by_griffe_name = {
        "OBJECT_REMOVED": "object_removed",
        "PARAMETER_ADDED_REQUIRED": "parameter_added_required",
        "PARAMETER_REMOVED": "parameter_removed",
        "PARAMETER_MOVED": "parameter_moved",
        "PARAMETER_CHANGED_KIND": "parameter_changed_kind",
        "PARAMETER_CHANGED_DEFAULT": "parameter_default_changed",
        "PARAMETER_CHANGED_REQUIRED": "parameter_changed_required",
        "RETURN_CHANGED_TYPE": "return_type_changed",
    }
    for change in report["breaking_changes"]:
        for finding in change["findings"]:
            for name in finding.get("griffe_kind", []):
                found.add((change["file"], change["symbol"], by_griffe_name[name]))
    return found


def public(item) -> bool:
    """griffe checks the public API only: no part of the file or object path private."""
    file, obj, _ = item
    parts = file.removesuffix(".py").split("/") + obj.split(".")
    return not any(p.startswith("_") and not (p.startswith("__") and p.endswith("__")) for p in parts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    parser.add_argument("--packages", default=str(EVAL / "packages-open.txt"))
    parser.add_argument("--show", type=int, default=5, help="differences to print per pair and side")
    args = parser.parse_args()
    total = Counter()
    kinds_both, kinds_ours, kinds_theirs = Counter(), Counter(), Counter()
    for line in Path(args.packages).read_text().splitlines():
        fields = line.split()
        if not fields or line.startswith("#") or fields[0] != "py":
            continue
        _, registry, name, old_version, new_version = fields
        old = fetch.source_files("py", registry, name, old_version)
        new = fetch.source_files("py", registry, name, new_version)
        found = package_dir(new, name)
        if found is None:
            print(f"{name} {old_version}->{new_version}: skipped (no package folder named after it)")
            continue
        pkg, search = found
        theirs = griffe_side(old, new, pkg, search)
        # griffe names files relative to the search path's parent as given; align on the
        # path inside the package.
        def key(item):
            file, obj, kind = item
            inside = file.split(pkg.split("/")[-1] + "/", 1)[-1]
            return inside, obj, kind
        theirs = {key(t) for t in theirs if public(key(t))}
        # griffe weighs return annotations only where it can tell them apart; saguaro
        # compares every written one: return changes are counted apart, on both sides.
        their_returns = {t for t in theirs if t[2] == "return_type_changed"}
        total.update(griffe_returns=len(their_returns))
        theirs -= their_returns
        ours_all = {key(o) for o in saguaro_side(args.bin, old, new, pkg)}
        # griffe does not weigh return annotations by default: counted apart.
        returns = {o for o in ours_all if o[2] == "return_type_changed"}
        total.update(returns=len(returns), private=len({o for o in ours_all if not public(o)}))
        ours = {o for o in ours_all - returns if public(o)}
        both = ours & theirs
        print(f"{name} {old_version}->{new_version}: both={len(both)} saguaro_only={len(ours - theirs)} griffe_only={len(theirs - ours)}")
        for item in sorted(ours - theirs)[: args.show]:
            print("   saguaro only:", item)
        for item in sorted(theirs - ours)[: args.show]:
            print("   griffe only: ", item)
        total.update(both=len(both), ours=len(ours - theirs), theirs=len(theirs - ours))
        kinds_both.update(k for _, _, k in both)
        kinds_ours.update(k for _, _, k in ours - theirs)
        kinds_theirs.update(k for _, _, k in theirs - ours)
    union = total["both"] + total["ours"] + total["theirs"]
    for kind in sorted(set(kinds_both) | set(kinds_ours) | set(kinds_theirs)):
        print(f"  {kind:28} both={kinds_both[kind]} saguaro_only={kinds_ours[kind]} griffe_only={kinds_theirs[kind]}")
    print(f"(left out of the comparison: return_type_changed, saguaro {total['returns']} and griffe "
          f"{total['griffe_returns']} (griffe weighs only returns it can tell apart), and "
          f"{total['private']} breakages of private objects, which griffe does not check)")
    print(f"griffe_compare: agreement={total['both'] / max(union, 1):.3f} both={total['both']} "
          f"saguaro_only={total['ours']} griffe_only={total['theirs']}")


if __name__ == "__main__":
    main()
