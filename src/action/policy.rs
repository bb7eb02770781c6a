//! Policy: who may run what, under the settings (`crate::settings`).
//!
//! Every proposed action has a risk from 0 to 3 (its own, or its kind's default: deletions
//! and commands 2, other kinds 1); a patch placed by the fuzzy tier is one step riskier and
//! needs approval (spec 001, open question 2). The permission mode decides what runs
//! unapproved — `default`: nothing above risk 0; `acceptEdits`: edits, but not commands,
//! deletions or risk 3; `autopilot`: everything (denied paths stay denied: the workspace
//! refuses them whatever the mode). There is no prompt: what needs approval is refused
//! with `approval_required`, one error per approval group, until `--approve GROUP|ID|all`.

use super::{Action, ProposedAction};
use crate::feedback::{Error, ErrorCode};
use crate::settings::{Approvals, PermissionMode};
use std::collections::BTreeMap;

impl Approvals {
    fn grants(&self, action: &ProposedAction) -> bool {
        self.all
            || action
                .approval_group
                .as_ref()
                .is_some_and(|g| self.names.contains(&g.id))
            || action.id.as_ref().is_some_and(|id| self.names.contains(id))
    }
}

/// A kind's risk when the action gives none.
pub fn default_risk(action: &Action) -> u8 {
    match action {
        Action::FileDelete(_) | Action::Command(_) => 2,
        _ => 1,
    }
}

/// The action's risk as the policy weighs it: a fuzzy placement adds one.
pub fn effective_risk(action: &ProposedAction, fuzzy: bool) -> u8 {
    let risk = action.risk.unwrap_or_else(|| default_risk(&action.action)).min(3);
    if fuzzy {
        (risk + 1).min(3)
    } else {
        risk
    }
}

/// Why the action needs approval under `mode`, if it does.
fn needs_approval(action: &ProposedAction, fuzzy: bool, mode: PermissionMode) -> Option<String> {
    let risk = effective_risk(action, fuzzy);
    let kind = action.action.kind();
    match mode {
        PermissionMode::Autopilot => None,
        _ if fuzzy => Some("its text was placed by the fuzzy tier".to_string()),
        _ if action.requires_approval == Some(true) => Some("it asks for approval".to_string()),
        PermissionMode::Default if risk > 0 => Some(format!("its risk is {risk} and mode default runs only risk 0")),
        PermissionMode::AcceptEdits if matches!(action.action, Action::Command(_) | Action::FileDelete(_)) => {
            Some(format!("mode acceptEdits does not run a {kind} unapproved"))
        }
        PermissionMode::AcceptEdits if risk >= 3 => Some("its risk is 3".to_string()),
        _ => None,
    }
}

/// The refusals for every action that needs approval and lacks it: one per approval group
/// (an ungrouped action is a group of its own).
pub fn refusals(actions: &[ProposedAction], fuzzy: &[bool], options: &super::Options) -> Vec<Error> {
    let mode = options.settings.permission_mode;
    let mut groups: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for (i, action) in actions.iter().enumerate() {
        let Some(why) = needs_approval(action, fuzzy.get(i).copied().unwrap_or(false), mode) else {
            continue;
        };
        if options.approvals.grants(action) {
            continue;
        }
        let key = match &action.approval_group {
            Some(group) => format!("group:{}", group.id),
            None => format!("action:{i}"),
        };
        if !groups.contains_key(&key) {
            order.push(key.clone());
        }
        groups.entry(key).or_default().push((i, why));
    }
    order
        .into_iter()
        .map(|key| {
            let members = &groups[&key];
            let listed: Vec<String> = members
                .iter()
                .map(|(i, why)| {
                    let a = &actions[*i];
                    let name = a.id.as_deref().or(a.title.as_deref()).map(|n| format!(" `{n}`")).unwrap_or_default();
                    format!("#{i} {}{name} ({why})", a.action.kind())
                })
                .collect();
            let first = &actions[members[0].0];
            let (label, grant) = match (&first.approval_group, &first.id) {
                (Some(group), _) => (
                    format!(
                        "approval group `{}`{}",
                        group.id,
                        group.label.as_deref().map(|l| format!(" ({l})")).unwrap_or_default()
                    ),
                    group.id.clone(),
                ),
                (None, Some(id)) => (format!("action `{id}`"), id.clone()),
                (None, None) => (format!("action #{}", members[0].0), "all".to_string()),
            };
            let mut error = Error::new(
                ErrorCode::ApprovalRequired,
                format!(
                    "{label} needs approval under permission_mode {}: {}",
                    mode.as_str(),
                    listed.join("; ")
                ),
                if grant == "all" {
                    "once a person has agreed, rerun with --approve all (or give the action an id or an approval_group to approve it alone); nothing was written".to_string()
                } else {
                    format!("once a person has agreed, rerun with --approve {grant} (or --approve all); nothing was written")
                },
            );
            if members.len() == 1 {
                error = error.at_action(members[0].0);
            }
            error
        })
        .collect()
}
