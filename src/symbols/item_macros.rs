//! Macros whose body is a list of items, read as those items where they are written.
//!
//! `thread_local! { static STATE: State = State::new(); }` and `lazy_static! { static ref
//! TABLE: Table = ..; }` define statics a program names like any other, but a grammar sees
//! only the macro's tokens. The language's data (`item_macros` in
//! `grammars/languages.toml`) names such macros; the file is parsed a second time with
//! each one's own syntax — the macro's path, `!` and delimiters, and words such as
//! `lazy_static!`'s `ref` — read as blanks of the same length, so the body parses as the
//! items it lists and every byte keeps its offset: a symbol found there has its true range
//! in the file, and an edit or rename by it lands in the macro's body.
//!
//! A macro that builds a value of the expression its body is (`vec![a, b]`, the array
//! `[a, b]` made a `Vec`; `vec![x; n]`) is read the same way with its delimiters kept, so
//! its elements are expressions a reader types (`vec![Entry { .. }]` holds `Entry`s) and
//! the calls in it are calls.
//!
//! A body that does not parse as items (a macro used with another syntax) is left as
//! tokens: a macro is read through only where the second parse has no error inside it.
//! The second parse is incremental: only what the blanks touch is parsed again.
//! What the macro makes of each item is kept as a *wrapper* (`thread_local!`'s statics are
//! `LocalKey<T>`, reached through `with`), for the references layer to type them.

use crate::lang::Language;
use tree_sitter::{Node, Parser, Tree};

/// One macro read through: where its invocation is (bytes of the parsed text), and the type
/// it wraps each of its items' written type in, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemMacro {
    pub range: (usize, usize),
    pub wrapper: Option<&'static str>,
    /// A chain of branches (`cfg_if!`): each group's range, with the condition it is behind
    /// (the `#[cfg(..)]` attribute's text; `None`: the final `else`), in the order written.
    pub branches: Vec<Branch>,
}

/// One branch of a macro whose body is a chain of them: `if #[cfg(unix)] { .. }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub range: (usize, usize),
    pub condition: Option<String>,
}

/// The tree of `text` with the language's item macros read through, and those macros; `tree`
/// itself (and no macro) when the file has none. `tree` is `text` parsed as it is.
pub(super) fn read_through(
    parser: &mut Parser,
    lang: &'static Language,
    tree: Tree,
    text: &[u8],
) -> (Tree, Vec<ItemMacro>) {
    let Some(data) = lang.item_macros.as_ref() else {
        return (tree, Vec::new());
    };
    // Most files name none of the macros: the tree is walked only for one that does.
    if !data
        .macros
        .iter()
        .any(|m| memchr::memmem::find(text, m.name.as_bytes()).is_some())
    {
        return (tree, Vec::new());
    }
    let mut found = Vec::new();
    invocations(data, tree.root_node(), text, &mut found);
    if found.is_empty() {
        return (tree, Vec::new());
    }
    // A macro whose body does not parse as items is dropped and the rest parsed again; two
    // rounds settle it, since dropping one macro's blanks cannot break another's body. The
    // second parse is taken only when it has no error the first did not.
    let errors_as_written = error_starts(tree.root_node()).len();
    for _ in 0..2 {
        if found.is_empty() {
            break;
        }
        // Blanks keep every byte's place: each is an edit of the same length, so the tree
        // as written is reused but for the invocations.
        let mut edited = tree.clone();
        let mut blanks: Vec<(usize, usize)> = found.iter().flat_map(|f| f.blanks.iter().copied()).collect();
        blanks.sort_unstable();
        let mut points = super::Points::new(text);
        for (start, end) in blanks {
            let (start_position, end_position) = (points.at(start), points.at(end));
            edited.edit(&tree_sitter::InputEdit {
                start_byte: start,
                old_end_byte: end,
                new_end_byte: end,
                start_position,
                old_end_position: end_position,
                new_end_position: end_position,
            });
        }
        let Some(through) = parser.parse(blanked(text, &found), Some(&edited)) else {
            break;
        };
        let errors = error_starts(through.root_node());
        if errors.len() <= errors_as_written {
            let macros = found
                .iter()
                .map(|m| ItemMacro {
                    range: m.invocation,
                    wrapper: m.wrapper,
                    branches: m.branches.clone(),
                })
                .collect();
            return (through, macros);
        }
        let before = found.len();
        found.retain(|m| !errors.iter().any(|&e| m.invocation.0 <= e && e < m.invocation.1));
        if found.len() == before {
            break;
        }
    }
    (tree, Vec::new())
}

/// An item macro's invocation and the byte ranges that are its own syntax.
struct Found {
    invocation: (usize, usize),
    blanks: Vec<(usize, usize)>,
    wrapper: Option<&'static str>,
    branches: Vec<Branch>,
}

