//! Applying text patches: every file's new content is planned in a transaction (all hunks
//! placed against the file as the patch found it), then everything is committed together,
//! so a patch changes all its files or none.

use super::Match;
use crate::edit::{OpKind, OpMatch};
use crate::feedback::{Error, ErrorCode};
use crate::textpatch::{self, place, FileAction, FileChange, TextFormat};
use crate::workspace::{Transaction, Workspace};

/// Stages the text patch `input` in `tx`; returns what each hunk matched.
pub fn stage(input: &str, format: TextFormat, tx: &mut Transaction, threshold: f64) -> Result<Vec<Match>, Error> {
    let changes = textpatch::parse(input, format)?;
    let mut matches = Vec::new();
    for change in changes {
        stage_change(&change, format, tx, threshold, &mut matches)?;
    }
    Ok(matches)
}

/// Stages one file's change; hunk numbers count across the whole patch, as `matches` do.
pub fn stage_change(
    change: &FileChange,
    format: TextFormat,
    tx: &mut Transaction,
    threshold: f64,
    matches: &mut Vec<Match>,
) -> Result<(), Error> {
    let shown = Workspace::shown(&change.path);
    let existing = tx.read_text(&change.path)?;
    let missing = || {
        Error::new(
            ErrorCode::FileMissing,
            format!("`{shown}` does not exist"),
            "check the path; it is relative to --root",
        )
        .in_file(&shown)
    };
    let after = match (&change.action, &existing) {
        (FileAction::Create(content), None) => Some(content.clone()),
        (FileAction::Create(_), Some(_)) => {
            return Err(Error::new(
                ErrorCode::FileExists,
                format!("`{shown}` already exists"),
                "update it with a hunk instead of creating it, or delete it first",
            )
            .in_file(&shown))
        }
        (FileAction::Replace(content), _) => Some(content.clone()),
        (FileAction::Delete, Some(_)) => None,
        (FileAction::Delete, None) => return Err(missing()),
        // An empty SEARCH on a missing file creates it (Aider's convention).
        (FileAction::Update(hunks), None)
            if format == TextFormat::SearchReplace
                && hunks.iter().all(|h| h.from.iter().all(|l| l.trim().is_empty())) =>
        {
            Some(
                hunks
                    .iter()
                    .flat_map(|h| h.to.iter().map(|l| format!("{l}\n")))
                    .collect(),
            )
        }
        (FileAction::Update(_), None) => return Err(missing()),
        (FileAction::Update(hunks), Some(text)) => {
            let base = matches.len();
            let (new, placed) = place::apply(text, hunks, threshold).map_err(|mut e| {
                e.operation = e.operation.map(|i| base + i);
                e.in_file(&shown)
            })?;
            matches.extend(placed.into_iter().map(|m| Match {
                action: None,
                file: shown.clone(),
                matched: OpMatch::new(
                    base + m.hunk,
                    OpKind::Replace,
                    String::new(),
                    m.tier.as_str(),
                    m.confidence,
                    (m.start_line, m.end_line),
                ),
            }));
            Some(new)
        }
    };
    match after {
        Some(content) => tx.write(&change.path, content.into_bytes())?,
        None => tx.remove(&change.path)?,
    }
    if let Some(dest) = &change.move_to {
        tx.rename(&change.path, dest)?;
    }
    Ok(())
}
