//! Commits per language for the gate's tests: a definition and its caller, the definition
//! with a required parameter added, the caller updated, and a comment-only change; and the
//! git steps that make and change their repositories.

use std::path::Path;
use std::process::Command;

/// Runs git in `dir`; a failing git fails the test.
pub fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Writes `text` to `dir/name`, making its folders.
pub fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A repository with `files` committed.
pub fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["config", "user.email", "gate@example.com"]);
    git(dir.path(), &["config", "user.name", "gate"]);
    for (name, text) in files {
        write(dir.path(), name, text);
    }
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-qm", "base"]);
    dir
}

pub struct Language {
    pub files: &'static [(&'static str, &'static str)],
    /// The definition's file, with a required parameter added.
    pub changed: (&'static str, &'static str),
    /// The caller's file, updated to the new signature.
    pub updated: (&'static str, &'static str),
    /// The definition's file with only a comment changed.
    pub comment_only: (&'static str, &'static str),
    /// Where the caller is.
    pub caller: &'static str,
}

pub const PYTHON: Language = Language {
    files: &[
        (
            "pkg/engine.py",
            "class Engine:\n    def process(self, data):\n        return data\n",
        ),
        (
            "pkg/app.py",
            "from pkg.engine import Engine\n\n\ndef main():\n    e = Engine()\n    return e.process(1)\n",
        ),
    ],
    changed: (
        "pkg/engine.py",
        "class Engine:\n    def process(self, data, mode):\n        return data\n",
    ),
    updated: (
        "pkg/app.py",
        "from pkg.engine import Engine\n\n\ndef main():\n    e = Engine()\n    return e.process(1, \"fast\")\n",
    ),
    comment_only: (
        "pkg/engine.py",
        "class Engine:\n    # Processes data.\n    def process(self, data):\n        return data\n",
    ),
    caller: "pkg/app.py:6",
};

pub const RUST: Language = Language {
    files: &[
        (
            "Cargo.toml",
            "[package]\nname = \"engine\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        ),
        ("src/lib.rs", "pub mod engine;\npub mod app;\n"),
        ("src/engine.rs", "pub fn process(data: u32) -> u32 {\n    data\n}\n"),
        (
            "src/app.rs",
            "use crate::engine::process;\n\npub fn run() -> u32 {\n    process(1)\n}\n",
        ),
    ],
    changed: (
        "src/engine.rs",
        "pub fn process(data: u32, mode: &str) -> u32 {\n    let _ = mode;\n    data\n}\n",
    ),
    updated: (
        "src/app.rs",
        "use crate::engine::process;\n\npub fn run() -> u32 {\n    process(1, \"fast\")\n}\n",
    ),
    comment_only: (
        "src/engine.rs",
        "/// Processes data.\npub fn process(data: u32) -> u32 {\n    data\n}\n",
    ),
    caller: "src/app.rs:4",
};

pub const TYPESCRIPT: Language = Language {
    files: &[
        (
            "src/engine.ts",
            "export function process(data: number): number {\n  return data;\n}\n",
        ),
        (
            "src/app.ts",
            "import { process } from \"./engine\";\n\nexport const run = () => process(1);\n",
        ),
    ],
    changed: (
        "src/engine.ts",
        "export function process(data: number, mode: string): number {\n  return data;\n}\n",
    ),
    updated: (
        "src/app.ts",
        "import { process } from \"./engine\";\n\nexport const run = () => process(1, \"fast\");\n",
    ),
    comment_only: (
        "src/engine.ts",
        "// Processes data.\nexport function process(data: number): number {\n  return data;\n}\n",
    ),
    caller: "src/app.ts:3",
};

/// Every language's case.
pub const ALL: [&Language; 3] = [&PYTHON, &RUST, &TYPESCRIPT];
