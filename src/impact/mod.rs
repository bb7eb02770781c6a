//! The Impact Report (spec 000 §2): what a patch would break, before anything is written.
//!
//! The patch is planned in memory ([`crate::plan::plan`]); each touched file's old and new
//! definitions are compared by name path ([`breakage`]) through their signatures
//! ([`signature`]); the calls of what changed are found across the root and checked
//! against the new signatures ([`callsites`]); history says how volatile the files are
//! ([`volatility`]); the new text is re-parsed and the configured linter and tests run in
//! a scratch copy ([`verify`]). The report keeps 000's field names and adds structured
//! detail beside them (`schemas/impact_report.schema.json`).

pub mod breakage;
pub mod callsites;
pub mod peers;
pub use crate::symbols::signature;
pub mod verify;
pub mod volatility;

use crate::feedback::Error;
use crate::lang::Registry;
use crate::plan;
use crate::source::SourceText;
use crate::stage::Options;
use crate::symbols::SymbolIndex;
use breakage::{ChangedDefinition, Severity};
use callsites::{Callsite, Confidence, Source};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One changed definition whose callers can break.
#[derive(Debug, Clone, Serialize)]
pub struct BreakingChange {
    pub severity: Severity,
    pub description: String,
    /// The breaking callsites as `path:line`.
    pub locations: Vec<String>,
    /// The most severe breakage's id (`parameter_added_required`, ...); `kinds` has all.
    pub kind: &'static str,
    pub kinds: Vec<&'static str>,
    pub symbol: String,
    pub file: String,
    /// The calls this change breaks, each with its confidence tier.
    pub callsites: Vec<Callsite>,
    /// The calls it breaks in documentation code (doc-tests, doctests): the build does not
    /// check them, the tests do.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub doc_callsites: Vec<Callsite>,
    /// The calls it breaks in code the checked configuration leaves out (`#[cfg(...)]`
    /// off: another feature set, target or compiler): other builds break there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conditional_callsites: Vec<Callsite>,
    /// The calls it breaks in meaning only: they still type-check, but an argument now goes
    /// to another parameter than before (one inserted or removed ahead of it). No checker
    /// reports them, so they are listed apart; the gate refuses them like any other.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shifted_callsites: Vec<Callsite>,
    /// Calls that still fit the new signature.
    pub affected_callsites: Vec<Callsite>,
    /// Each breakage apart, with griffe's and cargo-semver-checks' names for it.
    pub findings: Vec<peers::Finding>,
}

#[derive(Debug, Clone, Serialize)]
pub struct VerificationStatus {
    pub syntax: &'static str,
    pub linter: &'static str,
    pub tests: &'static str,
    pub details: BTreeMap<&'static str, verify::Check>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ImpactReport {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub patch_id: String,
    pub risk_score: f64,
    /// The formula's terms, in one sentence.
    pub risk_explanation: String,
    pub breaking_changes: Vec<BreakingChange>,
    pub volatility_prediction: volatility::Prediction,
    pub verification_status: VerificationStatus,
    /// The files the patch touches.
    pub files: Vec<String>,
    /// Some placement of the patch needed the fuzzy tier.
    pub fuzzy_match: bool,
}

impl BreakingChange {
    /// The calls of the checked build it leaves broken: those a checker rejects and those
    /// that still type-check but mean something else.
    pub fn broken_calls(&self) -> impl Iterator<Item = &Callsite> {
        self.callsites.iter().chain(&self.shifted_callsites)
    }
}

impl ImpactReport {
    /// The most severe breakage, if any.
    pub fn worst(&self) -> Option<Severity> {
        self.breaking_changes.iter().map(|b| b.severity).max()
    }

    /// The refusal of a patch that breaks callers (`apply --impact --gate`): breakages at
    /// `least` or above with callsites left broken. A change whose callers the same patch
    /// updates goes through, as the refusal's hint promises (and as `check` judges it).
    pub fn gate(&self, least: Severity) -> Option<Error> {
        let worst: Vec<String> = self
            .breaking_changes
            .iter()
            .filter(|c| c.severity >= least && c.broken_calls().next().is_some())
            .map(|c| format!("{} ({}; {} callsite(s))", c.symbol, c.kind, c.broken_calls().count()))
            .collect();
        if worst.is_empty() {
            return None;
        }
        Some(Error::new(
            crate::feedback::ErrorCode::BreakingChange,
            format!("the patch breaks callers: {}", worst.join(", ")),
            "update the callsites the report lists in the same patch, keep the old signature working (a default, a wrapper), or apply without the gate",
        ))
    }
}

