//! Every occurrence of a definition's name in the files that hold it, judged one by one:
//! what the name means where it is written ([`super::resolve`]), and whether that is the
//! definition. A name in code is judged by its syntax (a bare name, a member `x.name` or
//! path `a::name`, an import, an export); a name in a Rust macro's tokens, which the grammar
//! leaves unparsed, by the text around it; a name in documentation code by [`super::doc`].
//! A type the checker reads from text the grammar leaves unparsed — a forward reference
//! (`x: "util.Node"`) or a type comment (`# type: List[util.Node]`, PEP 484) — names what
//! its dotted name names where it is written.
//!
//! Among a macro's tokens a receiver is read by its text: a local the tokens bind with `let`
//! has its value's type (a struct literal `$crate::Table { .. }` the type it names, `$crate`
//! being the macro's own crate), and `self` inside an `impl` written among the tokens (a
//! `macro_rules!` body's `impl<T> $trait for Styled<T> { .. }`) is the type that impl is for.
//! A receiver written as a metavariable (`$cache.inner`) has the type every invocation the
//! macro's definition sees gives in its place, when they agree (each could give another).
//! A `let` among the tokens binds from the end of its statement, so its own initialiser
//! reads the name it shadows, and a closure there given to a method (`attributes.iter().map(
//! |a| ..)` inside `write!`) takes what that method gives its callback. A shorthand key
//! there (`Config { port }`) is expanded by a rename only where it stands for a binding; a
//! key binding nothing is a list a macro with its own grammar fills, renamed where it stands.
//!
//! A string is a name where the language reads it as one: the key of an index or literal
//! that names a member of the value's type ([`Resolver::keyed_member`]: a `TypedDict`'s
//! field, a TypeScript property); any other string naming the definition is counted as
//! not followed.

use super::facts::{arguments_of, path_segments, positional_nodes, single_call_callee, Facts, Range};
use super::modules::ModuleId;
use super::project::Project;
use super::resolve::{Entity, Resolver};
use super::types::{part, Ty};
use super::{expansion, macros};
use super::{Arguments, CallShape, Confidence, Found, RefKind, Reference, Target, Unresolved};
use crate::lang::{ModuleSystem, Resolve, SyntaxForm};
use tree_sitter::Node;

/// Every reference to `target` in `project`: the occurrences of its name, then those of
/// every other name an import binds it to (`import { f as g }`: `g(...)` calls it too),
/// which are reported with the alias they go through.
pub fn find(project: &Project, target: &Target) -> Found {
    let Some(lang) = project
        .files
        .get(&target.def.file)
        .map(|f| f.lang)
        .or_else(|| crate::lang::Registry::global().for_path(&target.def.file))
    else {
        return Found::default();
    };
    let resolver = Resolver::new(project);
    let mut names = vec![target.name.clone()];
    if let Some(class) = &target.constructs {
        names.push(class.path.rsplit('.').next().unwrap_or(&class.path).to_string());
    }
    let mut out = Found::default();
    // A field, a variant, a property is also written as a key (`Config { port }`,
    // `const { timeout } = opts`): every file naming it is read.
    // A definition of a module written inside a file (`mod test { pub const ZERO .. }`) is
    // imported by its bare name (`use crate::test::{ZERO, ..}`), as a file's own are.
    let in_module = project
        .facts(&target.def.file)
        .and_then(|f| f.symbol(&target.def.path).and_then(|s| s.parent_kind.clone()))
        .is_some_and(|kind| matches!(kind.as_str(), "module" | "namespace"));
    let member = target_is_member(target) && target.constructs.is_none() && !target.is_type_member() && !in_module;
    for name in &names {
        // A method is only ever reached through something (`x.name`, `T::name`); the file
        // that defines it is read whatever it holds.
        let files = if member {
            project.files_where(lang, name, |text, at| {
                reached_through_something(text, at) || project_defines(project, &target.def.file, text)
            })
        } else {
            project.files_naming(lang, name)
        };
        out.merge(search(&resolver, target, name, &files, None));
    }
    // Aliases, as they are found (an alias of an alias too).
    let mut searched: Vec<(String, Option<String>)> = Vec::new();
    let mut next = 0;
    while next < out.references.len() {
        let reference = &out.references[next];
        next += 1;
        let Some((alias, module_level)) = reference.alias.clone() else {
            continue;
        };
        // A module-level alias can be imported from its module under that name.
        let scope = (!module_level).then(|| reference.path.clone());
        if names.contains(&alias) || searched.contains(&(alias.clone(), scope.clone())) || searched.len() > 64 {
            continue;
        }
        searched.push((alias.clone(), scope.clone()));
        let files = match &scope {
            Some(f) => vec![f.as_str()],
            None => project.files_naming(lang, &alias),
        };
        let found = search(&resolver, target, &alias, &files, Some(&alias));
        out.merge(found);
    }
    out.references
        .sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    out.references
        .dedup_by(|a, b| a.path == b.path && a.line == b.line && a.column == b.column);
    out.unresolved.files_with_errors.sort();
    out.unresolved.files_with_errors.dedup();
    out
}

/// The references among the occurrences of `name` in `files` (through `alias`, when the
/// name is one); for the definition's own name, in documentation code too.
fn search(resolver: &Resolver<'_>, target: &Target, name: &str, files: &[&str], alias: Option<&str>) -> Found {
    use rayon::prelude::*;
    let project = resolver.project;
    // A definition in a module some configurations build (`use epoll as sys` beside `use
    // iocp as sys`): code of another file this configuration leaves out is built by
    // another, where a value typed through `sys` may be another module's. Reached through a
    // receiver, its references there are the name only (in the definition's own file, a
    // `cfg` there builds both: `Kind::Avx512` under `#[cfg(stable_vpclmulqdq)]`).
    let definition_conditional = std::sync::OnceLock::new();
    let per_file: Vec<Found> = files
        .par_iter()
        .map(|path| {
            let mut found = Found::default();
            let Some(facts) = project.facts(path) else {
                found.unresolved.files_with_errors.push(path.to_string());
                return found;
            };
            if !facts.index.parse_errors.is_empty() {
                found.unresolved.files_with_errors.push(path.to_string());
            }
            for at in occurrences(facts.text(), name) {
                if let Some(mut reference) = judge_name(resolver, &facts, target, name, at, &mut found.unresolved) {
                    reference.conditional = project.inactive_at(&facts, at.0);
                    if reference.conditional.is_some()
                        && reference.confidence == Confidence::ReceiverTyped
                        && facts.path != target.def.file
                        && *definition_conditional.get_or_init(|| project.declared_conditionally(&target.def.file))
                    {
                        reference.confidence = Confidence::NameMatch;
                        reference.reason = "the name only: code another configuration builds, where the \
                            definition's module may not be the one it reaches"
                            .to_string();
                    }
                    if let Some(alias) = alias {
                        reference.through = Some(alias.to_string());
                        reference.reason = format!("{} (through the alias `{alias}`)", reference.reason);
                    }
                    found.references.push(reference);
                }
            }
            if alias.is_none() {
                super::doc::find(resolver, &facts, target, &mut found);
            }
            found
        })
        .collect();
    let mut out = Found::default();
    for f in per_file {
        out.merge(f);
    }
    out
}

/// Whether the name written at `at` follows `.`, `?.` or `::` (spaces and line breaks
/// between them allowed): a member's or a path's name.
fn reached_through_something(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end();
    before.ends_with('.') || before.ends_with("::")
}

/// Whether `text` is the text of `file` (the target's own file is always read).
fn project_defines(project: &Project, file: &str, text: &str) -> bool {
    project
        .files
        .get(file)
        .is_some_and(|f| std::ptr::eq(f.text.as_str(), text))
}

/// Where `name` is written as a whole word in `text`.
pub fn occurrences(text: &str, name: &str) -> Vec<Range> {
    if name.is_empty() {
        return Vec::new();
    }
    memchr::memmem::find_iter(text.as_bytes(), name.as_bytes())
        .filter(|&start| super::project::whole_word(text, start, name.len()))
        .map(|start| (start, start + name.len()))
        .collect()
}

