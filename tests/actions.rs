//! Proposed actions end to end: the fixtures against the schema and the serde types, every
//! refusal leaving the tree byte-identical, file operations, policy and approvals,
//! on_conflict, regex and occurrence blocks, commands and events.

mod common;

use common::tree::{self, snapshot};
use saguaro::apply::{apply, Answer, Format, Options, Status};
use saguaro::schema::{self, Contract};
use saguaro::settings::{Approvals, PermissionMode, Settings};
use serde_json::{json, Value};
use std::path::Path;

fn fixtures(dir: &str) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(dir);
    let mut out: Vec<(String, String)> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "fixtures/{dir} is empty");
    out
}

#[test]
fn valid_action_fixtures_pass_the_schema_and_read_as_types() {
    for (name, text) in fixtures("actions/valid") {
        let value: Value = serde_json::from_str(&text).unwrap();
        assert!(
            schema::validate(Contract::ProposedAction, &value).is_ok(),
            "{name}: {:?}",
            schema::validate(Contract::ProposedAction, &value)
        );
        let actions = saguaro::action::parse(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let expected = value.as_array().map_or(1, Vec::len);
        assert_eq!(actions.len(), expected, "{name}");
        let kinds: Vec<&str> = actions.iter().map(|a| a.action.kind()).collect();
        let named = kinds.iter().any(|k| name.starts_with(k) || name.contains(k));
        assert!(named || name.starts_with("approval_group"), "{name} holds {kinds:?}");
    }
}

#[test]
fn invalid_action_fixtures_are_refused_with_a_pointer() {
    for (name, text) in fixtures("actions/invalid") {
        let value: Value = serde_json::from_str(&text).unwrap();
        let errors =
            schema::validate(Contract::ProposedAction, &value).expect_err(&format!("{name} passes the schema"));
        assert!(errors.iter().all(|e| e.pointer.is_some()), "{name}: {errors:?}");
        assert!(saguaro::action::parse(&text).is_err(), "{name}");
        // What the serde types accept alone is refused by a value rule only the schema
        // states (a pattern, a range, a conditional requirement), never by its shape.
        let serde_alone = match &value {
            Value::Array(items) => items
                .iter()
                .all(|i| serde_json::from_value::<saguaro::action::ProposedAction>(i.clone()).is_ok()),
            one => serde_json::from_value::<saguaro::action::ProposedAction>(one.clone()).is_ok(),
        };
        if serde_alone {
            let value_rules = [
                "pattern",
                "minimum",
                "maximum",
                "required",
                "minItems",
                "minLength",
                "oneOf",
                "anyOf",
                "exclusiveMinimum",
            ];
            assert!(
                errors
                    .iter()
                    .any(|e| value_rules.iter().any(|r| e.hint.contains(&format!("`{r}`"))))
                    || errors
                        .iter()
                        .any(|e| e.code == saguaro::feedback::ErrorCode::PathRejected),
                "{name}: serde accepts it and the schema refuses it for {errors:?}"
            );
        }
    }
}

#[test]
fn event_fixtures_agree_with_the_schema() {
    for (name, text) in fixtures("events/valid") {
        let value: Value = serde_json::from_str(&text).unwrap();
        assert!(schema::validate(Contract::Event, &value).is_ok(), "{name}");
    }
    for (name, text) in fixtures("events/invalid") {
        let value: Value = serde_json::from_str(&text).unwrap();
        assert!(schema::validate(Contract::Event, &value).is_err(), "{name}");
    }
}

#[test]
fn settings_fixtures_agree_with_the_schema() {
    for (name, text) in fixtures("settings/valid") {
        Settings::parse(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
    for (name, text) in fixtures("settings/invalid") {
        let errors = Settings::parse(&text).expect_err(&name);
        assert!(errors.iter().all(|e| e.pointer.is_some()), "{name}: {errors:?}");
    }
    let full = Settings::parse(
        &fixtures("settings/valid")
            .into_iter()
            .find(|(n, _)| n == "full.json")
            .unwrap()
            .1,
    )
    .unwrap();
    assert_eq!(full.permission_mode, PermissionMode::AcceptEdits);
    assert_eq!(
        full.languages["python"].linter.as_deref(),
        Some(&["ruff".to_string(), "check".into(), ".".into()][..])
    );
}

// --- running actions ----------------------------------------------------------------------

const ENGINE: &str = "class Engine:\n    def start(self):\n        return 1\n\n    def stop(self):\n        return None\n\n    def status(self):\n        return None\n";

fn options(root: &Path) -> Options {
    Options {
        format: Some(Format::Action),
        approvals: Approvals::from_args(&["all".to_string()]),
        ..Options::new(root)
    }
}

fn run(action: &Value, options: &Options) -> Answer {
    apply(&action.to_string(), options)
}

/// Applies `action` to a tree made of `files` and expects the refusal `code`, with the tree
/// byte for byte as it was.
fn refused(files: &[(&str, &[u8])], action: Value, code: &str, tune: impl Fn(&mut Options)) -> Answer {
    let dir = tempfile::tempdir().unwrap();
    tree::write(dir.path(), files);
    let before = snapshot(dir.path());
    let mut opts = options(dir.path());
    tune(&mut opts);
    let answer = run(&action, &opts);
    assert_eq!(answer.status, Status::Rejected, "{action}: {answer:?}");
    assert_eq!(answer.errors[0].code.as_str(), code, "{action}: {:?}", answer.errors);
    assert!(!answer.errors[0].message.is_empty() && !answer.errors[0].hint.is_empty());
    assert_eq!(snapshot(dir.path()), before, "{action} changed the tree");
    answer
}

fn same(_: &mut Options) {}

#[test]
fn every_refusal_leaves_the_tree_as_it_was() {
    let a: &[(&str, &[u8])] = &[
        ("a.py", b"x = 1\n"),
        ("engine.py", ENGINE.as_bytes()),
        ("pkg/m.py", b"y = 2\n"),
    ];
    let patch = |path: &str, search: &str, replace: &str| {
        json!({"kind": "patch", "details": {"format": "search_replace", "path": path,
               "search_replace_blocks": [{"search": search, "replace": replace}]}})
    };
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "a.py", "content": "z"}}),
        "file_exists",
        same,
    );
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "pkg", "content": "z", "overwrite": true}}),
        "file_exists",
        same,
    );
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "../a.py", "content": "z"}}),
        "path_rejected",
        same,
    );
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": ".git/config", "content": "z"}}),
        "path_rejected",
        same,
    );
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "pkg/.GIT/x", "content": "z"}}),
        "path_rejected",
        same,
    );
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "x.bin", "content": "@@@", "encoding": "base64"}}),
        "invalid_format",
        same,
    );
    refused(
        a,
        json!({"kind": "file_rename", "details": {"old_path": "nope.py", "new_path": "b.py"}}),
        "file_missing",
        same,
    );
    refused(
        a,
        json!({"kind": "file_rename", "details": {"old_path": "a.py", "new_path": "engine.py"}}),
        "file_exists",
        same,
    );
    refused(
        a,
        json!({"kind": "file_rename", "details": {"old_path": "a.py", "new_path": "./a.py"}}),
        "invalid_format",
        same,
    );
    refused(
        a,
        json!({"kind": "file_delete", "details": {"path": "nope.py"}}),
        "file_missing",
        same,
    );
    refused(
        a,
        json!({"kind": "file_delete", "details": {"path": "pkg"}}),
        "path_rejected",
        same,
    );
    refused(
        a,
        json!({"kind": "file_delete", "details": {"path": ".", "recursive": true}}),
        "path_rejected",
        same,
    );
    refused(
        a,
        json!({"kind": "file_delete", "details": {"path": "a.py", "expected_sha256": "0".repeat(64)}}),
        "stale_base",
        same,
    );
    refused(a, patch("a.py", "x = 9", "x = 2"), "no_match", same);
    refused(
        a,
        patch("engine.py", "        return None", "        return 0"),
        "ambiguous_match",
        same,
    );
    refused(a, patch("nope.py", "x", "y"), "file_missing", same);
    refused(
        a,
        json!({"kind": "patch", "details": {"format": "whole_file", "path": "a.py", "whole_file_content": "x = 3\n",
                      "base_file_sha256": "0".repeat(64)}}),
        "stale_base",
        same,
    );
    refused(
        a,
        json!({"kind": "patch", "details": {"format": "search_replace", "path": "engine.py",
                      "base_file_sha256": "0".repeat(64), "on_conflict": "theirs",
                      "search_replace_blocks": [{"search": "def pause(self):", "replace": "def halt(self):"}]}}),
        "conflict",
        same,
    );
    refused(
        a,
        json!({"kind": "patch", "details": {"format": "search_replace", "path": "engine.py", "search_replace_blocks": [
                      {"search": "return (\\w+)", "replace": "return $1", "match_mode": "regex"}]}}),
        "ambiguous_match",
        same,
    );
    refused(
        a,
        json!({"kind": "patch", "details": {"format": "search_replace", "path": "engine.py", "search_replace_blocks": [
                      {"search": "(", "replace": "", "match_mode": "regex"}]}}),
        "invalid_format",
        same,
    );
    refused(
        a,
        json!({"kind": "patch", "details": {"format": "search_replace", "path": "engine.py", "search_replace_blocks": [
                      {"search": "        return None", "replace": "        return 0", "match_occurrence": 3}]}}),
        "no_match",
        same,
    );
    refused(
        a,
        json!({"kind": "semantic_patch", "details": {"target_file": "engine.py",
                      "operations": [{"op": "delete", "symbol": "Engine.pause"}]}}),
        "symbol_not_found",
        same,
    );
    refused(
        a,
        json!({"kind": "handoff", "details": {"to": "reviewer"}}),
        "not_executable",
        same,
    );
    refused(
        a,
        json!({"kind": "file_delete", "details": {"path": "../a.py"}}),
        "path_rejected",
        same,
    );
    refused(a, json!({"kind": "frobnicate", "details": {}}), "invalid_format", same);
    // All or nothing: the first action would work, the second does not.
    refused(
        a,
        json!([{"kind": "file_create", "details": {"path": "new.py", "content": "n = 1\n"}},
                      {"kind": "file_delete", "details": {"path": "a.py"}},
                      {"kind": "file_delete", "details": {"path": "gone.py"}}]),
        "file_missing",
        same,
    );
    // Text that is not UTF-8 is refused, not mangled.
    refused(
        &[("latin.py", b"caf\xe9 = 1\n")],
        patch("latin.py", "caf", "cafe"),
        "not_utf8",
        same,
    );
    // Settings: denied paths, confined writes, and approvals.
    let deny = |o: &mut Options| o.settings.deny_paths = vec!["pkg/".into(), "*.pem".into()];
    refused(
        a,
        json!({"kind": "file_delete", "details": {"path": "pkg/m.py"}}),
        "path_rejected",
        deny,
    );
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "keys/server.pem", "content": "k"}}),
        "path_rejected",
        deny,
    );
    refused(
        a,
        json!({"kind": "file_rename", "details": {"old_path": "a.py", "new_path": "pkg/a.py"}}),
        "path_rejected",
        deny,
    );
    refused(
        a,
        json!({"kind": "file_delete", "details": {"path": "pkg", "recursive": true}}),
        "path_rejected",
        deny,
    );
    let confine = |o: &mut Options| o.settings.allow_paths_write = vec!["src/**".into()];
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "b.py", "content": "b"}}),
        "path_rejected",
        confine,
    );
    refused(a, patch("a.py", "x = 1", "x = 2"), "path_rejected", confine);
    let unapproved = |o: &mut Options| o.approvals = Approvals::default();
    refused(
        a,
        json!({"kind": "file_create", "details": {"path": "b.py", "content": "b"}}),
        "approval_required",
        unapproved,
    );
}

