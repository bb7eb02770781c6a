//! The exact substring tier: a search text found verbatim in the file, anywhere — a
//! fragment inside a line (`compute(a, b)` in `x = compute(a, b)  # old`), or a block that
//! starts or ends mid-line. It is how agents' own edit calls work (Anthropic's
//! `str_replace`, the MCP filesystem server's `edit_file`, Cline's `replace_in_file`: the
//! old text must occur exactly once), and spec 002's first tier.
//!
//! Exactly one occurrence is the place; several are `ambiguous_match` with each one's
//! line. An occurrence that cuts a word — a letter, digit or `_` on both sides of one of
//! its edges, as `return 1` inside `return 10` — is a weaker match: when exactly one
//! occurrence keeps whole words, it is the place.
//!
//! Offsets are into the file's text with every line ending read as `\n`, so a search typed
//! with `\n` finds its text in a CRLF file too.
//!
//! ```
//! use saguaro::textpatch::substring::{find, Found};
//! let text = "x = compute(a, b)  # old\nreturn 10\nreturn 1\n";
//! assert!(matches!(find(text, "compute(a, b)"), Found::One(4, 17)));
//! assert!(matches!(find(text, "return 1"), Found::One(35, 43)));
//! assert!(matches!(find(text, "return"), Found::Several(ref at) if at.len() == 2));
//! ```

/// Where a search text occurs.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    None,
    /// Byte offsets `start..end` of the one occurrence.
    One(usize, usize),
    /// The start of every occurrence (of those keeping whole words, when there are any).
    Several(Vec<usize>),
}

/// Where `needle` occurs in `text` (both with `\n` line endings).
pub fn find(text: &str, needle: &str) -> Found {
    if needle.trim().is_empty() {
        return Found::None;
    }
    let all: Vec<usize> = memchr::memmem::find_iter(text.as_bytes(), needle.as_bytes()).collect();
    let whole: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&s| !cuts_a_word(text, s, s + needle.len()))
        .collect();
    let chosen = if whole.is_empty() { all } else { whole };
    match chosen.as_slice() {
        [] => Found::None,
        [one] => Found::One(*one, one + needle.len()),
        _ => Found::Several(chosen),
    }
}

fn is_word(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Whether `text[start..end]` begins or ends inside a word.
fn cuts_a_word(text: &str, start: usize, end: usize) -> bool {
    let inside = &text[start..end];
    (is_word(text[..start].chars().next_back()) && is_word(inside.chars().next()))
        || (is_word(text[end..].chars().next()) && is_word(inside.chars().next_back()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_inside_a_line_is_found() {
        assert_eq!(find("x = compute(a, b)  # old\n", "compute(a, b)"), Found::One(4, 17));
        assert_eq!(find("x = compute(a, b)\n", "compute(a, c)"), Found::None);
    }

    #[test]
    fn several_occurrences_are_listed() {
        assert_eq!(find("f(a)\ng(f(a))\n", "f(a)"), Found::Several(vec![0, 7]));
    }

    #[test]
    fn an_occurrence_keeping_whole_words_is_preferred() {
        assert_eq!(find("return 10\nreturn 1\n", "return 1"), Found::One(10, 18));
        // A search that starts inside a word matches where it can.
        assert_eq!(find("value_total = 1\n", "e_total"), Found::One(4, 11));
    }

    #[test]
    fn whitespace_alone_is_never_searched() {
        assert_eq!(find("a  b\n", "  "), Found::None);
    }
}
