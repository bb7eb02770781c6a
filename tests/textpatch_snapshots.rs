//! Text patches through the whole `apply` path: each format, the tiers, and the refusals an
//! agent learns from (their JSON is part of the interface). A snapshot shows every file of
//! the root after the patch, or the errors; a refusal must leave every byte as it was.

use saguaro::apply::{apply, Options};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

const ENGINE: &str = "import os\n\n\nclass Engine:\n    def start(self):\n        self.ready = True\n        return self\n\n    def stop(self):\n        self.ready = False\n        return self\n\n    def status(self):\n        return self.ready\n";

fn files(root: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            for (k, v) in files(&path) {
                out.insert(format!("{}/{k}", path.file_name().unwrap().to_string_lossy()), v);
            }
        } else {
            out.insert(
                path.file_name().unwrap().to_string_lossy().into_owned(),
                fs::read_to_string(&path).unwrap(),
            );
        }
    }
    out
}

fn run(setup: &[(&str, &str)], patch: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in setup {
        let path = dir.path().join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let before = files(dir.path());
    let answer = apply(patch, &Options::new(dir.path()));
    let after = files(dir.path());
    if !answer.errors.is_empty() {
        assert_eq!(before, after, "a refused patch changes nothing");
        return serde_json::to_string_pretty(&answer.errors).unwrap();
    }
    let strategies: Vec<String> = answer
        .matches
        .iter()
        .map(|m| &m.matched)
        .map(|m| {
            format!(
                "hunk {}: {} {:.3} lines {}-{}",
                m.operation, m.strategy, m.confidence, m.start_line, m.end_line
            )
        })
        .collect();
    let mut out = strategies.join("\n") + "\n";
    for f in &answer.files {
        out.push_str(&format!("{} {}\n", f.action, f.path));
    }
    for (name, text) in after {
        out.push_str(&format!("=== {name}\n{}", text.replace('\r', "\\r")));
    }
    out
}

macro_rules! case {
    ($name:ident, $setup:expr, $patch:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), run($setup, $patch));
        }
    };
}

case!(applydiff_exact, &[("engine.py", ENGINE)],
    ">>> file: engine.py\n--- from\n    def stop(self):\n        self.ready = False\n        return self\n--- to\n    def stop(self, force=False):\n        self.ready = False\n        self.forced = force\n        return self\n<\n");
case!(applydiff_reindented_block_lands_at_the_file_indentation, &[("engine.py", ENGINE)],
    ">>> file: engine.py\n--- from\ndef stop(self):\n    self.ready = False\n    return self\n--- to\ndef stop(self):\n    self.ready = False\n    if self.hooks:\n        self.run_hooks()\n    return self\n<\n");
case!(search_replace_with_trailing_spaces_and_a_typo, &[("engine.py", ENGINE)],
    "engine.py\n<<<<<<< SEARCH\n    def status(self):   \n        return self.readdy\n=======\n    def status(self):\n        return bool(self.ready)\n>>>>>>> REPLACE\n");
case!(unified_with_wrong_line_numbers, &[("engine.py", ENGINE)],
    "--- a/engine.py\n+++ b/engine.py\n@@ -40,3 +40,3 @@\n     def start(self):\n-        self.ready = True\n+        self.ready = self.check()\n         return self\n");
case!(
    unified_hint_chooses_between_equal_places,
    &[("engine.py", ENGINE)],
    "--- a/engine.py\n+++ b/engine.py\n@@ -7,1 +7,1 @@\n-        return self\n+        return self  # started\n"
);
case!(codex_add_update_delete_move, &[("engine.py", ENGINE), ("old.txt", "bye\n"), ("src/a.py", "x = 1\n")],
    "*** Begin Patch\n*** Add File: docs/new.md\n+# New\n+text\n*** Delete File: old.txt\n*** Update File: src/a.py\n*** Move to: lib/a.py\n@@\n-x = 1\n+x = 2\n*** Update File: engine.py\n@@ class Engine:\n     def status(self):\n-        return self.ready\n+        return not not self.ready\n*** End of File\n*** End Patch\n");
