//! Unified diffs, as `diff -u` and `git diff` / `git format-patch` write them.
//!
//! - A git section (`diff --git a/X b/Y`) may carry no `---`/`+++` at all: a pure rename
//!   (`rename from` / `rename to`), a copy, a mode change, a new or deleted empty file. Each
//!   is applied; a binary section (`Binary files ... differ`, `GIT binary patch`) cannot
//!   be, and refuses the whole patch — every file or none.
//! - Paths git quotes (any name with a non-ASCII byte, a tab, a quote or a backslash) are
//!   unquoted as git writes them: C escapes and octal bytes, `"b/caf\303\251.txt"`.
//! - A hunk ends where its `@@ -a,b +c,d @@` counts say it ends, so what follows the last
//!   hunk — the `-- ` signature `git format-patch` appends, a mail footer — is not read as
//!   removed lines. Where the body and the counts disagree (hand-written and model-written
//!   diffs often miscount), the body decides: lines that still read as hunk lines are hunk
//!   lines, and only a signature ends the hunk early.
//! - Line numbers are hints, never trusted alone; `\ No newline at end of file` is kept.

use super::{invalid, join_with_final_newline};
use crate::feedback::Error;
use crate::textpatch::{FileAction, FileChange, Hunk, Marked};

/// A file's path as a diff header gives it: `None` for `/dev/null`; quotes undone, the
/// `a/` / `b/` prefix and a trailing timestamp dropped.
fn header_path(raw: &str) -> Option<String> {
    let raw = raw.trim_end();
    let path = if raw.starts_with('"') {
        unquote(raw).map(|(p, _)| p)?
    } else {
        raw.split('\t').next().unwrap_or(raw).trim_end().to_string()
    };
    if path == "/dev/null" {
        return None;
    }
    Some(strip_side(&path).to_string())
}

fn strip_side(path: &str) -> &str {
    path.strip_prefix("a/")
        .or_else(|| path.strip_prefix("b/"))
        .unwrap_or(path)
}

