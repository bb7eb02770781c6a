#!/usr/bin/env python3
"""Breakage kinds: saguaro against `griffe check` on real version pairs of Python packages.

For each `py` pair of ../shared/eval/packages-open.txt: the two versions are fetched with
the evaluation's own fetcher (cached under /tmp), committed as two commits of a scratch git
repository for griffe; saguaro runs its own public-API check on the same change
(`check --api --staged`). Both sides are reduced to (file, object, kind) and compared on
public objects, with two conventions read alike: a removal counts at every public path
that loses it (griffe lists a subclass that inherited a removed member; saguaro names
those paths in `also_at`), and a module deleted outright is one finding
(`<module>`, as griffe reports it). scripts/griffe_adjudicate.py asks pyright which side
is right where they differ.

Usage:  python3 scripts/griffe_compare.py [--bin target/release/saguaro] [--packages FILE]
Needs griffe (pip install griffe) and the eval venv's packages (tree-sitter) for fetch.py.
Prints per pair and overall: both, saguaro only, griffe only, agreement = both / union.
"""

import argparse
import contextlib
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


@contextlib.contextmanager
def scratch_repo(old, new, commit_new: bool):
    """A scratch git repository: the old version committed, the new one staged over it
    (and committed too when `commit_new`)."""
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
        if commit_new:
            git(repo, "commit", "-qm", "new")
        yield repo


def griffe_side(old, new, pkg, search) -> set:
    with scratch_repo(old, new, commit_new=True) as repo:
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
    """saguaro's public-API check (`check --api`, the peer of `griffe check`) on a scratch
    repository: the old version committed, the new one staged. Each finding counts once per
    griffe kind its breakages have, and once more at each other public path a removed
    definition was reached at (`also_at`: a subclass that inherited it, a package that
    imported it), as griffe lists a removal at every path that loses it."""
    if not any(old.get(rel) != new.get(rel) for rel in set(old) | set(new) if rel.startswith(pkg + "/")):
        # The package's own files did not change (the release changed others).
        return set()
    with scratch_repo(old, new, commit_new=False) as repo:
        out = subprocess.run([binary, "check", "--api", "--staged", "--format", "json", "--allow-level", "major"],
                             cwd=repo, capture_output=True, text=True)
    report = json.loads(out.stdout)
    if report.get("type") != "check_report":
        sys.exit(f"saguaro check --api failed: {out.stdout[:500]}")
    found = set()
    for finding in report["failures"] + report["notes"]:
        if not finding["path"].startswith(pkg + "/"):
            continue
        for name in finding.get("griffe_kind", []):
            kind = BY_GRIFFE_NAME[name]
            found.add((finding["path"], finding["symbol"], kind))
            if kind == "object_removed":
                for also in finding.get("also_at", []):
                    file, symbol = also.split(": ", 1)
                    if file.startswith(pkg + "/") and griffe_public_import(old.get(file, ""), file, symbol):
                        found.add((file, symbol, kind))
    return found


def griffe_public_import(text: str, file: str, name: str) -> bool:
    """griffe's publicity of a name a package imports: an imported object is private unless
    the module's `__all__` lists it (griffe's default; saguaro, like pyright's rule for typed
    libraries, also counts `from .core import X as X`). Other paths are judged as they are."""
    if not file.endswith("__init__.py"):
        return True
    listed = re.search(r"^__all__\s*[:=][^\]\)]*", text, re.M)
    return bool(listed) and re.search(rf"""["']{re.escape(name)}["']""", listed.group(0)) is not None


# griffe's BreakageKind names (saguaro's `griffe_kind`), as this script's kinds.
BY_GRIFFE_NAME = {
    "OBJECT_REMOVED": "object_removed",
    "PARAMETER_ADDED_REQUIRED": "parameter_added_required",
    "PARAMETER_REMOVED": "parameter_removed",
    "PARAMETER_MOVED": "parameter_moved",
    "PARAMETER_CHANGED_KIND": "parameter_changed_kind",
    "PARAMETER_CHANGED_DEFAULT": "parameter_default_changed",
    "PARAMETER_CHANGED_REQUIRED": "parameter_changed_required",
    "RETURN_CHANGED_TYPE": "return_type_changed",
    "OBJECT_CHANGED_KIND": "object_changed_kind",
}


def module_level(items: set, deleted: set) -> set:
    """A module deleted outright is one finding, `<module>`, as griffe reports it; saguaro
    lists each definition the module held. Both sides are read at the module's level."""
    return {(file, "<module>", "object_removed") if file in deleted else (file, obj, kind)
            for file, obj, kind in items}


def public(item) -> bool:
    """griffe checks the public API only: no part of the file or object path private."""
    file, obj, _ = item
    parts = file.removesuffix(".py").split("/") + obj.split(".")
    return not any(p.startswith("_") and not (p.startswith("__") and p.endswith("__")) for p in parts)


class Pair:
    """One release pair, both sides aligned: (file inside the package, object, kind)."""

    def __init__(self, binary, registry, name, old_version, new_version):
        self.label = f"{name} {old_version}->{new_version}"
        self.old = fetch.source_files("py", registry, name, old_version)
        self.new = fetch.source_files("py", registry, name, new_version)
        found = package_dir(self.new, name)
        self.skipped = found is None
        if found is None:
            return
        self.pkg, self.search = found
        top = self.pkg.split("/")[-1]

        # griffe names files relative to the search path's parent as given; align on the
        # path inside the package.
        def key(item):
            file, obj, kind = item
            return file.split(top + "/", 1)[-1], obj, kind
        deleted = {key((rel, "", ""))[0] for rel in self.old if rel.startswith(self.pkg + "/") and rel not in self.new}
        theirs = module_level({key(t) for t in griffe_side(self.old, self.new, self.pkg, self.search) if public(key(t))}, deleted)
        ours = module_level({key(o) for o in saguaro_side(binary, self.old, self.new, self.pkg)}, deleted)
        # griffe weighs return annotations only where it can tell them apart; saguaro
        # compares every written one: return changes are counted apart, on both sides.
        self.their_returns = {t for t in theirs if t[2] == "return_type_changed"}
        self.our_returns = {o for o in ours if o[2] == "return_type_changed"}
        self.private = {o for o in ours if not public(o)}
        self.theirs = theirs - self.their_returns
        self.ours = {o for o in ours - self.our_returns if public(o)}


def pairs(binary, packages):
    for line in Path(packages).read_text().splitlines():
        fields = line.split()
        if not fields or line.startswith("#") or fields[0] != "py":
            continue
        _, registry, name, old_version, new_version = fields
        pair = Pair(binary, registry, name, old_version, new_version)
        if pair.skipped:
            print(f"{pair.label}: skipped (no package folder named after it)")
            continue
        yield pair


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    parser.add_argument("--packages", default=str(EVAL / "packages-open.txt"))
    parser.add_argument("--show", type=int, default=5, help="differences to print per pair and side")
    args = parser.parse_args()
    total = Counter()
    kinds_both, kinds_ours, kinds_theirs = Counter(), Counter(), Counter()
    for pair in pairs(args.bin, args.packages):
        ours, theirs = pair.ours, pair.theirs
        total.update(griffe_returns=len(pair.their_returns), returns=len(pair.our_returns), private=len(pair.private))
        both = ours & theirs
        print(f"{pair.label}: both={len(both)} saguaro_only={len(ours - theirs)} griffe_only={len(theirs - ours)}")
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
