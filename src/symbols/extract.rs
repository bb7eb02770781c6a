//! From a syntax tree to symbols: runs the language's `symbols.scm` query, then grows each
//! definition to its extent with the wrappers and attached siblings the registry names.

use super::interior::{Interior, Layout, OldBlock, Reuse};
use super::{AttachedPiece, Span, Symbol, SymbolIndex};
use crate::feedback::Error;
use crate::lang::{Attachment, DocstringStyle, Language, NodeRoles};
use crate::source::SourceText;
use std::collections::{BTreeSet, HashMap};
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
    /// From the pattern's `(#set! member_of "KIND")` and `(#set! first_in "NAME")`: a
    /// definition written inside a method that is a member of the method's KIND
    /// (`self.state = 0` defines `Engine.state`), see [`pattern_members`].
    member_of: Option<(String, Option<String>)>,
    /// The found definition (a method) whose body holds it, for `member_of` definitions.
    written_in: Option<usize>,
}

/// An earlier version of the text, for an incremental extraction: its index, and its tree
/// already edited by `edit` to match the new text, so that tree-sitter re-parses only what
/// changed and the symbols of untouched bodies are taken over ([`super::interior`]).
pub(super) struct Previous<'a> {
    /// The previous index, its symbols moved out into `symbols`.
    pub index: &'a SymbolIndex,
    pub symbols: Vec<Symbol>,
    pub tree: &'a tree_sitter::Tree,
    pub edit: tree_sitter::InputEdit,
    /// Whether symbols are taken over, or only the tree re-parsed incrementally.
    pub take_over: bool,
}

pub(super) fn index(
    parser: &mut Parser,
    lang: &'static Language,
    source: SourceText,
    previous: Option<Previous<'_>>,
) -> Result<SymbolIndex, Error> {
    let grammar = lang.grammar()?;
    let query = lang.query("symbols")?;
    parser
        .set_language(grammar)
        .map_err(|e| Error::internal(format!("grammar `{}` is incompatible: {e}", lang.grammar)))?;
    let bom = source.bom_len();
    let text = source.text();
    // A tree read through item macros differs from the text's own beyond the edit: neither
    // it nor its symbols are taken over, before or after.
    // So does a tree read past the grammar's gaps: its text is not the text's own.
    let previous = previous.filter(|p| p.index.item_macros.is_empty() && !p.index.read_past_gaps);
    let tree = parser
        .parse(&text[bom..], previous.as_ref().map(|p| p.tree))
        .ok_or_else(|| Error::internal("the parser gave up (no tree)"))?;
    let (tree, gaps_blanked) = super::grammar_gaps::read_past(parser, lang, tree, &text.as_bytes()[bom..]);
    let read_past_gaps = gaps_blanked.is_some();
    let parsed = gaps_blanked.as_deref().unwrap_or(&text.as_bytes()[bom..]);
    let (tree, item_macros) = super::item_macros::read_through(parser, lang, tree, parsed);
    let root = tree.root_node();
    let roles = lang.roles()?;
    let reuse = previous
        .filter(|p| p.take_over && item_macros.is_empty())
        .and_then(|p| Reuse::new(p.index, p.symbols, p.tree, &tree, p.edit, &source));

    let extract = |reuse: Option<&Reuse<'_>>| {
        let mut collected = collect(roles, query, root, &text.as_bytes()[bom..], reuse);
        let found = std::mem::take(&mut collected.found);
        let mut ctx = Extractor {
            lang,
            roles,
            source: &source,
            bom,
            collected,
        };
        let done = ctx.symbols(&found, reuse)?;
        let parse_errors = if root.has_error() {
            ctx.parse_errors(root)
        } else {
            Vec::new()
        };
        Some((done, parse_errors))
    };
    // Taking over fails only when the previous index disagrees with the new tree; a full
    // extraction takes nothing over and cannot.
    let ((symbols, layout), parse_errors) = reuse
        .as_ref()
        .and_then(|r| extract(Some(r)))
        .or_else(|| extract(None))
        .ok_or_else(|| Error::internal("the symbols could not be extracted"))?;
    Ok(SymbolIndex {
        // The registry lives for the whole process, so its names are `'static`.
        language: lang.name.as_str(),
        source,
        symbols,
        parse_errors,
        tree,
        item_macros,
        read_past_gaps,
        layout,
    })
}

/// What the walk learns of a node without asking tree-sitter for parents or siblings
/// (each such call walks down from the root: quadratic on a wide module).
struct Place<'t> {
    parent: Option<Node<'t>>,
    /// The named siblings right before the node that the language attaches, nearest first.
    attachable_before: Vec<Node<'t>>,
    /// Where the `,` or `;` right after the node ends, when it separates the node from the
    /// next one on the same line: a list item's comma, a class member's semicolon.
    separator_end: Option<usize>,
}