#[cfg(unix)]
#[test]
fn links_out_of_the_root_and_link_files_are_refused() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.py"), "s = 1\n").unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("out")).unwrap();
    std::os::unix::fs::symlink("a.py", dir.path().join("alias.py")).unwrap();
    std::fs::write(dir.path().join("a.py"), "x = 1\n").unwrap();
    let before = snapshot(dir.path());
    let outside_before = snapshot(outside.path());
    for action in [
        json!({"kind": "file_create", "details": {"path": "out/new.py", "content": "n"}}),
        json!({"kind": "file_delete", "details": {"path": "out/secret.py"}}),
        json!({"kind": "file_rename", "details": {"old_path": "a.py", "new_path": "out/a.py"}}),
        json!({"kind": "patch", "details": {"format": "whole_file", "path": "alias.py", "whole_file_content": "x = 2\n"}}),
        json!({"kind": "file_delete", "details": {"path": "alias.py"}}),
    ] {
        let answer = run(&action, &options(dir.path()));
        assert_eq!(
            answer.errors.first().map(|e| e.code.as_str()),
            Some("path_rejected"),
            "{action}"
        );
    }
    assert_eq!(snapshot(dir.path()), before);
    assert_eq!(snapshot(outside.path()), outside_before);
}

#[test]
fn file_operations_create_rename_and_delete() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(
        dir.path(),
        &[
            ("a.py", b"x = 1\n"),
            ("build/gen/one.txt", b"1"),
            ("build/two.txt", b"2"),
            ("old.txt", b"old"),
        ],
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path().join("a.py"), std::fs::Permissions::from_mode(0o751)).unwrap();
    }
    let actions = json!([
        {"kind": "file_create", "details": {"path": "deep/new/dir/n.py", "content": "n = 1\n"}},
        {"kind": "file_create", "details": {"path": "logo.bin", "content": "AAEC/w==", "encoding": "base64"}},
        {"kind": "file_rename", "details": {"old_path": "a.py", "new_path": "lib/a.py"}},
        {"kind": "patch", "details": {"format": "search_replace", "path": "lib/a.py",
                                      "search_replace_blocks": [{"search": "x = 1", "replace": "x = 2"}]}},
        {"kind": "file_delete", "details": {"path": "build", "recursive": true}},
        {"kind": "file_create", "details": {"path": "old.txt", "content": "new", "overwrite": true}}
    ]);
    let answer = run(&actions, &options(dir.path()));
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    let t = snapshot(dir.path());
    let file = |p: &str| match &t[p] {
        tree::Entry::File { bytes, .. } => bytes.clone(),
        other => panic!("{p}: {other:?}"),
    };
    assert_eq!(file("deep/new/dir/n.py"), b"n = 1\n");
    assert_eq!(file("logo.bin"), [0u8, 1, 2, 255]);
    assert_eq!(file("lib/a.py"), b"x = 2\n");
    assert_eq!(file("old.txt"), b"new");
    assert!(
        !t.contains_key("a.py") && !t.contains_key("build"),
        "{:?}",
        t.keys().collect::<Vec<_>>()
    );
    #[cfg(unix)]
    assert!(
        matches!(&t["lib/a.py"], tree::Entry::File { mode: 0o751, .. }),
        "a renamed file keeps its mode"
    );
    let actions: Vec<(&str, &str)> = answer.files.iter().map(|f| (f.path.as_str(), f.action)).collect();
    assert!(actions.contains(&("lib/a.py", "renamed")), "{actions:?}");
    assert!(actions.contains(&("build/gen/one.txt", "deleted")), "{actions:?}");
    assert!(
        answer.diff.contains("rename from a.py\nrename to lib/a.py"),
        "{}",
        answer.diff
    );
}

