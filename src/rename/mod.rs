//! Rename: a definition and every name that refers to it, across the root, in one
//! transaction.
//!
//! Rename is the references layer ([`crate::refs`]) plus one transaction; it has no way of
//! its own to find a use. What it renames and what it leaves follows from what a reference
//! is:
//!
//! - the definition's name and every reference the layer binds to it (`import_resolved`,
//!   `receiver_typed`: calls, imports, re-exports, type uses, attribute accesses, keyword
//!   arguments naming a field, code in doc-tests) are renamed;
//! - a reference matched by name only is listed under `uncertain` and left as it is,
//!   unless the caller asks for them (`include_uncertain`): a guess is never written;
//! - a member read on a value that may be of several types, each defining the member
//!   (`m.params` with `m` a `MetaModel | MetaMetaModel`), needs every one of those
//!   definitions: renaming one alone breaks the read, renamed or left, so the rename is
//!   refused (`shared_reference`) unless the caller takes the name matches too;
//! - a macro argument whose expansion both reads the definition and declares an item from
//!   the same token (`backends::x86::$name` and `pub struct $name`) would rename that item
//!   too, and break its uses no reference lists: refused (`shared_reference`), naming it;
//! - a use through another name (`E()` after `from m import Engine as E`) names the alias,
//!   not the definition: it stays, and only the import's `Engine` changes;
//! - a shorthand keeps what it binds: `Config { port }` becomes `Config { new: port }` when
//!   the field is renamed, `{ handlers }` becomes `{ handlers: new }` when the value is;
//! - a string that lists a module's exports (`__all__`) is renamed where the module binds
//!   the name: it is how `from m import *` reaches it.
//!
//! Everything is checked before anything is written: the new name must parse as a name of
//! the language (`invalid_name`), must not already be bound where a renamed name lands or
//! be a member of the same class or type (`name_conflict`), and every touched file must
//! parse as well as it did (`syntax_error`): each renamed name is its own edit of the
//! file's tree, so a file that stays clean is shown so by re-parsing around the names, and
//! only a file with an error is read whole to count them. A definition the language calls
//! by its name (`__init__`, `constructor`, Rust's `main`) or whose name a dependency fixes
//! (the method of an impl of a trait outside the root, an `override` of a base outside it)
//! is refused: renaming it would change what the program does, or break it. A member the
//! root's own trait or base declares is renamed with its whole family
//! ([`Resolver::family`]), from whichever member of it the rename starts.

pub mod module;

use crate::feedback::{Error, ErrorCode};
use crate::lang::Language;
use crate::refs::facts::Facts;
use crate::refs::project::Project;
use crate::refs::resolve::Resolver;
use crate::refs::{self, Confidence, RefKind, Reference};
use crate::symbols::{NamePath, Symbol};
use crate::workspace::Transaction;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What to rename, and how far.
#[derive(Debug, Clone)]
pub struct Request {
    /// The file that defines the symbol, relative to the root.
    pub file: String,
    /// The definition's name path (`Engine.process`).
    pub symbol: String,
    pub new_name: String,
    /// Rename the references matched by name only too.
    pub include_uncertain: bool,
}

/// What a rename changed and what it left, beside the apply answer's `files`.
#[derive(Debug, Clone, Serialize)]
pub struct Renamed {
    /// The definition's name path before and after.
    pub symbol: String,
    pub new_symbol: String,
    /// Every reference renamed (the definition's own name aside).
    pub references: Vec<Reference>,
    /// References matched by name only, left as they are (renamed with
    /// `include_uncertain`, and then listed under `references`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub uncertain: Vec<Reference>,
    /// Uses through another name an import binds (`E()` after `import Engine as E`): they
    /// do not spell the definition's name, so they stay as they are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub through_aliases: Vec<Reference>,
    /// The members held to one name with the definition (`impl Trait for T`'s method or
    /// the trait's it implements, an implementing class's property or the interface's),
    /// renamed with it, each with its references.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub implementations: Vec<refs::Location>,
    /// The line the definition's name is written on (a rename does not move it).
    #[serde(skip)]
    pub line: usize,
}

/// One replacement in one file: parsed-text byte range (after any BOM) → new text.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Replacement {
    range: (usize, usize),
    text: String,
}

/// Stages the rename of `request` in `tx` (over what the transaction already holds), or
/// says why not; nothing is staged on a refusal.
pub fn stage(tx: &mut Transaction, request: &Request) -> Result<Renamed, Vec<Error>> {
    let project = project_of(tx);
    let planned = plan(&project, request)?;
    for (path, text) in planned.texts {
        tx.write(&path, text.into_bytes()).map_err(|e| vec![e])?;
    }
    Ok(planned.renamed)
}