/// The reference the name written at `at` is, if it refers to the target.
pub(super) fn judge_name(
    resolver: &Resolver<'_>,
    facts: &Facts,
    target: &Target,
    name: &str,
    at: Range,
    unresolved: &mut Unresolved,
) -> Option<Reference> {
    let node = facts.node(at)?;
    let r = &facts.lang.resolve;
    let in_string = node.kind().contains("string");
    if in_string || node.start_byte() != at.0 || node.end_byte() != at.1 {
        // Not a name of its own: inside a string, a comment, a longer token.
        let type_comment = node.kind().contains("comment")
            && r.type_comments.as_deref().is_some_and(|start| {
                facts
                    .text_of(node)
                    .strip_prefix(start)
                    .is_some_and(|rest| !rest.trim_start().starts_with("ignore"))
            });
        if (in_string && string_annotation(facts, node)) || type_comment {
            // A forward reference (`x: "Engine"`, `"util.Node"`) or a type comment (`# type:
            // List[util.Node]`) names the class where it is written.
            let entity = dotted_entity(resolver, facts, name, at);
            return verdict(
                facts,
                target,
                at,
                entity,
                How::new(RefKind::Type, Confidence::ImportResolved),
                unresolved,
            );
        }
        let whole = |n: Node<'_>| facts.text_of(n).trim_matches(['"', '\'', '`']) == name;
        // `brain["_transform"]` of a `TypedDict`, `opts["timeout"]` in TypeScript, a key of
        // a literal where one is expected (`{"transform": Visitor()}` as a `Brain`): the
        // key names a member of the value's type.
        let keyed = std::iter::successors(Some(node), |n| n.parent())
            .take_while(|n| whole(*n) && n.kind().contains("string"))
            .find_map(|s| string_key_of(r, s));
        if let Some(place) = keyed {
            let ty = match place {
                StringKey::Index(object) => resolver.type_of(facts, object, 0),
                StringKey::Literal(literal) => resolver.expected_type(facts, literal, 0),
            };
            if let Some(member) = resolver.keyed_member(facts, &ty, name, 0) {
                let how = How::new(RefKind::Attribute, Confidence::ReceiverTyped);
                return verdict(facts, target, at, member, how, unresolved);
            }
        }
        if in_string && whole(node) {
            unresolved.count("a string naming it (getattr, __all__, a key): not followed");
        }
        return None;
    }
    if in_macro(node, r) {
        return judge_macro_token(resolver, facts, target, name, at, unresolved);
    }
    // `case Future.Status.CANCELLED:`: a dotted name the grammar writes as one node in a
    // pattern, read member by member.
    if let Some(dotted) = node.parent().filter(|d| {
        r.pattern_dotted_names
            .get(d.kind())
            .is_some_and(|patterns| d.parent().is_some_and(|p| patterns.iter().any(|k| k == p.kind())))
    }) {
        let first = dotted.named_child(0).is_some_and(|f| f.id() == node.id());
        let (kind, confidence) = match first {
            true => (RefKind::Other, Confidence::ImportResolved),
            false => (RefKind::Attribute, Confidence::ReceiverTyped),
        };
        let entity = dotted_entity(resolver, facts, name, at);
        return verdict(facts, target, at, entity, How::new(kind, confidence), unresolved);
    }
    if let Some((binding, object)) = destructured_key(facts, node, name) {
        // `const { timeout } = opts`: a member of the value taken apart, a method too where
        // a method is a value without a call (`const { handleDrag } = this`); `const { mount }
        // = await import('./impl')`: a name of the module taken apart, whatever the target.
        let ty = resolver.pattern_type_upto(facts, binding, Some(object), 0);
        let method_taken = is_method(target) && !r.methods_need_calls;
        if target.is_type_member() || method_taken || matches!(ty, Ty::Module(_)) {
            let entity = resolver.member(&ty, name, 0);
            let how = How::new(RefKind::Attribute, Confidence::ReceiverTyped);
            let mut reference = verdict(facts, target, at, entity, how, unresolved)?;
            reference.shorthand = r.shorthand_keys.iter().any(|k| k == node.kind());
            return Some(reference);
        }
    }
    if !r.names.iter().any(|k| k == node.kind()) {
        return None;
    }
    if facts.path == target.def.file && target.name_at == Some(at) {
        return None;
    }
    // `impl Closure<BlockSize = BlockSize>`: the name bound is the trait's associated type.
    if let Some(owner) = associated_binding_trait(resolver, facts, node) {
        let entity = resolver.member_of(&owner, name, 0);
        let how = How::new(RefKind::Type, Confidence::ReceiverTyped);
        return verdict(facts, target, at, entity, how, unresolved);
    }
    // A key of a literal typed where it goes names the member of that type it sets, a
    // method too (`{ decode: (v) => .. }`, `{ decode(v) { .. } }` for an `Encoder`
    // declaring `decode(v)`), even where the key is a definition of its own.
    let keyed = (target.is_type_member() || target.kind == "method")
        .then(|| field_key(r, node))
        .flatten()
        .filter(|(literal_type, _)| target.is_type_member() || matches!(literal_type, LiteralType::Expected(_)));
    // Another definition of the same name: an override, another type's method.
    if facts.symbol_named_at(at).is_some() && keyed.is_none() {
        return None;
    }
    if let Some((literal_type, shorthand)) = keyed {
        // `Config { port: 1 }`, `Config { port, .. }`: a member of the literal's type;
        // `{ timeout: 1 }`: of the type the literal goes to.
        let entity = match literal_type {
            LiteralType::Written(written) => {
                let segments = path_segments(written, facts.text());
                let owner = resolver.rust_path(facts, &segments, written.start_byte(), 0);
                resolver.member_of(&owner, name, 0)
            }
            LiteralType::Expected(literal) => {
                let ty = resolver.expected_type(facts, literal, 0);
                let ty = resolver.narrowed_by_literal(facts, literal, ty, 0);
                resolver.member(&ty, name, 0)
            }
        };
        let how = How::new(RefKind::Attribute, Confidence::ReceiverTyped);
        let mut reference = verdict(facts, target, at, entity, how, unresolved)?;
        reference.shorthand = shorthand;
        return Some(reference);
    }
    // Imports and exports.
    if let Some(i) = facts.imports.iter().position(|imp| imp.name_at == Some(at)) {
        let imp = &facts.imports[i];
        let mut entity = resolver.import(facts, i, 0);
        // A Rust `use` brings every namespace's item of the name: a module and, beside it,
        // the value the target is (`mod peek_nth;` and a glob's `fn peek_nth`).
        if let (Entity::Module(_), ModuleSystem::Rust) = (&entity, r.modules) {
            let owner = resolver.rust_qualifier(
                facts,
                &super::modules::rust::split_path(&imp.module),
                imp.statement.0,
                0,
            );
            let value = resolver.value_member_of(&owner, name, 0);
            if value == Entity::Def(target.def.clone()) {
                entity = value;
            }
        }
        let kind = if imp.reexport {
            RefKind::Reexport
        } else {
            RefKind::Import
        };
        let via = via_import(resolver, facts, i, target);
        let how = How::new(kind, Confidence::ImportResolved).via(via);
        let mut reference = verdict(facts, target, at, entity, how, unresolved)?;
        // `import { name as other }`: `other` refers to it from here on.
        if let Some(local) = imp.local.as_ref().filter(|l| *l != name) {
            let module_level = facts.scopes.scope_at(imp.statement.0) == facts.scopes.module_scope(imp.statement.0);
            reference.alias = Some((local.clone(), module_level || imp.reexport));
        }
        return Some(reference);
    }
    if facts.imports.iter().any(|imp| imp.local_at == Some(at)) {
        // `import x as NAME`: a new name for something else.
        return None;
    }
    // A segment of the module path an import names (`additional_frame` of `from
    // .additional_frame import additional_frame`, `datetime` of `import datetime as
    // _datetime`): a module, never the definition, though a name spelled the same is bound.
    let in_module_path = facts
        .imports
        .iter()
        .any(|imp| imp.statement.0 <= at.0 && at.1 <= imp.statement.1 && !imp.submodule)
        && !facts
            .imports
            .iter()
            .any(|imp| imp.name_at == Some(at) || imp.local_at == Some(at));
    if in_module_path && !matches!(target.kind.as_str(), "module") && facts.lang.resolve.modules == ModuleSystem::Python
    {
        return None;
    }
    if let Some(export) = facts.exports.iter().find(|e| e.local_at == at) {
        let entity = resolver.name(facts, &export.local, at.0, 0);
        let mut reference = verdict(
            facts,
            target,
            at,
            entity,
            How::new(RefKind::Reexport, Confidence::ImportResolved),
            unresolved,
        )?;
        // `export { processSchema as process }`: importers name it `process`.
        if export.name != export.local && export.name != "default" {
            reference.alias = Some((export.name.clone(), true));
        }
        return Some(reference);
    }
    // Parameters, locals and other bindings named like it.
    if facts.scopes.binding_at(name, at).is_some() {
        return None;
    }
    let parent = node.parent();
    if let Some((parent, form, is_path)) = parent.and_then(|p| qualified_form(r, p, node).map(|(f, path)| (p, f, path)))
    {
        let object = part(parent, form.object.as_deref())?;
        let receiver = facts.slice((object.start_byte(), object.end_byte())).to_string();
        let via;
        // The type the member is read on, when it is a value's (not a path's qualifier).
        let mut ty_read = None;
        let (entity, confidence, on_type) = if is_path && facts.lang.resolve.modules == crate::lang::ModuleSystem::Rust
        {
            let segments = path_segments(object, facts.text());
            let owner = resolver.rust_qualifier(facts, &segments, object.start_byte(), 0);
            // `L::RC`, `T::new()` with `L: Lane` a type parameter of the item around.
            if let Some(bound) = parameter_bound(resolver, facts, &owner, segments.len(), object) {
                let entity = resolver.member(&bound, name, 0);
                let how = How::new(kind_of(facts, parent, RefKind::Other), Confidence::ReceiverTyped);
                return verdict(facts, target, at, entity, how, unresolved);
            }
            let module = match &owner {
                Entity::Module(m) => Some(m),
                _ => None,
            };
            let confidence;
            (confidence, via) = tier_through(resolver, module, name, target);
            let on_type = matches!(owner, Entity::Def(_));
            // A module's name where a value is meant (the path is not a qualifier of a
            // longer one): the value of that name beside the module.
            let entity = match path_qualifier(r, parent) {
                true => resolver.member_of(&owner, name, 0),
                false => resolver.value_member_of(&owner, name, 0),
            };
            (entity, confidence, on_type)
        } else {
            let ty = resolver.type_of(facts, object, 0);
            let module = match &ty {
                Ty::Module(m) => Some(m),
                _ => None,
            };
            let confidence;
            (confidence, via) = tier_through(resolver, module, name, target);
            let on_type = matches!(ty, Ty::Class(_));
            // Where methods need calls, a standard wrapper (`Option`, `RefCell`) has no field:
            // one read on it is read through a conversion saguaro does not follow.
            let field_read = r.methods_need_calls && kind_of(facts, parent, RefKind::Attribute) != RefKind::Call;
            let entity = match (&ty, target_is_member(target)) {
                // A function is reached through an object only when the object is its
                // module: a value of a type saguaro cannot tell has another `name`.
                (Ty::Unknown(_) | Ty::OneOf(_), false) => Entity::Missing,
                (Ty::Wrapped(..), true) if field_read => {
                    Entity::Unknown("a field read on a wrapper, through a conversion saguaro does not follow")
                }
                _ => resolver.member(&ty, name, 0),
            };
            ty_read = Some(ty);
            (entity, confidence, on_type)
        };
        let kind = kind_of(facts, parent, RefKind::Attribute);
        // `(x.name)(..)` calls the field: only a call of the member itself is a method call.
        let method_call = kind == RefKind::Call && !called_as_value(r, parent);
        if r.methods_need_calls && !is_path && !method_call && is_method(target) {
            // `x.name` without a call is a field of that name, never the method.
            return None;
        }
        if r.methods_need_calls && !is_path && method_call && target.is_type_member() {
            // `x.name()` is a method of that name, never the field (`(x.name)()` is).
            return None;
        }
        let call = (kind == RefKind::Call).then(|| {
            call_shape(
                target.argument_types.then_some(resolver),
                facts,
                parent,
                Some(receiver),
                on_type,
            )
        });
        let mut how = How::new(kind, confidence).call(call).via(via);
        how.value_use = kind == RefKind::Attribute && handed_on(facts, parent);
        let shared = match (&entity, &ty_read) {
            (Entity::Unknown(_), Some(Ty::OneOf(types))) => shared_definitions(resolver, types, name, target),
            _ => Vec::new(),
        };
        let mut reference = verdict(facts, target, at, entity, how, unresolved)?;
        reference.shared_with = shared;
        return Some(reference);
    }
    if r.member_names.iter().any(|k| k == node.kind()) {
        // A key, a field's declaration: a member's name where no member is read.
        return None;
    }
    if target.is_type_member() {
        if let Some(reference) = keyword_field(resolver, facts, target, node, at, unresolved) {
            return Some(reference);
        }
    }
    if let Some(p) = parent {
        if not_a_name(r, p, node) {
            return None;
        }
    }
    // The first segment of a Rust path that more segments follow is a module or a type:
    // `anyhow` of `use anyhow::anyhow;` is the crate, not the macro the `use` binds.
    let entity = match r.modules_is_rust() && path_qualifier(r, node) {
        true => resolver.rust_qualifier(facts, &[name.to_string()], at.0, 0),
        false => resolver.name(facts, name, at.0, 0),
    };
    let kind = kind_of(facts, node, RefKind::Other);
    let call = (kind == RefKind::Call)
        .then(|| call_shape(target.argument_types.then_some(resolver), facts, node, None, false));
    let mut how = How::new(kind, Confidence::ImportResolved).call(call);
    how.value_use = kind == RefKind::Other && handed_on(facts, node);
    if let Some(super::scope::BindingKind::Import(i)) = facts.scopes.lookup(name, at.0).map(|b| b.kind) {
        how.via_reexport = via_import(resolver, facts, i, target);
        how.bound_by_import = true;
    }
    verdict(facts, target, at, entity, how, unresolved)
}

/// The tier of a member reached through `module` (resolved through imports, and whether a
/// named re-export stands between) or, without one, through a receiver's type.
fn tier_through(resolver: &Resolver<'_>, module: Option<&ModuleId>, name: &str, target: &Target) -> (Confidence, bool) {
    match module {
        Some(m) => (
            Confidence::ImportResolved,
            resolver.named_reexport_between(m, name, &target.def, 0),
        ),
        None => (Confidence::ReceiverTyped, false),
    }
}

/// Whether the expression `node` (a name, or the member holding it) is handed on as a value
/// — an argument, an element, a value assigned or returned — rather than having something
/// done to it (a member read, an index, a test).
fn handed_on(facts: &Facts, node: Node<'_>) -> bool {
    let r = &facts.lang.resolve;
    let Some(parent) = node.parent() else {
        return false;
    };
    let kind = parent.kind();
    if r.members
        .iter()
        .chain(&r.paths)
        .chain(&r.indexes)
        .any(|f| f.kind == kind)
    {
        // `f.attr`, `f[0]`: something read off the value, not the value.
        return false;
    }
    if kind.contains("binary") || kind.contains("unary") || kind.contains("comparison") || kind.contains("not_operator")
    {
        return false;
    }
    true
}

/// Whether import `i` takes the target's name from a module other than the target's own.
fn via_import(resolver: &Resolver<'_>, facts: &Facts, i: usize, target: &Target) -> bool {
    resolver
        .import_module(facts, i)
        .is_some_and(|m| resolver.named_reexport_between(&m, &target.name, &target.def, 0))
}

/// Whether the target is a method (a function that belongs to a type).
fn is_method(target: &Target) -> bool {
    matches!(target.kind.as_str(), "method" | "function") && target.def.path.contains('.')
}

/// For a member read on a value of one of several types (`metamodel.params` with
/// `metamodel` a `MetaModel | MetaMetaModel`), when the target is the member one of those
/// types defines and another type defines its own: the others' name paths. The read needs
/// every one of them, so renaming the target alone breaks it, whether the read is renamed
/// or not.
fn shared_definitions(resolver: &Resolver, types: &[Ty], name: &str, target: &Target) -> Vec<String> {
    if !target_is_member(target) {
        return Vec::new();
    }
    let mut defined = Vec::new();
    for t in types {
        if let Entity::Def(def) = resolver.member(t, name, 0) {
            if !defined.contains(&def) {
                defined.push(def);
            }
        }
    }
    if !defined.contains(&target.def) {
        return Vec::new();
    }
    defined
        .into_iter()
        .filter(|d| *d != target.def)
        .map(|d| format!("{}:{}", d.file, d.path))
        .collect()
}

/// Whether the target is reached as a member of something (a method, a field), not by a
/// name of a module.
fn target_is_member(target: &Target) -> bool {
    target.def.path.contains('.')
        && !matches!(
            target.kind.as_str(),
            "function" | "class" | "struct" | "enum" | "trait" | "interface" | "type" | "module"
        )
        || target.constructs.is_some()
}

/// Where the type of a keyed literal is: written on it (`Config { .. }`), or to be read
/// from where the literal goes (`{ timeout: 1 }` passed as an `Options`).
enum LiteralType<'t> {
    Written(Node<'t>),
    Expected(Node<'t>),
}

/// The type of the literal or pattern `node` is a key of (`port` in `Config { port: 1 }`,
/// `Config { port, .. }`, `{ timeout: 1 }`), and whether the key is shorthand.
fn field_key<'t>(r: &Resolve, node: Node<'t>) -> Option<(LiteralType<'t>, bool)> {
    // A key that is its own node (`{ timeout }`), or one a holder keeps in a field.
    let holder = match r.field_keys.iter().find(|f| f.kind == node.kind() && f.name.is_none()) {
        Some(_) => node,
        None => {
            let holder = node.parent()?;
            let form = r.field_keys.iter().find(|f| f.kind == holder.kind())?;
            let key = match form.name.as_deref() {
                Some(field) => holder.child_by_field_name(field)?,
                None => holder.named_child(0)?,
            };
            if key.id() != node.id() {
                return None;
            }
            holder
        }
    };
    let shorthand = [node.kind(), holder.kind()]
        .iter()
        .any(|k| r.shorthand_keys.iter().any(|s| s == k));
    // The literal is the holder's parent (a pattern) or grandparent (a literal's list).
    let mut up = holder.parent();
    for _ in 0..2 {
        let literal = up?;
        if let Some(form) = r.keyed_literals.iter().find(|f| f.kind == literal.kind()) {
            let at = match form.object.as_deref() {
                Some(_) => LiteralType::Written(part(literal, form.object.as_deref())?),
                None => LiteralType::Expected(literal),
            };
            return Some((at, shorthand));
        }
        up = literal.parent();
    }
    None
}

/// The trait whose associated type `node` names in a binding among the trait's arguments
/// (`BlockSize` before the `=` of `BlockCipherEncClosure<BlockSize = U16>`): what the
/// written trait resolves to (`External` for a trait from outside the root).
fn associated_binding_trait(resolver: &Resolver<'_>, facts: &Facts, node: Node<'_>) -> Option<Entity> {
    let r = &facts.lang.resolve;
    let binding = node.parent()?;
    let form = Resolve::form(&r.associated_bindings, binding.kind())?;
    if part(binding, form.name.as_deref())?.id() != node.id() {
        return None;
    }
    let holder = binding.parent()?.parent()?;
    let generic = Resolve::form(&r.type_generics, holder.kind())?;
    let written = part(holder, generic.object.as_deref())?;
    let ty = resolver.annotation(facts, written, 0);
    Some(match (ty.definition().cloned(), ty) {
        (Some(def), _) => Entity::Def(def),
        (None, Ty::Unknown(why)) => Entity::Unknown(why),
        (None, _) => Entity::External,
    })
}

