#!/usr/bin/env python3
"""Audits the false positives of `../shared/eval/impact.py` against a complete run of the
same checker.

The evaluation's oracle keeps only a checker's call-error codes at a callsite, and its
`cargo check` stops at the first target that fails. A location saguaro names that the oracle
did not may therefore still be an error: a TypeScript argument that no longer has the
parameter's property (TS2741), an import of a file that is no longer a module (TS2306), a
Rust test target cargo never reached. This script re-runs the checker on each case with a
false positive among the callsites saguaro marked above `name_match` — every error code,
`cargo check --keep-going` — and sorts those locations into "the checker reports a new error
on this line" (by code) and "nothing new here" (a genuine false positive, listed).

Usage:  python3 scripts/impact_audit.py --results RESULTS.json --corpus DIR [--bin target/release/saguaro]
        [--only LANG] [--out audit.json]
RESULTS.json is impact.py's `--out` for the saguaro tool on DIR. Needs what impact.py needs
(its venv, pyright/tsc under /tmp/saguaro-eval-node, cargo).
"""

import argparse
import difflib
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EVAL = ROOT.parent / "shared" / "eval"
sys.path.insert(0, str(EVAL))
import venv  # noqa: E402  (the evaluation's own venv helper)

venv.ensure("tree_sitter_typescript", venv.TREE_SITTER)
import checkers  # noqa: E402
import impact  # noqa: E402  (the evaluation's own reading of a report)


class CargoKeepGoing(checkers.Cargo):
    """The evaluation's cargo checker, told to check every target even when one fails."""

    def _check(self):
        real = checkers.subprocess.run

        def run(cmd, *args, **kwargs):
            if cmd[:2] == ["cargo", "check"]:
                cmd = [*cmd, "--keep-going"]
            return real(cmd, *args, **kwargs)

        checkers.subprocess.run = run
        try:
            return super()._check()
        finally:
            checkers.subprocess.run = real


CHECKERS = {**checkers.CHECKERS, "rs": CargoKeepGoing}


def confident_locations(bin_path: str, root: Path, patch: Path) -> set[tuple[str, int]]:
    done = subprocess.run([bin_path, "impact", "--root", str(root), "--json", str(patch)],
                          capture_output=True, text=True)
    return impact.predictions(done.stdout, root)[1]


def new_rows(old: str, new: str) -> dict[int, int]:
    """1-based line of `old` -> 1-based line of `new`, for lines the change kept."""
    rows = {}
    matcher = difflib.SequenceMatcher(a=old.split("\n"), b=new.split("\n"), autojunk=False)
    for a, b, size in matcher.get_matching_blocks():
        for k in range(size):
            rows[a + k + 1] = b + k + 1
    return rows


