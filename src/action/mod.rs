//! Proposed actions (spec 001): what an agent proposes — patches in three formats, semantic
//! patches, file creation, renaming and deletion, commands — checked against
//! `schemas/proposed_action.schema.json`, staged together in one transaction, weighed by
//! the policy, and then written all together or not at all.
//!
//! The pipeline of one apply: JSON in → schema → serde types → every action staged in
//! memory (matches known) → policy (risk, approvals) → commit → commands → answer and
//! events. `handoff`, `plan_patch` and `agenda_patch` validate but are not carried out.

mod command;
mod conflict;
pub mod events;
pub mod policy;

use crate::edit::{Operation, SemanticPatch};
use crate::feedback::{Error, ErrorCode};
use crate::schema::{self, Contract};
use crate::settings::{FallbackStrategy, Settings};
use crate::stage::{self, Answer, Match, Options};
use crate::textmatch::Tier;
use crate::textpatch::{FileAction, FileChange, Hunk, TextFormat};
use crate::workspace::{self, Transaction, Workspace};
use base64::Engine as _;
use serde::Deserialize;

/// One proposed action: what it does (`kind` and `details`) and how it is weighed.
#[derive(Debug, Clone, Deserialize)]
#[serde(try_from = "RawAction")]
pub struct ProposedAction {
    pub id: Option<String>,
    pub title: Option<String>,
    pub action: Action,
    /// 0-3; unset, the kind's default (see [`policy::default_risk`]).
    pub risk: Option<u8>,
    pub requires_approval: Option<bool>,
    pub policy_tags: Vec<String>,
    pub approval_group: Option<ApprovalGroup>,
}

/// The action as it arrives: every field known (serde's `flatten`, which would pair
/// `kind` with `details`, cannot refuse unknown fields).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    title: Option<String>,
    kind: String,
    details: serde_json::Value,
    #[serde(default)]
    risk: Option<u8>,
    #[serde(default)]
    requires_approval: Option<bool>,
    #[serde(default)]
    policy_tags: Vec<String>,
    #[serde(default)]
    approval_group: Option<ApprovalGroup>,
}

impl TryFrom<RawAction> for ProposedAction {
    type Error = String;

    fn try_from(raw: RawAction) -> Result<Self, String> {
        let action: Action = serde_json::from_value(serde_json::json!({"kind": raw.kind, "details": raw.details}))
            .map_err(|e| e.to_string())?;
        Ok(ProposedAction {
            id: raw.id,
            title: raw.title,
            action,
            risk: raw.risk,
            requires_approval: raw.requires_approval,
            policy_tags: raw.policy_tags,
            approval_group: raw.approval_group,
        })
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApprovalGroup {
    pub id: String,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default)]
    pub size: Option<usize>,
}

/// The kinds, each with its details.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", content = "details", rename_all = "snake_case")]
pub enum Action {
    Patch(PatchDetails),
    SemanticPatch(SemanticDetails),
    FileCreate(FileCreate),
    FileRename(FileRename),
    FileDelete(FileDelete),
    Command(CommandDetails),
    Handoff(serde_json::Value),
    PlanPatch(serde_json::Value),
    AgendaPatch(serde_json::Value),
}

