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
    let structure = structure(lang, root, &found);
    let mut ctx = Extractor {
        lang,
        source: &source,
        bom,
        structure,
    };
    let symbols = ctx.symbols(&found);
    let error_lines = if root.has_error() {
        ctx.error_lines(root)
    } else {
        Vec::new()
    };
    Ok(SymbolIndex {
        // The registry lives for the whole process, so its names are `'static`.
        language: lang.name.as_str(),
        source,
        symbols,
        error_lines,
    })
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

/// What the structure pass learns of a node without asking tree-sitter for parents or
/// siblings (each such call walks down from the root: quadratic on a wide module).
struct Place<'t> {
    parent: Option<Node<'t>>,
    /// The named siblings right before the node that the language attaches, nearest first.
    attachable_before: Vec<Node<'t>>,
}

/// The tree around the found definitions, from one walk that descends only into nodes that
/// hold a found definition.
struct Structure<'t> {
    /// For found nodes and wrappers.
    places: HashMap<usize, Place<'t>>,
    /// Per found definition: the nearest found definition around it.
    enclosing: Vec<Option<usize>>,
    /// Per found definition: inside a callback, an object literal or a class expression
    /// before the body of anything around it (see `anonymous_scopes` in languages.toml).
    anonymous: Vec<bool>,
}

fn structure<'t>(lang: &Language, root: Node<'t>, found: &[Found<'t>]) -> Structure<'t> {
    let positions: HashMap<usize, usize> = found.iter().enumerate().map(|(i, f)| (f.node.id(), i)).collect();
    let bodies: HashSet<usize> = found.iter().filter_map(|f| body_of(f).map(|b| b.id())).collect();
    let starts: Vec<usize> = found.iter().map(|f| f.node.start_byte()).collect();
    // Whether a found definition other than `node` itself starts inside `node`.
    let holds_found = |node: Node<'t>| {
        let from = starts.partition_point(|&s| s < node.start_byte());
        (from..starts.len())
            .take_while(|&i| starts[i] < node.end_byte())
            .any(|i| found[i].node.id() != node.id())
    };
    let mut out = Structure {
        places: HashMap::new(),
        enclosing: vec![None; found.len()],
        anonymous: vec![false; found.len()],
    };
    let mut cursor = root.walk();
    let mut ancestors: Vec<Node<'t>> = vec![root];
    let mut runs: Vec<Vec<Node<'t>>> = vec![Vec::new()];
    if (!holds_found(root) && !positions.contains_key(&root.id())) || !cursor.goto_first_child() {
        return out;
    }
    loop {
        let node = cursor.node();
        if node.is_named() {
            let found_at = positions.get(&node.id()).copied();
            if found_at.is_some() || lang.wrapper(node.kind()).is_some() {
                let run = runs.last().expect("one run per level");
                out.places.insert(
                    node.id(),
                    Place {
                        parent: ancestors.last().copied(),
                        attachable_before: run.iter().rev().copied().collect(),
                    },
                );
            }
            if let Some(i) = found_at {
                out.enclosing[i] = ancestors.iter().rev().find_map(|a| positions.get(&a.id()).copied());
                out.anonymous[i] = ancestors
                    .iter()
                    .rev()
                    .find_map(|a| {
                        if bodies.contains(&a.id()) || positions.contains_key(&a.id()) {
                            Some(false)
                        } else {
                            lang.anonymous_scopes.iter().any(|k| k == a.kind()).then_some(true)
                        }
                    })
                    .unwrap_or(false);
            }
            let run = runs.last_mut().expect("one run per level");
            if lang.attached.contains_key(node.kind()) {
                run.push(node);
            } else {
                run.clear();
            }
        }
        if holds_found(node) && cursor.goto_first_child() {
            ancestors.push(node);
            runs.push(Vec::new());
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
            ancestors.pop();
            runs.pop();
        }
    }
}

struct Extractor<'a, 't> {
    lang: &'static Language,
    source: &'a SourceText,
    /// Nodes' offsets are into the text after the BOM; symbols' are into the file.
    bom: usize,
    structure: Structure<'t>,
}

impl<'t> Extractor<'_, 't> {
    fn symbols(&mut self, found: &[Found<'t>]) -> Vec<Symbol> {
        // Paths and kinds of every found node, scopes included, in file order: a parent
        // always precedes its members, so its path is known when they are reached.
        let mut paths: Vec<String> = Vec::with_capacity(found.len());
        let mut kinds: Vec<String> = Vec::with_capacity(found.len());
        let mut listed: Vec<Option<usize>> = Vec::with_capacity(found.len());
        let mut hidden = vec![false; found.len()];
        let mut symbols: Vec<Symbol> = Vec::new();
        for (i, f) in found.iter().enumerate() {
            let parent = self.structure.enclosing[i];
            if parent.is_some_and(|p| hidden[p]) || self.structure.anonymous[i] {
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
            let parent = parent.and_then(|p| self.nearest_listed(p, &listed));
            symbols.push(self.symbol(f, path, name, kind, (parent, parent_path)));
        }
        number_duplicates(&mut symbols);
        symbols
    }

    /// The listed symbol a found node stands for, or the one around it when it is a scope
    /// (members of `impl Engine` have the struct's path as parent path, but no listed parent).
    fn nearest_listed(&self, mut at: usize, listed: &[Option<usize>]) -> Option<usize> {
        loop {
            if let Some(i) = listed[at] {
                return Some(i);
            }
            at = self.structure.enclosing[at]?;
        }
    }

    /// `parent`: the nearest listed symbol around it, and the path of what encloses it.
    fn symbol(
        &self,
        f: &Found<'t>,
        path: String,
        name: String,
        kind: String,
        (parent, parent_path): (Option<usize>, Option<String>),
    ) -> Symbol {
        let mut attached = Vec::new();
        // Wrappers: `export`, `declare`, `@decorator` lines held by a parent node.
        let mut outer = f.node;
        while let Some(parent) = self.structure.places.get(&outer.id()).and_then(|p| p.parent) {
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
            parent_path,
            parent,
            attached,
            occurrence: 1,
            duplicates: 1,
        }
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
        node: Node<'t>,
        attached: &mut Vec<Attachment>,
    ) -> (Option<usize>, Option<(usize, usize)>) {
        let mut start = None;
        let mut doc: Option<(usize, usize)> = None;
        let mut next_start = node.start_byte() + self.bom;
        let mut pending_plain = false;
        let before = self
            .structure
            .places
            .get(&node.id())
            .map(|p| p.attachable_before.as_slice())
            .unwrap_or(&[]);
        for &prev in before {
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
