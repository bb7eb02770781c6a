//! `saguaro show FILE SYMBOL [--json]`

use super::output;
use crate::feedback::Error;
use crate::lang::Registry;
use crate::source::SourceText;
use crate::symbols::scan::SymbolRecord;
use crate::symbols::SymbolIndex;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    file: PathBuf,
    /// A name path: `Engine.process`, `Engine::process`, `Engine.fmt#2`.
    symbol: String,
    /// Print one JSON object: the symbol's record and its source.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Shown<'a> {
    path: &'a str,
    language: &'a str,
    symbol: SymbolRecord,
    source: &'a str,
}

pub fn run(args: Args) -> i32 {
    let shown = args.file.to_string_lossy().replace('\\', "/");
    match lookup(&args, &shown) {
        Ok((index, i)) => {
            let symbol = &index.symbols[i];
            let source = index.source_of(symbol);
            if args.json {
                output::print_json(&Shown {
                    path: &shown,
                    language: index.language,
                    symbol: symbol.into(),
                    source,
                });
            } else {
                output::print(&format!("{source}\n"));
            }
            0
        }
        Err(e) => output::refusal(&e, args.json),
    }
}

fn lookup(args: &Args, shown: &str) -> Result<(SymbolIndex, usize), Error> {
    let registry = Registry::global();
    let language = registry
        .for_path(&args.file)
        .ok_or_else(|| Error::unsupported_language(shown, &registry.known_extensions()))?;
    let source = SourceText::read(&args.file, shown)?;
    let index = SymbolIndex::build(source, &language.name)?;
    let wanted = index.resolve_str(&args.symbol).map_err(|e| e.in_file(shown))?;
    let position = index
        .symbols
        .iter()
        .position(|s| std::ptr::eq(s, wanted))
        .expect("resolved from this index");
    Ok((index, position))
}
