//! `saguaro symbols PATH... [--json]`

use super::output;
use crate::symbols::scan::{scan, FileSymbols};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files and directories (walked, honouring .gitignore); `.` when none is given.
    paths: Vec<PathBuf>,
    /// Print one JSON object: {"files": [...], "errors": [...], "warnings": [...]}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> i32 {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths
    };
    let report = scan(&paths);
    if args.json {
        output::print_json(&report);
    } else {
        output::print(&tree(&report.files));
        output::report(&report.errors, &report.warnings);
    }
    output::exit_status(&report.errors)
}

/// Each file, then its symbols indented by nesting depth: `kind name  lines`.
fn tree(files: &[FileSymbols]) -> String {
    let mut out = String::new();
    for file in files {
        let _ = writeln!(out, "{} ({}, {} symbols)", file.path, file.language, file.symbols.len());
        // Depth counts definitions, not path segments: `namespace Api.Client` is one level.
        let mut depths: HashMap<&str, usize> = HashMap::new();
        for s in &file.symbols {
            let depth = match s.parent.as_deref() {
                None => 0,
                Some(p) => depths.get(p).map_or(1, |d| d + 1),
            };
            depths.entry(s.path.as_str()).or_insert(depth);
            let label = s
                .selector
                .rsplit_once('.')
                .filter(|_| s.parent.is_some())
                .map_or(s.selector.as_str(), |(_, last)| last);
            let lines = if s.start_line == s.end_line {
                format!("{}", s.start_line)
            } else {
                format!("{}-{}", s.start_line, s.end_line)
            };
            let _ = writeln!(out, "{}{:<12}{label}  {lines}", "  ".repeat(depth + 1), s.kind);
        }
    }
    out
}
