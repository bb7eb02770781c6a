//! Name resolution: what a name written somewhere in the root means.
//!
//! A bare name is looked up in its scopes ([`super::scope`]), then in what the module's glob
//! imports bring; a name bound by an import is what the imported module binds under that
//! name, followed through re-exports (`__init__.py`, barrels and `export *`, `pub use`) to
//! the definition itself; `a.b` and `a::b` are `b` as a member of whatever `a` is — a
//! module's name, a type's member (through its bases), or, for a value, a member of the
//! value's type ([`super::types`]).
//!
//! Every answer is an [`Entity`]: a definition of the root (by file and name path), a
//! module, a local variable, something outside the root, or "could not tell" with the
//! reason. The last is never silently turned into either of the others: the caller reports
//! such a name as a `name_match`, and counts it as unresolved.
//!
//! Two rules keep a definition reachable where the code says it is: a module importing a
//! name from itself (`from m import X as X` inside m) binds its own `X` again, so `X` is
//! what m binds otherwise; and a Rust method lives in an `impl` anywhere in its type's
//! crate, so one a patch removes is still what calls on the type named, whichever file of
//! the crate held it.
//!
//! `self` in a `macro_rules!` body is the type of the impls the macro is invoked in, when
//! every invocation the definition governs (by textual scope: after it in its file, no
//! other definition of the name in between; or in a file defining no macro of the name)
//! stands in an impl of one type; otherwise it is not known.

use super::facts::{Facts, Range};
use super::macros;
use super::modules::{node, python, rust, ModuleId};
use super::project::Project;
use super::scope::{Binding, BindingKind};
use crate::lang::ModuleSystem;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tree_sitter::Node;

/// A definition of the root: its file and name path.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefId {
    pub file: String,
    pub path: String,
}

/// What a name means.
#[derive(Debug, Clone, PartialEq)]
pub enum Entity {
    Def(DefId),
    Module(ModuleId),
    /// A variable or parameter of a file: the index of its binding.
    Local {
        file: String,
        binding: usize,
    },
    /// Something outside the root (a dependency, the standard library, a builtin).
    External,
    /// Could not tell; the reason, for the answer's `unresolved` counts.
    Unknown(&'static str),
    /// The module, type or value has no member of that name.
    Missing,
}

/// Answers already worked out, shared by every thread of a question.
#[derive(Default)]
pub struct Memo {
    members: Mutex<HashMap<(ModuleId, String), Entity>>,
    class_members: Mutex<HashMap<(DefId, String), Entity>>,
}

/// How deep a chain of imports, re-exports or inferred types is followed. One rebinding
/// (`let e = e.arc(1).unwrap();`) spends several levels (the binding, its value, the call,
/// the wrapper it returns), so the bound leaves room for dozens of them, as a builder's test
/// writes; it is there to stop a runaway chain, not a long one.
pub const MAX_DEPTH: usize = 256;

thread_local! {
    /// The module members being worked out on this thread: a cycle of re-exports ends here.
    static IN_PROGRESS: std::cell::RefCell<HashSet<(ModuleId, String)>> = std::cell::RefCell::default();
    /// The same for the members of classes (a class among its own bases).
    static CLASS_IN_PROGRESS: std::cell::RefCell<HashSet<(DefId, String)>> = std::cell::RefCell::default();
    /// The glob imports whose paths are being resolved on this thread (file, import): a glob
    /// never brings the names its own path is resolved through (`use self::Precision::*`
    /// inside a function of the module that defines `Precision`).
    static GLOBS_IN_PROGRESS: std::cell::RefCell<HashSet<(String, usize)>> = std::cell::RefCell::default();
}

/// The answer for `key`, worked out once per question: taken from `memo` when there, else
/// computed and kept. A key met again while it is being worked out on this thread (a cycle)
/// answers `Missing`; the mark is the thread's own, so another thread never takes an
/// unfinished answer for a final one.
fn once<K: Clone + Eq + std::hash::Hash>(
    memo: &Mutex<HashMap<K, Entity>>,
    in_progress: &'static std::thread::LocalKey<std::cell::RefCell<HashSet<K>>>,
    key: K,
    compute: impl FnOnce() -> Entity,
) -> Entity {
    if let Some(found) = memo.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found.clone();
    }
    if !in_progress.with(|p| p.borrow_mut().insert(key.clone())) {
        return Entity::Missing;
    }
    let found = compute();
    in_progress.with(|p| p.borrow_mut().remove(&key));
    memo.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, found.clone());
    found
}

/// How glob imports are read by [`Resolver::through_globs`].
#[derive(Default, Clone, Copy)]
struct Globs<'m> {
    /// A module not to look into (the one asking: `use self::*`).
    skip: Option<&'m ModuleId>,
    /// Why a glob from outside the root leaves the name unknown (`None`: it does not).
    foreign: Option<&'static str>,
    /// A name a glob's module has from outside the root is foreign, not missing.
    keep_foreign: bool,
}

/// Resolves names against a project.
#[derive(Clone, Copy)]
pub struct Resolver<'p> {
    pub project: &'p Project,
}

/// Which of Rust's namespaces a lookup in a module wants: a path segment more segments follow
/// names a module or a type, a call's callee a value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Namespace {
    Any,
    Values,
    Types,
}

