//! The server's tools: each reads its arguments (their JSON schema comes from these types),
//! makes the library call the command line makes, and answers with the same JSON.

use super::page::{self, bounded, DEFAULT_MAX_CHARS};
use crate::apply::session::Session;
use crate::apply::{self, Answer, Format, Options};
use crate::feedback::{Error, ErrorCode};
use crate::impact::breakage::Severity;
use crate::refs::project::Project;
use crate::refs::warm::Warm;
use crate::workspace::{Access, Workspace};
use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::model::{CallToolResult, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The server: the root it serves, the warm tree, and the connection's session (spec 002
/// §1: each edit's answer carries its `[SESSION CONTEXT]` block).
#[derive(Clone)]
pub struct Server {
    warm: Arc<Warm>,
    session: Arc<Mutex<Session>>,
    tool_router: ToolRouter<Server>,
}

type Reply = Result<CallToolResult, ErrorData>;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SymbolsArgs {
    /// A file or folder relative to the root (default: the whole root).
    #[serde(default)]
    pub path: Option<String>,
    /// Where to continue a cut answer (its `cursor`).
    #[serde(default)]
    pub cursor: Option<usize>,
    /// The longest answer wanted, in characters (default 20000).
    #[serde(default)]
    pub max_chars: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct FindArgs {
    /// A name path (`Engine.process`, matched as the end of a path) or part of a name
    /// (`proc`, matched without case).
    pub query: String,
    /// Only these kinds (`function`, `method`, `class`, `struct`, `field`, ...).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Only under this file or folder, relative to the root.
    #[serde(default)]
    pub within: Option<String>,
    /// Where to continue a cut answer (its `cursor`).
    #[serde(default)]
    pub cursor: Option<usize>,
    /// The longest answer wanted, in characters (default 20000).
    #[serde(default)]
    pub max_chars: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SymbolArgs {
    /// The file, relative to the root.
    pub file: String,
    /// The definition's name path: `Engine.process`, `Store::get`, `Engine.fmt#2`.
    pub symbol: String,
    /// Where to continue a cut answer (its `cursor`).
    #[serde(default)]
    pub cursor: Option<usize>,
    /// The longest answer wanted, in characters (default 20000; `context`: the code's
    /// budget, default 8000).
    #[serde(default)]
    pub max_chars: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReplaceArgs {
    /// The file, relative to the root.
    pub file: String,
    /// The definition's name path.
    pub symbol: String,
    /// The new code, at any indentation (it is re-based to the definition's).
    pub content: String,
    /// Keep the decorators, attributes, doc comment and `export` the new code does not
    /// carry (default true); false replaces the whole extent as written.
    #[serde(default)]
    pub keep_attached: Option<bool>,
    /// The file's sha256 as you last read it: the edit is refused (`stale_base`) if the
    /// file changed since.
    #[serde(default)]
    pub expected_sha256: Option<String>,
    /// Plan and verify, answer with the diff, write nothing.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RenameArgs {
    /// The file that defines the symbol, relative to the root.
    pub file: String,
    /// The definition's name path (`Engine.process`, `Config.port`).
    pub symbol: String,
    /// The new name: the last segment only (`run`, not `Engine.run`).
    pub new_name: String,
    /// Rename the references matched by name only too (else they are listed under
    /// `uncertain` and left).
    #[serde(default)]
    pub include_uncertain: bool,
    /// The defining file's sha256 as you last read it: refused (`stale_base`) if it changed.
    #[serde(default)]
    pub expected_sha256: Option<String>,
    /// Plan and verify, answer with the diff, write nothing.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct InsertArgs {
    /// The file, relative to the root.
    pub file: String,
    /// The new code.
    pub content: String,
    /// Insert after this definition.
    #[serde(default)]
    pub after: Option<String>,
    /// Insert before this definition (before its decorators and doc comment).
    #[serde(default)]
    pub before: Option<String>,
    /// Insert as the last member of this class, impl, trait, namespace or module.
    #[serde(default)]
    pub into: Option<String>,
    /// The file's sha256 as you last read it (`stale_base` if it changed since).
    #[serde(default)]
    pub expected_sha256: Option<String>,
    /// Plan and verify, answer with the diff, write nothing.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteArgs {
    /// The file, relative to the root.
    pub file: String,
    /// The definition's name path.
    pub symbol: String,
    /// The file's sha256 as you last read it (`stale_base` if it changed since).
    #[serde(default)]
    pub expected_sha256: Option<String>,
    /// Plan and verify, answer with the diff, write nothing.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct DocstringArgs {
    /// The file, relative to the root.
    pub file: String,
    /// The definition's name path.
    pub symbol: String,
    /// The documentation's text, without quotes or comment markers; empty removes it.
    pub content: String,
    /// The file's sha256 as you last read it (`stale_base` if it changed since).
    #[serde(default)]
    pub expected_sha256: Option<String>,
    /// Plan and verify, answer with the diff, write nothing.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PatchArgs {
    /// The patch, in any format saguaro reads: SEARCH/REPLACE blocks, a unified diff,
    /// Codex `*** Begin Patch`, ApplyDiff, editor tool calls, a semantic patch, proposed
    /// actions (docs/formats.md).
    pub patch: String,
    /// The format (`search-replace`, `unified`, `codex`, `applydiff`, `semantic`, `action`,
    /// `text-editor`, `edit-file`); detected when not given.
    #[serde(default)]
    pub format: Option<String>,
    /// Plan and verify, answer with the diff, write nothing.
    #[serde(default)]
    pub dry_run: bool,
    /// Proposed actions' approval groups or ids a person agreed to (`all` for every one).
    #[serde(default)]
    pub approve: Vec<String>,
    /// Each file's sha256 as you last read it, by path: a file changed since is refused
    /// (`stale_base`).
    #[serde(default)]
    pub expected_sha256: BTreeMap<String, String>,
    /// Refuse (`breaking_change`) when the patch breaks callers at this severity or above:
    /// `high` or `medium`. The answer then carries the Impact Report.
    #[serde(default)]
    pub gate: Option<String>,
    /// The plan (spec 002 §1): kept for the rest of the session and printed first on the
    /// `Guidance:` line of every answer's `session_context`; an empty string clears it.
    #[serde(default)]
    pub guidance: Option<String>,
    /// KEYSTONE files for this call (gitignore-style globs, beside the settings'
    /// keystone_paths): patches located by context are refused (`whole_file_required`).
    #[serde(default)]
    pub keystone: Vec<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ImpactArgs {
    /// The patch, in any format `apply_patch` reads.
    pub patch: String,
    /// The format; detected when not given.
    #[serde(default)]
    pub format: Option<String>,
    /// Where to continue a cut answer (its `cursor`).
    #[serde(default)]
    pub cursor: Option<usize>,
    /// The longest answer wanted, in characters (default 20000).
    #[serde(default)]
    pub max_chars: Option<usize>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CheckArgs {
    /// Compare the working tree against this revision (a branch against its base) instead
    /// of the staged change against HEAD.
    #[serde(default)]
    pub base: Option<String>,
    /// The least confidence that blocks: `name-match`, `receiver-typed` (default) or
    /// `import-resolved`.
    #[serde(default)]
    pub min_confidence: Option<String>,
    /// Breakage kinds that only make notes (`parameter_default_changed`).
    #[serde(default)]
    pub allow: Vec<String>,
    /// Check the PUBLIC surface (a library's API) instead of the calls in the repository,
    /// and the semver level the change needs.
    #[serde(default)]
    pub api: bool,
    /// With api: the highest level allowed, `patch`, `minor` (default) or `major`.
    #[serde(default)]
    pub allow_level: Option<String>,
    /// Where to continue a cut answer (its `cursor`).
    #[serde(default)]
    pub cursor: Option<usize>,
    /// The longest answer wanted, in characters (default 20000).
    #[serde(default)]
    pub max_chars: Option<usize>,
}

#[tool_router]
impl Server {
    pub fn new(root: PathBuf) -> Server {
        Server {
            warm: Arc::new(Warm::new(&root)),
            session: Arc::new(Mutex::new(Session::new(SESSION_EXCHANGES))),
            tool_router: Self::tool_router(),
        }
    }

    #[tool(
        description = "Outline of a file or folder: every definition (class, function, method, field, ...) with its name path, kind and lines, and each file's sha256. Use it to learn a file's shape before reading or editing; name paths from here address every other tool."
    )]
    async fn symbols(&self, Parameters(args): Parameters<SymbolsArgs>) -> Reply {
        let project = self.warm.project();
        let within = args.path.unwrap_or_default();
        if !within.is_empty() {
            if let Err(e) = self.workspace().and_then(|w| w.check(&within, Access::Read)) {
                return refusal(e);
            }
        }
        let listed: Vec<(String, Arc<crate::refs::facts::Facts>)> = files_under(&project, &within)
            .into_iter()
            .filter_map(|path| Some((path.clone(), project.facts(&path)?)))
            .collect();
        if listed.is_empty() && !within.is_empty() {
            return refusal(Error::file_missing(&within));
        }
        let outline = listed.iter().map(|(path, facts)| {
            let header = json!({
                "path": path,
                "language": facts.lang.name,
                "sha256": sha_of(&project, path),
            });
            (header, facts.index.symbols.as_slice())
        });
        answer(page::outline(
            outline,
            args.cursor.unwrap_or(0),
            args.max_chars.unwrap_or(DEFAULT_MAX_CHARS),
        ))
    }

    #[tool(
        description = "Find definitions across the root by name path (`Engine.process`, `Store::get`: the end of a path) or by part of a name (`proc`, any case), optionally only some kinds or under a folder. Answers each match's file, name path, kind, lines and the file's sha256. Use it when you know a name but not its file."
    )]
    async fn find_symbol(&self, Parameters(args): Parameters<FindArgs>) -> Reply {
        use rayon::prelude::*;
        let project = self.warm.project();
        let query = args.query.replace("::", ".");
        if query.trim().is_empty() {
            return refusal(Error::new(
                ErrorCode::InvalidFormat,
                "the query is empty",
                "pass a name path (`Engine.process`) or part of a name (`proc`)",
            ));
        }
        let is_path = query.contains('.');
        let lower = query.to_lowercase();
        let within = args.within.unwrap_or_default();
        let files = files_under(&project, &within);
        // A file can define a matching name only if its text holds every segment of the
        // path (the name and the definitions around it are written there; `impl T` names
        // its type), or, for a part of a name, that part in any case: only those files are
        // parsed.
        let holds: Result<Vec<regex::Regex>, _> = query
            .split('.')
            .filter(|segment| !segment.is_empty())
            .map(|segment| {
                regex::RegexBuilder::new(&regex::escape(segment))
                    .case_insensitive(!is_path)
                    .build()
            })
            .collect();
        let Ok(holds) = holds else {
            return refusal(Error::internal("the query could not be searched for"));
        };
        let mut found: Vec<(u8, Value)> = files
            .par_iter()
            .filter(|path| {
                project
                    .files
                    .get(path.as_str())
                    .is_some_and(|f| holds.iter().all(|h| h.is_match(&f.text)))
            })
            .filter_map(|path| project.facts(path).map(|facts| (path, facts)))
            .flat_map_iter(|(path, facts)| {
                let mut hits = Vec::new();
                // The file's version, hashed once for all its matches (on its first one).
                let mut sha = None;
                for s in &facts.index.symbols {
                    if !args.kinds.is_empty() && !args.kinds.contains(&s.kind) {
                        continue;
                    }
                    let rank = if is_path {
                        if s.path == query {
                            0
                        } else if s.path.ends_with(&format!(".{query}")) {
                            1
                        } else {
                            continue;
                        }
                    } else if s.name == query {
                        0
                    } else if s.name.to_lowercase() == lower {
                        1
                    } else if s.name.to_lowercase().contains(&lower) {
                        2
                    } else {
                        continue;
                    };
                    hits.push((
                        rank,
                        json!({
                            "path": path,
                            "symbol": s.selector(),
                            "kind": s.kind,
                            "start_line": s.extent.start_line,
                            "end_line": s.extent.end_line,
                            "sha256": sha.get_or_insert_with(|| sha_of(&project, path)),
                        }),
                    ));
                }
                hits
            })
            .collect();
        found.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| a.1["path"].as_str().cmp(&b.1["path"].as_str()))
                .then_with(|| a.1["start_line"].as_u64().cmp(&b.1["start_line"].as_u64()))
        });
        let matches: Vec<Value> = found.into_iter().map(|(_, m)| m).collect();
        answer(bounded(
            json!({"query": args.query, "matches": matches}),
            "matches",
            args.cursor.unwrap_or(0),
            args.max_chars.unwrap_or(DEFAULT_MAX_CHARS),
        ))
    }

    #[tool(
        description = "One definition's source, whole (decorators, attributes and doc comment included), with its record and the file's sha256 (pass it as expected_sha256 when you edit). A source longer than max_chars comes cut at a line with truncated and the cursor of the next line; for a large class, symbols lists its members to show one by one."
    )]
    async fn show(&self, Parameters(args): Parameters<SymbolArgs>) -> Reply {
        let project = self.warm.project();
        let facts = match self.facts(&project, &args.file) {
            Ok(facts) => facts,
            Err(e) => return refusal(e),
        };
        let symbol = match facts.index.resolve_str(&args.symbol) {
            Ok(symbol) => symbol,
            Err(e) => return refusal(e.in_file(&args.file)),
        };
        let record: crate::symbols::scan::SymbolRecord = symbol.into();
        answer(page::lines(
            json!({
                "path": args.file,
                "language": facts.lang.name,
                "sha256": sha_of(&project, &args.file),
                "symbol": record,
                "source": facts.index.source_of(symbol),
            }),
            "source",
            args.cursor.unwrap_or(0),
            args.max_chars.unwrap_or(DEFAULT_MAX_CHARS),
        ))
    }

    #[tool(
        description = "Every reference to one definition across the root: calls, imports, re-exports, type uses, attribute reads, each with its place, kind and confidence (import_resolved, receiver_typed, name_match) and why. Use it before changing a signature or removing a definition."
    )]
    async fn refs(&self, Parameters(args): Parameters<SymbolArgs>) -> Reply {
        let project = self.warm.project();
        if let Err(e) = self.facts(&project, &args.file) {
            return refusal(e);
        }
        match crate::refs::answer_in(&project, &args.file, &args.symbol) {
            Ok(found) => answer(bounded(
                to_value(&found),
                "references",
                args.cursor.unwrap_or(0),
                args.max_chars.unwrap_or(DEFAULT_MAX_CHARS),
            )),
            Err(e) => refusal(e),
        }
    }

    #[tool(
        description = "What to read before editing one definition, in one call: its source and docstring, the file's sha256, its callers (each with the definition it sits in and that one's signature) and what it calls (resolved where the code says). Within max_chars of code (default 8000); what does not fit is listed under `omitted` by place."
    )]
    async fn context(&self, Parameters(args): Parameters<SymbolArgs>) -> Reply {
        let project = self.warm.project();
        if let Err(e) = self.facts(&project, &args.file) {
            return refusal(e);
        }
        match crate::context::pack(
            &project,
            &args.file,
            &args.symbol,
            args.max_chars.unwrap_or(crate::context::DEFAULT_MAX_CHARS),
        ) {
            Ok(pack) => answer(to_value(&pack)),
            Err(e) => refusal(e),
        }
    }

    #[tool(
        description = "Replace one definition with new code, addressed by name path. The code may come at any indentation; decorators, attributes, doc comment and `export` the new code does not carry are kept. The result must parse or nothing is written. Pass expected_sha256 (from show/context/symbols) so a file changed since you read it is refused."
    )]
    async fn replace_symbol(&self, Parameters(args): Parameters<ReplaceArgs>) -> Reply {
        let mut op = json!({"op": "replace", "symbol": args.symbol, "content": args.content});
        if args.keep_attached == Some(false) {
            op["keep_attached"] = json!(false);
        }
        self.edit(&args.file, op, args.expected_sha256.as_deref(), args.dry_run)
    }

    #[tool(
        description = "Rename a definition and every reference to it across the root in one transaction: calls, imports (an `as` alias keeps its local name), re-exports, `__all__`, type uses, attribute accesses, keyword arguments naming a field, shorthands expanded (`Config { port }` -> `Config { new: port }`). References matched by name only are listed under `uncertain` and left unless include_uncertain. Refused, nothing written: invalid_name, name_conflict, shared_reference (a member read on a value of several types each defining it, or a macro argument that also declares another item), syntax_error, symbol_not_found, ambiguous_symbol."
    )]
    async fn rename_symbol(&self, Parameters(args): Parameters<RenameArgs>) -> Reply {
        if let Err(e) = self.workspace().and_then(|w| w.check(&args.file, Access::Write)) {
            return refusal(e);
        }
        if let Some(sha) = args.expected_sha256.as_deref() {
            if let Err(e) = self.expect(&args.file, sha) {
                return refusal(e);
            }
        }
        let mut options = match self.options(Some("semantic")) {
            Ok(options) => options,
            Err(e) => return refusal(e),
        };
        options.dry_run = args.dry_run;
        let request = crate::rename::Request {
            file: args.file,
            symbol: args.symbol,
            new_name: args.new_name,
            include_uncertain: args.include_uncertain,
        };
        apply_answer(&apply::rename(&request, &options))
    }

    #[tool(
        description = "Insert new code after or before a definition, or as the last member of a class, impl, trait, namespace or module (`into`), with the blank lines its neighbours keep. Give exactly one of after, before, into."
    )]
    async fn insert_symbol(&self, Parameters(args): Parameters<InsertArgs>) -> Reply {
        let anchors = [
            ("after_symbol", &args.after),
            ("before_symbol", &args.before),
            ("into", &args.into),
        ];
        let given: Vec<_> = anchors.iter().filter(|(_, v)| v.is_some()).collect();
        let [(key, Some(anchor))] = given.as_slice() else {
            return refusal(Error::new(
                ErrorCode::InvalidFormat,
                format!(
                    "insert_symbol needs exactly one of after, before, into; {} given",
                    given.len()
                ),
                "name the definition to insert after (`after`), before (`before`), or into (`into`)",
            ));
        };
        let mut op = json!({"op": "insert", "content": args.content});
        op[*key] = json!(anchor);
        self.edit(&args.file, op, args.expected_sha256.as_deref(), args.dry_run)
    }

    #[tool(
        description = "Delete one definition (with its decorators, attributes and doc comment) and the blank lines that separated it."
    )]
    async fn delete_symbol(&self, Parameters(args): Parameters<DeleteArgs>) -> Reply {
        let op = json!({"op": "delete", "symbol": args.symbol});
        self.edit(&args.file, op, args.expected_sha256.as_deref(), args.dry_run)
    }

    #[tool(
        description = "Set, replace or remove (empty content) a definition's docstring or doc comment, keeping the file's quotes and layout. Give the text only, without quotes or comment markers."
    )]
    async fn update_docstring(&self, Parameters(args): Parameters<DocstringArgs>) -> Reply {
        let op = json!({"op": "update_docstring", "symbol": args.symbol, "content": args.content});
        self.edit(&args.file, op, args.expected_sha256.as_deref(), args.dry_run)
    }

    #[tool(
        description = "Apply a patch in any format (SEARCH/REPLACE, unified diff, Codex, ApplyDiff, editor calls, semantic patch, proposed actions): every file changes or none does. Placements are exact or refused when unsure (no_match, ambiguous_match with the closest places); fix the block as the hint says and resend. Use it to change a definition and its callers in one step; `gate` refuses patches that break callers."
    )]
    async fn apply_patch(&self, Parameters(args): Parameters<PatchArgs>) -> Reply {
        let mut options = match self.options(args.format.as_deref()) {
            Ok(options) => options,
            Err(e) => return refusal(e),
        };
        for (path, sha) in &args.expected_sha256 {
            if let Err(e) = self.expect(path, sha) {
                return refusal(e);
            }
        }
        options.dry_run = args.dry_run;
        options.approvals = crate::settings::Approvals::from_args(&args.approve);
        options.keystone_paths = args.keystone;
        if let Some(plan) = &args.guidance {
            self.session().set_guidance(plan);
        }
        let mut report = None;
        if let Some(gate) = &args.gate {
            let least = match gate.as_str() {
                "high" => Severity::High,
                "medium" => Severity::Medium,
                other => {
                    return refusal(Error::new(
                        ErrorCode::InvalidFormat,
                        format!("`{other}` is not a gate"),
                        "gate is `high` or `medium`",
                    ))
                }
            };
            match crate::impact::report_over(&args.patch, &options, Some(&self.warm.project())) {
                Ok(found) => {
                    if let Some(refused) = found.gate(least) {
                        let mut rejected = Answer::rejected(refused);
                        rejected.impact = serde_json::to_value(&found).ok();
                        return apply_answer(&rejected);
                    }
                    report = serde_json::to_value(&found).ok();
                }
                Err(errors) => return apply_answer(&Answer::rejected_all(errors)),
            }
        }
        let mut done = apply::apply(&args.patch, &options);
        done.impact = report;
        self.track(&options, &mut done);
        apply_answer(&done)
    }

    #[tool(
        description = "The Impact Report of a patch, nothing written: which definitions it changes and how (parameter_added_required, object_removed, ...), every callsite that breaks with its confidence, risk, volatility and verification. Ask it before applying a signature change, then update the callers it lists in the same patch."
    )]
    async fn impact(&self, Parameters(args): Parameters<ImpactArgs>) -> Reply {
        let options = match self.options(args.format.as_deref()) {
            Ok(options) => options,
            Err(e) => return refusal(e),
        };
        match crate::impact::report_over(&args.patch, &options, Some(&self.warm.project())) {
            Ok(report) => answer(page::rows(
                to_value(&report),
                &["breaking_changes"],
                Some("callsites"),
                args.cursor.unwrap_or(0),
                args.max_chars.unwrap_or(DEFAULT_MAX_CHARS),
            )),
            Err(errors) => error_answer(json!({"errors": errors})),
        }
    }

    #[tool(
        description = "The breaking-change gate of a git repository: calls that the staged change (or the working tree against `base`) leaves broken. Run it before committing; `failures` must be empty. With api: true, every breaking change to the library's public surface and the semver level it needs (`api.level`)."
    )]
    async fn check(&self, Parameters(args): Parameters<CheckArgs>) -> Reply {
        use crate::impact::callsites::Confidence;
        let min_confidence = match args.min_confidence.as_deref().unwrap_or("receiver-typed") {
            "name-match" | "name_match" => Confidence::NameMatch,
            "receiver-typed" | "receiver_typed" => Confidence::ReceiverTyped,
            "import-resolved" | "import_resolved" => Confidence::ImportResolved,
            other => {
                return refusal(Error::new(
                    ErrorCode::InvalidFormat,
                    format!("`{other}` is not a confidence tier"),
                    "min_confidence is name-match, receiver-typed or import-resolved",
                ))
            }
        };
        let options = crate::gate::CheckOptions {
            root: self.warm.root().to_path_buf(),
            against: match args.base {
                Some(rev) => crate::gate::Against::Base(rev),
                None => crate::gate::Against::Staged,
            },
            min_confidence,
            allow: args.allow,
        };
        let page = |report: &crate::gate::CheckReport| {
            page::rows(
                to_value(report),
                &["failures", "notes"],
                None,
                args.cursor.unwrap_or(0),
                args.max_chars.unwrap_or(DEFAULT_MAX_CHARS),
            )
        };
        let checked = if args.api {
            let level = args.allow_level.as_deref().unwrap_or("minor");
            let Ok(allowed) = <crate::gate::api::Level as clap::ValueEnum>::from_str(level, true) else {
                return refusal(Error::new(
                    ErrorCode::InvalidFormat,
                    format!("`{level}` is not a semver level"),
                    "allow_level is patch, minor or major",
                ));
            };
            crate::gate::changes(&options)
                .map(|changes| crate::gate::api::report(&changes, crate::gate::label(&options.against), allowed))
        } else {
            crate::gate::check(&options)
        };
        match checked {
            Ok(report) if report.exit_status() == 0 => answer(page(&report)),
            Ok(report) => error_answer(page(&report)),
            Err(e) => refusal(e),
        }
    }
}

