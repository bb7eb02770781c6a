//! The text formats into [`FileChange`]s. Malformed input is `invalid_format` naming the
//! line and what was expected there.
//!
//! One file per family: `blocks` (ApplyDiff, SEARCH/REPLACE: separate old and new
//! blocks), `unified` (unified and git diffs: marked lines, extended headers), `codex`
//! (`*** Begin Patch`).

mod blocks;
mod codex;
mod unified;

use super::{FileAction, FileChange, TextFormat};
use crate::feedback::{Error, ErrorCode};

/// Parses `input` in `format`.
pub fn parse(input: &str, format: TextFormat) -> Result<Vec<FileChange>, Error> {
    let lines: Vec<&str> = input.lines().collect();
    let changes = match format {
        TextFormat::Applydiff => blocks::applydiff(&lines)?,
        TextFormat::SearchReplace => blocks::search_replace(&lines)?,
        TextFormat::Unified => unified::unified(&lines)?,
        TextFormat::Codex => codex::codex(&lines)?,
    };
    if changes.is_empty() {
        return Err(invalid(0, "the patch holds no file change", "send at least one block"));
    }
    Ok(merge_same_file(changes))
}

/// Blocks for the same file become one change with all their hunks, placed together.
fn merge_same_file(changes: Vec<FileChange>) -> Vec<FileChange> {
    let mut out: Vec<FileChange> = Vec::new();
    for change in changes {
        let mergeable =
            |c: &FileChange| matches!(c.action, FileAction::Update(_)) && c.move_to.is_none() && c.mode.is_none();
        if let (FileAction::Update(hunks), Some(existing)) = (
            &change.action,
            out.iter_mut()
                .find(|c| c.path == change.path && mergeable(c) && mergeable(&change)),
        ) {
            if let FileAction::Update(existing_hunks) = &mut existing.action {
                existing_hunks.extend(hunks.iter().cloned());
                continue;
            }
        }
        out.push(change);
    }
    out
}

fn invalid(line: usize, message: &str, hint: &str) -> Error {
    let at = if line == 0 {
        String::new()
    } else {
        format!("line {line}: ")
    };
    Error::new(ErrorCode::InvalidFormat, format!("{at}{message}"), hint.to_string()).with_lines(if line == 0 {
        Vec::new()
    } else {
        vec![line]
    })
}

fn owned(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|l| l.to_string()).collect()
}

fn join_with_final_newline(lines: &[String]) -> String {
    if lines.is_empty() {
        String::new()
    } else {
        format!("{}\n", lines.join("\n"))
    }
}

/// Which text format `input` is in, from its markers.
pub fn detect(input: &str) -> Option<TextFormat> {
    let lines: Vec<&str> = input.lines().collect();
    if lines.iter().any(|l| l.trim() == "*** Begin Patch") {
        Some(TextFormat::Codex)
    } else if lines.iter().any(|l| l.starts_with(">>> file:")) {
        Some(TextFormat::Applydiff)
    } else if lines.iter().any(|l| blocks::is_search(l)) {
        Some(TextFormat::SearchReplace)
    } else if lines
        .windows(2)
        .any(|w| w[0].starts_with("--- ") && w[1].starts_with("+++ "))
        || lines.iter().any(|l| l.starts_with("diff --git "))
    {
        Some(TextFormat::Unified)
    } else {
        None
    }
}
