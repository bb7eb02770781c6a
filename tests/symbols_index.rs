//! The symbol index through the library: invariants every extent must keep on every
//! fixture, and the constructs INTERFACE.md §1 names, asserted one by one.

mod common;

use saguaro::lang::{Attachment, Registry};
use saguaro::source::SourceText;
use saguaro::symbols::SymbolIndex;

fn index_file(path: &str) -> SymbolIndex {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let language = Registry::global().for_path(path).expect("a registered extension");
    SymbolIndex::build(SourceText::read(&full, path).unwrap(), &language.name).unwrap()
}

fn index_text(text: &str, language: &str) -> SymbolIndex {
    SymbolIndex::build(SourceText::new(text.to_string()), language).unwrap()
}

fn lines_of(index: &SymbolIndex, path: &str) -> (usize, usize) {
    let s = index.resolve_str(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (s.extent.start_line, s.extent.end_line)
}

fn text_of(index: &SymbolIndex, span: saguaro::symbols::Span) -> &str {
    &index.source.text()[span.start_byte..span.end_byte]
}

#[test]
fn every_extent_is_well_formed_on_every_fixture() {
    for fixture in common::FIXTURES {
        let index = index_file(fixture);
        let text = index.source.text();
        assert!(index.parse_errors.is_empty(), "{fixture} parses cleanly");
        assert!(index.symbols.len() > 25, "{fixture} has a realistic number of symbols");
        for s in &index.symbols {
            let what = format!("{fixture}: {}", s.selector());
            let e = s.extent;
            assert!(e.start_byte < e.end_byte, "{what}: empty extent");
            // The extent ends on its last non-blank character and starts on a non-blank one.
            assert!(
                !text[..e.end_byte].ends_with(char::is_whitespace),
                "{what}: trailing whitespace in extent"
            );
            assert!(
                !text[e.start_byte..].starts_with(char::is_whitespace),
                "{what}: leading whitespace"
            );
            // Lines agree with bytes.
            assert_eq!(
                index.source.line_of(e.start_byte) + 1,
                e.start_line,
                "{what}: start line"
            );
            assert_eq!(index.source.line_of(e.end_byte - 1) + 1, e.end_line, "{what}: end line");
            // Extent ⊇ declaration ⊇ name; body and docstring inside the extent.
            let d = s.declaration;
            assert!(
                e.start_byte <= d.start_byte && d.end_byte <= e.end_byte,
                "{what}: declaration outside extent"
            );
            let n = s.name_span;
            assert!(
                d.start_byte <= n.start_byte && n.end_byte <= d.end_byte,
                "{what}: name outside declaration"
            );
            assert_eq!(
                text_of(&index, n).replace(' ', ""),
                s.name,
                "{what}: name span spells the name"
            );
            if let Some(b) = s.body {
                assert!(
                    d.start_byte <= b.start_byte && b.end_byte <= d.end_byte,
                    "{what}: body outside"
                );
            }
            if let Some(doc) = s.docstring {
                assert!(
                    e.start_byte <= doc.start_byte && doc.end_byte <= e.end_byte,
                    "{what}: docstring outside"
                );
            }
            // The indent is the first line's leading whitespace.
            let line_start = index.source.line_start(e.start_line - 1);
            assert!(text[line_start..].starts_with(&s.indent), "{what}: indent");
            // A member lies inside its listed parent.
            if let Some(p) = s.parent {
                let parent = &index.symbols[p];
                assert!(
                    parent.extent.start_byte <= e.start_byte && e.end_byte <= parent.extent.end_byte,
                    "{what}: outside its parent {}",
                    parent.path
                );
            }
            // Every selector resolves back to this very symbol.
            let back = index.resolve_str(&s.selector()).unwrap();
            assert!(std::ptr::eq(back, s), "{what}: selector resolves elsewhere");
        }
    }
}

#[test]
fn python_constructs() {
    let index = index_file("fixtures/python/engine.py");
    let kind = |p: &str| index.resolve_str(p).unwrap().kind.clone();
    assert_eq!(kind("Engine"), "class");
    assert_eq!(kind("Engine.process_many"), "method");
    assert_eq!(kind("Engine.process_async"), "method");
    assert_eq!(kind("run_all"), "function");
    assert_eq!(kind("run_all.one"), "function", "nested async function");
    assert_eq!(
        kind("retry.decorate.wrapper"),
        "function",
        "nested function inside nested function"
    );
    assert_eq!(kind("Engine.Config.as_dict"), "method", "method of a nested class");
    assert_eq!(kind("MAX_RETRIES"), "variable", "annotated module assignment");
    assert_eq!(kind("DEFAULT_TIMEOUT"), "variable");
    // Decorators are part of the extent.
    let flaky = index.resolve_str("Engine.flaky").unwrap();
    assert!(text_of(&index, flaky.extent).starts_with("@retry(times=2)\n    def flaky"));
    assert_eq!(flaky.attached, vec![Attachment::Decorator]);
    assert!(text_of(&index, flaky.declaration).starts_with("def flaky"));
    // @property with its setter, and @overload groups: several definitions, each by #N.
    assert_eq!(index.find("Store.capacity").len(), 2);
    assert_eq!(index.find("Engine.process").len(), 3);
    assert_eq!(index.find("first").len(), 3);
    assert_eq!(index.find("dumps").len(), 2, "definitions in try/except both count");
    let err = index.resolve_str("Engine.process").unwrap_err();
    assert_eq!(err.code.as_str(), "ambiguous_symbol");
    let lines: Vec<usize> = err.candidates.iter().map(|c| c.line).collect();
    assert_eq!(lines, vec![173, 176, 178]);
    assert_eq!(err.candidates[2].path.as_deref(), Some("Engine.process#3"));
    assert_eq!(lines_of(&index, "Engine.process#3"), (178, 195));
    // Docstrings: plain, single-quoted, raw; an f-string is not one.
    let doc = |p: &str| {
        index
            .resolve_str(p)
            .unwrap()
            .docstring
            .map(|d| text_of(&index, d).to_string())
    };
    assert!(doc("Store.get").unwrap().starts_with("\"\"\"Return the result"));
    assert!(doc("make_pipeline").unwrap().starts_with("'''Steps"));
    assert!(doc("_format_duration").unwrap().starts_with("r\"\"\"Render"));
    assert!(
        doc("Engine").unwrap().starts_with("\"\"\"Runs jobs"),
        "a comment before the docstring"
    );
    assert_eq!(doc("report"), None);
    assert_eq!(doc("Empty"), None);
    // Trailing blank lines and the code after a definition are not part of it.
    assert_eq!(lines_of(&index, "Marker"), (318, 318));
    assert_eq!(lines_of(&index, "main"), (321, 326));
}

#[test]
fn rust_constructs() {
    let index = index_file("fixtures/rust/store.rs");
    let kind = |p: &str| index.resolve_str(p).unwrap().kind.clone();
    for (path, expected) in [
        ("MAX_VALUE_LEN", "constant"),
        ("WRITES", "static"),
        ("Result", "type"),
        ("btree", "macro"),
        ("StoreError", "enum"),
        ("Cell", "union"),
        ("Store", "trait"),
        ("Store.get", "method"),
        ("Store.contains", "method"),
        ("MemoryStore", "struct"),
        ("MemoryStore.new", "method"),
        ("Engine.process", "method"),
        ("wal", "module"),
        ("wal.Record.encode", "method"),
        ("wal.codec.put_bytes", "function"),
        ("checksum", "function"),
        ("crc32", "function"),
        ("unicode_key_ключ", "function"),
        ("tests.filled", "function"),
    ] {
        assert_eq!(kind(path), expected, "{path}");
    }
    // `Engine::process` is a spelling of `Engine.process`.
    assert_eq!(index.resolve_str("Engine::process").unwrap().path, "Engine.process");
    // Methods of `impl Trait for T` and `impl<S: Store> Shared<S>` are named through T.
    assert_eq!(
        index.resolve_str("Shared.get").unwrap().parent_path.as_deref(),
        Some("Shared")
    );
    assert_eq!(index.find("MemoryStore.get").len(), 1, "trait impl method");
    assert_eq!(
        index.find("Shared.clone").len(),
        1,
        "generic trait impl `impl<S> Clone for Shared<S>`"
    );
    // Doc comments and attributes are part of the extent, in source order.
    let process = index.resolve_str("Engine.process").unwrap();
    assert!(text_of(&index, process.extent).starts_with("/// Applies one write"));
    assert_eq!(process.attached, vec![Attachment::Attribute, Attachment::Doc]);
    assert_eq!(
        text_of(&index, process.docstring.unwrap()),
        "/// Applies one write: logs it first, then stores it."
    );
    assert!(text_of(&index, index.resolve_str("tests").unwrap().extent).starts_with("#[cfg(test)]"));
    // `mod name;` lives in another file and is not listed.
    assert!(index.find("compaction").is_empty());
    // Several impl blocks give several `fmt`s under different types, but one per type.
    assert_eq!(index.find("Metrics.fmt").len(), 1);
    assert_eq!(index.find("StoreError.fmt").len(), 1);
}

#[test]
fn typescript_constructs() {
    let index = index_file("fixtures/typescript/client.ts");
    let kind = |p: &str| index.resolve_str(p).unwrap().kind.clone();
    for (path, expected) in [
        ("JobId", "type"),
        ("JobState", "enum"),
        ("Transport", "interface"),
        ("Transport.send", "method"),
        ("withRetries", "function"),
        ("pages", "function"),
        ("isTerminal", "function"),
        ("describe", "function"),
        ("BaseClient", "class"),
        ("BaseClient.request", "method"),
        ("JobsClient.constructor", "constructor"),
        ("JobsClient.version", "getter"),
        ("JobsClient.onError", "method"),
        ("JobsClient.#track", "method"),
        ("Api", "module"),
        ("Api.Client.send", "function"),
        ("Api.Internal.trace", "function"),
        ("Api.Error.constructor", "constructor"),
        ("createClient", "function"),
        ("JobQueue.of", "method"),
    ] {
        assert_eq!(kind(path), expected, "{path}");
    }
    // `export` and the JSDoc are part of the extent; the declaration starts after them.
    let with_retries = index.resolve_str("withRetries").unwrap();
    assert!(text_of(&index, with_retries.extent).starts_with("/**\n * Retries"));
    assert!(text_of(&index, with_retries.declaration).starts_with("async function withRetries"));
    assert_eq!(with_retries.attached, vec![Attachment::Doc, Attachment::Modifier]);
    // `export default function`.
    assert!(text_of(&index, index.resolve_str("createClient").unwrap().extent).starts_with("export default function"));
    // Decorated methods keep their decorator and doc comment.
    let get = index.resolve_str("JobsClient.get").unwrap();
    assert!(text_of(&index, get.extent).starts_with("/** Fetches one job. */\n  @log\n  async get"));
    // Overloads and accessor pairs are several definitions.
    assert_eq!(index.find("parseId").len(), 3);
    assert_eq!(index.find("JobQueue.push").len(), 3);
    let pending: Vec<String> = index
        .find("JobsClient.pending")
        .iter()
        .map(|s| s.kind.clone())
        .collect();
    assert_eq!(pending, ["getter", "setter"]);
    // The callback inside `createClient` defines nothing addressable.
    assert!(index.find("createClient.report").is_empty() && index.find("report").is_empty());
}

#[test]
fn tsx_and_javascript_constructs() {
    let tsx = index_file("fixtures/tsx/JobBoard.tsx");
    assert_eq!(tsx.language, "tsx");
    assert_eq!(
        lines_of(&tsx, "StateBadge"),
        (60, 73),
        "const arrow component with multi-line JSX"
    );
    assert_eq!(
        lines_of(&tsx, "JobBoard.summary"),
        (134, 137),
        "a local closure of a component"
    );
    assert_eq!(
        tsx.resolve_str("JobDrawer.toggle").unwrap().kind,
        "method",
        "class field holding an arrow"
    );
    assert_eq!(lines_of(&tsx, "App"), (264, 281));
    let js = index_file("fixtures/javascript/router.js");
    assert_eq!(js.language, "javascript");
    assert_eq!(js.resolve_str("Router.size").unwrap().kind, "getter");
    assert_eq!(js.find("Router.prefix").len(), 2);
    assert_eq!(js.resolve_str("Router.handle.run").unwrap().kind, "function");
    assert_eq!(js.resolve_str("Router.#log").unwrap().kind, "method");
    assert!(
        js.find("makeRouter").is_empty(),
        "helpers inside a test callback are not addressable"
    );
    assert!(
        js.find("health").is_empty(),
        "methods of an object literal are not addressable"
    );
    assert!(text_of(&js, js.resolve_str("logger").unwrap().extent).starts_with("/** Logs each request"));
}

/// The kind of `path` and the exact text of its extent.
fn kind_and_text<'i>(index: &'i SymbolIndex, path: &str) -> (&'i str, &'i str) {
    let s = index.resolve_str(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (s.kind.as_str(), text_of(index, s.extent))
}

#[test]
fn typescript_values_and_fields() {
    let index = index_file("fixtures/typescript/client.ts");
    for (path, kind, extent) in [
        // One name: the whole statement, `export` and doc comment included.
        (
            "requestCount",
            "variable",
            "/** Requests sent by every client of this process, for the metrics endpoint. */\nexport let requestCount = 0;",
        ),
        (
            "DEFAULT_OPTIONS",
            "constant",
            "const DEFAULT_OPTIONS = { retries: 2, timeoutMs: 10_000 } as const;",
        ),
        ("__BUILD__", "constant", "declare const __BUILD__: string;"),
        // Several names: each declarator with the comma after it; the `;` ends them all.
        ("legacyAgent", "variable", "legacyAgent = \"jobs-client/1\","),
        ("legacyTimeoutMs", "variable", "legacyTimeoutMs = 30_000"),
        ("MIN_BACKOFF_MS", "constant", "MIN_BACKOFF_MS = 100,"),
        ("MAX_BACKOFF_MS", "constant", "MAX_BACKOFF_MS = 30_000,"),
        ("BACKOFF_FACTOR", "constant", "BACKOFF_FACTOR = 2"),
        // In a namespace.
        ("Api.VERSION", "constant", "export const VERSION = \"2.1\";"),
        ("Api.Internal.traced", "variable", "let traced = 0;"),
        // Class fields with their modifiers, decorators, doc comment and `;`.
        (
            "BaseClient.middleware",
            "field",
            "protected readonly middleware: Middleware[] = [];",
        ),
        (
            "BaseClient.counts",
            "field",
            "/** Events emitted so far, by name. */\n  @observed\n  protected counts: Record<string, number> = {};",
        ),
        (
            "BaseClient.DEFAULT_RETRIES",
            "field",
            "static readonly DEFAULT_RETRIES: number = 2;",
        ),
        ("BaseClient.kind", "field", "declare readonly kind?: string;"),
        ("BaseClient.name", "field", "abstract readonly name: string;"),
        ("JobsClient.#pending", "field", "#pending = 0;"),
        // Parameter properties: the parameter, its doc comment and its comma.
        ("BaseClient.transport", "field", "protected readonly transport: Transport"),
        ("FetchTransport.token", "field", "private readonly token?: string,"),
        (
            "FetchTransport.agent",
            "field",
            "/** Sent as `user-agent`. */\n    protected readonly agent = userAgent,",
        ),
        ("Api.Error.status", "field", "public readonly status: number,"),
        ("JobQueue.limit", "field", "private readonly limit = 100"),
        // A field holding a function stays a method; its `;` is part of it too.
        (
            "JobsClient.onError",
            "method",
            "private onError = (error: Error): void => {\n    this.emit(\"error\", error);\n  };",
        ),
        // A method signature ends with its `;`.
        (
            "BaseClient.request",
            "method",
            "protected abstract request<T>(method: Method, path: string, body?: unknown): Promise<T>;",
        ),
    ] {
        assert_eq!(kind_and_text(&index, path), (kind, extent), "{path}");
    }
    // A parameter property is a member of the class, not of the constructor, and the
    // parameter without a modifier is no field.
    let token = index.resolve_str("FetchTransport.token").unwrap();
    assert_eq!(token.parent_path.as_deref(), Some("FetchTransport"));
    assert_eq!(index.symbols[token.parent.unwrap()].path, "FetchTransport");
    assert!(index.find("FetchTransport.timeoutMs").is_empty());
    // The decorator and the doc comment are attached pieces: the declaration starts after them.
    let counts = index.resolve_str("BaseClient.counts").unwrap();
    assert_eq!(counts.attached, vec![Attachment::Decorator, Attachment::Doc]);
    assert_eq!(
        text_of(&index, counts.declaration),
        "protected counts: Record<string, number> = {}"
    );
    assert_eq!(
        text_of(&index, counts.docstring.unwrap()),
        "/** Events emitted so far, by name. */"
    );
    let request_count = index.resolve_str("requestCount").unwrap();
    assert_eq!(request_count.attached, vec![Attachment::Doc, Attachment::Modifier]);
    assert_eq!(text_of(&index, request_count.declaration), "let requestCount = 0;");
    // A destructuring pattern names nothing; locals of functions and of a block at the top
    // of the file are not symbols.
    for local in [
        "defaultHost",
        "hostname",
        "banner",
        "lastError",
        "withRetries.lastError",
        "log.original",
        "JobsClient.request.url",
        "drain.submitted",
        "drain.next",
    ] {
        assert!(index.find(local).is_empty(), "{local} is local");
    }
}

#[test]
fn tsx_and_javascript_values_and_fields() {
    let tsx = index_file("fixtures/tsx/JobBoard.tsx");
    for (path, kind, extent) in [
        (
            "ThemeContext",
            "constant",
            "const ThemeContext = createContext<ThemeValue>({ dense: false, accent: \"#3b82f6\" });",
        ),
        ("JobDrawer.defaultProps", "field", "static defaultProps = {};"),
        (
            "JobDrawer.openCount",
            "field",
            "/** Drawers open at once: the body keeps its class while any is. */\n  private static openCount = 0;",
        ),
        ("lastSort", "variable", "lastSort: SortState | undefined,"),
        ("sortCount", "variable", "sortCount = 0"),
    ] {
        assert_eq!(kind_and_text(&tsx, path), (kind, extent), "{path}");
    }
    assert_eq!(lines_of(&tsx, "COLUMN_WIDTHS"), (328, 333));
    // A component made by a call is a value, not a function.
    assert_eq!(tsx.resolve_str("ProgressBar").unwrap().kind, "constant");
    assert!(tsx.find("rememberSort.previous").is_empty() && tsx.find("previous").is_empty());

    let js = index_file("fixtures/javascript/router.js");
    for (path, kind, extent) in [
        (
            "METHODS",
            "constant",
            "const METHODS = [\"GET\", \"POST\", \"PUT\", \"PATCH\", \"DELETE\"];",
        ),
        ("handled", "variable", "handled = 0,"),
        ("failed", "variable", "failed = 0"),
        ("DEFAULT_PORT", "variable", "var DEFAULT_PORT = process.env.PORT || 8080;"),
        (
            "Router.defaults",
            "field",
            "/** Shared by every router unless `options.limits` says otherwise. */\n  static defaults = { maxBody: 1 << 20 };",
        ),
        ("Router.#routes", "field", "#routes = [];"),
        ("Router.caseSensitive", "field", "caseSensitive"),
    ] {
        assert_eq!(kind_and_text(&js, path), (kind, extent), "{path}");
    }
    assert_eq!(lines_of(&js, "handlers"), (227, 234));
    assert_eq!(js.resolve_str("notFound").unwrap().kind, "function");
    // `const { EventEmitter } = require(...)` names nothing; locals stay local.
    for local in ["EventEmitter", "keys", "compile.keys", "rateLimit.hits", "chunks"] {
        assert!(js.find(local).is_empty(), "{local} is local");
    }
}

#[test]
fn values_are_listed_only_where_a_name_path_reaches_them() {
    let text = "\
const top = 1;
export function f() {
  const local = 2;
  const helper = () => local;
  return helper;
}
for (const item of [1, 2]) {
  const inLoop = item;
}
{
  let inBlock = 3;
}
declare module \"ambient\" {
  export const inAmbient: number;
}
namespace Outer.Inner {
  export declare let deep: string;
  var a = 1, b = function () { return a; };
}
class K {
  static #count = 0;
  constructor(readonly id: string, override name: string, public opt?: number, plain = 1) {}
}
const { x, y: [z] } = { x: 1, y: [2] };
let h = 1, i = 2, j = () => 3, k = 4;
export const MAX = 10 // no `;`: the comment is inside the statement
var d = 1, // the first
  e = 2, // the second
  f2 = 3
";
    let index = index_text(text, "typescript");
    let listed: Vec<(String, String)> = index.symbols.iter().map(|s| (s.selector(), s.kind.clone())).collect();
    let expected = [
        ("top", "constant"),
        ("f", "function"),
        ("f.helper", "function"),
        ("Outer.Inner", "module"),
        ("Outer.Inner.deep", "variable"),
        ("Outer.Inner.a", "variable"),
        ("Outer.Inner.b", "function"),
        ("K", "class"),
        ("K.#count", "field"),
        ("K.constructor", "constructor"),
        ("K.id", "field"),
        ("K.name", "field"),
        ("K.opt", "field"),
        ("h", "variable"),
        ("i", "variable"),
        ("j", "function"),
        ("k", "variable"),
        ("MAX", "constant"),
        ("d", "variable"),
        ("e", "variable"),
        ("f2", "variable"),
    ];
    let expected: Vec<(String, String)> = expected.iter().map(|(p, k)| (p.to_string(), k.to_string())).collect();
    assert_eq!(listed, expected);
    let opt = index.resolve_str("K.opt").unwrap();
    assert_eq!(text_of(&index, opt.extent), "public opt?: number,");
    let b = index.resolve_str("Outer.Inner.b").unwrap();
    assert_eq!(text_of(&index, b.extent), "b = function () { return a; }");
    assert_eq!(
        text_of(&index, index.resolve_str("MAX").unwrap().extent),
        "export const MAX = 10 // no `;`: the comment is inside the statement"
    );
    assert_eq!(text_of(&index, index.resolve_str("e").unwrap().extent), "e = 2,");
}

