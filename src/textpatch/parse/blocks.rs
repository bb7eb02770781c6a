//! Formats of separate old and new blocks: ApplyDiff (spec 002 §2–3) and Aider's
//! SEARCH/REPLACE. A SEARCH block may also be found as an exact substring of the file.

use super::{invalid, join_with_final_newline, owned};
use crate::feedback::Error;
use crate::textpatch::{FileAction, FileChange, Hunk, Literal};

// --- ApplyDiff --------------------------------------------------------------------------------

pub(super) fn applydiff(lines: &[&str]) -> Result<Vec<FileChange>, Error> {
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
        out.push(FileChange::new(path, action));
        i = if lines.get(end).is_some_and(|l| l.trim_end() == "<") {
            end + 1
        } else {
            end
        };
    }
    Ok(out)
}

// --- SEARCH/REPLACE (Aider) -------------------------------------------------------------------

/// `<<<<<<< SEARCH` (5 to 9 `<`; a stray `>` after it, as models write, is tolerated).
pub(super) fn is_search(l: &str) -> bool {
    let t = l.trim_end().trim_end_matches('>').trim_end();
    let marks = t.len() - t.trim_start_matches('<').len();
    (5..=9).contains(&marks) && t.trim_start_matches('<').trim() == "SEARCH"
}
fn is_divider(l: &str) -> bool {
    let t = l.trim();
    t.len() >= 5 && t.chars().all(|c| c == '=')
}
fn is_replace(l: &str) -> bool {
    let t = l.trim_end();
    t.starts_with(">>>>>") && t.trim_start_matches('>').trim() == "REPLACE"
}

/// The path a line before a block names, as Aider reads it: `path`, `` `path` ``,
/// `**path**`, `# path`, `path:`. `...` (Aider's elision between blocks) names none.
fn path_on(line: &str) -> Option<String> {
    let t = line
        .trim()
        .trim_end_matches(':')
        .trim_start_matches('#')
        .trim()
        .trim_matches('`')
        .trim_matches('*')
        .trim();
    let elided = t.chars().all(|c| c == '.');
    (!t.is_empty() && !elided && !t.contains(char::is_whitespace)).then(|| t.to_string())
}

/// Whether a line is a code fence (```` ``` ```` or ```` ```python ````).
fn is_fence(line: &str) -> bool {
    line.trim_start().starts_with("```")
}

pub(super) fn search_replace(lines: &[&str]) -> Result<Vec<FileChange>, Error> {
    let mut out = Vec::new();
    let mut path: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        if !is_search(lines[i]) {
            i += 1;
            continue;
        }
        // The path is on a line before the block (a ``` fence may sit between); a block
        // without one (or after Aider's `...`) is for the previous block's file.
        for k in (0..i).rev() {
            let line = lines[k].trim();
            if line.is_empty() || is_fence(line) && !line.trim_start_matches('`').contains(char::is_whitespace) {
                continue;
            }
            if is_replace(line) || is_divider(line) {
                break;
            }
            if let Some(p) = path_on(line) {
                path = Some(p);
            }
            break;
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
        let (search, replace) = (&lines[i + 1..divider], &lines[divider + 1..end]);
        let hunk = Hunk {
            literal: Some(Literal {
                search: search.join("\n"),
                replace: replace.join("\n"),
                substring_first: false,
            }),
            ..Hunk::blocks(owned(search), owned(replace))
        };
        out.push(FileChange::new(file, FileAction::Update(vec![hunk])));
        i = end + 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_markers_as_models_write_them() {
        assert!(is_search("<<<<<<< SEARCH"));
        assert!(is_search("<<<<<<< SEARCH>"));
        assert!(is_search("<<<<< SEARCH  "));
        assert!(!is_search("<<< SEARCH"));
        assert!(!is_search("<<<<<<< SEARCHING"));
    }

    #[test]
    fn aiders_ellipsis_keeps_the_previous_file() {
        let text = "src/a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n...\n<<<<<<< SEARCH\ny = 1\n=======\ny = 2\n>>>>>>> REPLACE\n";
        let lines: Vec<&str> = text.lines().collect();
        let changes = search_replace(&lines).unwrap();
        assert_eq!(changes.len(), 2);
        assert!(changes.iter().all(|c| c.path == "src/a.py"), "{changes:?}");
    }

    #[test]
    fn paths_in_the_ways_models_decorate_them() {
        for line in ["src/a.py", "`src/a.py`", "**src/a.py**", "# src/a.py", "src/a.py:"] {
            assert_eq!(path_on(line).as_deref(), Some("src/a.py"), "{line}");
        }
        assert_eq!(path_on("..."), None);
        assert_eq!(path_on("Here is the change:"), None);
    }
}
