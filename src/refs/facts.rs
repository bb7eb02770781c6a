//! What one file says of its names: its syntax tree and definitions (the symbol index), its
//! scopes and bindings ([`super::scope`]), the imports and exports `imports.scm` finds, and
//! what `types.scm` finds. Read once per file and shared by every question the references
//! layer asks of it. The three queries run joined, in one pass over the tree
//! ([`crate::lang::JoinedQuery`]): a pass costs about as much whatever its patterns.

use super::scope::{BindingKind, Scopes};
use crate::lang::{captured, matches_of, Captures};
use crate::lang::{Language, ModuleSystem, Resolve, SyntaxForm};
use crate::source::SourceText;
use crate::symbols::signature::Arguments;
use crate::symbols::{Symbol, SymbolIndex};
use tree_sitter::Node;

/// A byte range of the parsed text (after any BOM).
pub type Range = (usize, usize);

/// One name (or module, or glob) an import statement brings in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// The module as written, quotes stripped: `a.b`, `.core`, `./core`, `crate::a::b`.
    pub module: String,
    /// The name taken from the module; `None`: the module itself (`import a.b as m`,
    /// `import * as ns`) or, with `glob`, all of its names.
    pub name: Option<String>,
    /// The name bound here; `None` for a glob.
    pub local: Option<String>,
    pub glob: bool,
    /// The bound name is written apart from the taken one (`as`).
    pub aliased: bool,
    /// Re-exports what it imports (`export … from`, `pub use`).
    pub reexport: bool,
    /// Binds `local` in this file's scope (`export { f } from` does not).
    pub binds: bool,
    /// A Rust `mod name;`: the module `name` in another file.
    pub submodule: bool,
    /// Where the taken name is written (the reference an import is), if it is.
    pub name_at: Option<Range>,
    /// Where the bound name is written.
    pub local_at: Option<Range>,
    pub statement: Range,
}

/// `export { local as name }`, `export default local`: a binding exported under a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    pub local: String,
    pub name: String,
    pub local_at: Range,
}

/// Everything the references layer reads of one file.
pub struct Facts {
    pub path: String,
    pub lang: &'static Language,
    pub index: SymbolIndex,
    pub scopes: Scopes,
    pub imports: Vec<Import>,
    pub exports: Vec<Export>,
    bom: usize,
    types: super::types::TypeFacts,
    inactive: std::sync::OnceLock<Vec<(Range, String)>>,
    /// Where the file's own `cfg`s leave code out, read with the file when it defines a name
    /// path twice (`#[cfg(feature = "alloc")] type Infos = Vec<Info>;` beside a placeholder
    /// struct under `cfg(not(..))`): [`Facts::symbol`] takes the definition that is built.
    left_out: Vec<Range>,
    /// The expansions of the file's macro calls, made once.
    pub(super) expansions: super::expansion::Expansions,
}

impl Facts {
    /// Parses `text` as the language of `path` and reads its names.
    pub fn read(path: &str, lang: &'static Language, text: String) -> Option<Facts> {
        thread_local! {
            static PARSER: std::cell::RefCell<tree_sitter::Parser> = std::cell::RefCell::new(tree_sitter::Parser::new());
        }
        // A file the server just edited has its index kept by the edit.
        let kept = crate::symbols::cache::get(lang.name.as_str(), &text);
        let index = match kept {
            Some(index) => index,
            None => PARSER.with(|p| SymbolIndex::build_with(&mut p.borrow_mut(), SourceText::new(text), lang).ok())?,
        };
        let bom = index.source.bom_len();
        // One pass of the joined locals, imports and types queries; the tree is shared (a
        // copy of it costs a count), so the matches outlive the index's move into the facts.
        let tree = index.tree.clone();
        let parsed = &index.source.text()[bom..];
        let joined = lang.joined_query().ok()?;
        let names = joined.query.capture_names();
        let (mut locals, mut import_matches, mut type_matches) = (Vec::new(), Vec::new(), Vec::new());
        for (pattern, captures) in matches_of(&joined.query, tree.root_node(), parsed) {
            match joined.part(pattern) {
                Some("locals") => locals.push(captures),
                Some("imports") => import_matches.push(captures),
                _ => type_matches.push(captures),
            }
        }
        let mut scopes = Scopes::from_matches(lang, tree.root_node(), parsed, names, &locals);
        let (imports, exports) = read_imports(lang, parsed, names, &import_matches);
        for (i, import) in imports.iter().enumerate() {
            if let (true, Some(local), Some(at)) = (import.binds, &import.local, import.local_at.or(import.name_at)) {
                scopes.bind(local, at, BindingKind::Import(i));
            }
        }
        let mut facts = Facts {
            path: path.to_string(),
            lang,
            index,
            scopes,
            imports,
            exports,
            bom,
            types: super::types::TypeFacts::default(),
            inactive: std::sync::OnceLock::new(),
            left_out: Vec::new(),
            expansions: Default::default(),
        };
        // Types are read with the symbols at hand (a field's class, a return's function).
        facts.types = super::types::TypeFacts::from_matches(&facts, names, &type_matches);
        Some(facts)
    }

