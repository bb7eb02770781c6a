//! Codex's own `apply_patch` scenarios (`tests/conformance/codex-apply-patch`: upstream's
//! fixtures as they stand, Apache-2.0, with their LICENSE and NOTICE), run the way
//! their authors run them: copy `input/` to an empty directory, apply `patch.txt` there,
//! ignore the exit status, compare the whole tree with `expected/` byte for byte.
//!
//! Where saguaro is deliberately safer than Codex, the expectation is that the tree stays as
//! the input, with the reason beside it.

mod common;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Scenarios where saguaro refuses what Codex does, and why.
const DEVIATIONS: &[(&str, &str)] = &[
    (
        "011_add_overwrites_existing_file",
        "`Add File` over an existing file is `file_exists`: an add never destroys content it was not shown",
    ),
    (
        "015_failure_after_partial_success_leaves_changes",
        "a patch that fails in one place changes nothing anywhere (all files or none)",
    ),
    (
        "016_pure_addition_update_chunk",
        "an addition with no context is refused unless marked `*** End of File`, instead of guessing the end",
    ),
];

fn suite() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/codex-apply-patch");
    dir.is_dir().then_some(dir)
}

/// Every file under `root`, by relative path, with its bytes.
fn tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    if !root.is_dir() {
        return out;
    }
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                out.insert(rel, fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn copy_tree(from: &Path, to: &Path) {
    for (rel, bytes) in tree(from) {
        let dest = to.join(rel);
        fs::create_dir_all(dest.parent().unwrap()).unwrap();
        fs::write(dest, bytes).unwrap();
    }
}

#[test]
fn every_codex_scenario_passes_or_is_a_documented_deviation() {
    // A suite that is not there fails the test with the reason: it never passes having
    // run nothing.
    let suite = suite()
        .expect("tests/conformance/codex-apply-patch (Codex's apply_patch scenarios) is missing from the checkout");
    let mut cases: Vec<PathBuf> = fs::read_dir(&suite)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 25, "the suite holds its 25 scenarios");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let work = tempfile::tempdir().unwrap();
        copy_tree(&case.join("input"), work.path());
        let patch = case.join("patch.txt");
        let _ = common::saguaro(
            &[
                "apply",
                "--root",
                work.path().to_str().unwrap(),
                patch.to_str().unwrap(),
            ],
            None,
        );
        let got = tree(work.path());
        let expected = match DEVIATIONS.iter().find(|(n, _)| *n == name) {
            Some(_) => tree(&case.join("input")),
            None => tree(&case.join("expected")),
        };
        if got != expected {
            failures.push(name);
        }
    }
    assert!(failures.is_empty(), "scenarios that differ: {failures:?}");
}
