//! Volatility from history: how often the touched files changed lately, by how many people,
//! and how much of them — read with the git command line, `unknown` outside a repository.

use serde::Serialize;
use std::path::Path;
use std::process::Command;

/// One file's recent history.
#[derive(Debug, Clone, Default, Serialize)]
pub struct History {
    pub path: String,
    pub commits_7d: usize,
    pub commits_30d: usize,
    pub commits_90d: usize,
    pub authors_90d: usize,
    /// Lines added and removed in 90 days over the file's lines now.
    pub relative_churn_90d: f64,
}

/// `low`, `medium`, `high` or `unknown`, and the sentence that says why.
#[derive(Debug, Clone, Serialize)]
pub struct Prediction {
    pub churn_probability: &'static str,
    pub reason: String,
    pub files: Vec<History>,
}

/// The history of `files` (relative to `root`), if `root` is in a git work tree.
pub fn predict(root: &Path, files: &[(String, usize)]) -> Prediction {
    let in_repo = Command::new("git")
        .args(["rev-parse", "--is-inside-work-tree"])
        .current_dir(root)
        .output()
        .is_ok_and(|o| o.status.success());
    if !in_repo {
        return Prediction {
            churn_probability: "unknown",
            reason: "The root is not in a git repository: there is no history to read.".to_string(),
            files: Vec::new(),
        };
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let histories: Vec<History> = files
        .iter()
        .map(|(path, lines)| history(root, path, *lines, now))
        .collect();
    let Some(worst) = histories.iter().max_by(|a, b| {
        (a.commits_7d, a.commits_30d, a.commits_90d)
            .cmp(&(b.commits_7d, b.commits_30d, b.commits_90d))
            .then(a.relative_churn_90d.total_cmp(&b.relative_churn_90d))
    }) else {
        return Prediction {
            churn_probability: "low",
            reason: "The patch touches no file with history.".to_string(),
            files: histories,
        };
    };
    let level = if worst.commits_7d >= 3 || worst.relative_churn_90d > 0.5 {
        "high"
    } else if worst.commits_30d >= 3 || worst.relative_churn_90d > 0.2 || worst.authors_90d >= 3 {
        "medium"
    } else {
        "low"
    };
    let reason = if worst.commits_7d > 0 {
        format!(
            "{} has changed {} time(s) in the last week ({} in 30 days, {} author(s) in 90).",
            worst.path, worst.commits_7d, worst.commits_30d, worst.authors_90d
        )
    } else if worst.commits_90d > 0 {
        format!(
            "{} has changed {} time(s) in the last 30 days and {} in 90, {:.0}% of its lines.",
            worst.path,
            worst.commits_30d,
            worst.commits_90d,
            worst.relative_churn_90d * 100.0
        )
    } else {
        format!("{} has not changed in the last 90 days.", worst.path)
    };
    Prediction {
        churn_probability: level,
        reason,
        files: histories,
    }
}

fn history(root: &Path, path: &str, lines: usize, now: u64) -> History {
    let mut h = History {
        path: path.to_string(),
        ..History::default()
    };
    let Ok(out) = Command::new("git")
        .args(["log", "--since=90.days", "--format=@%at %ae", "--numstat", "--", path])
        .current_dir(root)
        .output()
    else {
        return h;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let mut authors = std::collections::BTreeSet::new();
    let mut changed = 0usize;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix('@') {
            let (time, author) = rest.split_once(' ').unwrap_or((rest, ""));
            let age_days = now.saturating_sub(time.parse().unwrap_or(0)) / 86_400;
            h.commits_90d += 1;
            h.commits_30d += usize::from(age_days < 30);
            h.commits_7d += usize::from(age_days < 7);
            authors.insert(author.to_string());
        } else {
            let mut parts = line.split_whitespace();
            let added: usize = parts.next().and_then(|n| n.parse().ok()).unwrap_or(0);
            let removed: usize = parts.next().and_then(|n| n.parse().ok()).unwrap_or(0);
            changed += added + removed;
        }
    }
    h.authors_90d = authors.len();
    h.relative_churn_90d = if lines == 0 { 0.0 } else { changed as f64 / lines as f64 };
    h.relative_churn_90d = (h.relative_churn_90d * 1000.0).round() / 1000.0;
    h
}
