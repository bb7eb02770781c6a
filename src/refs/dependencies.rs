//! What a Rust dependency's trait says of a method called on a type of the root.
//!
//! `KeypairBytes::from_pkcs8_der(der)` and `Cert::from_der(bytes)` call methods no
//! definition of the root gives the type: they are methods of traits the calling file brings
//! in from other crates (`use der::Decode;`, or through the root's own re-export, `use
//! ed25519::pkcs8::DecodePrivateKey` of `pub use pkcs8::DecodePrivateKey`). rustc reads the
//! trait's declaration in the dependency; so does this module, from the source Cargo keeps
//! (`$CARGO_HOME/registry/src/*/NAME-VERSION`, the version the root's `Cargo.lock` locks).
//! Only a return written in terms of `Self` is taken: `Self` (the type itself), `Self` in a
//! wrapper (`Result<Self>`, `Option<Self>`), an associated type of `Self` (`Self::Item`,
//! `<Self as Kem>::DecapsulationKey`, or the dependency's alias of one,
//! `DecapsulationKey<Self>` of `type DecapsulationKey<K> = <K as Kem>::DecapsulationKey`),
//! which is what the root's impl binds that name to, and a tuple of these (`kem`'s
//! `generate_keypair() -> (DecapsulationKey<Self>, EncapsulationKey<Self>)`).
//!
//! The traits in scope are the ones rustc sees: the file's imports, and those of a module
//! of the root the file globs (`use super::*;` in a test module brings the parent's `use
//! cipher::KeyInit;`). A crate name is the package its manifest says it stands for
//! (`[dependencies.common] package = "crypto-common"`, then `pub use common::KeyInit`), and
//! `pub use common;` re-exports the crate under its own name.
//!
//! The principle holds where the answer is unique: a crate locked at two versions, a trait
//! the dependency re-exports from a crate not locked, two traits in scope declaring the
//! method with different returns, or a source not on this machine leave the call unknown,
//! as before. Nothing in a dependency is ever a reference: its files are read for this
//! question only, never searched.

use super::facts::Facts;
use super::modules::rust::{crate_root, split_path};
use super::project::Project;
use super::resolve::{Entity, Resolver};
use super::scope::BindingKind;
use super::types::Ty;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// How many crates one question follows a re-export through (`ed25519` → `pkcs8`).
const MAX_HOPS: usize = 4;

/// The dependencies the root's `Cargo.lock` locks, their sources read on first use.
#[derive(Default)]
pub struct Dependencies {
    /// Crate name as code writes it (`-` as `_`) → its locked versions.
    locked: BTreeMap<String, Vec<(String, String)>>,
    /// Crate name as code writes it → the package the manifest renames to it (`-` as `_`).
    renamed: BTreeMap<String, String>,
    read: Mutex<HashMap<String, Option<Arc<Project>>>>,
}

impl Dependencies {
    /// The packages `Cargo.lock` at the root lists (none where there is no lock file), and
    /// the dependencies `Cargo.toml` renames.
    pub fn read(project: &Project) -> Dependencies {
        let mut locked: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
        let lock = project
            .read_config("Cargo.lock")
            .and_then(|t| t.parse::<toml::Table>().ok());
        let packages = lock
            .as_ref()
            .and_then(|t| t.get("package"))
            .and_then(|p| p.as_array())
            .cloned()
            .unwrap_or_default();
        for package in packages {
            let field = |k: &str| package.get(k).and_then(|v| v.as_str()).map(str::to_string);
            // Only what a registry gave: a path or git dependency is not in Cargo's registry.
            let from_registry = field("source").is_some_and(|s| s.starts_with("registry+") || s.starts_with("sparse+"));
            if let (Some(name), Some(version), true) = (field("name"), field("version"), from_registry) {
                locked.entry(name.replace('-', "_")).or_default().push((name, version));
            }
        }
        Dependencies {
            locked,
            renamed: manifest_renames(project),
            read: Mutex::default(),
        }
    }

    /// The package (`-` written `_`) that a crate name in the project's code stands for: the
    /// package its manifest renames to that name (`[dependencies.common] package =
    /// "crypto-common"`, as cipher writes `pub use common::KeyInit`), else the name itself.
    fn package_named(&self, written: &str) -> String {
        self.renamed
            .get(written)
            .cloned()
            .unwrap_or_else(|| written.to_string())
    }

    /// The source of the dependency code calls `name`, read as a project of its own.
    fn project(&self, name: &str) -> Option<Arc<Project>> {
        if let Some(known) = self.read.lock().unwrap_or_else(|e| e.into_inner()).get(name) {
            return known.clone();
        }
        let found = match self.locked.get(name).map(Vec::as_slice) {
            Some([(package, version)]) => registry_source(package, version).map(|dir| Arc::new(Project::scan(&dir))),
            _ => None,
        };
        self.read
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.to_string(), found.clone());
        found
    }
}

