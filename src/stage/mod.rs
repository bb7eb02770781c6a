//! Staging: every change of a patch, in any format but proposed actions, planned in one
//! transaction in memory — and the vocabulary of an apply's answer (INTERFACE.md §4):
//! options, formats, matches, the answer, and `finish`, which verifies and commits.
//!
//! The floor under `action` (a proposed action stages its patches here), `plan` (the
//! Impact Report's planning) and `apply` (the dispatcher on top): none of them is imported
//! from here.

mod calls;
mod semantic;
pub(crate) mod text;
mod verify;

pub use semantic::{parse_semantic, rename_match, stage_semantic};

use crate::feedback::{Error, ErrorCode};
use crate::textpatch::TextFormat;
use crate::workspace::{self, Transaction, WholeFileRule, Workspace};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How to apply.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub dry_run: bool,
    /// `--format`: `None` detects it.
    pub format: Option<Format>,
    /// The least confidence a fuzzy text placement needs (`--fuzz`).
    pub fuzz: f64,
    /// The settings: path rules for every format, policy for proposed actions.
    pub settings: crate::settings::Settings,
    /// What `--approve` grants proposed actions.
    pub approvals: crate::settings::Approvals,
    /// `--events FILE`: one JSON line per proposed action's step.
    pub events: Option<PathBuf>,
    /// The most candidates a refusal lists (`--max-candidates`).
    pub max_candidates: usize,
    /// KEYSTONE globs of this call (`--keystone`), beside the settings' `keystone_paths`.
    pub keystone_paths: Vec<String>,
    /// The files a session shows past the whole-file threshold, with their percent changed
    /// (`apply::session`): like KEYSTONE files, they are sent whole.
    pub past_whole_file_threshold: BTreeMap<String, usize>,
}

/// How many candidates a refusal lists unless told otherwise.
pub const DEFAULT_MAX_CANDIDATES: usize = 5;

impl Options {
    /// Options for `root` with the defaults of the command line.
    pub fn new(root: impl Into<PathBuf>) -> Options {
        Options {
            root: root.into(),
            dry_run: false,
            format: None,
            fuzz: crate::textmatch::DEFAULT_THRESHOLD,
            settings: Default::default(),
            approvals: Default::default(),
            events: None,
            max_candidates: DEFAULT_MAX_CANDIDATES,
            keystone_paths: Vec::new(),
            past_whole_file_threshold: BTreeMap::new(),
        }
    }

    /// The root, with the settings' path rules and the whole-file mandate.
    pub fn workspace(&self) -> Result<Workspace, Error> {
        let workspace =
            Workspace::new(&self.root)?.with_rules(&self.settings.deny_paths, &self.settings.allow_paths_write)?;
        let keystone: Vec<String> = self
            .settings
            .keystone_paths
            .iter()
            .chain(&self.keystone_paths)
            .cloned()
            .collect();
        let rule = WholeFileRule::new(
            workspace.root(),
            &keystone,
            self.past_whole_file_threshold.clone(),
            self.settings.whole_file_zones.whole_file_percent,
            self.settings.enforces_whole_file(),
        )?;
        Ok(workspace.with_whole_file(rule))
    }
}

/// The input formats saguaro reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Semantic,
    /// Proposed actions (README, "Proposed actions, policy and the workspace").
    Action,
    Applydiff,
    SearchReplace,
    Unified,
    Codex,
    /// Anthropic's text editor tool calls (`str_replace`, `insert`, `create`).
    TextEditor,
    /// The MCP filesystem server's `edit_file` calls.
    EditFile,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Applied,
    Rejected,
    DryRun,
}

#[derive(Debug, Clone, Serialize)]
pub struct FileChange {
    pub path: String,
    pub action: &'static str,
    pub sha256_before: String,
    pub sha256_after: String,
    /// A renamed file's old path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_path: Option<String>,
}

/// What one operation or hunk matched, in which file.
#[derive(Debug, Clone, Serialize)]
pub struct Match {
    /// The proposed action (index in the array) the match belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<usize>,
    pub file: String,
    #[serde(flatten)]
    pub matched: crate::edit::OpMatch,
}

