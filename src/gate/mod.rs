//! The breaking-change gate (`saguaro check`): what a commit (the index against HEAD) or a
//! branch (the working tree against a revision) changes in its definitions, and which calls
//! in the NEW tree are still incompatible — the impact analysis at commit time.
//!
//! A definition carrying a `saguaro: allow-break` comment (on it or on the line above), or a
//! breakage kind given to `--allow`, turns its failures into notes that the output shows.

pub mod api;
pub mod format;

use crate::feedback::{Error, ErrorCode};
use crate::impact::breakage::ChangedDefinition;
use crate::impact::callsites::{self, Confidence};
use crate::impact::{self, FileChange};
use crate::lang::Registry;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the new tree is compared against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Against {
    /// The index against HEAD (a commit about to be made).
    Staged,
    /// The working tree against a revision (a pull request against its base).
    Base(String),
}

#[derive(Debug, Clone)]
pub struct CheckOptions {
    pub root: PathBuf,
    pub against: Against,
    /// Callsites below this tier are notes, not failures.
    pub min_confidence: Confidence,
    /// Breakage kinds that only make notes.
    pub allow: Vec<String>,
}

/// One incompatible call in the new tree.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub end_column: usize,
    /// The changed definition, and where it is.
    pub symbol: String,
    pub definition: String,
    /// The most severe breakage's id (the SARIF rule).
    pub kind: &'static str,
    pub severity: &'static str,
    pub confidence: Confidence,
    /// What changed and why this call breaks.
    pub message: String,
    /// Why this is a note, not a failure: a `saguaro: allow-break` comment, `--allow`, or a
    /// confidence below `--min-confidence`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_by: Option<String>,
    /// `--api`: what griffe (Python) and cargo-semver-checks (Rust) call the breakage.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub griffe_kind: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lint: Option<&'static str>,
    /// `--api`: the other public paths a removed definition was reached at, gone with it
    /// (`file: path`): the subclasses that inherited a removed member (`fields.py:
    /// String.fail`), the packages that imported a removed name (`pkg/__init__.py: f`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also_at: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `staged` or `base:REV`.
    pub against: String,
    /// The files the change touches.
    pub files: Vec<String>,
    pub failures: Vec<Finding>,
    pub notes: Vec<Finding>,
    /// With `--api`: the semver level the change needs, and what it adds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api: Option<api::ApiVerdict>,
}

impl CheckReport {
    /// 1 when a call is left broken, or (`--api`) the change needs a higher level than the
    /// one allowed.
    pub fn exit_status(&self) -> i32 {
        let too_high = self.api.as_ref().is_some_and(|a| a.level > a.allowed);
        i32::from(!self.failures.is_empty() || too_high)
    }
}

