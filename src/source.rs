//! A source file as saguaro reads it: its exact bytes as text, and a line index.
//!
//! Byte offsets everywhere in saguaro are offsets into the file as it is on disk, BOM
//! included, so that an edit planned on them writes back exactly the bytes it means to.
//! Lines are counted on `\n` alone (a `\r` before it stays part of the line), as git and
//! tree-sitter count them.
//!
//! ```
//! let src = saguaro::source::SourceText::new("a\nbb\n".to_string());
//! assert_eq!(src.line_of(3), 1);            // byte 3 is the second `b`, on line 1 (0-based)
//! assert_eq!(src.line_start(1), 2);
//! ```

use crate::feedback::Error;
use std::path::Path;

const BOM: &str = "\u{feff}";

#[derive(Debug, Clone)]
pub struct SourceText {
    text: String,
    line_starts: Vec<usize>,
}

impl SourceText {
    pub fn new(text: String) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        SourceText { text, line_starts }
    }

    /// Reads a file as UTF-8; `shown` is the path as errors should name it.
    pub fn read(path: &Path, shown: &str) -> Result<Self, Error> {
        let bytes = std::fs::read(path).map_err(|e| Error::unreadable_file(shown, &e))?;
        Self::from_bytes(bytes, shown)
    }

    /// A file's bytes as UTF-8 text, refused (`not_utf8`, with the line) when they are not.
    pub fn from_bytes(bytes: Vec<u8>, shown: &str) -> Result<Self, Error> {
        match String::from_utf8(bytes) {
            Ok(text) => Ok(SourceText::new(text)),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let line = memchr::memchr_iter(b'\n', &e.as_bytes()[..at]).count() + 1;
                Err(Error::not_utf8(shown, at, line))
            }
        }
    }

    pub fn into_text(self) -> String {
        self.text
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The length of a leading UTF-8 BOM (3) or 0. The parser is given the text after it.
    pub fn bom_len(&self) -> usize {
        if self.text.starts_with(BOM) {
            BOM.len()
        } else {
            0
        }
    }

    /// The 0-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset) - 1
    }

    /// The byte where 0-based line `line` starts.
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts.get(line).copied().unwrap_or(self.text.len())
    }

    /// The leading spaces and tabs of the line holding `offset`.
    pub fn indent_at(&self, offset: usize) -> &str {
        let start = self.line_start(self.line_of(offset));
        let line = &self.text[start..];
        let width = line.len() - line.trim_start_matches([' ', '\t']).len();
        &line[..width]
    }

    /// `end` moved back over whitespace, but not before `start`.
    pub fn trim_end(&self, start: usize, end: usize) -> usize {
        start + self.text[start..end].trim_end().len()
    }
}
