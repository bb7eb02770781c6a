//! Events: `--events FILE` appends one JSON line per step of each proposed action —
//! proposed, then applied, rejected or skipped, and a command's end — in the shape of
//! `schemas/event.schema.json` (`v` = `nexus/1`, trace ids).
//!
//! The correlation id ties the lines of one apply together; set `SAGUARO_CORRELATION_ID`
//! to tie them to the caller's own trace instead of a fresh id.

use super::{Action, ProposedAction};
use crate::feedback::{Error, ErrorCode};
use crate::stage::{Answer, CommandRun, Status};
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;

pub const VERSION: &str = "nexus/1";

/// The events of one apply, written when it ends.
#[derive(Debug)]
pub struct Log {
    path: Option<PathBuf>,
    correlation_id: String,
    lines: Vec<Value>,
    /// The files changed once each action was staged (cumulative).
    touched: Vec<Vec<String>>,
    /// Actions on_conflict=ours skipped.
    kept: Vec<usize>,
}

impl Log {
    pub fn new(path: Option<PathBuf>) -> Log {
        let correlation_id = std::env::var("SAGUARO_CORRELATION_ID")
            .ok()
            .filter(|id| !id.is_empty())
            .unwrap_or_else(fresh_id);
        Log {
            path,
            correlation_id,
            lines: Vec::new(),
            touched: Vec::new(),
            kept: Vec::new(),
        }
    }

    pub fn correlation_id(&self) -> &str {
        &self.correlation_id
    }

    fn push(&mut self, kind: &str, index: usize, action: &ProposedAction, extra: Value) {
        if self.path.is_none() {
            return;
        }
        let span_id = format!("{}-{}", index, self.lines.len());
        let mut described = json!({"index": index, "kind": action.action.kind()});
        if let Some(id) = &action.id {
            described["id"] = json!(id);
        }
        if let Some(risk) = action.risk {
            described["risk"] = json!(risk);
        }
        if let Some(group) = &action.approval_group {
            described["approval_group"] = json!(group.id);
        }
        let mut event = json!({
            "v": VERSION,
            "ts": humantime::format_rfc3339_millis(std::time::SystemTime::now()).to_string(),
            "type": kind,
            "trace": {"correlation_id": self.correlation_id, "span_id": span_id},
            "action": described,
        });
        if let (Value::Object(event), Value::Object(extra)) = (&mut event, extra) {
            event.extend(extra);
        }
        self.lines.push(event);
    }

    /// The files the transaction changes once action `index` is staged.
    /// Action `index` changed nothing: on_conflict=ours kept its file.
    pub fn kept(&mut self, index: usize) {
        self.kept.push(index);
    }

    pub fn touched(&mut self, index: usize, files: Vec<String>) {
        self.touched.resize(index + 1, Vec::new());
        self.touched[index] = files;
    }

    pub fn proposed(&mut self, index: usize, action: &ProposedAction) {
        self.push("action.proposed", index, action, json!({}));
    }

    pub fn command(&mut self, index: usize, action: &ProposedAction, run: &CommandRun) {
        self.push(
            "command.finished",
            index,
            action,
            json!({"command": {"argv": run.argv, "status": run.status, "exit_code": run.exit_code}}),
        );
    }

    /// Each action's outcome, then everything written to the file; a file that cannot be
    /// written is a notice in the answer, not a failure of the apply.
    pub fn finished(&mut self, actions: &[ProposedAction], answer: &mut Answer) {
        if self.path.is_none() {
            return;
        }
        for (i, action) in actions.iter().enumerate() {
            let matches: Vec<Value> = answer
                .matches
                .iter()
                .filter(|m| m.action == Some(i))
                .map(|m| {
                    json!({
                        "file": m.file,
                        "strategy": m.matched.strategy,
                        "confidence": m.matched.confidence,
                        "start_line": m.matched.start_line,
                        "end_line": m.matched.end_line,
                    })
                })
                .collect();
            let error = answer
                .errors
                .iter()
                .find(|e| e.action == Some(i))
                .or_else(|| answer.errors.iter().find(|e| e.action.is_none()));
            // What this action added to what the earlier ones changed.
            let now = self.touched.get(i).cloned().unwrap_or_default();
            let earlier = i
                .checked_sub(1)
                .and_then(|p| self.touched.get(p))
                .cloned()
                .unwrap_or_default();
            let files: Vec<String> = now.into_iter().filter(|f| !earlier.contains(f)).collect();
            let kept = self.kept.contains(&i);
            let (kind, extra) = match answer.status {
                Status::Rejected => (
                    "action.rejected",
                    json!({"error": error.map(|e| json!({"code": e.code.as_str(), "message": e.message}))
                        .unwrap_or_else(|| json!({"code": "rejected", "message": "another action of the transaction was refused"}))}),
                ),
                _ if kept || matches!(action.action, Action::Command(_)) && answer.status == Status::DryRun => {
                    ("action.skipped", json!({}))
                }
                Status::DryRun => (
                    "action.applied",
                    json!({"matches": matches, "files": files, "dry_run": true}),
                ),
                _ => ("action.applied", json!({"matches": matches, "files": files})),
            };
            self.push(kind, i, action, extra);
        }
        if let Err(e) = self.write() {
            answer.notices.push(e);
        }
    }

    fn write(&self) -> Result<(), Error> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let fail = |e: std::io::Error| {
            Error::new(
                ErrorCode::UnreadableFile,
                format!("cannot append events to `{}`: {e}", path.display()),
                "check that the events file's directory exists and is writable",
            )
        };
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(fail)?;
        let mut text = String::new();
        for line in &self.lines {
            text.push_str(&line.to_string());
            text.push('\n');
        }
        file.write_all(text.as_bytes()).map_err(fail)
    }
}

/// A new id: the time and process, hashed.
fn fresh_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    crate::workspace::sha256(format!("{nanos}-{}", std::process::id()).as_bytes())[..16].to_string()
}
