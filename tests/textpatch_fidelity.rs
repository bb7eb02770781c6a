//! Text patches that never corrupt: each rule of placing and writing a hunk, and each
//! defect peers' suites found, shown on a file where it matters. A refusal must leave
//! every byte as it was.

mod common;

use common::tree::snapshot;
use saguaro::apply::{apply, Options};
use serde_json::json;
use std::fs;
use std::path::Path;

/// A root holding `files`.
fn root(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

fn read(dir: &Path, name: &str) -> String {
    fs::read_to_string(dir.join(name)).unwrap()
}

/// Applies `patch` to a root holding `name` = `text`: the file after, or the refusal's
/// codes (the tree proven untouched).
fn applied(name: &str, text: &str, patch: &str) -> Result<String, Vec<String>> {
    let dir = root(&[(name, text)]);
    let before = snapshot(dir.path());
    let answer = apply(patch, &Options::new(dir.path()));
    if answer.errors.is_empty() {
        Ok(read(dir.path(), name))
    } else {
        assert_eq!(snapshot(dir.path()), before, "a refusal writes nothing");
        Err(answer.errors.iter().map(|e| e.code.as_str().to_string()).collect())
    }
}

fn search_replace(path: &str, from: &str, to: &str) -> String {
    format!("{path}\n<<<<<<< SEARCH\n{from}=======\n{to}>>>>>>> REPLACE\n")
}

fn applydiff(path: &str, from: &str, to: &str) -> String {
    format!(">>> file: {path}\n--- from\n{from}--- to\n{to}<\n")
}

/// Every line of `block` moved by `delta` columns (blank lines stay blank).
fn shifted(block: &str, delta: isize) -> String {
    block
        .lines()
        .map(|l| {
            if l.trim().is_empty() {
                String::new()
            } else if delta >= 0 {
                format!("{}{l}", " ".repeat(delta as usize))
            } else {
                l[(-delta) as usize..].to_string()
            }
        })
        .map(|l| l + "\n")
        .collect()
}

/// Each level of four spaces typed as a tab.
fn tabbed(block: &str) -> String {
    block
        .lines()
        .map(|l| {
            let width = l.len() - l.trim_start().len();
            format!(
                "{}{}{}\n",
                "\t".repeat(width / 4),
                " ".repeat(width % 4),
                l.trim_start()
            )
        })
        .collect()
}

// --- 1. context is indentation-true ---------------------------------------------------------

const LOOPS: &str = "\
def run(items):
    for item in items:
        if item.ready:
            process(item)
        else:
            skip(item)
    else:
        done()
    try:
        commit()
    except Error:
        rollback()
    else:
        notify()
";

/// Blocks of LOOPS whose change moves an `else:` (or its body) to another depth: the new
/// depth is a change of meaning and must be written as the patch says, whatever tier placed
/// the block.
const DEPTH_CHANGES: &[(&str, &str, &str)] = &[
    (
        "        if item.ready:\n            process(item)\n        else:\n            skip(item)\n    else:\n",
        "        if item.ready:\n            process(item)\n    else:\n        skip(item)\n    else:\n",
        "def run(items):\n    for item in items:\n        if item.ready:\n            process(item)\n    else:\n        skip(item)\n    else:\n        done()\n",
    ),
    (
        "    try:\n        commit()\n    except Error:\n        rollback()\n    else:\n        notify()\n",
        "    try:\n        commit()\n    except Error:\n        rollback()\n        notify()\n",
        "    try:\n        commit()\n    except Error:\n        rollback()\n        notify()\n",
    ),
    (
        "            skip(item)\n    else:\n        done()\n    try:\n",
        "            skip(item)\n        else:\n            done()\n    try:\n",
        "            skip(item)\n        else:\n            done()\n    try:\n",
    ),
];

#[test]
fn a_changed_depth_is_written_as_the_patch_says_at_every_tier() {
    for (from, to, expected_part) in DEPTH_CHANGES {
        let typo = from.replacen("item", "itme", 1).replacen("commit", "comit", 1);
        let variants: Vec<(&str, String, String)> = vec![
            ("exact", from.to_string(), to.to_string()),
            ("trailing whitespace", from.replace('\n', "  \n"), to.to_string()),
            ("tabs", tabbed(from), tabbed(to)),
            ("shifted +2", shifted(from, 2), shifted(to, 2)),
            ("shifted -4", shifted(from, -4), shifted(to, -4)),
            ("a retyped line", typo, to.to_string()),
        ];
        for (tier, f, t) in &variants {
            for (format, patch) in [
                ("search-replace", search_replace("loops.py", f, t)),
                ("applydiff", applydiff("loops.py", f, t)),
            ] {
                let result = applied("loops.py", LOOPS, &patch)
                    .unwrap_or_else(|e| panic!("{format} {tier}: refused {e:?}\n{patch}"));
                assert!(
                    result.contains(expected_part),
                    "{format} {tier}: the new depth is lost:\n{result}\n--- patch\n{patch}"
                );
            }
        }
    }
}

#[test]
fn a_retyped_context_line_is_written_as_the_file_has_it_but_an_inner_spacing_change_is_not_lost() {
    let file = "fn f() {\n    // If  the buffer is tracked\n    go();\n}\n";
    // The `from` side's trailing spaces only locate the block; the double space becoming
    // one is the patch's change, even with the block shifted as well.
    for (from, to) in [
        (
            "    // If  the buffer is tracked  \n    go();\n",
            "    // If the buffer is tracked\n    go();\n",
        ),
        (
            "// If  the buffer is tracked\ngo();\n",
            "// If the buffer is tracked\ngo();\n",
        ),
    ] {
        let out = applied("f.rs", file, &applydiff("f.rs", from, to)).unwrap();
        assert_eq!(out, "fn f() {\n    // If the buffer is tracked\n    go();\n}\n");
    }
    // A context line retyped with trailing spaces on both sides is the file's, untouched.
    let out = applied(
        "f.rs",
        file,
        &applydiff(
            "f.rs",
            "    // If  the buffer is tracked \n    go();\n",
            "    // If  the buffer is tracked \n    stop();\n",
        ),
    )
    .unwrap();
    assert_eq!(out, "fn f() {\n    // If  the buffer is tracked\n    stop();\n}\n");
}

// --- 2. blank lines by principle ------------------------------------------------------------

const SPACED: &str = "import os\nimport sys\n\nLIMIT = 10\n\n\ndef main():\n    return LIMIT\n";

#[test]
fn separate_blocks_the_to_side_says_every_gap_between_its_lines() {
    // `from` misremembers the gap (none instead of one), `to` keeps a blank line there: the
    // file's layout with the change.
    let out = applied(
        "m.py",
        SPACED,
        &search_replace("m.py", "import sys\nLIMIT = 10\n", "import sys\n\nLIMIT = 20\n"),
    )
    .unwrap();
    assert_eq!(out, SPACED.replace("LIMIT = 10", "LIMIT = 20"));
    // `from` adds a blank line the file lacks and `to` has none: the gap is `to`'s.
    let out = applied(
        "m.py",
        SPACED,
        &search_replace(
            "m.py",
            "import os\n\nimport sys\n",
            "import os\nimport re\nimport sys\n",
        ),
    )
    .unwrap();
    assert!(out.starts_with("import os\nimport re\nimport sys\n\nLIMIT"), "{out}");
}

#[test]
fn separate_blocks_edges_change_only_what_the_block_can_see() {
    // A block showing no blank line before its first line adds the `to` side's blank line
    // to the file's gap.
    let out = applied(
        "m.py",
        SPACED,
        &search_replace("m.py", "LIMIT = 10\n", "\nLIMIT = 10\n"),
    )
    .unwrap();
    assert!(out.contains("import sys\n\n\nLIMIT = 10"), "{out}");
    // One showing part of a gap (the file's may go on beyond it) leaves the gap as it is,
    // whatever its two sides say there.
    for from in ["\n\ndef main():\n", "\ndef main():\n"] {
        let out = applied("m.py", SPACED, &search_replace("m.py", from, "\ndef main():\n")).unwrap();
        assert!(out.contains("LIMIT = 10\n\n\ndef main"), "{from:?}: {out}");
    }
    // A gap that reaches the start of the file is all there: the `to` side decides it.
    let out = applied(
        "s.py",
        "\n\nimport os\n",
        &search_replace("s.py", "\n\nimport os\n", "\nimport os\n"),
    )
    .unwrap();
    assert_eq!(out, "\nimport os\n");
}

#[test]
fn marked_hunks_keep_every_line_they_do_not_mark_removed() {
    // The blank line after `mod serde;` is not shown; removing the next line keeps it.
    let file = "mod serde;\n\nuse crate::alloc::vec::Vec;\nuse crate::identifier::Identifier;\n";
    for patch in [
        "--- a/lib.rs\n+++ b/lib.rs\n@@ -1,3 +1,2 @@\n mod serde;\n-use crate::alloc::vec::Vec;\n use crate::identifier::Identifier;\n",
        "*** Begin Patch\n*** Update File: lib.rs\n@@\n mod serde;\n-use crate::alloc::vec::Vec;\n use crate::identifier::Identifier;\n*** End Patch\n",
    ] {
        assert_eq!(
            applied("lib.rs", file, patch).unwrap(),
            "mod serde;\n\nuse crate::identifier::Identifier;\n"
        );
    }
    // A context blank line the file lacks is not written.
    let out = applied(
        "lib.rs",
        "fn a() {}\nfn b() {}\n",
        "--- a/lib.rs\n+++ b/lib.rs\n@@ -1,2 +1,2 @@\n fn a() {}\n \n-fn b() {}\n+fn c() {}\n",
    )
    .unwrap();
    assert_eq!(out, "fn a() {}\nfn c() {}\n");
}

#[test]
fn an_unshown_blank_line_follows_the_lines_that_replace_the_ones_before_it() {
    let file = "use std::error::Request;\n\nmod ext {}\n";
    let patch =
        "--- a/l.rs\n+++ b/l.rs\n@@ -1,2 +1,2 @@\n-use std::error::Request;\n+use core::error::Request;\n mod ext {}\n";
    assert_eq!(
        applied("l.rs", file, patch).unwrap(),
        "use core::error::Request;\n\nmod ext {}\n"
    );
}

#[test]
fn of_blank_lines_the_file_lacks_the_one_beside_the_added_lines_own_separator_goes() {
    // The hunk shows a blank line on both sides of an import that brings its own; the file
    // has one: it is the one before (the added lines are set off by their own after).
    let file = "} from '../internal'\n\nexport interface I {}\n";
    let patch = "*** Begin Patch\n*** Update File: i.ts\n@@\n } from '../internal'\n \n+import { a } from './a'\n+\n \n export interface I {}\n*** End Patch\n";
    assert_eq!(
        applied("i.ts", file, patch).unwrap(),
        "} from '../internal'\n\nimport { a } from './a'\n\nexport interface I {}\n"
    );
}

#[test]
fn a_place_only_a_reading_of_the_hunk_would_give_is_refused() {
    // Added lines that bring a blank line after them, and the file's unshown blank line:
    // before them or beside their own? Real histories have both.
    let file = "routing = None\n\n@property\ndef size(self): ...\n";
    let patch =
        "*** Begin Patch\n*** Update File: r.py\n@@\n routing = None\n+_size = None\n+\n @property\n*** End Patch\n";
    assert_eq!(applied("r.py", file, patch), Err(vec!["ambiguous_match".to_string()]));
    // An added line, a shown blank line, and one more blank line in the file: beside the
    // shown one, or before the added line?
    let file = "    register = True\n\n\nclass Schema:\n    pass\n";
    let patch = "--- a/s.py\n+++ b/s.py\n@@ -1,3 +1,4 @@\n     register = True\n+    many = False\n \n class Schema:\n";
    assert_eq!(applied("s.py", file, patch), Err(vec!["ambiguous_match".to_string()]));
}

#[test]
fn an_insertion_whose_place_among_unshown_blank_lines_no_rule_decides_is_refused() {
    // Between `from io import StringIO` and `import pytest` the file has a blank line the
    // hunk does not show: the new import may belong above it or below it.
    let file = "import sys\nfrom io import StringIO\n\nimport pytest\n";
    let patch = "--- a/t.py\n+++ b/t.py\n@@ -2,2 +2,3 @@\n from io import StringIO\n+from pathlib import Path\n import pytest\n";
    assert_eq!(applied("t.py", file, patch), Err(vec!["ambiguous_match".to_string()]));
}

// --- 3. the exact substring tier ------------------------------------------------------------

const COMPUTE: &str = "def f(a, b):\n    x = compute(a, b)  # old\n    return 10\n\n\ndef g():\n    return 1\n";

fn action(blocks: serde_json::Value) -> String {
    json!({"kind": "patch", "risk": 0, "details": {"format": "search_replace", "path": "c.py", "search_replace_blocks": blocks}})
        .to_string()
}

#[test]
fn a_fragment_inside_a_line_is_found_as_an_exact_substring() {
    let out = applied(
        "c.py",
        COMPUTE,
        &action(json!([{"search": "compute(a, b)", "replace": "compute(b, a)"}])),
    )
    .unwrap();
    assert!(out.contains("    x = compute(b, a)  # old\n"), "{out}");
    // Through a SEARCH/REPLACE block too.
    let out = applied(
        "c.py",
        COMPUTE,
        &search_replace("c.py", "compute(a, b)  # old\n", "compute(a, b)\n"),
    )
    .unwrap();
    assert!(out.contains("    x = compute(a, b)\n    return 10"), "{out}");
}

#[test]
fn a_substring_may_start_and_end_mid_line() {
    let out = applied(
        "c.py",
        COMPUTE,
        &action(json!([{"search": "# old\n    return 10", "replace": "# new\n    return 11"}])),
    )
    .unwrap();
    assert!(out.contains("compute(a, b)  # new\n    return 11\n"), "{out}");
}

#[test]
fn a_whole_line_search_takes_the_files_indentation_line_by_line() {
    // `return 1` stands once as whole words (`return 10` does not count): its replacement of
    // two lines is indented as the line it replaces.
    let out = applied(
        "c.py",
        COMPUTE,
        &action(json!([{"search": "return 1", "replace": "value = 1\nreturn value"}])),
    )
    .unwrap();
    assert!(out.ends_with("def g():\n    value = 1\n    return value\n"), "{out}");
}

#[test]
fn several_occurrences_are_ambiguous_with_each_line() {
    let dir = root(&[("c.py", COMPUTE)]);
    let answer = apply(
        &action(json!([{"search": "return", "replace": "yield"}])),
        &Options::new(dir.path()),
    );
    assert_eq!(answer.errors[0].code.as_str(), "ambiguous_match");
    let lines: Vec<usize> = answer.errors[0].candidates.iter().map(|c| c.line).collect();
    assert_eq!(lines, [3, 7]);
    assert_eq!(read(dir.path(), "c.py"), COMPUTE);
}

#[test]
fn a_search_found_nowhere_verbatim_falls_through_to_the_line_tiers() {
    let out = applied(
        "c.py",
        COMPUTE,
        &search_replace("c.py", "def g():   \n  return 1\n", "def g():\n  return 2\n"),
    );
    assert_eq!(
        out,
        Err(vec!["no_match".to_string()]),
        "an uneven indentation is no tier's"
    );
    let out = applied(
        "c.py",
        COMPUTE,
        &search_replace("c.py", "def g():   \n    return 1\n", "def g():\n    return 2\n"),
    )
    .unwrap();
    assert!(out.ends_with("def g():\n    return 2\n"), "{out}");
}

// --- 4. agents' own edit calls ----------------------------------------------------------------

#[test]
fn anthropic_text_editor_calls_apply_as_their_tool_defines_them() {
    let call =
        json!({"command": "str_replace", "path": "c.py", "old_str": "compute(a, b)", "new_str": "compute(b, a)"});
    let out = applied("c.py", COMPUTE, &call.to_string()).unwrap();
    assert!(out.contains("x = compute(b, a)  # old"));
    // As the Messages API's tool_use block, and insert at the top.
    let call = json!({"type": "tool_use", "name": "str_replace_based_edit_tool",
        "input": {"command": "insert", "path": "c.py", "insert_line": 0, "new_str": "import os\n"}});
    assert!(applied("c.py", COMPUTE, &call.to_string())
        .unwrap()
        .starts_with("import os\ndef f"));
    // Literal semantics: the old text with its newline removes the whole line.
    let call = json!({"command": "str_replace", "path": "c.py", "old_str": "    return 10\n", "new_str": ""});
    assert!(applied("c.py", COMPUTE, &call.to_string())
        .unwrap()
        .contains("# old\n\n\ndef g"));
    let create = json!({"command": "create", "path": "c.py", "file_text": "x = 1\n"});
    assert_eq!(
        applied("c.py", COMPUTE, &create.to_string()),
        Err(vec!["file_exists".to_string()])
    );
    let view = json!({"command": "view", "path": "c.py"});
    assert_eq!(
        applied("c.py", COMPUTE, &view.to_string()),
        Err(vec!["not_executable".to_string()])
    );
}

#[test]
fn mcp_edit_file_edits_apply_in_order_and_dry_run_writes_nothing() {
    let call = json!({"path": "c.py", "edits": [
        {"oldText": "return 10", "newText": "return 11"},
        {"oldText": "return 11", "newText": "return 12"}]});
    assert!(applied("c.py", COMPUTE, &call.to_string())
        .unwrap()
        .contains("    return 12\n"));
    let dir = root(&[("c.py", COMPUTE)]);
    let dry = json!({"path": "c.py", "edits": [{"oldText": "return 10", "newText": "return 11"}], "dryRun": true});
    let answer = apply(&dry.to_string(), &Options::new(dir.path()));
    assert_eq!(serde_json::to_value(answer.status).unwrap(), "dry_run");
    assert!(answer.diff.contains("+    return 11"));
    assert_eq!(read(dir.path(), "c.py"), COMPUTE);
}

#[test]
fn every_refused_call_of_an_array_is_named() {
    let calls = json!([
        {"command": "str_replace", "path": "c.py", "old_str": "nowhere", "new_str": "x"},
        {"command": "str_replace", "path": "c.py", "old_str": "return 10", "new_str": "return 11"},
        {"command": "str_replace", "path": "missing.py", "old_str": "a", "new_str": "b"},
    ]);
    let dir = root(&[("c.py", COMPUTE)]);
    let answer = apply(&calls.to_string(), &Options::new(dir.path()));
    let refused: Vec<(usize, &str)> = answer
        .errors
        .iter()
        .map(|e| (e.operation.unwrap(), e.code.as_str()))
        .collect();
    assert_eq!(refused, [(0, "no_match"), (2, "file_missing")]);
    assert_eq!(read(dir.path(), "c.py"), COMPUTE);
}

#[test]
fn every_refused_proposed_action_is_named() {
    let actions = json!([
        {"kind": "patch", "risk": 0, "details": {"format": "search_replace", "path": "c.py", "search_replace_blocks": [{"search": "nowhere", "replace": "x"}]}},
        {"kind": "file_create", "risk": 0, "details": {"path": "c.py", "content": "x"}},
        {"kind": "patch", "risk": 0, "details": {"format": "search_replace", "path": "c.py", "search_replace_blocks": [{"search": "return 10", "replace": "return 11"}]}},
    ]);
    let dir = root(&[("c.py", COMPUTE)]);
    let answer = apply(&actions.to_string(), &Options::new(dir.path()));
    let refused: Vec<(usize, &str)> = answer
        .errors
        .iter()
        .map(|e| (e.action.unwrap(), e.code.as_str()))
        .collect();
    assert_eq!(refused, [(0, "no_match"), (1, "file_exists")]);
    assert_eq!(read(dir.path(), "c.py"), COMPUTE);
}

// --- 5. the defects peers' suites found -------------------------------------------------------

#[test]
fn codex_addition_without_context_ending_the_file_is_appended() {
    let patch = "*** Begin Patch\n*** Update File: f.txt\n@@\n+line\n*** End of File\n*** End Patch\n";
    assert_eq!(applied("f.txt", "a\n", patch).unwrap(), "a\nline\n");
    assert_eq!(
        applied("f.txt", "a", patch).unwrap(),
        "a\nline",
        "the file's missing final newline is kept"
    );
}

#[test]
fn codex_end_of_file_anchors_a_chunk_with_context_at_the_end() {
    let file = "a\nb\nc\nb\n";
    let at_end = "*** Begin Patch\n*** Update File: g.txt\n@@\n c\n-b\n+B\n*** End of File\n*** End Patch\n";
    assert_eq!(applied("g.txt", file, at_end).unwrap(), "a\nb\nc\nB\n");
    let not_at_end = "*** Begin Patch\n*** Update File: g.txt\n@@\n a\n-b\n+B\n*** End of File\n*** End Patch\n";
    assert_eq!(applied("g.txt", file, not_at_end), Err(vec!["no_match".to_string()]));
}

#[test]
fn git_sections_without_hunks_are_applied_every_file_or_none() {
    let dir = root(&[("a.py", "x = 1\n"), ("old.txt", "gone\n"), ("b.txt", "b\n")]);
    let patch = "diff --git a/a.py b/lib/a.py\nsimilarity index 100%\nrename from a.py\nrename to lib/a.py\n\
diff --git a/empty.txt b/empty.txt\nnew file mode 100644\nindex 0000000..e69de29\n\
diff --git a/b.txt b/b.txt\nold mode 100644\nnew mode 100755\n";
    let answer = apply(patch, &Options::new(dir.path()));
    assert!(answer.errors.is_empty(), "{:?}", answer.errors);
    assert_eq!(read(dir.path(), "lib/a.py"), "x = 1\n");
    assert!(!dir.path().join("a.py").exists());
    assert_eq!(read(dir.path(), "empty.txt"), "");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir.path().join("b.txt")).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111, "the new mode is executable: {mode:o}");
    }
    // A binary section refuses the whole patch, the rename beside it included.
    let dir = root(&[("a.py", "x = 1\n"), ("logo.png", "png")]);
    let before = snapshot(dir.path());
    let patch = "diff --git a/a.py b/c.py\nsimilarity index 100%\nrename from a.py\nrename to c.py\n\
diff --git a/logo.png b/logo.png\nindex 1..2 100644\nBinary files a/logo.png and b/logo.png differ\n";
    let answer = apply(patch, &Options::new(dir.path()));
    assert_eq!(answer.errors[0].code.as_str(), "invalid_format");
    assert_eq!(snapshot(dir.path()), before);
}

