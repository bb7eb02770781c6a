//! Text patches: ApplyDiff, SEARCH/REPLACE, unified diffs and Codex `apply_patch`, parsed
//! into one model of file changes and hunks, then placed with the tiered matcher.
//!
//! A hunk is a `from` block (context and removed lines) and a `to` block (context and added
//! lines), with whatever the format adds to locate it: a line number hint (unified, never
//! trusted alone), a locator line (Codex `@@ def f`), an end-of-file mark. Every format
//! parses into this model; placement and application know no format.

mod parse;
pub mod place;

pub use parse::{detect, parse};

use crate::textmatch::Tier;
use serde::Serialize;

/// The text formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextFormat {
    Applydiff,
    SearchReplace,
    Unified,
    Codex,
}

/// One change to one file's lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Hunk {
    pub from: Vec<String>,
    pub to: Vec<String>,
    /// 0-based line where a unified diff says the block starts: a tie-breaker only.
    pub hint: Option<usize>,
    /// Codex `@@ LINE`: the block is searched after this line.
    pub anchor: Option<String>,
    /// The block ends the file (Codex `*** End of File`).
    pub at_end: bool,
    /// A per-block confidence threshold (ApplyDiff `fuzz=`).
    pub fuzz: Option<f64>,
    /// The last matcher tier the hunk may be placed by (`None`: every tier). A proposed
    /// action's `fallback_strategy` sets it.
    pub last_tier: Option<Tier>,
    /// Which of several equal placements to take, 1-based in file order (a proposed
    /// action's `match_occurrence`); without it, equal placements are refused.
    pub occurrence: Option<usize>,
    /// The hunk's lines as the format marks them (unified, Codex: ` `, `-`, `+`), when it
    /// does: which lines are context is then known, not guessed by a diff.
    pub marked: Option<Vec<Marked>>,
}

/// A line of a hunk that marks its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marked {
    Context,
    Removed,
    Added,
}

impl Hunk {
    /// A hunk of separate `from` and `to` blocks (ApplyDiff, SEARCH/REPLACE).
    pub fn blocks(from: Vec<String>, to: Vec<String>) -> Hunk {
        Hunk {
            from,
            to,
            hint: None,
            anchor: None,
            at_end: false,
            fuzz: None,
            last_tier: None,
            occurrence: None,
            marked: None,
        }
    }

    /// Adds one marked line (unified, Codex).
    pub fn push(&mut self, mark: Marked, line: &str) {
        match mark {
            Marked::Context => {
                self.from.push(line.to_string());
                self.to.push(line.to_string());
            }
            Marked::Removed => self.from.push(line.to_string()),
            Marked::Added => self.to.push(line.to_string()),
        }
        self.marked.get_or_insert_with(Vec::new).push(mark);
    }
}

/// What happens to one file.
#[derive(Debug, Clone, PartialEq)]
pub enum FileAction {
    /// Hunks placed in the existing file.
    Update(Vec<Hunk>),
    /// A new file with this content.
    Create(String),
    /// The whole content replaced (ApplyDiff `mode=replace`).
    Replace(String),
    Delete,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FileChange {
    pub path: String,
    pub action: FileAction,
    /// Codex `*** Move to:`, unified renames.
    pub move_to: Option<String>,
}
