//! The `saguaro` command line: arguments in, one library call, the answer out.
//!
//! One file per command. Exit status follows INTERFACE.md §4: 0 done, 1 refused, 2 the
//! input could not be read or parsed.

mod output;
mod show;
mod symbols;

use clap::{Parser, Subcommand};
use std::ffi::OsString;

#[derive(Debug, Parser)]
#[command(
    name = "saguaro",
    version,
    about = "Change code by meaning: edits addressed by symbol, patches placed with care, impact known before writing"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List every symbol of files and directories: name path, kind, lines, byte range.
    Symbols(symbols::Args),
    /// Print one symbol's source (its whole extent: decorators and doc comment included).
    Show(show::Args),
}

/// Runs the command line `args` (the program name first) and returns the exit status.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match cli.command {
        Command::Symbols(args) => symbols::run(args),
        Command::Show(args) => show::run(args),
    }
}
