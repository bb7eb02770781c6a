//! `saguaro check [--staged | --base REV] [--api [--allow-level LEVEL]] [--format text|json|sarif|github]`: the
//! breaking-change gate for pre-commit hooks and CI.

use super::output;
use crate::gate::{self, format, Against, CheckOptions};
use crate::impact::callsites::Confidence;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Compare the index against HEAD (the commit about to be made). The default.
    #[arg(long, conflicts_with = "base")]
    staged: bool,
    /// Compare the working tree against this revision (a pull request against its base).
    #[arg(long, value_name = "REV")]
    base: Option<String>,
    /// The repository (any folder inside it).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Callsites below this confidence tier are notes, not failures. Name-only matches are
    /// often another definition of the same name, so by default they do not block.
    #[arg(long, value_enum, default_value = "receiver-typed")]
    min_confidence: MinConfidence,
    /// Breakage kinds that only make notes (`--allow parameter_default_changed`); repeatable.
    #[arg(long, value_name = "KIND")]
    allow: Vec<String>,
    /// Check the PUBLIC surface instead of the calls in the repository: every breaking
    /// change to what the library's users can reach, and the semver level the change needs.
    #[arg(long)]
    api: bool,
    /// With --api: the highest semver level the change may need (fails above it).
    #[arg(long, value_enum, default_value = "minor", requires = "api")]
    allow_level: gate::api::Level,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    Sarif,
    Github,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum MinConfidence {
    NameMatch,
    ReceiverTyped,
    ImportResolved,
}

pub fn run(args: Args) -> i32 {
    let options = CheckOptions {
        root: args.root.clone(),
        against: match &args.base {
            Some(rev) => Against::Base(rev.clone()),
            None => Against::Staged,
        },
        min_confidence: match args.min_confidence {
            MinConfidence::NameMatch => Confidence::NameMatch,
            MinConfidence::ReceiverTyped => Confidence::ReceiverTyped,
            MinConfidence::ImportResolved => Confidence::ImportResolved,
        },
        allow: args.allow.clone(),
    };
    let checked = match args.api {
        true => gate::changes(&options)
            .map(|changes| gate::api::report(&changes, gate::label(&options.against), args.allow_level)),
        false => gate::check(&options),
    };
    match checked {
        Ok(report) => {
            match args.format {
                Format::Text => output::print(&format::text(&report)),
                Format::Json => output::print_json(&report),
                Format::Sarif => output::print_json(&format::sarif(&report)),
                Format::Github => output::print(&format::github(&report)),
            }
            report.exit_status()
        }
        Err(error) => {
            output::report(std::slice::from_ref(&error), &[]);
            error.code.exit_status()
        }
    }
}
