//! Signatures as data: a definition's parameters (name, kind, default, annotation), its
//! receiver, return type, `async`, visibility and generics, read from the tree with the
//! language's `parameters.scm` query — the code knows capture names, not node kinds.

use crate::lang::Language;
use crate::symbols::{Symbol, SymbolIndex};
use serde::Serialize;
use std::collections::BTreeMap;
use tree_sitter::StreamingIterator;

/// How an argument reaches a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ParamKind {
    /// Before a Python `/`: by position only.
    PositionalOnly,
    /// By position or by name (Python); by position (Rust, TypeScript).
    PositionalOrKeyword,
    /// After `*` or `*args` (Python): by name only.
    KeywordOnly,
    /// `*args`, `...rest`: any number of positional arguments.
    VarPositional,
    /// `**kwargs`: any number of keyword arguments.
    VarKeyword,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
    /// A default value, or TypeScript's `?`: the argument may be left out.
    pub has_default: bool,
    /// The default's text, when written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annotation: Option<String>,
}

impl Param {
    /// Whether a call must pass it.
    pub fn required(&self) -> bool {
        !self.has_default && !matches!(self.kind, ParamKind::VarPositional | ParamKind::VarKeyword)
    }

    pub fn by_position(&self) -> bool {
        matches!(self.kind, ParamKind::PositionalOnly | ParamKind::PositionalOrKeyword)
    }

    pub fn by_name(&self) -> bool {
        matches!(self.kind, ParamKind::PositionalOrKeyword | ParamKind::KeywordOnly)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Signature {
    /// The parameters a call passes, in order (a receiver is not one of them).
    pub params: Vec<Param>,
    /// Rust `self`, `&self`, `&mut self`, `mut self`; TypeScript `this: T`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub receiver: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns: Option<String>,
    pub is_async: bool,
    /// A TypeScript/JavaScript `static` member: called on the class, not on an instance.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub is_static: bool,
    pub public: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generics: Option<String>,
    /// Python decorators that change how it is called (`staticmethod`, `classmethod`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decorators: Vec<String>,
}

impl Signature {
    /// The parameters a call through an instance or the class passes explicitly: Python's
    /// `self`/`cls` is bound by the call, unless the method is static.
    pub fn explicit_params(&self, bound: bool) -> &[Param] {
        if bound && self.binds_first() && !self.params.is_empty() {
            &self.params[1..]
        } else {
            &self.params
        }
    }

    /// Whether a call on an instance (or on the class, for a classmethod) fills the first
    /// parameter itself.
    pub fn binds_first(&self) -> bool {
        !self.decorators.iter().any(|d| d == "staticmethod")
            && self.params.first().is_some_and(|p| {
                p.name == "self" || p.name == "cls" || self.decorators.iter().any(|d| d == "classmethod")
            })
    }
}

/// A call's arguments as written, for checking them against a signature.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Arguments {
    pub positional: Vec<String>,
    /// Which positional arguments the layer reads as typed anything (`any`, `Any`): the
    /// checker takes them wherever they go. Empty where nothing was read (a macro's tokens,
    /// or a target that did not ask: [`Target::argument_types`]).
    pub anything: Vec<bool>,
    /// Which positional arguments the layer reads as a class itself (`Config` passed for
    /// `type[T]`): what their text alone does not tell. Empty where nothing was read.
    pub classes: Vec<bool>,
    pub keywords: Vec<String>,
    /// `*xs`, `...xs`: any number of positional arguments.
    pub spread: bool,
    /// `**kw`: any keywords.
    pub spread_keywords: bool,
}

/// Binds a call's arguments to parameters as the language does; the reason it fails, if it
/// does (worded for a signature a change left: impact's question).
pub fn bind(lang: &Language, params: &[Param], positional: &[&str], args: &Arguments) -> Result<(), String> {
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

/// The definition node of a symbol: the node its name sits in, climbed to the one that
/// holds the parameters.
fn definition_node<'t>(index: &'t SymbolIndex, symbol: &Symbol) -> Option<tree_sitter::Node<'t>> {
    let bom = index.source.bom_len();
    let start = symbol.name_span.start_byte.checked_sub(bom)?;
    let end = symbol.name_span.end_byte.checked_sub(bom)?;
    let mut node = index.tree.root_node().descendant_for_byte_range(start, end)?;
    for _ in 0..4 {
        if node.child_by_field_name("parameters").is_some() || node.child_by_field_name("value").is_some() {
            return Some(node);
        }
        node = node.parent()?;
    }
    None
}

