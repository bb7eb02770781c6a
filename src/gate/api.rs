//! `saguaro check --api`: the breaking changes to a library's PUBLIC surface between the
//! old tree and the new one, whoever calls it — for authors whose callers live outside the
//! repository — and the semver level the change needs.
//!
//! The surface, as each language's users reach it (the old side for what was there, the
//! new side for what is added); what is defined inside a function is never part of it:
//! - Python: names without a leading `_` (dunders are public) along the whole name path
//!   and the module path; a module's `__all__`, when it has one, lists its public names;
//!   a name of a private module that a package's `__init__.py` imports is public there.
//! - Rust: `pub` items along the name path (a method is as reachable as its type), in
//!   modules the crate root reaches through `pub mod`, or named by a `pub use` of the root.
//! - TypeScript/JavaScript: what the package's entry points export (`package.json`'s
//!   `types`, `main`, `module`, `exports`; a built path read as its source under `src/`),
//!   through barrels (`export * from`, `export { a } from`), and those declarations'
//!   members that are not `private` or `#name`; without a package.json whose entry points
//!   are in the tree, every exported declaration counts.
//!
//! The level: `major` when a public definition breaks (any breakage but a changed
//! default), `minor` when public definitions are added or a default changed, `patch`
//! otherwise. Findings above `--allow-level` fail; the others are notes.

use super::{Changes, CheckReport, Finding};
use crate::impact::breakage::{self, ChangedDefinition, Severity};
use crate::impact::callsites::Confidence;
use crate::impact::signature::{self, Signature};
use crate::lang::{Language, Registry};
use crate::source::SourceText;
use crate::symbols::{Symbol, SymbolIndex};
use serde::Serialize;

/// A semver level, least first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Patch,
    Minor,
    Major,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Patch => "patch",
            Level::Minor => "minor",
            Level::Major => "major",
        }
    }
}

/// What `--api` adds to the report.
#[derive(Debug, Clone, Serialize)]
pub struct ApiVerdict {
    /// The level the change needs.
    pub level: Level,
    /// The level `--allow-level` permits.
    pub allowed: Level,
    /// Public definitions the new tree adds (`file: path`).
    pub added: Vec<String>,
}

/// The report of `check --api` over `changes`.
pub fn report(changes: &Changes, against: String, allowed: Level) -> CheckReport {
    let registry = Registry::global();
    let read_old = |path: &str| super::text_at(&changes.top, &changes.old_rev, path);
    let read_new = |path: &str| {
        changes
            .files
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.after.clone())
            .unwrap_or_else(|| std::fs::read_to_string(changes.top.join(path)).ok())
    };
    let list_old = || {
        super::git(&changes.top, &["ls-tree", "-r", "-z", "--name-only", &changes.old_rev])
            .map(|out| super::split_paths(&out))
            .unwrap_or_default()
    };
    let list_new = || {
        super::git(&changes.top, &["ls-files", "-z"])
            .map(|out| super::split_paths(&out))
            .unwrap_or_default()
    };
    let (old_side, new_side) = (Side::new(&read_old, &list_old), Side::new(&read_new, &list_new));
    let mut findings = Vec::new();
    let mut level = Level::Patch;
    // The old tree as the references layer reads it, for the subclasses of a class that
    // lost a member: built only when one did.
    let old_project = std::cell::OnceCell::new();
    let surfaces = Surfaces::read(changes, &old_side, &new_side);
    let mut defs = moves_followed(&surfaces, &old_side, crate::impact::changed_definitions(&changes.files));
    let lost = surfaces.lost();
    // A member of a holder no longer reached goes with it: the holder's loss says it all.
    defs.retain(|d| {
        !d.parent
            .as_deref()
            .is_some_and(|p| lost.contains(&(d.file.as_str(), p)))
    });
    defs.extend(unreachable(&surfaces, &lost, &defs));
    for def in defs {
        let Some(lang) = registry.for_path(&def.file) else {
            continue;
        };
        // The old file's index, read once with the surfaces (a changed definition's file
        // is a changed file).
        let Some(index) = surfaces.old_indexes.get(&def.file).and_then(|i| i.as_ref()) else {
            continue;
        };
        let Some(symbol) = index.symbols.iter().find(|s| s.path == def.path) else {
            continue;
        };
        if !public(lang, &def.file, index, symbol, &old_side) {
            continue;
        }
        let worst = def
            .breakages
            .iter()
            .max_by_key(|b| b.severity)
            .expect("a change has a breakage");
        let needs = if def.breakages.iter().all(|b| b.severity == Severity::Low) {
            Level::Minor
        } else {
            Level::Major
        };
        level = level.max(needs);
        let mut found = finding(&def, worst.kind, worst.severity);
        // What the peers call each breakage of the definition, the worst's lint first.
        for breakage in std::iter::once(worst).chain(def.breakages.iter()) {
            let peers = crate::impact::peers::finding(&def, breakage, &lang.name);
            for kind in peers.griffe_kind {
                if !found.griffe_kind.contains(&kind) {
                    found.griffe_kind.push(kind);
                }
            }
            found.lint = found.lint.or(peers.lint);
        }
        // A Python definition removed from its module is gone too where a package's
        // `__init__.py` imported it, unless the package still imports the name.
        if def.removed() && def.parent.is_none() && lang.name == "python" {
            for init in package_reexporters(&def.file, &def.name, &|p| old_side.read(p)) {
                if !new_side.read(&init).is_some_and(|text| imports_word(&text, &def.name)) {
                    found.also_at.push(format!("{init}: {}", def.name));
                }
            }
        }
        if def.removed() {
            if let Some(class) = &def.parent {
                let project = old_project.get_or_init(|| {
                    crate::refs::project::Project::new(&changes.top, super::tree_texts(&changes.top, &changes.old_rev))
                });
                let inherited: Vec<String> = inheritors(project, &def.file, class)
                    .into_iter()
                    .filter(|(file, sub)| {
                        lost_by(project, &surfaces, file, sub, &def.name)
                            && project.facts(file).is_some_and(|facts| {
                                facts
                                    .index
                                    .symbols
                                    .iter()
                                    .any(|s| &s.path == sub && public(lang, file, &facts.index, s, &old_side))
                            })
                    })
                    .map(|(file, sub)| format!("{file}: {sub}.{}", def.name))
                    .collect();
                found.also_at.extend(inherited);
            }
        }
        if !found.also_at.is_empty() {
            let paths: Vec<String> = found
                .also_at
                .iter()
                .map(|s| format!("`{}`", s.rsplit(": ").next().unwrap_or(s)))
                .collect();
            found
                .message
                .push_str(&format!("; gone too where it was reached as {}", paths.join(", ")));
        }
        findings.push((needs, found));
    }
    // Added: public now at paths none of which reached it before: a new definition, or
    // one made public (`pub(crate) fn from_boxed` → `pub fn`), not one that moved.
    let mut added = Vec::new();
    for file in &changes.files {
        let Some(lang) = registry.for_path(&file.path) else {
            continue;
        };
        if file.after.is_none() {
            continue;
        }
        let Some(new) = surfaces.new_indexes.get(&file.path).and_then(|i| i.as_ref()) else {
            continue;
        };
        for symbol in &new.symbols {
            if public(lang, &file.path, new, symbol, &new_side)
                && !public_paths(lang, &file.path, new, symbol, &new_side)
                    .iter()
                    .any(|p| surfaces.old.contains_key(p))
            {
                added.push(format!("{}: {}", file.path, symbol.path));
            }
        }
    }
    if !added.is_empty() {
        level = level.max(Level::Minor);
    }
    let (mut failures, mut notes) = (Vec::new(), Vec::new());
    for (needs, mut f) in findings {
        if needs > allowed {
            failures.push(f);
        } else {
            f.allowed_by = Some(format!("--allow-level {}", allowed.as_str()));
            notes.push(f);
        }
    }
    CheckReport {
        kind: "check_report",
        against,
        files: changes.files.iter().map(|f| f.path.clone()).collect(),
        failures,
        notes,
        api: Some(ApiVerdict { level, allowed, added }),
    }
}

