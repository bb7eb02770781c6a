//! Incremental extraction: after an edit, the symbols inside a definition the edit did not
//! touch are taken over from the previous index instead of being found again.
//!
//! The principle: what is defined inside a definition's body is a function of the body
//! (its syntax tree and its text, lines included, since a symbol's indentation is its
//! line's) and of the definition's path and kind, and of nothing else — with one exception
//! the query names: members written in a method that belong to the method's class
//! (`member_of`) are chosen among all of the class's methods, so the body of a method
//! whose class takes such members is always walked. A body is taken over when
//!
//! - it lies on lines the edit did not touch, so its text and its lines' indentation are
//!   the previous text's, moved by the edit's byte and line shift;
//! - tree-sitter reports no change of syntax in it (`Tree::changed_ranges`): an edit
//!   elsewhere (an opened string, a bracket) can re-read text it did not touch;
//! - the previous index had a body at exactly that place, under a definition of the same
//!   kind by the query, and (checked when the paths are known) the same path and kind.
//!
//! Everything else is computed as a full extraction computes it: every walked body, every
//! definition's own extent and attachments, the numbering of duplicates, parse errors.
//! When anything taken over disagrees with its new surroundings (a parent outside the
//! body that is not the definition), the extraction starts again without taking over.
//! `tests/symbols_incremental.rs` holds incremental and full extraction equal over random
//! edits of real files.

use super::{AttachedPiece, Span, Symbol, SymbolIndex};
use crate::lang::NodeRoles;
use crate::source::SourceText;
use std::ops::Range;
use std::sync::Arc;

/// What a definition's body held, as an index records it for the next edit.
#[derive(Debug, Clone)]
pub struct Interior {
    /// The body's byte range, in the text after any BOM (as the tree's nodes are).
    pub body: (usize, usize),
    /// Where the definition's node starts.
    pub node_start: usize,
    /// The definition's kind as the query gave it (before `function` becomes `method`).
    /// (Shared, not copied, as interiors are taken over from index to index.)
    pub query_kind: Arc<str>,
    pub path: Arc<str>,
    pub kind: Arc<str>,
    /// The listed symbols inside the body: `symbols[start..end]` of the index.
    pub symbols: (usize, usize),
    /// The nearest listed symbol around the body: the definition itself when it is listed
    /// (a Rust `impl` is not; its methods' parent is what is around it).
    pub outer: Option<usize>,
}

/// Where each listed symbol's node starts, and the interiors of the definitions with a
/// body, in file order.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// Parallel to the index's symbols, in the text after any BOM.
    pub node_starts: Vec<usize>,
    pub interiors: Vec<Interior>,
    /// How many of the symbols were taken over from the previous index.
    pub taken_over: usize,
}

impl Layout {
    /// The symbols whose node starts inside `body`.
    pub fn symbols_in(&self, body: (usize, usize)) -> (usize, usize) {
        let start = self.node_starts.partition_point(|&s| s < body.0);
        let end = self.node_starts.partition_point(|&s| s < body.1);
        (start, end)
    }
}

/// What the extraction of an edited text may take over from the index of the text before.
pub struct Reuse<'a> {
    old: &'a SymbolIndex,
    /// The previous index's symbols, moved out of it so that taking one over copies
    /// nothing; each is taken at most once.
    symbols: std::cell::RefCell<Vec<Option<Symbol>>>,
    edit: tree_sitter::InputEdit,
    /// Byte ranges of the new text whose syntax changed.
    changed: Vec<Range<usize>>,
    /// Bytes `[start, end)` of the new text on the lines the edit touches.
    touched: (usize, usize),
    /// The previous tree's named top-level nodes: start, end, kind.
    old_top: Vec<(usize, usize, u16)>,
}

/// A run of the previous index's symbols: those whose node starts in `bytes`.
#[derive(Debug, Clone, Copy)]
pub struct OldBlock {
    pub bytes: (usize, usize),
    pub symbols: (usize, usize),
    /// The parent of the block's outermost symbols.
    pub outer: Option<usize>,
}

