//! Type parameters, as far as the code writes what they stand for.
//!
//! - A bound written apart from the generic list (`where F: FnMut(&Entry)`) is the
//!   parameter's bound as well. A bound that is a function trait or an iterator trait
//!   binding its items (`F: Fn(&Entry)`, `I: Iterator<Item = Entry>`) makes the value that
//!   function or that collection: a call or an element is all such a bound gives.
//! - A value typed by a type parameter has its bound's members (`<R extends Registry>`,
//!   `<T: Read>`): whatever the caller gives, it is at least the bound, so `r.add()` is
//!   `Registry.add`. It may have more (a class's `Def extends ZodTypeDef` is a subclass's
//!   own def where a subclass's constructor is called), so a member the bound lacks is
//!   unknown, not missing. A parameter without a bound tells nothing.
//! - A call's explicit type argument stands for the callee's parameter in the callee's
//!   parameter types (`make<Engine>(proto)` with `proto: ProtoOf<T>`): an argument there is
//!   expected to be of the written type, not merely the bound.
//! - A type alias whose value is an intersection with one of its parameters (`type Tagged<T>
//!   = T & { tag: string }`) has at least that parameter's members, and so does one whose
//!   value is a conditional type whose condition every type meets (`T extends unknown ? T &
//!   X : never`, noble-hashes' `TRet<T>`): it is its first branch.
//! - A type alias whose value maps the keys of one of its parameters (`type Partial<P> = {
//!   [K in keyof P]?: P[K] }`, zod's `ProtoOf<T>`, what TypeScript calls homomorphic) keeps
//!   that parameter's members under their names: a member of `Alias<X>` is `X`'s member —
//!   the one a rename of it must follow. What each member's type becomes is the alias's
//!   business; code that compiles only uses it as the alias says, so reading it as `X`'s
//!   claims no use the code does not make. An alias that renames the keys (`as`), or maps
//!   them only under a condition, is left as it is.
//!
//! - A value of a generic type of the root keeps the type arguments its written type gives
//!   (`Ty::Applied`: `Holder<Config>`, `Ref<'a, ErrorImpl>`; lifetimes are not type
//!   parameters and are skipped on both sides). A member read on it is read with them given
//!   ([`give`]): a field `inner: T` is a `Config`; a method's written return is read with the
//!   parameters of the class that declares it, or of the `impl` block around it placed
//!   where its self type writes them (`impl<'a, T> Ref<'a, T>`: `T` is the receiver's
//!   argument), and with its own parameters given by the call's explicit arguments
//!   (`e.cast::<ErrorImpl<C>>()`). An associated type of a parameter so given (`U::Target`)
//!   is what the impl of the parameter's bound trait for every type writes (`impl<T> CastTo
//!   for T { type Target = T; }`): such an impl overlaps every other, so it is the trait's
//!   only one, and coherence puts it in the trait's crate.
//!
//! - A call that writes no type arguments gives the callee's own parameters what its
//!   arguments infer directly (`checkOpts(defaults, opts)`, `dedupe(changes)`: a parameter
//!   written `T` or `T[]`), when the arguments agree and no other parameter mentions the
//!   parameter inside a type the checker would weigh too ([`Resolver::give_inferred`]). A
//!   parameter given nothing (left to its default) weighs nothing, nor does a function
//!   written in place that leaves a parameter untyped, where the parameter is mentioned only
//!   among that function's parameters (`multiSortBy(nodes, [(d) => d.path])` for
//!   `accessors: Array<(item: T) => any>`): the checker types those from what the others
//!   settle. What such a function returns (`f: (x: T) => T`) is still a candidate.
//! - A type alias whose value is a union with one of its parameters (`type TArg<T> = T |
//!   ..`) has, for a member read, that parameter's members: a read must be valid on every
//!   alternative. A mapping of the keys of a type written in place (`values: { [K in keyof
//!   T]?: T[K] }`) keeps them as the alias does.
//!
//! - A string passed where a parameter is written as a type parameter (`emit("added", ..)`
//!   for `emit<K extends keyof Events>(event: K, payload: Events[K])`) gives it that string's
//!   own type ([`Ty::Text`]), so an indexed access by it (`Events[K]`, in another parameter
//!   or a callback's) is the member the string names. An index is never a candidate of its
//!   own: the checker infers nothing for `K` from `Events[K]`.
//!
//! The rest of the checker's inference (a type argument inferred through a callback, a
//! return type, `BinaryHeap<_>` collected from an iterator) is not repeated here: the bound
//! stays what is known.

use super::facts::Facts;
use super::resolve::{DefId, Entity, Resolver};
use super::types::{declaration_of, function_node, part, unwrapped, written_parts, Ty, WrittenAt};
use crate::lang::Resolve;
use tree_sitter::Node;

/// A type parameter a written type names, found where it is declared.
pub struct TypeParameter<'t> {
    /// Its place in the declaring list.
    pub position: usize,
    /// The bound written on it, if any.
    pub bound: Option<Node<'t>>,
}

/// The type parameter `node` (a type name) stands for: one declared by a definition around
/// it (its own generic list, then its class's), the nearest first.
pub fn type_parameter<'t>(facts: &Facts, node: Node<'t>) -> Option<TypeParameter<'t>> {
    declaring(facts, node).map(|(_, parameter)| parameter)
}

