//! Agents' own edit calls, read as patch formats: what a coding agent already sends to its
//! editor tool can be given to saguaro as it is.
//!
//! - **`text-editor`**: Anthropic's text editor tool (`str_replace_based_edit_tool`,
//!   `str_replace_editor`): `{"command": "str_replace", "path", "old_str", "new_str"}`,
//!   `{"command": "insert", "path", "insert_line", "new_str"}` (`insert_text` in older
//!   versions; line 0 is the top of the file), `{"command": "create", "path",
//!   "file_text"}`. `view` and `undo_edit` are reads and history, not edits: they are
//!   answered `not_executable`.
//! - **`edit-file`**: the MCP filesystem server's `edit_file`: `{"path", "edits":
//!   [{"oldText", "newText"}], "dryRun"}`.
//!
//! A call may come wrapped as the agent's tool call (`{"name", "input": {...}}` of the
//! Messages API, `{"name", "arguments": {...}}` of MCP), and several calls as an array:
//! they are applied in order — each against the file as the calls before it left it, as
//! the tools themselves do — in one transaction.
//!
//! The search text (`old_str`, `oldText`) is what these tools define it to be, an exact
//! substring of the file: found once, it is replaced as text; several times, the call is
//! refused (`ambiguous_match`) with each place. Where it is not found verbatim, saguaro's
//! line tiers (whitespace, indentation, fuzzy) place it as they place a SEARCH block.

use super::Hunk;
use crate::feedback::{Error, ErrorCode};
use serde_json::Value;

/// Which tool's calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallFormat {
    TextEditor,
    EditFile,
}

/// One edit an agent asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum EditCall {
    /// Replace the search text of `hunk` in `path` (str_replace; one edit of edit_file).
    Replace { path: String, hunk: Hunk },
    /// Insert `text`'s lines after line `after` (0: at the top).
    Insert { path: String, after: usize, text: String },
    /// A new file.
    Create { path: String, text: String },
}

impl EditCall {
    pub fn path(&self) -> &str {
        match self {
            EditCall::Replace { path, .. } | EditCall::Insert { path, .. } | EditCall::Create { path, .. } => path,
        }
    }
}

/// The calls, and whether any asked for a dry run.
#[derive(Debug, Clone, PartialEq)]
pub struct Calls {
    pub calls: Vec<EditCall>,
    pub dry_run: bool,
}

/// The call (or array of calls) in `value` with its tool wrapper removed.
fn unwrapped(value: &Value) -> &Value {
    for key in ["input", "arguments"] {
        if let Some(inner) = value.get(key).filter(|v| v.is_object()) {
            if value.get("name").is_some() || value.get("type").is_some() {
                return inner;
            }
        }
    }
    value
}

/// Which call format `value` is in, if any.
pub fn detect(value: &Value) -> Option<CallFormat> {
    let first = match value {
        Value::Array(items) => unwrapped(items.first()?),
        one => unwrapped(one),
    };
    let object = first.as_object()?;
    if object.contains_key("kind") || object.contains_key("operations") {
        return None;
    }
    if object.get("command").and_then(Value::as_str).is_some() && object.contains_key("path") {
        Some(CallFormat::TextEditor)
    } else if object.get("edits").is_some_and(Value::is_array) && object.contains_key("path") {
        Some(CallFormat::EditFile)
    } else {
        None
    }
}

fn invalid(index: usize, message: String, hint: &str) -> Error {
    Error::new(ErrorCode::InvalidFormat, message, hint).at_operation(index)
}

fn text_field<'v>(call: &'v Value, names: &[&str], index: usize, what: &str) -> Result<&'v str, Error> {
    names
        .iter()
        .find_map(|n| call.get(*n))
        .ok_or_else(|| {
            invalid(
                index,
                format!("call {index} has no `{}`", names[0]),
                &format!("give `{}`: {what}", names[0]),
            )
        })?
        .as_str()
        .ok_or_else(|| {
            invalid(
                index,
                format!("`{}` of call {index} is not a string", names[0]),
                &format!("give `{}` as a JSON string: {what}", names[0]),
            )
        })
}

