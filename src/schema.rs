//! The JSON contracts: the files under `schemas/` (JSON Schema 2020-12), embedded in the
//! binary and checked at run time with the `jsonschema` crate.
//!
//! They are the single source of truth for every JSON input (proposed actions, semantic
//! patches, settings) and output (events, impact reports): nothing here restates a rule in
//! code. A document that breaks one gets `invalid_format` with the JSON pointer of the value
//! at fault, the schema's own words, and the keyword that refused it.
//!
//! ```
//! use saguaro::schema::{validate, Contract};
//! let ok = serde_json::json!({"kind": "file_delete", "details": {"path": "old.py"}});
//! assert!(validate(Contract::ProposedAction, &ok).is_ok());
//! let bad = serde_json::json!({"kind": "file_delete", "details": {"path": "../etc/passwd"}});
//! let errors = validate(Contract::ProposedAction, &bad).unwrap_err();
//! assert_eq!(errors[0].pointer.as_deref(), Some("/details/path"));
//! ```

use crate::feedback::{Error, ErrorCode};
use serde_json::Value;
use std::sync::OnceLock;

const BASE: &str = "https://saguaro.dev/schemas/";

/// Every schema file, by name.
const FILES: [(&str, &str); 9] = [
    ("defs.schema.json", include_str!("../schemas/defs.schema.json")),
    (
        "proposed_action.schema.json",
        include_str!("../schemas/proposed_action.schema.json"),
    ),
    (
        "semantic_patch.schema.json",
        include_str!("../schemas/semantic_patch.schema.json"),
    ),
    ("settings.schema.json", include_str!("../schemas/settings.schema.json")),
    ("event.schema.json", include_str!("../schemas/event.schema.json")),
    (
        "impact_report.schema.json",
        include_str!("../schemas/impact_report.schema.json"),
    ),
    (
        "check_report.schema.json",
        include_str!("../schemas/check_report.schema.json"),
    ),
    ("answer.schema.json", include_str!("../schemas/answer.schema.json")),
    ("tools.schema.json", include_str!("../schemas/tools.schema.json")),
];

/// The documents a schema governs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contract {
    /// One proposed action or an array of them.
    ProposedAction,
    /// One proposed action (an element of the array).
    Action,
    SemanticPatch,
    Settings,
    Event,
    ImpactReport,
    CheckReport,
    /// An apply's answer (the command line's `--json`, the MCP editing tools).
    Answer,
    /// A refusal outside an apply: `{"errors": [...]}`.
    Refusal,
    /// The answer of `refs`.
    Refs,
    /// The MCP server's `symbols`, `find_symbol`, `show`, `context`.
    Symbols,
    FindSymbol,
    Show,
    Context,
}

impl Contract {
    const ALL: [Contract; 14] = [
        Contract::ProposedAction,
        Contract::Action,
        Contract::SemanticPatch,
        Contract::Settings,
        Contract::Event,
        Contract::ImpactReport,
        Contract::CheckReport,
        Contract::Answer,
        Contract::Refusal,
        Contract::Refs,
        Contract::Symbols,
        Contract::FindSymbol,
        Contract::Show,
        Contract::Context,
    ];

    /// The schema's URI (with a fragment for a definition inside a file).
    fn uri(self) -> String {
        let file = match self {
            Contract::ProposedAction => "proposed_action.schema.json",
            Contract::Action => "proposed_action.schema.json#/$defs/action",
            Contract::SemanticPatch => "semantic_patch.schema.json",
            Contract::Settings => "settings.schema.json",
            Contract::Event => "event.schema.json",
            Contract::ImpactReport => "impact_report.schema.json",
            Contract::CheckReport => "check_report.schema.json",
            Contract::Answer => "answer.schema.json",
            Contract::Refusal => "answer.schema.json#/$defs/refusal",
            Contract::Refs => "tools.schema.json#/$defs/refs",
            Contract::Symbols => "tools.schema.json#/$defs/symbols",
            Contract::FindSymbol => "tools.schema.json#/$defs/find_symbol",
            Contract::Show => "tools.schema.json#/$defs/show",
            Contract::Context => "tools.schema.json#/$defs/context",
        };
        format!("{BASE}{file}")
    }

    /// The file under `schemas/` that defines it.
    pub fn file(self) -> &'static str {
        match self {
            Contract::ProposedAction | Contract::Action => "schemas/proposed_action.schema.json",
            Contract::SemanticPatch => "schemas/semantic_patch.schema.json",
            Contract::Settings => "schemas/settings.schema.json",
            Contract::Event => "schemas/event.schema.json",
            Contract::ImpactReport => "schemas/impact_report.schema.json",
            Contract::CheckReport => "schemas/check_report.schema.json",
            Contract::Answer | Contract::Refusal => "schemas/answer.schema.json",
            Contract::Refs | Contract::Symbols | Contract::FindSymbol | Contract::Show | Contract::Context => {
                "schemas/tools.schema.json"
            }
        }
    }
}