/// [`type_parameter`], with the definition whose generic list declares it.
fn declaring<'t>(facts: &Facts, node: Node<'t>) -> Option<(Node<'t>, TypeParameter<'t>)> {
    let r = &facts.lang.resolve;
    let field = r.type_parameters.as_deref()?;
    if r.type_parameter_bounds.is_empty() || !r.names.iter().any(|k| k == node.kind()) {
        return None;
    }
    let name = facts.text_of(node);
    let mut up = node.parent();
    while let Some(holder) = up {
        if let Some(list) = holder.child_by_field_name(field) {
            if let Some(mut found) = declared_in(facts, list, name) {
                if found.bound.is_none() {
                    found.bound = where_bound(facts, holder, name);
                }
                return Some((holder, found));
            }
        }
        up = holder.parent();
    }
    None
}

/// The bound a clause of `holder` apart from its generic list writes for parameter `name`
/// (`fn each<F>(f: F) where F: FnMut(&Entry)`): the clause is a child of the definition,
/// its predicates the clause's children.
fn where_bound<'t>(facts: &Facts, holder: Node<'t>, name: &str) -> Option<Node<'t>> {
    let r = &facts.lang.resolve;
    let mut cursor = holder.walk();
    let clauses: Vec<Node<'t>> = holder.named_children(&mut cursor).collect();
    clauses.into_iter().find_map(|clause| {
        let mut cursor = clause.walk();
        let predicates: Vec<Node<'t>> = clause.named_children(&mut cursor).collect();
        predicates.into_iter().find_map(|predicate| {
            let form = Resolve::form(&r.where_bounds, predicate.kind())?;
            let left = part(predicate, form.name.as_deref())?;
            (facts.text_of(left) == name)
                .then(|| part(predicate, form.object.as_deref()))
                .flatten()
        })
    })
}

/// The parameter `name` of one generic list, if it declares one (its position counts the
/// type parameters only: a lifetime is never given where types are).
fn declared_in<'t>(facts: &Facts, list: Node<'t>, name: &str) -> Option<TypeParameter<'t>> {
    let r = &facts.lang.resolve;
    let parameters = without_lifetimes(facts, written_parts(list));
    parameters.iter().enumerate().find_map(|(position, p)| {
        let form = Resolve::form(&r.type_parameter_bounds, p.kind());
        let written = match form {
            Some(form) => part(*p, form.name.as_deref())?,
            // A parameter without a bound is its name alone.
            None => *p,
        };
        let field = |f: Option<&str>| f.and_then(|o| p.child_by_field_name(o));
        // A parameter with no bound but a default (`R = (ctx: P) => string`): code compiles
        // reading a member of its value only where the default stands for it.
        let default = form
            .and_then(|f| field(f.arguments.as_deref()))
            .and_then(|d| d.named_child(d.named_child_count().checked_sub(1)? as u32));
        (facts.text_of(written) == name).then(|| TypeParameter {
            position,
            bound: form.and_then(|f| field(f.object.as_deref())).or(default),
        })
    })
}

/// The explicit type arguments a call writes (`make<Engine>(..)`), in order.
pub fn call_type_arguments<'t>(call: Node<'t>) -> Vec<Node<'t>> {
    call.child_by_field_name("type_arguments")
        .map_or_else(Vec::new, written_parts)
}

/// The parameters or arguments of a generic list that stand for types (lifetimes aside).
pub fn without_lifetimes<'t>(facts: &Facts, nodes: Vec<Node<'t>>) -> Vec<Node<'t>> {
    let lifetimes = &facts.lang.resolve.lifetimes;
    nodes
        .into_iter()
        .filter(|n| !lifetimes.iter().any(|k| k == n.kind()))
        .collect()
}

