//! The breakage model, row by row (issue 16's reproductions): an old file, a caller, the new
//! version of the definition; the kinds the Impact Report names and the gate's verdict
//! (`apply --impact --gate high`: does the patch leave a broken call?).

mod common;

use saguaro::apply::Options;
use saguaro::impact::{self, breakage::Severity};

struct Row {
    name: &'static str,
    files: &'static [(&'static str, &'static str)],
    /// The definition's file and its new text.
    new: (&'static str, &'static str),
    /// The kinds the report must name for the definition (empty: none).
    kinds: &'static [&'static str],
    /// Whether the gate refuses the patch (`--gate high`).
    gated: bool,
    /// How many calls the report finds broken (rejected by the checker or changed in meaning),
    /// where the row says.
    broken: Option<usize>,
}

const ROWS: &[Row] = &[
    Row {
        name: "rust: a method removed from an impl in another file than its type breaks its calls",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "mod imp;\n\npub struct S {\n    a: u8,\n}\n"),
            ("src/imp.rs", "use crate::S;\n\nimpl S {\n    pub fn m(&self) -> u8 {\n        self.a\n    }\n\n    pub fn n(&self) -> u8 {\n        self.m()\n    }\n}\n"),
        ],
        new: ("src/imp.rs", "use crate::S;\n\nimpl S {\n    pub fn n(&self) -> u8 {\n        self.m()\n    }\n}\n"),
        kinds: &["object_removed"],
        gated: true,
        broken: Some(1),
    },
    Row {
        name: "python: a generator passed bare (`f(x for x in xs)`) is one argument",
        files: &[
            ("m.py", "def join(lines):\n    return list(lines)\n"),
            ("a.py", "from m import join\n\njoin(x for x in [1])\njoin((x for x in [1]), 2)\n"),
        ],
        new: ("m.py", "def join(lines, extra):\n    return list(lines)\n"),
        kinds: &["parameter_added_required"],
        gated: true,
        // The first call lacks `extra`; the second already passes two arguments (it called
        // another `join` before), so this change does not break it.
        broken: Some(1),
    },
    Row {
        name: "rust: a `_` parameter added is a parameter added",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f(a: u8) -> u8 {\n    a\n}\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        ],
        new: ("src/lib.rs", "pub fn f(a: u8, _: u8) -> u8 {\n    a\n}\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        kinds: &["parameter_added_required"],
        gated: true,
        broken: None,
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
        broken: None,
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
        broken: None,
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
        broken: None,
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
        broken: None,
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
        broken: None,
    },
    Row {
        name: "python: became async breaks a call whose value is used unawaited",
        files: &[
            ("m.py", "def f():\n    return 1\n"),
            ("use.py", "from m import f\n\n\ndef g():\n    return f() + 1\n"),
        ],
        new: ("m.py", "async def f():\n    return 1\n"),
        kinds: &["became_async"],
        gated: true,
        broken: None,
    },
    Row {
        name: "python: became async, awaited or handed to a scheduler, breaks nothing",
        files: &[
            ("m.py", "def f():\n    return 1\n"),
            ("use.py", "import asyncio\nfrom m import f\n\n\nasync def g():\n    return await f()\n\n\ndef h():\n    return asyncio.run(f())\n"),
        ],
        new: ("m.py", "async def f():\n    return 1\n"),
        kinds: &["became_async"],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: became async breaks a call left standing (the body never runs)",
        files: &[
            ("m.py", "def f():\n    print(1)\n"),
            ("use.py", "from m import f\n\n\ndef g():\n    f()\n"),
        ],
        new: ("m.py", "async def f():\n    print(1)\n"),
        kinds: &["became_async"],
        gated: true,
        broken: None,
    },
    Row {
        name: "typescript: became async breaks an operand, not a then or a floating call",
        files: &[
            ("src/m.ts", "export function f(): number {\n  return 1;\n}\n"),
            ("src/a.ts", "import { f } from \"./m\";\n\nexport const x = f() + 1;\n"),
        ],
        new: ("src/m.ts", "export async function f(): Promise<number> {\n  return 1;\n}\n"),
        kinds: &["became_async", "return_type_changed"],
        gated: true,
        broken: None,
    },
    Row {
        name: "typescript: a floating call and a then still work",
        files: &[
            ("src/m.ts", "export function f(): number {\n  return 1;\n}\n"),
            ("src/a.ts", "import { f } from \"./m\";\n\nf();\nf().then((n) => n);\n"),
        ],
        new: ("src/m.ts", "export async function f(): number {\n  return 1;\n}\n"),
        kinds: &["became_async"],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: became async breaks a use of the value without .await",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f() -> u32 {\n    1\n}\n\npub fn g() -> u32 {\n    f() + 1\n}\n\npub async fn h() -> u32 {\n    f()\n}\n"),
        ],
        new: ("src/lib.rs", "pub async fn f() -> u32 {\n    1\n}\n\npub fn g() -> u32 {\n    f() + 1\n}\n\npub async fn h() -> u32 {\n    f()\n}\n"),
        kinds: &["became_async"],
        gated: true,
        broken: None,
    },
    Row {
        name: "python: what *args absorbs is compatible (x, /) -> (*x)",
        files: &[
            ("m.py", "def a(x, /):\n    return x\n"),
            ("use.py", "from m import a\n\na(1)\n"),
        ],
        new: ("m.py", "def a(*x):\n    return x\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: what *args and **kwargs absorb is compatible (x) -> (*y, **x)",
        files: &[
            ("m.py", "def a(x):\n    return x\n"),
            ("use.py", "from m import a\n\na(1)\na(x=1)\n"),
        ],
        new: ("m.py", "def a(*y, **x):\n    return x\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: generic parameters renamed are the same signature",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f<T, U>(x: T, y: U) -> (T, U) {\n    (x, y)\n}\n"),
        ],
        new: ("src/lib.rs", "pub fn f<A, B>(x: A, y: B) -> (A, B) {\n    (x, y)\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: a type parameter renamed is the same signature",
        files: &[
            ("src/m.ts", "export function identity<T>(x: T): T {\n  return x;\n}\n"),
            ("src/a.ts", "import { identity } from \"./m\";\n\nidentity(1);\n"),
        ],
        new: ("src/m.ts", "export function identity<S>(x: S): S {\n  return x;\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: a parameter widened to unknown is compatible",
        files: &[
            ("src/m.ts", "export function show(a: string): void {}\n"),
            ("src/a.ts", "import { show } from \"./m\";\n\nshow(\"x\");\n"),
        ],
        new: ("src/m.ts", "export function show(a: unknown): void {}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: a public struct made private is visibility_reduced",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct S;\n\npub fn f() {}\n"),
        ],
        new: ("src/lib.rs", "struct S;\n\npub fn f() {}\n"),
        kinds: &["visibility_reduced"],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: a removed union is object_removed",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub union U {\n    a: u8,\n}\n\npub fn f() {}\n"),
        ],
        new: ("src/lib.rs", "pub fn f() {}\n"),
        kinds: &["object_removed"],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: a constructor parameter added breaks new C(..)",
        files: &[
            ("src/p.ts", "export class Person {\n  constructor(name: string) {}\n}\n"),
            ("src/a.ts", "import { Person } from \"./p\";\n\nnew Person(\"a\");\n"),
        ],
        new: ("src/p.ts", "export class Person {\n  constructor(name: string, age: number) {}\n}\n"),
        kinds: &["parameter_added_required"],
        gated: true,
        broken: None,
    },
    Row {
        name: "typescript: a rest parameter's type changed",
        files: &[
            ("src/m.ts", "export function log(...args: string[]): void {}\n"),
            ("src/a.ts", "import { log } from \"./m\";\n\nlog(\"a\");\n"),
        ],
        new: ("src/m.ts", "export function log(...args: number[]): void {}\n"),
        kinds: &["parameter_changed_type"],
        // A type change is medium: `--gate medium` refuses it, `--gate high` does not.
        gated: false,
        broken: Some(1),
    },
    Row {
        name: "rust: a method moved from an inherent impl into a trait's impl stays public",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct S;\n\nimpl S {\n    pub fn m(&self) -> u8 {\n        1\n    }\n}\n\npub fn g(s: &S) -> u8 {\n    s.m()\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct S;\n\npub trait T {\n    fn m(&self) -> u8;\n}\n\nimpl T for S {\n    fn m(&self) -> u8 {\n        1\n    }\n}\n\npub fn g(s: &S) -> u8 {\n    s.m()\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: `-> impl Future<Output = ()>` made `async fn` is the same function",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "use std::future::Future;\n\npub fn f() -> impl Future<Output = ()> {\n    async {}\n}\n\npub fn g() -> u8 {\n    1\n}\n"),
        ],
        new: ("src/lib.rs", "use std::future::Future;\n\npub async fn f() {}\n\npub async fn g() -> u8 {\n    1\n}\n"),
        kinds: &["became_async"],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: `fn m(_x: &Self)` made `fn m(&self)` takes the same argument",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct S;\n\nimpl S {\n    pub fn m(_x: &Self) -> u8 {\n        1\n    }\n}\n\npub fn g(s: &S) -> u8 {\n    S::m(s)\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct S;\n\nimpl S {\n    pub fn m(&self) -> u8 {\n        1\n    }\n}\n\npub fn g(s: &S) -> u8 {\n    S::m(s)\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: `Option<T>` is not `T`",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f(a: u8) -> u8 {\n    a\n}\n"),
        ],
        new: ("src/lib.rs", "pub fn f(a: Option<u8>) -> u8 {\n    a.unwrap_or(0)\n}\n"),
        kinds: &["parameter_changed_type"],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: a parameter widened to a union, a return narrowed from one",
        files: &[
            ("src/m.ts", "export function f(a: string): string | number {\n  return a;\n}\n"),
            ("src/a.ts", "import { f } from \"./m\";\n\nf(\"a\");\n"),
        ],
        new: ("src/m.ts", "export function f(a: string | number): string {\n  return String(a);\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: a parameter narrowed from a union, a return widened to one",
        files: &[
            ("src/m.ts", "export function f(a: string | number): string {\n  return String(a);\n}\n"),
            ("src/a.ts", "import { f } from \"./m\";\n\nf(\"a\");\n"),
        ],
        new: ("src/m.ts", "export function f(a: string): string | number {\n  return a;\n}\n"),
        kinds: &["parameter_changed_type", "return_type_changed"],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: `async f(): Promise<T>` is `f(): Promise<T>`",
        files: &[
            ("src/m.ts", "export function f(): Promise<number> {\n  return Promise.resolve(1);\n}\n"),
            ("src/a.ts", "import { f } from \"./m\";\n\nf().then((n) => n + 1);\n"),
        ],
        new: ("src/m.ts", "export async function f(): Promise<number> {\n  return 1;\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: `Optional[str]` and `str | None` widen `str`; `Union` is `|`",
        files: &[
            ("m.py", "from typing import Optional, Union\n\n\ndef f(a: str, b: int) -> Union[int, str]:\n    return a\n"),
            ("a.py", "from m import f\n\nf(\"a\", 1)\n"),
        ],
        new: ("m.py", "from typing import Optional, Union\n\n\ndef f(a: Optional[str], b: int | str) -> str | int:\n    return a\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a method moved up into the base class is still the class's",
        files: &[
            ("m.py", "class Parent:\n    pass\n\n\nclass Base(Parent):\n    def method(self, x):\n        return x\n"),
            ("a.py", "from m import Base\n\nBase().method(1)\n"),
        ],
        new: ("m.py", "class Parent:\n    def method(self, x):\n        return x\n\n\nclass Base(Parent):\n    pass\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a method moved up and changed on the way is compared",
        files: &[
            ("m.py", "class Parent:\n    pass\n\n\nclass Base(Parent):\n    def method(self, x):\n        return x\n"),
            ("a.py", "from m import Base\n\nBase().method(1)\n"),
        ],
        new: ("m.py", "class Parent:\n    def method(self, x, y):\n        return x\n\n\nclass Base(Parent):\n    pass\n"),
        kinds: &["parameter_added_required"],
        gated: true,
        broken: Some(1),
    },
    Row {
        name: "python: a function moved to another module and imported back is still there",
        files: &[
            ("pkg/__init__.py", ""),
            ("pkg/m.py", "def f(x):\n    return x\n"),
            ("pkg/inner.py", "def g():\n    return 1\n"),
            ("a.py", "from pkg.m import f\n\nf(1)\n"),
        ],
        new: ("pkg/m.py", "from pkg.inner import f\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: a function moved into `mod inner` and re-exported is still there",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f(a: u8) -> u8 {\n    a\n}\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        ],
        new: ("src/lib.rs", "pub mod inner {\n    pub fn f(a: u8) -> u8 {\n        a\n    }\n}\n\npub use inner::f;\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: a function moved away without a re-export is removed",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub fn f(a: u8) -> u8 {\n    a\n}\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        ],
        new: ("src/lib.rs", "pub mod inner {\n    pub fn f(a: u8) -> u8 {\n        a\n    }\n}\n\npub fn g() -> u8 {\n    f(1)\n}\n"),
        kinds: &["object_removed"],
        gated: true,
        broken: None,
    },
    Row {
        name: "rust: a hand-written `impl PartialEq` replaced by `#[derive(PartialEq)]`",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct S(u8);\n\nimpl PartialEq for S {\n    fn eq(&self, other: &Self) -> bool {\n        self.0 == other.0\n    }\n}\n\npub fn same(a: &S, b: &S) -> bool {\n    a.eq(b)\n}\n"),
        ],
        new: ("src/lib.rs", "#[derive(PartialEq)]\npub struct S(u8);\n\npub fn same(a: &S, b: &S) -> bool {\n    a.eq(b)\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a module's type alias removed breaks its importers",
        files: &[
            ("tags.py", "from typing import Tuple\n\nMacVersion = Tuple[int, int]\n\n\ndef f(v: MacVersion) -> int:\n    return v[0]\n"),
            ("a.py", "from tags import MacVersion\n\nX: MacVersion = (1, 2)\n"),
        ],
        new: ("tags.py", "from typing import Tuple\n\nAppleVersion = Tuple[int, int]\n\n\ndef f(v: AppleVersion) -> int:\n    return v[0]\n"),
        kinds: &["object_removed", "parameter_changed_type"],
        gated: true,
        broken: None,
    },
    Row {
        name: "python: a parameter renamed and retyped is both",
        files: &[
            ("m.py", "class C:\n    def add_source(self, multi_cmd: int) -> None:\n        pass\n"),
            ("a.py", "from m import C\n\nC().add_source(1)\n"),
        ],
        new: ("m.py", "class C:\n    def add_source(self, group: str) -> None:\n        pass\n"),
        kinds: &["parameter_changed_type", "parameter_renamed"],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a function become overloads is compared against each; what breaks them all breaks",
        files: &[
            ("m.py", "def bar(it=None, length=None, show_eta=True):\n    return it\n"),
            ("a.py", "from m import bar\n\nbar([1], 1, False)\n"),
        ],
        new: ("m.py", "import typing as t\n\n\n@t.overload\ndef bar(it: list, length=None, hidden=False, show_eta=True): ...\n\n\n@t.overload\ndef bar(it: None = None, length=None, hidden=False, show_eta=True): ...\n\n\ndef bar(it=None, length=None, hidden=False, show_eta=True):\n    return it\n"),
        kinds: &["parameter_moved"],
        gated: true,
        broken: Some(1),
    },
    Row {
        name: "python: a method's `-> \"Engine\"` made `-> Self` returns the same",
        files: &[
            ("m.py", "class Engine:\n    def copy(self) -> \"Engine\":\n        return self\n"),
            ("a.py", "from m import Engine\n\nEngine().copy()\n"),
        ],
        new: ("m.py", "import typing as t\n\n\nclass Engine:\n    def copy(self) -> \"t.Self\":\n        return self\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: a doc comment that says async does not make a function async",
        files: &[
            ("src/m.ts", "export function f(a: number): number {\n  return a;\n}\n"),
            ("src/a.ts", "import { f } from \"./m\";\n\nf(1) + 1;\n"),
        ],
        new: ("src/m.ts", "/** Runs on the async scheduler; a static helper, not public in spirit. */\nexport function f(a: number): number {\n  return a;\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: unions inside generic arguments are compared by members",
        files: &[
            ("m.py", "import typing as t\n\n\ndef env(overrides: t.Optional[t.Mapping[str, t.Optional[str]]] = None) -> t.Mapping[str, t.Optional[str]]:\n    return {}\n"),
            ("a.py", "from m import env\n\nenv()\n"),
        ],
        new: ("m.py", "import collections.abc as cabc\n\n\ndef env(overrides: cabc.Mapping[str, str | None] | None = None) -> cabc.Mapping[str, str | None]:\n    return {}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: async under a decorator that replaces the function is the decorator's business",
        files: &[
            ("m.py", "def unique(values):\n    return set(values)\n"),
            ("a.py", "from m import unique\n\nlen(unique([1]))\n"),
        ],
        new: ("m.py", "from helpers import async_variant\n\n\ndef sync_unique(values):\n    return set(values)\n\n\n@async_variant(sync_unique)\nasync def unique(values):\n    return set(values)\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: an attribute the class now inherits from a base's `__init__` is still there",
        files: &[
            ("m.py", "class Element:\n    def __init__(self):\n        self.errmsg = \"\"\n\n\nclass Token(Element):\n    pass\n\n\nclass LineEnd(Token):\n    def __init__(self):\n        super().__init__()\n        self.errmsg = \"end\"\n"),
            ("a.py", "from m import LineEnd\n\nprint(LineEnd().errmsg)\n"),
        ],
        new: ("m.py", "class Element:\n    def __init__(self):\n        self.errmsg = \"\"\n\n\nclass Token(Element):\n    pass\n\n\nclass LineEnd(Token):\n    def __init__(self):\n        super().__init__()\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a method now inherited from overloads breaks only what every overload breaks",
        files: &[
            ("m.py", "import typing as t\n\n\nclass Base:\n    @t.overload\n    def to_dict(self) -> dict: ...\n    @t.overload\n    def to_dict(self, flat: bool) -> dict: ...\n    def to_dict(self, flat=True):\n        return {}\n\n\nclass Combined(Base):\n    def to_dict(self, flat=True):\n        return {}\n"),
            ("a.py", "from m import Combined\n\nCombined().to_dict(flat=False)\n"),
        ],
        new: ("m.py", "import typing as t\n\n\nclass Base:\n    @t.overload\n    def to_dict(self) -> dict: ...\n    @t.overload\n    def to_dict(self, flat: bool) -> dict: ...\n    def to_dict(self, flat=True):\n        return {}\n\n\nclass Combined(Base):\n    pass\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a module name now assigned under `if`/`else` is still the module's",
        files: &[
            ("m.py", "import sys\n\n\nclass Unix:\n    pass\n\n\nPlatformDirs = Unix\n"),
            ("a.py", "from m import PlatformDirs\n\nPlatformDirs()\n"),
        ],
        new: ("m.py", "import sys\n\n\nclass Unix:\n    pass\n\n\nif sys.platform == \"win32\":\n    PlatformDirs = Unix\nelse:\n    PlatformDirs = Unix\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a name the module's __getattr__ still answers (a deprecation shim) is still there",
        files: &[
            ("m.py", "class Command:\n    pass\n\n\nclass BaseCommand(Command):\n    pass\n"),
            ("a.py", "from m import BaseCommand\n\nBaseCommand()\n"),
        ],
        new: ("m.py", "import warnings\n\n\nclass Command:\n    pass\n\n\ndef __getattr__(name):\n    if name == \"BaseCommand\":\n        warnings.warn(\"use Command\", DeprecationWarning)\n        return Command\n    raise AttributeError(name)\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a name the module's __getattr__ answers typed `object` is gone for the type checkers",
        files: &[
            ("m.py", "class Command:\n    pass\n\n\nclass BaseCommand(Command):\n    pass\n\n\n__version__ = \"8.1\"\n"),
            ("a.py", "from m import BaseCommand\n\nBaseCommand()\n"),
        ],
        new: ("m.py", "class Command:\n    pass\n\n\ndef __getattr__(name: str) -> object:\n    if name == \"BaseCommand\":\n        return Command\n    if name == \"__version__\":\n        return \"8.2\"\n    raise AttributeError(name)\n"),
        kinds: &["object_removed"],
        gated: true,
        broken: Some(1),
    },
    Row {
        name: "python: a name the module's __getattr__ answers typed `Any` keeps its uses",
        files: &[
            ("m.py", "class Command:\n    pass\n\n\nclass BaseCommand(Command):\n    pass\n"),
            ("a.py", "from m import BaseCommand\n\nBaseCommand()\n"),
        ],
        new: ("m.py", "import typing as t\n\n\nclass Command:\n    pass\n\n\ndef __getattr__(name: str) -> t.Any:\n    if name == \"BaseCommand\":\n        return Command\n    raise AttributeError(name)\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a __getattr__ that does not spell the name does not keep it",
        files: &[
            ("m.py", "class Command:\n    pass\n\n\nclass BaseCommand(Command):\n    pass\n"),
            ("a.py", "from m import BaseCommand\n\nBaseCommand()\n"),
        ],
        new: ("m.py", "class Command:\n    pass\n\n\ndef __getattr__(name):\n    raise AttributeError(name)\n"),
        kinds: &["object_removed"],
        gated: true,
        broken: None,
    },
    Row {
        name: "python: `__x` parameters are positional-only (PEP 484): spelled with `/` they are the same",
        files: &[
            ("m.py", "class Context:\n    def forward(__self, __cmd, *args, **kwargs):\n        return 1\n"),
            ("a.py", "from m import Context\n\nContext().forward(None, 1)\n"),
        ],
        new: ("m.py", "class Context:\n    def forward(self, cmd, /, *args, **kwargs):\n        return 1\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a parameter of a method the language calls renamed breaks no call",
        files: &[
            ("m.py", "class Undefined:\n    def __getattr__(self, _):\n        return self\n"),
            ("a.py", "from m import Undefined\n\nUndefined().x\n"),
        ],
        new: ("m.py", "class Undefined:\n    def __getattr__(self, name):\n        return self\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a constructor's parameter renamed breaks the calls that name it (`__init__` is called by its callers)",
        files: &[
            ("m.py", "class Runner:\n    def __init__(self, charset=\"utf-8\", mix_stderr=True):\n        self.charset = charset\n"),
            ("a.py", "from m import Runner\n\nRunner(mix_stderr=False)\nRunner(\"ascii\", False)\n"),
        ],
        new: ("m.py", "class Runner:\n    def __init__(self, charset=\"utf-8\", catch_exceptions=True):\n        self.charset = charset\n"),
        kinds: &["parameter_renamed"],
        gated: false,
        broken: Some(1),
    },
    Row {
        name: "python: a property become a class attribute of its name is still there for its readers",
        files: &[
            ("m.py", "class Schema:\n    @property\n    def dict_class(self) -> type:\n        return dict\n"),
            ("a.py", "from m import Schema\n\nSchema().dict_class()\n"),
        ],
        new: ("m.py", "class Schema:\n    dict_class: type = dict\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: a struct become a type alias of its name is still there (itertools' GroupBy = ChunkBy)",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct GroupBy<T> {\n    pub t: T,\n}\n\npub fn f(g: &GroupBy<u8>) -> u8 {\n    g.t\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct ChunkBy<T> {\n    pub t: T,\n}\n\npub type GroupBy<T> = ChunkBy<T>;\n\npub fn f(g: &GroupBy<u8>) -> u8 {\n    g.t\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: an override removed from a trait impl that stays leaves the trait's own method (Iterator::count)",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct M;\n\nimpl Iterator for M {\n    type Item = u8;\n\n    fn next(&mut self) -> Option<u8> {\n        None\n    }\n\n    fn count(self) -> usize {\n        0\n    }\n}\n\npub fn n() -> usize {\n    M.count()\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct M;\n\nimpl Iterator for M {\n    type Item = u8;\n\n    fn next(&mut self) -> Option<u8> {\n        None\n    }\n}\n\npub fn n() -> usize {\n    M.count()\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: a trait impl removed whole takes its methods with it",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct M;\n\npub trait Size {\n    fn size(&self) -> usize;\n}\n\nimpl Size for M {\n    fn size(&self) -> usize {\n        0\n    }\n}\n\npub fn n() -> usize {\n    M.size()\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct M;\n\npub trait Size {\n    fn size(&self) -> usize;\n}\n\npub fn n() -> usize {\n    M.size()\n}\n"),
        kinds: &["object_removed"],
        gated: true,
        broken: Some(1),
    },
    Row {
        name: "python: a return narrowed to a standard subtype (AsyncIterator[str] -> AsyncGenerator[str, object]) is compatible",
        files: &[
            ("m.py", "import typing as t\n\n\nclass Template:\n    def generate_async(self) -> t.AsyncIterator[str]:\n        ...\n"),
            ("a.py", "from m import Template\n\nTemplate().generate_async()\n"),
        ],
        new: ("m.py", "import typing as t\n\n\nclass Template:\n    def generate_async(self) -> t.AsyncGenerator[str, object]:\n        ...\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "python: a parameter widened to a standard supertype (list[str] -> Iterable[str]) is compatible, narrowed it is not",
        files: &[
            ("m.py", "import typing as t\n\n\ndef wide(names: list[str]) -> None:\n    pass\n\n\ndef narrow(names: t.Iterable[str]) -> None:\n    pass\n"),
            ("a.py", "from m import wide, narrow\n\nwide([\"a\"])\nnarrow([\"a\"])\n"),
        ],
        new: ("m.py", "import typing as t\n\n\ndef wide(names: t.Iterable[str]) -> None:\n    pass\n\n\ndef narrow(names: list[str]) -> None:\n    pass\n"),
        kinds: &["parameter_changed_type"],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: brackets of an array are no type arguments (string -> string[] changed the parameter)",
        files: &[
            ("m.ts", "export function f(a: string): number {\n  return 1;\n}\n"),
            ("a.ts", "import { f } from './m';\n\nf('x');\n"),
        ],
        new: ("m.ts", "export function f(a: string[]): number {\n  return 1;\n}\n"),
        kinds: &["parameter_changed_type"],
        gated: false,
        broken: None,
    },
    Row {
        name: "rust: a lifetime the compiler infers, written or not, and a precise-capture bound change no type",
        files: &[
            ("Cargo.toml", "[package]\nname = \"k\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
            ("src/lib.rs", "pub struct Iter<'a> {\n    s: &'a [u8],\n}\n\npub struct B(Vec<u8>);\n\nimpl B {\n    pub fn iter(&self) -> Iter {\n        Iter { s: &self.0 }\n    }\n\n    pub fn bytes(&self) -> impl Iterator<Item = &u8> {\n        self.0.iter()\n    }\n}\n"),
        ],
        new: ("src/lib.rs", "pub struct Iter<'a> {\n    s: &'a [u8],\n}\n\npub struct B(Vec<u8>);\n\nimpl B {\n    pub fn iter(&self) -> Iter<'_> {\n        Iter { s: &self.0 }\n    }\n\n    pub fn bytes(&self) -> impl Iterator<Item = &u8> + use<'_> {\n        self.0.iter()\n    }\n}\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: a function renamed but exported under its old name (export { processSchema as process }) is still there",
        files: &[
            ("m.ts", "export function process(a: string): number {\n  return 1;\n}\n"),
            ("a.ts", "import { process } from './m';\n\nprocess('x');\n"),
        ],
        new: ("m.ts", "function processSchema(a: string): number {\n  return 1;\n}\n\nexport { processSchema as process };\n"),
        kinds: &[],
        gated: false,
        broken: None,
    },
    Row {
        name: "typescript: exported under its old name, a definition is compared with what it is now",
        files: &[
            ("m.ts", "export function process(a: string): number {\n  return 1;\n}\n"),
            ("a.ts", "import { process } from './m';\n\nprocess('x');\n"),
        ],
        new: ("m.ts", "function processSchema(a: string, strict: boolean): number {\n  return 1;\n}\n\nexport { processSchema as process };\n"),
        kinds: &["parameter_added_required"],
        gated: true,
        broken: Some(1),
    },
    Row {
        name: "python: a module name deleted outright is still removed",
        files: &[
            ("m.py", "class Unix:\n    pass\n\n\nPlatformDirs = Unix\n"),
            ("a.py", "from m import PlatformDirs\n\nPlatformDirs()\n"),
        ],
        new: ("m.py", "class Unix:\n    pass\n"),
        kinds: &["object_removed"],
        gated: true,
        broken: None,
    },
];

#[test]
fn each_row_is_classified_and_gated_as_the_languages_say() {
    let mut failures = Vec::new();
    for row in ROWS {
        let dir = common::change::tree(row.files);
        let (file, after) = row.new;
        let patch = common::change::patch(row.files, file, after);
        let report = match impact::report(&patch, &Options::new(dir.path())) {
            Ok(report) => report,
            Err(errors) => {
                failures.push(format!("{}: refused: {errors:?}", row.name));
                continue;
            }
        };
        let mut kinds: Vec<&str> = report
            .breaking_changes
            .iter()
            .flat_map(|c| c.kinds.iter().copied())
            .collect();
        kinds.sort();
        kinds.dedup();
        if kinds != row.kinds {
            failures.push(format!("{}: kinds {kinds:?}, expected {:?}", row.name, row.kinds));
        }
        if let Some(wanted) = row.broken {
            // Type errors and calls broken in meaning only alike.
            let broken: usize = report.breaking_changes.iter().map(|c| c.broken_calls().count()).sum();
            if broken != wanted {
                failures.push(format!("{}: {broken} broken call(s), expected {wanted}", row.name));
            }
        }
        let gated = report.gate(Severity::High).is_some();
        if gated != row.gated {
            failures.push(format!("{}: gated {gated}, expected {}", row.name, row.gated));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A module's fallback and what it answers, in the words of the report: a name answered
/// typed `object` is removed for the checkers and says so; a fallback removed names the
/// names its importers lose.
#[test]
fn the_module_fallback_is_described_by_the_names_it_answers() {
    let describe = |old: &str, new: &str| -> Vec<String> {
        let files = [("m.py", old), ("a.py", "import m\n")];
        let dir = common::change::tree(&files);
        let patch = common::change::patch(&files, "m.py", new);
        let report = impact::report(&patch, &Options::new(dir.path())).expect("a report");
        report.breaking_changes.iter().map(|c| c.description.clone()).collect()
    };
    let typed = describe(
        "class Command:\n    pass\n\n\nclass BaseCommand(Command):\n    pass\n",
        "class Command:\n    pass\n\n\ndef __getattr__(name: str) -> object:\n    if name == \"BaseCommand\":\n        return Command\n    raise AttributeError(name)\n",
    );
    assert!(
        typed
            .iter()
            .any(|d| d.contains("`BaseCommand` was removed") && d.contains("typed `object`")),
        "{typed:?}"
    );
    let dropped = describe(
        "class Command:\n    pass\n\n\ndef __getattr__(name):\n    if name in {\"BaseCommand\", 'MultiCommand'}:\n        return Command\n    raise AttributeError(name)\n",
        "class Command:\n    pass\n",
    );
    assert!(
        dropped.iter().any(
            |d| d.contains("`__getattr__` was removed: the module no longer answers `BaseCommand`, `MultiCommand`")
        ),
        "{dropped:?}"
    );
}
