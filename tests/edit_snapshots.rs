//! Semantic operations x languages x edge cases, through the whole `apply` path (a real
//! file in a temporary root, written atomically). Each snapshot shows the file after the
//! patch, or the refusal; a rejected patch must leave the file byte for byte as it was.

use saguaro::apply::{apply, Options};
use serde_json::{json, Value};

/// Applies `ops` to a file `name` holding `source`; the file after, or the errors.
fn run(name: &str, source: &str, ops: Value) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, source).unwrap();
    let patch = json!({"type": "patch", "target_file": name, "operations": ops});
    let answer = apply(&patch.to_string(), &Options::new(dir.path()));
    let after = std::fs::read_to_string(&path).unwrap();
    if answer.errors.is_empty() {
        let kept: Vec<String> = answer
            .matches
            .iter()
            .map(|m| &m.matched)
            .filter(|m| !m.kept.is_empty() || m.renamed_to.is_some() || m.strategy != "symbol")
            .map(|m| {
                format!(
                    "op {}: {} {:.2} kept {:?} renamed_to {:?}",
                    m.operation, m.strategy, m.confidence, m.kept, m.renamed_to
                )
            })
            .collect();
        let notes = if kept.is_empty() {
            String::new()
        } else {
            format!("{}\n---\n", kept.join("\n"))
        };
        // Show line endings and a missing final newline explicitly.
        format!(
            "{notes}{}",
            after.replace('\r', "\\r").replace('\u{feff}', "<BOM>")
                + if after.ends_with('\n') {
                    ""
                } else {
                    "<no newline at end>"
                }
        )
    } else {
        assert_eq!(after, source, "a rejected patch leaves the file unchanged");
        serde_json::to_string_pretty(&answer.errors).unwrap()
    }
}

macro_rules! case {
    ($name:ident, $file:expr, $source:expr, $ops:tt) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), run($file, $source, json!($ops)));
        }
    };
}

const PY: &str = r#"import functools


class Engine:
    """Runs jobs."""

    @property
    def name(self) -> str:
        return "engine"

    @functools.cache
    def process(self, job):
        """Process one job."""
        return job

    async def close(self):
        pass


def helper(x):
    return x
"#;

case!(py_replace_keeps_decorator_when_content_has_none, "engine.py", PY,
    [{"op": "replace", "symbol": "Engine.process", "content": "def process(self, job, *, retries=0):\n    return job"}]);
case!(py_replace_swaps_decorator_the_content_carries, "engine.py", PY,
    [{"op": "replace", "symbol": "Engine.process", "content": "    @functools.lru_cache(maxsize=8)\n    def process(self, job):\n        return job"}]);
case!(py_replace_drops_decorator_with_keep_attached_false, "engine.py", PY,
    [{"op": "replace", "symbol": "Engine.process", "keep_attached": false, "content": "def process(self, job):\n    return job"}]);
case!(py_replace_renames_and_reports_it, "engine.py", PY,
    [{"op": "replace", "symbol": "helper", "content": "def assist(x):\n    return x * 2"}]);
case!(py_insert_after_method_then_replace_it, "engine.py", PY, [
    {"op": "replace", "symbol": "Engine.process", "content": "    def process(self, input: str) -> dict:\n        return {\"result\": input}"},
    {"op": "insert", "after_symbol": "Engine.process", "content": "    def validate(self, data: dict) -> bool:\n        return True"}]);
case!(py_insert_before_goes_above_decorators, "engine.py", PY,
    [{"op": "insert", "before_symbol": "Engine.process", "content": "def reset(self):\n    self.jobs = []"}]);
case!(py_insert_after_top_level_uses_two_blank_lines, "engine.py", PY,
    [{"op": "insert", "after_symbol": "Engine", "content": "class Worker:\n    pass"}]);
case!(py_insert_into_class, "engine.py", PY,
    [{"op": "insert", "into": "Engine", "content": "def stop(self):\n    return None"}]);
case!(py_delete_middle_method, "engine.py", PY, [{"op": "delete", "symbol": "Engine.process"}]);
case!(py_delete_last_member_leaves_pass, "box.py", "class Box:\n    def only(self):\n        return 1\n\n\nx = Box()\n",
    [{"op": "delete", "symbol": "Box.only"}]);
case!(py_docstring_replaced_keeps_quotes, "engine.py", PY,
    [{"op": "update_docstring", "symbol": "Engine.process", "content": "Process one job.\n\nReturns the job unchanged."}]);