/// The definitions of a file and the tree around them.
struct Collected<'t> {
    /// In file order, an outer node before an inner one that starts at the same byte.
    found: Vec<Found<'t>>,
    /// Per found definition: the nearest found definition around it.
    enclosing: Vec<Option<usize>>,
    /// For found nodes and wrappers.
    places: HashMap<usize, Place<'t>>,
    /// What is taken over from the previous index instead of being walked, in file order.
    taken_over: Vec<Block>,
}

/// A run of symbols taken over from the previous index ([`Reuse`]) instead of found.
#[derive(Debug, Clone, Copy)]
enum Block {
    /// The body of found definition `owner`: previous interior `k`.
    Interior { owner: usize, k: usize },
    /// A top-level node the edit did not touch, starting at byte `start` of the new text.
    Whole { start: usize, old: OldBlock },
}

/// Where a pattern's definitions are listed, from its `(#set! scope "...")`: `file` (the
/// top of the file) and the kinds of the definitions whose body may hold them (`module`).
/// A pattern without one is listed wherever the walk goes.
fn pattern_scopes(query: &tree_sitter::Query) -> Vec<Option<Vec<String>>> {
    (0..query.pattern_count())
        .map(|pattern| {
            let scope = query.property_settings(pattern).iter().find(|p| &*p.key == "scope")?;
            Some(scope.value.as_deref()?.split_whitespace().map(str::to_string).collect())
        })
        .collect()
}

/// A pattern's `(#set! KEY "VALUE")`.
fn pattern_setting(query: &tree_sitter::Query, pattern: usize, key: &str) -> Option<String> {
    let setting = query.property_settings(pattern).iter().find(|p| &*p.key == key)?;
    setting.value.as_deref().map(str::to_string)
}

/// Per pattern, `member_of` and `first_in`: a definition written in a method that is a
/// member of the method's class (`member_of "class"`), defined where it is first written,
/// in the method named `first_in` if that one writes it (`__init__`).
fn pattern_members(query: &tree_sitter::Query) -> Vec<Option<(String, Option<String>)>> {
    (0..query.pattern_count())
        .map(|pattern| {
            let kind = pattern_setting(query, pattern, "member_of")?;
            Some((kind, pattern_setting(query, pattern, "first_in")))
        })
        .collect()
}

/// Per pattern, its `(#set! chain "NEXT TARGET")`: a chained statement (`a = b = 1`) whose
/// first link is the pattern's `@chain` capture defines, beside the pattern's definition,
/// the TARGET of every link reached through NEXT (`right`) that is of the first link's kind,
/// when that target is a name as the pattern's `@name` is: each its own definition, the
/// name alone (the statement is shared). A query cannot follow a chain of any length.
fn pattern_chains(query: &tree_sitter::Query) -> Vec<Option<(String, String)>> {
    (0..query.pattern_count())
        .map(|pattern| {
            let chain = pattern_setting(query, pattern, "chain")?;
            let (next, target) = chain.split_once(' ')?;
            Some((next.to_string(), target.to_string()))
        })
        .collect()
}

/// Per pattern, its `(#kind? @capture "kind" ...)` tests: the match holds only where each
/// capture is a node of one of the kinds listed. An alternation of kinds under a field
/// (`value: [(arrow_function ..) (function_expression ..)]`) costs tree-sitter's analysis
/// of the query a pass per alternative; a wildcard tested after the match costs nothing.
fn pattern_kind_tests(query: &tree_sitter::Query) -> Vec<Vec<(u32, Vec<String>)>> {
    (0..query.pattern_count())
        .map(|pattern| {
            query
                .general_predicates(pattern)
                .iter()
                .filter(|p| &*p.operator == "kind?")
                .filter_map(|p| {
                    let (first, kinds) = p.args.split_first()?;
                    let tree_sitter::QueryPredicateArg::Capture(capture) = first else {
                        return None;
                    };
                    let kinds = kinds
                        .iter()
                        .filter_map(|k| match k {
                            tree_sitter::QueryPredicateArg::String(s) => Some(s.to_string()),
                            tree_sitter::QueryPredicateArg::Capture(_) => None,
                        })
                        .collect();
                    Some((*capture, kinds))
                })
                .collect()
        })
        .collect()
}

/// A node the walk searches for definitions.
#[derive(Clone, Copy)]
struct Search<'t> {
    node: Node<'t>,
    /// The index of the found definition whose body it is in.
    owner: Option<usize>,
    /// The file itself or a definition's body, or a wrapper in one: not a block or a
    /// compound statement inside them (what is declared there is local), unless the
    /// language's blocks bind in the scope around them (`binding_containers`).
    direct: bool,
}

