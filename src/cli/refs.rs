//! `saguaro refs FILE SYMBOL [--root DIR] [--json]`: every reference to one definition.

use super::output;
use crate::daemon;
use crate::feedback::{Error, ErrorCode};
use crate::refs::{self, Answer, Confidence};
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file that defines the symbol, relative to the root (or a path to it from here).
    file: PathBuf,
    /// The definition's name path: `Engine.process`, `Engine::process`, `helpers.retry`.
    symbol: String,
    /// The root of the tree to search (default: the current directory).
    #[arg(long)]
    root: Option<PathBuf>,
    /// Print one JSON object: the definition, every reference with its kind, confidence and
    /// reason, and what could not be resolved.
    #[arg(long)]
    json: bool,
    /// Answer in this process even when a daemon serves the root (`saguaro daemon`).
    #[arg(long)]
    no_daemon: bool,
}

pub fn run(args: Args) -> i32 {
    let root = args.root.clone().unwrap_or_else(|| PathBuf::from("."));
    let file = match relative_file(&root, &args.file) {
        Ok(file) => file,
        Err(e) => return output::refusal(&e, args.json),
    };
    if !args.no_daemon {
        let command = daemon::Command::Refs {
            file: file.clone(),
            symbol: args.symbol.clone(),
            json: args.json,
        };
        if let Some(reply) = daemon::ask(&root, &command) {
            return output::emit(&reply);
        }
    }
    output::emit(&reply(refs::answer(&root, &file, &args.symbol), args.json))
}

/// What `refs` prints for an answer (or a refusal), in JSON or for a person: the same
/// whether this process or a daemon found it.
pub(super) fn reply(answer: Result<Answer, Error>, json: bool) -> output::Reply {
    match answer {
        Ok(answer) if json => output::json_reply(&answer),
        Ok(answer) => output::Reply {
            stdout: render(&answer),
            ..output::Reply::default()
        },
        Err(e) => output::refusal_reply(&e, json),
    }
}

/// The file as a path relative to the root: as given when it is one, else made relative
/// from where the command runs; a file outside the root is refused.
pub(super) fn relative_file(root: &Path, file: &Path) -> Result<String, Error> {
    let shown = file.to_string_lossy().replace('\\', "/");
    let climbs = file.components().any(|c| matches!(c, std::path::Component::ParentDir));
    if root.join(file).is_file() && file.is_relative() && !climbs {
        return Ok(shown.trim_start_matches("./").to_string());
    }
    let root_abs = crate::workspace::canonical_root(root)?;
    let given = if file.is_relative() && climbs {
        root.join(file)
    } else {
        file.to_path_buf()
    };
    let Ok(file_abs) = given.canonicalize() else {
        return Err(Error::file_missing(&shown));
    };
    match file_abs.strip_prefix(&root_abs) {
        Ok(relative) => Ok(relative.to_string_lossy().replace('\\', "/")),
        Err(_) => Err(Error::new(
            ErrorCode::PathRejected,
            format!("`{shown}` is outside the root `{}`", root.display()),
            "name a file inside --root (or pass the root that holds it)",
        )
        .in_file(shown)),
    }
}

/// The answer for a person: the definition, then the references grouped by file, each
/// with its kind and tier; what could not be resolved last.
pub fn render(answer: &Answer) -> String {
    let files: std::collections::BTreeSet<&str> = answer.references.iter().map(|r| r.path.as_str()).collect();
    let by_name = answer
        .references
        .iter()
        .filter(|r| r.confidence == Confidence::NameMatch)
        .count();
    let mut out = format!(
        "{} ({} {}:{}:{}): {} reference(s) in {} file(s)",
        answer.symbol,
        answer.kind,
        answer.definition.path,
        answer.definition.line,
        answer.definition.column,
        answer.references.len(),
        files.len()
    );
    if by_name > 0 {
        out.push_str(&format!(", {by_name} by name only"));
    }
    out.push('\n');
    let mut current = "";
    for r in &answer.references {
        if r.path != current {
            out.push_str(&format!("\n{}\n", r.path));
            current = &r.path;
        }
        out.push_str(&format!(
            "  {}:{}  {:<9} {:<15} {}\n",
            r.line,
            r.column,
            r.kind.as_str(),
            r.confidence.as_str(),
            r.reason
        ));
    }
    if !answer.documentation.is_empty() {
        out.push_str("\nin documentation code (doc-tests; the build does not check them):\n");
        for r in &answer.documentation {
            out.push_str(&format!(
                "  {}:{}:{}  {}  {}\n",
                r.path,
                r.line,
                r.column,
                r.confidence.as_str(),
                r.reason
            ));
        }
    }
    if !answer.through_aliases.is_empty() {
        out.push_str("\nuses through another name (a rename leaves them):\n");
        for r in &answer.through_aliases {
            out.push_str(&format!("  {}:{}:{}  {}\n", r.path, r.line, r.column, r.reason));
        }
    }
    if !answer.unresolved.is_empty() {
        out.push_str("\nnot resolved:\n");
        for (reason, n) in &answer.unresolved.reasons {
            out.push_str(&format!("  {n} x {reason}\n"));
        }
        if !answer.unresolved.files_with_errors.is_empty() {
            out.push_str(&format!(
                "  files with parse errors (references there may be missed): {}\n",
                answer.unresolved.files_with_errors.join(", ")
            ));
        }
    }
    out
}
