//! Semantic patches: operations addressed by name path, planned in memory.
//!
//! A patch (spec 000 §1) names a file and a list of operations — `replace`, `insert`
//! (`after_symbol`, `before_symbol`, `into`), `delete`, `update_docstring`. Each operation
//! resolves its name path through the symbol index of the text as the previous operation
//! left it, edits whole lines, and is verified by re-parsing before the next one runs. The
//! result is the new text and what each operation matched; nothing here touches the disk.
//!
//! ```
//! use saguaro::edit::{plan, Operation};
//! let ops: Vec<Operation> = serde_json::from_str(
//!     r#"[{"op": "replace", "symbol": "f", "content": "def f():\n    return 2"}]"#).unwrap();
//! let planned = plan("def f():\n    return 1\n", "python", &ops).unwrap();
//! assert_eq!(planned.text, "def f():\n    return 2\n");
//! ```

pub mod attached;
pub mod docstring;
pub mod fallback;
pub mod indent;
pub mod layout;
mod members;
pub mod rewrite;
pub mod verify;

use crate::feedback::{Error, ErrorCode};
use crate::lang::{Attachment, Language, Registry};
use crate::source::SourceText;
use crate::symbols::{NamePath, Symbol, SymbolIndex};
use indent::Style;
use serde::{Deserialize, Serialize};

/// A semantic patch as agents send it (spec 000 §1).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SemanticPatch {
    #[serde(rename = "type")]
    pub kind: String,
    pub target_file: String,
    pub operations: Vec<Operation>,
    #[serde(default)]
    pub rationale: Option<String>,
    /// The sha256 of the file the patch was made against; a mismatch is `stale_base`.
    #[serde(default, alias = "base_file_sha256")]
    pub base_sha256: Option<String>,
    #[serde(default)]
    pub patch_id: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OpKind {
    Replace,
    Insert,
    Delete,
    UpdateDocstring,
    Rewrite,
    /// A definition and its references across the root: staged by `rename`, not planned
    /// here (it reaches beyond the one file a plan edits).
    Rename,
}

/// One operation. Which fields it needs depends on `op`; [`Operation::check`] says what is
/// missing in words an agent can act on.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Operation {
    pub op: OpKind,
    #[serde(default)]
    pub symbol: Option<String>,
    #[serde(default)]
    pub after_symbol: Option<String>,
    #[serde(default)]
    pub before_symbol: Option<String>,
    #[serde(default)]
    pub into: Option<String>,
    #[serde(default)]
    pub content: Option<String>,
    /// `rewrite`: an ast-grep pattern with metavariables (`print($A)`).
    #[serde(default)]
    pub pattern: Option<String>,
    /// `rewrite`: the template the matches become (`log.info($A)`).
    #[serde(default)]
    pub rewrite: Option<String>,
    /// `false`: the content replaces the whole extent as written (decorators, attributes,
    /// doc comment and `export` included), the way to drop one.
    #[serde(default)]
    pub keep_attached: Option<bool>,
    /// `rename`: the definition's new name.
    #[serde(default)]
    pub new_name: Option<String>,
    /// `rename`: rename references matched by name only too.
    #[serde(default)]
    pub include_uncertain: Option<bool>,
}

/// What one operation did, for the answer's `matches`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OpMatch {
    pub operation: usize,
    pub op: OpKind,
    pub symbol: String,
    pub strategy: &'static str,
    pub confidence: f64,
    /// Lines of the result the operation wrote (1-based, inclusive; 0 when it removed).
    pub start_line: usize,
    pub end_line: usize,
    /// Attached kinds a `replace` kept from the old definition.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kept: Vec<Attachment>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub renamed_to: Option<String>,
}

impl OpMatch {
    /// A match of operation `operation`; `kept` and `renamed_to` start empty.
    pub fn new(
        operation: usize,
        op: OpKind,
        symbol: String,
        strategy: &'static str,
        confidence: f64,
        lines: (usize, usize),
    ) -> OpMatch {
        let (start_line, end_line) = lines;
        OpMatch {
            operation,
            op,
            symbol,
            strategy,
            confidence,
            start_line,
            end_line,
            kept: Vec::new(),
            renamed_to: None,
        }
    }
}

