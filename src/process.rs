//! Running a program: argv only (never a shell, so nothing in an argument is expanded or
//! chained), in a given directory, with a timeout, its output captured while it runs.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// How a program run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited (with this code, if it had one).
    Exited { success: bool, code: Option<i32> },
    /// It outlived its timeout and was killed.
    TimedOut,
    /// It could not be started (no such program, not executable).
    NotStarted,
}

#[derive(Debug, Clone)]
pub struct Run {
    pub ending: Ending,
    pub stdout: Vec<u8>,
    /// Or, when it did not start, why.
    pub stderr: Vec<u8>,
    pub duration: Duration,
}

/// Runs `argv` in `dir` with `env` added, killed after `timeout`.
pub fn run(argv: &[String], dir: &Path, env: &[(String, String)], timeout: Duration) -> Run {
    let started = Instant::now();
    let not_started = |why: String| Run {
        ending: Ending::NotStarted,
        stdout: Vec::new(),
        stderr: why.into_bytes(),
        duration: started.elapsed(),
    };
    let Some((program, args)) = argv.split_first() else {
        return not_started("argv is empty".to_string());
    };
    let spawned = Command::new(program)
        .args(args)
        .current_dir(dir)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => return not_started(format!("cannot start `{program}`: {e}")),
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
    let ending = match child.wait_timeout(timeout) {
        Ok(Some(status)) => Ending::Exited {
            success: status.success(),
            code: status.code(),
        },
        Ok(None) | Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            Ending::TimedOut
        }
    };
    let grace = Duration::from_secs(1);
    Run {
        ending,
        stdout: stdout.recv_timeout(grace).unwrap_or_default(),
        stderr: stderr.recv_timeout(grace).unwrap_or_default(),
        duration: started.elapsed(),
    }
}

/// The end of a program's output as text, at most `limit` bytes (the end is where errors
/// are).
pub fn tail(bytes: &[u8], limit: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= limit {
        return text.into_owned();
    }
    let mut cut = text.len() - limit;
    while !text.is_char_boundary(cut) {
        cut += 1;
    }
    format!("[... {cut} bytes cut ...]\n{}", &text[cut..])
}
