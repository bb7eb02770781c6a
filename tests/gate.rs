//! The breaking-change gate on real git repositories, one per language: a commit that adds
//! a required parameter and leaves a caller is blocked with that caller's `path:line`; one
//! that updates the caller passes; one that only touches comments passes. The outputs:
//! JSON against its schema, SARIF against the official SARIF 2.1.0 schema (fetched from a
//! registry package by scripts/fetch_sarif_schema.sh), GitHub annotations.

mod common;

use std::path::Path;
use std::process::Command;

fn stage(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
    git(dir, &["add", name]);
}

fn check(dir: &Path, args: &[&str]) -> (i32, String) {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    let out = common::saguaro(&all, Some(dir));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

use common::commits::{git, repo, Language, PYTHON, RUST, TYPESCRIPT};

fn gate_language(lang: &Language) {
    // A required parameter added, the caller left behind: blocked, the caller named.
    let dir = repo(lang.files);
    stage(dir.path(), lang.changed.0, lang.changed.1);
    let (code, out) = check(dir.path(), &["--staged"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with(&format!("{}:", lang.caller)), "{out}");
    assert!(out.contains("parameter_added_required"), "{out}");
    // The caller updated in the same commit: passes.
    stage(dir.path(), lang.updated.0, lang.updated.1);
    let (code, out) = check(dir.path(), &["--staged"]);
    assert_eq!(code, 0, "{out}");
    // An unstaged fix does not count: the commit is what the index holds.
    let dir = repo(lang.files);
    stage(dir.path(), lang.changed.0, lang.changed.1);
    std::fs::write(dir.path().join(lang.updated.0), lang.updated.1).unwrap();
    assert_eq!(check(dir.path(), &["--staged"]).0, 1);
    // ... but against a base revision the working tree is what counts.
    assert_eq!(check(dir.path(), &["--base", "HEAD"]).0, 0);
    // Only a comment: passes.
    let dir = repo(lang.files);
    stage(dir.path(), lang.comment_only.0, lang.comment_only.1);
    let (code, out) = check(dir.path(), &["--staged"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn python_commits_are_gated() {
    gate_language(&PYTHON);
}

#[test]
fn rust_commits_are_gated() {
    gate_language(&RUST);
}

#[test]
fn typescript_commits_are_gated() {
    gate_language(&TYPESCRIPT);
}

#[test]
fn allowed_breaks_are_notes_and_say_why() {
    let dir = repo(PYTHON.files);
    let marked = "class Engine:\n    # saguaro: allow-break (callers move in the next release)\n    def process(self, data, mode):\n        return data\n";
    stage(dir.path(), "pkg/engine.py", marked);
    let (code, out) = check(dir.path(), &["--staged"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("note:") && out.contains("saguaro: allow-break"), "{out}");
    let dir = repo(PYTHON.files);
    stage(dir.path(), PYTHON.changed.0, PYTHON.changed.1);
    let (code, out) = check(dir.path(), &["--staged", "--allow", "parameter_added_required"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("not blocking: --allow parameter_added_required"), "{out}");
}

#[test]
fn name_only_matches_are_notes_unless_asked_for() {
    // `run` gets its engine untyped: `engine.process(1)` may be any `process`.
    let mut files = PYTHON.files.to_vec();
    files.push(("pkg/jobs.py", "def run(engine):\n    return engine.process(1)\n"));
    let dir = repo(&files);
    stage(dir.path(), PYTHON.changed.0, PYTHON.changed.1);
    let (code, out) = check(dir.path(), &["--staged"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("pkg/app.py:6:"), "{out}");
    assert!(
        out.contains("pkg/jobs.py:2:")
            && out.contains("not blocking: --min-confidence receiver_typed: a name_match callsite"),
        "{out}"
    );
    // Asked for, the name-only match blocks as well.
    let (code, out) = check(dir.path(), &["--staged", "--min-confidence", "name-match"]);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("note:"), "{out}");
    assert!(
        out.contains("pkg/jobs.py:2:") && out.contains("2 call(s) broken"),
        "{out}"
    );
    // With only the name-only caller left, the default lets the commit through.
    stage(dir.path(), PYTHON.updated.0, PYTHON.updated.1);
    let (code, out) = check(dir.path(), &["--staged"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("pkg/jobs.py:2:") && out.contains("note:"), "{out}");
}

#[test]
fn the_check_cannot_run_outside_a_repository_or_against_an_unknown_revision() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::saguaro(&["check", "--staged"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("git_unavailable"));
    let dir = repo(PYTHON.files);
    let out = common::saguaro(&["check", "--base", "no-such-rev"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("no-such-rev"));
    assert!(
        common::stderr(&out).contains("unknown_revision"),
        "{}",
        common::stderr(&out)
    );
}

#[test]
fn outputs_follow_their_formats() {
    let dir = repo(PYTHON.files);
    stage(dir.path(), PYTHON.changed.0, PYTHON.changed.1);
    // JSON, against its schema.
    let (_, out) = check(dir.path(), &["--staged", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        saguaro::schema::validate(saguaro::schema::Contract::CheckReport, &json).is_ok(),
        "{:?}",
        saguaro::schema::validate(saguaro::schema::Contract::CheckReport, &json)
    );
    assert_eq!(json["failures"][0]["path"], "pkg/app.py");
    // GitHub workflow commands.
    let (_, out) = check(dir.path(), &["--staged", "--format", "github"]);
    assert!(
        out.starts_with("::error file=pkg/app.py,line=6,col=14,endColumn=21,title=saguaro parameter_added_required::"),
        "{out}"
    );
    // SARIF 2.1.0, against the official schema.
    let (_, out) = check(dir.path(), &["--staged", "--format", "sarif"]);
    let sarif: serde_json::Value = serde_json::from_str(&out).unwrap();
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "saguaro/parameter_added_required");
    assert_eq!(result["locations"][0]["physicalLocation"]["region"]["startLine"], 6);
    assert!(result["partialFingerprints"]["saguaro/v1"].is_string());
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/sarif/sarif-2.1.0-rtm.5.json");
    if !schema_path.exists() {
        let fetched =
            Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/fetch_sarif_schema.sh")).status();
        assert!(
            fetched.is_ok_and(|s| s.success()),
            "the SARIF check needs the official schema: scripts/fetch_sarif_schema.sh could not fetch it (npm or the network is unavailable)"
        );
    }
    // The official rtm.5 file writes `run.language`'s pattern with a stray `]`, a literal in
    // ECMAScript regexes that the Rust engines refuse: escaped, its meaning is the same.
    let text = std::fs::read_to_string(&schema_path).unwrap().replace(
        r#""^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$""#,
        r#""^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\]?$""#,
    );
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft4)
        .offline()
        .build(&schema)
        .expect("the SARIF schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}