case!(py_docstring_created_with_quotes_inside, "engine.py", PY,
    [{"op": "update_docstring", "symbol": "helper", "content": "Return x; note the \"\"\" in here."}]);
case!(py_docstring_keeps_summary_on_next_line, "attrs_style.py",
    "def define(cls):\n    \"\"\"\n    Define a class.\n\n    Longer words.\n    \"\"\"\n    return cls\n",
    [{"op": "update_docstring", "symbol": "define", "content": "Define an attrs class."}]);
case!(py_docstring_removed, "engine.py", PY, [{"op": "update_docstring", "symbol": "Engine", "content": ""}]);
case!(py_tabs_file_gets_tabs, "tabs.py", "class A:\n\tdef f(self):\n\t\treturn 1\n",
    [{"op": "replace", "symbol": "A.f", "content": "def f(self):\n    if True:\n        return 2"}]);
case!(py_crlf_and_bom_preserved, "crlf.py", "\u{feff}def f():\r\n    return 1\r\n\r\n\r\ndef g():\r\n    return 2\r\n",
    [{"op": "replace", "symbol": "f", "content": "def f():\n    x = 1\n    return x"},
     {"op": "insert", "after_symbol": "g", "content": "def h():\n    return 3"}]);
case!(py_last_symbol_without_final_newline, "end.py", "def a():\n    return 1\n\n\ndef b():\n    return 2",
    [{"op": "replace", "symbol": "b", "content": "def b():\n    return 3"}]);
case!(py_unicode_identifiers_and_strings, "uni.py", "def grüße(name):\n    return f\"Grüß Gott, {name} ✓\"\n",
    [{"op": "replace", "symbol": "grüße", "content": "def grüße(name):\n    return f\"Servus, {name} ✓\""}]);
case!(py_overload_needs_an_occurrence, "ov.py",
    "from typing import overload\n\n\n@overload\ndef f(x: int) -> int: ...\n@overload\ndef f(x: str) -> str: ...\ndef f(x):\n    return x\n",
    [{"op": "replace", "symbol": "f", "content": "def f(x):\n    return x"}]);
case!(py_overload_by_occurrence, "ov.py",
    "from typing import overload\n\n\n@overload\ndef f(x: int) -> int: ...\n@overload\ndef f(x: str) -> str: ...\ndef f(x):\n    return x\n",
    [{"op": "replace", "symbol": "f#3", "content": "def f(x):\n    return repr(x)"}]);
case!(py_syntax_error_is_refused, "engine.py", PY,
    [{"op": "replace", "symbol": "helper", "content": "def helper(x:\n    return x"}]);
case!(py_unknown_symbol_suggests, "engine.py", PY, [{"op": "delete", "symbol": "Engine.proces"}]);
case!(py_second_operation_failing_writes_nothing, "engine.py", PY,
    [{"op": "delete", "symbol": "helper"}, {"op": "delete", "symbol": "helper"}]);

const RS: &str = r#"use std::fmt;

/// A store.
#[derive(Debug, Clone)]
pub struct Store<T> {
    items: Vec<T>,
}

impl<T: Clone> Store<T> {
    /// Returns item `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<T> {
        self.items.get(i).cloned()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }
}

impl<T> fmt::Display for Store<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store")
    }
}

pub trait Named {
    fn name(&self) -> String;
}
"#;

case!(rs_replace_keeps_attribute_and_doc, "store.rs", RS,
    [{"op": "replace", "symbol": "Store.get", "content": "pub fn get(&self, i: usize) -> Option<&T> {\n    self.items.get(i)\n}"}]);
case!(rs_replace_with_new_doc_keeps_attribute, "store.rs", RS,
    [{"op": "replace", "symbol": "Store.get", "content": "/// Borrows item `i`.\npub fn get(&self, i: usize) -> Option<&T> {\n    self.items.get(i)\n}"}]);
case!(rs_replace_struct_keeps_derive, "store.rs", RS,
    [{"op": "replace", "symbol": "Store", "content": "pub struct Store<T> {\n    items: Vec<T>,\n    limit: usize,\n}"}]);
case!(rs_trait_impl_method_by_type_path, "store.rs", RS,
    [{"op": "replace", "symbol": "Store::fmt", "content": "fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n    write!(f, \"store of {}\", std::any::type_name::<T>())\n}"}]);
