#!/usr/bin/env python3
"""`saguaro check --api` on real release pairs: the semver level it says each release
needed, beside the version number the release took (and, for the note, its changelog).

Each pair's two versions come from the evaluation's source cache (../shared/eval's
fetcher keeps them under /tmp/saguaro-eval-cache/src: run its corpus builders first, or
pass --cache); the library's own sources (`src/` when the package has one, else the
package's folder) are committed as the old version in a scratch git repository, the new
version is checked out over it, and `saguaro check --api --base OLD --format json` runs.

Usage:  python3 scripts/api_history.py [--bin target/release/saguaro] [--cache DIR]
Prints one row per pair: package, versions, the version bump, saguaro's level, the
breaking changes and additions it counts, and the first breaking changes.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CACHE = Path("/tmp/saguaro-eval-cache/src")

# (registry, package, old, new, the sources to compare inside the unpacked package)
PAIRS = [
    ("pypi", "click", "8.1.8", "8.2.0", "src"),
    ("pypi", "jinja2", "3.1.4", "3.1.5", "src"),
    ("pypi", "packaging", "24.1", "24.2", "src"),
    ("crates", "anyhow", "1.0.86", "1.0.95", "src"),
    ("crates", "similar", "2.7.0", "3.2.1", "src"),
    ("crates", "roaring", "0.10.12", "0.12.0", "src"),
    ("crates", "smallvec", "1.13.1", "1.13.2", "src"),
    ("crates", "petgraph", "0.6.4", "0.6.5", "src"),
    ("npm", "rxjs", "7.8.1", "7.8.2", "src"),
    ("npm", "zod", "4.5.4", "4.6.0", "src"),
    ("npm", "effect", "3.21.0", "3.22.0", "src"),
]


def unpacked(cache: Path, registry: str, package: str, version: str) -> Path | None:
    base = cache / registry / f"{package}-{version}"
    if not base.is_dir() and cache == DEFAULT_CACHE:
        # Not fetched by a corpus builder yet: the evaluation's fetcher downloads it into
        # the same cache, through the registry's own client.
        sys.path.insert(0, str(ROOT.parent / "shared" / "eval"))
        import fetch
        try:
            fetch._unpacked(registry, package, version)
        except Exception as e:  # a version gone from the registry, no network
            print(f"{package} {version}: cannot fetch: {e}", file=sys.stderr)
    for candidate in (base / f"{package}-{version}", base / "package", base):
        if candidate.is_dir():
            return candidate
    return None


def bump(old: str, new: str) -> str:
    a, b = [int(x) for x in old.split(".")[:3]], [int(x) for x in new.split(".")[:3]]
    # 0.x: the minor number is the breaking one.
    if a[0] != b[0] or (a[0] == 0 and a[1] != b[1]):
        return "major"
    return "minor" if a[1] != b[1] else "patch"


def git(repo, *args):
    subprocess.run(["git", *args], cwd=repo, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run(binary: str, old: Path, new: Path, sub: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        git(repo, "init", "-q")
        git(repo, "config", "user.email", "api@example.com")
        git(repo, "config", "user.name", "api")
        for side, tree in (("old", old), ("new", new)):
            for child in repo.iterdir():
                if child.name != ".git":
                    shutil.rmtree(child) if child.is_dir() else child.unlink()
            source = tree / sub if (tree / sub).is_dir() else tree
            shutil.copytree(source, repo / sub)
            for manifest in ("Cargo.toml", "package.json"):
                if (tree / manifest).exists():
                    shutil.copy(tree / manifest, repo / manifest)
            git(repo, "add", "-A")
            if side == "old":
                git(repo, "commit", "-qm", "old")
            # The new side is staged, not committed: files the release added are part of
            # the tree `--base` compares (git diff leaves untracked files out).
        out = subprocess.run(
            [binary, "check", "--api", "--base", "HEAD", "--format", "json", "--allow-level", "major"],
            cwd=repo, capture_output=True, text=True,
        )
        try:
            return json.loads(out.stdout)
        except json.JSONDecodeError:
            return {"error": (out.stdout + out.stderr)[:300]}


def arguments():
    """--bin and --cache, as this script and semver_compare.py take them."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    ap.add_argument("--cache", default=str(DEFAULT_CACHE))
    args = ap.parse_args()
    return args, Path(args.cache)


def main():
    args, cache = arguments()
    print(f"{'package':<10} {'versions':<18} {'bump':<6} {'saguaro':<8} {'breaking':>8} {'added':>6}  first breaking changes")
    missing = []
    for registry, package, old, new, sub in PAIRS:
        a, b = unpacked(cache, registry, package, old), unpacked(cache, registry, package, new)
        if not a or not b:
            missing.append(f"{package} {old}/{new}")
            continue
        report = run(args.bin, a, b, sub)
        if "error" in report:
            print(f"{package:<10} {old}->{new:<10} saguaro failed: {report['error']}")
            continue
        breaking = report["failures"] + report["notes"]
        first = "; ".join(f"{f['symbol']} ({f['kind']})" for f in breaking[:3])
        print(
            f"{package:<10} {old + '->' + new:<18} {bump(old, new):<6} {report['api']['level']:<8} "
            f"{len(breaking):>8} {len(report['api']['added']):>6}  {first}"
        )
    if missing:
        raise SystemExit(f"not in the cache {cache}: {', '.join(missing)} (build the evaluation corpora first)")


if __name__ == "__main__":
    main()
