//! The session context (spec 002 §1, §3): what an agent has done to each file over a series
//! of applies, and the advice that follows from it, as the `[SESSION CONTEXT]` block.
//!
//! State lives in a JSON file the caller names (`--session FILE`), updated after every apply,
//! written atomically. Thresholds from 002 §3: a file more than 70% changed or patched 8+
//! times should be sent whole (`mode=replace`); 3+ ambiguous matches call for 5+ context
//! lines.

use crate::feedback::{Error, ErrorCode};
use crate::stage::{Answer, Status};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FileState {
    pub patches: usize,
    /// Lines added or removed, summed over the session.
    pub changed_lines: usize,
    /// The file's line count when the session first touched it.
    pub original_lines: usize,
}

impl FileState {
    pub fn percent_changed(&self) -> usize {
        (self.changed_lines * 100)
            .checked_div(self.original_lines.max(1))
            .unwrap_or(0)
            .min(100)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    pub exchange: usize,
    pub max_exchanges: usize,
    pub errors: usize,
    pub ambiguous: usize,
    pub files: BTreeMap<String, FileState>,
}

impl Session {
    /// The session in `path`, or a new one.
    pub fn load(path: &Path, max_exchanges: usize) -> Result<Session, Error> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text).map_err(|e| {
                Error::new(
                    ErrorCode::InvalidFormat,
                    format!("the session file `{}` does not parse: {e}", path.display()),
                    "pass a session file saguaro wrote, or a new path to start a session",
                )
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Session {
                exchange: 0,
                max_exchanges,
                errors: 0,
                ambiguous: 0,
                files: BTreeMap::new(),
            }),
            Err(e) => Err(Error::unreadable_file(&path.display().to_string(), &e)),
        }
    }

    /// Counts one apply: its files, changed lines, errors and ambiguous matches.
    /// `original_lines`: each touched file's line count before this apply.
    pub fn record(&mut self, answer: &Answer, original_lines: &BTreeMap<String, usize>) {
        self.exchange += 1;
        self.errors += answer.errors.len();
        self.ambiguous += answer
            .errors
            .iter()
            .filter(|e| e.code == ErrorCode::AmbiguousMatch)
            .count();
        if answer.status != Status::Applied {
            return;
        }
        let changed = changed_lines_per_file(&answer.diff);
        for file in &answer.files {
            let state = self.files.entry(file.path.clone()).or_default();
            if state.patches == 0 {
                state.original_lines = original_lines.get(&file.path).copied().unwrap_or(0);
            }
            state.patches += 1;
            state.changed_lines += changed.get(&file.path).copied().unwrap_or(0);
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let text = serde_json::to_string_pretty(self).map_err(|e| Error::internal(e.to_string()))?;
        crate::workspace::write_atomic(path, text.as_bytes())
    }

    /// The `[SESSION CONTEXT]` block.
    pub fn render(&self) -> String {
        let modified: Vec<String> = self
            .files
            .iter()
            .map(|(path, s)| {
                let plural = if s.patches == 1 { "patch" } else { "patches" };
                format!("{path} ({} {plural}, {}% changed)", s.patches, s.percent_changed())
            })
            .collect();
        let mut advice: Vec<String> = self
            .files
            .iter()
            .filter(|(_, s)| s.percent_changed() > 70 || s.patches >= 8)
            .map(|(path, s)| {
                format!(
                    "send {path} whole (`>>> file: {path} | mode=replace`): {}",
                    if s.percent_changed() > 70 {
                        format!("{}% of it has changed", s.percent_changed())
                    } else {
                        format!("{} patches so far", s.patches)
                    }
                )
            })
            .collect();
        if self.ambiguous >= 3 {
            advice.push(format!(
                "{} ambiguous matches: include 5 or more context lines around each change",
                self.ambiguous
            ));
        }
        if advice.is_empty() {
            advice.push("continue with patch blocks and 3 or more context lines".to_string());
        }
        format!(
            "[SESSION CONTEXT]\nModified: {}\nGuidance: {}\nHealth: {} errors, {} ambiguous matches, exchange {}/{}\n[/SESSION CONTEXT]",
            if modified.is_empty() { "none".to_string() } else { modified.join(", ") },
            advice.join("; "),
            self.errors,
            self.ambiguous,
            self.exchange,
            self.max_exchanges
        )
    }
}

/// Lines added and removed in each file of a unified diff (keyed by its `b/` path).
pub fn diff_counts(diff: &str) -> BTreeMap<String, (usize, usize)> {
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in diff.lines() {
        if let Some(path) = line.strip_prefix("+++ b/") {
            current = Some(path.to_string());
        } else if line.starts_with("--- a/") || line.starts_with("+++ ") {
            continue;
        } else if let Some(path) = &current {
            let entry = counts.entry(path.clone()).or_default();
            if line.starts_with('+') {
                entry.0 += 1;
            } else if line.starts_with('-') {
                entry.1 += 1;
            }
        }
    }
    counts
}

/// Lines changed in each file: the larger of added and removed, so that a modified line
/// counts once.
fn changed_lines_per_file(diff: &str) -> BTreeMap<String, usize> {
    diff_counts(diff)
        .into_iter()
        .map(|(path, (added, removed))| (path, added.max(removed)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session_with(files: &[(&str, usize, usize, usize)], ambiguous: usize) -> Session {
        Session {
            exchange: 4,
            max_exchanges: 20,
            errors: ambiguous,
            ambiguous,
            files: files
                .iter()
                .map(|&(p, patches, changed, original)| {
                    (
                        p.to_string(),
                        FileState {
                            patches,
                            changed_lines: changed,
                            original_lines: original,
                        },
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn quiet_session_says_continue() {
        let s = session_with(&[("a.py", 2, 10, 100)], 0);
        assert_eq!(
            s.render(),
            "[SESSION CONTEXT]\nModified: a.py (2 patches, 10% changed)\nGuidance: continue with patch blocks and 3 or more context lines\nHealth: 0 errors, 0 ambiguous matches, exchange 4/20\n[/SESSION CONTEXT]"
        );
    }

    #[test]
    fn thresholds_bring_their_advice() {
        let s = session_with(&[("a.py", 2, 80, 100), ("b.py", 8, 5, 100)], 3);
        let block = s.render();
        assert!(
            block.contains("send a.py whole (`>>> file: a.py | mode=replace`): 80% of it has changed"),
            "{block}"
        );
        assert!(
            block.contains("send b.py whole (`>>> file: b.py | mode=replace`): 8 patches so far"),
            "{block}"
        );
        assert!(
            block.contains("3 ambiguous matches: include 5 or more context lines"),
            "{block}"
        );
    }

    #[test]
    fn diff_lines_are_counted_per_file() {
        let diff =
            "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n--- a/y.py\n+++ b/y.py\n@@ -1 +1,2 @@\n x\n+y\n";
        let counts = changed_lines_per_file(diff);
        assert_eq!(counts.get("x.py"), Some(&1), "a modified line counts once");
        assert_eq!(counts.get("y.py"), Some(&1));
    }
}