/// When `node` is a key of a destructuring pattern: a binding the pattern makes through it,
/// and the pattern the key is of (whose value's member it names).
fn destructured_key<'f, 't>(
    facts: &'f Facts,
    node: Node<'t>,
    name: &str,
) -> Option<(&'f super::scope::Binding, Node<'t>)> {
    let r = &facts.lang.resolve;
    for form in &r.destructured_keys {
        let (bound, holder) = match form.name.as_deref() {
            None if node.kind() == form.kind => (node, node),
            Some(key) => {
                let holder = node.parent().filter(|p| p.kind() == form.kind)?;
                if holder.child_by_field_name(key).is_none_or(|k| k.id() != node.id()) {
                    continue;
                }
                (part(holder, form.object.as_deref())?, holder)
            }
            None => continue,
        };
        let bound_name = facts.slice((bound.start_byte(), bound.end_byte()));
        let binding = facts.scopes.binding_at(
            if form.name.is_none() { name } else { bound_name },
            (bound.start_byte(), bound.end_byte()),
        )?;
        return Some((binding, holder.parent()?));
    }
    None
}

/// `Engine(retries=3)`: a keyword argument naming a field of the class the call constructs,
/// when the class has no constructor of its own (a dataclass's or NamedTuple's is made from
/// its fields; a written `__init__` takes parameters, which are not the fields).
fn keyword_field(
    resolver: &Resolver<'_>,
    facts: &Facts,
    target: &Target,
    node: Node<'_>,
    at: Range,
    unresolved: &mut Unresolved,
) -> Option<Reference> {
    let r = &facts.lang.resolve;
    let holder = node.parent()?;
    let form = r.keyword_keys.iter().find(|f| f.kind == holder.kind())?;
    if part(holder, form.name.as_deref())?.id() != node.id() {
        return None;
    }
    let call = holder.parent()?.parent()?;
    let call_form = Resolve::form(&r.calls, call.kind())?;
    let callee = part(call, call_form.callee.as_deref())?;
    // `f(timeout=1)` with `def f(**kwargs: Unpack[Options])`: the member of `Options`.
    if r.unpacked_keywords.is_some() {
        let keyword = facts.slice(at);
        let options = resolver
            .called_function(facts, callee, 0)
            .and_then(|function| resolver.unpacked_keywords(&function, keyword));
        if let Some(options) = options {
            let entity = resolver.member(&options, keyword, 0);
            return verdict(
                facts,
                target,
                at,
                entity,
                How::new(RefKind::Attribute, Confidence::ReceiverTyped),
                unresolved,
            );
        }
    }
    // `Engine(..)` names the class; `cls(..)` in a classmethod holds it.
    let (class, confidence) = match resolver.expression_entity(facts, callee, 0) {
        Entity::Def(class) => (class, Confidence::ImportResolved),
        _ => match resolver.type_of(facts, callee, 0) {
            Ty::Class(class) => (class, Confidence::ReceiverTyped),
            _ => return None,
        },
    };
    let class_facts = resolver.facts(&class.file)?;
    let constructed = class_facts.symbol(&class.path).is_some_and(|s| s.kind == "class");
    if !constructed || has_constructor(resolver, &class, 0) {
        return None;
    }
    let entity = resolver.member(&Ty::Instance(class), facts.slice(at), 0);
    verdict(
        facts,
        target,
        at,
        entity,
        How::new(RefKind::Attribute, confidence),
        unresolved,
    )
}

/// Whether `class`, or a base of it the root defines, writes a constructor (`Retrying(..)`
/// reaches `BaseRetrying.__init__`): a keyword argument then names its parameter.
fn has_constructor(resolver: &Resolver<'_>, class: &super::DefId, depth: usize) -> bool {
    let Some(facts) = resolver.facts(&class.file) else {
        return false;
    };
    let own = facts
        .index
        .symbols
        .iter()
        .any(|s| s.is_constructor() && s.parent_path.as_deref() == Some(class.path.as_str()));
    own || (depth < 8
        && resolver
            .bases(&facts, &class.path, 0)
            .iter()
            .any(|base| matches!(base, Entity::Def(b) if has_constructor(resolver, b, depth + 1))))
}

/// How an occurrence uses what it names.
#[derive(Default)]
struct How {
    kind: Option<RefKind>,
    confidence: Option<Confidence>,
    call: Option<CallShape>,
    via_reexport: bool,
    bound_by_import: bool,
    value_use: bool,
}

impl How {
    fn new(kind: RefKind, confidence: Confidence) -> How {
        How {
            kind: Some(kind),
            confidence: Some(confidence),
            ..How::default()
        }
    }

    fn call(mut self, call: Option<CallShape>) -> How {
        self.call = call;
        self
    }

    fn via(mut self, via_reexport: bool) -> How {
        self.via_reexport = via_reexport;
        self
    }
}

/// Where a string is a key: the index of a value (`brain["cache"]`), or a key of a literal
/// (`{"cache": {}}`).
enum StringKey<'t> {
    Index(Node<'t>),
    Literal(Node<'t>),
}

/// What the string `key` is the key of, when it is one.
fn string_key_of<'t>(r: &Resolve, key: Node<'t>) -> Option<StringKey<'t>> {
    if let Some((LiteralType::Expected(literal), false)) = field_key(r, key) {
        return Some(StringKey::Literal(literal));
    }
    let holder = key.parent()?;
    let keyed_by = |form: &crate::lang::SyntaxForm, of: Node<'_>| {
        form.name
            .as_deref()
            .and_then(|f| of.child_by_field_name(f))
            .is_some_and(|written| written.id() == key.id())
    };
    if let Some(form) = Resolve::form(&r.indexes, holder.kind()).filter(|f| keyed_by(f, holder)) {
        return part(holder, form.object.as_deref()).map(StringKey::Index);
    }
    let literal = holder.parent()?;
    Resolve::form(&r.map_literals, literal.kind())
        .filter(|f| keyed_by(f, holder))
        .map(|_| StringKey::Literal(literal))
}

/// The answer for an occurrence whose meaning is `entity`.
fn verdict(
    facts: &Facts,
    target: &Target,
    at: Range,
    entity: Entity,
    how: How,
    unresolved: &mut Unresolved,
) -> Option<Reference> {
    let kind = how.kind.unwrap_or(RefKind::Other);
    let confidence = how.confidence.unwrap_or(Confidence::NameMatch);
    let (call, via_reexport, bound_by_import, value_use) =
        (how.call, how.via_reexport, how.bound_by_import, how.value_use);
    let (line, column) = facts.line_column(at.0);
    let reference = |confidence: Confidence, reason: String| Reference {
        path: facts.path.clone(),
        line,
        column,
        kind,
        confidence,
        reason,
        range: at,
        call: call.clone(),
        via_reexport,
        bound_by_import,
        value_use,
        conditional: None,
        alias: None,
        through: None,
        shorthand: false,
        shared_with: Vec::new(),
        declares_too: None,
    };
    match entity {
        Entity::Def(def) if def == target.def => Some(reference(confidence, reason(kind, confidence))),
        Entity::Def(def) if Some(&def) == target.constructs.as_ref() && kind == RefKind::Call => Some(reference(
            confidence,
            format!("constructs `{}`, which runs its constructor", def.path),
        )),
        Entity::Unknown(why) => {
            unresolved.count(why);
            Some(reference(Confidence::NameMatch, format!("the name only: {why}")))
        }
        _ => None,
    }
}

fn reason(kind: RefKind, confidence: Confidence) -> String {
    let how = match confidence {
        Confidence::ImportResolved => "bound to it through scopes and imports",
        Confidence::ReceiverTyped => "a member of a receiver whose type the code writes",
        Confidence::NameMatch => "the name only",
    };
    format!("{} {how}", kind.as_str())
}

/// The member or path form `parent` is, when `node` is its last name; and whether it is a
/// path (`a::b`) rather than a member (`a.b`).
fn qualified_form<'r>(r: &'r Resolve, parent: Node<'_>, node: Node<'_>) -> Option<(&'r SyntaxForm, bool)> {
    let kind = parent.kind();
    for (forms, is_path) in [(&r.members, false), (&r.paths, true)] {
        if let Some(form) = Resolve::form(forms, kind) {
            if part(parent, form.name.as_deref()).is_some_and(|n| n.id() == node.id()) {
                return Some((form, is_path));
            }
        }
    }
    None
}

/// Whether `node` sits where a name is not a reference (`f(name=1)`).
pub(crate) fn not_a_name(r: &Resolve, parent: Node<'_>, node: Node<'_>) -> bool {
    r.not_names.iter().any(|entry| {
        let (kind, field) = entry.split_once('.').unwrap_or((entry, ""));
        parent.kind() == kind && parent.child_by_field_name(field).is_some_and(|n| n.id() == node.id())
    })
}

/// How the expression `node` (a name, or the member holding it) is used: called, as a
/// type, or `otherwise`.
/// Whether `node` is the qualifier of a path (`a` of `a::b`): a module or a type.
fn path_qualifier(r: &Resolve, node: Node<'_>) -> bool {
    node.parent().is_some_and(|p| {
        Resolve::form(&r.paths, p.kind())
            .and_then(|f| part(p, f.object.as_deref()))
            .is_some_and(|o| o.id() == node.id())
    })
}

/// Whether a called member is called as a value (`(x.name)(..)`, `(*x.name)(..)`) rather
/// than as a method: a wrapper stands between it and the call, other than a turbofish
/// written on it (`x.name::<T>(..)`, whose `function` it is).
fn called_as_value(r: &Resolve, node: Node<'_>) -> bool {
    node.parent().is_some_and(|p| {
        r.transparent.iter().any(|k| k == p.kind())
            && p.child_by_field_name("function").is_none_or(|f| f.id() != node.id())
    })
}

fn kind_of(facts: &Facts, node: Node<'_>, otherwise: RefKind) -> RefKind {
    let r = &facts.lang.resolve;
    // `f::<T>(..)`, `(f)(..)`: the callee is inside a wrapper.
    let mut node = node;
    while let Some(parent) = node.parent().filter(|p| r.transparent.iter().any(|k| k == p.kind())) {
        node = parent;
    }
    if let Some(parent) = node.parent() {
        for form in r.calls.iter().chain(&r.constructions) {
            if parent.kind() == form.kind && part(parent, form.callee.as_deref()).is_some_and(|c| c.id() == node.id()) {
                return RefKind::Call;
            }
        }
        if r.call_contexts.iter().any(|k| k == parent.kind()) {
            return RefKind::Call;
        }
    }
    if node.kind().ends_with("type_identifier") {
        return RefKind::Type;
    }
    let mut current = node;
    for _ in 0..8 {
        let Some(parent) = current.parent() else {
            break;
        };
        let in_context = r.type_contexts.iter().any(|entry| match entry.split_once('.') {
            Some((kind, field)) => {
                parent.kind() == kind
                    && parent
                        .child_by_field_name(field)
                        .is_some_and(|n| n.id() == current.id())
            }
            None => parent.kind() == entry,
        });
        if in_context {
            return RefKind::Type;
        }
        current = parent;
    }
    otherwise
}

/// The call around a called name (or member): its arguments and receiver; with `types`,
/// which arguments are typed anything.
fn call_shape(
    types: Option<&Resolver<'_>>,
    facts: &Facts,
    callee: Node<'_>,
    receiver: Option<String>,
    on_type: bool,
) -> CallShape {
    let r = &facts.lang.resolve;
    let mut callee = callee;
    while let Some(parent) = callee.parent().filter(|p| r.transparent.iter().any(|k| k == p.kind())) {
        callee = parent;
    }
    let Some(call) = callee.parent() else {
        return CallShape::default();
    };
    let arguments = r
        .calls
        .iter()
        .chain(&r.constructions)
        .find(|f| f.kind == call.kind())
        .and_then(|f| f.arguments.as_deref())
        .and_then(|field| call.child_by_field_name(field))
        .map(|args| {
            let positional = positional_nodes(r, args);
            let mut arguments = arguments_of(r, args, &positional, facts.text());
            if let Some(resolver) = types {
                arguments.anything = positional
                    .iter()
                    .map(|&n| resolver.typed_anything(facts, n) && !type_tested(facts, n))
                    .collect();
            }
            arguments
        })
        .unwrap_or_else(|| {
            // A bare decorator is called with the definition under it.
            Arguments {
                positional: vec![super::types::DECORATED_DEFINITION.to_string()],
                ..Arguments::default()
            }
        });
    CallShape {
        arguments,
        receiver,
        on_type,
        used_unawaited: used_unawaited(facts, call),
    }
}

/// Whether the value `node` is tested for its type (`typeof x`, `isinstance(x, ..)`) earlier
/// in the function around it: a value typed anything may be narrowed there to a type that
/// a parameter does not take, so it is not taken for anything.
fn type_tested(facts: &Facts, node: Node<'_>) -> bool {
    let value = facts.text_of(node);
    let from = facts
        .enclosing(node.start_byte(), |s| {
            matches!(s.kind.as_str(), "function" | "method" | "constructor")
        })
        .map_or(0, |f| f.extent.start_byte.saturating_sub(facts.bom()));
    let before = facts.slice((from, node.start_byte()));
    facts
        .lang
        .resolve
        .type_tests
        .iter()
        .any(|test| before.contains(&test.replace("{}", value)))
}

