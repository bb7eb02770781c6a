//! Writing answers: JSON on stdout, errors on stderr, and a closed pipe (`| head`) treated
//! as the reader being done rather than as a failure.

use crate::feedback::Error;
use serde::Serialize;
use std::io::{self, Write};

/// Writes `text` to stdout; a reader that went away is not an error.
pub fn print(text: &str) {
    let mut out = io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

/// One JSON value on stdout, with a final newline.
pub fn print_json<T: Serialize>(value: &T) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => print(&(text + "\n")),
        Err(e) => eprintln!("{}", Error::internal(format!("could not write JSON: {e}"))),
    }
}

/// Errors and warnings for a person, on stderr.
pub fn report(errors: &[Error], warnings: &[Error]) {
    let mut err = io::stderr().lock();
    for e in errors {
        let _ = writeln!(err, "{e}");
    }
    for w in warnings {
        let text = w.to_string().replacen("error[", "warning[", 1);
        let _ = writeln!(err, "{text}");
    }
}

/// The exit status for a set of errors: the most severe one's.
pub fn exit_status(errors: &[Error]) -> i32 {
    errors.iter().map(|e| e.code.exit_status()).max().unwrap_or(0)
}
