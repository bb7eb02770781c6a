//! What changed in a file's definitions, and how a caller can feel it: old and new symbol
//! indexes compared by name path — removed, renamed (same body, new name), signature
//! changed — each change classified with a stable id and a severity. What `*args` and
//! `**kwargs` absorb is forgiven, as griffe does.

use super::signature::{self, Param, ParamKind, Signature};
use crate::lang::Language;
use crate::symbols::{Symbol, SymbolIndex};
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Low,
    Medium,
    High,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }
}

/// One way a definition's change can break callers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Breakage {
    /// Stable id: `object_removed`, `parameter_removed`, `parameter_added_required`,
    /// `parameter_moved`, `parameter_changed_kind`, `parameter_changed_required`,
    /// `parameter_renamed`, `parameter_default_changed`, `parameter_changed_type`,
    /// `return_type_changed`, `receiver_changed`, `visibility_reduced`, `became_async`,
    /// `kind_changed`.
    pub kind: &'static str,
    pub severity: Severity,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
}

/// A definition whose change callers may feel.
#[derive(Debug, Clone)]
pub struct ChangedDefinition {
    pub file: String,
    pub path: String,
    pub name: String,
    pub kind: String,
    /// The enclosing class, impl type or namespace, for methods.
    pub parent: Option<String>,
    pub parent_kind: Option<String>,
    pub old: Option<Signature>,
    /// `None`: removed (or renamed away).
    pub new: Option<Signature>,
    pub renamed_to: Option<String>,
    /// Where a call of `path` reaches the definition now, when that is not `path`: a
    /// method moved up into a base class, a function moved and re-exported.
    pub reached_as: Option<String>,
    pub breakages: Vec<Breakage>,
    /// The old extent's lines (1-based), where callsites are the definition's own.
    pub old_lines: (usize, usize),
    /// The new extent's lines, when it still exists.
    pub new_lines: Option<(usize, usize)>,
}

impl ChangedDefinition {
    /// `symbol` of `file` with `breakages`, as it was: no signature, not found again.
    fn of(file: &str, symbol: &Symbol, breakages: Vec<Breakage>) -> ChangedDefinition {
        ChangedDefinition {
            file: file.to_string(),
            path: symbol.path.clone(),
            name: symbol.name.clone(),
            kind: symbol.kind.clone(),
            parent: symbol.parent_path.clone(),
            parent_kind: symbol.parent_kind.clone(),
            old: None,
            new: None,
            renamed_to: None,
            reached_as: None,
            breakages,
            old_lines: (symbol.extent.start_line, symbol.extent.end_line),
            new_lines: None,
        }
    }

    pub fn severity(&self) -> Option<Severity> {
        self.breakages.iter().map(|b| b.severity).max()
    }

    pub fn removed(&self) -> bool {
        self.new.is_none() && self.breakages.iter().any(|b| b.kind == "object_removed")
    }
}

/// Kinds whose callers can break.
fn callable(symbol: &Symbol) -> bool {
    matches!(
        symbol.kind.as_str(),
        "function" | "method" | "constructor" | "class" | "struct" | "enum" | "trait" | "interface"
    )
}

/// The callable definitions of a file, each with the path that names it among them
/// (`Engine.fmt#2` for the second of two): a field beside a method of its name does not
/// change how the method is keyed.
fn keyed<'i>(index: &'i SymbolIndex, counts: &std::collections::HashMap<&str, usize>) -> Vec<(String, &'i Symbol)> {
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    index
        .symbols
        .iter()
        .filter(|s| callable(s))
        .map(|s| {
            let n = seen.entry(s.path.as_str()).or_default();
            *n += 1;
            match counts[s.path.as_str()] {
                1 => (s.path.clone(), s),
                _ => (format!("{}#{n}", s.path), s),
            }
        })
        .collect()
}

/// How many callable definitions each name path has (more than one: overloads). A field
/// that shares a method's name (`port` and `fn port(&self)`) is not an overload of it.
fn path_counts(index: &SymbolIndex) -> std::collections::HashMap<&str, usize> {
    let mut counts = std::collections::HashMap::new();
    for s in index.symbols.iter().filter(|s| callable(s)) {
        *counts.entry(s.path.as_str()).or_default() += 1;
    }
    counts
}