/// Where Cargo unpacked a registry package: `$CARGO_HOME/registry/src/<index>/NAME-VERSION`.
fn registry_source(package: &str, version: &str) -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let mut indexes: Vec<PathBuf> = std::fs::read_dir(home.join("registry/src"))
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    indexes.sort();
    indexes
        .into_iter()
        .map(|index| index.join(format!("{package}-{version}")))
        .find(|dir| dir.join("Cargo.toml").is_file())
}

/// What calling `method` on a type of the root gives, where a trait the file `facts` brings
/// in from a dependency declares its return in terms of `Self` (see the module docs), and
/// every such trait agrees: `made`, the value of that type, what the type binds an
/// associated type to, these wrapped or in a tuple.
pub fn trait_method_return(resolver: &Resolver<'_>, facts: &Facts, made: Ty, method: &str, at: usize) -> Option<Ty> {
    let project = resolver.project;
    let r = &facts.lang.resolve;
    let mut found: Option<Ty> = None;
    for (importer, import) in imports_in_scope(resolver, facts, at) {
        let mut segments = split_path(&import.module);
        segments.extend(import.name.clone());
        let Some((krate, path)) = origin(resolver, &importer, &segments, import.statement.0, 0) else {
            continue;
        };
        let Some(written) = declared_return(project, &project.dependencies().package_named(&krate), &path, method, 0)
        else {
            continue;
        };
        let ty = written_type(resolver, &written, &made, &r.wrapping)?;
        match &found {
            Some(earlier) if *earlier != ty => return None,
            _ => found = Some(ty),
        }
    }
    found
}

/// The imports whose names are in scope at `at` in `facts` (an import inside a block brings
/// its names there only), with the file each is written in: the file's own, and those of
/// each module of the root a glob of the file imports from (`use super::*;` in a test
/// module brings the parent's `use cipher::KeyInit;`, as rustc's glob brings every name the
/// module has that the importer can see), one glob deep.
fn imports_in_scope(resolver: &Resolver<'_>, facts: &Facts, at: usize) -> Vec<(Arc<Facts>, super::facts::Import)> {
    let in_scope = |facts: &Facts, import: &super::facts::Import, at: Option<usize>| {
        facts
            .node(import.statement)
            .and_then(|n| n.parent())
            .is_some_and(|p| match at {
                Some(at) => p.start_byte() <= at && at < p.end_byte(),
                // A glob reaches a file's top level only.
                None => p.parent().is_none(),
            })
    };
    let Some(own) = resolver.facts(&facts.path) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for import in facts
        .imports
        .iter()
        .filter(|i| !i.submodule && in_scope(facts, i, Some(at)))
    {
        if !import.glob {
            found.push((own.clone(), import.clone()));
            continue;
        }
        let segments = split_path(&import.module);
        let Entity::Module(module) = resolver.rust_qualifier(facts, &segments, import.statement.0, 0) else {
            continue;
        };
        if !module.inner.is_empty() || module.file == facts.path {
            continue;
        }
        let Some(globbed) = resolver.facts(&module.file) else {
            continue;
        };
        let reached: Vec<super::facts::Import> = globbed
            .imports
            .iter()
            .filter(|i| !i.glob && !i.submodule && in_scope(&globbed, i, None))
            .cloned()
            .collect();
        found.extend(reached.into_iter().map(|i| (globbed.clone(), i)));
    }
    found
}

/// The type a return written as `written` is for the type of the root whose value is
/// `made`; `None` where any part of it is not read.
fn written_type(resolver: &Resolver<'_>, written: &Written, made: &Ty, wrapping: &[String]) -> Option<Ty> {
    Some(match written {
        Written::SelfType => made.clone(),
        Written::Associated(name) => resolver.associated_type(made, name, 0)?,
        Written::Wrapped(wrapper, inner) if wrapping.contains(wrapper) => Ty::Wrapped(
            wrapper.clone(),
            Box::new(written_type(resolver, inner, made, wrapping)?),
            None,
        ),
        Written::Tuple(items) => Ty::Tuple(
            items
                .iter()
                .map(|i| written_type(resolver, i, made, wrapping))
                .collect::<Option<Vec<Ty>>>()?,
        ),
        Written::Wrapped(..) | Written::Other => return None,
    })
}

