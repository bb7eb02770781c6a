#!/usr/bin/env python3
"""Rust breakages: saguaro (`check --api`, each finding's `lint`) against
`cargo semver-checks` on real crate version pairs.

Each pair's two versions come from the evaluation's source cache
(/tmp/saguaro-eval-cache/src/crates, or --cache). cargo-semver-checks compares them
(`--baseline-root OLD --manifest-path NEW/Cargo.toml`; install it with
`cargo install cargo-semver-checks --locked`); saguaro runs `check --api` on a scratch git
repository holding the old version committed and the new one checked out. Both sides are
reduced to (lint, item name) and compared on the lints saguaro's model has a name for
(src/impact/peers.rs); the others cargo-semver-checks finds are counted apart.

Usage:  python3 scripts/semver_compare.py [--bin target/release/saguaro] [--cache DIR]
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import api_history  # noqa: E402

PAIRS = [
    ("anyhow", "1.0.86", "1.0.95"),
    ("similar", "2.7.0", "3.2.1"),
    ("roaring", "0.10.12", "0.12.0"),
    ("smallvec", "1.13.1", "1.13.2"),
    ("petgraph", "0.6.4", "0.6.5"),
    ("csv", "1.3.1", "1.4.0"),
    ("rayon", "1.10.0", "1.11.0"),
    # Releases whose changelogs name breaking changes (added after the seven above, to
    # measure on findings the model was not fitted to).
    ("itertools", "0.12.1", "0.13.0"),
    ("base64", "0.21.7", "0.22.0"),
    ("hashbrown", "0.14.5", "0.15.0"),
    ("http", "0.2.12", "1.0.0"),
    ("semver", "0.11.0", "1.0.0"),
    ("toml_edit", "0.21.1", "0.22.0"),
]

# The lints saguaro's model names (src/impact/peers.rs).
IN_MODEL = {
    "function_missing", "inherent_method_missing", "trait_method_missing", "struct_missing",
    "enum_missing", "trait_missing", "union_missing", "struct_pub_field_missing",
    "enum_variant_missing", "pub_module_level_const_missing", "pub_static_missing",
    "module_missing", "declarative_macro_missing", "function_parameter_count_changed",
    "method_parameter_count_changed", "trait_method_parameter_count_changed",
}
FAILURE = re.compile(r"^--- failure (?P<lint>[a-z_]+):")
# A "Failed in:" line names the item one of these ways:
#   function itertools::repeat_call, previously in file ...
#   struct itertools::structs::Step, previously in file ...
#   method step of trait Itertools, previously in file ...
#   TakeWhileInclusive::new, previously in file ...
#   field port of struct Config, previously in file ...
MEMBER_OF = re.compile(r"^(?:[a-z ]+ )?(?P<name>[A-Za-z_][A-Za-z0-9_]*) of (?:[a-z ]+ )?[A-Za-z_][\w:]*")
PATH = re.compile(r"(?P<path>[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)(?:<[^,]*>)?$")


def failed_item(line: str) -> str | None:
    """The last name of the item a "Failed in:" line names."""
    text = line.strip().split(", previously in file")[0].strip()
    member = MEMBER_OF.match(text)
    if member:
        return member["name"]
    path = PATH.search(text.split(" ")[-1])
    return path["path"].split("::")[-1] if path else None


# Per pair, what cargo-semver-checks needs to build both versions' docs here: its default
# feature heuristic turns on features that need a nightly compiler (hashbrown's
# rustc-dep-of-std, roaring's simd), and a dependency may want a newer rustc than this one.
BUILD = {
    "roaring": {"args": ["--only-explicit-features", "--features", "std", "--features", "serde"]},
    "toml_edit": {"env": {"CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS": "fallback"}},
    "hashbrown": {"args": ["--only-explicit-features",
                           *[a for f in ["ahash", "inline-more", "allocator-api2", "raw", "serde", "rayon", "equivalent"]
                             for a in ("--baseline-features", f)],
                           *[a for f in ["default-hasher", "inline-more", "allocator-api2", "equivalent", "raw-entry",
                                         "serde", "rayon", "borsh"] for a in ("--current-features", f)]]},
}


class SemverChecksFailed(Exception):
    pass


def semver_checks(crate: str, old: Path, new: Path) -> set:
    build = BUILD.get(crate, {})
    with tempfile.TemporaryDirectory() as tmp:
        a, b = Path(tmp) / "old", Path(tmp) / "new"
        shutil.copytree(old, a)
        shutil.copytree(new, b)
        out = subprocess.run(
            ["cargo", "semver-checks", "--baseline-root", str(a), "--manifest-path", str(b / "Cargo.toml"),
             # As if the new version were a minor release: every breaking change is reported.
             "--release-type", "minor", *build.get("args", [])],
            capture_output=True, text=True, env={**os.environ, **build.get("env", {})},
        )
    # A run that did not finish its checks (a docs build failed) has no verdict: it is never
    # read as "no findings".
    if "Summary" not in out.stdout + out.stderr:
        reason = next((l.strip() for l in out.stderr.splitlines() if l.strip().startswith("error")), "no summary")
        raise SemverChecksFailed(reason)
    found, lint, failed_in = set(), None, False
    # The findings are on stdout; a block of items ends at the first line that is not one.
    for line in out.stdout.splitlines():
        m = FAILURE.match(line)
        if m:
            lint, failed_in = m["lint"], False
        elif line.startswith("Failed in:"):
            failed_in = True
        elif failed_in and line.startswith("  ") and lint:
            item = failed_item(line)
            if item:
                found.add((lint, item))
        else:
            failed_in = False
    return found


def saguaro(binary: str, old: Path, new: Path) -> set:
    report = api_history.run(binary, old, new, "src")
    return {
        (f["lint"], f["symbol"].split(".")[-1])
        for f in report.get("failures", []) + report.get("notes", [])
        if f.get("lint")
    }


def main():
    args, cache = api_history.arguments()
    both = Counter()
    only = {"saguaro": Counter(), "semver-checks": Counter()}
    outside = Counter()
    for crate, old, new in PAIRS:
        a = api_history.unpacked(cache, "crates", crate, old)
        b = api_history.unpacked(cache, "crates", crate, new)
        if not a or not b:
            print(f"{crate} {old}->{new}: not in the cache")
            continue
        try:
            theirs = semver_checks(crate, a, b)
        except SemverChecksFailed as e:
            print(f"{crate} {old}->{new}: cargo semver-checks failed ({e}): left out")
            continue
        ours = saguaro(args.bin, a, b)
        in_model = {t for t in theirs if t[0] in IN_MODEL}
        outside.update(t[0] for t in theirs - in_model)
        agreed = ours & in_model
        print(f"{crate} {old}->{new}: both={len(agreed)} saguaro_only={len(ours - in_model)} "
              f"semver-checks_only={len(in_model - ours)} (outside the model: {len(theirs - in_model)})")
        for t in sorted(ours - in_model):
            print(f"   saguaro only:       {t}")
        for t in sorted(in_model - ours):
            print(f"   semver-checks only: {t}")
        both[crate] = len(agreed)
        only["saguaro"][crate] = len(ours - in_model)
        only["semver-checks"][crate] = len(in_model - ours)
    total_both = sum(both.values())
    union = total_both + sum(only["saguaro"].values()) + sum(only["semver-checks"].values())
    print(f"lints outside saguaro's model: {dict(outside)}")
    print(f"semver_compare: agreement={total_both / union if union else 1.0:.3f} both={total_both} "
          f"saguaro_only={sum(only['saguaro'].values())} semver-checks_only={sum(only['semver-checks'].values())}")


if __name__ == "__main__":
    main()