/// The planned result of a patch on one file.
#[derive(Debug, Clone)]
pub struct Planned {
    pub text: String,
    pub matches: Vec<OpMatch>,
}

/// Plans `operations` on `text` (a file of language `language`), in order, each against the
/// result of the previous one. All succeed or the first failure is returned, naming its
/// operation index.
pub fn plan(text: &str, language: &str, operations: &[Operation]) -> Result<Planned, Error> {
    let lang = Registry::global()
        .by_name(language)
        .ok_or_else(|| Error::internal(format!("no language named `{language}` is registered")))?;
    // A BOM is set aside and put back: no operation may move or drop it.
    let bom = if text.starts_with('\u{feff}') { "\u{feff}" } else { "" };
    let body = &text[bom.len()..];
    let mut index = match crate::symbols::cache::take(language, body) {
        Some(index) => index,
        None => SymbolIndex::build(SourceText::new(body.to_string()), language)?,
    };
    let mut matches = Vec::new();
    for (i, op) in operations.iter().enumerate() {
        let edit = apply_one(&index, lang, op).map_err(|e| e.at_operation(i))?;
        index = verify::reparse(index, edit.text).map_err(|e| e.at_operation(i))?;
        matches.push(OpMatch {
            operation: i,
            ..edit.matched
        });
    }
    let text = format!("{bom}{}", index.source.text());
    crate::symbols::cache::put(index);
    Ok(Planned { text, matches })
}

struct Edit {
    text: String,
    matched: OpMatch,
}

