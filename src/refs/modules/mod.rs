//! How files name each other, one module system per file: [`python`] packages, [`rust`]
//! crates, [`node`] resolution (TypeScript and JavaScript). Each answers the same two
//! questions for the resolver: which module does this import (or path) name, and which
//! modules sit inside a module. What a module *binds* is the resolver's business, read
//! from the module's own facts.

pub mod node;
pub mod python;
pub mod rust;

/// A module of the root: a file, a folder (a Python namespace package, path ending in
/// `/`), or a module inside a file (`inner`: a Rust inline `mod`'s name path, a TypeScript
/// `namespace`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleId {
    pub file: String,
    pub inner: String,
}

impl ModuleId {
    pub fn file(file: impl Into<String>) -> ModuleId {
        ModuleId {
            file: file.into(),
            inner: String::new(),
        }
    }

    /// A folder without a file of its own (a namespace package).
    pub fn is_folder(&self) -> bool {
        self.file.ends_with('/')
    }

    /// The module inside this one called `name` (an inline module).
    pub fn inner(&self, name: &str) -> ModuleId {
        ModuleId {
            file: self.file.clone(),
            inner: if self.inner.is_empty() {
                name.to_string()
            } else {
                format!("{}.{name}", self.inner)
            },
        }
    }
}

/// `a/b.py` → `a/b`.
pub fn strip_ext(path: &str) -> &str {
    match path.rfind('.') {
        Some(dot) if !path[dot..].contains('/') => &path[..dot],
        _ => path,
    }
}

/// The folder of a path (`""` at the root).
pub fn parent_dir(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// `a/b` + `../c/d` → `a/c/d` (a path that climbs above the root gives `None`).
pub fn join(dir: &str, relative: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    for segment in relative.split('/') {
        match segment {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// `a/./b/../c` as `a/c`: a path with its `.` and `..` steps taken.
pub fn normalized(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

/// `dir` + `name` as a path.
pub fn child_path(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}
