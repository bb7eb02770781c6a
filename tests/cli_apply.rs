//! `saguaro apply` and the shell forms end to end: the answer's fields, exit status, and a
//! file left byte for byte as it was whenever anything is refused.

mod common;
use common::{saguaro, saguaro_with_stdin, stderr, stdout_json};
use serde_json::json;
use std::fs;
use std::path::Path;

const ENGINE: &str =
    "class Engine:\n    def process(self, job):\n        return job\n\n    def close(self):\n        pass\n";

fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("src")).unwrap();
    fs::write(dir.path().join("src/engine.py"), ENGINE).unwrap();
    dir
}

fn write_patch(dir: &Path, patch: &serde_json::Value) -> String {
    let path = dir.join("patch.json");
    fs::write(&path, patch.to_string()).unwrap();
    path.to_string_lossy().into_owned()
}

fn engine(dir: &Path) -> String {
    fs::read_to_string(dir.join("src/engine.py")).unwrap()
}

fn sha256(text: &str) -> String {
    saguaro::workspace::sha256(text.as_bytes())
}

fn replace_patch() -> serde_json::Value {
    json!({"type": "patch", "target_file": "src/engine.py", "operations": [
        {"op": "replace", "symbol": "Engine.process", "content": "def process(self, job):\n    return job * 2"}]})
}

