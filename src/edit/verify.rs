//! Proof that an edit leaves the file parseable: the new text is parsed (and indexed, for
//! the next operation), and an edit that adds parse errors the file did not have is
//! refused. Errors the file already had elsewhere do not block an edit.

use crate::feedback::{Error, ErrorCode};
use crate::symbols::SymbolIndex;

/// The index of `new_text`, or `syntax_error` naming the lines the edit broke.
pub fn reparse(before: SymbolIndex, new_text: String) -> Result<SymbolIndex, Error> {
    let (errors_before, old_lines) = (before.parse_errors.len(), before.error_lines());
    let after = before.into_rebuilt(new_text)?;
    if after.parse_errors.len() <= errors_before {
        return Ok(after);
    }
    // The errors on lines that had none: the ones the edit made (line numbers may shift, so
    // when every error line existed before, all of them are shown).
    let new_points: Vec<(usize, usize)> = after
        .parse_errors
        .iter()
        .copied()
        .filter(|(line, _)| !old_lines.contains(line))
        .collect();
    let points = if new_points.is_empty() {
        after.parse_errors.clone()
    } else {
        new_points
    };
    let text = after.source.text();
    let excerpt: Vec<String> = points
        .iter()
        .take(3)
        .map(|&(line, _)| {
            let start = after.source.line_start(line - 1);
            let end = after.source.line_start(line);
            format!("{line}: {}", text[start..end].trim_end())
        })
        .collect();
    let (line, column) = points[0];
    let mut shown: Vec<usize> = points.iter().map(|&(l, _)| l).collect();
    shown.dedup();
    Err(Error::new(
        ErrorCode::SyntaxError,
        format!(
            "the edit would leave {} with a parse error at line {line}, column {column}:\n    {}",
            after.language,
            excerpt.join("\n    ")
        ),
        "check the content for unbalanced brackets, a missing `:` or `;`, or a body indented wrongly; nothing was written",
    )
    .with_lines(shown))
}