/// Plans one operation on `text` with the library, as `apply` would: the new text, or the
/// error's code.
fn plan_one(text: &str, language: &str, op: serde_json::Value) -> Result<String, String> {
    let op: saguaro::edit::Operation = serde_json::from_value(op).unwrap();
    saguaro::edit::plan(text, language, &[op])
        .map(|planned| planned.text)
        .map_err(|e| e.code.as_str().to_string())
}

#[test]
fn fields_and_values_are_replaced_and_deleted_by_name() {
    let text = "\
import { Repo } from \"./repo\";

/** Handlers by route. */
export const handlers = {
  ping: () => \"pong\",
};

let counter = 0;
const a = 1,
  b = 2,
  c = 3;

export class Service {
  /** How many calls so far. */
  @observable
  private count = 0;
  static readonly MAX: number;
  #secret = 1;

  constructor(
    private readonly repo: Repo,
    /** The log. */
    @Inject(LOG) public log: Log,
    plain: number,
  ) {}

  abstract run(): void;
}
";
    let delete = |path: &str| plan_one(text, "typescript", serde_json::json!({"op": "delete", "symbol": path}));
    let replace = |path: &str, content: &str| {
        plan_one(
            text,
            "typescript",
            serde_json::json!({"op": "replace", "symbol": path, "content": content}),
        )
    };
    // Delete: the extent's lines go with the blank lines after them, and the file parses
    // (the edit is re-parsed: a stray `,` or `;` would be refused).
    assert_eq!(
        delete("Service.count").unwrap(),
        text.replace(
            "  /** How many calls so far. */\n  @observable\n  private count = 0;\n",
            ""
        )
    );
    assert_eq!(
        delete("Service.MAX").unwrap(),
        text.replace("  static readonly MAX: number;\n", "")
    );
    assert_eq!(
        delete("Service.#secret").unwrap(),
        text.replace("  #secret = 1;\n\n", "")
    );
    assert_eq!(
        delete("Service.repo").unwrap(),
        text.replace("    private readonly repo: Repo,\n", "")
    );
    assert_eq!(
        delete("Service.log").unwrap(),
        text.replace("    /** The log. */\n    @Inject(LOG) public log: Log,\n", "")
    );
    assert_eq!(
        delete("Service.run").unwrap(),
        text.replace("\n\n  abstract run(): void;\n", "\n")
    );
    assert_eq!(
        delete("handlers").unwrap(),
        text.replace(
            "/** Handlers by route. */\nexport const handlers = {\n  ping: () => \"pong\",\n};\n\n",
            ""
        )
    );
    assert_eq!(delete("counter").unwrap(), text.replace("let counter = 0;\n", ""));
    assert_eq!(delete("b").unwrap(), text.replace("  b = 2,\n", ""));
    // A declarator sharing its line with `const` or the `;` cannot go alone.
    for shared in ["a", "c"] {
        assert_eq!(delete(shared).unwrap_err(), "conflict", "{shared}");
    }

    // Replace: what the content does not carry is kept (decorator, doc comment, `export`).
    assert_eq!(
        replace("Service.count", "count = 1;").unwrap(),
        text.replace("  private count = 0;", "  count = 1;")
    );
    assert_eq!(
        replace("Service.count", "@computed private count = 2;").unwrap(),
        text.replace("  @observable\n  private count = 0;", "  @computed private count = 2;")
    );
    assert_eq!(
        replace("Service.repo", "private readonly repo: OtherRepo,").unwrap(),
        text.replace("repo: Repo,", "repo: OtherRepo,")
    );
    assert_eq!(
        replace("handlers", "const handlers = { ping: () => \"PONG\" };").unwrap(),
        text.replace(
            "export const handlers = {\n  ping: () => \"pong\",\n};",
            "export const handlers = { ping: () => \"PONG\" };"
        )
    );
    assert_eq!(
        replace("counter", "let counter = 10;").unwrap(),
        text.replace("let counter = 0;", "let counter = 10;")
    );
    // A new member goes after the last one, not after a parameter property inside the
    // constructor.
    let inserted = plan_one(
        text,
        "typescript",
        serde_json::json!({"op": "insert", "into": "Service", "content": "stop(): void {}"}),
    )
    .unwrap();
    assert_eq!(
        inserted,
        text.replace(
            "  abstract run(): void;\n",
            "  abstract run(): void;\n\n  stop(): void {}\n"
        )
    );
}

