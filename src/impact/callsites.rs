//! The callsite index: every call in the root that can reach a changed definition, with how
//! sure saguaro is that it does, checked against the definition's new signature.
//!
//! Only files that contain one of the changed names are parsed (a `memmem` prefilter), in
//! parallel. A call's confidence is a tier: `import_resolved` (the name is bound by an
//! import of the defining module, or the call is in that module), `receiver_typed` (a
//! method called on `self`/`this` inside its own type, on the type itself, or on a variable
//! whose type is written next to it), `name_match` (the name only). A call on a variable
//! whose written type is another type is not a callsite at all.

use super::breakage::ChangedDefinition;
use super::signature::{Param, ParamKind, Signature};
use crate::lang::{Language, Registry};
use crate::source::SourceText;
use crate::symbols::SymbolIndex;
use serde::Serialize;
use tree_sitter::StreamingIterator;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    NameMatch,
    ReceiverTyped,
    ImportResolved,
}

impl Confidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::NameMatch => "name_match",
            Confidence::ReceiverTyped => "receiver_typed",
            Confidence::ImportResolved => "import_resolved",
        }
    }
}

/// One call (or import) of a changed definition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Callsite {
    pub path: String,
    /// The line and column (1-based) of the called name.
    pub line: usize,
    pub column: usize,
    pub confidence: Confidence,
    /// The changed definition it calls.
    pub symbol: String,
    /// Why it breaks, or why it is only affected.
    pub reason: String,
    #[serde(skip)]
    pub breaks: bool,
}

/// A file of the root as the patch would leave it, with a map back to the lines it has now.
pub struct Source {
    pub path: String,
    pub text: String,
    /// For each line of `text` (0-based), the line it is now (1-based), if it is not new.
    pub old_line: Option<Vec<Option<usize>>>,
}

/// The callsites of `changed` in `files`.
pub fn find(files: &[Source], changed: &[ChangedDefinition], package: &Package) -> Vec<Callsite> {
    use rayon::prelude::*;
    let mut package = package.clone();
    for f in files.iter().filter(|f| f.path.ends_with("__init__.py")) {
        let dir = f.path.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        package.python_inits.insert(dir, f.text.clone());
    }
    if changed.iter().any(|c| c.parent.is_some()) {
        package.field_types = field_types(files);
    }
    let package = &package;
    let names: Vec<&str> = {
        let mut names: Vec<&str> = changed.iter().map(|c| c.name.as_str()).collect();
        names.sort();
        names.dedup();
        names
    };
    let finders: Vec<memchr::memmem::Finder> = names
        .iter()
        .map(|n| memchr::memmem::Finder::new(n.as_bytes()))
        .collect();
    let mut out: Vec<Callsite> = files
        .par_iter()
        .filter(|f| finders.iter().any(|finder| finder.find(f.text.as_bytes()).is_some()))
        .flat_map_iter(|f| in_file(f, changed, package))
        .collect();
    out.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    out.dedup_by(|a, b| a.path == b.path && a.line == b.line && a.symbol == b.symbol);
    out
}

/// What the package says of itself: its name, for imports of itself by name.
#[derive(Debug, Clone, Default)]
pub struct Package {
    pub names: Vec<String>,
    /// Python packages' `__init__.py` texts by package folder, to check re-exports.
    pub python_inits: std::collections::BTreeMap<String, String>,
    /// The type each type's fields are declared with: (type, field) → field's type.
    pub field_types: std::collections::BTreeMap<(String, String), String>,
}

/// The declared types of fields, in the languages whose registry says how fields are declared.
fn field_types(files: &[Source]) -> std::collections::BTreeMap<(String, String), String> {
    let registry = Registry::global();
    let mut out = std::collections::BTreeMap::new();
    for file in files {
        let Some(Ok(Some((container, field)))) = registry.for_path(&file.path).map(Language::field_declarations) else {
            continue;
        };
        for declared in container.captures_iter(&file.text) {
            for f in field.captures_iter(&declared[2]) {
                out.insert((declared[1].to_string(), f[1].to_string()), f[2].to_string());
            }
        }
    }
    out
}

/// One import binding: `local` names `name` of `module`.
#[derive(Debug, Clone)]
struct Binding {
    module: String,
    name: Option<String>,
    local: String,
    line: usize,
    column: usize,
}