/// Definitions changed between `old` and `new` (one file, one language).
pub fn compare(file: &str, lang: &'static Language, old: &SymbolIndex, new: &SymbolIndex) -> Vec<ChangedDefinition> {
    let mut out = Vec::new();
    let (old_counts, new_counts) = (path_counts(old), path_counts(new));
    let (old_keyed, new_keyed) = (keyed(old, &old_counts), keyed(new, &new_counts));
    let new_keys: std::collections::HashMap<&str, &Symbol> = new_keyed.iter().map(|(k, s)| (k.as_str(), *s)).collect();
    let old_keys: std::collections::HashSet<&str> = old_keyed.iter().map(|(k, _)| k.as_str()).collect();
    let old_callable: std::collections::HashSet<&str> = old
        .symbols
        .iter()
        .filter(|s| callable(s))
        .map(|s| s.path.as_str())
        .collect();
    let body = |index: &SymbolIndex, s: &Symbol| -> String {
        let text = index.source.text();
        s.body
            .map(|b| text[b.start_byte..b.end_byte].to_string())
            .unwrap_or_default()
    };
    // What the new version's names and bases are, read only when something is gone.
    let new_facts = std::cell::OnceCell::new();
    for (symbol_key, symbol) in &old_keyed {
        let old_sig = signature::of(old, lang, symbol);
        let base = |breakages: Vec<Breakage>, new_sig: Option<Signature>, renamed_to: Option<String>, new_lines| {
            ChangedDefinition {
                old: old_sig.clone(),
                new: new_sig,
                renamed_to,
                new_lines,
                ..ChangedDefinition::of(file, symbol, breakages)
            }
        };
        // Overloads (`@overload`, declaration merging) are several definitions of one path:
        // a call fits one of them, which a one-to-one comparison cannot tell.
        let now_count = new_counts.get(symbol.path.as_str()).copied().unwrap_or(0);
        let old_count = old_counts.get(symbol.path.as_str()).copied().unwrap_or(0);
        if now_count > 0 && (now_count > 1 || old_count > 1) {
            // One definition become several (overloads): what breaks against every one of
            // them breaks the call, which then fits none.
            if old_count == 1 {
                let overloads: Vec<&Symbol> = new
                    .symbols
                    .iter()
                    .filter(|s| callable(s) && s.path == symbol.path)
                    .collect();
                let found = against_every(&symbol.path, lang, new, old_sig.as_ref(), &overloads);
                if let Some((common, implementation)) = found.filter(|(common, _)| !common.is_empty()) {
                    let lines = overloads.first().zip(overloads.last());
                    let new_lines = lines.map(|(a, z)| (a.extent.start_line, z.extent.end_line));
                    out.push(base(common, Some(implementation), None, new_lines));
                }
            }
            continue;
        }
        match new_keys.get(symbol_key.as_str()) {
            Some(now) => {
                let new_sig = signature::of(new, lang, now);
                let mut breakages = Vec::new();
                if now.kind != symbol.kind {
                    breakages.push(Breakage {
                        kind: "kind_changed",
                        severity: Severity::High,
                        description: format!("`{}` changed from a {} to a {}", symbol.path, symbol.kind, now.kind),
                        parameter: None,
                    });
                }
                if let (Some(a), Some(b)) = (&old_sig, &new_sig) {
                    breakages.extend(compare_signatures(&symbol.path, lang, a, b));
                } else if signature::is_public(old, lang, symbol) && !signature::is_public(new, lang, now) {
                    // A type, a value or a module (what has no signature) is compared by its
                    // visibility alone.
                    breakages.push(Breakage {
                        kind: "visibility_reduced",
                        severity: Severity::High,
                        description: format!("`{}` is no longer public", symbol.path),
                        parameter: None,
                    });
                }
                if !breakages.is_empty() {
                    let new_lines = Some((now.extent.start_line, now.extent.end_line));
                    out.push(base(breakages, new_sig, None, new_lines));
                }
            }
            // A member of a removed type goes with it: the type's removal says it all.
            None if symbol
                .parent_path
                .as_deref()
                .is_some_and(|p| !new_counts.contains_key(p) && old_callable.contains(p)) => {}
            None => {
                // A property (`@property def x`) now a plain member of its path (`x: T =
                // ..`) is read as it was: `obj.x` still works.
                let read_as_value = old_sig.as_ref().is_some_and(|sig| {
                    sig.decorators.iter().any(|d| {
                        let unqualified = d.rsplit('.').next().unwrap_or_default();
                        lang.value_decorators.iter().any(|v| v == unqualified)
                    })
                });
                if read_as_value && new.symbols.iter().any(|s| s.path == symbol.path && s.is_member()) {
                    continue;
                }
                // A type now an alias of its name (`pub type GroupBy<K, I, F> = ChunkBy<K, I,
                // F>;`, `GroupBy = ChunkBy`): its users still write it and reach its type.
                let a_type = matches!(
                    symbol.kind.as_str(),
                    "class" | "struct" | "enum" | "interface" | "union"
                );
                let aliased = new
                    .symbols
                    .iter()
                    .any(|s| s.path == symbol.path && matches!(s.kind.as_str(), "type" | "variable" | "constant"));
                if a_type && aliased {
                    continue;
                }
                // Still reachable at its path: inherited, derived, moved and re-exported.
                if let Some(there) = still_there(file, lang, old, new, symbol, &new_facts) {
                    // Reached through several definitions (an inherited overloaded method):
                    // what breaks against every one of them.
                    let reached: Vec<&Symbol> = there
                        .map(|now| {
                            new.symbols
                                .iter()
                                .filter(|s| callable(s) && s.path == now.path)
                                .collect()
                        })
                        .unwrap_or_default();
                    let (breakages, new_sig) = match against_every(&symbol.path, lang, new, old_sig.as_ref(), &reached)
                    {
                        Some((breakages, sig)) => (breakages, Some(sig)),
                        None => (Vec::new(), there.and_then(|now| signature::of(new, lang, now))),
                    };
                    if !breakages.is_empty() {
                        let new_lines = there.map(|now| (now.extent.start_line, now.extent.end_line));
                        let mut changed = base(breakages, new_sig, None, new_lines);
                        changed.reached_as = there.map(|now| now.path.clone());
                        out.push(changed);
                    }
                    continue;
                }
                // Renamed: a new definition beside it, not there before, with the same body.
                let old_body = body(old, symbol);
                let renamed = new_keyed
                    .iter()
                    .map(|(k, s)| (k.as_str(), *s))
                    .find(|(k, s)| {
                        !old_keys.contains(k)
                            && s.parent_path == symbol.parent_path
                            && s.kind == symbol.kind
                            && !old_body.is_empty()
                            && body(new, s) == old_body
                    })
                    .map(|(_, s)| s);
                let description = match renamed {
                    Some(r) => format!("`{}` was renamed to `{}`", symbol.path, r.path),
                    None => format!(
                        "`{}` was removed{}{}",
                        symbol.path,
                        removal_note(lang, new, symbol),
                        fallback_gone_note(lang, old, new, symbol)
                    ),
                };
                out.push(base(
                    vec![Breakage {
                        kind: "object_removed",
                        severity: Severity::High,
                        description,
                        parameter: None,
                    }],
                    None,
                    renamed.map(|r| r.path.clone()),
                    None,
                ));
            }
        }
    }
    out.extend(removed_members(
        file,
        lang,
        old,
        new,
        &new_counts,
        &old_callable,
        &new_facts,
    ));
    out.extend(removed_values(file, lang, old, new, &new_facts));
    out
}

/// What breaks a call of `path` (old signature `old`) against every one of `definitions`
/// (overloads: a call fits one of them, and breaks only when it fits none), with the
/// last one's signature (after `@overload` stubs, the implementation): the breakages of
/// the last where every definition breaks the same parameter (or the same way). `None`
/// when a signature cannot be read; one definition is compared as it is.
fn against_every(
    path: &str,
    lang: &Language,
    new: &SymbolIndex,
    old: Option<&Signature>,
    definitions: &[&Symbol],
) -> Option<(Vec<Breakage>, Signature)> {
    let old = old?;
    let each: Vec<(Signature, Vec<Breakage>)> = definitions
        .iter()
        .map(|d| {
            let sig = signature::of(new, lang, d)?;
            let breakages = compare_signatures(path, lang, old, &sig);
            Some((sig, breakages))
        })
        .collect::<Option<_>>()?;
    let (last_sig, last) = each.last()?;
    let same = |b: &Breakage, c: &Breakage| match &b.parameter {
        Some(p) => c.parameter.as_ref() == Some(p),
        None => c.kind == b.kind,
    };
    let common: Vec<Breakage> = last
        .iter()
        .filter(|b| each.iter().all(|(_, other)| other.iter().any(|c| same(b, c))))
        .cloned()
        .collect();
    Some((common, last_sig.clone()))
}

