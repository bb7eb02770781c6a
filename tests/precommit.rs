//! The gate as a pre-commit hook, installed through the real `pre-commit` tool: each
//! temporary repository's `.pre-commit-config.yaml` names this checkout at its HEAD commit,
//! `pre-commit install` sets the hook, and `git commit` runs it (pre-commit builds saguaro
//! with cargo the way a user's does). Per language: a commit that adds a required parameter
//! and leaves a caller is blocked with the caller's `path:line`; one that updates the caller
//! passes; one that only touches comments passes. (`pre-commit try-repo` would do the same
//! but builds the hook anew in a temporary store on every run.)
//!
//! pre-commit comes from PyPI into `target/precommit-venv`; without python3, pip or the
//! network the test fails and says which (it never passes having run nothing). The hook's
//! environment is kept in `target/pre-commit-home`, so only the first run pays for its
//! build, and that build is unoptimised (`CARGO_PROFILE_RELEASE_*`).

mod common;

use common::commits::{git, repo, write};

use std::path::{Path, PathBuf};
use std::process::Command;

const PRE_COMMIT_VERSION: &str = "4.7.0";

fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target")
}

/// The `pre-commit` executable, installed if need be; `Err` says why it cannot be had.
fn pre_commit() -> Result<PathBuf, String> {
    common::venv::with("precommit-venv", "pre-commit", PRE_COMMIT_VERSION).map(|venv| venv.join("bin/pre-commit"))
}

/// This checkout's HEAD commit: the revision the hook is taken at.
fn checkout_head() -> String {
    let out = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("git runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Commits what `dir` has staged, through the installed hook: (committed, output).
fn commit(dir: &Path) -> (bool, String) {
    let out = Command::new("git")
        .args(["commit", "-qm", "change"])
        .current_dir(dir)
        .env("PRE_COMMIT_HOME", target_dir().join("pre-commit-home"))
        // pre-commit builds the hook with `cargo install` (a release build). The test checks
        // the hook's wiring, not the optimiser: unoptimised, and beside this test's own
        // build, that build takes about a third of the time on 2 cores.
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "256")
        .env("CARGO_PROFILE_RELEASE_STRIP", "false")
        .env("CARGO_TARGET_DIR", target_dir().join("pre-commit-build"))
        .output()
        .expect("git runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[test]
fn the_hook_blocks_commits_that_leave_callers_behind() {
    let pre_commit = pre_commit().unwrap_or_else(|why| {
        panic!("the pre-commit hook test needs pre-commit {PRE_COMMIT_VERSION} from PyPI: {why}")
    });
    let config = format!(
        "repos:\n-   repo: {}\n    rev: {}\n    hooks:\n    -   id: saguaro-check\n",
        env!("CARGO_MANIFEST_DIR"),
        checkout_head()
    );
    for case in common::commits::ALL {
        let mut files = case.files.to_vec();
        files.push((".pre-commit-config.yaml", &config));
        let dir = repo(&files);
        let installed = Command::new(&pre_commit)
            .arg("install")
            .current_dir(dir.path())
            .env("PRE_COMMIT_HOME", target_dir().join("pre-commit-home"))
            .output()
            .expect("pre-commit runs");
        assert!(
            installed.status.success(),
            "{}",
            String::from_utf8_lossy(&installed.stderr)
        );
        // A required parameter added, the caller left: the commit is refused.
        write(dir.path(), case.changed.0, case.changed.1);
        git(dir.path(), &["add", "-A"]);
        let (committed, out) = commit(dir.path());
        assert!(!committed, "{out}");
        assert!(out.contains(&format!("{}:", case.caller)), "{out}");
        // The caller updated too: committed.
        write(dir.path(), case.updated.0, case.updated.1);
        git(dir.path(), &["add", "-A"]);
        let (committed, out) = commit(dir.path());
        assert!(committed, "{out}");
        // Back at the base, only a comment: committed.
        git(dir.path(), &["reset", "-q", "--hard", "HEAD~1"]);
        write(dir.path(), case.comment_only.0, case.comment_only.1);
        git(dir.path(), &["add", "-A"]);
        let (committed, out) = commit(dir.path());
        assert!(committed, "{out}");
    }
}
