//! A context pack for one definition: what an agent reads before editing it — its source,
//! documentation and file version, the signatures and places of its callers (the references
//! layer's answer) and of what it calls (names in its body resolved by the same layer),
//! within a character budget. What does not fit is listed by place (`omitted`), never
//! dropped silently.

use crate::feedback::Error;
use crate::refs::facts::Facts;
use crate::refs::project::Project;
use crate::refs::resolve::{Entity, Resolver};
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
                // Back from (line, column) to a byte of the parsed text (after any BOM).
                let offset = facts.index.source.line_start(line).max(facts.bom()) + r.column.saturating_sub(1);
                let at = offset - facts.bom();
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
        let r = &facts.lang.resolve;
        let text = |n: tree_sitter::Node<'_>| facts.text()[n.byte_range()].to_string();
        let member = r.members.iter().find(|f| f.kind == callee.kind());
        // A member call is resolved through its receiver's type, as the references layer
        // types it; a name or a path through scopes and imports.
        let (written, entity) = match member {
            Some(form) => {
                let object = form.object.as_deref().and_then(|f| callee.child_by_field_name(f));
                let name = form.name.as_deref().and_then(|f| callee.child_by_field_name(f));
                match (object, name) {
                    (Some(object), Some(name)) => {
                        let ty = resolver.type_of(facts, object, 0);
                        (
                            format!("{}.{}", text(object), text(name)),
                            resolver.member(&ty, &text(name), 0),
                        )
                    }
                    _ => (text(callee), Entity::Unknown("a member without its parts")),
                }
            }
            None => (text(callee), resolver.expression_entity(facts, callee, 0)),
        };
        if !seen.insert(written.clone()) {
            continue;
        }
        let line = facts.line_column(callee.start_byte()).0;
        out.push(match entity {
            Entity::Def(def) => {
                let found = project
                    .facts(&def.file)
                    .and_then(|f| f.symbol(&def.path).map(|s| (first_line(&f, s), s.name_span.start_line)));
                let (signature, def_line) = match found {
                    Some((signature, at)) => (Some(signature), at),
                    None => (None, line),
                };
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

#[cfg(test)]
mod tests {
    use super::*;

    fn shop() -> Project {
        Project::new(
            std::path::Path::new("/nonexistent"),
            vec![
                (
                    "shop/engine.py".to_string(),
                    "class Engine:\n    def process(self, order):\n        return self.clean(order)\n\n    def clean(self, order):\n        return order\n".to_string(),
                ),
                (
                    "shop/cli.py".to_string(),
                    "from shop.engine import Engine as E\n\n\ndef main(argv):\n    engine = E()\n    return engine.process(argv)\n\n\ndef other(argv):\n    return E().process(argv)\n".to_string(),
                ),
            ],
        )
    }

    #[test]
    fn callers_and_callees_resolved_through_the_layer() {
        let project = shop();
        let pack = pack(&project, "shop/cli.py", "main", DEFAULT_MAX_CHARS).unwrap();
        let resolved: Vec<(&str, Option<&str>)> = pack
            .callees
            .iter()
            .map(|c| (c.name.as_str(), c.symbol.as_deref()))
            .collect();
        assert!(resolved.contains(&("E", Some("Engine"))), "{resolved:?}");
        assert!(
            resolved.contains(&("engine.process", Some("Engine.process"))),
            "{resolved:?}"
        );
        let pack = pack_of_process(&project, DEFAULT_MAX_CHARS);
        let callers: Vec<&str> = pack.callers.iter().filter_map(|c| c.symbol.as_deref()).collect();
        assert_eq!(callers, ["main", "other"]);
        assert_eq!(pack.callers[0].signature.as_deref(), Some("def main(argv):"));
        assert_eq!(pack.callees[0].symbol.as_deref(), Some("Engine.clean"));
    }

    #[test]
    fn what_does_not_fit_is_listed_by_place() {
        let project = shop();
        let tight = pack_of_process(&project, 100);
        assert!(tight.callers.len() < 2);
        let listed = tight.callers.len() + tight.omitted.iter().filter(|o| o.section == "callers").count();
        assert_eq!(listed, 2, "every caller is shown or listed: {:?}", tight.omitted);
        assert!(tight.omitted.iter().all(|o| o.line > 0 && !o.path.is_empty()));
    }

    fn pack_of_process(project: &Project, budget: usize) -> Context {
        pack(project, "shop/engine.py", "Engine.process", budget).unwrap()
    }
}
