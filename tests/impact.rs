//! Impact reports on the fixture repositories (`fixtures/repos/<lang>/`), whose breaking
//! callsites are labelled by hand in `cases.json`: precision and recall over every
//! callsite reported, calls that must not be reported (same-named methods of other types),
//! the report's schema, and the `apply --impact --gate` refusal.

mod common;

use saguaro::apply::Options;
use saguaro::impact;
use saguaro::schema::{self, Contract};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

fn repo(lang: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/repos").join(lang)
}

/// (true positives, false positives, false negatives) of one language's cases.
fn score(lang: &str) -> (usize, usize, usize) {
    let root = repo(lang);
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(root.join("cases.json")).unwrap()).unwrap();
    let (mut tp, mut fp, mut fneg) = (0, 0, 0);
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let report = impact::report(&case["patch"].to_string(), &Options::new(&root))
            .unwrap_or_else(|e| panic!("{lang}: {name}: {e:?}"));
        let value = serde_json::to_value(&report).unwrap();
        assert!(
            schema::validate(Contract::ImpactReport, &value).is_ok(),
            "{lang}: {name}: {:?}",
            schema::validate(Contract::ImpactReport, &value)
        );
        let reported: BTreeSet<String> = report
            .breaking_changes
            .iter()
            .flat_map(|b| b.callsites.iter().map(|c| format!("{}:{}", c.path, c.line)))
            .collect();
        let expected: BTreeSet<String> = case["expected"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        for never in case["not_expected"].as_array().unwrap() {
            assert!(
                !reported.contains(never.as_str().unwrap()),
                "{lang}: {name}: reported {never}"
            );
        }
        // Locations that must be found above a name match (a type or an import says so), and
        // locations reached only past a re-export (named, but not as sure).
        use saguaro::impact::callsites::Confidence;
        for (field, sure) in [("confident", true), ("name_only", false)] {
            for wanted in case[field].as_array().into_iter().flatten() {
                let found = report.breaking_changes.iter().flat_map(|b| &b.callsites).any(|c| {
                    format!("{}:{}", c.path, c.line) == wanted.as_str().unwrap()
                        && (c.confidence != Confidence::NameMatch) == sure
                });
                assert!(found, "{lang}: {name}: {wanted} is not {field}");
            }
        }
        tp += reported.intersection(&expected).count();
        fp += reported.difference(&expected).count();
        fneg += expected.difference(&reported).count();
        // A case marked compatible changes nothing its callers can see.
        if case["compatible"].as_bool() == Some(true) {
            assert!(
                report.breaking_changes.is_empty(),
                "{lang}: {name}: {:?}",
                report.breaking_changes
            );
            continue;
        }
        assert!(
            !report.breaking_changes.is_empty(),
            "{lang}: {name}: no breaking change"
        );
        assert!(report.risk_score > 0.0 && report.risk_explanation.starts_with("risk "));
    }
    (tp, fp, fneg)
}

#[test]
fn breaking_callsites_on_the_fixture_repositories() {
    let mut total = (0, 0, 0);
    for lang in ["python", "rust", "typescript"] {
        let (tp, fp, fneg) = score(lang);
        eprintln!("{lang}: tp={tp} fp={fp} fn={fneg}");
        total = (total.0 + tp, total.1 + fp, total.2 + fneg);
    }
    let (tp, fp, fneg) = total;
    let precision = tp as f64 / (tp + fp).max(1) as f64;
    let recall = tp as f64 / (tp + fneg).max(1) as f64;
    eprintln!("impact fixtures: precision={precision:.3} recall={recall:.3} (tp={tp} fp={fp} fn={fneg})");
    assert!(precision >= 0.95, "precision {precision:.3}");
    assert!(recall >= 0.90, "recall {recall:.3}");
}

#[test]
fn a_signature_change_is_classified() {
    let root = repo("python");
    let patch = serde_json::json!({"type": "patch", "target_file": "shop/cart.py", "operations": [
        {"op": "replace", "symbol": "total_price", "content": "def total_price(items, rate, /, *, tax_rate=0.1):\n    return rate\n"}]});
    let report = impact::report(&patch.to_string(), &Options::new(&root)).unwrap();
    let change = &report.breaking_changes[0];
    assert_eq!(change.symbol, "total_price");
    assert!(change.kinds.contains(&"parameter_added_required"), "{:?}", change.kinds);
    assert!(change.kinds.contains(&"parameter_changed_kind"), "{:?}", change.kinds);
    assert!(
        change.kinds.contains(&"parameter_default_changed"),
        "{:?}",
        change.kinds
    );
    assert_eq!(change.severity.as_str(), "high");
}