/// A C-style quoted string at the start of `text` (git's quoting of unusual names), and
/// the rest of `text` after it.
fn unquote(text: &str) -> Option<(String, &str)> {
    let body = text.strip_prefix('"')?;
    let bytes = body.as_bytes();
    let mut out: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return Some((String::from_utf8_lossy(&out).into_owned(), &body[i + 1..])),
            b'\\' => {
                let c = *bytes.get(i + 1)?;
                i += 2;
                match c {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'a' => out.push(7),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'v' => out.push(11),
                    b'0'..=b'7' => {
                        let mut value = u32::from(c - b'0');
                        let mut digits = 1;
                        while digits < 3 && bytes.get(i).is_some_and(|d| (b'0'..=b'7').contains(d)) {
                            value = value * 8 + u32::from(bytes[i] - b'0');
                            i += 1;
                            digits += 1;
                        }
                        out.push(u8::try_from(value).ok()?);
                    }
                    other => out.push(other),
                }
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    None
}

/// The two paths of `diff --git a/X b/Y` (each may be quoted; unquoted names with spaces
/// are split where the two names agree, as git itself does).
fn git_paths(rest: &str) -> Option<(String, String)> {
    if rest.starts_with('"') {
        let (a, after) = unquote(rest)?;
        let after = after.trim_start();
        let b = if after.starts_with('"') {
            unquote(after)?.0
        } else {
            after.to_string()
        };
        return Some((strip_side(&a).to_string(), strip_side(&b).to_string()));
    }
    if let Some(at) = rest.find(" \"") {
        let b = unquote(&rest[at + 1..])?.0;
        return Some((strip_side(&rest[..at]).to_string(), strip_side(&b).to_string()));
    }
    // `a/NAME b/NAME`: the split where both halves name the same file, else the last ` b/`.
    let candidates: Vec<usize> = rest.match_indices(" b/").map(|(i, _)| i).collect();
    let at = candidates
        .iter()
        .copied()
        .find(|&i| strip_side(&rest[..i]) == strip_side(&rest[i + 1..]))
        .or_else(|| candidates.last().copied())?;
    Some((
        strip_side(&rest[..at]).to_string(),
        strip_side(&rest[at + 1..]).to_string(),
    ))
}

/// A path on an extended header line (`rename from NAME`), quoted or not.
fn bare_path(raw: &str) -> String {
    let raw = raw.trim_end();
    if raw.starts_with('"') {
        unquote(raw).map_or_else(|| raw.to_string(), |(p, _)| p)
    } else {
        raw.to_string()
    }
}

fn octal_mode(raw: &str) -> Option<u32> {
    u32::from_str_radix(raw.trim(), 8).ok()
}

/// What a git section's extended header says.
#[derive(Default)]
struct Header {
    paths: Option<(String, String)>,
    new_file: bool,
    deleted: bool,
    new_mode: Option<u32>,
    rename: (Option<String>, Option<String>),
    copy: (Option<String>, Option<String>),
    binary: bool,
}

pub(super) fn unified(lines: &[&str]) -> Result<Vec<FileChange>, Error> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some(rest) = lines[i].strip_prefix("diff --git ") {
            let start = i;
            let mut header = Header {
                paths: git_paths(rest),
                ..Header::default()
            };
            i += 1;
            while i < lines.len()
                && !is_file_header(lines, i)
                && !lines[i].starts_with("@@")
                && !lines[i].starts_with("diff --git ")
            {
                let l = lines[i];
                if let Some(m) = l.strip_prefix("new file mode ") {
                    header.new_file = true;
                    header.new_mode = octal_mode(m);
                } else if l.starts_with("deleted file mode ") {
                    header.deleted = true;
                } else if let Some(m) = l.strip_prefix("new mode ") {
                    header.new_mode = octal_mode(m);
                } else if let Some(p) = l.strip_prefix("rename from ") {
                    header.rename.0 = Some(bare_path(p));
                } else if let Some(p) = l.strip_prefix("rename to ") {
                    header.rename.1 = Some(bare_path(p));
                } else if let Some(p) = l.strip_prefix("copy from ") {
                    header.copy.0 = Some(bare_path(p));
                } else if let Some(p) = l.strip_prefix("copy to ") {
                    header.copy.1 = Some(bare_path(p));
                } else if l.starts_with("Binary files ") || l.starts_with("GIT binary patch") {
                    header.binary = true;
                } else if !(l.starts_with("old mode ")
                    || l.starts_with("index ")
                    || l.starts_with("similarity index ")
                    || l.starts_with("dissimilarity index "))
                {
                    break;
                }
                i += 1;
            }
            if header.binary {
                let (_, path) = header.paths.unwrap_or_default();
                return Err(invalid(
                    start + 1,
                    &format!("`{path}` is changed by a binary patch, which saguaro cannot apply"),
                    "send the binary file whole (a file_create action with base64 content), or leave it out of the patch",
                ));
            }
            let mut names = (None, None);
            if is_file_header(lines, i) {
                names = (header_path(&lines[i][4..]), header_path(&lines[i + 1][4..]));
                i += 2;
            }
            let (hunks, added, end) = hunks(lines, i)?;
            i = end;
            out.push(git_change(header, names, hunks, added, start)?);
        } else if is_file_header(lines, i) {
            let start = i;
            let (old, new) = (header_path(&lines[i][4..]), header_path(&lines[i + 1][4..]));
            let (hunks, added, end) = hunks(lines, i + 2)?;
            i = end;
            out.push(match (old, new) {
                (None, Some(path)) => FileChange::new(path, FileAction::Create(created(&added, &hunks))),
                (Some(path), None) => FileChange::new(path, FileAction::Delete),
                (Some(old), Some(new)) => FileChange {
                    move_to: (old != new).then_some(new),
                    ..FileChange::new(old, FileAction::Update(hunks))
                },
                (None, None) => {
                    return Err(invalid(
                        start + 1,
                        "both sides are /dev/null",
                        "name the file on one side",
                    ))
                }
            });
        } else {
            i += 1;
        }
    }
    Ok(out)
}