impl<'p> Resolver<'p> {
    pub fn new(project: &'p Project) -> Resolver<'p> {
        Resolver { project }
    }

    pub fn facts(&self, path: &str) -> Option<Arc<Facts>> {
        self.project.facts(path)
    }

    /// What the bare name `name`, written at byte `at` of `facts`, means.
    pub fn name(&self, facts: &Facts, name: &str, at: usize, depth: usize) -> Entity {
        if depth > MAX_DEPTH {
            return Entity::Unknown("a chain of names too long to follow");
        }
        match facts.scopes.lookup(name, at) {
            Some(binding) => {
                let binding = self.configured(facts, binding);
                let entity = self.binding(facts, binding, depth);
                self.in_namespace(facts, binding, at, entity, depth)
            }
            None => self.unbound(facts, name, at, depth),
        }
    }

    /// A Rust module may bind a name once per configuration (`#[cfg(a)] use crate::Chain;`
    /// beside `#[cfg(not(a))] struct Chain`): a binding the configuration leaves out binds
    /// nothing, so another binding of the name in the module that it keeps is the one.
    fn configured<'f>(&self, facts: &'f Facts, binding: &'f Binding) -> &'f Binding {
        if facts.lang.resolve.modules != ModuleSystem::Rust
            || binding.scope != facts.scopes.module_scope(binding.at.0)
            || self.project.inactive_at(facts, binding.at.0).is_none()
        {
            return binding;
        }
        facts
            .scopes
            .beside(binding)
            .find(|b| self.project.inactive_at(facts, b.at.0).is_none())
            .unwrap_or(binding)
    }

    /// Rust keeps macros apart from types and values: two imports of one name in one scope
    /// (`use anyhow::Error; use thiserror::Error;`) bind it in different namespaces, so a
    /// name written as a macro (`name!`, `#[derive(name)]`) is the one that is a macro and
    /// any other use the one that is not — whichever of them is known to be so.
    fn in_namespace(&self, facts: &Facts, binding: &Binding, at: usize, entity: Entity, depth: usize) -> Entity {
        if facts.lang.resolve.modules != ModuleSystem::Rust || !matches!(binding.kind, BindingKind::Import(_)) {
            return entity;
        }
        let mut others = facts
            .scopes
            .beside(binding)
            .filter(|b| matches!(b.kind, BindingKind::Import(_)))
            .peekable();
        if others.peek().is_none() {
            return entity;
        }
        let as_macro = facts.node((at, at + binding.name.len())).is_some_and(|n| {
            std::iter::successors(n.parent(), |p| p.parent())
                .take(4)
                .any(|p| matches!(p.kind(), "macro_invocation" | "attribute_item" | "attribute"))
        });
        let is_macro = |e: &Entity| match e {
            Entity::Def(def) => self
                .facts(&def.file)
                .and_then(|f| f.symbol(&def.path).map(|s| s.kind == "macro")),
            _ => None,
        };
        if is_macro(&entity) == Some(as_macro) {
            return entity;
        }
        others
            .map(|b| self.binding(facts, b, depth + 1))
            .find(|e| is_macro(e) == Some(as_macro))
            .unwrap_or(entity)
    }

    /// What a binding of `facts` means.
    pub fn binding(&self, facts: &Facts, binding: &Binding, depth: usize) -> Entity {
        match binding.kind {
            BindingKind::Import(i) => self.import(facts, i, depth + 1),
            BindingKind::Global => self.name(facts, &binding.name, facts.text().len(), depth + 1),
            BindingKind::Local => match facts.symbol_named_at(binding.at) {
                Some(symbol) if symbol.kind == "module" => Entity::Module(ModuleId {
                    file: facts.path.clone(),
                    inner: symbol.path.clone(),
                }),
                Some(symbol) => Entity::Def(DefId {
                    file: facts.path.clone(),
                    path: symbol.path.clone(),
                }),
                None => Entity::Local {
                    file: facts.path.clone(),
                    binding: binding.id,
                },
            },
        }
    }

    /// A name no scope of its file binds: what glob imports bring, the language's builtins,
    /// or (Rust) a crate of the root named by its name.
    fn unbound(&self, facts: &Facts, name: &str, at: usize, depth: usize) -> Entity {
        // A definition a patch removes is still what its own module's code names, unless
        // the name falls back to a builtin once it is gone.
        if !self.project.phantoms.is_empty() && !facts.lang.resolve.builtins.iter().any(|b| b == name) {
            let mut owners: Vec<String> = facts
                .index
                .symbols
                .iter()
                .filter(|s| {
                    let at = at + facts.bom();
                    s.extent.start_byte <= at
                        && at < s.extent.end_byte
                        && matches!(s.kind.as_str(), "function" | "method")
                })
                .map(|s| format!("{}.{name}", s.path))
                .collect();
            owners.reverse();
            owners.push(name.to_string());
            for path in owners {
                if self.project.phantoms.contains(&(facts.path.clone(), path.clone())) {
                    return Entity::Def(DefId {
                        file: facts.path.clone(),
                        path,
                    });
                }
            }
        }
        if facts.lang.resolve.modules == ModuleSystem::Rust && called_as_macro(facts, name, at) {
            // `name!(..)`: the `macro_rules!` in textual scope, else a `#[macro_export]`
            // macro where the call stands at the crate root.
            if let Some(found) = self.textual_macro(facts, name, at) {
                return found;
            }
            let root = rust::crate_root(self.project, &facts.path).filter(|r| r.file == facts.path);
            if let Some(root) = root.filter(|_| !in_inline_module(facts, at)) {
                if let found @ Entity::Def(_) = self.exported_macro(&root, name) {
                    return found;
                }
            }
        }
        let scope = facts.scopes.scope_at(at);
        // A glob import is seen in the scope it is written in and those inside it.
        let globs =
            facts.imports.iter().enumerate().filter(|(_, i)| {
                i.glob && i.binds && self.scope_holds(facts, facts.scopes.scope_at(i.statement.0), scope)
            });
        let found = self.through_globs(
            facts,
            globs.map(|(i, _)| i),
            name,
            Globs {
                foreign: Some("a glob import from outside the root may bind the name"),
                ..Globs::default()
            },
            depth,
        );
        let unknown = match found {
            Entity::Unknown(why) => Some(why),
            Entity::Missing | Entity::External => None,
            found => return found,
        };
        if facts.lang.resolve.modules == ModuleSystem::Rust {
            if let Some(library) = self.project.rust.library(name) {
                return Entity::Module(library);
            }
        }
        match unknown {
            Some(why) => Entity::Unknown(why),
            None => Entity::External,
        }
    }

    /// Whether scope `outer` is `inner` or holds it.
    fn scope_holds(&self, facts: &Facts, outer: usize, inner: usize) -> bool {
        let mut s = Some(inner);
        while let Some(id) = s {
            if id == outer {
                return true;
            }
            s = facts.scopes.scopes[id].parent;
        }
        false
    }

    /// The module (or Rust type) a glob import takes every name of.
    fn glob_module(&self, facts: &Facts, import: usize, depth: usize) -> Option<Entity> {
        let imp = &facts.imports[import];
        Some(match facts.lang.resolve.modules {
            ModuleSystem::Python => match python::resolve(self.project, &facts.path, &imp.module) {
                Some(m) => Entity::Module(m),
                None => Entity::External,
            },
            ModuleSystem::Node => match node::resolve(self.project, &facts.path, &imp.module) {
                Some(m) => Entity::Module(m),
                None => Entity::External,
            },
            ModuleSystem::Rust => {
                let segments: Vec<String> = rust::split_path(&imp.module);
                self.rust_path(facts, &segments, imp.statement.0, depth + 1)
            }
            ModuleSystem::None => return None,
        })
    }

    /// What the name an import binds means.
    pub fn import(&self, facts: &Facts, index: usize, depth: usize) -> Entity {
        if depth > MAX_DEPTH {
            return Entity::Unknown("a chain of imports too long to follow");
        }
        let imp = &facts.imports[index];
        match facts.lang.resolve.modules {
            ModuleSystem::Python => {
                // `import a.b` binds `a`; `import a.b as m` binds `a.b`.
                let spec = if imp.name.is_none() && !imp.aliased {
                    imp.module.split('.').next().unwrap_or_default().to_string()
                } else {
                    imp.module.clone()
                };
                let Some(module) = python::resolve(self.project, &facts.path, &spec) else {
                    return Entity::External;
                };
                match &imp.name {
                    None => Entity::Module(module),
                    // `from pkg import name`: pkg's own `name`, else its submodule `name` (in
                    // pkg/__init__.py, `from . import name` is the submodule).
                    Some(name) => match self.module_member(&module, name, depth + 1) {
                        Entity::Missing => match python::submodule(self.project, &module, name) {
                            Some(sub) => Entity::Module(sub),
                            None => Entity::Missing,
                        },
                        found => found,
                    },
                }
            }
            ModuleSystem::Node => {
                let Some(module) = node::resolve(self.project, &facts.path, &imp.module) else {
                    return if imp.module.starts_with('.') {
                        Entity::Unknown("a relative import of a file that is not in the root")
                    } else {
                        Entity::External
                    };
                };
                match &imp.name {
                    None => Entity::Module(module),
                    Some(name) => self.module_member(&module, name, depth + 1),
                }
            }
            ModuleSystem::Rust => {
                let Some(name) = &imp.name else {
                    if imp.glob {
                        return Entity::Unknown("a glob import binds no one name");
                    }
                    // `extern crate rmp_serde as rmps;`: the crate itself, under its alias
                    // (`self`: the crate it is written in).
                    let library = match imp.module.as_str() {
                        "self" => rust::crate_root(self.project, &facts.path),
                        crate_name => self.project.rust.library(crate_name),
                    };
                    return match library {
                        Some(library) => Entity::Module(library),
                        None => Entity::External,
                    };
                };
                if imp.submodule {
                    let here = self.rust_module_at(facts, imp.statement.0);
                    return match rust::child(self.project, &here, name) {
                        Some(m) => Entity::Module(m),
                        None => Entity::Unknown("a `mod` whose file is not in the root"),
                    };
                }
                let mut segments: Vec<String> = rust::split_path(&imp.module);
                if imp.module.is_empty() && imp.name.as_deref() != Some("self") {
                    // `use name;`: an extern crate or a module in scope.
                    if let Some(library) = self.project.rust.library(name) {
                        return Entity::Module(library);
                    }
                }
                segments.push(name.clone());
                // A `use` path starts from the module it is written in.
                self.rust_path(facts, &segments, imp.statement.0, depth + 1)
            }
            ModuleSystem::None => Entity::Unknown("a language without a module system saguaro follows"),
        }
    }

    /// Whether `name`, looked up in `module`, reaches `def` through a named re-export (a
    /// binding of its own: `from .m import f`, `export { f } from`, `pub use m::f`) rather than
    /// directly or through globs only (`import *`, `export *`, `use m::*`). Past a named
    /// re-export the re-export is what a removal breaks first; past globs the name is simply
    /// gone, and each importer breaks.
    pub fn named_reexport_between(&self, module: &ModuleId, name: &str, def: &DefId, depth: usize) -> bool {
        if module.file == def.file || depth > MAX_DEPTH {
            return false;
        }
        let Some(facts) = self.facts(&module.file) else {
            return false;
        };
        let scope = if facts.lang.resolve.modules == ModuleSystem::Rust {
            match self.module_scope_of(&facts, module) {
                Some(scope) => scope,
                None => return false,
            }
        } else {
            0
        };
        let binds = facts.scopes.bound_in(scope, name).next().is_some()
            || facts.exports.iter().any(|e| e.name == name)
            || facts
                .imports
                .iter()
                .any(|i| i.reexport && !i.glob && i.local.as_deref() == Some(name));
        if binds {
            return true;
        }
        for (i, _) in facts.imports.iter().enumerate().filter(|(_, i)| i.glob) {
            if let Some(Entity::Module(next)) = self.glob_module(&facts, i, depth + 1) {
                if self.module_member(&next, name, depth + 1) == Entity::Def(def.clone()) {
                    return self.named_reexport_between(&next, name, def, depth + 1);
                }
            }
        }
        false
    }

    /// The scope of a Rust module (the file's, or an inline `mod`'s body).
    fn module_scope_of(&self, facts: &Facts, module: &ModuleId) -> Option<usize> {
        if module.inner.is_empty() {
            return Some(0);
        }
        let m = facts
            .index
            .symbols
            .iter()
            .find(|s| s.path == module.inner && s.kind == "module")?;
        Some(facts.scopes.scope_at(facts.body_range(m)?.0))
    }

    /// The module a module name written as a string names from `facts` (`'./impl'`, a
    /// Python dotted name), where the root has it.
    pub fn module_named(&self, facts: &Facts, spec: &str) -> Option<ModuleId> {
        match facts.lang.resolve.modules {
            ModuleSystem::Python => python::resolve(self.project, &facts.path, spec),
            ModuleSystem::Node => node::resolve(self.project, &facts.path, spec),
            ModuleSystem::Rust | ModuleSystem::None => None,
        }
    }

    /// The module an import takes its name from (not the name itself).
    pub fn import_module(&self, facts: &Facts, index: usize) -> Option<ModuleId> {
        let imp = &facts.imports[index];
        match facts.lang.resolve.modules {
            ModuleSystem::Python | ModuleSystem::Node => self.module_named(facts, &imp.module),
            ModuleSystem::Rust => {
                let segments: Vec<String> = rust::split_path(&imp.module);
                match self.rust_path(facts, &segments, imp.statement.0, 0) {
                    Entity::Module(m) => Some(m),
                    _ => None,
                }
            }
            ModuleSystem::None => None,
        }
    }

    /// The Rust module holding byte `at` of `facts`: the file's, or an inline `mod`'s.
    pub fn rust_module_at(&self, facts: &Facts, at: usize) -> ModuleId {
        match facts.enclosing(at, |s| s.kind == "module") {
            Some(m) if facts.body_range(m).is_some_and(|b| b.0 <= at && at < b.1) => ModuleId {
                file: facts.path.clone(),
                inner: m.path.clone(),
            },
            _ => ModuleId::file(facts.path.clone()),
        }
    }

    /// What a Rust path written at byte `at` names (`crate::a::b`, `super::f`, `Self::new`,
    /// `serde_json::Value`).
    pub fn rust_path(&self, facts: &Facts, segments: &[String], at: usize, depth: usize) -> Entity {
        self.rust_path_in(facts, segments, at, false, depth)
    }

    /// What a Rust path that more segments follow names (`a::b` of `a::b::C`): a module or a
    /// type, never a value.
    pub fn rust_qualifier(&self, facts: &Facts, segments: &[String], at: usize, depth: usize) -> Entity {
        self.rust_path_in(facts, segments, at, true, depth)
    }

    fn rust_path_in(&self, facts: &Facts, segments: &[String], at: usize, qualifier: bool, depth: usize) -> Entity {
        let Some((first, rest)) = segments.split_first() else {
            return Entity::Unknown("an empty path");
        };
        let here = || self.rust_module_at(facts, at);
        // Among a macro call's tokens, a path the macro writes inside a `mod` of its own is
        // read from there: `super` leaves the modules it makes before it leaves the call's.
        if matches!(first.as_str(), "self" | "super") {
            match macros::generated_module_depth(facts, at) {
                Some(0) => {}
                None => return Entity::Unknown("a path a macro writes in modules of different depths"),
                Some(_) if first == "self" => return Entity::Unknown("`self` in a module a macro makes"),
                Some(made) => {
                    let supers = segments.iter().take_while(|s| *s == "super").count();
                    if supers < made {
                        return Entity::Unknown("a path into a module a macro makes");
                    }
                    return self.rust_path_from(Entity::Module(here()), &segments[made..], depth);
                }
            }
        }
        let current = match first.as_str() {
            "crate" | "$crate" => match rust::crate_root(self.project, &facts.path) {
                Some(m) => Entity::Module(m),
                None => return Entity::Unknown("a file in no crate of the root"),
            },
            "self" => Entity::Module(here()),
            "super" => match rust::parent(self.project, &here()) {
                Some(m) => Entity::Module(m),
                None => return Entity::Unknown("`super` above the crate root"),
            },
            "Self" => match self.impl_type_at(facts, at, depth) {
                Some(def) => Entity::Def(def),
                None => return Entity::Unknown("`Self` outside an impl saguaro can read"),
            },
            // 2015 edition: `use unify::Table` starts at the crate root, where an extern
            // crate is a name too.
            name if rust::uses_from_root(self.project, &facts.path)
                && facts.imports.iter().any(|i| i.statement.0 <= at && at < i.statement.1) =>
            {
                let from_root =
                    rust::crate_root(self.project, &facts.path).map(|root| self.module_member(&root, name, depth + 1));
                match from_root {
                    Some(found @ (Entity::Def(_) | Entity::Module(_))) => found,
                    _ => match self.project.rust.library(name) {
                        Some(library) => Entity::Module(library),
                        None => Entity::External,
                    },
                }
            }
            name => {
                // A `use` cannot start from a name it binds itself (`use smallvec::{smallvec,
                // SmallVec}` binds the macro `smallvec`; its path starts from the crate, and
                // `pub use common;` re-exports the crate `common`).
                let binds_here = facts.scopes.lookup(name, at).is_some_and(|b| match b.kind {
                    BindingKind::Import(i) => facts
                        .imports
                        .get(i)
                        .is_some_and(|imp| imp.statement.0 <= at && at < imp.statement.1),
                    _ => false,
                });
                let found = match binds_here {
                    true => Entity::External,
                    false => self.name(facts, name, at, depth + 1),
                };
                // A path's first segment is looked up among modules and types: a function, a
                // macro or a local named like a crate (`fn smallvec()` beside
                // `smallvec::SmallVec`, `use anyhow::anyhow;`) does not hide it.
                // A local hides no module either (`stream_safe::classify(c)` beside a
                // parameter `stream_safe: bool`): the module's own name is taken.
                let found = match &found {
                    Entity::Local { .. } if qualifier || !rest.is_empty() => {
                        match self.module_member(&here(), name, depth + 1) {
                            module @ Entity::Module(_) => module,
                            Entity::Def(def) if self.is_namespace(&def) => Entity::Def(def),
                            _ => Entity::Missing,
                        }
                    }
                    Entity::Def(def) if (qualifier || !rest.is_empty()) && !self.is_namespace(def) => Entity::Missing,
                    _ => found,
                };
                match found {
                    Entity::External | Entity::Missing => match self.project.rust.library(name) {
                        Some(library) => Entity::Module(library),
                        None => found,
                    },
                    _ => found,
                }
            }
        };
        self.rust_path_from(current, rest, depth)
    }

    /// What the segments of a path name from `current`, what its first segments named.
    /// A segment more segments follow is looked up among modules and types first, as its
    /// first segment is: a function of the same name does not hide the module.
    fn rust_path_from(&self, mut current: Entity, rest: &[String], depth: usize) -> Entity {
        for (k, segment) in rest.iter().enumerate() {
            current = match (segment.as_str(), &current) {
                ("super", Entity::Module(m)) => match rust::parent(self.project, m) {
                    Some(p) => Entity::Module(p),
                    None => return Entity::Unknown("`super` above the crate root"),
                },
                ("self", _) => current,
                (_, Entity::Module(m)) if k + 1 < rest.len() => match self.member_of(&current, segment, depth + 1) {
                    Entity::Def(def) if !self.is_namespace(&def) => {
                        match self.rust_path_member(m, segment, depth + 1) {
                            Entity::Missing => Entity::Def(def),
                            other => other,
                        }
                    }
                    found => found,
                },
                _ => self.member_of(&current, segment, depth + 1),
            };
            if matches!(current, Entity::External | Entity::Missing | Entity::Unknown(_)) {
                return current;
            }
        }
        current
    }

    /// Whether a path can go through a definition: a type or a module (not a function,
    /// constant, static, variable or macro).
    fn is_namespace(&self, def: &DefId) -> bool {
        self.facts(&def.file).is_none_or(|f| {
            f.symbol(&def.path).is_none_or(|s| {
                matches!(
                    s.kind.as_str(),
                    "module" | "struct" | "enum" | "union" | "trait" | "type" | "class" | "interface"
                )
            })
        })
    }

    /// The member `name` of what `entity` is: a module's name, a type's member, a value's.
    pub fn member_of(&self, entity: &Entity, name: &str, depth: usize) -> Entity {
        if depth > MAX_DEPTH {
            return Entity::Unknown("a chain of members too long to follow");
        }
        match entity {
            Entity::Module(m) => self.module_member(m, name, depth + 1),
            Entity::Def(def) => self.def_member(def, name, depth + 1),
            Entity::Local { .. } => {
                let ty = self.entity_type(entity, depth + 1);
                self.member(&ty, name, depth + 1)
            }
            other => other.clone(),
        }
    }

    /// `def.name` for a definition used as an object: a type's member, a namespace's name.
    fn def_member(&self, def: &DefId, name: &str, depth: usize) -> Entity {
        let Some(facts) = self.facts(&def.file) else {
            return Entity::Unknown("a file that does not parse");
        };
        match facts.symbol(&def.path).map(|s| s.kind.as_str()) {
            Some("module") => self.module_member(
                &ModuleId {
                    file: def.file.clone(),
                    inner: def.path.clone(),
                },
                name,
                depth,
            ),
            Some("function") if facts.lang.resolve.modules != ModuleSystem::Rust => {
                // A function's own attributes (`f.cache_clear`) are not definitions.
                Entity::External
            }
            // `Self::IntoIter { iter, .. }`, `Alias::new()`: an alias of a type names that
            // type's members.
            Some("type") => match self.aliased_type(def, depth + 1) {
                Some(aliased) => self.class_member(&aliased, name, depth + 1),
                None => self.class_member(def, name, depth),
            },
            _ => self.class_member(def, name, depth),
        }
    }

    /// What module `module` binds as `name`, re-exports followed.
    pub fn module_member(&self, module: &ModuleId, name: &str, depth: usize) -> Entity {
        if depth > MAX_DEPTH {
            return Entity::Unknown("a chain of re-exports too long to follow");
        }
        let key = (module.clone(), name.to_string());
        // A cycle of re-exports: this path brings nothing new.
        once(&self.project.memo.members, &IN_PROGRESS, key, || {
            self.module_member_uncached(module, name, depth)
        })
    }

    fn module_member_uncached(&self, module: &ModuleId, name: &str, depth: usize) -> Entity {
        let phantom_path = if module.inner.is_empty() {
            name.to_string()
        } else {
            format!("{}.{name}", module.inner)
        };
        if self
            .project
            .phantoms
            .contains(&(module.file.clone(), phantom_path.clone()))
        {
            return Entity::Def(DefId {
                file: module.file.clone(),
                path: phantom_path,
            });
        }
        if module.is_folder() {
            return match python::submodule(self.project, module, name) {
                Some(m) => Entity::Module(m),
                None => Entity::Missing,
            };
        }
        let Some(facts) = self.facts(&module.file) else {
            return Entity::Unknown("a module that does not parse");
        };
        match facts.lang.resolve.modules {
            ModuleSystem::Python => self.python_member(&facts, module, name, depth),
            ModuleSystem::Node => self.node_member(&facts, module, name, depth),
            ModuleSystem::Rust => self.rust_member(&facts, module, name, depth),
            ModuleSystem::None => Entity::Unknown("a language without a module system saguaro follows"),
        }
    }

    fn python_member(&self, facts: &Facts, module: &ModuleId, name: &str, depth: usize) -> Entity {
        let mut before = usize::MAX;
        let mut passed = Vec::new();
        while let Some(binding) = facts.scopes.module_binding(name, before) {
            // `from m import X as X` written in m itself (rich's `if __name__ == "__main__":`
            // blocks) binds m's own X again: X is what m binds otherwise, not a cycle.
            let again = matches!(binding.kind, BindingKind::Import(i) if self.imports_itself(facts, i, name));
            if !again || passed.contains(&binding.id) || binding.at.0 == 0 {
                return self.binding(facts, binding, depth + 1);
            }
            passed.push(binding.id);
            before = binding.at.0 - 1;
        }
        // A glob brings the public names of its module.
        let globs =
            facts.imports.iter().enumerate().filter(|(_, i)| {
                i.glob && i.binds && facts.scopes.scope_at(i.statement.0) == 0 && !name.starts_with('_')
            });
        let foreign = Some("a glob import from outside the root may bind the name");
        let unknown = match self.through_globs(
            facts,
            globs.map(|(i, _)| i),
            name,
            Globs {
                foreign,
                ..Globs::default()
            },
            depth,
        ) {
            Entity::Unknown(why) => Some(why),
            Entity::Missing => None,
            found => return found,
        };
        if let Some(sub) = python::submodule(self.project, module, name) {
            return Entity::Module(sub);
        }
        unknown.map_or(Entity::Missing, Entity::Unknown)
    }

    /// Whether import `index` of a Python module takes `name` from that module itself.
    fn imports_itself(&self, facts: &Facts, index: usize, name: &str) -> bool {
        let imp = &facts.imports[index];
        imp.name.as_deref() == Some(name)
            && python::resolve(self.project, &facts.path, &imp.module)
                .is_some_and(|m| m.file == facts.path && m.inner.is_empty())
    }

    fn node_member(&self, facts: &Facts, module: &ModuleId, name: &str, depth: usize) -> Entity {
        if !module.inner.is_empty() {
            // A namespace's member.
            let path = format!("{}.{name}", module.inner);
            return match facts.symbol(&path) {
                Some(s) if s.kind == "module" => Entity::Module(ModuleId {
                    file: facts.path.clone(),
                    inner: path,
                }),
                Some(_) => Entity::Def(DefId {
                    file: facts.path.clone(),
                    path,
                }),
                None => Entity::Missing,
            };
        }
        if name == "default" {
            if let Some(symbol) = facts.index.symbols.iter().find(|s| {
                s.parent.is_none() && facts.index.source.text()[s.extent.start_byte..].starts_with("export default")
            }) {
                return Entity::Def(DefId {
                    file: facts.path.clone(),
                    path: symbol.path.clone(),
                });
            }
        }
        // A declaration exported where it is made.
        for binding in facts.scopes.bound_in(0, name) {
            if binding.kind == BindingKind::Local && exported(facts, binding.at) {
                return self.binding(facts, binding, depth + 1);
            }
        }
        // `export { local as name }`, `export default local`.
        if let Some(export) = facts.exports.iter().find(|e| e.name == name) {
            return self.name(facts, &export.local.clone(), export.local_at.0, depth + 1);
        }
        // `export { a as name } from "m"`, `export * as name from "m"`.
        for (i, import) in facts.imports.iter().enumerate() {
            if import.reexport && !import.glob && import.local.as_deref() == Some(name) {
                return self.import(facts, i, depth + 1);
            }
        }
        // `export * from "m"`: every name of m but its default.
        if name == "default" {
            return Entity::Missing;
        }
        let globs = facts.imports.iter().enumerate().filter(|(_, i)| i.glob && i.reexport);
        let how = Globs {
            keep_foreign: true,
            ..Globs::default()
        };
        self.through_globs(facts, globs.map(|(i, _)| i), name, how, depth)
    }

    fn rust_member(&self, facts: &Facts, module: &ModuleId, name: &str, depth: usize) -> Entity {
        self.rust_member_in(facts, module, name, Namespace::Any, depth)
    }

    /// `name` in Rust module `module`, in the namespace asked: a value (what is not a module,
    /// see [`Resolver::rust_value_member`]) or a module or type (see
    /// [`Resolver::rust_path_member`]).
    fn rust_member_in(&self, facts: &Facts, module: &ModuleId, name: &str, want: Namespace, depth: usize) -> Entity {
        let Some(scope) = self.module_scope_of(facts, module) else {
            return Entity::Missing;
        };
        let mut bindings: Vec<&Binding> = facts.scopes.bound_in(scope, name).collect();
        // What the configuration keeps before what it leaves out (see `configured`); an item
        // before an import of the same name: a `use` of a glob brings names an item shadows,
        // not the other way round.
        bindings.sort_by_key(|b| {
            (
                self.project.inactive_at(facts, b.at.0).is_some(),
                matches!(b.kind, BindingKind::Import(_)),
            )
        });
        let values_only = want == Namespace::Values;
        for binding in bindings {
            match self.binding(facts, binding, depth + 1) {
                Entity::Module(_) if values_only => {}
                Entity::Def(def) if want == Namespace::Types && !self.is_namespace(&def) => {}
                found => return found,
            }
        }
        let globs = facts
            .imports
            .iter()
            .enumerate()
            .filter(|(_, i)| i.glob && facts.scopes.scope_at(i.statement.0) == scope);
        let how = Globs {
            skip: Some(module),
            ..Globs::default()
        };
        match self.through_globs(facts, globs.map(|(i, _)| i), name, how, depth) {
            Entity::Module(_) if values_only => Entity::Missing,
            // A module file beside this one that no `mod` item declares is declared by a
            // macro's expansion (`mod $module;`): a path through it reaches that file, as
            // it does once rustc expands the macro.
            Entity::Missing if !values_only => match self.exported_macro(module, name) {
                Entity::Missing => rust::child(self.project, module, name).map_or(Entity::Missing, Entity::Module),
                found => found,
            },
            found => found,
        }
    }

    /// A `#[macro_export]` macro named `name` anywhere in the crate whose root is `module`:
    /// the attribute puts it at the crate's root, whichever module writes it.
    fn exported_macro(&self, module: &ModuleId, name: &str) -> Entity {
        if !module.inner.is_empty() || rust::crate_root(self.project, &module.file).as_ref() != Some(module) {
            return Entity::Missing;
        }
        let Some(lang) = self.project.files.get(&module.file).map(|f| f.lang) else {
            return Entity::Missing;
        };
        for file in self
            .project
            .files_where(lang, name, |text, at| text[..at].trim_end().ends_with("macro_rules!"))
        {
            if !self.compiled_in(file, module) {
                continue;
            }
            let Some(facts) = self.facts(file) else {
                continue;
            };
            let text = facts.index.source.text();
            let exported = facts.index.symbols.iter().find(|s| {
                s.kind == "macro"
                    && s.name == name
                    && text[s.extent.start_byte..s.declaration.start_byte].contains("macro_export")
            });
            if let Some(symbol) = exported {
                return Entity::Def(DefId {
                    file: file.to_string(),
                    path: symbol.path.clone(),
                });
            }
        }
        Entity::Missing
    }

    /// Whether Rust file `file` is compiled in the crate whose root is `root`: its crate
    /// root, or a module file the root declares (`tests/common/mod.rs`, which each test
    /// that writes `mod common;` compiles as its own), or one inside such a module.
    fn compiled_in(&self, file: &str, root: &ModuleId) -> bool {
        if rust::crate_root(self.project, file).as_ref() == Some(root) {
            return true;
        }
        let mut top = ModuleId::file(file);
        for _ in 0..MAX_DEPTH {
            match rust::parent(self.project, &top) {
                Some(parent) => top = parent,
                None => break,
            }
        }
        top == *root || self.declares_file(root, &top.file)
    }

    /// What a Rust path called names (`a::f(..)`): as [`Resolver::rust_path`], but where its
    /// last segment is a module, the value of the same name beside it.
    pub fn rust_callee(&self, facts: &Facts, segments: &[String], at: usize, depth: usize) -> Entity {
        match segments.split_last() {
            Some((last, owner)) if !owner.is_empty() => {
                let owner = self.rust_qualifier(facts, owner, at, depth + 1);
                self.value_member_of(&owner, last, depth + 1)
            }
            _ => self.rust_path(facts, segments, at, depth),
        }
    }

    /// The member `name` of `owner` where a value is meant: in a Rust module, a module of
    /// that name yields to a value beside it.
    pub fn value_member_of(&self, owner: &Entity, name: &str, depth: usize) -> Entity {
        let found = self.member_of(owner, name, depth);
        if let (Entity::Module(_), Entity::Module(m)) = (&found, owner) {
            let rust = self
                .project
                .files
                .get(&m.file)
                .is_some_and(|f| f.lang.resolve.modules_is_rust());
            if let (true, value @ Entity::Def(_)) = (rust, self.rust_value_member(m, name, depth)) {
                return value;
            }
        }
        found
    }

    /// The value (not the module) Rust module `module` has at `name`: `mod peek_nth;` names
    /// a module in the type namespace, and a glob may bring a function `peek_nth` beside it
    /// (itertools' root), which a call of the path means.
    pub fn rust_value_member(&self, module: &ModuleId, name: &str, depth: usize) -> Entity {
        match self.facts(&module.file) {
            Some(facts) => self.rust_member_in(&facts, module, name, Namespace::Values, depth),
            None => Entity::Unknown("a module that does not parse"),
        }
    }

    /// The module or type (not the value) Rust module `module` has at `name`, for a path
    /// segment more segments follow: `mod date;` and `pub const fn date(..)` in one module
    /// (jiff's `civil`) live in different namespaces, and `self::date::{Date}` goes through
    /// the module. `Missing` when the module binds no such name.
    fn rust_path_member(&self, module: &ModuleId, name: &str, depth: usize) -> Entity {
        match self.facts(&module.file) {
            Some(facts) => self.rust_member_in(&facts, module, name, Namespace::Types, depth),
            None => Entity::Unknown("a module that does not parse"),
        }
    }

    /// `name` as the glob imports `globs` (indexes into the file's imports) bring it: the
    /// first that has it; else unknown where a glob could not be followed; else missing.
    fn through_globs(
        &self,
        facts: &Facts,
        globs: impl Iterator<Item = usize>,
        name: &str,
        how: Globs<'_>,
        depth: usize,
    ) -> Entity {
        let (mut unknown, mut foreign) = (None, false);
        for i in globs {
            let key = (facts.path.clone(), i);
            if !GLOBS_IN_PROGRESS.with(|g| g.borrow_mut().insert(key.clone())) {
                continue;
            }
            let module = self.glob_module(facts, i, depth);
            GLOBS_IN_PROGRESS.with(|g| g.borrow_mut().remove(&key));
            match module {
                Some(Entity::Module(m)) if how.skip == Some(&m) => {}
                Some(Entity::Module(m)) => match self.module_member(&m, name, depth + 1) {
                    Entity::Missing => {}
                    Entity::External => foreign |= how.keep_foreign,
                    Entity::Unknown(why) => unknown = Some(why),
                    found => return found,
                },
                Some(Entity::Def(def)) => match self.class_member(&def, name, depth + 1) {
                    Entity::Missing | Entity::External => {}
                    Entity::Unknown(why) => unknown = unknown.or(Some(why)),
                    found => return found,
                },
                Some(Entity::External) => unknown = unknown.or(how.foreign),
                _ => unknown = unknown.or(Some("a glob import it could not follow")),
            }
        }
        match (unknown, foreign) {
            (Some(why), _) => Entity::Unknown(why),
            (None, true) => Entity::External,
            (None, false) => Entity::Missing,
        }
    }

    /// The member `name` of a type (class, struct, enum, trait, interface), found on the type
    /// or, failing that, on its bases in order. Rust methods are found in any `impl` of the
    /// type in its crate.
    pub fn class_member(&self, class: &DefId, name: &str, depth: usize) -> Entity {
        if depth > MAX_DEPTH {
            return Entity::Unknown("a chain of base classes too long to follow");
        }
        let key = (class.clone(), name.to_string());
        // A class among its own bases (a cycle) has nothing more to give.
        once(&self.project.memo.class_members, &CLASS_IN_PROGRESS, key, || {
            self.class_member_uncached(class, name, depth)
        })
    }

    fn class_member_uncached(&self, class: &DefId, name: &str, depth: usize) -> Entity {
        let own = format!("{}.{name}", class.path);
        let phantom = self.project.phantoms.contains(&(class.file.clone(), own.clone()));
        let Some(facts) = self.facts(&class.file) else {
            return Entity::Unknown("a file that does not parse");
        };
        if facts.lang.resolve.modules == ModuleSystem::Rust {
            // A method is written in an `impl` anywhere in the type's crate (anyhow's `Error`
            // is declared in lib.rs, its methods in error.rs): a removed one is the phantom of
            // whichever file of the crate held it.
            let crate_dir = |file: &str| self.project.rust.crate_of(file).map(|c| c.dir.as_str());
            let removed_from = match phantom {
                true => Some(class.file.clone()),
                false => self
                    .project
                    .phantoms
                    .iter()
                    .find(|(file, path)| *path == own && crate_dir(file) == crate_dir(&class.file))
                    .map(|(file, _)| file.clone()),
            };
            // Another impl's method of that name (a trait's) is what calls reach once an
            // inherent one is gone.
            return match (self.rust_method(&facts, class, name, depth), removed_from) {
                // Once gone, a call may reach a method of that name on what the type derefs
                // to (anyhow's `Error` → `dyn std::error::Error`'s `is`): not known to break.
                (Entity::Missing, Some(_)) if self.deref_target_has(class, name, depth) => {
                    Entity::Unknown("a method of that name on the foreign type it derefs to")
                }
                (Entity::Missing, Some(file)) => Entity::Def(DefId { file, path: own }),
                // A field or a variant of the type itself, where no method has its name.
                (Entity::Missing, None) if facts.index.symbols.iter().any(|s| s.path == own && s.is_member()) => {
                    Entity::Def(DefId {
                        file: class.file.clone(),
                        path: own,
                    })
                }
                // Neither: what the type derefs to has it, as `w.port` reaches it.
                (Entity::Missing, None) => self.deref_member(class, name, depth).unwrap_or(Entity::Missing),
                (found, _) => found,
            };
        }
        if phantom {
            return Entity::Def(DefId {
                file: class.file.clone(),
                path: own,
            });
        }
        if facts.index.symbols.iter().any(|s| s.path == own) {
            return Entity::Def(DefId {
                file: class.file.clone(),
                path: own,
            });
        }
        let field = self.field_kind(&facts, &class.path, name);
        if field == Some(true) {
            return Entity::Unknown("a field, not a definition saguaro lists");
        }
        let mut unknown = None;
        for base in self.bases(&facts, &class.path, depth) {
            match base {
                Entity::Def(b) => match self.class_member(&b, name, depth + 1) {
                    Entity::Missing | Entity::External => {}
                    Entity::Unknown(why) => unknown = unknown.or(Some(why)),
                    found => return found,
                },
                Entity::External => {}
                Entity::Unknown(why) => unknown = unknown.or(Some(why)),
                _ => unknown = unknown.or(Some("a base class saguaro cannot read")),
            }
        }
        // A field only assigned (`self.x = ...`) is the class's own where no base has `x`.
        if field == Some(false) {
            return Entity::Unknown("a field, not a definition saguaro lists");
        }
        unknown.map_or(Entity::Missing, Entity::Unknown)
    }

    /// A Rust type's method (or associated item) `name`: in an inherent `impl` of the type
    /// first, then in a trait `impl`, anywhere in the crate; a trait's own items.
    fn rust_method(&self, facts: &Facts, class: &DefId, name: &str, depth: usize) -> Entity {
        let own = format!("{}.{name}", class.path);
        if let Some(symbol) = facts
            .index
            .symbols
            .iter()
            .find(|s| s.path == own && s.parent_kind.as_deref() == Some("trait"))
        {
            return Entity::Def(DefId {
                file: facts.path.clone(),
                path: symbol.path.clone(),
            });
        }
        let type_name = class.path.rsplit('.').next().unwrap_or(&class.path);
        let crate_dir = self.project.rust.crate_of(&class.file).map(|c| c.dir.clone());
        // An impl in another target of the package (a bench's, a test's `impl Trait for
        // SmallVec`) is seen in that target only, not where the type's own calls are.
        let target = rust::crate_root(self.project, &class.file);
        let mut trait_impl = None;
        for file in self.project.files_naming(facts.lang, name) {
            if crate_dir
                .as_deref()
                .is_some_and(|d| !d.is_empty() && !file.starts_with(&format!("{d}/")))
                || rust::crate_root(self.project, file) != target
            {
                continue;
            }
            let Some(other) = self.facts(file) else {
                continue;
            };
            for symbol in other.index.symbols.iter().filter(|s| {
                s.name == name
                    && matches!(s.parent_kind.as_deref(), Some("impl" | "trait_impl"))
                    && s.parent_path
                        .as_deref()
                        .is_some_and(|p| p.rsplit('.').next() == Some(type_name))
            }) {
                let at = other.declaration(symbol).0;
                let Some(owner) = self.impl_type_at(&other, at, depth + 1) else {
                    continue;
                };
                if owner != *class {
                    continue;
                }
                let def = DefId {
                    file: other.path.clone(),
                    path: symbol.path.clone(),
                };
                if symbol.parent_kind.as_deref() == Some("impl") {
                    return Entity::Def(def);
                }
                trait_impl.get_or_insert(def);
            }
        }
        if let Some(def) = trait_impl {
            return Entity::Def(def);
        }
        // A trait's provided method, through `impl Trait for Type` with no method of its own.
        for trait_def in self.traits_of(class, depth + 1) {
            if let found @ Entity::Def(_) = self.class_member(&trait_def, name, depth + 1) {
                return found;
            }
        }
        self.blanket_method(class, name, depth)
            .map_or(Entity::Missing, Entity::Def)
    }

    /// A method an extension trait of the root gives every type through a blanket impl
    /// (`impl<Input, P: Parser<Input>> EasyParser<Input> for P {}`), for a type that has
    /// no method of that name of its own or through the traits it implements: the program
    /// compiles, so the call reaches a trait in scope, and where exactly one trait of the
    /// root so implemented declares the name, it is that one. Two such traits, or none,
    /// give nothing. Only the files whose text writes a blanket impl and `fn NAME` are read
    /// (an extension trait and its blanket impl sit together), so that the methods every
    /// type has from outside the root (`clone`, `map`) cost no parse.
    fn blanket_method(&self, class: &DefId, name: &str, depth: usize) -> Option<DefId> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut found: Option<DefId> = None;
        let defining = |file: &str| {
            self.project.files.get(file).is_some_and(|f| {
                f.text.match_indices(name).any(|(at, _)| {
                    let before = f.text[..at].trim_end();
                    super::project::whole_word(&f.text, at, name.len())
                        && before.ends_with("fn")
                        && super::project::whole_word(before, before.len() - 2, 2)
                })
            })
        };
        for file in self.project.blanket_impl_files().iter().filter(|f| defining(f)) {
            let Some(other) = self.facts(file) else {
                continue;
            };
            for &(trait_range, type_range) in &other.types().implements {
                if !other.node(type_range).is_some_and(|t| is_impl_parameter(&other, t)) {
                    continue;
                }
                let Some(trait_node) = other.node(trait_range) else {
                    continue;
                };
                let Some(extension) = self.annotation(&other, trait_node, depth + 1).instance_class().cloned() else {
                    continue;
                };
                let method = format!("{}.{name}", extension.path);
                let declared = self.facts(&extension.file).is_some_and(|f| f.symbol(&method).is_some());
                if extension == *class || !declared {
                    continue;
                }
                match &found {
                    Some(first) if first.file != extension.file || first.path != method => return None,
                    _ => {
                        found = Some(DefId {
                            file: extension.file.clone(),
                            path: method,
                        })
                    }
                }
            }
        }
        found
    }