/// Whether the value of `call` is used as such without being awaited (see
/// [`CallShape::used_unawaited`]).
fn used_unawaited(facts: &Facts, call: Node<'_>) -> bool {
    let r = &facts.lang.resolve;
    let mut node = call;
    while let Some(parent) = node.parent().filter(|p| r.transparent.iter().any(|k| k == p.kind())) {
        node = parent;
    }
    let Some(parent) = node.parent() else {
        return false;
    };
    let kind = parent.kind();
    if r.awaits.iter().any(|k| k == kind) {
        return false;
    }
    if r.operators.iter().any(|k| k == kind) {
        return true;
    }
    if let Some(member) = r.members.iter().find(|f| f.kind == kind) {
        let object = member.object.as_deref().and_then(|f| parent.child_by_field_name(f));
        let name = member.name.as_deref().and_then(|f| parent.child_by_field_name(f));
        let consumed_as_promise =
            name.is_some_and(|n| r.promise_members.iter().any(|m| m == &facts.text()[n.byte_range()]));
        return object.is_some_and(|o| o.id() == node.id()) && !consumed_as_promise;
    }
    kind == "expression_statement" && !r.floating_calls_run
}

/// What the name at `at` is as the last part of the dotted name written there, inside text
/// the grammar does not parse (`util.Node` in a string or a comment): the first part looked
/// up where it is written, each next one a member of the one before.
fn dotted_entity(resolver: &Resolver<'_>, facts: &Facts, name: &str, at: Range) -> Entity {
    let text = facts.text().as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut parts = vec![name];
    let mut end = at.0;
    while end > 1 && text[end - 1] == b'.' && is_word(text[end - 2]) {
        let mut start = end - 1;
        while start > 0 && is_word(text[start - 1]) {
            start -= 1;
        }
        parts.push(facts.slice((start, end - 1)));
        end = start;
    }
    parts.reverse();
    let mut entity = resolver.name(facts, parts[0], end, 0);
    for part in &parts[1..] {
        entity = resolver.member_of(&entity, part, 0);
    }
    entity
}

/// Whether a string is a type the checker reads (a forward reference): in an annotation, in
/// the brackets of a typing form (`Callable[[Any], "Item"]`, in an alias as much as in an
/// annotation), or at an argument of a call that takes a type (`TypeVar("T",
/// bound="Item")`, `cast("Item", x)`).
fn string_annotation(facts: &Facts, node: Node<'_>) -> bool {
    let r = &facts.lang.resolve;
    let mut current = node;
    for _ in 0..4 {
        let Some(parent) = current.parent() else {
            break;
        };
        if r.type_contexts.iter().any(|k| k == parent.kind()) {
            return true;
        }
        current = parent;
    }
    // Up through the brackets (a list of parameter types, a union) to a typing form or a
    // call's argument.
    let mut current = node;
    for _ in 0..8 {
        let Some(parent) = current.parent() else {
            return false;
        };
        match parent.kind() {
            "subscript"
                if parent
                    .child_by_field_name("value")
                    .is_some_and(|v| v.id() != current.id()) =>
            {
                let form = parent
                    .child_by_field_name("value")
                    .map(|v| facts.text_of(v))
                    .unwrap_or_default();
                let last = form.rsplit('.').next().unwrap_or(form);
                if r.type_forms.iter().any(|f| f == last) {
                    return true;
                }
            }
            "keyword_argument" | "argument_list" => return type_argument(facts, parent, current),
            _ => {}
        }
        current = parent;
    }
    false
}

/// Whether the string `value`, an argument (`holder`: its keyword argument or the argument
/// list), is at a place of a call the language reads as a type (`type_string_arguments`:
/// `TypeVar.bound`, `TypeVar.1+`, `cast.0`).
fn type_argument(facts: &Facts, holder: Node<'_>, value: Node<'_>) -> bool {
    let (list, place) = match holder.kind() {
        "keyword_argument" => {
            let name = holder.child_by_field_name("name").map(|n| facts.text_of(n).to_string());
            (holder.parent(), name)
        }
        _ => {
            let mut cursor = holder.walk();
            let position = holder
                .named_children(&mut cursor)
                .filter(|c| !c.kind().contains("comment") && c.kind() != "keyword_argument")
                .position(|c| c.id() == value.id());
            (Some(holder), position.map(|p| p.to_string()))
        }
    };
    let (Some(list), Some(place)) = (list, place) else {
        return false;
    };
    let Some(callee) = list.parent().and_then(|call| call.child_by_field_name("function")) else {
        return false;
    };
    let callee = facts.text_of(callee);
    let callee = callee.rsplit('.').next().unwrap_or(callee);
    facts.lang.resolve.type_string_arguments.iter().any(|spec| {
        let Some((name, at)) = spec.split_once('.') else {
            return false;
        };
        name == callee
            && match (
                at.strip_suffix('+').and_then(|n| n.parse::<usize>().ok()),
                place.parse::<usize>(),
            ) {
                (Some(from), Ok(position)) => position >= from,
                _ => at == place,
            }
    })
}

/// Whether `node` is a token of a macro's arguments (unparsed by the grammar).
fn in_macro(node: Node<'_>, r: &Resolve) -> bool {
    r.modules == crate::lang::ModuleSystem::Rust && node.parent().is_some_and(|p| p.kind() == "token_tree")
}

/// A name among a macro's tokens: read where the expansion of a `macro_rules!` of the file
/// writes it, and as written at the call. The expansion can show a use the written tokens
/// hide (`Parsed::$wrap` given `I16`); the written tokens carry what the expansion's tokens
/// alone do not type (a `use` or a closure among them, a receiver's type at the call). The
/// target named by either is a reference; else a name only where either cannot be read.
fn judge_macro_token(
    resolver: &Resolver<'_>,
    facts: &Facts,
    target: &Target,
    name: &str,
    at: Range,
    unresolved: &mut Unresolved,
) -> Option<Reference> {
    let expanded = expansion::landings(facts, at.0)
        .map(|landings| judge_landings(resolver, facts, target, name, at, &landings))
        .unwrap_or_default();
    if expanded
        .reference
        .as_ref()
        .is_some_and(|r| r.confidence != Confidence::NameMatch)
    {
        return expanded.reference;
    }
    match judge_macro_token_as_written(resolver, facts, target, name, at, unresolved) {
        Some(written) if written.confidence != Confidence::NameMatch => Some(written),
        // The written tokens cannot say (`Self` outside an impl), the expansion says another
        // item: that item.
        Some(_) if expanded.names_another && expanded.reference.is_none() => None,
        written => match expanded.reference {
            Some(name_only) => {
                unresolved.merge(expanded.unread);
                Some(name_only)
            }
            None => written,
        },
    }
}

/// A name among a macro's tokens, read by the text around it: `x.name(`, `a::b::name(`,
/// `name(`.
fn judge_macro_token_as_written(
    resolver: &Resolver<'_>,
    facts: &Facts,
    target: &Target,
    name: &str,
    at: Range,
    unresolved: &mut Unresolved,
) -> Option<Reference> {
    let text = facts.text();
    // `name(` or `name::<T>(`.
    let after = skip_turbofish(&text[at.1..]);
    let called = after.trim_start().starts_with('(');
    let kind = if called { RefKind::Call } else { RefKind::Other };
    let arguments = called
        .then(|| {
            let open = text.len() - after.trim_start().len() + 1;
            split_arguments(text, open, text.len())
        })
        .flatten();
    let shape = |receiver: Option<String>, on_type: bool| {
        called.then(|| CallShape {
            arguments: Arguments {
                positional: arguments.clone().unwrap_or_default(),
                ..Arguments::default()
            },
            receiver,
            on_type,
            // Inside a macro the tokens say nothing of how the value is used.
            used_unawaited: false,
        })
    };
    match receiver_before(facts, at.0) {
        Some((receiver, true)) => {
            let segments: Vec<String> = macro_path(&receiver);
            let owner = macro_path_entity(resolver, facts, &segments, at.0, true);
            // `L::RC` among the tokens of `const { assert!(.. L::RC.len()) }`, `L: Lane` a
            // type parameter of the function around: a member of its bound, as outside.
            let qualifier = text[..at.0]
                .trim_end()
                .strip_suffix("::")
                .map(str::trim_end)
                .and_then(|rest| facts.node((rest.len().checked_sub(receiver.len())?, rest.len())));
            let bound = qualifier.and_then(|node| parameter_bound(resolver, facts, &owner, segments.len(), node));
            if let Some(bound) = bound {
                let entity = resolver.member(&bound, name, 0);
                let how = How::new(kind, Confidence::ReceiverTyped).call(shape(Some(receiver), true));
                return verdict(facts, target, at, entity, how, unresolved);
            }
            let confidence = match owner {
                Entity::Module(_) => Confidence::ImportResolved,
                _ => Confidence::ReceiverTyped,
            };
            let on_type = matches!(owner, Entity::Def(_));
            let entity = match called {
                true => resolver.value_member_of(&owner, name, 0),
                false => resolver.member_of(&owner, name, 0),
            };
            verdict(
                facts,
                target,
                at,
                entity,
                How::new(kind, confidence).call(shape(Some(receiver), on_type)),
                unresolved,
            )
        }
        Some((receiver, false)) => {
            // `x.name(`, `self.a.b().name(`: a method of the receiver chain's type; `x.name`
            // not called reads a field, an attribute as it is outside a macro. Where methods
            // need calls, as outside a macro, a call is never the field, nor a read the method.
            let kind = if called { RefKind::Call } else { RefKind::Attribute };
            let r = &facts.lang.resolve;
            if r.methods_need_calls && ((called && target.is_type_member()) || (!called && is_method(target))) {
                return None;
            }
            let ty = chain_type(resolver, facts, &receiver, at.0);
            let entity = match (&ty, target_is_member(target)) {
                (Ty::Unknown(_) | Ty::OneOf(_), false) => Entity::Missing,
                _ => resolver.member(&ty, name, 0),
            };
            verdict(
                facts,
                target,
                at,
                entity,
                How::new(kind, Confidence::ReceiverTyped).call(shape(Some(receiver), false)),
                unresolved,
            )
        }
        None => {
            let before = text[..at.0].trim_end();
            let keyword_start = before
                .char_indices()
                .rev()
                .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
                .last()
                .map_or(before.len(), |(i, _)| i);
            let keyword = &before[keyword_start..];
            if expansion::ITEM_KEYWORDS.contains(&keyword) {
                // `fn name(`, `const NAME: T = ..` among a macro's tokens (an impl a
                // `macro_rules!` writes) defines an item of that name; it uses none. For a
                // method, associated constant or type of a trait or impl as the target, it may
                // be an implementation of it in an impl the grammar does not read, which a
                // rename must follow: listed by name.
                let implements = match keyword {
                    "fn" => is_method(target),
                    "const" | "type" => target.def.path.contains('.'),
                    _ => false,
                };
                if !implements {
                    return None;
                }
                let why = "an associated item defined among a macro's tokens, in an impl saguaro does not read";
                return verdict(
                    facts,
                    target,
                    at,
                    Entity::Unknown(why),
                    How::new(kind, Confidence::NameMatch),
                    unresolved,
                );
            }
            if let Some((path, shorthand)) =
                macro_literal_key(facts, at).filter(|_| matches!(target.kind.as_str(), "field" | "variant"))
            {
                // `Error { given: .. }`, `Error { given, .. }` among a macro's tokens: a field of
                // the written type, as outside a macro. A literal's keys are fields, never
                // variants: `set_enum! { Attribute { Bold, Dim } }` lists an enum's variants
                // for the macro to write `Attribute::Bold`, in no literal, and keeps them as
                // written (no shorthand to expand).
                let field = target.kind == "field";
                let owner = macro_path_entity(resolver, facts, &macro_path(&path), at.0, false);
                let entity = resolver.member_of(&owner, name, 0);
                let kind = if field { RefKind::Attribute } else { RefKind::Other };
                let mut reference = verdict(
                    facts,
                    target,
                    at,
                    entity,
                    How::new(kind, Confidence::ReceiverTyped),
                    unresolved,
                )?;
                reference.shorthand = field && shorthand && shorthand_binds(facts, name, at);
                return Some(reference);
            }
            if let Some(written) = field_macro_type(&facts.lang.resolve.field_macros, text, at) {
                // `offset_of!(Header<T>, len)`: a field of the type the first argument writes.
                let owner = resolver.rust_path(facts, &macro_path(&written), at.0, 0);
                let entity = resolver.member_of(&owner, name, 0);
                let how = How::new(RefKind::Attribute, Confidence::ReceiverTyped);
                return verdict(facts, target, at, entity, how, unresolved);
            }
            if bound_in_macro(facts, name, at) {
                // `let name = ..` among the same macro's tokens: a local the grammar does
                // not see.
                return None;
            }
            let entity = match macro_use(facts, name, at) {
                // `use a::b::name;` among the same macro's tokens: what that path names.
                Some((path, member)) => {
                    let segments: Vec<String> = macro_path(&path);
                    let owner = resolver.rust_qualifier(facts, &segments, at.0, 0);
                    match called {
                        true => resolver.value_member_of(&owner, &member, 0),
                        false => resolver.member_of(&owner, &member, 0),
                    }
                }
                // `use self::Kind::*;` among the same macro's tokens, then `Empty`: a glob of
                // the call's own scope brings the name before any scope outside the call.
                None => macro_globs(facts, at)
                    .iter()
                    .rev()
                    .find_map(|path| {
                        let owner = resolver.rust_qualifier(facts, &macro_path(path), at.0, 0);
                        let found = match called {
                            true => resolver.value_member_of(&owner, name, 0),
                            false => resolver.member_of(&owner, name, 0),
                        };
                        matches!(found, Entity::Def(_)).then_some(found)
                    })
                    .unwrap_or_else(|| resolver.name(facts, name, at.0, 0)),
            };
            // A name a `macro_rules!` body reads that names nothing where the macro is
            // defined: what it names where the macro is called.
            let entity = match entity {
                Entity::Missing | Entity::External => {
                    resolver.name_at_macro_calls(facts, name, at.0, 0).unwrap_or(entity)
                }
                entity => entity,
            };
            verdict(
                facts,
                target,
                at,
                entity,
                How::new(kind, Confidence::ImportResolved).call(shape(None, false)),
                unresolved,
            )
        }
    }
}