/// Kinds of named values a module holds: their importers break when they go.
const VALUE_KINDS: &[&str] = &["variable", "constant", "static", "type", "macro"];

/// The values (variables, constants, type aliases, macros) of a module or namespace that
/// the new version no longer has at their path, and does not import back: `from m import
/// MacVersion` breaks when `MacVersion = Tuple[int, int]` goes.
fn removed_values(
    file: &str,
    lang: &'static Language,
    old: &SymbolIndex,
    new: &SymbolIndex,
    new_facts: &std::cell::OnceCell<Option<crate::refs::facts::Facts>>,
) -> Vec<ChangedDefinition> {
    let now: std::collections::HashSet<&str> = new.symbols.iter().map(|s| s.path.as_str()).collect();
    let mut out: Vec<ChangedDefinition> = Vec::new();
    for symbol in old
        .symbols
        .iter()
        .filter(|s| VALUE_KINDS.contains(&s.kind.as_str()) && s.parent_path.is_none() && !now.contains(s.path.as_str()))
    {
        if out.iter().any(|d| d.path == symbol.path) || still_there(file, lang, old, new, symbol, new_facts).is_some() {
            continue;
        }
        out.push(gone(file, symbol, &removal_note(lang, new, symbol)));
    }
    out
}

/// Where a definition gone from its place is still reached at its path, if it is:
/// `Some(Some(def))` a definition of this file a call now reaches (inherited from a base
/// class the class names, or moved into an inline module and re-exported), `Some(None)`
/// reached but not here (re-exported from another file, a trait's method the type now
/// derives), `None` gone.
fn still_there<'n>(
    file: &str,
    lang: &'static Language,
    old: &SymbolIndex,
    new: &'n SymbolIndex,
    symbol: &Symbol,
    facts: &std::cell::OnceCell<Option<crate::refs::facts::Facts>>,
) -> Option<Option<&'n Symbol>> {
    let facts = facts
        .get_or_init(|| crate::refs::facts::Facts::read(file, lang, new.source.text().to_string()))
        .as_ref()?;
    match symbol.parent_path.as_deref() {
        // A member: inherited from a base the class names in this file.
        Some(class) => {
            if let Some(def) = inherited(facts, new, class, &symbol.name) {
                return Some(Some(def));
            }
            (derived(lang, old, new, symbol) || trait_still_gives(lang, old, new, symbol)).then_some(None)
        }
        // A top-level definition: its name re-exported here (`pub use inner::f;`, `export
        // { f } from`, a Python module's own import of it).
        None => {
            // An import inside a function (a module's lazy `__getattr__`) binds nothing of
            // the module's.
            let at_module = |i: usize| {
                facts
                    .scopes
                    .bound_in(0, &symbol.name)
                    .any(|b| b.kind == crate::refs::scope::BindingKind::Import(i))
            };
            let kept = facts.imports.iter().enumerate().any(|(n, i)| {
                i.local.as_deref() == Some(symbol.name.as_str())
                    && (i.reexport || (i.binds && lang.imports_are_members && at_module(n)))
            });
            // Still assigned at the module's top where no definition is listed (under `if
            // TYPE_CHECKING:` / `else:`, in a `try`): the module still has the name.
            let assigned = lang.imports_are_members
                && facts
                    .scopes
                    .bound_in(0, &symbol.name)
                    .any(|b| b.kind == crate::refs::scope::BindingKind::Local);
            if assigned || matches!(fallback(lang, new, &symbol.name), Fallback::Serves) {
                return Some(None);
            }
            // Exported under its old name from another definition of the module (`export {
            // processSchema as process }`): its importers reach that one now.
            let exported_as = facts
                .exports
                .iter()
                .find(|e| e.name == symbol.name && e.local != symbol.name)
                .and_then(|e| {
                    new.symbols
                        .iter()
                        .find(|s| s.parent_path.is_none() && s.name == e.local && s.kind == symbol.kind)
                });
            if let Some(now) = exported_as {
                return Some(Some(now));
            }
            if !kept {
                return None;
            }
            let moved = new
                .symbols
                .iter()
                .find(|s| s.name == symbol.name && s.kind == symbol.kind && s.parent_path.is_some());
            Some(moved)
        }
    }
}

/// How the module's fallback for names it does not define (Python's `__getattr__`, PEP
/// 562: the language's `module_fallback`) answers a name it no longer defines.
enum Fallback {
    /// It does not spell the name.
    Silent,
    /// It spells the name (a deprecation shim: `if name == "BaseCommand": warn(..); return
    /// Command`) and returns it untyped or typed as anything (`Any`): still there for its
    /// importers and for the type checkers.
    Serves,
    /// It spells the name, but its written return type (`-> object`) is what the type
    /// checkers give every use: it runs, yet `BaseCommand()` is a type error. Removed, by
    /// the checkers' rules, which are the ones callers' CI runs (and griffe's).
    ServesTyped(String),
}

fn fallback(lang: &Language, new: &SymbolIndex, name: &str) -> Fallback {
    let Some(fallback) = lang.module_fallback.as_deref() else {
        return Fallback::Silent;
    };
    let Some(getattr) = new
        .symbols
        .iter()
        .find(|s| s.parent_path.is_none() && s.name == fallback && s.kind == "function")
    else {
        return Fallback::Silent;
    };
    let body = new.source_of(getattr);
    if !['"', '\''].iter().any(|q| body.contains(&format!("{q}{name}{q}"))) {
        return Fallback::Silent;
    }
    match signature::of(new, lang, getattr).and_then(|sig| sig.returns) {
        Some(returns) => {
            let unqualified = returns.trim().rsplit('.').next().unwrap_or_default();
            if lang.dynamic_types.iter().any(|t| t == unqualified) {
                Fallback::Serves
            } else {
                Fallback::ServesTyped(returns.trim().to_string())
            }
        }
        None => Fallback::Serves,
    }
}

