//! Members of separated lists: a Rust struct's fields and enum's variants, a TypeScript
//! enum's members and type members (`member_lists` in `grammars/languages.toml`).
//!
//! The separators belong to the list, not to what an agent writes. The principles:
//! - a member written without its comma gets it back when one followed the old member
//!   (replace), when a member follows it (insert before), and when the member it goes after
//!   had one (insert after, which keeps a list's trailing-comma style); the member it goes
//!   after gets one when it was the last and had none. A separator a line break stands
//!   for (`;` between TypeScript type members) is not added between lines;
//! - a member that shares its line with others (`Rgb { r: u8, g: u8 }`) is edited in place,
//!   byte for byte: deleting it takes its separator (or, when it is the last, the one
//!   before it); one-line content is put beside it with a separator between;
//! - a comment after a member on its last line goes with it when it is deleted.
//!
//! Every result is parsed again by the caller, so a list left invalid is refused.

use crate::feedback::{Error, ErrorCode};
use crate::lang::Language;
use crate::symbols::{Symbol, SymbolIndex};

/// Where a member sits in its list.
pub(super) struct ListItem {
    /// Where the member's own node ends (before its separator).
    pub item_end: usize,
    /// The byte range of the separator before it, when it has a previous member.
    pub comma_before: Option<(usize, usize)>,
    /// A separator follows it.
    pub separated: bool,
    /// The list's separator (`,`, `;`).
    pub separator: &'static str,
    /// Whether a line break may stand for the separator.
    pub optional: bool,
    /// It shares its lines with other code (besides a comment after it).
    pub inline: bool,
}

/// The list place of `symbol`, when it is a member of one of the language's comma lists.
pub(super) fn list_item(index: &SymbolIndex, lang: &'static Language, symbol: &Symbol) -> Option<ListItem> {
    if lang.member_lists.is_empty() {
        return None;
    }
    let bom = index.source.bom_len();
    let name = symbol.name_span;
    let mut node = index
        .tree
        .root_node()
        .descendant_for_byte_range(name.start_byte - bom, name.end_byte - bom)?;
    // The member's node is the child of the list (a few levels above its name at most).
    for _ in 0..4 {
        let parent = node.parent()?;
        if let Some(written) = lang.member_lists.get(parent.kind()) {
            let separator = written.trim_end_matches('?');
            let is_separator = |n: &tree_sitter::Node| n.kind() == separator || n.kind() == ",";
            let text = index.source.text();
            let comma_before = node
                .prev_sibling()
                .filter(is_separator)
                .map(|p| (p.start_byte() + bom, p.end_byte() + bom));
            let separated = node.next_sibling().is_some_and(|n| is_separator(&n));
            let line_start = index.source.line_start(symbol.extent.start_line - 1);
            let line_end = index.source.line_start(symbol.extent.end_line);
            let head = &text[line_start..symbol.extent.start_byte];
            let tail = &text[symbol.extent.end_byte..line_end];
            return Some(ListItem {
                item_end: node.end_byte() + bom,
                comma_before,
                separated,
                separator,
                optional: written.ends_with('?'),
                inline: !head.trim().is_empty() || !is_trailing_comment(tail, lang),
            });
        }
        node = parent;
    }
    None
}

/// Whether the rest of a member's line is blank or a comment.
pub(super) fn is_trailing_comment(tail: &str, lang: &Language) -> bool {
    let tail = tail.trim();
    tail.is_empty() || tail.starts_with(lang.line_comment.as_str())
}

/// `content` ending with the list's separator (before a comment that ends its last line);
/// as it is where a line break may stand for it.
pub(super) fn with_separator(content: &str, item: &ListItem, lang: &Language) -> String {
    if item.optional {
        return content.to_string();
    }
    let body = content.trim_end();
    let last_line_start = body.rfind('\n').map_or(0, |i| i + 1);
    let last_line = &body[last_line_start..];
    let (code, comment) = match last_line.find(lang.line_comment.as_str()) {
        Some(i) => last_line.split_at(i),
        None => (last_line, ""),
    };
    if code.trim_end().ends_with([',', ';']) || code.trim().is_empty() {
        return content.to_string();
    }
    let rest = &content[body.len()..];
    let spacing = if comment.is_empty() { "" } else { " " };
    format!(
        "{}{}{}{spacing}{}{rest}",
        &body[..last_line_start],
        code.trim_end(),
        item.separator,
        comment
    )
}

/// `text` with a separator after the member (the last of its list, written without one),
/// where a line break does not stand for it.
pub(super) fn separator_after(text: &str, item: &ListItem) -> String {
    match item.optional {
        true => text.to_string(),
        false => format!("{}{}{}", &text[..item.item_end], item.separator, &text[item.item_end..]),
    }
}

/// One-line content for an in-place edit, or why a longer one cannot go there.
fn one_line<'c>(content: &'c str, symbol: &Symbol) -> Result<&'c str, Error> {
    let content = content.trim();
    if content.contains('\n') {
        return Err(Error::new(
            ErrorCode::Conflict,
            format!(
                "`{}` shares its line with other members; the new code has several lines",
                symbol.path
            ),
            "give one-line content, or replace the enclosing definition",
        ));
    }
    Ok(content)
}

/// Deletes a member that shares its line: its bytes, its comma and the spaces after it;
/// the last member takes the comma before it instead.
pub(super) fn delete_inline(text: &str, symbol: &Symbol, item: &ListItem) -> String {
    let (start, end) = match (item.separated, item.comma_before) {
        (false, Some((comma, _))) => (comma, symbol.extent.end_byte),
        _ => {
            let spaces = text[symbol.extent.end_byte..]
                .bytes()
                .take_while(|&b| b == b' ' || b == b'\t')
                .count();
            (symbol.extent.start_byte, symbol.extent.end_byte + spaces)
        }
    };
    format!("{}{}", &text[..start], &text[end..])
}

/// Replaces a member that shares its line, keeping its comma.
pub(super) fn replace_inline(text: &str, symbol: &Symbol, item: &ListItem, content: &str) -> Result<String, Error> {
    let content = without_separator(one_line(content, symbol)?);
    Ok(format!(
        "{}{content}{}",
        &text[..symbol.extent.start_byte],
        &text[item.item_end..]
    ))
}

/// Puts one-line content beside a member that shares its line.
pub(super) fn insert_inline(
    text: &str,
    symbol: &Symbol,
    item: &ListItem,
    content: &str,
    after: bool,
) -> Result<String, Error> {
    let content = without_separator(one_line(content, symbol)?);
    let separator = item.separator;
    Ok(if !after {
        let at = symbol.extent.start_byte;
        format!("{}{content}{separator} {}", &text[..at], &text[at..])
    } else if item.separated {
        let at = symbol.extent.end_byte;
        format!("{} {content}{separator}{}", &text[..at], &text[at..])
    } else {
        let at = item.item_end;
        format!("{}{separator} {content}{}", &text[..at], &text[at..])
    })
}

/// One-line content without the separator it may end with (the list puts its own).
fn without_separator(content: &str) -> &str {
    content.trim_end_matches([',', ';']).trim_end()
}