/// A name among the tokens of a call to a `macro_rules!` of the file, read where the
/// expansion writes it (see [`expansion`]): a reference where one of its places names the
/// target; a name only where one cannot be read (a member of a receiver the expansion's
/// tokens do not type, a method an expansion may define); none where the expansion drops
/// it or uses it for something else.
fn judge_landings(
    resolver: &Resolver<'_>,
    facts: &Facts,
    target: &Target,
    name: &str,
    at: Range,
    landings: &[expansion::Landing],
) -> Expanded {
    let source = facts.text();
    // A path's segments, `Self` read as the impl the expansion writes around the name, or
    // else where the call is; each other head where it is written.
    let path_entity = |landing: &expansion::Landing, path: &[expansion::Token], qualifier: bool| {
        let mut segments: Vec<String> = path.iter().map(|t| t.text(source).to_string()).collect();
        let mut written_at = path.first().map_or(at.0, |t| t.span.0);
        if segments.first().is_some_and(|s| s == "Self") {
            written_at = at.0;
            if let Some(impl_type) = landing.impl_type(source) {
                written_at = impl_type[0].span.0;
                segments.splice(0..1, impl_type.iter().map(|t| t.text(source).to_string()));
            }
        }
        macro_path_entity(resolver, facts, &segments, written_at, qualifier)
    };
    let mut best: Option<(Entity, How)> = None;
    let mut names_another = false;
    // An item the expansion declares with the name's token (`pub struct $name`), which is
    // not an implementation of the target (a method a trait's impl writes).
    let mut declared = None;
    for landing in landings {
        let (entity, how) = match landing.written(source) {
            expansion::Written::Qualified { path, called } => {
                let owner = path_entity(landing, &path, true);
                let confidence = match owner {
                    Entity::Module(_) => Confidence::ImportResolved,
                    _ => Confidence::ReceiverTyped,
                };
                let (entity, kind) = match called {
                    true => (resolver.value_member_of(&owner, name, 0), RefKind::Call),
                    false => (resolver.member_of(&owner, name, 0), RefKind::Other),
                };
                (entity, How::new(kind, confidence))
            }
            expansion::Written::Key { path } => {
                let owner = path_entity(landing, &path, false);
                (
                    resolver.member_of(&owner, name, 0),
                    How::new(RefKind::Attribute, Confidence::ReceiverTyped),
                )
            }
            expansion::Written::OfSelf { called } => {
                let self_path = [expansion::Token::self_type(at.0)];
                let owner = path_entity(landing, &self_path, false);
                let (entity, kind) = match called {
                    true => (resolver.value_member_of(&owner, name, 0), RefKind::Call),
                    false => (resolver.member_of(&owner, name, 0), RefKind::Attribute),
                };
                (entity, How::new(kind, Confidence::ReceiverTyped))
            }
            // `value.name` as the call writes it: read at the call, by what types `value` there.
            expansion::Written::OfReceiver | expansion::Written::OfParameter { .. }
                if landing.receiver_as_written(source, at.0) =>
            {
                continue
            }
            expansion::Written::OfParameter {
                path,
                parameter,
                receiver,
                called,
            } if written_together(facts, parameter.span, receiver.span) => {
                let owner = path_entity(landing, &path, false);
                let (entity, kind) = match called {
                    true => (resolver.value_member_of(&owner, name, 0), RefKind::Call),
                    false => (resolver.member_of(&owner, name, 0), RefKind::Attribute),
                };
                (entity, How::new(kind, Confidence::ReceiverTyped))
            }
            expansion::Written::OfReceiver | expansion::Written::OfParameter { .. } => (
                Entity::Unknown("a member of a value a macro's expansion does not type"),
                How::new(RefKind::Attribute, Confidence::NameMatch),
            ),
            expansion::Written::Defined { item: Some("fn") } if is_method(target) => (
                Entity::Unknown("a method a macro's expansion defines, perhaps implementing it"),
                How::new(RefKind::Other, Confidence::NameMatch),
            ),
            expansion::Written::Defined { item } => {
                declared = declared.or(item);
                continue;
            }
            expansion::Written::MacroName => continue,
            expansion::Written::Bare { called } => {
                let kind = if called { RefKind::Call } else { RefKind::Other };
                (
                    resolver.name(facts, name, at.0, 0),
                    How::new(kind, Confidence::ImportResolved),
                )
            }
        };
        names_another |= matches!(&entity, Entity::Def(def) if *def != target.def);
        // The target over a name only over anything else.
        let rank = |entity: &Entity| match entity {
            Entity::Def(def) if *def == target.def => 2,
            Entity::Unknown(_) => 1,
            _ => 0,
        };
        if rank(&entity) > best.as_ref().map_or(0, |(seen, _)| rank(seen)) {
            best = Some((entity, how));
        }
    }
    let mut unread = Unresolved::default();
    let mut reference = best.and_then(|(entity, how)| verdict(facts, target, at, entity, how, &mut unread));
    if let Some(reference) = reference.as_mut().filter(|r| r.confidence != Confidence::NameMatch) {
        reference.declares_too = declared.map(|keyword| {
            let by = enclosing_macro_name(facts, at).map_or("the macro".to_string(), |m| format!("`{m}!`"));
            format!("{by} also declares `{keyword} {name}` with it")
        });
    }
    Expanded {
        reference,
        names_another,
        unread,
    }
}

/// Whether two tokens of an expansion are written in the same macro call's tokens or the
/// same `macro_rules!`: rustc's hygiene has a local name mean a binding written beside it,
/// so a rule's parameter `vec` is not the `vec` a call passes in, nor the reverse.
fn written_together(facts: &Facts, a: Range, b: Range) -> bool {
    let origin = |span: Range| {
        let mut node = facts.node(span)?;
        loop {
            if matches!(node.kind(), "macro_definition" | "macro_invocation") {
                return Some(node.id());
            }
            node = node.parent()?;
        }
    };
    origin(a).is_some_and(|a| Some(a) == origin(b))
}

/// What the expansion of a macro makes of a name among its call's tokens.
#[derive(Default)]
struct Expanded {
    /// The target, or a name only.
    reference: Option<Reference>,
    /// Whether a place of the name in the expansion names another item.
    names_another: bool,
    /// What the expansion left unread, counted where its answer is taken.
    unread: Unresolved,
}

/// When the name at `at` is the second argument of one of `macros` (`offset_of!(Header<T>,
/// len)`, `mem::offset_of!(T, a.b)`: the field, or the first of a nested path), the path of
/// the type the first argument writes, its generic arguments dropped (`Header`), `$crate`
/// kept for [`macro_path`] to read. Macros
/// nest inside other macros' tokens, which the grammar leaves unparsed, so it is read from
/// the text.
fn field_macro_type(macros: &[String], text: &str, at: Range) -> Option<String> {
    if macros.is_empty() || !text[at.1..].trim_start().starts_with([')', ',', '.']) {
        return None;
    }
    let before = text[..at.0].trim_end().strip_suffix(',')?;
    let mut depth = 0usize;
    let mut open = None;
    for (i, c) in before.char_indices().rev() {
        match c {
            ')' | ']' | '>' | '}' => depth += 1,
            '(' | '[' | '<' | '{' if depth > 0 => depth -= 1,
            '(' => {
                open = Some(i);
                break;
            }
            '[' | '<' | '{' | ';' => return None,
            ',' if depth == 0 => return None,
            _ => {}
        }
    }
    let open = open?;
    let invoked = before[..open].trim_end().strip_suffix('!')?;
    let macro_name = invoked.rsplit([':', ' ', '\n', '(', ',']).next()?;
    if !macros.iter().any(|m| m == macro_name) {
        return None;
    }
    let written = before[open + 1..].trim();
    let path = written.split('<').next()?.trim_end().trim_end_matches("::");
    let named = path.strip_prefix('$').unwrap_or(path);
    (!named.is_empty() && named.chars().all(|c| c.is_alphanumeric() || c == '_' || c == ':')).then(|| path.to_string())
}

/// The path and member a `use` among the tokens of the macro call around `at` binds `name`
/// to, written before it: `use a::b::name;`, `use a::b::{c, name};`, `use a::b::orig as
/// name;` (the grammar leaves a macro's tokens unparsed, so its imports are read here).
fn macro_use(facts: &Facts, name: &str, at: Range) -> Option<(String, String)> {
    static USES: std::sync::OnceLock<[regex::Regex; 3]> = std::sync::OnceLock::new();
    let [renamed, single, listed] = USES.get_or_init(|| {
        let compile = |p: &str| regex::Regex::new(p).expect("a valid pattern");
        [
            compile(r"\buse\s+((?:::|\$)?[\w:]+?)::(\w+)\s+as\s+(\w+)\s*;"),
            compile(r"\buse\s+((?:::|\$)?[\w:]+?)::(\w+)\s*;"),
            compile(r"\buse\s+((?:::|\$)?[\w:]+?)::\{([^{}]*)\}"),
        ]
    });
    let call = outermost_macro(facts, at)?;
    let before = &facts.text()[call.start_byte()..at.0];
    let seen = |c: &regex::Captures<'_>| use_reaches(facts, call.start_byte() + c.get(0).map_or(0, |m| m.start()), at);
    // Each form's last `use` binding `name`, by where it starts: (start, path, member).
    let renamed = renamed
        .captures_iter(before)
        .filter(|c| &c[3] == name && seen(c))
        .map(|c| (c.get(0).map_or(0, |m| m.start()), c[1].to_string(), c[2].to_string()))
        .last();
    let single = single
        .captures_iter(before)
        .filter(|c| &c[2] == name && seen(c))
        .map(|c| (c.get(0).map_or(0, |m| m.start()), c[1].to_string(), c[2].to_string()))
        .last();
    // `{c, name}`, `{c, orig as name}`: an item ending in the name.
    let listed = listed
        .captures_iter(before)
        .filter(|c| {
            seen(c)
                && c[2]
                    .split(',')
                    .any(|item| item.trim().rsplit([' ', ':']).next() == Some(name))
        })
        .map(|c| (c.get(0).map_or(0, |m| m.start()), c[1].to_string(), name.to_string()))
        .last();
    [renamed, single, listed]
        .into_iter()
        .flatten()
        .max_by_key(|(start, _, _)| *start)
        .map(|(_, path, member)| (path, member))
}

/// The paths of the globs (`use a::b::*;`) among the tokens of the macro call around `at`,
/// written before it, in order.
fn macro_globs(facts: &Facts, at: Range) -> Vec<String> {
    static GLOB: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\buse\s+((?:::|\$)?[\w:]+?)::\*\s*;").expect("a valid pattern")
    });
    let Some(call) = outermost_macro(facts, at) else {
        return Vec::new();
    };
    let before = &facts.text()[call.start_byte()..at.0];
    GLOB.captures_iter(before)
        .filter(|c| use_reaches(facts, call.start_byte() + c.get(0).map_or(0, |m| m.start()), at))
        .map(|c| c[1].to_string())
        .collect()
}

/// Whether a `use` among a macro's tokens starting at byte `start` binds its names at `at`:
/// a `use` is seen within the block it is written in, so `at` must lie in the innermost
/// group of tokens around the `use` (`{ use $crate::consts::SIGMA; .. SIGMA[0] .. }` in one
/// function of a rule's body, not in a function beside it).
fn use_reaches(facts: &Facts, start: usize, at: Range) -> bool {
    let group = std::iter::successors(facts.node((start, start + 3)), |n| n.parent())
        .find(|n| facts.lang.macro_arguments.iter().any(|k| k == n.kind()));
    group.is_none_or(|g| g.start_byte() <= at.0 && at.1 <= g.end_byte())
}

/// Whether the tokens of the macro call around `at` bind `name` before it or there (`let name`,
/// `for name in`, a closure's `|name|`, a parameter `name:`): the macro's own local, which
/// the grammar leaves unparsed.
fn bound_in_macro(facts: &Facts, name: &str, at: Range) -> bool {
    let Some(call) = outermost_macro(facts, at) else {
        return false;
    };
    // Up to just past the name: a binding of the name here counts too (`let name:`).
    let text = facts.text();
    let mut upto = (at.1 + 3).min(text.len());
    while !text.is_char_boundary(upto) {
        upto -= 1;
    }
    let before = &text[call.start_byte()..upto];
    let n = regex::escape(name);
    // A `let` binds from the end of its statement on (`let attributes: Vec<String> =
    // attributes.iter()..;` reads the outer `attributes`), and at its own name.
    let own_let = regex::Regex::new(r"\blet\s+(?:mut\s+)?\z")
        .is_ok_and(|re| re.is_match(&text[call.start_byte()..at.0.max(call.start_byte())]));
    if own_let {
        return true;
    }
    let patterns = [
        format!(r"\blet\s+(?:mut\s+)?{n}\b[^;]*;"),
        format!(r"\bfor\s+[^;{{}}]*\b{n}\b[^;{{}}]*\bin\b"),
        // A closure's parameters sit between two bars with no statement or block between
        // them: the closing bar of one closure and the opening bar of the next are not.
        format!(r"\|[^|;{{}}\n]*\b{n}\b[^|;{{}}\n]*\|"),
        format!(r"[(,]\s*(?:mut\s+)?{n}\s*:[^:]"),
    ];
    patterns
        .iter()
        .filter_map(|p| regex::Regex::new(p).ok())
        .any(|re| re.is_match(before))
}

