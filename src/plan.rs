//! Planning a patch in any format without writing it: the staged transaction and what
//! matched, for the Impact Report. Proposed actions are staged as an apply would stage them,
//! without their policy and without running commands.

use crate::feedback::Error;
use crate::stage::{self, Format, Match, Options};
use crate::workspace::Transaction;

/// A patch planned in memory, nothing written: the staged transaction and what matched.
pub struct Planned {
    pub format: Format,
    pub transaction: Transaction,
    pub matches: Vec<Match>,
}

/// Plans `input` (any format) without writing, for the Impact Report. Proposed actions are
/// staged as an apply would stage them, without their policy and without running commands.
pub fn plan(input: &str, options: &Options) -> Result<Planned, Vec<Error>> {
    plan_unbounded(input, options)
        .map_err(|errors| errors.into_iter().map(|e| e.bounded(options.max_candidates)).collect())
}

fn plan_unbounded(input: &str, options: &Options) -> Result<Planned, Vec<Error>> {
    let format = match options.format {
        Some(format) => format,
        None => stage::detect(input)?,
    };
    let mut tx = Transaction::new(options.workspace()?);
    let matches = match format {
        Format::Action => {
            let actions = crate::action::parse(input)?;
            crate::action::stage_all(&actions, &mut tx, &options.settings)?
        }
        _ => stage::stage_format(input, format, &mut tx, options)?.0,
    };
    Ok(Planned {
        format,
        transaction: tx,
        matches,
    })
}
