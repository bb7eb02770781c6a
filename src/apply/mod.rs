//! `apply`: a patch in, the answer out — the dispatcher on top of the pipeline. It detects
//! the format and hands the patch to its stager (`stage` for semantic and text patches and
//! edit calls, `action` for proposed actions), which plans every change in memory,
//! verifies it and writes it atomically, or writes nothing at all.
//!
//! The answer is the JSON object of INTERFACE.md §4: `status`, `files` (with sha256 before
//! and after), `matches` (what each operation resolved to), `errors` (code, message,
//! hint, candidates) and the unified `diff`. Its types are `stage`'s, named here too for
//! the callers of `apply`.

pub mod session;

pub use crate::stage::{Answer, CommandRun, FileChange, Format, Match, Options, Status, DEFAULT_MAX_CANDIDATES};

use crate::feedback::Error;
use crate::stage;
use crate::workspace::Transaction;

/// Applies `input` (the patch text) under `options`.
pub fn apply(input: &str, options: &Options) -> Answer {
    let mut answer = match run(input, options) {
        Ok(answer) => answer,
        Err(errors) => Answer::rejected_all(errors),
    };
    answer.errors = std::mem::take(&mut answer.errors)
        .into_iter()
        .map(|e| e.bounded(options.max_candidates))
        .collect();
    answer
}

/// Renames a definition and its references across the root (`saguaro rename`), as one
/// transaction: the answer of an apply, with the references renamed and left beside it.
pub fn rename(request: &crate::rename::Request, options: &Options) -> Answer {
    let run = || -> Result<Answer, Vec<Error>> {
        let mut tx = Transaction::new(options.workspace().map_err(|e| vec![e])?);
        let renamed = crate::rename::stage(&mut tx, request)?;
        let matched = stage::rename_match(&request.file, 0, &renamed);
        let mut answer = stage::finish(tx, vec![matched], options.dry_run)?;
        answer.renamed = Some(renamed);
        Ok(answer)
    };
    let mut answer = run().unwrap_or_else(Answer::rejected_all);
    answer.errors = std::mem::take(&mut answer.errors)
        .into_iter()
        .map(|e| e.bounded(options.max_candidates))
        .collect();
    answer
}

fn run(input: &str, options: &Options) -> Result<Answer, Vec<Error>> {
    let format = match options.format {
        Some(format) => format,
        None => stage::detect(input)?,
    };
    if format == Format::Action {
        return Ok(crate::action::apply(input, options));
    }
    let mut tx = Transaction::new(options.workspace()?);
    let (matches, dry_run) = stage::stage_format(input, format, &mut tx, options)?;
    stage::finish(tx, matches, options.dry_run || dry_run)
}