    /// The length of the BOM the text starts with (symbol spans count it; ranges do not).
    pub fn bom(&self) -> usize {
        self.bom
    }

    /// The parsed text (after any BOM): what every range of the layer indexes.
    pub fn text(&self) -> &str {
        &self.index.source.text()[self.bom..]
    }

    pub fn root(&self) -> Node<'_> {
        self.index.tree.root_node()
    }

    pub fn slice(&self, range: Range) -> &str {
        self.text().get(range.0..range.1).unwrap_or_default()
    }

    /// The text of a node of this file's tree.
    pub fn text_of(&self, node: Node<'_>) -> &str {
        self.slice((node.start_byte(), node.end_byte()))
    }

    /// The smallest node spanning `range`.
    pub fn node(&self, range: Range) -> Option<Node<'_>> {
        self.root().descendant_for_byte_range(range.0, range.1)
    }

    /// The (first) definition at name path `path`, among those the configuration builds when
    /// any is, a placeholder (`Facts::placeholder`) aside when another is written.
    /// A field and a method of one name (Rust): the method, whose uses the layer follows.
    pub fn symbol(&self, path: &str) -> Option<&Symbol> {
        let built = |s: &Symbol| {
            let at = s.declaration.start_byte.saturating_sub(self.bom);
            !self.left_out.iter().any(|r| r.0 <= at && at < r.1)
        };
        let named = || self.index.symbols.iter().filter(move |s| s.path == path);
        let (mut count, mut any_built) = (0, false);
        for s in named() {
            count += 1;
            any_built = any_built || built(s);
        }
        let kept = |s: &&Symbol| !any_built || built(s);
        let placeholders_aside = count > 1 && named().filter(kept).any(|s| !self.placeholder(s));
        let mut named = named()
            .filter(kept)
            .filter(|s| !(placeholders_aside && self.placeholder(s)));
        let first = named.next()?;
        match first.is_member() {
            true => named.find(|s| !s.is_member()).or(Some(first)),
            false => Some(first),
        }
    }

    /// Whether `symbol` is a placeholder: a name given no value (`PredictionMode = None`)
    /// where the file defines it again (`class PredictionMode(Enum)`), antlr's way of
    /// declaring a name before its definition. The checkers read the definition.
    fn placeholder(&self, symbol: &Symbol) -> bool {
        self.value_of(symbol).is_some_and(|value| self.is_nothing(value))
    }

    /// The value a definition's name is bound to (`const UPDATE = "update"`).
    pub fn value_of(&self, symbol: &Symbol) -> Option<Node<'_>> {
        let binding = self.scopes.binding_at(&symbol.name, self.name_range(symbol))?;
        self.node(binding.value?)
    }

    /// Whether `node` is the language's "no value" (`None`, `undefined`), in parentheses or not.
    pub fn is_nothing(&self, node: Node<'_>) -> bool {
        let bare = self.text_of(node).trim();
        self.lang.resolve.nothing.iter().any(|n| n == bare || n == node.kind())
            || (node.named_child_count() == 1 && node.named_child(0).is_some_and(|c| self.is_nothing(c)))
    }

    /// The definition whose name is written at `range`.
    pub fn symbol_named_at(&self, range: Range) -> Option<&Symbol> {
        let (start, end) = (range.0 + self.bom, range.1 + self.bom);
        self.index
            .symbols
            .iter()
            .find(|s| s.name_span.start_byte == start && s.name_span.end_byte == end)
    }

    /// The innermost definition whose extent holds byte `at`, among those `keep` accepts.
    pub fn enclosing(&self, at: usize, keep: impl Fn(&Symbol) -> bool) -> Option<&Symbol> {
        let at = at + self.bom;
        self.index
            .symbols
            .iter()
            .filter(|s| s.extent.start_byte <= at && at < s.extent.end_byte && keep(s))
            .max_by_key(|s| s.extent.start_byte)
    }

    /// A symbol's declaration as a byte range of the parsed text.
    pub fn declaration(&self, symbol: &Symbol) -> Range {
        (
            symbol.declaration.start_byte - self.bom,
            symbol.declaration.end_byte - self.bom,
        )
    }

    /// A symbol's body as a byte range of the parsed text, if it has one.
    pub fn body_range(&self, symbol: &Symbol) -> Option<Range> {
        symbol.body.map(|b| (b.start_byte - self.bom, b.end_byte - self.bom))
    }

    /// What `types.scm` finds in the file (bases, fields, returned values).
    pub fn types(&self) -> &super::types::TypeFacts {
        &self.types
    }

    /// Whether two of the file's definitions share a name path.
    pub fn defines_a_path_twice(&self) -> bool {
        let mut seen = std::collections::HashSet::new();
        self.index.symbols.iter().any(|s| !seen.insert(s.path.as_str()))
    }

    /// Keeps where the file's own `cfg`s leave code out, for [`Facts::symbol`] to choose
    /// among definitions of one path.
    pub(super) fn set_left_out(&mut self, ranges: Vec<Range>) {
        self.left_out = ranges;
    }

    /// The ranges conditional compilation leaves out (with the `cfg` that does), worked out
    /// by `read` on first use.
    pub fn inactive(&self, read: impl FnOnce() -> Vec<(Range, String)>) -> &[(Range, String)] {
        self.inactive.get_or_init(read)
    }

    /// A symbol's name as a byte range of the parsed text.
    pub fn name_range(&self, symbol: &Symbol) -> Range {
        (
            symbol.name_span.start_byte - self.bom,
            symbol.name_span.end_byte - self.bom,
        )
    }

    /// 1-based line and column (in bytes) of byte `at`, read off the source's line index.
    pub fn line_column(&self, at: usize) -> (usize, usize) {
        let source = &self.index.source;
        let offset = (at + self.bom).min(source.text().len());
        let line = source.line_of(offset);
        // A BOM is not a column of the first line.
        let start = source.line_start(line).max(self.bom);
        (line + 1, offset - start + 1)
    }
}

