//! `command` actions: a program and its arguments run directly — never through a shell, so
//! nothing in an argument is expanded or chained — at the root (or a `cwd` under it), with
//! a timeout, after every file of the transaction has been written.

use super::{CommandDetails, Options};
use serde::Serialize;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// The most output kept per stream in the answer.
const OUTPUT_LIMIT: usize = 16 * 1024;

/// Unless the action or the settings say otherwise.
const DEFAULT_TIMEOUT_SECONDS: f64 = 60.0;

/// How one command went.
#[derive(Debug, Clone, Serialize)]
pub struct CommandRun {
    pub action: usize,
    pub argv: Vec<String>,
    /// `ok` (exit 0), `failed`, `timed_out` (killed) or `not_started`.
    pub status: &'static str,
    pub exit_code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub duration_ms: u64,
}

pub fn run(action: usize, details: &CommandDetails, options: &Options) -> CommandRun {
    let started = Instant::now();
    let mut outcome = CommandRun {
        action,
        argv: details.argv.clone(),
        status: "not_started",
        exit_code: None,
        stdout: String::new(),
        stderr: String::new(),
        duration_ms: 0,
    };
    let Some((program, args)) = details.argv.split_first() else {
        outcome.stderr = "argv is empty".to_string();
        return outcome;
    };
    let cwd = match &details.cwd {
        Some(dir) => options.root.join(dir),
        None => options.root.clone(),
    };
    let timeout = details
        .timeout_seconds
        .or(options.settings.command_timeout_seconds)
        .unwrap_or(DEFAULT_TIMEOUT_SECONDS);
    let spawned = Command::new(program)
        .args(args)
        .current_dir(&cwd)
        .envs(&details.env)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            outcome.stderr = format!("cannot start `{program}`: {e}");
            return outcome;
        }
    };
    // Drain both pipes while waiting, or a chatty program blocks on a full pipe. A killed
    // program's own children may hold the pipes open: their output is waited for briefly.
    let drain = |stream: Option<Box<dyn Read + Send>>| {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut stream) = stream {
                let _ = stream.read_to_end(&mut bytes);
            }
            let _ = send.send(bytes);
        });
        receive
    };
    let stdout = drain(child.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>));
    let status = match child.wait_timeout(Duration::from_secs_f64(timeout)) {
        Ok(Some(status)) => Some(status),
        Ok(None) | Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            None
        }
    };
    let grace = Duration::from_secs(1);
    outcome.stdout = limited(stdout.recv_timeout(grace).unwrap_or_default());
    outcome.stderr = limited(stderr.recv_timeout(grace).unwrap_or_default());
    outcome.duration_ms = started.elapsed().as_millis() as u64;
    match status {
        Some(status) => {
            outcome.exit_code = status.code();
            outcome.status = if status.success() { "ok" } else { "failed" };
        }
        None => outcome.status = "timed_out",
    }
    outcome
}

/// The output as text, its end kept when it is long (the end is where errors are).
fn limited(bytes: Vec<u8>) -> String {
    let text = String::from_utf8_lossy(&bytes);
    if text.len() <= OUTPUT_LIMIT {
        return text.into_owned();
    }
    let mut cut = text.len() - OUTPUT_LIMIT;
    while !text.is_char_boundary(cut) {
        cut += 1;
    }
    format!("[... {cut} bytes cut ...]\n{}", &text[cut..])
}