/// What the description of a removed top-level definition adds when the module's
/// fallback still answers its name with a written type.
fn removal_note(lang: &Language, new: &SymbolIndex, symbol: &Symbol) -> String {
    match (symbol.parent_path.as_deref(), fallback(lang, new, &symbol.name)) {
        (None, Fallback::ServesTyped(returns)) => format!(
            " (the module's `{}` still answers it, typed `{returns}`: it runs, but type checkers reject its uses)",
            lang.module_fallback.as_deref().unwrap_or_default()
        ),
        _ => String::new(),
    }
}

/// When `symbol` is the module's fallback itself (`__getattr__` gone), the names it
/// answered that the module now neither defines nor answers: their importers are the
/// ones that break, not callers of `__getattr__`.
fn fallback_gone_note(lang: &Language, old: &SymbolIndex, new: &SymbolIndex, symbol: &Symbol) -> String {
    if symbol.parent_path.is_some() || lang.module_fallback.as_deref() != Some(symbol.name.as_str()) {
        return String::new();
    }
    let body = old.source_of(symbol);
    let mut names: Vec<&str> = Vec::new();
    for quote in ['"', '\''] {
        for piece in body.split(quote).skip(1).step_by(2) {
            let identifier = piece.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
                && piece.chars().all(|c| c.is_alphanumeric() || c == '_');
            let defined = new.symbols.iter().any(|s| s.parent_path.is_none() && s.name == piece);
            if identifier
                && !defined
                && !names.contains(&piece)
                && !matches!(fallback(lang, new, piece), Fallback::Serves)
            {
                names.push(piece);
            }
        }
    }
    if names.is_empty() {
        return String::new();
    }
    let listed: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!(": the module no longer answers {}", listed.join(", "))
}

/// The definition `class.name` resolves to through the bases `class` names, when they are
/// defined in this file (breadth first, each class once).
fn inherited<'n>(
    facts: &crate::refs::facts::Facts,
    new: &'n SymbolIndex,
    class: &str,
    name: &str,
) -> Option<&'n Symbol> {
    let mut queue = std::collections::VecDeque::from([class.to_string()]);
    let mut seen = std::collections::HashSet::new();
    while let Some(current) = queue.pop_front() {
        if !seen.insert(current.clone()) || seen.len() > 32 {
            continue;
        }
        if current != class {
            if let Some(def) = new.symbols.iter().find(|s| s.path == format!("{current}.{name}")) {
                return Some(def);
            }
        }
        for &(start, end) in facts.types().bases.get(&current).map_or(&[][..], Vec::as_slice) {
            let written = &facts.text()[start..end];
            // `pkg.Base`, `Base[T]`, `Base<T>`: the class's own name.
            let head = written.split(['[', '<', '(']).next().unwrap_or_default();
            let base = head.rsplit(['.', ':']).next().unwrap_or_default().trim();
            if new.symbols.iter().any(|s| s.path == base) {
                queue.push_back(base.to_string());
            }
        }
    }
    None
}

/// Whether a method of a trait's impl that is gone is still there because the type now
/// derives the trait (a hand-written `impl PartialEq for S` replaced by
/// `#[derive(PartialEq)]`): the language's `derives`.
fn derived(lang: &Language, old: &SymbolIndex, new: &SymbolIndex, symbol: &Symbol) -> bool {
    let (Some(derives), Some(ty)) = (&lang.derives, symbol.parent_path.as_deref()) else {
        return false;
    };
    // The trait the old impl implemented.
    let Some(trait_name) = impl_trait(lang, old, symbol) else {
        return false;
    };
    let text = new.source.text();
    new.symbols.iter().filter(|s| s.path == ty).any(|s| {
        s.pieces.iter().any(|p| {
            let piece = &text[p.span.start_byte..p.span.end_byte];
            piece.contains(&format!("{}(", derives.attribute))
                && piece
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|word| word == trait_name)
        })
    })
}

/// The trait (its last name: `fmt::Display` → `Display`) of the `impl Trait for Type`
/// holding `symbol`, when one does.
fn impl_trait(lang: &Language, index: &SymbolIndex, symbol: &Symbol) -> Option<String> {
    let derives = lang.derives.as_ref()?;
    let bom = index.source.bom_len();
    let mut node = index
        .tree
        .root_node()
        .descendant_for_byte_range(symbol.name_span.start_byte - bom, symbol.name_span.end_byte - bom)?;
    loop {
        if let Some(t) = node.child_by_field_name(&derives.trait_field) {
            let written = &index.source.text()[t.start_byte() + bom..t.end_byte() + bom];
            let name = written.split('<').next().unwrap_or(written);
            return Some(name.rsplit("::").next().unwrap_or_default().trim().to_string());
        }
        node = node.parent()?;
    }
}

/// Whether a member of a trait's impl that is gone leaves the trait still implemented for
/// its type (another member of an impl of that trait is there): the crate compiles, so
/// the trait itself gives the member (a provided method whose override was removed,
/// `Iterator::count`), and its calls go on.
fn trait_still_gives(lang: &Language, old: &SymbolIndex, new: &SymbolIndex, symbol: &Symbol) -> bool {
    if symbol.parent_kind.as_deref() != Some("trait_impl") {
        return false;
    }
    let Some(trait_name) = impl_trait(lang, old, symbol) else {
        return false;
    };
    new.symbols.iter().any(|s| {
        s.parent_path == symbol.parent_path
            && s.parent_kind.as_deref() == Some("trait_impl")
            && impl_trait(lang, new, s).as_deref() == Some(trait_name.as_str())
    })
}

/// A member or a value the new version no longer has (one with no signature to compare).
fn gone(file: &str, symbol: &Symbol, note: &str) -> ChangedDefinition {
    ChangedDefinition::of(
        file,
        symbol,
        vec![Breakage {
            kind: "object_removed",
            severity: Severity::High,
            description: format!("the {} `{}` was removed{note}", symbol.kind, symbol.path),
            parameter: None,
        }],
    )
}

/// `symbol` of `file` removed: what its users lose.
pub fn removed(file: &str, symbol: &Symbol) -> ChangedDefinition {
    gone(file, symbol, "")
}

