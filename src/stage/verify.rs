//! What every apply proves of a file before writing it, besides its own planning: that a
//! language whose blocks are its indentation (`block_style = "indentation"`: Python) can
//! still read that indentation.
//!
//! tree-sitter accepts any mix of tabs and spaces, and Python does not: its tokenizer
//! measures each logical line's indentation twice — a tab to the next multiple of 8
//! columns, and a tab as one column — and raises `TabError` where the two measures order
//! the lines differently (and `IndentationError` where a dedent matches no enclosing
//! level). The same two measures are taken here, over the lines that start a logical line
//! (not inside brackets, a continued line or a triple-quoted string; not blank or comment
//! lines). A file that already read wrong before the patch is not blamed on it.

use crate::feedback::{Error, ErrorCode};
use crate::lang::{BlockStyle, Registry};

/// Refuses `after` when it indents in a way the language cannot read and `before` (the
/// file as it was, if it existed) could.
pub fn indentation(path: &str, before: Option<&str>, after: &str) -> Result<(), Error> {
    let Some(language) = Registry::global().for_path(path) else {
        return Ok(());
    };
    if language.block_style != BlockStyle::Indentation {
        return Ok(());
    }
    let Err((line, what)) = unreadable_indentation(after) else {
        return Ok(());
    };
    if before.is_some_and(|b| unreadable_indentation(b).is_err()) {
        return Ok(());
    }
    let excerpt = after.lines().nth(line - 1).unwrap_or_default().replace('\t', "\\t");
    Err(Error::new(
        ErrorCode::SyntaxError,
        format!(
            "the edit would leave {} unreadable to {}: {what} at line {line}:\n    {line}: {excerpt}",
            path, language.name
        ),
        "indent the new lines as the file does (its tabs or its spaces, never both in one block); nothing was written",
    )
    .in_file(path)
    .with_lines(vec![line]))
}

/// The first line whose indentation Python's tokenizer rejects, and why.
fn unreadable_indentation(text: &str) -> Result<(), (usize, &'static str)> {
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    let mut scanner = Scanner::default();
    for (n, line) in text.lines().enumerate() {
        let starts_logical_line = scanner.at_line_start();
        scanner.scan(line);
        let content = line.trim_start_matches([' ', '\t', '\x0c']);
        if !starts_logical_line || content.is_empty() || content.starts_with('#') {
            continue;
        }
        let (col, altcol) = measure(&line[..line.len() - content.len()]);
        let &(top, alttop) = stack.last().expect("the stack keeps its bottom");
        if col == top {
            if altcol != alttop {
                return Err((n + 1, "inconsistent use of tabs and spaces in indentation (TabError)"));
            }
        } else if col > top {
            if altcol <= alttop {
                return Err((n + 1, "inconsistent use of tabs and spaces in indentation (TabError)"));
            }
            stack.push((col, altcol));
        } else {
            while stack.len() > 1 && col < stack.last().expect("not empty").0 {
                stack.pop();
            }
            let &(top, alttop) = stack.last().expect("the stack keeps its bottom");
            if col != top {
                return Err((
                    n + 1,
                    "unindent does not match any outer indentation level (IndentationError)",
                ));
            }
            if altcol != alttop {
                return Err((n + 1, "inconsistent use of tabs and spaces in indentation (TabError)"));
            }
        }
    }
    Ok(())
}

/// Indentation measured as Python does: (tabs to multiples of 8, tabs as one column).
fn measure(indent: &str) -> (usize, usize) {
    let (mut col, mut altcol) = (0, 0);
    for c in indent.chars() {
        match c {
            ' ' => {
                col += 1;
                altcol += 1;
            }
            '\t' => {
                col = (col / 8 + 1) * 8;
                altcol += 1;
            }
            _ => {
                col = 0;
                altcol = 0;
            }
        }
    }
    (col, altcol)
}

/// Where a line ends, as far as logical lines go: inside brackets, after a backslash, or
/// inside a triple-quoted string, the next line continues this one.
#[derive(Default)]
struct Scanner {
    depth: usize,
    continued: bool,
    /// The quote of an open triple-quoted string.
    triple: Option<char>,
}

impl Scanner {
    fn at_line_start(&self) -> bool {
        self.depth == 0 && !self.continued && self.triple.is_none()
    }

    fn scan(&mut self, line: &str) {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        self.continued = false;
        while i < chars.len() {
            if let Some(q) = self.triple {
                if chars[i] == '\\' {
                    i += 2;
                    continue;
                }
                if chars[i] == q && chars.get(i + 1) == Some(&q) && chars.get(i + 2) == Some(&q) {
                    self.triple = None;
                    i += 3;
                } else {
                    i += 1;
                }
                continue;
            }
            match chars[i] {
                '#' => return,
                '(' | '[' | '{' => self.depth += 1,
                ')' | ']' | '}' => self.depth = self.depth.saturating_sub(1),
                '\\' if i + 1 == chars.len() => self.continued = true,
                q @ ('"' | '\'') => {
                    if chars.get(i + 1) == Some(&q) && chars.get(i + 2) == Some(&q) {
                        self.triple = Some(q);
                        i += 3;
                        continue;
                    }
                    // A one-line string: skip to its closing quote.
                    i += 1;
                    while i < chars.len() && chars[i] != q {
                        i += if chars[i] == '\\' { 2 } else { 1 };
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::unreadable_indentation;

    #[test]
    fn tabs_and_spaces_python_cannot_order_are_refused() {
        assert!(unreadable_indentation("if x:\n    a = 1\n    b = 2\n").is_ok());
        assert!(unreadable_indentation("if x:\n\ta = 1\n\tb = 2\n").is_ok());
        // A tab is 8 columns to the tokenizer and 1 to its check: 8 spaces and a tab agree
        // on one measure and not the other.
        assert_eq!(
            unreadable_indentation("if x:\n        a = 1\n\tb = 2\n").map_err(|e| e.0),
            Err(3)
        );
        assert_eq!(
            unreadable_indentation("if x:\n    a = 1\n\tb = 2\n").map_err(|e| e.0),
            Err(3)
        );
        assert_eq!(
            unreadable_indentation("if x:\n    a = 1\n  b = 2\n").map_err(|e| e.0),
            Err(3)
        );
    }

    #[test]
    fn continuation_lines_and_strings_are_not_indentation() {
        let text = "x = f(\n\t1,\n        2)\ns = \"\"\"\n\tdoc\n    more\n\"\"\"\ny = 1 + \\\n\t2\n# \tcomment\n";
        assert!(unreadable_indentation(text).is_ok());
    }
}