#[test]
fn applied_answer_has_every_field() {
    let dir = setup();
    let patch = write_patch(dir.path(), &replace_patch());
    let out = saguaro(
        &["apply", "--root", dir.path().to_str().unwrap(), "--json", &patch],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer = stdout_json(&out);
    assert_eq!(answer["status"], "applied");
    let after = engine(dir.path());
    assert!(after.contains("return job * 2"));
    assert_eq!(answer["files"][0]["path"], "src/engine.py");
    assert_eq!(answer["files"][0]["action"], "modified");
    assert_eq!(answer["files"][0]["sha256_before"], sha256(ENGINE));
    assert_eq!(answer["files"][0]["sha256_after"], sha256(&after));
    let m = &answer["matches"][0];
    assert_eq!(
        (m["file"].as_str(), m["operation"].as_u64(), m["strategy"].as_str()),
        (Some("src/engine.py"), Some(0), Some("symbol"))
    );
    assert_eq!(
        (
            m["confidence"].as_f64(),
            m["start_line"].as_u64(),
            m["end_line"].as_u64()
        ),
        (Some(1.0), Some(2), Some(3))
    );
    assert_eq!(answer["errors"], json!([]));
    assert!(answer["diff"]
        .as_str()
        .unwrap()
        .contains("-        return job\n+        return job * 2\n"));
}

#[test]
fn dry_run_writes_nothing() {
    let dir = setup();
    let patch = write_patch(dir.path(), &replace_patch());
    let out = saguaro(
        &[
            "apply",
            "--root",
            dir.path().to_str().unwrap(),
            "--dry-run",
            "--json",
            &patch,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let answer = stdout_json(&out);
    assert_eq!(answer["status"], "dry_run");
    assert!(!answer["diff"].as_str().unwrap().is_empty());
    assert_eq!(engine(dir.path()), ENGINE);
}

#[test]
fn refusals_leave_the_file_unchanged_with_their_exit_status() {
    let stale = {
        let mut p = replace_patch();
        p["base_sha256"] = json!("0".repeat(64));
        p
    };
    let cases = [
        (stale, "stale_base", 1),
        (
            json!({"type": "patch", "target_file": "../engine.py", "operations": [{"op": "delete", "symbol": "Engine"}]}),
            "path_rejected",
            1,
        ),
        (
            json!({"type": "patch", "target_file": "/etc/hosts.py", "operations": [{"op": "delete", "symbol": "x"}]}),
            "path_rejected",
            1,
        ),
        (
            json!({"type": "patch", "target_file": "src/engine.py", "operations": [{"op": "delete", "symbol": "Engine.proces"}]}),
            "symbol_not_found",
            1,
        ),
        (
            json!({"type": "patch", "target_file": "src/engine.py", "operations": [{"op": "replace", "symbol": "Engine.close", "content": "def close(self:\n    pass"}]}),
            "syntax_error",
            1,
        ),
        (
            json!({"type": "patch", "target_file": "src/engine.py", "operations": [{"op": "delete", "symbl": "Engine"}]}),
            "invalid_format",
            2,
        ),
        (
            json!({"type": "patch", "target_file": "src/engine.py", "operations": [{"op": "replace", "symbol": "Engine"}]}),
            "invalid_format",
            2,
        ),
        (
            json!({"type": "patch", "target_file": "src/engine.py", "operations": [{"op": "insert", "content": "x = 1"}]}),
            "invalid_format",
            2,
        ),
        (
            json!({"type": "patch", "target_file": "src/engine.py", "operations": []}),
            "invalid_format",
            2,
        ),
        (
            json!({"type": "diff", "target_file": "src/engine.py", "operations": [{"op": "delete", "symbol": "Engine"}]}),
            "invalid_format",
            2,
        ),
        (
            // A patch naming a missing file is understood and refused (INTERFACE.md §4: 1).
            json!({"type": "patch", "target_file": "src/missing.py", "operations": [{"op": "delete", "symbol": "Engine"}]}),
            "file_missing",
            1,
        ),
        (
            json!({"type": "patch", "target_file": "notes.txt", "operations": [{"op": "delete", "symbol": "Engine"}]}),
            "unsupported_language",
            2,
        ),
    ];
    for (patch, code, status) in cases {
        let dir = setup();
        fs::write(dir.path().join("notes.txt"), "hello\n").unwrap();
        let file = write_patch(dir.path(), &patch);
        let out = saguaro(
            &["apply", "--root", dir.path().to_str().unwrap(), "--json", &file],
            None,
        );
        assert_eq!(out.status.code(), Some(status), "{patch}");
        let answer = stdout_json(&out);
        assert_eq!(answer["status"], "rejected", "{patch}");
        assert_eq!(answer["errors"][0]["code"], code, "{patch}");
        assert!(
            !answer["errors"][0]["hint"].as_str().unwrap().is_empty(),
            "{patch}: every error has a hint"
        );
        assert_eq!(answer["files"], json!([]));
        assert_eq!(engine(dir.path()), ENGINE, "{patch}: file unchanged");
    }
}

#[test]
fn text_and_garbage_inputs_are_invalid_format() {
    let dir = setup();
    for (input, says) in [
        ("not a patch at all", "no format saguaro reads"),
        ("{ this is not json", "does not parse"),
        (
            "*** Begin Patch\n*** Update File: a.py\n*** End Patch\n",
            "has no change",
        ),
        ("", "empty"),
    ] {
        let out = saguaro_with_stdin(&["apply", "--json", "-"], dir.path(), input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        let answer = stdout_json(&out);
        assert_eq!(answer["errors"][0]["code"], "invalid_format");
        assert!(
            answer["errors"][0]["message"].as_str().unwrap().contains(says),
            "{input:?}: {answer}"
        );
    }
    assert_eq!(engine(dir.path()), ENGINE);
}

#[test]
fn patch_from_stdin_and_human_summary() {
    let dir = setup();
    let out = saguaro_with_stdin(&["apply"], dir.path(), &replace_patch().to_string());
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("+        return job * 2"));
    assert!(
        stderr(&out).contains("saguaro: applied 1 operation to src/engine.py (+1 -1)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn shell_forms_edit_by_name() {
    let dir = setup();
    let d = dir.path();
    fs::write(d.join("new.py"), "def process(self, job):\n    return [job]\n").unwrap();
    let out = saguaro(
        &["replace", "src/engine.py", "Engine.process", "--with", "new.py"],
        Some(d),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(engine(d).contains("        return [job]\n"));

    let out = saguaro_with_stdin(
        &["insert", "src/engine.py", "--after", "Engine.process"],
        d,
        "def reset(self):\n    pass\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(engine(d).contains("        return [job]\n\n    def reset(self):\n        pass\n\n    def close"));

    let out = saguaro(
        &["docstring", "src/engine.py", "Engine", "--text", "Runs jobs."],
        Some(d),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(engine(d).starts_with("class Engine:\n    \"\"\"Runs jobs.\"\"\"\n    def process"));

    let out = saguaro(&["delete", "src/engine.py", "Engine.reset", "--json"], Some(d));
    assert_eq!(stdout_json(&out)["status"], "applied");
    assert!(!engine(d).contains("reset"));

    let before = engine(d);
    let out = saguaro(&["delete", "src/engine.py", "Engine.close", "--dry-run"], Some(d));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(engine(d), before, "dry run");

    let out = saguaro(&["insert", "src/engine.py"], Some(d));
    assert_eq!(
        out.status.code(),
        Some(2),
        "an insert needs --after, --before or --into"
    );
    let out = saguaro(
        &[
            "replace",
            "src/engine.py",
            "Engine.process",
            "--with",
            "missing.py",
            "--json",
        ],
        Some(d),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout_json(&out)["errors"][0]["code"], "invalid_format");
    assert_eq!(engine(d), before);
}

#[test]
fn absolute_paths_work_for_shell_forms() {
    let dir = setup();
    let file = dir.path().join("src/engine.py");
    let out = saguaro_with_stdin(
        &["replace", file.to_str().unwrap(), "Engine.close"],
        Path::new("/"),
        "def close(self):\n    return None",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(engine(dir.path()).ends_with("    def close(self):\n        return None\n"));
}

#[test]
fn a_session_tracks_files_errors_and_advice_across_applies() {
    let dir = setup();
    let d = dir.path();
    let session = d.join("session.json");
    let session_arg = session.to_str().unwrap();
    let change = ">>> file: src/engine.py\n--- from\n    def close(self):\n        pass\n--- to\n    def close(self):\n        return None\n<\n";
    let out = saguaro_with_stdin(&["apply", "--session", session_arg, "--json"], d, change);
    let block = stdout_json(&out)["session_context"].as_str().unwrap().to_string();
    assert!(
        block.starts_with("[SESSION CONTEXT]\nModified: src/engine.py (1 patch, 16% changed)"),
        "{block}"
    );
    assert!(
        block.contains("Health: 0 errors, 0 ambiguous matches, exchange 1/20"),
        "{block}"
    );
    // Three ambiguous patches: the advice asks for more context.
    let ambiguous = "src/engine.py\n<<<<<<< SEARCH\n        return job\n=======\n        return 1\n>>>>>>> REPLACE\n";
    fs::write(
        d.join("src/engine.py"),
        "def a():\n        return job\n\ndef b():\n        return job\n",
    )
    .unwrap();
    for _ in 0..3 {
        let out = saguaro_with_stdin(&["apply", "--session", session_arg, "--json"], d, ambiguous);
        assert_eq!(out.status.code(), Some(1));
    }
    let out = saguaro_with_stdin(
        &["apply", "--session", session_arg, "--json", "--dry-run"],
        d,
        ambiguous,
    );
    let block = stdout_json(&out)["session_context"].as_str().unwrap().to_string();
    assert!(
        block.contains("src/engine.py: 3 ambiguous matches: patch with 5 or more context lines"),
        "{block}"
    );
    assert!(
        block.contains("Health: 3 errors, 3 ambiguous matches, exchange 4/20"),
        "{block}"
    );
}
