//! Rust crates: which crate a file belongs to, the module tree (`mod a;` is `a.rs` or
//! `a/mod.rs` beside its parent, or the file its `#[path = ".."]` attribute names from the
//! declaring file's folder — of paths given under `cfg_attr`, the one whose condition holds
//! in the configuration code is checked in; an inline `mod a { .. }` is a module inside the
//! file),
//! and the first segment of a path (`crate`, `self`, `super`, `$crate`, the crate's own
//! name from its tests, examples and binaries). A crate written for the 2015 edition (its
//! manifest names no `edition`) starts a `use` path at the crate root, as that edition
//! does: `use unify::Table` is `crate::unify::Table`, and an extern crate is a name there.
//! `extern crate rmp_serde as rmps;` binds the crate (a library of the root, else a foreign
//! one) under its alias, so `use rmps::config::BytesMode` reaches the crate's module.
//!
//! Each `Cargo.toml` under the root is a crate: its library root (`src/lib.rs`, or
//! `[lib] path`), binaries (`src/main.rs`, `src/bin/*`), and the targets that use the
//! library by name (`tests/`, `examples/`, `benches/`).

use super::{child_path, normalized, parent_dir, strip_ext, ModuleId};
use crate::refs::project::Project;

#[derive(Debug, Clone, Default)]
pub struct Crate {
    /// The folder of its Cargo.toml (`""` at the root).
    pub dir: String,
    /// The name code uses for it (`-` written `_`).
    pub name: String,
    /// The library's root file, if it has one.
    pub lib: Option<String>,
    /// Written for the 2015 edition (a manifest naming no edition): its `use` paths start
    /// at the crate root.
    pub edition_2015: bool,
}

#[derive(Debug, Default)]
pub struct Layout {
    pub crates: Vec<Crate>,
    /// Module files a declaration names by a path attribute (`#[path = "gen/tables.rs"] mod
    /// tables;`).
    pub by_path: Vec<PathModule>,
}

/// A module whose file its declaration names (`#[path = ".."] mod name;`).
#[derive(Debug, Clone)]
pub struct PathModule {
    pub file: String,
    pub declared_in: String,
    pub name: String,
    /// The `cfg` predicate under which the declaration names this file (`cfg_attr`), if
    /// it names it under one.
    pub condition: Option<String>,
}

impl Layout {
    pub fn read(project: &Project) -> Layout {
        let mut crates = Vec::new();
        let mut manifests: Vec<String> = project
            .dirs
            .iter()
            .map(|d| child_path(d, "Cargo.toml"))
            .chain(std::iter::once("Cargo.toml".to_string()))
            .collect();
        manifests.sort();
        manifests.dedup();
        for manifest in manifests {
            let Some(text) = project.read_config(&manifest) else {
                continue;
            };
            let Ok(table) = text.parse::<toml::Table>() else {
                continue;
            };
            let dir = parent_dir(&manifest).to_string();
            let lib_table = table.get("lib");
            let name = lib_table
                .and_then(|l| l.get("name"))
                .or_else(|| table.get("package").and_then(|p| p.get("name")))
                .and_then(|n| n.as_str())
                .map(|n| n.replace('-', "_"));
            let Some(name) = name else {
                continue;
            };
            let lib = lib_table
                .and_then(|l| l.get("path"))
                .and_then(|p| p.as_str())
                .map(|p| child_path(&dir, p.trim_start_matches("./")))
                .or_else(|| Some(child_path(&dir, "src/lib.rs")))
                .filter(|p| project.has_file(p));
            // No `edition` is the 2015 edition; one inherited from a workspace (`edition.workspace
            // = true`) came after it.
            let edition_2015 = table
                .get("package")
                .is_some_and(|p| p.get("edition").is_none_or(|e| e.as_str() == Some("2015")));
            crates.push(Crate {
                dir,
                name,
                lib,
                edition_2015,
            });
        }
        // Deeper crates first: a file belongs to the innermost crate around it.
        crates.sort_by_key(|c| std::cmp::Reverse(c.dir.len()));
        let by_path = project
            .files
            .iter()
            .filter(|(path, file)| path.ends_with(".rs") && file.text.contains("path"))
            .flat_map(|(path, file)| path_declarations(path, &file.text))
            .filter(|m| project.has_file(&m.file))
            .collect();
        Layout { crates, by_path }
    }

