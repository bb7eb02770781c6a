//! `saguaro apply [PATCH|-] [--root DIR] [--format F] [--dry-run] [--json]`

use super::output;
use crate::apply::session::Session;
use crate::apply::{self, Answer, Format, Options, Status};
use crate::feedback::{Error, ErrorCode};
use crate::settings::{Approvals, Settings};
use std::io::{IsTerminal, Read};
use std::path::PathBuf;

/// What `apply` and `impact` share: where, which format, how tolerant, which settings.
#[derive(Debug, clap::Args)]
pub struct Common {
    /// The directory every path in the patch is relative to.
    #[arg(long, default_value = ".")]
    pub(super) root: PathBuf,
    /// The patch's format (detected when not given; each is described in docs/formats.md).
    #[arg(long, value_enum)]
    pub(super) format: Option<Format>,
    /// The least confidence a fuzzy placement of a text hunk needs (0 to 1).
    #[arg(long, default_value_t = crate::textmatch::DEFAULT_THRESHOLD, value_parser = fuzz_value)]
    pub(super) fuzz: f64,
    /// Settings (schemas/settings.schema.json); default ROOT/.saguaro/settings.json if present.
    #[arg(long)]
    pub(super) settings: Option<PathBuf>,
    /// The most candidates a refusal lists (the best first; `candidates_total` says how
    /// many there were).
    #[arg(long, default_value_t = crate::apply::DEFAULT_MAX_CANDIDATES, value_name = "N")]
    pub(super) max_candidates: usize,
}

impl Common {
    pub(super) fn options(&self) -> Result<Options, Vec<Error>> {
        let settings = Settings::find(&self.root, self.settings.as_deref())?;
        Ok(Options {
            format: self.format,
            fuzz: self.fuzz,
            max_candidates: self.max_candidates,
            settings,
            ..Options::new(self.root.clone())
        })
    }
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The patch file; `-` or nothing reads standard input.
    patch: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
    /// Plan and verify, print the diff, write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Print one JSON object (docs/reference.md, "JSON answers").
    #[arg(long)]
    json: bool,
    /// Keep per-file state across applies in this JSON file and answer with the
    /// `[SESSION CONTEXT]` block (README, "Agents' own edit calls").
    #[arg(long)]
    session: Option<PathBuf>,
    /// The exchanges a session allows, shown in its Health line.
    #[arg(long, default_value_t = 20)]
    max_exchanges: usize,
    /// The planner's plan, kept in the session and printed first on its `Guidance:` line
    /// until replaced (`""` clears it).
    #[arg(long, value_name = "TEXT", requires = "session")]
    guidance: Option<String>,
    /// A KEYSTONE file for this call (gitignore-style glob, beside the settings'
    /// `keystone_paths`): patches located by context are refused; send it whole. May be
    /// repeated.
    #[arg(long, value_name = "GLOB")]
    keystone: Vec<String>,
    /// Grant approval to proposed actions: an approval group id, an action id, or `all`.
    /// May be repeated.
    #[arg(long, value_name = "GROUP|ID|all")]
    approve: Vec<String>,
    /// Append one JSON line per proposed action's step to this file (schemas/event.schema.json).
    #[arg(long)]
    events: Option<PathBuf>,
    /// Make the Impact Report first and put it in the answer.
    #[arg(long)]
    impact: bool,
    /// With --impact: refuse to write (`breaking_change`) when a breakage of this severity
    /// or worse is found.
    #[arg(long, value_enum, requires = "impact")]
    gate: Option<Gate>,
}

/// The least severity that stops an apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Gate {
    High,
    Medium,
}

impl Gate {
    fn least(self) -> crate::impact::breakage::Severity {
        match self {
            Gate::High => crate::impact::breakage::Severity::High,
            Gate::Medium => crate::impact::breakage::Severity::Medium,
        }
    }
}