thread_local! {
    /// The type arguments given to definitions whose members are being read on this thread:
    /// (file, the node whose generic list declares the parameters, the arguments by
    /// position). A value of `Holder<Config>` reads its field `inner: T` with `T` given.
    static GIVEN: std::cell::RefCell<Vec<(String, usize, Vec<Ty>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The type arguments given at one moment, kept to be given again where what was read
/// then is read further (a function type's parameters).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GivenNow(Vec<(String, usize, Vec<Ty>)>);

impl GivenNow {
    pub fn now() -> GivenNow {
        GivenNow(GIVEN.with(|g| g.borrow().clone()))
    }

    /// Gives them again, until the returned guards are dropped.
    pub fn again(&self) -> Vec<Giving> {
        self.0
            .iter()
            .map(|(file, holder, arguments)| give_at(file, *holder, arguments.clone()))
            .collect()
    }
}

/// Type arguments given while it lives (see [`given`]).
pub struct Giving(bool);

impl Drop for Giving {
    fn drop(&mut self) {
        if self.0 {
            GIVEN.with(|g| g.borrow_mut().pop());
        }
    }
}

/// Gives `arguments` to the type parameters `holder` (of `file`) declares, until the
/// returned guard is dropped. Nothing known is given nothing.
pub fn give(file: &str, holder: Node<'_>, arguments: Vec<Ty>) -> Giving {
    give_at(file, holder.id(), arguments)
}

/// [`give`] to the parameters the node `holder` (an id in `file`'s tree) declares.
pub fn give_at(file: &str, holder: usize, arguments: Vec<Ty>) -> Giving {
    if arguments.iter().all(|a| matches!(a, Ty::Unknown(_))) {
        return Giving(false);
    }
    GIVEN.with(|g| g.borrow_mut().push((file.to_string(), holder, arguments)));
    Giving(true)
}

/// The argument given to parameter `position` of the node `holder` of `file`, if one is.
pub fn given_at(file: &str, holder: usize, position: usize) -> Option<Ty> {
    GIVEN.with(|g| {
        g.borrow()
            .iter()
            .rev()
            .find(|(f, id, _)| f == file && *id == holder)
            .and_then(|(_, _, arguments)| arguments.get(position).cloned())
            .filter(|a| !matches!(a, Ty::Unknown(_)))
    })
}

/// The argument given to the type parameter `node` names, if one is (the innermost giving).
pub fn given(facts: &Facts, node: Node<'_>) -> Option<Ty> {
    let (holder, parameter) = declaring(facts, node)?;
    given_at(&facts.path, holder.id(), parameter.position)
}

/// Type arguments given to a definition's type parameters: by a call (`make<Engine>(..)`,
/// the called function's own), or by a subclass's base clause (`extends Base<Def>`, the
/// base class's), written in `caller`.
#[derive(Clone, Copy)]
pub struct Given<'a, 't> {
    pub caller: &'a Facts,
    pub arguments: &'a [Node<'t>],
    /// The arguments are the class's (a base clause's), not a function's own.
    pub to_class: bool,
}

impl<'a, 't> Given<'a, 't> {
    /// The arguments written in `caller`, if there are any.
    pub fn of(caller: &'a Facts, arguments: &'a [Node<'t>], to_class: bool) -> Option<Given<'a, 't>> {
        (!arguments.is_empty()).then_some(Given {
            caller,
            arguments,
            to_class,
        })
    }
}

impl Resolver<'_> {
    /// The type a value of a type parameter has: its bound's members (unknown without one).
    pub(super) fn bound_type(&self, facts: &Facts, parameter: &TypeParameter<'_>, depth: usize) -> Ty {
        match parameter.bound {
            Some(bound) => match self.annotation(facts, bound, depth + 1) {
                unknown @ Ty::Unknown(_) => unknown,
                // `F: FnMut(&Entry)`, `I: Iterator<Item = Entry>`: what a call or an element
                // gives is all the bound says, and all the code may use.
                ty @ (Ty::Callable(..) | Ty::Elements(_)) => ty,
                // `H: Borrow<Async<T>>`: what `borrow()` gives, as a wrapper's unwrap does.
                ty @ Ty::Wrapped(..) => ty,
                ty => Ty::Bounded(Box::new(ty)),
            },
            None => Ty::Unknown("a value of a type parameter without a bound"),
        }
    }

    /// A written type `written` (in `facts`, in definition `owner`) as the given type
    /// arguments see it: the argument given for the type parameter of `owner` the type is,
    /// or maps the members of.
    pub(super) fn written_type_given(
        &self,
        facts: &Facts,
        owner: Node<'_>,
        written: Node<'_>,
        given: Option<Given<'_, '_>>,
        depth: usize,
    ) -> Ty {
        let Some(given) = given else {
            return self.annotation(facts, written, depth);
        };
        let held = self.members_kept_from(facts, written, depth);
        let argument = declaring(facts, held)
            .filter(|(holder, _)| holder.id() == owner.id())
            .and_then(|(_, parameter)| given.arguments.get(parameter.position));
        match argument {
            Some(argument) => self.annotation(given.caller, *argument, depth + 1),
            None => self.annotation(facts, written, depth),
        }
    }

    /// The written type whose members a type has: itself, or through the wrappers that keep
    /// their argument's members (`Partial<T>`, a mapping alias) the argument.
    fn members_kept_from<'t>(&self, facts: &Facts, written: Node<'t>, depth: usize) -> Node<'t> {
        let r = &facts.lang.resolve;
        let mut node = unwrapped(facts, written);
        for _ in 0..8 {
            if let Some(source) = r
                .member_types
                .iter()
                .any(|k| k == node.kind())
                .then(|| mapped_source(facts, node))
                .flatten()
            {
                node = unwrapped(facts, source);
                continue;
            }
            let Some(form) = Resolve::form(&r.type_generics, node.kind()) else {
                break;
            };
            let Some(base) = part(node, form.object.as_deref()) else {
                break;
            };
            let arguments = super::types::type_arguments(node, form.arguments.as_deref());
            let base_name = facts.text_of(base);
            let base_name = base_name.rsplit(['.', ':']).next().unwrap_or(base_name);
            let kept = match r.pass_through.iter().any(|p| p == base_name) {
                true => Some(0),
                false => self.mapping_alias(facts, base, depth + 1),
            };
            match kept.and_then(|i| arguments.get(i)) {
                Some(argument) => node = unwrapped(facts, *argument),
                None => break,
            }
        }
        node
    }

    /// When `base` (the name of a generic type written with `arguments`) is an alias with
    /// a generic list whose value is another type written (`type ChanLock<T> =
    /// Spinlock<T>`): that value read with the alias's parameters given the arguments
    /// (`ChanLock<Chan>` is a `Spinlock<Chan>`). Every definition of the alias must agree
    /// (`#[cfg]` alternatives: `Spinlock<T>` beside `std::sync::Mutex<T>`, both wrappers of
    /// `T`). An alias written with its members in place stays the alias.
    pub(super) fn applied_alias(
        &self,
        facts: &Facts,
        base: Node<'_>,
        arguments: &[Node<'_>],
        depth: usize,
    ) -> Option<Ty> {
        let Entity::Def(def) = self.expression_entity(facts, base, depth + 1) else {
            return None;
        };
        let owner = self.facts(&def.file)?;
        let r = &owner.lang.resolve;
        let field = r.type_parameters.as_deref()?;
        // Every definition a generic alias of another written type, before any argument is
        // read: most generic types written are classes, which this leaves at once.
        let mut aliases = Vec::new();
        for symbol in owner.index.find(&def.path) {
            if symbol.kind != "type" {
                return None;
            }
            let declaration = owner.node(owner.declaration(symbol))?;
            declaration.child_by_field_name(field)?;
            // TypeScript writes the aliased type as `value`, Rust as `type`.
            let value = declaration
                .child_by_field_name("value")
                .or_else(|| declaration.child_by_field_name("type"))?;
            if r.member_types.iter().any(|k| k == value.kind()) {
                return None;
            }
            aliases.push((declaration, value));
        }
        let given: Vec<Ty> = arguments
            .iter()
            .map(|a| self.annotation(facts, *a, depth + 1))
            .collect();
        let mut found: Option<Ty> = None;
        for (declaration, value) in aliases {
            let ty = {
                let _given = give(&def.file, declaration, given.clone());
                self.annotation(&owner, value, depth + 1)
            };
            found = Some(match found {
                None => ty,
                Some(seen) => super::types::agreed(seen, ty),
            });
        }
        found
    }

    /// When `base` (the name of a generic type) is an alias whose value maps the keys of its
    /// parameter to what the parameter has under them: that parameter's place.
    pub(super) fn mapping_alias(&self, facts: &Facts, base: Node<'_>, depth: usize) -> Option<usize> {
        let r = &facts.lang.resolve;
        if r.mapped_types.is_empty() {
            return None;
        }
        let Entity::Def(def) = self.expression_entity(facts, base, depth + 1) else {
            return None;
        };
        self.alias_mapping(&def)
    }

    fn alias_mapping(&self, def: &DefId) -> Option<usize> {
        let facts = self.facts(&def.file)?;
        let r = &facts.lang.resolve;
        let symbol = facts.symbol(&def.path)?;
        if symbol.kind != "type" {
            return None;
        }
        let declaration = facts.node(facts.declaration(symbol))?;
        let list = declaration.child_by_field_name(r.type_parameters.as_deref()?)?;
        let value = always_taken_branch(&facts, declaration.child_by_field_name("value")?);
        // `P & Extra`: a value has at least P's members.
        if r.type_intersections.iter().any(|k| k == value.kind()) {
            let bare = written_parts(value)
                .into_iter()
                .map(|part| unwrapped(&facts, part))
                .find_map(|part| declared_in(&facts, list, facts.text_of(part)));
            if let Some(parameter) = bare {
                return Some(parameter.position);
            }
        }
        // `P | Other`: a member read on a value of the union is valid on every alternative, so
        // it is P's member of that name.
        if r.type_unions.iter().any(|k| k == value.kind()) {
            let mut alternatives = vec![value];
            let mut bare = None;
            while let Some(node) = alternatives.pop() {
                let node = unwrapped(&facts, node);
                if r.type_unions.iter().any(|k| k == node.kind()) {
                    alternatives.extend(written_parts(node));
                } else if let Some(parameter) = declared_in(&facts, list, facts.text_of(node)) {
                    // `T | U`: a read valid on both is neither's alone.
                    if bare.is_some_and(|b| b != parameter.position) {
                        return None;
                    }
                    bare = Some(parameter.position);
                }
            }
            if bare.is_some() {
                return bare;
            }
        }
        let mapped = facts.text_of(mapped_source(&facts, value)?);
        declared_in(&facts, list, mapped).map(|p| p.position)
    }
}