    /// The file a path attribute gives module `name` declared in `file`, if one does: of
    /// paths given under conditions, the one whose condition holds in the configuration
    /// code is checked in ([`crate::refs::cfg`]).
    fn path_child(&self, project: &Project, file: &str, name: &str) -> Option<&PathModule> {
        let dir = self.crate_of(file).map_or("", |c| c.dir.as_str());
        self.by_path.iter().find(|m| {
            m.declared_in == file
                && m.name == name
                && m.condition.as_deref().is_none_or(|c| project.cfg().holds(dir, c))
        })
    }

    /// The declaration a file is reached through by a path attribute, if it is.
    pub fn path_parent(&self, file: &str) -> Option<&PathModule> {
        self.by_path.iter().find(|m| m.file == file)
    }

    /// The crate a file belongs to.
    pub fn crate_of(&self, path: &str) -> Option<&Crate> {
        self.crates
            .iter()
            .find(|c| c.dir.is_empty() || path.starts_with(&format!("{}/", c.dir)))
    }

    /// The root file of the crate (target) a file is compiled in: the library for files
    /// under `src/`, else the target file itself (a test, example, bench, binary).
    pub fn crate_root(&self, project: &Project, path: &str) -> Option<String> {
        let krate = self.crate_of(path)?;
        let inside = path.strip_prefix(&format!("{}/", krate.dir)).unwrap_or(path);
        let inside = if krate.dir.is_empty() { path } else { inside };
        let target_dirs = ["tests/", "examples/", "benches/", "src/bin/"];
        if let Some(dir) = target_dirs.iter().find(|d| inside.starts_with(*d)) {
            let rest = &inside[dir.len()..];
            // `tests/a.rs` is a crate root; `tests/common/mod.rs` is shared by them: its
            // `crate::` is the test that includes it, which reads the library by name.
            let first = rest.split('/').next().unwrap_or(rest);
            let root = if rest.contains('/') {
                child_path(
                    &child_path(&krate.dir, dir.trim_end_matches('/')),
                    &format!("{first}/main.rs"),
                )
            } else {
                path.to_string()
            };
            return Some(root)
                .filter(|r| project.has_file(r))
                .or_else(|| Some(path.to_string()));
        }
        if inside == "build.rs" {
            return Some(path.to_string());
        }
        krate
            .lib
            .clone()
            .or_else(|| Some(child_path(&krate.dir, "src/main.rs")).filter(|m| project.has_file(m)))
    }

    /// The library a crate name (as code writes it) names, from a file of the root.
    pub fn library(&self, name: &str) -> Option<ModuleId> {
        self.crates
            .iter()
            .find(|c| c.name == name)
            .and_then(|c| c.lib.clone())
            .map(ModuleId::file)
    }
}

/// Whether a file is a directory module's file (its modules are in its own folder).
fn owns_folder(path: &str) -> bool {
    let file = path.rsplit('/').next().unwrap_or(path);
    matches!(file, "mod.rs" | "lib.rs" | "main.rs")
}