/// The exchanges a connection's session counts to in its Health line (as `apply`'s
/// `--max-exchanges` default).
const SESSION_EXCHANGES: usize = 20;

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("saguaro", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "saguaro edits code by meaning. Address definitions by name path (`Engine.process`). \
                 Read with symbols, find_symbol, show, context; edit with replace_symbol, insert_symbol, \
                 delete_symbol, update_docstring, or apply_patch for text patches; ask impact before a \
                 signature change and refs for who uses a definition. Pass the sha256 you read as \
                 expected_sha256 when editing. A refusal's `errors[].hint` says what to do next. \
                 Every edit answers with `session_context`: your plan (apply_patch's guidance) and, per \
                 file, whether to keep patching or send it whole; a file it marks mandatory refuses \
                 context patches (whole_file_required).",
            )
    }
}

impl Server {
    fn workspace(&self) -> Result<Workspace, Error> {
        Workspace::new(self.warm.root())
    }

    /// The options of an apply or impact at the root, with the root's settings.
    fn options(&self, format: Option<&str>) -> Result<Options, Error> {
        let settings = crate::settings::Settings::find(self.warm.root(), None).map_err(|mut e| e.remove(0))?;
        let format = match format {
            None => None,
            Some(name) => Some(<Format as clap::ValueEnum>::from_str(name, true).map_err(|_| {
                Error::new(
                    ErrorCode::InvalidFormat,
                    format!("`{name}` is not a format saguaro reads"),
                    "format is one of semantic, action, applydiff, search-replace, unified, codex, text-editor, edit-file, or leave it out to detect it",
                )
            })?),
        };
        let mut options = Options {
            format,
            settings,
            ..Options::new(self.warm.root())
        };
        self.session().mandate(&mut options);
        Ok(options)
    }

