//! Verification of a planned patch: syntax (the new text re-parsed, parse errors it did not
//! have before), and the linter and test commands the settings give per language, run in a
//! scratch copy of the root with the patch applied — never in the user's tree.

use crate::lang::Registry;
use crate::process::{self, Ending};
use crate::settings::Settings;
use crate::source::SourceText;
use crate::symbols::SymbolIndex;
use serde::Serialize;
use std::path::Path;
use std::time::Duration;

/// One check's outcome: `pass`, `fail`, `pending` or `skipped`, and what it said.
#[derive(Debug, Clone, Serialize)]
pub struct Check {
    pub status: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub locations: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<Vec<String>>,
    /// The end of the command's output.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub output: String,
}

impl Check {
    fn skipped() -> Check {
        Check {
            status: "skipped",
            locations: Vec::new(),
            command: None,
            output: String::new(),
        }
    }
}

/// A changed file: its path, and its text before and after.
pub struct Changed<'a> {
    pub path: &'a str,
    pub before: Option<&'a str>,
    pub after: Option<&'a str>,
}

/// Parse errors the patch brings into its files (`path:line`), as a check.
pub fn syntax(files: &[Changed<'_>]) -> Check {
    let mut locations = Vec::new();
    for file in files {
        let (Some(after), Some(lang)) = (file.after, Registry::global().for_path(file.path)) else {
            continue;
        };
        let errors = |text: &str| {
            SymbolIndex::build(SourceText::new(text.to_string()), &lang.name)
                .map(|i| i.error_lines())
                .unwrap_or_default()
        };
        let before = file.before.map(errors).unwrap_or_default();
        let now = errors(after);
        for &line in &now {
            if before.len() < now.len() || !before.contains(&line) {
                locations.push(format!("{}:{line}", file.path));
            }
        }
    }
    locations.dedup();
    Check {
        status: if locations.is_empty() { "pass" } else { "fail" },
        locations,
        command: None,
        output: String::new(),
    }
}

/// Runs the settings' `linter` and `tests` commands for the patch's languages in a scratch
/// copy of `root` with the changes written.
pub fn commands(root: &Path, files: &[Changed<'_>], settings: &Settings) -> (Check, Check) {
    let languages: Vec<&str> = {
        let mut names: Vec<&str> = files
            .iter()
            .filter_map(|f| Registry::global().for_path(f.path).map(|l| l.name.as_str()))
            .collect();
        names.sort();
        names.dedup();
        names
    };
    let wanted = |pick: fn(&crate::settings::LanguageCommands) -> Option<&Vec<String>>| -> Vec<Vec<String>> {
        languages
            .iter()
            .filter_map(|l| settings.languages.get(*l).and_then(pick).cloned())
            .collect()
    };
    let linters = wanted(|c| c.linter.as_ref());
    let tests = wanted(|c| c.tests.as_ref());
    if linters.is_empty() && tests.is_empty() {
        return (Check::skipped(), Check::skipped());
    }
    let scratch = match scratch_copy(root, files) {
        Ok(dir) => dir,
        Err(e) => {
            let failed = Check {
                status: "fail",
                locations: Vec::new(),
                command: None,
                output: format!("cannot make a scratch copy of the root: {e}"),
            };
            return (failed.clone(), failed);
        }
    };
    let timeout = Duration::from_secs_f64(settings.command_timeout_seconds.unwrap_or(300.0));
    let run_all = |commands: &[Vec<String>]| -> Check {
        let mut last = Check::skipped();
        for argv in commands {
            last = run_one(scratch.path(), argv, timeout);
            if last.status != "pass" {
                break;
            }
        }
        last
    };
    (run_all(&linters), run_all(&tests))
}

/// The root's files (gitignore-aware, `.git` left out) copied to a temporary directory, with
/// the patch's changes written over them.
fn scratch_copy(root: &Path, files: &[Changed<'_>]) -> std::io::Result<tempfile::TempDir> {
    let dir = tempfile::tempdir()?;
    for entry in ignore::WalkBuilder::new(root).hidden(false).build().flatten() {
        let path = entry.path();
        let Ok(relative) = path.strip_prefix(root) else {
            continue;
        };
        if relative.components().any(|c| c.as_os_str() == ".git") || relative.as_os_str().is_empty() {
            continue;
        }
        let target = dir.path().join(relative);
        if entry.file_type().is_some_and(|t| t.is_dir()) {
            std::fs::create_dir_all(&target)?;
        } else if entry.file_type().is_some_and(|t| t.is_file()) {
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::copy(path, &target)?;
        }
    }
    for file in files {
        let target = dir.path().join(file.path);
        match file.after {
            Some(text) => {
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&target, text)?;
            }
            None => {
                let _ = std::fs::remove_file(&target);
            }
        }
    }
    Ok(dir)
}

fn run_one(dir: &Path, argv: &[String], timeout: Duration) -> Check {
    let ran = process::run(argv, dir, &[], timeout);
    let mut output = process::tail(&ran.stdout, 4096);
    output.push_str(&process::tail(&ran.stderr, 4096));
    let status = match ran.ending {
        Ending::Exited { success: true, .. } => "pass",
        _ => "fail",
    };
    if ran.ending == Ending::TimedOut {
        output.push_str(&format!("\n[timed out after {:.0} s]", timeout.as_secs_f64()));
    }
    Check {
        status,
        locations: Vec::new(),
        command: Some(argv.to_vec()),
        output,
    }
}