/// The imports and exports of the matches of `imports.scm` (`names`: their capture names).
fn read_imports(lang: &Language, text: &str, names: &[&str], matches: &[Captures<'_>]) -> (Vec<Import>, Vec<Export>) {
    let (mut imports, mut exports) = (Vec::new(), Vec::new());
    let range = |n: Node<'_>| (n.start_byte(), n.end_byte());
    let mut statements_seen: Vec<Range> = Vec::new();
    for m in matches {
        let capture = |wanted: &str| captured(m, names, wanted);
        if let Some(statement) = capture("export") {
            if let Some(local) = capture("export.local") {
                let local_text = text[local.byte_range()].to_string();
                let name = capture("export.name")
                    .map(|n| text[n.byte_range()].to_string())
                    .unwrap_or_else(|| {
                        if statement.child_by_field_name("value").is_some() {
                            "default".to_string()
                        } else {
                            local_text.clone()
                        }
                    });
                exports.push(Export {
                    local: local_text,
                    name,
                    local_at: range(local),
                });
            }
            continue;
        }
        let (statement, reexport) = match (capture("import"), capture("reexport")) {
            (Some(s), _) => (s, false),
            (None, Some(s)) => (s, true),
            _ => continue,
        };
        if let Some(tree) = capture("import.tree") {
            // A Rust `use` tree: one statement may match twice (with and without `pub`).
            if statements_seen.contains(&range(statement)) {
                continue;
            }
            statements_seen.push(range(statement));
            flatten_use(
                tree,
                text,
                &mut Vec::new(),
                &mut |module, name, alias, glob, name_at, local_at| {
                    imports.push(Import {
                        module,
                        local: if glob {
                            None
                        } else {
                            alias.clone().or_else(|| name.clone())
                        },
                        aliased: alias.is_some(),
                        name,
                        glob,
                        reexport,
                        binds: true,
                        submodule: false,
                        name_at,
                        local_at,
                        statement: range(statement),
                    });
                },
            );
            continue;
        }
        if let Some(sub) = capture("import.submodule") {
            let name = text[sub.byte_range()].to_string();
            imports.push(Import {
                module: String::new(),
                name: Some(name.clone()),
                local: Some(name),
                glob: false,
                aliased: false,
                reexport: false,
                binds: true,
                submodule: true,
                name_at: Some(range(sub)),
                local_at: Some(range(sub)),
                statement: range(statement),
            });
            continue;
        }
        let Some(module) = capture("import.module") else {
            continue;
        };
        let module_text = strip_quotes(&text[module.byte_range()]);
        let glob = capture("import.glob").is_some();
        let default = capture("import.default");
        let name = capture("import.name").or(default);
        let alias = capture("import.alias").or(default);
        let name_text = match (default, name) {
            (Some(_), _) => Some("default".to_string()),
            (None, Some(n)) => Some(strip_quotes(&text[n.byte_range()])),
            (None, None) => None,
        };
        let local = if glob {
            None
        } else {
            match alias {
                Some(a) => Some(strip_quotes(&text[a.byte_range()])),
                // `import a.b` binds `a`.
                None if name_text.is_none() && lang.resolve.modules == ModuleSystem::Python => {
                    module_text.split('.').next().map(str::to_string)
                }
                None => name_text.clone(),
            }
        };
        let local_at = match (alias, name) {
            (Some(a), _) => Some(range(a)),
            (None, Some(n)) => Some(range(n)),
            // `import a.b`: `a` is where the bound name is written.
            (None, None) => Some((
                module.start_byte(),
                module.start_byte() + local.as_deref().map_or(0, str::len),
            )),
        };
        imports.push(Import {
            module: module_text,
            name: name_text,
            local,
            glob,
            aliased: alias.is_some() && default.is_none(),
            reexport,
            binds: !reexport,
            submodule: false,
            name_at: name.filter(|_| default.is_none()).map(range),
            local_at,
            statement: range(statement),
        });
    }
    (imports, exports)
}

/// `text` without the quotes around it.
pub fn strip_quotes(text: &str) -> String {
    text.trim_matches(['"', '\'', '`']).to_string()
}

type UseSink<'s> = dyn FnMut(String, Option<String>, Option<String>, bool, Option<Range>, Option<Range>) + 's;

/// Flattens a Rust `use` tree into (module path, name, alias, glob, name at, alias at):
/// `a::{b, c::{d as e, self}, *}` gives `a::b`, `a::c::d as e`, `a::c` (self), `a::*`.
fn flatten_use(node: Node<'_>, text: &str, prefix: &mut Vec<String>, sink: &mut UseSink<'_>) {
    let range = |n: Node<'_>| Some((n.start_byte(), n.end_byte()));
    match node.kind() {
        "use_list" => {
            let mut cursor = node.walk();
            for child in node.named_children(&mut cursor) {
                flatten_use(child, text, prefix, sink);
            }
        }
        "scoped_use_list" => {
            let before = prefix.len();
            if let Some(path) = node.child_by_field_name("path") {
                prefix.extend(path_segments(path, text));
            }
            if let Some(list) = node.child_by_field_name("list") {
                flatten_use(list, text, prefix, sink);
            }
            prefix.truncate(before);
        }
        "use_wildcard" => {
            let mut segments = prefix.clone();
            if let Some(path) = node.named_child(0) {
                segments.extend(path_segments(path, text));
            }
            sink(segments.join("::"), None, None, true, None, None);
        }
        "use_as_clause" => {
            let Some(path) = node.child_by_field_name("path") else {
                return;
            };
            let alias = node.child_by_field_name("alias");
            let mut segments = prefix.clone();
            segments.extend(path_segments(path, text));
            let last_node = last_segment(path);
            emit(
                segments,
                alias.map(|a| text[a.byte_range()].to_string()),
                range(last_node),
                alias.and_then(range),
                sink,
            );
        }
        _ => {
            let mut segments = prefix.clone();
            segments.extend(path_segments(node, text));
            let last_node = last_segment(node);
            emit(segments, None, range(last_node), range(last_node), sink);
        }
    }
}

fn emit(
    mut segments: Vec<String>,
    alias: Option<String>,
    name_at: Option<Range>,
    local_at: Option<Range>,
    sink: &mut UseSink<'_>,
) {
    // `a::b::{self}` binds `b`, the module.
    if segments.last().is_some_and(|s| s == "self") && segments.len() > 1 {
        segments.pop();
    }
    let Some(name) = segments.pop() else {
        return;
    };
    sink(
        segments.join("::"),
        Some(name),
        alias,
        false,
        name_at,
        local_at.or(name_at),
    );
}

/// The segments of a Rust path node: `crate::a::b` → [crate, a, b].
pub fn path_segments(node: Node<'_>, text: &str) -> Vec<String> {
    match node.kind() {
        "scoped_identifier" | "scoped_type_identifier" => {
            let mut out = node
                .child_by_field_name("path")
                .map(|p| path_segments(p, text))
                .unwrap_or_default();
            if let Some(name) = node.child_by_field_name("name") {
                out.push(text[name.byte_range()].to_string());
            }
            out
        }
        // `Map::<K, V>::new`, `Scope::<'env> { .. }`: the turbofish's arguments name no
        // segment of the path.
        "generic_type" | "generic_type_with_turbofish" => match node.child_by_field_name("type") {
            Some(base) => path_segments(base, text),
            None => vec![text[node.byte_range()].to_string()],
        },
        _ => vec![text[node.byte_range()].to_string()],
    }
}

fn last_segment(node: Node<'_>) -> Node<'_> {
    match node.kind() {
        "scoped_identifier" | "scoped_type_identifier" => node.child_by_field_name("name").unwrap_or(node),
        _ => node,
    }
}

/// How an argument in a written list passes its value.
#[derive(Clone, Copy)]
enum Passed<'r> {
    /// By its place: `f(x)`.
    Position,
    /// By a name: `f(key=x)`, `f(key: x)`, written in the form given.
    Keyword(&'r SyntaxForm),
    /// Many by place: `f(*xs)`, `f(...xs)`.
    Spread,
    /// Many by name: `f(**options)`.
    KeywordSpread,
}

/// How the argument `child` of a written list passes its value, from the language's data.
fn passed<'r>(r: &'r Resolve, child: Node<'_>) -> Passed<'r> {
    let kind = child.kind();
    if let Some(form) = r.keyword_keys.iter().find(|form| form.kind == kind) {
        Passed::Keyword(form)
    } else if r.spreads.iter().any(|k| k == kind) {
        Passed::Spread
    } else if r.keyword_spreads.iter().any(|k| k == kind) {
        Passed::KeywordSpread
    } else {
        Passed::Position
    }
}

/// A call's arguments as written: the list `node`, whose positional arguments are
/// `positional` ([`positional_nodes`]).
pub fn arguments_of(r: &Resolve, node: Node<'_>, positional: &[Node<'_>], text: &str) -> Arguments {
    let mut args = Arguments {
        positional: positional.iter().map(|n| text[n.byte_range()].to_string()).collect(),
        ..Arguments::default()
    };
    if r.whole_arguments
        .iter()
        .chain(&r.tagged_templates)
        .any(|k| k == node.kind())
    {
        // A whole argument's or a template's children are no arguments of the call.
        return args;
    }
    for child in crate::lang::written_parts(node) {
        match passed(r, child) {
            Passed::Keyword(form) => {
                if let Some(name) = form.name.as_deref().and_then(|field| child.child_by_field_name(field)) {
                    args.keywords.push(text[name.byte_range()].to_string());
                }
            }
            Passed::Spread => args.spread = true,
            Passed::KeywordSpread => args.spread_keywords = true,
            Passed::Position => {}
        }
    }
    args
}

/// The positional arguments of the argument list `node`, in order.
pub fn positional_nodes<'t>(r: &Resolve, node: Node<'t>) -> Vec<Node<'t>> {
    if r.whole_arguments.iter().any(|k| k == node.kind()) {
        // `f(x for x in xs)`: the node is the one argument, not a list of them.
        return vec![node];
    }
    if r.tagged_templates.iter().any(|k| k == node.kind()) {
        // A tagged template (`` tag`a ${b}` ``) passes its strings, then each substitution.
        let mut cursor = node.walk();
        let substitutions = node
            .named_children(&mut cursor)
            .filter(|c| r.template_substitutions.iter().any(|k| k == c.kind()));
        return std::iter::once(node).chain(substitutions).collect();
    }
    crate::lang::written_parts(node)
        .into_iter()
        .filter(|&child| matches!(passed(r, child), Passed::Position))
        .collect()
}