case!(
    crlf_file_keeps_crlf,
    &[("win.py", "a = 1\r\nb = 2\r\nc = 3\r\n")],
    ">>> file: win.py\n--- from\na = 1\nb = 2\n--- to\na = 1\nb = 20\nb2 = 21\n<\n"
);
case!(
    ambiguous_match_lists_every_place,
    &[("engine.py", ENGINE)],
    "engine.py\n<<<<<<< SEARCH\n        return self\n=======\n        return None\n>>>>>>> REPLACE\n"
);
case!(no_match_shows_the_closest_region_and_a_diff, &[("engine.py", ENGINE)],
    ">>> file: engine.py\n--- from\n    def stop(self):\n        self.running = False\n        self.cleanup(all=True)\n--- to\n    def stop(self):\n        pass\n<\n");
case!(already_applied_is_reported, &[("engine.py", ENGINE)],
    "engine.py\n<<<<<<< SEARCH\n    def status(self):\n        return bool(self.ready)\n=======\n    def status(self):\n        return self.ready\n>>>>>>> REPLACE\n");
case!(a_failing_second_file_writes_nothing, &[("engine.py", ENGINE), ("b.py", "y = 1\n")],
    "engine.py\n<<<<<<< SEARCH\nimport os\n=======\nimport os\nimport sys\n>>>>>>> REPLACE\n\nb.py\n<<<<<<< SEARCH\nz = 99\n=======\nz = 100\n>>>>>>> REPLACE\n");
case!(
    context_free_addition_is_refused,
    &[("engine.py", ENGINE)],
    "*** Begin Patch\n*** Update File: engine.py\n@@\n+# appended\n*** End Patch\n"
);
case!(
    invalid_applydiff,
    &[("engine.py", ENGINE)],
    ">>> file: engine.py\n--- to\nx\n<\n"
);
case!(
    invalid_search_replace,
    &[("engine.py", ENGINE)],
    "engine.py\n<<<<<<< SEARCH\nimport os\n>>>>>>> REPLACE\n"
);
case!(
    invalid_codex,
    &[("engine.py", ENGINE)],
    "*** Begin Patch\n*** Frobnicate File: engine.py\n*** End Patch\n"
);
case!(
    path_leaving_the_root_is_rejected,
    &[("engine.py", ENGINE)],
    "--- a/../engine.py\n+++ b/../engine.py\n@@ -1 +1 @@\n-import os\n+import sys\n"
);

// Blank lines the file has and a patch does not show, next to a change.
const TOP: &str = "LIMIT = 10\n\ntry:\n    import fast\nexcept ImportError:\n    fast = None\n";
// Lines added with a blank line of their own after them, and a blank line the file has
// there that the hunk does not show: before the new lines, or beside their own? Real
// histories have both (scripts/blank_rules_sim.py): refused, never guessed.
case!(
    unified_insertion_beside_an_unshown_blank_line_is_refused,
    &[("top.py", TOP)],
    "--- a/top.py\n+++ b/top.py\n@@ -1,2 +1,5 @@\n LIMIT = 10\n+if DEBUG:\n+    LIMIT = 1\n+\n try:\n"
);
const TWO: &str = "def f():\n    total = 0\n    for x in xs:\n        total += x\n\n    return total\n";
case!(
    unified_change_after_added_lines_takes_the_hidden_blank_line,
    &[("two.py", TWO)],
    "--- a/two.py\n+++ b/two.py\n@@ -2,5 +2,5 @@\n     total = 0\n-    for x in xs:\n-        total += x\n+    for x in sorted(xs):\n+        total += x * x\n-    return total\n+    return round(total, 2)\n"
);
// The blank line between two removed lines is not marked removed: it stays, before the
// lines added after the last removed one (diff order).
case!(
    unified_unshown_blank_between_removed_lines_stays,
    &[("two.py", TWO)],
    "--- a/two.py\n+++ b/two.py\n@@ -2,5 +2,5 @@\n     total = 0\n-    for x in xs:\n-        total += x\n-    return total\n+    total = sum(xs)\n+    return total\n"
);
case!(
    search_replace_replaces_the_blank_lines_inside_what_it_matched,
    &[("two.py", TWO)],
    "two.py\n<<<<<<< SEARCH\n    total = 0\n    for x in xs:\n        total += x\n    return total\n=======\n    return sum(xs)\n>>>>>>> REPLACE\n"
);
case!(
    marked_reindent_is_a_change_even_with_trailing_spaces,
    &[("two.py", TWO)],
    "--- a/two.py\n+++ b/two.py\n@@ -3,2 +3,2 @@\n-    for x in xs:  \n-        total += x\n+    for x in xs:\n+            total += x\n"
);
