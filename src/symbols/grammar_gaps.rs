//! Words a language allows where its grammar has no rule for them, read as blanks.
//!
//! tree-sitter-typescript has no rule for TypeScript 4.7's variance modifiers
//! (`interface Schema<in out A>`; its issue 370), and one use leaves the whole declaration,
//! often the whole file, an error: no symbol, no reference, nothing to edit. The words say
//! nothing of any name, so a file the grammar rejects is parsed once more with each such
//! word written as spaces. Every byte keeps its place, so the tree's ranges are the text's
//! own, and the text itself is never changed. The second tree is taken only when it has
//! fewer error bytes than the first and no error where the first had none: a pattern
//! that matched what it should not cannot break a file.
//!
//! A gap may also be a character the grammar needs and the language does not: a generic
//! call signature on its own line after a member with no `;` (Effect's overloads, `<B>(y:
//! B): B` under `<A>(x: A): A`) is read by the grammar as type arguments of the member's
//! last type, so the space before it is read as the `;` a line break stands for there.
//!
//! The words, and where they stand, are the language's data (`grammar_gaps` in
//! `grammars/languages.toml`).

use crate::lang::Language;
use tree_sitter::{Node, Parser, Tree};

/// `tree` of `text`, or, when it has errors that reading the language's gaps otherwise
/// removes, the tree of the text so read, with that text.
pub(super) fn read_past(parser: &mut Parser, lang: &Language, tree: Tree, text: &[u8]) -> (Tree, Option<Vec<u8>>) {
    if lang.grammar_gaps.is_empty() || !tree.root_node().has_error() {
        return (tree, None);
    }
    let Ok(as_str) = std::str::from_utf8(text) else {
        return (tree, None);
    };
    let mut blanked = text.to_vec();
    let mut any = false;
    for gap in &lang.grammar_gaps {
        // An ASCII character in place of each byte keeps every byte's place (checked by
        // the registry's test; anything else is read as a blank).
        let written_as = gap.written_as.and_then(|c| u8::try_from(c).ok());
        for (start, end) in gap.gaps(as_str) {
            any = true;
            for byte in &mut blanked[start..end] {
                match written_as {
                    Some(c) => *byte = c,
                    None if !byte.is_ascii_whitespace() => *byte = b' ',
                    None => {}
                }
            }
        }
    }
    if !any {
        return (tree, None);
    }
    let Some(through) = parser.parse(&blanked, None) else {
        return (tree, None);
    };
    // Taken only when it is better and nowhere worse: fewer error bytes, and no error
    // where the tree as written had none.
    let before = error_ranges(tree.root_node());
    let after = error_ranges(through.root_node());
    let only_where_before = after
        .iter()
        .all(|&(start, _)| before.iter().any(|&(s, e)| s <= start && start <= e));
    if only_where_before && error_bytes(&after) < error_bytes(&before) {
        (through, Some(blanked))
    } else {
        (tree, None)
    }
}

/// The byte ranges of a tree's ERROR and MISSING nodes (a missing node is empty), in no
/// particular order.
pub(super) fn error_ranges(root: Node<'_>) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.is_error() || node.is_missing() {
            ranges.push((node.start_byte(), node.end_byte()));
            continue;
        }
        if !node.has_error() {
            continue;
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    ranges
}

/// How much of the text errors cover, a missing node counting as one byte.
fn error_bytes(errors: &[(usize, usize)]) -> usize {
    errors.iter().map(|(start, end)| (end - start).max(1)).sum()
}