    /// Whether a Rust type derefs (`impl Deref for Type { type Target = ..; }`, in any file
    /// of its crate) to a type outside the root that has a method `name`, as
    /// `foreign_deref_methods` in languages.toml lists them (`dyn Error`, `str`, slices).
    fn deref_target_has(&self, class: &DefId, name: &str, depth: usize) -> bool {
        let Some(lang) = self.project.files.get(&class.file).map(|f| f.lang) else {
            return false;
        };
        let known = &lang.resolve.foreign_deref_methods;
        if known.is_empty() {
            return false;
        }
        self.deref_impls(class, depth).into_iter().any(|(facts, impl_range)| {
            facts
                .node(impl_range)
                .and_then(|i| self.deref_target(&facts, i))
                .and_then(|target| known.get(&target))
                .is_some_and(|methods| methods.iter().any(|m| m == name))
        })
    }

    /// The `impl Deref for Type` blocks of a Rust type (in any file of its crate): each
    /// file's facts and the block's range.
    fn deref_impls(&self, class: &DefId, depth: usize) -> Vec<(Arc<Facts>, Range)> {
        self.impls_for(class, depth)
            .into_iter()
            .filter_map(|(facts, trait_range)| {
                let trait_node = facts.node(trait_range)?;
                if facts.text_of(trait_node).rsplit("::").next() != Some("Deref") {
                    return None;
                }
                let block =
                    std::iter::successors(trait_node.parent(), |n| n.parent()).find(|n| n.kind() == "impl_item")?;
                let range = (block.start_byte(), block.end_byte());
                Some((facts, range))
            })
            .collect()
    }

