#!/usr/bin/env python3
"""The gate on real history: successive published versions of a package committed one
after the other into a scratch git repository, `saguaro check --staged` run before each
commit. Prints per step whether the gate blocks and, for blocked steps, a sample of the
calls it names, for a person to judge.

Usage:  python3 scripts/gate_history.py [--bin target/release/saguaro] [--registry pypi]
            [--name click] [--lang py] [--versions 8.1.0,8.1.1,...] [--sample 3]
Uses ../shared/eval/fetch.py (cached downloads under /tmp).
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT.parent / "shared" / "eval"))
import fetch  # noqa: E402

DEFAULT_VERSIONS = "8.1.0,8.1.1,8.1.2,8.1.3,8.1.4,8.1.5,8.1.6,8.1.7,8.1.8,8.2.0,8.2.1"


def git(repo, *args):
    subprocess.run(["git", *args], cwd=repo, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    parser.add_argument("--registry", default="pypi")
    parser.add_argument("--name", default="click")
    parser.add_argument("--lang", default="py")
    parser.add_argument("--versions", default=DEFAULT_VERSIONS)
    parser.add_argument("--sample", type=int, default=3)
    args = parser.parse_args()
    versions = args.versions.split(",")
    blocked = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        git(repo, "init", "-q")
        git(repo, "config", "user.email", "history@example.com")
        git(repo, "config", "user.name", "history")
        previous = {}
        for step, version in enumerate(versions):
            files = fetch.source_files(args.lang, args.registry, args.name, version)
            for rel in previous:
                if rel not in files:
                    (repo / rel).unlink()
            for rel, text in files.items():
                path = repo / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            git(repo, "add", "-A")
            if step > 0:
                out = subprocess.run([args.bin, "check", "--staged", "--format", "json"], cwd=repo,
                                     capture_output=True, text=True)
                if out.returncode == 2:
                    sys.exit(f"the gate could not run: {out.stderr}")
                report = json.loads(out.stdout)
                failures = report["failures"]
                confident = [f for f in failures if f["confidence"] != "name_match"]
                verdict = "BLOCKED" if out.returncode == 1 else "passed"
                blocked += out.returncode == 1
                notes = report["notes"]
                print(f"{versions[step - 1]} -> {version}: {verdict}: {len(report['files'])} files changed, "
                      f"{len(failures)} broken calls ({len(confident)} above name_match), {len(notes)} notes")
                for f in (failures + notes)[:args.sample]:
                    print(f"    {f['path']}:{f['line']}: {f['symbol']} [{f['kind']}, {f['confidence']}]: {f['message'][:160]}"
                          + (f" (note: {f['allowed_by']})" if f.get("allowed_by") else ""))
            git(repo, "commit", "-qm", version, "--allow-empty")
            previous = files
    print(f"gate_history: {args.name} {versions[0]}..{versions[-1]}: {len(versions) - 1} steps, {blocked} blocked")


if __name__ == "__main__":
    main()