/// `--- PATH` followed by `+++ PATH` at line `i`.
fn is_file_header(lines: &[&str], i: usize) -> bool {
    lines.get(i).is_some_and(|l| l.starts_with("--- ")) && lines.get(i + 1).is_some_and(|l| l.starts_with("+++ "))
}

/// The content of a created file: its added lines, with the final newline the hunk states.
fn created(added: &[String], hunks: &[Hunk]) -> String {
    let text = join_with_final_newline(added);
    match hunks.last().and_then(|h| h.new_final_newline) {
        Some(false) => text.strip_suffix('\n').unwrap_or(&text).to_string(),
        _ => text,
    }
}

/// One git section as a file change.
fn git_change(
    header: Header,
    (old, new): (Option<String>, Option<String>),
    hunks: Vec<Hunk>,
    added: Vec<String>,
    start: usize,
) -> Result<FileChange, Error> {
    let (git_old, git_new) = header.paths.clone().unwrap_or_default();
    let missing = || {
        invalid(
            start + 1,
            "the `diff --git` line names no file",
            "write `diff --git a/PATH b/PATH`",
        )
    };
    let mut change = if header.new_file || (old.is_none() && new.is_some()) {
        let path = new.or(header.rename.1.clone()).unwrap_or(git_new);
        if path.is_empty() {
            return Err(missing());
        }
        FileChange::new(path, FileAction::Create(created(&added, &hunks)))
    } else if header.deleted || (old.is_some() && new.is_none() && !header.new_file) {
        let path = old.unwrap_or(git_old);
        if path.is_empty() {
            return Err(missing());
        }
        return Ok(FileChange::new(path, FileAction::Delete));
    } else if let (Some(from), Some(to)) = header.copy.clone() {
        FileChange::new(to, FileAction::CopyFrom(from, hunks))
    } else {
        let from = header.rename.0.clone().or(old).unwrap_or(git_old);
        let to = header.rename.1.clone().or(new).unwrap_or(git_new);
        if from.is_empty() {
            return Err(missing());
        }
        FileChange {
            move_to: (!to.is_empty() && from != to).then_some(to),
            ..FileChange::new(from, FileAction::Update(hunks))
        }
    };
    change.mode = header
        .new_mode
        .filter(|_| !header.new_file || header.new_mode != Some(0o100644));
    Ok(change)
}

/// The hunks from line `i` on: the hunks, every added line (for a created file), and the
/// line after the last hunk.
fn hunks(lines: &[&str], mut i: usize) -> Result<(Vec<Hunk>, Vec<String>, usize), Error> {
    let mut hunks = Vec::new();
    let mut added_text = Vec::new();
    while i < lines.len() && lines[i].starts_with("@@") {
        let counts = counts(lines[i]);
        let mut hunk = Hunk {
            hint: counts.map(|c| c.0.saturating_sub(1)),
            ..Hunk::blocks(Vec::new(), Vec::new())
        };
        i += 1;
        let (mut old_left, mut new_left) = counts.map_or((0, 0), |c| (c.1, c.2));
        let mut by_counts = counts.is_some();
        // Which side a `\ No newline at end of file` speaks of: the line before it.
        let (mut old_unended, mut new_unended) = (false, false);
        let mut last: Option<Marked> = None;
        while i < lines.len() {
            let l = lines[i];
            if l.starts_with("@@") || l.starts_with("diff --git ") || is_file_header(lines, i) {
                break;
            }
            if by_counts && old_left == 0 && new_left == 0 {
                // The counts are spent: what follows is no longer this hunk, unless it
                // still reads as hunk lines (the counts were wrong; the body decides).
                let marker = l.starts_with('\\');
                if !marker && (l.is_empty() || is_signature(lines, i) || !l.starts_with([' ', '+', '-'])) {
                    break;
                }
                if !marker {
                    by_counts = false;
                }
            }
            if !by_counts && is_signature(lines, i) {
                break;
            }
            let mark = match l.chars().next() {
                Some(' ') => Marked::Context,
                Some('-') => Marked::Removed,
                Some('+') => Marked::Added,
                Some('\\') => {
                    match last {
                        Some(Marked::Removed) => old_unended = true,
                        Some(Marked::Added) => new_unended = true,
                        Some(Marked::Context) => (old_unended, new_unended) = (true, true),
                        None => {}
                    }
                    i += 1;
                    continue;
                }
                // An empty line in a hunk is a blank context line (editors strip the space).
                None => Marked::Context,
                _ => break,
            };
            let text = l.get(1..).unwrap_or("");
            hunk.push(mark, text);
            if mark == Marked::Added {
                added_text.push(text.to_string());
            }
            if mark != Marked::Added {
                old_left = old_left.saturating_sub(1);
            }
            if mark != Marked::Removed {
                new_left = new_left.saturating_sub(1);
            }
            last = Some(mark);
            i += 1;
        }
        hunk.new_final_newline = if new_unended {
            Some(false)
        } else if old_unended {
            Some(true)
        } else {
            None
        };
        hunks.push(hunk);
    }
    Ok((hunks, added_text, i))
}