#[test]
fn line_endings_bom_and_final_newline_survive_a_patch() {
    let dir = tempfile::tempdir().unwrap();
    let crlf: &[u8] = b"\xef\xbb\xbfa = 1\r\nb = 2\r\nc = 3";
    tree::write(dir.path(), &[("w.py", crlf)]);
    let action = json!({"kind": "patch", "details": {"format": "search_replace", "path": "w.py",
        "search_replace_blocks": [{"search": "b = 2", "replace": "b = 20\nb2 = 21"}]}});
    let answer = run(&action, &options(dir.path()));
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        std::fs::read(dir.path().join("w.py")).unwrap(),
        b"\xef\xbb\xbfa = 1\r\nb = 20\r\nb2 = 21\r\nc = 3"
    );
}

#[test]
fn regex_blocks_and_occurrences_say_which_place() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(
        dir.path(),
        &[("engine.py", ENGINE.as_bytes()), ("v.py", b"VERSION = \"1.4\"\n")],
    );
    let action = json!({"kind": "patch", "details": {"format": "search_replace", "search_replace_blocks": [
        {"file": "v.py", "search": "^VERSION = \"(\\d+)\\.(\\d+)\"$", "replace": "VERSION = \"$1.5\"", "match_mode": "regex"},
        {"file": "engine.py", "search": "        return None", "replace": "        return self.ready", "match_occurrence": 2}
    ]}});
    let answer = run(&action, &options(dir.path()));
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("v.py")).unwrap(),
        "VERSION = \"1.5\"\n"
    );
    let engine = std::fs::read_to_string(dir.path().join("engine.py")).unwrap();
    assert_eq!(
        engine,
        ENGINE.replacen(
            "return None\n\n    def status(self):\n        return None",
            "return None\n\n    def status(self):\n        return self.ready",
            1
        )
    );
    let strategies: Vec<&str> = answer.matches.iter().map(|m| m.matched.strategy).collect();
    assert_eq!(strategies, ["regex", "exact"]);
}