/// The files' new texts and what was renamed.
struct Planned {
    texts: BTreeMap<String, String>,
    renamed: Renamed,
}

/// The root as the transaction has it: the files on disk, with the ones it already
/// changed (earlier operations of the same patch) as changed.
fn project_of(tx: &Transaction) -> Project {
    let scanned = Project::scan(tx.workspace().root());
    let changes = tx.changes();
    if changes.is_empty() {
        return scanned;
    }
    let mut texts: BTreeMap<String, String> = scanned
        .files
        .iter()
        .map(|(path, file)| (path.clone(), file.text.as_str().to_string()))
        .collect();
    for change in changes {
        match change.after.and_then(|bytes| std::str::from_utf8(bytes).ok()) {
            Some(text) => texts.insert(change.path.clone(), text.to_string()),
            None => texts.remove(&change.path),
        };
    }
    Project::new(&scanned.root, texts.into_iter().collect())
}

fn plan(project: &Project, request: &Request) -> Result<Planned, Vec<Error>> {
    if let Some((function, parameter)) = parameter_path(&request.symbol) {
        return plan_parameter(project, request, function, parameter);
    }
    let one = |e: Error| vec![e];
    let answer = refs::answer_in(project, &request.file, &request.symbol).map_err(one)?;
    let facts = project
        .facts(&request.file)
        .ok_or_else(|| one(Error::internal(format!("`{}` could not be parsed", request.file))))?;
    let symbol = facts
        .index
        .resolve(&NamePath::parse(&request.symbol).map_err(one)?)
        .map_err(|e| one(e.in_file(&request.file)))?;
    let new_name = request.new_name.trim();
    let resolver = Resolver::new(project);
    let (implemented, _) = resolver.implemented(&facts, symbol);
    check_renamable(&facts, symbol, &request.file, !implemented.is_empty()).map_err(one)?;
    check_name(facts.lang, symbol, new_name).map_err(one)?;

    // The definition, then each member held to one name with it (the members implementing
    // it, `impl Trait for T`'s or a class's that `implements` its interface, and the ones it
    // implements, with theirs), each with its own references: renamed as one name.
    let mut family: Vec<(Arc<Facts>, refs::facts::Range, refs::Answer)> = Vec::new();
    for implementation in resolver.family(&facts, symbol).0 {
        let Some(other) = project.facts(&implementation.file) else {
            continue;
        };
        let Some(member) = other.symbol_named_at(implementation.name_at) else {
            continue;
        };
        let other_answer = refs::answer_of(project, &other, member);
        family.push((other, implementation.name_at, other_answer));
    }
    let members = std::iter::once((&facts, symbol, &answer)).chain(
        family
            .iter()
            .filter_map(|(f, at, a)| f.symbol_named_at(*at).map(|member| (f, member, a))),
    );
    for (member_facts, member, member_answer) in members.clone() {
        check_one_item(member_facts, member).map_err(one)?;
        if !request.include_uncertain {
            check_unshared(&member_answer.references, member).map_err(one)?;
        }
        check_undeclared(&member_answer.references, member).map_err(one)?;
    }

    let shorthand_keys = &facts.lang.resolve.shorthand_keys;
    let mut edits: BTreeMap<String, Vec<Replacement>> = BTreeMap::new();
    let (mut renamed, mut uncertain) = (Vec::new(), Vec::new());
    let mut through_aliases = Vec::new();
    for (member_facts, member, member_answer) in members.clone() {
        let definitions = edits.entry(member_facts.path.clone()).or_default();
        for definition in one_binding(member_facts, member) {
            definitions.push(Replacement {
                range: member_facts.name_range(definition),
                text: new_name.to_string(),
            });
        }
        let mut member_renamed = Vec::new();
        let named = member_answer
            .references
            .iter()
            .chain(&member_answer.documentation)
            .cloned();
        for reference in named {
            let seen = |r: &Reference| r.path == reference.path && r.range == reference.range;
            if renamed.iter().chain(&uncertain).any(seen) {
                continue;
            }
            if reference.confidence == Confidence::NameMatch && !request.include_uncertain {
                uncertain.push(reference);
                continue;
            }
            let Some(file_facts) = project.facts(&reference.path) else {
                continue;
            };
            let text = replacement(&file_facts, shorthand_keys, &reference, member, new_name);
            let range = shortened_pair(&file_facts, &reference, new_name).unwrap_or(reference.range);
            let file_edits = edits.entry(reference.path.clone()).or_default();
            file_edits.push(Replacement { range, text });
            if let Some(alias) = same_name_alias(&file_facts, &reference, &member.name) {
                // `import f as f`: the spelled-out re-export of the name itself, renamed with it.
                file_edits.push(Replacement {
                    range: alias,
                    text: new_name.to_string(),
                });
            }
            member_renamed.push(reference);
        }
        for path in export_list_files(project, &member_facts.path, member, &member_renamed) {
            if let Some(file_facts) = project.facts(&path) {
                for range in export_list_entries(&file_facts, &member.name) {
                    edits.entry(path.clone()).or_default().push(Replacement {
                        range,
                        text: new_name.to_string(),
                    });
                }
            }
        }
        check_conflicts(project, member_facts, member, new_name, &member_renamed).map_err(one)?;
        renamed.extend(member_renamed);
        through_aliases.extend(member_answer.through_aliases.iter().cloned());
    }
    let implementations: Vec<refs::Location> = family
        .iter()
        .map(|(f, at, _)| {
            let (line, column) = f.line_column(at.0);
            refs::Location {
                path: f.path.clone(),
                line,
                column,
            }
        })
        .collect();

    let texts = rewrite_all(project, edits)?;
    let new_symbol = match symbol.path.rsplit_once('.') {
        Some((parent, _)) => format!("{parent}.{new_name}"),
        None => new_name.to_string(),
    };
    Ok(Planned {
        texts,
        renamed: Renamed {
            symbol: symbol.path.clone(),
            new_symbol,
            references: renamed,
            uncertain,
            through_aliases,
            implementations,
            line: symbol.name_span.start_line,
        },
    })
}

