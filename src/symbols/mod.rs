//! The symbol index: every definition of a file, with its name path and exact byte ranges.
//!
//! A file is parsed with its language's tree-sitter grammar and the language's
//! `symbols.scm` query names the definitions in it. What surrounds a definition — the
//! wrappers and attached siblings of `grammars/languages.toml` (decorators, attributes,
//! doc comments, `export`) — is folded into its *extent*, so that an edit by name moves,
//! keeps or drops them as one piece. Nothing here knows a particular language.
//!
//! Everything later reads symbols through this index: semantic patches resolve name paths
//! with [`SymbolIndex::resolve`], impact reports compare two indexes of a file.
//!
//! ```
//! use saguaro::symbols::SymbolIndex;
//! let src = "class Engine:\n    @property\n    def process(self):\n        return 1\n";
//! let index = SymbolIndex::build(saguaro::source::SourceText::new(src.into()), "python").unwrap();
//! let process = index.resolve_str("Engine.process").unwrap();
//! assert_eq!(process.kind, "method");
//! assert_eq!(process.extent.start_line, 2); // the decorator's line
//! ```

pub mod cache;
mod extract;
mod grammar_gaps;
mod interior;
pub mod item_macros;
mod namepath;
pub mod scan;
pub mod signature;

pub use item_macros::ItemMacro;
pub use namepath::NamePath;

use crate::feedback::Error;
use crate::lang::{Attachment, Registry};
use crate::source::SourceText;
use serde::Serialize;

/// The edit that turns `old` into `new`: the span between their common prefix and suffix.
fn input_edit(old: &str, new: &str) -> tree_sitter::InputEdit {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let max_suffix = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    let mut old_points = Points::new(a);
    tree_sitter::InputEdit {
        start_byte: prefix,
        old_end_byte: a.len() - suffix,
        new_end_byte: b.len() - suffix,
        start_position: old_points.at(prefix),
        old_end_position: old_points.at(a.len() - suffix),
        new_end_position: Points::new(b).at(b.len() - suffix),
    }
}

/// Rows and columns of bytes of a text asked in increasing order, counted once.
struct Points<'t> {
    text: &'t [u8],
    byte: usize,
    row: usize,
    line_start: usize,
}

impl<'t> Points<'t> {
    fn new(text: &'t [u8]) -> Points<'t> {
        Points {
            text,
            byte: 0,
            row: 0,
            line_start: 0,
        }
    }

    /// The point of byte `at`, at or after the last one asked.
    fn at(&mut self, at: usize) -> tree_sitter::Point {
        for newline in memchr::memchr_iter(b'\n', &self.text[self.byte..at]) {
            self.row += 1;
            self.line_start = self.byte + newline + 1;
        }
        self.byte = at;
        tree_sitter::Point {
            row: self.row,
            column: at - self.line_start,
        }
    }
}

/// A byte range and the 1-based, inclusive lines it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Span {
    pub start_byte: usize,
    pub end_byte: usize,
    pub start_line: usize,
    pub end_line: usize,
}

/// One decorator, attribute, doc comment or modifier that belongs to a definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AttachedPiece {
    pub kind: Attachment,
    pub span: Span,
}

/// One definition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Symbol {
    /// The dot-separated name path, outermost first (`Engine.process`).
    pub path: String,
    /// The last segment of the path, as written at the definition.
    pub name: String,
    /// `function`, `method`, `class`, `struct`, ... (the query's `@definition.KIND`).
    pub kind: String,
    /// Attached decorators / attributes / doc comment and wrapping modifiers, through the
    /// last non-blank character of the definition.
    pub extent: Span,
    /// The declaration proper: the extent without what is attached or wraps it.
    pub declaration: Span,
    pub name_span: Span,
    pub body: Option<Span>,
    /// Python: the docstring literal; Rust and TypeScript: the attached doc comment.
    pub docstring: Option<Span>,
    /// The leading whitespace of the extent's first line.
    pub indent: String,
    /// The path of the enclosing definition or scope (`Engine` for a method in
    /// `impl Engine`), `None` at the top level.
    pub parent_path: Option<String>,
    /// The kind of what encloses it (`class`, `impl`, `trait_impl`, `module`, ...).
    pub parent_kind: Option<String>,
    /// Index (into [`SymbolIndex::symbols`]) of the nearest enclosing listed symbol. For
    /// a method in a Rust `impl` this is not the struct: the impl block is a scope only.
    pub parent: Option<usize>,
    /// What the extent holds besides the declaration proper (the kinds of `pieces`).
    pub attached: Vec<Attachment>,
    /// Where each attached piece is, in source order: a doc comment, one attribute or
    /// decorator, the `export ` before a declaration.
    pub pieces: Vec<AttachedPiece>,
    /// 1-based position among the definitions sharing this path, in file order.
    pub occurrence: usize,
    /// How many definitions share this path.
    pub duplicates: usize,
}

