//! Node resolution for TypeScript and JavaScript: relative specifiers (`./core`,
//! `../util.js` written for a `.ts` file, a folder's `index`), the package importing itself
//! by its package.json `name` through `exports` (any condition that leads to a file of the
//! root, source conditions such as `@zod/source` included), and tsconfig.json `paths` and
//! `baseUrl`. Any other bare specifier is a dependency: outside the root.

use super::{child_path, join, parent_dir, strip_ext, ModuleId};
use crate::refs::project::Project;

/// Extensions tried after a specifier, in the order TypeScript tries them.
const EXTENSIONS: [&str; 10] = ["ts", "tsx", "d.ts", "mts", "cts", "js", "jsx", "mjs", "cjs", "d.mts"];

#[derive(Debug, Default)]
pub struct Layout {
    /// Each package.json under the root: its folder, name, and `exports` (subpath → targets).
    pub packages: Vec<Package>,
    /// tsconfig.json `paths` (pattern → targets, relative to the root) and `baseUrl`.
    pub paths: Vec<(String, Vec<String>)>,
    pub base_url: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Package {
    pub dir: String,
    pub name: String,
    pub exports: Vec<(String, Vec<String>)>,
    /// `main`, `module`, `types`, `source`.
    pub entries: Vec<String>,
}

impl Layout {
    pub fn read(project: &Project) -> Layout {
        let mut layout = Layout::default();
        let mut dirs: Vec<&str> = vec![""];
        dirs.extend(
            project
                .dirs
                .iter()
                .map(String::as_str)
                .filter(|d| !d.contains("node_modules")),
        );
        for dir in dirs {
            if let Some(package) = project
                .read_config(&child_path(dir, "package.json"))
                .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            {
                let name = package
                    .get("name")
                    .and_then(|n| n.as_str())
                    .unwrap_or_default()
                    .to_string();
                let mut exports = Vec::new();
                match package.get("exports") {
                    Some(serde_json::Value::Object(map)) if map.keys().any(|k| k.starts_with('.')) => {
                        for (key, value) in map {
                            exports.push((key.clone(), targets(value)));
                        }
                    }
                    Some(value) => exports.push((".".to_string(), targets(value))),
                    None => {}
                }
                let entries = ["source", "types", "typings", "module", "main"]
                    .iter()
                    .filter_map(|k| package.get(*k).and_then(|v| v.as_str()).map(str::to_string))
                    .collect();
                if !name.is_empty() {
                    layout.packages.push(Package {
                        dir: dir.to_string(),
                        name,
                        exports,
                        entries,
                    });
                }
            }
            if let Some(config) = project
                .read_config(&child_path(dir, "tsconfig.json"))
                .and_then(|t| parse_jsonc(&t))
            {
                let options = config.get("compilerOptions");
                let base = options
                    .and_then(|o| o.get("baseUrl"))
                    .and_then(|b| b.as_str())
                    .and_then(|b| join(dir, b));
                if let Some(paths) = options.and_then(|o| o.get("paths")).and_then(|p| p.as_object()) {
                    let from = base.clone().unwrap_or_else(|| dir.to_string());
                    for (pattern, values) in paths {
                        let targets = values
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|v| v.as_str())
                            .filter_map(|v| join(&from, v))
                            .collect();
                        layout.paths.push((pattern.clone(), targets));
                    }
                }
                if layout.base_url.is_none() {
                    layout.base_url = base;
                }
            }
        }
        layout
    }
}

/// Every file path a package.json `exports` value can lead to, conditions in their order.
fn targets(value: &serde_json::Value) -> Vec<String> {
    match value {
        serde_json::Value::String(s) => vec![s.clone()],
        serde_json::Value::Array(items) => items.iter().flat_map(targets).collect(),
        serde_json::Value::Object(map) => map.values().flat_map(targets).collect(),
        _ => Vec::new(),
    }
}