/// The type whose keys a type maps to what that type has under them, keeping its members
/// (`{ [K in keyof P]?: P[K] }`: `P`, TypeScript's homomorphic mapping), when `value` is made
/// of one mapped clause over `keyof` (not one under a condition or a member) that does not
/// rename the keys (`as`).
pub fn mapped_source<'t>(facts: &Facts, value: Node<'t>) -> Option<Node<'t>> {
    let r = &facts.lang.resolve;
    if r.mapped_types.is_empty() {
        return None;
    }
    let mut clauses = Vec::new();
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        if Resolve::form(&r.mapped_types, node.kind()).is_some() {
            clauses.push(node);
        } else if node.id() == value.id() || r.mapped_type_holders.iter().any(|k| k == node.kind()) {
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
    }
    let [clause] = clauses.as_slice() else {
        return None;
    };
    let form = Resolve::form(&r.mapped_types, clause.kind())?;
    let keys = part(*clause, form.object.as_deref())?;
    if !r.key_queries.iter().any(|k| k == keys.kind()) {
        return None;
    }
    // `[K in keyof P as ..]` renames the keys: they are no longer P's.
    if written_parts(*clause).len() > 2 {
        return None;
    }
    keys.named_child(0)
}

/// The branch a conditional type always takes, where its condition holds for every type
/// (`T extends unknown ? A : B`, `extends any`: `A`), through nested ones; else `value`.
fn always_taken_branch<'t>(facts: &Facts, value: Node<'t>) -> Node<'t> {
    let r = &facts.lang.resolve;
    let mut node = unwrapped(facts, value);
    for _ in 0..8 {
        let Some(form) = Resolve::form(&r.conditional_types, node.kind()) else {
            break;
        };
        let holds_always = part(node, form.object.as_deref())
            .is_some_and(|check| r.anything.iter().chain(&r.top_types).any(|t| t == facts.text_of(check)));
        match (holds_always, part(node, form.name.as_deref())) {
            (true, Some(branch)) => node = unwrapped(facts, branch),
            _ => break,
        }
    }
    node
}

