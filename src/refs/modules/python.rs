//! Python packages: `import a.b`, `from .c import d`, a package's `__init__.py`, folders
//! without one (namespace packages).
//!
//! A stub (`.pyi`) beside a module is what an import of it reads, as type checkers do.
//!
//! Import roots are found from the tree itself: the folder above the outermost package
//! (`src/` for `src/click/__init__.py`) is one, the root is one, and a module's own folder
//! is one for the scripts and tests beside it (Python puts a script's folder first on its
//! path) — unless that folder is a package, whose modules are imported by the package's name.
//! Such a script also finds, last, what the folders above its own hold: pyright looks
//! there when nothing else resolves an import, for the scripts that put a parent folder on
//! their path (`sys.path.append("..")`).

use super::{child_path, parent_dir, strip_ext, ModuleId};
use crate::refs::project::Project;

#[derive(Debug, Default)]
pub struct Layout {
    /// Folders absolute imports are looked for in, most likely first.
    pub roots: Vec<String>,
}

impl Layout {
    pub fn read(project: &Project) -> Layout {
        let mut roots: Vec<String> = Vec::new();
        for path in project.files.keys().filter(|p| is_python(p)) {
            let mut dir = parent_dir(path).to_string();
            let package = |d: &str| {
                project.has_file(&child_path(d, "__init__.py")) || project.has_file(&child_path(d, "__init__.pyi"))
            };
            if !package(&dir) {
                continue;
            }
            while package(&dir) {
                if dir.is_empty() {
                    break;
                }
                dir = parent_dir(&dir).to_string();
            }
            if !roots.contains(&dir) {
                roots.push(dir);
            }
        }
        for common in ["", "src", "lib", "python"] {
            if !roots.iter().any(|r| r == common) {
                roots.push(common.to_string());
            }
        }
        Layout { roots }
    }
}

fn is_python(path: &str) -> bool {
    path.ends_with(".py") || path.ends_with(".pyi")
}

/// The folder holding a module's own modules (a package's folder), if it is a package.
fn package_dir(module: &ModuleId) -> Option<String> {
    if module.is_folder() {
        return Some(module.file.trim_end_matches('/').to_string());
    }
    let stem = strip_ext(&module.file);
    stem.strip_suffix("/__init__")
        .map(str::to_string)
        .or_else(|| (stem == "__init__").then(String::new))
}

/// The module `name` inside package `module` (a file, a package, or a namespace folder).
pub fn submodule(project: &Project, module: &ModuleId, name: &str) -> Option<ModuleId> {
    let dir = package_dir(module)?;
    in_dir(project, &dir, name)
}

fn in_dir(project: &Project, dir: &str, name: &str) -> Option<ModuleId> {
    let base = child_path(dir, name);
    // A stub beside a module is what type checkers read in its place.
    for candidate in [
        format!("{base}.pyi"),
        format!("{base}/__init__.pyi"),
        format!("{base}.py"),
        format!("{base}/__init__.py"),
    ] {
        if project.has_file(&candidate) {
            return Some(ModuleId::file(candidate));
        }
    }
    project.has_dir(&base).then(|| ModuleId::file(format!("{base}/")))
}

/// The module an import statement in `importer` names (`a.b`, `.c`, `..`).
pub fn resolve(project: &Project, importer: &str, spec: &str) -> Option<ModuleId> {
    let dots = spec.chars().take_while(|c| *c == '.').count();
    let rest: Vec<&str> = spec[dots..].split('.').filter(|s| !s.is_empty()).collect();
    if dots > 0 {
        let mut dir = parent_dir(importer).to_string();
        for _ in 1..dots {
            if dir.is_empty() {
                return None;
            }
            dir = parent_dir(&dir).to_string();
        }
        let mut module = if project.has_file(&child_path(&dir, "__init__.pyi")) {
            ModuleId::file(child_path(&dir, "__init__.pyi"))
        } else if project.has_file(&child_path(&dir, "__init__.py")) {
            ModuleId::file(child_path(&dir, "__init__.py"))
        } else {
            ModuleId::file(format!("{dir}/"))
        };
        for segment in rest {
            module = submodule(project, &module, segment)?;
        }
        return Some(module);
    }
    let (first, tail) = rest.split_first()?;
    // A script's folder is first on its path; a module of a package is imported by its
    // package's name, so its folder is not (`from typing import ..` in a package holding a
    // `typing.py` is the standard library's).
    let own = parent_dir(importer).to_string();
    let in_package =
        project.has_file(&child_path(&own, "__init__.py")) || project.has_file(&child_path(&own, "__init__.pyi"));
    // A script outside any package also finds what the folders above its own hold, nearest
    // first, as pyright does when nothing else does (`sys.path.append("..")` in a Sphinx
    // `conf.py`, then `from shared_conf import *`).
    let above = std::iter::successors((!in_package && !own.is_empty()).then(|| parent_dir(&own)), |dir| {
        (!dir.is_empty()).then(|| parent_dir(dir))
    });
    let roots = project
        .python
        .roots
        .iter()
        .map(String::as_str)
        .chain((!in_package).then_some(own.as_str()))
        .chain(above);
    for root in roots {
        let Some(mut module) = in_dir(project, root, first) else {
            continue;
        };
        let mut found = true;
        for segment in tail {
            match submodule(project, &module, segment) {
                Some(m) => module = m,
                None => {
                    found = false;
                    break;
                }
            }
        }
        if found {
            return Some(module);
        }
    }
    None
}
