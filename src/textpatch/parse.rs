//! The four text formats into [`FileChange`]s. Malformed input is `invalid_format` naming
//! the line and what was expected there.

use super::{FileAction, FileChange, Hunk, Marked, TextFormat};
use crate::feedback::{Error, ErrorCode};

/// Parses `input` in `format`.
pub fn parse(input: &str, format: TextFormat) -> Result<Vec<FileChange>, Error> {
    let lines: Vec<&str> = input.lines().collect();
    let changes = match format {
        TextFormat::Applydiff => applydiff(&lines)?,
        TextFormat::SearchReplace => search_replace(&lines)?,
        TextFormat::Unified => unified(&lines)?,
        TextFormat::Codex => codex(&lines)?,
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
        if let (FileAction::Update(hunks), Some(existing)) = (
            &change.action,
            out.iter_mut()
                .find(|c| c.path == change.path && matches!(c.action, FileAction::Update(_)) && c.move_to.is_none()),
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

// --- ApplyDiff (spec 002 §2–3) -------------------------------------------------------------

fn applydiff(lines: &[&str]) -> Result<Vec<FileChange>, Error> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim().is_empty() {
            i += 1;
            continue;
        }
        let Some(header) = line.strip_prefix(">>> file:") else {
            return Err(invalid(
                i + 1,
                &format!("expected `>>> file: PATH`, found `{}`", line.trim()),
                "each block starts with `>>> file: PATH`, then `--- from`, `--- to` and a closing `<`",
            ));
        };
        let mut parts = header.split('|').map(str::trim);
        let path = parts.next().unwrap_or_default().to_string();
        if path.is_empty() {
            return Err(invalid(
                i + 1,
                "`>>> file:` names no path",
                "write `>>> file: src/app.py`",
            ));
        }
        let (mut mode_replace, mut fuzz) = (false, None);
        for option in parts {
            match option.split_once('=').map(|(k, v)| (k.trim(), v.trim())) {
                Some(("mode", "replace")) => mode_replace = true,
                Some(("mode", "patch")) => mode_replace = false,
                Some(("fuzz", v)) => {
                    fuzz = Some(
                        v.parse::<f64>()
                            .ok()
                            .filter(|f| (0.0..=1.0).contains(f))
                            .ok_or_else(|| {
                                invalid(
                                    i + 1,
                                    &format!("`fuzz={v}` is not a number between 0 and 1"),
                                    "write `fuzz=0.85`",
                                )
                            })?,
                    )
                }
                _ => {
                    return Err(invalid(
                        i + 1,
                        &format!("unknown option `{option}`"),
                        "options are `mode=patch|replace` and `fuzz=0.85`",
                    ))
                }
            }
        }
        i += 1;
        if lines.get(i).map(|l| l.trim_end()) != Some("--- from") {
            return Err(invalid(
                i + 1,
                "expected `--- from`",
                "after `>>> file: PATH` comes `--- from`, the lines to find",
            ));
        }
        let from_start = i + 1;
        let to_marker = (from_start..lines.len())
            .find(|&k| lines[k].trim_end() == "--- to")
            .ok_or_else(|| {
                invalid(
                    from_start,
                    "no `--- to` after `--- from`",
                    "write the new lines after a `--- to` line",
                )
            })?;
        let end = (to_marker + 1..lines.len())
            .find(|&k| lines[k].trim_end() == "<" || lines[k].starts_with(">>> file:"))
            .unwrap_or(lines.len());
        let from = owned(&lines[from_start..to_marker]);
        let to = owned(&lines[to_marker + 1..end]);
        let action = if mode_replace {
            FileAction::Replace(join_with_final_newline(&to))
        } else {
            FileAction::Update(vec![Hunk {
                fuzz,
                ..Hunk::blocks(from, to)
            }])
        };
        out.push(FileChange {
            path,
            action,
            move_to: None,
        });
        i = if lines.get(end).is_some_and(|l| l.trim_end() == "<") {
            end + 1
        } else {
            end
        };
    }
    Ok(out)
}

fn join_with_final_newline(lines: &[String]) -> String {
    if lines.is_empty() {
        String::new()
    } else {
        format!("{}\n", lines.join("\n"))
    }
}

// --- SEARCH/REPLACE (Aider) ----------------------------------------------------------------

fn is_search(l: &str) -> bool {
    let t = l.trim_end();
    t.len() >= 12 && t.starts_with("<<<<<") && t.trim_start_matches('<').trim() == "SEARCH"
}
fn is_divider(l: &str) -> bool {
    let t = l.trim();
    t.len() >= 5 && t.chars().all(|c| c == '=')
}
fn is_replace(l: &str) -> bool {
    let t = l.trim_end();
    t.starts_with(">>>>>") && t.trim_start_matches('>').trim() == "REPLACE"
}

fn search_replace(lines: &[&str]) -> Result<Vec<FileChange>, Error> {
    let mut out = Vec::new();
    let mut path: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        if !is_search(lines[i]) {
            i += 1;
            continue;
        }
        // The path is on the line before the block (a ``` fence may sit between).
        let named = (0..i)
            .rev()
            .map(|k| lines[k].trim())
            .find(|l| !l.is_empty() && !l.starts_with("```"));
        if let Some(p) = named.filter(|p| !is_replace(p) && !p.contains(' ') || p.contains('/') || p.contains('.')) {
            if !is_replace(p) {
                path = Some(p.trim_matches('`').to_string());
            }
        }
        let file = path.clone().ok_or_else(|| {
            invalid(
                i + 1,
                "no file path before `<<<<<<< SEARCH`",
                "put the file's path on the line before the block",
            )
        })?;
        let divider = (i + 1..lines.len()).find(|&k| is_divider(lines[k])).ok_or_else(|| {
            invalid(
                i + 1,
                "no `=======` after `<<<<<<< SEARCH`",
                "separate the search and replace sides with `=======`",
            )
        })?;
        let end = (divider + 1..lines.len())
            .find(|&k| is_replace(lines[k]))
            .ok_or_else(|| {
                invalid(
                    divider + 1,
                    "no `>>>>>>> REPLACE` after `=======`",
                    "close the block with `>>>>>>> REPLACE`",
                )
            })?;
        let from = owned(&lines[i + 1..divider]);
        let to = owned(&lines[divider + 1..end]);
        out.push(FileChange {
            path: file,
            action: FileAction::Update(vec![Hunk::blocks(from, to)]),
            move_to: None,
        });
        i = end + 1;
    }
    Ok(out)
}