#[test]
fn a_class_decorator_stays_on_its_line_when_the_class_is_replaced() {
    let text = "/** A component. */\n@Component({ selector: \"x\" })\nclass A {\n  m() {}\n}\n";
    let index = index_text(text, "typescript");
    let a = index.resolve_str("A").unwrap();
    assert_eq!(text_of(&index, a.extent), text.trim_end());
    assert!(text_of(&index, a.declaration).starts_with("class A"));
    let replaced = plan_one(
        text,
        "typescript",
        serde_json::json!({"op": "replace", "symbol": "A", "content": "class A {\n  n() {}\n}"}),
    )
    .unwrap();
    assert_eq!(replaced, text.replace("m() {}", "n() {}"));
}

#[test]
fn javascript_fields_are_deleted_with_their_semicolon() {
    let text =
        "class Router {\n  /** Defaults. */\n  static defaults = {};\n  #routes = [];\n  name\n\n  get() {}\n}\n";
    let deleted = plan_one(
        text,
        "javascript",
        serde_json::json!({"op": "delete", "symbol": "Router.#routes"}),
    )
    .unwrap();
    assert_eq!(deleted, text.replace("  #routes = [];\n", ""));
    let deleted = plan_one(
        text,
        "javascript",
        serde_json::json!({"op": "delete", "symbol": "Router.defaults"}),
    )
    .unwrap();
    assert_eq!(
        deleted,
        text.replace("  /** Defaults. */\n  static defaults = {};\n", "")
    );
    let deleted = plan_one(
        text,
        "javascript",
        serde_json::json!({"op": "delete", "symbol": "Router.name"}),
    )
    .unwrap();
    assert_eq!(deleted, text.replace("  name\n\n", ""));
}