case!(rs_insert_into_type_goes_into_its_last_impl, "store.rs", RS,
    [{"op": "insert", "into": "Store", "content": "fn describe(&self) -> String {\n    self.to_string()\n}"}]);
case!(rs_insert_into_trait, "store.rs", RS,
    [{"op": "insert", "into": "Named", "content": "fn shout(&self) -> String {\n    self.name().to_uppercase()\n}"}]);
case!(rs_docstring_lines, "store.rs", RS,
    [{"op": "update_docstring", "symbol": "Store.len", "content": "How many items.\n\nCounts every item once."}]);
case!(rs_delete_method_with_its_doc_and_attribute, "store.rs", RS, [{"op": "delete", "symbol": "Store.get"}]);

const TS: &str = r#"import { log } from "./log";

/** Fetches a job. */
export async function fetchJob(id: string): Promise<Job> {
  return api.get(id);
}

export const isDone = (job: Job): boolean => job.state === "done";

export class Client {
  constructor(private readonly base: string) {}

  /** Sends a request. */
  @log
  async send(path: string): Promise<Response> {
    return fetch(this.base + path);
  }

  get url(): string {
    return this.base;
  }
}

export default function create(): Client {
  return new Client("/");
}
"#;

case!(ts_replace_keeps_export_and_doc, "client.ts", TS,
    [{"op": "replace", "symbol": "fetchJob", "content": "async function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {\n  return api.get(id, { signal });\n}"}]);
case!(ts_replace_with_export_gives_one_export, "client.ts", TS,
    [{"op": "replace", "symbol": "isDone", "content": "export const isDone = (job: Job): boolean => job.state === \"done\" || job.state === \"failed\";"}]);
case!(ts_replace_method_keeps_decorator_and_doc, "client.ts", TS,
    [{"op": "replace", "symbol": "Client.send", "content": "async send(path: string, init?: RequestInit): Promise<Response> {\n  return fetch(this.base + path, init);\n}"}]);
case!(ts_replace_export_default_function, "client.ts", TS,
    [{"op": "replace", "symbol": "create", "content": "function create(base = \"/\"): Client {\n  return new Client(base);\n}"}]);
case!(ts_docstring_block, "client.ts", TS,
    [{"op": "update_docstring", "symbol": "Client.url", "content": "The base URL.\n\nNever ends with a slash."}]);
case!(ts_docstring_block_on_lines_stays_on_lines, "log.ts",
    "/**\n * Old words.\n */\nexport function log(m: string): void {}\n",
    [{"op": "update_docstring", "symbol": "log", "content": "Writes one line."}]);
case!(ts_insert_after_method, "client.ts", TS,
    [{"op": "insert", "after_symbol": "Client.send", "content": "close(): void {\n  this.closed = true;\n}"}]);

case!(tsx_replace_component_with_multiline_jsx, "App.tsx",
    "export function Badge({ state }: { state: string }) {\n  return <span className=\"badge\">{state}</span>;\n}\n\nexport const App = () => <Badge state=\"ok\" />;\n",
    [{"op": "replace", "symbol": "Badge", "content": "function Badge({ state }: { state: string }) {\n  return (\n    <span className=\"badge\" title={state}>\n      {state.toUpperCase()}\n    </span>\n  );\n}"}]);
case!(js_empty_class_body_into, "empty.js", "class Empty {}\n\nmodule.exports = { Empty };\n",
    [{"op": "insert", "into": "Empty", "content": "size() {\n  return 0;\n}"}]);
case!(js_delete_function, "util.js", "function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n\nfunction c() {\n  return 3;\n}\n",
    [{"op": "delete", "symbol": "b"}]);

case!(py_rewrite_confined_to_one_symbol, "log.py",
    "def f(x):\n    print(x)\n    print(x + 1)\n    return x\n\n\ndef g():\n    print(1)\n",
    [{"op": "rewrite", "symbol": "f", "pattern": "print($A)", "rewrite": "log.info($A)"}]);
case!(rs_rewrite_whole_file_with_metavariables, "swap.rs",
    "fn a() -> i32 {\n    pow(2, 8)\n}\n\nfn b() -> i32 {\n    pow(a(), 3)\n}\n",
    [{"op": "rewrite", "pattern": "pow($BASE, $EXP)", "rewrite": "$BASE.pow($EXP)"}]);