#[test]
fn git_quoted_paths_are_unquoted() {
    let patch = "diff --git \"a/caf\\303\\251.txt\" \"b/caf\\303\\251.txt\"\n--- \"a/caf\\303\\251.txt\"\n+++ \"b/caf\\303\\251.txt\"\n@@ -1 +1 @@\n-caf\n+cafe\n";
    let dir = root(&[("café.txt", "caf\n")]);
    let answer = apply(patch, &Options::new(dir.path()));
    assert!(answer.errors.is_empty(), "{:?}", answer.errors);
    assert_eq!(read(dir.path(), "café.txt"), "cafe\n");
    assert!(!dir.path().join("\"b").exists());
}

#[test]
fn a_format_patch_signature_is_not_a_removed_line() {
    let patch = "From 1 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] y\n\n---\n a.py | 2 +-\n\n\
diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x = 1\n-y = 2\n+y = 3\n-- \n2.47.3\n\n";
    assert_eq!(applied("a.py", "x = 1\ny = 2\n", patch).unwrap(), "x = 1\ny = 3\n");
}

#[test]
fn replacing_the_last_line_keeps_a_missing_final_newline() {
    assert_eq!(
        applied("c.txt", "a\nb", &search_replace("c.txt", "b\n", "c\n")).unwrap(),
        "a\nc"
    );
    let unified = "--- a/c.txt\n+++ b/c.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n";
    assert_eq!(
        applied("c.txt", "a\nb", unified).unwrap(),
        "a\nc\n",
        "the patch says the new file ends with one"
    );
}

