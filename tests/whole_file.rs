//! The whole-file mandate of spec 002 §3 through the real binary: KEYSTONE files refuse
//! every change located by context and accept every whole-file form; a session's file past
//! 70% changed does the same; each row of the threshold table is reached by real applies
//! (snapshots of the `[SESSION CONTEXT]` block); the planner's guidance is kept.

mod common;

use common::{saguaro_with_stdin, stdout_json, tree};
use serde_json::json;
use std::path::Path;

const ENGINE: &str = "def start():\n    return 1\n\n\ndef stop():\n    return 2\n";

fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    tree::write(
        dir.path(),
        &[("src/core/engine.py", ENGINE.as_bytes()), ("src/util.py", b"x = 1\n")],
    );
    dir
}

fn apply(dir: &Path, args: &[&str], patch: &str) -> (Option<i32>, serde_json::Value) {
    let mut all = vec!["apply", "--json"];
    all.extend_from_slice(args);
    let out = saguaro_with_stdin(&all, dir, patch);
    (out.status.code(), stdout_json(&out))
}

/// Every format that places its change by context lines, a line number or a regex, each
/// changing `return 1` to `return 9` in the KEYSTONE file.
fn context_located() -> Vec<(&'static str, String)> {
    let action = |details: serde_json::Value| json!([{"kind": "patch", "details": details}]).to_string();
    vec![
        (
            "applydiff patch block",
            ">>> file: src/core/engine.py\n--- from\ndef start():\n    return 1\n--- to\ndef start():\n    return 9\n<\n".to_string(),
        ),
        (
            "search/replace",
            "src/core/engine.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 9\n>>>>>>> REPLACE\n".to_string(),
        ),
        (
            "unified diff",
            "--- a/src/core/engine.py\n+++ b/src/core/engine.py\n@@ -1,2 +1,2 @@\n def start():\n-    return 1\n+    return 9\n".to_string(),
        ),
        (
            "codex update",
            "*** Begin Patch\n*** Update File: src/core/engine.py\n@@ def start():\n-    return 1\n+    return 9\n*** End Patch\n".to_string(),
        ),
        (
            "search_replace action",
            action(json!({"format": "search_replace", "path": "src/core/engine.py",
                          "search_replace_blocks": [{"search": "    return 1\n", "replace": "    return 9\n"}]})),
        ),
        (
            "regex search_replace action",
            action(json!({"format": "search_replace", "path": "src/core/engine.py",
                          "search_replace_blocks": [{"search": "return 1", "replace": "return 9", "match_mode": "regex"}]})),
        ),
        (
            "unified action",
            action(json!({"format": "unified", "diff":
                "--- a/src/core/engine.py\n+++ b/src/core/engine.py\n@@ -1,2 +1,2 @@\n def start():\n-    return 1\n+    return 9\n"})),
        ),
        (
            "str_replace",
            json!({"command": "str_replace", "path": "src/core/engine.py", "old_str": "return 1", "new_str": "return 9"})
                .to_string(),
        ),
        (
            "text editor insert",
            json!({"command": "insert", "path": "src/core/engine.py", "insert_line": 0, "new_str": "import os\n"})
                .to_string(),
        ),
        (
            "edit_file",
            json!({"path": "src/core/engine.py", "edits": [{"oldText": "return 1", "newText": "return 9"}]}).to_string(),
        ),
    ]
}