case!(ts_rewrite_multiple_arguments, "api.ts",
    "export function send(url: string) {\n  return fetch(url, { method: \"POST\" }, 3);\n}\n",
    [{"op": "rewrite", "symbol": "send", "pattern": "fetch($URL, $$$REST)", "rewrite": "http.post($URL)"}]);
case!(py_rewrite_keeps_the_calls_line_breaks, "attrs_like.py",
    "def f():\n    x = attr.ib(\n        default=None,\n        repr=False,\n    )\n    y = swap(\n        first,\n        second)\n    return print(\"a   b\",\n                 sep='')\n",
    [{"op": "rewrite", "symbol": "f", "pattern": "attr.ib($$$A)", "rewrite": "attr.field($$$A)"},
     {"op": "rewrite", "symbol": "f", "pattern": "swap($A, $B)", "rewrite": "swap($B, $A)"},
     {"op": "rewrite", "symbol": "f", "pattern": "print($S, sep='')", "rewrite": "print(\"a b\", sep='')"}]);
case!(py_rewrite_inserted_argument_on_its_own_line_and_layout_that_would_not_parse, "d.py",
    "def f():\n    y = g(\n        a,\n        b)\n    return foo(\n        a)\n",
    [{"op": "rewrite", "symbol": "f", "pattern": "g($A, $B)", "rewrite": "g($A, x, $B)"},
     {"op": "rewrite", "symbol": "f", "pattern": "foo($A)", "rewrite": "bar + $A"}]);
case!(rs_rewrite_keeps_the_calls_line_breaks, "calls.rs",
    "fn f() {\n    let v = compute(\n        1,\n        \"x  y\",\n    );\n}\n",
    [{"op": "rewrite", "symbol": "f", "pattern": "compute($$$A)", "rewrite": "calc($$$A)"}]);
case!(ts_rewrite_keeps_the_calls_line_breaks, "calls.ts",
    "function f() {\n  return fetch(\n    url,\n    { method: `POST  x` },\n  );\n}\n",
    [{"op": "rewrite", "symbol": "f", "pattern": "fetch($$$A)", "rewrite": "http.send($$$A)"}]);
case!(rewrite_without_a_match_is_no_match, "log.py", "def f(x):\n    return x\n",
    [{"op": "rewrite", "symbol": "f", "pattern": "print($A)", "rewrite": "log.info($A)"}]);

const BROKEN_PY: &str = "class Engine:\n    def process(self, job):\n        return job\n\n    def broken(self:\n        pass\n\n    @staticmethod\n    def close():\n        return None\n\n\ndef helper():\n    return 1\n";

case!(py_fallback_finds_a_definition_the_parser_lost, "broken.py", BROKEN_PY,
    [{"op": "replace", "symbol": "Engine.broken", "content": "def broken(self):\n    return \"fixed\""}]);
case!(py_fallback_cuts_an_extent_stretched_by_error_recovery, "open.py",
    "class Engine:\n    def a(self):\n        return (1,\n\n    def b(self):\n        return 2\n",
    [{"op": "replace", "symbol": "Engine.a", "content": "def a(self):\n    return (1, 2)"}]);
case!(py_fallback_delete_stops_at_the_next_definition, "runaway.py",
    "def a(:\n    x = [\n\ndef b():\n    return 2\n",
    [{"op": "delete", "symbol": "a"}]);
case!(rs_fallback_braces, "broken.rs",
    "struct S;\n\nimpl S {\n    fn good(&self) -> u8 {\n        1\n    }\n\n    fn bad(&self) -> u8 {\n        let s = \"}\";\n        match {\n    }\n}\n\nfn after() {}\n",
    [{"op": "replace", "symbol": "S.good", "content": "fn good(&self) -> u8 {\n    7\n}"}]);

case!(ts_overload_implementation_by_occurrence, "parse.ts",
    "export function parse(v: string): number;\nexport function parse(v: number): number;\nexport function parse(v: string | number): number {\n  return Number(v);\n}\n",
    [{"op": "replace", "symbol": "parse#3", "content": "function parse(v: string | number): number {\n  return typeof v === \"number\" ? v : Number.parseFloat(v);\n}"}]);
case!(py_nested_class_method, "nested.py",
    "class Outer:\n    class Config:\n        retries = 3\n\n        def as_dict(self):\n            return {\"retries\": self.retries}\n\n    def run(self):\n        return self.Config().as_dict()\n",
    [{"op": "replace", "symbol": "Outer.Config.as_dict", "content": "def as_dict(self):\n    return vars(self)"},
     {"op": "insert", "after_symbol": "Outer.Config.as_dict", "content": "def keys(self):\n    return list(self.as_dict())"}]);