impl Operation {
    /// The name path the operation is anchored at, and `content` when it needs one.
    fn check(&self) -> Result<(&str, Option<&str>), Error> {
        let missing = |field: &str, example: &str| {
            Error::new(
                ErrorCode::InvalidFormat,
                format!("`{}` needs `{field}`", op_name(self.op)),
                format!("for example {example}"),
            )
        };
        let anchor = match self.op {
            OpKind::Insert => {
                let given: Vec<&String> = [&self.after_symbol, &self.before_symbol, &self.into]
                    .into_iter()
                    .flatten()
                    .collect();
                if given.len() != 1 {
                    return Err(Error::new(
                        ErrorCode::InvalidFormat,
                        "`insert` needs exactly one of `after_symbol`, `before_symbol`, `into`",
                        r#"for example {"op": "insert", "after_symbol": "Engine.process", "content": "..."}"#,
                    ));
                }
                given[0].as_str()
            }
            _ => self
                .symbol
                .as_deref()
                .ok_or_else(|| missing("symbol", r#""symbol": "Engine.process""#))?,
        };
        let content = match self.op {
            OpKind::Delete => None,
            _ => Some(
                self.content
                    .as_deref()
                    .ok_or_else(|| missing("content", r#""content": "def process(self): ...""#))?,
            ),
        };
        Ok((anchor, content))
    }
}

fn op_name(op: OpKind) -> &'static str {
    match op {
        OpKind::Replace => "replace",
        OpKind::Insert => "insert",
        OpKind::Delete => "delete",
        OpKind::UpdateDocstring => "update_docstring",
        OpKind::Rewrite => "rewrite",
        OpKind::Rename => "rename",
    }
}

fn apply_one(index: &SymbolIndex, lang: &'static Language, op: &Operation) -> Result<Edit, Error> {
    match op.op {
        // The one operation whose symbol is optional.
        OpKind::Rewrite => apply_rewrite(index, lang, op),
        OpKind::Rename => Err(Error::internal(
            "a rename reaches beyond one file: it is staged by `rename`, not planned here",
        )),
        _ => apply_at_symbol(index, lang, op),
    }
}

fn apply_at_symbol(index: &SymbolIndex, lang: &'static Language, op: &Operation) -> Result<Edit, Error> {
    let (anchor, content) = op.check()?;
    let name = NamePath::parse(anchor)?;
    if op.into.is_some() {
        // Into a type whose last member sits in a comma list: after that member.
        let container = index.resolve(&name)?;
        if let Some(member) =
            last_member(index, container).filter(|m| m.is_member() && members::list_item(index, lang, m).is_some())
        {
            let after = Operation {
                into: None,
                after_symbol: Some(member.selector()),
                ..op.clone()
            };
            let mut edit = apply_at_symbol(index, lang, &after)?;
            edit.matched.symbol = container.selector();
            return Ok(edit);
        }
    }
    // The tree resolves the name; where parse errors hide the definition, the text fallback
    // may find it, with a confidence.
    let located;
    let clamped;
    let resolved = match index.resolve(&name) {
        Err(e) if e.code == ErrorCode::AmbiguousSymbol && op.op == OpKind::Replace => {
            by_content_kind(index, &name, content.unwrap_or_default(), lang).ok_or(e)
        }
        resolved => resolved,
    };
    let (symbol, strategy, confidence) = match resolved {
        Ok(symbol) => match fallback::clamp_to_text(index, lang, symbol) {
            Some((cut, confidence)) => {
                clamped = cut;
                (&clamped, "fallback", confidence)
            }
            None => (symbol, "symbol", 1.0),
        },
        Err(e) if e.code == ErrorCode::SymbolNotFound && !index.parse_errors.is_empty() => {
            located = fallback::locate(index, lang, &name, crate::textmatch::DEFAULT_THRESHOLD)
                .map_err(|fallback_error| with_parse_error_hint(index, e, &fallback_error))?;
            (&located.symbol, "fallback", located.confidence)
        }
        Err(e) => return Err(e),
    };
    let style = Style::of(index.source.text(), &lang.indent);
    let matched = |start_line, end_line| {
        OpMatch::new(
            0,
            op.op,
            symbol.selector(),
            strategy,
            confidence,
            (start_line, end_line),
        )
    };
    // A member of a comma list (a field, a variant) keeps the list's commas valid.
    let item = members::list_item(index, lang, symbol);
    let text = index.source.text();
    let line = symbol.extent.start_line;
    match (op.op, &item) {
        (OpKind::Replace, Some(item)) if item.inline => {
            let text = members::replace_inline(text, symbol, item, content.unwrap_or_default())?;
            return Ok(Edit {
                text,
                matched: matched(line, line),
            });
        }
        (OpKind::Delete, Some(item)) if item.inline => {
            return Ok(Edit {
                text: members::delete_inline(text, symbol, item),
                matched: matched(0, 0),
            });
        }
        (OpKind::Insert, Some(item)) if item.inline && op.into.is_none() => {
            let after = op.after_symbol.is_some();
            let text = members::insert_inline(text, symbol, item, content.unwrap_or_default(), after)?;
            let line = if after { symbol.extent.end_line } else { line };
            return Ok(Edit {
                text,
                matched: matched(line, line),
            });
        }
        _ => {}
    }
    let separated = item.as_ref().is_some_and(|i| i.separated);
    let content = content.map(|c| {
        let needs_comma = match op.op {
            OpKind::Replace => separated,
            OpKind::Insert if op.before_symbol.is_some() => true,
            OpKind::Insert if op.after_symbol.is_some() => separated,
            _ => false,
        };
        match &item {
            Some(item) if needs_comma => members::with_separator(c, item, lang),
            _ => c.to_string(),
        }
    });
    let content = content.as_deref();
    match op.op {
        OpKind::Rewrite | OpKind::Rename => apply_one(index, lang, op),
        OpKind::Replace => replace(
            index,
            symbol,
            content.unwrap_or_default(),
            op.keep_attached != Some(false),
            lang,
            &style,
        )
        .map(|(text, (s, e), kept, renamed_to)| Edit {
            text,
            matched: OpMatch {
                kept,
                renamed_to,
                ..matched(s, e)
            },
        }),
        OpKind::Delete => delete(index, symbol, lang, &style, item.is_some()).map(|text| Edit {
            text,
            matched: matched(0, 0),
        }),
        OpKind::Insert => {
            let content = content.unwrap_or_default();
            let (text, s, e) = if op.after_symbol.is_some() {
                // The last member, written without a comma, gets one before the new member.
                let with_comma;
                let text = match &item {
                    Some(item) if !item.separated => {
                        with_comma = members::separator_after(text, item);
                        with_comma.as_str()
                    }
                    _ => text,
                };
                insert_after(text, symbol, content, lang, &style)
            } else if op.before_symbol.is_some() {
                insert_before(text, symbol, content, lang, &style)
            } else {
                insert_into(index, symbol, content, lang, &style)?
            };
            Ok(Edit {
                text,
                matched: matched(s, e),
            })
        }
        OpKind::UpdateDocstring => {
            let (text, s, e) = docstring::update(index, symbol, content.unwrap_or_default(), lang, &style)?;
            Ok(Edit {
                text,
                matched: matched(s, e),
            })
        }
    }
}

/// Of the definitions a replaced path names, the one of the kind the content is: a field
/// and a method of one name (`reverse: bool` and `fn reverse(..)`) are told apart by what
/// replaces one of them, a member or not. Content that does not say (or several candidates
/// of its kind) leaves the path ambiguous.
fn by_content_kind<'i>(index: &'i SymbolIndex, name: &NamePath, content: &str, lang: &Language) -> Option<&'i Symbol> {
    let alone = SymbolIndex::build(SourceText::new(content.to_string()), &lang.name).ok()?;
    // What parses alone as a definition that is no member is one; a field or a variant
    // does not parse alone, and a Python class attribute reads as a module variable.
    let content_is_member = match alone.symbols.iter().find(|s| s.parent_path.is_none()) {
        Some(first) if alone.parse_errors.is_empty() => {
            first.is_member() || matches!(first.kind.as_str(), "variable" | "constant")
        }
        _ => true,
    };
    let mut candidates = index
        .symbols
        .iter()
        .filter(|s| s.path == name.path && s.is_member() == content_is_member);
    let only = candidates.next()?;
    candidates.next().is_none().then_some(only)
}

/// The tree's `symbol_not_found`, told that parse errors may hide the definition and what
/// the text fallback said.
fn with_parse_error_hint(index: &SymbolIndex, mut error: Error, fallback: &Error) -> Error {
    let lines: Vec<String> = index.error_lines().iter().take(5).map(|l| l.to_string()).collect();
    error.hint = format!(
        "{}; the file has parse errors at line {} that may hide the definition, and the text fallback says: {}",
        error.hint,
        lines.join(", "),
        fallback.message
    );
    if fallback.code == ErrorCode::AmbiguousSymbol {
        return fallback.clone();
    }
    error
}

/// `rewrite`: within a symbol when one is named, else the whole file.
fn apply_rewrite(index: &SymbolIndex, lang: &'static Language, op: &Operation) -> Result<Edit, Error> {
    let needs = |field: &str| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("`rewrite` needs `{field}`"),
            r#"for example {"op": "rewrite", "symbol": "Engine.process", "pattern": "print($A)", "rewrite": "log.info($A)"}"#,
        )
    };
    let pattern = op.pattern.as_deref().ok_or_else(|| needs("pattern"))?;
    let template = op.rewrite.as_deref().ok_or_else(|| needs("rewrite"))?;
    let symbol = match op.symbol.as_deref() {
        Some(path) => Some(index.resolve(&NamePath::parse(path)?)?),
        None => None,
    };
    let (text, start_line, end_line) = rewrite::rewrite(index, lang, symbol.map(|s| s.extent), pattern, template)?;
    Ok(Edit {
        text,
        matched: OpMatch::new(
            0,
            op.op,
            symbol.map(|s| s.selector()).unwrap_or_default(),
            if symbol.is_some() { "symbol" } else { "pattern" },
            1.0,
            (start_line, end_line),
        ),
    })
}