#[test]
fn fallback_strategy_caps_the_tiers() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(dir.path(), &[("engine.py", ENGINE.as_bytes())]);
    let block = |strategy: &str| {
        json!({"kind": "patch", "details": {"format": "search_replace", "path": "engine.py", "fallback_strategy": strategy,
            "search_replace_blocks": [{"search": "    def strat(self):\n        return 1", "replace": "    def start(self):\n        return 2"}]}})
    };
    let none = run(&block("none"), &options(dir.path()));
    assert_eq!(none.errors[0].code.as_str(), "no_match");
    assert!(
        none.errors[0].hint.contains("fallback_strategy to fuzzy"),
        "{}",
        none.errors[0].hint
    );
    let anchor = run(&block("line_anchor"), &options(dir.path()));
    assert_eq!(anchor.errors[0].code.as_str(), "no_match");
    // The fuzzy tier places it, and the policy then wants a person's approval.
    let mut strict = options(dir.path());
    strict.approvals = Approvals::default();
    strict.settings.permission_mode = PermissionMode::AcceptEdits;
    let fuzzy = run(&block("fuzzy"), &strict);
    assert_eq!(fuzzy.errors[0].code.as_str(), "approval_required", "{:?}", fuzzy.errors);
    assert!(fuzzy.errors[0].message.contains("fuzzy"), "{}", fuzzy.errors[0].message);
    let approved = run(&block("fuzzy"), &options(dir.path()));
    assert_eq!(approved.status, Status::Applied, "{:?}", approved.errors);
    assert_eq!(approved.matches[0].matched.strategy, "fuzzy");
}

