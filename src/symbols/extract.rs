//! From a syntax tree to symbols: runs the language's `symbols.scm` query, then grows each
//! definition to its extent with the wrappers and attached siblings the registry names.

use super::{Span, Symbol, SymbolIndex};
use crate::feedback::Error;
use crate::lang::{Attachment, DocstringStyle, Language};
use crate::source::SourceText;
use std::collections::{HashMap, HashSet};
use tree_sitter::{Node, Parser, QueryCursor, StreamingIterator};

/// What the query said of one definition node, merged over every pattern that matched it.
struct Found<'t> {
    node: Node<'t>,
    /// The kind from the earliest pattern that gave one (patterns are ordered by priority).
    kind: Option<(usize, String)>,
    /// A `@scope.*` node names its members but is not listed itself (a Rust `impl`).
    scope_only: bool,
    name: Option<Node<'t>>,
    doc: Option<Node<'t>>,
    body: Option<Node<'t>>,
}

pub(super) fn index(parser: &mut Parser, lang: &'static Language, source: SourceText) -> Result<SymbolIndex, Error> {
    let grammar = lang.grammar()?;
    let query = lang.query("symbols")?;
    parser
        .set_language(grammar)
        .map_err(|e| Error::internal(format!("grammar `{}` is incompatible: {e}", lang.grammar)))?;
    let bom = source.bom_len();
    let text = source.text();
    let tree = parser
        .parse(&text[bom..], None)
        .ok_or_else(|| Error::internal("the parser gave up (no tree)"))?;
    let root = tree.root_node();

    let found = run_query(query, root, &text.as_bytes()[bom..]);
    let mut ctx = Extractor {
        lang,
        source: &source,
        bom,
    };
    let symbols = ctx.symbols(found);
    let error_lines = if root.has_error() {
        ctx.error_lines(root)
    } else {
        Vec::new()
    };
    Ok(SymbolIndex {
        language: leak_name(lang),
        source,
        symbols,
        error_lines,
    })
}

/// The registry lives for the whole process, so its names are `'static`.
fn leak_name(lang: &'static Language) -> &'static str {
    lang.name.as_str()
}

fn run_query<'t>(query: &tree_sitter::Query, root: Node<'t>, text: &[u8]) -> Vec<Found<'t>> {
    let names = query.capture_names();
    let mut by_node: HashMap<usize, usize> = HashMap::new();
    let mut found: Vec<Found<'t>> = Vec::new();
    let mut cursor = QueryCursor::new();
    let mut matches = cursor.matches(query, root, text);
    while let Some(m) = matches.next() {
        let Some((def, capture)) = m.captures().iter().find_map(|c| {
            let name = names[c.index as usize];
            (name.starts_with("definition.") || name.starts_with("scope.")).then_some((c.node, name))
        }) else {
            continue;
        };
        let slot = *by_node.entry(def.id()).or_insert_with(|| {
            found.push(Found {
                node: def,
                kind: None,
                scope_only: false,
                name: None,
                doc: None,
                body: None,
            });
            found.len() - 1
        });
        let entry = &mut found[slot];
        let (scope_only, kind) = match capture.split_once('.') {
            Some(("scope", kind)) => (true, kind),
            Some((_, kind)) => (false, kind),
            None => (false, capture),
        };
        if entry.kind.as_ref().is_none_or(|(p, _)| m.pattern_index < *p) {
            entry.kind = Some((m.pattern_index, kind.to_string()));
            entry.scope_only = scope_only;
        }
        for c in m.captures() {
            match names[c.index as usize] {
                "name" => entry.name = entry.name.or(Some(c.node)),
                "doc" => entry.doc = entry.doc.or(Some(c.node)),
                "body" => entry.body = entry.body.or(Some(c.node)),
                _ => {}
            }
        }
    }
    found.retain(|f| f.name.is_some());
    // File order; an outer node before the inner one that starts at the same byte.
    found.sort_by_key(|f| (f.node.start_byte(), std::cmp::Reverse(f.node.end_byte())));
    found
}

struct Extractor<'a> {
    lang: &'static Language,
    source: &'a SourceText,
    /// Nodes' offsets are into the text after the BOM; symbols' are into the file.
    bom: usize,
}