    /// Member `name` of what a Rust type derefs to (`impl Deref for Wrapper { type Target =
    /// Inner; }`): a field read or a method called on a value reaches the target's when the
    /// type has none of its own. A target saguaro cannot read (a type parameter) leaves it
    /// unknown; `None`: the type does not deref.
    fn deref_member(&self, class: &DefId, name: &str, depth: usize) -> Option<Entity> {
        let (facts, impl_range) = self.deref_impls(class, depth).into_iter().next()?;
        let Some(written) = facts.node(impl_range).and_then(|i| deref_target_written(&facts, i)) else {
            return Some(Entity::Unknown("a member of what the type derefs to"));
        };
        let last = path_head(facts.text_of(written));
        Some(match self.name(&facts, last, written.start_byte(), depth + 1) {
            Entity::Def(target) if target != *class => self.class_member(&target, name, depth + 1),
            Entity::External => Entity::External,
            _ => Entity::Unknown("a member of what the type derefs to"),
        })
    }

    /// Where a Rust type of the root derefs to one of its own type parameters (`impl<T>
    /// Deref for MutexGuard<'_, T> { type Target = T; }`): that parameter's place among the
    /// type's arguments (lifetimes aside), so a value of the type given arguments derefs to
    /// the one given there.
    pub(super) fn deref_parameter(&self, class: &DefId, depth: usize) -> Option<usize> {
        let (facts, impl_range) = self.deref_impls(class, depth).into_iter().next()?;
        let impl_item = facts.node(impl_range)?;
        let target = facts.text_of(deref_target_written(&facts, impl_item)?).trim();
        let implemented = impl_item.child_by_field_name("type")?;
        let arguments = implemented.child_by_field_name("type_arguments")?;
        super::generics::without_lifetimes(&facts, crate::lang::written_parts(arguments))
            .into_iter()
            .position(|a| facts.text_of(a).trim() == target)
    }

