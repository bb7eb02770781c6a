//! Which `macro_rules!` a bare macro call (`name!(..)`) names: rustc's textual scope.
//!
//! A `macro_rules!` definition is seen from its end to the end of the module, block or
//! file it is written in: inside the inline modules and blocks nested there, and in the
//! files of the modules declared after it (`mod a;` reads on where the declaration
//! stands). A module declared `#[macro_use]` (inline, or a file: `#[macro_use] mod
//! common;`) carries the macros its own top level sees on past its end, into the module
//! that declares it. Of the definitions in scope the latest before the call wins. Only a
//! call no definition reaches this way falls to the module's path-based names (an import,
//! and at the crate root a `#[macro_export]` macro of the crate).

use super::facts::Facts;
use super::modules::{rust, ModuleId};
use super::resolve::{DefId, Entity, Resolver};
use tree_sitter::Node;

/// How many `#[macro_use]` modules and declaring files are followed from one call: a
/// bound against a cycle of `#[path]` declarations, not a depth real crates reach.
const MAX_HOPS: usize = 32;

impl Resolver<'_> {
    /// The `macro_rules!` a call of `name` written at `at` (the macro's name in a
    /// `name!(..)`) sees by textual scope; `None` when no definition reaches it.
    pub(super) fn textual_macro(&self, facts: &Facts, name: &str, at: usize) -> Option<Entity> {
        let mut facts = self.facts(&facts.path)?;
        let mut at = at;
        for _ in 0..MAX_HOPS {
            if let Some((_, found)) = self.macro_in_file(&facts, name, at, 0) {
                return Some(found);
            }
            // None in this file before the call: the file's module sees what its
            // declaration (`mod name;`) sees in the file declaring it.
            let (parent, declared_at) = self.declaration_of_file(&facts)?;
            facts = parent;
            at = declared_at;
        }
        None
    }

    /// The latest definition of `name` in `facts` whose textual scope holds `at`, with where
    /// it starts: a `macro_rules!` written there, or one a `#[macro_use] mod m;` declared
    /// there brings out of m's file.
    fn macro_in_file(&self, facts: &Facts, name: &str, at: usize, hops: usize) -> Option<(usize, Entity)> {
        if hops > MAX_HOPS {
            return None;
        }
        // A file writing neither defines nor carries any macro: most calls (`vec!`,
        // `assert_eq!`) are answered without walking its tree.
        let text = facts.text().as_bytes();
        if memchr::memmem::find(text, b"macro_rules").is_none() && memchr::memmem::find(text, b"macro_use").is_none() {
            return None;
        }
        let mut best: Option<(usize, Entity)> = None;
        let mut stack = vec![facts.root()];
        while let Some(node) = stack.pop() {
            // Nothing after the call is seen from it.
            if node.start_byte() >= at {
                continue;
            }
            let seen = || {
                node.end_byte() <= at && reach(facts, node).is_some_and(|r| r.start_byte() <= at && at <= r.end_byte())
            };
            match node.kind() {
                "macro_definition" => {
                    let named = node.child_by_field_name("name").filter(|n| facts.text_of(*n) == name);
                    if let Some(named) = named.filter(|_| seen()) {
                        let found = match facts.symbol_named_at((named.start_byte(), named.end_byte())) {
                            Some(symbol) => Entity::Def(DefId {
                                file: facts.path.clone(),
                                path: symbol.path.clone(),
                            }),
                            None => Entity::Unknown("a macro defined where no name path reaches it"),
                        };
                        keep_latest(&mut best, node.start_byte(), found);
                    }
                    continue;
                }
                "mod_item" if node.child_by_field_name("body").is_none() => {
                    if macro_use(facts, node) && seen() {
                        let carried = self
                            .declared_file(facts, node)
                            .and_then(|child| self.facts(&child.file))
                            .and_then(|child| self.macro_in_file(&child, name, child.text().len(), hops + 1));
                        if let Some((_, found)) = carried {
                            keep_latest(&mut best, node.start_byte(), found);
                        }
                    }
                    continue;
                }
                _ => {}
            }
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
        best
    }

    /// The file of the module a `mod name;` declaration of `facts` names.
    fn declared_file(&self, facts: &Facts, declaration: Node<'_>) -> Option<ModuleId> {
        let name = facts.text_of(declaration.child_by_field_name("name")?);
        let module = ModuleId {
            file: facts.path.clone(),
            inner: inline_path(facts, declaration),
        };
        rust::child(self.project, &module, name).filter(|m| m.inner.is_empty())
    }

    /// The file declaring the module `facts` is (by `mod name;`), and where that
    /// declaration stands in it; `None` for a crate root.
    fn declaration_of_file(&self, facts: &Facts) -> Option<(std::sync::Arc<Facts>, usize)> {
        let parent = rust::parent(self.project, &ModuleId::file(facts.path.clone()))?;
        let declaring = self.facts(&parent.file)?;
        let at = self.declaration_in(&declaring, &facts.path)?;
        Some((declaring, at))
    }

    /// Whether the module `module`'s file declares the module file `file` (`mod name;`).
    pub(super) fn declares_file(&self, module: &ModuleId, file: &str) -> bool {
        self.facts(&module.file)
            .is_some_and(|declaring| self.declaration_in(&declaring, file).is_some())
    }

    /// Where `declaring` writes the `mod name;` whose file is `file`.
    fn declaration_in(&self, declaring: &Facts, file: &str) -> Option<usize> {
        let mut stack = vec![declaring.root()];
        while let Some(node) = stack.pop() {
            if node.kind() == "mod_item" && node.child_by_field_name("body").is_none() {
                if self.declared_file(declaring, node).is_some_and(|m| m.file == file) {
                    return Some(node.start_byte());
                }
                continue;
            }
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
        None
    }
}

/// Keeps the later of two definitions in scope: the one written last shadows.
fn keep_latest(best: &mut Option<(usize, Entity)>, start: usize, found: Entity) {
    if best.as_ref().is_none_or(|(at, _)| start > *at) {
        *best = Some((start, found));
    }
}

/// The node a definition written at `node` is seen in: the module body, block or file
/// around it, widened past each `#[macro_use]` inline module it is in.
fn reach<'t>(facts: &Facts, node: Node<'t>) -> Option<Node<'t>> {
    let mut container = container_of(node)?;
    loop {
        let module = container
            .parent()
            .filter(|p| p.kind() == "mod_item" && container.kind() == "declaration_list");
        match module {
            Some(module) if macro_use(facts, module) => container = container_of(module)?,
            _ => return Some(container),
        }
    }
}

