//! The breakage model, row by row (issue 16's reproductions): an old file, a caller, the new
//! version of the definition; the kinds the Impact Report names and the gate's verdict
//! (`apply --impact --gate high`: does the patch leave a broken call?).

use saguaro::apply::Options;
use saguaro::impact::{self, breakage::Severity};

struct Row {
    name: &'static str,
    files: &'static [(&'static str, &'static str)],
    /// The definition's file and its new text.
    new: (&'static str, &'static str),
    /// The kinds the report must name for the definition (empty: none).
    kinds: &'static [&'static str],
    /// Whether the gate refuses the patch.
    gated: bool,
}

const ROWS: &[Row] = &[
    Row {
        name: "rust: a `_` parameter added is a parameter added",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f(a: u8) -> u8 {\n    a\n}\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        ],
        new: ("src/lib.rs", "pub fn f(a: u8, _: u8) -> u8 {\n    a\n}\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        kinds: &["parameter_added_required"],
        gated: true,
    },
    Row {
        name: "rust: a dropped `-> T` is a return type change",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f() -> u32 {\n    1\n}\n"),
        ],
        new: ("src/lib.rs", "pub fn f() {}\n"),
        kinds: &["return_type_changed"],
        gated: false,
    },
    Row {
        name: "rust: `self: &Box<Self>` -> `self: Box<Self>` changes the receiver",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct S;\n\nimpl S {\n    pub fn m(self: &Box<Self>) -> u8 {\n        1\n    }\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct S;\n\nimpl S {\n    pub fn m(self: Box<Self>) -> u8 {\n        1\n    }\n}\n"),
        kinds: &["receiver_changed"],
        gated: false,
    },
    Row {
        name: "rust: `&'a self` is `&self`, `self: &Self` too",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct S;\n\nimpl S {\n    pub fn m(&self) -> u8 {\n        1\n    }\n\n    pub fn n(&self) -> u8 {\n        2\n    }\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct S;\n\nimpl S {\n    pub fn m<'a>(&'a self) -> u8 {\n        1\n    }\n\n    pub fn n(self: &Self) -> u8 {\n        2\n    }\n}\n"),
        kinds: &[],
        gated: false,
    },
    Row {
        name: "typescript: a method made static breaks its instance calls",
        files: &[
            ("src/log.ts", "export class Log {\n  write(m: string): void {}\n}\n"),
            ("src/main.ts", "import { Log } from \"./log\";\n\nnew Log().write(\"a\");\n"),
        ],
        new: ("src/log.ts", "export class Log {\n  static write(m: string): void {}\n}\n"),
        kinds: &["receiver_changed"],
        gated: true,
    },
    Row {
        name: "typescript: a static method made an instance one breaks its class calls",
        files: &[
            ("src/log.ts", "export class Log {\n  static write(m: string): void {}\n}\n"),
            ("src/main.ts", "import { Log } from \"./log\";\n\nLog.write(\"a\");\n"),
        ],
        new: ("src/log.ts", "export class Log {\n  write(m: string): void {}\n}\n"),
        kinds: &["receiver_changed"],
        gated: true,
    },
];

#[test]
fn each_row_is_classified_and_gated_as_the_languages_say() {
    let mut failures = Vec::new();
    for row in ROWS {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in row.files {
            let full = dir.path().join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(full, text).unwrap();
        }
        let (file, after) = row.new;
        let before = row.files.iter().find(|(p, _)| *p == file).unwrap().1;
        let patch = similar::TextDiff::from_lines(before, after)
            .unified_diff()
            .header(&format!("a/{file}"), &format!("b/{file}"))
            .to_string();
        let report = match impact::report(&patch, &Options::new(dir.path())) {
            Ok(report) => report,
            Err(errors) => {
                failures.push(format!("{}: refused: {errors:?}", row.name));
                continue;
            }
        };
        let mut kinds: Vec<&str> = report.breaking_changes.iter().map(|c| c.kind).collect();
        kinds.sort();
        kinds.dedup();
        if kinds != row.kinds {
            failures.push(format!("{}: kinds {kinds:?}, expected {:?}", row.name, row.kinds));
        }
        let gated = report.gate(Severity::High).is_some();
        if gated != row.gated {
            failures.push(format!("{}: gated {gated}, expected {}", row.name, row.gated));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