/// The report for `input` (any format `apply` reads), nothing written.
pub fn report(input: &str, options: &Options) -> Result<ImpactReport, Vec<Error>> {
    report_over(input, options, None)
}

/// [`report`], with the root's files as a long-lived caller keeps them (`warm`: the MCP
/// server, `saguaro daemon`), so only what changed on disk or in the patch is parsed again.
pub fn report_over(
    input: &str,
    options: &Options,
    warm: Option<&crate::refs::project::Project>,
) -> Result<ImpactReport, Vec<Error>> {
    let planned = plan::plan(input, options)?;
    let tx = &planned.transaction;
    let root = tx.workspace().root().to_path_buf();
    let changes = tx.changes();
    let text = |bytes: Option<&[u8]>| bytes.and_then(|b| std::str::from_utf8(b).ok()).map(str::to_string);
    let files: Vec<FileChange> = changes
        .iter()
        .map(|c| FileChange {
            path: c.path.clone(),
            renamed_from: c.renamed_from.clone(),
            before: text(c.before),
            after: text(c.after),
        })
        .collect();
    let owned = changed_definitions(&files);
    // The root as the patch would leave it, lines mapped back to the tree as it is.
    let overrides: BTreeMap<String, Option<String>> = files.iter().map(|f| (f.path.clone(), f.after.clone())).collect();
    let line_maps: BTreeMap<String, Vec<Option<usize>>> = files
        .iter()
        .filter_map(|f| {
            Some((
                f.path.clone(),
                callsites::line_map(f.before.as_deref()?, f.after.as_deref()?),
            ))
        })
        .collect();
    let sources = match warm {
        Some(project) => sources_over(project, &overrides, &line_maps),
        None => sources(&root, &overrides, &line_maps),
    };
    let calls = callsites::find(&root, sources, &owned, warm);
    let mut breaking_changes = Vec::new();
    for def in &owned {
        let (breaks, fits): (Vec<Callsite>, Vec<Callsite>) = calls
            .iter()
            .filter(|c| c.symbol == def.path)
            .cloned()
            .partition(|c| c.breaks.at_all());
        let (doc_breaks, breaks): (Vec<Callsite>, Vec<Callsite>) = breaks.into_iter().partition(|c| c.in_doc);
        let (conditional_breaks, breaks): (Vec<Callsite>, Vec<Callsite>) =
            breaks.into_iter().partition(|c| c.conditional.is_some());
        let (shifted_breaks, breaks): (Vec<Callsite>, Vec<Callsite>) = breaks
            .into_iter()
            .partition(|c| c.breaks == callsites::Breaks::InMeaning);
        let mut kinds: Vec<&'static str> = def.breakages.iter().map(|b| b.kind).collect();
        kinds.dedup();
        let worst = def
            .breakages
            .iter()
            .max_by_key(|b| b.severity)
            .expect("a breaking change has a breakage");
        let mut description = def
            .breakages
            .iter()
            .map(|b| b.description.clone())
            .collect::<Vec<_>>()
            .join("; ");
        if !breaks.is_empty() {
            let files: BTreeSet<&str> = breaks.iter().map(|c| c.path.as_str()).collect();
            description.push_str(&format!(
                ": breaks {} callsite(s) in {} file(s)",
                breaks.len(),
                files.len()
            ));
        }
        // The calls listed apart, each said after the ones the build rejects.
        let apart = [
            (
                conditional_breaks.len(),
                "{n} call(s) only other configurations build (`#[cfg]`)",
            ),
            (doc_breaks.len(), "{n} call(s) in documentation code (doc-tests)"),
            (
                shifted_breaks.len(),
                "the meaning of {n} call(s) that still type-check (their arguments go to other parameters now)",
            ),
        ];
        for (n, what) in apart.into_iter().filter(|(n, _)| *n > 0) {
            let joined = if breaks.is_empty() { ": breaks" } else { ", and" };
            description.push_str(&format!("{joined} {}", what.replace("{n}", &n.to_string())));
        }
        breaking_changes.push(BreakingChange {
            severity: worst.severity,
            description,
            locations: breaks.iter().map(|c| format!("{}:{}", c.path, c.line)).collect(),
            kind: worst.kind,
            kinds,
            symbol: def.path.clone(),
            file: def.file.clone(),
            callsites: breaks,
            doc_callsites: doc_breaks,
            conditional_callsites: conditional_breaks,
            shifted_callsites: shifted_breaks,
            affected_callsites: fits,
            findings: def
                .breakages
                .iter()
                .map(|b| {
                    let language = Registry::global().for_path(&def.file).map_or("", |l| l.name.as_str());
                    peers::finding(def, b, language)
                })
                .collect(),
        });
    }
    // History and verification.
    let touched: Vec<(String, usize)> = files
        .iter()
        .map(|f| (f.path.clone(), f.before.as_deref().map_or(0, |b| b.lines().count())))
        .collect();
    let volatility = volatility::predict(&root, &touched);
    let verified: Vec<verify::Changed<'_>> = files
        .iter()
        .map(|f| verify::Changed {
            path: &f.path,
            before: f.before.as_deref(),
            after: f.after.as_deref(),
        })
        .collect();
    let syntax = verify::syntax(&verified);
    let (linter, tests) = verify::commands(&root, &verified, &options.settings);
    let fuzzy = planned.matches.iter().any(|m| m.matched.strategy == "fuzzy");
    let (risk_score, risk_explanation) = risk(
        &breaking_changes,
        fuzzy,
        volatility.churn_probability,
        [&syntax, &linter, &tests],
    );
    let patch_id = patch_id(input);
    Ok(ImpactReport {
        kind: "impact_report",
        patch_id,
        risk_score,
        risk_explanation,
        breaking_changes,
        volatility_prediction: volatility,
        verification_status: VerificationStatus {
            syntax: syntax.status,
            linter: linter.status,
            tests: tests.status,
            details: BTreeMap::from([("syntax", syntax), ("linter", linter), ("tests", tests)]),
        },
        files: files.iter().map(|f| f.path.clone()).collect(),
        fuzzy_match: fuzzy,
    })
}