/// tsconfig.json allows comments and trailing commas.
fn parse_jsonc(text: &str) -> Option<serde_json::Value> {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        let c = bytes[i];
        if in_string {
            out.push(c as char);
            if c == b'\\' && i + 1 < bytes.len() {
                out.push(bytes[i + 1] as char);
                i += 1;
            } else if c == b'"' {
                in_string = false;
            }
        } else if c == b'"' {
            in_string = true;
            out.push('"');
        } else if text[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        } else if text[i..].starts_with("/*") {
            i = text[i + 2..].find("*/").map_or(bytes.len(), |e| i + 2 + e + 2);
            continue;
        } else {
            out.push(c as char);
        }
        i += 1;
    }
    let cleaned = regex::Regex::new(r",(\s*[}\]])")
        .ok()?
        .replace_all(&out, "$1")
        .into_owned();
    serde_json::from_str(&cleaned).ok()
}

/// The module a specifier written in `importer` names, when it is a file of the root.
pub fn resolve(project: &Project, importer: &str, spec: &str) -> Option<ModuleId> {
    if spec.starts_with('.') {
        let target = join(parent_dir(importer), spec)?;
        return file_for(project, &target);
    }
    if let Some(found) = self_import(project, spec) {
        return Some(found);
    }
    for (pattern, targets) in &project.node.paths {
        let captured = match pattern.split_once('*') {
            Some((head, tail)) => spec
                .strip_prefix(head)
                .and_then(|rest| rest.strip_suffix(tail))
                .map(str::to_string),
            None => (pattern == spec).then(String::new),
        };
        if let Some(captured) = captured {
            for target in targets {
                if let Some(found) = file_for(project, &target.replace('*', &captured)) {
                    return Some(found);
                }
            }
        }
    }
    let base = project.node.base_url.as_deref()?;
    file_for(project, &child_path(base, spec))
}

/// `name` or `name/sub` of a package of the root, through its `exports` or entry fields.
fn self_import(project: &Project, spec: &str) -> Option<ModuleId> {
    for package in &project.node.packages {
        let sub = if spec == package.name {
            ".".to_string()
        } else if let Some(rest) = spec.strip_prefix(&format!("{}/", package.name)) {
            format!("./{rest}")
        } else {
            continue;
        };
        for (key, targets) in &package.exports {
            let captured = match key.split_once('*') {
                Some((head, tail)) => sub
                    .strip_prefix(head)
                    .and_then(|rest| rest.strip_suffix(tail))
                    .map(str::to_string),
                None => (key == &sub).then(String::new),
            };
            let Some(captured) = captured else {
                continue;
            };
            for target in targets {
                if let Some(found) =
                    join(&package.dir, &target.replace('*', &captured)).and_then(|t| file_for(project, &t))
                {
                    return Some(found);
                }
            }
        }
        if sub == "." {
            for entry in &package.entries {
                if let Some(found) = join(&package.dir, entry).and_then(|t| file_for(project, &t)) {
                    return Some(found);
                }
            }
            for fallback in ["src/index", "index", "lib/index"] {
                if let Some(found) = file_for(project, &child_path(&package.dir, fallback)) {
                    return Some(found);
                }
            }
        } else if let Some(found) = join(&package.dir, &sub).and_then(|t| {
            file_for(project, &t)
                .or_else(|| file_for(project, &child_path(&package.dir, &format!("src/{}", &sub[2..]))))
        }) {
            return Some(found);
        }
    }
    None
}

/// The file a path without (or with a JavaScript) extension names: the path itself, the
/// path with an extension, a `.js` written for its `.ts` source, a folder's `index`.
pub fn file_for(project: &Project, target: &str) -> Option<ModuleId> {
    let target = target.trim_end_matches('/');
    if project.has_file(target) {
        return Some(ModuleId::file(target));
    }
    // `./util.js` written for `./util.ts`: try the stem too.
    let javascript = [".js", ".jsx", ".mjs", ".cjs"].iter().any(|e| target.ends_with(e));
    let stems: Vec<&str> = if javascript {
        vec![strip_ext(target), target]
    } else {
        vec![target]
    };
    for stem in stems {
        for ext in EXTENSIONS {
            let candidate = format!("{stem}.{ext}");
            if project.has_file(&candidate) {
                return Some(ModuleId::file(candidate));
            }
        }
    }
    if project.has_dir(target) {
        for ext in EXTENSIONS {
            let candidate = format!("{target}/index.{ext}");
            if project.has_file(&candidate) {
                return Some(ModuleId::file(candidate));
            }
        }
    }
    None
}
