//! `saguaro rename`: on the references fixtures (`fixtures/refs/<lang>`, whose lines say in a
//! comment what they refer to), every line marked `ref: PATH` is renamed, every line marked
//! `notref: PATH` or `nameonly: PATH` is left, and renaming back gives the tree byte for
//! byte; on small trees, the shapes a rename must get exactly right (an alias keeps its
//! local name, `X as X` re-exports, `__all__`, shorthands, keyword arguments of a
//! dataclass, shadowing locals, look-alikes of another type) and its refusals, each leaving
//! the tree as it was.

mod common;

use common::tree::snapshot;
use saguaro::apply::{self, Answer, Options, Status};
use saguaro::rename::Request;
use std::path::{Path, PathBuf};

fn rename(root: &Path, file: &str, symbol: &str, new_name: &str) -> Answer {
    let request = Request {
        file: file.to_string(),
        symbol: symbol.to_string(),
        new_name: new_name.to_string(),
        include_uncertain: false,
    };
    apply::rename(&request, &Options::new(root))
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in ignore::WalkBuilder::new(from).hidden(false).build().flatten() {
        let rel = entry.path().strip_prefix(from).unwrap();
        let target = to.join(rel);
        if entry.file_type().is_some_and(|t| t.is_dir()) {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

fn line_of(root: &Path, path: &str, line: usize) -> String {
    std::fs::read_to_string(root.join(path))
        .unwrap()
        .lines()
        .nth(line - 1)
        .unwrap_or_default()
        .to_string()
}

/// Renames `symbol` in a copy of the fixture and holds the markers to it, then renames it
/// back and holds the tree to the original, byte for byte.
fn sweep(lang: &str, file: &str, symbol: &str) {
    let fixture = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/refs")
        .join(lang);
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture, dir.path());
    let root = dir.path();
    let before = snapshot(root);
    let name = symbol.rsplit('.').next().unwrap();
    let new_name = format!("{name}_zz");
    let answer = rename(root, file, symbol, &new_name);
    assert_eq!(answer.status, Status::Applied, "{lang} {symbol}: {:?}", answer.errors);
    let refs = common::markers::marked_lines(&fixture, "ref", symbol);
    assert!(!refs.is_empty(), "{lang} {symbol}: the fixture marks no reference");
    for (path, line, old) in &refs {
        let now = line_of(root, path, *line);
        assert!(
            now != *old && now.contains(&new_name),
            "{lang} {symbol}: {path}:{line} not renamed: {now}"
        );
    }
    for tag in ["notref", "nameonly"] {
        for (path, line, old) in common::markers::marked_lines(&fixture, tag, symbol) {
            let now = line_of(root, &path, line);
            assert_eq!(now, old, "{lang} {symbol}: {path}:{line} ({tag}) changed");
        }
    }
    let new_path = match symbol.rsplit_once('.') {
        Some((parent, _)) => format!("{parent}.{new_name}"),
        None => new_name.clone(),
    };
    let back = rename(root, file, &new_path, name);
    assert_eq!(back.status, Status::Applied, "{lang} {symbol} back: {:?}", back.errors);
    assert!(
        snapshot(root) == before,
        "{lang} {symbol}: renaming back does not give the tree"
    );
}

#[test]
fn python_renames_follow_aliases_reexports_members_and_leave_look_alikes() {
    sweep("python", "shop/engine.py", "Engine.process");
    sweep("python", "shop/engine.py", "Engine");
    sweep("python", "a/_impl.py", "compute");
    sweep("python", "shop/model.py", "Order.quantity");
    sweep("python", "shop/model.py", "Till.total");
}

#[test]
fn typescript_renames_follow_aliases_barrels_and_members() {
    sweep("typescript", "src/shop/engine.ts", "Engine.process");
    sweep("typescript", "src/shop/engine.ts", "Engine");
    sweep("typescript", "src/shop/engine.ts", "DEFAULT");
    sweep("typescript", "src/util/errors.ts", "die");
    sweep("typescript", "src/util/options.ts", "RetryOptions.timeout");
    sweep("typescript", "src/util/options.ts", "Level.Low");
}

#[test]
fn rust_renames_follow_uses_fields_and_doc_tests() {
    sweep("rust", "src/shop/engine.rs", "Engine.process");
    sweep("rust", "src/shop/engine.rs", "Engine");
    sweep("rust", "src/shop/engine.rs", "Describe.describe");
}

fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let full = root.join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text).unwrap();
    }
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap()
}

const PY_ENGINE: &str = "\
from dataclasses import dataclass


@dataclass
class Config:
    retries: int = 3


class Engine:
    def process(self, order):
        return order

    def stop(self):
        return None