/// Finds the definitions by walking only where a definition can sit: the file, the bodies
/// of definitions, wrappers, the language's `containers` (blocks, compound statements) and
/// ERROR nodes (so that what the parser recovered is still found). At each such node the
/// query runs with a start depth of 1: on the node and its children, not the whole subtree.
/// Expressions are never entered, which is both the rule (what is defined inside a
/// callback or an object literal has no name path) and most of the speed.
///
/// A pattern may capture a definition below the node it starts at (each declarator of
/// `const a = 1, b = 2`, a parameter property in a constructor's parameters): the walk goes
/// down to it from the child that holds it, and it belongs to what the searched node is
/// the body of. A pattern with a scope ([`pattern_scopes`]) counts only in the file and
/// in the bodies of definitions of the kinds it names, not in a block inside them.
///
/// With `reuse`, the body of a definition the edit did not touch is not walked: its
/// symbols are the previous index's ([`super::interior`]).
fn collect<'t>(
    roles: &NodeRoles,
    query: &tree_sitter::Query,
    root: Node<'t>,
    text: &[u8],
    reuse: Option<&Reuse<'_>>,
) -> Collected<'t> {
    let members = pattern_members(query);
    let mut walk = Walk {
        roles,
        scopes: pattern_scopes(query),
        chains: pattern_chains(query),
        kind_tests: pattern_kind_tests(query),
        member_kinds: members.iter().flatten().map(|(kind, _)| kind.clone()).collect(),
        members,
        reuse,
        taken_over: Vec::new(),
        found: Vec::new(),
        by_node: HashMap::new(),
        owners: Vec::new(),
        reached: Vec::new(),
        pending: BTreeSet::new(),
        places: HashMap::new(),
        work: vec![Search {
            node: root,
            owner: None,
            direct: true,
        }],
    };
    let names = query.capture_names();
    let mut query_cursor = QueryCursor::new();
    query_cursor.set_max_start_depth(Some(1));
    let mut children: Vec<Node<'t>> = Vec::new();
    while let Some(search) = walk.work.pop() {
        let container = search.node;
        let mut cursor = container.walk();
        children.clear();
        children.extend(container.children(&mut cursor));
        // The top-level nodes an edit did not touch are taken over whole; the query runs
        // over what is left.
        let whole = if container.id() == root.id() {
            walk.whole_children(&children)
        } else {
            Vec::new()
        };
        let mut left = children
            .iter()
            .enumerate()
            .filter(|(k, _)| whole.get(*k) != Some(&true));
        let range = match (left.next(), left.next_back()) {
            (Some((_, first)), last) => Some(first.start_byte()..last.map_or(first, |(_, l)| l).end_byte()),
            (None, _) => None,
        };
        // Most blocks define nothing: the query runs only where a pattern can start.
        let may_define = roles.of(container).pattern_root || children.iter().any(|&c| roles.of(c).pattern_root);
        if let Some(range) = range.filter(|_| may_define) {
            query_cursor.set_byte_range(range);
            let mut matches = query_cursor.matches(query, container, text);
            while let Some(m) = matches.next() {
                walk.merge_match(m, names, search);
            }
            query_cursor.set_byte_range(0..usize::MAX);
        }
        walk.visit_children(container, &children, search, false, &whole);
    }
    walk.keep_first_members(text);

    // File order; an outer node before the inner one that starts at the same byte. A
    // definition the walk never reached is below something no name path enters.
    let Walk {
        found,
        owners,
        reached,
        places,
        taken_over,
        ..
    } = walk;
    let mut order: Vec<usize> = (0..found.len())
        .filter(|&i| found[i].name.is_some() && reached[i])
        .collect();
    order.sort_by_key(|&i| (found[i].node.start_byte(), std::cmp::Reverse(found[i].node.end_byte())));
    let mut new_index = vec![None; found.len()];
    for (new, &old) in order.iter().enumerate() {
        new_index[old] = Some(new);
    }
    let enclosing = order
        .iter()
        .map(|&old| owners[old].and_then(|o| new_index[o]))
        .collect();
    let mut slots: Vec<Option<Found<'t>>> = found.into_iter().map(Some).collect();
    let found: Vec<Found<'t>> = order
        .iter()
        .map(|&old| slots[old].take().expect("each found once"))
        .collect();
    let mut taken_over: Vec<Block> = taken_over
        .into_iter()
        .filter_map(|block| match block {
            Block::Interior { owner, k } => Some(Block::Interior {
                owner: new_index[owner]?,
                k,
            }),
            whole => Some(whole),
        })
        .collect();
    let start = |block: &Block| match *block {
        Block::Interior { owner, .. } => body_of(&found[owner]).map_or(0, |b| b.start_byte()),
        Block::Whole { start, .. } => start,
    };
    taken_over.sort_by_key(start);
    Collected {
        found,
        enclosing,
        places,
        taken_over,
    }
}