/// `symbol` of `file` still defined, but no longer reached by its users (`pub` become
/// `pub(crate)`, a `pub mod` become private, a name dropped from `__all__`).
pub fn no_longer_public(file: &str, symbol: &Symbol) -> ChangedDefinition {
    ChangedDefinition::of(
        file,
        symbol,
        vec![Breakage {
            kind: "visibility_reduced",
            severity: Severity::High,
            description: format!("`{}` is no longer public", symbol.path),
            parameter: None,
        }],
    )
}

/// `symbol` of the old `file`, now `now` of another index (moved to another file, still
/// public at its path): what changed in its signature, if anything.
pub fn moved(
    file: &str,
    lang: &Language,
    old: &SymbolIndex,
    symbol: &Symbol,
    new: &SymbolIndex,
    now: &Symbol,
) -> Option<ChangedDefinition> {
    let (old_sig, new_sig) = (signature::of(old, lang, symbol), signature::of(new, lang, now));
    let breakages = match (&old_sig, &new_sig) {
        (Some(a), Some(b)) => compare_signatures(&symbol.path, lang, a, b),
        _ => Vec::new(),
    };
    (!breakages.is_empty()).then(|| ChangedDefinition {
        old: old_sig,
        new: new_sig,
        new_lines: Some((now.extent.start_line, now.extent.end_line)),
        ..ChangedDefinition::of(file, symbol, breakages)
    })
}

/// Members (fields, variants, properties, attributes) the new version no longer has: their
/// uses break (`x.port`, `Config { port }`, `Color::Red`). A member of a removed type or
/// variant goes with it.
fn removed_members(
    file: &str,
    lang: &'static Language,
    old: &SymbolIndex,
    new: &SymbolIndex,
    new_counts: &std::collections::HashMap<&str, usize>,
    old_callable: &std::collections::HashSet<&str>,
    new_facts: &std::cell::OnceCell<Option<crate::refs::facts::Facts>>,
) -> Vec<ChangedDefinition> {
    let member_paths = |index: &'_ SymbolIndex| -> std::collections::HashSet<String> {
        index
            .symbols
            .iter()
            .filter(|s| s.is_member())
            .map(|s| s.path.clone())
            .collect()
    };
    let (was, now) = (member_paths(old), member_paths(new));
    // A member that became a method or a property of the same path (`x = y` → `def x`) is
    // still there for its readers.
    let anything_now: std::collections::HashSet<&str> = new.symbols.iter().map(|s| s.path.as_str()).collect();
    let mut out: Vec<ChangedDefinition> = Vec::new();
    for symbol in old
        .symbols
        .iter()
        .filter(|s| s.is_member() && !now.contains(s.path.as_str()) && !anything_now.contains(s.path.as_str()))
    {
        let holder_gone = symbol.parent_path.as_deref().is_some_and(|p| {
            (old_callable.contains(p) && !new_counts.contains_key(p)) || (was.contains(p) && !now.contains(p))
        });
        if holder_gone || out.iter().any(|d| d.path == symbol.path) {
            continue;
        }
        // A member the class now inherits (`self.errmsg` set by a base's `__init__` only)
        // is still there for its readers, as a method would be.
        if still_there(file, lang, old, new, symbol, new_facts).is_some() {
            continue;
        }
        out.push(gone(file, symbol, ""));
    }
    out
}

