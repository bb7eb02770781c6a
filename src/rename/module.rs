//! Module moves: a Python module or a TypeScript/JavaScript file renamed, and every import
//! that names it written anew (a `file_rename` action with `update_imports: true`).
//!
//! An import is rewritten when the references layer's module resolution
//! ([`crate::refs::modules`]) takes its specifier to the moved file, from where the
//! importer is — never by matching the text of a path. The new specifier keeps the old
//! one's form: relative stays relative (`./util/errors` → `../errors`, `.core` →
//! `..shared.core`), absolute stays absolute under the same import root, a written
//! extension stays written (`./a.js` for `./a.ts`), a folder's `index` stays implicit.
//! `from pkg import mod` (the module imported as a name of its package) becomes `from
//! new_pkg import new_mod as mod` when the name changes, so that its uses stay as they are;
//! `import a.b.c` rewrites the dotted uses `a.b.c` of the file with it. The moved file's
//! own relative imports are written anew from its new place.
//!
//! What cannot be written in the old form — a TypeScript specifier through tsconfig
//! `paths` or a package's own name, a Python module moved out of every import root — is
//! refused, naming the import, with nothing written.

use super::Replacement;
use crate::feedback::{Error, ErrorCode};
use crate::lang::ModuleSystem;
use crate::refs::facts::{Facts, Import};
use crate::refs::modules::{child_path, node, parent_dir, python, strip_ext, ModuleId};
use crate::refs::project::Project;
use crate::workspace::Transaction;
use std::collections::BTreeMap;

/// Moves `old` to `new` in `tx` and rewrites every import of the root that names it;
/// answers the files whose imports changed (their paths after the move).
pub fn stage_move(tx: &mut Transaction, old: &str, new: &str) -> Result<Vec<String>, Vec<Error>> {
    let project = super::project_of(tx);
    let texts = super::rewrite_all(&project, plan(&project, old, new)?)?;
    tx.rename(old, new).map_err(|e| vec![e])?;
    let mut changed = Vec::new();
    for (path, text) in texts {
        let target = if path == old { new.to_string() } else { path };
        tx.write(&target, text.into_bytes()).map_err(|e| vec![e])?;
        changed.push(target);
    }
    Ok(changed)
}

fn plan(project: &Project, old: &str, new: &str) -> Result<BTreeMap<String, Vec<Replacement>>, Vec<Error>> {
    let Some(moved) = project.files.get(old) else {
        return Ok(BTreeMap::new());
    };
    let system = moved.lang.resolve.modules;
    if !matches!(system, ModuleSystem::Python | ModuleSystem::Node) {
        return Ok(BTreeMap::new());
    }
    let old_module = ModuleId::file(old);
    let mut edits: BTreeMap<String, Vec<Replacement>> = BTreeMap::new();
    let mut refused = Vec::new();
    for (path, file) in &project.files {
        if file.lang.resolve.modules != system {
            continue;
        }
        let Some(facts) = project.facts(path) else {
            continue;
        };
        let mut statements_done = Vec::new();
        for import in &facts.imports {
            if statements_done.contains(&import.statement) {
                continue;
            }
            let result = match system {
                ModuleSystem::Python => python_import(project, &facts, import, &old_module, old, new),
                _ => node_import(project, &facts, import, &old_module, old, new),
            };
            match result {
                Ok(found) => {
                    if found.iter().any(|r| r.range == import.statement) {
                        statements_done.push(import.statement);
                    }
                    edits.entry(path.clone()).or_default().extend(found);
                }
                Err(e) => refused.push(e.in_file(path)),
            }
        }
    }
    if refused.is_empty() {
        Ok(edits)
    } else {
        Err(refused)
    }
}

fn cannot(import: &Import, facts: &Facts, why: &str) -> Error {
    let line = facts.line_column(import.statement.0).0;
    Error::new(
        ErrorCode::Conflict,
        format!("the import at line {line} names the moved file {why}, and cannot be written anew in its form"),
        "move the file without update_imports and fix that import by hand, or write it as a relative import first; nothing was written",
    )
    .with_lines(vec![line])
}

// --- TypeScript / JavaScript -------------------------------------------------------------

/// The specifier's string (its contents) in the import statement.
fn specifier_range(facts: &Facts, import: &Import) -> Option<(usize, usize)> {
    let text = facts.slice(import.statement);
    for quote in ['"', '\'', '`'] {
        let written = format!("{quote}{}{quote}", import.module);
        if let Some(at) = text.find(&written) {
            let start = import.statement.0 + at + 1;
            return Some((start, start + import.module.len()));
        }
    }
    None
}