#[test]
fn a_whitespace_only_line_file_search_and_replace_all_have_is_kept() {
    let file = "def f():\n    a = 1\n    \n    b = 2\n";
    let out = applied(
        "d.py",
        file,
        &search_replace("d.py", "    a = 1\n    \n    b = 2\n", "    a = 1\n    \n    b = 3\n"),
    )
    .unwrap();
    assert_eq!(out, "def f():\n    a = 1\n    \n    b = 3\n");
}

#[test]
fn aiders_ellipsis_between_blocks_keeps_the_previous_file() {
    let patch = "e.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 10\n>>>>>>> REPLACE\n...\n<<<<<<< SEARCH>\ny = 2\n=======\ny = 20\n>>>>>>> REPLACE\n";
    assert_eq!(applied("e.py", "x = 1\ny = 2\n", patch).unwrap(), "x = 10\ny = 20\n");
}

#[test]
fn a_missing_file_is_a_refusal_exit_1() {
    let dir = root(&[]);
    fs::write(dir.path().join("p.txt"), search_replace("nope.py", "x\n", "y\n")).unwrap();
    let out = common::saguaro(&["apply", "--json", "p.txt"], Some(dir.path()));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(common::stdout_json(&out)["errors"][0]["code"], "file_missing");
}

// --- 6. added lines take the file's indentation -----------------------------------------------