/// 0-based first and last line of the extent, when it owns them (nothing else on them;
/// for a member that goes, a comment after it on its last line goes with it).
fn owned_lines(index: &SymbolIndex, symbol: &Symbol, comment_goes: Option<&Language>) -> Result<(usize, usize), Error> {
    let source = &index.source;
    let text = source.text();
    let (first, last) = (symbol.extent.start_line - 1, symbol.extent.end_line - 1);
    let head = &text[source.line_start(first)..symbol.extent.start_byte];
    let tail = &text[symbol.extent.end_byte..source.line_start(last + 1)];
    let tail_owned = match comment_goes {
        Some(lang) => members::is_trailing_comment(tail, lang),
        None => tail.trim().is_empty(),
    };
    // A BOM before the first definition is not code.
    if !head.trim().is_empty() || !tail_owned {
        return Err(Error::new(
            ErrorCode::Conflict,
            format!(
                "`{}` shares its lines with other code (line {})",
                symbol.path, symbol.extent.start_line
            ),
            "put the definition on lines of its own first, or replace the enclosing definition",
        ));
    }
    Ok((first, last))
}

type Replaced = (String, (usize, usize), Vec<Attachment>, Option<String>);

fn replace(
    index: &SymbolIndex,
    symbol: &Symbol,
    content: &str,
    keep_attached: bool,
    lang: &'static Language,
    style: &Style,
) -> Result<Replaced, Error> {
    let (first, last) = owned_lines(index, symbol, None)?;
    let content0 = indent::rebase(content, "", style);
    let merged = if keep_attached {
        attached::merge(index, symbol, &content0, lang)?
    } else {
        let renamed_to = None;
        attached::Merged {
            text: content0,
            kept: Vec::new(),
            renamed_to,
        }
    };
    let new = indent::rebase(&merged.text, &symbol.indent, style);
    let lines = layout::split_lines(index.source.text());
    let ending = layout::ending(lines[last]);
    let mut out: Vec<String> = lines[..first].iter().map(|s| s.to_string()).collect();
    let mut new_lines = layout::as_lines(&new, style.eol);
    if let Some(last_new) = new_lines.last_mut() {
        // The last line keeps the old last line's ending (none at the end of a file).
        let trimmed = last_new.trim_end_matches(['\n', '\r']).to_string();
        *last_new = format!("{trimmed}{ending}");
    }
    let count = new_lines.len();
    out.extend(new_lines);
    out.extend(lines[last + 1..].iter().map(|s| s.to_string()));
    let span = if count == 0 { (0, 0) } else { (first + 1, first + count) };
    Ok((layout::join(out), span, merged.kept, merged.renamed_to))
}