#[test]
fn a_keystone_file_refuses_every_context_located_format_and_writes_nothing() {
    for keystone in [
        ["--keystone", "src/core/**"].as_slice(),
        ["--keystone", "engine.py"].as_slice(),
    ] {
        for (name, patch) in context_located() {
            let dir = project();
            let before = tree::snapshot(dir.path());
            let mut args = keystone.to_vec();
            args.extend(["--approve", "all"]);
            let (status, answer) = apply(dir.path(), &args, &patch);
            assert_eq!(status, Some(1), "{name}: {answer}");
            assert_eq!(answer["status"], "rejected", "{name}: {answer}");
            let error = &answer["errors"][0];
            assert_eq!(error["code"], "whole_file_required", "{name}: {answer}");
            assert_eq!(error["file"], "src/core/engine.py", "{name}: {answer}");
            assert!(
                error["hint"]
                    .as_str()
                    .unwrap()
                    .contains(">>> file: src/core/engine.py | mode=replace"),
                "{name}: {answer}"
            );
            assert_eq!(tree::snapshot(dir.path()), before, "{name}: the tree is untouched");
            // The same patch without the KEYSTONE mark applies: the refusal is the mandate's.
            let (status, answer) = apply(dir.path(), &["--approve", "all"], &patch);
            assert_eq!(status, Some(0), "{name} unmarked: {answer}");
        }
    }
}

#[test]
fn a_keystone_file_accepts_every_whole_file_form_and_symbol_edits() {
    let whole = "def start():\n    return 9\n";
    let accepted = [
        (
            "applydiff mode=replace",
            format!(">>> file: src/core/engine.py | mode=replace\n--- from\n--- to\n{whole}<\n"),
        ),
        (
            "whole_file action",
            json!([{"kind": "patch", "details": {"format": "whole_file", "path": "src/core/engine.py",
                                                 "whole_file_content": whole}}])
            .to_string(),
        ),
        (
            "codex add file",
            "*** Begin Patch\n*** Add File: src/core/fresh.py\n+def fresh():\n+    return 0\n*** End Patch\n"
                .to_string(),
        ),
        (
            "text editor create",
            json!({"command": "create", "path": "src/core/new.py", "file_text": "y = 2\n"}).to_string(),
        ),
        (
            "semantic replace",
            json!({"type": "patch", "target_file": "src/core/engine.py", "operations": [
                {"op": "replace", "symbol": "start", "content": "def start():\n    return 9\n"}]})
            .to_string(),
        ),
    ];
    for (name, patch) in accepted {
        let dir = project();
        let (status, answer) = apply(dir.path(), &["--keystone", "src/core/", "--approve", "all"], &patch);
        assert_eq!(status, Some(0), "{name}: {answer}");
        assert_eq!(answer["status"], "applied", "{name}: {answer}");
        assert!(!answer["files"].as_array().unwrap().is_empty(), "{name}: {answer}");
    }
}

#[test]
fn keystone_paths_come_from_the_settings_and_enforce_whole_file_false_only_advises() {
    let dir = project();
    let patch = "src/core/engine.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 9\n>>>>>>> REPLACE\n";
    tree::write(
        dir.path(),
        &[(
            ".saguaro/settings.json",
            br#"{"permission_mode": "default", "keystone_paths": ["src/core/*.py"]}"#,
        )],
    );
    let session = dir.path().join("session.json");
    let session = session.to_str().unwrap();
    let (status, answer) = apply(dir.path(), &["--session", session], patch);
    assert_eq!(status, Some(1), "{answer}");
    assert_eq!(answer["errors"][0]["code"], "whole_file_required");
    tree::write(
        dir.path(),
        &[(
            ".saguaro/settings.json",
            br#"{"permission_mode": "default", "keystone_paths": ["src/core/*.py"], "enforce_whole_file": false}"#,
        )],
    );
    let (status, answer) = apply(dir.path(), &["--session", session], patch);
    assert_eq!(status, Some(0), "{answer}");
    let block = answer["session_context"].as_str().unwrap();
    assert!(
        block.contains("src/core/engine.py (1 patch, 16% changed, KEYSTONE)"),
        "{block}"
    );
    assert!(
        block.contains("src/core/engine.py: the whole file, advised: send it as `>>> file: src/core/engine.py | mode=replace` (KEYSTONE; enforce_whole_file is off)"),
        "{block}"
    );
    assert!(std::fs::read_to_string(dir.path().join("src/core/engine.py"))
        .unwrap()
        .contains("return 9"));
}