/// The breakages between two signatures of `path`.
pub fn compare_signatures(path: &str, lang: &Language, old: &Signature, new: &Signature) -> Vec<Breakage> {
    // `async` where the plain form returned the same future is no change; where it did
    // not, it is `became_async`, and the written types are compared as they are.
    // A decorator that replaces the function (`@async_variant(...)`, not one of the
    // language's `signature_decorators`) decides what a call gives: `async` under it says
    // nothing of the callers' side.
    let replaced = |sig: &Signature| {
        lang.resolve.decorators_replace
            && sig.decorators.iter().any(|d| {
                let own = d.rsplit('.').next().unwrap_or(d);
                !lang.resolve.signature_decorators.iter().any(|k| k == own)
            })
    };
    let became_async = !old.is_async && new.is_async && !replaced(new) && {
        let (was, now) = (plain(lang, old), plain(lang, new));
        now.is_async || was.returns.map(|r| canonical(&r, &[])) != now.returns.map(|r| canonical(&r, &[]))
    };
    let (old, new) = match became_async {
        true => (old.clone(), new.clone()),
        false => (plain(lang, old), plain(lang, new)),
    };
    let old = &receiver_from_first_param(&old, &new);
    let new = &new;
    let mut out = Vec::new();
    let mut push = |kind: &'static str, severity: Severity, description: String, parameter: Option<&str>| {
        out.push(Breakage {
            kind,
            severity,
            description,
            parameter: parameter.map(str::to_string),
        })
    };
    if old.receiver.is_some() != new.receiver.is_some()
        || old.receiver.as_deref().map(receiver_mode) != new.receiver.as_deref().map(receiver_mode)
    {
        push(
            "receiver_changed",
            Severity::High,
            format!(
                "`{path}` now takes {} instead of {}",
                new.receiver.as_deref().unwrap_or("no receiver"),
                old.receiver.as_deref().unwrap_or("no receiver")
            ),
            None,
        );
    }
    if became_async {
        push(
            "became_async",
            Severity::High,
            format!("`{path}` became async: callers must await it"),
            None,
        );
    }
    if old.public && !new.public {
        push(
            "visibility_reduced",
            Severity::High,
            format!("`{path}` is no longer public"),
            None,
        );
    }
    let returns_value = |r: &Option<String>| r.as_deref().is_some_and(|r| r != "()");
    if lang.unit_return && returns_value(&old.returns) && new.returns.is_none() {
        push(
            "return_type_changed",
            Severity::Medium,
            format!(
                "`{path}` no longer returns a value (it returned `{}`)",
                old.returns.as_deref().unwrap_or_default()
            ),
            None,
        );
    }
    if old.is_static != new.is_static {
        let (now, before) = match new.is_static {
            true => ("on the class (static)", "on an instance"),
            false => ("on an instance", "on the class (static)"),
        };
        push(
            "receiver_changed",
            Severity::High,
            format!("`{path}` is now called {now}, not {before}"),
            None,
        );
    }
    let generics = (
        generic_names(old.generics.as_deref()),
        generic_names(new.generics.as_deref()),
    );
    // A return narrowed to part of what it gave gives nothing a caller did not take.
    // `Self` / `this` in a method is its class.
    let class = path.rsplit('.').nth(1);
    let own = |ty: &str| plain_names(lang, ty, class);
    let narrowed_or_same = |was: &str, now: &str| {
        let was = members(lang, &own(was), &generics.0);
        members(lang, &own(now), &generics.1)
            .iter()
            .all(|n| was.iter().any(|w| subtype(lang, n, w)))
    };
    if old.returns.is_some()
        && new.returns.is_some()
        && !narrowed_or_same(
            old.returns.as_deref().unwrap_or_default(),
            new.returns.as_deref().unwrap_or_default(),
        )
    {
        push(
            "return_type_changed",
            Severity::Medium,
            format!(
                "`{path}` now returns `{}` instead of `{}`",
                new.returns.as_deref().unwrap_or_default(),
                old.returns.as_deref().unwrap_or_default()
            ),
            None,
        );
    }
    let absorbs = |sig: &Signature, p: &Param| {
        (!p.by_position() || sig.params.iter().any(|q| q.kind == ParamKind::VarPositional))
            && (!p.by_name() || !lang.keyword_arguments || sig.params.iter().any(|q| q.kind == ParamKind::VarKeyword))
    };
    let positional = |sig: &Signature, name: &str| {
        sig.params
            .iter()
            .filter(|p| p.by_position())
            .position(|p| p.name == name)
    };
    let mut renamed_new: Vec<&str> = Vec::new();
    for (i, op) in old.params.iter().enumerate() {
        if matches!(op.kind, ParamKind::VarPositional | ParamKind::VarKeyword) {
            match new.params.iter().find(|p| p.kind == op.kind) {
                None => push(
                    "parameter_removed",
                    Severity::High,
                    format!("`{path}` no longer takes `{}`", op.name),
                    Some(&op.name),
                ),
                // `...args: string[]` → `...args: number[]`: what each of them may be.
                Some(np) if type_changed(lang, old, new, op.annotation.as_deref(), np.annotation.as_deref()) => {
                    let (kind, severity, description) = changed_type(path, op, np);
                    push(kind, severity, description, Some(&op.name))
                }
                Some(_) => {}
            }
            continue;
        }
        let same_name = new.params.iter().find(|p| p.name == op.name);
        let at_same_place = new.params.get(i).filter(|p| {
            p.kind == op.kind && !old.params.iter().any(|q| q.name == p.name) && !renamed_new.contains(&p.name.as_str())
        });
        match (same_name, at_same_place) {
            // Taken in by `*args`/`**kwargs` of its name: every way a caller could pass it
            // still binds (griffe agrees).
            (Some(np), _)
                if matches!(np.kind, ParamKind::VarPositional | ParamKind::VarKeyword) && absorbs(new, op) => {}
            (Some(np), _) => {
                if np.kind != op.kind
                    && !matches!((op.kind, np.kind), (ParamKind::PositionalOrKeyword, ParamKind::PositionalOnly) if !lang.keyword_arguments)
                {
                    push(
                        "parameter_changed_kind",
                        Severity::High,
                        format!(
                            "`{}` of `{path}` is now {} (was {})",
                            op.name,
                            kind_name(np.kind),
                            kind_name(op.kind)
                        ),
                        Some(&op.name),
                    );
                } else if op.by_position() && positional(old, &op.name) != positional(new, &op.name) {
                    push(
                        "parameter_moved",
                        Severity::High,
                        format!(
                            "`{}` of `{path}` moved from position {} to {}",
                            op.name,
                            i + 1,
                            new.params.iter().position(|p| p.name == op.name).unwrap_or(0) + 1
                        ),
                        Some(&op.name),
                    );
                }
                if !op.required() && np.required() {
                    push(
                        "parameter_changed_required",
                        Severity::High,
                        format!("`{}` of `{path}` lost its default: callers must pass it", op.name),
                        Some(&op.name),
                    );
                } else if op.has_default && np.has_default && op.default != np.default {
                    push(
                        "parameter_default_changed",
                        Severity::Low,
                        format!(
                            "the default of `{}` of `{path}` changed from `{}` to `{}`",
                            op.name,
                            op.default.as_deref().unwrap_or("?"),
                            np.default.as_deref().unwrap_or("?")
                        ),
                        Some(&op.name),
                    );
                }
                if type_changed(lang, old, new, op.annotation.as_deref(), np.annotation.as_deref()) {
                    let (kind, severity, description) = changed_type(path, op, np);
                    push(kind, severity, description, Some(&op.name));
                }
            }
            (None, Some(np)) => {
                renamed_new.push(&np.name);
                // A method the language calls by itself (`__getattr__(self, name)`) is
                // called by position: its parameters' names reach no caller. A constructor
                // (`__init__`) is called by its callers, by name too (`C(mix_stderr=True)`).
                let own_name = path.rsplit('.').next().unwrap_or(path);
                let matches = |names: &[String]| names.iter().any(|p| crate::lang::name_matches(p, own_name));
                let called_by_language =
                    matches(&lang.special_names) && !matches(&lang.special_names_called_by_keyword);
                if lang.keyword_arguments && op.by_name() && !called_by_language {
                    push(
                        "parameter_renamed",
                        Severity::Medium,
                        format!(
                            "`{}` of `{path}` was renamed `{}`: callers passing it by name break",
                            op.name, np.name
                        ),
                        Some(&op.name),
                    );
                }
                if type_changed(lang, old, new, op.annotation.as_deref(), np.annotation.as_deref()) {
                    push(
                        "parameter_changed_type",
                        Severity::Medium,
                        format!(
                            "parameter {} of `{path}` is now `{}: {}` (was `{}: {}`)",
                            i + 1,
                            np.name,
                            np.annotation.as_deref().unwrap_or_default(),
                            op.name,
                            op.annotation.as_deref().unwrap_or_default()
                        ),
                        Some(&op.name),
                    );
                }
                if !op.required() && np.required() {
                    push(
                        "parameter_changed_required",
                        Severity::High,
                        format!("parameter {} of `{path}` lost its default: callers must pass it", i + 1),
                        Some(&op.name),
                    );
                }
            }
            (None, None) => {
                if !absorbs(new, op) {
                    push(
                        "parameter_removed",
                        Severity::High,
                        format!("`{path}` no longer takes `{}`", op.name),
                        Some(&op.name),
                    );
                }
            }
        }
    }
    for np in &new.params {
        let known = old.params.iter().any(|p| p.name == np.name) || renamed_new.contains(&np.name.as_str());
        if !known && np.required() {
            push(
                "parameter_added_required",
                Severity::High,
                format!("`{path}` takes a new required parameter `{}`", np.name),
                Some(&np.name),
            );
        }
    }
    out
}