case!(py_async_method_replace_dedent, "aio.py",
    "class Client:\n    async def fetch(self, url):\n        return await get(url)\n",
    [{"op": "replace", "symbol": "Client.fetch", "content": "async def fetch(self, url, timeout=10):\n    async with session(timeout) as s:\n        return await s.get(url)"}]);
case!(rs_async_fn_with_attribute, "server.rs",
    "#[tokio::main]\nasync fn main() {\n    serve().await;\n}\n\nasync fn serve() {}\n",
    [{"op": "replace", "symbol": "main", "content": "async fn main() {\n    tracing::init();\n    serve().await;\n}"}]);
case!(rs_crlf_file_and_last_item_without_newline, "crlf.rs", "fn a() -> u8 {\r\n    1\r\n}\r\n\r\nfn b() -> u8 {\r\n    2\r\n}",
    [{"op": "insert", "after_symbol": "a", "content": "fn c() -> u8 {\n    3\n}"},
     {"op": "replace", "symbol": "b", "content": "fn b() -> u8 {\n    20\n}"}]);
case!(js_docstring_created_and_replaced, "util.js",
    "/** Old. */\nfunction a() {\n  return 1;\n}\n\nclass K {\n  m() {\n    return 2;\n  }\n}\n",
    [{"op": "update_docstring", "symbol": "a", "content": "Adds nothing.\n\nReturns 1."},
     {"op": "update_docstring", "symbol": "K.m", "content": "A method with */ inside."}]);
case!(tsx_insert_component_after, "App.tsx",
    "export function Badge() {\n  return <b>ok</b>;\n}\n\nexport default function App() {\n  return <Badge />;\n}\n",
    [{"op": "insert", "after_symbol": "Badge", "content": "export const Pill = ({ text }: { text: string }) => (\n  <span className=\"pill\">\n    {text}\n  </span>\n);"}]);
case!(py_decorated_class_replaced_without_decorator_keeps_it, "model.py",
    "from dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass Point:\n    x: int\n    y: int\n",
    [{"op": "replace", "symbol": "Point", "content": "class Point:\n    x: int\n    y: int\n    z: int = 0"}]);

// Members as symbols (fields, variants, enum members, properties, class attributes): every
// operation, with the list's commas kept valid.
const RS_MEMBERS: &str = "/// A config.\n#[derive(Debug)]\npub struct Config {\n    /// The port.\n    pub port: u16,\n    #[allow(dead_code)]\n    host: String, // where\n    last: bool\n}\n\nimpl Config {\n    pub fn port(&self) -> u16 {\n        self.port\n    }\n}\n\npub enum Color {\n    Red,\n    /// Green.\n    Green = 2,\n    Rgb { r: u8, g: u8, b: u8 },\n}\n";
case!(rs_member_field_and_method_of_one_name_are_ambiguous, "config.rs", RS_MEMBERS,
    [{"op": "delete", "symbol": "Config.port"}]);
// What replaces one of them says which: a method's content, the method; a field's, the field.
case!(rs_member_field_and_method_of_one_name_told_apart_by_the_content, "config.rs", RS_MEMBERS,
    [{"op": "replace", "symbol": "Config.port", "content": "pub fn port(&self) -> u32 {
    self.port.into()
}"},
     {"op": "replace", "symbol": "Config.port", "content": "pub port: u32,"}]);
case!(rs_member_field_replaced_by_occurrence_keeps_doc_and_comma, "config.rs", RS_MEMBERS,
    [{"op": "replace", "symbol": "Config.port#1", "content": "pub port: u32"}]);
case!(rs_member_last_field_deleted_and_trailing_comment_goes_with_its_field, "config.rs", RS_MEMBERS,
    [{"op": "delete", "symbol": "Config.last"}, {"op": "delete", "symbol": "Config.host"}]);
case!(rs_member_insert_after_last_field_adds_its_comma, "config.rs", RS_MEMBERS,
    [{"op": "insert", "after_symbol": "Config.last", "content": "timeout: u32"}]);
case!(rs_member_insert_before_and_after_a_field_with_comma, "config.rs", RS_MEMBERS,
    [{"op": "insert", "before_symbol": "Config.host", "content": "/// Seconds.\ntimeout: u32"},
     {"op": "insert", "after_symbol": "Config.host", "content": "user: String"}]);
