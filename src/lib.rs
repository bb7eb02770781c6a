//! saguaro changes code by meaning instead of by line number.
//!
//! The pipeline, one stage per module, data flowing one way:
//!
//! - [`lang`]: the language registry — `grammars/languages.toml` and `queries/` as data.
//! - [`source`]: a file's exact text and its lines.
//! - [`symbols`]: the symbol index — name paths resolved to exact byte ranges.
//! - [`feedback`]: errors as values with stable codes, messages and hints.
//!
//! The `saguaro` binary ([`cli`]) is a thin shell over these.

// `feedback::Error` carries its candidates and hint inline: refusals are the cold path, and
// keeping them plain values keeps every call site simple.
#![allow(clippy::result_large_err)]

pub mod cli;
pub mod feedback;
pub mod lang;
pub mod source;
pub mod symbols;
