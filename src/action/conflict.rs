//! `on_conflict: marker`: a patch whose base changed is written with git-style conflict
//! markers where it cannot be placed, so a person resolves it as after a merge:
//!
//! ```text
//! <<<<<<< current
//! the file's lines
//! =======
//! the patch's lines
//! >>>>>>> patch
//! ```
//!
//! A whole-file patch is marked region by region (where the two versions differ); a hunk
//! that still places cleanly is applied, one that does not is marked around the closest
//! region of the file. A hunk with no region near it at all cannot be marked: that is a
//! `conflict`.

use super::PatchChange;
use crate::edit::{OpKind, OpMatch};
use crate::feedback::{Error, ErrorCode};
use crate::stage::Match;
use crate::textmatch::{self, Unplaced};
use crate::textpatch::{place, FileAction};
use crate::workspace::{Transaction, Workspace};

/// Stages `changes` with markers where needed; returns how many regions were marked.
pub(super) fn mark(
    changes: &[PatchChange],
    tx: &mut Transaction,
    threshold: f64,
    matches: &mut Vec<Match>,
) -> Result<usize, Error> {
    let mut marked = 0;
    let mut numbered = 0;
    for change in changes {
        match change {
            PatchChange::Text(change, format) => match &change.action {
                FileAction::Replace(content) => {
                    let current = tx.read_text(&change.path)?.unwrap_or_default();
                    let (merged, regions) = mark_versions(&current, content);
                    for (start, end) in &regions {
                        matches.push(marker_match(&change.path, numbered, (*start, *end)));
                    }
                    marked += regions.len();
                    tx.write(&change.path, merged.into_bytes())?;
                    numbered += 1;
                }
                FileAction::Update(hunks) => {
                    let mut text = tx
                        .read_text(&change.path)?
                        .ok_or_else(|| Error::file_missing(&Workspace::shown(&change.path)))?;
                    tx.workspace().check_context_edit(&change.path)?;
                    for hunk in hunks {
                        match place::apply(&text, std::slice::from_ref(hunk), threshold) {
                            Ok((new, placed)) => {
                                text = new;
                                for m in placed {
                                    matches.push(Match {
                                        action: None,
                                        file: Workspace::shown(&change.path),
                                        matched: OpMatch::new(
                                            numbered,
                                            OpKind::Replace,
                                            String::new(),
                                            m.tier.as_str(),
                                            m.confidence,
                                            (m.start_line, m.end_line),
                                        ),
                                    });
                                }
                            }
                            Err(mut errors) if errors[0].code == ErrorCode::NoMatch => {
                                let e = errors.remove(0);
                                let (new, lines) = mark_closest(&text, &hunk.from, &hunk.to).ok_or(e)?;
                                text = new;
                                matches.push(marker_match(&change.path, numbered, lines));
                                marked += 1;
                            }
                            Err(mut errors) => return Err(errors.remove(0).at_operation(numbered)),
                        }
                        numbered += 1;
                    }
                    tx.write(&change.path, text.into_bytes())?;
                }
                _ => {
                    crate::stage::text::stage_change(change, *format, tx, threshold, numbered, matches)
                        .map_err(|mut errors| errors.remove(0))?;
                    numbered += 1;
                }
            },
            PatchChange::Regex(block) => {
                matches.push(block.stage(tx, numbered)?);
                numbered += 1;
            }
        }
    }
    Ok(marked)
}

fn marker_match(path: &str, operation: usize, lines: (usize, usize)) -> Match {
    Match {
        action: None,
        file: Workspace::shown(path),
        matched: OpMatch::new(operation, OpKind::Replace, String::new(), "conflict_marker", 0.0, lines),
    }
}

/// The line ending the text mostly uses.
fn eol_of(text: &str) -> &'static str {
    if text.matches("\r\n").count() * 2 > text.matches('\n').count() {
        "\r\n"
    } else {
        "\n"
    }
}

/// One marked region: the current lines and the patch's, between the markers.
fn marker_block(out: &mut String, current: &[&str], patch: &[&str], eol: &str) {
    out.push_str(&format!("<<<<<<< current{eol}"));
    for line in current {
        out.push_str(line);
        out.push_str(eol);
    }
    out.push_str(&format!("======={eol}"));
    for line in patch {
        out.push_str(line);
        out.push_str(eol);
    }
    out.push_str(&format!(">>>>>>> patch{eol}"));
}

/// Both versions of a file, the same lines once and each differing region marked; the
/// 1-based line spans of the marked regions in the result.
fn mark_versions(current: &str, patch: &str) -> (String, Vec<(usize, usize)>) {
    let eol = eol_of(current);
    let old: Vec<&str> = current.lines().collect();
    let new: Vec<&str> = patch.lines().collect();
    let mut out = String::new();
    let mut regions = Vec::new();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &old, &new) {
        match op {
            similar::DiffOp::Equal { old_index, len, .. } => {
                for line in &old[old_index..old_index + len] {
                    out.push_str(line);
                    out.push_str(eol);
                }
            }
            _ => {
                let start = out.matches('\n').count() + 1;
                marker_block(&mut out, &old[op.old_range()], &new[op.new_range()], eol);
                regions.push((start, out.matches('\n').count()));
            }
        }
    }
    (out, regions)
}

/// The hunk marked around the file's closest region, if any region is near enough to say.
fn mark_closest(text: &str, from: &[String], to: &[String]) -> Option<(String, (usize, usize))> {
    let eol = eol_of(text);
    let lines: Vec<&str> = text.lines().collect();
    let from: Vec<&str> = from.iter().map(String::as_str).collect();
    let region = match textmatch::find_block(&lines, &from, 0.0) {
        Ok(p) => p,
        Err(Unplaced::NoMatch { closest: Some(p) }) => p,
        _ => return None,
    };
    let to: Vec<&str> = to.iter().map(String::as_str).collect();
    let mut out = String::new();
    for line in &lines[..region.start] {
        out.push_str(line);
        out.push_str(eol);
    }
    let start = region.start + 1;
    marker_block(&mut out, &lines[region.start..region.end], &to, eol);
    let end = out.matches('\n').count();
    for line in &lines[region.end..] {
        out.push_str(line);
        out.push_str(eol);
    }
    if !text.ends_with('\n') && !lines.is_empty() && region.end < lines.len() {
        out.truncate(out.len() - eol.len());
    }
    Some((out, (start, end)))
}