/// Whether a shorthand key among a macro's tokens (`Config { port }`) stands for a binding,
/// which a rename keeps by writing `Config { new: port }`: the name is bound where it is
/// written (a local, a parameter, an item; a `let`, closure or `fn` among the tokens), or
/// it is read again among the same tokens (the shorthand in a pattern binds it). A key with
/// neither holds no value of its own: a macro with its own grammar lists the fields it
/// fills (`parse_into_structs!(..; static V: &[TestVector { key, plaintext }];)` writes
/// `TestVector { plaintext: .. }`), where `new: plaintext` is not its syntax and the key is
/// renamed where it stands. Code that did bind nothing there would not compile either way.
fn shorthand_binds(facts: &Facts, name: &str, at: Range) -> bool {
    if bound_in_macro(facts, name, at) || facts.scopes.lookup(name, at.0).is_some() {
        return true;
    }
    let Some(call) = outermost_macro(facts, at) else {
        return true;
    };
    let tokens = facts.text_of(call);
    let start = call.start_byte();
    let Ok(word) = regex::Regex::new(&format!(r"\b{}\b", regex::escape(name))) else {
        return true;
    };
    let read_again = word.find_iter(tokens).any(|m| {
        let (from, to) = (start + m.start(), start + m.end());
        if from == at.0 {
            return false;
        }
        // A member or path segment (`x.port`, `a::port`) or a literal's key, shorthand too
        // (the same list again), is no read of a binding.
        let before = facts.text()[..from].trim_end();
        let member = before.ends_with('.') || before.ends_with("::");
        !member && macro_literal_key(facts, (from, to)).is_none()
    });
    read_again
}

/// The name of the innermost macro call around `at` (`define_aes_impl` for a token of
/// `define_aes_impl!(..)`).
fn enclosing_macro_name(facts: &Facts, at: Range) -> Option<&str> {
    let mut node = facts.node(at)?;
    while let Some(parent) = node.parent() {
        if parent.kind() == "macro_invocation" {
            return parent.child_by_field_name("macro").map(|m| facts.text_of(m));
        }
        node = parent;
    }
    None
}

/// The outermost macro invocation or definition around `at`.
fn outermost_macro<'f>(facts: &'f Facts, at: Range) -> Option<Node<'f>> {
    let mut node = facts.node(at)?;
    let mut outermost = None;
    while let Some(parent) = node.parent() {
        if matches!(parent.kind(), "macro_invocation" | "macro_definition") {
            outermost = Some(parent);
        }
        node = parent;
    }
    outermost
}

/// The value of the last `let [mut] name = VALUE;` among the tokens of the macro around
/// `at`, before `at`, and where it starts.
fn macro_let_value<'f>(facts: &'f Facts, name: &str, at: usize) -> Option<(&'f str, usize)> {
    let (found, tokens_start) = last_in_macro_tokens(facts, r"\blet\s+(?:mut\s+)?NAME\s*=\s*([^;]+);", name, at)?;
    Some((found.get(1)?.as_str().trim(), tokens_start + found.get(0)?.start()))
}

/// The last match of `pattern` (`NAME` standing for `name`) among the tokens of the macro
/// around `at`, before `at`, with where those tokens start.
fn last_in_macro_tokens<'f>(
    facts: &'f Facts,
    pattern: &str,
    name: &str,
    at: usize,
) -> Option<(regex::Captures<'f>, usize)> {
    let call = outermost_macro(facts, (at, at))?;
    let before = facts.text().get(call.start_byte()..at)?;
    let re = regex::Regex::new(&pattern.replace("NAME", &regex::escape(name))).ok()?;
    let found = re.captures_iter(before).last()?;
    Some((found, call.start_byte()))
}

/// What `name` is where a `for name in VALUE { .. }` among the tokens of the macro around
/// `at` binds it, `at` being in that loop's body (the last such loop before `at`): an
/// element of what VALUE is, read as a receiver chain is (`for vector in $vectors` of a
/// macro called with a slice of `TestVector`s: a `TestVector`); with where the loop starts.
fn macro_loop_element(resolver: &Resolver<'_>, facts: &Facts, name: &str, at: usize) -> Option<(Ty, usize)> {
    let (found, tokens_start) = last_in_macro_tokens(facts, r"\bfor\s+(?:mut\s+)?NAME\s+in\s+", name, at)?;
    let found = found.get(0)?;
    // The value runs to the `{` opening the body, outside any bracket of its own.
    let after = facts.text().get(tokens_start + found.end()..at)?;
    let mut depth = 0usize;
    let mut open = None;
    for (i, c) in super::facts::code_chars(after) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.checked_sub(1)?,
            '{' if depth == 0 => {
                open = Some(i);
                break;
            }
            ';' | '}' => return None,
            _ => {}
        }
    }
    let open = open?;
    if !body_still_open(&after[open..]) {
        return None;
    }
    let value = after[..open].trim();
    let value_at = tokens_start + found.end();
    let collection = chain_type(resolver, facts, value, value_at);
    if matches!(collection, Ty::Unknown(_)) {
        return None;
    }
    let element = resolver.element_of_value(&facts.lang.resolve, collection, 0);
    (!matches!(element, Ty::Unknown(_))).then_some((element, tokens_start + found.start()))
}

/// Whether the body `text` opens (its first `{`) is still open where `text` ends: more
/// braces opened from that one on than closed, code only (`at` inside a loop's or a
/// function's body among a macro's tokens).
fn body_still_open(text: &str) -> bool {
    let (mut depth, mut opened) = (0i64, false);
    for (_, c) in super::facts::code_chars(text) {
        match c {
            '{' => {
                depth += 1;
                opened = true;
            }
            '}' => depth -= 1,
            _ => {}
        }
        if opened && depth <= 0 {
            return false;
        }
    }
    opened
}

/// The type written for a parameter of a function a macro call's tokens write, read in
/// that function's body (`fn refill(state: &mut ChaCha, n: u32) { .. state.d .. }` inside
/// `dispatch!(m, Mach, { .. })`): a value of that type, as outside a macro. The function is
/// the last `fn` written before `at` whose body `at` is still in; one that does not list the
/// name, or a type that is no type of the root, tells nothing.
fn macro_fn_parameter_type(resolver: &Resolver<'_>, facts: &Facts, name: &str, at: usize) -> Option<Ty> {
    static HEADER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bfn\s+\w+\s*(?:<[^>{}]*>)?\s*\(([^)]*)\)").expect("a valid pattern")
    });
    let call = outermost_macro(facts, (at, at))?;
    let before = facts.text().get(call.start_byte()..at)?;
    let header = HEADER.captures_iter(before).last()?;
    if !body_still_open(&before[header.get(0)?.end()..]) {
        return None;
    }
    let (_, written) = macros::top_level_parts(header.get(1)?.as_str())
        .into_iter()
        .filter_map(|(_, part)| part.split_once(':'))
        .find(|(parameter, _)| parameter.trim().trim_start_matches("mut ").trim() == name)?;
    // `&'a mut ChaCha`: the type borrowed.
    let mut written = written.trim();
    loop {
        let stripped = written.trim_start_matches('&').trim_start();
        let stripped = match stripped.strip_prefix('\'') {
            Some(lifetime) => lifetime
                .trim_start_matches(|c: char| c.is_alphanumeric() || c == '_')
                .trim_start(),
            None => stripped,
        };
        let stripped = stripped.strip_prefix("mut ").unwrap_or(stripped).trim_start();
        if stripped == written {
            break;
        }
        written = stripped;
    }
    let path: String = written
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    if path.is_empty() {
        return None;
    }
    macro_path_type(resolver, facts, &path, call.start_byte() + header.get(0)?.start())
}

/// The type of a name a closure's bars bind among a macro call's tokens (`|req|` in `req!
/// { t, b"..", |req| { .. } }`), where the macro's own rules write it: every rule of the
/// `macro_rules!` of that name in the file whose pattern takes a metavariable between bars
/// (`|$arg:ident|`) and whose expansion writes that metavariable with a type (`fn
/// closure($arg: Request)`) gives that type, and they must all agree. The type is read
/// where the macro is defined, as its expansion's paths are.
fn macro_closure_parameter_type(resolver: &Resolver<'_>, facts: &Facts, name: &str, at: usize) -> Option<Ty> {
    let call = outermost_macro(facts, (at, at)).filter(|c| c.kind() == "macro_invocation")?;
    let invoked = facts.text_of(call.child_by_field_name("macro")?);
    let invoked = invoked.rsplit("::").next()?;
    let tokens = facts.text().get(call.start_byte()..at)?;
    let between_bars = tokens
        .match_indices(name)
        .any(|(i, _)| tokens[..i].trim_end().ends_with('|') && tokens[i + name.len()..].trim_start().starts_with('|'));
    if !between_bars {
        return None;
    }
    static PARAMETER: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\|\s*\$(\w+)\s*:\s*ident\s*\|").expect("a valid pattern"));
    let parameter = &*PARAMETER;
    // A metavariable written with a type in an expansion: `$arg: Request`, `$arg: &mut T`.
    static TYPED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\$(\w+)\s*:\s*&?\s*(?:mut\s+)?([A-Za-z_][\w:]*)").expect("a valid pattern")
    });
    let mut found: Option<(String, usize)> = None;
    for node in macros::definitions(facts) {
        if node.child_by_field_name("name").map(|n| facts.text_of(n)) != Some(invoked) {
            continue;
        }
        let mut rules = node.walk();
        for rule in node.named_children(&mut rules).filter(|r| r.kind() == "macro_rule") {
            let (Some(left), Some(right)) = (rule.child_by_field_name("left"), rule.child_by_field_name("right"))
            else {
                continue;
            };
            for variable in parameter.captures_iter(facts.text_of(left)) {
                let Some(written) = TYPED.captures_iter(facts.text_of(right)).find(|t| t[1] == variable[1]) else {
                    continue;
                };
                match &found {
                    Some((seen, _)) if *seen != written[2] => return None,
                    _ => found = Some((written[2].to_string(), right.start_byte())),
                }
            }
        }
    }
    let (written, defined_at) = found?;
    macro_path_type(resolver, facts, &written, defined_at)
}

/// The type of the one parameter of a closure written among a macro call's tokens as the
/// callback of a method (`attributes.iter().map(|a| ..)` inside `write!`): what that method
/// gives its callback, the receiver read as a chain in macro tokens is. The closure is the
/// nearest one before `at` whose bars hold the name alone.
fn macro_callback_parameter_type(resolver: &Resolver<'_>, facts: &Facts, name: &str, at: usize) -> Option<Ty> {
    let call = outermost_macro(facts, (at, at)).filter(|c| c.kind() == "macro_invocation")?;
    let text = facts.text();
    let tokens = text.get(call.start_byte()..at)?;
    let bars = tokens.rmatch_indices('|').map(|(i, _)| i).collect::<Vec<_>>();
    let (open, _) = bars
        .windows(2)
        .map(|w| (w[1], w[0]))
        .find(|&(open, close)| tokens[open + 1..close].trim() == name)?;
    let before = tokens[..open].trim_end().strip_suffix('(')?.trim_end();
    let method_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map(|(i, _)| i)?;
    let method = &before[method_start..];
    let method_at = call.start_byte() + method_start;
    let (receiver, false) = receiver_before(facts, method_at)? else {
        return None;
    };
    let object = chain_type(resolver, facts, &receiver, method_at);
    resolver.callback_parameter(facts, object, method, false, 0)
}

/// The type of a metavariable written as a receiver in a `macro_rules!` body (`$cache.inner`
/// in `($cache:ident, $key:ident) => { $cache.inner.run(); }`): what the macro's
/// invocations give it, wherever the macro is seen ([`Resolver::macro_calls`]: after its
/// definition in its file, and in files reaching it by `#[macro_use]` or `#[macro_export]`).
/// The rule's pattern must be a list of metavariables split by commas, an invocation must
/// give it as many parts (no other rule taking as many), and the parts in the
/// metavariable's place must all be of one type, read as a receiver is at the invocation
/// (one generic type given different arguments, `TestVector<[u8; 16], ..>` and
/// `TestVector<[u8; 32], ..>`, is that type: its members are the same); one unknown leaves
/// it unknown.
fn metavariable_type(resolver: &Resolver<'_>, facts: &Facts, variable: &str, at: usize) -> Option<Ty> {
    let mut node = facts.node((at, at))?;
    let rule = loop {
        if node.kind() == "macro_rule" {
            break node;
        }
        node = node.parent()?;
    };
    let definition = rule.parent().filter(|d| d.kind() == "macro_definition")?;
    let names = macros::pattern_metavariables(facts.text_of(rule.child_by_field_name("left")?))?;
    let place = names.iter().position(|n| *n == variable)?;
    // Another rule taking as many parts could be the one an invocation matches.
    if macros::rule_taking(facts, definition, names.len())?.0 != rule {
        return None;
    }
    let mut found: Option<Ty> = None;
    for (invoking, start) in resolver.macro_calls(facts, definition)? {
        let Some(call) = std::iter::successors(invoking.node((start, start)), |n| n.parent())
            .find(|n| n.kind() == "macro_invocation")
            .filter(|call| call.start_byte() == start)
        else {
            continue;
        };
        let Some(arguments) = call.named_children(&mut call.walk()).find(|c| c.kind() == "token_tree") else {
            continue;
        };
        let written = invoking.text_of(arguments);
        let given = macros::top_level_parts(written.get(1..written.len().saturating_sub(1))?);
        if given.len() != names.len() {
            continue;
        }
        let (offset, part) = given[place];
        let part = part.trim_start_matches('&').trim_start_matches("mut ").trim();
        let from = arguments.start_byte() + 1 + offset;
        match chain_type(resolver, &invoking, part, from) {
            unknown @ Ty::Unknown(_) => return Some(unknown),
            ty => match found {
                Some(seen) => found = Some(same_members(seen, ty)?),
                None => found = Some(ty),
            },
        }
    }
    found
}

/// The one type two values have as far as their members go: the type itself where they
/// agree, a generic type given different arguments (`TestVector<[u8; 16]>`,
/// `TestVector<[u8; 32]>`) as that type, collections of such as a collection of it;
/// `None` where they differ otherwise.
fn same_members(a: Ty, b: Ty) -> Option<Ty> {
    if a == b {
        return Some(a);
    }
    match (a, b) {
        (Ty::Elements(a), Ty::Elements(b)) => same_members(*a, *b).map(|t| Ty::Elements(Box::new(t))),
        (Ty::Instance(a) | Ty::Applied(a, _), Ty::Instance(b) | Ty::Applied(b, _)) if a == b => Some(Ty::Instance(a)),
        _ => None,
    }
}