/// A trait method's written return, as far as this module reads it.
#[derive(Debug, PartialEq)]
enum Written {
    SelfType,
    /// `Self::Item`, `<Self as Kem>::DecapsulationKey`: the associated type's name.
    Associated(String),
    /// `Result<Self>`, `Option<Self::Item>`: the wrapper's name and what it holds first.
    Wrapped(String, Box<Written>),
    /// `(DecapsulationKey<Self>, EncapsulationKey<Self>)`.
    Tuple(Vec<Written>),
    Other,
}

/// The crate and path outside the root that a path written in `facts` at `at` names
/// (`ed25519::pkcs8::DecodePrivateKey` → `pkcs8`, `DecodePrivateKey`), re-exports of the
/// root followed; `None` for a path that names something of the root or nothing known.
fn origin(
    resolver: &Resolver<'_>,
    facts: &Facts,
    segments: &[String],
    at: usize,
    depth: usize,
) -> Option<(String, Vec<String>)> {
    if depth > MAX_HOPS * 4 {
        return None;
    }
    // The longest head of the path that is a module of the root; the segment after it is
    // bound there (by an import, followed) or the path leaves the root at its first segment.
    for split in (1..segments.len()).rev() {
        let Entity::Module(module) = resolver.rust_qualifier(facts, &segments[..split], at, 0) else {
            continue;
        };
        let module_facts = resolver.facts(&module.file)?;
        return bound_import(resolver, &module_facts, &segments[split], &segments[split + 1..], depth);
    }
    let first = segments.first()?;
    if let Some(found) = bound_import(resolver, facts, first, &segments[1..], depth) {
        return Some(found);
    }
    match resolver.rust_qualifier(facts, &segments[..1], at, 0) {
        Entity::External
            if !matches!(
                first.as_str(),
                "crate" | "self" | "super" | "Self" | "std" | "core" | "alloc"
            ) =>
        {
            Some((first.clone(), segments[1..].to_vec()))
        }
        _ => None,
    }
}

/// The origin of the name `name` an import of `facts`' top level binds, `rest` after it.
fn bound_import(
    resolver: &Resolver<'_>,
    facts: &Facts,
    name: &str,
    rest: &[String],
    depth: usize,
) -> Option<(String, Vec<String>)> {
    let binding = facts.scopes.module_binding(name, facts.text().len())?;
    let BindingKind::Import(i) = binding.kind else {
        return None;
    };
    let import = facts.imports.get(i)?;
    let mut segments = split_path(&import.module);
    segments.extend(import.name.clone());
    // `pub use common;`: the crate of that name, re-exported under its own name.
    if segments.len() == 1 && segments[0] == name && !import.aliased {
        return Some((name.to_string(), rest.to_vec()));
    }
    segments.extend(rest.iter().cloned());
    origin(resolver, facts, &segments, import.statement.0, depth + 1)
}

/// What `method` of the trait at `path` of dependency `krate` is written to return.
fn declared_return(root: &Project, krate: &str, path: &[String], method: &str, hops: usize) -> Option<Written> {
    if hops > MAX_HOPS {
        return None;
    }
    let dependency = root.dependencies().project(krate)?;
    let resolver = Resolver::new(&dependency);
    let lib = crate_root(&dependency, "src/lib.rs")?;
    let lib_facts = dependency.facts(&lib.file)?;
    let mut segments = vec!["crate".to_string()];
    segments.extend(path.iter().cloned());
    match resolver.rust_path(&lib_facts, &segments, 0, 0) {
        Entity::Def(trait_def) => {
            let facts = dependency.facts(&trait_def.file)?;
            let symbol = facts.symbol(&trait_def.path).filter(|s| s.kind == "trait")?;
            let method = facts.symbol(&format!("{}.{method}", symbol.path))?;
            let declared = facts.node(facts.declaration(method))?;
            let function = std::iter::successors(Some(declared), |n| n.parent())
                .find(|n| matches!(n.kind(), "function_item" | "function_signature_item"))?;
            let written = function.child_by_field_name("return_type")?;
            Some(read_return(&resolver, &facts, written, "Self", 0))
        }
        Entity::External => {
            let (next, rest) = origin(&resolver, &lib_facts, &segments, 0, 0)?;
            declared_return(
                root,
                &dependency.dependencies().package_named(&next),
                &rest,
                method,
                hops + 1,
            )
        }
        _ => None,
    }
}