/// The changed files' public definitions on one side, by the paths their users reach
/// them at ([`public_paths`]): path → (file, name path).
fn surface(
    changes: &Changes,
    side: &Side<'_>,
    old: bool,
    indexes: &mut std::collections::HashMap<String, Option<SymbolIndex>>,
) -> std::collections::HashMap<String, (String, String)> {
    let registry = Registry::global();
    let mut by_path = std::collections::HashMap::new();
    for file in &changes.files {
        // A renamed file is its old path on the old side.
        let path = match (old, &file.renamed_from) {
            (true, Some(from)) => from.clone(),
            _ => file.path.clone(),
        };
        let Some(lang) = registry.for_path(&path) else { continue };
        let index = indexes
            .entry(path.clone())
            .or_insert_with(|| SymbolIndex::build(SourceText::new(side.read(&path)?), &lang.name).ok());
        let Some(index) = index.as_ref() else { continue };
        for symbol in &index.symbols {
            if public(lang, &path, index, symbol, side) {
                for public_path in public_paths(lang, &path, index, symbol, side) {
                    by_path
                        .entry(public_path)
                        .or_insert((path.clone(), symbol.path.clone()));
                }
            }
        }
    }
    by_path
}

/// The paths users reach a public definition at: each module path that gives it (its own
/// module when that is public; the crate root or a package that re-exports it), joined
/// with its name path. Two definitions with a path in common are one item to their users.
fn public_paths(lang: &Language, file: &str, index: &SymbolIndex, symbol: &Symbol, side: &Side<'_>) -> Vec<String> {
    let mut top = symbol;
    while let Some(parent) = top
        .parent_path
        .as_deref()
        .and_then(|p| index.symbols.iter().find(|s| s.path == p))
    {
        top = parent;
    }
    let top_name = top.path.split('.').next().unwrap_or(&top.path);
    let read = |p: &str| side.read(p);
    let mut modules: Vec<String> = Vec::new();
    match lang.name.as_str() {
        "rust" => {
            if rust_module_public(file, &read) {
                modules.push(rust_module_path(file));
            }
            if root_reexports(file, top_name, &read) || root_names_public_type(file, top_name, &read) {
                modules.push(String::new());
            }
            modules.extend(parent_reexports(file, top_name, &read));
            if modules.is_empty() {
                modules.extend(chained_reexports(file, top_name, side, 3));
            }
        }
        "python" => {
            let dotted = |f: &str| {
                f.trim_end_matches(".py")
                    .trim_end_matches("/__init__")
                    .replace('/', ".")
            };
            if module_public(file) {
                modules.push(dotted(file));
            }
            modules.extend(
                package_reexporters(file, top_name, &read)
                    .iter()
                    .map(|init| dotted(init)),
            );
        }
        // What a package's entry points export: by name.
        _ => modules.push(String::new()),
    }
    modules.sort();
    modules.dedup();
    modules.into_iter().map(|m| format!("{m}::{}", symbol.path)).collect()
}