fn git(root: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

fn git_error(message: String, hint: &str) -> Error {
    Error::new(ErrorCode::GitUnavailable, message, hint)
}

/// The repository's top, the revision the old side is read from, and the changed files
/// of a language saguaro reads, each with its text before and after.
pub struct Changes {
    pub top: PathBuf,
    pub old_rev: String,
    pub files: Vec<FileChange>,
}

/// What `options` compares: the index against HEAD, or the working tree against a revision.
pub fn changes(options: &CheckOptions) -> Result<Changes, Error> {
    let root = &options.root;
    let top = git(root, &["rev-parse", "--show-toplevel"]).map_err(|e| {
        git_error(
            format!("`{}` is not in a git repository: {e}", root.display()),
            "run saguaro check inside a git work tree, or pass --root",
        )
    })?;
    let top = PathBuf::from(String::from_utf8_lossy(&top).trim());
    // The revision the old side is read from.
    let old_rev = match &options.against {
        Against::Staged => match git(&top, &["rev-parse", "--verify", "-q", "HEAD"]) {
            Ok(_) => "HEAD".to_string(),
            // The first commit: everything is new, nothing can break.
            Err(_) => "4b825dc642cb6eb9a060e54bf8d69288fbee4904".to_string(),
        },
        Against::Base(rev) => {
            git(&top, &["rev-parse", "--verify", "-q", &format!("{rev}^{{commit}}")]).map_err(|_| {
                Error::new(
                    ErrorCode::UnknownRevision,
                    format!("the revision `{rev}` is unknown"),
                    "fetch it first (in CI: `git fetch origin BASE --depth=1`), or name a branch, tag or commit that exists",
                )
            })?;
            rev.clone()
        }
    };
    let mut diff_args = vec!["diff", "--name-status", "-M", "--no-color", "-z"];
    if options.against == Against::Staged {
        diff_args.push("--cached");
    }
    diff_args.push(&old_rev);
    let listing =
        git(&top, &diff_args).map_err(|e| git_error(format!("git diff failed: {e}"), "check the repository"))?;
    let registry = Registry::global();
    let fields: Vec<String> = listing
        .split(|b| *b == 0)
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect();
    let mut files: Vec<FileChange> = Vec::new();
    let mut i = 0;
    while i < fields.len() {
        let status = fields[i].clone();
        if status.is_empty() {
            break;
        }
        let (old_path, new_path, step) = if status.starts_with('R') || status.starts_with('C') {
            (fields.get(i + 1).cloned(), fields.get(i + 2).cloned(), 3)
        } else {
            (fields.get(i + 1).cloned(), fields.get(i + 1).cloned(), 2)
        };
        i += step;
        let (Some(old_path), Some(new_path)) = (old_path, new_path) else {
            break;
        };
        if registry.for_path(&new_path).is_none() && registry.for_path(&old_path).is_none() {
            continue;
        }
        let before = if status.starts_with('A') {
            None
        } else {
            git(&top, &["show", &format!("{old_rev}:{old_path}")])
                .ok()
                .map(|b| String::from_utf8_lossy(&b).into_owned())
        };
        let after = if status.starts_with('D') {
            None
        } else {
            new_text(&top, &options.against, &new_path)
        };
        files.push(FileChange {
            renamed_from: (old_path != new_path).then(|| old_path.clone()),
            path: new_path,
            before,
            after,
        });
    }
    Ok(Changes { top, old_rev, files })
}

/// How a report names what it compared against: `staged`, `base:REV`.
pub fn label(against: &Against) -> String {
    match against {
        Against::Staged => "staged".to_string(),
        Against::Base(rev) => format!("base:{rev}"),
    }
}

/// A file's text in revision `rev` (`None`: not there). `cat-file`, not `show`: `show`
/// reads a path with a `*` as a pattern and succeeds with nothing.
pub fn text_at(top: &Path, rev: &str, path: &str) -> Option<String> {
    git(top, &["cat-file", "-p", &format!("{rev}:{path}")])
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// NUL-separated paths, as git lists them with `-z`.
fn split_paths(out: &[u8]) -> Vec<String> {
    out.split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect()
}

/// Every file of revision `rev` in a language saguaro reads, with its text (one `git
/// cat-file --batch` for them all: a process per file would dominate on large trees).
pub fn tree_texts(top: &Path, rev: &str) -> Vec<(String, String)> {
    let Ok(listing) = git(top, &["ls-tree", "-r", "-z", "--name-only", rev]) else {
        return Vec::new();
    };
    let registry = Registry::global();
    let paths: Vec<String> = split_paths(&listing)
        .into_iter()
        .filter(|p| registry.for_path(p).is_some())
        .collect();
    if paths.is_empty() {
        return Vec::new();
    }
    let Ok(mut child) = Command::new("git")
        .args(["cat-file", "--batch"])
        .current_dir(top)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
    else {
        return Vec::new();
    };
    let requests: String = paths.iter().map(|p| format!("{rev}:{p}\n")).collect();
    let mut stdin = child.stdin.take().expect("piped stdin");
    // Written from a thread: git answers while it reads, and a full pipe would block both.
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(requests.as_bytes());
    });
    let Ok(out) = child.wait_with_output() else {
        return Vec::new();
    };
    let _ = writer.join();
    // Each answer: `<oid> blob <size>\n<content>\n`, or `<name> missing\n`.
    let (mut texts, mut at) = (Vec::new(), 0);
    for path in paths {
        let Some(end) = out.stdout[at..].iter().position(|b| *b == b'\n') else {
            break;
        };
        let header = String::from_utf8_lossy(&out.stdout[at..at + end]).into_owned();
        at += end + 1;
        let Some(size) = header.rsplit(' ').next().and_then(|n| n.parse::<usize>().ok()) else {
            continue;
        };
        if !header.contains(" blob ") || at + size > out.stdout.len() {
            continue;
        }
        texts.push((path, String::from_utf8_lossy(&out.stdout[at..at + size]).into_owned()));
        at += size + 1;
    }
    texts
}

