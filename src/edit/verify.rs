//! Proof that an edit leaves the file parseable: the new text is parsed (and indexed, for
//! the next operation), and an edit that adds parse errors the file did not have is
//! refused. Errors the file already had elsewhere do not block an edit.

use crate::feedback::{Error, ErrorCode};
use crate::source::SourceText;
use crate::symbols::SymbolIndex;

/// The index of `new_text`, or `syntax_error` naming the lines the edit broke.
pub fn reparse(before: &SymbolIndex, new_text: String) -> Result<SymbolIndex, Error> {
    let after = SymbolIndex::build(SourceText::new(new_text), before.language)?;
    if after.error_lines.len() <= before.error_lines.len() {
        return Ok(after);
    }
    let new_lines: Vec<usize> = after
        .error_lines
        .iter()
        .copied()
        .filter(|l| !before.error_lines.contains(l))
        .collect();
    let shown = if new_lines.is_empty() {
        after.error_lines.clone()
    } else {
        new_lines
    };
    let text = after.source.text();
    let excerpt: Vec<String> = shown
        .iter()
        .take(3)
        .map(|&l| {
            let start = after.source.line_start(l - 1);
            let end = after.source.line_start(l);
            format!("{l}: {}", text[start..end].trim_end())
        })
        .collect();
    Err(Error::new(
        ErrorCode::SyntaxError,
        format!("the edit would leave {} with a parse error at line {}:\n    {}", after.language, shown[0], excerpt.join("\n    ")),
        "check the content for unbalanced brackets, a missing `:` or `;`, or a body indented wrongly; nothing was written",
    )
    .with_lines(shown))
}
