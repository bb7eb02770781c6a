//! Writing answers: JSON on stdout, errors on stderr, and a closed pipe (`| head`) treated
//! as the reader being done rather than as a failure.

pub use crate::daemon::Reply;
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
    emit(&json_reply(value));
}

/// What [`print_json`] prints, kept to be printed (by this process or a daemon's asker).
pub fn json_reply<T: Serialize>(value: &T) -> Reply {
    match serde_json::to_string_pretty(value) {
        Ok(text) => Reply {
            stdout: text + "\n",
            ..Reply::default()
        },
        Err(e) => Reply {
            stderr: format!("{}\n", Error::internal(format!("could not write JSON: {e}"))),
            ..Reply::default()
        },
    }
}

/// Prints what a command answered and gives its exit status.
pub fn emit(reply: &Reply) -> i32 {
    print(&reply.stdout);
    if !reply.stderr.is_empty() {
        let mut err = io::stderr().lock();
        let _ = err.write_all(reply.stderr.as_bytes());
    }
    reply.status
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

/// A notice for a person (what went through but deserves a look), as it reads:
/// `note[CODE]` where an error says `error[CODE]`.
pub fn as_note(notice: &Error) -> String {
    notice.to_string().replacen("error[", "note[", 1)
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
    emit(&refusal_reply(error, json))
}

/// What [`refusal`] prints, kept to be printed.
pub fn refusal_reply(error: &Error, json: bool) -> Reply {
    #[derive(Serialize)]
    struct Failed<'a> {
        errors: &'a [Error],
    }
    let reply = if json {
        json_reply(&Failed {
            errors: std::slice::from_ref(error),
        })
    } else {
        Reply {
            stderr: format!("{error}\n"),
            ..Reply::default()
        }
    };
    Reply {
        status: input_exit_status(error),
        ..reply
    }
}
