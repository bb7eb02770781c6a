//! The session context (spec 002 §1, §3): what an agent has done to each file over a series
//! of applies, and the advice that follows from it, as the `[SESSION CONTEXT]` block.
//!
//! State lives in a JSON file the caller names (`--session FILE`; the MCP server keeps one
//! per connection), updated after every apply, written atomically. It keeps the planner's
//! plan (`guidance`), printed first on the `Guidance:` line, and places each file in a row
//! of 002 §3's threshold table, with the numbers that put it there:
//!
//! | file state (zones from `whole_file_zones`) | advice |
//! |---|---|
//! | under 30% changed and under 6 patches | patch blocks |
//! | 30% changed, or 6 patches | patch blocks, with caution |
//! | 50% changed, or 8 patches | the editor's call, with a warning |
//! | over 70% changed, or KEYSTONE | the whole file, mandatory (`workspace::WholeFileRule`) |
//! | 3 ambiguous matches on the file | patch blocks with 5 or more context lines |
//!
//! A file is in the highest of the first four rows it reaches; the fifth adds to it.

use crate::feedback::{Error, ErrorCode};
use crate::settings::WholeFileZones;
use crate::stage::{Answer, Options, Status};
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
    /// Refusals of a patch to this file as an ambiguous match.
    #[serde(default)]
    pub ambiguous: usize,
}

impl FileState {
    pub fn percent_changed(&self) -> usize {
        (self.changed_lines * 100)
            .checked_div(self.original_lines.max(1))
            .unwrap_or(0)
            .min(100)
    }
}

/// The rows of 002 §3's table a file can be in, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Row {
    Patch,
    Caution,
    Warning,
    WholeFile,
}

/// What the session block needs beside the session: where the zones are, which files are
/// KEYSTONE, and whether the mandate refuses or only advises.
pub struct Table<'a> {
    pub zones: WholeFileZones,
    pub enforce: bool,
    pub is_keystone: &'a dyn Fn(&str) -> bool,
}