class Tree:
    """One corpus tree in a working copy, with the checker's errors before any change."""

    def __init__(self, corpus: Path, name: str, lang: str, scratch: Path):
        self.work = scratch / name
        shutil.copytree(corpus / "trees" / name, self.work)
        self.checker = CHECKERS[lang](self.work)
        self.pristine = {}
        for path in self.work.rglob("*"):
            if path.is_file() and path.suffix in (".py", ".rs", ".ts", ".tsx", ".mts", ".cts"):
                text = path.read_text(errors="replace")
                prepared = self.checker.prepare(text)
                path.write_text(prepared)
                self.pristine[path.relative_to(self.work).as_posix()] = prepared
        self.baseline = Counter((d.path, d.start[0] + 1, d.code, d.message) for d in self.checker.run())

    def audit(self, bin_path: str, patch: Path, target: str, locations: set) -> dict:
        """Each location: the codes of the new errors the checker reports on its line."""
        before = self.pristine[target]
        done = subprocess.run([bin_path, "apply", "--root", str(self.work), str(patch)],
                              capture_output=True, text=True)
        try:
            if done.returncode != 0:
                raise RuntimeError(f"apply failed: {done.stdout[-300:]}{done.stderr[-300:]}")
            after_text = (self.work / target).read_text()
            after = Counter((d.path, d.start[0] + 1, d.code, d.message) for d in self.checker.run())
        finally:
            (self.work / target).write_text(before)
        # The change's new errors, at the lines they stand on in the tree as it was.
        back = {new: old for old, new in new_rows(before, after_text).items()}
        fresh = defaultdict(list)
        moved = Counter((path, back.get(line) if path == target else line, code, message)
                        for (path, line, code, message), count in after.items() for _ in range(count))
        for (path, line, code, message) in moved - self.baseline:
            fresh[(path, line)].append(code)
        out = {}
        for path, line in locations:
            out[f"{path}:{line}"] = sorted(set(fresh.get((path, line), [])))
        return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", required=True, type=Path)
    parser.add_argument("--corpus", required=True, type=Path)
    parser.add_argument("--bin", default=str(ROOT / "target" / "release" / "saguaro"))
    parser.add_argument("--only", help="py, rs or ts")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    records = json.loads(args.results.read_text())["cases"]
    tallies = defaultdict(Counter)
    genuine = defaultdict(list)
    audited = {}
    with tempfile.TemporaryDirectory(prefix="saguaro-audit-") as scratch:
        trees = {}
        for record in records:
            lang = record["lang"]
            if args.only and lang != args.only:
                continue
            tallies[lang]["tp"] += record["confident"]["tp"]
            tallies[lang]["fp"] += record["confident"]["fp"]
            if not record["confident"]["fp"]:
                continue
            case_dir = args.corpus / "cases" / record["id"]
            case = json.loads((case_dir / "case.json").read_text())
            if case["tree"] not in trees:
                trees[case["tree"]] = Tree(args.corpus, case["tree"], lang, Path(scratch))
            tree = trees[case["tree"]]
            expected = set(case["expected"])
            first, last = case["definition_lines"]
            named = {(p, n) for p, n in confident_locations(args.bin, tree.work, case_dir / case["patch"])
                     if not (p == case["target_file"] and first <= n <= last)
                     and not p.startswith(tuple(case["unchecked"]))}
            if case["mutation"] == "object_removed":
                broken = {e.rpartition(":")[0] for e in expected}
                named = {w for w in named if f"{w[0]}:{w[1]}" in expected or w[0] not in broken}
            false = {w for w in named if f"{w[0]}:{w[1]}" not in expected}
            found = tree.audit(args.bin, case_dir / case["patch"], case["target_file"], false)
            audited[record["id"]] = found
            # As the evaluation does for a removal: once a file's import of the name breaks,
            # its uses are broken too, and naming them is neither right nor wrong.
            broken_files = {w.rpartition(":")[0] for w, codes in found.items() if codes}
            for where, codes in sorted(found.items()):
                if not codes and case["mutation"] == "object_removed" and where.rpartition(":")[0] in broken_files:
                    tallies[lang]["forgiven"] += 1
                elif codes:
                    tallies[lang]["confirmed"] += 1
                    for code in codes:
                        tallies[lang][f"code {code}"] += 1
                else:
                    genuine[lang].append(f"{record['id']} {where}")
            print(f"{record['id']}: {sum(1 for c in found.values() if c)} of {len(found)} "
                  f"false positives are new checker errors", file=sys.stderr)

    summary = {}
    for lang, t in sorted(tallies.items()):
        tp, fp, confirmed, forgiven = t["tp"], t["fp"], t["confirmed"], t["forgiven"]
        audited_precision = (tp + confirmed) / (tp + fp - forgiven) if tp + fp - forgiven else 0.0
        codes = {k[5:]: v for k, v in t.items() if k.startswith("code ")}
        codes = dict(sorted(codes.items()))
        summary[lang] = {"tp": tp, "fp": fp, "fp_confirmed_by_checker": confirmed,
                         "fp_forgiven": forgiven,
                         "precision": round(tp / (tp + fp), 4) if tp + fp else 0.0,
                         "audited_precision": round(audited_precision, 4), "codes": codes,
                         "genuine_false_positives": genuine[lang]}
        print(f"{lang}: confident tp={tp} fp={fp}, of which the checker reports {confirmed} as new errors "
              f"({', '.join(f'{k} {v}' for k, v in codes.items())}) and {forgiven} are uses behind a broken "
              f"import; precision {summary[lang]['precision']} -> audited {summary[lang]['audited_precision']}")
    tp, fp, confirmed, forgiven = (sum(t[k] for t in tallies.values()) for k in ("tp", "fp", "confirmed", "forgiven"))
    if tp + fp - forgiven:
        print(f"audit: confident precision={tp / (tp + fp):.3f} "
              f"audited_precision={(tp + confirmed) / (tp + fp - forgiven):.3f} "
              f"fp={fp} confirmed={confirmed} forgiven={forgiven} genuine={fp - confirmed - forgiven}")
    if args.out:
        args.out.write_text(json.dumps({"summary": summary, "cases": audited}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
