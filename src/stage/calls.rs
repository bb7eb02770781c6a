//! Applying agents' edit calls (`textpatch::calls`): in order, each against the file as
//! the calls before it left it, all in one transaction — every refused call named, nothing
//! written unless all of them apply.

use super::{Format, Match};
use crate::edit::{OpKind, OpMatch};
use crate::feedback::{Error, ErrorCode};
use crate::textpatch::calls::{self, CallFormat, Calls, EditCall};
use crate::textpatch::place;
use crate::workspace::{Transaction, Workspace};

/// Agents' edit calls (`input` is their JSON) in `format`.
pub fn parse(input: &str, format: Format) -> Result<Calls, Vec<Error>> {
    let value: serde_json::Value = serde_json::from_str(input).map_err(|e| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("the edit call is not JSON: {e}"),
            r#"send {"command": "str_replace", "path": ..., "old_str": ..., "new_str": ...} or {"path": ..., "edits": [...]}"#,
        )
    })?;
    let format = if format == Format::EditFile {
        CallFormat::EditFile
    } else {
        CallFormat::TextEditor
    };
    calls::parse(&value, format)
}

/// Stages `calls` in `tx`; returns what each call matched.
pub fn stage(calls: &Calls, tx: &mut Transaction, threshold: f64) -> Result<Vec<Match>, Vec<Error>> {
    let mut matches = Vec::new();
    let mut errors = Vec::new();
    for (i, call) in calls.calls.iter().enumerate() {
        let shown = Workspace::shown(call.path());
        match stage_one(call, tx, threshold) {
            Ok(Some((strategy, confidence, lines))) => matches.push(Match {
                action: None,
                file: shown,
                matched: OpMatch::new(i, OpKind::Replace, String::new(), strategy, confidence, lines),
            }),
            Ok(None) => {}
            Err(e) => errors.extend(e.into_iter().map(|e| e.at_operation(i).in_file(&shown))),
        }
    }
    if errors.is_empty() {
        Ok(matches)
    } else {
        Err(errors)
    }
}

type Placed = Option<(&'static str, f64, (usize, usize))>;

fn stage_one(call: &EditCall, tx: &mut Transaction, threshold: f64) -> Result<Placed, Vec<Error>> {
    let shown = Workspace::shown(call.path());
    let existing = tx.read_text(call.path())?;
    let missing = || Error {
        hint: "check the path (it is relative to --root), or make the file with `create`".to_string(),
        ..Error::file_missing(&shown)
    };
    match call {
        EditCall::Create { path, text } => {
            if existing.is_some() {
                return Err(Error::new(
                    ErrorCode::FileExists,
                    format!("`{shown}` already exists"),
                    "`create` never overwrites: change the file with `str_replace`, or send it whole as a whole_file patch",
                )
                .into());
            }
            tx.write(path, text.clone().into_bytes())?;
            Ok(None)
        }
        EditCall::Replace { path, hunk } => {
            let text = existing.ok_or_else(missing)?;
            tx.workspace().check_context_edit(path)?;
            let (new, placed) = place::apply(&text, std::slice::from_ref(hunk), threshold)?;
            tx.write(path, new.into_bytes())?;
            Ok(placed
                .first()
                .map(|m| (m.tier.as_str(), m.confidence, (m.start_line, m.end_line))))
        }
        EditCall::Insert { path, after, text } => {
            let file = existing.ok_or_else(missing)?;
            // A line number is a location too, and a less certain one than context.
            tx.workspace().check_context_edit(path)?;
            let (new, lines) = insert_lines(&file, *after, text).ok_or_else(|| {
                Error::new(
                    ErrorCode::NoMatch,
                    format!(
                        "insert_line is {after} but `{shown}` has {} line(s)",
                        file.lines().count()
                    ),
                    "give a line number from 0 (the top of the file) to the file's last line",
                )
            })?;
            tx.write(path, new.into_bytes())?;
            Ok(Some(("exact", 1.0, lines)))
        }
    }
}

/// `file` with `text`'s lines after line `after` (0: at the top), in the file's line
/// ending, and the 1-based lines they now hold; `None` past the end of the file.
fn insert_lines(file: &str, after: usize, text: &str) -> Option<(String, (usize, usize))> {
    let eol = if file.contains("\r\n") { "\r\n" } else { "\n" };
    let mut lines: Vec<&str> = file.split_inclusive('\n').collect();
    if after > lines.len() {
        return None;
    }
    let added: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(file.len() + text.len() + 2 * added.len());
    for line in &lines[..after] {
        out.push_str(line);
    }
    // Inserted after a last line that has no newline: that line gets one, and the new last
    // line goes without, as the file did.
    let ends_unended = after == lines.len() && !file.is_empty() && !file.ends_with('\n');
    if ends_unended {
        out.push_str(eol);
    }
    for (n, line) in added.iter().enumerate() {
        out.push_str(line);
        if !(ends_unended && n + 1 == added.len()) {
            out.push_str(eol);
        }
    }
    for line in lines.drain(after..) {
        out.push_str(line);
    }
    Some((out, (after + 1, after + added.len().max(1))))
}

#[cfg(test)]
mod tests {
    use super::insert_lines;

    #[test]
    fn inserted_lines_take_the_files_ending_and_place() {
        assert_eq!(insert_lines("a\nb\n", 0, "x").unwrap().0, "x\na\nb\n");
        assert_eq!(insert_lines("a\nb\n", 1, "x\ny\n").unwrap().0, "a\nx\ny\nb\n");
        assert_eq!(insert_lines("a\r\nb\r\n", 2, "x").unwrap().0, "a\r\nb\r\nx\r\n");
        assert_eq!(insert_lines("a\nb", 2, "x").unwrap().0, "a\nb\nx");
        assert_eq!(insert_lines("a\n", 2, "x"), None);
    }
}
