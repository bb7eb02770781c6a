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
    let planned = edit::plan(&before, &language.name, &patch.operations).map_err(|e| e.in_file(&shown))?;
    tx.write(&patch.target_file, planned.text.into_bytes())?;
    Ok(planned
        .matches
        .into_iter()
        .map(|matched| Match {
            action: None,
            file: shown.clone(),
            matched,
        })
        .collect())
}