/// The kinds of members (`symbols.scm`): parts of a type's declaration (a field, a variant,
/// an enum member, a property, a class attribute), not of its behaviour.
pub const MEMBER_KINDS: &[&str] = &["field", "variant", "enum_member", "property", "attribute"];

impl Symbol {
    /// Whether it is a class's constructor (`constructor`, Python's `__init__`).
    pub fn is_constructor(&self) -> bool {
        self.kind == "constructor" || (self.name == "__init__" && self.parent_path.is_some())
    }

    /// Whether it is a member of a type's declaration ([`MEMBER_KINDS`]).
    pub fn is_member(&self) -> bool {
        MEMBER_KINDS.contains(&self.kind.as_str())
    }

    /// The path that names this definition alone: `Engine.fmt#2` when the path is shared.
    pub fn selector(&self) -> String {
        if self.duplicates > 1 {
            format!("{}#{}", self.path, self.occurrence)
        } else {
            self.path.clone()
        }
    }
}

/// The symbols of one file, in file order (a container before its members).
#[derive(Debug, Clone)]
pub struct SymbolIndex {
    pub language: &'static str,
    pub source: SourceText,
    pub symbols: Vec<Symbol>,
    /// 1-based (line, column) of parse errors (ERROR or MISSING nodes), in file order;
    /// empty for a clean file.
    pub parse_errors: Vec<(usize, usize)>,
    /// The syntax tree the index was read from (of the text after any BOM), kept so that a
    /// later version of the text re-parses incrementally.
    pub tree: tree_sitter::Tree,
    /// The macros whose body `tree` reads as the items it lists (`thread_local!`).
    pub item_macros: Vec<ItemMacro>,
    /// Whether `tree` is of the text with the words its grammar lacks blanked
    /// ([`grammar_gaps`]): such a tree is not re-parsed incrementally.
    pub read_past_gaps: bool,
    /// Where the symbols' nodes and the definitions' bodies are, so that a later version
    /// of the text takes over the symbols of the bodies its edit did not touch.
    layout: interior::Layout,
}

impl SymbolIndex {
    /// Parses `source` as the registered language `language` and indexes it.
    pub fn build(source: SourceText, language: &str) -> Result<SymbolIndex, Error> {
        let registry = Registry::global();
        let lang = registry
            .by_name(language)
            .ok_or_else(|| Error::internal(format!("no language named `{language}` is registered")))?;
        let mut parser = tree_sitter::Parser::new();
        extract::index(&mut parser, lang, source, None)
    }

    /// The index of `new_text`, an edited version of this index's text, re-parsing only
    /// the changed region (the edit is found as the common prefix and suffix) and taking
    /// over the symbols of the bodies the edit did not touch.
    pub fn rebuild(&self, new_text: String) -> Result<SymbolIndex, Error> {
        self.clone().rebuilt(new_text, true)
    }

    /// [`SymbolIndex::rebuild`], consuming this index: the symbols taken over are moved,
    /// not copied.
    pub fn into_rebuilt(self, new_text: String) -> Result<SymbolIndex, Error> {
        self.rebuilt(new_text, true)
    }