case!(rs_member_variant_into_enum_and_docstring, "config.rs", RS_MEMBERS,
    [{"op": "insert", "into": "Color", "content": "Blue"},
     {"op": "update_docstring", "symbol": "Color.Red", "content": "Red, the default."}]);
case!(rs_member_inline_fields_of_a_variant, "config.rs", RS_MEMBERS,
    [{"op": "replace", "symbol": "Color.Rgb.r", "content": "r: u16"},
     {"op": "delete", "symbol": "Color.Rgb.b"},
     {"op": "insert", "after_symbol": "Color.Rgb.g", "content": "a: u8"},
     {"op": "delete", "symbol": "Color.Rgb.r"}]);
case!(rs_member_inline_multiline_content_is_refused, "config.rs", RS_MEMBERS,
    [{"op": "insert", "after_symbol": "Color.Rgb.g", "content": "/// Alpha.\na: u8"}]);
const TS_MEMBERS: &str = "export enum Mode {\n  /** First. */\n  A = 1,\n  B\n}\n\nexport interface Options {\n  /** Milliseconds. */\n  timeout: number;\n  retries?: number;\n  run(): void;\n}\n\nexport type Flags = { verbose: boolean; quiet?: boolean };\n";
case!(ts_member_enum_members, "opts.ts", TS_MEMBERS,
    [{"op": "insert", "after_symbol": "Mode.B", "content": "C = 3"},
     {"op": "insert", "before_symbol": "Mode.A", "content": "Z"},
     {"op": "replace", "symbol": "Mode.A", "content": "A = 10"}]);
case!(ts_member_interface_properties, "opts.ts", TS_MEMBERS,
    [{"op": "replace", "symbol": "Options.timeout", "content": "timeout: number | string;"},
     {"op": "insert", "after_symbol": "Options.retries", "content": "signal?: AbortSignal;"},
     {"op": "update_docstring", "symbol": "Options.retries", "content": "How many times."},
     {"op": "delete", "symbol": "Mode.B"}]);
case!(ts_member_type_literal_property_is_addressable, "opts.ts", TS_MEMBERS,
    [{"op": "delete", "symbol": "Flags.quiet"}]);
const PY_MEMBERS: &str = "from dataclasses import dataclass\n\n\n@dataclass\nclass Engine:\n    \"\"\"An engine.\"\"\"\n\n    retries: int = 3\n    name: str = \"e\"\n\n    def run(self):\n        return self.retries\n";
case!(py_member_class_attributes, "engine.py", PY_MEMBERS,
    [{"op": "replace", "symbol": "Engine.retries", "content": "retries: int = 5"},
     {"op": "insert", "after_symbol": "Engine.name", "content": "timeout: float = 1.0"},
     {"op": "delete", "symbol": "Engine.name"}]);
case!(ts_member_inline_type_members_keep_their_semicolons, "opts.ts", TS_MEMBERS,
    [{"op": "insert", "after_symbol": "Flags.verbose", "content": "debug: boolean"},
     {"op": "replace", "symbol": "Flags.quiet", "content": "quiet: true;"},
     {"op": "insert", "after_symbol": "Flags.quiet", "content": "level?: number;"},
     {"op": "insert", "before_symbol": "Options.run", "content": "stop(): void"}]);
// An instance attribute is defined at its first assignment in `__init__` (else in the first
// method that assigns it); deleting a method's last statement leaves `pass`.
case!(py_member_instance_attributes, "engine.py",
    "class Engine:\n    retries = 3\n\n    def reset(self):\n        self.late = 1\n        self.state = -1\n\n    def __init__(self, x):\n        if x:\n            self.state = 0\n        self.retries = 5\n\n    def run(self):\n        self.late = 2\n",
    [{"op": "replace", "symbol": "Engine.state", "content": "self.state = 1"},
     {"op": "update_docstring", "symbol": "Engine.reset", "content": "Back to the start."},
     {"op": "delete", "symbol": "Engine.late"}]);
// Attributes assigned together (`self.a, self.b = ...`) are each a definition, the target
// alone: shown and referred to, but not cut out of the statement they share.
case!(py_member_instance_attributes_assigned_together, "pair.py",
    "class Pair:\n    def __init__(self, p):\n        self.a, self.b = p\n",
    [{"op": "delete", "symbol": "Pair.b"}]);