#[test]
fn apply_with_a_gate_refuses_a_breaking_patch_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let root = repo("python");
    for entry in ["shop", "tests"] {
        for file in std::fs::read_dir(root.join(entry)).unwrap() {
            let path = file.unwrap().path();
            std::fs::create_dir_all(dir.path().join(entry)).unwrap();
            std::fs::copy(&path, dir.path().join(entry).join(path.file_name().unwrap())).unwrap();
        }
    }
    let before = common::tree::snapshot(dir.path());
    let patch = serde_json::json!({"type": "patch", "target_file": "shop/cart.py", "operations": [{"op": "delete", "symbol": "discount"}]});
    std::fs::write(dir.path().join("../saguaro-gate-patch.json"), patch.to_string()).unwrap();
    let patch_path = dir.path().join("../saguaro-gate-patch.json");
    let patch_arg = patch_path.to_str().unwrap();
    let root_arg = dir.path().to_str().unwrap();
    let out = common::saguaro(
        &[
            "apply", patch_arg, "--root", root_arg, "--impact", "--gate", "high", "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let answer = common::stdout_json(&out);
    assert_eq!(answer["errors"][0]["code"], "breaking_change");
    assert_eq!(answer["impact"]["breaking_changes"][0]["kind"], "object_removed");
    assert_eq!(
        common::tree::snapshot(dir.path()),
        before,
        "a gated patch writes nothing"
    );
    // Without the gate the report rides along and the patch is applied.
    let out = common::saguaro(&["apply", patch_arg, "--root", root_arg, "--impact", "--json"], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(common::stdout_json(&out)["impact"]["type"], "impact_report");
    assert_ne!(common::tree::snapshot(dir.path()), before);
    let _ = std::fs::remove_file(patch_path);
}

#[test]
fn impact_writes_nothing_and_reports_verification() {
    let root = repo("rust");
    let before = common::tree::snapshot(&root);
    let patch = serde_json::json!({"type": "patch", "target_file": "src/account.rs", "operations": [
        {"op": "replace", "symbol": "fee", "content": "pub fn fee(amount: i64, rate: u32) -> i64 {\n    amount *\n}\n"}]});
    // The edit does not parse: the apply pipeline refuses it before any report.
    let out = impact::report(&patch.to_string(), &Options::new(&root));
    assert!(out.is_err());
    let ok = serde_json::json!({"type": "patch", "target_file": "src/account.rs", "operations": [
        {"op": "replace", "symbol": "fee", "content": "pub fn fee(amount: i64, rate: u32, floor: i64) -> i64 {\n    (amount * rate as i64 / 100).max(floor)\n}\n"}]});
    let report = impact::report(&ok.to_string(), &Options::new(&root)).unwrap();
    assert_eq!(report.verification_status.syntax, "pass");
    assert_eq!(report.verification_status.tests, "skipped");
    assert_eq!(common::tree::snapshot(&root), before);
}

#[cfg(unix)]
#[test]
fn configured_checks_run_in_a_scratch_copy_with_the_patch() {
    let dir = tempfile::tempdir().unwrap();
    common::tree::write(dir.path(), &[("m.py", b"def f(a):\n    return a\n\n\nprint(f(1))\n")]);
    let before = common::tree::snapshot(dir.path());
    // The "linter" sees the patched text; the "tests" write a file, which must land in the
    // scratch copy, never in the user's tree.
    let settings = r#"{"permission_mode": "default", "languages": {"python": {
        "linter": ["grep", "-q", "return a \\* 2", "m.py"],
        "tests": ["sh", "-c", "touch ran.txt && exit 3"]}}}"#;
    let mut options = Options::new(dir.path());
    options.settings = saguaro::settings::Settings::parse(settings).unwrap();
    let patch = serde_json::json!({"type": "patch", "target_file": "m.py", "operations": [
        {"op": "replace", "symbol": "f", "content": "def f(a):\n    return a * 2\n"}]});
    let report = impact::report(&patch.to_string(), &options).unwrap();
    assert_eq!(
        report.verification_status.linter, "pass",
        "{:?}",
        report.verification_status.details
    );
    assert_eq!(report.verification_status.tests, "fail");
    assert!(
        report.risk_explanation.contains("tests failing"),
        "{}",
        report.risk_explanation
    );
    assert_eq!(
        common::tree::snapshot(dir.path()),
        before,
        "checks never run in the user's tree"
    );
}