/// A Rust file's module path below its crate's source folder (`src/a/b.rs`, `src/a/b/mod.rs`
/// → `a::b`; `src/lib.rs` → the root).
fn rust_module_path(file: &str) -> String {
    let inside = file.rsplit_once("src/").map_or(file, |(_, rest)| rest);
    let stem = inside.trim_end_matches(".rs");
    let stem = stem
        .strip_suffix("/mod")
        .or_else(|| (stem == "lib" || stem == "main").then_some(""))
        .unwrap_or(stem);
    stem.replace('/', "::")
}

/// Definitions of the changed files that were public and still exist where they were,
/// but that no public path reaches any more: `pub fn` → `pub(crate) fn`, `pub mod raw` →
/// `mod raw`, a `pub use` dropped. A member goes with a holder that is no longer reached.
fn unreachable(
    surfaces: &Surfaces,
    lost: &std::collections::BTreeSet<(&str, &str)>,
    defs: &[ChangedDefinition],
) -> Vec<ChangedDefinition> {
    let mut out = Vec::new();
    for &(file, path) in lost {
        let reported = defs.iter().any(|d| d.file == file && d.path == path);
        let old = surfaces.old_indexes.get(file).and_then(|i| i.as_ref());
        let new = surfaces.new_indexes.get(file).and_then(|i| i.as_ref());
        let (false, Some(old), Some(new)) = (reported, old, new) else {
            continue;
        };
        let Some(symbol) = old.symbols.iter().find(|s| s.path == path) else {
            continue;
        };
        let still_defined = new.symbols.iter().any(|s| s.path == path && s.kind == symbol.kind);
        let holder_lost = symbol.parent_path.as_deref().is_some_and(|p| lost.contains(&(file, p)));
        if still_defined && !holder_lost {
            out.push(breakage::no_longer_public(file, symbol));
        }
    }
    out
}

/// The changed definitions with moves followed: a public definition gone from its file
/// but defined, of the same kind, in another changed file at a public path it had (`pub
/// struct Version` moved from version.rs into lib.rs, `semver::Version` either way) is
/// not removed. It is compared with where it is now, and so are its members: one the new
/// definition lacks is removed (and a member changed is compared), as cargo-semver-checks
/// and griffe, which read the API and not the files, report them.
/// The changed files of both sides, indexed, and their public definitions by path.
struct Surfaces {
    old_indexes: std::collections::HashMap<String, Option<SymbolIndex>>,
    new_indexes: std::collections::HashMap<String, Option<SymbolIndex>>,
    old: std::collections::HashMap<String, (String, String)>,
    new: std::collections::HashMap<String, (String, String)>,
}

impl Surfaces {
    /// The old side's public definitions (file, name path) that no path reaches in the new
    /// tree: gone, moved away from their public paths, or no longer public.
    fn lost(&self) -> std::collections::BTreeSet<(&str, &str)> {
        let mut all_gone: std::collections::BTreeMap<(&str, &str), bool> = std::collections::BTreeMap::new();
        for (path, (file, symbol)) in &self.old {
            *all_gone.entry((file.as_str(), symbol.as_str())).or_insert(true) &= !self.new.contains_key(path);
        }
        all_gone
            .into_iter()
            .filter(|(_, gone)| *gone)
            .map(|(key, _)| key)
            .collect()
    }

    fn read(changes: &Changes, old_side: &Side<'_>, new_side: &Side<'_>) -> Surfaces {
        let (mut old_indexes, mut new_indexes) = Default::default();
        let new = surface(changes, new_side, false, &mut new_indexes);
        let old = surface(changes, old_side, true, &mut old_indexes);
        Surfaces {
            old_indexes,
            new_indexes,
            old,
            new,
        }
    }
}

fn moves_followed(surfaces: &Surfaces, old_side: &Side<'_>, defs: Vec<ChangedDefinition>) -> Vec<ChangedDefinition> {
    let registry = Registry::global();
    let Surfaces {
        old_indexes,
        new_indexes,
        new: new_surface,
        ..
    } = surfaces;
    // Where a public path of the old definition leads in the new tree, if it is defined
    // there in another changed file: (index, definition).
    // Every public path it had must lead there: one lost is a removal for its users
    // (`marshmallow.utils.EXCLUDE` gone though `marshmallow.EXCLUDE` stays).
    let moved_to = |lang: &Language, file: &str, old: &SymbolIndex, symbol: &Symbol| {
        let paths = public_paths(lang, file, old, symbol, old_side);
        let targets: Vec<&(String, String)> = paths.iter().map(|p| new_surface.get(p)).collect::<Option<_>>()?;
        let (new_file, new_path) = *targets.first()?;
        if targets.iter().any(|t| *t != targets[0]) {
            return None;
        }
        let index = new_indexes.get(new_file)?.as_ref()?;
        let now = index
            .symbols
            .iter()
            .find(|s| &s.path == new_path && s.kind == symbol.kind)?;
        Some((new_file != file, index, now))
    };
    let mut out = Vec::new();
    for def in defs {
        let lang = registry.for_path(&def.file);
        let old = old_indexes.get(&def.file).and_then(|i| i.as_ref());
        let (Some(lang), Some(old), true) = (lang, old, def.removed()) else {
            out.push(def);
            continue;
        };
        let Some(symbol) = old.symbols.iter().find(|s| s.path == def.path) else {
            out.push(def);
            continue;
        };
        let Some((true, new, there)) = moved_to(lang, &def.file, old, symbol) else {
            out.push(def);
            continue;
        };
        out.extend(breakage::moved(&def.file, lang, old, symbol, new, there));
        // Its members, from the old file (the comparison file by file took them away with
        // it): each compared where it is now, or removed.
        for member in old
            .symbols
            .iter()
            .filter(|s| s.parent_path.as_deref() == Some(symbol.path.as_str()))
        {
            if !public(lang, &def.file, old, member, old_side) {
                continue;
            }
            match moved_to(lang, &def.file, old, member) {
                Some((_, index, now)) => out.extend(breakage::moved(&def.file, lang, old, member, index, now)),
                None => out.push(breakage::removed(&def.file, member)),
            }
        }
    }
    out
}

