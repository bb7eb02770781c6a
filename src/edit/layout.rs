//! Lines and the blank lines between definitions: the layout rules every operation shares.
//!
//! Edits work on whole lines: a definition's extent owns its lines, new code always goes
//! on lines of its own, and the blank lines around it follow its neighbours. The rules are
//! those of INTERFACE.md's semantic operations (and of the evaluation harness):
//! - after X: new code is separated from X, and from what follows, by the blank lines that
//!   followed X — or, when X ends its scope, by those that preceded X;
//! - delete X: its lines go with the blank lines after it — or, when X ends its scope,
//!   with those before it.

/// The text split into lines, each keeping its line ending (`\n` or `\r\n`).
pub fn split_lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

pub fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// The first line at or after `i` that is not blank (or `lines.len()`).
pub fn blank_end(lines: &[&str], mut i: usize) -> usize {
    while i < lines.len() && is_blank(lines[i]) {
        i += 1;
    }
    i
}

/// The first of the blank lines that end right before line `i`.
pub fn blank_start(lines: &[&str], mut i: usize) -> usize {
    while i > 0 && is_blank(lines[i - 1]) {
        i -= 1;
    }
    i
}

/// Whether the definition on lines `first..=last` at `indent` is followed by a sibling:
/// the next non-blank line sits at the same indentation (else it ends its scope).
pub fn continues(lines: &[&str], last: usize, indent: &str) -> bool {
    let next = blank_end(lines, last + 1);
    next < lines.len() && super::indent::leading(lines[next]) == indent && !closes_scope(lines[next])
}

/// A line that only closes a bracket (`}`, `};`, `)`) ends the scope rather than being a
/// sibling, even at the same indentation (a Rust `impl` closing at column 0).
fn closes_scope(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| matches!(c, '}' | ')' | ']' | ';' | ','))
}

/// `n` blank lines in the file's line ending.
pub fn blank_lines(n: usize, eol: &str) -> Vec<String> {
    vec![eol.to_string(); n]
}

/// `text` as whole lines, each ended with `eol`.
pub fn as_lines(text: &str, eol: &str) -> Vec<String> {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('\n')
        .map(|l| format!("{}{eol}", l.trim_end_matches('\r')))
        .collect()
}

/// The line ending `line` has (`""` for a last line without one).
pub fn ending(line: &str) -> &str {
    if line.ends_with("\r\n") {
        "\r\n"
    } else if line.ends_with('\n') {
        "\n"
    } else {
        ""
    }
}

/// Joins lines back into text.
pub fn join(parts: impl IntoIterator<Item = impl AsRef<str>>) -> String {
    let parts: Vec<_> = parts.into_iter().collect();
    let mut out = String::with_capacity(parts.iter().map(|p| p.as_ref().len()).sum());
    for part in parts {
        out.push_str(part.as_ref());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_endings() {
        assert_eq!(split_lines("a\r\nb\nc"), ["a\r\n", "b\n", "c"]);
        assert_eq!(ending("c"), "");
    }

    #[test]
    fn a_definition_continues_when_a_sibling_follows() {
        let lines = split_lines("impl A {\n    fn a() {}\n\n    fn b() {}\n}\n");
        assert!(continues(&lines, 1, "    "));
        assert!(!continues(&lines, 3, "    "));
        let top = split_lines("fn a() {}\n\n\nfn b() {}\n");
        assert!(continues(&top, 0, ""));
        assert!(!continues(&top, 3, ""));
        assert_eq!((blank_end(&top, 1), blank_start(&top, 3)), (3, 1));
    }
}