impl<'a> Reuse<'a> {
    /// `old` with its symbols moved out (`symbols`); `edited_old`: its tree, edited by
    /// `edit`; `new_tree` the re-parse of `new`. Nothing is taken over from or into a text
    /// with a BOM (its offsets are not the nodes').
    pub fn new(
        old: &'a SymbolIndex,
        symbols: Vec<Symbol>,
        edited_old: &tree_sitter::Tree,
        new_tree: &tree_sitter::Tree,
        edit: tree_sitter::InputEdit,
        new: &SourceText,
    ) -> Option<Reuse<'a>> {
        if old.source.bom_len() != 0 || new.bom_len() != 0 || symbols.len() != old.layout.node_starts.len() {
            return None;
        }
        let changed = edited_old
            .changed_ranges(new_tree)
            .map(|r| r.start_byte..r.end_byte)
            .collect();
        let first = new.line_of(edit.start_byte);
        let last = new.line_of(edit.new_end_byte);
        let root = old.tree.root_node();
        let mut cursor = root.walk();
        let old_top = root
            .named_children(&mut cursor)
            .map(|c| (c.start_byte(), c.end_byte(), c.kind_id()))
            .collect();
        Some(Reuse {
            old,
            old_top,
            symbols: std::cell::RefCell::new(symbols.into_iter().map(Some).collect()),
            edit,
            changed,
            touched: (new.line_start(first), new.line_start(last + 1)),
        })
    }

    /// Whether the new text's bytes `[start, end)` are as they were, moved: on lines the
    /// edit did not touch, with no change of syntax.
    pub fn untouched(&self, start: usize, end: usize) -> bool {
        let before = end <= self.touched.0;
        (before || start >= self.touched.1) && !self.changed.iter().any(|r| r.start < end && start < r.end)
    }

    /// Where the new text's untouched bytes `[start, end)` were in the previous text.
    fn old_bytes(&self, start: usize, end: usize) -> Option<(usize, usize)> {
        let (shift, _) = self.shift(end <= self.touched.0);
        Some((back(start, shift)?, back(end, shift)?))
    }

    /// The previous interior a body of the new tree (`body`, under a definition the query
    /// calls `query_kind`) is the same as, if it can be taken over.
    pub fn interior_for(&self, body: Range<usize>, query_kind: &str) -> Option<usize> {
        if !self.untouched(body.start, body.end) {
            return None;
        }
        let old_body = self.old_bytes(body.start, body.end)?;
        let interiors = &self.old.layout.interiors;
        let at = interiors.partition_point(|i| i.body.0 < old_body.0);
        (at..interiors.len())
            .take_while(|&k| interiors[k].body.0 == old_body.0)
            .find(|&k| interiors[k].body == old_body && &*interiors[k].query_kind == query_kind)
    }

    /// The previous symbols of a top-level node of the new tree, when they are its
    /// symbols now. A node's definitions depend on it and on the run of attached siblings
    /// right before it (doc comments, attributes), which starts at `run_start`: those must
    /// be untouched, the previous tree must have had the same node there (an edit after a
    /// node can end it elsewhere) and no attached sibling before the run (the run was
    /// the same), and every symbol must be the node's own (a parent inside it or none).
    pub fn whole(&self, run_start: usize, node: tree_sitter::Node<'_>, roles: &NodeRoles) -> Option<OldBlock> {
        let (start, end) = (node.start_byte(), node.end_byte());
        if !self.untouched(run_start, end) {
            return None;
        }
        let bytes = self.old_bytes(start, end)?;
        let at = self.old_top.partition_point(|&(s, _, _)| s < bytes.0);
        if self.old_top.get(at) != Some(&(bytes.0, bytes.1, node.kind_id())) {
            return None;
        }
        let run = self.old_bytes(run_start, end)?.0;
        let before_run = self.old_top.partition_point(|&(s, _, _)| s < run);
        if before_run > 0 && roles.of_kind(self.old_top[before_run - 1].2).attached.is_some() {
            return None;
        }
        let symbols = self.old.layout.symbols_in(bytes);
        let slots = self.symbols.borrow();
        let own = (symbols.0..symbols.1).all(|i| match slots.get(i) {
            Some(Some(symbol)) => symbol.parent.is_none_or(|p| (symbols.0..symbols.1).contains(&p)),
            _ => false,
        });
        own.then_some(OldBlock {
            bytes,
            symbols,
            outer: None,
        })
    }

    pub fn interior(&self, k: usize) -> &Interior {
        &self.old.layout.interiors[k]
    }

    /// Previous interior `k` as a block of symbols.
    pub fn interior_block(&self, k: usize) -> OldBlock {
        let interior = self.interior(k);
        OldBlock {
            bytes: interior.body,
            symbols: interior.symbols,
            outer: interior.outer,
        }
    }

    /// Where previous bytes `old` are in the new text.
    pub fn new_bytes(&self, old: (usize, usize)) -> Option<(usize, usize)> {
        let (shift, _) = self.shift(old.1 <= self.edit.start_byte);
        Some((old.0.checked_add_signed(shift)?, old.1.checked_add_signed(shift)?))
    }

    /// Appends the symbols of `block` to `symbols`, moved to the new text, and the
    /// interiors of the definitions inside it to `layout`: what had the block's `outer` as
    /// parent has `new_outer`. `None` when one of them has a parent that is neither inside
    /// nor the block's outer (the caller extracts afresh).
    pub fn take(
        &self,
        block: OldBlock,
        new_outer: Option<usize>,
        symbols: &mut Vec<Symbol>,
        layout: &mut Layout,
    ) -> Option<()> {
        let (first, end) = block.symbols;
        let (bytes, lines) = self.shift(block.bytes.1 <= self.edit.start_byte);
        let index_shift = symbols.len() as isize - first as isize;
        let remap = |parent: Option<usize>| -> Option<Option<usize>> {
            match parent {
                Some(p) if (first..end).contains(&p) => Some(Some(p.checked_add_signed(index_shift)?)),
                p if p == block.outer => Some(new_outer),
                _ => None,
            }
        };
        let mut slots = self.symbols.borrow_mut();
        symbols.reserve(end - first);
        for slot in slots.get_mut(first..end)? {
            let mut symbol = slot.take()?;
            symbol.parent = remap(symbol.parent)?;
            moved(&mut symbol, bytes, lines)?;
            symbols.push(symbol);
        }
        for &start in &self.old.layout.node_starts[first..end] {
            layout.node_starts.push(start.checked_add_signed(bytes)?);
        }
        layout.taken_over += end - first;
        let olds = &self.old.layout.interiors;
        let from = olds.partition_point(|i| i.body.0 < block.bytes.0);
        // The interiors of the definitions inside the block (an empty body may sit at its
        // very end).
        for inner in olds[from..].iter().take_while(|i| i.body.0 <= block.bytes.1) {
            if !(block.bytes.0..block.bytes.1).contains(&inner.node_start) {
                continue;
            }
            layout.interiors.push(Interior {
                body: (
                    inner.body.0.checked_add_signed(bytes)?,
                    inner.body.1.checked_add_signed(bytes)?,
                ),
                node_start: inner.node_start.checked_add_signed(bytes)?,
                symbols: (
                    inner.symbols.0.checked_add_signed(index_shift)?,
                    inner.symbols.1.checked_add_signed(index_shift)?,
                ),
                outer: remap(inner.outer)?,
                ..inner.clone()
            });
        }
        Some(())
    }

    /// The byte and line shift from the previous text to the new one, for what lies before
    /// the edit or after it.
    fn shift(&self, before: bool) -> (isize, isize) {
        if before {
            return (0, 0);
        }
        let e = &self.edit;
        (
            e.new_end_byte as isize - e.old_end_byte as isize,
            e.new_end_position.row as isize - e.old_end_position.row as isize,
        )
    }
}