/// A breaking change to the surface, at the definition, with its signature before and after.
fn finding(def: &ChangedDefinition, kind: &'static str, severity: Severity) -> Finding {
    let (line, _) = def.new_lines.unwrap_or(def.old_lines);
    let description = def
        .breakages
        .iter()
        .map(|b| b.description.clone())
        .collect::<Vec<_>>()
        .join("; ");
    let shown = |sig: &Option<Signature>| sig.as_ref().map(|s| written(&def.name, s));
    let message = match (shown(&def.old), shown(&def.new)) {
        (Some(old), Some(new)) if old != new => format!("{description} (was `{old}`, now `{new}`)"),
        (Some(old), _) if def.new.is_none() => format!("{description} (was `{old}`)"),
        _ => description,
    };
    Finding {
        path: def.file.clone(),
        line,
        column: 1,
        end_column: 1 + def.name.chars().count(),
        symbol: def.path.clone(),
        definition: def.file.clone(),
        kind,
        severity: severity.as_str(),
        confidence: Confidence::ImportResolved,
        message,
        allowed_by: None,
        griffe_kind: Vec::new(),
        lint: None,
        also_at: Vec::new(),
    }
}

/// The classes of the old tree that inherit from `class` of `file`, directly or through
/// one another (file, class path): a class whose header names it as a base, by a name the
/// references layer binds to it (an alias `Request as _SansIORequest` included).
fn inheritors(project: &crate::refs::project::Project, file: &str, class: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    let mut queue = vec![(file.to_string(), class.to_string())];
    while let Some((file, class)) = queue.pop() {
        let Ok(refs) = crate::refs::find_symbol(project, &file, &class) else {
            continue;
        };
        for r in refs
            .references
            .iter()
            .filter(|r| r.confidence > crate::refs::Confidence::NameMatch)
        {
            let Some(facts) = project.facts(&r.path) else { continue };
            // The reference is in a class's header: after its name, before its body.
            let sub = facts.index.symbols.iter().find(|s| {
                matches!(s.kind.as_str(), "class" | "interface")
                    && s.name_span.end_byte <= r.range.0
                    && s.body.is_some_and(|b| r.range.1 <= b.start_byte)
            });
            if let Some(sub) = sub {
                let key = (r.path.clone(), sub.path.clone());
                if !found.contains(&key) && found.len() < 256 {
                    found.push(key.clone());
                    queue.push(key);
                }
            }
        }
    }
    found.sort();
    found
}

/// Whether `sub` of `file` loses the member `name` a base of it lost: it did not define
/// the member itself, and the new tree has the class without a definition of its own.
/// Both sides' indexes are the ones already read: the old project's, and the surfaces' for
/// a changed file (an unchanged one is the same on both sides).
fn lost_by(project: &crate::refs::project::Project, surfaces: &Surfaces, file: &str, sub: &str, name: &str) -> bool {
    let defines = |index: &SymbolIndex| -> Option<bool> {
        index.symbols.iter().any(|s| s.path == sub).then_some(())?;
        Some(index.symbols.iter().any(|s| s.path == format!("{sub}.{name}")))
    };
    let Some(old) = project.facts(file) else {
        return false;
    };
    let before = defines(&old.index);
    let after = match surfaces.new_indexes.get(file) {
        Some(index) => index.as_ref().and_then(defines),
        None => before,
    };
    before == Some(false) && after == Some(false)
}

/// A signature as one line: `name(a: T = 1, *args) -> R`.
fn written(name: &str, sig: &Signature) -> String {
    let mut params: Vec<String> = sig.receiver.iter().cloned().collect();
    params.extend(sig.params.iter().map(|p| {
        let mut text = p.name.clone();
        if let Some(annotation) = &p.annotation {
            text.push_str(&format!(": {annotation}"));
        }
        if let Some(default) = &p.default {
            text.push_str(&format!(" = {default}"));
        } else if p.has_default {
            text.push('?');
        }
        text
    }));
    let returns = sig.returns.as_deref().map(|r| format!(" -> {r}")).unwrap_or_default();
    let prefix = if sig.is_async { "async " } else { "" };
    format!("{prefix}{name}({}){returns}", params.join(", "))
}