#[test]
fn crlf_and_bom_keep_byte_offsets_of_the_file() {
    let text = "\u{feff}class A:\r\n    def f(self):\r\n        return 1\r\n\r\n\r\ndef g():\r\n    pass\r\n";
    let index = index_text(text, "python");
    let a = index.resolve_str("A").unwrap();
    assert_eq!(a.extent.start_byte, 3, "offsets count the BOM");
    assert_eq!(
        &text[a.extent.start_byte..a.extent.end_byte],
        "class A:\r\n    def f(self):\r\n        return 1"
    );
    let g = index.resolve_str("g").unwrap();
    assert_eq!((g.extent.start_line, g.extent.end_line), (6, 7));
    assert_eq!(&text[g.extent.start_byte..g.extent.end_byte], "def g():\r\n    pass");
}

#[test]
fn doc_comments_cut_off_by_a_blank_line_are_not_attached() {
    let text = "/// Licence header, not documentation.\n\n/// Adds.\n#[inline]\n\n// why: hot path\nfn add() {}\n";
    let index = index_text(text, "rust");
    let add = index.resolve_str("add").unwrap();
    // The attribute belongs whatever the spacing; the doc right above it too; the plain
    // comment between attribute and fn is carried; the header is not.
    assert_eq!(add.extent.start_line, 3);
    assert_eq!(text_of(&index, add.docstring.unwrap()), "/// Adds.");
    let lone = index_text("// a plain comment\nfn f() {}\n", "rust");
    assert_eq!(
        lone.resolve_str("f").unwrap().extent.start_line,
        2,
        "plain comments are not docs"
    );
}

