//! `saguaro rename FILE SYMBOL NEW_NAME [--root DIR] [--dry-run] [--json]
//! [--include-uncertain]`: a definition and every reference to it, renamed as one
//! transaction (INTERFACE.md §5).

use super::apply::answer_out;
use super::output;
use super::refs::relative_file;
use crate::apply::{self, Options};
use crate::rename::Request;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file that defines the symbol, relative to the root (or a path to it from here).
    file: PathBuf,
    /// The definition's name path: `Engine.process`, `Engine::process`, `Config.port`.
    symbol: String,
    /// The new name (the last segment only: `run`, not `Engine.run`).
    new_name: String,
    /// The root of the tree whose references are renamed (default: the current directory).
    #[arg(long)]
    root: Option<PathBuf>,
    /// Plan and verify, print the diff, write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Print one JSON object: the apply answer with `references` (renamed), `uncertain`
    /// (matched by name only, left), `through_aliases` (uses through another name, left) and
    /// `implementations` (members implementing it or implemented by it, renamed with it).
    #[arg(long)]
    json: bool,
    /// Rename the references matched by name only too (listed under `uncertain` otherwise).
    #[arg(long)]
    include_uncertain: bool,
}

pub fn run(args: Args) -> i32 {
    let root = args.root.clone().unwrap_or_else(|| PathBuf::from("."));
    let file = match relative_file(&root, &args.file) {
        Ok(file) => file,
        Err(e) => return output::refusal(&e, args.json),
    };
    let request = Request {
        file,
        symbol: args.symbol,
        new_name: args.new_name,
        include_uncertain: args.include_uncertain,
    };
    let mut options = Options::new(&root);
    options.dry_run = args.dry_run;
    let answer = apply::rename(&request, &options);
    if !args.json {
        if let Some(renamed) = &answer.renamed {
            for r in &renamed.uncertain {
                eprintln!(
                    "left: {}:{}:{} matched by name only ({}); --include-uncertain renames it",
                    r.path, r.line, r.column, r.reason
                );
            }
            for at in &renamed.implementations {
                eprintln!(
                    "also: {}:{}:{} is the same member (implementing it or implemented by it), renamed with it",
                    at.path, at.line, at.column
                );
            }
            for r in &renamed.through_aliases {
                let alias = r.through.as_deref().unwrap_or("another name");
                eprintln!("left: {}:{}:{} uses it as `{alias}`", r.path, r.line, r.column);
            }
        }
    }
    answer_out(&answer, args.json)
}