impl Table<'_> {
    /// The row `state` puts its file in, and the numbers that put it there.
    pub fn row(&self, path: &str, state: &FileState) -> (Row, String) {
        let z = &self.zones;
        let percent = state.percent_changed();
        let patches = state.patches;
        let plural = if patches == 1 { "patch" } else { "patches" };
        if (self.is_keystone)(path) {
            return (Row::WholeFile, "KEYSTONE".to_string());
        }
        if z.past_whole_file(percent) {
            return (
                Row::WholeFile,
                format!("{percent}% changed: over {}%", z.whole_file_percent),
            );
        }
        let reasons = |least_percent: usize, least_patches: usize| {
            let mut why = Vec::new();
            if percent >= least_percent {
                why.push(format!("{percent}% changed: {least_percent}% or more"));
            }
            if patches >= least_patches {
                why.push(format!("{patches} {plural}: {least_patches} or more"));
            }
            why.join("; ")
        };
        if percent >= z.warning_percent || patches >= z.warning_patches {
            return (Row::Warning, reasons(z.warning_percent, z.warning_patches));
        }
        if percent >= z.caution_percent || patches >= z.caution_patches {
            return (Row::Caution, reasons(z.caution_percent, z.caution_patches));
        }
        (
            Row::Patch,
            format!(
                "{percent}% changed, {patches} {plural}: under {}% and {}",
                z.caution_percent, z.caution_patches
            ),
        )
    }

    /// The advice of `path`'s row.
    fn advice(&self, path: &str, state: &FileState) -> String {
        let (row, why) = self.row(path, state);
        let whole = format!("`>>> file: {path} | mode=replace`");
        match row {
            Row::Patch => format!("{path}: patch blocks with 3 or more context lines ({why})"),
            Row::Caution => format!("{path}: patch blocks, with caution ({why})"),
            Row::Warning => {
                format!("{path}: your call, with a warning: patch blocks, or the whole file as {whole} ({why})")
            }
            Row::WholeFile if self.enforce => format!(
                "{path}: the whole file, mandatory: send it as {whole}; patches located by context are refused ({why})"
            ),
            Row::WholeFile => {
                format!("{path}: the whole file, advised: send it as {whole} ({why}; enforce_whole_file is off)")
            }
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    pub exchange: usize,
    pub max_exchanges: usize,
    pub errors: usize,
    pub ambiguous: usize,
    pub files: BTreeMap<String, FileState>,
    /// The architect's or planner's plan (002 §1), kept across applies until replaced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guidance: Option<String>,
}

impl Session {
    /// A session that has seen nothing yet.
    pub fn new(max_exchanges: usize) -> Session {
        Session {
            exchange: 0,
            max_exchanges,
            errors: 0,
            ambiguous: 0,
            files: BTreeMap::new(),
            guidance: None,
        }
    }

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
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Session::new(max_exchanges)),
            Err(e) => Err(Error::unreadable_file(&path.display().to_string(), &e)),
        }
    }

    /// Keeps the planner's plan; an empty one clears it.
    pub fn set_guidance(&mut self, plan: &str) {
        let plan = plan.trim();
        self.guidance = (!plan.is_empty()).then(|| plan.to_string());
    }

    /// The files this session shows changed past `zones.whole_file_percent`, with their
    /// percent: the mandate's second half (the first is KEYSTONE files).
    pub fn past_whole_file_threshold(&self, zones: &WholeFileZones) -> BTreeMap<String, usize> {
        self.files
            .iter()
            .map(|(path, s)| (path.clone(), s.percent_changed()))
            .filter(|(_, percent)| zones.past_whole_file(*percent))
            .collect()
    }

    /// Counts one apply: its files, changed lines, errors and ambiguous matches.
    /// `original_lines`: each touched file's line count before this apply.
    fn record(&mut self, answer: &Answer, original_lines: &BTreeMap<String, usize>) {
        self.exchange += 1;
        self.errors += answer.errors.len();
        for error in answer.errors.iter().filter(|e| e.code == ErrorCode::AmbiguousMatch) {
            self.ambiguous += 1;
            if let Some(file) = &error.file {
                self.files.entry(file.clone()).or_default().ambiguous += 1;
            }
        }
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

    /// Counts an apply that has been written under `root`: each file's size before it is
    /// its lines now, less what the diff added, plus what it removed.
    pub fn record_written(&mut self, answer: &Answer, root: &Path) {
        let counts = diff_counts(&answer.diff);
        let mut original = BTreeMap::new();
        for file in &answer.files {
            let now = std::fs::read_to_string(root.join(&file.path))
                .map(|t| t.lines().count())
                .unwrap_or(0);
            let (added, removed) = counts.get(&file.path).copied().unwrap_or_default();
            original.insert(file.path.clone(), (now + removed).saturating_sub(added));
        }
        self.record(answer, &original);
    }

    /// `options` with the files this session says must be sent whole.
    pub fn mandate(&self, options: &mut Options) {
        options.past_whole_file_threshold = self.past_whole_file_threshold(&options.settings.whole_file_zones);
    }

    /// The block under `options`' settings and KEYSTONE globs.
    pub fn render_for(&self, options: &Options) -> String {
        let workspace = options.workspace().ok();
        let is_keystone = |path: &str| workspace.as_ref().is_some_and(|w| w.is_keystone(path));
        self.render(&Table {
            zones: options.settings.whole_file_zones,
            enforce: options.settings.enforces_whole_file(),
            is_keystone: &is_keystone,
        })
    }

    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let text = serde_json::to_string_pretty(self).map_err(|e| Error::internal(e.to_string()))?;
        crate::workspace::write_atomic(path, text.as_bytes())
    }

    /// The `[SESSION CONTEXT]` block.
    pub fn render(&self, table: &Table) -> String {
        let modified: Vec<String> = self
            .files
            .iter()
            .filter(|(_, s)| s.patches > 0)
            .map(|(path, s)| {
                let plural = if s.patches == 1 { "patch" } else { "patches" };
                let keystone = if (table.is_keystone)(path) { ", KEYSTONE" } else { "" };
                format!(
                    "{path} ({} {plural}, {}% changed{keystone})",
                    s.patches,
                    s.percent_changed()
                )
            })
            .collect();
        let mut advice: Vec<String> = self.guidance.iter().cloned().collect();
        let least_ambiguous = table.zones.ambiguous_matches;
        for (path, state) in &self.files {
            if state.patches > 0 {
                advice.push(table.advice(path, state));
            }
            if state.ambiguous >= least_ambiguous {
                advice.push(format!(
                    "{path}: {} ambiguous matches: patch with 5 or more context lines around each change",
                    state.ambiguous
                ));
            }
        }
        // Ambiguity no file accounts for alone still asks for more context.
        let advised = self.files.values().any(|s| s.ambiguous >= least_ambiguous);
        if self.ambiguous >= least_ambiguous && !advised {
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
fn diff_counts(diff: &str) -> BTreeMap<String, (usize, usize)> {
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

    fn state(patches: usize, changed_lines: usize, original_lines: usize) -> FileState {
        FileState {
            patches,
            changed_lines,
            original_lines,
            ambiguous: 0,
        }
    }

    fn session_with(files: &[(&str, FileState)], ambiguous: usize) -> Session {
        Session {
            exchange: 4,
            max_exchanges: 20,
            errors: ambiguous,
            ambiguous,
            files: files.iter().map(|(p, s)| (p.to_string(), s.clone())).collect(),
            guidance: None,
        }
    }

    fn table(keystone: &dyn Fn(&str) -> bool) -> Table<'_> {
        Table {
            zones: WholeFileZones::default(),
            enforce: true,
            is_keystone: keystone,
        }
    }

    #[test]
    fn quiet_session_says_patch_blocks_with_its_numbers() {
        let s = session_with(&[("a.py", state(2, 10, 100))], 0);
        assert_eq!(
            s.render(&table(&|_| false)),
            "[SESSION CONTEXT]\nModified: a.py (2 patches, 10% changed)\nGuidance: a.py: patch blocks with 3 or more context lines (10% changed, 2 patches: under 30% and 6)\nHealth: 0 errors, 0 ambiguous matches, exchange 4/20\n[/SESSION CONTEXT]"
        );
    }

    /// Each zone's edges, by percent and by patches: the row begins at its number.
    #[test]
    fn rows_begin_at_their_zones() {
        let t = table(&|_| false);
        let row = |patches, changed| t.row("a.py", &state(patches, changed, 100)).0;
        assert_eq!(row(5, 29), Row::Patch);
        assert_eq!(row(5, 30), Row::Caution);
        assert_eq!(row(6, 0), Row::Caution);
        assert_eq!(row(7, 49), Row::Caution);
        assert_eq!(row(1, 50), Row::Warning);
        assert_eq!(row(8, 0), Row::Warning);
        assert_eq!(row(1, 70), Row::Warning, "70% is not over 70%");
        assert_eq!(row(1, 71), Row::WholeFile);
        assert_eq!(row(20, 100), Row::WholeFile);
        let keystone = table(&|p| p == "a.py");
        assert_eq!(
            keystone.row("a.py", &state(1, 1, 100)),
            (Row::WholeFile, "KEYSTONE".to_string())
        );
    }

    #[test]
    fn rows_say_the_numbers_that_put_the_file_there() {
        let t = table(&|_| false);
        assert_eq!(
            t.row("a.py", &state(8, 55, 100)).1,
            "55% changed: 50% or more; 8 patches: 8 or more"
        );
        assert_eq!(t.row("a.py", &state(6, 10, 100)).1, "6 patches: 6 or more");
        assert_eq!(t.row("a.py", &state(1, 80, 100)).1, "80% changed: over 70%");
    }

    #[test]
    fn zones_come_from_the_settings() {
        let zones = WholeFileZones {
            caution_percent: 10,
            warning_percent: 20,
            whole_file_percent: 40,
            caution_patches: 2,
            warning_patches: 3,
            ambiguous_matches: 1,
        };
        let t = Table {
            zones,
            enforce: true,
            is_keystone: &|_| false,
        };
        assert_eq!(t.row("a.py", &state(1, 10, 100)).0, Row::Caution);
        assert_eq!(t.row("a.py", &state(3, 0, 100)).0, Row::Warning);
        assert_eq!(t.row("a.py", &state(1, 41, 100)).0, Row::WholeFile);
        let s = session_with(&[("a.py", state(1, 45, 100))], 0);
        assert_eq!(s.past_whole_file_threshold(&zones).get("a.py"), Some(&45));
        assert!(s.past_whole_file_threshold(&WholeFileZones::default()).is_empty());
    }

    #[test]
    fn the_plan_comes_first_and_keystone_files_are_marked() {
        let mut s = session_with(&[("a.py", state(2, 80, 100)), ("k.py", state(1, 2, 100))], 0);
        s.set_guidance("  move the cache into Store  ");
        let block = s.render(&table(&|p| p == "k.py"));
        assert!(
            block.contains("Modified: a.py (2 patches, 80% changed), k.py (1 patch, 2% changed, KEYSTONE)"),
            "{block}"
        );
        assert!(
            block.contains("Guidance: move the cache into Store; a.py: the whole file, mandatory: send it as `>>> file: a.py | mode=replace`; patches located by context are refused (80% changed: over 70%); k.py: the whole file, mandatory"),
            "{block}"
        );
        s.set_guidance("");
        assert_eq!(s.guidance, None, "an empty plan clears it");
    }

    #[test]
    fn ambiguity_is_advised_per_file() {
        let mut a = state(1, 1, 100);
        a.ambiguous = 3;
        let s = session_with(&[("a.py", a)], 3);
        let block = s.render(&table(&|_| false));
        assert!(
            block.contains("a.py: 3 ambiguous matches: patch with 5 or more context lines"),
            "{block}"
        );
        let unattributed = session_with(&[], 3).render(&table(&|_| false));
        assert!(
            unattributed.contains("Guidance: 3 ambiguous matches: include 5 or more context lines"),
            "{unattributed}"
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
