//! Applying text patches: every file's new content is planned in memory first (all hunks
//! placed against the original), then everything is written; a write that fails midway
//! restores the files already written, so a patch changes all its files or none.

use super::{unified_diff, Answer, FileChange as Changed, Match};
use crate::edit::{OpKind, OpMatch};
use crate::feedback::{Error, ErrorCode};
use crate::source::SourceText;
use crate::textpatch::{self, place, FileAction, TextFormat};
use crate::workspace::{self, Workspace};
use std::path::PathBuf;

/// One file's planned outcome.
struct Planned {
    shown: String,
    path: PathBuf,
    before: Option<String>,
    after: Option<String>,
    /// Where the file goes when it is renamed.
    moved: Option<(String, PathBuf)>,
}

pub fn apply(input: &str, format: TextFormat, options: &super::Options, threshold: f64) -> Result<Answer, Error> {
    let changes = textpatch::parse(input, format)?;
    let workspace = Workspace::new(&options.root)?;
    let mut planned: Vec<Planned> = Vec::new();
    let mut matches = Vec::new();
    for change in changes {
        let shown = change.path.trim_start_matches("./").to_string();
        let path = workspace.resolve(&change.path)?;
        let existing = if path.is_file() {
            Some(SourceText::read(&path, &shown)?.text().to_string())
        } else {
            None
        };
        if path.is_dir() {
            return Err(Error::new(
                ErrorCode::PathRejected,
                format!("`{shown}` is a directory"),
                "a text patch changes files",
            )
            .in_file(&shown));
        }
        let moved = match &change.move_to {
            Some(dest) => {
                let dest_path = workspace.resolve(dest)?;
                Some((dest.trim_start_matches("./").to_string(), dest_path))
            }
            None => None,
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
            (FileAction::Delete, None) | (FileAction::Update(_), None) => {
                // An empty SEARCH on a missing file creates it (Aider's convention).
                match &change.action {
                    FileAction::Update(hunks)
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
                    _ => {
                        return Err(Error::new(
                            ErrorCode::FileMissing,
                            format!("`{shown}` does not exist"),
                            "check the path; it is relative to --root",
                        )
                        .in_file(&shown))
                    }
                }
            }
            (FileAction::Update(hunks), Some(text)) => {
                // Hunk numbers count across the whole patch, as the matches do.
                let base = matches.len();
                let (new, placed) = place::apply(text, hunks, threshold).map_err(|mut e| {
                    e.operation = e.operation.map(|i| base + i);
                    e.in_file(&shown)
                })?;
                matches.extend(placed.into_iter().map(|m| Match {
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
        planned.push(Planned {
            shown,
            path,
            before: existing,
            after,
            moved,
        });
    }

    let mut files = Vec::new();
    let mut diff = String::new();
    for p in &planned {
        let before = p.before.clone().unwrap_or_default();
        let after = p.after.clone().unwrap_or_default();
        let (action, name) = match (&p.before, &p.after, &p.moved) {
            (_, _, Some((dest, _))) => ("renamed", dest.clone()),
            (None, Some(_), _) => ("created", p.shown.clone()),
            (Some(_), None, _) => ("deleted", p.shown.clone()),
            _ => ("modified", p.shown.clone()),
        };
        if p.before == p.after && p.moved.is_none() {
            continue;
        }
        diff.push_str(&unified_diff(&p.shown, &before, &after));
        files.push(Changed {
            path: name,
            action,
            sha256_before: p
                .before
                .as_deref()
                .map(|b| workspace::sha256(b.as_bytes()))
                .unwrap_or_default(),
            sha256_after: p
                .after
                .as_deref()
                .map(|a| workspace::sha256(a.as_bytes()))
                .unwrap_or_default(),
        });
    }
    if !options.dry_run {
        commit(&planned)?;
    }
    Ok(Answer::done(options.dry_run, files, matches, diff))
}

/// Writes every planned file; on a failure, puts back what was already written.
fn commit(planned: &[Planned]) -> Result<(), Error> {
    let mut done: Vec<(&PathBuf, Option<&String>)> = Vec::new();
    let result = (|| {
        for p in planned {
            let target = p.moved.as_ref().map_or(&p.path, |(_, dest)| dest);
            match &p.after {
                Some(content) => {
                    if let Some(parent) = target.parent() {
                        std::fs::create_dir_all(parent).map_err(|e| io_error(&p.shown, e))?;
                    }
                    done.push((target, None));
                    workspace::write_atomic(target, content.as_bytes())?;
                    if p.moved.is_some() {
                        done.push((&p.path, p.before.as_ref()));
                        std::fs::remove_file(&p.path).map_err(|e| io_error(&p.shown, e))?;
                    } else if let Some(last) = done.last_mut() {
                        last.1 = p.before.as_ref();
                    }
                }
                None => {
                    done.push((&p.path, p.before.as_ref()));
                    std::fs::remove_file(&p.path).map_err(|e| io_error(&p.shown, e))?;
                }
            }
        }
        Ok(())
    })();
    if result.is_err() {
        for (path, before) in done.into_iter().rev() {
            let _ = match before {
                Some(content) => workspace::write_atomic(path, content.as_bytes()).map_err(|_| ()),
                None => std::fs::remove_file(path).map_err(|_| ()),
            };
        }
    }
    result
}

fn io_error(shown: &str, e: std::io::Error) -> Error {
    Error::new(
        ErrorCode::UnreadableFile,
        format!("cannot write `{shown}`: {e}"),
        "check permissions and free space; nothing was left half-written",
    )
    .in_file(shown)
}
