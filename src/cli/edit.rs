//! The shell forms of the semantic operations: `replace`, `insert`, `delete`, `docstring`.
//! Each builds a one-operation semantic patch and applies it like `apply` does.

use super::apply::{answer_out, read_stdin};
use crate::apply::{self, Options};
use crate::feedback::{Error, ErrorCode};
use serde_json::json;
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
pub struct Common {
    /// Plan and verify, print the diff, write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Print one JSON object (docs/reference.md, "JSON answers").
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
pub struct ReplaceArgs {
    /// The file to edit.
    file: PathBuf,
    /// A name path: `Engine.process`, `Engine::process`, `Config.port`, `Engine.fmt#2`.
    symbol: String,
    /// The new code: a file, or `-` (the default) for standard input.
    #[arg(long = "with", default_value = "-")]
    with: PathBuf,
    /// Replace the whole extent as written: drop decorators, attributes, the doc comment
    /// or `export` that the new code does not carry.
    #[arg(long)]
    drop_attached: bool,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, clap::Args)]
#[group(id = "anchor", required = true, multiple = false)]
pub struct InsertArgs {
    /// The file to edit.
    file: PathBuf,
    /// Insert after this symbol.
    #[arg(long, group = "anchor")]
    after: Option<String>,
    /// Insert before this symbol (before its decorators and doc comment).
    #[arg(long, group = "anchor")]
    before: Option<String>,
    /// Insert as the last member of this class, impl, trait, namespace or module.
    #[arg(long, group = "anchor")]
    into: Option<String>,
    /// The new code: a file, or `-` (the default) for standard input.
    #[arg(long = "with", default_value = "-")]
    with: PathBuf,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, clap::Args)]
pub struct DeleteArgs {
    /// The file to edit.
    file: PathBuf,
    /// A name path: `Engine.process`, `Engine::process`, `Config.port`, `Engine.fmt#2`.
    symbol: String,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, clap::Args)]
pub struct DocstringArgs {
    /// The file to edit.
    file: PathBuf,
    /// A name path: `Engine.process`, `Engine::process`, `Config.port`, `Engine.fmt#2`.
    symbol: String,
    /// The docstring's text (without quotes or comment markers); empty removes it.
    #[arg(long, conflicts_with = "with")]
    text: Option<String>,
    /// Read the text from a file, or `-` for standard input.
    #[arg(long = "with")]
    with: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
}

pub fn replace(args: ReplaceArgs) -> i32 {
    let content = match read_content(&args.with) {
        Ok(c) => c,
        Err(e) => return fail(e, args.common.json),
    };
    let mut op = json!({"op": "replace", "symbol": args.symbol, "content": content});
    if args.drop_attached {
        op["keep_attached"] = json!(false);
    }
    run(&args.file, op, &args.common)
}

pub fn insert(args: InsertArgs) -> i32 {
    let content = match read_content(&args.with) {
        Ok(c) => c,
        Err(e) => return fail(e, args.common.json),
    };
    let mut op = json!({"op": "insert", "content": content});
    if let Some(s) = args.after {
        op["after_symbol"] = json!(s);
    } else if let Some(s) = args.before {
        op["before_symbol"] = json!(s);
    } else if let Some(s) = args.into {
        op["into"] = json!(s);
    }
    run(&args.file, op, &args.common)
}

pub fn delete(args: DeleteArgs) -> i32 {
    run(&args.file, json!({"op": "delete", "symbol": args.symbol}), &args.common)
}

pub fn docstring(args: DocstringArgs) -> i32 {
    let content = match (&args.text, &args.with) {
        (Some(text), _) => text.clone(),
        (None, Some(path)) => match read_content(path) {
            Ok(c) => c,
            Err(e) => return fail(e, args.common.json),
        },
        (None, None) => match read_stdin() {
            Ok(c) => c,
            Err(e) => return fail(e, args.common.json),
        },
    };
    run(
        &args.file,
        json!({"op": "update_docstring", "symbol": args.symbol, "content": content}),
        &args.common,
    )
}

/// The file as a patch target: relative paths stay relative to the current directory;
/// an absolute path is applied from its own directory.
fn run(file: &Path, operation: serde_json::Value, common: &Common) -> i32 {
    let (root, target) = if file.is_absolute() || file.components().any(|c| c == std::path::Component::ParentDir) {
        let parent = file
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        (
            parent.to_path_buf(),
            file.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        )
    } else {
        (PathBuf::from("."), file.to_string_lossy().into_owned())
    };
    let patch = json!({"type": "patch", "target_file": target, "operations": [operation]});
    // The root's settings still guard its paths.
    let settings = match crate::settings::Settings::find(&root, None) {
        Ok(settings) => settings,
        Err(errors) => return answer_out(&apply::Answer::rejected_all(errors), common.json),
    };
    let options = Options {
        dry_run: common.dry_run,
        format: Some(apply::Format::Semantic),
        settings,
        ..Options::new(root)
    };
    let mut answer = apply::apply(&patch.to_string(), &options);
    let shown = file.to_string_lossy();
    if shown != target {
        name_as_given(&mut answer, &target, &shown);
    }
    answer_out(&answer, common.json)
}

/// The answer with the file named as the user named it (`../outside/o.py`, an absolute
/// path) rather than relative to the root it was applied from.
fn name_as_given(answer: &mut apply::Answer, target: &str, shown: &str) {
    for file in &mut answer.files {
        if file.path == target {
            file.path = shown.to_string();
        }
    }
    for m in &mut answer.matches {
        if m.file == target {
            m.file = shown.to_string();
        }
    }
    for e in answer.errors.iter_mut().chain(answer.notices.iter_mut()) {
        if e.file.as_deref() == Some(target) {
            e.file = Some(shown.to_string());
        }
        e.message = e.message.replace(&format!("`{target}`"), &format!("`{shown}`"));
    }
    answer.diff = answer
        .diff
        .split_inclusive('\n')
        .map(|line| match line.trim_end_matches('\n') {
            l if l == format!("--- a/{target}") => format!("--- a/{shown}\n"),
            l if l == format!("+++ b/{target}") => format!("+++ b/{shown}\n"),
            _ => line.to_string(),
        })
        .collect();
}

fn read_content(path: &Path) -> Result<String, Error> {
    if path.as_os_str() == "-" {
        return read_stdin();
    }
    std::fs::read_to_string(path).map_err(|e| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("cannot read the new code from `{}`: {e}", path.display()),
            "pass a readable UTF-8 file with --with, or pipe the code into standard input",
        )
    })
}

fn fail(error: Error, json: bool) -> i32 {
    answer_out(&apply::Answer::rejected(error), json)
}
