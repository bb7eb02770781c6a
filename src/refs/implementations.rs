//! The implementations of a member: the members of other types that are the same member as
//! far as the language's checker goes, so that renaming one alone breaks the program.
//!
//! A trait's method, associated constant or type is implemented in every `impl Trait for T`
//! block, under the same name: rustc rejects an impl whose member the trait does not
//! declare, and one missing a member the trait declares. A TypeScript interface's or
//! class's member is implemented or overridden by the member of that name in each class
//! whose `implements` or `extends` clause reaches the type (through any number of bases),
//! and redeclared by each interface extending it: the checker holds the two to one type.
//! A language says whether its members are held so (`renames_implementations`); Python's
//! override is a method of its own, renamed alone, as rope's rename does by default.
//!
//! The relation runs both ways: a member implements the members of that name its trait or
//! bases declare (`implemented`), and a rename takes the whole family the two directions
//! reach (`family`), as a language server's rename does: renaming `Impl.encode` of a class
//! that `implements Encoder` renames `Encoder.encode` and every other implementation with
//! it, for the checker holds all of them to one name. A base saguaro cannot resolve (a
//! dependency's class or trait) is reported as unreached, so that a caller can refuse
//! rather than rename half a family.
//!
//! An implementation is found by name first (the files writing the member's name), then
//! kept only where the type declaring it reaches the member's type: a Rust member where the
//! trait its `impl` block names resolves to the trait; a class's member where one of the
//! class's bases, followed base by base, resolves to the type. A base saguaro cannot
//! resolve reaches nothing.

use super::facts::{Facts, Range};
use super::resolve::{DefId, Entity, Resolver};
use crate::symbols::Symbol;

/// How many bases are followed up from one class: a bound against a cycle, not a depth real
/// class hierarchies reach.
const MAX_BASES: usize = 64;

/// A member held to one name with another (implementing it, or implemented by it): its
/// file and where its name is written.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Implementation {
    pub file: String,
    pub name_at: Range,
}