#[test]
fn settings_with_a_bad_keystone_glob_or_falling_zones_are_refused() {
    let dir = project();
    for (settings, said) in [
        (
            r#"{"permission_mode": "default", "keystone_paths": ["src/{core"]}"#,
            "keystone_paths glob",
        ),
        (
            r#"{"permission_mode": "default", "whole_file_zones": {"caution_percent": 60}}"#,
            "whole_file_zones do not rise",
        ),
        (
            r#"{"permission_mode": "default", "enforce_whole_file": "no"}"#,
            "enforce_whole_file",
        ),
    ] {
        tree::write(dir.path(), &[(".saguaro/settings.json", settings.as_bytes())]);
        let before = tree::snapshot(dir.path());
        let (status, answer) = apply(
            dir.path(),
            &[],
            ">>> file: src/util.py | mode=replace\n--- from\n--- to\nx = 2\n<\n",
        );
        assert_eq!(status, Some(2), "{settings}: {answer}");
        assert_eq!(answer["errors"][0]["code"], "invalid_format", "{answer}");
        assert!(answer.to_string().contains(said), "{settings}: {answer}");
        assert_eq!(tree::snapshot(dir.path()), before);
    }
}

/// A file of `n` lines `vK = K`.
fn lines(n: usize) -> String {
    (1..=n).map(|k| format!("v{k} = {k}\n")).collect()
}

/// A SEARCH/REPLACE block changing lines `from..=to` of `lines(n)` (by their current text
/// `vK = K`) to `vK = -K`.
fn change_lines(path: &str, from: usize, to: usize) -> String {
    let old: String = (from..=to).map(|k| format!("v{k} = {k}\n")).collect();
    let new: String = (from..=to).map(|k| format!("v{k} = -{k}\n")).collect();
    format!("{path}\n<<<<<<< SEARCH\n{old}=======\n{new}>>>>>>> REPLACE\n")
}

fn block(answer: &serde_json::Value) -> String {
    answer["session_context"].as_str().unwrap().to_string()
}

/// Rows one to four by percent changed, on a file of 20 lines, then the mandate: a context
/// patch refused, the whole file accepted.
#[test]
fn a_session_moves_a_file_through_the_rows_by_percent_changed() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(dir.path(), &[("m.py", lines(20).as_bytes())]);
    let session = dir.path().join("s.json");
    let s = session.to_str().unwrap();
    let run = |patch: String| apply(dir.path(), &["--session", s], &patch);

    let (status, answer) = run(change_lines("m.py", 1, 1));
    assert_eq!(status, Some(0), "{answer}");
    insta::assert_snapshot!("percent_row_1_patch", block(&answer));
    let (_, answer) = run(change_lines("m.py", 2, 6));
    insta::assert_snapshot!("percent_row_2_caution", block(&answer));
    let (_, answer) = run(change_lines("m.py", 7, 10));
    insta::assert_snapshot!("percent_row_3_warning", block(&answer));
    let (_, answer) = run(change_lines("m.py", 11, 14));
    insta::assert_snapshot!("percent_row_3_warning_at_70", block(&answer));
    let (_, answer) = run(change_lines("m.py", 15, 15));
    insta::assert_snapshot!("percent_row_4_whole_file", block(&answer));

    // Past 70%: a context patch is refused and counted, nothing written.
    let before = tree::snapshot(dir.path());
    let (status, answer) = run(change_lines("m.py", 16, 16));
    assert_eq!(status, Some(1), "{answer}");
    assert_eq!(answer["errors"][0]["code"], "whole_file_required", "{answer}");
    assert!(
        answer["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("`m.py` is 75% changed this session (over 70%)"),
        "{answer}"
    );
    let mut after = tree::snapshot(dir.path());
    after.remove("s.json");
    let mut expected = before.clone();
    expected.remove("s.json");
    assert_eq!(after, expected, "nothing but the session file changed");
    // The whole file is accepted.
    let now = std::fs::read_to_string(dir.path().join("m.py")).unwrap();
    let (status, answer) = run(format!(
        ">>> file: m.py | mode=replace\n--- from\n--- to\n{}<\n",
        now.replace("v16 = 16", "v16 = -16")
    ));
    assert_eq!(status, Some(0), "{answer}");
    insta::assert_snapshot!("percent_row_4_after_whole_file", block(&answer));
}