#[test]
fn files_with_parse_errors_still_list_what_recovered() {
    let text = "def ok():\n    return 1\n\ndef broken(:\n    pass\n\nclass Fine:\n    def m(self):\n        return 2\n";
    let index = index_text(text, "python");
    assert_eq!(index.error_lines(), vec![4]);
    assert!(index.resolve_str("ok").is_ok());
    assert!(index.resolve_str("Fine.m").is_ok());
}

#[test]
fn last_symbol_without_final_newline_and_unicode_names() {
    let index = index_text("class Größe:\n    def längen(self):\n        return \"ß\"", "python");
    let m = index.resolve_str("Größe.längen").unwrap();
    assert_eq!(&index.source.text()[m.extent.end_byte - 3..m.extent.end_byte], "ß\"");
    assert_eq!(m.extent.end_line, 3);
}

#[test]
fn not_found_suggests_close_paths() {
    let index = index_file("fixtures/python/engine.py");
    let err = index.resolve_str("Engine.proces").unwrap_err();
    assert_eq!(err.code.as_str(), "symbol_not_found");
    assert!(err.hint.contains("`Engine.process#1`"), "{}", err.hint);
    assert!(err.candidates.len() <= 5);
    let err = index.resolve_str("Stores.get").unwrap_err();
    assert_eq!(err.candidates[0].path.as_deref(), Some("Store.get"));
    let err = index.resolve_str("Engine.process#4").unwrap_err();
    assert_eq!(err.code.as_str(), "symbol_not_found");
    assert!(err.hint.contains("#1") && err.hint.contains("#3"), "{}", err.hint);
}

