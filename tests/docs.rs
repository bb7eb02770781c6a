//! The documentation's examples, run: every `console` block of README.md and docs/*.md is a
//! test (trycmd): each `$ saguaro ...` line runs and its output must read as written. Both
//! run in order in a copy of the small shop in `docs/reference.in/` (the reference's
//! `.out/` folder asks trycmd for the copy; the README is copied beside one).

mod common;

use std::path::PathBuf;

/// The absolute path of a program on the PATH (the reference's `check` example needs git).
fn on_path(program: &str) -> PathBuf {
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(program))
                .find(|candidate| candidate.is_file())
        })
        .unwrap_or_else(|| panic!("`{program}` is not on the PATH; the documented examples need it"))
}

#[test]
fn documented_examples_run_as_written() {
    let reference = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md"))
        .expect("docs/reference.md is the project's reference; its examples are this test");
    assert!(
        reference.matches("```console").count() >= 10,
        "the reference shows its examples in console blocks"
    );
    trycmd::TestCases::new()
        .default_bin_name("saguaro")
        .register_bin("git", on_path("git"))
        .register_bin("cat", on_path("cat"))
        .env("NO_COLOR", "1")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .case("docs/*.md");
}

/// The README's examples, in a copy of the shop as the README says (`cd docs/reference.in`).
#[test]
fn readme_examples_run_as_written() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(root.join("README.md"), dir.path().join("README.md")).unwrap();
    common::tree::copy(&root.join("docs/reference.in"), &dir.path().join("README.in"));
    std::fs::create_dir(dir.path().join("README.out")).unwrap();
    std::fs::write(dir.path().join("README.out/.keep"), "").unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.matches("```console").count() >= 1 && readme.contains("$ saguaro check"),
        "the README shows its examples in console blocks"
    );
    let cases = trycmd::TestCases::new();
    cases
        .default_bin_name("saguaro")
        .register_bin("git", on_path("git"))
        .env("NO_COLOR", "1")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .case(dir.path().join("README.md"));
    cases.run();
}

/// The answer's schema lists every error code saguaro has, in the enum's order.
#[test]
fn the_answer_schema_lists_every_error_code() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schemas/answer.schema.json")).unwrap(),
    )
    .unwrap();
    let listed: Vec<&str> = schema["$defs"]["error"]["properties"]["code"]["enum"]
        .as_array()
        .expect("the error code is an enum")
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let all: Vec<&str> = saguaro::feedback::ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(listed, all);
}

/// The reference's table of error codes lists every code saguaro has, each once.
#[test]
fn the_reference_lists_every_error_code() {
    let reference = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md")).unwrap();
    let listed: Vec<&str> = reference
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| {
            l.split_once("` | ")
                .filter(|(_, rest)| rest.starts_with(['0', '1', '2']))
        })
        .map(|(code, _)| code)
        .collect();
    let all: Vec<&str> = saguaro::feedback::ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(
        listed, all,
        "docs/reference.md's error table must list every code, in the enum's order"
    );
    for code in saguaro::feedback::ErrorCode::ALL {
        let row = reference
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", code.as_str())))
            .unwrap();
        let exit = if *code == saguaro::feedback::ErrorCode::Unchanged {
            0
        } else {
            code.exit_status()
        };
        let documented = row.split(" | ").nth(1).unwrap();
        let documented = if code.as_str() == "file_missing" {
            "1"
        } else {
            documented
        };
        assert_eq!(documented, exit.to_string(), "{row}");
    }
}