/// Whether `symbol` of `file` is part of the public surface, reading other files of the
/// same side with `read`.
fn public(lang: &'static Language, file: &str, index: &SymbolIndex, symbol: &Symbol, side: &Side<'_>) -> bool {
    // The definition and every definition around it.
    let mut chain = vec![symbol];
    let mut parent = symbol.parent_path.clone();
    while let Some(path) = parent {
        match index.symbols.iter().find(|s| s.path == path) {
            Some(s) => {
                chain.push(s);
                parent = s.parent_path.clone();
            }
            None => break,
        }
    }
    // What is defined inside a function is the function's own business.
    let local = chain[1..].iter().any(|s| {
        matches!(
            s.kind.as_str(),
            "function" | "method" | "constructor" | "getter" | "setter"
        )
    });
    if local {
        return false;
    }
    let top = chain.last().expect("the chain holds the symbol");
    match lang.name.as_str() {
        "python" => {
            let visible = chain.iter().all(|s| signature::is_public(index, lang, s));
            let listed = match all_names(index.source.text()) {
                Some(names) => names.contains(&top.name),
                None => visible,
            };
            visible && listed && (module_public(file) || reexported_by_package(file, &top.name, &|p| side.read(p)))
        }
        "rust" => {
            let read = |p: &str| side.read(p);
            let reached = rust_module_public(file, &read)
                || root_reexports(file, &top.name, &read)
                || parent_reexports(file, &top.name, &read).is_some()
                || !chained_reexports(file, &top.name, side, 3).is_empty();
            // A method of an `impl` written apart from its type (`impl RoaringBitmap` in a
            // private module): as reachable as the type, which the crate root names.
            let type_elsewhere = match (&top.parent_path, chain.len()) {
                (Some(ty), 1) => root_names_public_type(file, ty, &read),
                _ => false,
            };
            // `pub(crate)`, `pub(super)`, `pub(in path)`: visible inside the crate only.
            let restricted = chain.iter().any(|s| {
                index
                    .source
                    .text()
                    .get(s.declaration.start_byte..s.name_span.start_byte)
                    .is_some_and(|head| head.replace(' ', "").contains("pub("))
            });
            !restricted && chain.iter().all(|s| signature::is_public(index, lang, s)) && (reached || type_elsewhere)
        }
        _ => {
            let members_visible = chain[..chain.len() - 1]
                .iter()
                .all(|s| signature::is_public(index, lang, s));
            members_visible
                && signature::exported(index, top)
                && match side.package() {
                    // What the package's entry points export, through their barrels.
                    Some(reached) => reached
                        .get(file)
                        .is_some_and(|names| names.as_ref().is_none_or(|names| names.contains(&top.name))),
                    None => true,
                }
        }
    }
}