/// `content` as lines at `indent`, ready to splice.
fn content_lines(content: &str, indent: &str, style: &Style) -> Vec<String> {
    layout::as_lines(&indent::rebase(content, indent, style), style.eol)
}

/// The blank lines an insertion next to `symbol` is separated by: those after it when a
/// sibling follows, else those before it; when it has no neighbour on either side, the
/// language's convention.
fn gap_around(lines: &[&str], symbol: &Symbol, last: usize, lang: &Language) -> usize {
    let first = symbol.extent.start_line - 1;
    if layout::continues(lines, last, &symbol.indent) {
        return layout::blank_end(lines, last + 1) - (last + 1);
    }
    let before = layout::blank_start(lines, first);
    let has_previous = before > 0 && indent::leading(lines[before - 1]) == symbol.indent && before < first;
    if has_previous || (before < first && symbol.indent.is_empty()) {
        return first - before;
    }
    // Members are written one under the other (fields, variants): a member right under
    // another keeps the list tight.
    if before > 0 && before == first && symbol.is_member() {
        return 0;
    }
    usual_gap(symbol, lang)
}

/// The language's blank lines between definitions: `top_level_gap` at the top level
/// (two for Python, PEP 8), one inside a scope.
fn usual_gap(symbol: &Symbol, lang: &Language) -> usize {
    if symbol.indent.is_empty() {
        lang.top_level_gap
    } else {
        1
    }
}