/// The parameter list of a definition node, directly or through the function it holds
/// (`const f = (a) => ...`). A variable with a declared type is called through that type
/// (`const f: (a: T) => R = ...`): its parameters are the type's, and a type that is only a
/// name (`const f: Handler = ...`) says nothing that a change of the function could break.
fn parameters_of(node: tree_sitter::Node<'_>) -> Option<tree_sitter::Node<'_>> {
    if let Some(parameters) = node.child_by_field_name("parameters") {
        return Some(parameters);
    }
    if let Some(declared) = node.child_by_field_name("type") {
        let mut cursor = declared.walk();
        let parameters = declared
            .named_children(&mut cursor)
            .find_map(|t| t.child_by_field_name("parameters"));
        return parameters;
    }
    node.child_by_field_name("value")?.child_by_field_name("parameters")
}

/// The signature of a function-like symbol, if it has a parameter list.
pub fn of(index: &SymbolIndex, lang: &Language, symbol: &Symbol) -> Option<Signature> {
    let node = definition_node(index, symbol)?;
    let parameters = parameters_of(node)?;
    let text = &index.source.text()[index.source.bom_len()..];
    let query = lang.query("parameters").ok()?;
    let names = query.capture_names();
    // Captures per parameter node, in the order the parameters are written.
    let mut by_param: BTreeMap<usize, BTreeMap<&str, tree_sitter::Node<'_>>> = BTreeMap::new();
    let mut cursor = tree_sitter::QueryCursor::new();
    let mut matches = cursor.matches(query, parameters, text.as_bytes());
    while let Some(m) = matches.next() {
        let Some(param) = m.captures().iter().find(|c| names[c.index as usize] == "param") else {
            continue;
        };
        if param.node.parent().map(|p| p.id()) != Some(parameters.id()) {
            continue;
        }
        let entry = by_param.entry(param.node.start_byte()).or_default();
        for capture in m.captures() {
            entry.insert(names[capture.index as usize], capture.node);
        }
    }
    let node_text = |n: tree_sitter::Node<'_>| text[n.byte_range()].to_string();
    let mut params = Vec::new();
    let mut receiver = None;
    let mut kind = ParamKind::PositionalOrKeyword;
    for captures in by_param.values() {
        if captures.contains_key("param.positional_separator") {
            for p in params.iter_mut() {
                let p: &mut Param = p;
                if p.kind == ParamKind::PositionalOrKeyword {
                    p.kind = ParamKind::PositionalOnly;
                }
            }
            continue;
        }
        if captures.contains_key("param.keyword_separator") {
            kind = ParamKind::KeywordOnly;
            continue;
        }
        if let Some(r) = captures.get("param.receiver") {
            receiver = Some(node_text(*r));
            continue;
        }
        let name = captures
            .get("param.name")
            .map(|n| node_text(*n).trim_start_matches("...").to_string())
            .unwrap_or_default();
        let this_kind = if captures.contains_key("param.var_positional") {
            kind = ParamKind::KeywordOnly;
            ParamKind::VarPositional
        } else if captures.contains_key("param.var_keyword") {
            ParamKind::VarKeyword
        } else {
            kind
        };
        let default = captures.get("param.default").map(|n| node_text(*n));
        params.push(Param {
            name,
            kind: this_kind,
            has_default: default.is_some() || captures.contains_key("param.optional"),
            default,
            annotation: captures
                .get("param.type")
                .map(|n| node_text(*n).trim_start_matches(':').trim().to_string()),
        });
    }
    // The older spelling of positional-only (PEP 484): leading parameters named `__x` (not
    // dunders) can only be passed by position, as those before a `/`.
    if let Some(prefix) = lang.positional_only_prefix.as_deref() {
        for p in params
            .iter_mut()
            .take_while(|p| p.name.starts_with(prefix) && !p.name.ends_with(prefix))
        {
            if p.kind == ParamKind::PositionalOrKeyword {
                p.kind = ParamKind::PositionalOnly;
            }
        }
    }
    // The return type sits beside the parameters (on the function, or on the declared type).
    let returns = parameters
        .parent()
        .and_then(|holder| holder.child_by_field_name("return_type"))
        .map(|n| {
            node_text(n)
                .trim_start_matches(':')
                .trim()
                .trim_start_matches("->")
                .trim()
                .to_string()
        });
    let generics = node.child_by_field_name("type_parameters").map(node_text);
    let before_name = &index.source.text()[symbol.extent.start_byte..symbol.name_span.start_byte];
    let words = words_before_name(index, symbol);
    let public = is_public(index, lang, symbol);
    Some(Signature {
        params,
        receiver,
        returns,
        is_async: is_async(index, symbol),
        is_static: words.contains(&"static"),
        public,
        generics,
        decorators: decorators_of(before_name),
    })
}

/// Whether a function is declared `async` (a modifier before its name, not a word in its doc
/// comment or decorators).
pub fn is_async(index: &SymbolIndex, symbol: &Symbol) -> bool {
    words_before_name(index, symbol).contains(&"async")
}

/// The words written before a definition's name (`pub`, `async`, `static`, `private`,
/// `export`): its declaration's and its modifiers' — not its doc comment's nor its
/// decorators' (a comment that says "async" does not make it so).
fn words_before_name<'i>(index: &'i SymbolIndex, symbol: &Symbol) -> Vec<&'i str> {
    let text = index.source.text();
    let words = |from: usize, to: usize| {
        text[from..to.max(from)]
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
    };
    let start = symbol.declaration.start_byte.min(symbol.name_span.start_byte);
    let mut out: Vec<&str> = symbol
        .pieces
        .iter()
        .filter(|p| p.kind == crate::lang::Attachment::Modifier)
        .flat_map(|p| words(p.span.start_byte, p.span.end_byte))
        .collect();
    out.extend(words(start, symbol.name_span.start_byte));
    out
}