/// Reads `value` (one call or an array of them) in `format`; every call that does not
/// read is named.
pub fn parse(value: &Value, format: CallFormat) -> Result<Calls, Vec<Error>> {
    let items: Vec<&Value> = match value {
        Value::Array(items) => items.iter().map(unwrapped).collect(),
        one => vec![unwrapped(one)],
    };
    if items.is_empty() {
        return Err(vec![invalid(
            0,
            "the array holds no call".into(),
            "send at least one edit call",
        )]);
    }
    let mut calls = Vec::new();
    let mut errors = Vec::new();
    let mut dry_run = false;
    // Calls are numbered as they are applied: one per text editor call, one per edit.
    let mut index = 0;
    for (n, call) in items.into_iter().enumerate() {
        let path = match text_field(call, &["path"], index, "the file to edit, relative to --root") {
            Ok(path) => path.to_string(),
            Err(e) => {
                errors.push(e);
                index += 1;
                continue;
            }
        };
        match format {
            CallFormat::TextEditor => {
                match text_editor(call, path, index) {
                    Ok(c) => calls.push(c),
                    Err(e) => errors.push(e),
                }
                index += 1;
            }
            CallFormat::EditFile => {
                dry_run |= call.get("dryRun").and_then(Value::as_bool).unwrap_or(false);
                let edits = match call.get("edits").and_then(Value::as_array) {
                    Some(edits) if !edits.is_empty() => edits,
                    _ => {
                        errors.push(invalid(
                            index,
                            format!("edit_file call {n} has no edits"),
                            "give `edits`: [{\"oldText\": \"...\", \"newText\": \"...\"}]",
                        ));
                        index += 1;
                        continue;
                    }
                };
                for edit in edits {
                    let read = text_field(
                        edit,
                        &["oldText"],
                        index,
                        "the text to find, exactly as it is in the file",
                    )
                    .and_then(|old| {
                        Ok((
                            old,
                            text_field(edit, &["newText"], index, "the text to put in its place")?,
                        ))
                    })
                    .and_then(|(old, new)| replace(path.clone(), old, new, index));
                    match read {
                        Ok(c) => calls.push(c),
                        Err(e) => errors.push(e),
                    }
                    index += 1;
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(Calls { calls, dry_run })
    } else {
        Err(errors)
    }
}

fn replace(path: String, old: &str, new: &str, index: usize) -> Result<EditCall, Error> {
    if old.is_empty() {
        return Err(invalid(
            index,
            format!("call {index}'s search text is empty"),
            "give the exact text to replace (an empty file is written with `create`, lines are added with `insert`)",
        ));
    }
    Ok(EditCall::Replace {
        path,
        hunk: Hunk::literal(old, new, true),
    })
}

fn text_editor(call: &Value, path: String, index: usize) -> Result<EditCall, Error> {
    let command = call.get("command").and_then(Value::as_str).unwrap_or_default();
    match command {
        "str_replace" => {
            let old = text_field(
                call,
                &["old_str"],
                index,
                "the text to find, exactly as it is in the file",
            )?;
            let new = match call.get("new_str") {
                None | Some(Value::Null) => "",
                Some(_) => text_field(call, &["new_str"], index, "the text to put in its place")?,
            };
            replace(path, old, new, index)
        }
        "insert" => {
            let after = call.get("insert_line").and_then(Value::as_u64).ok_or_else(|| {
                invalid(
                    index,
                    format!("insert call {index} has no `insert_line` (a line number, 0 for the top)"),
                    "give `insert_line`: the line after which the text goes, 0 for the top of the file",
                )
            })?;
            let text = text_field(call, &["new_str", "insert_text"], index, "the lines to insert")?;
            Ok(EditCall::Insert {
                path,
                after: usize::try_from(after).unwrap_or(usize::MAX),
                text: text.to_string(),
            })
        }
        "create" => Ok(EditCall::Create {
            text: text_field(call, &["file_text"], index, "the new file's whole content")?.to_string(),
            path,
        }),
        "view" | "undo_edit" => Err(Error::new(
            ErrorCode::NotExecutable,
            format!("`{command}` is not an edit: saguaro applies str_replace, insert and create"),
            "read the file yourself (or `saguaro show FILE SYMBOL`); saguaro keeps no edit history to undo",
        )
        .at_operation(index)),
        other => Err(invalid(
            index,
            format!("unknown text editor command `{other}`"),
            "commands are str_replace, insert and create",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn both_tools_are_recognised_bare_and_wrapped() {
        let call = json!({"command": "str_replace", "path": "a.py", "old_str": "x", "new_str": "y"});
        assert_eq!(detect(&call), Some(CallFormat::TextEditor));
        let wrapped = json!({"type": "tool_use", "name": "str_replace_based_edit_tool", "input": call});
        assert_eq!(detect(&wrapped), Some(CallFormat::TextEditor));
        let edit = json!({"path": "a.py", "edits": [{"oldText": "x", "newText": "y"}], "dryRun": true});
        assert_eq!(detect(&json!([edit])), Some(CallFormat::EditFile));
        let parsed = parse(&json!({"name": "edit_file", "arguments": edit}), CallFormat::EditFile).unwrap();
        assert!(parsed.dry_run);
        assert_eq!(parsed.calls.len(), 1);
        assert_eq!(detect(&json!({"kind": "patch", "details": {}})), None);
        assert_eq!(detect(&json!({"type": "patch", "operations": []})), None);
    }

    #[test]
    fn reads_and_history_are_not_edits() {
        let err = parse(&json!({"command": "view", "path": "a.py"}), CallFormat::TextEditor).unwrap_err();
        assert_eq!(err[0].code, ErrorCode::NotExecutable);
    }

    #[test]
    fn an_empty_search_is_refused_with_what_to_use_instead() {
        let err = parse(
            &json!({"command": "str_replace", "path": "a.py", "old_str": "", "new_str": "y"}),
            CallFormat::TextEditor,
        )
        .unwrap_err();
        assert_eq!(err[0].code, ErrorCode::InvalidFormat);
        assert!(err[0].hint.contains("insert"));
    }
}