fn back(at: usize, shift: isize) -> Option<usize> {
    at.checked_add_signed(-shift)
}

/// `symbol`'s places moved by `bytes` and `lines`.
fn moved(symbol: &mut Symbol, bytes: isize, lines: isize) -> Option<()> {
    if bytes == 0 && lines == 0 {
        return Some(());
    }
    let span = |s: &mut Span| -> Option<()> {
        s.start_byte = s.start_byte.checked_add_signed(bytes)?;
        s.end_byte = s.end_byte.checked_add_signed(bytes)?;
        s.start_line = s.start_line.checked_add_signed(lines)?;
        s.end_line = s.end_line.checked_add_signed(lines)?;
        Some(())
    };
    span(&mut symbol.extent)?;
    span(&mut symbol.declaration)?;
    span(&mut symbol.name_span)?;
    if let Some(body) = symbol.body.as_mut() {
        span(body)?;
    }
    if let Some(doc) = symbol.docstring.as_mut() {
        span(doc)?;
    }
    for AttachedPiece { span: s, .. } in symbol.pieces.iter_mut() {
        span(s)?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    //! Incremental extraction equals full extraction: random edits, chained, on the
    //! repository's own Python, Rust and TypeScript files and on a few written to hold
    //! what crosses a body's border (members written in methods, attributes, doc comments,
    //! an edit that opens a string).
    use super::*;
    use proptest::prelude::*;
    use std::path::Path;

    /// Every tracked source file of a language saguaro reads, with its language.
    fn files() -> Vec<(String, &'static str)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let registry = crate::lang::Registry::global();
        let mut out = Vec::new();
        for dir in ["src", "tests", "docs", "benches", "fixtures"] {
            for entry in ignore::Walk::new(root.join(dir)).flatten() {
                let path = entry.path();
                let Some(lang) = registry.for_path(path) else { continue };
                if let Ok(text) = std::fs::read_to_string(path) {
                    if !text.starts_with('\u{feff}') && text.len() < 200_000 {
                        out.push((text, lang.name.as_str()));
                    }
                }
            }
        }
        out.sort();
        for (text, lang) in WRITTEN {
            out.push((text.to_string(), lang));
        }
        out
    }

    const WRITTEN: &[(&str, &str)] = &[
        (
            "class Engine:\n    \"\"\"An engine.\"\"\"\n    limit = 3\n\n    def __init__(self):\n        self.state = 0\n        self.limit = 1\n\n    @property\n    def process(self, order):\n        self.seen = order\n        if order:\n            self.state = 2\n        return order\n\n    def reset(self):\n        self.seen = None\n        self.later = 1\n\n\ndef helper():\n    class Inner:\n        def m(self):\n            self.x = 1\n    return Inner\n\n\nclass Store(Engine):\n    def get(self, key):\n        \"\"\"Get.\"\"\"\n        self.key = key\n",
            "python",
        ),
        (
            "/// A point.\n#[derive(Debug)]\npub struct Point {\n    pub x: i32,\n    y: i32,\n}\n\n// plain\n\n/// Doc.\nimpl Point {\n    /// New.\n    pub fn new() -> Self {\n        Point { x: 0, y: 0 }\n    }\n\n    fn norm(&self) -> i32 {\n        self.x + self.y\n    }\n}\n\nmod inner {\n    pub enum E {\n        A,\n        B { f: u8 },\n    }\n    trait T {\n        fn t(&self);\n    }\n}\n",
            "rust",
        ),
        (
            "export class Engine {\n  private state = 0;\n  constructor(private readonly limit: number) {}\n  /** Process. */\n  process(order: string): string {\n    this.state += 1;\n    return order;\n  }\n  static make() { return new Engine(1); }\n}\n\nexport namespace Shop {\n  export interface Order { id: number; total?: number }\n  export const a = 1, b = 2;\n}\n\n@Component({})\nclass Widget { @Input() name = ''; render() { return 1; } }\n\nenum Color { Red, Green }\n",
            "typescript",
        ),
    ];

    const SNIPPETS: &[&str] = &[
        "\n",
        "\"\"\"",
        "(",
        "}",
        "{",
        "/*",
        "// note\n",
        "/// doc\n",
        "# note\n",
        "#[derive(Debug)]\n",
        "@decorator\n",
        "    def added(self):\n        self.z = 1\n",
        "class Added:\n    pass\n",
        "fn added() {}\n",
        "export function added(): void {}\n",
        "    ",
        "x",
    ];

    /// The byte at or before `at` that starts a character.
    fn boundary(text: &str, mut at: usize) -> usize {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// One edit of `text`, from four numbers: what to do, where, how much, with what.
    pub(super) fn edited(text: &str, (what, a, b, c): (u8, usize, usize, usize)) -> String {
        let lines: Vec<usize> = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
            .collect();
        let line = |n: usize| lines[n % lines.len()];
        let (start, end) = {
            let (x, y) = (line(a), line(a + 1 + b % 8));
            (x.min(y), x.max(y))
        };
        match what % 6 {
            // Replace a run of lines with another run of the file.
            0 => {
                let (s, e) = (line(c), line(c + 1 + b % 5));
                let (s, e) = (s.min(e), s.max(e));
                format!("{}{}{}", &text[..start], &text[s..e], &text[end..])
            }
            // Delete a run of lines.
            1 => format!("{}{}", &text[..start], &text[end..]),
            // Insert a snippet at a line's start.
            2 => format!("{}{}{}", &text[..start], SNIPPETS[c % SNIPPETS.len()], &text[start..]),
            // Insert a snippet anywhere.
            3 => {
                let at = boundary(text, a.wrapping_mul(7919) % (text.len() + 1));
                format!("{}{}{}", &text[..at], SNIPPETS[c % SNIPPETS.len()], &text[at..])
            }
            // Indent a run of lines.
            4 => {
                let indented: String = text[start..end]
                    .split_inclusive('\n')
                    .map(|l| format!("    {l}"))
                    .collect();
                format!("{}{indented}{}", &text[..start], &text[end..])
            }
            // Change a few bytes inside a line.
            _ => {
                let at = boundary(text, a.wrapping_mul(7919) % (text.len() + 1));
                let to = boundary(text, at + b % 12);
                format!("{}{}{}", &text[..at], &SNIPPETS[c % SNIPPETS.len()].trim(), &text[to..])
            }
        }
    }

    pub(super) fn assert_same(step: &SymbolIndex, full: &SymbolIndex, what: &str) {
        assert_eq!(step.symbols, full.symbols, "symbols differ after {what}");
        assert_eq!(step.parse_errors, full.parse_errors, "parse errors differ after {what}");
        assert_eq!(
            step.layout.node_starts, full.layout.node_starts,
            "node starts differ after {what}"
        );
        let key = |i: &Interior| {
            (
                i.body,
                i.node_start,
                i.query_kind.clone(),
                i.path.clone(),
                i.kind.clone(),
                i.symbols,
                i.outer,
            )
        };
        let a: Vec<_> = step.layout.interiors.iter().map(key).collect();
        let b: Vec<_> = full.layout.interiors.iter().map(key).collect();
        assert_eq!(a, b, "interiors differ after {what}");
    }

    fn corpus() -> &'static Vec<(String, &'static str)> {
        static FILES: std::sync::OnceLock<Vec<(String, &'static str)>> = std::sync::OnceLock::new();
        FILES.get_or_init(files)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn incremental_extraction_equals_full_extraction(
            pick in any::<usize>(),
            edits in proptest::collection::vec((any::<u8>(), 0usize..100_000, 0usize..64, 0usize..100_000), 1..4),
        ) {
            let files = corpus();
            let (text, language) = &files[pick % files.len()];
            let mut index = SymbolIndex::build(SourceText::new(text.clone()), language).unwrap();
            let mut current = text.clone();
            for (n, edit) in edits.into_iter().enumerate() {
                current = edited(&current, edit);
                let step = index.rebuild(current.clone()).unwrap();
                // The same incremental parse, every symbol found anew. (Where the text
                // does not parse, tree-sitter's error recovery may read an incremental
                // parse otherwise than a fresh one: that is the parser's, not ours.)
                let anew = index.clone().rebuilt(current.clone(), false).unwrap();
                assert_same(&step, &anew, &format!("edit {n} {edit:?} of a {language} file"));
                let full = SymbolIndex::build(SourceText::new(current.clone()), language).unwrap();
                if full.parse_errors.is_empty() {
                    assert_same(&step, &full, &format!("edit {n} {edit:?} of a {language} file, parsed afresh"));
                }
                index = step;
            }
        }
    }

    #[test]
    fn an_edit_in_one_method_takes_over_the_other_definitions() {
        let mut text = String::new();
        for n in 0..50 {
            text.push_str(&format!(
                "class Service{n}:\n    def __init__(self):\n        self.calls = 0\n\n    def handle(self, request):\n        return request\n\n\n"
            ));
        }
        let index = SymbolIndex::build(SourceText::new(text.clone()), "python").unwrap();
        let (at, _) = text.match_indices("return request").nth(25).unwrap();
        let edited = format!("{}return None{}", &text[..at], &text[at + "return request".len()..]);
        let step = index.rebuild(edited.clone()).unwrap();
        let full = SymbolIndex::build(SourceText::new(edited), "python").unwrap();
        assert_same(&step, &full, "an edit in Service25.handle");
        // The 49 other classes (4 symbols each) came over whole; Service25 was walked.
        assert_eq!(step.layout.taken_over, 49 * 4);
        assert_eq!(full.layout.taken_over, 0);
    }
}

#[cfg(test)]
mod sweep {
    //! The same equality over any tree of real code (run by hand, it needs the tree):
    //! `SAGUARO_SWEEP=DIR cargo test --release --lib sweep -- --ignored --nocapture`.
    use super::*;

    #[test]
    #[ignore = "needs SAGUARO_SWEEP=DIR, a tree of real code"]
    fn incremental_extraction_equals_full_extraction_on_a_tree() {
        let dir =
            std::env::var("SAGUARO_SWEEP").expect("set SAGUARO_SWEEP to a folder of Python, Rust or TypeScript code");
        let registry = crate::lang::Registry::global();
        let (mut files, mut edits, mut taken, mut symbols) = (0usize, 0usize, 0usize, 0usize);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as usize
        };
        for entry in ignore::WalkBuilder::new(&dir).follow_links(true).build().flatten() {
            let path = entry.path();
            let Some(lang) = registry.for_path(path) else { continue };
            let Ok(text) = std::fs::read_to_string(path) else {
                continue;
            };
            if text.starts_with('\u{feff}') || text.len() > 400_000 {
                continue;
            }
            files += 1;
            let mut index = SymbolIndex::build(SourceText::new(text.clone()), lang.name.as_str()).unwrap();
            let mut current = text;
            for _ in 0..3 {
                let edit = ((next() % 256) as u8, next() % 100_000, next() % 64, next() % 100_000);
                current = super::tests::edited(&current, edit);
                let step = index.rebuild(current.clone()).unwrap();
                let anew = index.clone().rebuilt(current.clone(), false).unwrap();
                super::tests::assert_same(&step, &anew, &format!("{edit:?} of {}", path.display()));
                edits += 1;
                taken += step.layout.taken_over;
                symbols += step.symbols.len();
                index = step;
            }
        }
        assert!(files > 0, "no file of a language saguaro reads under {dir}");
        println!("{files} files, {edits} edits: {taken} of {symbols} symbols taken over");
    }
}
