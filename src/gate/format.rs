//! The gate's outputs: `text` for a person, `json` (`schemas/check_report.schema.json`),
//! `sarif` (SARIF 2.1.0, as GitHub code scanning reads it: one rule per breakage kind) and
//! `github` (workflow commands that annotate the pull request).

use super::{CheckReport, Finding};
use serde_json::{json, Value};

/// One line per failure, then the notes.
pub fn text(report: &CheckReport) -> String {
    let mut out = String::new();
    for f in &report.failures {
        out.push_str(&format!(
            "{}:{}:{}: {}: {} [{}, {}]\n",
            f.path,
            f.line,
            f.column,
            f.symbol,
            f.message,
            f.kind,
            f.confidence.as_str()
        ));
    }
    for f in &report.notes {
        out.push_str(&format!(
            "{}:{}:{}: note: {}: {} (not blocking: {})\n",
            f.path,
            f.line,
            f.column,
            f.symbol,
            f.message,
            f.allowed_by.as_deref().unwrap_or("?")
        ));
    }
    let verdict = if let Some(api) = &report.api {
        for added in &api.added {
            out.push_str(&format!("added: {added}\n"));
        }
        format!(
            "saguaro check --api: the change needs a {} release ({} breaking change(s) to the public surface, {} addition(s)); {} allowed{}",
            api.level.as_str(),
            report.failures.len() + report.notes.len(),
            api.added.len(),
            api.allowed.as_str(),
            if report.failures.is_empty() { "" } else { ": raise the version, or keep the old surface working" }
        )
    } else if report.failures.is_empty() {
        "saguaro check: no breaking change left behind".to_string()
    } else {
        format!(
            "saguaro check: {} call(s) broken by this change; update them in the same commit, or mark the definition `saguaro: allow-break`",
            report.failures.len()
        )
    };
    out.push_str(&verdict);
    out.push('\n');
    out
}

/// GitHub workflow commands: `::error` per failure, `::notice` per note.
pub fn github(report: &CheckReport) -> String {
    let escape_data = |s: &str| s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A");
    let escape_property = |s: &str| escape_data(s).replace(':', "%3A").replace(',', "%2C");
    let line = |level: &str, f: &Finding| {
        format!(
            "::{level} file={},line={},col={},endColumn={},title={}::{}\n",
            escape_property(&f.path),
            f.line,
            f.column,
            f.end_column,
            escape_property(&format!("saguaro {}", f.kind)),
            escape_data(&format!("{}: {}", f.symbol, f.message))
        )
    };
    let mut out = String::new();
    for f in &report.failures {
        out.push_str(&line("error", f));
    }
    for f in &report.notes {
        out.push_str(&line("notice", f));
    }
    out
}

/// What each breakage kind means, for SARIF's rules.
const RULES: [(&str, &str); 15] = [
    ("object_removed", "A definition callers use was removed or renamed."),
    ("parameter_removed", "A parameter callers pass was removed."),
    ("parameter_added_required", "A parameter without a default was added."),
    ("parameter_moved", "A positional parameter moved."),
    (
        "parameter_changed_kind",
        "A parameter changed kind (positional, keyword-only, ...).",
    ),
    ("parameter_changed_required", "A parameter lost its default."),
    ("parameter_renamed", "A parameter callers pass by name was renamed."),
    ("parameter_default_changed", "A parameter's default value changed."),
    ("parameter_changed_type", "A parameter's type changed."),
    ("return_type_changed", "The return type changed."),
    ("receiver_changed", "The receiver (self, &self, &mut self) changed."),
    ("visibility_reduced", "The definition is no longer public."),
    ("became_async", "The definition became async."),
    ("kind_changed", "The definition changed kind."),
    ("unknown", "Another breaking change."),
];

/// SARIF 2.1.0 with one run of `saguaro`.
pub fn sarif(report: &CheckReport) -> Value {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, text)| {
            json!({
                "id": format!("saguaro/{id}"),
                "name": id.split('_').map(capitalized).collect::<String>(),
                "shortDescription": {"text": text},
                "fullDescription": {"text": format!("{text} Calls that no longer fit the new definition break.")},
                "defaultConfiguration": {"level": "error"},
                "helpUri": "https://github.com/saguaro/saguaro#impact-reports",
            })
        })
        .collect();
    let rule_index = |kind: &str| RULES.iter().position(|(id, _)| *id == kind).unwrap_or(RULES.len() - 1);
    let result = |f: &Finding, level: &str| {
        let index = rule_index(f.kind);
        let mut r = json!({
            "ruleId": format!("saguaro/{}", RULES[index].0),
            "ruleIndex": index,
            "level": level,
            "message": {"text": format!("{}: {}", f.symbol, f.message)},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"},
                    "region": {
                        "startLine": f.line,
                        "startColumn": f.column,
                        "endLine": f.line,
                        "endColumn": f.end_column,
                    }
                }
            }],
            "partialFingerprints": {
                "saguaro/v1": crate::workspace::sha256(format!("{}|{}|{}|{}", f.path, f.symbol, f.kind, f.line).as_bytes())[..32].to_string(),
            },
            "properties": {"confidence": f.confidence, "severity": f.severity, "definition": f.definition},
        });
        if let Some(by) = &f.allowed_by {
            r["suppressions"] = json!([{"kind": "inSource", "justification": format!("allowed by {by}")}]);
        }
        r
    };
    let results: Vec<Value> = report
        .failures
        .iter()
        .map(|f| result(f, "error"))
        .chain(report.notes.iter().map(|f| result(f, "note")))
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "saguaro",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://github.com/saguaro/saguaro",
                "rules": rules,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "The repository root."}}},
            "results": results,
        }]
    })
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