class Ledger:
    def process(self, order):
        return order


def make():
    return Engine()
";

const PY_INIT: &str = "\
from shop.engine import Engine as Engine
from shop.engine import make

__all__ = [\"Engine\", \"make\"]
";

const PY_MAIN: &str = "\
from shop.engine import Engine as E, Config
from shop import make


def run(items):
    e = E()
    e.process(items)
    make().process(items)
    Ledger().process(items)
    return Config(retries=5).retries


def build(make):
    return make()
";

fn python_shop() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("shop/__init__.py", PY_INIT),
            ("shop/engine.py", PY_ENGINE),
            ("main.py", PY_MAIN),
        ],
    );
    dir
}

#[test]
fn python_a_function_renamed_through_a_package_and_all_but_not_a_parameter_of_its_name() {
    let dir = python_shop();
    let answer = rename(dir.path(), "shop/engine.py", "make", "create");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "shop/__init__.py"),
        PY_INIT
            .replace("import make", "import create")
            .replace("\"make\"", "\"create\"")
    );
    assert_eq!(
        read(dir.path(), "main.py"),
        PY_MAIN
            .replace("from shop import make", "from shop import create")
            .replace("    make().process", "    create().process")
    );
    assert!(read(dir.path(), "shop/engine.py").contains("def create():"));
}

#[test]
fn python_a_class_renamed_keeps_an_alias_and_renames_a_same_name_reexport() {
    let dir = python_shop();
    let answer = rename(dir.path(), "shop/engine.py", "Engine", "Motor");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "shop/__init__.py"),
        PY_INIT
            .replace("import Engine as Engine", "import Motor as Motor")
            .replace("\"Engine\"", "\"Motor\"")
    );
    // `E` is the alias's own name: its uses stay; the import names the class anew.
    assert_eq!(
        read(dir.path(), "main.py"),
        PY_MAIN.replace("import Engine as E,", "import Motor as E,")
    );
    let renamed = answer.renamed.expect("the answer lists the references");
    assert!(renamed
        .through_aliases
        .iter()
        .any(|r| r.through.as_deref() == Some("E")));
}

#[test]
fn python_a_method_renamed_leaves_a_look_alike_and_a_field_renames_its_keywords() {
    let dir = python_shop();
    let answer = rename(dir.path(), "shop/engine.py", "Engine.process", "handle");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "main.py"),
        PY_MAIN
            .replace("e.process(items)", "e.handle(items)")
            .replace("make().process(items)", "make().handle(items)")
    );
    assert!(read(dir.path(), "shop/engine.py").contains("class Ledger:\n    def process(self, order):"));

    let answer = rename(dir.path(), "shop/engine.py", "Config.retries", "attempts");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert!(read(dir.path(), "main.py").contains("return Config(attempts=5).attempts\n"));
    assert!(read(dir.path(), "shop/engine.py").contains("    attempts: int = 3\n"));
}

/// A path written several times in one scope is one binding: naming one of its
/// definitions with `#N` renames them all (a getter with its setter, every overload
/// signature, a `const` with the `type` TypeScript merges into it), or the others' uses
/// would point at nothing.
#[test]
fn one_definition_of_a_path_written_several_times_renames_them_all() {
    let dir = tempfile::tempdir().unwrap();
    let python = "\
class C:
    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v


c = C()
c.x = c.x + 1
";
    let typescript = "\
export const Variant = { Ok: 'Ok', Err: 'Err' } as const;
export type Variant = keyof typeof Variant;
export function f(a: string): Variant;
export function f(a: number): Variant;
export function f(a: unknown): Variant {
  return a ? Variant.Ok : Variant.Err;
}
f(1);
";
    write(dir.path(), &[("p.py", python), ("a.ts", typescript)]);
    let answer = rename(dir.path(), "p.py", "C.x#2", "y");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "p.py"),
        python
            .replace("def x(", "def y(")
            .replace("@x.", "@y.")
            .replace("c.x", "c.y")
    );
    let answer = rename(dir.path(), "a.ts", "f#1", "g");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(read(dir.path(), "a.ts"), typescript.replace("f(", "g("));
    let answer = rename(dir.path(), "a.ts", "Variant#1", "Kind");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "a.ts"),
        typescript.replace("f(", "g(").replace("Variant", "Kind")
    );
    // The bare path still names several definitions: the interface says which to pick.
    let answer = rename(dir.path(), "a.ts", "Kind", "Variant");
    assert_eq!(answer.status, Status::Rejected);
    assert_eq!(answer.errors[0].code, saguaro::feedback::ErrorCode::AmbiguousSymbol);
}

