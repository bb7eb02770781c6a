//! `rewrite`: structural search and replace with ast-grep patterns, confined to one
//! symbol's extent (or the whole file). `{"op": "rewrite", "symbol": "Engine.process",
//! "pattern": "print($A)", "rewrite": "log.info($A)"}`. No match is an error: an agent
//! that expected one learns its pattern was wrong instead of getting a silent no-op.

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
    let mut added: isize = 0;
    for edit in edits.iter().rev() {
        let inserted = String::from_utf8_lossy(&edit.inserted_text);
        out.replace_range(edit.position..edit.position + edit.deleted_length, &inserted);
        added += inserted.matches('\n').count() as isize
            - text[edit.position..edit.position + edit.deleted_length]
                .matches('\n')
                .count() as isize;
    }
    let last = edits.last().expect("not empty");
    let last_line =
        (index.source.line_of(last.position + last.deleted_length) as isize + 1 + added).max(first_line as isize);
    Ok((out, first_line, last_line as usize))
}