/// The definitions renamed as one: the one named (`C.x#1`) and every other definition of
/// its path in the file. A path written several times in one scope is one binding (a
/// getter and its `@x.setter`, overload signatures, a `const` and a `type` TypeScript
/// merges, a `#[cfg]` alternative); the references layer takes a use of the name to all of
/// them, and renaming one alone would leave the others' uses pointing at nothing. A
/// module is the exception: its name is its file's, which a rename does not move.
fn one_binding<'f>(facts: &'f Facts, symbol: &'f Symbol) -> Vec<&'f Symbol> {
    if symbol.kind == "module" {
        return vec![symbol];
    }
    let definitions: Vec<&Symbol> = facts.index.find(&symbol.path);
    definitions.into_iter().filter(|other| other.kind != "module").collect()
}

/// Refuses a rename of a path that names two items a use by path cannot tell apart: a Rust
/// type's inherent `BITS` beside the `BITS` of its `impl Bounded for Limb`, or the members
/// of two trait impls (`Self::BITS` reaches the inherent one, `T::BITS` the trait's). The
/// definitions written at one path are one binding only when they are one item, written
/// once per configuration; renaming these together breaks the one a use did not mean.
fn check_one_item(facts: &Facts, symbol: &Symbol) -> Result<(), Error> {
    let r = &facts.lang.resolve;
    let definitions = one_binding(facts, symbol);
    let traits: std::collections::BTreeSet<Option<&str>> = definitions
        .iter()
        .map(|d| {
            let declaration = facts.node(facts.declaration(d));
            declaration
                .and_then(|n| refs::types::implemented_trait(r, n))
                .map(|t| facts.text_of(t))
        })
        .collect();
    if traits.len() < 2 {
        return Ok(());
    }
    let items: Vec<String> = traits
        .iter()
        .map(|t| match t {
            Some(t) => format!("the member of an `impl {t}`"),
            None => "an inherent item".to_string(),
        })
        .collect();
    Err(Error::new(
        ErrorCode::SharedReference,
        format!(
            "`{}` is the path of {}: a use written by path (`Self::{}`) reaches one of them, and saguaro cannot tell which uses are whose",
            symbol.path,
            items.join(" and "),
            symbol.name
        ),
        "give the inherent item (or one of the traits' members) another name by hand first, then rename; nothing was written",
    )
    .in_file(&facts.path))
}

/// Refuses a rename one of whose references reads the definition together with another
/// (`m.params` on a value of either of two classes that each define `params`): renamed
/// or left, that read breaks while the other definition keeps the old name.
fn check_unshared(references: &[Reference], symbol: &Symbol) -> Result<(), Error> {
    refuse_shared(
        references,
        |r| !r.shared_with.is_empty(),
        |shared| {
            let others = shared
                .shared_with
                .iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", ");
            format!(
                "`{}` is read at {}:{} on a value that may also be of a type defining its own `{}` ({others}): renaming one of them breaks that read",
                symbol.path, shared.path, shared.line, symbol.name
            )
        },
        "rename each of them to the same new name, passing --include-uncertain (include_uncertain) so the shared reads are renamed too; nothing was written",
    )
}