fn insert_after(text: &str, symbol: &Symbol, content: &str, lang: &Language, style: &Style) -> (String, usize, usize) {
    let lines = layout::split_lines(text);
    let last = symbol.extent.end_line - 1;
    let gap = gap_around(&lines, symbol, last, lang);
    let new = content_lines(content, &symbol.indent, style);
    let mut out: Vec<String> = lines[..=last].iter().map(|s| s.to_string()).collect();
    if layout::ending(lines[last]).is_empty() {
        // The file ended without a newline right after the symbol.
        out.last_mut().expect("the symbol's line").push_str(style.eol);
    }
    out.extend(layout::blank_lines(gap, style.eol));
    let start = out.len() + 1;
    let count = new.len();
    out.extend(new);
    let rest = &lines[last + 1..];
    // Keep what followed X separated by the same gap (the existing blank lines stay after
    // the new code; when X ended its scope, add the gap only if code follows on its level).
    if !layout::continues(&lines, last, &symbol.indent) && !rest.is_empty() && symbol.indent.is_empty() {
        let existing = layout::blank_end(rest, 0);
        let wanted = gap.saturating_sub(existing);
        out.extend(layout::blank_lines(
            if existing == rest.len() { 0 } else { wanted },
            style.eol,
        ));
    }
    out.extend(rest.iter().map(|s| s.to_string()));
    if layout::ending(lines[last]).is_empty() {
        // Keep the file's missing final newline missing.
        if let Some(l) = out.last_mut() {
            let trimmed = l.trim_end_matches(['\n', '\r']).to_string();
            *l = trimmed;
        }
    }
    (layout::join(out), start, start + count - 1)
}

fn insert_before(text: &str, symbol: &Symbol, content: &str, lang: &Language, style: &Style) -> (String, usize, usize) {
    let lines = layout::split_lines(text);
    let first = symbol.extent.start_line - 1;
    let before = layout::blank_start(&lines, first);
    let has_previous = before > 0 && before < first;
    let gap = if has_previous {
        first - before
    } else if layout::continues(&lines, symbol.extent.end_line - 1, &symbol.indent) {
        layout::blank_end(&lines, symbol.extent.end_line) - symbol.extent.end_line
    } else {
        usual_gap(symbol, lang)
    };
    let new = content_lines(content, &symbol.indent, style);
    let mut out: Vec<String> = lines[..first].iter().map(|s| s.to_string()).collect();
    let start = out.len() + 1;
    let count = new.len();
    out.extend(new);
    out.extend(layout::blank_lines(gap, style.eol));
    out.extend(lines[first..].iter().map(|s| s.to_string()));
    (layout::join(out), start, start + count - 1)
}

/// The last member of `container`, wherever it is: for a Rust type, in its last `impl`
/// block.
fn last_member<'i>(index: &'i SymbolIndex, container: &Symbol) -> Option<&'i Symbol> {
    index
        .symbols
        .iter()
        .filter(|s| {
            // Members of a Rust `impl Trait for T` belong to the trait: an inherent member
            // goes into an inherent impl.
            s.parent_path.as_deref() == Some(container.path.as_str())
                && s.parent_kind.as_deref() != Some("trait_impl")
                && s.extent.start_byte > container.name_span.end_byte
        })
        // The one that ends last: a constructor's parameter property starts after the
        // constructor, inside it.
        .max_by_key(|s| s.extent.end_byte)
}