#[test]
fn permission_modes_decide_what_runs_unapproved() {
    let edit = json!({"kind": "file_create", "details": {"path": "n.py", "content": "n"}});
    let delete = json!({"kind": "file_delete", "details": {"path": "a.py"}});
    let quiet = json!({"kind": "file_create", "risk": 0, "details": {"path": "q.py", "content": "q"}});
    let asks = json!({"kind": "file_create", "requires_approval": true, "details": {"path": "r.py", "content": "r"}});
    let cases = [
        (PermissionMode::Default, &edit, false),
        (PermissionMode::Default, &quiet, true),
        (PermissionMode::AcceptEdits, &edit, true),
        (PermissionMode::AcceptEdits, &delete, false),
        (PermissionMode::AcceptEdits, &asks, false),
        (PermissionMode::Autopilot, &delete, true),
        (PermissionMode::Autopilot, &asks, true),
    ];
    for (mode, action, runs) in cases {
        let dir = tempfile::tempdir().unwrap();
        tree::write(dir.path(), &[("a.py", b"x = 1\n")]);
        let mut opts = options(dir.path());
        opts.approvals = Approvals::default();
        opts.settings.permission_mode = mode;
        let answer = run(action, &opts);
        assert_eq!(
            answer.status == Status::Applied,
            runs,
            "{mode:?} {action}: {:?}",
            answer.errors
        );
    }
}

#[test]
fn approval_groups_are_granted_together() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(
        dir.path(),
        &[("engine.py", b"e\n"), ("store.py", b"s\n"), ("old.py", b"o\n")],
    );
    let group = json!({"id": "renames", "label": "Rename modules", "size": 2});
    let actions = json!([
        {"kind": "file_rename", "approval_group": group, "details": {"old_path": "engine.py", "new_path": "core/engine.py"}},
        {"kind": "file_rename", "approval_group": group, "details": {"old_path": "store.py", "new_path": "core/store.py"}},
        {"id": "drop-old", "kind": "file_delete", "details": {"path": "old.py"}}
    ]);
    let mut opts = options(dir.path());
    opts.approvals = Approvals::default();
    let answer = run(&actions, &opts);
    let codes: Vec<(&str, Option<usize>)> = answer.errors.iter().map(|e| (e.code.as_str(), e.action)).collect();
    assert_eq!(codes, [("approval_required", None), ("approval_required", Some(2))]);
    assert!(
        answer.errors[0]
            .message
            .contains("approval group `renames` (Rename modules)"),
        "{}",
        answer.errors[0].message
    );
    assert!(answer.errors[0].hint.contains("--approve renames"));
    assert!(answer.errors[1].hint.contains("--approve drop-old"));
    opts.approvals = Approvals::from_args(&["renames".to_string()]);
    assert_eq!(run(&actions, &opts).errors.len(), 1, "the delete still waits");
    opts.approvals = Approvals::from_args(&["renames".to_string(), "drop-old".to_string()]);
    assert_eq!(run(&actions, &opts).status, Status::Applied);
    assert!(dir.path().join("core/store.py").exists() && !dir.path().join("old.py").exists());
}

