//! A file as lines, each with its own ending, and how the file writes the lines a patch
//! adds: its usual line ending, whether it ends with a newline, and its indentation style.
//!
//! Added lines speak the file's indentation, whatever the patch was typed with: a width is
//! measured with a tab worth [`FileLines::tab_width`] columns (the file's own unit when it
//! indents with spaces) and written back in the file's characters — tabs in a tab-indented
//! file, spaces in a space-indented one. A block typed with tabs therefore lands in a
//! space-indented Python file as spaces, level for level, and never as a `TabError`.

use crate::textmatch::indent_width_with;
use std::collections::HashMap;

/// A file's lines and its writing habits (read once, for every hunk).
pub struct FileLines<'a> {
    pub code: Vec<&'a str>,
    /// Each line's ending: `\n`, `\r\n`, `\r`, or empty for a last line without one.
    pub endings: Vec<&'a str>,
    /// The ending new lines take: the file's most common.
    pub eol: &'static str,
    /// Whether the file indents with tabs.
    pub tabs: bool,
    /// Columns a tab counts for.
    pub tab_width: usize,
}

impl<'a> FileLines<'a> {
    /// Lines end at `\n`, `\r\n`, or a lone `\r` (old Mac files, and mixed ones).
    pub fn of(text: &'a str) -> FileLines<'a> {
        let bytes = text.as_bytes();
        let (mut code, mut endings) = (Vec::new(), Vec::new());
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            let ending_len = match bytes[i] {
                b'\n' => 1,
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => 2,
                b'\r' => 1,
                _ => 0,
            };
            if ending_len > 0 {
                code.push(&text[start..i]);
                endings.push(&text[i..i + ending_len]);
                i += ending_len;
                start = i;
            } else {
                i += 1;
            }
        }
        if start < text.len() {
            code.push(&text[start..]);
            endings.push("");
        }
        let crlf = endings.iter().filter(|e| **e == "\r\n").count();
        let lf = endings.iter().filter(|e| **e == "\n").count();
        let eol = if crlf > lf { "\r\n" } else { "\n" };
        let (tabs, unit) = indentation(code.iter().copied());
        FileLines {
            code,
            endings,
            eol,
            tabs,
            tab_width: if tabs { 4 } else { unit },
        }
    }

    /// Whether the file's last line ends with a newline (an empty file does, vacuously).
    pub fn final_newline(&self) -> bool {
        self.endings.last().is_none_or(|e| !e.is_empty())
    }

    /// The tab width to compare a block with this file: the file's unit when it indents
    /// with spaces; when the file indents with tabs, the block's own space unit (a block
    /// typed with spaces meets a tab file level for level).
    pub fn tab_width_for(&self, block: &[&str]) -> usize {
        if !self.tabs {
            return self.tab_width;
        }
        match indentation(block.iter().copied()) {
            (true, _) => self.tab_width,
            (false, unit) => unit,
        }
    }

    /// `line` (a non-blank line of a patch, measured with tabs of `tab` columns) moved by
    /// `delta` columns and indented in the file's characters.
    pub fn render(&self, line: &str, delta: isize, tab: usize) -> String {
        let width = (indent_width_with(line, tab) as isize + delta).max(0) as usize;
        let indent = if self.tabs {
            "\t".repeat(width / tab) + &" ".repeat(width % tab)
        } else {
            " ".repeat(width)
        };
        format!("{indent}{}", line.trim_start_matches([' ', '\t']))
    }
}

/// Whether lines indent with tabs, and the width of one level of space indentation (4
/// when they show none). A single space is alignment, not indentation (` * ` of a doc
/// comment under a tab-indented `/**`): it counts for neither.
fn indentation<'l>(lines: impl Iterator<Item = &'l str>) -> (bool, usize) {
    let (mut tabs, mut spaces) = (0usize, 0usize);
    let mut steps: HashMap<usize, usize> = HashMap::new();
    let mut previous = 0usize;
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let indent = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
        if indent.starts_with('\t') {
            tabs += 1;
            continue;
        }
        let width = indent.len();
        if width >= 2 {
            spaces += 1;
        }
        if width > previous + 1 && width - previous <= 8 {
            *steps.entry(width - previous).or_default() += 1;
        }
        if width != 1 {
            previous = width;
        }
    }
    let unit = steps
        .into_iter()
        .max_by_key(|&(w, n)| (n, std::cmp::Reverse(w)))
        .map_or(4, |(w, _)| w);
    (tabs > spaces, unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_and_style_are_read_once() {
        let file = FileLines::of("a\r\nb\rc\n\td\n\te");
        assert_eq!(file.code, ["a", "b", "c", "\td", "\te"]);
        assert_eq!(file.endings, ["\r\n", "\r", "\n", "\n", ""]);
        assert!(file.tabs && !file.final_newline());
    }

    #[test]
    fn added_lines_speak_the_files_indentation() {
        let spaces = FileLines::of("if x:\n  go()\n");
        assert_eq!(spaces.tab_width, 2);
        assert_eq!(spaces.render("\t\tstop()", 0, spaces.tab_width), "    stop()");
        let tabs = FileLines::of("if x:\n\tgo()\n");
        let block = ["if y:", "    stop()"];
        let tab = tabs.tab_width_for(&block);
        assert_eq!(tab, 4);
        assert_eq!(tabs.render("        stop()", 0, tab), "\t\tstop()");
        assert_eq!(tabs.render("    stop()", -4, tab), "stop()");
    }

    #[test]
    fn doc_comment_alignment_is_not_indentation() {
        let text = "/**\n * One.\n * Two.\n * Three.\n */\nfunction f() {\n\tif (x) {\n\t\ty()\n\t}\n}\n";
        assert!(FileLines::of(text).tabs);
    }
}