/// Refuses a rename one of whose references is a macro argument the expansion also
/// declares another item with (`define!(name = Aes128Dec)` writing `backends::x86::$name`
/// and `pub struct $name`): the one token names both, so renaming it renames that item
/// too, and every use of it elsewhere, which no reference of the definition lists.
fn check_undeclared(references: &[Reference], symbol: &Symbol) -> Result<(), Error> {
    refuse_shared(
        references,
        |r| r.declares_too.is_some(),
        |reference| {
            format!(
                "`{}` is named at {}:{} by a macro argument, and {}: renaming it there renames that item too and breaks its uses",
                symbol.path,
                reference.path,
                reference.line,
                reference.declares_too.as_deref().unwrap_or_default()
            )
        },
        "give the macro the two names apart (or rename the declared item with its uses by hand) and rename again; nothing was written",
    )
}

/// `shared_reference` for the first reference `shared` picks, with `message` about it and
/// the lines of every such reference in its file; `Ok` where none is.
fn refuse_shared(
    references: &[Reference],
    shared: impl Fn(&Reference) -> bool,
    message: impl FnOnce(&Reference) -> String,
    hint: &str,
) -> Result<(), Error> {
    let Some(first) = references.iter().find(|r| shared(r)) else {
        return Ok(());
    };
    let lines: Vec<usize> = references
        .iter()
        .filter(|r| r.path == first.path && shared(r))
        .map(|r| r.line)
        .collect();
    Err(Error::new(ErrorCode::SharedReference, message(first), hint)
        .in_file(&first.path)
        .with_lines(lines))
}

/// `Engine.process(order)`: the function's path and the parameter's name.
fn parameter_path(symbol: &str) -> Option<(&str, &str)> {
    let (function, rest) = symbol.trim().split_once('(')?;
    let parameter = rest.strip_suffix(')')?.trim();
    (!parameter.is_empty() && !function.is_empty()).then_some((function.trim(), parameter))
}

