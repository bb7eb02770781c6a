//! `saguaro mcp` driven by the official Python MCP SDK client (`mcp` from PyPI, pinned), as
//! an agent's host drives it: the loop in `tests/mcp/agent_loop.py` on a small repository
//! per language (`tests/mcp/shops/`), then every answer it got checked against `schemas/`.
//!
//! The SDK lives in `target/mcp-venv` (`.ci/run` makes it; this test makes it when it is
//! missing). Without python3, pip or the network the test fails and says which.

mod common;

use saguaro::schema::{validate, Contract};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const MCP_VERSION: &str = "2.3.0";

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The virtual environment's python with the SDK installed; `Err` says why there is none.
fn python() -> Result<PathBuf, String> {
    common::venv::with("mcp-venv", "mcp", MCP_VERSION).map(|venv| venv.join("bin/python"))
}

/// The contract each tool's answer keeps (its refusals keep `Refusal`, an apply's `Answer`).
fn contract(tool: &str, is_error: bool, answer: &Value) -> Contract {
    match tool {
        "replace_symbol" | "insert_symbol" | "delete_symbol" | "update_docstring" | "rename_symbol" | "apply_patch"
            if answer.get("status").is_some() =>
        {
            Contract::Answer
        }
        _ if is_error && tool != "check" => Contract::Refusal,
        "symbols" => Contract::Symbols,
        "find_symbol" => Contract::FindSymbol,
        "show" => Contract::Show,
        "context" => Contract::Context,
        "refs" => Contract::Refs,
        "impact" => Contract::ImpactReport,
        "check" => Contract::CheckReport,
        other => panic!("no contract for the tool `{other}`"),
    }
}

#[test]
fn an_agent_loop_through_the_official_sdk_in_each_language() {
    let python =
        python().unwrap_or_else(|why| panic!("the MCP client test needs the Python MCP SDK {MCP_VERSION}: {why}"));
    for language in ["python", "rust", "typescript"] {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("repo");
        common::tree::copy(&manifest().join("tests/mcp/shops").join(language), &root);
        common::commits::git(&root, &["init", "-q"]);
        common::commits::git(&root, &["config", "user.email", "mcp@example.com"]);
        common::commits::git(&root, &["config", "user.name", "mcp"]);
        common::commits::git(&root, &["add", "-A"]);
        common::commits::git(&root, &["commit", "-q", "-m", "base"]);
        let out = dir.path().join("answers.json");
        let run = Command::new(&python)
            .arg(manifest().join("tests/mcp/agent_loop.py"))
            .arg(env!("CARGO_BIN_EXE_saguaro"))
            .arg(&root)
            .arg(language)
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{language}: the agent loop failed:\n{}{}",
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
        let recorded: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        for tool in recorded["tools"].as_array().unwrap() {
            jsonschema::validator_for(&tool["input_schema"])
                .unwrap_or_else(|e| panic!("{}: its input schema is not a valid JSON Schema: {e}", tool["name"]));
        }
        let answers = recorded["answers"].as_array().unwrap();
        assert!(answers.len() >= 13, "{language}: the loop made every call");
        for entry in answers {
            let tool = entry["tool"].as_str().unwrap();
            let is_error = entry["is_error"].as_bool().unwrap();
            let answer = &entry["answer"];
            let contract = contract(tool, is_error, answer);
            if let Err(errors) = validate(contract, answer) {
                panic!(
                    "{language}: the answer of {tool} breaks {}:\n{}\n{}",
                    contract.file(),
                    errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"),
                    serde_json::to_string_pretty(answer).unwrap()
                );
            }
        }
    }
}