/// The module declarations of a file's top level that name their file by a path attribute
/// (`#[path = "gen/tables.rs"] mod tables;`), the path read from the declaring file's
/// folder, as the compiler reads it for a declaration outside inline modules. A path given
/// under a condition (`#[cfg_attr(target_pointer_width = "64", path = "scalar_64.rs")]`) is
/// one of several the declaration may name, with that condition. Read from the text: a run
/// of attributes starting a line, a visibility and `mod NAME;`, whitespace between.
fn path_declarations(declared_in: &str, text: &str) -> Vec<PathModule> {
    let mut found = Vec::new();
    let mut read_to = 0;
    for (at, _) in text.match_indices("#[") {
        // Only a declaration at the file's top level: the line starts with the attribute
        // (and not inside a run of attributes already read).
        if at < read_to || (at != 0 && !text[..at].ends_with('\n')) {
            continue;
        }
        let mut rest = &text[at..];
        let mut paths: Vec<(Option<String>, String)> = Vec::new();
        while let Some(inside) = rest.strip_prefix("#[") {
            let Some(end) = closing(inside, b']') else {
                break;
            };
            paths.extend(path_of_attribute(&inside[..end]));
            rest = inside[end + 1..].trim_start();
        }
        read_to = text.len() - rest.len();
        if paths.is_empty() {
            continue;
        }
        if let Some(after) = rest.strip_prefix("pub") {
            rest = after.trim_start();
            if let Some(scoped) = rest.strip_prefix('(') {
                rest = scoped.split_once(')').map_or("", |(_, after)| after).trim_start();
            }
        }
        let Some(rest) = rest.strip_prefix("mod ") else {
            continue;
        };
        let rest = rest.trim_start();
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if name.is_empty() || !rest[name.len()..].trim_start().starts_with(';') {
            continue;
        }
        for (condition, target) in paths {
            found.push(PathModule {
                file: normalized(&child_path(parent_dir(declared_in), target.trim_start_matches("./"))),
                declared_in: declared_in.to_string(),
                name: name.clone(),
                condition,
            });
        }
    }
    found
}

/// The file an attribute (its text inside `#[..]`) names a module's file by: `path = ".."`,
/// or under a condition, `cfg_attr(PREDICATE, .., path = "..", ..)`, with that predicate.
fn path_of_attribute(attribute: &str) -> Option<(Option<String>, String)> {
    let quoted = |value: &str| {
        let value = value.trim_start().strip_prefix('=')?.trim_start().strip_prefix('"')?;
        value.split_once('"').map(|(target, _)| target.to_string())
    };
    let attribute = attribute.trim();
    if let Some(value) = attribute.strip_prefix("path") {
        return quoted(value).map(|target| (None, target));
    }
    let inside = attribute.strip_prefix("cfg_attr")?.trim_start().strip_prefix('(')?;
    let inside = &inside[..closing(inside, b')')?];
    let parts = top_level_parts(inside);
    let (predicate, attributes) = parts.split_first()?;
    let target = attributes.iter().find_map(|a| quoted(a.trim().strip_prefix("path")?))?;
    Some((Some(predicate.trim().to_string()), target))
}