impl Extractor<'_> {
    fn symbols(&mut self, found: Vec<Found<'_>>) -> Vec<Symbol> {
        let positions: HashMap<usize, usize> = found.iter().enumerate().map(|(i, f)| (f.node.id(), i)).collect();
        // Paths and kinds of every found node, scopes included, in file order: a parent
        // always precedes its members, so its path is known when they are reached.
        let mut paths: Vec<String> = Vec::with_capacity(found.len());
        let mut kinds: Vec<String> = Vec::with_capacity(found.len());
        let mut listed: Vec<Option<usize>> = Vec::with_capacity(found.len());
        let mut symbols: Vec<Symbol> = Vec::new();
        let bodies: HashSet<usize> = found.iter().filter_map(|f| body_of(f).map(|b| b.id())).collect();
        let mut hidden = vec![false; found.len()];
        for (i, f) in found.iter().enumerate() {
            let parent = enclosing(f.node, &positions);
            if parent.is_some_and(|p| hidden[p]) || self.in_anonymous_scope(f.node, &bodies, &positions) {
                hidden[i] = true;
                paths.push(String::new());
                kinds.push(String::new());
                listed.push(None);
                continue;
            }
            let name = self.node_text(f.name.expect("kept only named definitions")).to_string();
            let path = match parent {
                Some(p) => format!("{}.{name}", paths[p]),
                None => name.clone(),
            };
            let mut kind = f.kind.as_ref().map(|(_, k)| k.clone()).unwrap_or_default();
            if kind == "function" && parent.is_some_and(|p| self.lang.method_parents.contains(&kinds[p])) {
                kind = "method".to_string();
            }
            paths.push(path.clone());
            kinds.push(kind.clone());
            if f.scope_only {
                listed.push(None);
                continue;
            }
            listed.push(Some(symbols.len()));
            let parent_path = parent.map(|p| paths[p].clone());
            let parent = parent.and_then(|p| nearest_listed(p, &found, &positions, &listed));
            let mut symbol = self.symbol(f, path, name, kind, parent);
            symbol.parent_path = parent_path;
            symbols.push(symbol);
        }
        number_duplicates(&mut symbols);
        symbols
    }

    fn symbol(&self, f: &Found<'_>, path: String, name: String, kind: String, parent: Option<usize>) -> Symbol {
        let mut attached = Vec::new();
        // Wrappers: `export`, `declare`, `@decorator` lines held by a parent node.
        let mut outer = f.node;
        while let Some(parent) = outer.parent() {
            match self.lang.wrapper(parent.kind()) {
                Some(what) => {
                    attached.extend(what);
                    outer = parent;
                }
                None => break,
            }
        }
        // Decorators the declaration holds itself (a TypeScript `@Component class`).
        let mut cursor = f.node.walk();
        if f.node
            .named_children(&mut cursor)
            .any(|c| self.lang.attached.get(c.kind()) == Some(&Attachment::Decorator))
        {
            attached.push(Attachment::Decorator);
        }
        let (start, doc_run) = self.attached_before(outer, &mut attached);
        let start = start.unwrap_or(outer.start_byte() + self.bom);
        let end = self.source.trim_end(start, outer.end_byte() + self.bom);
        attached.sort();
        attached.dedup();

        let docstring = match self.lang.docstring {
            DocstringStyle::BodyString => f.doc.map(|d| self.span_of(d)),
            DocstringStyle::DocComment => doc_run.map(|(s, e)| self.span(s, e)),
        };
        let body = body_of(f).map(|b| self.span_of(b));
        Symbol {
            path,
            name,
            kind,
            extent: self.span(start, end),
            declaration: self.span_of(f.node),
            name_span: self.span_of(f.name.expect("kept only named definitions")),
            body,
            docstring,
            indent: self.source.indent_at(start).to_string(),
            parent_path: None,
            parent,
            attached,
            occurrence: 1,
            duplicates: 1,
        }
    }

    /// Whether `node` sits inside a callback, an object literal or a class expression
    /// before it reaches the body of an enclosing definition: such a definition is local to
    /// something no name path can address.
    fn in_anonymous_scope(&self, node: Node<'_>, bodies: &HashSet<usize>, positions: &HashMap<usize, usize>) -> bool {
        let mut current = node.parent();
        while let Some(n) = current {
            if bodies.contains(&n.id()) || positions.contains_key(&n.id()) {
                return false;
            }
            if self.lang.anonymous_scopes.iter().any(|k| k == n.kind()) {
                return true;
            }
            current = n.parent();
        }
        false
    }

    /// Walks back over the siblings before `node` that belong to it. Returns where the
    /// extent starts (if it grew) and the byte range of the doc comment run.
    ///
    /// A doc comment belongs only when no blank line separates it from what follows it: a
    /// licence header or a commented-out block above a function is not its documentation.
    /// Attributes and decorators belong whatever the spacing, because the language binds
    /// them; a plain comment between them and the declaration is carried along.
    fn attached_before(
        &self,
        node: Node<'_>,
        attached: &mut Vec<Attachment>,
    ) -> (Option<usize>, Option<(usize, usize)>) {
        let mut start = None;
        let mut doc: Option<(usize, usize)> = None;
        let mut next_start = node.start_byte() + self.bom;
        let mut pending_plain = false;
        let mut sibling = node.prev_named_sibling();
        while let Some(prev) = sibling {
            let Some(&what) = self.lang.attached.get(prev.kind()) else {
                break;
            };
            let (s, e) = (prev.start_byte() + self.bom, prev.end_byte() + self.bom);
            let adjacent = !self.blank_line_between(s, e, next_start);
            if what == Attachment::Doc {
                if !self.lang.is_doc_comment(self.node_text(prev)) {
                    // A plain comment: part of the extent only if something that does
                    // belong comes before it.
                    if !adjacent {
                        break;
                    }
                    pending_plain = true;
                    next_start = s;
                    sibling = prev.prev_named_sibling();
                    continue;
                }
                if !adjacent || pending_plain {
                    break;
                }
                let run_end = doc.map_or(self.source.trim_end(s, e), |(_, end)| end);
                doc = Some((s, run_end));
            }
            attached.push(what);
            pending_plain = false;
            start = Some(s);
            next_start = s;
            sibling = prev.prev_named_sibling();
        }
        (start, doc)
    }

    /// Whether a blank line separates a node spanning `[start, end)` from `next`.
    fn blank_line_between(&self, start: usize, end: usize, next: usize) -> bool {
        // Measured from the node's last non-blank byte: a Rust `//` comment ends with its
        // own newline.
        let from = self.source.trim_end(start, end);
        self.source.text()[from..next].bytes().filter(|&b| b == b'\n').count() > 1
    }

    fn node_text(&self, node: Node<'_>) -> &str {
        &self.source.text()[node.start_byte() + self.bom..node.end_byte() + self.bom]
    }

    fn span_of(&self, node: Node<'_>) -> Span {
        let start = node.start_byte() + self.bom;
        self.span(start, self.source.trim_end(start, node.end_byte() + self.bom))
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span {
            start_byte: start,
            end_byte: end,
            start_line: self.source.line_of(start) + 1,
            end_line: self.source.line_of(end.saturating_sub(1).max(start)) + 1,
        }
    }

    /// 1-based lines of ERROR and MISSING nodes, visiting only subtrees that hold errors.
    fn error_lines(&self, root: Node<'_>) -> Vec<usize> {
        let mut lines = Vec::new();
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.is_error() || node.is_missing() {
                lines.push(self.source.line_of(node.start_byte() + self.bom) + 1);
                if node.is_missing() {
                    continue;
                }
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor).filter(|c| c.has_error() || c.is_missing()));
        }
        lines.sort_unstable();
        lines.dedup();
        lines
    }
}

