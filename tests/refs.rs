//! The references layer on the fixture repositories `fixtures/refs/<lang>`: a small shop
//! whose lines say in a comment what they refer to (`ref: PATH` found above `name_match`,
//! `doc: PATH` the same in documentation code, `nameonly: PATH` found by name only,
//! `notref: PATH` never reported, `breaks: PATH` a call
//! that adding a required parameter to PATH breaks). Every reference found must be marked,
//! and every marked line found: aliases, module constants, constructor chains, return types,
//! subclasses, `super`, re-export chains and barrels, shadowing locals and look-alikes of
//! another type, doc-tests, conditional code.

mod common;

use saguaro::apply::Options;
use saguaro::refs::{self, project::Project, Confidence};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo(lang: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/refs").join(lang)
}

/// (path, line) of every line marked `tag: symbol`.
fn marked(root: &Path, tag: &str, symbol: &str) -> BTreeSet<(String, usize)> {
    common::markers::marked_lines(root, tag, symbol)
        .into_iter()
        .map(|(path, line, _)| (path, line))
        .collect()
}

/// Checks the references to `symbol` (defined in `file`) against the markers.
fn check(lang: &str, file: &str, symbol: &str) {
    let root = repo(lang);
    let project = Project::scan(&root);
    let answer = refs::answer_in(&project, file, symbol).unwrap_or_else(|e| panic!("{lang} {symbol}: {e}"));
    let at = |r: &refs::Reference| (r.path.clone(), r.line);
    let confident: BTreeSet<_> = answer
        .references
        .iter()
        .filter(|r| r.confidence != Confidence::NameMatch)
        .map(at)
        .collect();
    let by_name: BTreeSet<_> = answer
        .references
        .iter()
        .filter(|r| r.confidence == Confidence::NameMatch)
        .map(at)
        .collect();
    let documentation: BTreeSet<_> = answer
        .documentation
        .iter()
        .filter(|r| r.confidence != Confidence::NameMatch)
        .map(at)
        .collect();
    assert_eq!(
        documentation,
        marked(&root, "doc", symbol),
        "{lang} {symbol}: references in documentation code"
    );
    let expected = marked(&root, "ref", symbol);
    let name_only = marked(&root, "nameonly", symbol);
    let never = marked(&root, "notref", symbol);
    assert!(!expected.is_empty(), "{lang} {symbol}: the fixture marks no reference");
    assert!(
        confident == expected,
        "{lang} {symbol}: found and not marked {:?}; marked and not found {:?}",
        confident.difference(&expected).collect::<Vec<_>>(),
        expected.difference(&confident).collect::<Vec<_>>()
    );
    assert_eq!(by_name, name_only, "{lang} {symbol}: name-only references");
    for line in &never {
        assert!(
            !confident.contains(line) && !by_name.contains(line),
            "{lang} {symbol}: {line:?} is reported"
        );
    }
}

#[test]
fn python_references_follow_aliases_constants_chains_and_reexports() {
    check("python", "shop/engine.py", "Engine.process");
    check("python", "shop/engine.py", "Engine");
    check("python", "a/_impl.py", "compute");
    check("python", "shop/clock.py", "time");
}

#[test]
fn typescript_references_follow_aliases_barrels_paths_and_the_package_name() {
    check("typescript", "src/shop/engine.ts", "Engine.process");
    check("typescript", "src/shop/engine.ts", "Engine");
    check("typescript", "src/shop/engine.ts", "DEFAULT");
    check("typescript", "src/util/errors.ts", "die");
}

#[test]
fn rust_references_follow_uses_return_types_fields_macros_and_doc_tests() {
    check("rust", "src/shop/engine.rs", "Engine.process");
    check("rust", "src/shop/engine.rs", "Engine");
    // A trait's provided method, reached through a type that implements the trait.
    check("rust", "src/shop/engine.rs", "Describe.describe");
}

#[test]
fn python_member_references_are_attributes_and_dataclass_keywords() {
    check("python", "shop/model.py", "Order.quantity");
    check("python", "shop/model.py", "Order.note");
    // An instance attribute, defined at its assignment in `__init__`.
    check("python", "shop/model.py", "Till.total");
    // A keyword of a class with its own `__init__` is a parameter, not the attribute.
    check("python", "shop/model.py", "Till.currency");
}

#[test]
fn typescript_member_references_are_accesses_destructured_keys_and_enum_members() {
    check("typescript", "src/util/options.ts", "RetryOptions.timeout");
    check("typescript", "src/util/options.ts", "RetryOptions.retries");
    check("typescript", "src/util/options.ts", "Scheduler.actions");
    check("typescript", "src/util/options.ts", "Level.Low");
    check("typescript", "src/util/options.ts", "Level.High");
}

#[test]
fn rust_member_references_are_accesses_literal_keys_patterns_and_variant_paths() {
    // Field accesses, struct literal keys and shorthand keys.
    check("rust", "src/shop/engine.rs", "Engine.config");
    check("rust", "src/shop/engine.rs", "Engine.history");
    check("rust", "src/shop/engine.rs", "FastEngine.inner");
    // Variant paths, and a struct-like variant's fields in literals and patterns; a method
    // of the field's name is called, never the field.
    check("rust", "src/shop/ledger.rs", "Entry.Credit");
    check("rust", "src/shop/ledger.rs", "Entry.Debit");
    check("rust", "src/shop/ledger.rs", "Entry.Debit.amount");
    check("rust", "src/shop/ledger.rs", "Entry.Debit.note");
    // `Engine { config, .. }` names the field and the local at once: a rename expands it.
    let project = Project::scan(&repo("rust"));
    let answer = refs::answer_in(&project, "src/shop/engine.rs", "Engine.config").unwrap();
    let shorthand: Vec<(usize, bool)> = answer.references.iter().map(|r| (r.line, r.shorthand)).collect();
    assert!(shorthand.contains(&(10, true)), "{shorthand:?}");
    assert!(shorthand.contains(&(14, false)), "{shorthand:?}");
}

/// Adds a required parameter to `Engine.process` and compares the breaking callsites with
/// the lines marked `breaks`: all of them, each above `name_match`, and no other.
/// The impact report's breaking change for `symbol` after one operation on it in `file`,
/// and its callsites above `name_match`.
fn breaking_change(
    lang: &str,
    file: &str,
    symbol: &str,
    operation: serde_json::Value,
) -> (saguaro::impact::BreakingChange, BTreeSet<(String, usize)>) {
    let patch = serde_json::json!({"type": "patch", "target_file": file, "operations": [operation]});
    let report = saguaro::impact::report(&patch.to_string(), &Options::new(repo(lang))).unwrap();
    let change = report
        .breaking_changes
        .into_iter()
        .find(|b| b.symbol == symbol)
        .unwrap_or_else(|| panic!("{lang}: no breaking change for {symbol}"));
    let confident = change
        .callsites
        .iter()
        .filter(|c| c.confidence != Confidence::NameMatch)
        .map(|c| (c.path.clone(), c.line))
        .collect();
    (change, confident)
}

fn impact_of_a_new_parameter(lang: &str, file: &str, content: &str) {
    let root = repo(lang);
    let operation = serde_json::json!({"op": "replace", "symbol": "Engine.process", "content": content});
    let (change, found) = breaking_change(lang, file, "Engine.process", operation);
    let expected = marked(&root, "breaks", "Engine.process");
    assert!(
        found == expected,
        "{lang}: found and not marked {:?}; marked and not found {:?}",
        found.difference(&expected).collect::<Vec<_>>(),
        expected.difference(&found).collect::<Vec<_>>()
    );
    // A call matched by name only is one the fixture says the checker cannot tell either.
    let name_only = marked(&root, "nameonly", "Engine.process");
    for c in change
        .callsites
        .iter()
        .filter(|c| c.confidence == Confidence::NameMatch)
    {
        assert!(name_only.contains(&(c.path.clone(), c.line)), "{lang}: {c:?}");
    }
}

#[test]
fn a_new_required_parameter_breaks_every_marked_call_and_only_those() {
    impact_of_a_new_parameter(
        "python",
        "shop/engine.py",
        "def process(self, order, verbose):\n    return [self.config.get(k) for k in order]\n",
    );
    impact_of_a_new_parameter(
        "typescript",
        "src/shop/engine.ts",
        "process(order: string[], verbose: boolean): number[] {\n  return order.map((k) => this.config[k] ?? 0);\n}\n",
    );
    impact_of_a_new_parameter(
        "rust",
        "src/shop/engine.rs",
        "pub fn process(&mut self, order: &[usize], verbose: bool) -> Vec<u32> {\n    let _ = verbose;\n    order.iter().map(|&k| self.config.get(k).copied().unwrap_or(0)).collect()\n}\n",
    );
}

#[test]
fn a_call_in_conditional_code_and_a_doc_test_are_listed_apart() {
    let root = repo("rust");
    let patch = serde_json::json!({
        "type": "patch",
        "target_file": "src/shop/engine.rs",
        "operations": [{"op": "replace", "symbol": "Engine.process",
            "content": "pub fn process(&mut self, order: &[usize], verbose: bool) -> Vec<u32> {\n    let _ = (order, verbose);\n    Vec::new()\n}\n"}]
    });
    let report = saguaro::impact::report(&patch.to_string(), &Options::new(&root)).unwrap();
    let change = &report.breaking_changes[0];
    let conditional: Vec<_> = change
        .conditional_callsites
        .iter()
        .map(|c| (c.path.as_str(), c.line))
        .collect();
    assert_eq!(conditional, [("src/cli.rs", 27)]);
    assert_eq!(
        change.conditional_callsites[0].conditional.as_deref(),
        Some(r#"cfg(feature = "legacy")"#)
    );
    let doc: Vec<_> = change.doc_callsites.iter().map(|c| (c.path.as_str(), c.line)).collect();
    assert_eq!(doc, [("src/lib.rs", 11)]);
}

#[test]
fn the_json_answer_has_the_interface_fields() {
    let root = repo("python");
    let out = common::saguaro(&["refs", "shop/engine.py", "Engine.process", "--json"], Some(&root));
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let answer = common::stdout_json(&out);
    assert_eq!(answer["symbol"], "Engine.process");
    assert_eq!(
        answer["definition"],
        serde_json::json!({"path": "shop/engine.py", "line": 17, "column": 9})
    );
    let first = &answer["references"][0];
    for field in ["path", "line", "column", "kind", "confidence", "reason"] {
        assert!(!first[field].is_null(), "{field} missing in {first}");
    }
    assert!(answer["errors"].as_array().unwrap().is_empty());
    // The human listing groups by file and names the tier.
    let text = common::saguaro(&["refs", "shop/engine.py", "Engine.process"], Some(&root));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("\nshop/cli.py\n"), "{text}");
    assert!(text.contains("receiver_typed"), "{text}");
}

#[test]
fn refusals_are_clear_and_exit_as_the_interface_says() {
    let root = repo("python");
    let run = |args: &[&str], dir: &Path| {
        let out = common::saguaro(args, Some(dir));
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (code, stdout) = run(&["refs", "shop/engine.py", "Engine.proces", "--json"], &root);
    assert_eq!(code, Some(1));
    assert!(stdout.contains("symbol_not_found"), "{stdout}");
    assert!(
        stdout.contains("Engine.process"),
        "the hint names the close path: {stdout}"
    );
    let (code, stdout) = run(&["refs", "shop/nowhere.py", "Engine", "--json"], &root);
    assert_eq!(code, Some(2));
    assert!(stdout.contains("file_missing"), "{stdout}");
    let (code, stdout) = run(
        &["refs", "../typescript/src/cli.ts", "main", "--root", ".", "--json"],
        &root,
    );
    assert_eq!(code, Some(1));
    assert!(stdout.contains("path_rejected"), "{stdout}");
    let twice = tempfile::tempdir().unwrap();
    std::fs::write(
        twice.path().join("m.py"),
        "def f():\n    pass\n\n\ndef f():\n    pass\n",
    )
    .unwrap();
    let (code, stdout) = run(&["refs", "m.py", "f", "--json"], twice.path());
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains("ambiguous_symbol") && stdout.contains("f#2"),
        "{stdout}"
    );
}

/// Removing a member (a field, a variant, a property) breaks every use of it: the impact
/// report lists them all, above `name_match`, as it lists a removed function's calls.
#[test]
fn a_removed_member_breaks_its_uses() {
    for (lang, file, symbol) in [
        ("rust", "src/shop/ledger.rs", "Entry.Debit.note"),
        ("rust", "src/shop/engine.rs", "Engine.history"),
        ("typescript", "src/util/options.ts", "RetryOptions.timeout"),
        ("typescript", "src/util/options.ts", "Level.High"),
    ] {
        let operation = serde_json::json!({"op": "delete", "symbol": symbol});
        let (_, found) = breaking_change(lang, file, symbol, operation);
        assert_eq!(found, marked(&repo(lang), "ref", symbol), "{lang} {symbol}");
    }
}

/// The confidence of the references to `symbol` of `file`, by line, in a tree of `files`.
fn found_in(files: &[(&str, &str)], file: &str, symbol: &str) -> Vec<(String, usize, Confidence)> {
    let dir = common::change::tree(files);
    let project = Project::scan(dir.path());
    let answer = refs::answer_in(&project, file, symbol).unwrap();
    answer
        .references
        .iter()
        .map(|r| (r.path.clone(), r.line, r.confidence))
        .collect()
}

/// Each reference's line and confidence, in order (the references of one file).
fn lines_found(found: Vec<(String, usize, Confidence)>) -> Vec<(usize, Confidence)> {
    found
        .into_iter()
        .map(|(_, line, confidence)| (line, confidence))
        .collect()
}

/// The lines of the references above `name_match`, in order.
fn sure_lines(found: &[(String, usize, Confidence)]) -> Vec<usize> {
    found
        .iter()
        .filter(|(_, _, c)| *c != Confidence::NameMatch)
        .map(|(_, line, _)| *line)
        .collect()
}

/// Whether a reference matched by name only is found on `line`.
fn name_match_at(found: &[(String, usize, Confidence)], line: usize) -> bool {
    found
        .iter()
        .any(|(_, at, c)| *at == line && *c == Confidence::NameMatch)
}

/// [`found_in`] a one-file crate whose `src/lib.rs` is `lib`.
fn found_in_crate(lib: &str, symbol: &str) -> Vec<(String, usize, Confidence)> {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    found_in(&[("Cargo.toml", manifest), ("src/lib.rs", lib)], "src/lib.rs", symbol)
}

/// A field read among a macro's tokens (`assert_eq!(c.port, 1)`) is an attribute access as it
/// is outside one; a method called there is a call.
#[test]
fn a_field_read_in_macro_tokens_is_an_attribute() {
    let lib = "pub struct Cfg {\n    pub port: u16,\n}\n\nimpl Cfg {\n    pub fn port(&self) -> u16 {\n        self.port\n    }\n}\n\npub fn f(c: &Cfg) -> u16 {\n    assert_eq!(c.port, c.port());\n    c.port\n}\n";
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let dir = common::change::tree(&[("Cargo.toml", manifest), ("src/lib.rs", lib)]);
    let project = Project::scan(dir.path());
    let kinds = |symbol: &str| -> Vec<(usize, String)> {
        refs::answer_in(&project, "src/lib.rs", symbol)
            .unwrap()
            .references
            .iter()
            .map(|r| (r.line, r.kind.as_str().to_string()))
            .collect()
    };
    let attribute = |line: usize| (line, "attribute".to_string());
    assert_eq!(kinds("Cfg.port#1"), vec![attribute(7), attribute(12), attribute(13)]);
    assert_eq!(kinds("Cfg.port#2"), vec![(12, "call".to_string())]);
}

/// Receivers typed by what the code writes around them: a name read in the value it is
/// bound to means the binding before (`b = b.plain() if b else b`); a parameter's type
/// is read where the function is (`box: box.Box` names the module, not the parameter); a
/// choice between values has their one type (`None` aside); a list literal holds its
/// elements' one type.
#[test]
fn receivers_typed_through_rebindings_choices_and_list_literals() {
    let shapes =
        "class Box:\n    def plain(self) -> \"Box\":\n        return self\n\n    def row(self):\n        return 1\n";
    let table = "\
from typing import Optional
import shapes as box


class Table:
    def __init__(self, box: Optional[box.Box] = None):
        self.box = box

    def render(self, show):
        b = (
            self.box.plain()
            if self.box
            else None
        )
        b = b.plain() if b and show else b
        lines = [box.Box()]
        line = lines[0]
        return b.row() + line.row()
";
    let found = found_in(&[("shapes.py", shapes), ("table.py", table)], "shapes.py", "Box.row");
    assert_eq!(
        found,
        vec![
            ("table.py".to_string(), 18, Confidence::ReceiverTyped),
            ("table.py".to_string(), 18, Confidence::ReceiverTyped)
        ]
    );
    // A conditional of two types says nothing: a name match.
    let other = "class Other:\n    def row(self):\n        return 2\n";
    let mixed = "from shapes import Box\nfrom other import Other\n\n\ndef f(c):\n    x = Box() if c else Other()\n    return x.row()\n";
    let found = found_in(
        &[("shapes.py", shapes), ("other.py", other), ("mixed.py", mixed)],
        "shapes.py",
        "Box.row",
    );
    assert_eq!(found, vec![("mixed.py".to_string(), 7, Confidence::NameMatch)]);
}

/// Inside a macro's tokens, a closure's bars do not pair with another closure's: a call
/// between them is a call, not a parameter.
#[test]
fn a_call_between_two_closures_in_a_macro_is_found() {
    let lib = "\
fn set(v: &[u8]) -> usize {
    v.len()
}

macro_rules! check {
    ($($t:tt)*) => { $($t)* };
}

check! {
    fn a(v: Vec<u8>) -> bool {
        v.iter().all(|&k| k > 0);
        let n = set(&v);
        v.iter().any(|k| *k as usize == n)
    }
}
";
    let found = found_in_crate(lib, "set");
    assert_eq!(found, vec![("src/lib.rs".to_string(), 12, Confidence::ImportResolved)]);
}

/// A module path segment spelled like the function the import takes from it is the module,
/// not the function; a value's own name read from a function inside it is the value.
#[test]
fn a_module_named_like_its_function_and_a_value_read_from_inside_itself() {
    let found = found_in(
        &[
            ("tests/__init__.py", ""),
            ("tests/frame.py", "def frame():\n    return 1\n"),
            ("tests/test_a.py", "from .frame import frame\n\nframe()\n"),
        ],
        "tests/frame.py",
        "frame",
    );
    let columns: Vec<(usize, Confidence)> = found.iter().map(|(_, line, c)| (*line, *c)).collect();
    assert_eq!(
        columns,
        vec![(1, Confidence::ImportResolved), (3, Confidence::ImportResolved)]
    );
    let found = found_in(
        &[(
            "src/p.ts",
            "export const provider = {\n  now(): number {\n    return provider.delegate ?? 0;\n  },\n  delegate: undefined as number | undefined,\n};\n",
        )],
        "src/p.ts",
        "provider",
    );
    assert_eq!(found, vec![("src/p.ts".to_string(), 3, Confidence::ImportResolved)]);
}

/// A `match` gives the one type of its arms' values, a diverging arm (`panic!()`) aside.
#[test]
fn a_receiver_typed_by_the_arms_of_a_match() {
    let lib = "\
pub struct Entry;

impl Entry {
    pub fn key(&self) -> u8 {
        1
    }
}

pub struct Other;

impl Other {
    pub fn key(&self) -> u8 {
        2
    }
}

pub fn f(x: Option<u8>) -> u8 {
    let e = match x {
        Some(_) => Entry,
        None => panic!(),
    };
    let o = match x {
        Some(_) => Other,
        None => unreachable!(),
    };
    e.key() + o.key()
}
";
    let found = found_in_crate(lib, "Entry.key");
    assert_eq!(found, vec![("src/lib.rs".to_string(), 26, Confidence::ReceiverTyped)]);
}

/// A module that imports a name from itself (`from rich.table import Table as Table` in
/// rich/table.py's `if __name__ == "__main__":` block) binds its own definition again: other
/// modules' imports of the name, and members reached through it, are the definition's.
#[test]
fn a_module_importing_its_own_name_still_defines_it() {
    let table = "\
class Table:
    def add_column(self, header=\"\"):
        return header


if __name__ == \"__main__\":
    from pkg.table import Table as Table

    Table().add_column(\"a\")
";
    let user = "from pkg.table import Table\n\n\ndef make():\n    t = Table()\n    t.add_column(\"x\")\n";
    let files = [("pkg/__init__.py", ""), ("pkg/table.py", table), ("pkg/user.py", user)];
    let found = found_in(&files, "pkg/table.py", "Table.add_column");
    assert_eq!(
        found,
        vec![
            ("pkg/table.py".to_string(), 9, Confidence::ReceiverTyped),
            ("pkg/user.py".to_string(), 6, Confidence::ReceiverTyped)
        ]
    );
    let found = found_in(&files, "pkg/table.py", "Table");
    let lines: Vec<(&str, usize, Confidence)> = found.iter().map(|(p, l, c)| (p.as_str(), *l, *c)).collect();
    assert!(
        lines.contains(&("pkg/user.py", 1, Confidence::ImportResolved)),
        "{lines:?}"
    );
    assert!(
        lines.contains(&("pkg/user.py", 5, Confidence::ImportResolved)),
        "{lines:?}"
    );
}

/// A turbofish on a type's path (`Map::<u8, u8>::new()`) gives its arguments to the type:
/// the path is still `Map::new`, and the value it makes is a `Map`.
#[test]
fn a_turbofish_on_a_type_path_still_types_the_value() {
    let lib = "\
pub struct Map<K, V> {
    k: Vec<(K, V)>,
}

impl<K, V> Map<K, V> {
    pub fn new() -> Self {
        Map { k: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.k.len()
    }
}

pub fn a() -> usize {
    let m = Map::<u8, u8>::new();
    assert_eq!(m.len(), 0);
    m.len()
}
";
    let found = found_in_crate(lib, "Map.len");
    assert_eq!(
        found,
        vec![
            ("src/lib.rs".to_string(), 17, Confidence::ReceiverTyped),
            ("src/lib.rs".to_string(), 18, Confidence::ReceiverTyped)
        ]
    );
}

/// A wrapper whose methods reach what it holds, made by its constructor
/// (`ManuallyDrop::new(self)`, `Box::new(x)`, `std::rc::Rc::new(x)`), is typed as what it
/// holds: calls on it are the inner type's.
#[test]
fn a_wrapper_made_by_its_constructor_passes_methods_to_what_it_holds() {
    let lib = "\
use std::mem::ManuallyDrop;

pub struct S {
    a: u8,
}

impl S {
    pub fn m(&self) -> u8 {
        self.a
    }

    pub fn n(self) -> u8 {
        let b = ManuallyDrop::new(self);
        let c = Box::new(S { a: 1 });
        let d = std::rc::Rc::new(S { a: 1 });
        b.m() + c.m() + d.m()
    }
}
";
    let found = found_in_crate(lib, "S.m");
    assert_eq!(
        found,
        vec![("src/lib.rs".to_string(), 16, Confidence::ReceiverTyped); 3]
    );
}

/// `self` in the body of a `macro_rules!` is the type of the impls the macro is invoked in:
/// one type for every invocation this definition governs (a macro of the same name defined
/// later, or in another file that defines its own, governs its own invocations), else the
/// name only.
#[test]
fn self_in_a_macro_body_is_the_type_of_the_impls_invoking_it() {
    let lib = "\
pub struct Value;
pub struct Other;

impl Value {
    fn invalid(&self) -> u8 {
        1
    }
}

impl Other {
    fn invalid(&self) -> u8 {
        2
    }
}

macro_rules! check {
    ($m:ident) => {
        fn $m(&self) -> u8 {
            self.invalid()
        }
    };
}

macro_rules! both {
    ($m:ident) => {
        fn $m(&self) -> u8 {
            self.invalid()
        }
    };
}

impl Value {
    check!(a);
    check!(b);
    both!(c);
}

impl Other {
    both!(d);
}

macro_rules! check {
    ($m:ident) => {
        fn $m(&self) -> u8 {
            self.invalid() + 1
        }
    };
}

impl Other {
    check!(e);
}
";
    let found = found_in_crate(lib, "Value.invalid");
    let line_of = |needle: &str, nth: usize| {
        lib.lines()
            .enumerate()
            .filter(|(_, l)| l.contains(needle))
            .nth(nth)
            .unwrap()
            .0
            + 1
    };
    let check_body = line_of("self.invalid()", 0);
    let both_body = line_of("self.invalid()", 1);
    assert!(
        found.contains(&("src/lib.rs".to_string(), check_body, Confidence::ReceiverTyped)),
        "{found:?}"
    );
    // `both!` is invoked in impls of two types: its `self` is either.
    assert!(
        found
            .iter()
            .all(|(_, line, c)| *line != both_body || *c == Confidence::NameMatch),
        "{found:?}"
    );
    // The second `check!` is invoked in `impl Other` only: not `Value`'s.
    let second = line_of("self.invalid() + 1", 0);
    assert!(
        found
            .iter()
            .all(|(_, line, c)| *line != second || *c == Confidence::NameMatch),
        "{found:?}"
    );
}

/// A `#[cfg(...)]` among a macro's tokens leaves out what it is written on, as it does on
/// an item: a reference there carries the `cfg`.
#[test]
fn a_cfg_among_a_macro_s_tokens_leaves_its_item_out() {
    let lib = "\
pub struct Value;

impl Value {
    fn invalid(&self) -> u8 {
        1
    }
}

macro_rules! check {
    ($m:ident) => {
        #[cfg(feature = \"nope\")]
        fn $m(&self) -> u8 {
            self.invalid()
        }

        #[cfg(not(feature = \"nope\"))]
        fn $m(&self) -> u8 {
            self.invalid() + 1
        }
    };
}

impl Value {
    check!(a);
}
";
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let dir = common::change::tree(&[("Cargo.toml", manifest), ("src/lib.rs", lib)]);
    let answer = saguaro::refs::answer(dir.path(), "src/lib.rs", "Value.invalid").unwrap();
    let conditions: Vec<(usize, Option<String>)> = answer
        .references
        .iter()
        .map(|r| (r.line, r.conditional.clone()))
        .collect();
    assert_eq!(
        conditions,
        [(13, Some("cfg(feature = \"nope\")".to_string())), (18, None)],
        "{conditions:?}"
    );
}

/// Cargo makes each optional dependency a feature of its own name, unless a feature names it
/// `dep:NAME`: with docs.rs's `all-features`, code under `cfg(feature = "pem")` of `pem = {
/// optional = true }` is built; `pkcs8/std` turns on `pkcs8`, `pkcs8?/alloc` does not.
#[test]
fn an_optional_dependency_is_a_feature_of_its_name() {
    let lib = "\
pub fn used() -> u8 {
    1
}

#[cfg(feature = \"pem\")]
pub fn a() -> u8 {
    used()
}

#[cfg(feature = \"hidden\")]
pub fn b() -> u8 {
    used()
}

#[cfg(feature = \"pkcs8\")]
pub fn c() -> u8 {
    used()
}

#[cfg(feature = \"spki\")]
pub fn d() -> u8 {
    used()
}
";
    let conditions = |manifest: &str| -> Vec<(usize, Option<String>)> {
        let dir = common::change::tree(&[("Cargo.toml", manifest), ("src/lib.rs", lib)]);
        let answer = saguaro::refs::answer(dir.path(), "src/lib.rs", "used").unwrap();
        answer
            .references
            .iter()
            .map(|r| (r.line, r.conditional.clone()))
            .collect()
    };
    let head = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let all = format!(
        "{head}\n[package.metadata.docs.rs]\nall-features = true\n\n[features]\nextra = [\"dep:hidden\"]\n\n[dependencies]\npem = {{ version = \"1\", optional = true }}\nhidden = {{ version = \"1\", optional = true }}\n"
    );
    let cfg = |name: &str| Some(format!("cfg(feature = \"{name}\")"));
    assert_eq!(
        conditions(&all),
        [(7, None), (12, cfg("hidden")), (17, cfg("pkcs8")), (22, cfg("spki"))]
    );
    let default = format!(
        "{head}\n[features]\ndefault = [\"std\"]\nstd = [\"pkcs8/std\", \"spki?/std\"]\n\n[dependencies]\npkcs8 = {{ version = \"1\", optional = true }}\nspki = {{ version = \"1\", optional = true }}\n"
    );
    assert_eq!(
        conditions(&default),
        [(7, cfg("pem")), (12, cfg("hidden")), (17, None), (22, cfg("spki"))]
    );
}

/// Rust keeps macros apart from types: `use k::Error;` beside `use thiserror::Error;` (a
/// derive macro) binds `Error` twice, and a type written `Error` is the crate's type.
#[test]
fn a_rust_type_imported_beside_a_macro_of_its_name_is_the_type() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "pub struct Error;\n\nimpl Error {\n    pub fn root_cause(&self) -> u8 {\n        1\n    }\n}\n";
    let test = "\
use k::Error;
use thiserror::Error;

#[derive(Debug, Error)]
struct Local;

fn make() -> (Error, u8) {
    (Error, 1)
}

fn t(e: Error) {
    let (f, _) = make();
    e.root_cause();
    f.root_cause();
}
";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib), ("tests/t.rs", test)];
    let found = found_in(&files, "src/lib.rs", "Error.root_cause");
    assert_eq!(
        found,
        [
            ("tests/t.rs".to_string(), 13, Confidence::ReceiverTyped),
            ("tests/t.rs".to_string(), 14, Confidence::ReceiverTyped)
        ]
    );
}

/// A `use` starts from the crate even where it imports a macro named like the crate
/// (`use smallvec::{smallvec, SmallVec};`): the name it binds is not where its path starts.
#[test]
fn a_use_importing_a_macro_named_like_its_crate_still_starts_from_the_crate() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "#[macro_export]\nmacro_rules! k {\n    () => {\n        $crate::Store\n    };\n}\n\npub struct Store;\n";
    let bench = "use k::{k, Store};\n\nfn make() -> Store {\n    k!()\n}\n";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("benches/bench.rs", bench),
    ];
    let found = found_in(&files, "src/lib.rs", "Store");
    let bench_lines: Vec<(usize, Confidence)> = found
        .iter()
        .filter(|(p, _, _)| p == "benches/bench.rs")
        .map(|(_, l, c)| (*l, *c))
        .collect();
    assert_eq!(
        bench_lines,
        [(1, Confidence::ImportResolved), (3, Confidence::ImportResolved)]
    );
}

/// One name bound once per configuration (`#[cfg(..)] use crate::Chain;` beside
/// `#[cfg(not(..))] struct Chain`): the binding the configuration keeps is the name.
#[test]
fn a_rust_name_bound_once_per_configuration_is_the_binding_kept() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "mod chain;\n\npub struct Chain {\n    state: u8,\n}\n";
    let chain = "\
#[cfg(not(feature = \"tiny\"))]
pub(crate) use crate::Chain;

#[cfg(feature = \"tiny\")]
pub(crate) struct Chain {
    state: u8,
}

impl Chain {
    pub fn new() -> Self {
        Chain { state: 1 }
    }
}
";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib), ("src/chain.rs", chain)];
    let found = found_in(&files, "src/lib.rs", "Chain.state");
    assert_eq!(found, [("src/chain.rs".to_string(), 11, Confidence::ReceiverTyped)]);
}

/// Rust keeps modules apart from values: a crate root with a private `mod peek;` and a glob
/// re-export of `fn peek` means the function where a path is called or a `use` imports it;
/// a `let` among a macro's tokens types its name by its value.
#[test]
fn a_module_and_a_value_of_one_name_and_locals_of_macro_tokens() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "pub mod free;\npub use crate::free::*;\nmod peek;\n";
    let free = "pub use crate::peek::peek;\n";
    let peek =
        "pub struct Peek;\n\nimpl Peek {\n    pub fn look(&self) {}\n}\n\npub fn peek() -> Peek {\n    Peek\n}\n";
    let test = "\
use k::peek;

macro_rules! run {
    ($($t:tt)*) => { $($t)* };
}

#[test]
fn direct() {
    k::peek().look();
    k::free::peek().look();
}

run! {
    fn in_macro() {
        let it = k::peek();
        it.look();
    }
}
";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/free.rs", free),
        ("src/peek.rs", peek),
        ("tests/t.rs", test),
    ];
    let lines = |found: Vec<(String, usize, Confidence)>| {
        found
            .into_iter()
            .filter(|(_, _, c)| *c != Confidence::NameMatch)
            .map(|(p, l, _)| format!("{p}:{l}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(found_in(&files, "src/peek.rs", "peek")),
        [
            "src/free.rs:1",
            "tests/t.rs:1",
            "tests/t.rs:9",
            "tests/t.rs:10",
            "tests/t.rs:15"
        ]
    );
    assert_eq!(
        lines(found_in(&files, "src/peek.rs", "Peek.look")),
        ["tests/t.rs:9", "tests/t.rs:10", "tests/t.rs:16"]
    );
}

/// A value of a union type has a member all its types share (one definition, inherited
/// from a common base), and one only some of them have is theirs (code that runs reads it
/// only on those); one they define apart stays a name match.
#[test]
fn a_member_shared_by_every_type_of_a_union_is_known() {
    let types = "\
export interface Base {
  modified_: boolean;
}
interface A extends Base {
  kind: \"a\";
  only_: number;
}
interface B extends Base {
  kind: \"b\";
}
export type State = A | B;
export function f(s: State, t: A | B | undefined) {
  return s.modified_ && t?.modified_ && s.only_ && s.kind;
}
export function kind(): string {
  return \"\";
}
interface C { only_: string }
export function g(u: A | C) {
  return u.only_;
}
";
    let files = [("src/types.ts", types)];
    assert_eq!(
        found_in(&files, "src/types.ts", "Base.modified_"),
        [
            ("src/types.ts".to_string(), 13, Confidence::ReceiverTyped),
            ("src/types.ts".to_string(), 13, Confidence::ReceiverTyped)
        ]
    );
    let only = found_in(&files, "src/types.ts", "A.only_");
    assert_eq!(
        only,
        [
            ("src/types.ts".to_string(), 13, Confidence::ReceiverTyped),
            ("src/types.ts".to_string(), 20, Confidence::NameMatch)
        ]
    );
    // A function is never reached as a member of a value.
    assert_eq!(found_in(&files, "src/types.ts", "kind"), []);
    // The shared field's declared type types what is read off it.
    let chained = "\
export interface Scope {
  drafts_: number[];
}
interface Base {
  scope_: Scope;
}
interface A extends Base {
  kind: \"a\";
}
interface B extends Base {
  kind: \"b\";
}
export function g(s: A | B) {
  return s.scope_.drafts_;
}
";
    assert_eq!(
        found_in(&[("src/chain.ts", chained)], "src/chain.ts", "Scope.drafts_"),
        [("src/chain.ts".to_string(), 14, Confidence::ReceiverTyped)]
    );
}

/// `NAMES += [...]` binds no new name in Python: it is the variable bound before.
#[test]
fn an_augmented_assignment_is_the_variable_it_adds_to() {
    let module = "NAMES = []\nNAMES += [\"a\"]\n\n\ndef names():\n    return NAMES\n";
    let lines: Vec<usize> = found_in(&[("m.py", module)], "m.py", "NAMES")
        .into_iter()
        .map(|(_, line, _)| line)
        .collect();
    assert_eq!(lines, [2, 6]);
}

/// A `#[macro_export]` macro lives at its crate's root whatever module writes it; its value
/// is what every arm's one call gives (`$crate::Error::msg(..)`); the crate's name that
/// starts `use k::oops;` is the crate, not the macro the `use` binds.
#[test]
fn an_exported_macro_is_at_the_crate_root_and_its_value_is_its_arms_call() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
#[macro_use]
mod macros;

pub struct Error;

impl Error {
    pub fn msg(m: &str) -> Self {
        Error
    }
    pub fn context(self, c: &str) -> Self {
        self
    }
}

pub mod __private {
    pub fn must_use(error: crate::Error) -> crate::Error {
        error
    }
}
";
    let macros = "\
#[macro_export]
macro_rules! k {
    ($msg:literal $(,)?) => {
        $crate::__private::must_use({
            let error = $crate::Error::msg($msg);
            error
        })
    };
    ($fmt:expr, $($arg:tt)*) => {
        $crate::Error::msg($fmt)
    };
}
";
    let test = "use k::k;\n\nfn f() -> k::Error {\n    k!(\"x\").context(\"y\")\n}\n";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/macros.rs", macros),
        ("tests/t.rs", test),
    ];
    let at = |found: Vec<(String, usize, Confidence)>| {
        found
            .into_iter()
            .map(|(p, l, c)| format!("{p}:{l} {c:?}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        at(found_in(&files, "src/macros.rs", "k")),
        ["tests/t.rs:1 ImportResolved", "tests/t.rs:4 ImportResolved"]
    );
    assert_eq!(
        at(found_in(&files, "src/lib.rs", "Error.context")),
        ["tests/t.rs:4 ReceiverTyped"]
    );
}

/// `Coroutine[Any, Any, Resp]` holds its third argument, what awaiting it gives; awaiting a
/// value of a class of the root gives what its awaitable base holds, with the value's type
/// arguments (`"Manager[Resp]"`, a string annotation read in place); what saguaro does not
/// read there (`async with` on a class without `__aenter__`) is matched by name, never
/// dropped as foreign.
#[test]
fn a_coroutine_holds_its_return_and_an_awaited_class_gives_what_its_base_holds() {
    let module = "\
from typing import Any, Coroutine, Generator, Generic, TypeVar

T = TypeVar(\"T\")


class Resp:
    def __init__(self) -> None:
        self._reader = 1


class Manager(Coroutine[Any, Any, T], Generic[T]):
    def __init__(self, coro: Coroutine[Any, None, T]) -> None:
        self._coro = coro

    def __await__(self) -> Generator[Any, None, T]:
        return self._coro.__await__()


class Session:
    def connect(self) -> \"Manager[Resp]\":
        return Manager(self._connect())

    async def _connect(self) -> Resp:
        return Resp()


async def main() -> None:
    s = Session()
    r = await s.connect()
    r._reader
    async with s.connect() as w:
        w._reader


def later() -> Coroutine[Any, Any, Resp]:
    return Session()._connect()


async def third() -> None:
    (await later())._reader
";
    let found = found_in(&[("m.py", module)], "m.py", "Resp._reader");
    let all: Vec<(usize, Confidence)> = found.iter().map(|(_, l, c)| (*l, *c)).collect();
    assert_eq!(
        all,
        [
            (30, Confidence::ReceiverTyped),
            (32, Confidence::NameMatch),
            (40, Confidence::ReceiverTyped)
        ]
    );
}

/// `async with` binds what the manager's `__aenter__` gives, not its `__enter__` (a class may
/// write both, `__enter__` only to refuse); `await f()` of an `async def f() -> Resp` is a
/// `Resp`; a value of a class of the root called (`client(app)`) is what its `__call__`
/// gives (the overloads its arguments may fit), and awaited when that is async.
#[test]
fn async_managers_async_functions_and_called_values_give_their_written_types() {
    let module = "\
from typing import Protocol, overload


class Resp:
    def __init__(self) -> None:
        self.body = 1


class App:
    pass


class Server:
    pass


class Session:
    def __enter__(self) -> None:
        raise TypeError(\"use async with\")

    async def __aenter__(self) -> \"Session\":
        return self

    async def fetch(self) -> Resp:
        return Resp()


class Client(Protocol):
    @overload
    async def __call__(self, app: App) -> Resp: ...
    @overload
    async def __call__(self, app: Server) -> Session: ...


async def main(client: Client) -> None:
    async with Session() as s:
        r = await s.fetch()
        r.body
    made = await client(App())
    made.body
";
    let found = found_in(&[("m.py", module)], "m.py", "Resp.body");
    let all: Vec<(usize, Confidence)> = found.iter().map(|(_, l, c)| (*l, *c)).collect();
    assert_eq!(all, [(38, Confidence::ReceiverTyped), (40, Confidence::ReceiverTyped)]);
}

/// A field called as a value through a wrapper (`(*r.hook.filter)(1)`, `(r.hook.filter)(1)`)
/// is the field; a turbofish on a method (`h.run::<u8>()`) keeps it a method call.
#[test]
fn a_field_called_through_a_deref_is_the_field() {
    let lib = "\
pub struct Hook {
    pub filter: Box<dyn Fn(u8) -> bool>,
}

impl Hook {
    pub fn run<T>(&self) -> bool {
        true
    }
}

fn f(hook: &Hook) -> bool {
    let a = (*hook.filter)(1);
    let b = (hook.filter)(1);
    a && b && hook.run::<u8>()
}
";
    let filter = found_in_crate(lib, "Hook.filter");
    assert_eq!(sure_lines(&filter), [12, 13], "{filter:?}");
    let run = found_in_crate(lib, "Hook.run");
    assert_eq!(sure_lines(&run), [14], "{run:?}");
}

/// `Self` in a tuple struct pattern (`let Self(frame, theme) = self;`) is the impl's type,
/// as it is in any other path.
#[test]
fn self_in_a_pattern_is_the_impls_type() {
    let lib = "\
pub struct Frame {
    pub n: usize,
}

struct Styled<'a>(&'a Frame, u8);

impl Styled<'_> {
    fn index(&self) -> usize {
        let Self(frame, _theme) = self;
        frame.n
    }
}
";
    let found = found_in_crate(lib, "Frame.n");
    assert_eq!(sure_lines(&found), [10], "{found:?}");
}