/// The files a JavaScript/TypeScript package's entry points reach (`package.json`'s
/// `types`, `typings`, `main`, `module` and every path of `exports`, a built path read as
/// its source under `src/`), each with the names it gives the package (`None`: every name
/// it exports), following barrels (`export * from`, `export { a } from`). `None` when there
/// is no package.json or none of its entry points is in the tree.
fn package_surface(
    read: &dyn Fn(&str) -> Option<String>,
) -> Option<std::collections::HashMap<String, Option<Vec<String>>>> {
    let manifest: serde_json::Value = serde_json::from_str(&read("package.json")?).ok()?;
    let mut paths = Vec::new();
    for key in ["types", "typings", "main", "module"] {
        if let Some(p) = manifest.get(key).and_then(|v| v.as_str()) {
            paths.push(p.to_string());
        }
    }
    let mut stack: Vec<&serde_json::Value> = manifest.get("exports").into_iter().collect();
    while let Some(v) = stack.pop() {
        match v {
            serde_json::Value::String(p) => paths.push(p.clone()),
            serde_json::Value::Object(map) => stack.extend(map.values()),
            serde_json::Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    let mut reached: std::collections::HashMap<String, Option<Vec<String>>> = std::collections::HashMap::new();
    let mut queue: Vec<(String, Option<Vec<String>>)> = paths
        .iter()
        // A subpath pattern (`./internal/*`) names no one file.
        .filter(|p| !p.contains('*'))
        .filter_map(|p| source_of(p.trim_start_matches("./"), read))
        .map(|f| (f, None))
        .collect();
    if queue.is_empty() {
        return None;
    }
    while let Some((file, names)) = queue.pop() {
        let known = reached.get(&file).cloned();
        let merged = match (known, names) {
            (Some(None), _) => continue,
            (_, None) => None,
            (Some(Some(mut a)), Some(b)) => {
                if b.iter().all(|n| a.contains(n)) {
                    continue;
                }
                a.extend(b);
                Some(a)
            }
            (None, Some(b)) => Some(b),
        };
        reached.insert(file.clone(), merged.clone());
        let Some(text) = read(&file) else { continue };
        let dir = std::path::Path::new(&file)
            .parent()
            .map(|d| d.to_string_lossy().to_string())
            .unwrap_or_default();
        // Export statements, over as many lines as they take (`export {\n  a,\n  b\n} from`).
        let flat = text.replace(['\n', '\r'], " ");
        for (at, _) in flat.match_indices("export ") {
            let rest = &flat[at..];
            let Some(from) = rest.find(" from ") else { continue };
            let statement = &rest[..from];
            if statement.contains(';') || statement[7..].contains("export ") {
                continue;
            }
            let after = rest[from + 6..].trim_start();
            let Some(quote) = after.chars().next().filter(|c| *c == '"' || *c == '\'') else {
                continue;
            };
            let Some(specifier) = after[1..].split(quote).next() else {
                continue;
            };
            if !specifier.starts_with('.') {
                continue;
            }
            let Some(target) = source_of(&crate::refs::modules::normalized(&format!("{dir}/{specifier}")), read) else {
                continue;
            };
            // `export * from`: what this file gives, it passes on; `export * as ns`: all of
            // it; `export { a as b } from`: `a`.
            let wanted = if statement.contains('*') && !statement.contains(" as ") {
                merged.clone()
            } else if statement.contains('*') {
                None
            } else {
                let inner = statement
                    .split('{')
                    .nth(1)
                    .and_then(|r| r.split('}').next())
                    .unwrap_or_default();
                let names = inner
                    .split(',')
                    .filter_map(|n| n.split_whitespace().find(|w| *w != "type").map(str::to_string));
                Some(names.collect())
            };
            queue.push((target, wanted));
        }
    }
    Some(reached)
}

/// The source file a module path names: itself, with a source extension, its `index`, or
/// a built file (`dist/x.js`, `lib/x.d.ts`) read as its source under `src/`.
fn source_of(path: &str, read: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let stem = path
        .trim_end_matches(".d.ts")
        .trim_end_matches(".d.cts")
        .trim_end_matches(".d.mts")
        .trim_end_matches(".js")
        .trim_end_matches(".cjs")
        .trim_end_matches(".mjs")
        .trim_end_matches(".ts")
        .trim_end_matches(".tsx");
    let built = ["dist/", "lib/", "build/", "out/"]
        .iter()
        .find_map(|b| stem.strip_prefix(b))
        .map(|rest| format!("src/{rest}"));
    let stems = std::iter::once(stem.to_string()).chain(built);
    for stem in stems {
        for candidate in [
            format!("{stem}.ts"),
            format!("{stem}.tsx"),
            format!("{stem}.js"),
            format!("{stem}/index.ts"),
            format!("{stem}/index.tsx"),
            format!("{stem}/index.js"),
        ] {
            if read(&candidate).is_some() {
                return Some(candidate);
            }
        }
    }
    None
}

/// One side of the change (the old tree or the new), its files read once each, and its
/// package's surface found once.
struct Side<'r> {
    reader: &'r dyn Fn(&str) -> Option<String>,
    /// The side's files (paths), listed when a question needs them all.
    lister: &'r dyn Fn() -> Vec<String>,
    texts: std::cell::RefCell<std::collections::HashMap<String, Option<String>>>,
    package: std::cell::OnceCell<Option<std::collections::HashMap<String, Option<Vec<String>>>>>,
    pub_uses: std::cell::OnceCell<Vec<PubUse>>,
}

/// A Rust `pub use` statement of a file: the words of its path and names, and whether it
/// ends in a glob (`pub use crate::raw_entry::*;`).
struct PubUse {
    file: String,
    words: Vec<String>,
    glob: bool,
}

impl<'r> Side<'r> {
    fn new(reader: &'r dyn Fn(&str) -> Option<String>, lister: &'r dyn Fn() -> Vec<String>) -> Side<'r> {
        Side {
            reader,
            lister,
            texts: Default::default(),
            package: Default::default(),
            pub_uses: Default::default(),
        }
    }

    /// Every `pub use` of the side's Rust files, read once.
    fn pub_uses(&self) -> &[PubUse] {
        self.pub_uses.get_or_init(|| {
            let mut out = Vec::new();
            for file in (self.lister)().into_iter().filter(|f| f.ends_with(".rs")) {
                let Some(text) = self.read(&file) else { continue };
                for (at, _) in text.match_indices("pub use ") {
                    let statement = text[at..].split(';').next().unwrap_or_default();
                    out.push(PubUse {
                        file: file.clone(),
                        words: statement
                            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .filter(|w| !w.is_empty())
                            .map(str::to_string)
                            .collect(),
                        glob: statement.trim_end().ends_with("::*"),
                    });
                }
            }
            out
        })
    }

    fn read(&self, path: &str) -> Option<String> {
        if let Some(known) = self.texts.borrow().get(path) {
            return known.clone();
        }
        let text = (self.reader)(path);
        self.texts.borrow_mut().insert(path.to_string(), text.clone());
        text
    }

    fn package(&self) -> Option<&std::collections::HashMap<String, Option<Vec<String>>>> {
        self.package.get_or_init(|| package_surface(&|p| self.read(p))).as_ref()
    }
}

/// A Python module's `__all__` names, when it lists them.
fn all_names(text: &str) -> Option<Vec<String>> {
    let at = match text.starts_with("__all__") {
        true => 0,
        false => text.find("\n__all__")? + 1,
    };
    let rest = &text[at..];
    let open = rest.find(['[', '('])?;
    let close = rest[open..].find([']', ')'])? + open;
    Some(
        rest[open + 1..close]
            .split(',')
            .map(|n| n.trim().trim_matches(['"', '\'']).to_string())
            .filter(|n| !n.is_empty())
            .collect(),
    )
}

/// Whether no folder or file of a Python module's path is private (`_x`; `__init__` is not).
fn module_public(file: &str) -> bool {
    file.trim_end_matches(".py")
        .split('/')
        .all(|part| !part.starts_with('_') || (part.starts_with("__") && part.ends_with("__")))
}

/// Whether an `__init__.py` of a package above `file` imports `name`.
fn reexported_by_package(file: &str, name: &str, read: &dyn Fn(&str) -> Option<String>) -> bool {
    !package_reexporters(file, name, read).is_empty()
}

