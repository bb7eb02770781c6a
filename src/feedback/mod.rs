//! Errors as values: every refusal saguaro gives has a stable machine-readable code, a
//! message that says what went wrong, and a hint that says what to do next.
//!
//! Agents read these answers and correct themselves from them, so they are made here, in one
//! place, never assembled at a call site. The codes are part of the interface
//! (INTERFACE.md §4); new ones may be added, none may change meaning.
//!
//! ```
//! use saguaro::feedback::{Error, ErrorCode};
//! let err = Error::new(ErrorCode::SymbolNotFound, "no symbol `Engine.proces`", "did you mean `Engine.process`?");
//! assert_eq!(err.code.as_str(), "symbol_not_found");
//! assert_eq!(err.code.exit_status(), 1);
//! ```

use serde::Serialize;
use std::fmt;

/// The stable codes. `exit_status` says whether a code means "the input could not be read
/// or parsed" (2) or "understood, but refused" (1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    InvalidFormat,
    NoMatch,
    AmbiguousMatch,
    SymbolNotFound,
    AmbiguousSymbol,
    SyntaxError,
    StaleBase,
    PathRejected,
    FileExists,
    FileMissing,
    Conflict,
    /// A text hunk whose new lines are already where its old lines would be.
    AlreadyApplied,
    /// No language is registered for the file's extension.
    UnsupportedLanguage,
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    UnreadableFile,
    /// The file is not valid UTF-8; saguaro never edits text it cannot read faithfully.
    NotUtf8,
    /// The file parsed with errors; symbols are listed where the parser recovered.
    ParseError,
    /// A bug in saguaro itself (for example an embedded query that does not compile).
    Internal,
    /// A proposed action the permission mode does not let run unapproved (`--approve`).
    ApprovalRequired,
    /// A proposed action saguaro validates but does not carry out (handoff, plan_patch,
    /// agenda_patch).
    NotExecutable,
    /// `apply --impact --gate`: the patch breaks callers at or above the gate's severity.
    BreakingChange,
    /// `check`: not a git repository, or git cannot be run.
    GitUnavailable,
    /// `check --base REV`: the revision names no commit.
    UnknownRevision,
    /// A notice, not a refusal: an operation applied to a file whose text it left as it
    /// was (a replace with the code already there). Nothing was written.
    Unchanged,
    /// `rename`: the new name is not a name of the language (a keyword, not an
    /// identifier), or the definition's name is one the language or a trait fixes.
    InvalidName,
    /// `rename`: the new name is already bound where a renamed name would land, or is
    /// already a member of the same class or type.
    NameConflict,
    /// `rename`: a reference reads the definition together with another definition (a
    /// member read on a value that may be of several types, each defining it): renaming one
    /// alone breaks it.
    SharedReference,
    /// A change located by context (a hunk, a block, `str_replace`) to a file that must be
    /// sent whole: a KEYSTONE file, or one the session shows past 70% changed (002 §3).
    WholeFileRequired,
}