    /// The connection's session; a tool that panicked while holding it left counts that
    /// are still counts.
    fn session(&self) -> std::sync::MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts an apply in the session (unless it was a dry run) and answers with its block.
    fn track(&self, options: &Options, done: &mut Answer) {
        let mut session = self.session();
        if !options.dry_run {
            session.record_written(done, self.warm.root());
        }
        done.session_context = Some(session.render_for(options));
    }

    /// The facts of a file named by the caller: a path inside the root, in a language
    /// saguaro reads, that exists.
    fn facts(&self, project: &Project, file: &str) -> Result<Arc<crate::refs::facts::Facts>, Error> {
        self.workspace()?.check(file, Access::Read)?;
        let registry = crate::lang::Registry::global();
        if registry.for_path(file).is_none() {
            return Err(Error::unsupported_language(file, &registry.known_extensions()));
        }
        project.facts(file).ok_or_else(|| Error::file_missing(file))
    }

    /// Refuses when `file` is no longer the version the caller read.
    fn expect(&self, file: &str, expected: &str) -> Result<(), Error> {
        let full = self.workspace()?.check(file, Access::Read)?;
        let bytes = std::fs::read(&full).map_err(|_| Error::file_missing(file))?;
        let now = crate::workspace::sha256(&bytes);
        let expected = expected.trim().trim_start_matches("sha256:");
        if now == expected {
            return Ok(());
        }
        Err(Error::new(
            ErrorCode::StaleBase,
            format!("{file} changed since you read it (expected sha256 {expected}, now {now})"),
            "read the file again (show, context or symbols give its sha256) and redo the edit against it; nothing was written",
        )
        .in_file(file))
    }