/// A base clause's class name and the type arguments it gives (`Base<A, B>` as one type
/// node, or the name with its arguments beside it: TypeScript's `extends Base<A, B>`).
pub fn base_and_arguments<'t>(facts: &Facts, base: Node<'t>) -> (Node<'t>, Vec<Node<'t>>) {
    let r = &facts.lang.resolve;
    if let Some(form) = Resolve::form(&r.type_generics, base.kind()) {
        if let Some(name) = part(base, form.object.as_deref()) {
            return (name, super::types::type_arguments(base, form.arguments.as_deref()));
        }
    }
    let beside = base
        .next_named_sibling()
        .filter(|s| r.type_generics.iter().any(|g| g.arguments.as_deref() == Some(s.kind())));
    let arguments = beside.map_or_else(Vec::new, |s| {
        let mut cursor = s.walk();
        let found: Vec<Node<'t>> = s.named_children(&mut cursor).collect();
        found
    });
    (base, arguments)
}

impl Resolver<'_> {
    /// Gives a generic function the type arguments its call infers, where the call writes
    /// none (`checkOpts(defaults, opts)` for `checkOpts<T1, T2>(defaults: T1, opts: T2): T1 &
    /// T2`): a type parameter of the function's own that the parameters it appears in write
    /// as themselves or as a collection of it (`array: T[]`) stands for the type of the
    /// arguments passed there (their elements), when they agree. One that another parameter
    /// mentions inside some other type (`f: (x: T) => U`, `Map<K, T>`) is left to its bound:
    /// the checker weighs those candidates against each other, which is not repeated here;
    /// only a mapping of its keys (`values: { [K in keyof T]?: T[K] }`) never outweighs a
    /// direct one. An object literal passed where nothing else types it is its own keys'
    /// type ([`Ty::Literal`]): a member it lacks is another part's. Python's type variables
    /// (`T = TypeVar("T")`) are parameters of the functions whose signatures name them.
    pub(super) fn give_inferred(
        &self,
        caller: &Facts,
        callee: Node<'_>,
        function: &DefId,
        depth: usize,
    ) -> Vec<Giving> {
        self.inferred(caller, callee, function, depth)
            .into_iter()
            .map(|(file, holder, arguments)| give_at(&file, holder, arguments))
            .collect()
    }

    /// What [`Self::give_inferred`] gives: per declaring node, the arguments by position.
    fn inferred(&self, caller: &Facts, callee: Node<'_>, function: &DefId, depth: usize) -> Vec<Declared> {
        let r = &caller.lang.resolve;
        let Some(call) = callee.parent() else {
            return Vec::new();
        };
        let list = Resolve::form(&r.calls, call.kind()).and_then(|form| part(call, form.arguments.as_deref()));
        let Some(list) = list else {
            return Vec::new();
        };
        let arguments = super::facts::positional_nodes(r, list);
        let Some(facts) = self.facts(&function.file) else {
            return Vec::new();
        };
        // An overloaded function: the overload the call takes, when it takes one.
        let overloads = super::types::overloads(&facts, &function.path);
        let chosen = match overloads.is_empty() {
            true => None,
            false => match self.chosen_overloads(
                &facts,
                &overloads,
                self.call_arguments(caller, callee, depth + 1).as_ref(),
            ) {
                Ok(chosen) if chosen.len() == 1 => facts
                    .node(facts.declaration(overloads[chosen[0]]))
                    .map(super::types::declaration_node),
                _ => None,
            },
        };
        let Some(node) = chosen
            .or_else(|| declaration_of(&facts, &function.path))
            .map(function_node)
        else {
            return Vec::new();
        };
        let declared = &facts.lang.resolve;
        let own = declared
            .type_parameters
            .as_deref()
            .and_then(|field| node.child_by_field_name(field));
        // `one<Registry>()`: the arguments written, by position, are what the function's own
        // parameters stand for; nothing is inferred beside them.
        let written = call_type_arguments(call);
        if !written.is_empty() {
            if own.is_none() {
                return Vec::new();
            }
            let given = without_lifetimes(caller, written)
                .into_iter()
                .map(|a| self.annotation(caller, a, depth + 1))
                .collect();
            return vec![(function.file.clone(), node.id(), given)];
        }
        // `PoolRef::make_mut(pool, x)`: a function called by its type's path, the type
        // written without arguments, takes the type's parameters from its arguments too,
        // as rustc does (a receiver or a written `Type::<X>` gives them otherwise).
        let by_path = r.paths.iter().any(|f| f.kind == callee.kind()) && !caller.text_of(callee).contains('<');
        let around = by_path.then(|| enclosing_generic_list(declared, node)).flatten();
        if own.is_none() && around.is_none() && declared.type_variables.is_empty() {
            return Vec::new();
        }
        // The parameter a written type name is: (file, declaring node, position).
        let slot = |name: Node<'_>| -> Option<Slot> {
            if !declared.names.iter().any(|k| k == name.kind()) {
                return None;
            }
            let text = facts.text_of(name);
            let own_or_around = own
                .and_then(|own| declared_in(&facts, own, text).map(|p| (node, p)))
                .or_else(|| around.and_then(|(holder, list)| declared_in(&facts, list, text).map(|p| (holder, p))));
            match (own_or_around, own) {
                (Some((holder, parameter)), _) => Some((function.file.clone(), holder.id(), parameter.position)),
                (None, Some(_)) => None,
                (None, None) => self
                    .type_variable(&facts, name, depth + 1)
                    .map(|(file, at)| (file, at, 0)),
            }
        };
        let mut found: Vec<(Slot, Option<Ty>, bool)> = Vec::new();
        let mut note = |slot: Slot, ty: Option<Ty>| match found.iter_mut().find(|(s, _, _)| *s == slot) {
            Some((_, seen, settled)) => match (seen.as_ref(), ty) {
                (Some(a), Some(b)) if *a != b => *settled = false,
                (None, Some(b)) => *seen = Some(b),
                (_, None) => *settled = false,
                _ => {}
            },
            None => {
                let settled = ty.is_some();
                found.push((slot, ty, settled));
            }
        };
        let mut parameters = node
            .child_by_field_name("parameters")
            .map(written_parts)
            .unwrap_or_default();
        // A method's receiver (`self`, `&self`) is no argument of the call, unless the call
        // names the method by its type's path (`Node::len(&node)`: the first argument).
        if !by_path
            && parameters
                .first()
                .is_some_and(|p| super::types::is_receiver(&facts, *p))
        {
            parameters.remove(0);
        }
        // `get_loader(cls, base_cls=LoadMixin)`: a keyword argument is the parameter it names.
        let keywords = keyword_values(caller, list);
        for (index, parameter) in parameters.iter().enumerate() {
            let Some(written) = parameter.child_by_field_name("type") else {
                continue;
            };
            let argument = arguments.get(index).or_else(|| {
                let name = parameter_name(&facts, *parameter)?;
                keywords.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
            });
            match (inferred_place(&facts, &slot, written), argument) {
                (Some((at, through)), Some(argument)) => {
                    // `{ rounds: 20 }`: a literal nothing types is its own keys' type.
                    let ty = match Resolve::form(&r.keyed_literals, argument.kind()) {
                        Some(literal) if literal.object.is_none() && matches!(through, Through::Itself) => {
                            Ty::Literal(WrittenAt::of(caller, *argument))
                        }
                        // `emit("added", ..)` for `event: K`: the string's own type, a key.
                        _ if matches!(through, Through::Itself)
                            && crate::lang::plain_string(caller.text_of(*argument)) =>
                        {
                            Ty::Text(super::facts::strip_quotes(caller.text_of(*argument)))
                        }
                        // `|node| node.value = v` for `op: OP`: a function written in place
                        // takes its type from the parameter's bound, never gives it one.
                        _ if super::types::is_function_like(*argument) => {
                            Ty::Unknown("a function written in place, typed by what it is given to")
                        }
                        _ => self.type_of(caller, *argument, depth + 1),
                    };
                    let ty = match through {
                        Through::Itself => ty,
                        Through::Elements => super::types::element_of(r, ty),
                        Through::Class => match ty {
                            Ty::Class(class) => Ty::Instance(class),
                            Ty::Unknown(why) => Ty::Unknown(why),
                            _ => Ty::Unknown("a class parameter given what is not a class of the root"),
                        },
                        Through::Held(base) => self.held_argument(&facts, base, ty, depth),
                    };
                    note(at, Some(ty));
                }
                (Some(_), None) => {}
                // Mentioned inside another type: a candidate saguaro does not weigh. Nothing
                // passed there (a default) is no candidate; nor is a function written in place
                // with a parameter it leaves untyped (`(d) => d.path`) where the type mentions
                // the parameter only among the function's parameters: the checker types those
                // from what the other arguments settle. What it returns is still a candidate.
                (None, None) => {}
                (None, Some(argument)) => {
                    let results_only = typed_by_context(r, *argument);
                    for at in mentioned(&facts, &slot, written, results_only) {
                        note(at, None);
                    }
                }
            }
        }
        const UNSETTLED: Ty = Ty::Unknown("a type parameter the call's arguments do not settle");
        let mut declared: Vec<Declared> = Vec::new();
        for ((file, holder, position), ty, settled) in found {
            let ty = match (ty, settled) {
                (Some(ty), true) => ty,
                _ => UNSETTLED,
            };
            let index = match declared.iter().position(|(f, h, _)| *f == file && *h == holder) {
                Some(i) => i,
                None => {
                    declared.push((file, holder, Vec::new()));
                    declared.len() - 1
                }
            };
            let arguments = &mut declared[index].2;
            if arguments.len() <= position {
                arguments.resize(position + 1, UNSETTLED);
            }
            arguments[position] = ty;
        }
        declared
    }

    /// What a parameter written `W<T>` (`base` names `W`, no collection) infers `T` to be
    /// from an argument of type `ty`: what the argument wraps when it is a wrapper of the
    /// same name (`&Mutex<T>` given a `Mutex<Chan>`), what it holds when `W` is an outside
    /// type and the argument an outside generic holding one type of the root (`&Spinlock<T>`
    /// given a `spin::Mutex<Chan>`), its argument when `W` is a type of the root and the
    /// argument a `W` itself (`&Pool<A>` given a `Pool<Node>`). Any other argument for a
    /// type of the root is not inferred here: it may reach `W` through a `Deref`, holding
    /// more than `T`.
    fn held_argument(&self, facts: &Facts, base: Node<'_>, ty: Ty, depth: usize) -> Ty {
        const UNSEEN: Ty = Ty::Unknown("a type parameter held in a type the argument's does not match");
        let name = facts.text_of(base);
        let name = super::types::imported_as(facts, base, name.rsplit(['.', ':']).next().unwrap_or(name));
        match ty {
            Ty::Wrapped(wrapper, held, _) if wrapper == name => *held,
            // `&Pool<A>` given a `Pool<Node>`: the same type of the root, its one argument.
            Ty::Applied(given, arguments) if arguments.len() == 1 => match self.annotation(facts, base, depth + 1) {
                Ty::Instance(written) | Ty::Applied(written, _) if written == given => {
                    arguments.into_iter().next().unwrap_or(UNSEEN)
                }
                _ => UNSEEN,
            },
            Ty::Holding(held)
                if !facts.lang.resolve.wrapping.iter().any(|w| w == name)
                    && matches!(self.annotation(facts, base, depth + 1), Ty::External) =>
            {
                *held
            }
            Ty::Unknown(why) => Ty::Unknown(why),
            _ => UNSEEN,
        }
    }

    /// The type variable a type name is, where the language declares them by a call
    /// (`T = TypeVar("T", bound="Node")`): the file and node of that call.
    fn type_variable(&self, facts: &Facts, name: Node<'_>, depth: usize) -> Option<(String, usize)> {
        let r = &facts.lang.resolve;
        if r.type_variables.is_empty() || !r.names.iter().any(|k| k == name.kind()) {
            return None;
        }
        let Entity::Def(def) = self.name(facts, facts.text_of(name), name.start_byte(), depth + 1) else {
            return None;
        };
        let at = self.type_variable_of(&def)?;
        Some((def.file, at))
    }

    /// The node (its id) of the call that declares `def` a type variable, if one does.
    pub(super) fn type_variable_of(&self, def: &DefId) -> Option<usize> {
        let owner = self.facts(&def.file)?;
        if owner.lang.resolve.type_variables.is_empty() {
            return None;
        }
        super::types::type_variable_call(&owner, def).map(|call| call.id())
    }
}

