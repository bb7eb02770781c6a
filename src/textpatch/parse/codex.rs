//! Codex CLI's `apply_patch` format: `*** Begin Patch`, `*** Add File:` / `*** Update
//! File:` (with `*** Move to:`) / `*** Delete File:` sections, `@@ LOCATOR` chunks of
//! marked lines, `*** End of File` for a chunk that ends the file, `*** End Patch`.

use super::{invalid, join_with_final_newline};
use crate::feedback::Error;
use crate::textpatch::{FileAction, FileChange, Hunk, Marked};

pub(super) fn codex(raw: &[&str]) -> Result<Vec<FileChange>, Error> {
    // A heredoc wrapper (`apply_patch <<'EOF'` ... `EOF`) and padded markers are tolerated.
    let begin = raw
        .iter()
        .position(|l| l.trim() == "*** Begin Patch")
        .ok_or_else(|| invalid(1, "no `*** Begin Patch`", "a Codex patch starts with `*** Begin Patch`"))?;
    let end = raw
        .iter()
        .rposition(|l| l.trim() == "*** End Patch")
        .filter(|&end| end > begin)
        .ok_or_else(|| {
            invalid(
                raw.len(),
                "no `*** End Patch` after `*** Begin Patch`",
                "close the patch with `*** End Patch`",
            )
        })?;
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
            out.push(FileChange::new(
                path.trim(),
                FileAction::Create(join_with_final_newline(&content)),
            ));
        } else if let Some(path) = header.strip_prefix("*** Delete File: ") {
            out.push(FileChange::new(path.trim(), FileAction::Delete));
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
                move_to,
                ..FileChange::new(path.trim(), FileAction::Update(hunks))
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