#[test]
fn refusals_name_the_reason_and_leave_the_tree_as_it_was() {
    let dir = python_shop();
    let before = snapshot(dir.path());
    for (symbol, new_name, code) in [
        ("make", "Engine", "name_conflict"),
        ("Engine.process", "stop", "name_conflict"),
        ("make", "class", "invalid_name"),
        ("make", "2x", "invalid_name"),
        ("make", "a-b", "invalid_name"),
        ("make", "make", "invalid_name"),
        ("Engine.__init__", "setup", "symbol_not_found"),
        ("Missing", "other", "symbol_not_found"),
    ] {
        let answer = rename(dir.path(), "shop/engine.py", symbol, new_name);
        assert_eq!(answer.status, Status::Rejected, "{symbol} -> {new_name}");
        assert_eq!(
            answer.errors[0].code.as_str(),
            code,
            "{symbol} -> {new_name}: {:?}",
            answer.errors
        );
        assert!(!answer.errors[0].hint.is_empty());
        assert!(
            snapshot(dir.path()) == before,
            "{symbol} -> {new_name} changed the tree"
        );
    }
    // A name bound where a renamed reference lands: `build`'s parameter would capture it.
    write(
        dir.path(),
        &[(
            "use.py",
            "from shop.engine import make\n\n\ndef go(create):\n    return make()\n",
        )],
    );
    let before = snapshot(dir.path());
    let answer = rename(dir.path(), "shop/engine.py", "make", "create");
    assert_eq!(answer.errors[0].code.as_str(), "name_conflict", "{:?}", answer.errors);
    assert!(snapshot(dir.path()) == before);
}

#[test]
fn a_name_the_language_calls_is_not_renamed() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("m.py", "class A:\n    def __init__(self):\n        pass\n"),
            (
                "m.ts",
                "export class A {\n  constructor() {}\n}\n\nexport class E extends Error {\n  override toString(): string {\n    return '';\n  }\n}\n",
            ),
            (
                "Cargo.toml",
                "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
            ),
            (
                "src/lib.rs",
                "pub struct S;\n\nimpl std::fmt::Display for S {\n    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {\n        f.write_str(\"s\")\n    }\n}\n",
            ),
        ],
    );
    for (file, symbol) in [
        ("m.py", "A.__init__"),
        ("m.ts", "A.constructor"),
        ("src/lib.rs", "S.fmt"),
        ("m.ts", "E.toString"),
    ] {
        let answer = rename(dir.path(), file, symbol, "other");
        assert_eq!(answer.status, Status::Rejected, "{symbol}");
        assert_eq!(
            answer.errors[0].code.as_str(),
            "invalid_name",
            "{symbol}: {:?}",
            answer.errors
        );
    }
}

#[test]
fn rust_a_field_renamed_expands_shorthands_and_a_function_keeps_its_alias() {
    let dir = tempfile::tempdir().unwrap();
    let lib = "pub mod engine;\n\npub use engine::make;\n";
    let engine = "\
pub struct Config {
    pub port: u16,
}

pub fn make(port: u16) -> Config {
    Config { port }
}

pub fn read(config: &Config) -> u16 {
    let Config { port } = config;
    *port + config.port
}
";
    let app = "\
use crate::engine::make as build;

pub fn go() -> u16 {
    let make = 2;
    build(make).port
}
";
    write(
        dir.path(),
        &[
            (
                "Cargo.toml",
                "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
            ),
            ("src/lib.rs", &format!("{lib}pub mod app;\n")),
            ("src/engine.rs", engine),
            ("src/app.rs", app),
        ],
    );
    let answer = rename(dir.path(), "src/engine.rs", "Config.port", "listen");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "src/engine.rs"),
        engine
            .replace("pub port: u16", "pub listen: u16")
            .replace("Config { port }\n", "Config { listen: port }\n")
            .replace("let Config { port }", "let Config { listen: port }")
            .replace("config.port", "config.listen")
    );
    assert_eq!(read(dir.path(), "src/app.rs"), app.replace(".port", ".listen"));

    let answer = rename(dir.path(), "src/engine.rs", "make", "create");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "src/lib.rs"),
        format!("{}pub mod app;\n", lib.replace("engine::make", "engine::create"))
    );
    // The alias `build` and the local `make` stay.
    assert_eq!(
        read(dir.path(), "src/app.rs"),
        app.replace(".port", ".listen")
            .replace("engine::make as", "engine::create as")
    );
}

/// A shorthand key among a macro's tokens is expanded when it stands for a binding: a local
/// bound where the macro is called (`assert_eq!(c, Config { port })`), or a pattern's binding
/// read again among the tokens. A key that binds nothing is a list a macro with its own
/// grammar fills (`fill!(Config { port, host })` writes `Config { port: .., host: .. }`):
/// it is renamed where it stands, since `listen: port` is not that macro's syntax.
#[test]
fn rust_a_shorthand_among_macro_tokens_is_expanded_only_where_it_binds() {
    let dir = tempfile::tempdir().unwrap();
    let lib = "\
pub struct Config {
    pub port: u16,
    pub host: u8,
}

