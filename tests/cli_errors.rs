//! Every error path of `saguaro symbols` and `saguaro show`: a specific code, a message and
//! a hint, the documented exit status, and never a panic.

mod common;
use common::{saguaro, stderr, stdout_json};
use std::fs;
use std::path::Path;

fn write(dir: &Path, rel: &str, bytes: &[u8]) {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, bytes).unwrap();
}

fn listed_paths(report: &serde_json::Value) -> Vec<String> {
    report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn unknown_extension_is_unsupported_language_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", b"hello\n");
    let out = saguaro(&["symbols", "--json", "notes.txt"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(2));
    let report = stdout_json(&out);
    assert_eq!(report["errors"][0]["code"], "unsupported_language");
    assert!(report["errors"][0]["hint"].as_str().unwrap().contains(".py"));
    let human = saguaro(&["symbols", "notes.txt"], Some(dir.path()));
    assert_eq!(human.status.code(), Some(2));
    assert!(stderr(&human).contains("error[unsupported_language]: no language is registered for `notes.txt`"));
}

#[test]
fn missing_file_is_file_missing_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = saguaro(&["symbols", "--json", "nowhere.py"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout_json(&out)["errors"][0]["code"], "file_missing");
}

#[test]
fn non_utf8_file_named_explicitly_is_an_error_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "latin1.py", b"x = 1\ny = 'caf\xe9'\n");
    let out = saguaro(&["symbols", "--json", "latin1.py"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(2));
    let err = &stdout_json(&out)["errors"][0];
    assert_eq!(err["code"], "not_utf8");
    assert_eq!(err["lines"], serde_json::json!([2]));
    assert!(err["message"].as_str().unwrap().contains("offset 14"));
}

#[test]
fn walking_a_directory_skips_bad_files_with_warnings_and_honours_ignore_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "src/good.py", b"def good():\n    return 1\n");
    write(d, "src/lib.rs", b"pub fn lib() {}\n");
    write(d, "src/bad.py", b"s = '\xff'\n");
    write(d, "src/README.md", b"# not code\n");
    write(d, "build/generated.py", b"def generated():\n    pass\n");
    write(d, ".hidden/secret.py", b"def secret():\n    pass\n");
    write(d, "vendor/dep.ts", b"export function dep() {}\n");
    write(d, ".ignore", b"vendor/\n");
    // .gitignore counts inside a git repository, as it does for git and ripgrep.
    write(d, ".gitignore", b"build/\n");
    let git = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(d)
        .status();
    assert!(git.is_ok_and(|s| s.success()), "git init");

    let out = saguaro(&["symbols", "--json", "."], Some(d));
    assert_eq!(
        out.status.code(),
        Some(0),
        "a skipped file while walking is a warning: {}",
        stderr(&out)
    );
    let report = stdout_json(&out);
    assert_eq!(listed_paths(&report), ["src/good.py", "src/lib.rs"]);
    assert_eq!(report["errors"], serde_json::json!([]));
    assert_eq!(report["warnings"][0]["code"], "not_utf8");
    assert_eq!(report["warnings"][0]["file"], "src/bad.py");

    // No path means the current directory.
    let out = saguaro(&["symbols", "--json"], Some(d));
    assert_eq!(listed_paths(&stdout_json(&out)), ["src/good.py", "src/lib.rs"]);
}

#[test]
fn parse_errors_are_a_warning_naming_the_lines_and_symbols_still_list() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "half.py",
        b"def ok():\n    return 1\n\ndef broken(:\n    pass\n\nclass Fine:\n    pass\n",
    );
    let out = saguaro(&["symbols", "--json", "half.py"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(0));
    let report = stdout_json(&out);
    let warning = &report["warnings"][0];
    assert_eq!(warning["code"], "parse_error");
    assert_eq!(warning["lines"], serde_json::json!([4]));
    let names: Vec<&str> = report["files"][0]["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["path"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"ok") && names.contains(&"Fine"), "{names:?}");
    let human = saguaro(&["symbols", "half.py"], Some(dir.path()));
    assert!(stderr(&human).contains("warning[parse_error]: `half.py` has parse errors at line 4"));
}

#[test]
fn odd_but_valid_inputs_do_not_fail() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "empty.py", b"");
    write(dir.path(), "only_comments.rs", b"// nothing here\n");
    write(dir.path(), "UPPER.PY", b"def shout():\n    pass\n");
    write(dir.path(), "garbage.ts", b"}}}{{{ ))) class 123 => =>\n\0\0");
    for file in ["empty.py", "only_comments.rs", "UPPER.PY", "garbage.ts"] {
        let out = saguaro(&["symbols", "--json", file], Some(dir.path()));
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
        stdout_json(&out);
    }
    let out = saguaro(&["symbols", "--json", "UPPER.PY"], Some(dir.path()));
    assert_eq!(
        stdout_json(&out)["files"][0]["symbols"][0]["path"],
        "shout",
        "extensions match in any case"
    );
}