/// The walk's state: what the query found, and where the walk has been.
struct Walk<'a, 't> {
    roles: &'a NodeRoles,
    /// Per pattern, from [`pattern_scopes`].
    scopes: Vec<Option<Vec<String>>>,
    /// Per pattern, from [`pattern_members`].
    members: Vec<Option<(String, Option<String>)>>,
    /// Per pattern, from [`pattern_chains`].
    chains: Vec<Option<(String, String)>>,
    /// Per pattern, from [`pattern_kind_tests`].
    kind_tests: Vec<Vec<(u32, Vec<String>)>>,
    /// The kinds that take members written in their methods.
    member_kinds: Vec<String>,
    reuse: Option<&'a Reuse<'a>>,
    /// What is taken over instead of walked.
    taken_over: Vec<Block>,
    found: Vec<Found<'t>>,
    by_node: HashMap<usize, usize>,
    /// Per found definition: the found definition whose body holds it.
    owners: Vec<Option<usize>>,
    /// Per found definition: whether the walk reached it (only those are listed).
    reached: Vec<bool>,
    /// Found definitions not reached yet, by start byte: those below a child of a searched
    /// node (a declarator of `const a = 1, b = 2`, a constructor's parameter property).
    pending: BTreeSet<(usize, usize)>,
    places: HashMap<usize, Place<'t>>,
    work: Vec<Search<'t>>,
}