/// Runs the gate.
pub fn check(options: &CheckOptions) -> Result<CheckReport, Error> {
    let Changes { top, files, .. } = changes(options)?;
    let registry = Registry::global();
    let changed = impact::changed_definitions(&files);
    // The new tree: the working tree, with the index's text where they differ (staged).
    let mut overrides: BTreeMap<String, Option<String>> =
        files.iter().map(|f| (f.path.clone(), f.after.clone())).collect();
    for f in files.iter().filter(|f| f.renamed_from.is_some()) {
        overrides.insert(f.renamed_from.clone().unwrap_or_default(), None);
    }
    if options.against == Against::Staged {
        let unstaged = git(&top, &["diff", "--name-only", "-z"]).unwrap_or_default();
        for path in unstaged.split(|b| *b == 0).filter(|p| !p.is_empty()) {
            let path = String::from_utf8_lossy(path).into_owned();
            if !overrides.contains_key(&path) && registry.for_path(&path).is_some() {
                let text = new_text(&top, &Against::Staged, &path);
                overrides.insert(path, text);
            }
        }
    }
    let sources = impact::sources(&top, &overrides, &BTreeMap::new());
    let calls = callsites::find(&top, sources, &changed, None);
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    for call in calls.into_iter().filter(|c| c.breaks.at_all()) {
        let Some(def) = changed.iter().find(|d| d.path == call.symbol) else {
            continue;
        };
        let worst = def
            .breakages
            .iter()
            .max_by_key(|b| b.severity)
            .expect("changed definitions have breakages");
        // A call below the confidence wanted is shown, not counted: a reviewer can judge
        // a name-only match that the gate cannot.
        let allowed_by = allowed(def, &overrides, &options.allow)
            .or_else(|| {
                (call.confidence < options.min_confidence).then(|| {
                    format!(
                        "--min-confidence {}: a {} callsite",
                        options.min_confidence.as_str(),
                        call.confidence.as_str()
                    )
                })
            })
            // The gate checks the build as configured; code it leaves out breaks other builds.
            .or_else(|| {
                call.conditional
                    .as_ref()
                    .map(|cfg| format!("under `{cfg}`, which the checked configuration is not known to build"))
            });
        let name_len = def.name.chars().count();
        let finding = Finding {
            path: call.path.clone(),
            line: call.line,
            column: call.column,
            end_column: call.column + name_len,
            symbol: def.path.clone(),
            definition: def.file.clone(),
            kind: worst.kind,
            severity: worst.severity.as_str(),
            confidence: call.confidence,
            message: format!("{}: {}", worst.description, call.reason),
            allowed_by,
            griffe_kind: Vec::new(),
            lint: None,
            also_at: Vec::new(),
        };
        if finding.allowed_by.is_some() {
            notes.push(finding);
        } else {
            failures.push(finding);
        }
    }
    Ok(CheckReport {
        kind: "check_report",
        against: label(&options.against),
        files: files.iter().map(|f| f.path.clone()).collect(),
        failures,
        notes,
        api: None,
    })
}

/// A file's new text: the index's (staged) or the working tree's.
fn new_text(top: &Path, against: &Against, path: &str) -> Option<String> {
    match against {
        Against::Staged => git(top, &["show", &format!(":{path}")])
            .ok()
            .map(|b| String::from_utf8_lossy(&b).into_owned()),
        Against::Base(_) => std::fs::read_to_string(top.join(path)).ok(),
    }
}

/// Why a definition's breaks are allowed: its `saguaro: allow-break` comment, or `--allow`.
fn allowed(def: &ChangedDefinition, overrides: &BTreeMap<String, Option<String>>, allow: &[String]) -> Option<String> {
    if let Some(kind) = def.breakages.iter().find(|b| allow.iter().any(|a| a == b.kind)) {
        return Some(format!("--allow {}", kind.kind));
    }
    let text = overrides.get(&def.file)?.as_ref()?;
    let (start, end) = def.new_lines?;
    let lines: Vec<&str> = text.lines().collect();
    let from = start.saturating_sub(2);
    let marked = lines
        .get(from..end.min(lines.len()))?
        .iter()
        .any(|l| l.contains("saguaro: allow-break"));
    marked.then(|| format!("a `saguaro: allow-break` comment on {}", def.path))
}