/// A suggestion is a path that resolves as given: where the close name is itself shared
/// (attrs' class `Attribute` and module value `Attribute = ...`), each definition is
/// offered with its `#N`, never the bare path that would be refused as ambiguous.
#[test]
fn suggestions_for_a_shared_name_resolve_as_given() {
    let index = index_text("class Attribute:\n    pass\n\n\nAttribute = 1\n", "python");
    let err = index.resolve_str("Attribut").unwrap_err();
    assert_eq!(err.code.as_str(), "symbol_not_found");
    let offered: Vec<&str> = err.candidates.iter().filter_map(|c| c.path.as_deref()).collect();
    assert_eq!(offered, ["Attribute#1", "Attribute#2"], "{}", err.hint);
    assert!(err.hint.contains("`Attribute#1`, `Attribute#2`"), "{}", err.hint);
    for path in offered {
        assert!(index.resolve_str(path).is_ok(), "{path} must resolve");
    }
}

#[test]
fn every_registered_language_has_a_grammar_and_compiling_queries() {
    for language in Registry::global().languages() {
        assert!(language.grammar().is_ok(), "{}", language.name);
        language
            .query("symbols")
            .unwrap_or_else(|e| panic!("{}: {e}", language.name));
        assert!(!language.extensions.is_empty());
    }
}

/// Broken input everywhere: every fixture cut at many points (mid-token, mid-string,
/// mid-block) must index without a panic, with extents that still make sense.
#[test]
fn truncated_files_never_panic_and_keep_sane_extents() {
    for fixture in common::FIXTURES {
        let full = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(fixture)).unwrap();
        let language = Registry::global().for_path(fixture).unwrap();
        let mut parser = tree_sitter::Parser::new();
        for cut in (0..full.len()).step_by(89).filter(|&c| full.is_char_boundary(c)) {
            let text = &full[..cut];
            let index = SymbolIndex::build_with(&mut parser, SourceText::new(text.to_string()), language)
                .unwrap_or_else(|e| panic!("{fixture} cut at {cut}: {e}"));
            for s in &index.symbols {
                let e = s.extent;
                assert!(
                    e.start_byte <= e.end_byte && e.end_byte <= text.len(),
                    "{fixture}@{cut}: {}",
                    s.path
                );
                assert!(e.start_line <= e.end_line, "{fixture}@{cut}: {}", s.path);
                assert!(
                    !s.path.is_empty() && !s.path.split('.').any(str::is_empty),
                    "{fixture}@{cut}: {:?}",
                    s.path
                );
            }
        }
    }
}