    /// Whether `new_text`, this index's text with `replacements` made (ranges of the old
    /// text, in order, not overlapping), parses with no error at all. Each replacement is
    /// its own edit of the old tree, so tree-sitter re-parses only around them: a rename
    /// that touches a word on every page of a file does not re-read the whole file, as the
    /// one edit from the first change to the last would. `false` means "not shown", not
    /// "broken": the tree is not the text's own (a BOM, the grammar's gaps blanked, item
    /// macros read through), or the new text has an error somewhere, and only a whole
    /// reading ([`SymbolIndex::into_rebuilt`]) counts errors as an edit's proof does. A
    /// text that already had an error is not re-parsed here: renaming names keeps it, and
    /// the whole reading that follows would parse it a second time.
    pub fn clean_after(&self, replacements: &[((usize, usize), &str)], new_text: &str) -> bool {
        if self.source.bom_len() != 0
            || self.read_past_gaps
            || !self.item_macros.is_empty()
            || self.tree.root_node().has_error()
        {
            return false;
        }
        let Some(grammar) = Registry::global().by_name(self.language).and_then(|l| l.grammar().ok()) else {
            return false;
        };
        let old = self.source.text().as_bytes();
        let mut points = Points::new(old);
        let mut edits = Vec::with_capacity(replacements.len());
        let mut last_end = 0;
        for &((start, end), text) in replacements {
            if start < last_end || end < start || end > old.len() {
                return false;
            }
            last_end = end;
            let start_position = points.at(start);
            let old_end_position = points.at(end);
            let mut new_end_position = Points::new(text.as_bytes()).at(text.len());
            if new_end_position.row == 0 {
                new_end_position.column += start_position.column;
            }
            new_end_position.row += start_position.row;
            edits.push(tree_sitter::InputEdit {
                start_byte: start,
                old_end_byte: end,
                new_end_byte: start + text.len(),
                start_position,
                old_end_position,
                new_end_position,
            });
        }
        // From the last edit to the first: each edit's positions are those of the text
        // before it, which the edits after it in the file leave as they were.
        let mut tree = self.tree.clone();
        for edit in edits.iter().rev() {
            tree.edit(edit);
        }
        let mut parser = tree_sitter::Parser::new();
        if parser.set_language(grammar).is_err() {
            return false;
        }
        parser
            .parse(new_text, Some(&tree))
            .is_some_and(|t| !t.root_node().has_error())
    }

    /// The index of `new_text`, re-parsed incrementally, taking symbols over when
    /// `take_over` (what incremental extraction is held equal to takes none).
    fn rebuilt(mut self, new_text: String, take_over: bool) -> Result<SymbolIndex, Error> {
        let lang = Registry::global()
            .by_name(self.language)
            .ok_or_else(|| Error::internal(format!("no language named `{}` is registered", self.language)))?;
        let mut parser = tree_sitter::Parser::new();
        if self.source.bom_len() != 0 || new_text.starts_with('\u{feff}') {
            return extract::index(&mut parser, lang, SourceText::new(new_text), None);
        }
        let mut tree = self.tree.clone();
        let edit = input_edit(self.source.text(), &new_text);
        tree.edit(&edit);
        let symbols = std::mem::take(&mut self.symbols);
        let previous = extract::Previous {
            index: &self,
            symbols,
            tree: &tree,
            edit,
            take_over,
        };
        extract::index(&mut parser, lang, SourceText::new(new_text), Some(previous))
    }

    /// Like [`SymbolIndex::build`], reusing a parser (one per thread when indexing many files).
    pub fn build_with(
        parser: &mut tree_sitter::Parser,
        source: SourceText,
        language: &'static crate::lang::Language,
    ) -> Result<SymbolIndex, Error> {
        extract::index(parser, language, source, None)
    }

    /// The source of `symbol` as `show` prints it: whole lines, so that the first keeps its
    /// indentation; a member that shares its line with others (`Rgb { r: u8, g: u8 }`)
    /// alone.
    pub fn source_of(&self, symbol: &Symbol) -> &str {
        let text = self.source.text();
        let line_start = self.source.line_start(symbol.extent.start_line - 1);
        let start = if text[line_start..symbol.extent.start_byte].trim().is_empty() {
            line_start
        } else {
            symbol.extent.start_byte
        };
        &text[start..symbol.extent.end_byte]
    }

    /// The 1-based lines holding parse errors.
    pub fn error_lines(&self) -> Vec<usize> {
        let mut lines: Vec<usize> = self.parse_errors.iter().map(|&(line, _)| line).collect();
        lines.dedup();
        lines
    }

    /// The definitions at `path` in file order (several for overloads, getter/setter pairs).
    pub fn find(&self, path: &str) -> Vec<&Symbol> {
        self.symbols.iter().filter(|s| s.path == path).collect()
    }

    /// The one definition a name path addresses, or `symbol_not_found` (with the closest
    /// paths) / `ambiguous_symbol` (with every candidate and its `#N`).
    pub fn resolve(&self, path: &NamePath) -> Result<&Symbol, Error> {
        namepath::resolve(self, path)
    }

    /// Parses `text` as a name path and resolves it.
    pub fn resolve_str(&self, text: &str) -> Result<&Symbol, Error> {
        self.resolve(&NamePath::parse(text)?)
    }
}