/// A path written among a macro's tokens, with `$crate` (the macro's own crate, in a
/// `macro_rules!` body) read as `crate`.
fn macro_path(path: &str) -> Vec<String> {
    super::modules::rust::split_path(
        path.strip_prefix('$')
            .filter(|p| p.starts_with("crate"))
            .unwrap_or(path),
    )
}

/// What a path among a macro's tokens names (`qualifier`: as the qualifier of a name after
/// it): a head that a `use` among the same macro's tokens binds (`use crate::a::modifier;`
/// in a rule's body, then `modifier::Year { .. }`) is read through that `use`; a head the
/// file binds nowhere (no binding, no glob import), in a call that splices the tokens into
/// code of the crate, is the crate's one type of that name.
fn macro_path_entity(
    resolver: &Resolver<'_>,
    facts: &Facts,
    segments: &[String],
    at: usize,
    qualifier: bool,
) -> Entity {
    let read = |segments: &[String]| match qualifier {
        true => resolver.rust_qualifier(facts, segments, at, 0),
        false => resolver.rust_path(facts, segments, at, 0),
    };
    let Some((head, rest)) = segments.split_first() else {
        return Entity::Unknown("an empty path");
    };
    if let Some((path, member)) = macro_use(facts, head, (at, at + head.len())) {
        let mut through: Vec<String> = macro_path(&path);
        through.push(member);
        through.extend(rest.iter().cloned());
        return read(&through);
    }
    match read(segments) {
        found @ (Entity::Def(_) | Entity::Module(_)) => found,
        other
            if rest.is_empty() && facts.scopes.lookup(head, at).is_none() && !facts.imports.iter().any(|i| i.glob) =>
        {
            resolver.crate_type_named(&facts.path, head).map_or(other, Entity::Def)
        }
        other => other,
    }
}

/// The bound of the type parameter a path's one-segment qualifier names (`L::RC`, `T::new()`
/// with `L: Lane` a type parameter of the item around), where the qualifier names nothing
/// else: the path reads a member of that bound, as a value of the parameter does (unknown
/// where the bound lacks it; the caller's type may have more).
fn parameter_bound(
    resolver: &Resolver<'_>,
    facts: &Facts,
    owner: &Entity,
    segments: usize,
    qualifier: Node<'_>,
) -> Option<Ty> {
    let unresolved = matches!(owner, Entity::External | Entity::Missing | Entity::Unknown(_));
    if !unresolved || segments != 1 {
        return None;
    }
    super::generics::type_parameter(facts, qualifier).map(|p| resolver.bound_type(facts, &p, 0))
}

/// Words a block follows (`unsafe { x }.len()`): braces after them are no literal's.
const KEYWORDS_BEFORE_BLOCK: &[&str] = &["unsafe", "loop", "async", "move", "const", "else", "try"];

/// The type a struct literal among a macro's tokens makes (`$crate::TypeEqualizer { .. }`,
/// `Config { port }`): the type its path names, the literal's braces closing at its end.
fn macro_literal_type(resolver: &Resolver<'_>, facts: &Facts, head: &str, at: usize) -> Option<Ty> {
    let open = head.find('{')?;
    // `X2Bytes::<M> { .. }`: the turbofish's arguments say nothing of which type it is.
    let path = without_trailing_turbofish(head[..open].trim());
    let written = path.strip_prefix("$crate").unwrap_or(path);
    if path.is_empty()
        || !written.chars().all(|c| c.is_alphanumeric() || c == '_' || c == ':')
        || KEYWORDS_BEFORE_BLOCK.contains(&path)
    {
        return None;
    }
    let mut depth = 0usize;
    for (i, c) in super::facts::code_chars(&head[open..]) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 && open + i + 1 != head.len() {
                    return None;
                }
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    macro_path_type(resolver, facts, path, at)
}

/// A value of the type a path among a macro's tokens names, where it names a type of the
/// root.
fn macro_path_type(resolver: &Resolver<'_>, facts: &Facts, path: &str, at: usize) -> Option<Ty> {
    let segments = macro_path(path);
    let entity = match segments.as_slice() {
        [name] => resolver.name(facts, name, at, 0),
        _ => resolver.rust_path(facts, &segments, at, 0),
    };
    match resolver.instance_of(&entity, 0) {
        ty @ (Ty::Instance(_) | Ty::Applied(..)) => Some(ty),
        _ => None,
    }
}

/// The type an `impl` written among the tokens of the macro around `at` is for, where `at`
/// stands in its body (`impl<T: $trait> $trait for Styled<T> { .. self.target .. }` in a
/// `macro_rules!` body): the type after `for` (or after `impl` and its generics), its own
/// arguments aside.
fn macro_impl_type(resolver: &Resolver<'_>, facts: &Facts, at: usize) -> Option<Ty> {
    let call = outermost_macro(facts, (at, at))?;
    let text = facts.text().get(call.start_byte()..call.end_byte())?;
    let at = at.checked_sub(call.start_byte())?;
    let code = super::facts::code_chars(text);
    let impls = regex::Regex::new(r"\bimpl\b").ok()?;
    for found in impls.find_iter(text.get(..at)?).collect::<Vec<_>>().into_iter().rev() {
        // The header runs to the first `{` outside its generics; the body to the brace
        // matching it.
        let (mut angle, mut open, mut close) = (0usize, None, None);
        let mut depth = 0usize;
        for &(i, c) in code.iter().filter(|(i, _)| *i >= found.end()) {
            match (open, c) {
                (None, '<') => angle += 1,
                (None, '>') => angle = angle.saturating_sub(1),
                (None, ';') if angle == 0 => break,
                (None, '{') if angle == 0 => {
                    open = Some(i);
                    depth = 1;
                }
                (Some(_), '{') => depth += 1,
                (Some(_), '}') => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let (Some(open), Some(close)) = (open, close) else {
            continue;
        };
        if !(open < at && at < close) {
            continue;
        }
        let header = text[found.end()..open].split(" where").next()?.trim();
        // `impl<T: Bound>`: the impl's own generics come first.
        let header = match header.strip_prefix('<') {
            Some(rest) => {
                let mut depth = 1usize;
                let end = rest.char_indices().find_map(|(i, c)| {
                    match c {
                        '<' => depth += 1,
                        '>' => depth -= 1,
                        _ => {}
                    }
                    (depth == 0).then_some(i)
                })?;
                rest[end + 1..].trim()
            }
            None => header,
        };
        let implemented = header.rsplit_once(" for ").map_or(header, |(_, ty)| ty).trim();
        let path = implemented.split('<').next()?.trim();
        if path.is_empty()
            || !path
                .trim_start_matches('$')
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == ':')
        {
            return None;
        }
        return macro_path_type(resolver, facts, path, call.start_byte() + at);
    }
    None
}

/// The type of the head of a receiver chain among a macro's tokens that is a call: `f(..)`,
/// `a::b::f(..)`, `Type::new(..)`.
fn macro_call_type(resolver: &Resolver<'_>, facts: &Facts, head: &str, at: usize) -> Option<Ty> {
    let segments: Vec<String> = macro_path(single_call_callee(head)?);
    // `fn profile() -> Stats {` among the same macro's tokens, or among another macro call's
    // of the file where nothing else binds the name: what its written return names (the
    // type itself of a generic one: `State<vec128_storage>`).
    if let [name] = segments.as_slice() {
        if let Some(written) = macro_fn_return(facts, name, at) {
            let written = written.map(|w| w.split_once('<').map_or(w, |(base, _)| base).trim());
            return Some(match written {
                Some(path) if !path.is_empty() && path.chars().all(|c| c.is_alphanumeric() || c == '_' || c == ':') => {
                    let path: Vec<String> = super::modules::rust::split_path(path);
                    let entity = match path.len() {
                        1 => resolver.name(facts, &path[0], at, 0),
                        _ => resolver.rust_path(facts, &path, at, 0),
                    };
                    resolver.instance_of(&entity, 0)
                }
                Some(_) => Ty::Unknown("a return type among a macro's tokens saguaro does not read"),
                None => Ty::External,
            });
        }
    }
    let entity = match segments.len() {
        1 => resolver.name(facts, &segments[0], at, 0),
        _ => resolver.rust_callee(facts, &segments, at, 0),
    };
    let callee_type = resolver.entity_type(&entity, 0);
    Some(resolver.called(callee_type, &|| None, 0))
}

/// The return type written for a function `fn name(..)` defined among the tokens of the
/// macro around `at` (`Some(None)`: it writes none, so it returns `()`), else, where no
/// binding of the file names it, among another macro call's tokens of the file (a call
/// that wraps the items it is given: `dispatch!(m, Mach, { fn refill(..) -> State { .. } })`);
/// `None` where no tokens define a function of that name.
fn macro_fn_return<'f>(facts: &'f Facts, name: &str, at: usize) -> Option<Option<&'f str>> {
    let call = outermost_macro(facts, (at, at))?;
    let pattern = regex::Regex::new(&format!(r"\bfn\s+{}\s*(?:<[^>]*>)?\s*\(", regex::escape(name))).ok()?;
    let whole = facts.text();
    let in_call = |call: Node<'_>| -> Option<(&'f str, usize)> {
        let text = whole.get(call.start_byte()..call.end_byte())?;
        pattern.find(text).map(|found| (text, found.end()))
    };
    let (text, end) = match in_call(call) {
        Some(found) => found,
        None if facts.scopes.lookup(name, at).is_none() => pattern
            .find_iter(whole)
            .filter_map(|found| outermost_macro(facts, (found.start(), found.end())))
            .filter(|other| other.kind() == "macro_invocation")
            .find_map(in_call)?,
        None => return None,
    };
    let found_end = end;
    // The parameters end at the parenthesis matching the one the pattern ends on.
    let (_, close) = split_arguments_upto(text, found_end, text.len())?;
    let rest = text[close + 1..].trim_start();
    let Some(written) = rest.strip_prefix("->") else {
        return Some(None);
    };
    let written = written.split(['{', ';']).next()?.split(" where").next()?.trim();
    Some(Some(written))
}

/// The type of a parenthesized operation among a macro's tokens (`(a & b)`, whitespace
/// already gone): what the operator's method gives for its left operand's type, as outside a
/// macro (`impl BitAnd for &Store { type Output = Store; .. }`). A reference (`&a`) or a
/// deref (`*a`) of the operand reaches the same members.
fn macro_operation_type(resolver: &Resolver<'_>, facts: &Facts, head: &str, at: usize) -> Option<Ty> {
    let inner = head.strip_prefix('(')?.strip_suffix(')')?;
    let operators = &facts.lang.resolve.operator_methods;
    let (mut depth, mut split) = (0usize, None);
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 && i > 0 => {
                // A binary operator follows an operand's end (a name, a call, an index).
                let after_operand = inner[..i].ends_with(|p: char| p.is_alphanumeric() || matches!(p, '_' | ')' | ']'));
                let operator = [2, 1]
                    .into_iter()
                    .filter_map(|n| inner.get(i..i + n))
                    .find(|o| operators.contains_key(*o));
                if let (true, Some(operator)) = (after_operand, operator) {
                    split = Some((i, operator));
                    break;
                }
            }
            _ => {}
        }
    }
    let (i, operator) = split?;
    let left = inner[..i].trim_start_matches(['&', '*']);
    let left_type = chain_type(resolver, facts, left, at);
    if matches!(left_type, Ty::Unknown(_)) {
        return None;
    }
    let method = operators.get(operator)?;
    Some(resolver.method_call_type(facts, &left_type, method, &|| None, 0))
}

/// Where the name at `at` among a macro's tokens is a key of a struct literal or pattern
/// (`Path { name: .. }`, `Path { a, name, .. }`): the written path, and whether the key is
/// a shorthand. The key follows the literal's `{` or a `,` at its level, and a `:` (not
/// `::`) follows it, or, a shorthand, a `,` or the `}`.
fn macro_literal_key(facts: &Facts, at: Range) -> Option<(String, bool)> {
    let text = facts.text();
    let before = text[..at.0].trim_end();
    let after = text[at.1..].trim_start();
    let keyed = after.starts_with(':') && !after.starts_with("::");
    let shorthand = after.starts_with(',') || after.starts_with('}');
    if !(before.ends_with('{') || before.ends_with(',')) || !(keyed || shorthand) {
        return None;
    }
    // The `{` that opens the literal: the first one left unclosed before the key, within the
    // lines a macro call's literal spans (the whole file before it says nothing of it).
    let window = recent_lines(facts, before);
    let code: Vec<(usize, char)> = super::facts::code_chars(&before[window..])
        .into_iter()
        .map(|(i, c)| (i + window, c))
        .collect();
    let mut depth = 0usize;
    let open = code.iter().rev().find_map(|&(i, c)| {
        match c {
            ')' | ']' | '}' => depth += 1,
            '(' | '[' if depth == 0 => return Some(None),
            '(' | '[' => depth -= 1,
            '{' if depth == 0 => return Some(Some(i)),
            '{' => depth -= 1,
            ';' if depth == 0 => return Some(None),
            _ => {}
        }
        None
    })??;
    let head = without_trailing_turbofish(text[..open].trim_end());
    let start = head
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '$'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let path = &head[start..];
    let named = path
        .strip_prefix('$')
        .unwrap_or(path)
        .split("::")
        .all(|s| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_'));
    // A struct's name starts upper-case (`Self` too): not a block after `if x`, `match x`.
    let typed = path
        .rsplit("::")
        .next()
        .is_some_and(|s| s.starts_with(char::is_uppercase));
    (named && typed).then(|| (path.to_string(), shorthand && !keyed))
}

/// `a::Ty::<[u8; N]>` without its last `::<...>`, when it ends with one (a turbofish before
/// `::NAME` or `{ .. }`); else all of it.
fn without_trailing_turbofish(head: &str) -> &str {
    if !head.ends_with('>') {
        return head;
    }
    let mut depth = 0usize;
    for (i, c) in head.char_indices().rev() {
        match c {
            '>' => depth += 1,
            '<' => {
                depth -= 1;
                if depth == 0 {
                    return head[..i].strip_suffix("::").unwrap_or(head).trim_end();
                }
            }
            _ => {}
        }
    }
    head
}

/// The text after a `::<...>` at its start, else all of it.
fn skip_turbofish(text: &str) -> &str {
    let Some(rest) = text.trim_start().strip_prefix("::<") else {
        return text;
    };
    let mut depth = 1;
    for (i, c) in rest.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return &rest[i + 1..];
                }
            }
            _ => {}
        }
    }
    text
}

