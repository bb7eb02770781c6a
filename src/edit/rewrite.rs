//! `rewrite`: structural search and replace with ast-grep patterns, confined to one
//! symbol's extent (or the whole file). `{"op": "rewrite", "symbol": "Engine.process",
//! "pattern": "print($A)", "rewrite": "log.info($A)"}`. No match is an error: an agent
//! that expected one learns its pattern was wrong instead of getting a silent no-op.
//!
//! Only the code changes, not its layout: ast-grep writes a replacement with the template's
//! spacing (a three-line call comes out on one line). Each replacement is therefore laid
//! out again token by token against the text it replaced: where two tokens follow each
//! other in both (the tokens the rewrite kept, or swapped one for one in place), the
//! whitespace between them is the original's — its line breaks and indentation; elsewhere
//! it is the template's. Tokens are the syntax tree's leaves, a string or comment
//! (`literal_kinds`) being one token whole, so only whitespace between tokens ever moves.

use crate::feedback::{Error, ErrorCode};
use crate::lang::astgrep::SgLanguage;
use crate::lang::Language;
use crate::symbols::{Span, SymbolIndex};
use ast_grep_core::tree_sitter::LanguageExt;
use ast_grep_core::Pattern;

/// The text with every match of `pattern` inside `within` (the whole file when `None`)
/// replaced by `template`, and the 1-based lines the first and last replacement touch.
pub fn rewrite(
    index: &SymbolIndex,
    lang: &'static Language,
    within: Option<Span>,
    pattern: &str,
    template: &str,
) -> Result<(String, usize, usize), Error> {
    let sg = SgLanguage::new(lang)?;
    let matcher = Pattern::try_new(pattern, sg.clone()).map_err(|e| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("the pattern `{pattern}` is not valid {} code: {e}", lang.name),
            "a pattern is code with metavariables: `print($A)`, `$OBJ.process($$$ARGS)`",
        )
    })?;
    let text = index.source.text();
    let grep = sg.ast_grep(text);
    let (start, end) = within.map_or((0, text.len()), |s| (s.start_byte, s.end_byte));
    let mut edits: Vec<_> = grep
        .root()
        .replace_all(matcher, template)
        .into_iter()
        .filter(|e| e.position >= start && e.position + e.deleted_length <= end)
        .collect();
    if edits.is_empty() {
        let place = within.map_or("the file".to_string(), |s| {
            format!("lines {}-{}", s.start_line, s.end_line)
        });
        return Err(Error::new(
            ErrorCode::NoMatch,
            format!("the pattern `{pattern}` matches nothing in {place}"),
            "check the pattern against the code (`saguaro show FILE SYMBOL`); metavariables are `$NAME`, `$$$ARGS` for several nodes",
        ));
    }
    edits.sort_by_key(|e| e.position);
    let first_line = index.source.line_of(edits[0].position) + 1;
    let mut out = text.to_string();
    for edit in edits.iter().rev() {
        let inserted = String::from_utf8_lossy(&edit.inserted_text);
        out.replace_range(edit.position..edit.position + edit.deleted_length, &inserted);
    }
    let out = keep_layout(index, lang, &edits, out)?;
    let added = out.matches('\n').count() as isize - text.matches('\n').count() as isize;
    let last = edits.last().expect("not empty");
    let last_line =
        (index.source.line_of(last.position + last.deleted_length) as isize + 1 + added).max(first_line as isize);
    Ok((out, first_line, last_line as usize))
}

/// `rewritten` (the file with every edit's inserted text) with each replacement's
/// whitespace between tokens taken from the text it replaced where the tokens around it
/// are the same ones, in the same order.
fn keep_layout(
    index: &SymbolIndex,
    lang: &'static Language,
    edits: &[ast_grep_core::source::Edit<String>],
    rewritten: String,
) -> Result<String, Error> {
    let bom = index.source.bom_len();
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(lang.grammar()?)
        .map_err(|e| Error::internal(format!("cannot load the {} grammar: {e}", lang.name)))?;
    let Some(new_tree) = parser.parse(&rewritten[bom..], None) else {
        return Ok(rewritten);
    };
    let old_text = index.source.text();
    // Where each replacement sits in the rewritten text.
    let mut shift: isize = 0;
    let mut placed = Vec::with_capacity(edits.len());
    for edit in edits {
        let start = (edit.position as isize + shift) as usize;
        placed.push((edit, start, start + edit.inserted_text.len()));
        shift += edit.inserted_text.len() as isize - edit.deleted_length as isize;
    }
    let mut out = rewritten.clone();
    let errors_before = new_tree.root_node().has_error();
    for (edit, start, end) in placed.into_iter().rev() {
        debug_assert!(start <= end && end <= rewritten.len());
        let old = tokens(
            &index.tree,
            old_text,
            bom,
            edit.position,
            edit.position + edit.deleted_length,
            lang,
        );
        let new = tokens(&new_tree, &rewritten, bom, start, end, lang);
        if let (Some(laid_out), Some(first), Some(last)) =
            (relay(old_text, &old, &rewritten, &new), new.first(), new.last())
        {
            out.replace_range(first.0..last.1, &laid_out);
        }
    }
    // Whitespace can matter (a line break outside brackets ends a Python statement): a
    // layout the language cannot read where the template's could is not kept.
    let readable = parser
        .parse(&out[bom..], None)
        .is_some_and(|t| !t.root_node().has_error() || errors_before);
    Ok(if readable { out } else { rewritten })
}