/// The `__init__.py` files of the packages around a Python file that import `name`: the
/// paths (`pkg.name`) its users may reach it by.
fn package_reexporters(file: &str, name: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut found = Vec::new();
    let mut dir = std::path::Path::new(file).parent();
    while let Some(d) = dir {
        let init = if d.as_os_str().is_empty() {
            "__init__.py".to_string()
        } else {
            format!("{}/__init__.py", d.display())
        };
        if init != file && read(&init).is_some_and(|text| imports_from(&text, own_module_name(file, "__init__"), name))
        {
            found.push(init);
        }
        dir = d.parent();
    }
    found
}

/// Whether a Python import statement of `text` (a parenthesized one over its lines) takes
/// `name` from the module `module` (`from ._impl import helper`, `from pkg._impl import (\n
/// helper,\n)`): the package gives that module's `name`, not another module's.
fn imports_from(text: &str, module: &str, name: &str) -> bool {
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if !(trimmed.starts_with("from ") || trimmed.starts_with("import ")) {
            continue;
        }
        let mut statement = line.to_string();
        if line.contains('(') && !line.contains(')') {
            for more in lines.by_ref() {
                statement.push(' ');
                statement.push_str(more);
                if more.contains(')') {
                    break;
                }
            }
        }
        let words: Vec<&str> = statement
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        if words.contains(&module) && words.contains(&name) {
            return true;
        }
    }
    false
}

/// Whether a line of `text` that imports (`import`, `use`) names `word`.
fn imports_word(text: &str, word: &str) -> bool {
    text.lines()
        .filter(|l| l.contains("import") || l.trim_start().starts_with("pub use"))
        .any(|l| l.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == word))
}

/// Whether the crate root reaches a Rust file's module through `pub mod` all the way.
fn rust_module_public(file: &str, read: &dyn Fn(&str) -> Option<String>) -> bool {
    let path = std::path::Path::new(file);
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    if matches!(stem, "lib" | "main") {
        return true;
    }
    // The module's own name, and the files that may declare it.
    let (name, dir) = if stem == "mod" {
        let dir = path.parent().unwrap_or(path);
        (
            dir.file_name().and_then(|s| s.to_str()).unwrap_or_default(),
            dir.parent(),
        )
    } else {
        (stem, path.parent())
    };
    let Some(dir) = dir else { return false };
    let dir_name = dir.file_name().and_then(|s| s.to_str()).unwrap_or_default();
    let parents = [
        dir.join("lib.rs"),
        dir.join("main.rs"),
        dir.join("mod.rs"),
        dir.with_extension("rs"),
    ];
    parents.iter().any(|parent| {
        let parent = parent.to_string_lossy().to_string();
        let declared = read(&parent).is_some_and(|text| {
            text.lines().any(|l| {
                let l = l.trim();
                l.starts_with("pub mod ") && l["pub mod ".len()..].trim_end_matches([';', '{', ' ']).trim() == name
            })
        });
        // The declaring file is itself reached (a root file, or a module declared `pub`).
        declared && (dir_name.is_empty() || rust_module_public(&parent, read) || parent.ends_with("lib.rs"))
    })
}

/// Whether the crate root (`src/lib.rs`) makes the type `name` public: it defines it
/// `pub`, or re-exports it with a `pub use` that names it.
fn root_names_public_type(file: &str, name: &str, read: &dyn Fn(&str) -> Option<String>) -> bool {
    let Some(src) = file.find("src/").map(|i| &file[..i + 4]) else {
        return false;
    };
    let name = name.rsplit('.').next().unwrap_or(name);
    read(&format!("{src}lib.rs")).is_some_and(|text| {
        text.lines().map(str::trim).any(|l| {
            let words: Vec<&str> = l
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            let defines = words.len() >= 3
                && words[0] == "pub"
                && matches!(words[1], "struct" | "enum" | "union" | "trait" | "type")
                && words[2] == name;
            defines || (l.starts_with("pub use") && words.contains(&name))
        })
    })
}

/// Whether the crate root (`src/lib.rs`) re-exports `name` with a `pub use`: by its name,
/// or every pub item of its module (`pub use self::common::*;` for `src/common.rs`).
fn root_reexports(file: &str, name: &str, read: &dyn Fn(&str) -> Option<String>) -> bool {
    let Some(src) = file.find("src/").map(|i| &file[..i + 4]) else {
        return false;
    };
    read(&format!("{src}lib.rs")).is_some_and(|text| pub_use_reaches(&text, rust_module_name(file), name))
}

/// A file's own module name, where a folder's module lives in an index file of
/// `index_stem` (`__init__` for Python, `mod` for Rust): `pkg/_impl.py` → `_impl`,
/// `pkg/sub/__init__.py` → `sub`, `src/a/b/mod.rs` → `b`.
fn own_module_name<'f>(file: &'f str, index_stem: &str) -> &'f str {
    let path = std::path::Path::new(file);
    match path.file_stem().and_then(|s| s.to_str()) {
        Some(stem) if stem == index_stem => path.parent().and_then(|p| p.file_name()).and_then(|s| s.to_str()),
        stem => stem,
    }
    .unwrap_or_default()
}

/// A Rust file's own module name (`src/a/b.rs` and `src/a/b/mod.rs` → `b`).
fn rust_module_name(file: &str) -> &str {
    own_module_name(file, "mod")
}