/// The breakage of a parameter of one name whose written type changed.
fn changed_type(path: &str, was: &Param, now: &Param) -> (&'static str, Severity, String) {
    (
        "parameter_changed_type",
        Severity::Medium,
        format!(
            "`{}` of `{path}` is now `{}` (was `{}`)",
            was.name,
            now.annotation.as_deref().unwrap_or_default(),
            was.annotation.as_deref().unwrap_or_default()
        ),
    )
}

/// Whether a parameter's written type changed in a way a caller can feel: compared up to
/// renaming the definition's own type parameters (`<T>` → `<S>`), and a parameter widened
/// to the language's top type (`unknown`, `any`, `object`) accepts whatever it did.
fn type_changed(lang: &Language, old: &Signature, new: &Signature, was: Option<&str>, now: Option<&str>) -> bool {
    let (Some(was), Some(now)) = (was, now) else {
        return false;
    };
    if lang.top_types.iter().any(|t| t == now.trim()) {
        return false;
    }
    // Widened to take all it took and more (`T` → `T | U`, `list[T]` → `Iterable[T]`):
    // compatible.
    let was = members(lang, was, &generic_names(old.generics.as_deref()));
    let now = members(lang, now, &generic_names(new.generics.as_deref()));
    !was.iter().all(|w| now.iter().any(|n| subtype(lang, w, n)))
}

/// Whether the canonical type `narrow` is `wide` or one of its subtypes the language's
/// data names (`AsyncGenerator[str,object]` is an `AsyncIterator[str]`): the head is a
/// subtype of the other's head, and the leading type arguments are the same.
fn subtype(lang: &Language, narrow: &str, wide: &str) -> bool {
    // Only where the data names subtypes: elsewhere (`string[]` is an array of `string`)
    // brackets are no type arguments.
    if narrow == wide || lang.subtypes.is_empty() {
        return narrow == wide;
    }
    let split = |ty: &str| -> (String, Vec<String>) {
        let (head, args) = match ty.find('[') {
            Some(open) if ty.ends_with(']') && open + 2 < ty.len() => (&ty[..open], &ty[open + 1..ty.len() - 1]),
            _ => (ty, ""),
        };
        let head = head.rsplit('.').next().unwrap_or(head).to_string();
        let args = if args.is_empty() {
            Vec::new()
        } else {
            split_top(args, ",")
        };
        (head, args.into_iter().map(|a| a.trim().to_string()).collect())
    };
    let ((narrow_head, narrow_args), (wide_head, wide_args)) = (split(narrow), split(wide));
    let related = narrow_head == wide_head
        || lang
            .subtypes
            .get(&narrow_head)
            .is_some_and(|supers| supers.contains(&wide_head));
    related && wide_args.len() <= narrow_args.len() && wide_args.iter().zip(&narrow_args).all(|(w, n)| w == n)
}

/// The members of a written type, each canonical ([`canonical`]): the alternatives of a
/// union where the language writes them (`A | B`, `Union[A, B]`, `Optional[A]`), else the
/// type alone.
fn members(lang: &Language, ty: &str, generics: &[String]) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let Some(unions) = &lang.unions else {
        out.insert(canonical(&without_inferred(lang, ty), generics));
        return out;
    };
    let mut pending = vec![plain_names(lang, ty.trim(), None)];
    while let Some(ty) = pending.pop() {
        let parts = split_top(&ty, &unions.separator);
        if parts.len() > 1 {
            pending.extend(parts);
            continue;
        }
        // `Optional[X]`, `typing.Optional[X]`, `t.Optional[X]`: the form by its own name.
        let inner = |forms: &[String]| {
            let (head, rest) = ty.split_once('[')?;
            let head = head.trim().rsplit('.').next().unwrap_or_default();
            forms
                .iter()
                .any(|f| f.rsplit('.').next() == Some(head))
                .then(|| rest.trim_end().strip_suffix(']').map(str::to_string))?
        };
        if let Some(alternatives) = inner(&unions.generic) {
            pending.extend(split_top(&alternatives, ","));
        } else if let Some(one) = inner(&unions.optional) {
            pending.push(one);
            pending.extend(unions.none.clone());
        } else {
            out.insert(canonical(&with_plain_arguments(lang, &ty, generics), generics));
        }
    }
    out
}

