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

/// Each file, then its symbols under their parents, indented by nesting depth:
/// `kind name  lines`. Members are grouped under the definition their path names (a Rust
/// method under its type, wherever its `impl` is), in file order among their siblings.
fn tree(files: &[FileSymbols]) -> String {
    let mut out = String::new();
    for file in files {
        let _ = writeln!(out, "{} ({}, {} symbols)", file.path, file.language, file.symbols.len());
        let symbols = &file.symbols;
        let mut by_path: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, s) in symbols.iter().enumerate() {
            by_path.entry(s.path.as_str()).or_default().push(i);
        }
        // The parent of each symbol: the listed definition its parent path names, the one
        // around it when the path names several.
        let parent_of = |s: &crate::symbols::scan::SymbolRecord| -> Option<usize> {
            let named = by_path.get(s.parent.as_deref()?)?;
            named
                .iter()
                .copied()
                .find(|&i| symbols[i].start_byte <= s.start_byte && s.end_byte <= symbols[i].end_byte)
                .or_else(|| named.first().copied())
        };
        let parents: Vec<Option<usize>> = symbols.iter().map(parent_of).collect();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); symbols.len()];
        let mut roots = Vec::new();
        for (i, parent) in parents.iter().enumerate() {
            match parent {
                Some(p) => children[*p].push(i),
                None => roots.push(i),
            }
        }
        // Depth-first, each symbol before its members.
        let mut stack: Vec<(usize, usize)> = roots.iter().rev().map(|&i| (i, 0)).collect();
        while let Some((i, depth)) = stack.pop() {
            let s = &symbols[i];
            let label = s
                .selector
                .rsplit_once('.')
                .filter(|_| parents[i].is_some())
                .map_or(s.selector.as_str(), |(_, last)| last);
            let lines = if s.start_line == s.end_line {
                format!("{}", s.start_line)
            } else {
                format!("{}-{}", s.start_line, s.end_line)
            };
            let _ = writeln!(out, "{}{:<12}{label}  {lines}", "  ".repeat(depth + 1), s.kind);
            stack.extend(children[i].iter().rev().map(|&c| (c, depth + 1)));
        }
    }
    out
}
