//! `saguaro daemon [--root DIR] [--status | --stop]`: keep a root's tree parsed between
//! command-line calls ([`crate::daemon`]). `refs` and `impact` ask it when it serves the
//! root.

use super::apply::Common;
use super::output;
use crate::apply::Format;
use crate::daemon::{self, Command, Reply};
use crate::feedback::{Error, ErrorCode};
use clap::ValueEnum;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tree it serves (default: the current directory).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Print the serving daemon's root, socket, process id and answers given, as JSON.
    #[arg(long, conflicts_with = "stop")]
    status: bool,
    /// Stop the daemon serving the root.
    #[arg(long)]
    stop: bool,
}

pub fn run(args: Args) -> i32 {
    if args.status || args.stop {
        let command = if args.stop { Command::Stop } else { Command::Status };
        return match daemon::ask(&args.root, &command) {
            Some(reply) => output::emit(&reply),
            None => output::refusal(&none_serves(&args), false),
        };
    }
    // Serves in the foreground until `--stop` (or a signal).
    match daemon::serve(&args.root, answer) {
        Ok(()) => 0,
        Err(e) => output::refusal(&e, false),
    }
}

/// What the daemon answers: the command as it would print itself, over the warm tree.
fn answer(warm: &crate::refs::warm::Warm, command: &Command) -> Reply {
    match command {
        Command::Refs { file, symbol, json } => {
            let project = warm.project();
            super::refs::reply(crate::refs::answer_in(&project, file, symbol), *json)
        }
        Command::Impact {
            patch,
            format,
            fuzz,
            settings,
            max_candidates,
            json,
            colour,
        } => {
            let format = match format.as_deref().map(|f| Format::from_str(f, false)).transpose() {
                Ok(format) => format,
                Err(e) => {
                    let error = Error::new(
                        ErrorCode::InvalidFormat,
                        e,
                        "ask with a format `saguaro apply --help` lists",
                    );
                    return output::refusal_reply(&error, *json);
                }
            };
            let common = Common {
                root: warm.root().to_path_buf(),
                format,
                fuzz: *fuzz,
                settings: settings.clone(),
                max_candidates: *max_candidates,
            };
            super::impact::reply(patch, &common, *json, *colour, Some(&warm.project()))
        }
        // Answered by the daemon itself.
        Command::Status | Command::Stop => Reply::default(),
    }
}

fn none_serves(args: &Args) -> Error {
    Error::new(
        ErrorCode::FileMissing,
        format!("no daemon serves `{}`", args.root.display()),
        format!("start one: saguaro daemon --root {}", args.root.display()),
    )
}