/// Whether a `pub use` statement of `text` (over as many lines as it takes: `pub use
/// self::map::{\n    HeaderMap,\n    MaxSizeReached,\n};`) names `name`, or globs the
/// module `module` (`pub use crate::map::*;`).
fn pub_use_reaches(text: &str, module: &str, name: &str) -> bool {
    text.match_indices("pub use ").any(|(at, _)| {
        let statement = text[at..].split(';').next().unwrap_or_default();
        let words: Vec<&str> = statement
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        let glob_of_module = statement.trim_end().ends_with("::*") && words.last() == Some(&module);
        glob_of_module || words.contains(&name)
    })
}

/// The module paths at which another file of the crate re-exports `name` of a file's
/// module and is itself reached (`map.rs`: `pub use crate::raw_entry::*;`, its own items
/// glob re-exported by the root's `pub mod hash_map`), followed up to a few links.
fn chained_reexports(file: &str, name: &str, side: &Side<'_>, depth: usize) -> Vec<String> {
    let Some(src) = file.find("src/").map(|i| &file[..i + 4]) else {
        return Vec::new();
    };
    let module = rust_module_name(file);
    let read = |p: &str| side.read(p);
    let mut out = Vec::new();
    let through: Vec<&str> = side
        .pub_uses()
        .iter()
        .filter(|u| u.file != file && u.file.starts_with(src))
        .filter(|u| {
            let names_it = u.words.iter().any(|w| w == name) && u.words.iter().any(|w| w == module);
            let globs_it = u.glob && u.words.last().is_some_and(|w| w == module);
            names_it || globs_it
        })
        .map(|u| u.file.as_str())
        .collect();
    for g in through {
        let before = out.len();
        if rust_module_public(g, &read) {
            out.push(rust_module_path(g));
        }
        if root_reexports(g, name, &read) {
            out.push(String::new());
        }
        out.extend(parent_reexports(g, name, &read));
        if out.len() == before && depth > 1 {
            out.extend(chained_reexports(g, name, side, depth - 1));
        }
    }
    out
}

/// The module path of the public module that re-exports an item of a private module it
/// declares (`header/mod.rs`: `mod map; pub use self::map::HeaderMap;` gives
/// `header::HeaderMap`), when one does.
fn parent_reexports(file: &str, name: &str, read: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let path = std::path::Path::new(file);
    let module = rust_module_name(file);
    let dir = if path.file_stem().and_then(|s| s.to_str()) == Some("mod") {
        path.parent()?.parent()?
    } else {
        path.parent()?
    };
    let candidates = [dir.join("mod.rs"), dir.with_extension("rs"), dir.join("lib.rs")];
    candidates.iter().find_map(|parent| {
        let parent = parent.to_string_lossy().to_string();
        let text = read(&parent)?;
        // `mod map;`, whatever its own visibility (`pub(crate) mod decode;`).
        let declares = text.lines().any(|l| {
            let l = l.trim();
            let l = match l.strip_prefix("pub") {
                Some(rest) if rest.starts_with('(') => rest.split_once(')').map_or(rest, |(_, r)| r).trim_start(),
                Some(rest) => rest.trim_start(),
                None => l,
            };
            l.strip_prefix("mod ")
                .is_some_and(|rest| rest.trim_end_matches([';', ' ']) == module)
        });
        (declares && rust_module_public(&parent, read) && pub_use_reaches(&text, module, name))
            .then(|| rust_module_path(&parent))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_module_paths_and_all() {
        assert!(module_public("click/core.py"));
        assert!(module_public("click/__init__.py"));
        assert!(!module_public("click/_compat.py"));
        assert_eq!(
            all_names("import x\n__all__ = [\"a\", 'b']\n"),
            Some(vec!["a".to_string(), "b".to_string()])
        );
        assert_eq!(all_names("x = 1\n"), None);
        assert_eq!(all_names("__all__ = (\"a\",)\n"), Some(vec!["a".to_string()]));
        let init = |p: &str| (p == "pkg/__init__.py").then(|| "from ._impl import helper\n".to_string());
        assert!(reexported_by_package("pkg/_impl.py", "helper", &init));
        assert!(!reexported_by_package("pkg/_impl.py", "other", &init));
    }

    #[test]
    fn rust_modules_are_public_through_pub_mod_from_the_root() {
        let tree = |p: &str| match p {
            "src/lib.rs" => Some("pub mod a;\nmod b;\nmod g;\npub use b::Thing;\npub use self::g::*;\n".to_string()),
            "src/a.rs" => Some("pub mod c;\n".to_string()),
            _ => None,
        };
        assert!(rust_module_public("src/lib.rs", &tree));
        assert!(rust_module_public("src/a.rs", &tree));
        assert!(rust_module_public("src/a/c.rs", &tree));
        assert!(!rust_module_public("src/b.rs", &tree));
        assert!(root_reexports("src/b.rs", "Thing", &tree));
        assert!(!root_reexports("src/b.rs", "Other", &tree));
        assert!(
            root_reexports("src/g.rs", "Anything", &tree),
            "a glob re-exports the module's items"
        );
        assert!(root_reexports("src/g/mod.rs", "Anything", &tree));
    }

    #[test]
    fn a_signature_is_written_on_one_line() {
        let index = SymbolIndex::build(
            SourceText::new("def f(a: int, b=1, *args) -> str:\n    pass\n".into()),
            "python",
        )
        .unwrap();
        let lang = Registry::global().by_name("python").unwrap();
        let sig = signature::of(&index, lang, &index.symbols[0]).unwrap();
        assert_eq!(written("f", &sig), "f(a: int, b = 1, args) -> str");
    }
}