/// A parameter renamed: where the function's parameter list binds it, every use the
/// function's scopes take to that binding (a local or inner parameter of the same name
/// shadows it, and stays), and the keyword arguments naming it at the function's calls
/// the references layer binds to it (`f(order=1)`; name matches are listed, not renamed).
fn plan_parameter(
    project: &Project,
    request: &Request,
    function: &str,
    parameter: &str,
) -> Result<Planned, Vec<Error>> {
    let one = |e: Error| vec![e];
    let facts = project
        .facts(&request.file)
        .ok_or_else(|| one(Error::file_missing(&request.file)))?;
    let symbol = facts
        .index
        .resolve(&NamePath::parse(function).map_err(one)?)
        .map_err(|e| one(e.in_file(&request.file)))?;
    let new_name = request.new_name.trim();
    let declaration = facts.declaration(symbol);
    let body_start = facts.body_range(symbol).map_or(declaration.1, |b| b.0);
    let binding = facts
        .scopes
        .bindings
        .iter()
        .find(|b| b.name == parameter && b.at.0 >= declaration.0 && b.at.1 <= body_start)
        .ok_or_else(|| {
            one(Error::new(
                ErrorCode::SymbolNotFound,
                format!("`{}` has no parameter `{parameter}`", symbol.path),
                "name one of the parameters its signature lists, as `Function(parameter)`",
            )
            .in_file(&request.file))
        })?;
    if new_name == parameter {
        return Err(one(Error::new(
            ErrorCode::InvalidName,
            format!("the parameter is already named `{new_name}`"),
            "give a name the parameter does not have yet",
        )));
    }
    check_name(facts.lang, symbol, new_name).map_err(one)?;
    let conflict = |line: usize, what: String| {
        one(Error::new(
            ErrorCode::NameConflict,
            format!(
                "renaming the parameter `{parameter}` of `{}` to `{new_name}` would collide: {what}",
                symbol.path
            ),
            "choose another name; nothing was written",
        )
        .in_file(&request.file)
        .with_lines(vec![line]))
    };
    let mut edits = vec![Replacement {
        range: binding.at,
        text: new_name.to_string(),
    }];
    // Uses: names in the function the scopes take to the parameter.
    let mut stack = vec![facts.node(declaration).unwrap_or_else(|| facts.root())];
    let names = &facts.lang.resolve.names;
    while let Some(node) = stack.pop() {
        let range = (node.start_byte(), node.end_byte());
        if range.1 <= declaration.0 || range.0 >= declaration.1 {
            continue;
        }
        if node.child_count() == 0
            && names.iter().any(|k| k == node.kind())
            && facts.slice(range) == parameter
            && range != binding.at
            && reads_a_name(&facts.lang.resolve, node)
            && facts.scopes.binding_at(parameter, range).is_none()
        {
            let bound = facts.scopes.lookup(parameter, range.0).map(|b| b.id);
            if bound == Some(binding.id) {
                if let Some(other) = facts.scopes.lookup(new_name, range.0) {
                    let line = facts.line_column(other.at.0).0;
                    return Err(conflict(
                        line,
                        format!("`{new_name}` is already bound where the parameter is used"),
                    ));
                }
                edits.push(Replacement {
                    range,
                    text: new_name.to_string(),
                });
            }
            continue;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    if let Some(other) = facts.scopes.lookup(new_name, body_start) {
        if other.at.0 >= declaration.0 && other.at.1 <= declaration.1 {
            let line = facts.line_column(other.at.0).0;
            return Err(conflict(line, format!("`{}` already binds `{new_name}`", symbol.path)));
        }
    }
    let mut by_file: BTreeMap<String, Vec<Replacement>> = BTreeMap::new();
    by_file.insert(request.file.clone(), edits);
    // Keyword arguments at the calls.
    let (mut renamed, mut uncertain) = (Vec::new(), Vec::new());
    if facts.lang.keyword_arguments {
        let target = refs::Target::for_symbol(&facts, symbol);
        for reference in refs::find(project, &target).references {
            if reference.kind != RefKind::Call {
                continue;
            }
            let Some(file_facts) = project.facts(&reference.path) else {
                continue;
            };
            let keywords = keyword_arguments(&file_facts, reference.range, parameter);
            if keywords.is_empty() {
                continue;
            }
            if reference.confidence == Confidence::NameMatch && !request.include_uncertain {
                uncertain.push(reference);
                continue;
            }
            let file_edits = by_file.entry(reference.path.clone()).or_default();
            file_edits.extend(keywords.into_iter().map(|range| Replacement {
                range,
                text: new_name.to_string(),
            }));
            renamed.push(reference);
        }
    }
    let texts = rewrite_all(project, by_file)?;
    Ok(Planned {
        texts,
        renamed: Renamed {
            symbol: format!("{}({parameter})", symbol.path),
            new_symbol: format!("{}({new_name})", symbol.path),
            references: renamed,
            uncertain,
            through_aliases: Vec::new(),
            implementations: Vec::new(),
            line: symbol.name_span.start_line,
        },
    })
}

/// Whether a name node is read as a name where it is (not a member's name after a `.`, not
/// a key, not a keyword argument's name).
fn reads_a_name(r: &crate::lang::Resolve, node: tree_sitter::Node<'_>) -> bool {
    if r.member_names.iter().any(|k| k == node.kind()) {
        return false;
    }
    let Some(parent) = node.parent() else {
        return true;
    };
    let member_name = r.members.iter().any(|form| {
        form.kind == parent.kind()
            && form
                .name
                .as_deref()
                .and_then(|f| parent.child_by_field_name(f))
                .is_some_and(|n| n.id() == node.id())
    });
    !member_name && !refs::not_a_name(r, parent, node)
}

/// The names of the keyword arguments `parameter=` of the call whose callee's name is at
/// `callee`.
fn keyword_arguments(facts: &Facts, callee: (usize, usize), parameter: &str) -> Vec<(usize, usize)> {
    let r = &facts.lang.resolve;
    let Some(mut node) = facts.node(callee) else {
        return Vec::new();
    };
    let call = loop {
        if let Some(form) = r.calls.iter().find(|f| f.kind == node.kind()) {
            break (node, form);
        }
        match node.parent() {
            Some(parent) => node = parent,
            None => return Vec::new(),
        }
    };
    let (call, form) = call;
    // The callee must be this name's: `f(g(order=1))` is `g`'s keyword.
    let callee_node = form.callee.as_deref().and_then(|f| call.child_by_field_name(f));
    if !callee_node.is_some_and(|c| c.start_byte() <= callee.0 && callee.1 <= c.end_byte()) {
        return Vec::new();
    }
    let Some(arguments) = form.arguments.as_deref().and_then(|f| call.child_by_field_name(f)) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut cursor = arguments.walk();
    for argument in arguments.named_children(&mut cursor) {
        let Some(keyword) = r.keyword_keys.iter().find(|k| k.kind == argument.kind()) else {
            continue;
        };
        if let Some(name) = keyword.name.as_deref().and_then(|f| argument.child_by_field_name(f)) {
            let range = (name.start_byte(), name.end_byte());
            if facts.slice(range) == parameter {
                found.push(range);
            }
        }
    }
    found
}

/// Every file's text with its replacements made, or every file that would not parse.
fn rewrite_all(
    project: &Project,
    edits: BTreeMap<String, Vec<Replacement>>,
) -> Result<BTreeMap<String, String>, Vec<Error>> {
    use rayon::prelude::*;
    let made: Vec<(String, Result<String, Error>)> = edits
        .into_par_iter()
        .filter_map(|(path, mut replacements)| {
            let file_facts = project.facts(&path)?;
            replacements.sort();
            replacements.dedup();
            let text = rewritten(&file_facts, &replacements);
            Some((path, text))
        })
        .collect();
    let mut texts = BTreeMap::new();
    let mut refused = Vec::new();
    for (path, text) in made {
        match text {
            Ok(text) => {
                texts.insert(path, text);
            }
            Err(e) => refused.push(e.in_file(&path)),
        }
    }
    if refused.is_empty() {
        Ok(texts)
    } else {
        Err(refused)
    }
}

/// A definition whose name the language, or a trait or base outside the root, fixes is not
/// renamed (`implemented`: whether it implements a member the root declares, renamed with
/// it).
fn check_renamable(facts: &Facts, symbol: &Symbol, file: &str, implemented: bool) -> Result<(), Error> {
    let lang = facts.lang;
    if lang
        .special_names
        .iter()
        .any(|pattern| crate::lang::name_matches(pattern, &symbol.name))
    {
        return Err(Error::new(
            ErrorCode::InvalidName,
            format!(
                "`{}` is a name {} calls by itself: renamed, it would no longer be called",
                symbol.path, lang.name
            ),
            "rename the class or function that holds it instead",
        )
        .in_file(file));
    }
    let in_trait_impl =
        lang.public_parents.iter().any(|k| k == "trait_impl") && symbol.parent_kind.as_deref() == Some("trait_impl");
    if in_trait_impl && !implemented {
        return Err(Error::new(
            ErrorCode::InvalidName,
            format!(
                "`{}` implements a member of a trait outside the root: the trait fixes its name",
                symbol.path
            ),
            "a dependency's trait cannot be renamed; rename the trait's member where the trait is declared",
        )
        .in_file(file));
    }
    let overrides = facts.node(facts.declaration(symbol)).is_some_and(|declaration| {
        let mut cursor = declaration.walk();
        let found = declaration
            .children(&mut cursor)
            .any(|child| lang.resolve.override_modifiers.iter().any(|k| k == child.kind()));
        found
    });
    if overrides && !implemented {
        return Err(Error::new(
            ErrorCode::InvalidName,
            format!(
                "`{}` overrides a member of a base outside the root: the base fixes its name",
                symbol.path
            ),
            "a dependency's class cannot be renamed; drop `override` and rename it as a member of its own, if that is meant",
        )
        .in_file(file));
    }
    Ok(())
}

/// The new name parses as a name of the language, and is not the old one.
fn check_name(lang: &Language, symbol: &Symbol, new_name: &str) -> Result<(), Error> {
    if new_name == symbol.name {
        return Err(Error::new(
            ErrorCode::InvalidName,
            format!("`{}` is already named `{new_name}`", symbol.path),
            "give a name the definition does not have yet",
        ));
    }
    let is_name = !new_name.is_empty()
        && !new_name.contains(|c: char| c.is_whitespace())
        && !lang.keywords.iter().any(|k| k == new_name)
        && match lang.name_probe.as_deref() {
            Some(probe) => parses_as_name(lang, probe, new_name),
            None => new_name.chars().all(|c| c == '_' || c.is_alphanumeric()),
        };
    if !is_name {
        return Err(Error::new(
            ErrorCode::InvalidName,
            format!(
                "`{new_name}` is not a name {} accepts (a keyword, or not an identifier)",
                lang.name
            ),
            "use letters, digits and `_`, not starting with a digit, and not a keyword of the language",
        ));
    }
    Ok(())
}

/// Whether `name`, put in `probe` for `$NAME`, parses without error as one name node.
fn parses_as_name(lang: &Language, probe: &str, name: &str) -> bool {
    let Some(at) = probe.find("$NAME") else {
        return false;
    };
    let text = probe.replacen("$NAME", name, 1);
    let mut parser = tree_sitter::Parser::new();
    let Ok(grammar) = lang.grammar() else {
        return false;
    };
    if parser.set_language(grammar).is_err() {
        return false;
    }
    let Some(tree) = parser.parse(&text, None) else {
        return false;
    };
    if tree.root_node().has_error() {
        return false;
    }
    tree.root_node()
        .descendant_for_byte_range(at, at + name.len())
        .is_some_and(|node| {
            node.start_byte() == at
                && node.end_byte() == at + name.len()
                && node.child_count() == 0
                && lang.resolve.names.iter().any(|k| k == node.kind())
        })
}

/// What the reference's name becomes: the new name, or for a shorthand the pair that
/// keeps what it binds.
fn replacement(
    facts: &Facts,
    shorthand_keys: &[String],
    reference: &Reference,
    target: &Symbol,
    new_name: &str,
) -> String {
    let old = facts.slice(reference.range);
    if reference.shorthand {
        // The key is the renamed member; the value keeps its own name.
        return format!("{new_name}: {old}");
    }
    let is_shorthand = facts.node(reference.range).is_some_and(|node| {
        [Some(node), node.parent()]
            .into_iter()
            .flatten()
            .any(|n| shorthand_keys.iter().any(|k| k == n.kind()))
    });
    if is_shorthand && !target.is_member() && reference.kind != RefKind::Attribute {
        // The value is the renamed definition; the key is a member that keeps its name.
        return format!("{old}: {new_name}");
    }
    new_name.to_string()
}

/// A pair whose key is the reference and whose value is a name spelled `new_name`
/// (`{ timeout: timeout_zz }` renaming `timeout` to `timeout_zz`): its whole range, which the
/// new name alone writes as the shorthand (`{ timeout_zz }`) — what renaming back after a
/// shorthand's expansion must give.
fn shortened_pair(facts: &Facts, reference: &Reference, new_name: &str) -> Option<(usize, usize)> {
    let key = facts.node(reference.range)?;
    let pair = key.parent()?;
    let form = facts
        .lang
        .resolve
        .shorthand_pairs
        .iter()
        .find(|f| f.kind == pair.kind())?;
    let written_key = pair.child_by_field_name(form.name.as_deref()?)?;
    let value = pair.child_by_field_name(form.object.as_deref()?)?;
    let is_key = written_key.start_byte() == reference.range.0 && written_key.end_byte() == reference.range.1;
    let value_is_name = value.child_count() == 0 && facts.slice((value.start_byte(), value.end_byte())) == new_name;
    (is_key && value_is_name).then(|| (pair.start_byte(), pair.end_byte()))
}

/// The alias of an import that binds the name under itself (`from .m import f as f`, the
/// explicit re-export typed code writes): where it is written.
fn same_name_alias(facts: &Facts, reference: &Reference, name: &str) -> Option<(usize, usize)> {
    if !matches!(reference.kind, RefKind::Import | RefKind::Reexport) {
        return None;
    }
    let import = facts.imports.iter().find(|i| i.name_at == Some(reference.range))?;
    let local_at = import.local_at.filter(|at| Some(*at) != import.name_at)?;
    (import.local.as_deref() == Some(name) && facts.slice(local_at) == name).then_some(local_at)
}

/// Files whose module binds the definition's name at its top (its own, and those that
/// import or re-export it under its name): where an export list may spell it.
fn export_list_files(project: &Project, file: &str, symbol: &Symbol, renamed: &[Reference]) -> Vec<String> {
    if symbol.parent_path.is_some() {
        return Vec::new();
    }
    let mut files = vec![file.to_string()];
    for r in renamed {
        if matches!(r.kind, RefKind::Import | RefKind::Reexport) && !files.contains(&r.path) {
            files.push(r.path.clone());
        }
    }
    files.retain(|f| {
        project
            .facts(f)
            .is_some_and(|facts| !facts.lang.resolve.export_lists.is_empty())
    });
    files
}

/// The string entries spelling `name` in the file's export lists (`__all__ = [...]`,
/// `__all__ += [...]`): the ranges of their contents.
fn export_list_entries(facts: &Facts, name: &str) -> Vec<(usize, usize)> {
    let lists = &facts.lang.resolve.export_lists;
    let mut found = Vec::new();
    let mut stack = vec![facts.root()];
    while let Some(node) = stack.pop() {
        let left = node.child_by_field_name("left");
        let assigns_list = matches!(node.kind(), "assignment" | "augmented_assignment")
            && left.is_some_and(|l| lists.iter().any(|n| n == facts.slice((l.start_byte(), l.end_byte()))));
        if assigns_list {
            if let Some(right) = node.child_by_field_name("right") {
                collect_strings(facts, right, name, &mut found);
            }
            continue;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    found
}

fn collect_strings(facts: &Facts, node: tree_sitter::Node<'_>, name: &str, found: &mut Vec<(usize, usize)>) {
    if node.kind() == "string" {
        let text = facts.slice((node.start_byte(), node.end_byte()));
        let quote = text.chars().next().unwrap_or('"');
        if matches!(quote, '"' | '\'') && text.len() == name.len() + 2 && &text[1..text.len() - 1] == name {
            found.push((node.start_byte() + 1, node.end_byte() - 1));
        }
        return;
    }
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        collect_strings(facts, child, name, found);
    }
}

/// `name_conflict` when the new name is already a member beside the definition, already
/// bound in its module, or already bound where a renamed name is written.
fn check_conflicts(
    project: &Project,
    facts: &Facts,
    symbol: &Symbol,
    new_name: &str,
    renamed: &[Reference],
) -> Result<(), Error> {
    let conflict = |path: &str, line: usize, what: String| {
        Error::new(
            ErrorCode::NameConflict,
            format!("renaming `{}` to `{new_name}` would collide: {what}", symbol.path),
            "choose another name, or rename the other binding first; nothing was written",
        )
        .in_file(path)
        .with_lines(vec![line])
    };
    let sibling = facts
        .index
        .symbols
        .iter()
        .find(|s| s.name == new_name && s.parent_path == symbol.parent_path);
    if let Some(other) = sibling {
        let owner = match &symbol.parent_path {
            Some(parent) => format!("`{parent}` already has a {} `{new_name}`", other.kind),
            None => format!("the module already defines a {} `{new_name}`", other.kind),
        };
        return Err(conflict(&facts.path, other.name_span.start_line, owner));
    }
    if symbol.parent_path.is_none() {
        let at = facts.name_range(symbol).0;
        if let Some(binding) = facts.scopes.module_binding(new_name, at) {
            let line = facts.line_column(binding.at.0).0;
            return Err(conflict(
                &facts.path,
                line,
                format!("`{new_name}` is already bound in this module"),
            ));
        }
    }
    for r in renamed {
        if r.kind == RefKind::Attribute || r.shorthand {
            continue;
        }
        let Some(file_facts) = project.facts(&r.path) else {
            continue;
        };
        let imported = matches!(r.kind, RefKind::Import | RefKind::Reexport);
        if !imported && !is_bare(file_facts.text(), r.range.0) {
            continue;
        }
        if let Some(binding) = file_facts.scopes.lookup(new_name, r.range.0) {
            let line = file_facts.line_column(binding.at.0).0;
            return Err(conflict(
                &r.path,
                line,
                format!(
                    "`{new_name}` is already bound at {}:{line}, where the reference at line {} would be renamed",
                    r.path, r.line
                ),
            ));
        }
    }
    Ok(())
}

/// Whether the name at `at` stands alone (not after `.` or `::`): it is looked up in
/// scopes, where another binding of the new name would capture it.
fn is_bare(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end();
    !(before.ends_with('.') || before.ends_with("::"))
}

/// The file's text with `replacements` made, proven to parse as well as it did.
fn rewritten(facts: &Facts, replacements: &[Replacement]) -> Result<String, Error> {
    let original = facts.index.source.text();
    let bom = facts.bom();
    let mut text = original.to_string();
    let mut end = usize::MAX;
    for r in replacements.iter().rev() {
        let (start, stop) = (r.range.0 + bom, r.range.1 + bom);
        if stop > end || stop > text.len() || start > stop {
            return Err(Error::internal(format!(
                "two renamed names overlap at byte {start} of {}",
                facts.path
            )));
        }
        text.replace_range(start..stop, &r.text);
        end = start;
    }
    // Most renamed files parse cleanly, which re-parsing around the names shows; any
    // error is counted against the file's own by reading it whole.
    let made: Vec<((usize, usize), &str)> = replacements.iter().map(|r| (r.range, r.text.as_str())).collect();
    if !facts.index.clean_after(&made, &text) {
        crate::edit::verify::reparse(facts.index.clone(), text.clone())?;
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_patterns_match_a_run_of_characters() {
        use crate::lang::name_matches;
        assert!(name_matches("__*__", "__init__"));
        assert!(name_matches("__*__", "____"));
        assert!(!name_matches("__*__", "__init"));
        assert!(!name_matches("__*__", "_init__"));
        assert!(name_matches("constructor", "constructor"));
        assert!(!name_matches("constructor", "constructors"));
    }

    #[test]
    fn a_new_name_must_parse_as_a_name_of_the_language() {
        let registry = crate::lang::Registry::global();
        let python = registry.by_name("python").unwrap();
        let rust = registry.by_name("rust").unwrap();
        let ts = registry.by_name("typescript").unwrap();
        let probe = |lang: &Language, name: &str| {
            let symbol = Symbol {
                name: "old_name".into(),
                ..crate::symbols::SymbolIndex::build(crate::source::SourceText::new("x = 1\n".into()), "python")
                    .unwrap()
                    .symbols[0]
                    .clone()
            };
            check_name(lang, &symbol, name).is_ok()
        };
        for (lang, ok, bad) in [
            (python, ["run_2", "_x", "match", "café"], ["class", "2x", "a-b", "a.b"]),
            (rust, ["run_2", "_x", "Config", "union"], ["fn", "2x", "self", "match"]),
            (ts, ["run_2", "$x", "_x", "type"], ["class", "2x", "a-b", "delete"]),
        ] {
            for name in ok {
                assert!(probe(lang, name), "{name} is a {} name", lang.name);
            }
            for name in bad {
                assert!(!probe(lang, name), "{name} is not a {} name", lang.name);
            }
        }
    }
}