    /// A one-operation semantic patch on `file`, as the command line's shell forms make it.
    fn edit(&self, file: &str, operation: Value, expected: Option<&str>, dry_run: bool) -> Reply {
        if let Err(e) = self.workspace().and_then(|w| w.check(file, Access::Write)) {
            return refusal(e);
        }
        if let Some(sha) = expected {
            if let Err(e) = self.expect(file, sha) {
                return refusal(e);
            }
        }
        let mut options = match self.options(Some("semantic")) {
            Ok(options) => options,
            Err(e) => return refusal(e),
        };
        options.dry_run = dry_run;
        let patch = json!({"type": "patch", "target_file": file, "operations": [operation]});
        let mut done = apply::apply(&patch.to_string(), &options);
        self.track(&options, &mut done);
        apply_answer(&done)
    }
}

/// The root-relative files of the project under `within` (a file, a folder, or all).
fn files_under(project: &Project, within: &str) -> Vec<String> {
    let within = within.trim_matches('/').trim_start_matches("./");
    project
        .files
        .keys()
        .filter(|path| {
            within.is_empty() || within == "." || path.as_str() == within || path.starts_with(&format!("{within}/"))
        })
        .cloned()
        .collect()
}

fn sha_of(project: &Project, path: &str) -> String {
    project
        .files
        .get(path)
        .map(|f| crate::workspace::sha256(f.text.as_bytes()))
        .unwrap_or_default()
}

fn to_value<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value)
        .unwrap_or_else(|e| json!({"errors": [Error::internal(format!("could not write JSON: {e}"))]}))
}

fn answer(value: Value) -> Reply {
    Ok(CallToolResult::structured(value))
}

fn error_answer(value: Value) -> Reply {
    Ok(CallToolResult::structured_error(value))
}

/// A refusal: `{"errors": [error]}`, marked as an error for the client.
fn refusal(error: Error) -> Reply {
    error_answer(json!({"errors": [error]}))
}

/// An apply's answer, bounded, an error for the client when it was rejected.
fn apply_answer(done: &Answer) -> Reply {
    let value = bounded(to_value(done), "", 0, DEFAULT_MAX_CHARS);
    if done.errors.is_empty() {
        answer(value)
    } else {
        error_answer(value)
    }
}
