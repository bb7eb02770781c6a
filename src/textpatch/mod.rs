//! Text patches: ApplyDiff, SEARCH/REPLACE, unified diffs and Codex `apply_patch`, parsed
//! into one model of file changes and hunks, then placed with the tiered matcher.
//!
//! A hunk is a `from` block (context and removed lines) and a `to` block (context and added
//! lines), with whatever the format adds to locate it: a line number hint (unified, never
//! trusted alone), a locator line (Codex `@@ def f`), an end-of-file mark. Every format
//! parses into this model; placement and application know no format.

pub mod calls;
mod lines;
mod parse;
pub mod place;
pub mod substring;
mod write;

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
    /// Whether the new file ends with a newline, when the patch says (a unified diff's
    /// `\ No newline at end of file`); otherwise the file's own ending is kept.
    pub new_final_newline: Option<bool>,
    /// The search and replace texts as sent, for formats that may place them as an exact
    /// substring (SEARCH/REPLACE, search/replace actions, agents' edit calls).
    pub literal: Option<Literal>,
}

/// A search text that may be found as an exact substring of the file, and its replacement.
#[derive(Debug, Clone, PartialEq)]
pub struct Literal {
    pub search: String,
    pub replace: String,
    /// Agents' edit calls define their search as a substring: it is tried first, before
    /// whole lines. Blocks of lines try whole lines first, and a substring only where the
    /// search is a fragment of lines.
    pub substring_first: bool,
}

/// A line of a hunk that marks its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marked {
    Context,
    Removed,
    Added,
}

impl Hunk {
    /// What the format calls the text that is looked for, for messages: a unified diff's or
    /// Codex hunk's context and removed lines, a SEARCH block (or an edit call's search
    /// text), ApplyDiff's `from` block.
    pub fn searched_text(&self) -> &'static str {
        match (&self.marked, &self.literal) {
            (Some(_), _) => "hunk (its context and `-` lines)",
            (None, Some(_)) => "search text",
            (None, None) => "`from` block",
        }
    }

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
            new_final_newline: None,
            literal: None,
        }
    }

    /// A search/replace pair: blocks of its lines that may also be found as a substring.
    pub fn literal(search: &str, replace: &str, substring_first: bool) -> Hunk {
        let lines = |text: &str| text.lines().map(str::to_string).collect();
        Hunk {
            literal: Some(Literal {
                search: search.replace("\r\n", "\n"),
                replace: replace.replace("\r\n", "\n"),
                substring_first,
            }),
            ..Hunk::blocks(lines(search), lines(replace))
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
    /// A new file made from another (git's `copy from` / `copy to`), then these hunks.
    CopyFrom(String, Vec<Hunk>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct FileChange {
    pub path: String,
    pub action: FileAction,
    /// Codex `*** Move to:`, unified renames.
    pub move_to: Option<String>,
    /// The file's new mode, when a git diff changes it (`new mode 100755`).
    pub mode: Option<u32>,
}

impl FileChange {
    pub fn new(path: impl Into<String>, action: FileAction) -> FileChange {
        FileChange {
            path: path.into(),
            action,
            move_to: None,
            mode: None,
        }
    }
}