/// One file a change touches, with its text before and after.
#[derive(Debug, Clone)]
pub struct FileChange {
    pub path: String,
    pub renamed_from: Option<String>,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// The definitions whose change callers can feel, over all the changed files.
pub fn changed_definitions(files: &[FileChange]) -> Vec<ChangedDefinition> {
    let registry = Registry::global();
    let mut changed = Vec::new();
    for file in files {
        let old_path = file.renamed_from.clone().unwrap_or_else(|| file.path.clone());
        let Some(lang) = registry.for_path(&old_path) else {
            continue;
        };
        let index =
            |t: Option<&String>| SymbolIndex::build(SourceText::new(t.cloned().unwrap_or_default()), &lang.name).ok();
        // A renamed file's definitions are gone from their old path.
        let after = if file.renamed_from.is_some() {
            None
        } else {
            file.after.as_ref()
        };
        if let (Some(old), Some(new)) = (file.before.as_ref().and_then(|b| index(Some(b))), index(after)) {
            changed.extend(breakage::compare(&old_path, lang, &old, &new));
        }
    }
    changed.retain(|c| !c.breakages.is_empty());
    changed
}

/// The patch's own id (`patch_id` of a semantic patch), else a hash of its text.
fn patch_id(input: &str) -> String {
    serde_json::from_str::<serde_json::Value>(input)
        .ok()
        .and_then(|v| v.get("patch_id").and_then(|p| p.as_str()).map(str::to_string))
        .unwrap_or_else(|| format!("sha256:{}", &crate::workspace::sha256(input.as_bytes())[..16]))
}

/// Every file of the root in a language saguaro reads, with `overrides` (path → new text,
/// `None`: gone) in place of what is on disk; `line_maps` map a file's lines back to the
/// lines it has now.
pub fn sources(
    root: &std::path::Path,
    overrides: &BTreeMap<String, Option<String>>,
    line_maps: &BTreeMap<String, Vec<Option<usize>>>,
) -> Vec<Source> {
    let on_disk = crate::symbols::scan::language_files(root)
        .into_iter()
        .map(|(path, full)| (path, Box::new(move || std::fs::read_to_string(full).ok()) as TextOf));
    sources_of(on_disk, overrides, line_maps)
}

/// [`sources`] from the texts a warm project holds (the root's files as they are on disk).
fn sources_over(
    project: &crate::refs::project::Project,
    overrides: &BTreeMap<String, Option<String>>,
    line_maps: &BTreeMap<String, Vec<Option<usize>>>,
) -> Vec<Source> {
    let kept = project.files.iter().map(|(path, file)| {
        let text = std::sync::Arc::clone(&file.text);
        (
            path.clone(),
            Box::new(move || Some(text.as_str().to_string())) as TextOf,
        )
    });
    sources_of(kept, overrides, line_maps)
}

/// A file's text, read when it is needed (a file the patch replaces is not read).
type TextOf = Box<dyn FnOnce() -> Option<String>>;

/// The root's files with the patch's texts in place of the ones it changes, and the files
/// it adds.
fn sources_of(
    files: impl Iterator<Item = (String, TextOf)>,
    overrides: &BTreeMap<String, Option<String>>,
    line_maps: &BTreeMap<String, Vec<Option<usize>>>,
) -> Vec<Source> {
    let registry = Registry::global();
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for (path, text_of) in files {
        seen.insert(path.clone());
        match overrides.get(&path) {
            Some(Some(after)) => out.push(Source {
                old_line: line_maps.get(&path).cloned(),
                path,
                text: after.clone(),
            }),
            Some(None) => {}
            None => {
                if let Some(text) = text_of() {
                    out.push(Source {
                        path,
                        text,
                        old_line: None,
                    });
                }
            }
        }
    }
    for (path, after) in overrides {
        if let (false, Some(after)) = (seen.contains(path), after) {
            if registry.for_path(path).is_some() {
                out.push(Source {
                    path: path.clone(),
                    text: after.clone(),
                    old_line: None,
                });
            }
        }
    }
    out
}

/// The risk score and the sentence that explains it:
/// severity (high 0.6, medium 0.35, low 0.1)
/// + 0.25 x (1 - e^(-b/4)) for b breaking callsites (a `name_match` one counts half)
/// + 0.05 x min(f, 4) / 4 for the f files they sit in (fan-in)
/// + 0.1 when a placement was fuzzy + 0.1 high / 0.05 medium churn
/// + 0.2 when syntax, linter or tests fail; at most 1.
fn risk(changes: &[BreakingChange], fuzzy: bool, churn: &str, checks: [&verify::Check; 3]) -> (f64, String) {
    let severity = changes
        .iter()
        .map(|c| match c.severity {
            Severity::High => 0.6,
            Severity::Medium => 0.35,
            Severity::Low => 0.1,
        })
        .fold(0.0, f64::max);
    let weighted: f64 = changes
        .iter()
        .flat_map(BreakingChange::broken_calls)
        .map(|c| {
            if c.confidence == Confidence::NameMatch {
                0.5
            } else {
                1.0
            }
        })
        .sum();
    let count: usize = changes.iter().map(|c| c.broken_calls().count()).sum();
    let files: BTreeSet<&str> = changes
        .iter()
        .flat_map(BreakingChange::broken_calls)
        .map(|c| c.path.as_str())
        .collect();
    let callsite_term = 0.25 * (1.0 - (-weighted / 4.0).exp());
    let fan_in = 0.05 * (files.len().min(4) as f64) / 4.0;
    let fuzzy_term = if fuzzy { 0.1 } else { 0.0 };
    let churn_term = match churn {
        "high" => 0.1,
        "medium" => 0.05,
        _ => 0.0,
    };
    let failed: Vec<&str> = ["syntax", "linter", "tests"]
        .into_iter()
        .zip(checks)
        .filter(|(_, c)| c.status == "fail")
        .map(|(n, _)| n)
        .collect();
    let failed_term = if failed.is_empty() { 0.0 } else { 0.2 };
    let score = (severity + callsite_term + fan_in + fuzzy_term + churn_term + failed_term).min(1.0);
    let score = (score * 100.0).round() / 100.0;
    let worst = changes
        .iter()
        .max_by_key(|c| c.severity)
        .map(|c| format!("a {}-severity {} ({:.2})", c.severity.as_str(), c.kind, severity))
        .unwrap_or_else(|| "no breaking change (0.00)".to_string());
    let mut parts = vec![
        worst,
        format!(
            "{count} breaking callsite(s) in {} file(s) ({:.2})",
            files.len(),
            callsite_term + fan_in
        ),
    ];
    if fuzzy {
        parts.push("a fuzzy placement (0.10)".to_string());
    }
    if churn_term > 0.0 {
        parts.push(format!("{churn} churn ({churn_term:.2})"));
    }
    if !failed.is_empty() {
        parts.push(format!("{} failing (0.20)", failed.join(", ")));
    }
    (score, format!("risk {score:.2}: {}.", parts.join(" + ")))
}
