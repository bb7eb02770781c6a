//! `command` actions: a program and its arguments run directly — never through a shell —
//! at the root (or a `cwd` under it), with a timeout, after every file of the transaction
//! has been written.

use super::{CommandDetails, Options};
use crate::process::{self, Ending};
use crate::stage::CommandRun;
use std::time::Duration;

/// The most output kept per stream in the answer.
const OUTPUT_LIMIT: usize = 16 * 1024;

/// Unless the action or the settings say otherwise.
const DEFAULT_TIMEOUT_SECONDS: f64 = 60.0;

pub fn run(action: usize, details: &CommandDetails, options: &Options) -> CommandRun {
    let cwd = match &details.cwd {
        Some(dir) => options.root.join(dir),
        None => options.root.clone(),
    };
    let timeout = details
        .timeout_seconds
        .or(options.settings.command_timeout_seconds)
        .unwrap_or(DEFAULT_TIMEOUT_SECONDS);
    let env: Vec<(String, String)> = details.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    let ran = process::run(&details.argv, &cwd, &env, Duration::from_secs_f64(timeout));
    let (status, exit_code) = match ran.ending {
        Ending::Exited { success: true, code } => ("ok", code),
        Ending::Exited { success: false, code } => ("failed", code),
        Ending::TimedOut => ("timed_out", None),
        Ending::NotStarted => ("not_started", None),
    };
    CommandRun {
        action,
        argv: details.argv.clone(),
        status,
        exit_code,
        stdout: process::tail(&ran.stdout, OUTPUT_LIMIT),
        stderr: process::tail(&ran.stderr, OUTPUT_LIMIT),
        duration_ms: ran.duration.as_millis() as u64,
    }
}
