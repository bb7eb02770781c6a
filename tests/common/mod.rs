//! Helpers shared by the integration tests: run the real binary, read its answers.

#![allow(dead_code)]

pub mod change;
pub mod commits;
pub mod markers;
pub mod tree;
pub mod venv;

use std::path::Path;
use std::process::{Command, Output};

/// Runs `saguaro ARGS` in `dir` (the crate root when `None`).
pub fn saguaro(args: &[&str], dir: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_saguaro"));
    cmd.args(args).env("NO_COLOR", "1");
    cmd.current_dir(dir.unwrap_or(Path::new(env!("CARGO_MANIFEST_DIR"))));
    cmd.output().expect("the saguaro binary runs")
}

pub fn stdout_json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON value ({e}):\n{}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub const FIXTURES: &[&str] = &[
    "fixtures/python/engine.py",
    "fixtures/rust/store.rs",
    "fixtures/typescript/client.ts",
    "fixtures/tsx/JobBoard.tsx",
    "fixtures/javascript/router.js",
];

/// Runs `saguaro ARGS` in `dir` with `input` on standard input.
pub fn saguaro_with_stdin(args: &[&str], dir: &Path, input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_saguaro"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the saguaro binary runs");
    // A command that answers before reading all of its input (a refusal) closes the pipe
    // early: that is its answer, not a failure of the test's writing.
    if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writing saguaro's input: {e}");
    }
    child.wait_with_output().unwrap()
}