/// The dependencies `project`'s manifest renames: the name code writes → the package
/// (`-` written `_`), from every dependency table, a target's among them.
fn manifest_renames(project: &Project) -> BTreeMap<String, String> {
    let manifest = project
        .read_config("Cargo.toml")
        .and_then(|t| t.parse::<toml::Table>().ok());
    let sections = ["dependencies", "dev-dependencies", "build-dependencies"];
    let mut tables: Vec<&toml::Table> = Vec::new();
    if let Some(manifest) = &manifest {
        tables.extend(
            sections
                .iter()
                .filter_map(|s| manifest.get(*s).and_then(|t| t.as_table())),
        );
        // `[target.'cfg(..)'.dependencies]`: the same names, for some targets.
        for target in manifest
            .get("target")
            .and_then(|t| t.as_table())
            .into_iter()
            .flat_map(|t| t.values())
        {
            tables.extend(
                sections
                    .iter()
                    .filter_map(|s| target.get(*s).and_then(|t| t.as_table())),
            );
        }
    }
    tables
        .iter()
        .flat_map(|t| t.iter())
        .filter_map(|(name, entry)| {
            let package = entry.get("package").and_then(|p| p.as_str())?;
            Some((name.replace('-', "_"), package.replace('-', "_")))
        })
        .collect()
}

/// A return written in `facts` of a dependency, in terms of the type parameter `own`
/// (`Self` in a trait; `K` in the body of `type DecapsulationKey<K> = <K as
/// Kem>::DecapsulationKey`, an alias of the dependency read where it is written with `Self`).
fn read_return(
    resolver: &Resolver<'_>,
    facts: &Facts,
    written: tree_sitter::Node<'_>,
    own: &str,
    hops: usize,
) -> Written {
    if hops > MAX_HOPS {
        return Written::Other;
    }
    let text = |n: tree_sitter::Node<'_>| facts.text_of(n);
    match written.kind() {
        _ if text(written) == own => Written::SelfType,
        // `Self::Item`, `<Self as Kem>::DecapsulationKey`.
        "scoped_type_identifier" => {
            let path = written.child_by_field_name("path");
            let of_own = path.is_some_and(|p| match p.kind() {
                "bracketed_type" => p
                    .named_child(0)
                    .filter(|q| q.kind() == "qualified_type")
                    .and_then(|q| q.child_by_field_name("type"))
                    .is_some_and(|t| text(t) == own),
                _ => text(p) == own,
            });
            match (of_own, written.child_by_field_name("name")) {
                (true, Some(name)) => Written::Associated(text(name).to_string()),
                _ => Written::Other,
            }
        }
        "tuple_type" => {
            let mut cursor = written.walk();
            let items: Vec<tree_sitter::Node<'_>> = written.named_children(&mut cursor).collect();
            Written::Tuple(
                items
                    .into_iter()
                    .map(|i| read_return(resolver, facts, i, own, hops))
                    .collect(),
            )
        }
        "generic_type" => {
            let Some(base) = written.child_by_field_name("type") else {
                return Written::Other;
            };
            let Some(first) = written
                .child_by_field_name("type_arguments")
                .and_then(|a| a.named_child(0))
            else {
                return Written::Other;
            };
            let held = read_return(resolver, facts, first, own, hops);
            if held == Written::Other {
                return Written::Other;
            }
            // `DecapsulationKey<Self>`: an alias of the dependency over one type parameter,
            // read with that parameter for `Self`.
            if held == Written::SelfType {
                if let Some(aliased) = read_alias(resolver, facts, base, hops) {
                    return aliased;
                }
            }
            let name = text(base);
            Written::Wrapped(name.rsplit("::").next().unwrap_or(name).to_string(), Box::new(held))
        }
        _ => Written::Other,
    }
}

/// What an alias of the dependency over one type parameter, named by `base` in `facts`,
/// stands for in terms of that parameter; `None` where `base` names no such alias.
fn read_alias(resolver: &Resolver<'_>, facts: &Facts, base: tree_sitter::Node<'_>, hops: usize) -> Option<Written> {
    let segments = split_path(facts.text_of(base));
    let Entity::Def(alias) = resolver.rust_path(facts, &segments, base.start_byte(), 0) else {
        return None;
    };
    let alias_facts = resolver.facts(&alias.file)?;
    let declaration = alias_facts.node(alias_facts.declaration(alias_facts.symbol(&alias.path)?))?;
    let item = std::iter::successors(Some(declaration), |n| n.parent()).find(|n| n.kind() == "type_item")?;
    let parameters = item.child_by_field_name("type_parameters")?;
    let mut cursor = parameters.walk();
    let names: Vec<tree_sitter::Node<'_>> = parameters
        .named_children(&mut cursor)
        .filter(|p| p.kind() != "lifetime" && p.kind() != "lifetime_parameter")
        .collect();
    let [parameter] = names.as_slice() else {
        return None;
    };
    let own = parameter.child_by_field_name("name").unwrap_or(*parameter);
    let body = item.child_by_field_name("type")?;
    Some(read_return(
        resolver,
        &alias_facts,
        body,
        alias_facts.text_of(own),
        hops + 1,
    ))
}