macro_rules! fill {
    ($ty:ident { $($field:ident),* }) => {
        $ty { $($field: 7),* }
    };
}

macro_rules! ports {
    ($c:expr) => {
        match $c {
            Config { port, .. } => port,
        }
    };
}

pub fn made() -> Config {
    fill!(Config { port, host })
}

pub fn same(port: u16) -> bool {
    let c = made();
    assert_eq!(c.host, Config { port, host: 7 }.host);
    ports!(c) == port
}

macro_rules! check {
    () => {
        fn checked() -> Config {
            fill!(Config { host, port })
        }
    };
}

check!();
";
    write(
        dir.path(),
        &[
            (
                "Cargo.toml",
                "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
            ),
            ("src/lib.rs", lib),
        ],
    );
    let answer = rename(dir.path(), "src/lib.rs", "Config.port", "listen");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "src/lib.rs"),
        lib.replace("pub port: u16", "pub listen: u16")
            .replace("Config { port, .. } => port", "Config { listen: port, .. } => port")
            .replace("fill!(Config { port, host })", "fill!(Config { listen, host })")
            .replace("Config { port, host: 7 }", "Config { listen: port, host: 7 }")
            .replace("fill!(Config { host, port })", "fill!(Config { host, listen })")
    );
}

/// A macro argument the expansion reads the definition with (`backend::$name`) is renamed
/// like any reference; one the expansion also declares an item with (`pub struct $name`)
/// names that item too, whose uses no reference lists: the rename is refused
/// (`shared_reference`), naming the macro and the item, and nothing is written.
#[test]
fn rust_a_macro_argument_that_also_declares_an_item_is_refused() {
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let reading = "\
mod backend {
    pub(crate) type Block = u8;
}

macro_rules! read {
    ($name:ident) => {
        pub const EMPTY: Option<backend::$name> = None;
    };
}

read!(Block);
";
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("Cargo.toml", manifest), ("src/lib.rs", reading)]);
    let answer = rename(dir.path(), "src/lib.rs", "backend.Block", "Chunk");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(read(dir.path(), "src/lib.rs"), reading.replace("Block", "Chunk"));

    let declaring = "\
mod backend {
    pub(crate) type Block = u8;
}

macro_rules! define {
    (name = $name:ident) => {
        pub struct $name {
            pub inner: backend::$name,
        }
    };
}

define!(name = Block);

pub fn make() -> Block {
    Block { inner: 1 }
}
";
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), &[("Cargo.toml", manifest), ("src/lib.rs", declaring)]);
    let answer = rename(dir.path(), "src/lib.rs", "backend.Block", "Chunk");
    assert_eq!(answer.status, Status::Rejected);
    let error = &answer.errors[0];
    assert_eq!(error.code.as_str(), "shared_reference", "{error:?}");
    assert!(
        error.message.contains("src/lib.rs:13") && error.message.contains("`define!` also declares `struct Block`"),
        "{error:?}"
    );
    assert_eq!(read(dir.path(), "src/lib.rs"), declaring);
}

#[test]
fn typescript_a_value_renamed_in_a_shorthand_keeps_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let engine = "export function make(): number {\n  return 1;\n}\n";
    let main = "import { make } from \"./engine\";\n\nexport const handlers = { make };\nexport const n = make();\n";
    write(dir.path(), &[("src/engine.ts", engine), ("src/main.ts", main)]);
    let answer = rename(dir.path(), "src/engine.ts", "make", "create");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "src/main.ts"),
        "import { create } from \"./engine\";\n\nexport const handlers = { make: create };\nexport const n = create();\n"
    );
}

#[test]
fn a_dry_run_writes_nothing_and_says_what_it_would_do() {
    let dir = python_shop();
    let before = snapshot(dir.path());
    let request = Request {
        file: "shop/engine.py".into(),
        symbol: "make".into(),
        new_name: "create".into(),
        include_uncertain: false,
    };
    let mut options = Options::new(dir.path());
    options.dry_run = true;
    let answer = apply::rename(&request, &options);
    assert_eq!(answer.status, Status::DryRun);
    assert!(answer.diff.contains("+from shop import create"), "{}", answer.diff);
    assert!(snapshot(dir.path()) == before);
}