/// Whether a definition is visible outside its module or class: Rust `pub`, a Python name
/// without a leading underscore (dunders are public), elsewhere not `private` nor `#name`.
pub fn is_public(index: &SymbolIndex, lang: &Language, symbol: &Symbol) -> bool {
    if symbol
        .parent_kind
        .as_ref()
        .is_some_and(|k| lang.public_parents.contains(k))
    {
        return true;
    }
    let words = words_before_name(index, symbol);
    match lang.name.as_str() {
        "rust" => words.contains(&"pub"),
        "python" => !symbol.name.starts_with('_') || (symbol.name.starts_with("__") && symbol.name.ends_with("__")),
        _ => !words.contains(&"private") && !symbol.name.starts_with('#'),
    }
}

/// Whether a top-level declaration is exported where it is written (`export`, `export
/// default`, `declare`), or by an `export { name }` of its file.
pub fn exported(index: &SymbolIndex, symbol: &Symbol) -> bool {
    let words = words_before_name(index, symbol);
    if words.iter().any(|w| *w == "export" || *w == "declare") {
        return true;
    }
    index.source.text().lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("export {")
            && l.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                .any(|w| w == symbol.name)
    })
}

/// The names of a Python definition's decorators (`@staticmethod` → `staticmethod`).
fn decorators_of(before_name: &str) -> Vec<String> {
    before_name
        .lines()
        .filter_map(|l| l.trim().strip_prefix('@'))
        .map(|d| d.split(['(', ' ']).next().unwrap_or_default().to_string())
        .collect()
}