#[test]
fn on_conflict_decides_what_a_stale_base_gets() {
    let current = "def f():\n    return 1\n\n\ndef g():\n    return 2\n";
    let stale = "0".repeat(64);
    let whole = |strategy: &str| {
        json!({"kind": "patch", "details": {"format": "whole_file", "path": "m.py", "base_file_sha256": stale,
            "on_conflict": strategy, "whole_file_content": "def f():\n    return 10\n\n\ndef g():\n    return 2\n"}})
    };
    let outcome = |action: Value| {
        let dir = tempfile::tempdir().unwrap();
        tree::write(dir.path(), &[("m.py", current.as_bytes())]);
        let answer = run(&action, &options(dir.path()));
        (answer, std::fs::read_to_string(dir.path().join("m.py")).unwrap())
    };
    let (answer, text) = outcome(whole("ours"));
    assert_eq!((answer.status, text.as_str()), (Status::Applied, current));
    assert!(answer.notices[0].message.contains("on_conflict=ours"));
    let (_, text) = outcome(whole("theirs"));
    assert_eq!(text, "def f():\n    return 10\n\n\ndef g():\n    return 2\n");
    let (answer, text) = outcome(whole("marker"));
    assert_eq!(
        text,
        "def f():\n<<<<<<< current\n    return 1\n=======\n    return 10\n>>>>>>> patch\n\n\ndef g():\n    return 2\n"
    );
    assert_eq!(answer.matches[0].matched.strategy, "conflict_marker");
    // A block that no longer places is marked around the closest region.
    let (answer, text) = outcome(
        json!({"kind": "patch", "details": {"format": "search_replace", "path": "m.py",
        "base_file_sha256": stale, "on_conflict": "marker",
        "search_replace_blocks": [{"search": "def g():\n    return 3", "replace": "def g():\n    return 30"}]}}),
    );
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    assert!(
        text.ends_with("<<<<<<< current\ndef g():\n    return 2\n=======\ndef g():\n    return 30\n>>>>>>> patch\n"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn commands_run_without_a_shell_and_time_out() {
    let dir = tempfile::tempdir().unwrap();
    let actions = json!([
        {"kind": "file_create", "details": {"path": "made.txt", "content": "m"}},
        {"kind": "command", "details": {"argv": ["ls", "made.txt; echo injected"]}},
        {"kind": "command", "details": {"argv": ["cat", "made.txt"]}},
        {"kind": "command", "details": {"argv": ["sleep", "5"], "timeout_seconds": 0.2}},
        {"kind": "command", "details": {"argv": ["saguaro-no-such-program"]}}
    ]);
    let answer = run(&actions, &options(dir.path()));
    assert_eq!(answer.status, Status::Applied, "{:?}", answer.errors);
    let runs: Vec<(&str, Option<i32>)> = answer.commands.iter().map(|c| (c.status, c.exit_code)).collect();
    assert_eq!(runs[0].0, "failed", "the argument is one file name, not a shell line");
    assert!(!answer.commands[0].stdout.contains("injected"));
    assert_eq!(runs[1], ("ok", Some(0)));
    assert_eq!(
        answer.commands[1].stdout, "m",
        "commands run after the files are written"
    );
    assert_eq!(runs[2].0, "timed_out");
    assert!(answer.commands[2].duration_ms < 4000);
    assert_eq!(runs[3].0, "not_started");
    // Unapproved under the default mode: nothing runs and nothing is written.
    let mut opts = options(dir.path());
    opts.approvals = Approvals::default();
    let marker = json!({"kind": "command", "risk": 0, "details": {"argv": ["touch", "ran.txt"]}});
    assert_eq!(run(&marker, &opts).status, Status::Applied, "risk 0 runs");
    std::fs::remove_file(dir.path().join("ran.txt")).unwrap();
    let risky = json!({"kind": "command", "details": {"argv": ["touch", "ran.txt"]}});
    assert_eq!(run(&risky, &opts).errors[0].code.as_str(), "approval_required");
    assert!(!dir.path().join("ran.txt").exists());
}

#[test]
fn events_follow_their_schema() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(dir.path(), &[("engine.py", ENGINE.as_bytes())]);
    let log = dir.path().join("events.jsonl");
    let mut opts = options(dir.path());
    opts.events = Some(log.clone());
    let good = json!([
        {"id": "p1", "kind": "patch", "risk": 1, "approval_group": {"id": "g"}, "details": {"format": "search_replace", "path": "engine.py",
            "search_replace_blocks": [{"search": "        return 1", "replace": "        return 2"}]}},
        {"kind": "file_create", "details": {"path": "n.py", "content": "n"}}
    ]);
    assert_eq!(run(&good, &opts).status, Status::Applied);
    let bad = json!({"kind": "file_delete", "details": {"path": "missing.py"}});
    assert_eq!(run(&bad, &opts).status, Status::Rejected);
    let lines: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "action.proposed",
            "action.proposed",
            "action.applied",
            "action.applied",
            "action.proposed",
            "action.rejected"
        ]
    );
    for line in &lines {
        assert!(
            schema::validate(Contract::Event, line).is_ok(),
            "{line}: {:?}",
            schema::validate(Contract::Event, line)
        );
    }
    assert_eq!(lines[2]["matches"][0]["strategy"], "exact");
    assert_eq!(lines[3]["files"], json!(["n.py"]));
    assert_eq!(lines[5]["error"]["code"], "file_missing");
    assert_eq!(lines[0]["trace"]["correlation_id"], lines[3]["trace"]["correlation_id"]);
    assert_ne!(lines[0]["trace"]["correlation_id"], lines[4]["trace"]["correlation_id"]);
}