/// A definition's body: the query's `@body`, else the node's `body` field.
fn body_of<'t>(f: &Found<'t>) -> Option<Node<'t>> {
    f.body.or_else(|| f.node.child_by_field_name("body"))
}

/// The nearest ancestor of `node` that the query found (symbol or scope).
fn enclosing(node: Node<'_>, positions: &HashMap<usize, usize>) -> Option<usize> {
    let mut current = node.parent();
    while let Some(n) = current {
        if let Some(&i) = positions.get(&n.id()) {
            return Some(i);
        }
        current = n.parent();
    }
    None
}

/// The listed symbol a found node stands for, or the one around it when it is a scope
/// (members of `impl Engine` have the struct's path as parent path, but no listed parent).
fn nearest_listed(
    mut at: usize,
    found: &[Found<'_>],
    positions: &HashMap<usize, usize>,
    listed: &[Option<usize>],
) -> Option<usize> {
    loop {
        if let Some(i) = listed[at] {
            return Some(i);
        }
        at = enclosing(found[at].node, positions)?;
    }
}

fn number_duplicates(symbols: &mut [Symbol]) {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for s in symbols.iter_mut() {
        let n = counts.entry(s.path.clone()).or_insert(0);
        *n += 1;
        s.occurrence = *n;
    }
    for s in symbols.iter_mut() {
        s.duplicates = counts[&s.path];
    }
}