/// The nearest definition around `function` that declares type parameters (Rust's
/// `impl<A> Arc<A>`), with its generic list.
pub(super) fn enclosing_generic_list<'t>(r: &Resolve, function: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
    let field = r.type_parameters.as_deref()?;
    let mut up = function.parent();
    while let Some(holder) = up {
        if let Some(list) = holder.child_by_field_name(field) {
            return Some((holder, list));
        }
        up = holder.parent();
    }
    None
}

/// A type parameter's place: (file, the node declaring it, its position there).
type Slot = (String, usize, usize);

/// Type arguments to give: (file, the node declaring the parameters, the arguments).
type Declared = (String, usize, Vec<Ty>);

/// How a parameter's written type holds the type parameter it infers.
enum Through<'t> {
    /// `T` itself.
    Itself,
    /// A collection of `T` (`T[]`, `Array<T>`, `&[T]`, `Vec<T>`, `list[T]`).
    Elements,
    /// The class `T` is (`type[T]`): a class passed gives `T` its values.
    Class,
    /// A generic of one type argument that is not a collection: a wrapper (`&Mutex<T>`,
    /// named as the argument's wrapper is) or an outside type holding `T`
    /// (`&Spinlock<T>`), whose written name is the node.
    Held(Node<'t>),
}

/// The type parameter a parameter's written type infers directly, and how the type holds
/// it ([`Through`]).
fn inferred_place<'t>(
    facts: &Facts,
    slot: &dyn Fn(Node<'_>) -> Option<Slot>,
    written: Node<'t>,
) -> Option<(Slot, Through<'t>)> {
    let r = &facts.lang.resolve;
    let mut bare = unwrapped(facts, written);
    // `&T`, `&mut Spinlock<T>`: a reference infers what it refers to.
    while let Some(referred) =
        Resolve::form(&r.type_references, bare.kind()).and_then(|f| part(bare, f.object.as_deref()))
    {
        bare = unwrapped(facts, referred);
    }
    if let Some(at) = slot(bare) {
        return Some((at, Through::Itself));
    }
    let (element, through) = if let Some(form) = Resolve::form(&r.array_types, bare.kind()) {
        (part(bare, form.object.as_deref())?, Through::Elements)
    } else {
        let form = Resolve::form(&r.type_generics, bare.kind())?;
        let base_node = part(bare, form.object.as_deref())?;
        let base = facts.text_of(base_node);
        let base = base.rsplit(['.', ':']).next().unwrap_or(base);
        let arguments = without_lifetimes(facts, super::types::type_arguments(bare, form.arguments.as_deref()));
        let [one] = arguments.as_slice() else {
            return None;
        };
        let through = match (
            r.collections.iter().any(|c| c == base),
            r.class_types.iter().any(|c| c == base),
        ) {
            (true, _) => Through::Elements,
            (false, true) => Through::Class,
            (false, false) => Through::Held(base_node),
        };
        (*one, through)
    };
    slot(unwrapped(facts, element)).map(|at| (at, through))
}

