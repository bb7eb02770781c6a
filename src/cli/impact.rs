//! `saguaro impact [PATCH|-] [--root DIR] [--json]`: the Impact Report of a patch, nothing
//! written.

use super::apply::{read_patch, Common};
use super::output;
use crate::daemon;
use crate::impact::{self, ImpactReport};
use clap::ValueEnum;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The patch file; `-` or nothing reads standard input.
    patch: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
    /// Print the report as one JSON object (schemas/impact_report.schema.json).
    #[arg(long)]
    json: bool,
    /// Answer in this process even when a daemon serves the root (`saguaro daemon`).
    #[arg(long)]
    no_daemon: bool,
}

pub fn run(args: Args) -> i32 {
    let input = match read_patch(args.patch.as_deref()) {
        Ok(text) => text,
        Err(e) => return super::apply::answer_out(&crate::apply::Answer::rejected(e), args.json),
    };
    let colour = super::apply::wants_colour(std::io::stdout().is_terminal(), std::env::var_os("NO_COLOR"));
    // A settings file named from here is read here: the daemon runs elsewhere, and its
    // errors would name it by another path.
    let settings_here = args.common.settings.as_deref().is_some_and(|p| p.is_relative());
    if !args.no_daemon && !settings_here {
        let common = &args.common;
        let command = daemon::Command::Impact {
            patch: input.clone(),
            format: common
                .format
                .and_then(|f| f.to_possible_value())
                .map(|v| v.get_name().to_string()),
            fuzz: common.fuzz,
            settings: common.settings.clone(),
            max_candidates: common.max_candidates,
            json: args.json,
            colour,
        };
        if let Some(reply) = daemon::ask(&common.root, &command) {
            return output::emit(&reply);
        }
    }
    output::emit(&reply(&input, &args.common, args.json, colour, None))
}

/// What `impact` prints for a patch, over the root's files (kept by a long-lived caller,
/// when there is one): the same whether this process or a daemon reports it.
pub(super) fn reply(
    input: &str,
    common: &Common,
    json: bool,
    colour: bool,
    warm: Option<&crate::refs::project::Project>,
) -> output::Reply {
    let rejected = |errors| super::apply::answer_reply(&crate::apply::Answer::rejected_all(errors), json, colour);
    let options = match common.options() {
        Ok(options) => options,
        Err(errors) => return rejected(errors),
    };
    match impact::report_over(input, &options, warm) {
        Ok(report) if json => output::json_reply(&report),
        Ok(report) => output::Reply {
            stdout: render(&report),
            ..output::Reply::default()
        },
        Err(errors) => rejected(errors),
    }
}

/// The report for a person.
pub fn render(report: &ImpactReport) -> String {
    let mut out = format!("Impact of {}: {}\n", report.patch_id, report.risk_explanation);
    if report.breaking_changes.is_empty() {
        out.push_str("  no breaking change found\n");
    }
    for change in &report.breaking_changes {
        out.push_str(&format!(
            "  [{}] {}: {}\n",
            change.severity.as_str(),
            change.kind,
            change.description
        ));
        for c in change
            .callsites
            .iter()
            .chain(&change.shifted_callsites)
            .chain(&change.conditional_callsites)
            .chain(&change.doc_callsites)
        {
            out.push_str(&format!(
                "    {}:{}:{}  {}  {}\n",
                c.path,
                c.line,
                c.column,
                c.confidence.as_str(),
                c.reason
            ));
        }
    }
    out.push_str(&format!(
        "  volatility: {} ({})\n  verification: syntax {}, linter {}, tests {}\n",
        report.volatility_prediction.churn_probability,
        report.volatility_prediction.reason,
        report.verification_status.syntax,
        report.verification_status.linter,
        report.verification_status.tests
    ));
    out
}