/// An argument that a parameter inserted ahead of it pushes onto another parameter breaks
/// the call in meaning. Where the new place takes what the old one did, the checker lets the
/// call through: it is listed apart (`shifted_callsites`), and the gate still refuses it;
/// where it does not, the call is a type error like any other (`callsites`).
#[test]
fn an_argument_pushed_onto_another_parameter_is_listed_apart_when_it_still_type_checks() {
    // (files, the definition's file, its new text, (file:line → the list it must be in))
    type Case = (
        &'static [(&'static str, &'static str)],
        &'static str,
        &'static str,
        &'static [(&'static str, &'static str)],
    );
    const CASES: &[Case] = &[
        (
            &[(
                "gen.py",
                "def start(frame, node=None):\n    return frame\n\n\nstart(1, 2)\nstart(1)\nstart(1, node=2)\n",
            )],
            "gen.py",
            "def start(frame, extra, node=None):\n    return frame\n\n\nstart(1, 2)\nstart(1)\nstart(1, node=2)\n",
            // `start(1, 2)` now passes 2 as `extra` (it takes anything); the other two lack it.
            &[("gen.py:5", "shifted"), ("gen.py:6", "callsites"), ("gen.py:7", "callsites")],
        ),
        (
            &[(
                "m.ts",
                "export function merge(concurrent: number = 1): number {\n  return concurrent;\n}\n\nmerge(2);\n",
            )],
            "m.ts",
            "export function merge(extra: number, concurrent: number = 1): number {\n  return concurrent;\n}\n\nmerge(2);\n",
            &[("m.ts:5", "shifted")],
        ),
        (
            &[(
                "m.ts",
                "export function merge(concurrent: number = 1): number {\n  return concurrent;\n}\n\nmerge(2);\n",
            )],
            "m.ts",
            "export function merge(extra: string, concurrent: number = 1): number {\n  return concurrent;\n}\n\nmerge(2);\n",
            // A number where a string is now wanted: the checker rejects it.
            &[("m.ts:5", "callsites")],
        ),
    ];
    for (files, file, after, wanted) in CASES {
        let dir = common::change::tree(files);
        let patch = common::change::patch(files, file, after);
        let report = impact::report(&patch, &Options::new(dir.path())).unwrap();
        let value = serde_json::to_value(&report).unwrap();
        assert!(schema::validate(Contract::ImpactReport, &value).is_ok(), "{value}");
        let change = &report.breaking_changes[0];
        let at = |list: &[impact::callsites::Callsite]| -> BTreeSet<String> {
            list.iter().map(|c| format!("{}:{}", c.path, c.line)).collect()
        };
        for (place, list) in *wanted {
            let (shifted, rejected) = (at(&change.shifted_callsites), at(&change.callsites));
            let (inside, outside) = match *list {
                "shifted" => (&shifted, &rejected),
                _ => (&rejected, &shifted),
            };
            assert!(inside.contains(*place), "{file}: {place} not in {list}: {value}");
            assert!(!outside.contains(*place), "{file}: {place} listed twice: {value}");
        }
        let listed = change.callsites.len() + change.shifted_callsites.len();
        assert_eq!(listed, wanted.len(), "{file}: {value}");
        if change.callsites.is_empty() {
            // Only calls that still type-check: the report says so, the gate still refuses.
            assert!(
                change.description.contains("still type-check"),
                "{}",
                change.description
            );
        }
        assert!(
            report.gate(impact::breakage::Severity::High).is_some(),
            "{file}: not gated"
        );
        assert!(change.shifted_callsites.iter().all(|c| c.reason.contains("instead of")));
    }
}