/// `extern crate k as kk;` binds the crate under its alias: `use kk::config::Mode` is the
/// crate's `Mode`, and an extern crate outside the root is foreign.
#[test]
fn an_extern_crate_alias_names_the_crate() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let config = "pub enum Mode {\n    A,\n    B,\n}\n";
    let aliased = "extern crate k as kk;\nextern crate serde as sd;\n\nuse kk::config::Mode;\n\n#[test]\nfn t() {\n    let _ = (Mode::A, sd::de::Mode::A);\n}\n";
    let found = found_in(
        &[
            ("Cargo.toml", manifest),
            ("src/lib.rs", "pub mod config;\n"),
            ("src/config.rs", config),
            ("tests/x.rs", aliased),
        ],
        "src/config.rs",
        "Mode.A",
    );
    let all: Vec<(&str, usize, Confidence)> = found.iter().map(|(p, l, c)| (p.as_str(), *l, *c)).collect();
    assert_eq!(all, [("tests/x.rs", 8, Confidence::ReceiverTyped)], "{found:?}");
}

/// TypeScript: a mapping callback gives its written return type before its body's value
/// (`nodes.flatMap((n): Flat[] => ..)` of a foreign array); a literal returned from an
/// `async` function is expected to be what its written `Promise<T>` holds; a type parameter
/// is inferred from the arguments that settle it, not unsettled by a parameter given nothing
/// or by callbacks written in place with untyped parameters (`[(d) => d.path]`).
#[test]
fn typescript_callbacks_async_returns_and_inference_past_untyped_callbacks() {
    let module = "\
import type { Outside } from 'elsewhere'

interface Flat {
  text: string
  cls: string[]
}

export interface Found {
  root?: Flat
  all: Array<Flat>
}

function flat(nodes: Outside[]) {
  return nodes.flatMap((n): Flat[] => (n.kids ? flat(n.kids) : [{ text: n.v, cls: [] }]))
}

export async function find(nodes: Outside[]): Promise<Found> {
  const all = flat(nodes)
  all.forEach((f) => f.cls.length)
  const root = all[0]
  return { root, all }
}

export function sortBy<T>(arr: Array<T>, keys: Array<(item: T) => unknown> = []): Array<T> {
  return arr
}

export function use(found: Found) {
  const sorted = sortBy(found.all, [(d) => d.text])
  sorted.filter((f) => f.cls.length)
  const again = sortBy(found.all)
  return again[0].cls
}
";
    let cls = found_in(&[("a.ts", module)], "a.ts", "Flat.cls");
    assert_eq!(sure_lines(&cls), [14, 19, 30, 32], "{cls:?}");
    let root = found_in(&[("a.ts", module)], "a.ts", "Found.root");
    assert_eq!(sure_lines(&root), [21], "{root:?}");
}

/// Rust's `mk().await` of an `async fn mk() -> Frame` is a `Frame`, as Python's `await`.
#[test]
fn an_async_fn_awaited_gives_its_written_return() {
    let lib = "\
pub struct Frame {
    pub n: usize,
}

pub async fn mk() -> Frame {
    Frame { n: 1 }
}

pub async fn run() -> usize {
    let f = mk().await;
    f.n + mk().await.n
}
";
    let found = found_in_crate(lib, "Frame.n");
    assert_eq!(sure_lines(&found), [6, 11, 11], "{found:?}");
}

/// A closure given to a pass-through wrapper's constructor (`Box::new(|frames| ..)`) where a
/// `Box<dyn Fn(..) + Send + Sync>` is expected, written or through an alias, takes its
/// parameters from that function type: the wrapper is read as what it holds, and every bound
/// of `dyn A + B` is read. A closure given to a constructor where nothing is expected stays
/// unknown.
#[test]
fn a_closure_boxed_where_a_boxed_function_is_expected_takes_its_parameters() {
    let lib = "\
pub struct Frame {
    pub name: Option<String>,
}

pub type FilterCallback = dyn Fn(&mut Vec<&Frame>) + Send + Sync + 'static;

pub struct Hooks;

impl Hooks {
    pub fn add_filter(self, filter: Box<FilterCallback>) -> Self {
        self
    }
    pub fn add_one(self, filter: std::sync::Arc<dyn Fn(&Frame) + Send>) -> Self {
        self
    }
}

fn install(h: Hooks) {
    h.add_filter(Box::new(|frames| {
        frames.retain(|frame| frame.name.is_some());
    }))
    .add_one(std::sync::Arc::new(|frame| {
        let _ = frame.name.as_ref();
    }));
    let loose = Box::new(|frame| frame.name.is_none());
}
";
    let found = found_in_crate(lib, "Frame.name");
    assert_eq!(sure_lines(&found), [20, 23], "{found:?}");
    assert!(found.iter().any(|(_, line, _)| *line == 25), "{found:?}");
}

/// `collect()` into a `Vec<_>` of a chain saguaro does not follow (a foreign iterator) is a
/// collection of what the mapping callback makes (`Frame { n }`); a `collect()` left wholly
/// to inference collects the same elements, unless a type of the root collects them
/// (`impl FromIterator<Frame>`); `sort_by_key`'s callback takes an element.
#[test]
fn a_collection_left_to_inference_holds_the_elements_collected() {
    let lib = "\
pub struct Frame {
    pub n: usize,
}

fn f(raw: &backtrace::Backtrace) -> usize {
    let frames: Vec<_> = raw
        .frames()
        .iter()
        .zip(1usize..)
        .map(|(_sym, n)| Frame { n })
        .collect();
    let _ = frames[0].n;
    let mut picked = frames.iter().collect();
    picked.sort_by_key(|x| x.n);
    let last = picked.last().unwrap().n;
    for frame in &picked {
        let _ = frame.n;
    }
    last
}
";
    let found = found_in_crate(lib, "Frame.n");
    assert_eq!(sure_lines(&found), [10, 12, 14, 15, 17], "{found:?}");
    let collected = format!("{lib}\npub struct Frames(Vec<Frame>);\n\nimpl FromIterator<Frame> for Frames {{\n    fn from_iter<I: IntoIterator<Item = Frame>>(i: I) -> Self {{\n        Frames(i.into_iter().collect())\n    }}\n}}\n");
    let found = found_in_crate(&collected, "Frame.n");
    assert_eq!(sure_lines(&found), [10, 12], "{found:?}");
}

/// A type parameter bounded by a conversion trait holds what it converts to: `into()` of
/// `C: Into<Rgb>` is an `Rgb`, `as_ref()` of `impl AsRef<Rgb>` a reference to one.
#[test]
fn a_conversion_bound_gives_its_target_through_its_method() {
    let lib = "\
pub struct Rgb {
    pub g: u8,
}

pub fn custom<C: Into<Rgb>>(color: C) -> u8 {
    let color = color.into();
    color.g
}

pub fn viewed(color: impl AsRef<Rgb>) -> u8 {
    color.as_ref().g
}

pub fn kept(color: Option<Rgb>) -> u8 {
    color.as_ref().map_or(0, |c| c.g)
}
";
    let found = found_in_crate(lib, "Rgb.g");
    assert_eq!(sure_lines(&found), [7, 11, 15], "{found:?}");
}

/// A comprehension's first iterable is read in the scope around it, as Python evaluates it:
/// `imps = [i.resolved() for i in imps]` iterates the `imps` bound before (not itself), and
/// a class body's comprehension iterates the class's own attribute.
#[test]
fn a_comprehensions_first_iterable_is_read_around_it() {
    let module = "\
from dataclasses import dataclass
from typing import List, Optional


@dataclass
class Item:
    name: Optional[str] = None

    def resolved(self) -> \"Item\":
        return self


def run(items: List[Item]):
    imps: List[Item] = [*items]
    imps = [i.resolved() for i in imps]
    return {i.name for i in imps}


class Holder:
    ITEMS = [Item()]
    NAMES = [i.name for i in ITEMS]
";
    let found = found_in(&[("m.py", module)], "m.py", "Item.name");
    assert_eq!(sure_lines(&found), [16, 21], "{found:?}");
}

/// A macro call's value is what the rule its tokens choose gives, the first rule in order
/// whose pattern takes them (`$msg:literal $(,)?` takes `"x"`, not `err` nor `"{}", x`),
/// through a block ending in the local its `let` binds; a call whose rule's value saguaro
/// does not read (a `match`) stays unknown though the other rules agree.
#[test]
fn a_macro_call_is_what_the_rule_its_tokens_choose_gives() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
#[macro_use]
mod macros;

pub struct Report {
    pub note: String,
}

impl Report {
    pub fn msg(m: &str) -> Self {
        Report { note: m.to_string() }
    }
}

pub trait Kind {
    fn report(self) -> Report;
}
";
    let macros = "\
#[macro_export]
macro_rules! report {
    ($msg:literal $(,)?) => ({
        let error = $crate::Report::msg($msg);
        error
    });
    ($err:expr $(,)?) => ({
        let error = match $err {
            error => $crate::Kind::report(error),
        };
        error
    });
    ($fmt:expr, $($arg:tt)*) => {
        $crate::Report::msg($fmt)
    };
}
";
    let test = "\
fn f(err: String) {
    let mut a = k::report!(\"x\");
    a.note = String::new();
    let b = k::report!(\"{}\", err);
    let _ = b.note;
    let c = k::report!(err);
    let _ = c.note;
}
";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/macros.rs", macros),
        ("tests/t.rs", test),
    ];
    let found: Vec<String> = found_in(&files, "src/lib.rs", "Report.note")
        .into_iter()
        .filter(|(p, _, _)| p == "tests/t.rs")
        .map(|(p, l, c)| format!("{p}:{l} {c:?}"))
        .collect();
    assert_eq!(
        found,
        [
            "tests/t.rs:3 ReceiverTyped",
            "tests/t.rs:5 ReceiverTyped",
            "tests/t.rs:7 NameMatch"
        ]
    );
}

/// An object literal that goes to a union is the member its string discriminants choose
/// (`{ type: 'added', .. }`), as the checker narrows it.
#[test]
fn an_object_literal_for_a_union_is_the_member_its_discriminant_names() {
    let events = "\
interface Added {
  type: 'added';
  query: number;
}
interface Removed {
  type: 'removed';
  query: number;
}
type Event = Added | Removed;
export function notify(e: Event) {}
notify({ type: 'added', query: 1 });
notify({ type: 'removed', query: 2 });
";
    let files = [("src/events.ts", events)];
    assert_eq!(
        found_in(&files, "src/events.ts", "Added.query"),
        [("src/events.ts".to_string(), 11, Confidence::ReceiverTyped)]
    );
    assert_eq!(
        found_in(&files, "src/events.ts", "Removed.query"),
        [("src/events.ts".to_string(), 12, Confidence::ReceiverTyped)]
    );
}

/// `(x.name)(..)` calls the field `name` (a function pointer); `x.name(..)` the method.
#[test]
fn a_parenthesized_member_call_is_the_fields() {
    let lib = "\
pub struct Vtable {
    pub is_unique: fn(&u8) -> bool,
}

pub fn unique(v: &Vtable, x: u8) -> bool {
    (v.is_unique)(&x)
}
";
    assert_eq!(
        found_in_crate(lib, "Vtable.is_unique"),
        [("src/lib.rs".to_string(), 6, Confidence::ReceiverTyped)]
    );
}

/// An object literal passed to an overloaded function takes the parameter's type from the
/// overloads that have that parameter (`share()` and `share(options: ShareConfig)`).
#[test]
fn an_object_literal_passed_to_an_overloaded_function_takes_its_parameters_type() {
    let share = "\
export interface ShareConfig {
  connector?: () => number;
}
export function share(): number;
export function share(options: ShareConfig): number;
export function share(options: ShareConfig = {}): number {
  return 0;
}
share({ connector: () => 1 });
";
    assert_eq!(
        found_in(&[("src/share.ts", share)], "src/share.ts", "ShareConfig.connector"),
        [("src/share.ts".to_string(), 9, Confidence::ReceiverTyped)]
    );
}

/// TypeScript's contextual typing and type parameters: a method or arrow function written
/// in an object literal whose type is expected takes its parameters from the expected
/// type's member of its name; a value of a type parameter has its bound's members; a call's
/// explicit type argument stands for the callee's parameter, through an alias that maps its
/// members (`ProtoOf<T>`, `Partial<T>`, `Names<T>`); an interface merged with a function of
/// its name is called as the function. A parameter typed otherwise, or of an unbounded type
/// parameter, is not the target's.
#[test]
fn typescript_contextual_parameters_type_parameter_bounds_and_mapping_aliases() {
    let util = "\
export type ProtoOf<T> = {
  [K in keyof T]?: (T[K] extends (...args: infer A) => infer R ? (...args: A) => R : T[K]) | undefined;
} & ThisType<T>;
export type Names<T> = { [K in keyof T]: string };
";
    let core = "\
import type { ProtoOf } from \"./util\";
export interface Trait { name: string }
export interface make<T extends Trait> { new (): T }
export function make<T extends Trait>(name: string, proto?: ProtoOf<T>): T {
  return {} as T;
}
export class Registry {
  add(x: unknown): void {}
}
export class Other {
  add(x: unknown): void {}
}
";
    let schemas = "\
import * as core from \"./core\";
import type { Names } from \"./util\";
export interface Thing {
  name: string;
  register<R extends core.Registry>(reg: R): this;
  plain(reg: core.Registry): void;
  other(reg: core.Other): void;
}
export const Thing: core.make<Thing> = core.make<Thing>(\"Thing\", {
  register(reg) {
    reg.add(this);
    return this;
  },
  plain: (r) => {
    r.add(1);
  },
  other(o) {
    o.add(2);
  },
});
export function bounded<R extends core.Registry>(r: R, t: Partial<R>, n: Names<R>) {
  r.add(3);
  t.add?.(4);
  return n.add;
}
export function unbounded<T>(x: T) {
  (x as any).add(5);
}
";
    let files = [
        ("src/util.ts", util),
        ("src/core.ts", core),
        ("src/schemas.ts", schemas),
    ];
    let found = found_in(&files, "src/core.ts", "Registry.add");
    let sure = sure_lines(&found);
    // `n.add` is the key `Names<R>` keeps from `R` (a rename of `add` breaks it).
    assert_eq!(sure, vec![11, 15, 22, 23, 24], "{found:?}");
    // `o.add` is `Other.add`; `x` says nothing.
    let by_name: Vec<usize> = found
        .iter()
        .filter(|(_, _, c)| *c == Confidence::NameMatch)
        .map(|(_, line, _)| *line)
        .collect();
    assert_eq!(by_name, vec![27], "{found:?}");
    let other = found_in(&files, "src/core.ts", "Other.add");
    assert!(
        other.contains(&("src/schemas.ts".to_string(), 18, Confidence::ReceiverTyped)),
        "{other:?}"
    );
}

/// An alias that intersects one of its parameters with more (`Tagged<T> = T & {..}`) has at
/// least that parameter's members, and so has one whose value is a conditional every type
/// meets (`T extends unknown ? T & X : never`, noble-hashes' `TRet<T>`): it takes its first
/// branch. A conditional that may not hold, and an intersection without a bare parameter,
/// keep nothing.
#[test]
fn typescript_aliases_intersecting_a_parameter_keep_its_members() {
    let util = "\
export type Tagged<T> = T & { tag: string };
export type Ret<T> = T extends unknown ? T & ([T] extends [never] ? {} : { [K in keyof T]: T[K] }) : never;
export type Maybe<T> = T extends string ? T & { n: 1 } : never;
export type Boxed<T> = { value: T } & { tag: string };
";
    let core = "\
import type { Ret } from \"./util\";
export class Hash {
  size = 1;
}
type Factory = {
  (seed: number): number;
  create(seed: number): Ret<Hash>;
};
export const make: Ret<Factory> = ((seed: number) => seed) as Ret<Factory>;
";
    let uses = "\
import { make } from \"./core\";
import type { Hash } from \"./core\";
import type { Tagged, Ret, Maybe, Boxed } from \"./util\";
export function f(a: Tagged<Hash>, b: Ret<Hash>, c: Maybe<Hash>, d: Boxed<Hash>) {
  a.size;
  b.size;
  c.size;
  d.size;
  const { size } = make.create(1);
  return size;
}
";
    let files = [("src/util.ts", util), ("src/core.ts", core), ("src/uses.ts", uses)];
    let found = found_in(&files, "src/core.ts", "Hash.size");
    let sure: Vec<(String, usize)> = found
        .iter()
        .filter(|(_, _, c)| *c != Confidence::NameMatch)
        .map(|(path, line, _)| (path.clone(), *line))
        .collect();
    let uses_at = |lines: &[usize]| {
        lines
            .iter()
            .map(|l| ("src/uses.ts".to_string(), *l))
            .collect::<Vec<_>>()
    };
    assert_eq!(sure, uses_at(&[5, 6, 9]), "{found:?}");
    // `Maybe<Hash>` may be `never`: unknown; `Boxed<Hash>` has no `size`: not a use.
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(
        found.contains(&("src/uses.ts".to_string(), 7, Confidence::NameMatch)),
        "{found:?}"
    );
}

/// A value of a generic type of the root keeps its type arguments: a field or a method's
/// return written with a type parameter is the argument given for it, through the class
/// (TypeScript) or the `impl` block whose self type writes it (Rust, lifetimes aside); a
/// method's own parameters take the arguments its call writes (`e.cast::<T>()`); and an
/// associated type of a parameter (`U::Target`) is what the one impl of its bound trait for
/// every type says. A value of the same generic type given another type is not one.
#[test]
fn type_arguments_of_generic_values_reach_fields_returns_and_projections() {
    let lib = "\
use core::marker::PhantomData;

pub struct Ref<'a, T: ?Sized> {
    pub ptr: *const T,
    lifetime: PhantomData<&'a T>,
}

impl<'a, T> Ref<'a, T> {
    pub fn cast<U: CastTo>(self) -> Ref<'a, U::Target> {
        Ref { ptr: self.ptr as *const U::Target, lifetime: PhantomData }
    }

    pub unsafe fn deref(self) -> &'a T {
        unsafe { &*self.ptr }
    }
}

pub trait CastTo {
    type Target;
}

impl<T> CastTo for T {
    type Target = T;
}

pub struct ErrorImpl<E = ()> {
    pub vtable: u8,
    pub object: E,
}

pub struct ContextError<C, E> {
    pub context: C,
    pub error: E,
}

pub struct Holder<T> {
    pub inner: T,
}

pub struct Other {
    pub error: u8,
}

pub unsafe fn downcast<'a, C: 'a, E: 'a>(e: Ref<'a, ErrorImpl>) -> &'a E {
    let unerased_ref = e.cast::<ErrorImpl<ContextError<C, E>>>();
    let unerased = unsafe { unerased_ref.deref() };
    &unerased.object.error
}

pub fn held(h: Holder<ContextError<u8, u16>>, o: Other, p: Holder<Other>) -> (u16, u8, u8) {
    let direct: Holder<ContextError<u8, u16>> = h;
    (direct.inner.error, o.error, p.inner.error)
}
";
    let found = found_in_crate(lib, "ContextError.error");
    assert_eq!(sure_lines(&found), vec![47, 52], "{found:?}");
    assert_eq!(
        found.len(),
        2,
        "`o.error` and `p.inner.error` are `Other.error`: {found:?}"
    );
    let other = found_in_crate(lib, "Other.error");
    assert_eq!(sure_lines(&other), vec![52, 52], "{other:?}");

    let ts = "\
export class Engine {
  process(): number { return 1; }
}
export class Other {
  process(): number { return 2; }
}
export class Box<T> {
  constructor(public value: T) {}
  get(): T { return this.value; }
}
export interface Pair<A, B> { first: A; second: B }
export function f(b: Box<Engine>, p: Pair<Other, Engine>, q: Box<Other>) {
  b.value.process();
  b.get().process();
  p.second.process();
  p.first.process();
  q.get().process();
}
";
    let found = found_in(&[("src/a.ts", ts)], "src/a.ts", "Engine.process");
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(sure_lines(&found), vec![13, 14, 15], "{found:?}");
}

/// An operation on a value of a root type is what its operator trait's method gives
/// (`impl BitAnd for &Store { type Output = Store; .. }`), in code and among a macro's
/// tokens (`assert_eq!((a & b).vec, ..)`), the operands bound by a loop over a list of pairs.
#[test]
fn an_operation_gives_its_operator_methods_output_in_code_and_in_macro_tokens() {
    let lib = "\
use core::ops::BitAnd;

pub struct Store {
    pub vec: Vec<u16>,
}

impl BitAnd<Self> for &Store {
    type Output = Store;

    fn bitand(self, rhs: Self) -> Self::Output {
        Store { vec: self.vec.iter().filter(|x| rhs.vec.contains(x)).copied().collect() }
    }
}

pub struct Other {
    pub vec: u8,
}

pub fn f(lhs: Store, rhs: Store, o: Other) -> usize {
    let both = &lhs & &rhs;
    let mut n = both.vec.len();
    for (a, b) in [(&lhs, &rhs), (&rhs, &lhs)] {
        n += (a & b).vec.len();
        assert_eq!((a & b).vec, both.vec);
        assert_eq!((&a & b).vec.len(), o.vec as usize);
    }
    n
}
";
    let found = found_in_crate(lib, "Store.vec");
    assert_eq!(sure_lines(&found), vec![11, 11, 11, 21, 23, 24, 24, 25], "{found:?}");
    assert_eq!(found.len(), 8, "`o.vec` is `Other.vec`: {found:?}");
}

/// `&mut x` is `x` (its value, not the `mut` before it); a wrapper that derefs to what it
/// holds, made from a pointer to it (`Box::from_raw(p)`), holds what `p` points to; one made
/// by a call saguaro does not follow may hold a value of the root: a name match, never a
/// foreign value whose members are not the target.
#[test]
fn a_mutable_reference_is_its_value_and_a_box_from_a_pointer_holds_the_pointee() {
    let lib = "\
pub struct Slab<T> {
    pub entries: Vec<T>,
    pub next: usize,
}

pub struct Builder<T> {
    slab: Slab<T>,
}

impl<T> Builder<T> {
    pub fn pair(&mut self) -> usize {
        let slab = &mut self.slab;
        slab.next
    }
}

pub unsafe fn take(p: *mut Slab<u8>) -> usize {
    let slab = unsafe { *Box::from_raw(p) };
    slab.next
}

pub unsafe fn leak(p: *mut Slab<u8>) -> usize {
    let slab = unsafe { *Box::from_unknown(p) };
    slab.next
}
";
    let found = found_in_crate(lib, "Slab.next");
    assert_eq!(sure_lines(&found), vec![13, 19], "{found:?}");
    assert!(
        found.contains(&("src/lib.rs".to_string(), 24, Confidence::NameMatch)),
        "{found:?}"
    );
}

/// TypeScript: `this` in a function that writes its `this` parameter (`function f(this:
/// Node)`) is a `Node` (an arrow function has no `this` of its own); a member of a type
/// written in place has the type it writes (`ref: { current?: Node }`: `ref.current!`).
#[test]
fn typescript_this_parameters_and_members_written_in_place_have_their_written_types() {
    let ts = "\
export interface Node { subs: number }
export interface Other { subs: number }
export function bump(this: Node): number {
  return this.subs;
}
export function plain(this: Other): number {
  return this.subs;
}
export function fromRef(ref: { current?: Node; other: Other }) {
  const node = ref.current!;
  const other = ref.other;
  return node.subs + other.subs;
}
";
    let found = found_in(&[("src/a.ts", ts)], "src/a.ts", "Node.subs");
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(sure_lines(&found), vec![4, 12], "{found:?}");
}

/// TypeScript: `a ?? []` is a value of `a`'s type (the empty fallback adds nothing), so a
/// callback of its `filter` takes its elements; `xs[j]!` asserts the element even where the
/// grammar reads the `!` over a whole binary expression (`j >= 0 && a - xs[j]!.t`); and an
/// element of a list literal goes where the list goes (`q.samples = [...rest, { t }]`).
#[test]
fn typescript_fallbacks_assertions_and_list_elements_have_their_types() {
    let ts = "\
export interface S { t: number }
export interface Other { t: number }
export interface Q { samples?: Array<S>; others?: Array<Other> }
export function f(q: Q, t: number, xs: ReadonlyArray<S>, j: number) {
  const a = (q.samples ?? []).filter((sample) => t - sample.t <= 200)
  const b = (q.others ?? []).filter((o) => o.t > 1)
  while (j >= 0 && a.length - xs[j]!.t < 3) j--
  q.samples = [...(q.samples ?? []), { t }]
  q.others = [{ t: 1 }]
  return b
}
";
    let found = found_in(&[("src/a.ts", ts)], "src/a.ts", "S.t");
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(sure_lines(&found), vec![5, 7, 8], "{found:?}");
}

/// A Rust value of a type parameter has its bounds' methods (`R: Store`); a type argument
/// of a bound (`AsRef<Config>`) is not a trait the value implements.
#[test]
fn a_rust_value_of_a_bounded_type_parameter_has_its_bound_s_methods() {
    let lib = "\
pub trait Store {
    fn get(&self) -> u8;
}

pub struct Config;

impl Config {
    pub fn get(&self) -> u8 {
        1
    }
}

pub fn read<R: Store>(r: R) -> u8 {
    r.get()
}

pub fn convert<T: Store + AsRef<Config>>(t: T) -> u8 {
    t.get()
}
";
    let found = found_in_crate(lib, "Store.get");
    let at = |line| ("src/lib.rs".to_string(), line, Confidence::ReceiverTyped);
    assert_eq!(found, vec![at(14), at(18)], "{found:?}");
    let config = found_in_crate(lib, "Config.get");
    assert!(config.iter().all(|(_, _, c)| *c == Confidence::NameMatch), "{config:?}");
}