fn in_file(file: &Source, changed: &[ChangedDefinition], package: &Package) -> Vec<Callsite> {
    let registry = Registry::global();
    let Some(lang) = registry.for_path(&file.path) else {
        return Vec::new();
    };
    let Ok(index) = SymbolIndex::build(SourceText::new(file.text.clone()), &lang.name) else {
        return Vec::new();
    };
    let changed: Vec<&ChangedDefinition> = changed
        .iter()
        .filter(|c| registry.for_path(&c.file).is_some_and(|l| l.queries == lang.queries))
        .collect();
    if changed.is_empty() {
        return Vec::new();
    }
    let text = &file.text[index.source.bom_len()..];
    let bindings = imports(&index, lang, text);
    let mut out = Vec::new();
    let line_of = |row: usize| -> usize {
        match &file.old_line {
            Some(map) => map.get(row).copied().flatten().unwrap_or(row + 1),
            None => row + 1,
        }
    };
    // Imports of a removed definition break where they name it.
    for def in changed.iter().filter(|d| d.removed()) {
        for b in bindings.iter().filter(|b| b.name.as_deref() == Some(def.name.as_str())) {
            if def.parent.is_none() && module_matches(lang, &b.module, &file.path, &def.file, &def.name, package) {
                // Through a re-export, the re-export breaks first; this import may not.
                let confidence = if through_reexport(lang, &b.module, &file.path, &def.file) {
                    Confidence::NameMatch
                } else {
                    Confidence::ImportResolved
                };
                out.push(Callsite {
                    path: file.path.clone(),
                    line: line_of(b.line),
                    column: b.column + 1,
                    confidence,
                    symbol: def.path.clone(),
                    reason: format!("imports `{}`, which the patch removes", def.name),
                    breaks: true,
                });
            }
        }
    }
    for call in calls(&index, lang, text) {
        let called = call.name.as_str();
        let receiver = call.receiver.as_deref();
        // A function imported under another name is called by that name.
        let aliased: Vec<&&ChangedDefinition> = match receiver {
            Some(_) => Vec::new(),
            None => changed
                .iter()
                .filter(|d| {
                    d.parent.is_none()
                        && bindings.iter().any(|b| {
                            b.local == called
                                && b.name.as_deref() == Some(d.name.as_str())
                                && b.local != d.name
                                && module_matches(lang, &b.module, &file.path, &d.file, &d.name, package)
                        })
                })
                .collect(),
        };
        for def in changed
            .iter()
            .filter(|d| d.name == called)
            .chain(aliased.iter().copied())
        {
            let is_alias = def.name != called;
            let line = line_of(call.row);
            // A definition's calls of itself are its own business.
            if file.path == def.file && (def.old_lines.0..=def.old_lines.1).contains(&line) {
                continue;
            }
            let confidence = if is_alias {
                Some(Confidence::ImportResolved)
            } else {
                confidence(lang, &index, text, file, def, receiver, call.at, &bindings, package)
            };
            let Some(confidence) = confidence else {
                continue;
            };
            let (breaks, reason) = verdict(lang, def, receiver, &call.arguments);
            out.push(Callsite {
                path: file.path.clone(),
                line,
                column: call.column + 1,
                confidence,
                symbol: def.path.clone(),
                reason,
                breaks,
            });
        }
    }
    out
}

/// One call as the file writes it.
struct Call {
    name: String,
    receiver: Option<String>,
    /// Byte offset of the called name (after any BOM), its row and column (0-based).
    at: usize,
    row: usize,
    column: usize,
    arguments: Arguments,
}

