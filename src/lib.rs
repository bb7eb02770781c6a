//! saguaro changes code by meaning instead of by line number.
//!
//! The pipeline, one stage per module, data flowing one way:
//!
//! - [`lang`]: the language registry — `grammars/languages.toml` and `queries/` as data.
//! - [`source`]: a file's exact text and its lines.
//! - [`symbols`]: the symbol index — name paths resolved to exact byte ranges.
//! - [`edit`]: semantic patches planned in memory — replace, insert, delete, docstrings.
//! - [`textmatch`]: the tiered text matcher (exact, whitespace, indentation, fuzzy) with
//!   its ambiguity guard.
//! - [`workspace`]: the root, paths checked against it, atomic writes.
//! - [`textpatch`]: the text formats parsed into hunks, placed, and written.
//! - [`stage`]: every format but proposed actions staged in one transaction; the answer's
//!   vocabulary, verification and the commit.
//! - [`action`]: proposed actions (spec 001) — file operations, patches, commands — with
//!   policy, approvals and events.
//! - [`plan`]: any patch planned without writing, for the Impact Report.
//! - [`impact`]: the Impact Report; [`gate`]: the breaking-change gate.
//! - [`apply`]: a patch in, the answer out: the dispatcher on top.
//! - [`daemon`]: one process per root keeping the tree parsed between command-line calls.
//! - [`schema`]: the JSON contracts of `schemas/`, checked at run time.
//! - [`settings`]: the settings every stage reads, and what `--approve` grants.
//! - [`feedback`]: errors as values with stable codes, messages and hints.
//!
//! The `saguaro` binary ([`cli`]) is a thin shell over these.

// `feedback::Error` carries its candidates and hint inline: refusals are the cold path, and
// keeping them plain values keeps every call site simple.
#![allow(clippy::result_large_err)]

pub mod action;
pub mod apply;
pub mod cli;
pub mod context;
pub mod daemon;
pub mod edit;
pub mod feedback;
pub mod gate;
pub mod impact;
pub mod lang;
pub mod mcp;
pub mod plan;
pub mod process;
pub mod refs;
pub mod rename;
pub mod schema;
pub mod settings;
pub mod source;
pub mod stage;
pub mod symbols;
pub mod textmatch;
pub mod textpatch;
pub mod workspace;
