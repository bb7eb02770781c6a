//! `saguaro mcp [--root DIR]`: the engine as an MCP server on standard input and output.

use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tree the server reads and edits; every path a tool takes is relative to it.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

pub fn run(args: Args) -> i32 {
    crate::mcp::serve(&args.root)
}