#[test]
fn show_prints_the_whole_extent_on_whole_lines() {
    let out = saguaro(&["show", "fixtures/python/engine.py", "Engine.flaky"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "    @retry(times=2)\n    def flaky(self, job: Job) -> Result:\n        return self.process(job)\n"
    );
    let out = saguaro(&["show", "fixtures/rust/store.rs", "Engine::checkpoint"], None);
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("    #[inline]\n    pub fn checkpoint"));
    let out = saguaro(&["show", "--json", "fixtures/typescript/client.ts", "parseId#3"], None);
    let shown = stdout_json(&out);
    assert_eq!(shown["symbol"]["selector"], "parseId#3");
    assert!(shown["source"]
        .as_str()
        .unwrap()
        .starts_with("export function parseId(value: string | number)"));
}

#[test]
fn show_refuses_unknown_and_ambiguous_names_with_exit_1() {
    let out = saguaro(&["show", "fixtures/python/engine.py", "Engine.proces"], None);
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.contains("error[symbol_not_found]: no symbol `Engine.proces`"),
        "{text}"
    );
    assert!(text.contains("did you mean `Engine.process#1`"), "{text}");

    let out = saguaro(&["show", "--json", "fixtures/python/engine.py", "Store.capacity"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = &stdout_json(&out)["errors"][0];
    assert_eq!(err["code"], "ambiguous_symbol");
    assert_eq!(err["file"], "fixtures/python/engine.py");
    assert_eq!(err["candidates"][1]["path"], "Store.capacity#2");
    assert_eq!(err["candidates"][1]["line"], 114);
}

#[test]
fn show_input_errors_exit_2() {
    for (args, code) in [
        (
            vec!["show", "--json", "fixtures/python/engine.py", "Engine..process"],
            "invalid_format",
        ),
        (
            vec!["show", "--json", "fixtures/python/engine.py", "Engine.process#0"],
            "invalid_format",
        ),
        (
            vec!["show", "--json", "fixtures/python/missing.py", "x"],
            "file_missing",
        ),
        (vec!["show", "--json", "Cargo.toml", "package"], "unsupported_language"),
        (vec!["show", "--json", "fixtures/python.py", "x"], "file_missing"),
    ] {
        let out = saguaro(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout_json(&out)["errors"][0]["code"], code, "{args:?}");
    }
    // A directory where a file is expected.
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("pkg.py")).unwrap();
    let out = saguaro(&["show", "--json", "pkg.py", "x"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout_json(&out)["errors"][0]["code"], "unreadable_file");
}

#[test]
fn usage_errors_exit_2() {
    let out = saguaro(&["show", "only-one-arg.py"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Usage"));
    let out = saguaro(&["frobnicate"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// Every argument and option of the edit commands says what it is in `--help`.
#[test]
fn edit_commands_explain_every_argument() {
    for command in ["replace", "insert", "delete", "docstring"] {
        let out = saguaro(&[command, "--help"], None);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = String::from_utf8(out.stdout).unwrap();
        for line in help
            .lines()
            .filter(|l| l.starts_with("  <") || l.starts_with("      --"))
        {
            let (_, text) = line.trim_start().split_once("  ").unwrap_or((line, ""));
            // clap's own `[default: -]` is no explanation.
            let text = text.split(" [default:").next().unwrap_or_default().trim();
            assert!(
                !text.is_empty() && !text.starts_with("[default:"),
                "{command}: `{}` has no help text",
                line.trim()
            );
        }
    }
}

/// `--help` points at the project's own reference, never at documents outside the repository.
#[test]
fn help_points_at_the_reference_in_the_repository() {
    let top = String::from_utf8(saguaro(&["--help"], None).stdout).unwrap();
    assert!(
        top.contains("docs/reference.md") && top.contains("docs/formats.md"),
        "{top}"
    );
    for command in [
        "symbols",
        "show",
        "apply",
        "replace",
        "insert",
        "delete",
        "docstring",
        "refs",
        "impact",
        "check",
    ] {
        let help = String::from_utf8(saguaro(&[command, "--help"], None).stdout).unwrap();
        for outside in ["INTERFACE.md", "spec 00", "../shared"] {
            assert!(!help.contains(outside), "{command} --help names `{outside}`:\n{help}");
        }
    }
    for doc in ["docs/reference.md", "docs/formats.md"] {
        assert!(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc).is_file(),
            "{doc} is missing"
        );
    }
}