/// The type parameters `written` names anywhere inside it.
/// `results_only`: a function type's parameters are skipped, its return read.
fn mentioned(
    facts: &Facts,
    slot: &dyn Fn(Node<'_>) -> Option<Slot>,
    written: Node<'_>,
    results_only: bool,
) -> Vec<Slot> {
    // `values: { [K in keyof T]?: T[K] }`: what a mapping infers gives way to `target: T`.
    if mapped_source(facts, unwrapped(facts, written)).is_some() {
        return Vec::new();
    }
    let mut named = Vec::new();
    let mut stack = vec![written];
    while let Some(node) = stack.pop() {
        named.extend(slot(node));
        // `payload: Events[K]`: the checker infers nothing for `K` from an index; it
        // reads the member the key inferred elsewhere names.
        if facts.lang.resolve.indexed_types.iter().any(|k| k == node.kind()) {
            stack.extend(node.named_child(0));
            continue;
        }
        // `Omit<Extract<Part, { type: Type }>, "options">`: a derived type's other arguments
        // (the keys it drops, the shape it extracts by) are no place the checker infers from.
        if let Some((_, first)) = derived_arguments(facts, node) {
            stack.push(first);
            continue;
        }
        if results_only && facts.lang.resolve.function_types.iter().any(|k| k == node.kind()) {
            stack.extend(node.child_by_field_name("return_type"));
            continue;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    named
}

/// A generic type node that is one of the language's `derived_types` (`Omit<T, K>`), and its
/// first type argument.
fn derived_arguments<'t>(facts: &Facts, node: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
    let r = &facts.lang.resolve;
    let form = Resolve::form(&r.type_generics, node.kind())?;
    let base = part(node, form.object.as_deref())?;
    r.derived_types.get(facts.text_of(base))?;
    let first = super::types::type_arguments(node, form.arguments.as_deref())
        .into_iter()
        .next()?;
    Some((base, first))
}

/// Whether an argument is a function written in place that leaves a parameter's type to what
/// it is given to (`(d) => d.path`, `|x| x.n`, `lambda x: x`), unwrapped of an array of them
/// (`[(d) => d.a, (d) => d.b]`): such a function is typed by the call, never types it.
fn typed_by_context(r: &Resolve, argument: Node<'_>) -> bool {
    let untyped = |function: Node<'_>| {
        if function.child_by_field_name("parameter").is_some() {
            return true;
        }
        function
            .child_by_field_name("parameters")
            .map(written_parts)
            .is_some_and(|ps| ps.iter().any(|p| p.child_by_field_name("type").is_none()))
    };
    if super::types::is_function_like(argument) {
        return untyped(argument);
    }
    let mut cursor = argument.walk();
    let items: Vec<Node<'_>> = argument.named_children(&mut cursor).collect();
    r.element_literals.iter().any(|k| k == argument.kind())
        && !items.is_empty()
        && items.iter().all(|i| super::types::is_function_like(*i) && untyped(*i))
}

/// The keyword arguments of the argument list `list` (`f(x, base_cls=LoadMixin)`), each name
/// with its value.
fn keyword_values<'t>(facts: &'t Facts, list: Node<'t>) -> Vec<(&'t str, Node<'t>)> {
    let r = &facts.lang.resolve;
    let mut cursor = list.walk();
    list.named_children(&mut cursor)
        .filter_map(|argument| {
            let form = r.keyword_keys.iter().find(|k| k.kind == argument.kind())?;
            let name = part(argument, form.name.as_deref())?;
            let value = part(argument, form.object.as_deref())?;
            Some((facts.text_of(name), value))
        })
        .collect()
}

/// The name a written parameter declares (`base_cls` of `base_cls: T = None`), where it is
/// one name.
fn parameter_name<'t>(facts: &'t Facts, parameter: Node<'_>) -> Option<&'t str> {
    let names = &facts.lang.resolve.names;
    let name = match names.iter().any(|k| k == parameter.kind()) {
        true => parameter,
        false => parameter
            .child_by_field_name("name")
            .or_else(|| parameter.named_child(0))
            .filter(|n| names.iter().any(|k| k == n.kind()))?,
    };
    Some(facts.text_of(name))
}
