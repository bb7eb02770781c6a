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
    assert_eq!(lines_of(&tsx, "App"), (260, 277));
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
    assert!(err.hint.contains("`Engine.process`"), "{}", err.hint);
    assert!(err.candidates.len() <= 5);
    let err = index.resolve_str("Stores.get").unwrap_err();
    assert_eq!(err.candidates[0].path.as_deref(), Some("Store.get"));
    let err = index.resolve_str("Engine.process#4").unwrap_err();
    assert_eq!(err.code.as_str(), "symbol_not_found");
    assert!(err.hint.contains("#1") && err.hint.contains("#3"), "{}", err.hint);
}

#[test]
fn every_registered_language_has_a_grammar_and_compiling_queries() {
    for language in Registry::global().languages() {
        assert!(language.grammar().is_ok(), "{}", language.name);
        language
            .query("symbols")
            .unwrap_or_else(|e| panic!("{}: {e}", language.name));
        language
            .field_declarations()
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
