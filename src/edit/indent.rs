//! Indentation: moving content written at any indentation to the column of its target, and
//! speaking the file's indentation (tabs or spaces) and line endings.
//!
//! Content arrives at column 0, at its final column, or — a frequent agent slip — with its
//! first line stripped while the rest keeps the indentation of where it was copied from.
//! Its *base* is found, its relative structure kept, and it is shifted to the target.
//! Lines indented less than the base (the inside of a multi-line string) are left alone.
//!
//! ```
//! use saguaro::edit::indent::{rebase, Style};
//! let style = Style { unit: "    ".into(), eol: "\n" };
//! let out = rebase("def f():\n    return 1", "    ", &style);
//! assert_eq!(out, "    def f():\n        return 1");
//! ```

/// How a file indents and ends its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    /// One level of indentation: a tab, or N spaces.
    pub unit: String,
    pub eol: &'static str,
}

impl Style {
    /// The style of `text`: its first line ending, and the indentation step its lines use
    /// most (tabs when lines start with tabs more often than with spaces). `fallback` is the
    /// language's unit, for files that indent nothing.
    pub fn of(text: &str, fallback: &str) -> Style {
        let eol = match text.find('\n') {
            Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => "\r\n",
            _ => "\n",
        };
        let (mut tabs, mut spaces) = (0usize, 0usize);
        let mut steps = std::collections::HashMap::<usize, usize>::new();
        let mut previous = 0usize;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let indent = leading(line);
            if indent.starts_with('\t') {
                tabs += 1;
            } else if !indent.is_empty() {
                spaces += 1;
            }
            let width = indent.len();
            if !indent.contains('\t') && width > previous {
                *steps.entry(width - previous).or_default() += 1;
            }
            previous = if indent.contains('\t') { previous } else { width };
        }
        let unit = if tabs > spaces {
            "\t".to_string()
        } else {
            match steps
                .into_iter()
                .filter(|(w, _)| *w <= 8)
                .max_by_key(|&(w, n)| (n, std::cmp::Reverse(w)))
            {
                Some((width, _)) if spaces > 0 => " ".repeat(width),
                _ => fallback.to_string(),
            }
        };
        Style { unit, eol }
    }
}