fn node_import(
    project: &Project,
    facts: &Facts,
    import: &Import,
    old_module: &ModuleId,
    old: &str,
    new: &str,
) -> Result<Vec<Replacement>, Error> {
    if import.submodule {
        return Ok(Vec::new());
    }
    let spec = import.module.as_str();
    let importer = facts.path.as_str();
    let target = node::resolve(project, importer, spec);
    let moved_file = importer == old;
    let names_moved = target.as_ref() == Some(old_module);
    if !(names_moved || moved_file && spec.starts_with('.')) {
        return Ok(Vec::new());
    }
    if !spec.starts_with('.') {
        return Err(cannot(import, facts, "through a path mapping or a package name"));
    }
    // The file the specifier names, and from where it is written, after the move.
    let (to, from_dir) = match (names_moved, moved_file) {
        (true, true) => (new.to_string(), parent_dir(new)),
        (true, false) => (new.to_string(), parent_dir(importer)),
        (false, _) => match target {
            Some(t) if !t.is_folder() => (t.file, parent_dir(new)),
            _ => return Ok(Vec::new()),
        },
    };
    let Some(range) = specifier_range(facts, import) else {
        return Err(cannot(import, facts, "in a form saguaro does not read"));
    };
    let written = node_specifier(spec, &to, from_dir);
    Ok(if written == spec {
        Vec::new()
    } else {
        vec![Replacement { range, text: written }]
    })
}

/// The relative specifier of file `to` from folder `from_dir`, in the form of `old_spec`:
/// its extension written or not, a folder's `index` implicit or not.
fn node_specifier(old_spec: &str, to: &str, from_dir: &str) -> String {
    let old_tail = old_spec.rsplit('/').next().unwrap_or(old_spec);
    let written_ext = old_tail
        .rfind('.')
        .map(|dot| &old_tail[dot..])
        .filter(|ext| ext.len() > 1);
    let stem = strip_ext(to);
    let target = match written_ext {
        Some(ext) => format!("{stem}{ext}"),
        None => match stem.strip_suffix("/index") {
            Some(folder) if !old_tail.starts_with("index") => folder.to_string(),
            _ => stem.to_string(),
        },
    };
    relative(from_dir, &target)
}

/// `b/c` from `a` → `../b/c`; from `b` → `./c`.
fn relative(from_dir: &str, to: &str) -> String {
    let from: Vec<&str> = from_dir.split('/').filter(|s| !s.is_empty()).collect();
    let target: Vec<&str> = to.split('/').filter(|s| !s.is_empty()).collect();
    let common = from.iter().zip(&target).take_while(|(a, b)| a == b).count();
    let ups = from.len() - common;
    let rest = target[common..].join("/");
    if ups == 0 {
        format!("./{rest}")
    } else {
        format!("{}{rest}", "../".repeat(ups))
    }
}

// --- Python ------------------------------------------------------------------------------

/// A module's file as a dotted path under `root` (`src/a/b/__init__.py` under `src` →
/// `a.b`), if it is under it.
fn dotted(root: &str, file: &str) -> Option<String> {
    let inside = if root.is_empty() {
        file
    } else {
        file.strip_prefix(root)?.strip_prefix('/')?
    };
    let stem = strip_ext(inside);
    let stem = stem.strip_suffix("/__init__").unwrap_or(stem);
    (!stem.is_empty() && stem != "__init__").then(|| stem.replace('/', "."))
}

/// The package folder a module file is in (`a/b/c.py` → `a/b`, `a/b/__init__.py` → `a`).
fn package_of(file: &str) -> &str {
    let dir = parent_dir(file);
    if strip_ext(file).ends_with("/__init__") || strip_ext(file) == "__init__" {
        parent_dir(dir)
    } else {
        dir
    }
}

/// How `file` is written from a module in folder `from_dir`, in the form of `old_spec`
/// (relative with dots, or absolute under the import root the old one was under).
fn python_specifier(project: &Project, old_spec: &str, old_target: &str, file: &str, from_dir: &str) -> Option<String> {
    if old_spec.starts_with('.') {
        let stem = strip_ext(file);
        let module = stem.strip_suffix("/__init__").unwrap_or(stem);
        let from: Vec<&str> = from_dir.split('/').filter(|s| !s.is_empty()).collect();
        let target: Vec<&str> = module.split('/').filter(|s| !s.is_empty()).collect();
        let common = from.iter().zip(&target).take_while(|(a, b)| a == b).count();
        let dots = ".".repeat(from.len() - common + 1);
        return Some(format!("{dots}{}", target[common..].join(".")));
    }
    let mut roots: Vec<&str> = project.python.roots.iter().map(String::as_str).collect();
    roots.push("");
    roots.sort_by_key(|r| std::cmp::Reverse(r.len()));
    let root = roots
        .into_iter()
        .find(|r| dotted(r, old_target).as_deref() == Some(old_spec.trim_start_matches('.')))?;
    dotted(root, file)
}