/// The compiled validators, built once (in `Contract::ALL` order).
fn validators() -> &'static Result<Vec<jsonschema::Validator>, String> {
    static VALIDATORS: OnceLock<Result<Vec<jsonschema::Validator>, String>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        let mut builder = jsonschema::Registry::new();
        for (name, text) in FILES {
            let value: Value = serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
            builder = builder
                .add(format!("{BASE}{name}"), value)
                .map_err(|e| format!("{name}: {e}"))?;
        }
        let registry = builder.prepare().map_err(|e| e.to_string())?;
        Contract::ALL
            .iter()
            .map(|contract| {
                jsonschema::options()
                    .with_draft(jsonschema::Draft::Draft202012)
                    .with_registry(&registry)
                    .offline()
                    .build(&serde_json::json!({ "$ref": contract.uri() }))
                    .map_err(|e| format!("{}: {e}", contract.uri()))
            })
            .collect()
    })
}

/// The refusals of `value` under `contract` (at most a handful, most specific first).
pub fn validate(contract: Contract, value: &Value) -> Result<(), Vec<Error>> {
    let validators = validators().as_ref().map_err(|e| {
        vec![Error::new(
            ErrorCode::Internal,
            format!("the embedded schemas do not compile: {e}"),
            "this is a bug in saguaro; please report it",
        )]
    })?;
    let errors_of = |contract: Contract, value: &Value, prefix: &str| -> Vec<Error> {
        let index = Contract::ALL.iter().position(|c| *c == contract).unwrap_or(0);
        validators[index]
            .iter_errors(value)
            .map(|e| refusal(contract, &e, prefix))
            .collect()
    };
    // An action or an array of them: each action is checked on its own, so a refusal points
    // into the action at fault instead of saying "none of `oneOf` matched" about the whole.
    let mut errors = match (contract, value) {
        (Contract::ProposedAction, Value::Object(_)) => errors_of(Contract::Action, value, ""),
        (Contract::ProposedAction, Value::Array(items)) if !items.is_empty() => items
            .iter()
            .enumerate()
            .flat_map(|(i, item)| {
                errors_of(Contract::Action, item, &format!("/{i}"))
                    .into_iter()
                    .map(move |e| e.at_action(i))
            })
            .collect(),
        _ => errors_of(contract, value, ""),
    };
    if errors.is_empty() {
        return Ok(());
    }
    // Deeper pointers say more precisely what is wrong.
    errors.sort_by_key(|e| std::cmp::Reverse(e.pointer.as_deref().map_or(0, |p| p.matches('/').count())));
    errors.truncate(5);
    Err(errors)
}

fn refusal(contract: Contract, e: &jsonschema::ValidationError<'_>, prefix: &str) -> Error {
    let pointer = format!("{prefix}{}", e.instance_path());
    let shown = if pointer.is_empty() { "/" } else { pointer.as_str() };
    // A path the shared path pattern refuses keeps the code every client knows for it.
    let schema_path = e.schema_path().to_string();
    if schema_path.ends_with("repo_relative_path/pattern") {
        let mut error = Error::new(
            ErrorCode::PathRejected,
            format!(
                "{shown}: the path {} is rejected: it is absolute, climbs out with `..`, or holds a control character",
                e.instance()
            ),
            "paths are relative to --root, with `/` separators and no `..` segment",
        );
        error.pointer = Some(pointer);
        return error;
    }
    let keyword = schema_path.rsplit('/').next().unwrap_or_default();
    let mut error = Error::new(
        ErrorCode::InvalidFormat,
        format!("{shown}: {}", e.masked()),
        format!(
            "the value at `{shown}` breaks the schema's `{keyword}` rule; see {} for the fields and their forms",
            contract.file()
        ),
    );
    error.pointer = Some(pointer);
    error
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_schema_compiles() {
        assert!(validators().is_ok(), "{:?}", validators().as_ref().err());
    }

    #[test]
    fn the_path_pattern_refuses_what_leaves_the_root() {
        for bad in [
            "/etc/passwd",
            "../x",
            "a/../../x",
            "a\\..\\x",
            "C:/x",
            "a\u{1}b",
            "",
            "..",
        ] {
            let action = json!({"kind": "file_delete", "details": {"path": bad}});
            let errors = validate(Contract::ProposedAction, &action).unwrap_err();
            assert_eq!(
                errors[0].pointer.as_deref(),
                Some("/details/path"),
                "{bad:?}: {errors:?}"
            );
        }
        for good in ["a.py", "src/a..b.py", "./a.py", ".github/x.yml", "dir/.hidden"] {
            let action = json!({"kind": "file_delete", "details": {"path": good}});
            assert!(validate(Contract::ProposedAction, &action).is_ok(), "{good:?}");
        }
    }
}