/// The leading spaces and tabs of `line`.
pub fn leading(line: &str) -> &str {
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// `content` (lines joined by `\n`, no final newline) moved so that its base sits at
/// `target`, in the file's style. Blank lines come out empty.
pub fn rebase(content: &str, target: &str, style: &Style) -> String {
    let content = content.replace("\r\n", "\n");
    let lines: Vec<&str> = content.split('\n').collect();
    let Some(first) = lines.iter().position(|l| !l.trim().is_empty()) else {
        return String::new();
    };
    let first_base = leading(lines[first]).to_string();
    // The content's own step: the file's, unless spaces meet a tab file; then the smallest
    // step between the content's own indentation widths.
    let own_unit = if style.unit == "\t" {
        " ".repeat(space_step(&lines).unwrap_or(4))
    } else {
        style.unit.clone()
    };
    let rest_base = stripped_first_line_base(&lines[first..], &own_unit).unwrap_or_else(|| first_base.clone());
    let mut out = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate().skip(first) {
        if line.trim().is_empty() {
            out.push(String::new());
            continue;
        }
        let base = if i == first { &first_base } else { &rest_base };
        match line.strip_prefix(base.as_str()) {
            Some(relative) => {
                let (indent, code) = relative.split_at(relative.len() - relative.trim_start_matches([' ', '\t']).len());
                out.push(format!("{target}{}{code}", convert(indent, style, &own_unit)));
            }
            // Indented less than the base: a multi-line string's inside; keep it verbatim.
            None => out.push((*line).to_string()),
        }
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out.join("\n")
}

/// When the first line sits at column 0 but opens a block whose lines sit deeper than one
/// level below it, the first line lost its indentation on the way: the base of the other
/// lines is then one level above their shallowest line (or the indentation of a closing
/// bracket line at the end).
fn stripped_first_line_base(lines: &[&str], unit: &str) -> Option<String> {
    let first = lines[0];
    if !leading(first).is_empty() {
        return None;
    }
    let opener = first.trim_end();
    if !(opener.ends_with(':') || opener.ends_with('{') || opener.ends_with('(') || opener.ends_with("=>")) {
        return None;
    }
    let rest: Vec<&str> = lines[1..].iter().copied().filter(|l| !l.trim().is_empty()).collect();
    let shallowest = rest.iter().map(|l| leading(l)).min_by_key(|i| i.len())?;
    // A bracket block whose closing bracket sits indented: the closer marks the base.
    let closer = match opener.chars().last() {
        Some('{') => Some('}'),
        Some('(') => Some(')'),
        _ => None,
    };
    if let (Some(closer), Some(last)) = (closer, rest.last()) {
        if last.trim().starts_with(closer) && !leading(last).is_empty() && leading(last).len() == shallowest.len() {
            return Some(leading(last).to_string());
        }
    }
    let unit_width = if unit == "\t" { 1 } else { unit.len().max(1) };
    if shallowest.len() > unit_width {
        let base = &shallowest[..shallowest.len() - unit_width];
        return Some(base.to_string());
    }
    None
}

/// The smallest difference between the distinct space indentation widths of `lines`.
fn space_step(lines: &[&str]) -> Option<usize> {
    let mut widths: Vec<usize> = lines
        .iter()
        .filter(|l| !l.trim().is_empty() && !leading(l).contains('\t'))
        .map(|l| leading(l).len())
        .collect();
    widths.sort_unstable();
    widths.dedup();
    widths.windows(2).map(|w| w[1] - w[0]).min()
}

/// Relative indentation converted to the file's unit: spaces to tabs in a tab file (one tab
/// per step of the content's own unit), tabs to spaces in a space file.
fn convert(indent: &str, style: &Style, own_unit: &str) -> String {
    if style.unit == "\t" {
        if indent.contains(' ') {
            let spaces = indent.chars().filter(|&c| c == ' ').count();
            let tabs = indent.chars().filter(|&c| c == '\t').count();
            let step = if own_unit == "\t" { 4 } else { own_unit.len().max(1) };
            return "\t".repeat(tabs + spaces / step) + &" ".repeat(spaces % step);
        }
        indent.to_string()
    } else if indent.contains('\t') {
        indent.replace('\t', &style.unit)
    } else {
        indent.to_string()
    }
}

/// `text` with every `\n` as the file's line ending.
pub fn with_eol(text: &str, style: &Style) -> String {
    if style.eol == "\n" {
        text.to_string()
    } else {
        text.replace("\r\n", "\n").replace('\n', style.eol)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spaces(n: usize) -> Style {
        Style {
            unit: " ".repeat(n),
            eol: "\n",
        }
    }

    #[test]
    fn column_zero_content_moves_to_the_target() {
        let out = rebase("def f(self):\n    x = 1\n\n    return x", "    ", &spaces(4));
        assert_eq!(out, "    def f(self):\n        x = 1\n\n        return x");
    }

    #[test]
    fn content_already_at_the_target_is_unchanged() {
        let text = "    def f(self):\n        return 1";
        assert_eq!(rebase(text, "    ", &spaces(4)), text);
    }

    #[test]
    fn a_first_line_stripped_of_its_indentation_is_recognised() {
        // Copied from inside a class, first line's indentation lost.
        let out = rebase("def f(self):\n        return 1", "    ", &spaces(4));
        assert_eq!(out, "    def f(self):\n        return 1");
        let out = rebase("fn f(&self) {\n        1\n    }", "    ", &spaces(4));
        assert_eq!(out, "    fn f(&self) {\n        1\n    }");
    }

    #[test]
    fn a_closing_paren_at_body_level_is_not_a_stripped_first_line() {
        let text = "def test():\n    call(\n        1,\n    )";
        assert_eq!(rebase(text, "", &spaces(4)), text);
    }

    #[test]
    fn lines_inside_a_multiline_string_below_the_base_are_kept() {
        let out = rebase(
            "    def f():\n        s = '''\nraw\n'''\n        return s",
            "",
            &spaces(4),
        );
        assert_eq!(out, "def f():\n    s = '''\nraw\n'''\n    return s");
    }

    #[test]
    fn tabs_and_spaces_follow_the_file() {
        let tabs = Style {
            unit: "\t".into(),
            eol: "\n",
        };
        assert_eq!(
            rebase("fn f() {\n    g();\n}", "\t", &tabs),
            "\tfn f() {\n\t\tg();\n\t}"
        );
        assert_eq!(
            rebase("fn f() {\n\tg();\n}", "  ", &spaces(2)),
            "  fn f() {\n    g();\n  }"
        );
    }

    #[test]
    fn style_is_read_from_the_file() {
        assert_eq!(Style::of("class A:\n  def f():\n    pass\n", "    "), spaces(2));
        assert_eq!(Style::of("x = 1\r\ny = 2\r\n", "    ").eol, "\r\n");
        assert_eq!(Style::of("fn a() {\n\tb();\n}\n", "    ").unit, "\t");
        assert_eq!(Style::of("x = 1\n", "    ").unit, "    ");
    }
}