#[test]
fn the_semantic_patch_op_rename_reaches_other_files() {
    let dir = python_shop();
    let patch = serde_json::json!({
        "type": "patch",
        "target_file": "shop/engine.py",
        "operations": [
            {"op": "rename", "symbol": "make", "new_name": "create"},
            {"op": "update_docstring", "symbol": "create", "content": "Make an engine."}
        ]
    });
    let answer = apply::apply(&patch.to_string(), &Options::new(dir.path()));
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert!(read(dir.path(), "main.py").contains("from shop import create\n"));
    assert!(read(dir.path(), "shop/engine.py").contains("def create():\n    \"\"\"Make an engine.\"\"\""));
    assert_eq!(answer.matches.len(), 2);
    assert_eq!(answer.matches[1].matched.operation, 1);
}

fn move_file(root: &Path, old: &str, new: &str) -> Answer {
    let action = serde_json::json!({
        "kind": "file_rename",
        "details": {"old_path": old, "new_path": new, "update_imports": true}
    });
    let mut options = Options::new(root);
    options.approvals = saguaro::settings::Approvals::from_args(&["all".to_string()]);
    apply::apply(&action.to_string(), &options)
}

#[test]
fn a_typescript_file_moved_rewrites_the_specifiers_that_name_it_in_their_form() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("src/util/errors.ts", "import { fmt } from \"./format\";\nexport function die(m: string): never {\n  throw new Error(fmt(m));\n}\n"),
            ("src/util/format.ts", "export function fmt(m: string): string {\n  return m;\n}\n"),
            ("src/main.ts", "import { die } from \"./util/errors\";\nimport * as e from \"./util/errors.js\";\nimport { fmt } from \"./util/format\";\nexport const x = () => die(fmt(\"a\")) || e.die(\"b\");\n"),
        ],
    );
    let answer = move_file(dir.path(), "src/util/errors.ts", "src/errors/index.ts");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert!(!dir.path().join("src/util/errors.ts").exists());
    // The moved file's own relative import, from its new place; a folder's index implicit
    // where it was, a written extension kept; an import of another file untouched.
    assert!(read(dir.path(), "src/errors/index.ts").starts_with("import { fmt } from \"../util/format\";\n"));
    assert_eq!(
        read(dir.path(), "src/main.ts"),
        "import { die } from \"./errors\";\nimport * as e from \"./errors/index.js\";\nimport { fmt } from \"./util/format\";\nexport const x = () => die(fmt(\"a\")) || e.die(\"b\");\n"
    );
}

#[test]
fn a_python_module_moved_rewrites_absolute_relative_and_package_imports() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("pkg/__init__.py", ""),
            ("pkg/sub/__init__.py", ""),
            ("pkg/core.py", "from .util import one\n\n\ndef helper():\n    return one()\n"),
            ("pkg/util.py", "def one():\n    return 1\n"),
            ("pkg/api.py", "from .core import helper\n\n\ndef run():\n    return helper()\n"),
            ("main.py", "import pkg.core\nfrom pkg import core\nfrom pkg.core import helper\n\nprint(pkg.core.helper(), core.helper(), helper())\n"),
        ],
    );
    let answer = move_file(dir.path(), "pkg/core.py", "pkg/sub/engine.py");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "main.py"),
        "import pkg.sub.engine\nfrom pkg.sub import engine as core\nfrom pkg.sub.engine import helper\n\nprint(pkg.sub.engine.helper(), core.helper(), helper())\n"
    );
    assert_eq!(
        read(dir.path(), "pkg/api.py"),
        "from .sub.engine import helper\n\n\ndef run():\n    return helper()\n"
    );
    assert!(read(dir.path(), "pkg/sub/engine.py").starts_with("from ..util import one\n"));
}

#[test]
fn a_move_whose_import_cannot_be_written_in_its_form_is_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "tsconfig.json",
                "{\"compilerOptions\": {\"baseUrl\": \".\", \"paths\": {\"@util/*\": [\"src/util/*\"]}}}\n",
            ),
            ("src/util/errors.ts", "export function die(): void {}\n"),
            ("src/main.ts", "import { die } from \"@util/errors\";\ndie();\n"),
        ],
    );
    let before = snapshot(dir.path());
    let answer = move_file(dir.path(), "src/util/errors.ts", "src/errors.ts");
    assert_eq!(answer.status, Status::Rejected);
    assert_eq!(answer.errors[0].code.as_str(), "conflict", "{:?}", answer.errors);
    assert!(answer.errors[0].message.contains("path mapping"));
    assert!(snapshot(dir.path()) == before);
}