/// The module body, block or file a node stands in.
fn container_of(node: Node<'_>) -> Option<Node<'_>> {
    std::iter::successors(node.parent(), |p| p.parent())
        .find(|p| matches!(p.kind(), "source_file" | "block" | "declaration_list" | "token_tree"))
        .filter(|p| p.kind() != "token_tree")
}

/// Whether the `mod` item `module` of `facts` is declared `#[macro_use]`.
fn macro_use(facts: &Facts, module: Node<'_>) -> bool {
    std::iter::successors(module.prev_sibling(), |s| s.prev_sibling())
        .take_while(|s| matches!(s.kind(), "attribute_item" | "line_comment" | "block_comment"))
        .any(|s| {
            s.kind() == "attribute_item"
                && facts
                    .text_of(s)
                    .trim_start_matches("#[")
                    .trim_start()
                    .starts_with("macro_use")
        })
}

/// The name path of the inline modules around `node` (`a.b` inside `mod a { mod b { .. } }`).
fn inline_path(facts: &Facts, node: Node<'_>) -> String {
    let mut names: Vec<&str> = std::iter::successors(node.parent(), |p| p.parent())
        .filter(|p| p.kind() == "mod_item")
        .filter_map(|p| p.child_by_field_name("name").map(|n| facts.text_of(n)))
        .collect();
    names.reverse();
    names.join(".")
}