#[test]
fn an_argument_typed_anything_fits_a_parameter_whose_type_changed() {
    // `rem(val: number)` now takes an options object `{ val }`: a number breaks every call,
    // a value typed `any` passes wherever it goes, unless a `typeof` test narrowed it first.
    let lib = "export function rem(val: number, step: number): number {\n  return val % step;\n}\n";
    let after = "export function rem({ val }: { val: number }, step: number): number {\n  return val % step;\n}\n";
    let input = "export type Input = {\n  data: any;\n  size: number;\n};\n";
    let user = "import { rem } from \"./lib\";\n\
                import { type Input } from \"./input\";\n\
                \n\
                export class Num {\n\
                \x20 parse(input: Input, make: () => any, rows: any[]): number {\n\
                \x20   rem(input.data, 2);\n\
                \x20   rem(input.size, 2);\n\
                \x20   rem(make(), 2);\n\
                \x20   rem(1 < rows.length ? rows : rows[0], 2);\n\
                \x20   return 0;\n\
                \x20 }\n\
                }\n\
                \n\
                export function narrowed(value: any): number {\n\
                \x20 if (typeof value !== \"number\") throw new Error(\"no\");\n\
                \x20 return rem(value, 2);\n\
                }\n\
                \n\
                export class Action<T> {\n\
                \x20 state?: T;\n\
                }\n\
                \n\
                export function run(loose: Action<any>, strict?: Action<number> | undefined): void {\n\
                \x20 rem(loose.state, 2);\n\
                \x20 rem(strict!.state!, 2);\n\
                }\n";
    let files = [("lib.ts", lib), ("input.ts", input), ("user.ts", user)];
    let dir = common::change::tree(&files);
    let patch = common::change::patch(&files, "lib.ts", after);
    let report = impact::report(&patch, &Options::new(dir.path())).unwrap();
    let change = &report.breaking_changes[0];
    let listed: BTreeSet<String> = change
        .callsites
        .iter()
        .map(|c| format!("{}:{}", c.path, c.line))
        .collect();
    let wanted: BTreeSet<String> = ["user.ts:7", "user.ts:16", "user.ts:25"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(listed, wanted, "{}", serde_json::to_string_pretty(&report).unwrap());

    // Python's `Any` is the same.
    let lib = "def rem(val: int, step: int) -> int:\n    return val % step\n";
    let after = "def rem(val: str, step: int) -> int:\n    return len(val) % step\n";
    let user = "from typing import Any\n\nfrom lib import rem\n\n\ndef parse(value: Any, size: int) -> int:\n    rem(value, 2)\n    return rem(3, 2)\n";
    let files = [("lib.py", lib), ("user.py", user)];
    let dir = common::change::tree(&files);
    let patch = common::change::patch(&files, "lib.py", after);
    let report = impact::report(&patch, &Options::new(dir.path())).unwrap();
    let listed: Vec<String> = report.breaking_changes[0]
        .callsites
        .iter()
        .map(|c| format!("{}:{}", c.path, c.line))
        .collect();
    assert_eq!(
        listed,
        ["user.py:8"],
        "{}",
        serde_json::to_string_pretty(&report).unwrap()
    );
}

#[test]
fn a_removed_method_the_foreign_deref_target_also_has_is_not_a_break() {
    // anyhow's `Error` derefs to `dyn std::error::Error`: with its own `is` gone, `e.is::<T>()`
    // reaches the trait object's; `only_mine` has no such fallback and breaks.
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
use std::error::Error as StdError;
use std::ops::Deref;

pub struct Error(Box<dyn StdError + Send + Sync>);

impl Deref for Error {
    type Target = dyn StdError + Send + Sync + 'static;

    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl Error {
    pub fn is<E: StdError + 'static>(&self) -> bool {
        self.0.is::<E>()
    }

    pub fn only_mine(&self) -> bool {
        true
    }
}

pub fn check(e: &Error) -> bool {
    e.is::<std::fmt::Error>() && e.only_mine()
}
";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib)];
    let dir = common::change::tree(&files);
    for (symbol, breaks) in [("Error.is", false), ("Error.only_mine", true)] {
        let patch = serde_json::json!({
            "type": "patch", "target_file": "src/lib.rs",
            "operations": [{"op": "delete", "symbol": symbol}]
        });
        let report = impact::report(&patch.to_string(), &Options::new(dir.path())).unwrap();
        let confident: Vec<usize> = report
            .breaking_changes
            .iter()
            .flat_map(|c| &c.callsites)
            .filter(|c| c.confidence != impact::callsites::Confidence::NameMatch)
            .map(|c| c.line)
            .collect();
        assert_eq!(!confident.is_empty(), breaks, "{symbol}: {confident:?}");
        if breaks {
            assert_eq!(confident, [25], "{symbol}");
        }
    }
}

/// `@contextmanager` keeps the function's parameters (`Callable[P, Iterator[T]] ->
/// Callable[P, ..]`): a parameter added to a context manager breaks the calls that lack it,
/// as the checker reports. A call through `@lru_cache`, whose wrapper takes anything, is
/// not checked against the parameters and stays out.
#[test]
fn a_parameter_added_to_a_context_manager_breaks_its_calls() {
    let before = "\
import contextlib
import functools


class Checks:
    @contextlib.contextmanager
    def check_context(self, tar):
        yield tar

    @functools.lru_cache
    def cached(self, tar):
        return tar

    def run(self):
        with self.check_context(1):
            pass
        self.cached(1)
";
    for (name, after, broken) in [
        (
            "check_context",
            before.replace("def check_context(self, tar):", "def check_context(self, tar, extra):"),
            true,
        ),
        (
            "cached",
            before.replace("def cached(self, tar):", "def cached(self, tar, extra):"),
            false,
        ),
    ] {
        let files = [("m.py", before)];
        let dir = common::change::tree(&files);
        let patch = common::change::patch(&files, "m.py", &after);
        let report = impact::report(&patch, &Options::new(dir.path())).unwrap();
        let value = serde_json::to_value(&report).unwrap();
        let listed: BTreeSet<String> = report
            .breaking_changes
            .iter()
            .flat_map(|c| c.callsites.iter())
            .map(|c| format!("{}:{}", c.path, c.line))
            .collect();
        let line = before
            .lines()
            .position(|l| l.contains(&format!("self.{name}(1)")))
            .unwrap()
            + 1;
        assert_eq!(listed.contains(&format!("m.py:{line}")), broken, "{name}: {value}");
    }
}