/// Rows two and three by the number of patches, on a file of 200 lines where each patch
/// changes one line; then row five, three ambiguous matches.
#[test]
fn a_session_moves_a_file_through_the_rows_by_patches_and_ambiguity() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(
        dir.path(),
        &[
            ("big.py", lines(200).as_bytes()),
            ("twice.py", b"def a():\n    return 0\n\ndef b():\n    return 0\n"),
        ],
    );
    let session = dir.path().join("s.json");
    let s = session.to_str().unwrap();
    let run = |patch: String| apply(dir.path(), &["--session", s], &patch);
    for k in 1..=5 {
        let (status, answer) = run(change_lines("big.py", k, k));
        assert_eq!(status, Some(0), "{answer}");
    }
    let (_, answer) = run(change_lines("big.py", 6, 6));
    insta::assert_snapshot!("patches_row_2_caution", block(&answer));
    run(change_lines("big.py", 7, 7));
    let (_, answer) = run(change_lines("big.py", 8, 8));
    insta::assert_snapshot!("patches_row_3_warning", block(&answer));
    // Eight patches are a warning, not a mandate: the ninth applies.
    let (status, answer) = run(change_lines("big.py", 9, 9));
    assert_eq!(status, Some(0), "{answer}");

    let ambiguous = "twice.py\n<<<<<<< SEARCH\n    return 0\n=======\n    return 1\n>>>>>>> REPLACE\n".to_string();
    for _ in 0..3 {
        let (status, answer) = run(ambiguous.clone());
        assert_eq!(status, Some(1), "{answer}");
        assert_eq!(answer["errors"][0]["code"], "ambiguous_match", "{answer}");
    }
    let (_, answer) = run(change_lines("big.py", 10, 10));
    insta::assert_snapshot!("ambiguity_row_5_more_context", block(&answer));
}

#[test]
fn the_planners_guidance_is_kept_across_applies_until_replaced() {
    let dir = project();
    tree::write(dir.path(), &[("src/util.py", lines(20).as_bytes())]);
    let session = dir.path().join("s.json");
    let s = session.to_str().unwrap();
    let plan = "Move the retry loop out of start() into a helper; keep stop() as it is.";
    let steps = [
        (
            vec!["--session", s, "--guidance", plan],
            change_lines("src/util.py", 1, 1),
        ),
        (vec!["--session", s], change_lines("src/util.py", 2, 2)),
        (vec!["--session", s], change_lines("src/util.py", 3, 3)),
    ];
    for (i, (args, patch)) in steps.iter().enumerate() {
        let (status, answer) = apply(dir.path(), args, patch);
        assert_eq!(status, Some(0), "apply {i}: {answer}");
        let block = block(&answer);
        assert!(
            block.contains(&format!("\nGuidance: {plan}; src/util.py: ")),
            "apply {i}: {block}"
        );
        assert!(block.contains(&format!("exchange {}/20", i + 1)), "apply {i}: {block}");
    }
    let (_, answer) = apply(
        dir.path(),
        &["--session", s, "--guidance", "Now rename stop to halt."],
        &change_lines("src/util.py", 4, 4),
    );
    let block = block(&answer);
    assert!(
        block.contains("\nGuidance: Now rename stop to halt.; src/util.py: "),
        "{block}"
    );
    assert!(!block.contains("retry loop"), "{block}");
    // Without a session there is nowhere to keep it: the command line says so.
    let out = saguaro_with_stdin(
        &["apply", "--guidance", "x"],
        dir.path(),
        &change_lines("src/util.py", 5, 5),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("--session"), "{}", common::stderr(&out));
}