impl ErrorCode {
    /// Every code, in declaration order (docs/reference.md lists them; a test holds it to
    /// this list).
    pub const ALL: &'static [ErrorCode] = &[
        ErrorCode::InvalidFormat,
        ErrorCode::NoMatch,
        ErrorCode::AmbiguousMatch,
        ErrorCode::SymbolNotFound,
        ErrorCode::AmbiguousSymbol,
        ErrorCode::SyntaxError,
        ErrorCode::StaleBase,
        ErrorCode::PathRejected,
        ErrorCode::FileExists,
        ErrorCode::FileMissing,
        ErrorCode::Conflict,
        ErrorCode::AlreadyApplied,
        ErrorCode::UnsupportedLanguage,
        ErrorCode::UnreadableFile,
        ErrorCode::NotUtf8,
        ErrorCode::ParseError,
        ErrorCode::Internal,
        ErrorCode::ApprovalRequired,
        ErrorCode::NotExecutable,
        ErrorCode::BreakingChange,
        ErrorCode::GitUnavailable,
        ErrorCode::UnknownRevision,
        ErrorCode::Unchanged,
        ErrorCode::InvalidName,
        ErrorCode::NameConflict,
        ErrorCode::WholeFileRequired,
        ErrorCode::SharedReference,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidFormat => "invalid_format",
            ErrorCode::NoMatch => "no_match",
            ErrorCode::AmbiguousMatch => "ambiguous_match",
            ErrorCode::SymbolNotFound => "symbol_not_found",
            ErrorCode::AmbiguousSymbol => "ambiguous_symbol",
            ErrorCode::SyntaxError => "syntax_error",
            ErrorCode::StaleBase => "stale_base",
            ErrorCode::PathRejected => "path_rejected",
            ErrorCode::FileExists => "file_exists",
            ErrorCode::FileMissing => "file_missing",
            ErrorCode::Conflict => "conflict",
            ErrorCode::AlreadyApplied => "already_applied",
            ErrorCode::UnsupportedLanguage => "unsupported_language",
            ErrorCode::UnreadableFile => "unreadable_file",
            ErrorCode::NotUtf8 => "not_utf8",
            ErrorCode::ParseError => "parse_error",
            ErrorCode::Internal => "internal",
            ErrorCode::ApprovalRequired => "approval_required",
            ErrorCode::NotExecutable => "not_executable",
            ErrorCode::BreakingChange => "breaking_change",
            ErrorCode::GitUnavailable => "git_unavailable",
            ErrorCode::UnknownRevision => "unknown_revision",
            ErrorCode::Unchanged => "unchanged",
            ErrorCode::InvalidName => "invalid_name",
            ErrorCode::NameConflict => "name_conflict",
            ErrorCode::WholeFileRequired => "whole_file_required",
            ErrorCode::SharedReference => "shared_reference",
        }
    }

    /// INTERFACE.md §4: 2 when the input could not be read or parsed, 1 when it was
    /// understood and refused.
    pub fn exit_status(self) -> i32 {
        match self {
            ErrorCode::InvalidFormat
            | ErrorCode::UnsupportedLanguage
            | ErrorCode::UnreadableFile
            | ErrorCode::NotUtf8
            | ErrorCode::GitUnavailable
            | ErrorCode::UnknownRevision
            | ErrorCode::Internal => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A place an error points at: a line, and where it helps, the name path that addresses it,
/// its kind, or how well it matched.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    pub line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f64>,
}

/// One refusal or warning.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Error {
    pub code: ErrorCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The proposed action (index in the array) the error is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operation: Option<usize>,
    pub message: String,
    pub hint: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
    /// How many candidates there were, when `candidates` lists only the best of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates_total: Option<usize>,
    /// 1-based lines the error is about (parse errors), when there are several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<usize>,
    /// The JSON pointer of the value a schema refused (`/details/path`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
}

impl Error {
    pub fn new(code: ErrorCode, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Error {
            code,
            file: None,
            action: None,
            operation: None,
            message: message.into(),
            hint: hint.into(),
            candidates: Vec::new(),
            candidates_total: None,
            lines: Vec::new(),
            pointer: None,
        }
    }