/// The string literals of `text` (`"a(b"`): where each opens and where it ends (after its
/// closing quote, or at the end of `text` for one left open). A quote written as a
/// character (`'"'`) opens none.
pub fn string_spans(text: &str) -> Vec<(usize, usize)> {
    let (mut open, mut escaped) = (None, false);
    let mut spans = Vec::new();
    for (i, c) in text.char_indices() {
        match (open, escaped, c) {
            (Some(_), false, '\\') => escaped = true,
            (Some(start), false, '"') => {
                spans.push((start, i + 1));
                open = None;
            }
            (Some(_), _, _) => escaped = false,
            (None, _, '"') if !(text[..i].ends_with('\'') && text[i + 1..].starts_with('\'')) => open = Some(i),
            (None, _, _) => {}
        }
    }
    if let Some(start) = open {
        spans.push((start, text.len()));
    }
    spans
}

/// The characters of `text` outside its string literals (`"a(b"` neither opens nor closes
/// anything), with their byte offsets.
pub fn code_chars(text: &str) -> Vec<(usize, char)> {
    let mut spans = string_spans(text).into_iter().peekable();
    let mut out = Vec::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        while spans.peek().is_some_and(|&(_, end)| end <= i) {
            spans.next();
        }
        if spans.peek().is_none_or(|&(start, _)| start > i) {
            out.push((i, c));
        }
    }
    out
}

/// Where the string literal `text` ends with starts (its opening quote), if it ends with a
/// closed one.
pub fn string_start(text: &str) -> Option<usize> {
    let (start, end) = *string_spans(text).last()?;
    (end == text.len() && end - start >= 2 && text.ends_with('"')).then_some(start)
}

/// The callee of `body` when it is one call and nothing else (`a::b(..)`, turbofish
/// dropped): the path before the first `(`, whose match is the last character.
pub fn single_call_callee(body: &str) -> Option<&str> {
    let open = body.find('(')?;
    let callee = body[..open].trim();
    let callee = callee.find("::<").map_or(callee, |i| &callee[..i]).trim();
    let path_like = !callee.is_empty()
        && callee.split("::").all(|s| {
            !s.is_empty()
                && s.trim_start_matches('$')
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_')
        });
    if !path_like || !body.ends_with(')') {
        return None;
    }
    let mut depth = 0i32;
    for (i, c) in code_chars(body).into_iter().skip_while(|(i, _)| *i < open) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return (i == body.len() - 1).then_some(callee);
                }
            }
            _ => {}
        }
    }
    None
}