/// How many lines above a name in macro tokens its receiver chain, or the literal it is a
/// key of, may start.
const RECEIVER_LINES: usize = 24;

/// Where the last [`RECEIVER_LINES`] lines of `text` (the start of the file's text) start:
/// macro tokens are read back no further, so that reading them costs what the macro call is
/// long, not the file. The window never starts inside a string or a comment the parser sees
/// (a multi-line `"<root>\` .. `</root>"` above a literal): it starts after it, for a quote
/// read from the middle of a string would open one and hide all the tokens after it.
fn recent_lines(facts: &Facts, text: &str) -> usize {
    let start = text
        .char_indices()
        .rev()
        .filter(|&(_, c)| c == '\n')
        .nth(RECEIVER_LINES)
        .map_or(0, |(i, _)| i + 1);
    let literal = std::iter::successors(facts.root().descendant_for_byte_range(start, start), |n| n.parent())
        .find(|n| facts.lang.literal_kinds.iter().any(|k| k == n.kind()));
    match literal {
        Some(n) if n.start_byte() < start && n.end_byte() <= text.len() => n.end_byte(),
        _ => start,
    }
}

/// What a name in macro tokens is reached through: (`a::b`, true) in `a::b::name(`,
/// (`x`, false) in `x.name(`.
fn receiver_before(facts: &Facts, name_start: usize) -> Option<(String, bool)> {
    let text = facts.text();
    let before = text[..name_start].trim_end();
    let (rest, path) = if let Some(r) = before.strip_suffix("::") {
        (r, true)
    } else if let Some(r) = before.strip_suffix('.') {
        (r, false)
    } else {
        return None;
    };
    // `Ty::<[u8; N]>::NAME`: the path the turbofish follows.
    let rest = match path {
        true => without_trailing_turbofish(rest.trim_end()),
        false => rest.trim_end(),
    };
    // A chain starts on its own line or a few above (`self\n    .ser\n    .name`): the
    // lines before it say nothing of it.
    let window = recent_lines(facts, rest);
    let allowed = |c: char| c.is_alphanumeric() || c == '_' || c == '$' || (path && c == ':') || (!path && c == '.');
    // `Pattern::new(..).unwrap_err()`: a chain may start with a path.
    let path_separator = |i: usize| rest[..i].ends_with(':') || rest[i + 1..].starts_with(':');
    let mut start = rest.len();
    let mut depth = 0usize;
    // A string argument's brackets and dots are not the chain's.
    for (i, c) in super::facts::code_chars(&rest[window..])
        .into_iter()
        .map(|(i, c)| (i + window, c))
        .rev()
    {
        match c {
            ':' if !path && depth == 0 && path_separator(i) => {}
            // `&x.bytes[..x.cursor]`, `0..=n.len`: a range's dots end the chain.
            '.' if depth == 0 && (rest[..i].ends_with('.') || rest[i + 1..].starts_with('.')) => break,
            // `parse::<Pattern>()`: a turbofish's brackets hold a type, not the chain;
            // `Bytes::<M> { bytes }.x2`: a struct literal's braces hold its fields.
            ')' | ']' | '>' | '}' if !path => depth += 1,
            '(' | '[' | '<' | '{' if depth > 0 => depth -= 1,
            _ if depth > 0 || allowed(c) => {}
            // A chain broken over lines: `self\n    .ser\n    .name`.
            _ if c.is_whitespace() && !path && rest[start..].trim_start().starts_with('.') => {}
            // A literal's path stands apart from its braces: `Bytes { bytes }`.
            _ if c.is_whitespace() && !path && rest[start..].starts_with('{') => {}
            _ => break,
        }
        start = i;
    }
    // `if ready { a }.len()`, `match x { .. }.len()`: braces after a condition or a
    // scrutinee close a block, not a literal, and what comes before them is no receiver.
    if !path && rest[start..].contains('{') {
        let keyword = rest[..start]
            .trim_end()
            .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next();
        if matches!(keyword, Some("if" | "while" | "match" | "in")) {
            return None;
        }
    }
    // `"a/**b".parse::<Pattern>()`: a chain may start with a string literal.
    if rest[start..].starts_with('.') && rest[..start].trim_end().ends_with('"') {
        let literal_end = rest[..start].trim_end().len();
        if let Some(open) = super::facts::string_start(&rest[window..literal_end]) {
            start = open + window;
        }
    }
    let receiver: String = rest[start..].split_whitespace().collect();
    // Angle brackets are a turbofish's only (`a < b.c` compares).
    let code: String = super::facts::code_chars(&receiver)
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    if code.match_indices('<').any(|(i, _)| !code[..i].ends_with("::")) || code.contains("->") {
        return None;
    }
    (!receiver.is_empty() && !receiver.starts_with('.') && depth == 0).then_some((receiver, path))
}

/// The type of a receiver chain written in macro tokens (`self`, `x`, `self.inner.get()`,
/// `a.b`), read segment by segment from the binding of its head.
fn chain_type(resolver: &Resolver<'_>, facts: &Facts, chain: &str, at: usize) -> Ty {
    // `&store[idx]`, `&mut x.y`: a borrow reads the members of what it borrows.
    if let Some(borrowed) = chain.strip_prefix('&') {
        let borrowed = borrowed.trim_start();
        let borrowed = borrowed.strip_prefix("mut ").unwrap_or(borrowed);
        return chain_type(resolver, facts, borrowed.trim_start(), at);
    }
    if let Some(reached) = dereferenced(chain) {
        return chain_type(resolver, facts, reached, at);
    }
    let mut segments = Vec::new();
    let (mut depth, mut from) = (0usize, 0usize);
    for (i, c) in super::facts::code_chars(chain) {
        match c {
            '(' | '[' | '<' | '{' => depth += 1,
            ')' | ']' | '>' | '}' => depth = depth.saturating_sub(1),
            '.' if depth == 0 => {
                segments.push(&chain[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    segments.push(&chain[from..]);
    let Some((written_head, rest)) = segments.split_first() else {
        return Ty::Unknown("a receiver inside a macro saguaro does not read");
    };
    let (head, head_indexes) = index_suffixes(written_head);
    let head = &head;
    let mut ty = if let Some(reached) = dereferenced(head) {
        // `(*inner.as_ptr()).data.header`: the head a dereference in parentheses reaches.
        chain_type(resolver, facts, reached, at)
    } else if head.len() >= 2 && head.starts_with('"') && head.ends_with('"') {
        // A string literal: a `str`, whose conversions a turbofish names (`parse::<T>()`).
        Ty::External
    } else if *head == "self" {
        // An `impl` written among the macro's own tokens is nearer than one around the macro.
        match macro_impl_type(resolver, facts, at).or_else(|| resolver.impl_type_at(facts, at, 0).map(Ty::Instance)) {
            Some(ty) => ty,
            None => Ty::Unknown("`self` outside an impl saguaro can read"),
        }
    } else if !head.is_empty() && head.chars().all(|c| c.is_alphanumeric() || c == '_') {
        if bound_in_macro(facts, head, (at, at)) {
            // A local of the macro's own tokens: its `let` value, read the same way.
            let looped = macro_loop_element(resolver, facts, head, at);
            match macro_let_value(facts, head, at) {
                Some((value, from)) if from < at && looped.as_ref().is_none_or(|(_, f)| *f < from) => {
                    chain_type(resolver, facts, value, from)
                }
                _ => match looped
                    .map(|(element, _)| element)
                    .or_else(|| macro_fn_parameter_type(resolver, facts, head, at))
                    .or_else(|| macro_closure_parameter_type(resolver, facts, head, at))
                    .or_else(|| macro_callback_parameter_type(resolver, facts, head, at))
                {
                    Some(ty) => ty,
                    None => return Ty::Unknown("a local among a macro's tokens"),
                },
            }
        } else {
            let entity = resolver.name(facts, head, at, 0);
            resolver.entity_type(&entity, 0)
        }
    } else if let Some(variable) = head
        .strip_prefix('$')
        .filter(|v| !v.is_empty() && *v != "crate" && v.chars().all(|c| c.is_alphanumeric() || c == '_'))
    {
        match metavariable_type(resolver, facts, variable, at) {
            Some(ty) => ty,
            None => return Ty::Unknown("a receiver inside a macro saguaro does not read"),
        }
    } else if let Some(ty) = macro_literal_type(resolver, facts, head, at) {
        ty
    } else if let Some(ty) = macro_call_type(resolver, facts, head, at) {
        ty
    } else if let Some(ty) = macro_operation_type(resolver, facts, head, at) {
        ty
    } else {
        return Ty::Unknown("a receiver inside a macro saguaro does not read");
    };
    ty = indexed(resolver, facts, ty, &head_indexes);
    if matches!(ty, Ty::Unknown(_)) {
        return ty;
    }
    for written in rest {
        let (segment, indexes) = index_suffixes(written);
        let name = segment.split(['(', ':', '<']).next().unwrap_or(segment).trim();
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Ty::Unknown("a receiver inside a macro saguaro does not read");
        }
        // `parse::<Pattern>()`: a conversion to the type the turbofish names.
        let converted = segment
            .split_once("::<")
            .and_then(|(_, rest)| rest.rsplit_once('>'))
            .map(|(written, _)| written.trim())
            .filter(|written| {
                !written.is_empty() && written.chars().all(|c| c.is_alphanumeric() || c == '_' || c == ':')
            })
            .and_then(|written| {
                let segments = super::modules::rust::split_path(written);
                let target = resolver.instance_of(&resolver.rust_path(facts, &segments, at, 0), 0);
                resolver.conversion_type(facts, name, target, 0)
            });
        ty = if let Some(converted) = converted {
            converted
        } else if segment.contains('(') {
            resolver.method_call_type(facts, &ty, name, &|| None, 0)
        } else {
            resolver.value_member_type(&ty, name, 0)
        };
        ty = indexed(resolver, facts, ty, &indexes);
        if matches!(ty, Ty::Unknown(_)) {
            return ty;
        }
    }
    ty
}

/// `METADATA[index]`, `rows[i][j]`, `get(k)[0]`: a chain segment without the indexes written
/// at its end, and those indexes (the text inside each pair of brackets), in order.
fn index_suffixes(segment: &str) -> (&str, Vec<&str>) {
    let mut groups = Vec::new();
    let (mut depth, mut open) = (0usize, 0usize);
    for (i, c) in super::facts::code_chars(segment) {
        match c {
            '[' | '(' | '{' | '<' => {
                if depth == 0 {
                    open = i;
                }
                depth += 1;
            }
            ']' | ')' | '}' | '>' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    groups.push((open, i, c == ']'));
                }
            }
            _ => {}
        }
    }
    let mut end = segment.len();
    let mut indexes = Vec::new();
    for &(open, close, bracket) in groups.iter().rev() {
        if !bracket || close + 1 != end || open == 0 {
            break;
        }
        indexes.push(&segment[open + 1..close]);
        end = open;
    }
    indexes.reverse();
    (&segment[..end], indexes)
}

/// What indexing a value of type `ty` with each of `indexes` in turn reads, as an index
/// written in code does ([`super::types::indexed_value`]); a range index (`xs[1..]`) is a
/// slice, the same collection.
/// A value of a type of the root is indexed through the language's index method
/// (`store[item]` of an `impl Index<Key> for Storage`: what `index` returns).
fn indexed(resolver: &Resolver<'_>, facts: &Facts, mut ty: Ty, indexes: &[&str]) -> Ty {
    for index in indexes {
        if matches!(ty, Ty::Unknown(_)) {
            return ty;
        }
        ty = super::types::indexed_value(&ty, index.contains(".."))
            .or_else(|| resolver.indexed_through_method(facts, &ty, Some(index), 0))
            .unwrap_or(Ty::Unknown(
                "an index among a macro's tokens into a value saguaro does not read as a collection",
            ));
    }
    ty
}

/// `(*self.head)`, `(&x.y)`: the chain a dereference (or a borrow) in parentheses reaches;
/// `None` for anything else (`(a & b)` is an operation, read as one).
fn dereferenced(chain: &str) -> Option<&str> {
    let inner = chain.strip_prefix('(')?.strip_suffix(')')?;
    let balanced = super::facts::code_chars(inner)
        .into_iter()
        .try_fold(0usize, |depth, (_, c)| match c {
            '(' => Some(depth + 1),
            ')' => depth.checked_sub(1),
            _ => Some(depth),
        })
        == Some(0);
    let reached = inner.trim_start_matches(['*', '&']);
    let operation = reached.contains(['&', '|', '+', '-', '*', '/', '%', '^', '<', '>', '=', '!', ' ']);
    (balanced && reached.len() < inner.len() && !operation).then_some(reached)
}

/// The arguments from `open` (just after `(`) to the matching `)`, split at top-level commas.
fn split_arguments(text: &str, open: usize, end: usize) -> Option<Vec<String>> {
    split_arguments_upto(text, open, end).map(|(args, _)| args)
}

/// [`split_arguments`], with where the matching `)` is.
fn split_arguments_upto(text: &str, open: usize, end: usize) -> Option<(Vec<String>, usize)> {
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
                    return Some((args, k));
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