/// The answer of one apply.
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    pub status: Status,
    pub files: Vec<FileChange>,
    pub matches: Vec<Match>,
    pub errors: Vec<Error>,
    /// What went through but deserves a look (a stale base kept or marked by on_conflict).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<Error>,
    /// The commands proposed actions ran, after every file was written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub commands: Vec<CommandRun>,
    pub diff: String,
    /// The Impact Report (`impact::ImpactReport`), with `--impact`. Kept as its JSON: the
    /// report is made on a floor above this one, by whoever asked for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub impact: Option<serde_json::Value>,
    /// The `[SESSION CONTEXT]` block, when the apply is part of a session (`--session`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_context: Option<String>,
    /// A rename's references, renamed and left (`saguaro rename`, INTERFACE.md §5).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub renamed: Option<crate::rename::Renamed>,
}

impl Answer {
    /// The answer to an apply that went through (or would, on a dry run).
    pub fn done(dry_run: bool, files: Vec<FileChange>, matches: Vec<Match>, diff: String) -> Answer {
        let status = if dry_run { Status::DryRun } else { Status::Applied };
        Answer {
            status,
            files,
            matches,
            errors: Vec::new(),
            notices: Vec::new(),
            commands: Vec::new(),
            impact: None,
            diff,
            session_context: None,
            renamed: None,
        }
    }

    /// The answer to an apply refused with several errors.
    pub fn rejected_all(errors: Vec<Error>) -> Answer {
        Answer {
            status: Status::Rejected,
            files: Vec::new(),
            matches: Vec::new(),
            errors,
            notices: Vec::new(),
            commands: Vec::new(),
            impact: None,
            diff: String::new(),
            session_context: None,
            renamed: None,
        }
    }

    /// The answer to an apply refused before it got anywhere.
    pub fn rejected(error: Error) -> Answer {
        Answer::rejected_all(vec![error])
    }

    /// 0 applied (or would apply), else the most severe error's status (1 refused, 2 the
    /// input could not be read or parsed).
    pub fn exit_status(&self) -> i32 {
        match self.status {
            Status::Applied | Status::DryRun => 0,
            Status::Rejected => self.errors.iter().map(|e| e.code.exit_status()).max().unwrap_or(1),
        }
    }
}

/// How one command of a proposed action went.
#[derive(Debug, Clone, Serialize)]
pub struct CommandRun {
    pub action: usize,
    pub argv: Vec<String>,
    /// `ok` (exit 0), `failed`, `timed_out` (killed) or `not_started`.
    pub status: &'static str,
    pub exit_code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub duration_ms: u64,
}

/// Stages `input` in `format` — a semantic patch, a text patch or agents' edit calls; not
/// proposed actions, whose stages are `action`'s — in `tx`. Returns what each operation or
/// hunk matched, and whether the patch itself asks for a dry run (`edit_file`'s `dryRun`).
pub fn stage_format(
    input: &str,
    format: Format,
    tx: &mut Transaction,
    options: &Options,
) -> Result<(Vec<Match>, bool), Vec<Error>> {
    let text_format = match format {
        Format::Semantic => return Ok((stage_semantic(&parse_semantic(input)?, tx)?, false)),
        Format::Action => return Err(vec![Error::internal("proposed actions are staged by `action`")]),
        Format::TextEditor | Format::EditFile => {
            let parsed = calls::parse(input, format)?;
            return Ok((calls::stage(&parsed, tx, options.fuzz)?, parsed.dry_run));
        }
        Format::Applydiff => TextFormat::Applydiff,
        Format::SearchReplace => TextFormat::SearchReplace,
        Format::Unified => TextFormat::Unified,
        Format::Codex => TextFormat::Codex,
    };
    Ok((text::stage(input, text_format, tx, options.fuzz)?, false))
}