/// `@@ -a,b +c,d @@`: (a, b, d), counts defaulting to 1 as diff writes them.
fn counts(line: &str) -> Option<(usize, usize, usize)> {
    let mut words = line.trim_start_matches('@').split_whitespace();
    let old = words.next()?.strip_prefix('-')?;
    let new = words.next()?.strip_prefix('+')?;
    let split = |s: &str| -> Option<(usize, usize)> {
        match s.split_once(',') {
            Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
            None => Some((s.parse().ok()?, 1)),
        }
    };
    let (a, b) = split(old)?;
    let (_, d) = split(new)?;
    Some((a, b, d))
}

/// The `-- ` line `git format-patch` ends a mail with, before its version line.
fn is_signature(lines: &[&str], i: usize) -> bool {
    lines[i] == "-- "
        && lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("diff --git ") && !l.starts_with("From "))
            .all(|l| !l.starts_with(['+', ' ', '@']) && !l.starts_with("--- "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_quoted_paths_are_unquoted() {
        assert_eq!(header_path("\"b/caf\\303\\251.txt\"").as_deref(), Some("café.txt"));
        assert_eq!(
            header_path("\"a/tab\\there \\\"q\\\"\"").as_deref(),
            Some("tab\there \"q\"")
        );
        assert_eq!(
            header_path("b/plain.txt\t2024-01-01 10:00").as_deref(),
            Some("plain.txt")
        );
        assert_eq!(
            git_paths("a/my file.txt b/my file.txt"),
            Some(("my file.txt".into(), "my file.txt".into()))
        );
        assert_eq!(
            git_paths("\"a/caf\\303\\251\" \"b/caf\\303\\251\""),
            Some(("café".into(), "café".into()))
        );
    }

    #[test]
    fn counts_end_a_hunk_before_a_signature() {
        let diff = "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n-- \n2.43.0\n\n";
        let lines: Vec<&str> = diff.lines().collect();
        let changes = unified(&lines).unwrap();
        let FileAction::Update(hunks) = &changes[0].action else {
            panic!()
        };
        assert_eq!(hunks[0].from, ["a", "b"]);
        assert_eq!(hunks[0].to, ["a", "c"]);
    }

    #[test]
    fn miscounted_hunks_are_read_by_their_body() {
        let diff = "--- a/x\n+++ b/x\n@@ -1,1 +1,1 @@\n a\n-b\n+c\n d\n";
        let lines: Vec<&str> = diff.lines().collect();
        let changes = unified(&lines).unwrap();
        let FileAction::Update(hunks) = &changes[0].action else {
            panic!()
        };
        assert_eq!(hunks[0].from, ["a", "b", "d"]);
    }

    #[test]
    fn no_newline_marks_say_which_side() {
        let diff = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n";
        let lines: Vec<&str> = diff.lines().collect();
        let FileAction::Update(hunks) = &unified(&lines).unwrap()[0].action else {
            panic!()
        };
        assert_eq!(hunks[0].new_final_newline, Some(true));
        let diff = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n";
        let lines: Vec<&str> = diff.lines().collect();
        let FileAction::Update(hunks) = &unified(&lines).unwrap()[0].action else {
            panic!()
        };
        assert_eq!(hunks[0].new_final_newline, Some(false));
    }
}