fn insert_into(
    index: &SymbolIndex,
    container: &Symbol,
    content: &str,
    lang: &Language,
    style: &Style,
) -> Result<(String, usize, usize), Error> {
    if let Some(member) = last_member(index, container) {
        return Ok(insert_after(index.source.text(), member, content, lang, style));
    }
    // Only a class, trait, interface, namespace or module takes members in its own body
    // (a Rust struct's body is its fields).
    let holds_members = lang.method_parents.contains(&container.kind) || container.kind == "module";
    let body = container.body.filter(|_| holds_members).ok_or_else(|| {
        Error::new(
            ErrorCode::SymbolNotFound,
            format!(
                "`{}` is a {} with no member to insert after",
                container.path, container.kind
            ),
            "insert into a class, impl, trait, namespace or module; for a Rust type without an inherent impl, \
             insert a whole `impl` block with `after_symbol`",
        )
    })?;
    let text = index.source.text();
    let lines = layout::split_lines(text);
    let member_indent = format!("{}{}", container.indent, style.unit);
    let new = content_lines(content, &member_indent, style);
    let count = new.len();
    let body_text = &text[body.start_byte..body.end_byte];
    if body_text.ends_with(['}', ']']) && lang.empty_body.is_none() {
        // A brace body without members: the new member goes before the closing brace, on
        // lines of its own.
        let close = body.end_byte - 1;
        let close_line = index.source.line_of(close);
        if close_line + 1 == body.start_line {
            // `class A {}` on one line: open it up.
            let head = &text[..close];
            let head = head.trim_end();
            let tail = &text[close..];
            let out = format!(
                "{head}{eol}{}{eol}{}{tail}",
                new.iter()
                    .map(|l| l.trim_end_matches(['\n', '\r']))
                    .collect::<Vec<_>>()
                    .join(style.eol),
                container.indent,
                eol = style.eol
            );
            return Ok((out, body.start_line + 1, body.start_line + count));
        }
        let mut out: Vec<String> = lines[..close_line].iter().map(|s| s.to_string()).collect();
        let start = out.len() + 1;
        out.extend(new);
        out.extend(lines[close_line..].iter().map(|s| s.to_string()));
        return Ok((layout::join(out), start, start + count - 1));
    }
    // An indentation body: after its last line, at the body's indentation.
    let last = body.end_line - 1;
    let body_indent = indent::leading(lines[body.start_line - 1]).to_string();
    let new = content_lines(content, &body_indent, style);
    let mut out: Vec<String> = lines[..=last].iter().map(|s| s.to_string()).collect();
    if layout::ending(lines[last]).is_empty() {
        out.last_mut().expect("a body line").push_str(style.eol);
    }
    out.extend(layout::blank_lines(1, style.eol));
    let start = out.len() + 1;
    out.extend(new);
    out.extend(lines[last + 1..].iter().map(|s| s.to_string()));
    Ok((layout::join(out), start, start + count - 1))
}

fn delete(index: &SymbolIndex, symbol: &Symbol, lang: &Language, style: &Style, member: bool) -> Result<String, Error> {
    let (first, last) = owned_lines(index, symbol, member.then_some(lang))?;
    let lines = layout::split_lines(index.source.text());
    let mut out: Vec<String>;
    if layout::continues(&lines, last, &symbol.indent) {
        let after = layout::blank_end(&lines, last + 1);
        out = lines[..first].iter().map(|s| s.to_string()).collect();
        out.extend(lines[after..].iter().map(|s| s.to_string()));
    } else {
        let before = layout::blank_start(&lines, first);
        out = lines[..before].iter().map(|s| s.to_string()).collect();
        out.extend(lines[last + 1..].iter().map(|s| s.to_string()));
        if layout::ending(lines[last]).is_empty() {
            // The deleted symbol ended the file without a newline: so does the new end.
            if let Some(l) = out.last_mut() {
                let trimmed = l.trim_end_matches(['\n', '\r']).to_string();
                *l = trimmed;
            }
        }
    }
    // A block emptied of its last statement needs one (a Python class body: `pass`). The
    // block is the innermost body around the symbol: a method's for an instance attribute
    // (`self.state = 0`), its parent's otherwise.
    let holder = index
        .symbols
        .iter()
        .filter(|s| {
            s.body
                .is_some_and(|b| b.start_byte <= symbol.extent.start_byte && symbol.extent.end_byte <= b.end_byte)
                && !std::ptr::eq(*s, symbol)
        })
        .min_by_key(|s| s.body.map_or(usize::MAX, |b| b.end_byte - b.start_byte));
    if let (Some(filler), Some(parent)) = (&lang.empty_body, holder) {
        let siblings_left = body_has_statements(index, parent, symbol);
        if !siblings_left {
            let at = first.min(out.len());
            let indent = &symbol.indent;
            out.insert(at, format!("{indent}{filler}{}", style.eol));
        }
    }
    Ok(layout::join(out))
}

/// Whether `parent`'s body holds anything besides `removed` (code, not blank lines or
/// comments).
fn body_has_statements(index: &SymbolIndex, parent: &Symbol, removed: &Symbol) -> bool {
    let Some(body) = parent.body else { return true };
    let text = index.source.text();
    let before = &text[body.start_byte..removed.extent.start_byte.max(body.start_byte)];
    let after = &text[removed.extent.end_byte.min(body.end_byte)..body.end_byte];
    let code = |s: &str| {
        s.lines()
            .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    };
    code(before) || code(after)
}