/// Which format `input` is in, from its first characters.
pub fn detect(input: &str) -> Result<Format, Error> {
    let trimmed = input.trim_start();
    if trimmed.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidFormat,
            "the patch is empty",
            "send a semantic patch: {\"type\": \"patch\", ...}",
        ));
    }
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        use crate::textpatch::calls::{self, CallFormat};
        if let Some(found) = serde_json::from_str::<serde_json::Value>(input)
            .ok()
            .and_then(|v| calls::detect(&v))
        {
            return Ok(match found {
                CallFormat::TextEditor => Format::TextEditor,
                CallFormat::EditFile => Format::EditFile,
            });
        }
    }
    if trimmed.starts_with('[') {
        return Ok(Format::Action);
    }
    if trimmed.starts_with('{') {
        // A proposed action has a `kind`; a semantic patch a `type`.
        let is_action = serde_json::from_str::<serde_json::Value>(input)
            .is_ok_and(|v| v.get("kind").is_some() && v.get("type").is_none());
        return Ok(if is_action { Format::Action } else { Format::Semantic });
    }
    match crate::textpatch::detect(input) {
        Some(TextFormat::Applydiff) => Ok(Format::Applydiff),
        Some(TextFormat::SearchReplace) => Ok(Format::SearchReplace),
        Some(TextFormat::Unified) => Ok(Format::Unified),
        Some(TextFormat::Codex) => Ok(Format::Codex),
        None => Err(Error::new(
            ErrorCode::InvalidFormat,
            "the patch is in no format saguaro reads",
            "send a semantic patch (JSON with \"type\": \"patch\"), an ApplyDiff `>>> file:` block, SEARCH/REPLACE blocks, a unified diff or a Codex `*** Begin Patch`",
        )),
    }
}

/// The answer for what `tx` changes — files with their hashes, and the diff — committed
/// unless this is a dry run.
pub fn finish(tx: Transaction, matches: Vec<Match>, dry_run: bool) -> Result<Answer, Vec<Error>> {
    let mut files = Vec::new();
    let mut diff = String::new();
    fn text(bytes: Option<&[u8]>) -> Option<&str> {
        bytes.and_then(|b| std::str::from_utf8(b).ok())
    }
    let refused: Vec<Error> = tx
        .changes()
        .iter()
        .filter_map(|c| text(c.after).map(|after| verify::indentation(&c.path, text(c.before), after)))
        .filter_map(Result::err)
        .collect();
    if !refused.is_empty() {
        return Err(refused);
    }
    for change in tx.changes() {
        let old_path = change.renamed_from.as_deref().unwrap_or(&change.path);
        diff.push_str(&file_diff(old_path, &change.path, change.before, change.after));
        files.push(FileChange {
            path: change.path.clone(),
            action: change.action,
            sha256_before: change.before.map(workspace::sha256).unwrap_or_default(),
            sha256_after: change.after.map(workspace::sha256).unwrap_or_default(),
            old_path: change.renamed_from.clone(),
        });
    }
    // A file the patch addressed but left as it was: said distinctly, so that a caller
    // expecting a change does not read "applied" as "changed".
    let mut notices: Vec<Error> = Vec::new();
    for m in &matches {
        let changed = files
            .iter()
            .any(|f| f.path == m.file || f.old_path.as_deref() == Some(m.file.as_str()));
        if !changed && !notices.iter().any(|n| n.file.as_deref() == Some(m.file.as_str())) {
            let notice = Error::new(
                ErrorCode::Unchanged,
                format!(
                    "{} already reads as the patch would leave it; nothing was written to it",
                    m.file
                ),
                "nothing to do: the new code is already there (check that this is the file you meant)",
            )
            .in_file(&m.file);
            notices.push(match m.action {
                Some(action) => notice.at_action(action),
                None => notice,
            });
        }
    }
    if !dry_run {
        tx.commit()?;
    }
    let mut answer = Answer::done(dry_run, files, matches, diff);
    answer.notices = notices;
    Ok(answer)
}

/// One file's part of the answer's diff: a rename says so, bytes that are not text say
/// that they differ.
fn file_diff(old_path: &str, path: &str, before: Option<&[u8]>, after: Option<&[u8]>) -> String {
    let mut out = String::new();
    if old_path != path {
        out.push_str(&format!(
            "diff --git a/{old_path} b/{path}\nrename from {old_path}\nrename to {path}\n"
        ));
    }
    let text = |bytes: Option<&[u8]>| std::str::from_utf8(bytes.unwrap_or_default()).map(str::to_string);
    match (text(before), text(after)) {
        (Ok(b), Ok(a)) if b != a => {
            let from = if before.is_some() {
                format!("a/{old_path}")
            } else {
                "/dev/null".to_string()
            };
            let to = if after.is_some() {
                format!("b/{path}")
            } else {
                "/dev/null".to_string()
            };
            out.push_str(
                &similar::TextDiff::from_lines(&b, &a)
                    .unified_diff()
                    .context_radius(3)
                    .header(&from, &to)
                    .to_string(),
            );
        }
        (Ok(_), Ok(_)) => {}
        _ => out.push_str(&format!("Binary files a/{old_path} and b/{path} differ\n")),
    }
    out
}
