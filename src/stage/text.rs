//! Applying text patches: every file's new content is planned in a transaction (all hunks
//! placed against the file as the patch found it), then everything is committed together,
//! so a patch changes all its files or none. A refused patch names every hunk and file
//! that could not be placed, not only the first.

use super::Match;
use crate::edit::{OpKind, OpMatch};
use crate::feedback::{Error, ErrorCode};
use crate::textpatch::{self, place, FileAction, FileChange, TextFormat};
use crate::workspace::{Transaction, Workspace};

/// Stages the text patch `input` in `tx`; returns what each hunk matched.
pub fn stage(input: &str, format: TextFormat, tx: &mut Transaction, threshold: f64) -> Result<Vec<Match>, Vec<Error>> {
    let changes = textpatch::parse(input, format)?;
    stage_all(&changes, format, tx, threshold)
}

/// Stages file changes in order, going on past a refused one so that the answer names
/// every refusal.
pub fn stage_all(
    changes: &[FileChange],
    format: TextFormat,
    tx: &mut Transaction,
    threshold: f64,
) -> Result<Vec<Match>, Vec<Error>> {
    let mut matches = Vec::new();
    let mut errors = Vec::new();
    let mut first_hunk = 0;
    for change in changes {
        if let Err(e) = stage_change(change, format, tx, threshold, first_hunk, &mut matches) {
            errors.extend(e);
        }
        first_hunk += match &change.action {
            FileAction::Update(hunks) | FileAction::CopyFrom(_, hunks) => hunks.len(),
            _ => 0,
        };
    }
    if errors.is_empty() {
        Ok(matches)
    } else {
        Err(errors)
    }
}

/// Stages one file's change, its hunks numbered from `first_hunk` (hunk numbers count
/// across the whole patch).
pub fn stage_change(
    change: &FileChange,
    format: TextFormat,
    tx: &mut Transaction,
    threshold: f64,
    first_hunk: usize,
    matches: &mut Vec<Match>,
) -> Result<(), Vec<Error>> {
    let shown = Workspace::shown(&change.path);
    let existing = match &change.action {
        FileAction::CopyFrom(source, _) => {
            if tx.read(&change.path)?.is_some() {
                return Err(exists(
                    &shown,
                    "a copy's destination must be a new file; delete it first, or patch it instead",
                )
                .into());
            }
            Some(
                tx.read_text(source)?
                    .ok_or_else(|| Error::file_missing(&Workspace::shown(source)))?,
            )
        }
        _ => tx.read_text(&change.path)?,
    };
    // Hunks are placed by their context; a move or a mode change alone is not.
    if let (FileAction::Update(hunks), Some(_)) = (&change.action, &existing) {
        if !hunks.is_empty() {
            tx.workspace().check_context_edit(&change.path)?;
        }
    }
    let after = match (&change.action, &existing) {
        (FileAction::Create(content), None) => Some(content.clone()),
        (FileAction::Create(_), Some(_)) => {
            return Err(exists(
                &shown,
                "update it with a hunk instead of creating it, or delete it first",
            )
            .into())
        }
        (FileAction::Replace(content), _) => Some(content.clone()),
        (FileAction::Delete, Some(_)) => None,
        (FileAction::Delete, None) => return Err(Error::file_missing(&shown).into()),
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
        (FileAction::Update(_), None) | (FileAction::CopyFrom(..), None) => {
            return Err(Error::file_missing(&shown).into())
        }
        (FileAction::Update(hunks), Some(text)) | (FileAction::CopyFrom(_, hunks), Some(text)) => {
            let (new, mut placed) = place::apply(text, hunks, threshold).map_err(|errors| {
                errors
                    .into_iter()
                    .map(|mut e| {
                        e.operation = e.operation.map(|i| first_hunk + i);
                        e.in_file(&shown)
                    })
                    .collect::<Vec<_>>()
            })?;
            // In hunk order, as the patch numbers them (they were placed in file order).
            placed.sort_by_key(|m| m.hunk);
            matches.extend(placed.into_iter().map(|m| Match {
                action: None,
                file: shown.clone(),
                matched: OpMatch::new(
                    first_hunk + m.hunk,
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
    let mut path = change.path.as_str();
    if let Some(dest) = &change.move_to {
        tx.rename(&change.path, dest)?;
        path = dest;
    }
    if let Some(mode) = change.mode {
        tx.set_mode(path, mode)?;
    }
    Ok(())
}

fn exists(shown: &str, hint: &str) -> Error {
    Error::new(ErrorCode::FileExists, format!("`{shown}` already exists"), hint).in_file(shown)
}