#[test]
fn a_parameter_renamed_renames_its_uses_and_keywords_but_not_a_shadowing_one() {
    let dir = tempfile::tempdir().unwrap();
    let engine = "\
class Engine:
    def __init__(self, order=None):
        self.order = order

    def process(self, order, times=1):
        total = order * times

        def inner(order):
            return order

        other(order=order)
        return inner(total) + self.order


def other(order):
    return order
";
    let main = "from engine import Engine\n\nEngine().process(order=2, times=3)\nEngine().process(3)\nother_order = dict(order=1)\n";
    write(dir.path(), &[("engine.py", engine), ("main.py", main)]);
    let answer = rename(dir.path(), "engine.py", "Engine.process(order)", "qty");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "engine.py"),
        engine
            .replace("def process(self, order, times=1):", "def process(self, qty, times=1):")
            .replace("total = order * times", "total = qty * times")
            .replace("other(order=order)", "other(order=qty)")
    );
    assert_eq!(
        read(dir.path(), "main.py"),
        main.replace("process(order=2", "process(qty=2")
    );
    let before = snapshot(dir.path());
    for (symbol, new_name, code) in [
        ("Engine.process(qty)", "times", "name_conflict"),
        ("Engine.process(nope)", "x", "symbol_not_found"),
        ("Engine.process(qty)", "def", "invalid_name"),
    ] {
        let answer = rename(dir.path(), "engine.py", symbol, new_name);
        assert_eq!(answer.errors[0].code.as_str(), code, "{symbol}: {:?}", answer.errors);
    }
    assert!(snapshot(dir.path()) == before);
    // Rust: a closure's own parameter of the same name stays.
    let rs = "pub fn f(a: u8) -> u8 {\n    let c = |a: u8| a + 1;\n    c(a) + a\n}\n";
    write(
        dir.path(),
        &[
            (
                "Cargo.toml",
                "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
            ),
            ("src/lib.rs", rs),
        ],
    );
    let answer = rename(dir.path(), "src/lib.rs", "f(a)", "first");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "src/lib.rs"),
        "pub fn f(first: u8) -> u8 {\n    let c = |a: u8| a + 1;\n    c(first) + first\n}\n"
    );
}

#[test]
fn typescript_and_rust_conflicts_are_refused_with_the_tree_untouched() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("src/engine.ts", "export class Engine {\n  process(): number {\n    return 1;\n  }\n\n  stop(): void {}\n}\n\nexport function make(): Engine {\n  return new Engine();\n}\n"),
            ("src/main.ts", "import { make } from \"./engine\";\n\nexport function run(create: number): number {\n  return make().process() + create;\n}\n"),
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct Config {\n    pub port: u16,\n    pub host: u16,\n}\n\npub fn make() -> u16 {\n    1\n}\n\npub fn run(build: u16) -> u16 {\n    make() + build\n}\n"),
        ],
    );
    let before = snapshot(dir.path());
    for (file, symbol, new_name) in [
        ("src/engine.ts", "Engine.process", "stop"),
        ("src/engine.ts", "make", "Engine"),
        ("src/engine.ts", "make", "create"),
        ("src/lib.rs", "Config.port", "host"),
        ("src/lib.rs", "make", "run"),
        ("src/lib.rs", "make", "build"),
    ] {
        let answer = rename(dir.path(), file, symbol, new_name);
        assert_eq!(answer.status, Status::Rejected, "{symbol} -> {new_name}");
        assert_eq!(
            answer.errors[0].code.as_str(),
            "name_conflict",
            "{symbol} -> {new_name}: {:?}",
            answer.errors
        );
        assert!(
            snapshot(dir.path()) == before,
            "{symbol} -> {new_name} changed the tree"
        );
    }
}

/// A member read on a value that may be of either of two classes, each defining the
/// member, needs both definitions: renaming one alone breaks the read, renamed or left.
/// The rename is refused with the read's place, the tree untouched; taking the name
/// matches (`include_uncertain`) renames the read with it, as the hint says.
#[test]
fn a_member_read_on_a_value_of_two_defining_classes_refuses_a_rename_of_one() {
    let dir = tempfile::tempdir().unwrap();
    let models = "\
from typing import Dict, Union


class MetaModel:
    def __init__(self):
        self.params = {}


class MetaMetaModel:
    def __init__(self):
        self.params = {}


class Other:
    def __init__(self):
        self.params = {}


models: Dict[str, Union[MetaModel, MetaMetaModel]] = {}


def pick(name):
    return models[name].params


def own(m: MetaModel):
    return m.params
";
    write(dir.path(), &[("models.py", models)]);
    let before = snapshot(dir.path());
    let answer = rename(dir.path(), "models.py", "MetaMetaModel.params", "options");
    assert_eq!(answer.status, Status::Rejected, "{:?}", answer.errors);
    assert_eq!(
        answer.errors[0].code.as_str(),
        "shared_reference",
        "{:?}",
        answer.errors
    );
    assert_eq!(answer.errors[0].lines, vec![23], "{:?}", answer.errors);
    assert!(
        answer.errors[0].message.contains("MetaModel.params"),
        "{:?}",
        answer.errors
    );
    assert!(snapshot(dir.path()) == before);
    // A class the value cannot be shares nothing: its member renames alone.
    let answer = rename(dir.path(), "models.py", "Other.params", "options");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    // Taking the name matches renames the shared read with the definition.
    let request = Request {
        file: "models.py".to_string(),
        symbol: "MetaModel.params".to_string(),
        new_name: "options".to_string(),
        include_uncertain: true,
    };
    let answer = apply::rename(&request, &Options::new(dir.path()));
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    let text = read(dir.path(), "models.py");
    assert!(
        text.contains("models[name].options") && text.contains("m.options"),
        "{text}"
    );
}