fn invocations(data: &'static crate::lang::ItemMacros, node: Node<'_>, text: &[u8], out: &mut Vec<Found>) {
    if node.kind() == data.kind {
        if let Some(found) = invocation(data, node, text) {
            out.push(found);
        }
        return;
    }
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        invocations(data, child, text, out);
    }
}

fn invocation(data: &'static crate::lang::ItemMacros, node: Node<'_>, text: &[u8]) -> Option<Found> {
    let name = node.child_by_field_name(&data.name)?;
    let name = std::str::from_utf8(&text[name.byte_range()]).ok()?;
    let last = name.rsplit("::").next().unwrap_or(name).trim();
    let spec = data.macros.iter().find(|m| m.name == last)?;
    let mut cursor = node.walk();
    let body = node
        .named_children(&mut cursor)
        .filter(|c| c.kind() == data.body)
        .last()?;
    if body.end_byte() < body.start_byte() + 2 {
        return None;
    }
    // `vec![a, b]`: the macro's name and `!` only; the delimiters are the expression's.
    if let Some(delimiter) = spec.expression.as_deref() {
        if !text[body.byte_range()].starts_with(delimiter.as_bytes()) {
            return None;
        }
        return Some(Found {
            invocation: (node.start_byte(), node.end_byte()),
            blanks: vec![(node.start_byte(), body.start_byte())],
            wrapper: None,
            branches: Vec::new(),
        });
    }
    if spec.branches {
        return chain(node, body, text);
    }
    let mut blanks = vec![
        (node.start_byte(), body.start_byte() + 1),
        (body.end_byte() - 1, body.end_byte()),
    ];
    // `static ref NAME`: the second word of a pair, right after the first, among the body's
    // own tokens (never inside a nested group, where it would be the initializer's).
    let mut cursor = body.walk();
    let tokens: Vec<Node<'_>> = body.children(&mut cursor).collect();
    for pair in tokens.windows(2) {
        let word = |n: Node<'_>| &text[n.byte_range()];
        if spec
            .dropped
            .iter()
            .any(|[first, second]| word(pair[0]) == first.as_bytes() && word(pair[1]) == second.as_bytes())
        {
            blanks.push((pair[1].start_byte(), pair[1].end_byte()));
        }
    }
    Some(Found {
        invocation: (node.start_byte(), node.end_byte()),
        blanks,
        wrapper: spec.wrapper.as_deref(),
        branches: Vec::new(),
    })
}

/// A body that is a chain of branches: everything but the groups' items is the macro's own
/// syntax (`cfg_if! {`, `if #[cfg(unix)] {`, `} else {`, `}`). A body of another shape
/// (no group, or a token between branches that is not `if`, `else` or a condition) is
/// none.
fn chain(node: Node<'_>, body: Node<'_>, text: &[u8]) -> Option<Found> {
    let mut cursor = body.walk();
    let tokens: Vec<Node<'_>> = body.children(&mut cursor).collect();
    let inner = tokens.get(1..tokens.len().saturating_sub(1)).unwrap_or_default();
    let word = |n: &Node<'_>| std::str::from_utf8(&text[n.byte_range()]).unwrap_or_default();
    let mut branches = Vec::new();
    let mut condition: Option<String> = None;
    for (k, token) in inner.iter().enumerate() {
        let written = word(token);
        match written {
            "if" | "else" | "#" => {}
            _ if token.kind().contains("comment") => {}
            _ if written.starts_with('[') && k > 0 && word(&inner[k - 1]) == "#" => {
                condition = Some(format!("#{written}"));
            }
            _ if written.starts_with('{') => branches.push(Branch {
                range: (token.start_byte(), token.end_byte()),
                condition: condition.take(),
            }),
            _ => return None,
        }
    }
    if branches.is_empty() {
        return None;
    }
    // Blanks: from the invocation's start to the first group's `{`, then from each group's
    // `}` to the next one's `{`, then from the last `}` to the end.
    let mut blanks = Vec::new();
    let mut from = node.start_byte();
    for branch in &branches {
        blanks.push((from, branch.range.0 + 1));
        from = branch.range.1 - 1;
    }
    blanks.push((from, node.end_byte()));
    Some(Found {
        invocation: (node.start_byte(), node.end_byte()),
        blanks,
        wrapper: None,
        branches,
    })
}

/// `text` with every blank range's bytes made spaces (line breaks kept, so lines and
/// columns stay where they were).
fn blanked(text: &[u8], found: &[Found]) -> Vec<u8> {
    let mut out = text.to_vec();
    for (start, end) in found.iter().flat_map(|f| f.blanks.iter().copied()) {
        for byte in &mut out[start..end] {
            if *byte != b'\n' && *byte != b'\r' {
                *byte = b' ';
            }
        }
    }
    out
}

/// Where each ERROR or MISSING node starts (only subtrees holding one are walked).
fn error_starts(root: Node<'_>) -> Vec<usize> {
    super::grammar_gaps::error_ranges(root)
        .into_iter()
        .map(|(start, _)| start)
        .collect()
}