    pub fn in_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }

    pub fn at_action(mut self, index: usize) -> Self {
        self.action = Some(index);
        self
    }

    pub fn at_operation(mut self, index: usize) -> Self {
        self.operation = Some(index);
        self
    }

    pub fn with_candidates(mut self, candidates: Vec<Candidate>) -> Self {
        self.candidates = candidates;
        self
    }

    /// The error with at most `max` candidates, the most confident first (file order among
    /// equals), and how many there were: an agent's context is not flooded by a block that
    /// matches thousands of places.
    pub fn bounded(mut self, max: usize) -> Self {
        if self.candidates.len() > max {
            let total = self.candidates.len();
            self.candidates
                .sort_by(|a, b| b.confidence.unwrap_or(0.0).total_cmp(&a.confidence.unwrap_or(0.0)));
            self.candidates.truncate(max);
            self.candidates_total = Some(total);
            self.hint = format!(
                "{} ({total} candidates, the {max} best listed; --max-candidates shows more)",
                self.hint
            );
        }
        self
    }

    pub fn with_lines(mut self, lines: Vec<usize>) -> Self {
        self.lines = lines;
        self
    }

    // --- the errors of reading and parsing files ------------------------------------------

    pub fn unsupported_language(path: &str, known: &[String]) -> Self {
        Error::new(
            ErrorCode::UnsupportedLanguage,
            format!("no language is registered for `{path}`"),
            format!("saguaro reads files ending in {}", known.join(", ")),
        )
        .in_file(path)
    }

    pub fn unreadable_file(path: &str, reason: &std::io::Error) -> Self {
        let code = if reason.kind() == std::io::ErrorKind::NotFound {
            ErrorCode::FileMissing
        } else {
            ErrorCode::UnreadableFile
        };
        let hint = match reason.kind() {
            std::io::ErrorKind::NotFound => "check the path; it is relative to the current directory or --root",
            std::io::ErrorKind::PermissionDenied => "the file is not readable by this user",
            _ => "check that the path names a regular, readable file",
        };
        Error::new(code, format!("cannot read `{path}`: {reason}"), hint).in_file(path)
    }

    /// A file a patch names that is not there (a refusal: the patch was understood).
    pub fn file_missing(shown: &str) -> Self {
        Error::new(
            ErrorCode::FileMissing,
            format!("`{shown}` does not exist"),
            "check the path; it is relative to --root",
        )
        .in_file(shown)
    }

    pub fn not_utf8(path: &str, byte_offset: usize, line: usize) -> Self {
        Error::new(
            ErrorCode::NotUtf8,
            format!("`{path}` is not valid UTF-8 (first bad byte at offset {byte_offset}, line {line})"),
            "saguaro reads and edits UTF-8 text only; convert the file (e.g. `iconv -t UTF-8`) first",
        )
        .in_file(path)
        .with_lines(vec![line])
    }

    pub fn parse_errors(path: &str, lines: Vec<usize>) -> Self {
        let shown: Vec<String> = lines.iter().take(10).map(|l| l.to_string()).collect();
        let more = if lines.len() > 10 {
            format!(" and {} more", lines.len() - 10)
        } else {
            String::new()
        };
        Error::new(
            ErrorCode::ParseError,
            format!("`{path}` has parse errors at line {}{more}", shown.join(", ")),
            "symbols are listed where the parser recovered; names near those lines may be missing or cut short",
        )
        .in_file(path)
        .with_lines(lines)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Error::new(
            ErrorCode::Internal,
            message,
            "this is a bug in saguaro; please report it with the input that caused it",
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}]: {}", self.code, self.message)?;
        // Where: the file, and which action or operation (hunk, block, call) of the patch,
        // numbered from 0 as the JSON answer numbers them.
        let place: Vec<String> = [
            self.action.map(|a| format!("action {a}")),
            self.operation.map(|o| format!("operation {o}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        match (&self.file, place.is_empty()) {
            (Some(file), true) => write!(f, "\n  --> {file}")?,
            (Some(file), false) => write!(f, "\n  --> {file}, {}", place.join(", "))?,
            (None, false) => write!(f, "\n  --> {}", place.join(", "))?,
            (None, true) => {}
        }
        if !self.hint.is_empty() {
            write!(f, "\n  hint: {}", self.hint)?;
        }
        if let Some(total) = self.candidates_total {
            write!(f, "\n  {} of {total} candidates:", self.candidates.len())?;
        }
        for c in &self.candidates {
            write!(f, "\n  - line {}", c.line)?;
            if let Some(p) = &c.path {
                write!(f, ": {p}")?;
            }
            if let Some(k) = &c.kind {
                write!(f, " ({k})")?;
            }
            if let Some(conf) = c.confidence {
                write!(f, " confidence {conf:.2}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// One refusal where several may be reported: `?` lifts an [`Error`] into the list.
impl From<Error> for Vec<Error> {
    fn from(error: Error) -> Self {
        vec![error]
    }
}
