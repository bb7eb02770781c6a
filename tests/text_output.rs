//! What a person reads: the text answers (without `--json`), snapshotted whole — standard
//! output, then standard error, then the exit status. Each says what the JSON knows: which
//! file and which operation failed, a syntax error's line, a placement that was not exact
//! and its confidence, a patch that changed nothing, the Impact Report of `apply --impact`,
//! and the path as the user gave it.

mod common;
use common::saguaro_with_stdin;
use std::fs;
use std::path::Path;

const ENGINE: &str = "class Engine:\n    def process(self, order):\n        \"\"\"Process one order.\"\"\"\n        return order\n\n    def close(self):\n        pass\n\n\ndef total(orders):\n    return len(orders)\n";
const CALLER: &str = "from engine import Engine, total\n\nEngine().process(1)\ntotal([])\n";

fn shop() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("engine.py"), ENGINE).unwrap();
    fs::write(dir.path().join("cli.py"), CALLER).unwrap();
    dir
}

/// The command's text answer, with the temporary directory's path made stable.
fn text(args: &[&str], dir: &Path, stdin: &str) -> String {
    let out = saguaro_with_stdin(args, dir, stdin);
    let all = format!(
        "{}\n--- stderr\n{}--- exit {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
        out.status.code().unwrap_or(-1)
    );
    all.replace(&dir.to_string_lossy().into_owned(), "<root>")
}

fn unchanged(dir: &Path) {
    assert_eq!(fs::read_to_string(dir.join("engine.py")).unwrap(), ENGINE);
}

#[test]
fn a_refused_block_names_its_file_and_operation() {
    let dir = shop();
    let patch = "engine.py\n<<<<<<< SEARCH\n    def close(self):\n        pass\n=======\n    def close(self):\n        return None\n>>>>>>> REPLACE\n\nengine.py\n<<<<<<< SEARCH\n    def start(self, when, how):\n        return nothing_like_this\n=======\n    def start(self):\n        pass\n>>>>>>> REPLACE\n";
    insta::assert_snapshot!(text(&["apply", "-"], dir.path(), patch));
    unchanged(dir.path());
}

#[test]
fn a_syntax_error_names_its_line() {
    let dir = shop();
    insta::assert_snapshot!(text(
        &["replace", "engine.py", "Engine.close"],
        dir.path(),
        "def close(self:\n    pass\n"
    ));
    unchanged(dir.path());
}

#[test]
fn a_fuzzy_placement_says_so_with_its_confidence() {
    let dir = shop();
    let patch = "engine.py\n<<<<<<< SEARCH\n    def process(self, ordr):\n        \"\"\"Process one ordr.\"\"\"\n=======\n    def process(self, order, priority=0):\n        \"\"\"Process one order.\"\"\"\n>>>>>>> REPLACE\n";
    insta::assert_snapshot!(text(&["apply", "-", "--dry-run"], dir.path(), patch));
    unchanged(dir.path());
}

#[test]
fn a_replace_with_the_code_already_there_is_unchanged() {
    let dir = shop();
    let out = text(
        &["replace", "engine.py", "Engine.close"],
        dir.path(),
        "def close(self):\n    pass\n",
    );
    insta::assert_snapshot!(out);
    unchanged(dir.path());
}

#[test]
fn apply_with_impact_prints_the_report_before_the_diff() {
    let dir = shop();
    let patch = "engine.py\n<<<<<<< SEARCH\n    def process(self, order):\n=======\n    def process(self, order, priority):\n>>>>>>> REPLACE\n";
    insta::assert_snapshot!(
        "impact_dry_run",
        text(&["apply", "-", "--impact", "--dry-run"], dir.path(), patch)
    );
    insta::assert_snapshot!(
        "impact_gate",
        text(&["apply", "-", "--impact", "--gate", "high"], dir.path(), patch)
    );
    unchanged(dir.path());
}

#[test]
fn a_file_outside_the_working_directory_is_shown_as_given() {
    let dir = shop();
    fs::create_dir(dir.path().join("here")).unwrap();
    let out = text(
        &["delete", "../engine.py", "Engine.close", "--dry-run"],
        &dir.path().join("here"),
        "",
    );
    insta::assert_snapshot!(out);
    let json = saguaro_with_stdin(
        &["delete", "../engine.py", "Engine.close", "--dry-run", "--json"],
        &dir.path().join("here"),
        "",
    );
    let answer = common::stdout_json(&json);
    assert_eq!(answer["files"][0]["path"], "../engine.py");
    assert_eq!(answer["matches"][0]["file"], "../engine.py");
    unchanged(dir.path());
}

/// The report's words are the JSON's: tiers as `import_resolved`, a removed definition one
/// "the change removed".
#[test]
fn impact_text_speaks_the_json_words() {
    let dir = shop();
    let patch = r#"{"type": "patch", "target_file": "engine.py", "operations": [{"op": "delete", "symbol": "total"}]}"#;
    insta::assert_snapshot!(text(&["impact", "-"], dir.path(), patch));
}

/// The gate's refusal says to update the callsites in the same patch: a patch that does goes
/// through the gate.
#[test]
fn a_patch_that_updates_its_callers_passes_the_gate() {
    let dir = shop();
    let patch = "engine.py\n<<<<<<< SEARCH\n    def process(self, order):\n=======\n    def process(self, order, priority):\n>>>>>>> REPLACE\n\ncli.py\n<<<<<<< SEARCH\nEngine().process(1)\n=======\nEngine().process(1, 0)\n>>>>>>> REPLACE\n";
    let out = saguaro_with_stdin(
        &["apply", "-", "--impact", "--gate", "high", "--json"],
        dir.path(),
        patch,
    );
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(fs::read_to_string(dir.path().join("cli.py"))
        .unwrap()
        .contains("process(1, 0)"));
}