/// The tokens of `text[start..end]` as byte ranges: the tree's leaves, a literal (string,
/// comment) whole, and leaves with anything but whitespace between them joined.
fn tokens(
    tree: &tree_sitter::Tree,
    text: &str,
    bom: usize,
    start: usize,
    end: usize,
    lang: &Language,
) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut cursor = tree.walk();
    let mut descend = true;
    loop {
        let node = cursor.node();
        let (from, to) = (node.start_byte() + bom, node.end_byte() + bom);
        let inside = from < end && to > start;
        if descend && inside && node.child_count() > 0 && !lang.literal_kinds.iter().any(|k| k == node.kind()) {
            cursor.goto_first_child();
            continue;
        }
        if inside && to > from {
            let (from, to) = (from.max(start), to.min(end));
            match out.last_mut() {
                Some(last) if !text[last.1..from].trim().is_empty() || from < last.1 => last.1 = last.1.max(to),
                _ => out.push((from, to)),
            }
        }
        if cursor.goto_next_sibling() {
            descend = true;
            continue;
        }
        loop {
            if !cursor.goto_parent() {
                return out;
            }
            if cursor.goto_next_sibling() {
                descend = true;
                break;
            }
        }
    }
}

/// The new tokens, from the first one's start to the last one's end, with the old
/// whitespace where the tokens around it are the old ones; `None` when nothing is kept
/// (the template's layout stands). The gap before a new token is, in order:
/// 1. the old gap between the two tokens, where both stand where old ones followed each
///    other (kept, or an atom swapped one for one: `compute` → `calc`);
/// 2. the old gap after the token before it, where that one was kept and this one is like
///    the one that followed it (an inserted argument goes where the next one went, on its
///    own line if they were);
/// 3. the old gap before it, where it was kept and the token before it is like the one
///    before it was;
/// 4. else the template's.
///
/// Two tokens are alike when they are the same, or both atoms (names, numbers, literals).
/// A replacement of the same shape — as many tokens, each alike the old one in its place
/// (`swap(a, b)` → `swap(b, a)`) — keeps every old gap.
fn relay(old_text: &str, old: &[(usize, usize)], new_text: &str, new: &[(usize, usize)]) -> Option<String> {
    use similar::{capture_diff_slices, Algorithm, DiffOp};
    if old.is_empty() || new.is_empty() {
        return None;
    }
    let old_words: Vec<&str> = old.iter().map(|&(a, b)| &old_text[a..b]).collect();
    let new_words: Vec<&str> = new.iter().map(|&(a, b)| &new_text[a..b]).collect();
    // A name, number or literal; punctuation stands only for itself.
    let atom = |t: &str| t.starts_with(|c: char| c.is_alphanumeric() || "_$\"'`".contains(c));
    let alike = |a: &str, b: &str| a == b || (atom(a) && atom(b));
    // For each new token, the old one it is (kept) or stands in place of.
    let mut kept: Vec<Option<usize>> = vec![None; new.len()];
    let mut counterpart: Vec<Option<usize>> = vec![None; new.len()];
    let same_shape = old.len() == new.len() && old_words.iter().zip(&new_words).all(|(a, b)| alike(a, b));
    let ops = if same_shape {
        vec![DiffOp::Replace {
            old_index: 0,
            old_len: old.len(),
            new_index: 0,
            new_len: new.len(),
        }]
    } else {
        capture_diff_slices(Algorithm::Myers, &old_words, &new_words)
    };
    for op in ops {
        match op {
            DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => {
                for k in 0..len {
                    kept[new_index + k] = Some(old_index + k);
                    counterpart[new_index + k] = Some(old_index + k);
                }
            }
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } if old_len == new_len => {
                for k in 0..new_len {
                    let (o, n) = (old_words[old_index + k], new_words[new_index + k]);
                    if o == n {
                        kept[new_index + k] = Some(old_index + k);
                    }
                    if alike(o, n) {
                        counterpart[new_index + k] = Some(old_index + k);
                    }
                }
            }
            _ => {}
        }
    }
    let old_gap = |a: usize| &old_text[old[a].1..old[a + 1].0];
    let mut out = String::new();
    let mut kept_any = false;
    for (j, &(from, to)) in new.iter().enumerate() {
        if j > 0 {
            let gap = match (counterpart[j - 1], counterpart[j], kept[j - 1], kept[j]) {
                (Some(a), Some(b), _, _) if b == a + 1 => Some(old_gap(a)),
                (_, _, Some(a), _) if a + 1 < old.len() && alike(new_words[j], old_words[a + 1]) => Some(old_gap(a)),
                (_, _, _, Some(b)) if b > 0 && alike(new_words[j - 1], old_words[b - 1]) => Some(old_gap(b - 1)),
                _ => None,
            };
            kept_any |= gap.is_some();
            out.push_str(gap.unwrap_or(&new_text[new[j - 1].1..from]));
        }
        out.push_str(&new_text[from..to]);
    }
    kept_any.then_some(out)
}