impl<'t> Walk<'_, 't> {
    /// Places the definitions among the `children` of `parent` and queues what is searched
    /// next. `parent` is a searched node, or (`below`) a node under one that holds pending
    /// definitions; there the walk only goes down to them, and a `;` after one is not its
    /// own (in a declaration of several names, it ends them all).
    /// The children marked in `whole` are taken over: not visited, but still attached to
    /// what follows them.
    fn visit_children(
        &mut self,
        parent: Node<'t>,
        children: &[Node<'t>],
        search: Search<'t>,
        below: bool,
        whole: &[bool],
    ) {
        let mut run: Vec<Node<'t>> = Vec::new();
        for (k, &child) in children.iter().enumerate() {
            if !child.is_named() {
                continue;
            }
            if whole.get(k) == Some(&true) {
                if self.roles.of(child).attached.is_some() {
                    run.push(child);
                } else {
                    run.clear();
                }
                continue;
            }
            let at = self
                .by_node
                .get(&child.id())
                .copied()
                .filter(|&i| self.found[i].name.is_some() && !self.reached[i]);
            let role = self.roles.of(child);
            let wrapper = role.wrapper.is_some() && !below;
            if at.is_some() || wrapper {
                let separator_end = children
                    .get(k + 1)
                    .filter(|next| {
                        !next.is_named()
                            && (next.kind() == "," || (!below && next.kind() == ";"))
                            && next.start_position().row == child.end_position().row
                    })
                    .map(|next| next.end_byte());
                self.places.insert(
                    child.id(),
                    Place {
                        parent: Some(parent),
                        attachable_before: run.iter().rev().copied().collect(),
                        separator_end,
                    },
                );
            }
            if let Some(i) = at {
                // A member written in a method belongs to the method's class.
                self.owners[i] = match self.found[i].member_of {
                    Some(_) => search.owner.and_then(|o| self.owners[o]),
                    None => search.owner,
                };
                self.reached[i] = true;
                self.pending.remove(&(child.start_byte(), i));
                let body = body_of(&self.found[i]);
                if let Some(body) = body {
                    match self.interior_taken_over(i, body) {
                        Some(k) => self.taken_over.push(Block::Interior { owner: i, k }),
                        None => self.work.push(Search {
                            node: body,
                            owner: Some(i),
                            direct: true,
                        }),
                    }
                }
                self.descend(child, body, search);
            } else if below {
                self.descend(child, None, search);
            } else if wrapper || child.is_error() {
                self.work.push(Search { node: child, ..search });
            } else if role.container {
                self.work.push(Search {
                    node: child,
                    direct: search.direct && role.binds_outside,
                    ..search
                });
            } else {
                self.descend(child, None, search);
            }
            if role.attached.is_some() {
                run.push(child);
            } else {
                run.clear();
            }
        }
    }

    /// Which of the file's `children` are taken over whole ([`Reuse::whole`]).
    fn whole_children(&mut self, children: &[Node<'t>]) -> Vec<bool> {
        let Some(reuse) = self.reuse else {
            return Vec::new();
        };
        // Where the run of attached siblings before the current child starts.
        let mut run_start = None;
        let mut whole = Vec::with_capacity(children.len());
        for &child in children {
            if !child.is_named() {
                whole.push(false);
                continue;
            }
            let old = reuse.whole(run_start.unwrap_or(child.start_byte()), child, self.roles);
            if self.roles.of(child).attached.is_some() {
                run_start = run_start.or(Some(child.start_byte()));
            } else {
                run_start = None;
            }
            whole.push(old.is_some());
            if let Some(old) = old {
                self.taken_over.push(Block::Whole {
                    start: child.start_byte(),
                    old,
                });
            }
        }
        whole
    }

    /// The previous interior found definition `i`'s body can be taken over from, if any:
    /// never a method's body where its class takes members written in methods (those are
    /// chosen among all the class's methods).
    fn interior_taken_over(&self, i: usize, body: Node<'t>) -> Option<usize> {
        let reuse = self.reuse?;
        let kind_of = |i: usize| self.found[i].kind.as_ref().map(|(_, k)| k.as_str());
        let kind = kind_of(i)?;
        let in_member_taker = self.owners[i]
            .and_then(kind_of)
            .is_some_and(|owner| self.member_kinds.iter().any(|k| k == owner));
        if kind == "function" && in_member_taker {
            return None;
        }
        reuse.interior_for(body.byte_range(), kind)
    }

    /// Places the pending definitions below `node` (outside `skip`, a body searched on its
    /// own) as members of what `search` is the body of: the declarators of `const a = 1,
    /// b = 2` belong to the file, a constructor's parameter property to its class.
    fn descend(&mut self, node: Node<'t>, skip: Option<Node<'t>>, search: Search<'t>) {
        let holds = |n: Node<'t>| {
            self.pending
                .range((n.start_byte(), 0)..(n.end_byte(), 0))
                .next()
                .is_some()
        };
        if !holds(node) {
            return;
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> = node
            .children(&mut cursor)
            .filter(|c| skip.is_none_or(|s| s.id() != c.id()))
            .collect();
        self.visit_children(node, &children, search, true, &[]);
    }

    /// Folds one query match into what is known of its definition node, unless the
    /// pattern's scope excludes where the search is.
    fn merge_match(&mut self, m: &tree_sitter::QueryMatch<'_, 't>, names: &[&str], search: Search<'t>) {
        let kinds_hold = self.kind_tests[m.pattern_index].iter().all(|(capture, kinds)| {
            m.captures()
                .iter()
                .filter(|c| c.index == *capture)
                .all(|c| kinds.iter().any(|k| k == c.node.kind()))
        });
        if !kinds_hold {
            return;
        }
        let member_of = self.members[m.pattern_index].clone();
        if let Some((kind, _)) = &member_of {
            // Only in a method: what the search is in is a function of a definition of `kind`.
            let kind_of = |i: usize| self.found[i].kind.as_ref().map(|(_, k)| k.as_str());
            let method = search.owner.filter(|&o| kind_of(o) == Some("function"));
            if method
                .and_then(|o| self.owners[o])
                .is_none_or(|c| kind_of(c) != Some(kind.as_str()))
            {
                return;
            }
        }
        if let Some(scope) = &self.scopes[m.pattern_index] {
            let here = match search.owner {
                None => Some("file"),
                Some(o) => self.found[o].kind.as_ref().map(|(_, k)| k.as_str()),
            };
            if !search.direct || !here.is_some_and(|h| scope.iter().any(|s| s == h)) {
                return;
            }
        }
        let before = self.found.len();
        merge_match(m, names, &mut self.found, &mut self.by_node, &mut self.owners);
        if let Some((next, target)) = self.chains[m.pattern_index].clone() {
            self.merge_chain(m, names, &next, &target);
        }
        for i in before..self.found.len() {
            self.reached.push(false);
            self.pending.insert((self.found[i].node.start_byte(), i));
            if member_of.is_some() {
                self.found[i].member_of = member_of.clone();
                self.found[i].written_in = search.owner;
            }
        }
    }

    /// The targets of a chained statement beyond its first (see [`pattern_chains`]), each a
    /// definition of the pattern's kind named by itself.
    fn merge_chain(&mut self, m: &tree_sitter::QueryMatch<'_, 't>, names: &[&str], next: &str, target: &str) {
        let captured = |wanted: &str| {
            m.captures()
                .iter()
                .find(|c| names[c.index as usize] == wanted)
                .map(|c| c.node)
        };
        let kind = m.captures().iter().find_map(|c| {
            let name = names[c.index as usize];
            name.strip_prefix("definition.")
        });
        let (Some(first), Some(name), Some(kind)) = (captured("chain"), captured("name"), kind) else {
            return;
        };
        let mut link = first;
        while let Some(inner) = link.child_by_field_name(next).filter(|n| n.kind() == first.kind()) {
            if let Some(named) = inner.child_by_field_name(target).filter(|t| t.kind() == name.kind()) {
                let slot = found_slot(named, &mut self.found, &mut self.by_node, &mut self.owners);
                let entry = &mut self.found[slot];
                entry.name = entry.name.or(Some(named));
                if entry.kind.as_ref().is_none_or(|(p, _)| m.pattern_index < *p) {
                    entry.kind = Some((m.pattern_index, kind.to_string()));
                }
            }
            link = inner;
        }
    }

    /// Of the definitions written in methods (`member_of`), keeps one per class and name:
    /// the first in the method `first_in` names, else the first in the file; none where the
    /// class defines the name itself (a class attribute, a method, a property).
    fn keep_first_members(&mut self, text: &[u8]) {
        let name_of = |f: &Found<'t>| f.name.map(|n| &text[n.byte_range()]);
        let own: std::collections::HashSet<(usize, &[u8])> = (0..self.found.len())
            .filter(|&j| self.reached[j] && self.found[j].member_of.is_none())
            .filter_map(|j| Some((self.owners[j]?, name_of(&self.found[j])?)))
            .collect();
        let mut chosen: HashMap<(usize, &[u8]), usize> = HashMap::new();
        for i in 0..self.found.len() {
            let Some((_, first_in)) = self.found[i].member_of.as_ref() else {
                continue;
            };
            if !self.reached[i] {
                continue;
            }
            let (Some(class), Some(name)) = (self.owners[i], name_of(&self.found[i])) else {
                self.reached[i] = false;
                continue;
            };
            if own.contains(&(class, name)) {
                self.reached[i] = false;
                continue;
            }
            let rank = |k: usize| {
                let method = self.found[k].written_in.and_then(|w| name_of(&self.found[w]));
                let preferred = first_in.as_deref().is_some_and(|f| method == Some(f.as_bytes()));
                (preferred, std::cmp::Reverse(self.found[k].node.start_byte()))
            };
            match chosen.entry((class, name)) {
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(i);
                }
                std::collections::hash_map::Entry::Occupied(mut e) => {
                    let j = *e.get();
                    if rank(i) > rank(j) {
                        self.reached[j] = false;
                        e.insert(i);
                    } else {
                        self.reached[i] = false;
                    }
                }
            }
        }
    }
}

