//! No patch text makes saguaro panic: random and mutated patches of every format go through
//! the parser and the placer, and each gets an answer — applied, or refused with nothing
//! written (exit status 0, 1 or 2).

mod common;

use common::tree::snapshot;
use proptest::prelude::*;
use saguaro::apply::{apply, Options};
use std::fs;

const FILE: &str = "import os\n\n\ndef a(x):\n    if x:\n        return 1\n    else:\n        return 2\n\n\ndef b():\n\treturn 'tab'\n";
const CRLF: &str = "fn main() {\r\n    go();\r\n}\r\n";

/// Well-formed patches of every format, the seeds the mutations start from.
const SEEDS: &[&str] = &[
    "a.py\n<<<<<<< SEARCH\n    if x:\n        return 1\n=======\n    if x:\n        return 3\n>>>>>>> REPLACE\n",
    ">>> file: a.py\n--- from\ndef b():\n\treturn 'tab'\n--- to\ndef b():\n\treturn 'tabs'\n<\n",
    "--- a/a.py\n+++ b/a.py\n@@ -4,3 +4,3 @@\n def a(x):\n-    if x:\n+    if not x:\n         return 1\n",
    "diff --git a/a.py b/c.py\nsimilarity index 90%\nrename from a.py\nrename to c.py\n--- a/a.py\n+++ b/c.py\n@@ -1 +1 @@\n-import os\n+import sys\n",
    "*** Begin Patch\n*** Update File: a.py\n@@ def a(x):\n     if x:\n-        return 1\n+        return 0\n@@\n def b():\n-\treturn 'tab'\n+\treturn 'tabs'\n*** End of File\n*** Add File: n.txt\n+new\n*** End Patch\n",
    "*** Begin Patch\n*** Update File: m.rs\n@@\n fn main() {\n-    go();\n+    stop();\n*** End Patch\n",
    r#"{"command": "str_replace", "path": "a.py", "old_str": "return 1", "new_str": "return 5"}"#,
    r#"{"path": "a.py", "edits": [{"oldText": "import os", "newText": "import re"}], "dryRun": false}"#,
    r#"{"kind": "patch", "risk": 0, "details": {"format": "search_replace", "path": "a.py", "search_replace_blocks": [{"search": "x", "replace": "y", "match_occurrence": 9}]}}"#,
];

/// Lines that mean something to some format.
const MARKERS: &[&str] = &[
    "<<<<<<< SEARCH",
    "<<<<<<< SEARCH>",
    "=======",
    ">>>>>>> REPLACE",
    ">>> file: a.py",
    "--- from",
    "--- to",
    "<",
    "--- a/a.py",
    "+++ b/a.py",
    "--- /dev/null",
    "+++ /dev/null",
    "@@ -1,2 +1,2 @@",
    "@@ -999 +0,0 @@",
    "@@",
    "*** Begin Patch",
    "*** End Patch",
    "*** Update File: a.py",
    "*** Move to: z.py",
    "*** Delete File: a.py",
    "*** Add File: a.py",
    "*** End of File",
    "\\ No newline at end of file",
    "diff --git a/a.py b/a.py",
    "diff --git \"a/\\303\" \"b/\\377\\",
    "rename from a.py",
    "rename to ../x",
    "new mode 100755",
    "Binary files a/a.py and b/a.py differ",
    "-- ",
    "...",
    "",
    " ",
    "+",
    "-",
    "\t",
    "    return 1",
    "a.py",
    "{",
    "[",
    "\"",
    "\\",
];

/// A seed with a few lines dropped, repeated, replaced by markers, or cut short.
fn mutated() -> impl Strategy<Value = String> {
    (
        0..SEEDS.len(),
        prop::collection::vec(
            (0usize..6, any::<prop::sample::Index>(), any::<prop::sample::Index>()),
            0..6,
        ),
    )
        .prop_map(|(seed, edits)| {
            let mut lines: Vec<String> = SEEDS[seed].split('\n').map(str::to_string).collect();
            for (kind, at, pick) in edits {
                if lines.is_empty() {
                    break;
                }
                let i = at.index(lines.len());
                match kind {
                    0 => {
                        lines.remove(i);
                    }
                    1 => {
                        let line = lines[i].clone();
                        lines.insert(i, line);
                    }
                    2 => lines[i] = MARKERS[pick.index(MARKERS.len())].to_string(),
                    3 => lines.insert(i, MARKERS[pick.index(MARKERS.len())].to_string()),
                    4 => {
                        let cut = pick.index(lines[i].len() + 1);
                        let mut end = cut;
                        while !lines[i].is_char_boundary(end) {
                            end -= 1;
                        }
                        lines[i].truncate(end);
                    }
                    _ => lines.truncate(i),
                }
            }
            lines.join("\n")
        })
}

/// Lines drawn from the markers and from the file, in any order.
fn random() -> impl Strategy<Value = String> {
    let file_lines: Vec<&'static str> = FILE.lines().collect();
    prop::collection::vec(
        prop_oneof![
            prop::sample::select(MARKERS.to_vec()).prop_map(str::to_string),
            prop::sample::select(file_lines.clone()).prop_map(|l| format!(" {l}")),
            prop::sample::select(file_lines.clone()).prop_map(|l| format!("-{l}")),
            prop::sample::select(file_lines).prop_map(|l| format!("+{l}")),
            "[ -~\t]{0,12}",
        ],
        0..24,
    )
    .prop_map(|lines| lines.join("\n"))
}

fn answers_without_harm(patch: &str) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.py"), FILE).unwrap();
    fs::write(dir.path().join("m.rs"), CRLF).unwrap();
    fs::write(dir.path().join("empty.py"), "").unwrap();
    let before = snapshot(dir.path());
    let answer = apply(patch, &Options::new(dir.path()));
    let status = answer.exit_status();
    prop_assert!((0..=2).contains(&status), "exit status {status}");
    if status != 0 {
        prop_assert!(!answer.errors.is_empty(), "a refusal says why");
        prop_assert_eq!(
            snapshot(dir.path()),
            before,
            "a refusal writes nothing: {:?}",
            answer.errors
        );
    }
    Ok(())
}

proptest! {
    // 400 cases a run in CI; PROPTEST_CASES asks for more on a long local run.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(400),
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_patches_of_every_format_get_an_answer(patch in mutated()) {
        answers_without_harm(&patch)?;
    }

    #[test]
    fn random_patch_text_gets_an_answer(patch in random()) {
        answers_without_harm(&patch)?;
    }
}

#[test]
fn the_seeds_themselves_apply() {
    for seed in SEEDS {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("a.py"), FILE).unwrap();
        fs::write(dir.path().join("m.rs"), CRLF).unwrap();
        let answer = apply(seed, &Options::new(dir.path()));
        let expected_refusal = seed.contains("match_occurrence");
        assert_eq!(
            answer.errors.is_empty(),
            !expected_refusal,
            "{seed}: {:?}",
            answer.errors
        );
    }
}
