//! Volatility from history: how often the touched files changed lately, by how many people,
//! and how much of them — read with the git command line, `unknown` outside a repository.
//!
//! Churn is change after birth: the commit that adds a file is where it starts, not a
//! change of it, so it counts neither as a commit nor as churned lines (else every file of
//! a young repository, 100% "churned" by its first commit, would read as volatile). A
//! repository with a single commit has no history to judge by: `unknown`.

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
    let commits = git(root, &["rev-list", "--count", "HEAD"])
        .and_then(|out| out.trim().parse::<usize>().ok())
        .unwrap_or(0);
    if commits <= 1 {
        return Prediction {
            churn_probability: "unknown",
            reason: format!(
                "The repository has {} commit(s): there is no history of change to read yet.",
                commits
            ),
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
    let Some(text) = git(
        root,
        &[
            "log",
            "--since=90.days",
            "--format=@%H %at %ae",
            "--numstat",
            "--",
            path,
        ],
    ) else {
        return h;
    };
    // The commits that added the file (again, if it was deleted and re-added).
    let births = git(root, &["log", "--diff-filter=A", "--format=%H", "--", path]).unwrap_or_default();
    let births: std::collections::BTreeSet<&str> = births.lines().collect();
    let mut authors = std::collections::BTreeSet::new();
    let mut changed = 0usize;
    let mut in_birth = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix('@') {
            let mut fields = rest.splitn(3, ' ');
            let (hash, time, author) = (
                fields.next().unwrap_or_default(),
                fields.next().unwrap_or_default(),
                fields.next().unwrap_or_default(),
            );
            in_birth = births.contains(hash);
            if in_birth {
                continue;
            }
            let age_days = now.saturating_sub(time.parse().unwrap_or(0)) / 86_400;
            h.commits_90d += 1;
            h.commits_30d += usize::from(age_days < 30);
            h.commits_7d += usize::from(age_days < 7);
            authors.insert(author.to_string());
        } else if !in_birth {
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

/// What a git command printed, if it ran and succeeded.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).current_dir(root).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        run(dir.path(), &["init", "-q"]);
        dir
    }

    fn run(root: &Path, args: &[&str]) {
        let status = Command::new("git")
            .args([
                "-c",
                "user.email=t@t",
                "-c",
                "user.name=t",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .current_dir(root)
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    }

    fn commit(root: &Path, file: &str, text: &str) {
        std::fs::write(root.join(file), text).unwrap();
        run(root, &["add", file]);
        run(root, &["commit", "-q", "-m", file]);
    }

    #[test]
    fn a_repository_of_one_commit_has_no_history_to_judge() {
        let dir = repo();
        commit(dir.path(), "a.py", "x = 1\n");
        let p = predict(dir.path(), &[("a.py".to_string(), 1)]);
        assert_eq!(p.churn_probability, "unknown", "{}", p.reason);
    }

    #[test]
    fn the_commit_that_adds_a_file_is_not_churn() {
        let dir = repo();
        commit(dir.path(), "a.py", &"x = 1\n".repeat(20));
        commit(dir.path(), "b.py", "y = 1\n");
        let p = predict(dir.path(), &[("a.py".to_string(), 20), ("b.py".to_string(), 1)]);
        assert_eq!(p.churn_probability, "low", "{}", p.reason);
        assert!(
            p.files
                .iter()
                .all(|f| f.commits_90d == 0 && f.relative_churn_90d == 0.0),
            "{:?}",
            p.files
        );
    }

    #[test]
    fn changes_after_birth_count() {
        let dir = repo();
        commit(dir.path(), "a.py", "x = 1\n");
        for n in 2..6 {
            commit(dir.path(), "a.py", &format!("x = {n}\n"));
        }
        let p = predict(dir.path(), &[("a.py".to_string(), 1)]);
        assert_eq!(p.files[0].commits_7d, 4, "{:?}", p.files);
        assert_eq!(p.churn_probability, "high", "{}", p.reason);
    }
}