/// The index of what is known of definition node `def`, a new entry the first time.
fn found_slot<'t>(
    def: Node<'t>,
    found: &mut Vec<Found<'t>>,
    by_node: &mut HashMap<usize, usize>,
    owners: &mut Vec<Option<usize>>,
) -> usize {
    *by_node.entry(def.id()).or_insert_with(|| {
        found.push(Found {
            node: def,
            kind: None,
            scope_only: false,
            name: None,
            doc: None,
            body: None,
            member_of: None,
            written_in: None,
        });
        owners.push(None);
        found.len() - 1
    })
}

/// Folds one query match into what is known of its definition node.
fn merge_match<'t>(
    m: &tree_sitter::QueryMatch<'_, 't>,
    names: &[&str],
    found: &mut Vec<Found<'t>>,
    by_node: &mut HashMap<usize, usize>,
    owners: &mut Vec<Option<usize>>,
) {
    let Some((def, capture)) = m.captures().iter().find_map(|c| {
        let name = names[c.index as usize];
        (name.starts_with("definition.") || name.starts_with("scope.")).then_some((c.node, name))
    }) else {
        return;
    };
    let slot = found_slot(def, found, by_node, owners);
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

struct Extractor<'a, 't> {
    lang: &'static Language,
    roles: &'a NodeRoles,
    source: &'a SourceText,
    /// Nodes' offsets are into the text after the BOM; symbols' are into the file.
    bom: usize,
    collected: Collected<'t>,
}

impl<'t> Extractor<'_, 't> {
    /// The listed symbols in file order, and their layout. With `reuse`, the symbols of
    /// the bodies the walk did not enter are the previous index's; `None` when one of
    /// them disagrees with what is around it now.
    fn symbols(&mut self, found: &[Found<'t>], reuse: Option<&Reuse<'_>>) -> Option<(Vec<Symbol>, Layout)> {
        // Paths and kinds of every found node, scopes included, in file order: a parent
        // always precedes its members, so its path is known when they are reached.
        let mut paths: Vec<String> = Vec::with_capacity(found.len());
        let mut kinds: Vec<String> = Vec::with_capacity(found.len());
        let mut listed: Vec<Option<usize>> = Vec::with_capacity(found.len());
        let mut symbols: Vec<Symbol> = Vec::new();
        let mut layout = Layout::default();
        let taken_over = std::mem::take(&mut self.collected.taken_over);
        let mut next_taken = taken_over.iter().peekable();
        for (i, f) in found.iter().enumerate() {
            // What is taken over holds no found node: its symbols come before the first
            // found node after its start.
            while let Some(&&block) = next_taken.peek() {
                let (start, ready) = match block {
                    Block::Interior { owner, .. } => (body_of(&found[owner]).map_or(0, |b| b.start_byte()), owner < i),
                    Block::Whole { start, .. } => (start, true),
                };
                if !ready || start > f.node.start_byte() {
                    break;
                }
                next_taken.next();
                self.take_over(
                    reuse?,
                    block,
                    found,
                    (&paths, &kinds, &listed),
                    &mut symbols,
                    &mut layout,
                )?;
            }
            let parent = self.collected.enclosing[i];
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
            let parent_kind = parent.map(|p| kinds[p].clone());
            let parent = parent.and_then(|p| self.nearest_listed(p, &listed));
            let mut symbol = self.symbol(f, path, name, kind, (parent, parent_path));
            symbol.parent_kind = parent_kind;
            symbols.push(symbol);
            layout.node_starts.push(f.node.start_byte());
        }
        for &block in next_taken {
            self.take_over(
                reuse?,
                block,
                found,
                (&paths, &kinds, &listed),
                &mut symbols,
                &mut layout,
            )?;
        }
        // The interiors of the bodies walked now; the taken over ones came with theirs.
        let owners_taken: std::collections::HashSet<usize> = taken_over
            .iter()
            .filter_map(|b| match b {
                Block::Interior { owner, .. } => Some(*owner),
                Block::Whole { .. } => None,
            })
            .collect();
        for (i, f) in found.iter().enumerate() {
            let Some(body) = body_of(f) else { continue };
            if owners_taken.contains(&i) {
                continue;
            }
            let body = (body.start_byte(), body.end_byte());
            layout.interiors.push(Interior {
                body,
                node_start: f.node.start_byte(),
                query_kind: f.kind.as_ref().map_or("", |(_, k)| k.as_str()).into(),
                path: paths[i].as_str().into(),
                kind: kinds[i].as_str().into(),
                symbols: layout.symbols_in(body),
                outer: self.nearest_listed(i, &listed),
            });
        }
        layout
            .interiors
            .sort_by_key(|i| (i.body.0, std::cmp::Reverse(i.body.1)));
        number_duplicates(&mut symbols);
        Some((symbols, layout))
    }

    /// Appends the symbols of `block`; `None` when they disagree with where they are now
    /// (a body that was another definition's).
    fn take_over(
        &self,
        reuse: &Reuse<'_>,
        block: Block,
        found: &[Found<'t>],
        (paths, kinds, listed): (&[String], &[String], &[Option<usize>]),
        symbols: &mut Vec<Symbol>,
        layout: &mut Layout,
    ) -> Option<()> {
        let start = symbols.len();
        let (old, outer, node_start) = match block {
            Block::Interior { owner, k } => {
                let interior = reuse.interior(k);
                if *interior.path != *paths[owner] || *interior.kind != *kinds[owner] {
                    return None;
                }
                (
                    reuse.interior_block(k),
                    self.nearest_listed(owner, listed),
                    found[owner].node.start_byte(),
                )
            }
            Block::Whole { old, start } => (old, None, start),
        };
        reuse.take(old, outer, symbols, layout)?;
        if let Block::Interior { k, .. } = block {
            layout.interiors.push(Interior {
                symbols: (start, symbols.len()),
                outer,
                body: reuse.new_bytes(old.bytes)?,
                node_start,
                ..reuse.interior(k).clone()
            });
        }
        Some(())
    }

    /// The listed symbol a found node stands for, or the one around it when it is a scope
    /// (members of `impl Engine` have the struct's path as parent path, but no listed parent).
    fn nearest_listed(&self, mut at: usize, listed: &[Option<usize>]) -> Option<usize> {
        loop {
            if let Some(i) = listed[at] {
                return Some(i);
            }
            at = self.collected.enclosing[at]?;
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
        let mut pieces = Vec::new();
        // Wrappers: `export`, `declare`, `@decorator` lines held by a parent node. Their
        // decorators are pieces of their own; a modifier is what is left before the inner
        // declaration (`export `, `export default `).
        let mut outer = f.node;
        while let Some(parent) = self.collected.places.get(&outer.id()).and_then(|p| p.parent) {
            let Some(what) = self.roles.of(parent).wrapper else {
                break;
            };
            let mut modifier_start = parent.start_byte() + self.bom;
            let mut cursor = parent.walk();
            for child in parent.named_children(&mut cursor).take_while(|c| c.id() != outer.id()) {
                if self.roles.of(child).attached == Some(Attachment::Decorator) {
                    pieces.push(AttachedPiece {
                        kind: Attachment::Decorator,
                        span: self.span_of(child),
                    });
                    modifier_start = child.end_byte() + self.bom;
                }
            }
            if what == Some(Attachment::Modifier) {
                let text = self.source.text();
                let from = modifier_start + (text[modifier_start..].len() - text[modifier_start..].trim_start().len());
                let to = outer.start_byte() + self.bom;
                if from < to {
                    pieces.push(AttachedPiece {
                        kind: Attachment::Modifier,
                        span: self.span(from, to),
                    });
                }
            }
            outer = parent;
        }
        // Decorators the declaration holds itself (a TypeScript `@Component class`, a
        // decorated class field): the declaration proper starts after them.
        let mut declaration_start = f.node.start_byte() + self.bom;
        let mut after_decorator = false;
        let mut cursor = f.node.walk();
        for child in f.node.children(&mut cursor) {
            if self.roles.of(child).attached == Some(Attachment::Decorator) {
                pieces.push(AttachedPiece {
                    kind: Attachment::Decorator,
                    span: self.span_of(child),
                });
                after_decorator = true;
            } else if after_decorator && !child.is_extra() {
                declaration_start = child.start_byte() + self.bom;
                after_decorator = false;
            }
        }
        let (start, doc_run) = self.attached_before(outer, &mut pieces);
        let start = start.unwrap_or(outer.start_byte() + self.bom);
        // A class member's `;` and a list item's `,` go with it: deleting its lines leaves
        // no stray separator behind.
        let outer_end = self
            .collected
            .places
            .get(&outer.id())
            .and_then(|p| p.separator_end)
            .unwrap_or(outer.end_byte());
        let end = self.source.trim_end(start, outer_end + self.bom);
        pieces.sort_by_key(|p| p.span.start_byte);
        let mut attached: Vec<Attachment> = pieces.iter().map(|p| p.kind).collect();
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
            declaration: self.span(
                declaration_start,
                self.source.trim_end(declaration_start, f.node.end_byte() + self.bom),
            ),
            name_span: self.span_of(f.name.expect("kept only named definitions")),
            body,
            docstring,
            indent: self.source.indent_at(start).to_string(),
            parent_path,
            parent_kind: None,
            parent,
            attached,
            pieces,
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
        pieces: &mut Vec<AttachedPiece>,
    ) -> (Option<usize>, Option<(usize, usize)>) {
        let mut start = None;
        let mut doc: Option<(usize, usize)> = None;
        let mut next_start = node.start_byte() + self.bom;
        let mut pending_plain = false;
        let before = self
            .collected
            .places
            .get(&node.id())
            .map(|p| p.attachable_before.as_slice())
            .unwrap_or(&[]);
        for &prev in before {
            let Some(what) = self.roles.of(prev).attached else {
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
            pieces.push(AttachedPiece {
                kind: what,
                span: self.span(s, self.source.trim_end(s, e)),
            });
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

    /// 1-based (line, column) of ERROR and MISSING nodes, visiting only subtrees that hold
    /// errors.
    fn parse_errors(&self, root: Node<'_>) -> Vec<(usize, usize)> {
        let mut points = Vec::new();
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.is_error() || node.is_missing() {
                let at = node.start_byte() + self.bom;
                let line = self.source.line_of(at);
                points.push((line + 1, at - self.source.line_start(line) + 1));
                if node.is_missing() {
                    continue;
                }
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor).filter(|c| c.has_error() || c.is_missing()));
        }
        points.sort_unstable();
        points.dedup();
        points
    }
}

/// A definition's body: the query's `@body`, else the node's `body` field.
fn body_of<'t>(f: &Found<'t>) -> Option<Node<'t>> {
    f.body.or_else(|| f.node.child_by_field_name("body"))
}

fn number_duplicates(symbols: &mut [Symbol]) {
    let mut counts: HashMap<&str, usize> = HashMap::with_capacity(symbols.len());
    let occurrences: Vec<usize> = symbols
        .iter()
        .map(|s| {
            let n = counts.entry(s.path.as_str()).or_insert(0);
            *n += 1;
            *n
        })
        .collect();
    let totals: Vec<usize> = symbols.iter().map(|s| counts[s.path.as_str()]).collect();
    for ((s, occurrence), duplicates) in symbols.iter_mut().zip(occurrences).zip(totals) {
        s.occurrence = occurrence;
        s.duplicates = duplicates;
    }
}