// --- unified diffs -------------------------------------------------------------------------

fn strip_prefix_path(raw: &str) -> Option<String> {
    let path = raw.split('\t').next().unwrap_or(raw).trim();
    if path == "/dev/null" {
        return None;
    }
    Some(
        path.strip_prefix("a/")
            .or_else(|| path.strip_prefix("b/"))
            .unwrap_or(path)
            .to_string(),
    )
}

fn unified(lines: &[&str]) -> Result<Vec<FileChange>, Error> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(old) = lines[i].strip_prefix("--- ") else {
            i += 1;
            continue;
        };
        let Some(new) = lines.get(i + 1).and_then(|l| l.strip_prefix("+++ ")) else {
            return Err(invalid(
                i + 2,
                "expected `+++ b/PATH` after `--- a/PATH`",
                "a unified diff names the file twice: `--- a/PATH` then `+++ b/PATH`",
            ));
        };
        let (old_path, new_path) = (strip_prefix_path(old), strip_prefix_path(new));
        i += 2;
        let mut hunks = Vec::new();
        let mut added_text = Vec::new();
        while i < lines.len() && lines[i].starts_with("@@") {
            let hint = lines[i]
                .trim_start_matches('@')
                .split_whitespace()
                .find_map(|t| t.strip_prefix('-'))
                .and_then(|t| t.split(',').next())
                .and_then(|n| n.parse::<usize>().ok())
                .map(|n| n.saturating_sub(1));
            i += 1;
            let mut hunk = Hunk {
                hint,
                ..Hunk::blocks(Vec::new(), Vec::new())
            };
            while i < lines.len()
                && !lines[i].starts_with("@@")
                && !(lines[i].starts_with("--- ") && lines.get(i + 1).is_some_and(|l| l.starts_with("+++ ")))
            {
                let l = lines[i];
                match l.chars().next() {
                    Some(' ') => hunk.push(Marked::Context, &l[1..]),
                    Some('-') => hunk.push(Marked::Removed, &l[1..]),
                    Some('+') => {
                        hunk.push(Marked::Added, &l[1..]);
                        added_text.push(l[1..].to_string());
                    }
                    Some('\\') => {}
                    // An empty line in a hunk is a blank context line (editors strip the space).
                    None => hunk.push(Marked::Context, ""),
                    _ => break,
                }
                i += 1;
            }
            hunks.push(hunk);
        }
        let change = match (old_path, new_path) {
            (None, Some(path)) => FileChange {
                path,
                action: FileAction::Create(join_with_final_newline(&added_text)),
                move_to: None,
            },
            (Some(path), None) => FileChange {
                path,
                action: FileAction::Delete,
                move_to: None,
            },
            (Some(old), Some(new)) => FileChange {
                move_to: (old != new).then_some(new),
                path: old,
                action: FileAction::Update(hunks),
            },
            (None, None) => return Err(invalid(i, "both sides are /dev/null", "name the file on one side")),
        };
        out.push(change);
    }
    Ok(out)
}

// --- Codex apply_patch ---------------------------------------------------------------------