#[test]
fn the_cli_reads_settings_and_approvals() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(
        dir.path(),
        &[
            ("a.py", b"x = 1\n"),
            (
                ".saguaro/settings.json",
                br#"{"permission_mode": "acceptEdits", "deny_paths": ["a.py"]}"#,
            ),
        ],
    );
    std::fs::write(
        dir.path().join("act.json"),
        r#"{"kind": "file_create", "details": {"path": "b.py", "content": "b"}}"#,
    )
    .unwrap();
    let out = common::saguaro(&["apply", "act.json", "--json"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    std::fs::write(
        dir.path().join("del.json"),
        r#"{"kind": "file_delete", "details": {"path": "a.py"}}"#,
    )
    .unwrap();
    let out = common::saguaro(&["apply", "del.json", "--json", "--approve", "all"], Some(dir.path()));
    assert_eq!(common::stdout_json(&out)["errors"][0]["code"], "path_rejected");
    // A unified diff is held to the same path rules.
    std::fs::write(
        dir.path().join("p.diff"),
        "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n",
    )
    .unwrap();
    let out = common::saguaro(&["apply", "p.diff", "--json"], Some(dir.path()));
    assert_eq!(common::stdout_json(&out)["errors"][0]["code"], "path_rejected");
    std::fs::write(dir.path().join("bad.json"), r#"{"permission_mode": "sometimes"}"#).unwrap();
    let out = common::saguaro(
        &["apply", "act.json", "--json", "--settings", "bad.json"],
        Some(dir.path()),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(common::stdout_json(&out)["errors"][0]["pointer"], "/permission_mode");
    std::fs::write(
        dir.path().join("bad_action.json"),
        r#"{"kind": "file_create", "details": {"path": "c.py"}}"#,
    )
    .unwrap();
    let out = common::saguaro(&["apply", "bad_action.json", "--json"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(common::stdout_json(&out)["errors"][0]["pointer"], "/details");
}

// --- transactions ---------------------------------------------------------------------------

/// A tree and a transaction staged on it: a modified file (with its own mode), a created
/// file in new directories, a deleted file, a renamed file and a deleted directory.
fn staged_tree() -> (tempfile::TempDir, saguaro::workspace::Transaction) {
    let dir = tempfile::tempdir().unwrap();
    tree::write(
        dir.path(),
        &[
            ("a.py", b"a = 1\r\n"),
            ("b.py", b"b"),
            ("gen/x/c.txt", b"c"),
            ("gen/d.txt", b"d"),
            ("e.py", b"\xef\xbb\xbfe"),
        ],
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path().join("a.py"), std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let workspace = saguaro::workspace::Workspace::new(dir.path()).unwrap();
    let mut tx = saguaro::workspace::Transaction::new(workspace);
    tx.write("a.py", b"a = 2\r\n".to_vec()).unwrap();
    tx.write("new/deep/f.py", b"f".to_vec()).unwrap();
    tx.remove("b.py").unwrap();
    tx.rename("e.py", "moved/e.py").unwrap();
    tx.remove_dir("gen").unwrap();
    (dir, tx)
}

#[test]
fn a_commit_that_fails_midway_puts_every_byte_back() {
    // How many steps a commit takes.
    let (dir, tx) = staged_tree();
    let mut steps = 0;
    tx.commit_with(&mut |_| {
        steps += 1;
        Ok(())
    })
    .unwrap();
    let after = snapshot(dir.path());
    assert!(steps >= 8, "{steps} steps");
    assert!(matches!(&after["moved/e.py"], tree::Entry::File { bytes, .. } if bytes == b"\xef\xbb\xbfe"));
    assert!(!after.contains_key("gen") && !after.contains_key("b.py"));
    // A failure at each step in turn (a full disk, a read-only directory): the tree is as
    // it was, byte for byte, mode for mode, with no directory left behind.
    for fail_at in 0..steps {
        let (dir, tx) = staged_tree();
        let before = snapshot(dir.path());
        let mut step = 0;
        let result = tx.commit_with(&mut |_| {
            step += 1;
            if step == fail_at + 1 {
                Err(std::io::Error::other("injected: no space left on device"))
            } else {
                Ok(())
            }
        });
        let error = result.expect_err("the injected failure is reported");
        assert!(error.message.contains("injected"), "{}", error.message);
        assert_eq!(snapshot(dir.path()), before, "failure at step {fail_at}");
    }
}

// --- random input -----------------------------------------------------------------------------

mod random {
    use super::*;
    use proptest::prelude::*;

    /// Path-like strings built from the pieces that make paths dangerous.
    fn path() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("..".to_string()),
            Just(".".to_string()),
            Just(".git".to_string()),
            Just("".to_string()),
            Just("/".to_string()),
            Just("\\".to_string()),
            Just("C:".to_string()),
            Just("\u{0}".to_string()),
            Just("\n".to_string()),
            Just("out".to_string()),
            Just("a.py".to_string()),
            Just("dir".to_string()),
            "[a-z.]{1,6}",
        ];
        prop::collection::vec(piece, 1..5).prop_map(|pieces| pieces.join("/"))
    }

    fn action() -> impl Strategy<Value = Value> {
        prop_oneof![
            (path(), any::<bool>()).prop_map(|(p, o)| json!({"kind": "file_create", "details": {"path": p, "content": "x", "overwrite": o}})),
            (path(), path()).prop_map(|(a, b)| json!({"kind": "file_rename", "details": {"old_path": a, "new_path": b, "overwrite": true}})),
            (path(), any::<bool>()).prop_map(|(p, r)| json!({"kind": "file_delete", "details": {"path": p, "recursive": r}})),
            path().prop_map(|p| json!({"kind": "patch", "details": {"format": "whole_file", "path": p, "whole_file_content": "w"}})),
            path().prop_map(|p| json!({"kind": "patch", "details": {"format": "search_replace", "path": p,
                "search_replace_blocks": [{"search": "x = 1", "replace": "x = 2"}]}})),
            path().prop_map(|p| json!({"kind": "patch", "details": {"diff": format!("--- a/{p}\n+++ b/{p}\n@@ -1 +1 @@\n-x = 1\n+x = 2\n")}})),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

        /// No panic, and nothing outside the root is ever touched — whatever the paths.
        #[test]
        fn random_actions_never_leave_the_root(actions in prop::collection::vec(action(), 1..4)) {
            let parent = tempfile::tempdir().unwrap();
            let root = parent.path().join("root");
            let outside = parent.path().join("out");
            tree::write(&root, &[("a.py", b"x = 1\n"), ("dir/a.py", b"x = 1\n")]);
            tree::write(&outside, &[("a.py", b"x = 1\n")]);
            #[cfg(unix)]
            std::os::unix::fs::symlink(&outside, root.join("out")).unwrap();
            let outside_before = snapshot(&outside);
            let siblings_before: Vec<_> = std::fs::read_dir(parent.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
            let answer = apply(&Value::Array(actions).to_string(), &options(&root));
            prop_assert!(answer.status != Status::Rejected || !answer.errors.is_empty());
            prop_assert_eq!(snapshot(&outside), outside_before);
            let siblings: Vec<_> = std::fs::read_dir(parent.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
            prop_assert_eq!(siblings, siblings_before);
        }

        /// The schema and the path check never panic on arbitrary strings.
        #[test]
        fn arbitrary_paths_are_checked_without_panic(p in ".{0,40}") {
            let action = json!({"kind": "file_delete", "details": {"path": p}});
            let _ = schema::validate(Contract::ProposedAction, &action);
            let dir = tempfile::tempdir().unwrap();
            let workspace = saguaro::workspace::Workspace::new(dir.path()).unwrap();
            if let Ok(full) = workspace.check(&p, saguaro::workspace::Access::Write) {
                prop_assert!(full.starts_with(workspace.root()));
            }
        }
    }
}

// --- the answers agents learn from ------------------------------------------------------------

#[test]
fn refusal_answers_are_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    tree::write(dir.path(), &[("engine.py", ENGINE.as_bytes()), ("old.py", b"o\n")]);
    let mut strict = options(dir.path());
    strict.approvals = Approvals::default();
    let cases = [
        (
            "action_schema_refusal",
            json!([{"kind": "file_create", "details": {"path": "n.py"}},
                   {"kind": "file_rename", "details": {"old_path": "a.py", "new_path": "../b.py"}},
                   {"kind": "patch", "details": {"format": "search_replace", "path": "engine.py",
                    "search_replace_blocks": [{"search": "x", "replace": "y", "match_occurrence": 0}]}}]),
            options(dir.path()),
        ),
        (
            "action_approval_required",
            json!([{"id": "r1", "kind": "file_rename", "approval_group": {"id": "renames", "label": "Rename modules"},
                    "details": {"old_path": "engine.py", "new_path": "core/engine.py"}},
                   {"kind": "file_delete", "details": {"path": "old.py"}}]),
            strict,
        ),
        (
            "action_not_executable",
            json!({"kind": "plan_patch", "details": {"steps": ["rename"]}}),
            options(dir.path()),
        ),
        (
            "action_regex_ambiguous",
            json!({"kind": "patch", "details": {"format": "search_replace", "path": "engine.py",
                   "search_replace_blocks": [{"search": "return None", "replace": "return 0", "match_mode": "regex"}]}}),
            options(dir.path()),
        ),
    ];
    for (name, action, opts) in cases {
        let answer = run(&action, &opts);
        assert_eq!(answer.status, Status::Rejected);
        insta::assert_json_snapshot!(name, answer.errors);
    }
}
