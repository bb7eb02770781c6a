//! `saguaro symbols --json` on the realistic fixtures, one reviewed snapshot per language.
//! A change in any name path, kind or range shows up as a snapshot diff.

mod common;
use common::{saguaro, stdout_json};

fn snapshot_of(fixture: &str) -> serde_json::Value {
    let out = saguaro(&["symbols", "--json", fixture], None);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let report = stdout_json(&out);
    assert_eq!(report["errors"], serde_json::json!([]), "no errors on {fixture}");
    assert_eq!(
        report["warnings"],
        serde_json::json!([]),
        "no parse errors in {fixture}"
    );
    report
}

#[test]
fn python_fixture() {
    insta::assert_json_snapshot!("python", snapshot_of("fixtures/python/engine.py"));
}

#[test]
fn rust_fixture() {
    insta::assert_json_snapshot!("rust", snapshot_of("fixtures/rust/store.rs"));
}

#[test]
fn typescript_fixture() {
    insta::assert_json_snapshot!("typescript", snapshot_of("fixtures/typescript/client.ts"));
}

#[test]
fn tsx_fixture() {
    insta::assert_json_snapshot!("tsx", snapshot_of("fixtures/tsx/JobBoard.tsx"));
}

#[test]
fn javascript_fixture() {
    insta::assert_json_snapshot!("javascript", snapshot_of("fixtures/javascript/router.js"));
}

/// The human tree for one fixture: what a person sees.
#[test]
fn python_tree_output() {
    let out = saguaro(&["symbols", "fixtures/python/engine.py"], None);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("python_tree", String::from_utf8(out.stdout).unwrap());
}

/// Rust members sit under their type, wherever its `impl` is written (here after another
/// type), and fields and variants under theirs.
#[test]
fn rust_tree_groups_methods_under_their_type() {
    let out = saguaro(&["symbols", "fixtures/rust/store.rs"], None);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("rust_tree", String::from_utf8(out.stdout).unwrap());
}