fn python_import(
    project: &Project,
    facts: &Facts,
    import: &Import,
    old_module: &ModuleId,
    old: &str,
    new: &str,
) -> Result<Vec<Replacement>, Error> {
    let importer = facts.path.as_str();
    let spec = import.module.as_str();
    let moved_file = importer == old;
    let Some(target) = python::resolve(project, importer, spec) else {
        return Ok(Vec::new());
    };
    let Some(spec_node) = python_module_node(facts, import) else {
        return Ok(Vec::new());
    };
    // `from pkg import mod`: the moved module taken as a name of its package.
    if let Some(name) = import.name.as_deref() {
        if python::submodule(project, &target, name).as_ref() == Some(old_module) {
            return python_from_package(project, facts, import, spec, &target.file, new);
        }
    }
    let names_moved = &target == old_module;
    let relative_in_moved = moved_file && spec.starts_with('.');
    if !names_moved && !relative_in_moved {
        return Ok(Vec::new());
    }
    let to = if names_moved {
        new.to_string()
    } else {
        target.file.clone()
    };
    if target.is_folder() {
        return Ok(Vec::new());
    }
    let from_dir = if moved_file {
        parent_dir(new)
    } else {
        parent_dir(importer)
    };
    let written = python_specifier(project, spec, &target.file, &to, from_dir)
        .ok_or_else(|| cannot(import, facts, "absolutely, and its new place is under no import root"))?;
    if written == spec {
        return Ok(Vec::new());
    }
    let mut edits = vec![Replacement {
        range: spec_node,
        text: written.clone(),
    }];
    // `import a.b.c` binds `a`: its dotted uses in the file name the module.
    let plain_import = import.name.is_none() && import.local.as_deref() != Some(spec) && !import.aliased;
    if plain_import && !spec.starts_with('.') {
        edits.extend(dotted_uses(facts, spec, import.statement).map(|range| Replacement {
            range,
            text: written.clone(),
        }));
    }
    Ok(edits)
}

/// `from pkg import mod [as m]` where `mod` moved: the whole statement written anew when it
/// imports only that name, else refused.
fn python_from_package(
    project: &Project,
    facts: &Facts,
    import: &Import,
    spec: &str,
    package_file: &str,
    new: &str,
) -> Result<Vec<Replacement>, Error> {
    let importer = facts.path.as_str();
    let new_package = package_of(new);
    let new_name = strip_ext(new).rsplit('/').next().unwrap_or_default();
    let new_name = if new_name == "__init__" {
        parent_dir(new).rsplit('/').next().unwrap_or_default()
    } else {
        new_name
    };
    let shares_statement = facts.imports.iter().filter(|i| i.statement == import.statement).count() > 1;
    if shares_statement {
        return Err(cannot(import, facts, "beside other names of its package"));
    }
    let package_init = child_path(new_package, "__init__.py");
    let package_spec = python_specifier(project, spec, package_file, &package_init, parent_dir(importer))
        .ok_or_else(|| cannot(import, facts, "absolutely, and its new place is under no import root"))?;
    let local = import.local.as_deref().unwrap_or(new_name);
    let alias = if local == new_name {
        String::new()
    } else {
        format!(" as {local}")
    };
    let text = format!("from {package_spec} import {new_name}{alias}");
    if facts.slice(import.statement) == text {
        return Ok(Vec::new());
    }
    Ok(vec![Replacement {
        range: import.statement,
        text,
    }])
}

/// Where the module's dotted name (or relative spec) is written in the import statement.
fn python_module_node(facts: &Facts, import: &Import) -> Option<(usize, usize)> {
    let statement = facts.node(import.statement)?;
    let mut stack = vec![statement];
    while let Some(node) = stack.pop() {
        if matches!(node.kind(), "dotted_name" | "relative_import")
            && facts.slice((node.start_byte(), node.end_byte())) == import.module
        {
            return Some((node.start_byte(), node.end_byte()));
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    None
}

/// The attribute chains spelling `dotted` (`a.b.c`) in the file, outside `statement`.
fn dotted_uses<'f>(
    facts: &'f Facts,
    dotted: &'f str,
    statement: (usize, usize),
) -> impl Iterator<Item = (usize, usize)> + 'f {
    let mut found = Vec::new();
    let mut stack = vec![facts.root()];
    while let Some(node) = stack.pop() {
        let range = (node.start_byte(), node.end_byte());
        if range.0 >= statement.0 && range.1 <= statement.1 {
            continue;
        }
        if node.kind() == "attribute" && facts.slice(range) == dotted {
            found.push(range);
            continue;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    found.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifiers_keep_their_form() {
        assert_eq!(relative("src/a", "src/b/c"), "../b/c");
        assert_eq!(relative("src", "src/c"), "./c");
        assert_eq!(relative("", "c"), "./c");
        assert_eq!(node_specifier("./util", "src/lib/util.ts", "src"), "./lib/util");
        assert_eq!(node_specifier("./util.js", "src/lib/util.ts", "src"), "./lib/util.js");
        assert_eq!(node_specifier("./util", "src/lib/index.ts", "src"), "./lib");
        assert_eq!(node_specifier("./util/index", "src/lib/index.ts", "src"), "./lib/index");
        assert_eq!(dotted("src", "src/a/b/__init__.py").as_deref(), Some("a.b"));
        assert_eq!(dotted("", "a/b.py").as_deref(), Some("a.b"));
        assert_eq!(dotted("src", "lib/a.py"), None);
        assert_eq!(package_of("a/b/c.py"), "a/b");
        assert_eq!(package_of("a/b/__init__.py"), "a");
    }
}