/// A trait's method is one name with the methods of its `impl Trait for T` blocks: renamed
/// with them, and with the calls that reach them through the implementing type. A method of
/// the same name in an inherent `impl`, or in an impl of another trait, is another method
/// and stays.
#[test]
fn rust_a_traits_method_renamed_renames_its_implementations() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
mod codec;
pub use codec::{Plain, Wire};

pub trait Encode {
    fn encode(&self) -> u8;
}

pub trait Other {
    fn encode(&self) -> u8;
}
";
    let codec = "\
use crate::{Encode, Other};

pub struct Plain;
pub struct Wire;

impl Encode for Plain {
    fn encode(&self) -> u8 {
        1
    }
}

impl Other for Wire {
    fn encode(&self) -> u8 {
        2
    }
}

impl Plain {
    pub fn twice(&self) -> u8 {
        self.encode() * 2
    }
}

pub fn both(p: &Plain, w: &Wire) -> u8 {
    p.encode() + w.encode()
}
";
    write(
        dir.path(),
        &[("Cargo.toml", manifest), ("src/lib.rs", lib), ("src/codec.rs", codec)],
    );
    let answer = rename(dir.path(), "src/lib.rs", "Encode.encode", "pack");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    let implementations = &answer.renamed.as_ref().unwrap().implementations;
    let at: Vec<(&str, usize)> = implementations.iter().map(|l| (l.path.as_str(), l.line)).collect();
    assert_eq!(at, vec![("src/codec.rs", 7)]);
    let codec = read(dir.path(), "src/codec.rs");
    assert!(codec.contains("impl Encode for Plain {\n    fn pack(&self)"), "{codec}");
    assert!(codec.contains("impl Other for Wire {\n    fn encode(&self)"), "{codec}");
    assert!(codec.contains("self.pack() * 2"), "{codec}");
    assert!(codec.contains("p.pack() + w.encode()"), "{codec}");
    assert!(read(dir.path(), "src/lib.rs").contains("pub trait Other {\n    fn encode(&self)"));
}

/// An interface's member is one name with the members that implement it: a class's that
/// `implements` the interface (or extends such a class), an object literal's key where an
/// `Encoder` is expected (a property or a method). A class of its own with a member of the
/// same name stays.
#[test]
fn typescript_an_interfaces_member_renamed_renames_its_implementations() {
    let dir = tempfile::tempdir().unwrap();
    let encoder = "\
export interface Encoder {
  decode(v: Uint8Array): unknown;
}
";
    let impls = "\
import { Encoder } from './encoder';

export class Json implements Encoder {
  decode(v: Uint8Array): unknown {
    return v;
  }
}

export class Pretty extends Json {
  decode(v: Uint8Array): unknown {
    return super.decode(v);
  }
}

export class Unrelated {
  decode(v: Uint8Array): unknown {
    return v;
  }
}

export const inline: Encoder = {
  decode(v: Uint8Array) {
    return v;
  },
};

export function run(p: Pretty, u: Unrelated): unknown {
  return [p.decode(new Uint8Array()), u.decode(new Uint8Array())];
}
";
    write(dir.path(), &[("src/encoder.ts", encoder), ("src/impls.ts", impls)]);
    let answer = rename(dir.path(), "src/encoder.ts", "Encoder.decode", "unpack");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    let implementations = &answer.renamed.as_ref().unwrap().implementations;
    let lines: Vec<usize> = implementations.iter().map(|l| l.line).collect();
    assert_eq!(lines, vec![4, 10]);
    let impls = read(dir.path(), "src/impls.ts");
    assert_eq!(impls.matches("unpack(v: Uint8Array)").count(), 3, "{impls}");
    assert!(impls.contains("return super.unpack(v);"), "{impls}");
    assert!(
        impls.contains("p.unpack(new Uint8Array()), u.decode(new Uint8Array())"),
        "{impls}"
    );
    assert!(impls.contains("export class Unrelated {\n  decode("), "{impls}");
}