    /// The foreign type an `impl Deref` block names as its `Target`, as
    /// `foreign_deref_methods` keys it: a trait object by its trait's own name (`dyn
    /// StdError + Send` → `Error`, through an import's alias), `str`, `[T]` as `slice`.
    fn deref_target(&self, facts: &Facts, impl_item: tree_sitter::Node<'_>) -> Option<String> {
        let written = deref_target_written(facts, impl_item)?;
        let text = facts.text_of(written).trim();
        if written.kind() == "array_type" || text.starts_with('[') {
            return Some("slice".to_string());
        }
        let last = path_head(text.strip_prefix("dyn ").unwrap_or(text));
        match self.name(facts, last, written.start_byte(), 0) {
            // A type of the root: its own methods answer, not a foreign table's; unless it
            // is also imported from outside (one of several `cfg` alternatives).
            Entity::Def(_) | Entity::Local { .. } | Entity::Module(_) => {
                self.foreign_name(facts, last, written.start_byte(), 0)
            }
            _ => Some(
                self.foreign_name(facts, last, written.start_byte(), 0)
                    .unwrap_or_else(|| last.to_string()),
            ),
        }
    }

    /// The name a Rust name has where it comes from outside the root, following imports of
    /// the root (`use crate::StdError` → `use std::error::Error as StdError` → `Error`);
    /// any import of the name in its scope counts (`cfg` alternatives bind it several ways).
    fn foreign_name(&self, facts: &Facts, name: &str, at: usize, depth: usize) -> Option<String> {
        if depth > 8 {
            return None;
        }
        let binding = facts.scopes.lookup(name, at)?;
        let imports = std::iter::once(binding)
            .chain(facts.scopes.beside(binding))
            .filter_map(|b| match b.kind {
                BindingKind::Import(i) => facts.imports.get(i),
                _ => None,
            });
        for import in imports {
            let taken = import.name.clone()?;
            let segments: Vec<String> = rust::split_path(&import.module);
            match segments.first().map(String::as_str) {
                Some("crate" | "self" | "super") => {
                    let Entity::Module(m) = self.rust_path(facts, &segments, import.statement.0, depth + 1) else {
                        continue;
                    };
                    let Some(module) = self.facts(&m.file) else {
                        continue;
                    };
                    if let Some(found) = self.foreign_name(&module, &taken, module.text().len(), depth + 1) {
                        return Some(found);
                    }
                }
                Some(_) => return Some(taken),
                None => {}
            }
        }
        None
    }

