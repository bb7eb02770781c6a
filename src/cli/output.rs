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

/// Notices for a person, on stderr: what went through but deserves a look.
pub fn notes(notices: &[Error]) {
    let mut err = io::stderr().lock();
    for n in notices {
        let text = n.to_string().replacen("error[", "note[", 1);
        let _ = writeln!(err, "{text}");
    }
}

/// The exit status for a set of errors of reading the files named on the command line:
/// the most severe one's, a missing file counting as input that could not be read (2) —
/// where a patch names a missing file, that is a refusal (1).
pub fn exit_status(errors: &[Error]) -> i32 {
    errors.iter().map(input_exit_status).max().unwrap_or(0)
}

/// [`exit_status`] of one error.
pub fn input_exit_status(error: &Error) -> i32 {
    match error.code {
        crate::feedback::ErrorCode::FileMissing => 2,
        code => code.exit_status(),
    }
}

/// A command refused for one error: `{"errors": [..]}` on stdout with `--json`, else the
/// error for a person on stderr; the exit status its code says.
pub fn refusal(error: &Error, json: bool) -> i32 {
    #[derive(Serialize)]
    struct Failed<'a> {
        errors: &'a [Error],
    }
    if json {
        print_json(&Failed {
            errors: std::slice::from_ref(error),
        });
    } else {
        report(std::slice::from_ref(error), &[]);
    }
    input_exit_status(error)
}