/// A TypeScript subclass's base clause gives the base's type parameters
/// (`class Union extends Schema<UnionDef>`): a field the base declares as `def: Def` is a
/// `UnionDef` on the subclass, and the constructor it inherits takes a `UnionDef`, so a
/// literal passed to `new Union({..})` has `UnionDef`'s keys.
#[test]
fn a_base_clause_gives_the_base_s_type_parameters_to_inherited_fields_and_constructors() {
    let schema = "\
export interface Def { typeName: string }
export class Schema<D extends Def = Def> {
  readonly def: D;
  constructor(def: D) {
    this.def = def;
  }
}
export interface UnionDef extends Def { optionsMap: Map<string, number> }
export class Union extends Schema<UnionDef> {
  get options() {
    return this.def.optionsMap;
  }
  static create(optionsMap: Map<string, number>) {
    return new Union({ typeName: \"union\", optionsMap });
  }
}
";
    let found = found_in(&[("src/schema.ts", schema)], "src/schema.ts", "UnionDef.optionsMap");
    let at = |line| ("src/schema.ts".to_string(), line, Confidence::ReceiverTyped);
    assert_eq!(found, vec![at(11), at(14)], "{found:?}");
}

/// Where an object literal goes, written less directly: a value of a choice goes where the
/// choice goes, `as const` keeps it so, `satisfies T` checks it against `T`, an assignment
/// gives it the place's type; a discriminant held by a string constant (`type: UPDATE`)
/// narrows a union like the string itself. A literal cast `as T` is not checked against
/// `T`'s keys: a name match.
#[test]
fn an_object_literal_s_expected_type_through_choices_casts_and_assignments() {
    let changes = "\
export const UPDATE = \"update\";
export interface Update { type: \"update\"; newValue: number }
export interface Splice { type: \"splice\"; added: number[] }
export type Change = Update | Splice;
export class Holder {
  last: Update | null = null;
  record(on: boolean, v: number): Change | null {
    const change: Change | null = on ? ({ type: UPDATE, newValue: v } as const) : null;
    this.last = { type: \"update\", newValue: v };
    const checked = { type: \"update\", newValue: v } satisfies Update;
    const loose = { type: \"update\", newValue: v } as Update;
    return change ?? checked ?? loose;
  }
}
";
    let found = found_in(&[("src/changes.ts", changes)], "src/changes.ts", "Update.newValue");
    let at = |line, c| ("src/changes.ts".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(8, Confidence::ReceiverTyped),
            at(9, Confidence::ReceiverTyped),
            at(10, Confidence::ReceiverTyped),
            at(11, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// A name passed to a TypeScript type guard (`(v: any): v is Store`, or a value cast to
/// such a function's type) is what the predicate says where the guard's test holds: the
/// `if` block, a ternary's first branch, the rest of an `&&`. A function returning a plain
/// `boolean` proves nothing.
#[test]
fn a_type_guard_narrows_the_name_it_is_passed() {
    let store = "\
export class Store {
  hasMap_ = new Map<string, number>();
}
export function isStore(v: any): v is Store {
  return v instanceof Store;
}
export const isStoreToo = ((v: any) => v instanceof Store) as (thing: any) => thing is Store;
export function looksLikeStore(v: any): boolean {
  return !!v;
}
export function use(thing: any) {
  if (isStore(thing)) {
    thing.hasMap_.clear();
  }
  const n = isStoreToo(thing) ? thing.hasMap_.size : 0;
  const m = isStore(thing) && thing.hasMap_.size;
  if (looksLikeStore(thing)) {
    return thing.hasMap_;
  }
  return n + Number(m);
}
";
    let found = found_in(&[("src/store.ts", store)], "src/store.ts", "Store.hasMap_");
    let at = |line, c| ("src/store.ts".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(13, Confidence::ReceiverTyped),
            at(15, Confidence::ReceiverTyped),
            at(16, Confidence::ReceiverTyped),
            at(18, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// A negated test narrows where the negation is false: after a conditional whose branch
/// always leaves the block (`if not isinstance(x, C): return`, `if (!(x instanceof C))
/// throw ..`), in the rest of that block; a branch that may fall through narrows nothing.
#[test]
fn a_negated_test_narrows_after_a_branch_that_leaves() {
    let items = "\
class Table:
    def __init__(self) -> None:
        self.size = 0


def f(item: object, flag: bool, others: list) -> int:
    if not isinstance(item, Table):
        raise TypeError(\"no\")
    total = item.size
    for other in others:
        if not (isinstance(other, Table)):
            continue
        total += other.size
    if not isinstance(item, Table):
        flag = False
    return item.size + total
";
    let found = found_in(&[("items.py", items)], "items.py", "Table.size");
    let sure = sure_lines(&found);
    assert_eq!(sure, vec![9, 13, 16], "{found:?}");
    let store = "\
export class Store {
  size = 0;
}
export function use(thing: any, a: boolean): number {
  if (!(thing instanceof Store)) {
    throw new Error(\"no\");
  }
  const n = thing.size;
  if (!a) return n;
  return thing.size;
}
export function maybe(thing: any): number {
  if (!(thing instanceof Store)) {
    console.log(thing);
  }
  return thing.size;
}
";
    let found = found_in(&[("src/store.ts", store)], "src/store.ts", "Store.size");
    let at = |line, c| ("src/store.ts".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(8, Confidence::ReceiverTyped),
            at(10, Confidence::ReceiverTyped),
            at(16, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// A negated test holds in the other branches of its conditional: `else` and every `elif`
/// after `if not isinstance(x, C):`, the `else` of `if (!(x instanceof C))`, a ternary's
/// second branch; never in the first.
#[test]
fn a_negated_test_narrows_the_other_branches() {
    let items = "\
class Table:
    def __init__(self) -> None:
        self.size = 0


def f(item: object, flag: bool) -> int:
    if not isinstance(item, Table):
        print(item.size)
    elif flag:
        return item.size
    else:
        return item.size
    return 0
";
    let found = found_in(&[("items.py", items)], "items.py", "Table.size");
    let sure = sure_lines(&found);
    assert_eq!(sure, vec![10, 12], "{found:?}");
    let store = "\
export class Store {
  size = 0;
}
export function use(thing: any): number {
  if (!(thing instanceof Store)) {
    console.log(thing.size);
  } else {
    console.log(thing.size);
  }
  return !(thing instanceof Store) ? thing.size : thing.size;
}
";
    let found = found_in(&[("src/store.ts", store)], "src/store.ts", "Store.size");
    let sure: Vec<(usize, Confidence)> = found.iter().map(|(_, line, c)| (*line, *c)).collect();
    assert_eq!(
        sure,
        vec![
            (6, Confidence::NameMatch),
            (8, Confidence::ReceiverTyped),
            (10, Confidence::NameMatch),
            (10, Confidence::ReceiverTyped)
        ],
        "{found:?}"
    );
}

/// `x instanceof C` narrows where the test holds, as Python's isinstance does: the block or
/// ternary branch it is the condition of, through parentheses and a chain of `&&` of any
/// length, and the rest of an `&&` after it; not under `||` or `!`.
#[test]
fn instanceof_narrows_where_the_test_holds() {
    let store = "\
export class Store {
  size = 0;
}
export function use(thing: any, a: boolean, b: boolean) {
  if (a && b && (thing instanceof Store) && a) {
    thing.size = 1;
  }
  const n = thing instanceof Store && thing.size;
  const m = a && thing instanceof Store ? thing.size : 0;
  if (a || thing instanceof Store) {
    thing.size = 2;
  }
  if (!(thing instanceof Store)) {
    thing.size = 3;
  }
  return n + m;
}
";
    let found = found_in(&[("src/store.ts", store)], "src/store.ts", "Store.size");
    let at = |line, c| ("src/store.ts".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(6, Confidence::ReceiverTyped),
            at(8, Confidence::ReceiverTyped),
            at(9, Confidence::ReceiverTyped),
            at(11, Confidence::NameMatch),
            at(14, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// An index reads what the value holds there: a tuple's written place (`pair[1]`,
/// `body[-1][1]`), and for a value of a class, what its `__getitem__` returns for the index
/// (the overload the index's text chooses).
#[test]
fn an_index_reads_a_tuple_s_place_and_a_class_s_getitem() {
    let items = "\
from typing import overload


class Trivia:
    trail = \"\"


class Item:
    def __init__(self) -> None:
        self.trivia = Trivia()


class Table:
    def __init__(self) -> None:
        self._body: list[tuple[str, Item]] = []

    @overload
    def __getitem__(self, key: int) -> Item: ...

    @overload
    def __getitem__(self, key: str) -> str: ...

    def __getitem__(self, key):
        return self._body[key]

    def last(self) -> str:
        previous = self._body[-1][1]
        key = self._body[0][0]
        return previous.trivia.trail + self[0].trivia.trail + self[\"a\"].trail + key
";
    let found = found_in(&[("items.py", items)], "items.py", "Trivia.trail");
    let sure = sure_lines(&found);
    assert_eq!(sure, vec![29, 29], "{found:?}");
}

/// A macro's tokens are unparsed: a `use` among them binds the name for the calls after it
/// in the same tokens (`quickcheck! { fn t() { use k::free::merge; merge(..) } }`); an
/// impl's `fn name` among a `macro_rules!` body's tokens is not the function's, and for a
/// method of the name it is listed by name (the impl it is in is not read).
#[test]
fn a_use_among_a_macro_s_tokens_binds_its_name_for_the_calls_after_it() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "pub mod free {\n    pub use crate::merge::merge_join_by;\n}\nmod merge;\n";
    let merge = "\
pub fn merge_join_by(a: u8) -> u8 {
    a
}

pub trait Unzip {
    fn merge_join_by(self) -> u8;
}

macro_rules! impl_unzip {
    ($t:ty) => {
        impl Unzip for $t {
            fn merge_join_by(self) -> u8 {
                1
            }
        }
    };
}
impl_unzip!(u8);
";
    let quick = "\
macro_rules! check {
    ($($t:tt)*) => { $($t)* };
}

check! {
    fn f(a: u8) -> bool {
        use k::free::merge_join_by;
        let x = merge_join_by(a);
        x == 1
    }
}
";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/merge.rs", merge),
        ("tests/quick.rs", quick),
    ];
    let found = found_in(&files, "src/merge.rs", "merge_join_by");
    assert!(
        found.contains(&("tests/quick.rs".to_string(), 8, Confidence::ImportResolved)),
        "{found:?}"
    );
    // The impl's `fn merge_join_by` among the `macro_rules!` tokens is the trait's: not the
    // function's, and for the trait's method a name match (the impl is not read).
    assert!(
        !found
            .iter()
            .any(|(path, line, _)| path == "src/merge.rs" && *line == 12),
        "{found:?}"
    );
    let method = found_in(&files, "src/merge.rs", "Unzip.merge_join_by");
    assert!(
        method.contains(&("src/merge.rs".to_string(), 12, Confidence::NameMatch)),
        "{method:?}"
    );
}

/// A field declared under a computed key (`[DRAFT_STATE]: MapState`) is what an index with
/// the same name reads and assigns (`this[DRAFT_STATE] = {..}`); an index with another
/// name is not it.
#[test]
fn an_index_with_a_computed_key_s_name_reads_the_field_declared_under_it() {
    let state = "\
export const DRAFT_STATE: unique symbol = Symbol.for(\"state\");
export const OTHER: unique symbol = Symbol.for(\"other\");
export interface BaseState { modified_: boolean }
export interface MapState extends BaseState { copy_: number }
";
    let map = "\
import { DRAFT_STATE, OTHER, MapState } from \"./state\";
export class DraftMap {
  [DRAFT_STATE]: MapState;
  [OTHER]: any;
  constructor() {
    this[DRAFT_STATE] = { modified_: false, copy_: 1 };
  }
  get size(): number {
    return this[DRAFT_STATE].modified_ ? 1 : 0;
  }
  get other(): boolean {
    return this[OTHER].modified_;
  }
}
";
    let found = found_in(
        &[("src/state.ts", state), ("src/map.ts", map)],
        "src/state.ts",
        "BaseState.modified_",
    );
    let at = |line, c| ("src/map.ts".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(6, Confidence::ReceiverTyped),
            at(9, Confidence::ReceiverTyped),
            at(12, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// An object literal passed to a value whose type is a written function type (a
/// parameter `cb: (info: Info) => void`, a destructured option `with: _with` called as
/// `_with!({..})`) is expected to be that function type's parameter.
#[test]
fn an_argument_of_a_value_typed_as_a_function_type_is_expected_to_be_its_parameter() {
    let timeout = "\
export interface TimeoutInfo<M = unknown> { readonly meta: M; readonly seen: number }
export interface TimeoutConfig<M = unknown> {
  each?: number;
  with?: (info: TimeoutInfo<M>) => void;
  meta?: M;
}
export function timeout<M>(config: number | TimeoutConfig<M>) {
  const { with: _with, meta = null! } = config as TimeoutConfig<M>;
  _with!({ meta, seen: 1 });
}
export function direct(cb: (info: TimeoutInfo<number>) => void, log: (x: any) => void) {
  cb({ meta: 1, seen: 2 });
  log({ meta: 1 });
}
";
    let found = found_in(&[("src/timeout.ts", timeout)], "src/timeout.ts", "TimeoutInfo.meta");
    let at = |line, c| ("src/timeout.ts".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(9, Confidence::ReceiverTyped),
            at(12, Confidence::ReceiverTyped),
            at(13, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// `enumerate(xs)` pairs a count with each element of `xs`; a record type (`{ [key:
/// string]: V }`, `{ [K in string]?: V }`, a mapping over listed keys whose value does not
/// depend on the key) gives a `V` at every index; a member of a union
/// is the definition of the types that define it (`boolean | Rule`: `Rule`'s).
#[test]
fn enumerate_records_and_a_union_s_member_reach_the_element_s_members() {
    let items = "\
class Trivia:
    trail = \"\"


class Item:
    def __init__(self) -> None:
        self.trivia = Trivia()


def render(body: list[tuple[str, Item]]) -> str:
    out = \"\"
    for i, (k, v) in enumerate(body):
        out += v.trivia.trail
    for i, pair in enumerate(undefined_name):
        out += pair.trail
    return out
";
    let found = found_in(&[("items.py", items)], "items.py", "Trivia.trail");
    let at = |line, c| ("items.py".to_string(), line, c);
    assert_eq!(
        found,
        vec![at(13, Confidence::ReceiverTyped), at(15, Confidence::NameMatch)],
        "{found:?}"
    );

    let rules = "\
export interface Rule { keyword: string; definition: object }
export interface Rules {
  all: { [Key in string]?: boolean | Rule };
  byName: { [name: string]: Rule };
  some: { [K in \"a\" | \"b\"]: Rule };
}
export function definitions(rules: Rules, key: string) {
  const rule = rules.all[key];
  const a = typeof rule == \"object\" ? rule.definition : null;
  const b = rules.byName[key].definition;
  const c = rules.some[\"a\"].definition;
  return [a, b, c];
}
";
    let found = found_in(&[("src/rules.ts", rules)], "src/rules.ts", "Rule.definition");
    let at = |line, c| ("src/rules.ts".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(9, Confidence::ReceiverTyped),
            at(10, Confidence::ReceiverTyped),
            at(11, Confidence::ReceiverTyped)
        ],
        "{found:?}"
    );
}

/// A member of an intersection (`Options & Required`) is the one of the part declaring
/// it. A part written in place declares what it writes (`{ code: number }`), or the keys a
/// mapping over literals lists (`[K in "meta"]`); a part that writes the name too leaves
/// the member unknown.
#[test]
fn a_member_of_an_intersection_is_the_declaring_part_s() {
    let core = "\
export interface CurrentOptions { defaultMeta?: string; meta?: boolean }
export interface DeprecatedOptions { unicode?: boolean }
export type Options = CurrentOptions & DeprecatedOptions;
type Required = { [K in \"meta\"]: boolean } & { code: number };
export type InstanceOptions = Options & Required;
type Shadowed = Options & { defaultMeta: number };
export class Ajv {
  opts: InstanceOptions;
  other: Shadowed;
  constructor(opts: Options) {
    this.opts = { ...opts, meta: true, code: 1 };
    this.other = { ...opts, defaultMeta: 1 };
  }
  defaultMeta(): string | undefined {
    return (this.opts.defaultMeta = this.other.defaultMeta ? \"a\" : undefined);
  }
}
";
    let found = found_in(&[("src/core.ts", core)], "src/core.ts", "CurrentOptions.defaultMeta");
    let sure: Vec<(usize, Confidence)> = found.iter().map(|(_, line, c)| (*line, *c)).collect();
    assert_eq!(
        sure,
        vec![
            (12, Confidence::NameMatch),
            (15, Confidence::ReceiverTyped),
            (15, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// An overload whose parameter is a `Literal[..]` is chosen by an argument written as one
/// of its values, and passed over for any other literal (`md["block"]` is a `ParserBlock`).
#[test]
fn an_overload_of_literal_values_is_chosen_by_the_literal_passed() {
    let main = "\
from typing import Any, Literal, overload


class ParserInline:
    def __init__(self) -> None:
        self.ruler = 1


class ParserBlock:
    def __init__(self) -> None:
        self.ruler = 2


class Markdown:
    @overload
    def __getitem__(self, name: Literal[\"inline\"]) -> ParserInline: ...

    @overload
    def __getitem__(self, name: Literal[\"block\"]) -> ParserBlock: ...

    @overload
    def __getitem__(self, name: str) -> Any: ...

    def __getitem__(self, name: str) -> Any:
        return getattr(self, name)


def rules(md: Markdown, name: str) -> list[int]:
    return [md['block'].ruler, md[\"inline\"].ruler, md[name].ruler]
";
    let found = found_in(&[("main.py", main)], "main.py", "ParserBlock.ruler");
    let at = |c| ("main.py".to_string(), 29, c);
    assert_eq!(
        found,
        vec![at(Confidence::ReceiverTyped), at(Confidence::NameMatch)],
        "{found:?}"
    );
}

/// `isinstance(x, C)` narrows `x` to a `C` where the test holds: the block it guards, as
/// the whole test or as any operand of a chain of `and` of any length, and the rest of an
/// `and` after it; under `or` or `not` it proves nothing.
#[test]
fn isinstance_narrows_in_the_block_of_an_and_chain() {
    let items = "\
class Trivia:
    indent = \"\"


class Item:
    pass


class Table(Item):
    def __init__(self) -> None:
        self.trivia = Trivia()


def f(item: Item, flag: bool, other: bool) -> None:
    if isinstance(item, Table):
        item.trivia.indent = \"a\"
    if isinstance(item, Table) and flag and not other:
        item.trivia.indent = \"b\"
    if flag and other and isinstance(item, Table):
        item.trivia.indent = \"c\"
    if flag or isinstance(item, Table):
        item.trivia.indent = \"d\"
    if flag and other and flag and other and (isinstance(item, Table)) and flag:
        item.trivia.indent = \"e\"
    ok = isinstance(item, Table) and item.trivia.indent == \"f\"
    if not isinstance(item, Table):
        item.trivia.indent = \"g\"
    elif flag and isinstance(item, Table):
        item.trivia.indent = \"h\"
    ok = item.trivia.indent == \"i\" and isinstance(item, Table)
";
    let found = found_in(&[("items.py", items)], "items.py", "Table.trivia");
    let sure = sure_lines(&found);
    assert_eq!(sure, vec![16, 18, 20, 24, 25, 29], "{found:?}");
}

/// A Rust block is the value of its last expression (`unsafe { make() }`, `{ let x =
/// make(); x }`); one ending in a statement gives none.
#[test]
fn a_rust_block_is_the_value_of_its_last_expression() {
    let lib = "\
pub struct Cfg {
    pub port: u16,
}

pub fn make() -> Cfg {
    Cfg { port: 1 }
}

pub fn use_it() -> u16 {
    let a = unsafe { make() };
    let b = {
        let x = make();
        x
    };
    let c = {
        make();
    };
    a.port + b.port + c.port
}
";
    let found = found_in_crate(lib, "Cfg.port");
    let sure: Vec<(usize, Confidence)> = found.iter().map(|(_, line, c)| (*line, *c)).collect();
    assert_eq!(
        sure,
        vec![
            (6, Confidence::ReceiverTyped),
            (18, Confidence::ReceiverTyped),
            (18, Confidence::ReceiverTyped),
            (18, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// An operator on a value of a class of the root is what the class's operator method
/// returns (`&a & &b` is `BitAnd::bitand`'s `Self::Output`, `a + b` is `__add__`'s); a
/// tuple literal holds what each place holds (`for (a, b) in [(&x, &y)]`).
#[test]
fn an_operator_is_its_method_s_value_and_a_tuple_literal_its_places() {
    let lib = "\
use std::ops::BitAnd;

pub struct Store {
    pub vec: Vec<u16>,
}

impl BitAnd<Self> for &Store {
    type Output = Store;

    fn bitand(self, _rhs: Self) -> Self::Output {
        Store { vec: Vec::new() }
    }
}

pub fn f(lhs: Store, rhs: Store) -> usize {
    let and = &lhs & &rhs;
    let mut n = and.vec.len();
    for (a, b) in [(&lhs, &rhs), (&rhs, &lhs)] {
        n += a.vec.len() + b.vec.len();
    }
    let sum = 1 + 2;
    n + sum
}
";
    let found = found_in_crate(lib, "Store.vec");
    let sure = sure_lines(&found);
    assert_eq!(sure, vec![11, 17, 19, 19], "{found:?}");

    let money = "\
class Money:
    def __init__(self, cents: int) -> None:
        self.cents = cents

    def __add__(self, other: \"Money\") -> \"Money\":
        return Money(self.cents + other.cents)


class Plain:
    pass


def total(a: Money, b: Money, p: Plain) -> int:
    return (a + b).cents + (p + b).cents
";
    let found = found_in(&[("money.py", money)], "money.py", "Money.cents");
    let at = |line, c| ("money.py".to_string(), line, c);
    assert_eq!(
        found,
        vec![
            at(6, Confidence::ReceiverTyped),
            at(6, Confidence::ReceiverTyped),
            at(14, Confidence::ReceiverTyped),
            at(14, Confidence::NameMatch)
        ],
        "{found:?}"
    );
}

/// A map's values are its last type argument's, wherever they come out: an index, a lookup
/// method (`get`, `remove`), its values or entries, a loop over it (Rust and TypeScript give
/// entries, Python its keys), a callback (`forEach`), a spread of its values. A wildcard or
/// a hole in a tuple pattern keeps the places after it; `pair.1` reads a tuple's place.
#[test]
fn a_map_gives_its_values() {
    let lib = "\
use std::collections::HashMap;
use std::ptr::NonNull;
pub struct Entry { pub val: u32 }
pub struct Cache { plain: HashMap<u32, Entry>, nodes: HashMap<u32, NonNull<Entry>> }
impl Cache {
    pub fn a(&self) -> u32 { self.plain.get(&1).unwrap().val }
    pub fn b(&mut self) -> u32 { match self.plain.remove(&1) { Some(e) => e.val, None => 0 } }
    pub fn c(&self) -> u32 { self.plain.values().map(|e| e.val).sum() }
    pub fn d(&self) -> u32 { self.plain.iter().map(|(_, e)| e.val).sum() }
    pub fn e(&self) -> u32 { self.plain[&1].val }
    pub fn f(&self) -> u32 { for (_, e) in &self.plain { return e.val; } 0 }
    pub fn g(&self) -> u32 { for p in self.plain.iter() { return p.1.val; } 0 }
    pub fn h(&self) -> u32 { unsafe { (*self.nodes.get(&1).unwrap().as_ptr()).val } }
    pub fn i(&mut self) -> u32 { let b = unsafe { *Box::from_raw(self.nodes.remove(&1).unwrap().as_ptr()) }; b.val }
    pub fn j(&self) -> u32 { self.plain.keys().map(|k| k.val).sum() }
}
";
    let found = found_in_crate(lib, "Entry.val");
    assert_eq!(sure_lines(&found), (6..=14).collect::<Vec<_>>(), "{found:?}");
    assert!(
        !found.iter().any(|(_, line, _)| *line == 15),
        "a key is no value: {found:?}"
    );

    let py = "\
class Entry:
    def __init__(self) -> None:
        self.val = 1


class Cache:
    def __init__(self) -> None:
        self.plain: dict[str, Entry] = {}

    def a(self) -> int:
        return self.plain[\"x\"].val + self.plain.get(\"x\").val

    def b(self) -> list[int]:
        return [e.val for e in self.plain.values()] + [e.val for _, e in self.plain.items()]

    def c(self) -> list[int]:
        return [k.val for k in self.plain] + [e.val for e in [*self.plain.values()]]
";
    let found = found_in(&[("m.py", py)], "m.py", "Entry.val");
    assert_eq!(sure_lines(&found), vec![11, 11, 14, 14, 17], "{found:?}");
    assert_eq!(found.len(), 5, "`k` is a key of the map, no entry: {found:?}");

    let ts = "\
export interface Entry { val: number }
export class Cache {
  plain = new Map<string, Entry>();
  typed: Map<string, Entry> = new Map();
  a() { return this.typed.get(\"x\")!.val + this.plain.get(\"x\")!.val; }
  b() { for (const [, e] of this.typed) { return e.val; } }
  c() { this.typed.forEach((e) => e.val); }
  d() { return [...this.typed.values()].map((e) => e.val); }
  e() { for (const k of this.typed.keys()) { return k.val; } }
}
";
    let found = found_in(&[("m.ts", ts)], "m.ts", "Entry.val");
    assert_eq!(sure_lines(&found), vec![5, 5, 6, 7, 8], "{found:?}");
    assert_eq!(found.len(), 5, "a key is no entry: {found:?}");
}

/// `Result<T, E>` holds its error too: `unwrap_err()`, `err()`, `Err(e)` and `map_err(|e| ..)`
/// give it, also in a macro's tokens, where a chain may start with a path and a string
/// argument's brackets are not the chain's, and where a struct literal's keys are members.
#[test]
fn a_result_gives_its_error() {
    let lib = "\
pub struct PatternError { pub pos: usize }
pub struct Pattern;
impl Pattern {
    pub fn new(_p: &str) -> Result<Pattern, PatternError> { Err(PatternError { pos: 0 }) }
}
pub fn t() {
    assert!(Pattern::new(\"a/**b\").unwrap_err().pos == 4);
    assert!(Pattern::new(\"abc[def\").unwrap_err().pos == 3);
    let e = Pattern::new(\"ab\").unwrap_err();
    let _ = e.pos;
    if let Err(e) = Pattern::new(\"x\") { let _ = e.pos; }
    let _ = Pattern::new(\"x\").map_err(|e| e.pos);
    let _ = Pattern::new(\"x\").err().unwrap().pos;
    assert!(matches!(Pattern::new(\"x\"), Err(PatternError { pos: 1 })));
    let _ = Pattern::new(\"x\").unwrap().pos;
}
";
    let found = found_in_crate(lib, "PatternError.pos");
    assert_eq!(sure_lines(&found), vec![4, 7, 8, 10, 11, 12, 13, 14], "{found:?}");
    assert!(
        !found.iter().any(|(_, line, _)| *line == 15),
        "the value is no error: {found:?}"
    );
}

/// A record (`{ [key: string]: V }`, `Record<string, V>`, a mapping over keys whose value
/// does not depend on the key) gives a `V` for every property read by name or by index, also
/// intersected with a mapping; a mapping over `keyof P` does not (its keys are P's members).
/// A property written inside another member's type is not the class's own.
#[test]
fn a_record_gives_its_value_for_every_property() {
    let ts = "\
export class NodeType { defaultAttrs = 1 }
export class Schema<Nodes extends string = any> {
  spec: { nodes: number, topNode?: string }
  nodes: {readonly [name in Nodes]: NodeType} & {readonly [key: string]: NodeType}
  rec: Record<string, NodeType>
  constructor() { this.nodes = {} as any; this.rec = {}; this.spec = { nodes: 1 } }
  a() { let type = this.nodes.text; return type.defaultAttrs }
  b(name: string) { return this.nodes[name].defaultAttrs + this.rec.text.defaultAttrs }
}
export function keyed(flags: { [K in keyof NodeType]: NodeType }) { return flags.defaultAttrs }
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "NodeType.defaultAttrs");
    // A mapping over `keyof NodeType` written in place keeps NodeType's keys: its
    // `defaultAttrs` is NodeType's, as tsc sees when that one is renamed.
    assert_eq!(sure_lines(&found), vec![7, 8, 8, 10], "{found:?}");
}

/// A method called on a value of one of several types gives what they all give
/// (`step.apply(doc)` on `Add | Remove`); an assignment is the value it assigns (`let s =
/// cache[k] = new C()`); a literal pushed into a collection is one of its elements.
#[test]
fn unions_agreeing_assignments_and_pushed_literals_are_typed() {
    let ts = "\
export class StepResult { constructor(readonly doc: number | null) {} }
export class Add { apply(): StepResult { return new StepResult(1) } }
export class Remove { apply(): StepResult { return new StepResult(null) } }
export interface Edge { next: number }
export class Match { next: Edge[] = []; done = false }
export function run(steps: (Add | Remove)[], cache: { [k: string]: Match }): number | null {
  for (let step of steps) { let result = step.apply(); if (!result.doc) return result.doc }
  let state = cache[\"a\"] = new Match()
  state.next.push({ next: 1 })
  return state.done ? 1 : null
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "StepResult.doc");
    assert_eq!(sure_lines(&found), vec![7, 7], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "Match.next");
    assert_eq!(sure_lines(&found), vec![9], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "Edge.next");
    assert_eq!(
        sure_lines(&found),
        vec![9],
        "the pushed literal's key is an Edge's: {found:?}"
    );
}

/// `except ParseFailed as exc` makes `exc` a `ParseFailed`; `isinstance(self, C)` narrows
/// even `self`; a keyword argument of a class whose base the root defines with an
/// `__init__` names that parameter, not a field.
#[test]
fn python_exceptions_narrowed_self_and_inherited_constructors() {
    let main = "\
class ParseFailed(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


class Base:
    def __init__(self, retries: int = 0) -> None:
        self.retries = retries

    def merge(self) -> int:
        if isinstance(self, Child):
            return self.extra
        return 0


class Child(Base):
    extra = 1


def run() -> int:
    try:
        return Child(retries=2).retries
    except ParseFailed as exc:
        return exc.code
";
    let found = found_in(&[("main.py", main)], "main.py", "ParseFailed.code");
    assert_eq!(sure_lines(&found), vec![24], "{found:?}");
    let found = found_in(&[("main.py", main)], "main.py", "Child.extra");
    assert_eq!(sure_lines(&found), vec![12], "{found:?}");
    let found = found_in(&[("main.py", main)], "main.py", "Base.retries");
    assert_eq!(
        sure_lines(&found),
        vec![22],
        "the keyword names `__init__`'s parameter: {found:?}"
    );
}

/// `xs.iter().zip(ys.iter())` pairs elements place by place and `enumerate()` a count with
/// each (Python's `zip(xs, ys)` too); `s.parse::<T>()` fails with `T`'s `type Err`, also in a
/// macro's tokens where the chain starts with the string.
#[test]
fn pairs_and_conversion_errors_are_typed() {
    let lib = "\
use std::str::FromStr;
pub struct Opt { pub name: String }
pub struct Bad { pub pos: usize }
impl FromStr for Opt {
    type Err = Bad;
    fn from_str(s: &str) -> Result<Self, Bad> { Ok(Opt { name: s.to_string() }) }
}
pub fn check(vals: &[u8], opts: &[Opt]) -> usize {
    for (_v, opt) in vals.iter().zip(opts.iter()) { let _ = &opt.name; }
    for (i, opt) in opts.iter().enumerate() { let _ = (i, &opt.name); }
    assert!(\"x\".parse::<Opt>().unwrap_err().pos == 0);
    \"y\".parse::<Opt>().err().unwrap().pos
}
";
    let found = found_in_crate(lib, "Opt.name");
    assert_eq!(sure_lines(&found), vec![6, 9, 10], "{found:?}");
    let found = found_in_crate(lib, "Bad.pos");
    assert_eq!(sure_lines(&found), vec![11, 12], "{found:?}");

    let py = "\
class Opt:
    def __init__(self) -> None:
        self.name = \"\"


def names(vals: list[int], opts: list[Opt]) -> list[str]:
    return [o.name for _, o in zip(vals, opts)]
";
    let found = found_in(&[("m.py", py)], "m.py", "Opt.name");
    assert_eq!(sure_lines(&found), vec![7], "{found:?}");
}

/// A function written where a function type is expected takes its parameters' types from
/// it (`handlers.focus = view => ..` with `handlers: { [e: string]: (view: View) => void }`);
/// the parameters of a function type name nothing outside it; a field read on its class
/// (`Set.empty`) has the field's written type.
#[test]
fn functions_take_parameter_types_from_the_function_type_they_go_to() {
    let ts = "\
export class View { observer = 1; constructor(readonly items: number[]) {} static empty: View = new View([]) }
const handlers: {[event: string]: (view: View, event: Event) => void} = {}
handlers.focus = handlers.blur = view => { view.observer }
handlers.keyup = (view, event) => { view.observer }
export function run(f: (view: View) => void) { f(View.empty) }
run((v) => v.observer)
export function listen(views: {[k: string]: View}, on: (views: number[]) => void) {
  on([])
  return views[\"a\"].observer + View.empty.items.length
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "View.observer");
    assert_eq!(sure_lines(&found), vec![3, 4, 6, 9], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "View.items");
    assert_eq!(sure_lines(&found), vec![9], "{found:?}");
}

/// A slice is the same collection (`lines[i..]`, `xs[1:]`); a narrowing test narrows a member
/// read too (`isinstance(spec.backend, C)`); `self.__class__(..)` makes a value of the same
/// class; a literal returned by a callback goes to the callback's written return type, not
/// the enclosing function's.
#[test]
fn slices_narrowed_members_own_class_and_callback_returns() {
    let lib = "\
pub struct Cell { pub width: usize }
pub fn widths(lines: &Vec<Vec<Cell>>, i: usize) -> usize {
    let mut w = 0;
    for line in lines[i..].iter() { w += line[0].width; }
    w
}
";
    let found = found_in_crate(lib, "Cell.width");
    assert_eq!(sure_lines(&found), vec![4], "{found:?}");

    let py = "\
class Backend:
    pass


class Fast(Backend):
    def __init__(self) -> None:
        self.data = [1]

    def copy(self) -> \"Fast\":
        other = self.__class__()
        other.data = self.data
        return other


class Spec:
    def __init__(self, backend: Backend) -> None:
        self.backend = backend


def dump(spec: Spec, xs: list[Fast]) -> int:
    n = len(xs[1:][0].data)
    if isinstance(spec.backend, Fast):
        n += len(spec.backend.data)
    return n
";
    let found = found_in(&[("m.py", py)], "m.py", "Fast.data");
    assert_eq!(sure_lines(&found), vec![11, 11, 21, 23], "{found:?}");

    let ts = "\
export interface Config { matchType: number; pop: boolean }
export function build(xs: number[]): Config[] {
  let out: { other: number }[] = []
  const made = xs.map((x): Config => {
    return { matchType: x, pop: false }
  })
  out = xs.map((x) => ({ other: x }))
  return made.concat(out.length ? [] : [])
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Config.matchType");
    assert_eq!(sure_lines(&found), vec![5], "{found:?}");
}

/// A generic function's own type parameters stand for what its call's arguments give them
/// (`checkOpts(defaults, opts): T1 & T2`, `hold(c): Holder<T>`, `dedupe(xs: T[])`); an
/// object literal passed for one is its own keys' type, so a key it writes is its own and a
/// key it lacks is the other part's. A parameter another one mentions inside a type it does
/// not infer from (`f: (x: T) => U`) keeps its bound. A union alias with a parameter
/// (`TArg<T> = T | ..`) and a mapping written in place (`{ [K in keyof T]?: T[K] }`) keep
/// T's members; `<T>x` is a cast.
#[test]
fn generic_calls_infer_their_type_parameters_from_the_arguments() {
    let ts = "\
export type Opts = { extendFn?: number; rounds?: number }
export type TArg<T> = T | ([T] extends [never] ? never : { [K in keyof T]: T[K] })
export function checkOpts<T1 extends {}, T2 extends {}>(defaults: T1, opts: T2): T1 & T2 { return Object.assign(defaults, opts) }
export function dedupe<T>(array: T[], by = JSON.stringify): T[] { return array }
export function apply<T>(x: T, f: (x: T) => T): T { return f(x) }
export function define<T>(target: T, values: { [K in keyof T]?: T[K] }): void {}
export function create(opts: TArg<Opts>, all: Opts[], o: Opts, u: unknown) {
  const { extendFn, rounds } = checkOpts({ rounds: 20 }, opts)
  const a = apply(o, (x) => x)
  define(o, { extendFn: 1 })
  return dedupe(all)[0].extendFn + a.extendFn + (<Opts>u).extendFn
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Opts.extendFn");
    assert_eq!(sure_lines(&found), vec![8, 10, 11, 11], "{found:?}");
    assert!(
        found.contains(&("a.ts".to_string(), 11, Confidence::NameMatch)),
        "`apply`'s T is also inferred through a callback: left to its bound: {found:?}"
    );
    let found = found_in(&[("a.ts", ts)], "a.ts", "Opts.rounds");
    assert_eq!(
        sure_lines(&found),
        Vec::<usize>::new(),
        "the literal's own `rounds`: {found:?}"
    );

    let lib = "\
pub struct Cell { pub width: usize }
pub struct Holder<T> { pub inner: T }
pub fn hold<T>(x: T) -> Holder<T> { Holder { inner: x } }
pub fn pick<T>(a: T, _b: T) -> T { a }
pub fn mixed<T>(a: T, _b: Option<T>) -> T { a }
pub fn run(c: Cell, d: Cell) -> usize {
    let h = hold(c);
    let p = pick(d, Cell { width: 1 });
    let m = mixed(Cell { width: 2 }, None);
    h.inner.width + p.width + m.width + h.keep(Cell { width: 3 }).width
}
impl<U> Holder<U> { pub fn keep<T>(&self, x: T) -> T { x } }
";
    let found = found_in_crate(lib, "Cell.width");
    assert_eq!(sure_lines(&found), vec![8, 9, 10, 10, 10, 10], "{found:?}");
    assert!(
        found.contains(&("src/lib.rs".to_string(), 10, Confidence::NameMatch)),
        "`mixed`'s T is mentioned inside an `Option`: left to its bound: {found:?}"
    );
}

/// A method written to return its class's own type (`-> Self`, `: this`) gives its
/// receiver's type, a subclass's too: `with Sub() as s` binds a `Sub`. `typing.cast(T, x)`
/// is a `T`, `t.cast('Base[K, V]', x)` a `Base`.
#[test]
fn self_returns_and_casts_give_the_receiver_and_the_written_type() {
    let py = "\
import typing as t
from typing import Self, cast


class Base:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *a: object) -> None:
        pass

    def copy(self) -> \"Self\":
        return self


class Sub(Base):
    def __init__(self) -> None:
        self.sock = 1


def f(x: object) -> None:
    with Sub() as s:
        print(s.sock, Sub().copy().sock)
    print(cast(Sub, x).sock, t.cast('Sub', x).sock, t.cast('Sub[int]', x).sock)
";
    let found = found_in(&[("m.py", py)], "m.py", "Sub.sock");
    assert_eq!(sure_lines(&found), vec![23, 23, 24, 24, 24], "{found:?}");

    let ts = "\
export class Base { chain(): this { return this } }
export class Sub extends Base { sock = 1 }
export function f(s: Sub) { return s.chain().sock }
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Sub.sock");
    assert_eq!(sure_lines(&found), vec![3], "{found:?}");
}

/// Python's compound statements bind in the scope around them: an attribute assigned under
/// `if sys.version_info ..:` in a class body is a class attribute, a module variable under
/// `try:` a module variable. A Rust glob import never brings the names its own path is
/// resolved through (`use self::Precision::*` in a function of the module that defines it).
#[test]
fn conditional_class_attributes_and_self_globs() {
    let py = "\
import sys


class Conn:
    if sys.version_info < (3, 12):
        _is_legal = staticmethod(str.isidentifier)

    def put(self, name: str) -> bool:
        return self._is_legal(name)


try:
    LIMIT = 1
except ImportError:
    pass
";
    let found = found_in(&[("m.py", py)], "m.py", "Conn._is_legal");
    assert_eq!(sure_lines(&found), vec![9], "{found:?}");
    let found = found_in(&[("m.py", py)], "m.py", "LIMIT");
    assert!(
        found.is_empty(),
        "a module variable under `try` is addressable: {found:?}"
    );

    let lib = "\
pub enum Precision { Smart, Seconds }
pub fn show(p: Precision) -> u8 {
    use self::Precision::*;
    match p { Smart => 0, Seconds => 1 }
}
pub fn again(p: Precision) -> bool { matches!(p, Precision::Smart) }
";
    let found = found_in_crate(lib, "Precision.Smart");
    assert_eq!(sure_lines(&found), vec![4, 6], "{found:?}");
}

/// Builtins that give back their argument's elements keep their type: a collection again
/// (`sorted(xs)`, `tuple(d.values())`, `Array.from(m.values())`), or one of them (`next(it)`,
/// `min(xs)`, `min(a, b)` one of its arguments); a comprehension is a collection of what its
/// element expression gives. `Object.entries(rec)` pairs a record's keys with its values, and
/// a `Record` of any key type but another type's keys (`keyof P`) is a record. An indexed
/// access type is the member's type (`TxData[typeof Kind.Blob]`, `Data['inner']`). A
/// Python type variable is a type parameter: its bound, or what the call's arguments give.
#[test]
fn builtins_comprehensions_records_indexed_types_and_type_variables() {
    let py = "\
from typing import TypeVar

T = TypeVar(\"T\")
B = TypeVar(\"B\", bound=\"Item\")


class Item:
    def __init__(self) -> None:
        self.val = 1


def ident(x: T) -> T:
    return x


def bounded(x: B) -> B:
    return x.val and x


def f(items: list[Item], d: dict[str, Item], other: object) -> None:
    for a in sorted(items):
        print(a.val)
    for _, c in list(d.items()):
        print(c.val)
    print(next(iter(items)).val, min(items).val, max(items[0], items[1]).val)
    print(next((e for e in items if e.val), None).val)
    print(ident(items[0]).val, ident(other).val)
";
    let found = found_in(&[("m.py", py)], "m.py", "Item.val");
    assert_eq!(
        sure_lines(&found),
        vec![17, 22, 24, 25, 25, 25, 26, 26, 27],
        "{found:?}"
    );

    let ts = "\
export enum Kind { Legacy, Blob }
export interface BlobData { proofs?: string[] }
export interface TxData { [Kind.Legacy]: { nonce: number }; [Kind.Blob]: BlobData }
export type Data = TxData[typeof Kind.Blob]
export type Access = { changes: Map<number, string> }
export type Address = `0x${string}`
export type Accesses = Record<Address, Access>
export interface Wrap { inner: BlobData }
export function f(tx: Data, accesses: Accesses, lookup: Wrap['inner']) {
  for (const [address, access] of Object.entries(accesses)) { access.changes }
  const all = Array.from(Object.values(accesses))
  return tx.proofs ?? all[0].changes ?? lookup.proofs
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "BlobData.proofs");
    assert_eq!(sure_lines(&found), vec![12, 12], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "Access.changes");
    assert_eq!(sure_lines(&found), vec![10, 12], "{found:?}");
}

#[test]
fn a_yielded_literal_is_an_element_of_the_generators_written_return() {
    let ts = "\
export interface Visit { depth: number; label?: string }
export function* walk(depth: number): IterableIterator<Visit> {
  yield {depth};
  yield* [{depth: depth + 1}];
  yield* walk(depth + 1);
}
export async function* later(): AsyncGenerator<Visit, void, unknown> {
  yield {depth: 0, label: 'x'};
}
export function* untyped() {
  yield {depth: 2};
}
export function* other(): Generator<number> {
  yield 1;
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Visit.depth");
    assert_eq!(sure_lines(&found), vec![3, 4, 8], "{found:?}");
    // A generator whose return type is not written yields what the checker infers.
    assert!(
        found
            .iter()
            .any(|(_, line, c)| *line == 11 && *c == Confidence::NameMatch),
        "{found:?}"
    );
}

#[test]
fn a_tuple_structs_place_is_its_field() {
    let lib = "\
pub struct State {
    pub default: u8,
}

pub struct Entered<'a>(u8, &'a State);

pub struct Wrap<T>(pub T);

impl Entered<'_> {
    fn current(&self) -> u8 {
        self.1.default + self.0
    }
}

pub fn f(w: Wrap<State>, e: Entered<'_>) -> u8 {
    w.0.default + e.0.default
}
";
    let found = found_in_crate(lib, "State.default");
    // `e.0` is the `u8`, which has no field of that name: a name match at most.
    assert_eq!(sure_lines(&found), vec![11, 16], "{found:?}");
}

#[test]
fn a_closure_takes_its_parameters_from_the_function_trait_it_is_passed_as() {
    let lib = "\
pub struct Entry {
    pub name: u8,
}

pub struct Registry<T> {
    entries: Vec<T>,
}

impl<T> Registry<T> {
    pub fn each<F: FnMut(&T)>(&self, mut f: F) {
        self.entries.iter().for_each(|e| f(e));
    }
    pub fn each_impl(&self, f: impl Fn(&T) -> u8) -> u8 {
        self.entries.iter().map(f).sum()
    }
    pub fn each_where<F>(&self, f: F)
    where
        F: Fn(&T),
    {
        self.entries.iter().for_each(f);
    }
    pub fn each_dyn(&self, f: &dyn Fn(&T)) {
        self.entries.iter().for_each(f);
    }
}

pub fn visit<F: Fn(u8, &Entry) -> bool>(e: &Entry, f: F) -> bool {
    f(0, e)
}

pub fn g(r: &Registry<Entry>, e: &Entry) {
    r.each(|e| println!(\"{}\", e.name));
    r.each_impl(|e| e.name);
    r.each_where(|e| println!(\"{}\", e.name));
    r.each_dyn(&|e| println!(\"{}\", e.name));
    visit(e, |n, x| x.name > n);
    Registry::each(r, |e| println!(\"{}\", e.name));
}
";
    let found = found_in_crate(lib, "Entry.name");
    // A path call passes the receiver as an argument: the impl's `T` is what the checker
    // infers from it, which saguaro does not repeat.
    assert_eq!(sure_lines(&found), vec![32, 33, 34, 35, 36], "{found:?}");
    assert!(
        found
            .iter()
            .any(|(_, line, c)| *line == 37 && *c == Confidence::NameMatch),
        "{found:?}"
    );

    // A callback's parameters are read with the receiver's type arguments.
    let ts = "\
export interface Config { count: number }
export class Store<T> {
  constructor(public state: T) {}
  subscribe(cb: (s: T, prev: T) => void): void { cb(this.state, this.state) }
  map<R>(f: (s: T) => R): R { return f(this.state) }
}
export function f(store: Store<Config>) {
  store.subscribe((s, prev) => s.count + prev.count)
  store.map(s => s.count)
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Config.count");
    assert_eq!(sure_lines(&found), vec![8, 8, 9], "{found:?}");
}

#[test]
fn a_value_bounded_by_an_iterator_trait_gives_its_item() {
    let lib = "\
pub struct Entry {
    pub name: u8,
}

pub fn f(xs: impl Iterator<Item = Entry>) -> u8 {
    let mut n = 0;
    for x in xs {
        n += x.name;
    }
    n
}

pub fn g<'a, I: IntoIterator<Item = &'a Entry>>(xs: I) -> u8 {
    xs.into_iter().map(|x| x.name).sum()
}

pub fn h<I>(xs: I) -> u8
where
    I: Iterator<Item = Entry>,
{
    xs.map(|x| x.name).sum()
}

pub fn k(xs: &mut dyn Iterator<Item = &Entry>) -> Option<u8> {
    xs.next().map(|e| e.name)
}

pub fn other(xs: impl AsRef<[u8]>, name: u8) -> u8 {
    xs.as_ref().len() as u8 + name
}
";
    let found = found_in_crate(lib, "Entry.name");
    assert_eq!(sure_lines(&found), vec![8, 14, 21, 25], "{found:?}");
}

#[test]
fn turbofish_literals_locked_values_and_what_a_def_reads_around_it() {
    let lib = "\
use std::marker::PhantomData;
use std::sync::Mutex;

pub struct Scope<'env> {
    pub wait_group: u8,
    marker: PhantomData<&'env ()>,
}

pub fn f<'env>(m: &Mutex<Scope<'env>>) -> u8 {
    let scope = Scope::<'env> {
        wait_group: 1,
        marker: PhantomData,
    };
    scope.wait_group + m.lock().unwrap().wait_group + m.lock().expect(\"poisoned\").wait_group
}
";
    let found = found_in_crate(lib, "Scope.wait_group");
    assert_eq!(sure_lines(&found), vec![11, 14, 14, 14], "{found:?}");

    let py = "\
class Machine:
    self_literal = 'self'

    def __init__(self, model=self_literal, other: 'Machine | None' = None) -> None:
        self.model = model


class Test:
    def __init__(self) -> None:
        self.machine = Machine()

    def test(self) -> None:
        class Model(self.machine.model.__class__):
            pass

        print(Model)
";
    let found = found_in(&[("m.py", py)], "m.py", "Machine.self_literal");
    assert_eq!(sure_lines(&found), vec![4], "{found:?}");
    let found = found_in(&[("m.py", py)], "m.py", "Machine.model");
    assert_eq!(sure_lines(&found), vec![13], "{found:?}");
}

#[test]
fn a_member_the_type_lacks_is_the_one_of_what_it_derefs_to() {
    let lib = "\
use std::ops::{Deref, DerefMut};

pub struct Inner {
    pub port: u16,
}

pub struct Wrapper {
    inner: Inner,
}

impl Deref for Wrapper {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.inner
    }
}

impl DerefMut for Wrapper {
    fn deref_mut(&mut self) -> &mut Inner {
        &mut self.inner
    }
}

pub struct Guard<T>(T);

impl<T> Deref for Guard<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

pub fn f(w: &mut Wrapper, g: Guard<Inner>) -> u16 {
    w.port += 1;
    w.port + g.port
}
";
    let found = found_in_crate(lib, "Inner.port");
    // `g.port`: a generic guard derefs to its parameter, here the `Inner` given for it.
    assert_eq!(sure_lines(&found), vec![34, 35, 35], "{found:?}");
}

#[test]
fn fallbacks_cells_and_functions_a_macro_defines() {
    let py = "\
from typing import Optional


class Config:
    strict: bool = False


def load(config: Optional[Config] = None) -> bool:
    config = config or Config()
    return config.strict
";
    let found = found_in(&[("m.py", py)], "m.py", "Config.strict");
    assert_eq!(sure_lines(&found), vec![10], "{found:?}");

    let py = "\
class Grammar:
    def __init__(self) -> None:
        self.default_rule = None

    def _copy(self):
        new = Grammar.__new__(Grammar)
        new.default_rule = self.default_rule
        return new

    def default(self, rule):
        new = self._copy()
        new.default_rule = rule
        return new
";
    let found = found_in(&[("m.py", py)], "m.py", "Grammar.default_rule");
    assert_eq!(sure_lines(&found), vec![7, 7, 12], "{found:?}");

    let lib = "\
use std::cell::Cell;
use std::ptr::NonNull;

pub struct Footer {
    pub data: u8,
}

pub struct Stats {
    pub overhead: f64,
}

pub struct Bump {
    footer: Cell<NonNull<Footer>>,
}

impl Bump {
    pub fn data(&self) -> u8 {
        let footer = self.footer.get();
        unsafe { footer.as_ref().data }
    }
}

macro_rules! gen {
    ($backend:ty) => {
        fn profile() -> Stats {
            Stats { overhead: 1.0 }
        }

        pub fn run() -> f64 {
            let stats = profile();
            stats.overhead
        }
    };
}

gen!(u8);
";
    let found = found_in_crate(lib, "Footer.data");
    assert_eq!(sure_lines(&found), vec![19], "{found:?}");
    let found = found_in_crate(lib, "Stats.overhead");
    assert_eq!(sure_lines(&found), vec![26, 31], "{found:?}");
}

#[test]
fn an_impls_items_are_never_seen_by_a_bare_name() {
    let lib = "\
const INLINE_CAP: usize = 23;

pub struct SmolStr;

impl SmolStr {
    pub const INLINE_CAP: usize = INLINE_CAP;

    pub fn cap(&self) -> usize {
        Self::INLINE_CAP + INLINE_CAP
    }
}
";
    let found = found_in_crate(lib, "INLINE_CAP");
    assert_eq!(sure_lines(&found), vec![6, 9], "{found:?}");
    let found = found_in_crate(lib, "SmolStr.INLINE_CAP");
    assert_eq!(sure_lines(&found), vec![9], "{found:?}");
}

/// A copy is a value of the type copied, and a fold a value of its start's type, when that is
/// a type of the root; a fold started from `None` is not read as one.
#[test]
fn a_copy_and_a_fold_are_values_of_their_arguments_type() {
    let module = "\
import copy
from functools import reduce


class Plist:
    def index(self, x):
        return 0

    def cons(self, x):
        return self


EMPTY = Plist()


def plist(items):
    return reduce(lambda pl, e: pl.cons(e), items, EMPTY)


def nothing(items):
    return reduce(lambda acc, e: e, items, None)


plist([1]).index(1)
copy.deepcopy(EMPTY).index(2)
nothing([EMPTY]).index(3)
";
    let found = found_in(&[("plist.py", module)], "plist.py", "Plist.index");
    assert_eq!(sure_lines(&found), vec![24, 25], "{found:?}");
    assert!(
        found
            .iter()
            .any(|(_, line, c)| *line == 26 && *c == Confidence::NameMatch),
        "{found:?}"
    );
}

/// A `thread_local!` static is a `LocalKey` of its written type, whose `with` and
/// `try_with` hand their callback the value; a `lazy_static!` one is a value of its type.
#[test]
fn statics_of_item_macros_have_their_written_types() {
    let lib = "\
use std::cell::Cell;

pub struct State {
    pub can_enter: Cell<bool>,
}

std::thread_local! {
    static CURRENT: State = const { State { can_enter: Cell::new(true) } };
}

lazy_static! {
    static ref TABLE: State = State { can_enter: Cell::new(false) };
}

pub fn enter() -> bool {
    CURRENT.with(|state| state.can_enter.get())
        && CURRENT.try_with(|s| s.can_enter.get()).unwrap_or(false)
        && TABLE.can_enter.get()
}
";
    let found = found_in_crate(lib, "State.can_enter");
    assert_eq!(sure_lines(&found), vec![8, 12, 16, 17, 18], "{found:?}");
    let found = found_in_crate(lib, "CURRENT");
    assert_eq!(sure_lines(&found), vec![16, 17], "{found:?}");
}

/// A function of a pass-through wrapper whose result holds what its first argument holds is
/// typed as that argument (`Arc::clone(&a)`, `Box::leak(b)`, `Box::into_raw(b)`), and a
/// self-returning one with a turbofish as the type it names (`Box::<Node>::default()`); a
/// `Weak` made by `Rc::downgrade` is not its target.
#[test]
fn a_wrappers_functions_give_what_their_argument_holds() {
    let lib = "\
use std::rc::Rc;
use std::sync::Arc;

#[derive(Default)]
pub struct Node {
    pub helping: u8,
}

pub fn f(shared: Arc<Node>, local: Rc<Node>) -> u8 {
    let node = Box::leak(Box::<Node>::default());
    let again = Arc::clone(&shared);
    let other = Rc::clone(&local);
    let raw = Box::into_raw(Box::new(Node::default()));
    let back = unsafe { Box::from_raw(raw) };
    let weak = Rc::downgrade(&local);
    node.helping + again.helping + other.helping + back.helping + weak.helping
}
";
    let found = found_in_crate(lib, "Node.helping");
    let sure: Vec<(usize, Confidence)> = found.iter().map(|(_, l, c)| (*l, *c)).collect();
    assert_eq!(
        sure.iter()
            .filter(|(l, c)| *l == 16 && *c != Confidence::NameMatch)
            .count(),
        4,
        "{found:?}"
    );
    assert!(sure.contains(&(16, Confidence::NameMatch)), "{found:?}");
}

/// A closure passed where `cfg` alternatives (or overloads) each expect a function takes the
/// parameter type they share.
#[test]
fn a_closure_given_to_cfg_alternatives_takes_what_they_share() {
    let lib = "\
pub struct Two {
    pub port: u8,
}

impl Two {
    #[cfg(not(feature = \"x\"))]
    pub fn with<R, F: FnOnce(&Two) -> R>(f: F) -> R {
        f(&Two { port: 1 })
    }
    #[cfg(feature = \"x\")]
    pub fn with<R, F: FnOnce(&Two) -> R>(f: F) -> R {
        f(&Two { port: 2 })
    }
}

pub fn h() -> u8 {
    Two::with(|t| t.port)
}
";
    let found = found_in_crate(lib, "Two.port");
    assert_eq!(sure_lines(&found), vec![8, 12, 17], "{found:?}");
}

/// `map` gives a collection of what its callback returns (a closure's value, a pass-through
/// wrapper's constructor keeping the element, a function's return); a range is a collection
/// of its bounds; `_` is left to inference, so `collect::<Vec<_>>()` and `let v: Vec<_> =`
/// keep the elements collected.
#[test]
fn map_gives_what_its_callback_returns() {
    let lib = "\
use std::sync::Arc;

pub struct Node {
    pub next: u8,
}

fn make(_: &u8) -> Node {
    Node { next: 0 }
}

pub fn f(count: usize, xs: Vec<u8>) {
    let nodes = (0..count).map(|_| Node { next: 1 }).map(Arc::new).collect::<Vec<_>>();
    for n in nodes.iter().rev() {
        n.next;
    }
    let made: Vec<_> = xs.iter().map(make).collect();
    made[0].next;
}
";
    let found = found_in_crate(lib, "Node.next");
    assert_eq!(sure_lines(&found), vec![8, 12, 14, 17], "{found:?}");
    let module = "\
export class Entry {
  constructor(public size: number) {}
}

export function sizes(xs: number[]): number[] {
  const entries = xs.map((x) => new Entry(x));
  return entries.map((e) => e.size).concat([entries[0].size]);
}
";
    let found = found_in(&[("entry.ts", module)], "entry.ts", "Entry.size");
    assert_eq!(sure_lines(&found), vec![7, 7], "{found:?}");
}

/// An `if` with an `else` is one of its branches' values, a block-like expression written
/// last without `;` is its block's value, values of one generic class with and without type
/// arguments read are that class, a parenthesized dereference among macro tokens is what it
/// reaches, and `NonNull::new_unchecked(p)` is what `p` points to.
#[test]
fn branches_blocks_and_dereferences_keep_their_class() {
    let lib = "\
use std::ptr::{addr_of_mut, NonNull};

pub struct Node<K> {
    pub key: K,
    pub next: *mut Node<K>,
}

impl<K> Node<K> {
    fn new(key: K) -> Self {
        Node { key, next: std::ptr::null_mut() }
    }
}

pub struct List<K> {
    free: *mut Node<K>,
    head: *mut Node<K>,
}

impl<K> List<K> {
    pub fn insert(&mut self, key: K) {
        let node = if self.free.is_null() {
            Box::into_raw(Box::new(Node::new(key)))
        } else {
            // a recycled node
            unsafe {
                let free = self.free;
                self.free = (*free).next;
                free
            }
        };
        unsafe {
            let _k = &(*node).key;
            let _read = addr_of_mut!((*self.head).key).read();
            let head = NonNull::new_unchecked(self.head);
            let _n = head.as_ref().next;
        }
    }
}
";
    let found = found_in_crate(lib, "Node.key");
    assert_eq!(sure_lines(&found), vec![10, 32, 33], "{found:?}");
    let found = found_in_crate(lib, "Node.next");
    assert_eq!(sure_lines(&found), vec![10, 27, 35], "{found:?}");
}

/// `typeof value` in a type is the type of that value.
#[test]
fn a_type_query_is_the_type_of_its_value() {
    let module = "\
export interface Config {
  match: (s: string) => boolean;
}

const defaults: Config = { match: (s) => s.length > 0 };

export function register(config: typeof defaults = defaults) {
  return config.match('x');
}
";
    let found = found_in(&[("config.ts", module)], "config.ts", "Config.match");
    assert_eq!(sure_lines(&found), vec![5, 8], "{found:?}");
}

/// A map's `entry(k)` is a value that may be there: `or_insert(..)`, `or_default()` give it.
#[test]
fn a_maps_entry_gives_its_value() {
    let lib = "\
use std::collections::HashMap;

pub struct Slot {
    pub value: u8,
}

pub fn touch(map: &mut HashMap<u8, Slot>) -> u8 {
    let slot = map.entry(1).or_insert(Slot { value: 0 });
    slot.value += 1;
    map.entry(2).or_insert_with(|| Slot { value: 1 }).value
}
";
    let found = found_in_crate(lib, "Slot.value");
    assert_eq!(sure_lines(&found), vec![8, 9, 10, 10], "{found:?}");
}

/// `#[path = "gen/tables.rs"] mod tables;` names the module's file from the declaring file's
/// folder; a module so named is read like a `mod.rs` (its own `#[path]` children from its
/// folder) and its `super` is the declaring file.
#[test]
fn a_path_attribute_names_a_modules_file() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let files = [
        ("Cargo.toml", manifest),
        (
            "src/lib.rs",
            "pub use tables::VERSION;\n\nmod lookup;\n#[path = \"gen/tables.rs\"]\nmod tables;\n",
        ),
        (
            "src/gen/tables.rs",
            "pub const VERSION: u8 = 1;\npub static ROOT: [u8; 1] = [0];\n",
        ),
        (
            "src/lookup.rs",
            "#[path = \"gen/lookup.rs\"]\nmod gen;\n\npub use gen::width;\n",
        ),
        (
            "src/gen/lookup.rs",
            "use crate::tables::*;\n\npub fn width() -> u8 {\n    ROOT[0] + super::super::tables::VERSION\n}\n",
        ),
    ];
    let found = found_in(&files, "src/gen/tables.rs", "ROOT");
    assert_eq!(sure_lines(&found), vec![4], "{found:?}");
    let found = found_in(&files, "src/gen/tables.rs", "VERSION");
    let places: Vec<(&str, usize)> = found.iter().map(|(p, l, _)| (p.as_str(), *l)).collect();
    assert_eq!(places, vec![("src/gen/lookup.rs", 4), ("src/lib.rs", 1)], "{found:?}");
}

/// `type(x) is C` (or `==`) narrows `x` to a `C` where it holds, as `isinstance` does;
/// `is not` and `!=` do not.
#[test]
fn a_type_identity_test_narrows() {
    let module = "\
class Option:
    def __init__(self):
        self.argcount = 0


def f(e):
    if type(e) is Option and e.argcount:
        pass
    if type(e) == Option:
        e.argcount
    if type(e) is not Option and e.argcount:
        pass
";
    let found = found_in(&[("m.py", module)], "m.py", "Option.argcount");
    assert_eq!(sure_lines(&found), vec![7, 10], "{found:?}");
    assert!(
        found.contains(&("m.py".to_string(), 11, Confidence::NameMatch)),
        "{found:?}"
    );
}

/// `filter_map` gives a collection of what the wrapper its callback returns holds, and
/// `flat_map` / `flatMap` of the elements of what it returns; `Some(x)` is an `Option` of
/// `x`.
#[test]
fn filter_map_and_flat_map_take_their_callbacks_return_apart() {
    let lib = "\
pub struct Chunk {
    pub size: usize,
}

pub fn f(xs: Vec<u8>) -> usize {
    let kept: Vec<_> = xs.iter().filter_map(|x| Some(Chunk { size: *x as usize })).collect();
    let flat = xs.iter().flat_map(|x| [Chunk { size: *x as usize }]).collect::<Vec<_>>();
    let made = Some(Chunk { size: 1 });
    kept[0].size + flat[0].size + made.unwrap().size
}
";
    let found = found_in_crate(lib, "Chunk.size");
    assert_eq!(sure_lines(&found), vec![6, 7, 8, 9, 9, 9], "{found:?}");
    let module = "\
export class Chunk {
  constructor(public size: number) {}
}

export function sizes(xs: number[][]): number {
  const chunks = xs.flatMap((row) => row.map((x) => new Chunk(x)));
  return chunks[0].size;
}
";
    let found = found_in(&[("chunk.ts", module)], "chunk.ts", "Chunk.size");
    assert_eq!(sure_lines(&found), vec![7], "{found:?}");
}

/// A crate written for the 2015 edition (no `edition` in its manifest) starts a `use` path at
/// the crate root (`use unify::Table` is `crate::unify::Table`, `use snapshot as sv` names
/// the root's module); a later edition starts it among the crates it depends on.
#[test]
fn a_2015_crate_starts_its_use_paths_at_the_root() {
    let lib = "mod snapshot;\nmod unify;\n";
    let snapshot = "pub struct Snapshot {\n    pub count: usize,\n}\n";
    let unify = "use snapshot as sv;\n\npub type Table = sv::Snapshot;\n\npub fn count(s: &Table) -> usize {\n    s.count\n}\n\nmod tests {\n    use unify::Table;\n\n    fn f(t: Table) -> usize {\n        t.count\n    }\n}\n";
    for (edition, expected) in [("", vec![6, 13]), ("edition = \"2018\"\n", vec![])] {
        let manifest = format!("[package]\nname = \"k\"\nversion = \"0.1.0\"\n{edition}");
        let files = [
            ("Cargo.toml", manifest.as_str()),
            ("src/lib.rs", lib),
            ("src/snapshot.rs", snapshot),
            ("src/unify.rs", unify),
        ];
        let found = found_in(&files, "src/snapshot.rs", "Snapshot.count");
        assert_eq!(sure_lines(&found), expected, "{edition}: {found:?}");
    }
}

/// A function written as a value is a function type: it gives what its written return type
/// says, else what its body written as an expression is (`() => blockers`), and one of
/// several such functions gives one of their results (`opts.parse ?? (() => parse())`). A
/// member of a type written in place is called as that type declares it, and a property
/// whose type is a function type (through an alias) expects what its parameter says.
#[test]
fn a_function_written_as_a_value_gives_what_it_returns() {
    let module = "\
export type Args = { current: number }
export type BlockerFn = (args: Args) => boolean
export type Blocker = { blockerFn: BlockerFn }

export function run(opts: { getBlockers?: () => Array<Blocker>; parse?: () => Args }) {
  let blockers: Array<Blocker> = []
  const all = () => blockers
  for (const blocker of all()) {
    blocker.blockerFn({ current: 1 })
  }
  for (const blocker of opts.getBlockers?.() ?? []) {
    blocker.blockerFn({ current: 2 })
  }
  const parse = opts.parse ?? (() => ({ current: 3 }) as Args)
  return parse().current
}
";
    let found = found_in(&[("history.ts", module)], "history.ts", "Args.current");
    assert_eq!(sure_lines(&found), vec![9, 12, 15], "{found:?}");
}

/// The standard library's derived types: `Omit<T, K>` and `Pick<T, K>` have some of T's
/// members, `ReturnType<typeof f>` is what `f` returns, `InstanceType<typeof C>` a `C`, and
/// `ConstructorParameters<typeof C>[0]` (or `Parameters<typeof f>[0]`) the parameter there.
#[test]
fn derived_utility_types_keep_their_arguments_members() {
    let module = "\
export interface Props {
  delay: number
  key: string
}

export class View {
  constructor(props: Props) {}
}

export function make(): Props {
  return { delay: 1, key: 'k' }
}

export function update(next: Partial<Omit<Props, 'key'>>, picked: Pick<Props, 'delay'>) {
  return next.delay ?? picked.delay
}

export function create(overrides: Partial<ConstructorParameters<typeof View>[0]> = {}) {
  return new View({ key: 'k', delay: 0, ...overrides })
}

create({ delay: 2 })

export function made(p: ReturnType<typeof make>, v: InstanceType<typeof View>) {
  return p.delay
}
";
    let found = found_in(&[("view.ts", module)], "view.ts", "Props.delay");
    assert_eq!(sure_lines(&found), vec![11, 15, 15, 19, 22, 25], "{found:?}");
}

/// A type comment (`# type: List[util.Node]`, which checkers read as an annotation) and a
/// dotted forward reference (`"util.Node"`) name the class where they are written;
/// `# type: ignore` names nothing.
#[test]
fn a_type_comment_names_its_types() {
    let util = "class Node:\n    pass\n";
    let module = "\
from typing import List
import util

nodes = []  # type: List[util.Node]
first = None  # type: \"util.Node\"
other = None  # type: ignore[util.Node]


def f(n: \"util.Node\") -> None:
    pass
";
    let found = found_in(&[("util.py", util), ("m.py", module)], "util.py", "Node");
    let lines: Vec<(&str, usize)> = found
        .iter()
        .filter(|(_, _, c)| *c != Confidence::NameMatch)
        .map(|(p, l, _)| (p.as_str(), *l))
        .collect();
    assert_eq!(lines, vec![("m.py", 4), ("m.py", 5), ("m.py", 9)], "{found:?}");
}

/// A lock's or a cell's guard (`MutexGuard<'_, T>`, `Ref<'_, T>`) derefs to what it guards,
/// its lifetime saying nothing of that; a struct literal or path named by a type alias (an
/// impl's `Self::IntoIter`) names the aliased type's members.
#[test]
fn a_guard_reaches_what_it_guards_and_an_alias_its_types_members() {
    let lib = "\
use std::cell::{Ref, RefCell};
use std::sync::{Mutex, MutexGuard};

pub struct Inner {
    pub message: String,
}

pub struct Bar {
    state: Mutex<Inner>,
    cell: RefCell<Inner>,
}

impl Bar {
    fn state(&self) -> MutexGuard<'_, Inner> {
        self.state.lock().unwrap()
    }
    fn cell(&self) -> Ref<'_, Inner> {
        self.cell.borrow()
    }
    pub fn set(&self) -> usize {
        let mut state = self.state();
        state.message = String::new();
        self.cell().message.len()
    }
}

pub struct Iter {
    pub message: String,
}

pub type Alias = Inner;

impl IntoIterator for Bar {
    type Item = u8;
    type IntoIter = Iter;
    fn into_iter(self) -> Self::IntoIter {
        let message = String::new();
        Self::IntoIter { message }
    }
}

pub fn make() -> Alias {
    Alias { message: String::new() }
}
";
    let found = found_in_crate(lib, "Inner.message");
    assert_eq!(sure_lines(&found), vec![22, 23, 43], "{found:?}");
    let found = found_in_crate(lib, "Iter.message");
    assert_eq!(sure_lines(&found), vec![38], "{found:?}");
}

/// A local (`stream_safe: bool`) hides no module of its name from a path
/// (`stream_safe::classify(c)`); `mem::replace(&mut slot, v)` gives back a value of the
/// slot's type (`argument_results`); and a type path's turbofish gives the value a call of
/// it makes its type arguments (`Map::<RowId>::default().get(c)` is a `RowId`).
#[test]
fn a_local_hides_no_module_and_a_turbofish_gives_its_arguments() {
    let lib = "\
mod stream_safe {
    pub struct Decomposition {
        pub leading: usize,
    }

    pub fn classify(_c: char) -> Decomposition {
        Decomposition { leading: 0 }
    }
}

use stream_safe::Decomposition;

pub fn check(c: char, stream_safe: bool) -> usize {
    if stream_safe {
        return stream_safe::classify(c).leading;
    }
    let mut slot = vec![Decomposition { leading: 1 }];
    let old = std::mem::replace(&mut slot, Vec::new());
    old[0].leading + Table::<Decomposition>::default().get().leading
}

pub struct Table<V> {
    value: Option<V>,
}

impl<V> Default for Table<V> {
    fn default() -> Self {
        Table { value: None }
    }
}

impl<V> Table<V> {
    pub fn get(&self) -> &V {
        self.value.as_ref().unwrap()
    }
}
";
    let found = found_in_crate(lib, "stream_safe.Decomposition.leading");
    assert_eq!(sure_lines(&found), vec![7, 15, 17, 19, 19], "{found:?}");
}

/// A `@classmethod` that returns a call of its class parameter (`return cls(**kwargs)`) and
/// writes no return type gives an instance of the class it is called on; a comprehension's
/// `if isinstance(c, C)` narrows `c` in its element.
#[test]
fn a_classmethod_building_cls_gives_its_callers_class() {
    let module = "\
class Base:
    @classmethod
    def load(cls, path):
        return cls()


class Config(Base):
    template_base = ''


class Line:
    isend = False


config = Config.load('setup.cfg')
config.template_base


def ends(children):
    return all(c.isend for c in children if isinstance(c, Line))
";
    let found = found_in(&[("m.py", module)], "m.py", "Config.template_base");
    assert_eq!(sure_lines(&found), vec![16], "{found:?}");
    let found = found_in(&[("m.py", module)], "m.py", "Line.isend");
    assert_eq!(sure_lines(&found), vec![20], "{found:?}");
}

/// A type imported under another name is the type it names (`use std::sync::Mutex as
/// StdMutex`: a `StdMutex<State>` is read as a `Mutex`); a computed key of an intersection
/// (`Window & WithState`) is the field of the type declaring it.
#[test]
fn an_aliased_import_and_an_intersections_computed_key_are_read_through() {
    let lib = "\
use std::sync::Mutex as StdMutex;

pub struct State {
    pub next: u32,
}

pub fn bump(state: &StdMutex<State>) {
    let mut state = state.lock().unwrap();
    state.next += 1;
}
";
    let found = found_in_crate(lib, "State.next");
    assert_eq!(sure_lines(&found), vec![9], "{found:?}");
    let module = "\
const KEY = Symbol.for('state');

interface WindowState {
  editors: number;
}

interface WithState {
  [KEY]?: WindowState;
}

export function get(w: Window & WithState): number {
  const state = w[KEY];
  return state ? state.editors : 0;
}
";
    let found = found_in(&[("w.ts", module)], "w.ts", "WindowState.editors");
    assert_eq!(sure_lines(&found), vec![13], "{found:?}");
}

/// An `AtomicPtr<T>`'s `load` gives the pointer it holds, read as what it points to; a
/// `Some(x)` matching a value read as a type of the root (a raw pointer's `as_ref()`, whose
/// `Option` that reading drops) binds that value; and the arms of a `match` giving tuples
/// give a tuple whose elements are what the arms agree on (`(*node, Some(old))` beside
/// `(node, None)`: the first is a `Node` either way).
#[test]
fn a_pointer_reaches_what_it_points_to_and_tuple_arms_agree_by_element() {
    let lib = "\
use std::sync::atomic::{AtomicPtr, Ordering};

pub struct Node {
    pub key: u32,
    pub next: AtomicPtr<Node>,
}

pub struct List {
    head: AtomicPtr<Node>,
    free: *mut Node,
}

impl List {
    pub fn walk(&self) -> u32 {
        let mut head = self.head.load(Ordering::Acquire);
        let mut total = 0;
        while let Some(cs) = unsafe { head.as_ref() } {
            total += cs.key;
            head = cs.next.load(Ordering::Acquire);
        }
        total
    }

    pub fn pick(&self, found: Option<&*mut Node>) -> u32 {
        let (node, old) = match found {
            Some(node) => (*node, Some(1)),
            None => (self.free, None),
        };
        unsafe { (*node).key + old.unwrap_or(0) }
    }
}
";
    let found = found_in_crate(lib, "Node.key");
    assert_eq!(sure_lines(&found), vec![18, 29], "{found:?}");
}

/// A trait's supertraits (`trait Common: Contains`, `where Self: Contains`) give it their
/// methods, in its own default methods and through a bound naming it.
#[test]
fn a_trait_has_its_supertraits_methods() {
    let lib = "\
pub struct TrieNode {
    pub child_count: usize,
}

pub trait Contains<'a> {
    fn trie_node(self) -> &'a TrieNode;
}

pub trait Common<'a>: Contains<'a> + Sized {
    fn is_leaf(self) -> bool {
        self.trie_node().child_count == 0
    }
}

pub trait Plain<'a>
where
    Self: Contains<'a> + Sized,
{
    fn is_empty(self) -> bool {
        self.trie_node().child_count == 0
    }
}

pub fn count<'a, T: Common<'a>>(t: T) -> usize {
    t.trie_node().child_count
}
";
    let found = found_in_crate(lib, "TrieNode.child_count");
    assert_eq!(sure_lines(&found), vec![11, 20, 25], "{found:?}");
}

/// In a `macro_rules!` body, a local made by a struct literal (`$crate::Equalizer { .. }`,
/// `$crate` the macro's own crate) has the literal's type, and `self` in an `impl` written
/// among the body's tokens is the type the impl is for.
#[test]
fn a_macro_bodys_literal_and_impl_type_their_values() {
    let lib = "\
pub struct Equalizer {
    pub guard: usize,
}

pub struct Styled<T> {
    pub target: T,
}

#[macro_export]
macro_rules! equalize {
    {$($t:tt)*} => {{
        let mut eq = $crate::Equalizer {
            guard: 0,
        };
        (&mut eq.guard).clone()
    }};
}

macro_rules! impl_fmt {
    ($($trait:path),* $(,)?) => {
        $(
            impl<T: $trait> $trait for Styled<T> {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    <T as $trait>::fmt(&self.target, f)
                }
            }
        )*
    };
}

impl_fmt!(std::fmt::Display);
";
    let found = found_in_crate(lib, "Equalizer.guard");
    assert_eq!(sure_lines(&found), vec![13, 15], "{found:?}");
    let found = found_in_crate(lib, "Styled.target");
    assert_eq!(sure_lines(&found), vec![24], "{found:?}");
}

/// Among a macro's tokens a field read straight off a struct literal (`Bytes::<M> { .. }.x2`,
/// a turbofish or none) is the literal's type's field; braces after `if`, `match` or
/// `unsafe` close a block, whose value saguaro does not read there.
#[test]
fn a_field_read_off_a_struct_literal_among_macro_tokens_is_its_types() {
    let lib = "\
macro_rules! twice {
    ($j:ident, $body:block) => {{ let $j = 0; $body; let $j = 1; $body; }};
}
pub trait Machine { type W: Copy; }
pub union Bytes<M: Machine> {
    pub x2: M::W,
    pub bytes: [u8; 16],
}
pub struct Pair { pub x2: u8 }
pub fn read<M: Machine>(v: [u8; 16], p: Pair, ready: bool) {
    twice!(j, {
        let _ = j;
        let _w = unsafe { Bytes::<M> { bytes: v }.x2 };
        let _w = unsafe { Bytes { bytes: v }.x2 };
        let _p = if ready { p } else { Pair { x2: 0 } }.x2;
        let _q = match j { _ => Pair { x2: 1 } }.x2;
    });
}
";
    let found = found_in_crate(lib, "Bytes.x2");
    assert_eq!(sure_lines(&found), vec![13, 14], "{found:?}");
}

/// A field read on a value of an outside generic type holding one type of the root
/// (`CachePadded<Position>`) is that type's field, reached through `Deref`; a method called
/// on it is not known (the outside type may have its own). `get_unchecked(i)` of a
/// collection gives the element itself.
#[test]
fn an_outside_wrapper_reaches_its_types_fields_and_get_unchecked_an_element() {
    let lib = "\
use crossbeam_utils::CachePadded;

pub struct Position {
    pub index: usize,
}

impl Position {
    pub fn get(&self) -> usize {
        self.index
    }
}

pub struct Slot {
    pub state: usize,
}

pub struct Queue {
    head: CachePadded<Position>,
    slots: [Slot; 4],
    span: std::ops::Range<Span>,
}

pub struct Span {
    pub start: usize,
}

impl Queue {
    pub fn read(&self) -> usize {
        let slot = unsafe { self.slots.get_unchecked(1) };
        self.head.index + slot.state + self.head.get() + self.span.start.start
    }
}
";
    let found = found_in_crate(lib, "Position.index");
    assert_eq!(sure_lines(&found), vec![9, 30], "{found:?}");
    let found = found_in_crate(lib, "Slot.state");
    assert_eq!(sure_lines(&found), vec![30], "{found:?}");
    // A range's `start` is its own (`own_field_types`), never taken for the `Span`'s.
    let found = found_in_crate(lib, "Span.start");
    assert!(sure_lines(&found).is_empty(), "{found:?}");
    // The method is left to the name: `CachePadded` might have a `get` of its own.
    let found = found_in_crate(lib, "Position.get");
    assert!(sure_lines(&found).is_empty(), "{found:?}");
}

/// `cls(lo=1)` in a classmethod of a dataclass constructs the class: its keyword names the
/// field, as `Table(lo=1)` does.
#[test]
fn a_classmethods_cls_call_names_the_fields_by_keyword() {
    let module = "\
from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    lo: int
    hi: int

    @classmethod
    def build(cls, lo: int) -> \"Table\":
        return cls(lo=lo, hi=2)


t = Table(lo=1, hi=2)
";
    let found = found_in(&[("m.py", module)], "m.py", "Table.lo");
    assert_eq!(sure_lines(&found), vec![11, 14], "{found:?}");
}

/// A file opening with a blank line (its tree's root starting at its first token) binds
/// its definitions at module level as any file does: what imports them reaches them, in
/// every language.
#[test]
fn a_file_opening_with_a_blank_line_is_still_one_module() {
    let found = found_in(
        &[
            ("pkg/__init__.py", ""),
            ("pkg/events.py", "\nclass Event:\n    pass\n\n\n"),
            (
                "pkg/use.py",
                "from .events import *\nfrom .events import Event\n\nx = Event()\n",
            ),
        ],
        "pkg/events.py",
        "Event",
    );
    assert_eq!(sure_lines(&found), vec![2, 4], "{found:?}");
    let found = found_in(
        &[
            ("a.ts", " \nexport class A {}\n"),
            ("b.ts", "import { A } from \"./a\";\nconst x = new A();\n"),
        ],
        "a.ts",
        "A",
    );
    assert_eq!(sure_lines(&found), vec![1, 2], "{found:?}");
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let found = found_in(
        &[
            ("Cargo.toml", manifest),
            ("src/lib.rs", "\npub mod a;\n\npub fn f() -> a::A {\n    a::A {}\n}\n"),
            ("src/a.rs", "\r\npub struct A {}\n"),
        ],
        "src/a.rs",
        "A",
    );
    assert_eq!(sure_lines(&found), vec![4, 5], "{found:?}");
}

/// A `fold`'s or `reduce`'s callback takes the carried value first and an element second:
/// the element is the second parameter, and the first is not taken for one.
#[test]
fn an_accumulating_callbacks_element_is_its_second_parameter() {
    let lib = "\
pub struct Item {
    pub size: usize,
}

pub struct Acc {
    pub size: usize,
}

pub fn total(items: Vec<Item>, start: Acc) -> Acc {
    items.iter().fold(start, |acc, x| Acc { size: acc.size + x.size })
}
";
    let found = found_in_crate(lib, "Item.size");
    // Only `x.size` is an item's (`acc.size` would be a second line 10).
    assert_eq!(sure_lines(&found), vec![10], "{found:?}");
    let module = "\
export interface Position {
  text: string
  pos: number
}

export function joined(positions: Position[]): string {
  return positions.reduce((all, position) => all + position.text, '')
}
";
    let found = found_in(&[("a.ts", module)], "a.ts", "Position.text");
    assert_eq!(sure_lines(&found), vec![7], "{found:?}");
}

/// `super({..})` in a constructor calls the base class's constructor: the object literal
/// is that constructor's parameter, typed as it writes.
#[test]
fn a_super_calls_literal_is_the_base_constructors_parameter() {
    let base = "\
export interface Options {
  type: string
  predicate: (c: string) => boolean
}

export class Character {
  predicate: (c: string) => boolean

  constructor(options: Options) {
    this.predicate = options.predicate
  }
}
";
    let space = "\
import { Character } from './base'

export class Space extends Character {
  constructor() {
    super({
      type: 'space',
      predicate: (c: string) => c === ' ',
    })
  }
}
";
    let found = found_in(
        &[("base.ts", base), ("space.ts", space)],
        "base.ts",
        "Options.predicate",
    );
    let lines: Vec<(&str, usize)> = found
        .iter()
        .filter(|(_, _, c)| *c != Confidence::NameMatch)
        .map(|(p, l, _)| (p.as_str(), *l))
        .collect();
    assert_eq!(lines, vec![("base.ts", 10), ("space.ts", 7)], "{found:?}");
}

/// An `Option`'s `replace` and `take` give back the `Option` (what it held before), a
/// `Cell`'s `take` the value itself (`wrapper_methods`).
#[test]
fn a_wrappers_own_methods_give_the_wrapper_or_its_value() {
    let lib = "\
use std::cell::Cell;
use std::ptr::NonNull;

pub struct Link {
    pub next: Option<NonNull<Link>>,
}

pub struct Inner {
    tail: Option<NonNull<Link>>,
    slot: Cell<Option<Link>>,
}

impl Inner {
    pub fn push(&mut self, entry: NonNull<Link>) {
        match self.tail.replace(entry) {
            None => {}
            Some(t) => unsafe { (*t.as_ptr()).next = Some(entry) },
        }
        if let Some(old) = self.slot.take() {
            drop(old.next);
        }
    }
}
";
    let found = found_in_crate(lib, "Link.next");
    assert_eq!(sure_lines(&found), vec![17, 20], "{found:?}");
}

/// A struct written in `pin_project!` is a struct (the macro is read through as the items
/// it lists), and its `project()` gives a view with the struct's own fields
/// (`projection_methods`).
#[test]
fn a_pin_projected_structs_fields_are_reached_through_project() {
    let lib = "\
use std::pin::Pin;

pub struct Barrier {
    pub n: usize,
}

pin_project_lite::pin_project! {
    /// The future of a wait.
    pub struct Wait<'a> {
        barrier: &'a Barrier,
        #[pin]
        count: Option<usize>,
    }
}

impl<'a> Wait<'a> {
    pub fn poll(self: Pin<&mut Self>) -> usize {
        let this = self.project();
        this.barrier.n
    }
}
";
    let found = found_in_crate(lib, "Barrier.n");
    assert_eq!(sure_lines(&found), vec![19], "{found:?}");
    let found = found_in_crate(lib, "Wait.barrier");
    assert_eq!(sure_lines(&found), vec![19], "{found:?}");
}

/// A generic type of the root whose `Deref` target is one of its own parameters (spin's
/// `MutexGuard<'_, T, R>`, `type Target = T`) reaches the members of the type given for it.
#[test]
fn a_root_guard_derefs_to_the_type_given_for_its_target() {
    let lib = "\
use core::ops::Deref;

pub struct Mutex<T, R = ()> {
    data: T,
    relax: R,
}

pub struct MutexGuard<'a, T, R = ()> {
    data: &'a T,
    relax: &'a R,
}

impl<'a, T, R> Deref for MutexGuard<'a, T, R> {
    type Target = T;
    fn deref(&self) -> &T {
        self.data
    }
}

impl<T, R> Mutex<T, R> {
    pub fn lock(&self) -> MutexGuard<'_, T, R> {
        MutexGuard { data: &self.data, relax: &self.relax }
    }
}

pub struct State {
    pub count: usize,
}

pub struct Barrier {
    lock: Mutex<State>,
}

impl Barrier {
    pub fn wait(&self) -> usize {
        let lock = self.lock.lock();
        lock.count
    }
}
";
    let found = found_in_crate(lib, "State.count");
    assert_eq!(sure_lines(&found), vec![37], "{found:?}");
}

/// A generic alias applied is its value with the alias's parameters given (`ChanLock<Chan>`
/// is a `Spinlock<Chan>`, every `#[cfg]` alternative agreeing); a function's own parameter
/// is inferred through a reference and a wrapper or an outside type of one argument
/// (`wait_lock(&self.chan)` with `lock: &Spinlock<T>`); `self` in an `impl` that writes
/// its type's arguments (`impl<T> Hook<T, Signal>`) has them; a dereference in parentheses
/// heads a chain among a macro's tokens (`addr_of!((*p).header)`).
#[test]
fn aliases_applied_wrappers_inferred_impl_arguments_and_macro_dereferences() {
    let lib = "\
use spin1::{Mutex as Spinlock, MutexGuard as SpinlockGuard};
use std::sync::{Mutex, MutexGuard};
use std::ptr::addr_of;

#[cfg(feature = \"spin\")]
type ChanLock<T> = Spinlock<T>;
#[cfg(not(feature = \"spin\"))]
type ChanLock<T> = Mutex<T>;

pub struct Chan<T> {
    pub sending: Option<T>,
}

pub struct Shared<T> {
    chan: ChanLock<Chan<T>>,
    plain: Spinlock<Chan<T>>,
}

#[cfg(feature = \"spin\")]
fn wait_lock<T>(lock: &Spinlock<T>) -> SpinlockGuard<'_, T> {
    lock.lock()
}
#[cfg(not(feature = \"spin\"))]
fn wait_lock<'a, T>(lock: &'a Mutex<T>) -> MutexGuard<'a, T> {
    lock.lock().unwrap()
}

pub struct Signal {
    pub woken: bool,
}

pub struct Hook<T, S: ?Sized>(Option<T>, S);

impl<T> Hook<T, Signal> {
    fn woken(&self) -> bool {
        self.1.woken
    }
}

impl<T> Shared<T> {
    fn f(&self) -> bool {
        let plain = wait_lock(&self.plain);
        let chan = wait_lock(&self.chan);
        let locked = self.chan.lock();
        plain.sending.is_some() && chan.sending.is_some() && locked.sending.is_some()
    }
}

pub fn g(p: *const Signal) -> *const bool {
    unsafe { addr_of!((*p).woken) }
}
";
    let found = found_in_crate(lib, "Chan.sending");
    assert_eq!(sure_lines(&found), vec![45, 45, 45], "{found:?}");
    assert!(found.iter().all(|(_, _, c)| *c != Confidence::NameMatch), "{found:?}");
    let found = found_in_crate(lib, "Signal.woken");
    assert_eq!(sure_lines(&found), vec![36, 50], "{found:?}");
}

/// A tuple variant's pattern binds by place, wildcards counted: `Full(_, left)` is the
/// variant's second field, not its first (which lacks the member, so the use was dropped).
#[test]
fn a_wildcard_in_a_variant_pattern_keeps_its_place() {
    let lib = "\
pub struct Pool;
pub struct Rrb {
    pub inner_f: u8,
}
pub enum Inner {
    Single(Pool, u8),
    Full(Pool, Rrb),
}
use Inner::Full;

pub fn same(a: &Inner, b: &Inner) -> bool {
    match (a, b) {
        (Full(_, left), Inner::Full(_, right)) => left.inner_f == right.inner_f,
        _ => false,
    }
}
";
    let found = found_in_crate(lib, "Rrb.inner_f");
    assert_eq!(sure_lines(&found), vec![13, 13], "{found:?}");
}

/// Among a macro's tokens: `offset_of!(Type<T>, field)` names the type's field, also
/// inside another macro's tokens; a path or a struct literal written with a turbofish
/// (`$crate::Inner::<[u8; N]>::COUNT`, `Deref::<A> { p: .. }`) names what the path names.
#[test]
fn offset_of_and_turbofish_paths_among_macro_tokens() {
    let lib = "\
pub struct Inner<B> {
    pub count: usize,
    pub data: B,
}

impl<B> Inner<B> {
    pub const COUNT: usize = 0;
}

pub union Deref<A: Copy> {
    pub p: *const u8,
    pub a: A,
}

#[macro_export]
macro_rules! make {
    ($n:expr) => {
        $crate::Inner::<[u8; 4]> {
            count: $crate::Inner::<[u8; 4]>::COUNT,
            data: unsafe { $crate::Deref::<[u8; 4]> { p: $n }.a },
        }
    };
}

pub fn layout() {
    assert_eq!(core::mem::offset_of!(Inner<u8>, count), 0);
}
";
    let found = found_in_crate(lib, "Inner.count");
    assert_eq!(sure_lines(&found), vec![19, 26], "{found:?}");
    let found = found_in_crate(lib, "Inner.COUNT");
    assert_eq!(sure_lines(&found), vec![19], "{found:?}");
    let found = found_in_crate(lib, "Deref.p");
    assert_eq!(sure_lines(&found), vec![20], "{found:?}");
}

/// A name a closure's bars bind among a macro call's tokens has the type the macro's rules
/// write for the metavariable taken between bars (`|$arg:ident|` expanded into `fn
/// closure($arg: Request)`), read through every rule.
#[test]
fn a_closure_parameter_among_macro_tokens_is_typed_by_the_macros_rules() {
    let lib = "\
pub struct Request {
    pub path: Option<&'static str>,
}

#[cfg(test)]
mod tests {
    use super::Request;

    macro_rules! req {
        ($name:ident, |$arg:ident| $body:expr) => (
            req! {$name, 0, |$arg| $body }
        );
        ($name:ident, $len:expr, |$arg:ident| $body:expr) => (
            #[test]
            fn $name() {
                closure(Request { path: None });
                fn closure($arg: Request) {
                    $body
                }
            }
        )
    }

    req! {
        simple,
        |req| {
            assert_eq!(req.path, None);
        }
    }
}
";
    let found = found_in_crate(lib, "Request.path");
    assert_eq!(sure_lines(&found), vec![16, 27], "{found:?}");
}

/// A keyword a function takes through `**kwargs: Unpack[Options]` (PEP 692) names
/// `Options`'s member, whether the function is called by name, as an instance's
/// `__call__`, or through a class attribute typed by such an instance.
#[test]
fn a_keyword_of_unpacked_kwargs_names_the_typed_dicts_member() {
    let py = "\
import typing
from typing_extensions import Unpack


class Kw(typing.TypedDict, total=False):
    validate: int


def f(name: str, **kwargs: Unpack[Kw]) -> None:
    pass


def g(name: str, validate: int = 0, **kwargs: Unpack[Kw]) -> None:
    pass


class Method:
    def __call__(self, name: str, **kwargs: Unpack[Kw]) -> int:
        return 1


class Env:
    __call__: Method = Method()
    number = Method()


f(\"a\", validate=1)
g(\"a\", validate=1)
Method()(\"a\", validate=2)
Env().number(\"a\", validate=3)
Env()(\"a\", validate=4)
";
    let found = found_in(&[("m.py", py)], "m.py", "Kw.validate");
    // `g` takes `validate` as a parameter of its own: that is what its keyword names.
    assert_eq!(sure_lines(&found), vec![27, 29, 30, 31], "{found:?}");
}

/// A closure a function returns as its body's last expression takes its parameters from
/// the function's written return type (`-> impl FnOnce(&Meta) -> R`), parenthesized or not.
#[test]
fn a_returned_closure_takes_its_parameters_from_the_written_return_type() {
    let lib = "\
pub struct Meta {
    pub inner: u8,
}

pub fn a<'x>() -> impl FnOnce(&'x Meta) -> &'x u8 {
    move |m| &m.inner
}

pub fn b<'x>() -> impl (FnOnce(&'x Meta) -> &'x u8) {
    let f = move |m: &'x Meta| &m.inner;
    f
}
";
    let found = found_in_crate(lib, "Meta.inner");
    assert_eq!(sure_lines(&found), vec![6, 10], "{found:?}");
}

/// An array's `entries()` gives pairs of an index and an element, as Rust's `enumerate()`
/// does: `for (const [i, v] of versions.entries())` makes `v` an element.
#[test]
fn an_arrays_entries_pair_an_index_with_each_element() {
    let ts = "\
export interface Version {
  prev: number;
}

export function walk(versions: Version[]): number {
  let total = 0;
  for (const [index, version] of versions.entries()) {
    total += index + version.prev;
  }
  return total;
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Version.prev");
    assert_eq!(sure_lines(&found), vec![8], "{found:?}");
}

/// A function called by its type's path, the type written without arguments
/// (`PoolRef::make_mut(pool, x)`), takes the impl's type parameters from its arguments as
/// rustc does: `_pool: &Pool<A>` given a `&Pool<Node<B>>` makes `A` a `Node<B>`. A method
/// called by its path takes its receiver as the first argument (`Arc::get(&a)`).
#[test]
fn a_function_called_by_its_types_path_infers_the_impls_parameters() {
    let lib = "\
pub struct Pool<A>(std::marker::PhantomData<A>);
pub struct Arc<A>(std::sync::Arc<A>);

impl<A: Clone> Arc<A> {
    pub fn make_mut<'a>(_pool: &Pool<A>, this: &'a mut Self) -> &'a mut A {
        std::sync::Arc::make_mut(&mut this.0)
    }
    pub fn get<'a>(&'a self, _pool: &Pool<A>) -> &'a A {
        &self.0
    }
}

#[derive(Clone)]
pub struct Node<B> {
    children: Vec<B>,
}

pub fn steal<B: Clone>(pool: &Pool<Node<B>>, x: &mut Arc<Node<B>>) -> usize {
    let left = Arc::make_mut(pool, x);
    let seen = Arc::get(x, pool);
    left.children.len() + seen.children.len()
}

pub fn other<B: Clone>(pool: &Pool<Vec<B>>, x: &mut Arc<Vec<B>>) -> usize {
    let left = Arc::make_mut(pool, x);
    left.len()
}
";
    let found = found_in_crate(lib, "Node.children");
    assert_eq!(sure_lines(&found), vec![21, 21], "{found:?}");
    assert!(!found.iter().any(|(_, line, _)| *line == 26), "{found:?}");
}

/// The value of a key of an object literal that goes where a type written in place goes
/// (`f({ message: {..} })` for `f(o: { message: Interrupt })`) has that member's type, not
/// the outer type's.
#[test]
fn a_nested_literal_takes_the_type_of_the_in_place_member_it_is_the_value_of() {
    let ts = "\
export interface Interrupt { readonly _tag: \"Interrupt\"; readonly requestId: string; readonly interruptors: number[] }
export interface Ack { readonly _tag: \"Ack\"; readonly requestId: string }
export function g(o: { readonly message: Interrupt | Ack; readonly interruptors?: number }) { return o }
export function run(options: { readonly on: (o: { readonly message: Interrupt }) => void }) {
  options.on({ message: { _tag: \"Interrupt\", requestId: \"1\", interruptors: [] } })
}
g({ message: { _tag: \"Interrupt\", requestId: \"1\", interruptors: [] } })
g({ message: { _tag: \"Ack\", requestId: \"1\" }, interruptors: 1 })
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Interrupt.interruptors");
    assert_eq!(sure_lines(&found), vec![5, 7], "{found:?}");
}

/// Python writes `dict[str, Trie] | None` as a union node of its own (`union_type`, not the
/// `binary_operator` of `None | dict[..]`); a choice with an empty literal
/// (`m if m else {}`) has the other value's type: the empty one holds nothing else.
#[test]
fn a_generic_union_with_none_and_a_choice_with_an_empty_literal_keep_their_types() {
    let py = "\
from __future__ import annotations


class Trie:
    def __init__(self, matches: dict[str, Trie] | None = None, end: bool = False) -> None:
        self.matches = matches if matches else {}
        self.kids = matches or {}
        self.end = end


def f(trie: Trie, b: list[Trie] | list[Trie] | None, c: None | dict[str, Trie]) -> None:
    node = trie.matches[\"c\"]
    print(node.end)
    print(b[0].end, c[\"x\"].end)
";
    let found = found_in(&[("m.py", py)], "m.py", "Trie.end");
    assert_eq!(sure_lines(&found), vec![13, 14, 14], "{found:?}");
}

/// `m.lock().unwrap()` of a `Mutex<[Direction; 2]>` or a `Mutex<Vec<..>>` is the collection
/// (it has no `unwrap` of its own); `lock().unwrap_or_else(PoisonError::into_inner)` is the
/// guard as `unwrap` is.
#[test]
fn a_locked_collection_and_a_lock_unwrapped_or_else_keep_the_value() {
    let lib = "\
use std::sync::{Mutex, PoisonError};

#[derive(Default)]
pub struct Direction {
    tick: usize,
}

pub struct Source {
    state: Mutex<[Direction; 2]>,
    list: Mutex<Vec<Direction>>,
    one: Mutex<Direction>,
}

impl Source {
    pub fn poll(&self, dir: usize) -> usize {
        let state = self.state.lock().unwrap();
        let list = self.list.lock().expect(\"poisoned\");
        let one = self.one.lock().unwrap_or_else(PoisonError::into_inner);
        state[dir].tick + list[0].tick + one.tick
    }
}
";
    let found = found_in_crate(lib, "Direction.tick");
    assert_eq!(sure_lines(&found), vec![19, 19, 19], "{found:?}");
}

/// A method (or a function-valued field) a generic base class declares returns, for a
/// subclass, what the subclass's base clause gives (`class PState extends Stack<string,
/// PElement>`: `close(): E` returns a `PElement`), through classes between.
#[test]
fn a_method_inherited_from_a_generic_base_returns_what_the_base_clause_gives() {
    let ts = "\
export abstract class StackElement<N> { abstract push(node: N): void }
export class Stack<N, E extends StackElement<N>> {
  protected elements: E[] = []
  close = (): E => { return this.elements.pop()! }
  closeM(): E { return this.elements.pop()! }
}
export class Middle<E extends StackElement<string>> extends Stack<string, E> {}
export class PElement extends StackElement<string> {
  content: string[] = []
  push(node: string) { this.content.push(node) }
}
export class PState extends Stack<string, PElement> {
  run() {
    return [this.close().content, this.closeM().content]
  }
}
export class Deeper extends Middle<PElement> {}
export function f(s: PState, d: Deeper) {
  return [s.closeM().content, d.closeM().content]
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "PElement.content");
    assert_eq!(sure_lines(&found), vec![10, 14, 14, 19, 19], "{found:?}");
}

/// `cfg_if!`'s branches are read as the items they list, and the configuration keeps the
/// first branch whose `cfg` holds (a later one that holds too, and the final `else`, are
/// left out): `sys::EventExtra` is epoll's on Linux, whichever other branch names `sys`;
/// in code another configuration builds, a use reached through a receiver is the name only.
#[test]
fn cfg_if_branches_are_items_and_the_first_that_holds_is_kept() {
    let lib = "\
use cfg_if::cfg_if;
cfg_if! {
    // A comment between branches.
    if #[cfg(polling_test_poll_backend)] {
        mod poll;
        use poll as sys;
    } else if #[cfg(any(target_os = \"linux\", target_os = \"android\"))] {
        mod epoll;
        use epoll as sys;
    } else if #[cfg(unix)] {
        mod poll;
        use poll as sys;
    } else {
        compile_error!(\"unsupported\");
    }
}
pub struct Event {
    extra: sys::EventExtra,
}
";
    let epoll =
        "pub struct EventExtra {\n    flags: u32,\n}\npub fn f(ev: crate::Event) -> u32 {\n    ev.extra.flags\n}\n#[cfg(windows)]\npub fn h(ev: crate::Event) -> u32 {\n    ev.extra.flags\n}\n";
    let poll = "pub struct EventExtra {\n    flags: u64,\n}\npub fn g(ev: crate::Event) -> u64 {\n    ev.extra.flags as u64\n}\n";
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/epoll.rs", epoll),
        ("src/poll.rs", poll),
    ];
    let found = found_in(&files, "src/epoll.rs", "EventExtra.flags");
    let sure: Vec<(&str, usize)> = found
        .iter()
        .filter(|(_, _, c)| *c != Confidence::NameMatch)
        .map(|(p, l, _)| (p.as_str(), *l))
        .collect();
    // In the definition's own file, code under a `cfg` is built with the definition.
    assert_eq!(sure, vec![("src/epoll.rs", 5), ("src/epoll.rs", 9)], "{found:?}");
    // poll.rs is built by another configuration, where `sys` may be poll itself: its use
    // is the name only.
    assert!(
        found.contains(&("src/poll.rs".to_string(), 5, Confidence::NameMatch)),
        "{found:?}"
    );
    // poll.rs's own field is never reached through `sys` on Linux.
    let found = found_in(&files, "src/poll.rs", "EventExtra.flags");
    assert!(
        !found
            .iter()
            .any(|(p, _, c)| p == "src/epoll.rs" && *c != Confidence::NameMatch),
        "{found:?}"
    );
}

/// A chained assignment's inner assignment is the value it assigns (`node = reg = trie`:
/// `node` is a `Trie`), in Python and TypeScript.
#[test]
fn a_chained_assignment_gives_every_target_the_value() {
    let py = "\
class Trie:
    end: bool = False


def f(t: Trie, u: Trie, c: bool) -> None:
    node = other = (
        t
        if c
        else u
    )
    print(node.end, other.end)
";
    let found = found_in(&[("m.py", py)], "m.py", "Trie.end");
    assert_eq!(sure_lines(&found), vec![11, 11], "{found:?}");
    let ts = "\
export class Trie { end = false }
export function f(t: Trie) {
  let a: Trie | undefined
  const b = (a = t)
  return b.end
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Trie.end");
    assert_eq!(sure_lines(&found), vec![5], "{found:?}");
}

/// A type parameter bounded by `Borrow<T>` (`H: Borrow<Async<T>> + Clone`, or in a `where`
/// clause) gives a `T` from `borrow()`.
#[test]
fn a_borrow_bound_gives_its_argument_from_borrow() {
    let lib = "\
use std::borrow::Borrow;

pub struct Source {
    pub state: u8,
}

pub struct Async<T> {
    source: Source,
    io: Option<T>,
}

pub fn ready<H: Borrow<Async<T>> + Clone, T>(handle: H) -> u8 {
    handle.borrow().source.state
}

pub fn ready2<H, T>(handle: &H) -> u8
where
    H: Borrow<Async<T>>,
{
    handle.borrow().source.state
}
";
    let found = found_in_crate(lib, "Async.source");
    assert_eq!(sure_lines(&found), vec![13, 20], "{found:?}");
}

/// Well-known collections of other crates are collections (`slab::Slab`, `ArrayVec`): an
/// element got from one (`sources.get(key)`) is of its element type.
#[test]
fn an_outside_crates_collection_gives_its_elements() {
    let lib = "\
use std::sync::{Arc, Mutex};
use slab::Slab;

pub struct Source {
    state: u8,
}

pub struct Reactor {
    sources: Mutex<Slab<Arc<Source>>>,
}

impl Reactor {
    pub fn react(&self, key: usize) -> u8 {
        let sources = self.sources.lock().unwrap();
        if let Some(source) = sources.get(key) {
            return source.state;
        }
        sources[key].state
    }
}
";
    let found = found_in_crate(lib, "Source.state");
    assert_eq!(sure_lines(&found), vec![16, 18], "{found:?}");
}

/// A metavariable written as a receiver in a `macro_rules!` body (`$cache.inner`) has the
/// type the macro's invocations give in its place, when they all agree; a macro whose
/// invocations give values of different types leaves it unknown.
#[test]
fn a_metavariable_receiver_has_the_type_its_invocations_give() {
    let lib = "\
pub struct Inner {
    pub count: u8,
}

pub struct Cache {
    inner: Inner,
}

pub struct Other {
    inner: Inner,
}

pub fn check(cache: &Cache, again: Cache) -> u8 {
    macro_rules! count_of {
        ($cache:ident, $n:expr) => {
            $cache.inner.count + $n
        };
    }
    count_of!(cache, 1) + count_of!(again, 2)
}

pub fn mixed(cache: &Cache, other: &Other) -> u8 {
    macro_rules! count_of {
        ($cache:ident) => {
            $cache.inner.count
        };
    }
    count_of!(cache) + count_of!(other)
}
";
    let found = found_in_crate(lib, "Cache.inner");
    assert_eq!(sure_lines(&found), vec![16], "{found:?}");
    assert!(
        found.contains(&("src/lib.rs".to_string(), 25, Confidence::NameMatch)),
        "{found:?}"
    );
}

/// A field read on a type of the root whose `Deref` target is its parameter
/// (`Arc<HeaderSlice<HeaderWithLength<H>, [T]>>`, written or through an alias, or as
/// `Self` of an `impl` for it) is the field of the type given there, with that type's own
/// arguments: `a.header.length` reaches `HeaderWithLength.length`.
#[test]
fn a_field_through_a_deref_to_a_parameter_keeps_the_held_types_arguments() {
    let lib = "\
use std::ops::Deref;

pub struct Arc<T: ?Sized> {
    p: *const T,
}

impl<T: ?Sized> Deref for Arc<T> {
    type Target = T;
    fn deref(&self) -> &T {
        unsafe { &*self.p }
    }
}

pub struct HeaderWithLength<H> {
    pub header: H,
    pub length: usize,
}

pub struct HeaderSlice<H, T: ?Sized> {
    pub header: H,
    pub slice: T,
}

pub type Unchecked<H, T> = HeaderSlice<HeaderWithLength<H>, [T]>;

impl<H, T> Arc<Unchecked<H, T>> {
    pub fn into_thin(a: Self) -> usize {
        a.header.length
    }
    pub fn direct(a: &Arc<HeaderSlice<HeaderWithLength<H>, [T]>>) -> usize {
        a.header.length
    }
    pub fn aliased(a: &Arc<Unchecked<H, T>>) -> usize {
        a.header.length
    }
}
";
    let found = found_in_crate(lib, "HeaderWithLength.length");
    assert_eq!(sure_lines(&found), vec![28, 31, 34], "{found:?}");
}

/// A type path's turbofish gives a `Self`-returning constructor's value its arguments even
/// when the impl bounds its parameter (`impl<V> Hybrid<V> where V: Default + Copy`):
/// `Hybrid::<RowId>::default().get(c)` is a `RowId`, not a value of the bounded `V`.
#[test]
fn a_turbofish_gives_its_arguments_through_a_bounded_impl() {
    let lib = "\
#[derive(Default, Clone, Copy, PartialEq, Eq)]
pub struct RowId {
    val: isize,
}

pub struct Hybrid<ValueType> {
    ascii: [ValueType; 256],
}

impl<ValueType> Hybrid<ValueType>
where
    ValueType: Default + Clone + Copy + Eq,
{
    pub fn get(&self, key: char) -> ValueType {
        self.ascii[key as usize]
    }
}

impl<ValueType> Default for Hybrid<ValueType>
where
    ValueType: Default + Clone + Copy + Eq,
{
    fn default() -> Self {
        Hybrid { ascii: [Default::default(); 256] }
    }
}

pub fn f(c: char) -> isize {
    let last = Hybrid::<RowId>::default();
    last.get(c).val
}
";
    let found = found_in_crate(lib, "RowId.val");
    assert_eq!(sure_lines(&found), vec![30], "{found:?}");
}

/// A path among a macro call's tokens that the macro's rules write inside a `mod` of its
/// own (`mod $name { .. $max .. }`) is read from that module: `super::` there names the
/// module of the call, through a macro called within the arguments as well.
#[test]
fn a_super_path_a_macro_writes_in_a_module_of_its_own_names_the_calls_module() {
    let lib = "\
#[cfg(test)]
mod test {
    pub const I64_MAX: u64 = 9;

    macro_rules! calc_max {
        ($max:expr, $bytes:expr) => {
            ($max - 1) >> (8 - $bytes)
        };
    }

    macro_rules! qc {
        ($name:ident, $max:expr) => {
            mod $name {
                #[test]
                fn check() {
                    assert!($max > 0);
                }
            }
        };
    }

    qc!(prop_one, calc_max!(super::I64_MAX, 1));
    qc!(prop_two, super::I64_MAX);

    #[test]
    fn direct() {
        assert!(calc_max!(self::I64_MAX, 1) > 0);
    }
}
";
    let found = found_in_crate(lib, "test.I64_MAX");
    assert_eq!(sure_lines(&found), vec![22, 23, 27], "{found:?}");
}

/// A union narrowed by its discriminant, as the checker narrows it: a `switch` on
/// `x._tag` in each case (a case falling through to the next is both), `x._tag === "A"`
/// in its branch, the other branch of `!==` and the rest of a block its branch leaves; a
/// template literal type is a discriminant too. A case ending in a statement that always
/// leaves (a nested `switch` whose last case leaves, an `if` whose branches all do) does
/// not fall through; one a `break` may leave does.
#[test]
fn a_union_narrowed_by_its_discriminant_reads_the_member_of_that_case() {
    let ts = "\
export type Pipeline = Nil | Cons | Undo
export interface Nil { readonly _tag: \"Nil\" }
export interface Cons { readonly _tag: `Cons`; readonly indent: number; readonly pipeline: Pipeline }
export interface Undo { readonly _tag: \"Undo\"; readonly pipeline: Pipeline }

export function best(self: Pipeline): number {
  switch (self._tag) {
    case \"Nil\":
      return 0
    case \"Cons\": {
      return best(self.pipeline) + self.indent
    }
    case \"Undo\":
      return best(self.pipeline)
  }
}

export function walk(self: Pipeline): number {
  if (self._tag === \"Cons\") {
    return walk(self.pipeline)
  }
  const next = self._tag === 'Cons' ? self.pipeline : undefined
  if (self._tag !== \"Cons\") {
    return 0
  }
  return walk(self.pipeline)
}

export function fall(self: Pipeline): Pipeline | undefined {
  switch (self._tag) {
    case \"Cons\":
    case \"Undo\":
      return self.pipeline
    default:
      return undefined
  }
}

export function nested(self: Pipeline, other: Pipeline): Pipeline | undefined {
  switch (self._tag) {
    case \"Cons\": {
      switch (other._tag) {
        case \"Nil\":
          return undefined
        default: {
          if (other._tag === \"Undo\") {
            return other
          } else {
            throw new Error()
          }
        }
      }
    }
    case \"Undo\":
      return self.pipeline
  }
  switch (other._tag) {
    case \"Cons\": {
      switch (self._tag) {
        case \"Nil\":
          break
        default:
          return undefined
      }
    }
    case \"Undo\":
      return other.pipeline
  }
}
";
    let found = found_in(&[("p.ts", ts)], "p.ts", "Cons.pipeline");
    assert_eq!(sure_lines(&found), vec![11, 20, 22, 26], "{found:?}");
    let lines: Vec<usize> = found.iter().map(|(_, line, _)| *line).collect();
    assert!(lines.contains(&33) && !lines.contains(&14), "{found:?}");
    // A case ending in a switch whose every case leaves does not fall through (line 55);
    // one whose case may `break` out of the inner switch does (line 67).
    let undo = found_in(&[("p.ts", ts)], "p.ts", "Undo.pipeline");
    assert_eq!(sure_lines(&undo), vec![14, 55], "{undo:?}");
    assert!(undo.iter().any(|(_, line, _)| *line == 67), "{undo:?}");
}

/// A parameter typed by an indexed access with a type parameter the call infers from a
/// string it passes (`emit<K extends keyof Events>(event: K, payload: Events[K])`, called
/// `emit("added", {..})`) expects the member that string names, through a base's type
/// arguments and in a callback's parameter alike.
#[test]
fn an_indexed_access_by_an_inferred_key_types_the_argument_it_expects() {
    let ts = "\
export class Emitter<TEvents extends Record<string, any>> {
  protected emitInner<T extends keyof TEvents>(event: T, payload: TEvents[T]): void {}
  on<T extends keyof TEvents>(event: T, callback: (event: TEvents[T]) => void): void {}
}
export interface Added { type: `added`; item: number }
export interface Removed { type: `removed`; item: string }
export type Events = { added: Added; removed: Removed }
export class List extends Emitter<Events> {
  add() {
    this.emitInner(`added`, { type: `added`, item: 1 })
    this.emitInner('removed', { type: `removed`, item: \"a\" })
  }
}
const list = new List()
list.on(\"added\", (e) => e.item)
list.on(\"removed\", (e) => e.item)
";
    let found = found_in(&[("e.ts", ts)], "e.ts", "Added.item");
    assert_eq!(sure_lines(&found), vec![10, 15], "{found:?}");
    let removed = found_in(&[("e.ts", ts)], "e.ts", "Removed.item");
    assert_eq!(sure_lines(&removed), vec![11, 16], "{removed:?}");
}

/// A binary operator whose left operand's class does not define its method (`__matmul__`)
/// calls the right operand's reflected one (`__rmatmul__`), as Python does: the operation
/// is what that returns; a left operand from outside the root reflects as well.
#[test]
fn an_operator_the_left_operand_lacks_is_the_right_operands_reflected_method() {
    let py = "\
class Resolved:
    def __init__(self) -> None:
        self.contents = 1


class Registry:
    def __rmatmul__(self, new: \"Resource\") -> \"Registry\":
        return self

    def lookup(self) -> Resolved:
        return Resolved()


class Resource:
    def __init__(self) -> None:
        self.contents = 2


root = Resource()
registry = root @ Registry()
registry.lookup().contents
(3 @ Registry()).lookup().contents
root.contents
";
    let found = found_in(&[("m.py", py)], "m.py", "Resolved.contents");
    assert_eq!(sure_lines(&found), vec![21, 22], "{found:?}");
}

/// A Python class's own type variables (`class Retrieved(Generic[D, V])`, or those its
/// bases' arguments name in order) take the type arguments of a value's type: a field
/// typed `V` of a `Retrieved[int, Resource[int]]` is a `Resource`, and so is what a method
/// of a `Registry[int]` returns when written with the class's variable.
#[test]
fn a_python_generic_classs_type_variables_take_a_values_type_arguments() {
    let py = "\
from typing import Generic, Mapping, TypeVar

D = TypeVar(\"D\")
V = TypeVar(\"V\", \"Anchor\", \"Resource\")


class Resource(Generic[D]):
    def __init__(self) -> None:
        self.contents = 2


class Anchor:
    contents = 3


class Retrieved(Generic[D, V]):
    value: V


class Registry(Mapping[str, Resource[D]]):
    def get(self) -> Retrieved[D, Resource[D]]:
        ...

    def first(self) -> Resource[D]:
        ...


def f(registry: Registry[int], retrieved: Retrieved[int, Resource[int]]) -> None:
    registry.get().value.contents
    retrieved.value.contents
    registry.first().contents
";
    let found = found_in(&[("m.py", py)], "m.py", "Resource.contents");
    assert_eq!(sure_lines(&found), vec![29, 30, 31], "{found:?}");
}

/// A property of an object literal passed where a union of object types is expected is the
/// property of each member that has it: `props: { mark }` in `{ component, props }` for
/// `{ props: NodeProps } | { props: MarkProps }` is `MarkProps.mark`, the one that has it.
/// A destructured parameter of a function written where a function type is expected
/// (`bold: ({ mark }) => ..` in a `Record<string, NoInfer<R>>` whose `R` defaults to
/// `(ctx: MarkProps) => string`, an element of a returned tuple) is that type's parameter.
#[test]
fn a_literal_going_where_a_union_goes_and_a_destructured_callback_take_their_types() {
    let ts = "\
export type NodeProps = { node: number; parent?: number; renderElement: () => void }
export type MarkProps = { mark: string; node: number; parent?: number }
export type Options<R = (ctx: MarkProps) => string> = {
  markMapping: Record<string, NoInfer<R>>
}

export function make(render: (ctx: { component: 1; props: NodeProps } | { component: 2; props: MarkProps }) => void) {
  const mark = 'b'
  render({ component: 2, props: { mark, node: 1 } })
  render({ component: 1, props: { node: 1, renderElement: () => {} } })
}

export function go(options: Options) {}
go({ markMapping: { bold: ({ mark }) => mark } })

export function pair(): [string, (props: MarkProps) => string] {
  return ['bold', ({ mark }) => mark]
}

export function take({ options }: { options?: Partial<Options> }) {
  const { markMapping: mine } = options ?? {}
  return mine
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "MarkProps.mark");
    assert_eq!(sure_lines(&found), vec![9, 14, 17], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "NodeProps.renderElement");
    assert_eq!(sure_lines(&found), vec![10], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "Options.markMapping");
    assert_eq!(sure_lines(&found), vec![14, 21], "{found:?}");
    // `node` is in both members: which one the literal is, only the component says.
    let found = found_in(&[("a.ts", ts)], "a.ts", "MarkProps.node");
    assert!(!sure_lines(&found).contains(&10), "{found:?}");
}

/// A name assigned again in a statement that always leaves the function (`x = y; return`
/// in a branch) is not that value after the statement: the code after the branch reads the
/// earlier one. Inside a `try`, whose handlers run after a `raise`, it may be either.
#[test]
fn a_value_assigned_in_a_branch_that_returns_is_not_read_after_the_branch() {
    let py = "\
class A:
    value: int


class B:
    registry: A


def get() -> B: ...


def f(fragment):
    retrieved = get()
    if fragment:
        retrieved = retrieved.registry
        return retrieved.value
    return retrieved.registry
";
    let found = found_in(&[("m.py", py)], "m.py", "B.registry");
    assert_eq!(sure_lines(&found), vec![15, 17], "{found:?}");
    let found = found_in(&[("m.py", py)], "m.py", "A.value");
    assert_eq!(sure_lines(&found), vec![16], "{found:?}");
}

/// `from typing import ..` in a module of a package is the standard library's even where
/// the package holds a `typing.py`: only a script's own folder is first on its path.
#[test]
fn a_package_module_beside_a_stdlib_name_does_not_shadow_it_for_the_package() {
    let core = "\
from typing import Generic, TypeVar

D = TypeVar(\"D\")


class Registry(Generic[D]):
    def __rmatmul__(self, new: \"Resource\") -> \"Registry\":
        return self

    def lookup(self) -> \"Resolved\":
        return Resolved()


class Resolved:
    contents: int


class Resource(Generic[D]):
    pass


def f(root: Resource):
    (root @ Registry()).lookup().contents
";
    let files = [
        ("pkg/__init__.py", ""),
        ("pkg/typing.py", "URI = str\n"),
        ("pkg/core.py", core),
    ];
    let found = found_in(&files, "pkg/core.py", "Resolved.contents");
    assert_eq!(sure_lines(&found), vec![23], "{found:?}");
}

/// Among a macro's tokens: `Attribute { Bold, Dim }` lists an enum's variants (an enum has
/// no fields a literal could key), a path whose head the file does not bind is the crate's
/// one type of that name (the macro splices it into code that binds it), and a head a `use`
/// among the same macro's tokens binds is read through that `use`.
#[test]
fn variants_and_paths_among_a_macros_tokens_are_read_as_the_macro_writes_them() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
#[macro_use]
mod macros;
mod color;
pub use color::{Attribute, Color};

set_enum! { Attribute { Bold, Dim } }
";
    let color = "\
pub enum Attribute { Bold, Dim }
pub enum Color { Red, Fixed(u8) }
pub struct Year { pub sign: bool }
";
    let macros = "\
macro_rules! set_enum {
    ($T:ident { $($v:ident),+ }) => { impl $T { pub fn all() -> Vec<$T> { vec![$($T::$v),+] } } };
}
macro_rules! properties {
    ($($name:ident => $V:path),*) => {};
}
properties! { red => Color::Red, fixed => Color::Fixed }
macro_rules! year {
    () => {{
        use crate::color;
        color::Year { sign: true }
    }};
}
";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/color.rs", color),
        ("src/macros.rs", macros),
    ];
    let found = found_in(&files, "src/color.rs", "Attribute.Dim");
    assert_eq!(sure_lines(&found), vec![6], "{found:?}");
    let found = found_in(&files, "src/color.rs", "Color.Fixed");
    assert_eq!(sure_lines(&found), vec![7], "{found:?}");
    let found = found_in(&files, "src/color.rs", "Year.sign");
    assert_eq!(sure_lines(&found), vec![11], "{found:?}");
}

/// A constant of a module written inside a file (`mod test { pub const ZERO .. }`) is
/// imported by its bare name in a list (`use crate::test::{ZERO, ..}`), and read so.
#[test]
fn a_constant_of_an_inline_module_is_found_where_a_use_list_imports_it() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
mod other;
pub(crate) mod test {
    pub const ZERO: u8 = 0;
    pub mod float {}
}
";
    let other = "\
use crate::test::{float, ZERO};
pub fn f() -> u8 {
    ZERO
}
";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib), ("src/other.rs", other)];
    let found = found_in(&files, "src/lib.rs", "test.ZERO");
    assert_eq!(
        found
            .iter()
            .filter(|(f, _, c)| f == "src/other.rs" && *c != Confidence::NameMatch)
            .count(),
        2,
        "{found:?}"
    );
}

/// Python: `case Future.Status.CANCELLED:` reads the member as the dotted name says; a
/// value narrowed by `assert isinstance(events[1], Changed)` is a `Changed` after it; the
/// places of a collection taken apart (`(first,), _ = run()`, the function returning a
/// tuple of a list) are its elements; `copy()` of a set is the set; `sort((a, b) => ..)`
/// (TypeScript) takes two elements.
#[test]
fn patterns_indexes_and_collections_keep_the_types_of_what_they_hold() {
    let py = "\
from enum import Enum


class Future:
    class Status(Enum):
        CANCELLED = 1


class Changed:
    new_value: int


def run(xs: list[Changed]):
    return [x for x in xs], 'w'


def f(s, events: list[object], workers: set[Changed]):
    match s:
        case Future.Status.CANCELLED:
            pass
    assert isinstance(events[1], Changed)
    events[1].new_value
    (first,), _ = run([])
    first.new_value
    for w in workers.copy():
        w.new_value
";
    let found = found_in(&[("m.py", py)], "m.py", "Future.Status.CANCELLED");
    assert_eq!(sure_lines(&found), vec![19], "{found:?}");
    let found = found_in(&[("m.py", py)], "m.py", "Changed.new_value");
    assert_eq!(sure_lines(&found), vec![22, 24, 26], "{found:?}");
    let ts = "\
type T = { sequence: number }
export function f(xs: T[]) {
  return [...xs].sort((a, b) => a.sequence - b.sequence)
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "T.sequence");
    assert_eq!(
        found.iter().filter(|(_, _, c)| *c != Confidence::NameMatch).count(),
        2,
        "{found:?}"
    );
}

/// `Extract<Part, { type: Type }>` is the parts whose `type` may be what the call gives
/// `Type` (a string it passes; a base's argument declares it on a part): an object literal
/// passed where it is expected keys that part's properties. A type parameter mentioned only
/// inside a derived type's other arguments is inferred from the argument that writes it.
#[test]
fn an_extracted_union_member_types_the_literal_a_call_passes() {
    let ts = "\
export interface BasePart<Type extends string> {
  readonly type: Type
}
export interface TextPart extends BasePart<\"text\"> {
  readonly providerExecuted: boolean
}
export interface ToolPart extends BasePart<\"tool\"> {
  readonly providerExecuted: boolean
}
export type Part = TextPart | ToolPart

export const makePart = <const Type extends Part[\"type\"]>(
  type: Type,
  params: Omit<Extract<Part, { type: Type }>, \"type\"> & { readonly options?: number },
): Extract<Part, { type: Type }> => ({ ...params, type }) as any

makePart(\"tool\", { providerExecuted: false })
makePart(\"text\", { providerExecuted: true })
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "ToolPart.providerExecuted");
    assert_eq!(sure_lines(&found), vec![17], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "TextPart.providerExecuted");
    assert_eq!(sure_lines(&found), vec![18], "{found:?}");
}

/// A discriminant a base clause gives (`extends BasePart<"tool-call">`, whose `type: Type`)
/// narrows a `switch` as a literal written on the member does, and a union member that is
/// itself a union is narrowed member by member.
#[test]
fn a_discriminant_a_base_clause_gives_narrows_a_switch() {
    let ts = "\
export interface BasePart<Type extends string> { readonly type: Type }
export interface ToolCallPart extends BasePart<\"tool-call\"> { readonly providerName?: string }
export interface ToolResultSuccess extends BasePart<\"tool-result\"> { readonly providerName?: string }
export interface ToolResultFailure extends BasePart<\"tool-failure\"> { readonly providerName?: string }
export type ToolResultPart = ToolResultSuccess | ToolResultFailure
export type AnyPart = ToolCallPart | ToolResultPart

export function f(parts: ReadonlyArray<AnyPart>) {
  for (const part of parts) {
    switch (part.type) {
      case \"tool-call\": {
        part.providerName
        break
      }
      case \"tool-failure\":
        part.providerName
    }
  }
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "ToolCallPart.providerName");
    assert_eq!(sure_lines(&found), vec![12], "{found:?}");
    let found = found_in(&[("a.ts", ts)], "a.ts", "ToolResultFailure.providerName");
    assert_eq!(sure_lines(&found), vec![16], "{found:?}");
}

/// Rust: an index among a macro's tokens reads an element, as it does in code
/// (`write!(f, "{}", METADATA[i].name)`, a slice `v[1..]` the same collection), and an item
/// written in a block inside a compound expression (`struct Wrapper` and its `impl` in a
/// `match` arm) is an item of the function: `self` in its `impl` is a `Wrapper`.
#[test]
fn an_index_among_macro_tokens_and_an_item_in_a_match_arm_are_read() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
use std::fmt::Write;
pub struct Format { pub suffix: &'static str }
pub const METADATA: [Format; 2] = [Format { suffix: \"a\" }, Format { suffix: \"b\" }];
pub fn show(f: &mut String, i: usize) -> std::fmt::Result {
    write!(f, \"{}\", METADATA[i].suffix)?;
    let v: Vec<Format> = Vec::new();
    write!(f, \"{}\", v[1..][0].suffix)
}
pub fn run(f: &mut String, indent: Option<usize>) {
    match indent {
        None => {}
        Some(n) => {
            struct Wrapper<'a> { out: &'a mut String, format: Format }
            impl Wrapper<'_> {
                fn go(&mut self) -> std::fmt::Result {
                    write!(self.out, \"{}\", self.format.suffix)
                }
            }
            let mut w = Wrapper { out: f, format: Format { suffix: \"\" } };
            let _ = (w.go(), n);
        }
    }
}
";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib)];
    let found = found_in(&files, "src/lib.rs", "Format.suffix");
    assert_eq!(sure_lines(&found), vec![3, 3, 5, 7, 16, 19], "{found:?}");
    assert!(found.iter().all(|(_, _, c)| *c != Confidence::NameMatch), "{found:?}");
}

/// Rust keeps modules apart from values: `mod date;` beside `pub const fn date(..)` in one
/// module (jiff's `civil`), `self::date::{Date}` goes through the module, so every file that
/// imports `Date` from there reaches it.
#[test]
fn a_path_segment_names_the_module_not_a_function_of_the_same_name() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let civil = "\
pub use self::{date::{Date}, datetime::DateTime};
mod date;
mod datetime;
pub const fn date(y: u8) -> Date { Date::new(y) }
";
    let date = "\
#[derive(Clone, Copy)]
pub struct Date(u8);
impl Date {
    pub const ZERO: Date = Date(0);
    pub const fn new(y: u8) -> Date { Date(y) }
}
";
    let datetime = "\
use crate::civil::Date;
pub struct DateTime { pub date: Date }
impl DateTime {
    pub const ZERO: DateTime = DateTime { date: Date::ZERO };
}
";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", "pub mod civil;\n"),
        ("src/civil/mod.rs", civil),
        ("src/civil/date.rs", date),
        ("src/civil/datetime.rs", datetime),
    ];
    let found = found_in(&files, "src/civil/date.rs", "Date.ZERO");
    assert!(
        found
            .iter()
            .any(|(f, line, c)| f == "src/civil/datetime.rs" && *line == 4 && *c != Confidence::NameMatch),
        "{found:?}"
    );
}

/// Macro tokens are read back a few lines from a name; that window never starts inside a
/// string (a multi-line `"<a>\` .. `</a>"` ending just inside it), whose closing quote would
/// otherwise open a string hiding every token after it.
#[test]
fn a_macro_window_starting_inside_a_string_does_not_hide_the_tokens_after_it() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let filler = "        // a line between\n".repeat(17);
    let lib = format!(
        "\
pub struct Ser {{ pub level: u8, pub text_format: u8 }}
macro_rules! check {{
    ($e:expr) => {{ let _ = $e; }};
}}
pub fn f() {{
    check!(\"<root>\\
              <a>1</a>\\
              <b>2</b>\\
            </root>\");
{filler}    macro_rules! make {{
        () => {{
            Ser {{
                level: 1,
                text_format: 2,
            }}
        }};
    }}
    let _ = make!();
}}
"
    );
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib.as_str())];
    let found = found_in(&files, "src/lib.rs", "Ser.text_format");
    assert_eq!(sure_lines(&found), vec![31], "{found:?}");
}

/// A Rust pattern with a written type (`|acc, (op, val): (&Token, u8)|`, `let (a, b): (A,
/// B)`) takes that type apart, whatever a callback's context would infer; an intersection
/// member of a union (`({ type: 'maps' } & Payload)`) is kept by `Extract` only where its
/// written part may have the discriminant.
#[test]
fn a_typed_pattern_and_an_intersection_member_keep_their_written_types() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
pub struct Token<'a> { pub kind: u8, pub raw: &'a str }
pub struct Repeat<O> { o: Vec<O> }
impl<O> Repeat<O> {
    pub fn fold<A, F: FnMut(A, O) -> A>(self, init: A, mut f: F) -> A {
        let mut acc = init;
        for o in self.o { acc = f(acc, o); }
        acc
    }
}
pub fn run<'a>(r: Repeat<(&'a Token<'a>, u8)>, t: &Token<'_>) -> u8 {
    let (first, _): (&Token<'_>, u8) = (t, 0);
    r.fold(first.kind, |acc, (op, val): (&Token<'_>, u8)| acc + op.kind + val)
}
";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib)];
    let found = found_in(&files, "src/lib.rs", "Token.kind");
    assert_eq!(sure_lines(&found), vec![12, 12], "{found:?}");
    let ts = "\
export type MapsEntry = { places?: string[] }
export type SearchEntry = { places?: number }
export type MapsPayload = { result?: MapsEntry[] }
export type SearchPayload = { result?: SearchEntry[] }
export type Step =
  | ({ type: 'maps' } & MapsPayload)
  | ({ type: 'search' } & SearchPayload)
export type MapsStep = Extract<Step, { type: 'maps' }>
export function f(step: Step) {
  for (const entry of (step as MapsStep).result ?? []) {
    console.log(entry.places)
  }
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "MapsEntry.places");
    assert_eq!(sure_lines(&found), vec![11], "{found:?}");
}

/// Python: a map literal is a map of its keys' and values' one type (`{1: Foo()}`), and an
/// empty collection bound to a name holds what its scope stores in it after (`by_seq = {}`
/// then `by_seq[k] = msg`; `items = []` then `items.append(Foo())`), as mypy's partial types
/// read it; a collection nothing is stored in stays unknown.
#[test]
fn an_empty_collection_holds_what_its_scope_stores_in_it() {
    let py = "\
class Foo:
    def __init__(self) -> None:
        self.body = bytearray()


def f(keys: list[int]) -> None:
    full = {1: Foo()}
    full[1].body
    by_seq = {}
    for k in keys:
        if k not in by_seq:
            msg = Foo()
            by_seq[k] = msg
        else:
            msg = by_seq[k]
        print(msg.body)
    items = []
    items.append(Foo())
    items[0].body
    never = {}
    never[1].body
";
    let found = found_in(&[("a.py", py)], "a.py", "Foo.body");
    assert_eq!(sure_lines(&found), vec![8, 16, 19], "{found:?}");
    assert!(
        found
            .iter()
            .any(|(_, line, c)| *line == 21 && *c == Confidence::NameMatch),
        "{found:?}"
    );
}

/// A name passed to a `macro_rules!` of the file means what the macro's expansion writes of
/// it: `Parsed::$wrap(v)` makes each `I8` of `impl_all! { I8(i8) I16(i16) }` a variant of
/// `Parsed` (through a rule that calls the macro again per item); `Self { .. }` given as
/// `$default` to `impl $type { .. }` is a literal of the type the call names there; a
/// builder's `Self { $field, ..self }` a literal of the impl the call stands in. A name the
/// expansion drops, or binds to a parameter only, is no reference.
#[test]
fn a_name_given_to_a_macro_is_read_where_its_expansion_writes_it() {
    let lib = "\
pub enum Parsed {
    I8(i8),
    I16(i16),
}

pub struct Day {
    pub padding: u8,
}

pub struct Week {
    pub padding: u8,
}

macro_rules! impl_all {
    ($wrap:ident($ty:ty)) => {
        impl From<$ty> for Parsed {
            fn from(v: $ty) -> Self {
                Parsed::$wrap(v)
            }
        }
    };
    ($($wraps:ident($tys:ty))*) => {
        $( impl_all!($wraps($tys)); )*
    };
}

impl_all! {
    I8(i8) I16(i16)
}

macro_rules! defaults {
    ($($(#[doc = $doc:expr])* $(@$public:ident)? $type:ty => $default:expr;)*) => {$(
        impl $type {
            pub const fn default() -> Self {
                $default
            }
        }
    )*};
}

defaults! {
    /// The day, unpadded.
    @pub Day => Self { padding: 0 };
    Week => Self { padding: 1 };
}

macro_rules! builder {
    ($(fn $method:ident($field:ident: $ty:ty);)+) => {$(
        pub const fn $method(self, $field: $ty) -> Self {
            Self { $field, ..self }
        }
    )+};
}

impl Day {
    builder! { fn with_padding(padding: u8); }
}

impl Week {
    builder! { fn with_padding(padding: u8); }
}

macro_rules! dropped {
    ($($_:tt)*) => {};
}

dropped! { I16 padding }

pub fn count(padding: u8) -> u8 {
    dropped! { padding }
    padding
}
";
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let at = |line: usize| ("src/lib.rs".to_string(), line, Confidence::ReceiverTyped);
    assert_eq!(found_in_crate(lib, "Parsed.I16"), vec![at(line_of("I8(i8) I16(i16)"))]);
    assert_eq!(
        found_in_crate(lib, "Day.padding"),
        vec![at(line_of("@pub Day =>")), at(line_of("impl Day {") + 1)]
    );
    assert_eq!(
        found_in_crate(lib, "Week.padding"),
        vec![at(line_of("Week => Self")), at(line_of("impl Week {") + 1)]
    );
}

/// A path qualified by a type parameter of the item around it (`L::RC`, `T::size()`, with
/// `L: Lane` or `where T: Lane`) reads a member of the parameter's bound, among a macro's
/// tokens too (`const { assert!(L::RC.len() > 0) }`). Among a macro's
/// tokens, `const RC: .. = ..` defines an item of that name, in an impl the grammar does not
/// read: not a use of a constant `RC`, and only a name for the trait's `Lane.RC`.
#[test]
fn a_type_parameters_path_reads_its_bound_and_a_macros_const_defines_one() {
    let lib = "\
pub const RC: [u64; 2] = [1, 2];

pub trait Lane: Sized + 'static {
    const RC: &'static [Self];
    fn size() -> usize;
}

macro_rules! impl_lane {
    ($type:ty) => {
        impl Lane for $type {
            const RC: &'static [Self] = &[RC[0] as $type, RC[1] as $type];
            fn size() -> usize {
                1
            }
        }
    };
}

impl_lane!(u64);

pub fn run<L: Lane>(x: usize) -> usize {
    const { assert!(L::RC.len() > 0) };
    L::RC.len() + L::size() + x
}

pub fn other<T>(x: usize) -> usize
where
    T: Lane,
{
    T::RC.len() + x
}
";
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in_crate(lib, "RC");
    assert_eq!(
        sure_lines(&found),
        vec![line_of("&[RC[0]"), line_of("&[RC[0]")],
        "{found:?}"
    );
    let found = found_in_crate(lib, "Lane.RC");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("assert!(L::RC"),
            line_of("L::RC.len() +"),
            line_of("T::RC.len()")
        ],
        "{found:?}"
    );
    assert!(name_match_at(&found, line_of("&[RC[0]")), "{found:?}");
    let found = found_in_crate(lib, "Lane.size");
    assert_eq!(sure_lines(&found), vec![line_of("L::size()")], "{found:?}");
}

/// A lambda given to a builtin that calls it with each element of a collection takes an
/// element: `sorted(passes, key=lambda t: t.calls)`, `passes.sort(key=..)`, `map(lambda p:
/// .., passes)`, `max(passes, key=..)`. Not `max(a, b, key=..)`, whose callback takes the
/// arguments, nor a `sort` a class of the root defines, nor a `sorted` the file binds.
#[test]
fn a_lambda_a_builtin_calls_with_elements_takes_an_element() {
    let module = "\
class Pass:
    calls: int = 0


class Other:
    calls: int = 0


class Ledger:
    def sort(self, key=None):
        return key


def report(passes: list[Pass], others: list[Other], ledger: Ledger):
    ranked = sorted(passes, key=lambda t: (-t.calls, t.calls))
    passes.sort(key=lambda t: t.calls)
    counts = list(map(lambda p: p.calls, passes))
    busiest = max(passes, key=lambda t: t.calls)
    either = max(others[0], others[1], key=lambda o: o.calls)
    ledger.sort(key=lambda t: t.calls)
    return ranked, counts, busiest, either


def local(passes: list[Pass]):
    def sorted(xs, key):
        return xs
    return sorted(passes, key=lambda t: t.calls)
";
    let line_of = |needle: &str| module.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.py", module)], "m.py", "Pass.calls");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("ranked = sorted"),
            line_of("ranked = sorted"),
            line_of("passes.sort("),
            line_of("map(lambda p"),
            line_of("busiest = max"),
        ],
        "{found:?}"
    );
    for unsure in ["either = max", "ledger.sort(", "return sorted(passes"] {
        assert!(name_match_at(&found, line_of(unsure)), "{unsure}: {found:?}");
    }
}

/// A name a `macro_rules!` body reads that names nothing where the macro is defined names
/// what it names where the macro is called (rustc's hygiene keeps locals apart, not
/// items): `ROUNDS` in a body in `macros.rs` is the crate root's constant when every call
/// is in the root. Where calls read it apart (another module has its own `ROUNDS`), it is
/// a name only.
#[test]
fn a_name_a_macro_body_leaves_to_its_calls_is_what_they_read() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let macros = "\
macro_rules! make {
    ($name:ident) => {
        pub struct $name {
            rounds: usize,
        }
        impl $name {
            pub fn new() -> Self {
                Self { rounds: ROUNDS }
            }
        }
    };
}

macro_rules! limit {
    () => {
        pub const LIMIT: usize = ROUNDS;
    };
}
";
    let lib = "\
#[macro_use]
mod macros;
mod inner;

const ROUNDS: usize = 12;

make!(Turbo);
make!(Fast);
limit!();
";
    let inner = "\
const ROUNDS: usize = 3;

limit!();
";
    let found = found_in(
        &[
            ("Cargo.toml", manifest),
            ("src/macros.rs", macros),
            ("src/lib.rs", lib),
            ("src/inner.rs", inner),
        ],
        "src/lib.rs",
        "ROUNDS",
    );
    let at = |line: usize, c: Confidence| ("src/macros.rs".to_string(), line, c);
    assert_eq!(
        found,
        vec![at(8, Confidence::ImportResolved), at(16, Confidence::NameMatch)],
        "{found:?}"
    );
}

/// A member a macro's expansion reads on a parameter of the function it writes (`fn
/// from(vec: $storage) -> Self { vec.$name }`) is a member of the parameter's type, the
/// type each call gives: `impl_into!(Wide, [u64; 2], lanes)` reads `Wide.lanes`. Not when
/// the function binds that name again.
#[test]
fn a_member_read_on_a_parameter_an_expansion_writes_has_the_parameters_type() {
    let lib = "\
#[derive(Clone, Copy)]
pub union Narrow {
    lanes: [u32; 2],
}

#[derive(Clone, Copy)]
pub union Wide {
    lanes: [u64; 2],
}

macro_rules! impl_into {
    ($storage:ident, $array:ty, $name:ident) => {
        impl From<$storage> for $array {
            fn from(vec: $storage) -> Self {
                unsafe { vec.$name }
            }
        }
    };
}

impl_into!(Narrow, [u32; 2], lanes);
impl_into!(Wide, [u64; 2], lanes);

macro_rules! shadowed {
    ($storage:ident, $name:ident) => {
        impl $storage {
            pub fn first(vec: &$storage, other: Narrow) -> u32 {
                let vec = other;
                unsafe { vec.$name[0] as u32 }
            }
        }
    };
}

shadowed!(Wide, lanes);

pub fn run(vec: Wide) -> u64 {
    unsafe { vec.lanes[0] }
}
";
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in_crate(lib, "Wide.lanes");
    assert_eq!(
        sure_lines(&found),
        vec![line_of("impl_into!(Wide"), line_of("unsafe { vec.lanes[0] }")],
        "{found:?}"
    );
    // The shadowed parameter's read stays a name only: `vec` there is `other`.
    assert!(name_match_at(&found, line_of("shadowed!(Wide")), "{found:?}");
    let found = found_in_crate(lib, "Narrow.lanes");
    assert_eq!(sure_lines(&found), vec![line_of("impl_into!(Narrow")], "{found:?}");
}

/// A module a macro's expansion declares (`mod $module;`) is its file beside the caller's:
/// `self::$module::$prop` given `tables` and `LETTER` reads `tables.rs`'s `LETTER`.
#[test]
fn a_path_through_a_module_a_macro_declares_reaches_its_file() {
    let lib = "\
macro_rules! declare {
    ($module:ident, [$($prop:ident,)*]) => {
        mod $module;
        $(pub fn $prop() -> u8 { self::$module::$prop })*
    };
}

declare!(tables, [LETTER, MARK,]);
";
    let tables = "pub const LETTER: u8 = 1;\npub const MARK: u8 = 2;\n";
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib), ("src/tables.rs", tables)];
    assert_eq!(
        found_in(&files, "src/tables.rs", "MARK"),
        vec![("src/lib.rs".to_string(), 8, Confidence::ImportResolved)]
    );
}

/// `use self::Kind::*;` among a `macro_rules!` body's tokens brings `Kind`'s variants to the
/// names written after it there, before any scope outside the macro.
#[test]
fn a_glob_among_a_macro_s_tokens_brings_its_names() {
    let lib = "\
pub enum Kind {
    Empty,
    Invalid,
}

pub struct Error {
    pub kind: Kind,
}

macro_rules! checked {
    ($t:ty) => {
        impl $t {
            pub fn check(s: &str) -> Result<(), Error> {
                use self::Kind::*;
                Err(Error { kind: if s.is_empty() { Empty } else { Invalid } })
            }
        }
    };
}

pub struct A;
checked!(A);
";
    assert_eq!(sure_lines(&found_in_crate(lib, "Kind.Empty")), vec![15]);
    assert_eq!(sure_lines(&found_in_crate(lib, "Kind.Invalid")), vec![15]);
}

/// `new Map<K, V>([[key, {..}], ..])` makes a map from [key, value] pairs: each pair's
/// object literal is a `V`, its keys `V`'s properties.
#[test]
fn a_map_made_from_entries_types_each_value_literal() {
    let types = "export type Meta = { ident: string; strategy: string }\n";
    let config = "\
import type { Meta } from './types'

export const CONFIG = new Map<string, Meta>([
  ['loader', { ident: 'a', strategy: 'lazy' }],
  ['component', { ident: 'b', strategy: 'eager' }],
])

const other = new Map<string, { ident: string }>([['x', { ident: 'c' }]])
";
    let files = [("src/types.ts", types), ("src/config.ts", config)];
    let found = found_in(&files, "src/types.ts", "Meta.ident");
    assert_eq!(sure_lines(&found), vec![4, 5], "{found:?}");
}

/// A parameter without a written type is typed by its default, as the checker types it
/// (`disk=Disk`: a class, called to make a `Disk`); one whose default is `None` is nothing
/// in the function, so `packetizer_class or Packetizer` is the fallback.
#[test]
fn a_parameter_is_typed_by_its_default_and_a_none_default_falls_back() {
    let code = "\
class Disk:
    def __init__(self, directory):
        self.min_size = 0


class Packetizer:
    def __init__(self, sock):
        self.done = False


class Cache:
    def __init__(self, directory, disk=Disk, packetizer_class=None, count=0):
        self._disk = disk(directory)
        self.packetizer = (packetizer_class or Packetizer)(directory)
        self.count = count

    def reset(self):
        self._disk.min_size = 1
        self.packetizer.done = True
";
    let files = [("cache.py", code)];
    assert_eq!(sure_lines(&found_in(&files, "cache.py", "Disk.min_size")), vec![18]);
    assert_eq!(sure_lines(&found_in(&files, "cache.py", "Packetizer.done")), vec![19]);
}

/// A type of the root that implements `Iterator` and names its `Item` is a collection of
/// that item to the methods the trait provides (`find`, `filter`) and to a loop; `map` and
/// `and_then` on an `Option` give what their callback returns.
#[test]
fn an_iterator_of_the_root_gives_its_items_and_an_option_maps_through_its_callback() {
    let lib = "\
pub struct Data {
    pub name: u8,
    pub next: Option<usize>,
}

pub struct Attribute<'a> {
    pub data: &'a Data,
}

pub struct Attributes<'a> {
    items: std::slice::Iter<'a, Data>,
}

impl<'a> Iterator for Attributes<'a> {
    type Item = Attribute<'a>;
    fn next(&mut self) -> Option<Self::Item> {
        self.items.next().map(|data| Attribute { data })
    }
}

pub struct Doc {
    datas: Vec<Data>,
}

impl Doc {
    pub fn attributes(&self) -> Attributes<'_> {
        Attributes { items: self.datas.iter() }
    }

    pub fn get(&self, i: usize) -> Option<&Data> {
        self.datas.get(i)
    }

    pub fn find(&self, n: u8) -> Option<Attribute<'_>> {
        self.attributes().find(|a| a.data.name == n)
    }

    pub fn count(&self, n: u8) -> usize {
        let mut k = 0;
        for a in self.attributes().filter(|a| a.data.name > 0) {
            k += usize::from(a.data.name == n);
        }
        k
    }

    pub fn after(&self, i: usize) -> Option<u8> {
        self.get(i).and_then(|d| d.next).map(|j| self.get(j).unwrap()).map(|d| d.name)
    }
}
";
    let found = found_in_crate(lib, "Data.name");
    assert_eq!(sure_lines(&found), vec![35, 40, 41, 47], "{found:?}");
}

/// A string key names a member where the language reads it so: an index into a
/// `TypedDict` or a key of a dictionary literal one is expected to be; in TypeScript an
/// index or a quoted key of an object literal. A key of another dictionary is not followed.
#[test]
fn a_string_key_names_a_field_of_a_typed_dict_and_a_typescript_property() {
    let python = "\
from typing import TypedDict


class Visitor:
    def __init__(self):
        self.transforms = {}


class Brain(TypedDict):
    cache: dict
    transform: Visitor


BRAIN: Brain = {\"cache\": {}, \"transform\": Visitor()}
OTHER = {\"transform\": 1}


def reset(brain: Brain, plain: dict):
    brain[\"transform\"].transforms = {}
    plain[\"transform\"] = 2
";
    let files = [("brain.py", python)];
    assert_eq!(
        sure_lines(&found_in(&files, "brain.py", "Brain.transform")),
        vec![14, 19]
    );
    assert_eq!(
        sure_lines(&found_in(&files, "brain.py", "Visitor.transforms")),
        vec![19]
    );
    let typescript = "\
class Visitor { transforms = {}; }
interface Brain { cache: object; transform: Visitor }
export function reset(brain: Brain, plain: Record<string, number>) {
  brain[\"transform\"].transforms = {};
  plain[\"transform\"] = 2;
}
export const B: Brain = { cache: {}, \"transform\": new Visitor() };
";
    let files = [("brain.ts", typescript)];
    assert_eq!(sure_lines(&found_in(&files, "brain.ts", "Brain.transform")), vec![4, 7]);
    assert_eq!(sure_lines(&found_in(&files, "brain.ts", "Visitor.transforms")), vec![4]);
}

/// A closure written among a macro's tokens as a method's callback takes what the method
/// gives it (`attributes.iter().map(|a| ..)` inside `write!`), and a `let` there binds only
/// after its statement: its own initialiser reads the name it shadows.
#[test]
fn a_closure_among_a_macro_s_tokens_takes_what_its_method_gives() {
    let lib = "\
use std::fmt;

pub struct Attr {
    pub value: String,
}

pub enum Event {
    Start { attributes: Vec<Attr> },
}

impl fmt::Debug for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Start { attributes } => write!(f, \"{}\", {
                let attributes: Vec<String> = attributes.iter().map(
                    |a| format!(\"{}\", a.value)
                ).collect();
                attributes.join(\", \")
            }),
        }
    }
}
";
    let found = found_in_crate(lib, "Attr.value");
    assert_eq!(sure_lines(&found), vec![16], "{found:?}");
}

/// An index into a value of a type of the root reads what its `Index` impl's `index`
/// returns (`&Self::Output`), in code and among a macro's tokens (`let data =
/// &store[idx];` inside `debug_assert!`), through an associated type of the impl
/// (`store: &mut Self::Store`).
#[test]
fn an_index_into_a_type_of_the_root_reads_its_index_output() {
    let lib = "\
use std::ops::{Index, IndexMut};

pub struct Data {
    pub next: Option<usize>,
}

pub struct Storage {
    items: Vec<Data>,
}

impl Index<usize> for Storage {
    type Output = Data;
    fn index(&self, i: usize) -> &Self::Output {
        &self.items[i]
    }
}

impl IndexMut<usize> for Storage {
    fn index_mut(&mut self, i: usize) -> &mut Data {
        &mut self.items[i]
    }
}

pub trait Stack {
    type Store;
    fn push(&mut self, item: usize, store: &mut Self::Store);
}

pub struct List {
    head: Option<usize>,
}

impl Stack for List {
    type Store = Storage;
    fn push(&mut self, item: usize, store: &mut Self::Store) {
        debug_assert!({
            let data = &store[item];
            data.next.is_none()
        });
        store[item].next = self.head.take();
        self.head = Some(item);
    }
}
";
    let found = found_in_crate(lib, "Data.next");
    assert_eq!(sure_lines(&found), vec![38, 40], "{found:?}");
}

/// A call of a `macro_rules!` of the file is a value of what its arms give, a block's last
/// expression among them (`{{ let mut v = ..; Mock { calls: v } }}`).
#[test]
fn a_macro_whose_block_ends_in_a_struct_literal_makes_that_struct() {
    let lib = "\
pub struct Mock {
    pub calls: Vec<u8>,
}

macro_rules! mock {
    ($($x:expr,)*) => {{
        let mut v = Vec::new();
        v.extend(vec![$($x),*]);
        Mock { calls: v }
    }};
}

pub fn count() -> usize {
    let io = mock! { 1, 2, };
    io.calls.len()
}
";
    let found = found_in_crate(lib, "Mock.calls");
    assert_eq!(sure_lines(&found), vec![9, 15], "{found:?}");
}

/// A script outside any package finds, when nothing else resolves an import, what the
/// folders above its own hold (`sys.path.append("..")` in a Sphinx `conf.py`), as pyright
/// does; a module of a package does not.
#[test]
fn a_script_imports_from_the_folders_above_its_own() {
    let shared = "extensions = []\nhtml_theme_options = {}\n";
    let conf = "import sys\nsys.path.append('..')\nfrom shared_conf import *\n\nextensions.append('x')\nhtml_theme_options['a'] = 1\n";
    let inner = "from shared_conf import *\n\nextensions.append('y')\n";
    let files = [
        ("sites/shared_conf.py", shared),
        ("sites/docs/conf.py", conf),
        ("pkg/__init__.py", ""),
        ("pkg/sub/__init__.py", ""),
        ("pkg/sub/mod.py", inner),
    ];
    let found = found_in(&files, "sites/shared_conf.py", "extensions");
    let sure: Vec<(String, usize)> = found
        .iter()
        .filter(|(_, _, c)| *c != Confidence::NameMatch)
        .map(|(p, l, _)| (p.clone(), *l))
        .collect();
    assert_eq!(sure, vec![("sites/docs/conf.py".to_string(), 5)], "{found:?}");
    let found = found_in(&files, "sites/shared_conf.py", "html_theme_options");
    assert_eq!(sure_lines(&found), vec![6], "{found:?}");
}

/// `x.as_ref()` is the same value, unless the type of the root declares an `as_ref` of its
/// own, which is then the method called (`RefPtr::as_ref` giving the `T` it points to).
#[test]
fn a_types_own_method_comes_before_a_same_value_method() {
    let lib = "\
use std::marker::PhantomData;
pub struct RefPtr<'a, T> {
    ptr: *const T,
    _p: PhantomData<&'a T>,
}
impl<'a, T> RefPtr<'a, T> {
    pub fn cast<U>(self) -> RefPtr<'a, U> {
        RefPtr { ptr: self.ptr as *const U, _p: PhantomData }
    }
    pub unsafe fn as_ref(&self) -> &'a T {
        &*self.ptr
    }
}
pub struct ErrorImpl<E> {
    pub object: E,
}
pub struct ContextError {
    pub error: u8,
}
pub unsafe fn f(e: RefPtr<'_, ErrorImpl<()>>) -> u8 {
    let unerased = e.cast::<ErrorImpl<ContextError>>();
    unerased.as_ref().object.error
}
pub fn g(c: &ContextError) -> u8 {
    c.as_ref().error
}
impl AsRef<ContextError> for ContextError {
    fn as_ref(&self) -> &ContextError {
        self
    }
}
";
    let found = found_in_crate(lib, "ContextError.error");
    assert_eq!(sure_lines(&found), vec![22, 25], "{found:?}");
}

/// `impl dyn Handler { fn downcast_mut .. }` gives the trait's objects methods: they are
/// listed under the trait, and a call through a `dyn Handler` reaches them, its turbofish
/// typing what it returns.
#[test]
fn methods_of_a_trait_object_impl_belong_to_the_trait() {
    let lib = "\
pub trait Handler {
    fn name(&self) -> &str;
}
impl dyn Handler {
    pub fn downcast_mut<T: Handler>(&mut self) -> Option<&mut T> {
        None
    }
}
pub struct Report {
    handler: Box<dyn Handler>,
}
impl Report {
    pub fn handler_mut(&mut self) -> &mut dyn Handler {
        &mut *self.handler
    }
}
pub struct Custom {
    pub message: u8,
}
impl Handler for Custom {
    fn name(&self) -> &str {
        \"custom\"
    }
}
pub fn set(report: &mut Report) {
    if let Some(custom) = report.handler_mut().downcast_mut::<Custom>() {
        custom.message = 1;
    }
}
";
    let found = found_in_crate(lib, "Handler.downcast_mut");
    assert_eq!(sure_lines(&found), vec![26], "{found:?}");
    let found = found_in_crate(lib, "Custom.message");
    assert_eq!(sure_lines(&found), vec![27], "{found:?}");
}

/// What tree-sitter-typescript has no rule for does not cost a file its references:
/// variance modifiers (`<in out A>`) and a generic call signature on its own line with no
/// `;` before it (Effect's overloads) are read past, and a file that uses them is read.
#[test]
fn typescript_read_past_variance_modifiers_and_unseparated_call_signatures() {
    let ids = "export const LessThanTypeId: unique symbol = Symbol.for(\"lt\")\n";
    let schema = "\
import * as filters_ from \"./filters.js\"

export interface Schema<in out A, out R = never> {
  readonly Type: A
  readonly Context: R
}

export const map: {
  <A, B>(f: (a: A) => B): (self: Array<A>) => Array<B>
  /** the data-first form */
  <A, B>(self: Array<A>, f: (a: A) => B): Array<B>
} = null as any

export const LessThanTypeId: unique symbol = filters_.LessThanTypeId

export const lessThan =
  <A extends number>(max: number) => max
";
    let files = [("src/filters.ts", ids), ("src/Schema.ts", schema)];
    let found = found_in(&files, "src/filters.ts", "LessThanTypeId");
    let sure: Vec<(String, usize)> = found
        .iter()
        .filter(|(_, _, c)| *c != Confidence::NameMatch)
        .map(|(p, l, _)| (p.clone(), *l))
        .collect();
    assert_eq!(sure, vec![("src/Schema.ts".to_string(), 14)], "{found:?}");
    let index =
        saguaro::symbols::SymbolIndex::build(saguaro::source::SourceText::new(schema.to_string()), "typescript")
            .unwrap();
    assert!(index.parse_errors.is_empty(), "{:?}", index.parse_errors);
    let paths: Vec<&str> = index.symbols.iter().map(|s| s.path.as_str()).collect();
    assert!(
        paths.contains(&"Schema.Type") && paths.contains(&"lessThan"),
        "{paths:?}"
    );
}

/// An extension trait's method (`impl<P: Parser> EasyParser for P {}`) is reached on any
/// type without a method of that name, a value of `impl Parser` among them, and what it
/// returns is typed by its signature.
#[test]
fn a_blanket_impl_gives_its_trait_methods_to_every_type() {
    let lib = "\
pub struct Errors {
    pub errors: Vec<u8>,
}
pub trait Parser {
    fn parse(&mut self) -> u8;
}
pub trait EasyParser: Parser {
    fn easy_parse(&mut self) -> Result<u8, Errors> {
        Ok(self.parse())
    }
}
impl<P: Parser> EasyParser for P {}
pub struct Space;
impl Parser for Space {
    fn parse(&mut self) -> u8 {
        0
    }
}
pub fn space() -> impl Parser {
    Space
}
pub fn f() -> usize {
    let result = space().easy_parse();
    let n = result.unwrap_err().errors.len();
    n + Space.easy_parse().unwrap_err().errors.len()
}
";
    let found = found_in_crate(lib, "EasyParser.easy_parse");
    assert_eq!(sure_lines(&found), vec![23, 25], "{found:?}");
    let found = found_in_crate(lib, "Errors.errors");
    assert_eq!(sure_lines(&found), vec![24, 25], "{found:?}");
}

/// `type(v)` is the class of the value passed alone, as `v.__class__` is: a test of it
/// narrows (`isinstance(other, type(self))`), and calling it makes an instance. Given
/// three arguments it makes a class saguaro does not read.
#[test]
fn the_builtin_type_of_one_value_is_its_class() {
    let os = "\
class OS(object):
    def __init__(self, id):
        self.id = id

    def __eq__(self, other):
        return isinstance(other, type(self)) and self.id == other.id

    def copy(self):
        return type(self)(self.id).id

    def made(self):
        return type(\"X\", (), {})().id
";
    let found = found_in(&[("os.py", os)], "os.py", "OS.id");
    assert_eq!(sure_lines(&found), vec![6, 6, 9, 9], "{found:?}");
    assert!(
        found
            .iter()
            .any(|(_, line, c)| *line == 12 && *c == Confidence::NameMatch),
        "{found:?}"
    );
}

/// A name bound in one branch of a conditional is not seen in its other branches: there it
/// is the binding made before the conditional, narrowed as a test there says (`rule` is a
/// `RuleCrossRef` in the `else` below, though the `if` beside it rebinds `rule` to a class
/// from outside the root). A loop around the conditional may run the other branch after
/// this one, so there the later binding may still be what the name holds.
#[test]
fn a_binding_in_one_branch_is_not_seen_in_another() {
    let lang = "\
from arpeggio import Sequence


class RuleCrossRef:
    def __init__(self, rule_name):
        self.rule_name = rule_name


def resolve(rule, known):
    if isinstance(rule, RuleCrossRef):
        if rule.rule_name in known:
            rule = Sequence(nodes=[rule])
        else:
            raise ValueError(rule.rule_name)
    return rule


def walk(rules):
    last = Sequence(nodes=rules)
    for rule in rules:
        if rule:
            last = RuleCrossRef(rule)
        else:
            print(last.rule_name)
";
    let found = found_in(&[("lang.py", lang)], "lang.py", "RuleCrossRef.rule_name");
    // In the loop, `last` may be the `RuleCrossRef` of an earlier pass.
    assert_eq!(sure_lines(&found), vec![11, 14, 24], "{found:?}");
}

/// Python's `self` and `cls` are a method's receiver only as its parameter: a loop or an
/// assignment binding one of those names makes it what its value is.
#[test]
fn a_receiver_name_bound_to_a_value_is_that_value() {
    let module = "\
from typing import List


class Meta(type):
    kind: str


def unified(classes: List[Meta]):
    for cls in classes:
        print(cls.kind)
    self = classes[0]
    return self.kind
";
    let found = found_in(&[("m.py", module)], "m.py", "Meta.kind");
    assert_eq!(sure_lines(&found), vec![10, 12], "{found:?}");
}

/// A Python name has one declared type in its scope: an assignment whose value saguaro
/// cannot read (`languages = {}`) still gives a value of the type another binding of the
/// name writes, and under `global` the module's declaration is that binding.
#[test]
fn a_value_of_a_declared_name_has_the_declared_type() {
    let registry = "\
from typing import Dict, Optional


class LanguageDesc:
    def __init__(self, name):
        self.project_name = name


languages: Optional[Dict[str, LanguageDesc]] = None


def language_descriptions():
    global languages
    if languages is None:
        languages = {}
    return languages


def listed():
    for language in language_descriptions().values():
        print(language.project_name)


def local():
    found: Dict[str, LanguageDesc] = {}
    found = {}
    return [d.project_name for d in found.values()]
";
    let found = found_in(&[("registry.py", registry)], "registry.py", "LanguageDesc.project_name");
    assert_eq!(sure_lines(&found), vec![21, 27], "{found:?}");
}

/// std's atomic and cell types hold what their methods give: `AtomicPtr::swap` gives the
/// pointer it held, `UnsafeCell::get` a pointer to what it holds; each read as what it
/// points to.
#[test]
fn an_atomic_swap_and_a_cell_pointer_give_what_they_hold() {
    let lib = "\
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicPtr, Ordering};

pub struct Task {
    pub next: AtomicPtr<Task>,
}

pub struct Queue {
    head: AtomicPtr<Task>,
    tail: UnsafeCell<*const Task>,
}

impl Queue {
    pub unsafe fn push(&self, task: *mut Task) {
        let prev = self.head.swap(task, Ordering::AcqRel);
        (*prev).next.store(task, Ordering::Release);
        let tail = *self.tail.get();
        (*tail).next.load(Ordering::Acquire);
    }
}
";
    let found = found_in_crate(lib, "Task.next");
    assert_eq!(sure_lines(&found), vec![16, 18], "{found:?}");
}

/// A file a path attribute names (`#[cfg(fast)] #[path = "rust_fast.rs"] mod fast;`) is
/// declared by that line under the name it gives, so the line's `cfg` leaves the whole
/// file out of the configuration checked: its references are listed as conditional.
#[test]
fn a_file_named_by_a_path_attribute_under_a_cfg_is_conditional() {
    let lib = "\
const SCHEDULE: [usize; 2] = [0, 1];

#[cfg(fast)]
#[path = \"rust_fast.rs\"]
mod fast;
mod portable;
";
    let fast = "use crate::SCHEDULE;\n\npub fn f() -> usize {\n    SCHEDULE[0]\n}\n";
    let portable = "use crate::SCHEDULE;\n\npub fn f() -> usize {\n    SCHEDULE[1]\n}\n";
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let dir = common::change::tree(&[
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/rust_fast.rs", fast),
        ("src/portable.rs", portable),
    ]);
    let answer = saguaro::refs::answer(dir.path(), "src/lib.rs", "SCHEDULE").unwrap();
    let conditions: Vec<(String, usize, Option<String>)> = answer
        .references
        .iter()
        .map(|r| (r.path.clone(), r.line, r.conditional.clone()))
        .collect();
    let fast_cfg = Some("cfg(fast)".to_string());
    assert_eq!(
        conditions,
        [
            ("src/portable.rs".to_string(), 1, None),
            ("src/portable.rs".to_string(), 4, None),
            ("src/rust_fast.rs".to_string(), 1, fast_cfg.clone()),
            ("src/rust_fast.rs".to_string(), 4, fast_cfg),
        ],
        "{conditions:?}"
    );
}

/// A function written among a macro call's tokens (`dispatch!(m, { fn refill(state: &mut
/// ChaCha) .. })`, a macro from outside the root that wraps the items it is given) reads
/// its parameters as the types written for them, and a call of it from another macro call
/// of the file gives what its written return type names (the type itself of a generic
/// one).
#[test]
fn a_function_among_macro_tokens_types_its_parameters_and_its_calls() {
    let lib = "\
use other::dispatch;

pub struct ChaCha {
    pub d: u32,
}

pub struct State<V> {
    pub a: V,
}

dispatch!(m, Mach, {
    fn refill(state: &mut ChaCha, rounds: u32) -> State<u32> {
        State { a: state.d + rounds }
    }
});

dispatch!(m, Mach, {
    fn init(seed: u32) -> ChaCha {
        let mut state = ChaCha { d: seed };
        let x = refill(&mut state, 10);
        state.d = x.a;
        state
    }
});
";
    let found = found_in_crate(lib, "ChaCha.d");
    assert_eq!(sure_lines(&found), vec![13, 19, 21], "{found:?}");
    let found = found_in_crate(lib, "State.a");
    assert_eq!(sure_lines(&found), vec![13, 21], "{found:?}");
}

/// TypeScript merges a namespace with an interface of its name: written as a type (after
/// the namespace, too), the name is the interface, and its members are read through it.
#[test]
fn a_namespace_merged_with_an_interface_is_the_interface_as_a_type() {
    let module = "\
export interface Procedure<I> {
  readonly name: string
  readonly params: I
}

export namespace Procedure {
  export type Params<I> = { readonly [K in keyof I]: I[K] }
}

export const rename = <I>(self: Procedure<I>, name: string): Procedure<I> => ({
  ...self,
  name,
  params: self.params
})
";
    let found = found_in(&[("p.ts", module)], "p.ts", "Procedure.params");
    assert_eq!(sure_lines(&found), vec![13, 13], "{found:?}");
}

/// A function's returns of tuples are read element by element: an element that is `None`
/// in one return is what another return gives there, so a name a destructuring binds to it
/// is that value (`exact, globs = separate(paths)`, then `globs[0].pattern`).
#[test]
fn tuple_returns_agree_element_by_element_with_none_aside() {
    let module = "\
class Matcher:
    def __init__(self, pattern):
        self.pattern = pattern


def compile_all(paths):
    if not paths:
        return None
    return [Matcher(p) for p in paths]


def separate(paths):
    if not paths:
        return None, None
    exact = [p for p in paths if \"*\" not in p]
    globs = compile_all([p for p in paths if \"*\" in p]) if paths else None
    return exact, globs


def first(paths):
    exact, globs = separate(paths)
    return globs[0].pattern
";
    let found = found_in(&[("m.py", module)], "m.py", "Matcher.pattern");
    assert_eq!(sure_lines(&found), vec![22], "{found:?}");
}

/// A value rebound many times over (`let e = e.arc(1).unwrap();` twenty times, as a builder's
/// test writes it) keeps its type to the end: the depth that bounds the reading of chains
/// is not spent by rebinding. Among a macro's tokens, a range's dots end a receiver chain
/// (`&e.bytes[..e.cursor]` reads `e.cursor`).
#[test]
fn a_value_rebound_many_times_and_a_receiver_after_a_range_keep_their_type() {
    let rebinds = "    let e = e.arc(1).unwrap();\n".repeat(20);
    let lib = format!(
        "\
pub struct Encoder {{
    pub bytes: [u8; 4],
    pub cursor: usize,
}}

impl Encoder {{
    pub fn arc(self, n: usize) -> Result<Self, ()> {{
        Ok(Encoder {{ bytes: self.bytes, cursor: self.cursor + n }})
    }}
}}

pub fn encode() -> usize {{
    let e = Encoder {{ bytes: [0; 4], cursor: 0 }};
{rebinds}    assert_eq!(&e.bytes[..e.cursor], &[0u8; 4][..]);
    e.cursor
}}
"
    );
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in_crate(&lib, "Encoder.cursor");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("self.cursor + n"),
            line_of("self.cursor + n"),
            line_of("cursor: 0"),
            line_of("assert_eq!"),
            line_of("    e.cursor")
        ],
        "{found:?}"
    );
}

/// A macro of another crate whose tokens are one cast, `e as T`, gives a `T`: syn's
/// `let args = parse_macro_input!(args as Args); args.local` reads `Args.local`. Tokens that
/// are more than one cast (`m!(x, y as Args)`), or a cast to a type the root does not define,
/// say nothing of the value.
#[test]
fn a_foreign_macro_whose_tokens_are_one_cast_gives_the_cast_type() {
    let lib = "\
use syn::parse_macro_input;

pub struct Args {
    pub local: bool,
}

pub fn attribute(args: TokenStream) -> bool {
    let args = parse_macro_input!(args as Args);
    args.local
}

pub fn listed(a: u8, b: u8) -> bool {
    let both = other::pair!(a, b as Args);
    both.local
}

pub fn foreign(input: TokenStream) -> bool {
    let input = syn::parse_macro_input!(input as DeriveInput);
    input.local
}
";
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in_crate(lib, "Args.local");
    assert_eq!(sure_lines(&found), vec![line_of("    args.local")], "{found:?}");
    assert!(name_match_at(&found, line_of("both.local")), "{found:?}");
    assert!(name_match_at(&found, line_of("input.local")), "{found:?}");
}

/// A name read after a loop whose body last assigned it holds what the body assigned or,
/// the body having run no time, what it held before: `err = self` / `while ..: err =
/// err.error_msg` / `err.error_msg` reads the class's member even where what the body
/// assigns cannot be read. A name read inside the body after the assignment holds what the
/// body assigned, and one whose value before the loop is no class of the root says nothing.
#[test]
fn a_name_read_after_a_loop_holds_what_it_held_before_it() {
    let py = "\
class ValidationError(ValueError):
    def __init__(self, error_msg, ctx=None):
        self.error_msg = error_msg
        self.ctx = ctx

    def __str__(self):
        err = self
        while err.ctx is not None:
            err = err.error_msg
        return err.error_msg

    def inner(self):
        err = self
        for _ in range(3):
            err = err.error_msg
            print(err.error_msg)

    def other(self, anything):
        err = anything
        while err.ctx:
            err = err.error_msg
        return err.error_msg
";
    let line_of = |needle: &str, nth: usize| {
        py.lines()
            .enumerate()
            .filter(|(_, l)| l.contains(needle))
            .nth(nth)
            .unwrap()
            .0
            + 1
    };
    let found = found_in(&[("m.py", py)], "m.py", "ValidationError.error_msg");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("err = err.error_msg", 0),
            line_of("return err.error_msg", 0),
            line_of("err = err.error_msg", 1),
        ],
        "{found:?}"
    );
    assert!(name_match_at(&found, line_of("print(err.error_msg)", 0)), "{found:?}");
    assert!(name_match_at(&found, line_of("return err.error_msg", 1)), "{found:?}");
}

/// A literal given to a map's insert after its key (`this.states.set(id, {..})`, the map
/// made `new Map<string, CallState>()`) is one of the map's values: its keys name the value
/// type's properties. The key of the call, or a method that inserts nothing, says nothing.
#[test]
fn a_literal_set_into_a_map_is_one_of_its_values() {
    let ts = "\
interface CallState {
  rootSpan: number;
  settings: object;
}

class Tracker {
  private readonly states = new Map<string, CallState>();

  start(id: string) {
    this.states.set(id, {
      rootSpan: 1,
      settings: {},
    });
  }

  other(id: string) {
    this.states.has({ rootSpan: 2 } as any);
  }
}
";
    let line_of = |needle: &str| ts.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("src/a.ts", ts)], "src/a.ts", "CallState.rootSpan");
    assert_eq!(sure_lines(&found), vec![line_of("rootSpan: 1")], "{found:?}");
    assert!(!sure_lines(&found).contains(&line_of("rootSpan: 2")), "{found:?}");
}

/// A method's first parameter is an instance in any method but a class method, whatever it
/// is called: `cls` in a metaclass's `__init__` is a class the metaclass made, an instance
/// of it, so `cls.__class__.attr_name` reads the metaclass's attribute. In a
/// `@classmethod` or `__new__`, `cls` is the class itself.
#[test]
fn cls_of_a_metaclass_method_is_an_instance_of_the_metaclass() {
    let py = "\
class TagRegistered(type):
    attr_name = 'tag'

    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        meta = cls.__class__
        attr = getattr(cls, meta.attr_name, None)

    @classmethod
    def make(cls):
        return cls.__class__.attr_name

    def __new__(cls, name, bases, namespace):
        return cls.__class__.attr_name
";
    let line_of = |needle: &str| py.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.py", py)], "m.py", "TagRegistered.attr_name");
    assert_eq!(sure_lines(&found), vec![line_of("meta.attr_name")], "{found:?}");
}

/// A metavariable of a `macro_rules!` is what the macro's calls give it wherever they are,
/// a test crate's files reaching it through `#[macro_use] mod common;` too; one generic type
/// given different arguments by two calls is that type. A `for vector in $vectors` among
/// the macro's tokens binds each element, and `let vector = &$vectors[0]` one element.
#[test]
fn a_macro_metavariable_is_typed_by_calls_in_other_files_and_a_loop_binds_its_elements() {
    let common = "\
pub struct TestVector<K: 'static> {
    pub key: &'static K,
    pub aad: &'static [u8],
}

#[macro_export]
macro_rules! tests {
    ($aead:ty, $vectors:expr) => {
        #[test]
        fn each() {
            for vector in $vectors {
                let _ = vector.aad;
            }
        }

        #[test]
        fn first() {
            let vector = &$vectors[0];
            let _ = vector.aad;
        }
    };
}
";
    let short = "\
#[macro_use]
mod common;

use self::common::TestVector;

const VECTORS: &[TestVector<[u8; 16]>] = &[TestVector { key: &[0; 16], aad: b\"\" }];

tests!(u8, VECTORS);
";
    let long = short.replace("16", "32");
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", "pub fn f() {}\n"),
        ("tests/common/mod.rs", common),
        ("tests/short.rs", short),
        ("tests/long.rs", long.as_str()),
    ];
    let found = found_in(&files, "tests/common/mod.rs", "TestVector.aad");
    let in_common: Vec<usize> = found
        .iter()
        .filter(|(path, _, c)| path == "tests/common/mod.rs" && *c != Confidence::NameMatch)
        .map(|(_, line, _)| *line)
        .collect();
    let lines: Vec<usize> = common
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("vector.aad"))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(in_common, lines, "{found:?}");
}

/// An alias names its type: `Plain::default()` and `EagerBuffer::<u8>::default()` of `type
/// EagerBuffer<B> = BlockBuffer<B, Eager>` make a `BlockBuffer` (the trait's `default`,
/// which the alias has no impl of), whose methods the value's calls reach.
#[test]
fn an_aliased_types_constructor_makes_the_aliased_type() {
    let lib = "\
pub struct Eager;
pub struct BlockBuffer<B, K> {
    b: B,
    k: K,
}
pub type EagerBuffer<B> = BlockBuffer<B, Eager>;
pub type Plain = BlockBuffer<u8, Eager>;

impl<B: Default, K: Default> Default for BlockBuffer<B, K> {
    fn default() -> Self {
        BlockBuffer { b: B::default(), k: K::default() }
    }
}

impl<B, K> BlockBuffer<B, K> {
    pub fn digest_blocks(&mut self, input: &[u8]) {}
}

pub fn run() {
    let mut one = EagerBuffer::<u8>::default();
    one.digest_blocks(&[1]);
    let mut two = Plain::default();
    two.digest_blocks(&[2]);
}
";
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in_crate(lib, "BlockBuffer.digest_blocks");
    assert_eq!(
        sure_lines(&found),
        vec![line_of("one.digest_blocks"), line_of("two.digest_blocks")],
        "{found:?}"
    );
}

/// A bare macro call names the `macro_rules!` in rustc's textual scope: one written before
/// it in a module, block or file around it (inline modules and the files of modules
/// declared after it included), or one a `#[macro_use] mod m;` before it carries out of m;
/// the latest such definition wins, and one inside a module not marked `#[macro_use]` is
/// not seen past that module's end. At a crate's root a `#[macro_export]` macro is a name
/// too.
#[test]
fn a_macro_call_names_the_macro_rules_in_its_textual_scope() {
    let util = "macro_rules! twice {\n    ($x:expr) => {\n        $x * 2\n    };\n}\n";
    let lib = "\
#[macro_use]
mod util;

mod hidden {
    macro_rules! twice {
        ($x:expr) => {
            $x
        };
    }
}

pub fn f() -> i32 {
    twice!(1)
}

mod inner {
    pub fn g() -> i32 {
        twice!(2)
    }
}

mod other {
    macro_rules! twice {
        ($x:expr) => {
            $x + $x
        };
    }

    pub fn h() -> i32 {
        twice!(3)
    }
}

mod later;
";
    let later = "pub fn k() -> i32 {\n    twice!(4)\n}\n";
    let common = "#[macro_export]\nmacro_rules! check {\n    ($x:expr) => {\n        assert!($x)\n    };\n}\n";
    let test = "mod common;\n\n#[test]\nfn t() {\n    check!(true);\n}\n";
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let files = [
        ("Cargo.toml", manifest),
        ("src/lib.rs", lib),
        ("src/util.rs", util),
        ("src/later.rs", later),
        ("tests/common/mod.rs", common),
        ("tests/t.rs", test),
    ];
    let places = |file: &str, symbol: &str| -> Vec<(String, usize)> {
        found_in(&files, file, symbol)
            .into_iter()
            .filter(|(_, _, c)| *c != Confidence::NameMatch)
            .map(|(path, line, _)| (path, line))
            .collect()
    };
    let at = |path: &str, line: usize| (path.to_string(), line);
    assert_eq!(
        places("src/util.rs", "twice"),
        vec![at("src/later.rs", 2), at("src/lib.rs", 13), at("src/lib.rs", 18)]
    );
    assert_eq!(places("src/lib.rs", "other.twice"), vec![at("src/lib.rs", 30)]);
    assert_eq!(places("src/lib.rs", "hidden.twice"), vec![]);
    assert_eq!(places("tests/common/mod.rs", "check"), vec![at("tests/t.rs", 5)]);
}

/// `saguaro refs FILE SYMBOL --json` in `root` with Cargo's home at `home`: each reference's
/// path, line and confidence.
fn refs_with_cargo_home(root: &Path, home: &Path, file: &str, symbol: &str) -> Vec<(String, u64, String)> {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_saguaro"))
        .args(["refs", file, symbol, "--json"])
        .env("CARGO_HOME", home)
        .current_dir(root)
        .output()
        .unwrap();
    let answer = common::stdout_json(&output);
    answer["references"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["path"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
                r["confidence"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// `Cert::from_der(..)` calls a method no definition of the root gives `Cert`: one of a trait
/// the file brings in from a dependency. saguaro reads that trait where Cargo keeps the
/// version `Cargo.lock` locks (`$CARGO_HOME/registry/src`); a return written `Result<Self,
/// ..>` makes the call a `Result` of a `Cert`. Two traits in scope declaring the method
/// differently, or a source that is not there, leave it unknown (a name match).
#[test]
fn a_dependency_traits_method_returning_self_gives_the_type_it_is_called_on() {
    let cargo_home = common::change::tree(&[
        (
            "registry/src/index.example-0/decoding-0.3.1/Cargo.toml",
            "[package]\nname = \"decoding\"\nversion = \"0.3.1\"\nedition = \"2021\"\n",
        ),
        (
            "registry/src/index.example-0/decoding-0.3.1/src/lib.rs",
            "mod traits;\npub use traits::{Decode, DecodeValue, Encode};\n",
        ),
        (
            "registry/src/index.example-0/decoding-0.3.1/src/traits.rs",
            "\
pub trait DecodeValue {}

pub trait Decode: Sized {
    fn from_der(bytes: &[u8]) -> Result<Self, ()>;
}

impl<T: DecodeValue> Decode for T {
    fn from_der(_bytes: &[u8]) -> Result<Self, ()> {
        Err(())
    }
}

pub trait Encode {
    fn from_der(bytes: &[u8]) -> Vec<u8>;
}
",
        ),
    ]);
    let manifest =
        "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\ndecoding = \"0.3\"\n";
    let lock = "\
version = 4

[[package]]
name = \"decoding\"
version = \"0.3.1\"
source = \"registry+https://github.com/rust-lang/crates.io-index\"

[[package]]
name = \"k\"
version = \"0.1.0\"
";
    let lib = "pub struct Cert {\n    pub tbs: u8,\n}\n\nimpl decoding::DecodeValue for Cert {}\n";
    let one = "use decoding::Decode;\nuse k::Cert;\n\npub fn f() -> u8 {\n    let c = Cert::from_der(&[]).unwrap();\n    c.tbs\n}\n";
    let two = "use decoding::{Decode, Encode};\nuse k::Cert;\n\npub fn g() -> u8 {\n    let c = Cert::from_der(&[]).unwrap();\n    c.tbs\n}\n";
    let root = common::change::tree(&[
        ("Cargo.toml", manifest),
        ("Cargo.lock", lock),
        ("src/lib.rs", lib),
        ("tests/one.rs", one),
        ("tests/two.rs", two),
    ]);
    let found = |home: &Path| refs_with_cargo_home(root.path(), home, "src/lib.rs", "Cert.tbs");
    let at = |path: &str, confidence: &str| (path.to_string(), 6, confidence.to_string());
    assert_eq!(
        found(cargo_home.path()),
        vec![at("tests/one.rs", "receiver_typed"), at("tests/two.rs", "name_match")]
    );
    let empty = tempfile::tempdir().unwrap();
    assert_eq!(
        found(empty.path()),
        vec![at("tests/one.rs", "name_match"), at("tests/two.rs", "name_match")]
    );
}

/// The trait a dependency re-exports may come from a crate its manifest renames
/// (`[dependencies.common] package = "crypto-common"`, then `pub use common::{KeyInit};`
/// beside `pub use common;`); and a glob of a module of the root (`use super::*;` in a test
/// module) brings that module's imports, the trait among them: `Idea::new_from_slice(..)`
/// there is a `Result` of an `Idea`, in the root crate's own file and in its test module.
#[test]
fn a_renamed_dependency_and_a_glob_of_the_parent_bring_a_traits_method() {
    let cargo_home = common::change::tree(&[
        (
            "registry/src/index.example-0/wrapping-0.5.1/Cargo.toml",
            "[package]\nname = \"wrapping\"\nversion = \"0.5.1\"\nedition = \"2021\"\n\n[dependencies.common]\nversion = \"0.2\"\npackage = \"keyed-common\"\n",
        ),
        (
            "registry/src/index.example-0/wrapping-0.5.1/src/lib.rs",
            "pub use common;\n\npub use common::{\n    KeyInit,\n    array::{self, Array},\n};\n",
        ),
        (
            "registry/src/index.example-0/keyed-common-0.2.1/Cargo.toml",
            "[package]\nname = \"keyed-common\"\nversion = \"0.2.1\"\nedition = \"2021\"\n",
        ),
        (
            "registry/src/index.example-0/keyed-common-0.2.1/src/lib.rs",
            "pub mod array {\n    pub struct Array;\n}\n\npub trait KeyInit: Sized {\n    fn new(key: &[u8]) -> Self;\n\n    fn new_from_slice(key: &[u8]) -> Result<Self, ()> {\n        Ok(Self::new(key))\n    }\n}\n",
        ),
    ]);
    let manifest =
        "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nwrapping = \"0.5\"\n";
    let lock = "\
version = 4

[[package]]
name = \"k\"
version = \"0.1.0\"

[[package]]
name = \"keyed-common\"
version = \"0.2.1\"
source = \"registry+https://github.com/rust-lang/crates.io-index\"

[[package]]
name = \"wrapping\"
version = \"0.5.1\"
source = \"registry+https://github.com/rust-lang/crates.io-index\"
";
    let lib = "\
pub use wrapping;
use wrapping::KeyInit;

mod tests;

pub struct Idea {
    pub enc_keys: [u16; 4],
}

impl KeyInit for Idea {
    fn new(_key: &[u8]) -> Self {
        Idea { enc_keys: [0; 4] }
    }
}

pub fn first(key: &[u8]) -> u16 {
    Idea::new_from_slice(key).unwrap().enc_keys[0]
}
";
    let tests = "use super::*;\n\n#[test]\nfn keys() {\n    let idea = Idea::new_from_slice(&[]).unwrap();\n    assert_eq!(idea.enc_keys[0], 0);\n}\n";
    let root = common::change::tree(&[
        ("Cargo.toml", manifest),
        ("Cargo.lock", lock),
        ("src/lib.rs", lib),
        ("src/tests.rs", tests),
    ]);
    let found = refs_with_cargo_home(root.path(), cargo_home.path(), "src/lib.rs", "Idea.enc_keys");
    let typed = |path: &str, line: u64| (path.to_string(), line, "receiver_typed".to_string());
    assert!(found.contains(&typed("src/lib.rs", 17)), "{found:?}");
    assert!(found.contains(&typed("src/tests.rs", 6)), "{found:?}");
}

/// A class of the root subclassing a collection (`class Handlers(list[Handler])`) gives its
/// elements when iterated, through a base of the root too, unless it writes `__iter__`; and
/// `queue.Queue[T]`'s `get()` and `get_nowait()` give a `T`. Awaiting what `asyncio.Queue`'s
/// `get()` gives is not read as a `T` (a coroutine of one), so it stays unknown.
#[test]
fn a_subclassed_collection_iterates_its_elements_and_a_queue_gives_what_it_holds() {
    let py = "\
import asyncio
from queue import Queue


class Handler:
    def __init__(self):
        self.matcher = 1
        self.responses: Queue[Handler] = Queue()


class Handlers(list[Handler]):
    def first(self):
        for handler in self:
            return handler.matcher


class Named(Handlers):
    def any(self):
        for handler in self:
            return handler.matcher


class Own(list[Handler]):
    def __iter__(self):
        return iter([])

    def any(self):
        for handler in self:
            return handler.matcher


def take(h: Handler, waiting: asyncio.Queue[Handler]):
    h.responses.get().matcher
    h.responses.get_nowait().matcher

async def wait(waiting: asyncio.Queue[Handler]):
    (await waiting.get()).matcher
";
    let found = lines_found(found_in(&[("a.py", py)], "a.py", "Handler.matcher"));
    let sure: Vec<usize> = found
        .iter()
        .filter(|(_, c)| *c != Confidence::NameMatch)
        .map(|(line, _)| *line)
        .collect();
    assert_eq!(sure, vec![14, 20, 33, 34], "{found:?}");
    assert!(found.contains(&(29, Confidence::NameMatch)), "{found:?}");
    assert!(found.contains(&(37, Confidence::NameMatch)), "{found:?}");
}

/// A standard generic type whose declaration gives a field its type argument (lib.dom's
/// `MessageEvent<T>`'s `data`) gives that field as the argument; its other members are its
/// own (`event.type` is the event's, not the message's).
#[test]
fn a_standard_generic_field_holding_its_type_argument_is_that_type() {
    let ts = "\
interface LeaderMessage {
  type: string
  tabId: string
}

export function handle(event: MessageEvent<LeaderMessage>): string {
  const { type } = event.data
  console.log(event.type)
  return event.data.tabId + type
}
";
    let found = |symbol: &str| lines_found(found_in(&[("src/a.ts", ts)], "src/a.ts", symbol));
    assert_eq!(found("LeaderMessage.type"), vec![(7, Confidence::ReceiverTyped)]);
    assert_eq!(found("LeaderMessage.tabId"), vec![(9, Confidence::ReceiverTyped)]);
}

/// `Self` inside a struct's, enum's or union's own definition names that type (`[u8;
/// Self::BYTE_SIZE / 2]`), as it does in an `impl`.
#[test]
fn self_in_a_type_definition_names_the_type() {
    let lib = "\
pub struct KeypairBytes {
    pub secret_key: [u8; Self::BYTE_SIZE / 2],
}

impl KeypairBytes {
    pub const BYTE_SIZE: usize = 64;
}

pub enum Shape {
    Pair([u8; Self::SIDES]),
}

impl Shape {
    pub const SIDES: usize = 2;
}
";
    let lines = |symbol: &str| lines_found(found_in_crate(lib, symbol));
    assert_eq!(lines("KeypairBytes.BYTE_SIZE"), vec![(2, Confidence::ReceiverTyped)]);
    assert_eq!(lines("Shape.SIDES"), vec![(10, Confidence::ReceiverTyped)]);
}

/// A Rust file may define one name path once per configuration (a placeholder struct under
/// `cfg(not(feature = "alloc"))` beside `type Infos = Vec<Info>` under `cfg(feature =
/// "alloc")`): the definition a name means is the one the configuration builds, so an element
/// of `Infos` is an `Info` and its fields are found through it.
#[test]
fn a_path_defined_once_per_configuration_means_the_definition_that_is_built() {
    let manifest = "\
[package]
name = \"k\"
version = \"0.1.0\"
edition = \"2021\"

[features]
default = [\"alloc\"]
alloc = []
";
    let lib = "\
pub struct Info {
    pub exponent: u8,
}

pub struct Key {
    pub others: Option<Infos>,
}

#[cfg(not(feature = \"alloc\"))]
pub struct Infos {
    _marker: u8,
}

#[cfg(feature = \"alloc\")]
pub type Infos = Vec<Info>;

pub fn f(k: Key) -> u8 {
    let others = k.others.unwrap();
    others[0].exponent
}
";
    let test = "use k::Key;\n\npub fn g(key: Key) -> u8 {\n    key.others.unwrap()[0].exponent\n}\n";
    let files = [("Cargo.toml", manifest), ("src/lib.rs", lib), ("tests/t.rs", test)];
    let found: Vec<(String, usize, Confidence)> = found_in(&files, "src/lib.rs", "Info.exponent");
    assert_eq!(
        found,
        vec![
            ("src/lib.rs".to_string(), 19, Confidence::ReceiverTyped),
            ("tests/t.rs".to_string(), 4, Confidence::ReceiverTyped)
        ]
    );
}

/// `import('./impl')` is a promise of the module the string names: awaited it is the module,
/// `.then` hands the module to its callback, and a name taken apart from it (`const { mount }
/// = ..`, `({ mount }) => ..`) is that module's definition, its calls typed by it. A module
/// named by a computed string is not one saguaro reads.
#[test]
fn a_dynamic_import_is_a_promise_of_the_module_it_names() {
    let implementation = "\
export interface Options {
  config: number
}
export interface Mounted {
  dispose: () => void
}
export function mount(options: Options): Mounted {
  return { dispose: () => {} }
}
";
    let core = "\
export function later() {
  import('./impl').then(({ mount }) => {
    const mounted = mount({ config: 1 })
    mounted.dispose()
  })
}
export async function now(which: string) {
  const m = await import('./impl')
  m.mount({ config: 2 }).dispose()
  const { mount } = await import('./impl')
  mount({ config: 3 }).dispose()
  const other = await import(which)
  other.mount({ config: 4 })
}
";
    let files = [("src/impl.ts", implementation), ("src/core.ts", core)];
    let line_of = |needle: &str| core.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let in_core = |symbol: &str| -> Vec<usize> {
        let found = found_in(&files, "src/impl.ts", symbol);
        found
            .iter()
            .filter(|(path, _, c)| path == "src/core.ts" && *c != Confidence::NameMatch)
            .map(|(_, line, _)| *line)
            .collect()
    };
    assert_eq!(
        in_core("mount"),
        vec![line_of("({ mount })"), line_of("m.mount"), line_of("const { mount }")]
    );
    assert_eq!(
        in_core("Mounted.dispose"),
        vec![line_of("mounted.dispose"), line_of("m.mount"), line_of("config: 3")]
    );
    assert_eq!(
        in_core("Options.config"),
        vec![line_of("config: 1"), line_of("config: 2"), line_of("config: 3")]
    );
    let computed = found_in(&files, "src/impl.ts", "Options.config");
    assert!(name_match_at(&computed, line_of("config: 4")), "{computed:?}");
}

/// `Result::map_err` keeps the value a `Result` holds (only its error changes), so
/// `Decoder::new(pem).map_err(..)?` is a `Decoder`; what its error then is is not known.
#[test]
fn a_result_whose_error_is_mapped_holds_the_same_value() {
    let lib = "\
pub struct Decoder {
    pub base64: u8,
}

impl Decoder {
    pub fn new() -> Result<Self, String> {
        Ok(Decoder { base64: 0 })
    }
}

pub fn decode() -> Result<u8, usize> {
    let decoder = Decoder::new().map_err(|e| e.len())?;
    Ok(decoder.base64)
}
";
    let found = found_in_crate(lib, "Decoder.base64");
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert_eq!(
        sure_lines(&found),
        vec![line_of("Decoder { base64: 0 }"), line_of("Ok(decoder.base64)")],
        "{found:?}"
    );
}

/// A TypeScript tuple type may name its places (`[get: Getter<T>, provide?: Provider<T>]`):
/// each place is the type written after its name, and a rest place ends what is known of
/// the places. An intersection of a tuple and an object (`readonly [..] & { name: N }`) is
/// taken apart as the tuple.
#[test]
fn a_named_tuple_place_is_its_written_type_and_an_intersection_destructures_as_its_tuple() {
    let ts = "\
export interface Registry {
  readonly definitions: number
}
type Provider<T> = (ctx: object, value: T) => void
type Handle<T> = readonly [get: Provider<T>, provide: Provider<T>] & { readonly label: string }

export function plain(c: readonly [get: Provider<Registry>, provide?: Provider<Registry>]) {
  const [, q] = c
  q({}, { definitions: 1 })
}
export function through(c: Handle<Registry>) {
  const [, q] = c
  q({}, { definitions: 2 })
}
export function rest(c: [...before: Provider<Registry>[], last: Provider<Registry>]) {
  const [, q] = c
  q({}, { definitions: 3 })
}
export function unnamed(c: [...Provider<string>[], Provider<Registry>]) {
  const [, q] = c
  q({}, { definitions: 4 })
}
";
    sure_then_by_name(
        ts,
        "Registry.definitions",
        &["definitions: 1", "definitions: 2"],
        "definitions: 3",
    );
}

/// Type arguments a call writes (`one<Registry>()`) are what the function's own type
/// parameters stand for in what it returns, through an alias (`Provider<T>`) and into a
/// function it returns (`<N>(name: N) => Provider<T>`), as tsc reads them; without them the
/// parameter is unknown, not guessed.
#[test]
fn type_arguments_written_at_a_call_type_what_it_returns() {
    let ts = "\
export interface Registry {
  readonly definitions: number
}
type Provider<T> = (ctx: object, value: T) => void
export function one<T>(): Provider<T> {
  return null as any
}
export function curried<T>(): <N extends string>(name: N) => Provider<T> {
  return null as any
}
const p1 = one<Registry>()
p1({}, { definitions: 1 })
const p2 = curried<Registry>()('x')
p2({}, { definitions: 2 })
const p3 = one()
p3({}, { definitions: 3 })
";
    sure_then_by_name(
        ts,
        "Registry.definitions",
        &["definitions: 1", "definitions: 2"],
        "definitions: 3",
    );
}

/// In the one-file TypeScript tree `ts` (`src/a.ts`), the references to `symbol` above
/// `name_match` are exactly on the lines holding `sure`, in order, and the line holding
/// `by_name` has one matched by name only.
fn sure_then_by_name(ts: &str, symbol: &str, sure: &[&str], by_name: &str) {
    let line_of = |needle: &str| ts.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("src/a.ts", ts)], "src/a.ts", symbol);
    let expected: Vec<usize> = sure.iter().map(|needle| line_of(needle)).collect();
    assert_eq!(sure_lines(&found), expected, "{found:?}");
    assert!(name_match_at(&found, line_of(by_name)), "{found:?}");
}

/// A `use` among a `macro_rules!` body's tokens (`use $crate::consts::SIGMA;`, `$crate` the
/// macro's own crate) binds its name through the rest of the block it is written in, and
/// only there: a function beside it that writes the same name reads the module's own.
#[test]
fn a_use_of_the_macros_own_crate_in_a_rule_binds_the_name_in_its_block() {
    let lib = "\
mod consts {
    pub(crate) static SIGMA: [usize; 2] = [0, 1];
}

pub(crate) static SIGMA: [usize; 2] = [1, 0];

macro_rules! rounds {
    ($name:ident) => {
        pub fn $name() -> usize {
            use $crate::consts::SIGMA;
            SIGMA[0] + SIGMA[1]
        }

        pub fn other() -> usize {
            SIGMA[1]
        }
    };
}

rounds!(first);
";
    let lines = |symbol: &str| lines_found(found_in_crate(lib, symbol));
    assert_eq!(
        lines("consts.SIGMA"),
        vec![
            (10, Confidence::ImportResolved),
            (11, Confidence::ImportResolved),
            (11, Confidence::ImportResolved)
        ]
    );
    assert_eq!(lines("SIGMA"), vec![(15, Confidence::ImportResolved)]);
}

/// An assignment is a value: `return cache.encoder = { .. }` returns the literal, so where
/// the place assigned has no known type the literal is checked against the function's
/// return type, and its keys are that type's members.
#[test]
fn a_literal_assigned_and_returned_at_once_has_the_return_type() {
    let ts = "\
interface Encoder {
  encode: (v: any) => Uint8Array;
  size: number;
}

export function getEncoder(container: any): Encoder {
  return container.encoder = {
    size: 8,
    encode: (v: any) => new Uint8Array(v),
  };
}
";
    let found = |symbol: &str| lines_found(found_in(&[("src/a.ts", ts)], "src/a.ts", symbol));
    assert_eq!(found("Encoder.encode"), vec![(9, Confidence::ReceiverTyped)]);
    assert_eq!(found("Encoder.size"), vec![(8, Confidence::ReceiverTyped)]);
}

/// A union of object types is told apart by a property each declares as a member of an enum
/// (`type: FrameType.end`): a literal writing that member there is the one member of the
/// union declaring it, and a key both declare (`timestamp`) is that member's.
#[test]
fn a_literal_writing_an_enum_member_as_discriminant_is_the_union_member_declaring_it() {
    let ts = "\
export enum FrameType { start, end }

export interface FrameStart {
  type: FrameType.start;
  timestamp: number;
  label: string;
}

export interface FrameEnd {
  type: FrameType.end;
  timestamp: number;
}

export function add(frame: FrameStart | FrameEnd): void {}

add({ type: FrameType.end, timestamp: 0 });
add({ type: FrameType.start, timestamp: 1, label: 'run' });
";
    let found = |symbol: &str| lines_found(found_in(&[("src/a.ts", ts)], "src/a.ts", symbol));
    assert_eq!(found("FrameEnd.timestamp"), vec![(16, Confidence::ReceiverTyped)]);
    assert_eq!(found("FrameStart.timestamp"), vec![(17, Confidence::ReceiverTyped)]);
}

/// A binding among a trait's arguments (`impl Closure<BlockSize = BlockSize>`) names the
/// trait's associated type before the `=`, whatever else bears the name there: a type alias
/// of the crate named alike is only the value after it.
#[test]
fn an_associated_type_binding_names_the_traits_type_not_an_alias_of_its_name() {
    let lib = "\
pub trait Closure {
    type BlockSize;
}

type BlockSize = u16;

pub fn run(_f: impl Closure<BlockSize = BlockSize>) {}
";
    let lines = |symbol: &str| lines_found(found_in_crate(lib, symbol));
    assert_eq!(lines("BlockSize"), vec![(7, Confidence::ImportResolved)]);
    assert_eq!(lines("Closure.BlockSize"), vec![(7, Confidence::ReceiverTyped)]);
}

/// The configuration is x86_64-unknown-linux-gnu with its baseline target features on
/// (`sse2`): of a `cfg_if!` choosing a backend by `target_feature = "sse2"`, that backend's
/// types are the ones the crate's code names.
#[test]
fn the_baseline_target_features_of_x86_64_hold() {
    let config = saguaro::refs::cfg::Config::default();
    assert!(config.holds("", r#"all(target_arch = "x86_64", target_feature = "sse2")"#));
    assert!(!config.holds("", r#"target_feature = "avx2""#));
    assert!(config.holds("", r#"target_env = "gnu""#));
}

/// A Python module's variable written as a type is a type alias, as pyright takes it
/// (`NodeMap = dict[str, Node]`, `NodeMap: TypeAlias = ..`, imported from another module):
/// a value annotated with it is what the alias's value writes, its elements `Node`s. A
/// variable whose value is no type (`LIMIT = 3`) reads as nothing.
#[test]
fn a_python_variable_written_as_a_type_is_the_type_its_value_writes() {
    let models = "\
from dataclasses import dataclass
from typing import TypeAlias


@dataclass
class Node:
    size: int


NodeMap: TypeAlias = dict[str, Node]
Nodes = list[Node]
LIMIT = 3
";
    let usage = "\
from models import LIMIT, NodeMap, Nodes


def total(ops: NodeMap, more: Nodes) -> int:
    n = 0
    for op in ops.values():
        n += op.size
    for node in more:
        n += node.size
    return n + ops[\"x\"].size


def odd(v: LIMIT) -> int:
    return v.size
";
    let found = found_in(&[("models.py", models), ("usage.py", usage)], "models.py", "Node.size");
    let usage_sure: Vec<usize> = found
        .iter()
        .filter(|(path, _, c)| path == "usage.py" && *c != Confidence::NameMatch)
        .map(|(_, line, _)| *line)
        .collect();
    assert_eq!(usage_sure, vec![7, 9, 10], "{found:?}");
}

/// A type guard narrows a member passed to it as it narrows a name (`isWith(type.classType)`,
/// alone or after `&&`): there the member is what the guard's predicate says, its elements
/// read from the predicate's type.
#[test]
fn a_type_guard_narrows_a_member_passed_to_it() {
    let ts = "\
interface Deferred {
    target: unknown;
}
export function isWith(obj: any): obj is { __decorators: Deferred[] } {
    return '__decorators' in obj;
}
export function run(type: { kind: number; classType: any }) {
    if (isWith(type.classType)) {
        for (const d of type.classType.__decorators) {
            console.log(d.target);
        }
    }
    if (type.kind === 1 && isWith(type.classType)) {
        for (const d of type.classType.__decorators) {
            console.log(d.target);
        }
    }
    for (const d of type.classType.__decorators) {
        console.log(d.target);
    }
}
";
    let found = found_in(&[("a.ts", ts)], "a.ts", "Deferred.target");
    assert_eq!(sure_lines(&found), vec![10, 15], "{found:?}");
}

/// A `macro_rules!` whose rule makes an array of literals of one struct (`[$( Test { .. }, )*]`
/// or the literals written out) is a collection of that struct: iterating the call's value
/// (or a local bound to it) gives `Test`s.
#[test]
fn a_macro_making_an_array_of_struct_literals_is_a_collection_of_the_struct() {
    let lib = "\
pub struct Test {
    pub key: &'static [u8],
}

macro_rules! new_tests {
    ( $( $name:expr ),*  ) => {
        [$(
            Test {
                key: $name,
            },
        )*]
    };
}

macro_rules! plain {
    () => {
        [Test { key: b\"a\" }, Test { key: b\"b\" }]
    };
}

pub fn run() -> usize {
    let tests = new_tests!(b\"1\", b\"2\");
    let mut n = 0;
    for test in &tests {
        n += test.key.len();
    }
    for test in plain!().iter() {
        n += test.key.len();
    }
    n
}
";
    let found = found_in_crate(lib, "Test.key");
    assert_eq!(sure_lines(&found), vec![9, 17, 17, 25, 28], "{found:?}");
}

/// A member of a Python enum read on the class (`Algorithms.a`, `Algorithms[name]`) is a
/// value of the enum, as pyright reads it; its `value` is one of the values the members are
/// assigned (here objects whose `__call__` gives `list[Group]` alike), so calling it gives
/// what they all give.
#[test]
fn a_python_enum_members_value_is_one_of_the_values_its_members_are_assigned() {
    let py = "\
import enum
from typing import NamedTuple


class Group(NamedTuple):
    size: int


class Base:
    def __call__(self, n: int) -> \"list[Group]\":
        return []


class A(Base):
    def __call__(self, n: int) -> \"list[Group]\":
        return [Group(n)]


class B(Base):
    pass


class Algorithms(enum.Enum):
    a = A()
    b = B()


def f(name: str) -> int:
    algo = Algorithms[name].value
    groups = algo(3)
    return groups[0].size


def g() -> int:
    return Algorithms.a.value(3)[0].size


def h(x: Algorithms) -> int:
    return x.value(3)[0].size
";
    let found = found_in(&[("m.py", py)], "m.py", "Group.size");
    assert_eq!(sure_lines(&found), vec![31, 35, 39], "{found:?}");
}

/// A name read after a conditional whose branches assign it holds what one of them
/// assigned, or what it held before where a path assigns it nowhere: `if ..: snapshot =
/// expected` (narrowed to the class) / `elif ..: snapshot = actual` / `else: snapshot =
/// None` reads the class's member after the `if`, not nothing's. Branches giving two
/// classes read the member each has (a read no rename of one alone keeps); one whose value cannot be read leaves the binding
/// seen last to stand for all, as before; in a branch the branch's own value is read.
#[test]
fn a_name_read_after_a_conditional_holds_what_one_of_its_branches_assigned() {
    let py = "\
class Snapshot:
    def __init__(self):
        self.executions = []

class Other:
    def __init__(self):
        self.executions = 0

def joined(expected, actual):
    if isinstance(expected, Snapshot):
        snapshot = expected
    elif isinstance(actual, Snapshot):
        snapshot = actual
    else:
        snapshot = None
    return snapshot.executions

def first_or_nothing(flag):
    found = None
    if flag:
        found = Snapshot()
    return found.executions

def either(flag):
    if flag:
        held = Snapshot()
    else:
        held = Other()
        print(held.executions)
    return held.executions

def other_then_nothing(flag):
    if flag:
        kept = Other()
    else:
        kept = None
    return kept.executions
";
    let line_of = |needle: &str| py.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.py", py)], "m.py", "Snapshot.executions");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("return snapshot.executions"),
            line_of("return found.executions")
        ],
        "{found:?}"
    );
    // Either class's member: a read the rename of one alone breaks (shared_reference).
    assert!(name_match_at(&found, line_of("return held.executions")), "{found:?}");
    assert!(
        !found.iter().any(|(_, l, _)| *l == line_of("print(held.executions)")),
        "{found:?}"
    );
    assert!(
        !found.iter().any(|(_, l, _)| *l == line_of("return kept.executions")),
        "{found:?}"
    );
}

/// A generic class of the root given its type arguments by an index and called
/// (`Stack[Ctx]()`) is a value of it with those arguments, as `Stack[Ctx]` written as a
/// type is; a property read on such a value returns what its getter writes with them
/// (`-> _U` is a `Ctx`), as a method called on it does.
#[test]
fn a_generic_class_given_arguments_by_an_index_and_its_properties_read_them() {
    let py = "\
from typing import Generic, List, TypeVar

_U = TypeVar(\"_U\")


class Ctx:
    def __init__(self):
        self.globalns = {}


class Other:
    globalns = None


class Stack(Generic[_U]):
    def __init__(self) -> None:
        self.stack: List[_U] = []

    @property
    def top(self) -> _U:
        return self.stack[-1]

    def get(self) -> _U:
        return self.stack[-1]


stack = Stack[Ctx]()
annotated: Stack[Ctx] = make()
others = Stack[Other]()


def f():
    first = stack.top
    first.globalns
    stack.get().globalns
    annotated.top.globalns
    others.top.globalns
";
    let line_of = |needle: &str| py.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.py", py)], "m.py", "Ctx.globalns");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("    first.globalns"),
            line_of("stack.get().globalns"),
            line_of("annotated.top.globalns"),
        ],
        "{found:?}"
    );
    assert!(
        !found.iter().any(|(_, l, _)| *l == line_of("others.top.globalns")),
        "{found:?}"
    );
}

/// A loop over a value of a class that writes its own iteration (`def __iter__(self):
/// return iter(self.items)` with `self.items: "deque[Wrapper]"`) takes each element as what
/// that method gives; a generator expression it returns gives its elements too. A class
/// whose iteration method says nothing readable leaves its elements unknown.
#[test]
fn a_loop_over_a_class_with_its_own_iteration_takes_what_that_method_gives() {
    let py = "\
from collections import deque


class Wrapper:
    def __init__(self, condition):
        self.condition = condition


class Executor:
    def __init__(self):
        self.items: \"deque[Wrapper]\" = deque()

    def __iter__(self):
        return iter(self.items)


class Filtered:
    def __init__(self):
        self.items: list[Wrapper] = []

    def __iter__(self):
        return (item for item in self.items if item.condition)


class Opaque:
    def __iter__(self):
        return make_iterator()


def run(executor: Executor, filtered: Filtered, opaque: Opaque):
    for callback in executor:
        callback.condition()
    for callback in filtered:
        callback.condition()
    for callback in opaque:
        callback.condition()
";
    let line_of = |needle: &str, nth: usize| {
        py.lines()
            .enumerate()
            .filter(|(_, l)| l.contains(needle))
            .nth(nth)
            .unwrap()
            .0
            + 1
    };
    let found = found_in(&[("m.py", py)], "m.py", "Wrapper.condition");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("if item.condition", 0),
            line_of("callback.condition()", 0),
            line_of("callback.condition()", 1),
        ],
        "{found:?}"
    );
    assert!(name_match_at(&found, line_of("callback.condition()", 2)), "{found:?}");
}

/// `Annotated[T, metadata]` is its first argument, the rest metadata about it, also through
/// a module's alias named by a qualified name (`svcs.fastapi.DepContainer` of
/// `DepContainer = Annotated[Container, Depends(container)]`); a parameter written
/// `type[T]` infers `T` from the class passed (`to_config(Config)` gives a `Config`).
#[test]
fn annotated_types_are_their_first_argument_and_a_class_parameter_infers_its_instance() {
    let deps = "\
from typing import Annotated, TypeVar

T = TypeVar(\"T\")


class Container:
    def get_pings(self):
        return []


DepContainer = Annotated[Container, Depends(container)]


def to_config(config_cls: type[T]) -> T:
    return config_cls()
";
    let app = "\
import deps
from deps import Container, DepContainer
from typing import Annotated


def view(services: deps.DepContainer, other: DepContainer, written: Annotated[Container, 1]):
    services.get_pings()
    other.get_pings()
    written.get_pings()
    deps.to_config(Container).get_pings()
    deps.to_config(make_class()).get_pings()
";
    let line_of = |needle: &str| app.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("deps.py", deps), ("app.py", app)], "deps.py", "Container.get_pings");
    let sure: Vec<usize> = found
        .iter()
        .filter(|(p, _, c)| p == "app.py" && *c != Confidence::NameMatch)
        .map(|(_, l, _)| *l)
        .collect();
    assert_eq!(
        sure,
        vec![
            line_of("services.get_pings()"),
            line_of("other.get_pings()"),
            line_of("written.get_pings()"),
            line_of("to_config(Container)"),
        ],
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|(p, l, c)| p == "app.py" && *l == line_of("make_class()") && *c == Confidence::NameMatch),
        "{found:?}"
    );
}

/// An overloaded call given a class (`resolve(Config)`) takes the first overload whose
/// parameter takes a class (`type[_T]`), skipping one that takes a `str`, and infers `_T`
/// from it; a value whose type is not read still leaves the choice open.
#[test]
fn an_overloaded_call_given_a_class_takes_the_overload_for_classes() {
    let py = "\
from typing import Any, TypeVar, overload

_T = TypeVar(\"_T\")


class Config:
    x = 1


class Container:
    @overload
    def resolve(self, service_key: str) -> int: ...

    @overload
    def resolve(self, service_key: type[_T], **kwargs: Any) -> _T: ...

    @overload
    def resolve(self, service_key: Any, **kwargs: Any) -> Any: ...

    def resolve(self, service_key, **kwargs):
        return 1


c = Container()
c.resolve(Config).x
c.resolve(unknown_value()).x
";
    let line_of = |needle: &str| py.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.py", py)], "m.py", "Config.x");
    assert_eq!(sure_lines(&found), vec![line_of("c.resolve(Config).x")], "{found:?}");
    assert!(name_match_at(&found, line_of("unknown_value()")), "{found:?}");
}

/// `tuple[Opt, ...]` is any number of `Opt`s, a collection of it; a lambda given to a
/// function of the standard library named by its module (`itertools.groupby(xs,
/// key=lambda o: ..)`) takes an element as one given to a builtin does; a match arm calling
/// `process::exit` gives no value, so the other arm's tuple is the match's.
#[test]
fn homogeneous_tuples_module_callbacks_and_exiting_arms_are_read() {
    let py = "\
import itertools
from typing import Tuple


class Opt:
    def __init__(self):
        self.parent_cls = 1


OptionList = tuple[Opt, ...]


def f(options: OptionList, pair: Tuple[Opt, int]):
    for o in options:
        o.parent_cls
    itertools.groupby(options, key=lambda o: o.parent_cls)
    pair[0].parent_cls
";
    let line_of = |needle: &str| py.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.py", py)], "m.py", "Opt.parent_cls");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("        o.parent_cls"),
            line_of("itertools.groupby"),
            line_of("pair[0]")
        ],
        "{found:?}"
    );
    let lib = "\
use std::process;

pub struct Sub {
    pub kind: u8,
}

pub struct Parsed {
    pub sub: Sub,
    pub flags: u8,
}

pub fn parse() -> Result<Parsed, ()> {
    Err(())
}

pub fn run() -> u8 {
    let (sub, flags) = match parse() {
        Ok(p) => (p.sub, p.flags),
        Err(_) => process::exit(1),
    };
    sub.kind + flags
}
";
    let found = found_in_crate(lib, "Sub.kind");
    let line = lib.lines().position(|l| l.contains("sub.kind + flags")).unwrap() + 1;
    assert_eq!(sure_lines(&found), vec![line], "{found:?}");
}

/// A type whose only member is an index signature over a record key is a record of its
/// value, whether written through an alias (`type Dict = { [key: string]: Conf }`) or as an
/// interface extending nothing: the values of a literal it types and an index into it are
/// `Conf`s. A function defined as a variable's value with a written type (`const result:
/// Factory = function ..`) has that type's members (`result.resolver = ..`).
#[test]
fn record_aliases_and_typed_function_values_are_read() {
    let ts = "\
export type Conf = {
  minimum: number
  required?: number[]
}
export type Dict = {
  [key: string]: Conf
}
export interface IDict {
  [key: string]: Conf
}
export interface Factory {
  (fk: number): number
  resolver: Conf
}
export const dict: Dict = {
  1: { minimum: 1, required: [] },
}
export const idict: IDict = {
  a: { minimum: 2, required: [] },
}
export function use(eip: number) {
  const result: Factory = function (fk: number) {
    return fk
  }
  result.resolver = { minimum: 3, required: [] }
  return dict[eip].required!.length + idict.a.required!.length + result.resolver.required!.length
}
";
    let line_of = |needle: &str| ts.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.ts", ts)], "m.ts", "Conf.required");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of("minimum: 1"),
            line_of("minimum: 2"),
            line_of("minimum: 3"),
            line_of("dict[eip]"),
            line_of("dict[eip]"),
            line_of("dict[eip]"),
        ],
        "{found:?}"
    );
}

/// Awaiting a call of an async function whose written return is the wrapper itself (`async
/// findPath(): Promise<Path>`) gives what the wrapper holds; a type variable is inferred from
/// a keyword argument as from a positional one, and `type[T]` of a `T` given a class is that
/// class (`get_loader(cls, base_cls=LoadMixin).HOOK_ARITY`); `Self` of an alias naming a type
/// from outside the root (`type SafeContents = Vec<SafeBag>`) is what the alias names, so
/// `SafeContents::new()` is a collection of `SafeBag`s.
#[test]
fn awaited_written_promises_keyword_inference_and_foreign_aliases_are_read() {
    let ts = "\
export type Path = {
  remaining: number[]
}
export class Trie {
  async findPath(key: number): Promise<Path> {
    return { remaining: [key] }
  }
  async get(key: number) {
    const { remaining } = await this.findPath(key)
    const p = await this.findPath(key)
    return remaining.length + p.remaining.length
  }
}
";
    let line_of = |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.ts", ts)], "m.ts", "Path.remaining");
    assert_eq!(
        sure_lines(&found),
        vec![
            line_of(ts, "return { remaining"),
            line_of(ts, "const { remaining }"),
            line_of(ts, "p.remaining")
        ],
        "{found:?}"
    );
    let py = "\
from typing import TypeVar

T = TypeVar(\"T\")


class LoadMixin:
    HOOK_ARITY = 2


def get_loader(cls=None, create=True, base_cls: T = None) -> type[T]:
    return base_cls


def register(cls):
    loader = get_loader(cls, base_cls=LoadMixin)
    return loader.HOOK_ARITY
";
    let found = found_in(&[("m.py", py)], "m.py", "LoadMixin.HOOK_ARITY");
    assert_eq!(sure_lines(&found), vec![line_of(py, "loader.HOOK_ARITY")], "{found:?}");
    let lib = "\
pub struct SafeBag {
    pub bag_id: u32,
}

pub type SafeContents = Vec<SafeBag>;

pub fn ids() -> u32 {
    let mut total = 0;
    for bag in SafeContents::new() {
        total += bag.bag_id;
    }
    total
}
";
    let found = found_in_crate(lib, "SafeBag.bag_id");
    assert_eq!(sure_lines(&found), vec![line_of(lib, "bag.bag_id")], "{found:?}");
}

/// A value that is one of several functions (`dev ? r.resolveUncached : r.resolveCached`)
/// passes a call's arguments to whichever it is: a literal argument is expected to be what
/// they all take there, and the call gives what they all give. Where they take different
/// types the literal's type is not known.
#[test]
fn a_choice_of_functions_types_the_arguments_they_all_take() {
    let ts = "\
export interface Opts {
  inline: boolean
}
export interface Other {
  inline: boolean
}
export interface Resolver {
  cached: (opts: Opts) => number | Promise<number>
  uncached: (opts: Opts) => Promise<number>
  other: (opts: Other) => number
}
export function handler(r: Resolver, dev: boolean) {
  const resolve = dev ? r.uncached : r.cached
  const mixed = dev ? r.uncached : r.other
  const a = resolve({ inline: true })
  const b = mixed({ inline: false })
  return [a, b]
}
";
    let line_of = |needle: &str| ts.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.ts", ts)], "m.ts", "Opts.inline");
    assert_eq!(sure_lines(&found), vec![line_of("resolve({")], "{found:?}");
}

/// A dependency trait's provided method whose return is written through `Self`'s associated
/// types gives what the root's impl binds them to: `(DecapsulationKey<Self>,
/// <Self as Kem>::EncapsulationKey)`, the first through the dependency's alias `type
/// DecapsulationKey<K> = <K as Kem>::DecapsulationKey`, is a tuple of the impl's `Dk` and
/// `Ek`, and `Option<Self::DecapsulationKey>` an `Option` of a `Dk`.
#[test]
fn a_dependency_traits_method_returning_associated_types_gives_what_the_impl_binds() {
    let cargo_home = common::change::tree(&[
        (
            "registry/src/index.example-0/kems-0.3.0/Cargo.toml",
            "[package]\nname = \"kems\"\nversion = \"0.3.0\"\nedition = \"2021\"\n",
        ),
        (
            "registry/src/index.example-0/kems-0.3.0/src/lib.rs",
            "\
pub type DecapsulationKey<K> = <K as Kem>::DecapsulationKey;

pub trait Kem: Sized {
    type DecapsulationKey;
    type EncapsulationKey;

    fn generate_from(seed: u8) -> (DecapsulationKey<Self>, Self::EncapsulationKey);

    fn generate_keypair() -> (DecapsulationKey<Self>, <Self as Kem>::EncapsulationKey) {
        Self::generate_from(0)
    }

    fn decapsulation_key() -> Option<Self::DecapsulationKey> {
        None
    }
}
",
        ),
    ]);
    let manifest =
        "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nkems = \"0.3\"\n";
    let lock = "\
version = 4

[[package]]
name = \"k\"
version = \"0.1.0\"

[[package]]
name = \"kems\"
version = \"0.3.0\"
source = \"registry+https://github.com/rust-lang/crates.io-index\"
";
    let lib = "\
use kems::Kem;

pub struct Dk {
    pub sk: u8,
}

pub struct Ek {
    pub pk: u8,
}

pub struct XKem;

impl Kem for XKem {
    type DecapsulationKey = Dk;
    type EncapsulationKey = Ek;

    fn generate_from(seed: u8) -> (Dk, Ek) {
        (Dk { sk: seed }, Ek { pk: seed })
    }
}

pub fn keys() -> u8 {
    let (sk, pk) = XKem::generate_keypair();
    let only = XKem::decapsulation_key().unwrap();
    let secret = sk.sk;
    secret + pk.pk + only.sk
}
";
    let root = common::change::tree(&[("Cargo.toml", manifest), ("Cargo.lock", lock), ("src/lib.rs", lib)]);
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() as u64 + 1;
    let typed = |line: u64| ("src/lib.rs".to_string(), line, "receiver_typed".to_string());
    assert_eq!(
        refs_with_cargo_home(root.path(), cargo_home.path(), "src/lib.rs", "Dk.sk"),
        vec![
            typed(line_of("Dk { sk")),
            typed(line_of("sk.sk")),
            typed(line_of("only.sk"))
        ]
    );
    assert_eq!(
        refs_with_cargo_home(root.path(), cargo_home.path(), "src/lib.rs", "Ek.pk"),
        vec![typed(line_of("Ek { pk")), typed(line_of("pk.pk"))]
    );
}

/// A method a generic base declares, called on a value of a generic subclass
/// (`GetOrCreate[Band]` of `class GetOrCreate(Proxy["Objects[T]", Optional[T]],
/// Generic[T])`), gives what the base's signature writes with the subclass's arguments
/// passed through its base clause: `Proxy.run() -> R` is an `Optional[Band]`, a type argument
/// that is itself generic (`Optional[T]`) being one argument. A class method called on a
/// subclass (`PersonFactory.build()` of `class PersonFactory(Factory[Person])`) is read the
/// same way.
#[test]
fn a_base_method_on_a_generic_subclass_takes_the_base_clauses_arguments() {
    let py = "\
from __future__ import annotations

from typing import Generic, Optional, TypeVar

T = TypeVar(\"T\")
Q = TypeVar(\"Q\")
R = TypeVar(\"R\")


class Proxy(Generic[Q, R]):
    def __init__(self, query: Q):
        self.query = query

    def run(self) -> R:
        ...


class Get(Proxy[\"Objects[T]\", Optional[T]], Generic[T]):
    pass


class Objects(Generic[T]):
    def get(self) -> Get[T]:
        return Get[T](self)


class Factory(Generic[T]):
    @classmethod
    def build(cls) -> T:
        ...


class Band:
    def __init__(self):
        self.created = False


class Other:
    def __init__(self):
        self.created = True


class BandFactory(Factory[Band]):
    pass


def use(objects: Objects[Band], others: Objects[Other]):
    band = objects.get().run()
    if band:
        band.created = True
    other = others.get().run()
    if other:
        other.created = True
    return BandFactory.build().created
";
    let line_of = |needle: &str| py.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.py", py)], "m.py", "Band.created");
    assert_eq!(
        sure_lines(&found),
        vec![line_of("band.created"), line_of("BandFactory.build()")],
        "{found:?}"
    );
}

/// A disjunction of class tests of one name (`node instanceof Ext || node instanceof Leaf`,
/// `isinstance(n, Ext) or isinstance(n, Leaf)`) narrows it, where the disjunction holds, to
/// an instance of one of the classes: a member they share through their base is the base's,
/// not that of another member of the name's union. A disjunction with another operand
/// narrows nothing.
#[test]
fn a_disjunction_of_class_tests_narrows_to_one_of_the_classes() {
    let ts = "\
export class Branch {
  value: number | null = null
}
export class Base {
  value: number = 0
}
export class Ext extends Base {}
export class Leaf extends Base {}
export type Node = Branch | Ext | Leaf

export function f(node: Node, flag: boolean) {
  if (node instanceof Ext || node instanceof Leaf) {
    return node.value
  }
  if (node instanceof Ext || flag) {
    return node.value
  }
  return 0
}
";
    let line_of = |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let found = found_in(&[("m.ts", ts)], "m.ts", "Base.value");
    assert_eq!(
        sure_lines(&found),
        vec![line_of(ts, "instanceof Leaf) {") + 1],
        "{found:?}"
    );
    let found = found_in(&[("m.ts", ts)], "m.ts", "Branch.value");
    assert_eq!(sure_lines(&found), Vec::<usize>::new(), "{found:?}");
    let py = "\
class Branch:
    def __init__(self):
        self.value = None


class Base:
    def __init__(self):
        self.value = 0


class Ext(Base):
    pass


class Leaf(Base):
    pass


def f(node: Branch | Ext | Leaf):
    if isinstance(node, Ext) or isinstance(node, Leaf):
        return node.value
    return 0
";
    let found = found_in(&[("m.py", py)], "m.py", "Base.value");
    assert_eq!(sure_lines(&found), vec![line_of(py, "return node.value")], "{found:?}");
}

#[test]
fn a_function_whose_returns_differ_returns_one_of_their_types() {
    // `circuit(10)` is a breaker or a wrapped function: a member only the breaker has is
    // the breaker's, whichever return comes first.
    let breaker = "\
class Breaker:
    def __init__(self):
        self.is_failure = None

    def decorate(self, function):
        return self._wrap(function)

    def _wrap(self, function):
        def wrapper():
            return function()

        return wrapper


def circuit(threshold=None, cls=Breaker):
    if callable(threshold):
        return cls().decorate(threshold)
    return cls()
";
    let test = "\
from breaker import circuit

b = circuit(10)
b.is_failure
";
    let found = found_in(
        &[("breaker.py", breaker), ("t.py", test)],
        "breaker.py",
        "Breaker.is_failure",
    );
    let in_test: Vec<_> = found.iter().filter(|(path, ..)| path == "t.py").cloned().collect();
    assert_eq!(sure_lines(&in_test), vec![4], "{found:?}");
}

#[test]
fn the_class_of_a_bounded_type_variable_has_the_members_of_its_bound() {
    // `cls: type[FindType]` with `FindType` bound to a union of subclasses: a class
    // attribute every one of them inherits is the base's.
    let find = "\
from typing import TYPE_CHECKING, ClassVar, TypeVar

if TYPE_CHECKING:
    from docs import Document, View

FindType = TypeVar(\"FindType\", bound=\"Document | View\")


class FindInterface:
    query_class: ClassVar[type] = dict

    @classmethod
    def find(cls: type[FindType]):
        return cls.query_class(model=cls)
";
    let docs = "\
from find import FindInterface


class Document(FindInterface):
    pass


class View(FindInterface):
    pass
";
    let found = found_in(
        &[("find.py", find), ("docs.py", docs)],
        "find.py",
        "FindInterface.query_class",
    );
    assert_eq!(sure_lines(&found), vec![14], "{found:?}");
}

#[test]
fn a_module_file_given_under_a_condition_is_the_one_whose_condition_holds() {
    let files = [
        (
            "Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        ),
        (
            "src/lib.rs",
            "#[cfg_attr(target_pointer_width = \"32\", path = \"field_32.rs\")]\n\
             #[cfg_attr(target_pointer_width = \"64\", path = \"field_64.rs\")]\n\
             mod field_impl;\n\
             use self::field_impl::*;\n\
             \n\
             pub fn zero() -> Element {\n    [0; 4]\n}\n",
        ),
        ("src/field_32.rs", "pub type Element = [u32; 8];\n"),
        ("src/field_64.rs", "pub type Element = [u64; 4];\n"),
    ];
    let found = found_in(&files, "src/field_64.rs", "Element");
    assert_eq!(
        found.iter().map(|(p, l, c)| (p.as_str(), *l, *c)).collect::<Vec<_>>(),
        vec![("src/lib.rs", 6, Confidence::ImportResolved)],
        "{found:?}"
    );
    let found = found_in(&files, "src/field_32.rs", "Element");
    assert!(found.iter().all(|(p, ..)| p != "src/lib.rs"), "{found:?}");
}

#[test]
fn a_type_alias_that_holds_itself_is_read_once() {
    // `Input` holds an array of itself: reading a value of it reads the alias once, not
    // again inside itself to the depth bound on every branch (which took minutes).
    let ts = "\
export type Input = string | number | Uint8Array | Array<Input> | null
export interface Decoded {
  data: Uint8Array
  remainder: Uint8Array
}
export function decode(input: Input, stream: Decoded): number {
  const value = input
  value.remainder
  return stream.remainder.length
}
";
    let found = found_in(&[("m.ts", ts)], "m.ts", "Decoded.remainder");
    assert_eq!(lines_found(found), vec![(9, Confidence::ReceiverTyped)]);
}

#[test]
fn an_index_by_a_key_type_saguaro_cannot_read_is_one_of_the_fields() {
    // `Typed[Kind]` with `Kind` the values of a constant object: one of `Typed`'s fields, so
    // a member only `Internal` has is `Internal`'s.
    let ts = "\
export class Internal {
  children: number[] = []
}
export class Stem {
  values: number[] = []
}
export const Kind = {
  Internal: 0,
  Stem: 1,
} as const
export type Kind = (typeof Kind)[keyof typeof Kind]
export interface Typed {
  [Kind.Internal]: Internal
  [Kind.Stem]: Stem
}
export type Node = Typed[Kind]
export function f(node: Node) {
  return node.children
}
";
    let found = found_in(&[("m.ts", ts)], "m.ts", "Internal.children");
    assert_eq!(lines_found(found), vec![(18, Confidence::ReceiverTyped)]);
}

#[test]
fn a_method_call_on_one_of_several_types_is_the_call_of_those_that_have_it() {
    // `rootNode.getChild(0)` of an `Internal | Stem`: only `Internal` has `getChild`, so the
    // call gives what it returns.
    let ts = "\
export type Child = { hash: number }
export class Internal {
  getChild(i: number): Child {
    return { hash: i }
  }
}
export class Stem {
  values: number[] = []
}
export function f(rootNode: Internal | Stem) {
  const child = rootNode.getChild(0)
  return child.hash
}
";
    let found = found_in(&[("m.ts", ts)], "m.ts", "Child.hash");
    assert_eq!(sure_lines(&found), vec![4, 12], "{found:?}");
}

#[test]
fn a_member_an_object_literal_does_not_write_is_the_one_its_spread_brings() {
    let ts = "\
export interface Opts {
  root: string
  db: number
}
export function create(opts: Opts) {
  const parsed = { ...opts, db: 1 }
  const later = { root: 'r', ...opts }
  const own = { root: 'r', db: 2 }
  return [parsed.root, parsed.db, later.root, own.root]
}
";
    let found = found_in(&[("m.ts", ts)], "m.ts", "Opts.root");
    // `parsed.root` and `later.root` are `opts.root` (the spread comes after the written
    // key in `later`); `own.root` is the literal's own key.
    assert_eq!(sure_lines(&found), vec![9, 9], "{found:?}");
    let found = found_in(&[("m.ts", ts)], "m.ts", "Opts.db");
    assert!(
        found
            .iter()
            .all(|(_, line, c)| *line != 9 || *c == Confidence::NameMatch),
        "{found:?}"
    );
}

#[test]
fn a_value_returned_by_an_overloaded_functions_implementation_goes_where_its_own_signature_says() {
    // The implementation returns `Uint8Array | Decoded`; the first overload, which callers
    // see, only `Uint8Array`: the literal's `remainder` is `Decoded`'s.
    let ts = "\
export interface Decoded {
  data: Uint8Array
  remainder: Uint8Array
}
export function decode(input: Uint8Array, stream?: false): Uint8Array
export function decode(input: Uint8Array, stream?: true): Decoded
export function decode(input: Uint8Array, stream = false): Uint8Array | Decoded {
  if (stream) {
    return { data: input, remainder: input }
  }
  return input
}
";
    let found = found_in(&[("m.ts", ts)], "m.ts", "Decoded.remainder");
    assert_eq!(lines_found(found), vec![(9, Confidence::ReceiverTyped)]);
}

#[test]
fn a_name_given_no_value_before_its_definition_is_the_definition() {
    // antlr declares its classes first (`PredictionMode = None`) and defines them after:
    // what another module imports under the name is the class.
    let mode = "\
from enum import Enum

PredictionMode = None

class PredictionMode(Enum):
    SLL = 0
    LL = 1
";
    let user = "\
from mode import PredictionMode

def choose(parser):
    parser.mode = PredictionMode.LL
";
    let found = found_in(&[("mode.py", mode), ("user.py", user)], "mode.py", "PredictionMode.LL");
    let in_user: Vec<_> = found.iter().filter(|(path, ..)| path == "user.py").cloned().collect();
    assert_eq!(sure_lines(&in_user), vec![4], "{found:?}");
}

#[test]
fn a_variable_declared_with_nothing_has_the_type_of_what_is_assigned_to_it_after() {
    // `let mut corner = None;` then `corner = Some((label, true))`: rustc infers an
    // `Option<(&Label, bool)>`, so the label taken out of it is a `Label`.
    let lib = "\
pub struct Label {
    pub color: u8,
}

pub fn pick(labels: &[Label]) -> u8 {
    let mut corner = None;
    for label in labels {
        if label.color > 2 {
            corner = Some((label, true));
        }
    }
    if let Some((label, _start)) = corner {
        return label.color;
    }
    0
}
";
    let found = found_in_crate(lib, "Label.color");
    assert_eq!(sure_lines(&found), vec![8, 13], "{found:?}");
}

#[test]
fn a_standard_wrapper_made_of_a_value_holds_it() {
    // `Mutex::new(State::default())` is a `Mutex<State>`: what its lock gives is a `State`,
    // never a foreign value whose fields are none of the root's.
    let lib = "\
use std::sync::{Arc, Mutex};

#[derive(Default)]
pub struct State {
    pub writes: Vec<u8>,
}

pub fn run() -> bool {
    let state = Arc::new(Mutex::new(State::default()));
    state.lock().unwrap().writes.push(1);
    let state = state.lock().unwrap();
    state.writes.is_empty()
}
";
    let found = found_in_crate(lib, "State.writes");
    assert_eq!(sure_lines(&found), vec![10, 12], "{found:?}");
}

#[test]
fn a_method_taken_apart_from_its_object_is_a_reference_to_it() {
    // `const { handleDrag } = this`: a method is a value in TypeScript, and a pattern key
    // takes it out of the object as it takes a field.
    let ts = "\
export class Ranger {
  count = 1
  handleDrag = (e: any) => e
  release() {
    const { handleDrag, count } = this
    return [handleDrag, count]
  }
}

export function stop(r: Ranger) {
  const { handleDrag } = r
  return handleDrag
}
";
    let found = found_in(&[("src/a.ts", ts)], "src/a.ts", "Ranger.handleDrag");
    assert_eq!(sure_lines(&found), vec![5, 11], "{found:?}");
}

#[test]
fn a_function_called_through_a_bounded_type_parameter_returns_what_the_bound_declares() {
    // `P::singleton()` with `P: Pool` (on the impl, in a `where` clause, on the function):
    // the function the trait declares, whose written return is read.
    let lib = "\
pub struct Imp {
    pub stack: u8,
}

pub trait Pool: Sized {
    fn singleton() -> &'static Imp;
}

pub struct B<P> {
    p: P,
}

impl<P> Drop for B<P>
where
    P: Pool,
{
    fn drop(&mut self) {
        let _ = P::singleton().stack;
    }
}

impl<P: Pool> B<P> {
    fn two(&self) -> u8 {
        P::singleton().stack
    }
}

pub fn three<P>() -> u8 where P: Pool {
    P::singleton().stack
}

pub fn unbounded<P>() -> u8 {
    P::singleton().stack
}
";
    let found = found_in_crate(lib, "Imp.stack");
    assert_eq!(sure_lines(&found), vec![18, 24, 29], "{found:?}");
    assert!(name_match_at(&found, 33), "{found:?}");
}

#[test]
fn a_collection_made_by_its_own_function_holds_what_it_is_given_or_what_is_stored_in_it() {
    // `Vec::new()` then `labels.push((info, 1))`: rustc infers a `Vec<(Info, i32)>`;
    // `Vec::<Group<u8>>::new()` is the `Vec<Group<u8>>` its turbofish writes.
    let lib = "\
pub struct Info {
    pub line: usize,
}

pub struct Group<S> {
    pub src: S,
    pub labels: Vec<Info>,
}

pub fn sort(lines: &[usize]) -> usize {
    let mut labels = Vec::new();
    for i in lines {
        labels.push((Info { line: *i }, 1));
    }
    labels.sort_by_key(|(l, _)| l.line);
    let mut groups = Vec::<Group<u8>>::new();
    groups.push(Group { src: 1, labels: Vec::new() });
    match groups.last_mut() {
        Some(group) if group.labels.last().map_or(true, |l| l.line > 0) => 1,
        _ => 0,
    }
}
";
    let found = found_in_crate(lib, "Info.line");
    assert_eq!(sure_lines(&found), vec![13, 15, 19], "{found:?}");
}

#[test]
fn a_cell_holding_one_value_gives_it_as_a_collection_gives_an_element() {
    // `OnceLock<Cached>`: `get()` is an `Option<&Cached>`, `get_or_init(..)` a `&Cached`;
    // a `LazyLock<Cached>` reaches the value it makes.
    let lib = "\
use std::sync::{LazyLock, OnceLock};

pub struct Cached {
    pub hash: u64,
}

pub struct Connector {
    cached: OnceLock<Cached>,
}

static DEFAULT: LazyLock<Cached> = LazyLock::new(|| Cached { hash: 0 });

impl Connector {
    pub fn same(&self, hash: u64) -> bool {
        self.cached.get().map(|c| c.hash == hash).unwrap_or(false)
    }

    pub fn init(&self) -> u64 {
        self.cached.get_or_init(|| Cached { hash: 1 }).hash + DEFAULT.hash
    }
}
";
    let found = found_in_crate(lib, "Cached.hash");
    assert_eq!(sure_lines(&found), vec![11, 15, 19, 19, 19], "{found:?}");
}

#[test]
fn a_closures_block_an_optional_values_iteration_and_a_least_element_give_what_they_hold() {
    // `|col| { labels.iter().find(..) }` gives its tail's value; `margin.iter()` of an
    // `Option` iterates its one value; `min_by_key(..)` is an `Option` of an element.
    let lib = "\
pub struct Label {
    pub color: u8,
}

pub struct LineLabel<'a> {
    pub col: usize,
    pub label: &'a Label,
}

pub fn draw(line_labels: Vec<LineLabel>, margin: Option<LineLabel>, more: Vec<&Label>) -> u8 {
    let get = |col: usize| {
        line_labels.iter().find(|l| l.col > col)
    };
    let least = margin.iter().map(|ll| ll.label).chain(more.iter().copied()).min_by_key(|l| l.color);
    get(1).unwrap().label.color + least.unwrap().color
}
";
    let found = found_in_crate(lib, "Label.color");
    assert_eq!(sure_lines(&found), vec![14, 15, 15], "{found:?}");
}