/// Where the bracket `close` ends a group opened just before `text`: brackets of every
/// kind nest, strings are skipped.
fn closing(text: &str, close: u8) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, b) in text.bytes().enumerate() {
        match (in_string, escaped, b) {
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_string = false,
            (true, _, _) => escaped = false,
            (false, _, b'"') => in_string = true,
            (false, _, b'(' | b'[' | b'{') => depth += 1,
            (false, _, c) if c == close && depth == 0 => return Some(i),
            (false, _, b')' | b']' | b'}') => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    None
}

/// The parts of a list written between commas at its top level (`a, b(c, d), e`).
fn top_level_parts(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    while let Some(end) = closing(&text[start..], b',') {
        parts.push(&text[start..start + end]);
        start += end + 1;
    }
    parts.push(&text[start..]);
    parts
}

/// The folder a file module's `mod name;` files sit in: a crate root's (`tests/a.rs`
/// declares `mod common;` as `tests/common/mod.rs`), a `mod.rs`'s or one a path attribute
/// names (read like a `mod.rs`), else the folder named like the file.
fn child_dir(project: &Project, path: &str) -> String {
    if owns_folder(path)
        || project.rust.crate_root(project, path).as_deref() == Some(path)
        || project.rust.path_parent(path).is_some()
    {
        parent_dir(path).to_string()
    } else {
        strip_ext(path).to_string()
    }
}

/// The module `name` declared in `module` (`mod name;` in another file, or an inline
/// `mod name { .. }`).
pub fn child(project: &Project, module: &ModuleId, name: &str) -> Option<ModuleId> {
    if let Some(facts) = project.facts(&module.file) {
        let path = if module.inner.is_empty() {
            name.to_string()
        } else {
            format!("{}.{name}", module.inner)
        };
        if facts.index.symbols.iter().any(|s| s.path == path && s.kind == "module") {
            return Some(module.inner(name));
        }
    }
    if !module.inner.is_empty() {
        // `mod a { mod b; }`: b.rs in the folder of `a`.
        let dir = child_path(&child_dir(project, &module.file), &module.inner.replace('.', "/"));
        return file_child(project, &dir, name);
    }
    if let Some(named) = project.rust.path_child(project, &module.file, name) {
        return Some(ModuleId::file(named.file.clone()));
    }
    file_child(project, &child_dir(project, &module.file), name)
}

fn file_child(project: &Project, dir: &str, name: &str) -> Option<ModuleId> {
    let base = child_path(dir, name);
    [format!("{base}.rs"), format!("{base}/mod.rs")]
        .into_iter()
        .find(|c| project.has_file(c))
        .map(ModuleId::file)
}

/// The module `module` is declared in (`super`).
pub fn parent(project: &Project, module: &ModuleId) -> Option<ModuleId> {
    if let Some((outer, _)) = module.inner.rsplit_once('.') {
        return Some(ModuleId {
            file: module.file.clone(),
            inner: outer.to_string(),
        });
    }
    if !module.inner.is_empty() {
        return Some(ModuleId::file(module.file.clone()));
    }
    let path = &module.file;
    if let Some(declaration) = project.rust.path_parent(path) {
        return Some(ModuleId::file(declaration.declared_in.clone()));
    }
    let root = project.rust.crate_root(project, path)?;
    if &root == path {
        return None;
    }
    // `a/b.rs` and `a/b/mod.rs` are declared in `a.rs`, `a/mod.rs`, or the crate root.
    let own_dir = if owns_folder(path) {
        parent_dir(path)
    } else {
        strip_ext(path)
    };
    let dir = parent_dir(own_dir);
    let candidates = [format!("{dir}.rs"), child_path(dir, "mod.rs")];
    candidates
        .into_iter()
        .find(|c| project.has_file(c) && c != path)
        .map(ModuleId::file)
        .or_else(|| Some(ModuleId::file(root)))
}

/// The crate root module of the crate `path` is compiled in.
pub fn crate_root(project: &Project, path: &str) -> Option<ModuleId> {
    project.rust.crate_root(project, path).map(ModuleId::file)
}

/// Whether a file's crate is written for the 2015 edition, where a `use` path that names no
/// `crate`, `self` or `super` starts at the crate root (`use unify::Table` is
/// `crate::unify::Table`), an extern crate being a name there too.
pub fn uses_from_root(project: &Project, path: &str) -> bool {
    project.rust.crate_of(path).is_some_and(|c| c.edition_2015)
}

/// The segments of a path as written (`crate::a::b` → `crate`, `a`, `b`).
pub fn split_path(path: &str) -> Vec<String> {
    path.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// Whether `text` writes an impl whose self type is one of the impl's own type parameters
/// (`impl<Input, P: Parser<Input>> EasyParser<Input> for P {`): a blanket impl, as far as
/// the text tells. The tree decides for the files it admits.
pub fn writes_blanket_impl(text: &str) -> bool {
    static IMPL: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bimpl\s*<([^{;]*?)>\s*[\w:]+(?:\s*<[^{;]*?>)?\s+for\s+([A-Za-z_]\w*)\s*(?:where\b|\{)")
            .expect("a valid pattern")
    });
    IMPL.captures_iter(text).any(|c| {
        let (parameters, self_type) = (&c[1], &c[2]);
        parameters
            .match_indices(self_type)
            .any(|(at, _)| crate::refs::project::whole_word(parameters, at, self_type.len()))
    })
}