/// An index rebuilt incrementally after an edit is the index built from scratch.
#[test]
fn incremental_rebuild_equals_a_fresh_build() {
    for fixture in common::FIXTURES {
        let before = index_file(fixture);
        let text = before.source.text().to_string();
        let middle = text[..text.len() / 2].rfind('\n').unwrap() + 1;
        let edits = [
            format!("{}{}", &text[..middle], &text[middle..]).replacen("return", "return  ", 1),
            format!("{}\n{}", &text[..middle], &text[middle..]),
            format!("{}{}", &text[..middle], &text[text.len() * 3 / 4..]),
            format!("{}garbage (( [[ {}", &text[..middle], &text[middle..]),
        ];
        for edited in edits {
            let incremental = before.rebuild(edited.clone()).unwrap();
            let fresh = index_text(&edited, before.language);
            assert_eq!(incremental.symbols, fresh.symbols, "{fixture}");
            assert_eq!(incremental.parse_errors, fresh.parse_errors, "{fixture}");
        }
    }
}

/// What the language's own view lists and saguaro once missed (scripts/crosscheck_symbols.py):
/// each target of a chained assignment (of any length), an impl for a primitive type, a trait's associated
/// type.
#[test]
fn chained_targets_primitive_impls_and_associated_types_are_symbols() {
    let python = index_text(
        "class C:\n    a = b = 1\n    x = y = z = 2\n\n\nA = B = 3\nt0 = t1 = t2 = t3 = t4 = t5 = t6 = t7 = t8 = 0\n\n\ndef f():\n    p = q = 1\n",
        "python",
    );
    let paths: Vec<(&str, &str, usize)> = python
        .symbols
        .iter()
        .map(|s| (s.path.as_str(), s.kind.as_str(), s.name_span.start_line))
        .collect();
    assert_eq!(
        paths,
        [
            ("C", "class", 1),
            ("C.a", "attribute", 2),
            ("C.b", "attribute", 2),
            ("C.x", "attribute", 3),
            ("C.y", "attribute", 3),
            ("C.z", "attribute", 3),
            ("A", "variable", 6),
            ("B", "variable", 6),
            ("t0", "variable", 7),
            ("t1", "variable", 7),
            ("t2", "variable", 7),
            ("t3", "variable", 7),
            ("t4", "variable", 7),
            ("t5", "variable", 7),
            ("t6", "variable", 7),
            ("t7", "variable", 7),
            ("t8", "variable", 7),
            ("f", "function", 10)
        ],
        "a chain of any length, and only where its first target is a definition"
    );
    let rust = index_text(
        "pub trait Float {\n    type Bits;\n    fn zero() -> Self;\n}\n\nimpl Float for f32 {\n    type Bits = u32;\n    fn zero() -> f32 {\n        0.0\n    }\n}\n\nimpl Float for &f64 {\n    type Bits = u64;\n    fn zero() -> Self {\n        &0.0\n    }\n}\n",
        "rust",
    );
    let paths: Vec<&str> = rust.symbols.iter().map(|s| s.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "Float",
            "Float.Bits",
            "Float.zero",
            "f32.Bits",
            "f32.zero",
            "f64.Bits",
            "f64.zero"
        ]
    );
}

/// A value is a function where it is one (an arrow, a function or generator expression):
/// `#kind?` in the query keeps a class expression, or a plain value, a constant or field.
#[test]
fn function_values_are_functions_and_class_expressions_are_not() {
    let text = "export const make = () => 1;\nexport const gen = function* () { yield 1; };\nexport const named = function () { return 2; };\nexport const Klass = class { m() { return 3; } };\nexport const value = 4;\nclass A {\n  onClick = () => {};\n  handler = function () {};\n  other = class {};\n  count = 0;\n}\n";
    for language in ["typescript", "javascript"] {
        let index = index_text(text, language);
        let kinds: Vec<(&str, &str)> = index
            .symbols
            .iter()
            .map(|s| (s.path.as_str(), s.kind.as_str()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("make", "function"),
                ("gen", "function"),
                ("named", "function"),
                ("Klass", "constant"),
                ("value", "constant"),
                ("A", "class"),
                ("A.onClick", "method"),
                ("A.handler", "method"),
                ("A.other", "field"),
                ("A.count", "field")
            ],
            "{language}"
        );
    }
}

/// A macro whose body lists items is read as those items where they are written: its
/// statics are symbols with their true extents; a body of another syntax stays tokens; an
/// incremental rebuild that adds, edits or breaks such a macro equals a fresh build.
#[test]
fn statics_of_item_macros_are_symbols_where_they_are_written() {
    let text = "\
std::thread_local! {
    /// The state.
    static STATE: Cell<u8> = const { Cell::new(0) };
    pub static OTHER: u8 = 1;
}

lazy_static! {
    static ref TABLE: Vec<u8> = { let ref x = 1; vec![*x] };
}

thread_local!(static ODD: u8 = 1; not items);