/// A Python method overriding a base's is a method of its own (the language holds no two to
/// one name): renaming the base's leaves the override, as rope's rename does by default.
#[test]
fn python_an_override_is_left_when_the_base_method_is_renamed() {
    let dir = tempfile::tempdir().unwrap();
    let base = "class Base:\n    def run(self):\n        return 1\n\n\nclass Sub(Base):\n    def run(self):\n        return 2\n";
    write(dir.path(), &[("m.py", base)]);
    let answer = rename(dir.path(), "m.py", "Base.run", "start");
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        read(dir.path(), "m.py"),
        "class Base:\n    def start(self):\n        return 1\n\n\nclass Sub(Base):\n    def run(self):\n        return 2\n"
    );
}

/// A Rust path shared by a type's inherent item and its trait impl's item of the same name
/// names two items (`Self::BITS` reaches the inherent one): renaming the trait's member,
/// which carries the impl's along, is refused, naming both, and the tree is left as it was.
#[test]
fn rust_a_trait_member_whose_impl_shares_its_path_with_an_inherent_item_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
pub trait Bounded {
    const BITS: u32;
}

pub struct Limb;

impl Limb {
    pub const BITS: u32 = 64;
}

impl Bounded for Limb {
    const BITS: u32 = Self::BITS;
}
";
    write(dir.path(), &[("Cargo.toml", manifest), ("src/lib.rs", lib)]);
    let before = snapshot(dir.path());
    let answer = rename(dir.path(), "src/lib.rs", "Bounded.BITS", "BIT_COUNT");
    assert_eq!(answer.status, Status::Rejected, "{:?}", answer.diff);
    let error = &answer.errors[0];
    assert_eq!(error.code.as_str(), "shared_reference");
    assert!(
        error
            .message
            .contains("an inherent item and the member of an `impl Bounded`"),
        "{}",
        error.message
    );
    assert!(snapshot(dir.path()) == before);
}

/// A member that implements or overrides one the root declares is one name with it: renaming
/// it from any member of the family (the interface's, the implementing class's, a subclass's
/// override; the trait's or its impl's) writes the same files, as a language server's
/// rename does, and lists the others.
#[test]
fn a_member_renamed_from_any_implementation_renames_its_whole_family() {
    let encoder = "export interface Encoder {\n  decode(v: string): string;\n}\n";
    let impls = "\
import { Encoder } from './encoder';

export class Json implements Encoder {
  decode(v: string): string {
    return v;
  }
}

export class Pretty extends Json {
  override decode(v: string): string {
    return super.decode(v);
  }
}

export function run(e: Encoder, p: Pretty): string {
  return e.decode('a') + p.decode('b');
}
";
    let manifest = "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    let lib = "\
pub trait Encode {
    fn encode(&self) -> u8;
}

pub struct Plain;

impl Encode for Plain {
    fn encode(&self) -> u8 {
        1
    }
}

pub fn run(p: &Plain) -> u8 {
    p.encode()
}
";
    // (the files, the members a rename may start from, the file all of them change)
    type Family<'a> = (&'a [(&'a str, &'a str)], &'a [(&'a str, &'a str)], &'a str);
    let families: [Family; 2] = [
        (
            &[("src/encoder.ts", encoder), ("src/impls.ts", impls)],
            &[
                ("src/encoder.ts", "Encoder.decode"),
                ("src/impls.ts", "Json.decode"),
                ("src/impls.ts", "Pretty.decode"),
            ],
            "src/impls.ts",
        ),
        (
            &[("Cargo.toml", manifest), ("src/lib.rs", lib)],
            &[("src/lib.rs", "Encode.encode"), ("src/lib.rs", "Plain.encode")],
            "src/lib.rs",
        ),
    ];
    for (files, starts, changed) in families {
        let mut written: Vec<(String, String)> = Vec::new();
        for (file, symbol) in starts {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), files);
            let answer = rename(dir.path(), file, symbol, "unpack");
            assert_eq!(answer.status, Status::Applied, "{symbol}: {:?}", answer.errors);
            assert_eq!(
                answer.renamed.as_ref().unwrap().implementations.len(),
                starts.len() - 1,
                "{symbol}"
            );
            let after = read(dir.path(), changed);
            assert!(
                !after.contains("decode(") && !after.contains("encode("),
                "{symbol}: {after}"
            );
            written.push((symbol.to_string(), after));
        }
        for (symbol, after) in &written[1..] {
            assert_eq!(after, &written[0].1, "{symbol} and {} differ", written[0].0);
        }
    }
}