    /// The traits of the root that a Rust type implements (`impl Trait for Type`).
    fn traits_of(&self, class: &DefId, depth: usize) -> Vec<DefId> {
        let mut out = Vec::new();
        for (facts, trait_range) in self.impls_for(class, depth) {
            let Some(trait_node) = facts.node(trait_range) else {
                continue;
            };
            if let Some(t) = self.annotation(&facts, trait_node, depth + 1).instance_class().cloned() {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// Every `impl Trait for Type` of a Rust type, as (the file's facts, where the trait is
    /// written), in any file of the type's compile target: another target's impls (a
    /// bench's, a test's) are its own.
    fn impls_for(&self, class: &DefId, depth: usize) -> Vec<(Arc<Facts>, Range)> {
        let type_name = class.path.rsplit('.').next().unwrap_or(&class.path);
        let Some(lang) = self.project.files.get(&class.file).map(|f| f.lang) else {
            return Vec::new();
        };
        let crate_dir = self.project.rust.crate_of(&class.file).map(|c| c.dir.as_str());
        let target = rust::crate_root(self.project, &class.file);
        let mut out = Vec::new();
        for file in self.project.files_naming(lang, type_name) {
            if crate_dir.is_some_and(|d| !d.is_empty() && !file.starts_with(&format!("{d}/")))
                || rust::crate_root(self.project, file) != target
            {
                continue;
            }
            let Some(facts) = self.facts(file) else {
                continue;
            };
            for &(trait_range, type_range) in &facts.types().implements {
                let Some(type_node) = facts.node(type_range) else {
                    continue;
                };
                if self.annotation(&facts, type_node, depth + 1).instance_class() == Some(class) {
                    out.push((Arc::clone(&facts), trait_range));
                }
            }
        }
        out
    }

    /// The type `Self` names at byte `at`: the one an `impl` is for, or the type whose
    /// definition holds it.
    pub fn impl_type_at(&self, facts: &Facts, at: usize, depth: usize) -> Option<DefId> {
        if depth > MAX_DEPTH {
            return None;
        }
        let node = facts.root().descendant_for_byte_range(at, at)?;
        let mut n = Some(node);
        while let Some(current) = n {
            if current.kind() == "macro_definition" {
                return self.macro_impl_type(facts, current, depth + 1);
            }
            // A trait's `Self` is its implementor, read as the trait; a struct's, enum's or
            // union's own definition names it as `Self` too (`[u8; Self::SIZE]`, `Box<Self>`).
            if matches!(
                current.kind(),
                "impl_item" | "trait_item" | "struct_item" | "enum_item" | "union_item"
            ) {
                if current.kind() != "impl_item" {
                    let name = current.child_by_field_name("name")?;
                    return facts
                        .symbol_named_at((name.start_byte(), name.end_byte()))
                        .map(|s| DefId {
                            file: facts.path.clone(),
                            path: s.path.clone(),
                        });
                }
                let ty = current.child_by_field_name("type")?;
                return match self.annotation(facts, ty, depth + 1) {
                    // `impl dyn Handler { .. }`: methods of the trait's objects.
                    super::types::Ty::Bounds(traits) if traits.len() == 1 => traits.into_iter().next(),
                    ty => ty.instance_class().cloned(),
                };
            }
            n = current.parent();
        }
        None
    }

    /// The self type of the `impl` around byte `at` with the type arguments it writes, when
    /// it writes any saguaro reads (`impl<T> Hook<T, AsyncSignal>`: a `Hook` whose second
    /// parameter is `AsyncSignal`, so `self.1.waker` is `AsyncSignal`'s field). An impl's own
    /// parameter stands as its bound says, as it does for every value typed by it.
    pub fn impl_applied_at(&self, facts: &Facts, at: usize, depth: usize) -> Option<super::types::Ty> {
        let mut n = facts.root().descendant_for_byte_range(at, at);
        while let Some(current) = n {
            match current.kind() {
                "macro_definition" | "trait_item" => return None,
                "impl_item" => {
                    let written = current.child_by_field_name("type")?;
                    return match self.annotation(facts, written, depth + 1) {
                        applied @ super::types::Ty::Applied(..) => Some(applied),
                        _ => None,
                    };
                }
                _ => n = current.parent(),
            }
        }
        None
    }

    /// The type `self` is in the body of `macro_rules! name`: the one type of every impl the
    /// macro is invoked in, when there is one; `None` when an invocation stands outside an
    /// impl or the impls are of several types, or a call is in another macro's body.
    fn macro_impl_type(&self, facts: &Facts, definition: tree_sitter::Node<'_>, depth: usize) -> Option<DefId> {
        let mut found: Option<DefId> = None;
        for (invoking, at) in self.macro_calls(facts, definition)? {
            let ty = self.impl_type_at(&invoking, at, depth + 1)?;
            match &found {
                Some(seen) if *seen != ty => return None,
                _ => found = Some(ty),
            }
        }
        found
    }

    /// What a name in the body of a `macro_rules!` names where it names nothing where the
    /// macro is defined: rustc looks an item's name up where the expansion lands (hygiene
    /// keeps locals apart, not items), so it is what the name names at the macro's calls,
    /// when they all agree. `None` where the name is not in a macro's body or no call reads
    /// it as a definition of the root; a name only where its calls read it apart, or a call
    /// cannot be followed (one in another macro's body).
    pub fn name_at_macro_calls(&self, facts: &Facts, name: &str, at: usize, depth: usize) -> Option<Entity> {
        if depth > MAX_DEPTH {
            return None;
        }
        let definition =
            std::iter::successors(facts.node((at, at)), |n| n.parent()).find(|n| n.kind() == "macro_definition")?;
        let apart = Entity::Unknown("a name a macro's body leaves to where it is called, which its calls read apart");
        let Some(calls) = self.macro_calls(facts, definition) else {
            return Some(apart);
        };
        let read: Vec<Entity> = calls
            .iter()
            .map(|(invoking, call)| self.name(invoking, name, *call, depth + 1))
            .collect();
        let mut defs = read.iter().filter_map(|e| match e {
            Entity::Def(def) => Some(def),
            _ => None,
        });
        let first = defs.next()?;
        let agree = read.iter().all(|e| matches!(e, Entity::Def(def) if def == first));
        Some(if agree { Entity::Def(first.clone()) } else { apart })
    }

    /// The calls of the `macro_rules!` `definition`, each with its file and where it is.
    /// A `macro_rules!` is seen from where it is defined on, so an invocation is this
    /// definition's when it comes after it in its file with no other definition of the name
    /// in between, or stands in a file that defines no macro of the name (one that may reach
    /// it by `#[macro_use]`). The macro calling itself is left out; `None` where a call
    /// stands in another macro's body, which is read only where that one is called.
    pub fn macro_calls(&self, facts: &Facts, definition: tree_sitter::Node<'_>) -> Option<Vec<(Arc<Facts>, usize)>> {
        let name = definition.child_by_field_name("name")?;
        let invocation = format!("{}!", facts.text_of(name));
        let finder = memchr::memmem::Finder::new(invocation.as_bytes());
        let mut calls = Vec::new();
        for (path, file) in &self.project.files {
            if file.lang.resolve.modules != ModuleSystem::Rust {
                continue;
            }
            let text = file.text.as_str();
            let places: Vec<usize> = finder
                .find_iter(text.as_bytes())
                .filter(|&at| super::project::whole_word(text, at, invocation.len() - 1))
                .collect();
            if places.is_empty() {
                continue;
            }
            let invoking = self.facts(path)?;
            // Where this file defines a macro of the name (`macro_rules! name`).
            let mut definitions: Vec<usize> = Vec::new();
            let mut stack = vec![invoking.root()];
            while let Some(n) = stack.pop() {
                if n.kind() == "macro_definition" {
                    if n.child_by_field_name("name")
                        .is_some_and(|m| invoking.text_of(m) == facts.text_of(name))
                    {
                        definitions.push(n.start_byte());
                    }
                    continue;
                }
                let mut cursor = n.walk();
                stack.extend(n.named_children(&mut cursor).filter(|c| c.kind() != "function_item"));
            }
            for at in places {
                let at = at.checked_sub(invoking.bom())?;
                let governing = definitions.iter().copied().filter(|&d| d < at).max();
                let ours = match governing {
                    Some(d) => *path == facts.path && d == definition.start_byte(),
                    None => definitions.is_empty() || *path != facts.path,
                };
                if !ours {
                    continue;
                }
                let around = invoking.node((at, at)).and_then(|n| {
                    std::iter::successors(Some(n), |n| n.parent()).find(|a| a.kind() == "macro_definition")
                });
                match around {
                    Some(m) if *path == facts.path && m.byte_range() == definition.byte_range() => continue,
                    Some(_) => return None,
                    None => calls.push((Arc::clone(&invoking), at)),
                }
            }
        }
        Some(calls)
    }

    /// A class's bases, resolved (Python superclasses, TypeScript `extends` and
    /// `implements`, an interface's `extends`).
    pub fn bases(&self, facts: &Facts, class_path: &str, depth: usize) -> Vec<Entity> {
        let types = facts.types();
        let Some(ranges) = types.bases.get(class_path) else {
            return Vec::new();
        };
        ranges
            .iter()
            .filter_map(|&range| facts.node(range))
            .map(|node| {
                let ty = self.annotation(facts, node, depth + 1);
                match (ty.definition().cloned(), ty) {
                    (Some(def), _) => Entity::Def(def),
                    (None, super::types::Ty::External) => Entity::External,
                    (None, super::types::Ty::Unknown(why)) => Entity::Unknown(why),
                    (None, _) => Entity::Unknown("a base class saguaro cannot read"),
                }
            })
            .collect()
    }

    /// The one type (struct, enum, union, trait) declared at a module's top in the crate
    /// `file` is compiled in that is named `name`; `None` where there is none or several.
    pub fn crate_type_named(&self, file: &str, name: &str) -> Option<DefId> {
        let facts = self.facts(file)?;
        let target = rust::crate_root(self.project, file);
        let mut found = self
            .project
            .files_naming(facts.lang, name)
            .into_iter()
            .filter(|f| rust::crate_root(self.project, f) == target)
            .filter_map(|f| self.facts(f))
            .flat_map(|other| {
                let types: Vec<DefId> = other
                    .index
                    .symbols
                    .iter()
                    .filter(|s| s.path == name && matches!(s.kind.as_str(), "struct" | "enum" | "union" | "trait"))
                    .map(|s| DefId {
                        file: other.path.clone(),
                        path: s.path.clone(),
                    })
                    .collect();
                types
            });
        let one = found.next()?;
        found.next().is_none().then_some(one)
    }

    /// Whether a class has a field `name`: `Some(true)` declared by the class, `Some(false)`
    /// only assigned in its methods, `None` neither.
    fn field_kind(&self, facts: &Facts, class_path: &str, name: &str) -> Option<bool> {
        let fields = facts.types().fields.get(&(class_path.to_string(), name.to_string()))?;
        Some(fields.iter().any(|f| !f.assigned))
    }
}

/// Whether a top-level declaration whose name is written at `at` is exported where it is
/// made (`export function f`, `export const x`, `declare ...`).
pub fn exported(facts: &Facts, at: Range) -> bool {
    let Some(mut node) = facts.node(at) else {
        return false;
    };
    while let Some(parent) = node.parent() {
        if matches!(parent.kind(), "export_statement" | "ambient_declaration") {
            return true;
        }
        if matches!(parent.kind(), "program" | "statement_block") {
            return false;
        }
        node = parent;
    }
    false
}

/// The type an `impl Deref` block writes as its `Target` (`type Target = Inner;`).
fn deref_target_written<'t>(facts: &Facts, impl_item: tree_sitter::Node<'t>) -> Option<tree_sitter::Node<'t>> {
    let body = impl_item.child_by_field_name("body")?;
    let mut cursor = body.walk();
    let target = body.named_children(&mut cursor).find(|item| {
        item.kind() == "type_item"
            && item
                .child_by_field_name("name")
                .is_some_and(|n| facts.text_of(n) == "Target")
    })?;
    target.child_by_field_name("type")
}

/// The last segment of the path a written type starts with (`a::Inner<T> + Send` → `Inner`).
fn path_head(written: &str) -> &str {
    let head = written.trim().split(['+', '<']).next().unwrap_or_default().trim();
    head.rsplit("::").next().unwrap_or_default().trim()
}

/// Whether `type_node`, the type an `impl` is for, is one of that impl's own type
/// parameters (`P` of `impl<P: Parser> EasyParser for P`): a blanket impl.
fn is_impl_parameter(facts: &Facts, type_node: Node<'_>) -> bool {
    let Some(parameters) = type_node
        .parent()
        .and_then(|i| i.child_by_field_name("type_parameters"))
    else {
        return false;
    };
    let written = facts.text_of(type_node);
    let mut cursor = parameters.walk();
    let found = parameters.named_children(&mut cursor).any(|p| {
        let name = p.child_by_field_name("name").unwrap_or(p);
        facts.text_of(name) == written
    });
    found
}

/// Whether `name` at `at` is the bare name a macro call is written with (`name!(..)`).
fn called_as_macro(facts: &Facts, name: &str, at: usize) -> bool {
    facts.node((at, at + name.len())).is_some_and(|n| {
        n.kind() == "identifier"
            && n.parent()
                .and_then(|p| (p.kind() == "macro_invocation").then(|| p.child_by_field_name("macro")))
                .flatten()
                .is_some_and(|m| m.id() == n.id())
    })
}

/// Whether byte `at` of a file stands inside an inline `mod name { .. }`.
fn in_inline_module(facts: &Facts, at: usize) -> bool {
    facts
        .node((at, at))
        .is_some_and(|n| std::iter::successors(n.parent(), |p| p.parent()).any(|p| p.kind() == "mod_item"))
}
