//! A context pack for one definition: what an agent reads before editing it — its source,
//! documentation and file version, the signatures and places of its callers (the references
//! layer's answer) and of what it calls (names in its body resolved by the same layer),
//! within a character budget. What does not fit is listed by place (`omitted`), never
//! dropped silently.

use crate::feedback::Error;
use crate::refs::facts::Facts;
use crate::refs::project::Project;
use crate::refs::resolve::{DefId, Entity, Resolver};
use crate::symbols::Symbol;
use serde::Serialize;

/// The budget when the caller names none.
pub const DEFAULT_MAX_CHARS: usize = 8_000;

#[derive(Debug, Serialize)]
pub struct Context {
    pub path: String,
    /// The file's version: the sha256 an edit's `expected_sha256` names.
    pub sha256: String,
    pub language: String,
    pub symbol: String,
    pub kind: String,
    pub start_line: usize,
    pub end_line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub docstring: Option<String>,
    pub source: String,
    /// The source was longer than the budget allows: it stops at `source_lines_shown`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub source_truncated: bool,
    pub callers: Vec<Related>,
    pub callees: Vec<Related>,
    /// What the budget left out, by place: `{section, path, line, name}`.
    pub omitted: Vec<Omitted>,
}

/// A caller (the definition a reference sits in) or a callee (a definition the body calls).
#[derive(Debug, Clone, Serialize)]
pub struct Related {
    /// The name as written at the call (callees) or the reference's kind (callers).
    pub name: String,
    pub path: String,
    pub line: usize,
    /// The definition it is in (callers) or it resolves to (callees), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbol: Option<String>,
    /// That definition's first line, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// How sure the layer is: a reference's tier (callers), or `resolved` / `unresolved`.
    pub confidence: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct Omitted {
    pub section: &'static str,
    pub path: String,
    pub line: usize,
    pub name: String,
}

/// The context pack of `symbol` in `file` (root-relative), at most about `max_chars`
/// characters of code.
pub fn pack(project: &Project, file: &str, symbol: &str, max_chars: usize) -> Result<Context, Error> {
    let facts = project.facts(file).ok_or_else(|| {
        if project.has_file(file) {
            Error::internal(format!("`{file}` could not be parsed"))
        } else {
            Error::file_missing(file)
        }
    })?;
    let found = facts.index.resolve_str(symbol).map_err(|e| e.in_file(file))?;
    let text = facts.index.source.text();
    let whole = facts.index.source_of(found);
    let mut budget = max_chars;
    let (source, source_truncated) = if whole.len() <= budget {
        (whole.to_string(), false)
    } else {
        let cut = whole[..budget.min(whole.len())].rfind('\n').unwrap_or(0);
        (whole[..cut].to_string(), true)
    };
    budget = budget.saturating_sub(source.len());
    let docstring = found.docstring.map(|d| text[d.start_byte..d.end_byte].to_string());
    let mut omitted = Vec::new();
    let callers = fit(callers(project, file, symbol)?, "callers", &mut budget, &mut omitted);
    let callees = fit(callees(project, &facts, found), "callees", &mut budget, &mut omitted);
    Ok(Context {
        path: file.to_string(),
        sha256: crate::workspace::sha256(project.files.get(file).map_or(text.as_bytes(), |f| f.text.as_bytes())),
        language: facts.lang.name.clone(),
        symbol: found.path.clone(),
        kind: found.kind.clone(),
        start_line: found.extent.start_line,
        end_line: found.extent.end_line,
        docstring,
        source,
        source_truncated,
        callers,
        callees,
        omitted,
    })
}

/// The entries that fit in the budget (their signatures counted), the rest listed by place.
fn fit(entries: Vec<Related>, section: &'static str, budget: &mut usize, omitted: &mut Vec<Omitted>) -> Vec<Related> {
    let mut kept = Vec::new();
    for entry in entries {
        let cost = entry.signature.as_deref().map_or(0, str::len) + entry.path.len() + entry.name.len() + 16;
        if cost <= *budget {
            *budget -= cost;
            kept.push(entry);
        } else {
            omitted.push(Omitted {
                section,
                path: entry.path,
                line: entry.line,
                name: entry.name,
            });
        }
    }
    kept
}

/// Each reference, with the definition it sits in and that definition's first line.
fn callers(project: &Project, file: &str, symbol: &str) -> Result<Vec<Related>, Error> {
    let answer = crate::refs::answer_in(project, file, symbol)?;
    Ok(answer
        .references
        .iter()
        .map(|r| {
            let around = project.facts(&r.path).and_then(|facts| {
                let line = r.line.checked_sub(1)?;
                let at = facts.index.source.line_start(line) + r.column.saturating_sub(1);
                facts
                    .enclosing(at, |s| !s.is_member())
                    .map(|s| (s.path.clone(), first_line(&facts, s)))
            });
            Related {
                name: r.kind.as_str().to_string(),
                path: r.path.clone(),
                line: r.line,
                symbol: around.as_ref().map(|(p, _)| p.clone()),
                signature: around.map(|(_, s)| s),
                confidence: r.confidence.as_str().to_string(),
            }
        })
        .collect())
}

/// The calls in the definition's body: each callee name once, resolved to its definition
/// where the layer can (a name in scope, an import, a method of the enclosing type called
/// on `self`/`this`).
fn callees(project: &Project, facts: &Facts, symbol: &Symbol) -> Vec<Related> {
    let Some(body) = facts.body_range(symbol) else {
        return Vec::new();
    };
    let Some(body_node) = facts.node(body) else {
        return Vec::new();
    };
    let forms = &facts.lang.resolve.calls;
    let resolver = Resolver::new(project);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    let mut cursor = body_node.walk();
    let mut stack = vec![body_node];
    while let Some(node) = stack.pop() {
        for child in node.children(&mut cursor) {
            stack.push(child);
        }
        let Some(form) = forms.iter().find(|f| f.kind == node.kind()) else {
            continue;
        };
        let callee = form
            .callee
            .as_deref()
            .and_then(|field| node.child_by_field_name(field))
            .or_else(|| node.named_child(0));
        let Some(callee) = callee else { continue };
        let (object, name) = match callee.named_child_count() {
            0 => (None, facts.text()[callee.byte_range()].to_string()),
            _ => {
                let last = callee
                    .named_child(callee.named_child_count() as u32 - 1)
                    .expect("counted");
                let first = callee.named_child(0).expect("counted");
                (
                    Some(facts.text()[first.byte_range()].to_string()),
                    facts.text()[last.byte_range()].to_string(),
                )
            }
        };
        if !seen.insert((object.clone(), name.clone())) {
            continue;
        }
        let at = callee.start_byte() + facts.bom();
        let entity = match &object {
            None => resolver.name(facts, &name, at, 0),
            Some(object) if facts.lang.self_receivers.iter().any(|s| s == object) => match &symbol.parent_path {
                Some(parent) => resolver.class_member(
                    &DefId {
                        file: facts.path.clone(),
                        path: parent.clone(),
                    },
                    &name,
                    0,
                ),
                None => Entity::Unknown("no enclosing type"),
            },
            Some(_) => Entity::Unknown("a member of a value"),
        };
        let line = facts.line_column(at).0;
        let written = object.map_or(name.clone(), |o| format!("{o}.{name}"));
        out.push(match entity {
            Entity::Def(def) => {
                let signature = project
                    .facts(&def.file)
                    .and_then(|f| f.symbol(&def.path).map(|s| first_line(&f, s)));
                let def_line = project
                    .facts(&def.file)
                    .and_then(|f| f.symbol(&def.path).map(|s| s.name_span.start_line))
                    .unwrap_or(line);
                Related {
                    name: written,
                    path: def.file,
                    line: def_line,
                    symbol: Some(def.path),
                    signature,
                    confidence: "resolved".to_string(),
                }
            }
            _ => Related {
                name: written,
                path: facts.path.clone(),
                line,
                symbol: None,
                signature: None,
                confidence: "unresolved".to_string(),
            },
        });
    }
    out.sort_by(|a, b| {
        (b.confidence == "resolved")
            .cmp(&(a.confidence == "resolved"))
            .then(a.line.cmp(&b.line))
    });
    out
}

/// A definition's first line as written (its signature where it fits on one line).
fn first_line(facts: &Facts, symbol: &Symbol) -> String {
    let declaration = facts.declaration(symbol);
    let text = facts.slice(declaration);
    text.lines()
        .next()
        .unwrap_or_default()
        .trim()
        .chars()
        .take(200)
        .collect()
}