/// A written type without what the compiler infers anyway: `Iter<'_>` is `Iter`, `&'_ T`
/// is `&T`, `impl Iterator<Item = u8> + use<'a>` is `impl Iterator<Item = u8>`.
fn without_inferred(lang: &Language, ty: &str) -> String {
    let mut out = ty.to_string();
    if let Some(bound) = &lang.capture_bound {
        while let Some(at) = out
            .find(&format!("+ {bound}"))
            .or_else(|| out.find(&format!("+{bound}")))
        {
            let open = at + out[at..].find('<').unwrap_or(0);
            let mut depth = 0usize;
            let mut end = out.len();
            for (i, c) in out[open..].char_indices() {
                match c {
                    '<' => depth += 1,
                    '>' => {
                        depth -= 1;
                        if depth == 0 {
                            end = open + i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            out.replace_range(at..end, "");
        }
    }
    if let Some(elided) = &lang.elided_lifetime {
        for (from, to) in [
            (format!("<{elided}>"), String::new()),
            (format!("<{elided}, "), "<".to_string()),
            (format!(", {elided}"), String::new()),
            (format!("&{elided} "), "&".to_string()),
        ] {
            out = out.replace(&from, &to);
        }
    }
    out.trim().to_string()
}

/// A type whose generic arguments are written one way each: the members of a union in
/// order (`Mapping[str, Optional[str]]` and `Mapping[str, str | None]` read the same).
fn with_plain_arguments(lang: &Language, ty: &str, generics: &[String]) -> String {
    let Some(open) = ty.find(['[', '<']) else {
        return ty.to_string();
    };
    let close = if ty.as_bytes()[open] == b'[' { ']' } else { '>' };
    let Some(inner) = ty[open + 1..].strip_suffix(close) else {
        return ty.to_string();
    };
    let arguments: Vec<String> = split_top(inner, ",")
        .iter()
        .map(|argument| {
            members(lang, argument, generics)
                .into_iter()
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect();
    format!("{}{}{}{close}", &ty[..open], &ty[open..=open], arguments.join(","))
}

/// A type written with each name as the language reads it: by its own name, through
/// its `type_aliases` (`t.List` is `List`, then `list`), without forward references'
/// quotes; and, in a method of `class`, its `self_types` (`Self`, `this`) as the class.
/// As written where the language names neither.
fn plain_names(lang: &Language, ty: &str, class: Option<&str>) -> String {
    let aliases = !lang.type_aliases.is_empty();
    let class = class.filter(|c| !c.is_empty() && !lang.self_types.is_empty());
    if !aliases && class.is_none() {
        return ty.to_string();
    }
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let own = word.rsplit('.').next().unwrap_or_default();
        match class {
            Some(class) if lang.self_types.iter().any(|t| t == own) => out.push_str(class),
            _ if aliases => out.push_str(lang.type_aliases.get(own).map_or(own, String::as_str)),
            _ => out.push_str(word),
        }
        word.clear();
    };
    for c in ty.chars() {
        if c.is_alphanumeric() || c == '_' || c == '.' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            if !(aliases && (c == '"' || c == '\'')) {
                out.push(c);
            }
        }
    }
    flush(&mut word, &mut out);
    out
}

/// `text` split at `separator` outside brackets, each part trimmed.
fn split_top(text: &str, separator: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0usize;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if depth == 0 && rest.starts_with(separator) {
            parts.push(String::new());
            rest = &rest[separator.len()..];
            continue;
        }
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    parts
        .iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// `sig` with `async` written as the plain return type it stands for, where the language
/// says ([`Language::async_returns`]): Rust's `async fn f() -> T` is `fn f() -> impl
/// Future<Output = T>`; TypeScript's `async f(): Promise<T>` is `f(): Promise<T>` (a type
/// already so wrapped stays as written).
fn plain(lang: &Language, sig: &Signature) -> Signature {
    let mut sig = sig.clone();
    let Some(template) = lang.async_returns.as_deref().filter(|_| sig.is_async) else {
        return sig;
    };
    let (before, after) = template.split_once("{}").unwrap_or((template, ""));
    let returns = match sig.returns.as_deref() {
        Some(written) => {
            let wrapped = canonical(written, &[]);
            if wrapped.starts_with(&canonical(before, &[])) && wrapped.ends_with(&canonical(after, &[])) {
                written.to_string()
            } else {
                template.replace("{}", written)
            }
        }
        // Unwritten, it is unit where the language says so; else only inference knows.
        None if lang.unit_return => template.replace("{}", "()"),
        None => return sig,
    };
    sig.returns = Some(returns);
    sig.is_async = false;
    sig
}

/// `old` read with a receiver when `new` takes one and `old` took the same type as its
/// first parameter (Rust `fn m(_x: &Self)` → `fn m(&self)`): a path call (`S::m(&s)`)
/// passes the same argument either way, and method calls only became possible.
fn receiver_from_first_param(old: &Signature, new: &Signature) -> Signature {
    let mut old = old.clone();
    if let (None, Some(receiver), Some(first)) = (&old.receiver, &new.receiver, old.params.first()) {
        let written = first
            .annotation
            .as_deref()
            .map(|a| receiver_mode(&format!("self: {a}")));
        if first.by_position() && written.as_deref() == Some(receiver_mode(receiver).as_str()) {
            old.receiver = Some(receiver.clone());
            old.params.remove(0);
        }
    }
    old
}

/// The names a definition's type parameters declare, in order (`<'a, T: Clone, const N:
/// usize>` → `T`, `N`); lifetimes are left out (they do not change what a caller passes).
fn generic_names(generics: Option<&str>) -> Vec<String> {
    let Some(text) = generics else {
        return Vec::new();
    };
    let inner = text.trim().trim_start_matches('<').trim_end_matches('>');
    let mut depth = 0usize;
    let mut parts = vec![String::new()];
    for c in inner.chars() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
    }
    parts
        .iter()
        .map(|p| p.trim().trim_start_matches("const ").trim())
        .filter(|p| !p.starts_with('\''))
        .filter_map(|p| {
            let name: String = p.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// A type as written, with the type parameters numbered instead of named and spaces
/// collapsed: `Vec<T>` under `<T>` and `Vec<S>` under `<S>` read the same.
fn canonical(ty: &str, generics: &[String]) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match generics.iter().position(|g| g == word) {
            Some(i) => out.push_str(&format!("${i}")),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in ty.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            if !c.is_whitespace() {
                out.push(c);
            }
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The type a receiver asks for, written one way: `&self` is `&Self`, `&mut self` is
/// `&mut Self`, `self` and `mut self` are `Self`, `self: Box<Self>` is `Box<Self>`;
/// lifetimes do not change what a caller passes (`&'a self` is `&self`).
fn receiver_mode(receiver: &str) -> String {
    let r: String = receiver.split_whitespace().collect::<Vec<_>>().join(" ");
    let written = match r.split_once(':') {
        Some((_, ty)) => ty.trim().to_string(),
        None => r.trim_start_matches("mut ").replace("self", "Self"),
    };
    let without_lifetimes: Vec<&str> = written
        .split_inclusive(['&', ' ', '<', ','])
        .filter(|part| !part.trim_start().starts_with('\''))
        .collect();
    without_lifetimes
        .concat()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn kind_name(kind: ParamKind) -> &'static str {
    match kind {
        ParamKind::PositionalOnly => "positional-only",
        ParamKind::PositionalOrKeyword => "positional-or-keyword",
        ParamKind::KeywordOnly => "keyword-only",
        ParamKind::VarPositional => "*args",
        ParamKind::VarKeyword => "**kwargs",
    }
}
