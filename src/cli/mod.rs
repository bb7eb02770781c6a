//! The `saguaro` command line: arguments in, one library call, the answer out.
//!
//! One file per command. Exit status (docs/reference.md): 0 done, 1 refused, 2 the input
//! could not be read or parsed.

mod apply;
mod check;
mod daemon;
mod edit;
mod impact;
mod mcp;
mod output;
mod refs;
mod rename;
mod show;
mod symbols;

use clap::{Parser, Subcommand};
use std::ffi::OsString;

#[derive(Debug, Parser)]
#[command(
    name = "saguaro",
    version,
    about = "Change code by meaning: edits addressed by symbol, patches placed with care, impact known before writing",
    after_help = "The reference, with an example of every command, the JSON answers, error codes and exit \
                  status: docs/reference.md in saguaro's repository; the patch formats `apply` reads: \
                  docs/formats.md."
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
    /// Apply a patch: plan and verify every change in memory, then write all or nothing.
    Apply(apply::Args),
    /// Replace a symbol with new code (from --with FILE or standard input).
    Replace(edit::ReplaceArgs),
    /// Insert new code after, before or into a symbol.
    Insert(edit::InsertArgs),
    /// Delete a symbol (its decorators, attributes and doc comment with it).
    Delete(edit::DeleteArgs),
    /// Set, replace or remove a symbol's docstring or doc comment.
    Docstring(edit::DocstringArgs),
    /// The Impact Report of a patch: what it breaks, how risky, how volatile; nothing written.
    Impact(impact::Args),
    /// The breaking-change gate: calls the staged change (or the branch) leaves broken.
    Check(check::Args),
    /// Every reference to one definition across the root: calls, imports, re-exports,
    /// type uses, each with how sure saguaro is.
    Refs(refs::Args),
    /// Rename a definition and every reference to it across the root, as one transaction
    /// (references matched by name only are listed and left unless --include-uncertain).
    Rename(rename::Args),
    /// Serve every command as a tool over the Model Context Protocol (stdio), with the
    /// tree kept parsed between calls: the way an agent's host plugs saguaro in.
    Mcp(mcp::Args),
    /// Keep the root's tree parsed between calls, in the foreground: `refs` asks it instead
    /// of parsing again (--status, --stop).
    Daemon(daemon::Args),
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
        Command::Apply(args) => apply::run(args),
        Command::Replace(args) => edit::replace(args),
        Command::Insert(args) => edit::insert(args),
        Command::Delete(args) => edit::delete(args),
        Command::Docstring(args) => edit::docstring(args),
        Command::Impact(args) => impact::run(args),
        Command::Check(args) => check::run(args),
        Command::Refs(args) => refs::run(args),
        Command::Rename(args) => rename::run(args),
        Command::Mcp(args) => mcp::run(args),
        Command::Daemon(args) => daemon::run(args),
    }
}