pub fn run(args: Args) -> i32 {
    let input = match read_patch(args.patch.as_deref()) {
        Ok(text) => text,
        Err(e) => {
            return answer_out(&Answer::rejected(e), args.json);
        }
    };
    let mut options = match args.common.options() {
        Ok(options) => Options {
            dry_run: args.dry_run,
            approvals: Approvals::from_args(&args.approve),
            events: args.events.clone(),
            keystone_paths: args.keystone.clone(),
            ..options
        },
        Err(errors) => return answer_out(&Answer::rejected_all(errors), args.json),
    };
    // The session is read first: the files it shows mostly rewritten are sent whole.
    let mut session = match &args.session {
        Some(path) => match Session::load(path, args.max_exchanges) {
            Ok(session) => Some(session),
            Err(e) => return answer_out(&Answer::rejected(e), args.json),
        },
        None => None,
    };
    if let Some(session) = &mut session {
        if let Some(plan) = &args.guidance {
            session.set_guidance(plan);
        }
        session.mandate(&mut options);
    }
    let report = if args.impact {
        match crate::impact::report(&input, &options) {
            Ok(report) => Some(report),
            Err(errors) => return answer_out(&Answer::rejected_all(errors), args.json),
        }
    } else {
        None
    };
    if let (Some(report), false) = (&report, args.json) {
        // The report comes first, as `saguaro impact` prints it; the diff and the answer
        // follow.
        output::print(&super::impact::render(report));
    }
    if let (Some(report), Some(gate)) = (&report, args.gate) {
        if let Some(refusal) = report.gate(gate.least()) {
            let mut answer = Answer::rejected(refusal);
            answer.impact = serde_json::to_value(report).ok();
            return answer_out(&answer, args.json);
        }
    }
    let mut answer = apply::apply(&input, &options);
    answer.impact = report.as_ref().and_then(|r| serde_json::to_value(r).ok());
    if let (Some(session), Some(path)) = (&mut session, &args.session) {
        if !args.dry_run {
            session.record_written(&answer, &args.common.root);
            if let Err(e) = session.save(path) {
                answer.errors.push(e);
            }
        }
        answer.session_context = Some(session.render_for(&options));
    }
    answer_out(&answer, args.json)
}

pub(super) fn read_patch(path: Option<&std::path::Path>) -> Result<String, Error> {
    match path {
        None => read_stdin(),
        Some(p) if p.as_os_str() == "-" => read_stdin(),
        Some(p) => std::fs::read_to_string(p).map_err(|e| {
            Error::new(
                ErrorCode::InvalidFormat,
                format!("cannot read the patch `{}`: {e}", p.display()),
                "pass a readable UTF-8 patch file, or `-` for standard input",
            )
        }),
    }
}

pub(super) fn read_stdin() -> Result<String, Error> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).map_err(|e| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("cannot read standard input: {e}"),
            "pipe UTF-8 text into saguaro",
        )
    })?;
    Ok(text)
}

/// Prints an answer (JSON, or a diff and a summary for a person) and returns the exit status.
pub(super) fn answer_out(answer: &Answer, json: bool) -> i32 {
    let colour = wants_colour(std::io::stdout().is_terminal(), std::env::var_os("NO_COLOR"));
    output::emit(&answer_reply(answer, json, colour))
}

/// What [`answer_out`] prints, kept to be printed (by this process or a daemon's asker).
pub(super) fn answer_reply(answer: &Answer, json: bool, colour: bool) -> output::Reply {
    let reply = if json {
        output::json_reply(answer)
    } else {
        let mut stderr = String::new();
        for e in &answer.errors {
            stderr.push_str(&format!("{e}\n"));
        }
        for n in &answer.notices {
            stderr.push_str(&format!("{}\n", output::as_note(n)));
        }
        for line in placements(answer) {
            stderr.push_str(&format!("{line}\n"));
        }
        stderr.push_str(&format!("{}\n", summary(answer)));
        if let Some(block) = &answer.session_context {
            stderr.push_str(&format!("{block}\n"));
        }
        output::Reply {
            stdout: colour_diff(&answer.diff, colour),
            stderr,
            ..output::Reply::default()
        }
    };
    output::Reply {
        status: answer.exit_status(),
        ..reply
    }
}