/// Every call of the file: those the `calls` query finds, and those inside the language's
/// macro arguments (token trees to the grammar), read as text.
fn calls(index: &SymbolIndex, lang: &Language, text: &str) -> Vec<Call> {
    let mut out = Vec::new();
    if let Ok(query) = lang.query("calls") {
        let names = query.capture_names();
        let mut cursor = tree_sitter::QueryCursor::new();
        let mut matches = cursor.matches(query, index.tree.root_node(), text.as_bytes());
        while let Some(m) = matches.next() {
            let capture = |wanted: &str| captured(m, names, wanted);
            let (Some(name), Some(arguments)) = (capture("name"), capture("arguments")) else {
                continue;
            };
            out.push(Call {
                name: text[name.byte_range()].to_string(),
                receiver: capture("receiver").map(|r| text[r.byte_range()].to_string()),
                at: name.start_byte(),
                row: name.start_position().row,
                column: name.start_position().column,
                arguments: Arguments::of(arguments, text),
            });
        }
    }
    if !lang.macro_arguments.is_empty() {
        let mut stack = vec![index.tree.root_node()];
        while let Some(node) = stack.pop() {
            if lang.macro_arguments.iter().any(|k| k == node.kind()) {
                out.extend(text_calls(text, node.start_byte(), node.end_byte()));
                continue;
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    out
}

/// Calls written in `text[start..end]` read as text: `name(..)`, `x.name(..)`,
/// `a::b::name(..)`, `name::<T>(..)`, their arguments split at top-level commas.
fn text_calls(text: &str, start: usize, end: usize) -> Vec<Call> {
    let bytes = text.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    let mut i = start;
    while i < end {
        if !ident(bytes[i]) || (i > 0 && ident(bytes[i - 1])) || bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let name_start = i;
        while i < end && ident(bytes[i]) {
            i += 1;
        }
        let name_end = i;
        let mut j = i;
        // `::<T>` turbofish.
        if text[j..end].starts_with("::<") {
            let mut depth = 0;
            while j < end {
                match bytes[j] {
                    b'<' => depth += 1,
                    b'>' => {
                        depth -= 1;
                        if depth == 0 {
                            j += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        if j >= end || bytes[j] != b'(' || bytes.get(name_start.wrapping_sub(1)) == Some(&b'!') {
            continue;
        }
        let Some(arguments) = split_arguments(text, j + 1, end) else {
            continue;
        };
        let receiver = receiver_before(text, name_start);
        let row = text[..name_start].matches('\n').count();
        let column = name_start - text[..name_start].rfind('\n').map_or(0, |n| n + 1);
        out.push(Call {
            name: text[name_start..name_end].to_string(),
            receiver,
            at: name_start,
            row,
            column,
            arguments: Arguments {
                positional: arguments,
                ..Arguments::default()
            },
        });
        i = j + 1;
    }
    out
}

/// The arguments from `open` (just after `(`) to the matching `)`, split at top-level commas.
fn split_arguments(text: &str, open: usize, end: usize) -> Option<Vec<String>> {
    let bytes = text.as_bytes();
    let (mut depth, mut k, mut from) = (0i32, open, open);
    let mut args = Vec::new();
    let mut in_string = false;
    while k < end {
        let b = bytes[k];
        if in_string {
            if b == b'\\' {
                k += 1;
            } else if b == b'"' {
                in_string = false;
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth > 0 => depth -= 1,
                b')' => {
                    let last = text[from..k].trim();
                    if !last.is_empty() {
                        args.push(last.to_string());
                    }
                    return Some(args);
                }
                b',' if depth == 0 => {
                    args.push(text[from..k].trim().to_string());
                    from = k + 1;
                }
                _ => {}
            }
        }
        k += 1;
    }
    None
}

/// What a call written as text is made on: `x` in `x.f(`, `a::b` in `a::b::f(`.
fn receiver_before(text: &str, name_start: usize) -> Option<String> {
    let before = text[..name_start].trim_end();
    let (rest, separator) = if let Some(r) = before.strip_suffix("::") {
        (r, "::")
    } else if let Some(r) = before.strip_suffix('.') {
        (r, ".")
    } else {
        return None;
    };
    // `a::b::f(` and `a.b.f(`: the whole path or chain is the receiver, calls and indexing
    // in a chain included (`make().unwrap().f(`): a method is still called on something.
    let path_chars = |c: char| c.is_alphanumeric() || c == '_' || separator.starts_with(c);
    let rest = rest.trim_end();
    let mut depth = 0usize;
    let mut start = rest.len();
    for (i, c) in rest.char_indices().rev() {
        match c {
            ')' | ']' if separator == "." => depth += 1,
            '(' | '[' if depth > 0 => depth -= 1,
            _ if depth > 0 || path_chars(c) => {}
            _ => break,
        }
        start = i;
    }
    let receiver = &rest[start..];
    (!receiver.is_empty() && depth == 0).then(|| receiver.to_string())
}

/// The node a query match captured under `wanted`, if any.
fn captured<'t>(m: &tree_sitter::QueryMatch<'_, 't>, names: &[&str], wanted: &str) -> Option<tree_sitter::Node<'t>> {
    m.captures()
        .iter()
        .find(|c| names[c.index as usize] == wanted)
        .map(|c| c.node)
}

/// The import bindings of a file.
fn imports(index: &SymbolIndex, lang: &Language, text: &str) -> Vec<Binding> {
    let Ok(query) = lang.query("imports") else {
        return Vec::new();
    };
    let names = query.capture_names();
    let mut cursor = tree_sitter::QueryCursor::new();
    let mut matches = cursor.matches(query, index.tree.root_node(), text.as_bytes());
    let mut out = Vec::new();
    while let Some(m) = matches.next() {
        let capture = |wanted: &str| captured(m, names, wanted);
        let Some(module) = capture("import.module") else {
            continue;
        };
        let name = capture("import.name");
        let alias = capture("import.alias");
        let at = name.or(alias).unwrap_or(module);
        let mut module_text = text[module.byte_range()].trim_matches(['"', '\'', '`']).to_string();
        let name_text = name.map(|n| text[n.byte_range()].to_string());
        // `import a.b` binds `a`, the package.
        if name.is_none() && alias.is_none() {
            module_text = module_text.split('.').next().unwrap_or_default().to_string();
        }
        let local = alias
            .map(|a| text[a.byte_range()].to_string())
            .or_else(|| name_text.clone())
            .unwrap_or_else(|| module_text.clone());
        out.push(Binding {
            module: module_text,
            name: name_text,
            local,
            line: at.start_position().row,
            column: at.start_position().column,
        });
    }
    out
}

/// How sure it is that a call named like `def` calls it; `None`: it calls something else.
#[allow(clippy::too_many_arguments)]
fn confidence(
    lang: &Language,
    index: &SymbolIndex,
    text: &str,
    file: &Source,
    def: &ChangedDefinition,
    receiver: Option<&str>,
    at: usize,
    bindings: &[Binding],
    package: &Package,
) -> Option<Confidence> {
    let same_file = file.path == def.file;
    // A function nested in a function is called by its bare name within that function.
    if matches!(def.parent_kind.as_deref(), Some("function" | "method")) {
        let inside =
            same_file && receiver.is_none() && enclosing_function(index, at).as_deref() == def.parent.as_deref();
        return inside.then_some(Confidence::ImportResolved);
    }
    let owner = def
        .parent
        .as_deref()
        .filter(|_| def.kind == "method" || def.parent_kind.is_some());
    let owner_name = owner.map(|o| o.rsplit('.').next().unwrap_or(o));
    match (owner_name, receiver) {
        // A function called by its bare name.
        (None, None) => {
            if same_file {
                return Some(Confidence::ImportResolved);
            }
            let bound = bindings.iter().find(|b| b.local == def.name);
            match bound {
                Some(b) if module_matches(lang, &b.module, &file.path, &def.file, &def.name, package) => {
                    if def.removed() && through_reexport(lang, &b.module, &file.path, &def.file) {
                        return Some(Confidence::NameMatch);
                    }
                    Some(Confidence::ImportResolved)
                }
                // Bound by an import of something else of that name.
                Some(_) => None,
                // Defined here under the same name: a different function.
                None if index.symbols.iter().any(|s| s.name == def.name && s.parent.is_none()) => None,
                // A bare name from another module must be imported (or come through a glob
                // import); without either it is a builtin or a local of that name.
                None if text.contains("import *") || text.contains("::*") => Some(Confidence::NameMatch),
                None => None,
            }
        }
        // A function called through a module (`m.f()`, `m::f()`).
        (None, Some(r)) => {
            let head = r.rsplit(['.', ':']).find(|s| !s.is_empty()).unwrap_or(r);
            let bound = bindings.iter().find(|b| b.local == head || b.local == r);
            match bound {
                Some(b)
                    if b.name.is_none()
                        && module_matches(lang, &b.module, &file.path, &def.file, &def.name, package) =>
                {
                    if def.removed() && through_reexport(lang, &b.module, &file.path, &def.file) {
                        return Some(Confidence::NameMatch);
                    }
                    Some(Confidence::ImportResolved)
                }
                Some(b)
                    if b.name.is_some()
                        && module_matches(
                            lang,
                            &format!("{}.{}", b.module, head),
                            &file.path,
                            &def.file,
                            &def.name,
                            package,
                        ) =>
                {
                    Some(Confidence::ImportResolved)
                }
                _ if lang.name == "rust" && rust_path_matches(r, &def.file, package) => {
                    Some(Confidence::ImportResolved)
                }
                // A Rust path saguaro cannot follow may still lead there.
                _ if lang.name == "rust" => Some(Confidence::NameMatch),
                // Elsewhere a function is reached through an object only when the object is
                // its module: an object that is not is something else's `f`.
                _ => None,
            }
        }
        // A method called on a receiver.
        (Some(owner), Some(r)) => {
            let r = r.trim();
            if lang.self_receivers.iter().any(|s| s == r) {
                let enclosing = enclosing_type(index, at);
                return match enclosing.as_deref() {
                    Some(t) if t == owner => Some(Confidence::ReceiverTyped),
                    Some(t) if defines(index, t, &def.name) => None,
                    // Outside its own type, `self` may still be written with one
                    // (`def visitor(self: "CodeGenerator", ...)`).
                    _ => match written_type(lang, text, at, r) {
                        Some(t) if t == owner => Some(Confidence::ReceiverTyped),
                        Some(_) => None,
                        None => Some(Confidence::NameMatch),
                    },
                };
            }
            let last = r.rsplit(['.', ':']).find(|s| !s.is_empty()).unwrap_or(r);
            if last == owner {
                return Some(Confidence::ReceiverTyped);
            }
            match written_type(lang, text, at, r) {
                Some(t) if t == owner => Some(Confidence::ReceiverTyped),
                // A variable or field written as another type holds something else.
                Some(_) => None,
                // A field of the method's own type, declared in another file.
                None => match own_field_type(lang, index, at, r, package) {
                    Some(t) if t == owner => Some(Confidence::ReceiverTyped),
                    Some(_) => None,
                    None => Some(Confidence::NameMatch),
                },
            }
        }
        // A method called by its bare name (inside its class in TypeScript, say): not a call
        // of the method in any of these languages.
        (Some(_), None) => None,
    }
}

/// The declared type of `self.field` (`r`) inside a method of a type, wherever that type is
/// declared.
fn own_field_type(lang: &Language, index: &SymbolIndex, at: usize, r: &str, package: &Package) -> Option<String> {
    let (object, field) = r.split_once('.')?;
    if field.contains('.') || !lang.self_receivers.iter().any(|s| s == object) {
        return None;
    }
    let owner = enclosing_type(index, at)?;
    package.field_types.get(&(owner, field.to_string())).cloned()
}

/// The type whose method holds byte `at`: the parent of the innermost enclosing method.
fn enclosing_type(index: &SymbolIndex, at: usize) -> Option<String> {
    let at = at + index.source.bom_len();
    index
        .symbols
        .iter()
        .filter(|s| s.extent.start_byte <= at && at < s.extent.end_byte && s.parent_path.is_some())
        .max_by_key(|s| s.extent.start_byte)
        .and_then(|s| s.parent_path.as_deref())
        .map(|p| p.rsplit('.').next().unwrap_or(p).to_string())
}

/// The name path of the innermost function or method holding byte `at`.
fn enclosing_function(index: &SymbolIndex, at: usize) -> Option<String> {
    let at = at + index.source.bom_len();
    index
        .symbols
        .iter()
        .filter(|s| {
            s.extent.start_byte <= at && at < s.extent.end_byte && matches!(s.kind.as_str(), "function" | "method")
        })
        .max_by_key(|s| s.extent.start_byte)
        .map(|s| s.path.clone())
}

fn defines(index: &SymbolIndex, owner: &str, name: &str) -> bool {
    index.symbols.iter().any(|s| {
        s.name == name
            && s.parent_path
                .as_deref()
                .is_some_and(|p| p.rsplit('.').next() == Some(owner))
    })
}

/// The type written for the variable `var` before byte `at` (`x: Engine`, `x = Engine(`,
/// `let x = Engine::new(`, `const x = new Engine(`), if any. A field reached through others
/// (`self.engine`, `dropped.high`) has the type its declaration writes (`high: Flag`, or
/// `self.engine = Engine(` in Python): a local that happens to share its name does not count.
fn written_type(lang: &Language, text: &str, at: usize, var: &str) -> Option<String> {
    let field = var.contains('.');
    let var = var.rsplit('.').next().unwrap_or(var).trim();
    if var.is_empty() || !var.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let before = &text[..at.min(text.len())];
    let mut best: Option<(usize, String)> = None;
    // A field is not declared by `let`: `let inner: Box<..>` is a local of the same name.
    let declares = |start: usize| {
        let ahead = before[..start].trim_end();
        !(field && (ahead.ends_with("let") || ahead.ends_with("let mut")))
    };
    for re in type_patterns(&lang.name, var, field).iter() {
        let found = re
            .captures_iter(before)
            .filter(|c| c.get(0).is_some_and(|m| declares(m.start())))
            .last();
        if let Some(c) = found {
            let start = c.get(0).map_or(0, |m| m.start());
            if best.as_ref().is_none_or(|(s, _)| start > *s) {
                best = Some((start, c[1].to_string()));
            }
        }
    }
    best.map(|(_, t)| t)
}

/// The patterns that write a type for `var` in a language, compiled once per thread.
fn type_patterns(lang: &str, var: &str, field: bool) -> std::rc::Rc<Vec<regex::Regex>> {
    type Key = (String, String, bool);
    thread_local! {
        static CACHE: std::cell::RefCell<std::collections::HashMap<Key, std::rc::Rc<Vec<regex::Regex>>>> =
            std::cell::RefCell::default();
    }
    let key = (lang.to_string(), var.to_string(), field);
    CACHE.with(|cache| {
        if let Some(found) = cache.borrow().get(&key) {
            return found.clone();
        }
        let v = regex::escape(var);
        let patterns = match lang {
            "python" => vec![
                format!(r#"\b{v}\s*:\s*["']?(?:[\w.]+\.)?([A-Z]\w*)\b"#),
                if field {
                    format!(r"\b(?:self|cls)\.{v}\s*=\s*(?:[\w.]+\.)?([A-Z]\w*)\(")
                } else {
                    format!(r"\b{v}\s*=\s*(?:[\w.]+\.)?([A-Z]\w*)\(")
                },
            ],
            "rust" => {
                let mut p = vec![format!(
                    r"\b{v}\s*:\s*&?(?:'\w+\s+)?(?:mut\s+)?(?:[\w:]+::)?([A-Z]\w*)\b"
                )];
                if !field {
                    p.push(format!(
                        r"\blet\s+(?:mut\s+)?{v}\s*=\s*&?(?:mut\s+)?(?:[\w:]+::)?([A-Z]\w*)\s*(?:::|\{{|\()"
                    ));
                }
                p
            }
            _ => vec![
                format!(r"\b{v}\s*[?!]?\s*:\s*([A-Z]\w*)\b"),
                if field {
                    format!(r"\bthis\.{v}\s*=\s*new\s+(?:[\w.]+\.)?([A-Z]\w*)\b")
                } else {
                    format!(r"\b{v}\s*=\s*new\s+(?:[\w.]+\.)?([A-Z]\w*)\b")
                },
            ],
        };
        let compiled = std::rc::Rc::new(patterns.iter().filter_map(|p| regex::Regex::new(p).ok()).collect());
        cache.borrow_mut().insert(key, std::rc::Rc::clone(&compiled));
        compiled
    })
}

/// Whether an import that [`module_matches`] reaches the defining module only through a
/// module that re-exports it (Python `from pkg import f` for `pkg/core.py`; a TypeScript
/// barrel or the package's own name). When the definition is removed, the re-export is what
/// breaks; uses past it are only name matches.
fn through_reexport(lang: &Language, module: &str, importer: &str, defining: &str) -> bool {
    match lang.name.as_str() {
        "python" => {
            let target = python_module(defining);
            let wanted = python_import(module, importer);
            !target.ends_with(&wanted)
        }
        "rust" => false,
        _ => !module.starts_with('.') || join(parent_dir(importer), module) != strip_ext(defining),
    }
}

/// Whether an import of `module` (as written in `importer`) names the file `defining`.
fn module_matches(
    lang: &Language,
    module: &str,
    importer: &str,
    defining: &str,
    name: &str,
    package: &Package,
) -> bool {
    match lang.name.as_str() {
        "python" => {
            let target = python_module(defining);
            let wanted = python_import(module, importer);
            if wanted.is_empty() || !contains_run(&target, &wanted) {
                return false;
            }
            // Through a package, its `__init__.py` must import the name from the module.
            target.ends_with(&wanted) || reexported(package, &target, &wanted, name)
        }
        "rust" => rust_path_matches(module, defining, package),
        _ => {
            if module.starts_with('.') {
                let resolved = join(parent_dir(importer), module);
                let stem = strip_ext(defining);
                // A barrel (`index.ts`) beside or above the file re-exports it, as a rule.
                let barrel = resolved
                    .strip_suffix("/index")
                    .or_else(|| (resolved == "index").then_some(""))
                    .is_some_and(|dir| dir.is_empty() || defining.starts_with(&format!("{dir}/")));
                resolved == stem || resolved == parent_dir(defining) && stem.ends_with("/index") || barrel
            } else {
                package
                    .names
                    .iter()
                    .any(|n| module == n || module.starts_with(&format!("{n}/")))
            }
        }
    }
}

/// Whether the package `wanted` (inside `target`'s path) re-exports `name` from the next
/// module on the way to `target` (`from .core import Option` in `click/__init__.py`).
fn reexported(package: &Package, target: &[String], wanted: &[String], name: &str) -> bool {
    let Some(at) = target.windows(wanted.len()).position(|w| w == wanted) else {
        return false;
    };
    let dir = target[..at + wanted.len()].join("/");
    let Some(next) = target.get(at + wanted.len()) else {
        return false;
    };
    let Some(init) = package.python_inits.get(&dir) else {
        return false;
    };
    let Ok(re) = regex::Regex::new(&format!(
        r"from\s+\.{}\s+import\s+(?:\([^)]*|[^\n]*)\b{}\b",
        regex::escape(next),
        regex::escape(name)
    )) else {
        return false;
    };
    re.is_match(init) || init.contains(&format!("from .{next} import *"))
}

/// `src/click/core.py` → `[src, click, core]`; a package's `__init__` is the package.
fn python_module(path: &str) -> Vec<String> {
    let stem = strip_ext(path);
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "__init__") {
        parts.pop();
    }
    parts
}

/// An import's module as path parts, relative ones resolved against the importer.
fn python_import(module: &str, importer: &str) -> Vec<String> {
    let dots = module.chars().take_while(|c| *c == '.').count();
    let rest: Vec<String> = module[dots..]
        .split('.')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    if dots == 0 {
        return rest;
    }
    let mut base = python_module(importer);
    if !importer.ends_with("__init__.py") {
        base.pop();
    }
    for _ in 1..dots {
        base.pop();
    }
    base.extend(rest);
    base
}

/// Whether `wanted` occurs in `target` as consecutive parts (a module, or a package that
/// holds it and may re-export it).
fn contains_run(target: &[String], wanted: &[String]) -> bool {
    wanted.len() <= target.len() && target.windows(wanted.len()).any(|w| w == wanted)
}

/// Whether a Rust path (`crate::de`, `de`, `super::de`, `my_crate::de`) can name the
/// module of `defining` (the crate itself: a re-export at its root).
fn rust_path_matches(path: &str, defining: &str, package: &Package) -> bool {
    let mut segments: Vec<&str> = path
        .split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && !matches!(*s, "crate" | "self" | "super"))
        .collect();
    if segments
        .first()
        .is_some_and(|first| package.names.iter().any(|n| n == first))
    {
        segments.remove(0);
    }
    let module = rust_module(defining);
    match segments.last() {
        None => true,
        Some(last) => module.last().is_some_and(|m| m == last) || module.is_empty() && segments.len() == 1,
    }
}

/// `src/de.rs` → `[de]`; `src/a/mod.rs` → `[a]`; `src/lib.rs` → `[]`.
fn rust_module(path: &str) -> Vec<String> {
    let stem = strip_ext(path);
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if let Some(src) = parts.iter().position(|p| p == "src") {
        parts.drain(..=src);
    }
    if parts.last().is_some_and(|p| p == "mod" || p == "lib" || p == "main") {
        parts.pop();
    }
    parts
}

fn strip_ext(path: &str) -> &str {
    match path.rfind('.') {
        Some(dot) if !path[dot..].contains('/') => &path[..dot],
        _ => path,
    }
}

fn parent_dir(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// `a/b` + `../c/d` → `a/c/d`.
fn join(dir: &str, relative: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    for segment in relative.split('/') {
        match segment {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    strip_ext(&parts.join("/")).to_string()
}

/// A call's arguments, as far as binding them needs.
#[derive(Debug, Default)]
struct Arguments {
    positional: Vec<String>,
    keywords: Vec<String>,
    /// `*xs`, `...xs`: any number of positional arguments.
    spread: bool,
    /// `**kw`: any keywords.
    spread_keywords: bool,
}

impl Arguments {
    fn of(node: tree_sitter::Node<'_>, text: &str) -> Arguments {
        let mut args = Arguments::default();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "comment" | "line_comment" | "block_comment" => {}
                "keyword_argument" => {
                    if let Some(name) = child.child_by_field_name("name") {
                        args.keywords.push(text[name.byte_range()].to_string());
                    }
                }
                "list_splat" | "spread_element" => args.spread = true,
                "dictionary_splat" => args.spread_keywords = true,
                _ => args.positional.push(text[child.byte_range()].to_string()),
            }
        }
        args
    }
}

/// Whether a call with `args` still fits the definition's new signature.
fn verdict(lang: &Language, def: &ChangedDefinition, receiver: Option<&str>, args: &Arguments) -> (bool, String) {
    let Some(new) = &def.new else {
        let what = def
            .renamed_to
            .as_deref()
            .map(|r| format!("renamed to `{r}`"))
            .unwrap_or_else(|| "removed".to_string());
        return (true, format!("calls `{}`, which the patch {what}", def.path));
    };
    // A call the change breaks fitted the old definition: one that did not calls another
    // definition of that name (or was broken before), and this change is not its cause.
    if let Some(old) = &def.old {
        let before = explicit(lang, def, old, receiver, args);
        let mut old_args: Vec<&str> = args.positional.iter().map(String::as_str).collect();
        if before.skip_first_argument && !old_args.is_empty() {
            old_args.remove(0);
        }
        if bind(lang, before.params, &old_args, args).is_err() {
            return (
                false,
                "does not fit the old signature either: it calls another definition of that name".to_string(),
            );
        }
    }
    let params = explicit(lang, def, new, receiver, args);
    let mut args_left: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    if params.skip_first_argument && !args_left.is_empty() {
        args_left.remove(0);
    }
    if let Err(why) = bind(lang, params.params, &args_left, args) {
        return (true, why);
    }
    // Arguments that fit by count may still land on other parameters than before (a
    // parameter inserted or removed ahead of them).
    if let (Some(old), false) = (&def.old, args.spread) {
        let old_params = explicit(lang, def, old, receiver, args);
        let slot =
            |ps: &[Param]| -> Vec<String> { ps.iter().filter(|p| p.by_position()).map(|p| p.name.clone()).collect() };
        let (before, after) = (slot(old_params.params), slot(params.params));
        let same_slot = |name: &str| {
            def.breakages.iter().any(|b| {
                matches!(b.kind, "parameter_renamed" | "parameter_changed_type") && b.parameter.as_deref() == Some(name)
            })
        };
        for (i, arg) in args_left.iter().enumerate() {
            if let (Some(was), Some(now)) = (before.get(i), after.get(i)) {
                if was != now && !same_slot(was) {
                    return (
                        true,
                        format!(
                            "passes `{arg}` at position {}, which now goes to `{now}` instead of `{was}`",
                            i + 1
                        ),
                    );
                }
            }
        }
    }
    // A parameter whose type changed: an argument at its place must fit the new type.
    for b in def.breakages.iter().filter(|b| b.kind == "parameter_changed_type") {
        let Some(old) = &def.old else {
            continue;
        };
        let old_params = explicit(lang, def, old, receiver, args);
        let Some(i) = old_params
            .params
            .iter()
            .position(|p| Some(&p.name) == b.parameter.as_ref())
        else {
            continue;
        };
        let Some(new_param) = params.params.get(i) else {
            continue;
        };
        let old_annotation = old_params.params[i].annotation.as_deref().unwrap_or_default();
        if let Some(arg) = args_left.get(i) {
            if fits(arg, old_annotation, new_param.annotation.as_deref().unwrap_or_default()) == Some(false) {
                return (
                    true,
                    format!(
                        "passes `{arg}` where `{}` now wants `{}`",
                        new_param.name,
                        new_param.annotation.as_deref().unwrap_or("?")
                    ),
                );
            }
        }
    }
    let kinds: Vec<&str> = def.breakages.iter().map(|b| b.kind).collect();
    (false, format!("fits the new signature ({})", kinds.join(", ")))
}

/// The parameters a call passes explicitly, and whether its first argument is the object.
struct Explicit<'s> {
    params: &'s [Param],
    skip_first_argument: bool,
}

fn explicit<'s>(
    lang: &Language,
    def: &ChangedDefinition,
    sig: &'s Signature,
    receiver: Option<&str>,
    args: &Arguments,
) -> Explicit<'s> {
    let owner = def.parent.as_deref().map(|o| o.rsplit('.').next().unwrap_or(o));
    let on_type = receiver.is_some_and(|r| {
        let last = r.rsplit(['.', ':']).find(|s| !s.is_empty()).unwrap_or(r);
        Some(last) == owner || r == "Self"
    });
    match lang.name.as_str() {
        "python" if def.parent.is_some() => {
            // `Engine.process(engine, x)` passes the object itself; a classmethod binds `cls`.
            let bound = !on_type || sig.decorators.iter().any(|d| d == "classmethod");
            Explicit {
                params: sig.explicit_params(bound),
                skip_first_argument: false,
            }
        }
        "rust" => Explicit {
            params: &sig.params,
            // `Type::method(obj, ..)` passes the receiver as its first argument.
            skip_first_argument: sig.receiver.is_some() && on_type && !args.positional.is_empty(),
        },
        _ => Explicit {
            params: &sig.params,
            skip_first_argument: false,
        },
    }
}

/// Binds arguments to parameters as the language does; the reason it fails, if it does.
fn bind(lang: &Language, params: &[Param], positional: &[&str], args: &Arguments) -> Result<(), String> {
    let by_position: Vec<&Param> = params.iter().filter(|p| p.by_position()).collect();
    let takes_more = params.iter().any(|p| p.kind == ParamKind::VarPositional);
    if !args.spread && positional.len() > by_position.len() && !takes_more {
        return Err(format!(
            "passes {} positional argument(s); the new signature takes at most {}",
            positional.len(),
            by_position.len()
        ));
    }
    let mut filled: Vec<&str> = by_position
        .iter()
        .take(positional.len())
        .map(|p| p.name.as_str())
        .collect();
    if lang.keyword_arguments {
        for k in &args.keywords {
            match params.iter().find(|p| p.name == *k && p.by_name()) {
                Some(_) if filled.contains(&k.as_str()) => return Err(format!("passes `{k}` by position and by name")),
                Some(p) => filled.push(&p.name),
                None if params.iter().any(|p| p.kind == ParamKind::VarKeyword) => {}
                None => return Err(format!("passes `{k}=`, which the new signature does not take")),
            }
        }
    }
    for p in params.iter().filter(|p| p.required()) {
        let covered = filled.contains(&p.name.as_str())
            || (p.by_position() && args.spread)
            || (p.by_name() && args.spread_keywords && lang.keyword_arguments);
        if !covered {
            return Err(format!("does not pass `{}`, which the new signature requires", p.name));
        }
    }
    Ok(())
}

/// Whether an argument's text can be a value of `annotation`, when that can be told from
/// the text: a value wrapped into an optional type must become `None`/`Some(..)`, one folded
/// into an object type must become an object literal. `None`: cannot be told (the argument's
/// type is not written at the call).
fn fits(arg: &str, old_annotation: &str, annotation: &str) -> Option<bool> {
    let arg = arg.trim();
    let wrapped = |prefix: &str| annotation.starts_with(prefix) && !old_annotation.starts_with(prefix);
    if wrapped("Option<") {
        return Some(arg == "None" || arg.starts_with("Some("));
    }
    if wrapped("{") {
        return Some(arg.starts_with('{'));
    }
    None
}

/// For each line of `new` (0-based), the line of `old` it was (1-based), if not new.
pub fn line_map(old: &str, new: &str) -> Vec<Option<usize>> {
    let mut map = vec![None; new.lines().count() + 1];
    let diff = similar::TextDiff::from_lines(old, new);
    for op in diff.ops() {
        if let similar::DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = *op
        {
            for k in 0..len {
                if let Some(slot) = map.get_mut(new_index + k) {
                    *slot = Some(old_index + k + 1);
                }
            }
        }
    }
    map
}
