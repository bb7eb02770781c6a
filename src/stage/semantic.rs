//! Semantic patches (spec 000): read (the schema first, its refusals pointing into the
//! JSON), then planned by `edit` and staged in the transaction.

use super::Match;
use crate::edit::{self, SemanticPatch};
use crate::feedback::{Error, ErrorCode};
use crate::lang::Registry;
use crate::workspace::{self, Transaction, Workspace};

pub fn parse_semantic(input: &str) -> Result<SemanticPatch, Vec<Error>> {
    // The schema first, where it has something to say: its refusals point into the JSON.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(input) {
        crate::schema::validate(crate::schema::Contract::SemanticPatch, &value)?;
    }
    parse_semantic_fields(input).map_err(|e| vec![e])
}

fn parse_semantic_fields(input: &str) -> Result<SemanticPatch, Error> {
    let patch: SemanticPatch = serde_json::from_str(input).map_err(|e| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("the semantic patch does not parse: {e}"),
            "a semantic patch is {\"type\": \"patch\", \"target_file\": PATH, \"operations\": [{\"op\": \"replace\", \"symbol\": \"Engine.process\", \"content\": \"...\"}]}",
        )
    })?;
    if patch.kind != "patch" {
        return Err(Error::new(
            ErrorCode::InvalidFormat,
            format!("`type` is {:?}; a semantic patch has \"type\": \"patch\"", patch.kind),
            "set \"type\": \"patch\"",
        ));
    }
    if patch.operations.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidFormat,
            "the patch has no operations",
            "add at least one operation",
        ));
    }
    Ok(patch)
}

/// Stages a semantic patch in `tx`; returns what each operation matched.
pub fn stage_semantic(patch: &SemanticPatch, tx: &mut Transaction) -> Result<Vec<Match>, Error> {
    let shown = Workspace::shown(&patch.target_file);
    let language = Registry::global()
        .for_path(std::path::Path::new(&shown))
        .ok_or_else(|| Error::unsupported_language(&shown, &Registry::global().known_extensions()))?;
    let before = tx
        .read_text(&patch.target_file)?
        .ok_or_else(|| Error::file_missing(&shown))?;
    let sha_before = workspace::sha256(before.as_bytes());
    if let Some(expected) = &patch.base_sha256 {
        if !expected.eq_ignore_ascii_case(&sha_before) {
            return Err(Error::new(
                ErrorCode::StaleBase,
                format!("`{shown}` has changed since the patch was made (sha256 {sha_before}, the patch expects {expected})"),
                "read the file again and make the patch against its current content",
            )
            .in_file(&shown));
        }
    }
    // A rename reaches beyond the file: the operations around it are planned in runs over
    // the file as the rename left it, each numbered as in the patch.
    let mut matches = Vec::new();
    let mut next = 0;
    while next < patch.operations.len() {
        let op = &patch.operations[next];
        if op.op == edit::OpKind::Rename {
            matches.push(stage_rename(patch, op, next, tx).map_err(|e| e.at_operation(next))?);
            next += 1;
            continue;
        }
        let run_end = patch.operations[next..]
            .iter()
            .position(|op| op.op == edit::OpKind::Rename)
            .map_or(patch.operations.len(), |n| next + n);
        let text = tx
            .read_text(&patch.target_file)?
            .ok_or_else(|| Error::file_missing(&shown))?;
        let planned = edit::plan(&text, &language.name, &patch.operations[next..run_end])
            .map_err(|e| shifted(e, next).in_file(&shown))?;
        tx.write(&patch.target_file, planned.text.into_bytes())?;
        matches.extend(planned.matches.into_iter().map(|mut matched| {
            matched.operation += next;
            Match {
                action: None,
                file: shown.clone(),
                matched,
            }
        }));
        next = run_end;
    }
    Ok(matches)
}

/// An operation's error numbered as in the whole patch, not in its run.
fn shifted(mut error: Error, offset: usize) -> Error {
    if let Some(n) = error.operation.as_mut() {
        *n += offset;
    }
    error
}

/// The patch's `rename` operation `index`, staged across the root.
fn stage_rename(
    patch: &SemanticPatch,
    op: &edit::Operation,
    index: usize,
    tx: &mut Transaction,
) -> Result<Match, Error> {
    let missing = |field: &str| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("`rename` needs `{field}`"),
            r#"for example {"op": "rename", "symbol": "Engine.process", "new_name": "run"}"#,
        )
    };
    let symbol = op.symbol.clone().ok_or_else(|| missing("symbol"))?;
    let new_name = op.new_name.clone().ok_or_else(|| missing("new_name"))?;
    let request = crate::rename::Request {
        file: Workspace::shown(&patch.target_file),
        symbol,
        new_name,
        include_uncertain: op.include_uncertain.unwrap_or(false),
    };
    let renamed = crate::rename::stage(tx, &request).map_err(|mut errors| errors.remove(0))?;
    Ok(rename_match(&request.file, index, &renamed))
}

/// The answer's match for a rename: the definition under its new name.
pub fn rename_match(file: &str, operation: usize, renamed: &crate::rename::Renamed) -> Match {
    // A rename rewrites the name where it stands: the line does not move.
    let line = renamed.line;
    Match {
        action: None,
        file: file.to_string(),
        matched: edit::OpMatch::new(
            operation,
            edit::OpKind::Rename,
            renamed.symbol.clone(),
            "symbol",
            1.0,
            (line, line),
        ),
    }
}