/// A line per placement a person should look at: found by a tier that tolerates
/// differences (whitespace, indentation, fuzzy), with its confidence.
fn placements(answer: &Answer) -> Vec<String> {
    answer
        .matches
        .iter()
        .filter(|m| matches!(m.matched.strategy, "whitespace" | "indentation" | "fuzzy"))
        .map(|m| {
            let action = m.action.map(|a| format!("action {a}, ")).unwrap_or_default();
            format!(
                "note: {}, {action}operation {}: placed by {} matching at lines {}-{}, confidence {:.2}; check the diff",
                m.file, m.matched.operation, m.matched.strategy, m.matched.start_line, m.matched.end_line, m.matched.confidence
            )
        })
        .collect()
}

fn summary(answer: &Answer) -> String {
    let ops = answer.matches.len();
    let files: Vec<&str> = answer.files.iter().map(|f| f.path.as_str()).collect();
    let (added, removed) = answer.diff.lines().fold((0, 0), |(a, r), l| {
        if l.starts_with('+') && !l.starts_with("+++") {
            (a + 1, r)
        } else if l.starts_with('-') && !l.starts_with("---") {
            (a, r + 1)
        } else {
            (a, r)
        }
    });
    // Proposed actions are not counted by their matches (a file_create places nothing).
    let what = if answer.matches.iter().any(|m| m.action.is_some()) {
        "the proposed actions".to_string()
    } else if ops == 0 {
        "the patch".to_string()
    } else {
        format!("{ops} operation{}", if ops == 1 { "" } else { "s" })
    };
    match answer.status {
        Status::Applied | Status::DryRun if files.is_empty() && !answer.notices.is_empty() => {
            format!("saguaro: unchanged: {what} left every file as it was; nothing written")
        }
        Status::Applied if files.is_empty() => format!("saguaro: {what} applied; no file changed"),
        Status::Applied => format!("saguaro: applied {what} to {} (+{added} -{removed})", files.join(", ")),
        Status::DryRun => format!(
            "saguaro: dry run: {what} would change {} (+{added} -{removed}); nothing written",
            if files.is_empty() {
                "nothing".to_string()
            } else {
                files.join(", ")
            }
        ),
        Status::Rejected => "saguaro: rejected; nothing was written".to_string(),
    }
}

/// Colour only for a terminal, and never when NO_COLOR is set to anything (no-color.org).
pub(super) fn wants_colour(terminal: bool, no_color: Option<std::ffi::OsString>) -> bool {
    terminal && no_color.is_none_or(|v| v.is_empty())
}

/// The diff with added lines green, removed red, headers bold, hunk lines cyan.
fn colour_diff(diff: &str, colour: bool) -> String {
    if !colour {
        return diff.to_string();
    }
    diff.lines()
        .map(|l| {
            let code = if l.starts_with("+++") || l.starts_with("---") {
                "1"
            } else if l.starts_with('+') {
                "32"
            } else if l.starts_with('-') {
                "31"
            } else if l.starts_with("@@") {
                "36"
            } else {
                return format!("{l}\n");
            };
            format!("\x1b[{code}m{l}\x1b[0m\n")
        })
        .collect()
}

fn fuzz_value(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("`{text}` is not a confidence between 0 and 1 (e.g. 0.85)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_for_a_terminal_without_no_color() {
        assert!(wants_colour(true, None));
        assert!(wants_colour(true, Some("".into())));
        assert!(!wants_colour(true, Some("1".into())));
        assert!(!wants_colour(false, None));
    }

    #[test]
    fn diff_lines_get_their_colours() {
        let diff = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-old\n+new\n same\n";
        assert_eq!(colour_diff(diff, false), diff);
        assert_eq!(
            colour_diff(diff, true),
            "\x1b[1m--- a/x.py\x1b[0m\n\x1b[1m+++ b/x.py\x1b[0m\n\x1b[36m@@ -1 +1 @@\x1b[0m\n\x1b[31m-old\x1b[0m\n\x1b[32m+new\x1b[0m\n same\n"
        );
    }
}