impl Resolver<'_> {
    /// The members implementing or overriding `symbol` of `facts` (a member of a trait, an
    /// interface or a class), in file order; empty where the language holds none so.
    pub fn implementations(&self, facts: &Facts, symbol: &Symbol) -> Vec<Implementation> {
        let r = &facts.lang.resolve;
        let Some(owner_path) = symbol.parent_path.as_deref() else {
            return Vec::new();
        };
        if !r.renames_implementations {
            return Vec::new();
        }
        let owner = DefId {
            file: facts.path.clone(),
            path: owner_path.to_string(),
        };
        let mut found = Vec::new();
        for file in self.project.files_naming(facts.lang, &symbol.name) {
            let Some(other) = self.facts(file) else {
                continue;
            };
            for candidate in &other.index.symbols {
                let Some(parent) = candidate.parent_path.as_deref() else {
                    continue;
                };
                let same = other.path == facts.path && candidate.path == symbol.path;
                if candidate.name != symbol.name || same || candidate.kind == "module" {
                    continue;
                }
                let implements = match r.modules_is_rust() {
                    true => self.impl_block_names(&other, candidate, &owner),
                    false => self.reaches(&other, parent, &owner),
                };
                if implements {
                    found.push(Implementation {
                        file: other.path.clone(),
                        name_at: other.name_range(candidate),
                    });
                }
            }
        }
        found.sort();
        found.dedup();
        found
    }

    /// The members `symbol` implements or overrides: the members of its name that the trait
    /// its `impl` block names declares, or that its class's bases declare (base by base, all
    /// the way up); and whether some trait or base could not be resolved to a definition of
    /// the root (a dependency's), whose members saguaro cannot see.
    pub fn implemented(&self, facts: &Facts, symbol: &Symbol) -> (Vec<Implementation>, bool) {
        let r = &facts.lang.resolve;
        let (mut found, mut unreached) = (Vec::new(), false);
        let Some(owner_path) = symbol.parent_path.as_deref() else {
            return (found, unreached);
        };
        if !r.renames_implementations {
            return (found, unreached);
        }
        let declared_in = |def: &DefId, found: &mut Vec<Implementation>| {
            let Some(holder) = self.facts(&def.file) else {
                return;
            };
            for member in holder.index.symbols.iter().filter(|m| {
                m.name == symbol.name && m.kind != "module" && m.parent_path.as_deref() == Some(def.path.as_str())
            }) {
                found.push(Implementation {
                    file: holder.path.clone(),
                    name_at: holder.name_range(member),
                });
            }
        };
        if r.modules_is_rust() {
            match self.implemented_trait_of(facts, symbol) {
                Some(Some(def)) => declared_in(&def, &mut found),
                Some(None) => unreached = true,
                None => {}
            }
        } else {
            let (ancestors, unresolved) = self.ancestors(facts, owner_path);
            unreached = unresolved;
            for ancestor in &ancestors {
                declared_in(ancestor, &mut found);
            }
        }
        found.sort();
        found.dedup();
        (found, unreached)
    }

    /// Every member held to one name with `symbol`, itself aside: the members it
    /// implements, the members implementing those or it, and so on until nothing new is
    /// reached; and whether some trait or base on the way could not be resolved.
    pub fn family(&self, facts: &Facts, symbol: &Symbol) -> (Vec<Implementation>, bool) {
        let start = Implementation {
            file: facts.path.clone(),
            name_at: facts.name_range(symbol),
        };
        let mut reached = vec![start.clone()];
        let mut unreached = false;
        let mut next = 0;
        while next < reached.len() && reached.len() <= MAX_BASES {
            let member = reached[next].clone();
            next += 1;
            let Some(member_facts) = self.facts(&member.file) else {
                continue;
            };
            let Some(member_symbol) = member_facts.symbol_named_at(member.name_at) else {
                continue;
            };
            let (up, up_unreached) = self.implemented(&member_facts, member_symbol);
            unreached |= up_unreached;
            for other in up.into_iter().chain(self.implementations(&member_facts, member_symbol)) {
                if !reached.contains(&other) {
                    reached.push(other);
                }
            }
        }
        let mut family: Vec<Implementation> = reached.into_iter().filter(|m| *m != start).collect();
        family.sort();
        (family, unreached)
    }

    /// The trait of the implementation block (`impl Trait for T`) `candidate` is written in:
    /// `None` outside one, `Some(None)` for a trait that resolves to no definition of the
    /// root (a dependency's).
    fn implemented_trait_of(&self, facts: &Facts, candidate: &Symbol) -> Option<Option<DefId>> {
        let r = &facts.lang.resolve;
        let written = facts
            .node(facts.declaration(candidate))
            .and_then(|declaration| super::types::implemented_trait(r, declaration))?;
        Some(self.annotation(facts, written, 0).definition().cloned())
    }

    /// Whether `candidate` is written in an implementation block whose trait resolves to
    /// `owner`.
    fn impl_block_names(&self, facts: &Facts, candidate: &Symbol, owner: &DefId) -> bool {
        self.implemented_trait_of(facts, candidate).flatten().as_ref() == Some(owner)
    }

    /// Whether the class at `class_path` in `facts` has `owner` among its bases, followed
    /// base by base.
    fn reaches(&self, facts: &Facts, class_path: &str, owner: &DefId) -> bool {
        self.ancestors(facts, class_path).0.contains(owner)
    }

    /// The classes of the root the class at `class_path` in `facts` reaches through its
    /// bases, followed base by base; and whether some base on the way resolved to none.
    fn ancestors(&self, facts: &Facts, class_path: &str) -> (Vec<DefId>, bool) {
        let (mut reached, mut unresolved) = (Vec::new(), false);
        let mut seen: Vec<DefId> = Vec::new();
        let mut pending = vec![DefId {
            file: facts.path.clone(),
            path: class_path.to_string(),
        }];
        while let Some(class) = pending.pop() {
            if seen.contains(&class) || seen.len() > MAX_BASES {
                continue;
            }
            if let Some(holder) = self.facts(&class.file) {
                for base in self.bases(&holder, &class.path, 0) {
                    match base {
                        Entity::Def(def) => {
                            if !reached.contains(&def) {
                                reached.push(def.clone());
                            }
                            pending.push(def);
                        }
                        _ => unresolved = true,
                    }
                }
            }
            seen.push(class);
        }
        (reached, unresolved)
    }
}