impl Action {
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Patch(_) => "patch",
            Action::SemanticPatch(_) => "semantic_patch",
            Action::FileCreate(_) => "file_create",
            Action::FileRename(_) => "file_rename",
            Action::FileDelete(_) => "file_delete",
            Action::Command(_) => "command",
            Action::Handoff(_) => "handoff",
            Action::PlanPatch(_) => "plan_patch",
            Action::AgendaPatch(_) => "agenda_patch",
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PatchFormat {
    #[default]
    Unified,
    SearchReplace,
    WholeFile,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnConflict {
    #[default]
    Fail,
    Ours,
    Theirs,
    Marker,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatchDetails {
    #[serde(default)]
    pub format: PatchFormat,
    #[serde(default)]
    pub path: Option<String>,
    /// The files a unified diff touches, as the proposer lists them (informational).
    #[serde(default)]
    pub files: Vec<String>,
    #[serde(default)]
    pub diff: Option<String>,
    #[serde(default)]
    pub search_replace_blocks: Vec<SearchReplaceBlock>,
    #[serde(default)]
    pub whole_file_content: Option<String>,
    #[serde(default)]
    pub base_file_sha256: Option<String>,
    #[serde(default)]
    pub fallback_strategy: Option<FallbackStrategy>,
    #[serde(default)]
    pub fuzzy_threshold: Option<f64>,
    #[serde(default)]
    pub on_conflict: OnConflict,
    /// Written by saguaro in events; ignored on input.
    #[serde(default)]
    pub match_confidence: Option<f64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchMode {
    #[default]
    Exact,
    Fuzzy,
    Regex,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchReplaceBlock {
    pub search: String,
    pub replace: String,
    #[serde(default)]
    pub file: Option<String>,
    #[serde(default)]
    pub match_mode: MatchMode,
    #[serde(default)]
    pub match_occurrence: Option<usize>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SemanticDetails {
    pub target_file: String,
    pub operations: Vec<Operation>,
    #[serde(default)]
    pub rationale: Option<String>,
    #[serde(default)]
    pub patch_id: Option<String>,
    #[serde(default, alias = "base_file_sha256")]
    pub base_sha256: Option<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub enum Encoding {
    #[default]
    #[serde(rename = "utf-8")]
    Utf8,
    #[serde(rename = "base64")]
    Base64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileCreate {
    pub path: String,
    pub content: String,
    #[serde(default)]
    pub encoding: Encoding,
    #[serde(default)]
    pub overwrite: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileRename {
    pub old_path: String,
    pub new_path: String,
    #[serde(default)]
    pub overwrite: bool,
    /// Rewrite the imports that name the file (a Python module, a TypeScript or
    /// JavaScript file) for its new place.
    #[serde(default)]
    pub update_imports: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileDelete {
    pub path: String,
    #[serde(default)]
    pub expected_sha256: Option<String>,
    #[serde(default)]
    pub recursive: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandDetails {
    pub argv: Vec<String>,
    #[serde(default)]
    pub cwd: Option<String>,
    #[serde(default)]
    pub timeout_seconds: Option<f64>,
    #[serde(default)]
    pub env: std::collections::BTreeMap<String, String>,
}

/// Parses and checks proposed actions: the schema first (its refusals carry JSON
/// pointers), then the serde types.
pub fn parse(input: &str) -> Result<Vec<ProposedAction>, Vec<Error>> {
    let value: serde_json::Value = serde_json::from_str(input).map_err(|e| {
        vec![Error::new(
            ErrorCode::InvalidFormat,
            format!("the proposed action is not JSON: {e}"),
            r#"send {"kind": "...", "details": {...}} or an array of them"#,
        )]
    })?;
    schema::validate(Contract::ProposedAction, &value)?;
    let items = match value {
        serde_json::Value::Array(items) => items,
        one => vec![one],
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            serde_json::from_value::<ProposedAction>(item).map_err(|e| {
                vec![Error::new(
                    ErrorCode::InvalidFormat,
                    format!("action {i} does not read: {e}"),
                    format!("see {} for the fields and their forms", Contract::ProposedAction.file()),
                )
                .at_action(i)]
            })
        })
        .collect()
}

/// What staging one action came to.
#[derive(Debug, Clone, Default)]
struct Staged {
    /// Some placement needed the fuzzy tier.
    fuzzy: bool,
    /// on_conflict kept the file, or wrote conflict markers: a notice for the answer.
    notice: Option<Error>,
    /// on_conflict=ours left the file as it was: the action was skipped.
    kept: bool,
}

/// Applies proposed actions (`input` is their JSON) under `options`.
pub fn apply(input: &str, options: &Options) -> Answer {
    let actions = match parse(input) {
        Ok(actions) => actions,
        Err(errors) => return Answer::rejected_all(errors),
    };
    let mut log = events::Log::new(options.events.clone());
    for (i, action) in actions.iter().enumerate() {
        log.proposed(i, action);
    }
    let mut answer = run(&actions, options, &mut log);
    log.finished(&actions, &mut answer);
    answer
}

fn run(actions: &[ProposedAction], options: &Options, log: &mut events::Log) -> Answer {
    let mut tx = match options.workspace() {
        Ok(w) => Transaction::new(w),
        Err(e) => return Answer::rejected(e),
    };
    let mut matches: Vec<Match> = Vec::new();
    let staged = match stage_each(actions, &mut tx, &options.settings, &mut matches, &mut |i, tx| {
        log.touched(i, tx.changes().iter().map(|c| c.path.clone()).collect())
    }) {
        Ok(staged) => staged,
        Err(errors) => return Answer::rejected_all(errors),
    };
    for (i, _) in staged.iter().enumerate().filter(|(_, s)| s.kept) {
        log.kept(i);
    }
    let refusals = policy::refusals(actions, &staged.iter().map(|s| s.fuzzy).collect::<Vec<_>>(), options);
    if !refusals.is_empty() {
        return Answer::rejected_all(refusals);
    }
    let mut answer = match stage::finish(tx, matches, options.dry_run) {
        Ok(answer) => answer,
        Err(errors) => return Answer::rejected_all(errors),
    };
    answer.notices.extend(
        staged
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.notice.clone().map(|n| n.at_action(i))),
    );
    if !options.dry_run {
        for (i, proposed) in actions.iter().enumerate() {
            if let Action::Command(details) = &proposed.action {
                let run = command::run(i, details, options);
                log.command(i, proposed, &run);
                answer.commands.push(run);
            }
        }
    }
    answer
}

/// Stages every action in `tx` (for the Impact Report: no policy, no commands run).
pub fn stage_all(
    actions: &[ProposedAction],
    tx: &mut Transaction,
    settings: &Settings,
) -> Result<Vec<Match>, Vec<Error>> {
    let mut matches = Vec::new();
    stage_each(actions, tx, settings, &mut matches, &mut |_, _| {})?;
    Ok(matches)
}

/// Stages the actions in order; `after` sees the transaction once each is staged. A
/// refused action does not stop the others: the answer names every refusal, so that an
/// agent sending three actions learns of all their errors in one round trip.
fn stage_each(
    actions: &[ProposedAction],
    tx: &mut Transaction,
    settings: &Settings,
    matches: &mut Vec<Match>,
    after: &mut dyn FnMut(usize, &Transaction),
) -> Result<Vec<Staged>, Vec<Error>> {
    let mut staged = Vec::new();
    let mut errors = Vec::new();
    for (i, proposed) in actions.iter().enumerate() {
        let before = matches.len();
        match stage(&proposed.action, tx, settings, matches) {
            Ok(mut s) => {
                for m in &mut matches[before..] {
                    m.action = Some(i);
                }
                s.fuzzy = matches[before..].iter().any(|m| m.matched.strategy == "fuzzy");
                staged.push(s);
                after(i, tx);
            }
            Err(e) => {
                matches.truncate(before);
                errors.extend(e.into_iter().map(|e| e.at_action(i)));
            }
        }
    }
    if errors.is_empty() {
        Ok(staged)
    } else {
        Err(errors)
    }
}

/// Stages one action in `tx`, adding what it matched to `matches`.
fn stage(
    action: &Action,
    tx: &mut Transaction,
    settings: &Settings,
    matches: &mut Vec<Match>,
) -> Result<Staged, Vec<Error>> {
    match action {
        Action::Patch(details) => stage_patch(details, tx, settings, matches),
        other => stage_other(other, tx, matches).map_err(Into::into),
    }
}

/// Stages an action that is not a text patch.
fn stage_other(action: &Action, tx: &mut Transaction, matches: &mut Vec<Match>) -> Result<Staged, Error> {
    match action {
        Action::Patch(_) => unreachable!("text patches are staged by stage_patch"),
        Action::SemanticPatch(details) => {
            let patch = SemanticPatch {
                kind: "patch".to_string(),
                target_file: details.target_file.clone(),
                operations: details.operations.clone(),
                rationale: details.rationale.clone(),
                base_sha256: details.base_sha256.clone(),
                patch_id: details.patch_id.clone(),
            };
            matches.extend(stage::stage_semantic(&patch, tx)?);
            Ok(Staged::default())
        }
        Action::FileCreate(details) => {
            let bytes = match details.encoding {
                Encoding::Utf8 => details.content.clone().into_bytes(),
                Encoding::Base64 => base64::engine::general_purpose::STANDARD
                    .decode(details.content.trim())
                    .map_err(|e| {
                        Error::new(
                            ErrorCode::InvalidFormat,
                            format!("the base64 content of `{}` does not decode: {e}", details.path),
                            "encode the bytes with standard base64 (RFC 4648, with padding)",
                        )
                    })?,
            };
            if tx.is_dir(&details.path) {
                return Err(exists(&details.path, "is a directory"));
            }
            if tx.read(&details.path)?.is_some() && !details.overwrite {
                return Err(exists(&details.path, "already exists"));
            }
            tx.write(&details.path, bytes)?;
            Ok(Staged::default())
        }
        Action::FileRename(details) => {
            if tx.read(&details.old_path)?.is_none() {
                return Err(missing(&details.old_path, "cannot be renamed"));
            }
            if Workspace::shown(&details.old_path) == Workspace::shown(&details.new_path) {
                return Err(Error::new(
                    ErrorCode::InvalidFormat,
                    format!("`{}` would be renamed to itself", details.old_path),
                    "give a different new_path",
                ));
            }
            if tx.is_dir(&details.new_path) {
                return Err(exists(&details.new_path, "is a directory"));
            }
            if tx.read(&details.new_path)?.is_some() && !details.overwrite {
                return Err(exists(&details.new_path, "already exists"));
            }
            if details.update_imports {
                crate::rename::module::stage_move(tx, &details.old_path, &details.new_path)
                    .map_err(|mut errors| errors.remove(0))?;
            } else {
                tx.rename(&details.old_path, &details.new_path)?;
            }
            Ok(Staged::default())
        }
        Action::FileDelete(details) => {
            if tx.is_dir(&details.path) {
                if !details.recursive {
                    return Err(Error::new(
                        ErrorCode::PathRejected,
                        format!("`{}` is a directory", details.path),
                        "set \"recursive\": true to delete it with everything in it",
                    )
                    .in_file(Workspace::shown(&details.path)));
                }
                tx.remove_dir(&details.path)?;
                return Ok(Staged::default());
            }
            let Some(current) = tx.read(&details.path)? else {
                return Err(missing(&details.path, "cannot be deleted"));
            };
            if let Some(expected) = &details.expected_sha256 {
                let actual = workspace::sha256(current);
                if !expected.eq_ignore_ascii_case(&actual) {
                    return Err(stale(
                        &details.path,
                        &actual,
                        expected,
                        "read the file again before deleting it",
                    ));
                }
            }
            tx.remove(&details.path)?;
            Ok(Staged::default())
        }
        Action::Command(details) => {
            if let Some(cwd) = &details.cwd {
                if !tx.is_dir(cwd) {
                    return Err(Error::new(
                        ErrorCode::FileMissing,
                        format!("the command's cwd `{cwd}` is not a directory under the root"),
                        "give a directory relative to --root, or leave cwd out to run at the root",
                    ));
                }
            }
            Ok(Staged::default())
        }
        Action::Handoff(_) | Action::PlanPatch(_) | Action::AgendaPatch(_) => Err(Error::new(
            ErrorCode::NotExecutable,
            format!("a `{}` action is valid but not executable by saguaro", action.kind()),
            "hand it to the agent runtime that handles it, and send saguaro the other actions without it",
        )),
    }
}

fn exists(path: &str, what: &str) -> Error {
    Error::new(
        ErrorCode::FileExists,
        format!("`{}` {what}", Workspace::shown(path)),
        "set \"overwrite\": true to replace it, or choose another path",
    )
    .in_file(Workspace::shown(path))
}

fn missing(path: &str, what: &str) -> Error {
    Error::new(
        ErrorCode::FileMissing,
        format!("`{}` does not exist and {what}", Workspace::shown(path)),
        "check the path; it is relative to --root",
    )
    .in_file(Workspace::shown(path))
}

fn stale(path: &str, actual: &str, expected: &str, hint: &str) -> Error {
    Error::new(
        ErrorCode::StaleBase,
        format!(
            "`{}` has changed since the action was made (sha256 {actual}, the action expects {expected})",
            Workspace::shown(path)
        ),
        hint,
    )
    .in_file(Workspace::shown(path))
}

/// Stages a `patch` action: its base checked (and on_conflict obeyed), its text placed
/// with the tiers its fallback strategy allows.
fn stage_patch(
    details: &PatchDetails,
    tx: &mut Transaction,
    settings: &Settings,
    matches: &mut Vec<Match>,
) -> Result<Staged, Vec<Error>> {
    let strategy = details
        .fallback_strategy
        .or(settings.fuzzy.fallback_strategy)
        .unwrap_or(FallbackStrategy::None);
    let threshold = details
        .fuzzy_threshold
        .or(settings.fuzzy.threshold)
        .unwrap_or(crate::textmatch::DEFAULT_THRESHOLD);
    let changes = patch_changes(details, strategy)?;
    let base_conflict = match &details.base_file_sha256 {
        Some(expected) => {
            let path = base_path(details, &changes)?;
            let current = tx.read(&path)?.map(workspace::sha256).unwrap_or_default();
            (!expected.eq_ignore_ascii_case(&current)).then(|| (path, current, expected.clone()))
        }
        None => None,
    };
    let Some((path, current, expected)) = base_conflict else {
        stage_changes(&changes, tx, threshold, matches)?;
        return Ok(Staged::default());
    };
    let noticed = |what: &str| {
        Error::new(
            ErrorCode::StaleBase,
            format!(
                "`{}` changed since the patch was made (sha256 {current}, the patch expects {expected}); {what}",
                Workspace::shown(&path)
            ),
            "read the file to check the outcome",
        )
        .in_file(Workspace::shown(&path))
    };
    match details.on_conflict {
        OnConflict::Fail => Err(stale(
            &path,
            &current,
            &expected,
            "read the file again and remake the patch, or set on_conflict to ours, theirs or marker",
        )
        .into()),
        OnConflict::Ours => Ok(Staged {
            fuzzy: false,
            notice: Some(noticed("on_conflict=ours kept the file as it is")),
            kept: true,
        }),
        OnConflict::Theirs => {
            stage_changes(&changes, tx, threshold, matches).map_err(|errors| {
                errors
                    .into_iter()
                    .map(|e| match e.code {
                        ErrorCode::NoMatch | ErrorCode::AmbiguousMatch => conflict(&path, "theirs", &e),
                        _ => e,
                    })
                    .collect::<Vec<_>>()
            })?;
            Ok(Staged {
                fuzzy: false,
                notice: Some(noticed("on_conflict=theirs wrote the patch's side")),
                kept: false,
            })
        }
        OnConflict::Marker => {
            let marked = conflict::mark(&changes, tx, threshold, matches).map_err(|e| match e.code {
                // Not a conflict: the file is sent whole whatever its base.
                ErrorCode::WholeFileRequired => e,
                _ => conflict(&path, "marker", &e),
            })?;
            Ok(Staged {
                fuzzy: false,
                notice: Some(noticed(&format!(
                    "on_conflict=marker wrote {marked} conflict region(s) between `<<<<<<< current` and `>>>>>>> patch`"
                ))),
                kept: false,
            })
        }
    }
}

fn conflict(path: &str, strategy: &str, cause: &Error) -> Error {
    Error::new(
        ErrorCode::Conflict,
        format!(
            "`{}` changed since the patch was made and on_conflict={strategy} cannot place it: {}",
            Workspace::shown(path),
            cause.message
        ),
        "read the file again and remake the patch against its current content",
    )
    .in_file(Workspace::shown(path))
    .with_candidates(cause.candidates.clone())
}

/// The one file `base_file_sha256` is about.
fn base_path(details: &PatchDetails, changes: &[PatchChange]) -> Result<String, Error> {
    if let Some(path) = &details.path {
        return Ok(path.clone());
    }
    let mut paths: Vec<&str> = changes.iter().map(|c| c.path()).collect();
    paths.dedup();
    match paths.as_slice() {
        [one] => Ok(one.to_string()),
        _ => Err(Error::new(
            ErrorCode::InvalidFormat,
            "base_file_sha256 names one file's content, and this patch touches several",
            "give `path` for the file the hash is of, or split the patch per file",
        )),
    }
}

/// One file's share of a patch action.
#[derive(Debug, Clone)]
enum PatchChange {
    /// A file change in the text model, and the format whose conventions it follows.
    Text(FileChange, TextFormat),
    /// A regex search/replace block, applied to the file as the earlier changes leave it.
    Regex(RegexBlock),
}

#[derive(Debug, Clone)]
struct RegexBlock {
    path: String,
    regex: regex::Regex,
    replace: String,
    occurrence: Option<usize>,
}

impl RegexBlock {
    /// Stages the block as operation `operation` of its action; returns its match.
    fn stage(&self, tx: &mut Transaction, operation: usize) -> Result<Match, Error> {
        let lines = regex_replace(tx, &self.path, &self.regex, &self.replace, self.occurrence)
            .map_err(|e| e.at_operation(operation))?;
        Ok(Match {
            action: None,
            file: Workspace::shown(&self.path),
            matched: crate::edit::OpMatch::new(
                operation,
                crate::edit::OpKind::Replace,
                String::new(),
                "regex",
                1.0,
                lines,
            ),
        })
    }
}

impl PatchChange {
    fn path(&self) -> &str {
        match self {
            PatchChange::Text(change, _) => &change.path,
            PatchChange::Regex(block) => &block.path,
        }
    }
}

/// The patch's changes, in the hunk model the text appliers share.
fn patch_changes(details: &PatchDetails, strategy: FallbackStrategy) -> Result<Vec<PatchChange>, Error> {
    let required = |field: &str| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("this patch format needs `{field}`"),
            format!("see {}", Contract::ProposedAction.file()),
        )
    };
    match details.format {
        PatchFormat::Unified => {
            let diff = details.diff.as_deref().ok_or_else(|| required("diff"))?;
            let mut changes = crate::textpatch::parse(diff, TextFormat::Unified)?;
            for change in &mut changes {
                if let FileAction::Update(hunks) = &mut change.action {
                    for hunk in hunks {
                        hunk.last_tier = Some(strategy.last_tier());
                    }
                }
            }
            Ok(changes
                .into_iter()
                .map(|c| PatchChange::Text(c, TextFormat::Unified))
                .collect())
        }
        PatchFormat::WholeFile => {
            let path = details.path.clone().ok_or_else(|| required("path"))?;
            let content = details
                .whole_file_content
                .clone()
                .ok_or_else(|| required("whole_file_content"))?;
            Ok(vec![PatchChange::Text(
                FileChange::new(path, FileAction::Replace(content)),
                TextFormat::SearchReplace,
            )])
        }
        PatchFormat::SearchReplace => {
            let mut out: Vec<PatchChange> = Vec::new();
            for (i, block) in details.search_replace_blocks.iter().enumerate() {
                let path = block
                    .file
                    .clone()
                    .or_else(|| details.path.clone())
                    .ok_or_else(|| required("path").at_operation(i))?;
                if block.match_mode == MatchMode::Regex {
                    let regex = regex::RegexBuilder::new(&block.search)
                        .multi_line(true)
                        .size_limit(1 << 20)
                        .build()
                        .map_err(|e| {
                            Error::new(
                                ErrorCode::InvalidFormat,
                                format!("block {i}'s regex does not compile: {e}"),
                                "use Rust regex syntax (no look-around or backreferences); `$1` or `${name}` in replace",
                            )
                            .at_operation(i)
                        })?;
                    out.push(PatchChange::Regex(RegexBlock {
                        path,
                        regex,
                        replace: block.replace.clone(),
                        occurrence: block.match_occurrence,
                    }));
                    continue;
                }
                let mut hunk = Hunk::literal(&block.search, &block.replace, false);
                hunk.occurrence = block.match_occurrence;
                hunk.last_tier = Some(match block.match_mode {
                    MatchMode::Fuzzy => Tier::Fuzzy,
                    _ => strategy.last_tier(),
                });
                // Consecutive blocks on one file are placed together, against the file as
                // the patch found it.
                match out.last_mut() {
                    Some(PatchChange::Text(
                        FileChange {
                            path: last,
                            action: FileAction::Update(hunks),
                            ..
                        },
                        _,
                    )) if *last == path => hunks.push(hunk),
                    _ => out.push(PatchChange::Text(
                        FileChange::new(path, FileAction::Update(vec![hunk])),
                        TextFormat::SearchReplace,
                    )),
                }
            }
            Ok(out)
        }
    }
}

/// Stages a patch action's changes, going on past a refused one so that every refusal is
/// reported.
fn stage_changes(
    changes: &[PatchChange],
    tx: &mut Transaction,
    threshold: f64,
    matches: &mut Vec<Match>,
) -> Result<(), Vec<Error>> {
    // Hunks and blocks are numbered across the whole action.
    let mut numbered = 0;
    let mut errors = Vec::new();
    for change in changes {
        match change {
            PatchChange::Text(change, format) => {
                if let Err(e) = stage::text::stage_change(change, *format, tx, threshold, numbered, matches) {
                    errors.extend(e);
                }
                numbered += change_count(change);
            }
            PatchChange::Regex(block) => {
                match block.stage(tx, numbered) {
                    Ok(m) => matches.push(m),
                    Err(e) => errors.push(e),
                }
                numbered += 1;
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// How many numbered hunks or blocks a file change holds (a whole file is one block).
fn change_count(change: &FileChange) -> usize {
    match &change.action {
        FileAction::Update(hunks) | FileAction::CopyFrom(_, hunks) => hunks.len(),
        _ => 1,
    }
}

/// Replaces one regex match (the only one, or `occurrence`) in the file as staged; returns
/// the lines it now spans.
fn regex_replace(
    tx: &mut Transaction,
    path: &str,
    regex: &regex::Regex,
    replace: &str,
    occurrence: Option<usize>,
) -> Result<(usize, usize), Error> {
    let shown = Workspace::shown(path);
    let text = tx.read_text(path)?.ok_or_else(|| missing(path, "cannot be searched"))?;
    tx.workspace().check_context_edit(path)?;
    let found: Vec<regex::Captures> = regex.captures_iter(&text).collect();
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let candidates = || {
        found
            .iter()
            .map(|c| crate::feedback::Candidate {
                line: line_of(c.get(0).map_or(0, |m| m.start())),
                path: None,
                kind: None,
                confidence: Some(1.0),
            })
            .collect::<Vec<_>>()
    };
    let chosen = match (found.len(), occurrence) {
        (0, _) => {
            return Err(Error::new(
                ErrorCode::NoMatch,
                format!("the regex `{}` matches nowhere in `{shown}`", regex.as_str()),
                "read the file again; the pattern runs in multi-line mode (`^`/`$` match at line ends)",
            )
            .in_file(&shown))
        }
        (1, None | Some(1)) => &found[0],
        (n, None) => {
            return Err(Error::new(
                ErrorCode::AmbiguousMatch,
                format!("the regex `{}` matches {n} places in `{shown}`", regex.as_str()),
                "make the pattern match one place only, or say which with match_occurrence (1 = first)",
            )
            .in_file(&shown)
            .with_candidates(candidates()))
        }
        (n, Some(k)) if k > n => {
            return Err(Error::new(
                ErrorCode::NoMatch,
                format!("match_occurrence is {k} but the regex matches {n} time(s) in `{shown}`"),
                "count the occurrences again (1 is the first in the file)",
            )
            .in_file(&shown)
            .with_candidates(candidates()))
        }
        (_, Some(k)) => &found[k - 1],
    };
    let whole = chosen.get(0).expect("group 0 is the whole match");
    let mut replacement = String::new();
    chosen.expand(replace, &mut replacement);
    let start_line = line_of(whole.start());
    let end_line = start_line + replacement.matches('\n').count();
    let new = format!("{}{}{}", &text[..whole.start()], replacement, &text[whole.end()..]);
    tx.write(path, new.into_bytes())?;
    Ok((start_line, end_line))
}