#[test]
fn a_block_typed_with_tabs_lands_in_a_space_indented_file_as_spaces() {
    let file = "class A:\n  def f(self, x):\n    if x:\n      return 1\n    return 2\n";
    let patch = search_replace(
        "a.py",
        "\tdef f(self, x):\n\t\tif x:\n\t\t\treturn 1\n",
        "\tdef f(self, x):\n\t\tif x:\n\t\t\tlog(x)\n\t\t\treturn 1\n",
    );
    assert_eq!(
        applied("a.py", file, &patch).unwrap(),
        "class A:\n  def f(self, x):\n    if x:\n      log(x)\n      return 1\n    return 2\n"
    );
    // And spaces into a tab-indented file as tabs.
    let file = "fn f() {\n\tif x {\n\t\tgo();\n\t}\n}\n";
    let patch = search_replace(
        "f.rs",
        "    if x {\n        go();\n",
        "    if x {\n        warm();\n        go();\n",
    );
    assert_eq!(
        applied("f.rs", file, &patch).unwrap(),
        "fn f() {\n\tif x {\n\t\twarm();\n\t\tgo();\n\t}\n}\n"
    );
}

#[test]
fn a_python_result_python_cannot_indent_is_a_syntax_error() {
    let file = "def f(x):\n    if x:\n        return 1\n    return 2\n";
    let call = json!({"command": "str_replace", "path": "a.py", "old_str": "        return 1\n", "new_str": "        log(x)\n\treturn 1\n"});
    assert_eq!(
        applied("a.py", file, &call.to_string()),
        Err(vec!["syntax_error".to_string()])
    );
}

// --- 7. bounded refusals --------------------------------------------------------------------

#[test]
fn a_block_matching_thousands_of_places_lists_the_first_few_and_their_count() {
    let file = "def f():\n    x = 1\n    y = 2\n".repeat(2000);
    let dir = root(&[("big.py", &file)]);
    let patch = search_replace("big.py", "    x = 1\n    y = 2\n", "    x = 3\n    y = 2\n");
    let answer = apply(&patch, &Options::new(dir.path()));
    let error = &answer.errors[0];
    assert_eq!(error.code.as_str(), "ambiguous_match");
    assert_eq!(error.candidates.len(), 5);
    assert_eq!(error.candidates_total, Some(2000));
    assert!(serde_json::to_string(&answer).unwrap().len() < 4000);
    let answer = apply(
        &patch,
        &Options {
            max_candidates: 50,
            ..Options::new(dir.path())
        },
    );
    assert_eq!(answer.errors[0].candidates.len(), 50);
}
