//! `saguaro impact [PATCH|-] [--root DIR] [--json]`: the Impact Report of a patch, nothing
//! written.

use super::apply::{read_patch, Common};
use super::output;
use crate::impact::{self, ImpactReport};
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
}

pub fn run(args: Args) -> i32 {
    let input = match read_patch(args.patch.as_deref()) {
        Ok(text) => text,
        Err(e) => return super::apply::answer_out(&crate::apply::Answer::rejected(e), args.json),
    };
    let options = match args.common.options() {
        Ok(options) => options,
        Err(errors) => return super::apply::answer_out(&crate::apply::Answer::rejected_all(errors), args.json),
    };
    match impact::report(&input, &options) {
        Ok(report) => {
            if args.json {
                output::print_json(&report);
            } else {
                output::print(&render(&report));
            }
            0
        }
        Err(errors) => super::apply::answer_out(&crate::apply::Answer::rejected_all(errors), args.json),
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
