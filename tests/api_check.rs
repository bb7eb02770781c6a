//! `saguaro check --api` on git repositories, one per language: the PUBLIC surface's
//! breaking changes (with no caller in the repository), the semver level, `--allow-level`,
//! what is not public (private names, modules the root does not reach, code inside a
//! function), the four outputs.

mod common;

use common::commits::{git, repo};
use std::path::Path;

fn change(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
    git(dir, &["add", "-A"]);
}

fn api(dir: &Path, args: &[&str]) -> (i32, String) {
    let mut all = vec!["check", "--api", "--staged"];
    all.extend_from_slice(args);
    let out = common::saguaro(&all, Some(dir));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// `check --api --format json --allow-level major` on `dir`, checked against the schema.
fn report(dir: &Path) -> serde_json::Value {
    let (_, out) = api(dir, &["--format", "json", "--allow-level", "major"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert!(
        saguaro::schema::validate(saguaro::schema::Contract::CheckReport, &json).is_ok(),
        "{json}"
    );
    json
}

/// The report's notes, each as `render` writes it, sorted.
fn notes(json: &serde_json::Value, render: impl Fn(&serde_json::Value) -> String) -> Vec<String> {
    let mut found: Vec<String> = json["notes"].as_array().unwrap().iter().map(render).collect();
    found.sort();
    found
}

fn level(dir: &Path) -> String {
    report(dir)["api"]["level"].as_str().unwrap().to_string()
}

#[test]
fn python_surface() {
    let files: &[(&str, &str)] = &[
        ("lib/__init__.py", "from ._impl import helper\n"),
        ("lib/_impl.py", "def helper(a):\n    return a\n\n\ndef _private(a):\n    return a\n\n\ndef internal(a):\n    return a\n"),
        ("lib/api.py", "__all__ = [\"run\"]\n\n\ndef run(a):\n    def inner(x):\n        return x\n    return inner(a)\n\n\ndef unlisted(a):\n    return a\n"),
    ];
    // A public function (re-exported by the package) gains a required parameter: major,
    // refused under the default `--allow-level minor`, a note under `major`.
    let dir = repo(files);
    change(
        dir.path(),
        "lib/_impl.py",
        "def helper(a, b):\n    return a\n\n\ndef _private(a):\n    return a\n\n\ndef internal(a):\n    return a\n",
    );
    let (code, out) = api(dir.path(), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("lib/_impl.py:1:1: helper:") && out.contains("parameter_added_required"),
        "{out}"
    );
    assert!(out.contains("was `helper(a)`, now `helper(a, b)`"), "{out}");
    assert!(out.contains("needs a major release"), "{out}");
    assert_eq!(api(dir.path(), &["--allow-level", "major"]).0, 0);
    assert_eq!(level(dir.path()), "major");
    // Private, unlisted by `__all__`, or inside a function: not the surface.
    let dir = repo(files);
    change(
        dir.path(),
        "lib/_impl.py",
        "def helper(a):\n    return a\n\n\ndef _private(a, b):\n    return a\n\n\ndef internal(a, b):\n    return a\n",
    );
    change(dir.path(), "lib/api.py", "__all__ = [\"run\"]\n\n\ndef run(a):\n    def inner(x, y):\n        return x\n    return inner(a, a)\n\n\ndef unlisted(a, b):\n    return a\n");
    let (code, out) = api(dir.path(), &[]);
    assert_eq!((code, level(dir.path()).as_str()), (0, "patch"), "{out}");
    // A public addition: minor, allowed by default.
    let dir = repo(files);
    change(dir.path(), "lib/api.py", "__all__ = [\"run\", \"more\"]\n\n\ndef run(a):\n    return a\n\n\ndef more():\n    return 1\n\n\ndef unlisted(a):\n    return a\n");
    let (code, out) = api(dir.path(), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("added: lib/api.py: more"), "{out}");
    assert_eq!(level(dir.path()), "minor");
    assert_eq!(api(dir.path(), &["--allow-level", "patch"]).0, 1, "minor exceeds patch");
}

#[test]
fn rust_surface() {
    let files: &[(&str, &str)] = &[
        (
            "Cargo.toml",
            "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        ),
        (
            "src/lib.rs",
            "pub mod open;\nmod hidden;\npub use hidden::Reexported;\n\npub fn root(a: u8) -> u8 {\n    a\n}\n",
        ),
        (
            "src/open.rs",
            "pub struct S;\n\nimpl S {\n    pub fn m(&self) -> u8 {\n        1\n    }\n}\n",
        ),
        (
            "src/hidden.rs",
            "pub struct Reexported;\n\npub fn unreachable(a: u8) -> u8 {\n    a\n}\n",
        ),
    ];
    let dir = repo(files);
    change(
        dir.path(),
        "src/open.rs",
        "pub struct S;\n\nimpl S {\n    pub fn m(&self, x: u8) -> u8 {\n        x\n    }\n}\n",
    );
    let (code, out) = api(dir.path(), &["--format", "json"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("S.m") && out.contains("parameter_added_required"), "{out}");
    // A module the root does not reach: its `pub` items are not the surface...
    let dir = repo(files);
    change(
        dir.path(),
        "src/hidden.rs",
        "pub struct Reexported;\n\npub fn unreachable(a: u8, b: u8) -> u8 {\n    a + b\n}\n",
    );
    assert_eq!(level(dir.path()), "patch");
    // ... but what the root re-exports from it is.
    let dir = repo(files);
    change(
        dir.path(),
        "src/hidden.rs",
        "pub fn unreachable(a: u8) -> u8 {\n    a\n}\n",
    );
    assert_eq!(level(dir.path()), "major");
    // A method of an `impl` written in a private module is as public as its type, which the
    // root defines or re-exports.
    let impl_apart: &[(&str, &str)] = &[
        ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
        ("src/lib.rs", "mod inherent;\nmod hidden;\npub use hidden::Reexported;\n\npub struct Bitmap;\n"),
        ("src/inherent.rs", "use crate::{Bitmap, Reexported};\n\nimpl Bitmap {\n    pub fn push(&mut self, v: u32) -> bool {\n        v > 0\n    }\n}\n\nimpl Reexported {\n    pub fn len(&self) -> usize {\n        0\n    }\n}\n"),
        ("src/hidden.rs", "pub struct Reexported;\n\npub struct Hidden;\n\nimpl Hidden {\n    pub fn gone(&self) {}\n}\n"),
    ];
    for (file, text) in [
        ("src/inherent.rs", "use crate::{Bitmap, Reexported};\n\nimpl Reexported {\n    pub fn len(&self) -> usize {\n        0\n    }\n}\n"),
        ("src/inherent.rs", "use crate::{Bitmap, Reexported};\n\nimpl Bitmap {\n    pub fn push(&mut self, v: u32) -> bool {\n        v > 0\n    }\n}\n"),
    ] {
        let dir = repo(impl_apart);
        change(dir.path(), file, text);
        assert_eq!(level(dir.path()), "major", "{text}");
    }
    // A `pub(crate)` method is the crate's own, wherever its impl is
    let dir = repo(impl_apart);
    change(
        dir.path(),
        "src/inherent.rs",
        "use crate::{Bitmap, Reexported};\n\nimpl Bitmap {\n    pub fn push(&mut self, v: u32) -> bool {\n        v > 0\n    }\n}\n\nimpl Reexported {\n    pub fn len(&self) -> usize {\n        0\n    }\n}\n\nimpl Bitmap {\n    pub(crate) fn inner(&self) {}\n}\n",
    );
    // (added, it is no public addition: the level stays patch)
    assert_eq!(level(dir.path()), "patch");
    // A type the root does not name: its methods are not the surface.
    let dir = repo(impl_apart);
    change(
        dir.path(),
        "src/hidden.rs",
        "pub struct Reexported;\n\npub struct Hidden;\n",
    );
    assert_eq!(level(dir.path()), "patch");
}

#[test]
fn typescript_surface_and_outputs() {
    let files: &[(&str, &str)] = &[
        ("src/index.ts", "export function run(a: string): string {\n  return a;\n}\n\nfunction local(a: string): string {\n  return a;\n}\n\nexport class C {\n  private hidden(a: number): number {\n    return a;\n  }\n}\n"),
    ];
    let dir = repo(files);
    change(dir.path(), "src/index.ts", "export function run(a: string, b: number): string {\n  return a;\n}\n\nfunction local(a: string, b: number): string {\n  return a;\n}\n\nexport class C {\n  private hidden(a: number, b: number): number {\n    return a;\n  }\n}\n");
    let (code, out) = api(dir.path(), &["--format", "json"]);
    assert_eq!(code, 1, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let symbols: Vec<&str> = json["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["symbol"].as_str().unwrap())
        .collect();
    assert_eq!(symbols, ["run"], "exported only: {out}");
    let (_, github) = api(dir.path(), &["--format", "github"]);
    assert!(github.starts_with("::error file=src/index.ts,line=1"), "{github}");
    let (_, sarif) = api(dir.path(), &["--format", "sarif"]);
    let sarif: serde_json::Value = serde_json::from_str(&sarif).unwrap();
    assert_eq!(
        sarif["runs"][0]["results"][0]["ruleId"],
        "saguaro/parameter_added_required"
    );
}

#[test]
fn typescript_surface_is_what_the_entry_points_export() {
    let files: &[(&str, &str)] = &[
        ("package.json", "{\"name\": \"p\", \"main\": \"./dist/index.js\", \"types\": \"./dist/index.d.ts\"}\n"),
        ("src/index.ts", "export {\n  run,\n} from \"./run\";\nexport * from \"./all\";\n"),
        ("src/run.ts", "export function run(a: string): string {\n  return a;\n}\n\nexport function notReexported(a: string): string {\n  return a;\n}\n"),
        ("src/all.ts", "export function every(a: number): number {\n  return a;\n}\n"),
        ("src/internal.ts", "export function helper(a: number): number {\n  return a;\n}\n"),
    ];
    let dir = repo(files);
    change(dir.path(), "src/run.ts", "export function run(a: string, b: number): string {\n  return a;\n}\n\nexport function notReexported(a: string, b: number): string {\n  return a;\n}\n");
    change(
        dir.path(),
        "src/all.ts",
        "export function every(a: number, b: number): number {\n  return a;\n}\n",
    );
    change(
        dir.path(),
        "src/internal.ts",
        "export function helper(a: number, b: number): number {\n  return a;\n}\n",
    );
    let (code, out) = api(dir.path(), &["--format", "json"]);
    assert_eq!(code, 1, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut symbols: Vec<&str> = json["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["symbol"].as_str().unwrap())
        .collect();
    symbols.sort();
    assert_eq!(symbols, ["every", "run"], "reached through the barrel only: {out}");
}

/// A member removed from a class is gone from the public subclasses that inherited it,
/// in this module and in others (through an alias): the finding names them, and not a
/// subclass that defines the member itself or a private one.
#[test]
fn a_removed_member_names_the_subclasses_that_lose_it() {
    let files: &[(&str, &str)] = &[
        (
            "lib/fields.py",
            "class Field:\n    def fail(self, key):\n        return key\n\n    def load(self, v):\n        return v\n\n\nclass String(Field):\n    pass\n\n\nclass Email(String):\n    pass\n\n\nclass Own(Field):\n    def fail(self, key):\n        return key\n\n\nclass _Hidden(Field):\n    pass\n",
        ),
        ("lib/wrappers.py", "from lib.fields import Field as _Base\n\n\nclass Wrapped(_Base):\n    pass\n"),
    ];
    let dir = repo(files);
    change(
        dir.path(),
        "lib/fields.py",
        "class Field:\n    def load(self, v):\n        return v\n\n\nclass String(Field):\n    pass\n\n\nclass Email(String):\n    pass\n\n\nclass Own(Field):\n    def fail(self, key):\n        return key\n\n\nclass _Hidden(Field):\n    pass\n",
    );
    let json = report(dir.path());
    assert!(
        saguaro::schema::validate(saguaro::schema::Contract::CheckReport, &json).is_ok(),
        "{json}"
    );
    let notes = json["notes"].as_array().unwrap();
    let fail = notes
        .iter()
        .find(|f| f["symbol"] == "Field.fail")
        .unwrap_or_else(|| panic!("{json}"));
    let inherited: Vec<&str> = fail["also_at"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        inherited,
        [
            "lib/fields.py: Email.fail",
            "lib/fields.py: String.fail",
            "lib/wrappers.py: Wrapped.fail"
        ],
        "{json}"
    );
    assert!(
        fail["message"]
            .as_str()
            .unwrap()
            .contains("gone too where it was reached as `Email.fail`"),
        "{json}"
    );
}

/// A Python name removed from its module is gone too where its package imported it (the
/// path its users import), unless the package still provides it.
#[test]
fn a_removed_name_names_the_package_paths_that_lose_it() {
    let files: &[(&str, &str)] = &[
        ("lib/__init__.py", "from lib.util import pprint, keep\n"),
        (
            "lib/util.py",
            "def pprint(x):\n    return x\n\n\ndef keep(x):\n    return x\n\n\ndef gone(x):\n    return x\n",
        ),
    ];
    let dir = repo(files);
    change(dir.path(), "lib/__init__.py", "from lib.util import keep\n");
    change(dir.path(), "lib/util.py", "def keep(x):\n    return x\n");
    let json = report(dir.path());
    let notes = json["notes"].as_array().unwrap();
    let also = |symbol: &str| -> Vec<String> {
        let f = notes
            .iter()
            .find(|f| f["symbol"] == symbol)
            .unwrap_or_else(|| panic!("{symbol}: {json}"));
        f["also_at"]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    assert_eq!(also("pprint"), ["lib/__init__.py: pprint"], "{json}");
    assert!(also("gone").is_empty(), "{json}");
}

/// A definition moved to another file at the same public path is the same item: not
/// removed; its members compared where they are now (one it lost is removed). Rust
/// (`semver::Version` moved from version.rs into lib.rs) and Python (a class moved between
/// private modules the package re-exports).
#[test]
fn a_definition_moved_between_files_at_its_public_path_is_compared_where_it_is() {
    let files: &[(&str, &str)] = &[
        ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
        ("src/lib.rs", "mod version;\npub use version::Version;\n"),
        (
            "src/version.rs",
            "pub struct Version {\n    pub major: u64,\n}\n\nimpl Version {\n    pub fn new(major: u64) -> Version {\n        Version { major }\n    }\n\n    pub fn is_exact(&self) -> bool {\n        true\n    }\n\n    pub fn bump(&self, by: u64) -> u64 {\n        self.major + by\n    }\n}\n",
        ),
        ("lib/__init__.py", "from lib._old import Engine\n"),
        ("lib/_old.py", "class Engine:\n    def run(self, a):\n        return a\n\n    def stop(self):\n        return 0\n"),
    ];
    let dir = repo(files);
    change(
        dir.path(),
        "src/lib.rs",
        "pub struct Version {\n    pub major: u64,\n}\n\nimpl Version {\n    pub fn new(major: u64) -> Version {\n        Version { major }\n    }\n\n    pub fn bump(&self, by: u64, twice: bool) -> u64 {\n        if twice { self.major + 2 * by } else { self.major + by }\n    }\n}\n",
    );
    std::fs::remove_file(dir.path().join("src/version.rs")).unwrap();
    std::fs::remove_file(dir.path().join("lib/_old.py")).unwrap();
    change(dir.path(), "lib/__init__.py", "from lib._new import Engine\n");
    change(
        dir.path(),
        "lib/_new.py",
        "class Engine:\n    def run(self, a):\n        return a\n",
    );
    let json = report(dir.path());
    let found = notes(&json, |f| {
        format!("{} {}", f["symbol"].as_str().unwrap(), f["kind"].as_str().unwrap())
    });
    // What moved is not added either: nothing new is public.
    assert_eq!(json["api"]["added"], serde_json::json!([]), "{json}");
    assert_eq!(
        found,
        [
            "Engine.stop object_removed",
            "Version.bump parameter_added_required",
            "Version.is_exact object_removed"
        ],
        "{json}"
    );
}

/// What is still defined where it was but no longer reached is gone for the library's
/// users: `pub` become `pub(crate)`, and a Python name dropped from `__all__`.
#[test]
fn a_definition_no_longer_reached_is_visibility_reduced() {
    let files: &[(&str, &str)] = &[
        (
            "Cargo.toml",
            "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        ),
        (
            "src/lib.rs",
            "pub struct S;\n\nimpl S {\n    pub fn new() -> S {\n        S\n    }\n}\n\npub fn kept() {}\n\npub struct T;\n\nimpl T {\n    pub fn a(&self) {}\n\n    pub fn b(&self) {}\n}\n",
        ),
        (
            "pkg/api.py",
            "__all__ = [\"run\", \"stop\"]\n\n\ndef run():\n    pass\n\n\ndef stop():\n    pass\n",
        ),
    ];
    let dir = repo(files);
    change(
        dir.path(),
        "src/lib.rs",
        "pub struct S;\n\nimpl S {\n    pub(crate) fn new() -> S {\n        S\n    }\n}\n\npub fn kept() {}\n\npub(crate) struct T;\n\nimpl T {\n    pub fn a(&self) {}\n}\n",
    );
    change(
        dir.path(),
        "pkg/api.py",
        "__all__ = [\"run\"]\n\n\ndef run():\n    pass\n\n\ndef stop():\n    pass\n",
    );
    let json = report(dir.path());
    let found = notes(&json, |f| {
        format!(
            "{} {} {}",
            f["symbol"].as_str().unwrap(),
            f["kind"].as_str().unwrap(),
            f["lint"].as_str().unwrap_or("-")
        )
    });
    assert_eq!(
        found,
        // `T` is no longer reached: the method it lost goes with it, unreported.
        [
            "S.new visibility_reduced inherent_method_missing",
            "T visibility_reduced struct_missing",
            "stop visibility_reduced -"
        ],
        "{json}"
    );
}

/// An item of a private module is public where a public module re-exports it (`pub use
/// self::map::{..}` over several lines in `header/mod.rs`): its removal is a finding.
#[test]
fn an_item_a_public_module_reexports_is_public() {
    let files: &[(&str, &str)] = &[
        ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
        ("src/lib.rs", "pub mod header;\n"),
        ("src/header/mod.rs", "mod map;\n\npub use self::map::{\n    HeaderMap,\n    MaxSizeReached,\n};\n"),
        (
            "src/header/map.rs",
            "pub struct HeaderMap;\n\npub struct MaxSizeReached;\n\nimpl HeaderMap {\n    pub fn try_insert(&self) {}\n\n    pub fn insert(&self) {}\n}\n",
        ),
    ];
    let dir = repo(files);
    change(
        dir.path(),
        "src/header/mod.rs",
        "mod map;\n\npub use self::map::HeaderMap;\n",
    );
    change(
        dir.path(),
        "src/header/map.rs",
        "pub struct HeaderMap;\n\nimpl HeaderMap {\n    pub fn insert(&self) {}\n}\n",
    );
    let json = report(dir.path());
    let found = notes(&json, |f| {
        format!(
            "{} {}",
            f["symbol"].as_str().unwrap(),
            f["lint"].as_str().unwrap_or("-")
        )
    });
    assert_eq!(
        found,
        [
            "HeaderMap.try_insert inherent_method_missing",
            "MaxSizeReached struct_missing"
        ],
        "{json}"
    );
}

/// A re-export chain: the root's `pub mod hash_map { pub use crate::map::*; }` reaches
/// `map.rs`, whose `pub use crate::raw_entry::*;` reaches `raw_entry.rs` (hashbrown's
/// layout): an item there is public, and what it loses is a finding.
#[test]
fn an_item_reached_through_a_chain_of_reexports_is_public() {
    let files: &[(&str, &str)] = &[
        ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
        ("src/lib.rs", "mod map;\nmod raw_entry;\n\npub mod hash_map {\n    pub use crate::map::*;\n}\n"),
        ("src/map.rs", "pub use crate::raw_entry::*;\n\npub struct HashMap;\n"),
        ("src/raw_entry.rs", "pub struct RawEntryBuilder;\n\nimpl RawEntryBuilder {\n    pub fn a(&self) {}\n\n    pub fn b(&self) {}\n}\n"),
    ];
    let dir = repo(files);
    change(
        dir.path(),
        "src/raw_entry.rs",
        "pub struct RawEntryBuilder;\n\nimpl RawEntryBuilder {\n    pub fn a(&self) {}\n}\n",
    );
    let json = report(dir.path());
    let found: Vec<&str> = json["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["symbol"].as_str().unwrap())
        .collect();
    assert_eq!(found, ["RawEntryBuilder.b"], "{json}");
}

/// A moved definition is the same item only when every public path it had still leads
/// to it: `pkg.utils.EXCLUDE` lost is a removal though `pkg.EXCLUDE` stays; and a package
/// gives the name of the module it imports it from (`pkg.Argument` is core's, so
/// `parser.Argument` removed is not taken for it).
#[test]
fn a_move_keeps_an_item_only_at_every_path_it_had() {
    let files: &[(&str, &str)] = &[
        (
            "pkg/__init__.py",
            "from pkg.core import Argument\nfrom pkg.utils import (\n    EXCLUDE,\n)\n",
        ),
        ("pkg/core.py", "class Argument:\n    pass\n"),
        ("pkg/parser.py", "class Argument:\n    pass\n"),
        ("pkg/utils.py", "EXCLUDE = \"exclude\"\n\n\ndef helper():\n    pass\n"),
    ];
    let dir = repo(files);
    std::fs::remove_file(dir.path().join("pkg/parser.py")).unwrap();
    change(dir.path(), "pkg/utils.py", "def helper():\n    pass\n");
    change(dir.path(), "pkg/constants.py", "EXCLUDE = \"exclude\"\n");
    change(
        dir.path(),
        "pkg/__init__.py",
        "from pkg.core import Argument\nfrom pkg.constants import EXCLUDE\n",
    );
    let json = report(dir.path());
    let found = notes(&json, |f| {
        format!("{}: {}", f["path"].as_str().unwrap(), f["symbol"].as_str().unwrap())
    });
    assert_eq!(found, ["pkg/parser.py: Argument", "pkg/utils.py: EXCLUDE"], "{json}");
}

/// A definition made public is an addition (anyhow 1.0.95's `pub(crate) fn from_boxed` →
/// `pub fn from_boxed`): the change needs a minor release.
#[test]
fn a_definition_made_public_is_added() {
    let files: &[(&str, &str)] = &[
        (
            "Cargo.toml",
            "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        ),
        (
            "src/lib.rs",
            "pub struct Error;\n\nimpl Error {\n    pub(crate) fn from_boxed() -> Error {\n        Error\n    }\n}\n",
        ),
    ];
    let dir = repo(files);
    change(
        dir.path(),
        "src/lib.rs",
        "pub struct Error;\n\nimpl Error {\n    pub fn from_boxed() -> Error {\n        Error\n    }\n}\n",
    );
    let json = report(dir.path());
    assert_eq!(
        json["api"]["added"],
        serde_json::json!(["src/lib.rs: Error.from_boxed"]),
        "{json}"
    );
    assert_eq!(json["api"]["level"], "minor", "{json}");
}