fn f() {
    thread_local! { static INNER: u8 = 2; }
}
";
    let index = index_text(text, "rust");
    assert_eq!(lines_of(&index, "STATE"), (2, 3));
    let state = index.resolve_str("STATE").unwrap();
    assert_eq!(
        text_of(&index, state.extent),
        "/// The state.\n    static STATE: Cell<u8> = const { Cell::new(0) };"
    );
    assert_eq!(index.resolve_str("OTHER").unwrap().kind, "static");
    let table = index.resolve_str("TABLE").unwrap();
    assert_eq!(
        text_of(&index, table.extent).trim(),
        "static ref TABLE: Vec<u8> = { let ref x = 1; vec![*x] };"
    );
    assert!(
        index.resolve_str("ODD").is_err(),
        "a body that is not items stays tokens"
    );
    assert!(index.parse_errors.is_empty(), "{:?}", index.parse_errors);
    let names: Vec<&str> = index.symbols.iter().map(|s| s.name.as_str()).collect();
    assert!(names.contains(&"INNER"), "{names:?}");

    let edits = [
        text.replace("pub static OTHER: u8 = 1;", "pub static OTHER: u16 = 1;"),
        text.replace("std::thread_local! {", "std::thread_local! {{"),
        text.replacen("}\n\nlazy_static!", "\n\nlazy_static!", 1),
        format!("{text}\nthread_local! {{ static LATE: u8 = 3; }}\n"),
        "fn g() {}\n".to_string(),
    ];
    for edited in edits {
        let incremental = index.rebuild(edited.clone()).unwrap();
        let fresh = index_text(&edited, "rust");
        assert_eq!(incremental.symbols, fresh.symbols, "{edited}");
        assert_eq!(incremental.parse_errors, fresh.parse_errors, "{edited}");
    }
    let plain = index_text("fn g() {}\n", "rust");
    let grown = plain
        .rebuild("fn g() {}\nthread_local! { static LATE: u8 = 3; }\n".to_string())
        .unwrap();
    assert!(grown.resolve_str("LATE").is_ok());
}

/// `vec![a, b]` is read as the array expression its body is, in place (the macro's name
/// blank, its brackets kept): its elements are expressions of the tree with their true
/// ranges; `vec!(..)` and a body that is no expression stay tokens; an incremental rebuild
/// equals a fresh one.
#[test]
fn a_vec_macro_is_read_as_the_array_it_delimits() {
    let text = "\
fn f() -> Vec<Entry> {
    let one = vec![Entry { port: 1 }, make()];
    let many = vec![Entry { port: 2 }; 3];
    let paren = vec!(make());
    let odd = vec![=> not an expression];
    one
}
";
    let index = index_text(text, "rust");
    let kinds_at = |needle: &str| -> String {
        let at = text.find(needle).unwrap();
        let node = index
            .tree
            .root_node()
            .descendant_for_byte_range(at, at + needle.len())
            .unwrap();
        node.kind().to_string()
    };
    assert_eq!(kinds_at("[Entry { port: 1 }, make()]"), "array_expression");
    assert_eq!(kinds_at("[Entry { port: 2 }; 3]"), "array_expression");
    assert_eq!(kinds_at("Entry { port: 1 }"), "struct_expression");
    assert_eq!(kinds_at("vec!(make())"), "macro_invocation");
    assert_eq!(kinds_at("vec![=> not an expression]"), "macro_invocation");
    assert!(index.parse_errors.is_empty(), "{:?}", index.parse_errors);

    let edits = [
        text.replace("port: 1", "port: 10"),
        text.replace("vec!(make())", "vec![make()]"),
        text.replace("let many = vec![Entry { port: 2 }; 3];\n", ""),
    ];
    for edited in edits {
        let incremental = index.rebuild(edited.clone()).unwrap();
        let fresh = index_text(&edited, "rust");
        assert_eq!(incremental.symbols, fresh.symbols, "{edited}");
        assert_eq!(
            incremental.tree.root_node().to_sexp(),
            fresh.tree.root_node().to_sexp(),
            "{edited}"
        );
    }
}

/// `clean_after` re-parses around each replacement only, and agrees with a fresh parse of
/// the new text: a word renamed everywhere (to a longer name, to a shorter one) keeps
/// every fixture clean, and one replacement that breaks the syntax is not shown clean. A
/// tree read through item macros is not the text's own, and shows nothing.
#[test]
fn clean_after_agrees_with_a_fresh_parse() {
    let mut shown_clean = 0;
    for fixture in common::FIXTURES {
        let index = index_file(fixture);
        let own = index.item_macros.is_empty() && !index.read_past_gaps;
        let text = index.source.text().to_string();
        // Every whole-word occurrence of the first symbol's name.
        let name = index.symbols[0].name.clone();
        let ranges: Vec<(usize, usize)> = text
            .match_indices(name.as_str())
            .map(|(at, _)| (at, at + name.len()))
            .filter(|&(a, b)| {
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !word(text[..a].chars().next_back()) && !word(text[b..].chars().next())
            })
            .collect();
        assert!(ranges.len() > 1, "{fixture}: `{name}` is written more than once");
        let apply = |with: &dyn Fn(usize) -> &'static str| {
            let replacements: Vec<((usize, usize), &str)> =
                ranges.iter().enumerate().map(|(i, &r)| (r, with(i))).collect();
            let mut new = text.clone();
            for &((a, b), w) in replacements.iter().rev() {
                new.replace_range(a..b, w);
            }
            let fresh = SymbolIndex::build(SourceText::new(new.clone()), index.language).unwrap();
            (index.clean_after(&replacements, &new), fresh.parse_errors.is_empty())
        };
        assert_eq!(
            apply(&|_| "renamed_to_a_longer_name"),
            (own, true),
            "{fixture}: renamed"
        );
        assert_eq!(apply(&|_| "x"), (own, true), "{fixture}: renamed shorter");
        shown_clean += usize::from(own);
        let (shown, fresh_clean) = apply(&|i| if i == ranges.len() - 1 { "((" } else { "y" });
        assert!(!fresh_clean, "{fixture}: `((` breaks the syntax");
        assert!(!shown, "{fixture}: a broken text is never shown clean");
    }
    assert!(shown_clean >= 3, "most fixtures are their own tree");
}