fn codex(raw: &[&str]) -> Result<Vec<FileChange>, Error> {
    // A heredoc wrapper (`apply_patch <<'EOF'` ... `EOF`) and padded markers are tolerated.
    let begin = raw
        .iter()
        .position(|l| l.trim() == "*** Begin Patch")
        .ok_or_else(|| invalid(1, "no `*** Begin Patch`", "a Codex patch starts with `*** Begin Patch`"))?;
    let end = raw
        .iter()
        .rposition(|l| l.trim() == "*** End Patch")
        .ok_or_else(|| invalid(raw.len(), "no `*** End Patch`", "close the patch with `*** End Patch`"))?;
    let lines = &raw[begin + 1..end];
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let header = lines[i].trim();
        let at = begin + i + 2;
        if let Some(path) = header.strip_prefix("*** Add File: ") {
            i += 1;
            let mut content = Vec::new();
            while i < lines.len() && !lines[i].trim_start().starts_with("*** ") {
                content.push(
                    lines[i]
                        .strip_prefix('+')
                        .ok_or_else(|| {
                            invalid(
                                begin + i + 2,
                                "an added file's lines start with `+`",
                                "prefix every line of the new file with `+`",
                            )
                        })?
                        .to_string(),
                );
                i += 1;
            }
            out.push(FileChange {
                path: path.trim().to_string(),
                action: FileAction::Create(join_with_final_newline(&content)),
                move_to: None,
            });
        } else if let Some(path) = header.strip_prefix("*** Delete File: ") {
            out.push(FileChange {
                path: path.trim().to_string(),
                action: FileAction::Delete,
                move_to: None,
            });
            i += 1;
        } else if let Some(path) = header.strip_prefix("*** Update File: ") {
            i += 1;
            let mut move_to = None;
            if let Some(dest) = lines.get(i).and_then(|l| l.trim().strip_prefix("*** Move to: ")) {
                move_to = Some(dest.trim().to_string());
                i += 1;
            }
            let mut hunks: Vec<Hunk> = Vec::new();
            while i < lines.len() && !lines[i].trim_start().starts_with("*** ")
                || lines.get(i).is_some_and(|l| l.trim() == "*** End of File")
            {
                let l = lines[i];
                if l.trim() == "*** End of File" {
                    if let Some(h) = hunks.last_mut() {
                        h.at_end = true;
                    }
                    i += 1;
                    continue;
                }
                if let Some(anchor) = l.trim_start().strip_prefix("@@") {
                    let anchor = anchor.trim();
                    hunks.push(Hunk {
                        anchor: (!anchor.is_empty()).then(|| anchor.to_string()),
                        ..Hunk::blocks(Vec::new(), Vec::new())
                    });
                    i += 1;
                    continue;
                }
                if hunks.is_empty() {
                    hunks.push(Hunk::blocks(Vec::new(), Vec::new()));
                }
                let h = hunks.last_mut().expect("a hunk");
                match l.chars().next() {
                    Some(' ') => h.push(Marked::Context, &l[1..]),
                    Some('-') => h.push(Marked::Removed, &l[1..]),
                    Some('+') => h.push(Marked::Added, &l[1..]),
                    None => h.push(Marked::Context, ""),
                    _ => {
                        return Err(invalid(
                            begin + i + 2,
                            &format!("unexpected line `{l}` in an update hunk"),
                            "hunk lines start with ` `, `-` or `+`; a new hunk starts with `@@`",
                        ))
                    }
                }
                i += 1;
            }
            if hunks.iter().all(|h| h.from.is_empty() && h.to.is_empty()) {
                return Err(invalid(
                    at,
                    &format!("`*** Update File: {}` has no change", path.trim()),
                    "add `@@` hunks with `-` and `+` lines",
                ));
            }
            out.push(FileChange {
                path: path.trim().to_string(),
                action: FileAction::Update(hunks),
                move_to,
            });
        } else if header.is_empty() {
            i += 1;
        } else {
            return Err(invalid(
                at,
                &format!("expected `*** Add File:`, `*** Update File:` or `*** Delete File:`, found `{header}`"),
                "each file section starts with one of those markers",
            ));
        }
    }
    Ok(out)
}

/// Which text format `input` is in, from its markers.
pub fn detect(input: &str) -> Option<TextFormat> {
    let lines: Vec<&str> = input.lines().collect();
    if lines.iter().any(|l| l.trim() == "*** Begin Patch") {
        Some(TextFormat::Codex)
    } else if lines.iter().any(|l| l.starts_with(">>> file:")) {
        Some(TextFormat::Applydiff)
    } else if lines.iter().any(|l| is_search(l)) {
        Some(TextFormat::SearchReplace)
    } else if lines
        .windows(2)
        .any(|w| w[0].starts_with("--- ") && w[1].starts_with("+++ "))
    {
        Some(TextFormat::Unified)
    } else {
        None
    }
}
