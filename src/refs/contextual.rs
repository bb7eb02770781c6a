//! Contextual typing: a function written where the code expects a function of a known type
//! takes its parameters' types from that type, as the checker gives them — a parameter left
//! unannotated there is not untyped.
//!
//! Read for a function that is a member of an object literal whose type is expected (the
//! literal passed as an argument, assigned to a typed variable, returned, nested under a
//! typed key): `{ register(reg, meta) { .. } }` or `{ register: (reg) => .. }`, where the
//! literal is a `ProtoOf<ZodType>`, gives `reg` the type of parameter 0 of
//! `ZodType.register` — a method's written parameter, or a property's function type's
//! (`onChange: (value: V) => void`). A parameter that is a plain name is typed so, and so is
//! a destructuring parameter's whole pattern (`bold: ({ mark }) => ..`), which the pattern
//! then takes apart; a rest parameter is not.
//!
//! A function passed as an argument (`r.each(|e| e.name)`, `store.subscribe((s) => ..)`)
//! takes its parameters from the parameter it is passed to, when that is a function type:
//! written in place (`(s: T) => void`), or a type parameter whose bound is a function trait
//! (`F: FnMut(&Entry)`, also in a `where` clause; `impl Fn(&Entry)`, `&dyn Fn(&Entry)`,
//! `dyn Fn(&Entry) + Send`, each bound read). Given to a pass-through wrapper's constructor
//! (`Box::new(|frames| ..)` where a `Box<dyn Fn(&mut Vec<&Frame>)>` goes), it is expected to
//! be what the wrapper is expected to hold, since the wrapper is read as what it holds.
//! A method called on a value fills its receiver itself, so the arguments start after it;
//! the function type's own parameters are read with the type arguments given where it was
//! read (`Store<Config>`'s `T` is `Config`). Where the call may reach several definitions
//! that each expect a function (`cfg` alternatives of one method, overloads), the parameter
//! is what all of them give it, or not known.

use super::facts::{Facts, Range};
use super::resolve::{Entity, Resolver};
use super::types::{part, Ty};
use crate::lang::Resolve;
use tree_sitter::Node;

/// The parameter whose whole pattern is the name at `name`, and the function declaring it.
fn parameter_of_function<'t>(name: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
    // `view => ..`: the arrow's one parameter, written bare.
    let parent = name.parent()?;
    if parent
        .child_by_field_name("parameter")
        .is_some_and(|p| p.id() == name.id())
    {
        return Some((name, parent));
    }
    let mut parameter = name;
    for _ in 0..2 {
        let list = parameter.parent()?;
        let function = list.parent()?;
        if function
            .child_by_field_name("parameters")
            .is_some_and(|p| p.id() == list.id())
        {
            return Some((parameter, function));
        }
        // A parameter node around the name (`reg: R`): the name must be its pattern.
        let pattern = list.child_by_field_name("pattern");
        if parameter.id() != name.id() || pattern.is_some_and(|p| p.id() != name.id()) {
            return None;
        }
        parameter = list;
    }
    None
}

impl Resolver<'_> {
    /// The type of the parameter named at `at` when it is a parameter of a function that is a
    /// member of an object literal of an expected type (`None`: it is not one).
    pub(super) fn contextual_parameter(&self, facts: &Facts, at: Range, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let (parameter, function) = parameter_of_function(facts.node(at)?)?;

        let index = match function.child_by_field_name("parameters") {
            Some(list) => super::types::written_parts(list)
                .iter()
                .position(|c| c.id() == parameter.id())?,
            None => 0,
        };
        let keyed = match r.field_keys.iter().find(|f| f.kind == function.kind()) {
            // `{ register(reg) { .. } }`: the method is its own key.
            Some(form) => Some((part(function, form.name.as_deref())?, function.parent()?)),
            None => {
                // `{ register: (reg) => .. }`: the value under a key.
                let holder = function.parent()?;
                r.field_keys
                    .iter()
                    .find(|f| f.kind == holder.kind() && f.object.is_some())
                    .filter(|form| part(holder, form.object.as_deref()).is_some_and(|v| v.id() == function.id()))
                    .and_then(|form| Some((part(holder, form.name.as_deref())?, holder.parent()?)))
            }
        };
        let Some((key, literal)) = keyed else {
            // `handlers.focus = view => ..`, `run((view) => ..)`: a function where a function
            // type is expected takes its parameters' types from that type.
            return match self.expected_type(facts, function, depth + 1).unbounded() {
                Ty::Callable(_, Some(written)) => self.function_type_parameter(&written, index, depth + 1),
                // Overloads or `cfg` alternatives each expecting a function: what their
                // parameters share.
                Ty::OneOf(expected) => {
                    let parameters = expected.into_iter().map(|e| match e.unbounded() {
                        Ty::Callable(_, Some(written)) => self.function_type_parameter(&written, index, depth + 1),
                        _ => None,
                    });
                    parameters.collect::<Option<Vec<Ty>>>().map(super::types::one_of)
                }
                _ => None,
            };
        };
        // Only a literal whose type is expected (not one writing its type: `Config { .. }`).
        if Resolve::form(&r.keyed_literals, literal.kind())?.object.is_some() {
            return None;
        }
        let ty = self.expected_type(facts, literal, depth + 1);
        let ty = self.narrowed_by_literal(facts, literal, ty, depth + 1);
        if let Ty::InPlace(written) = &ty {
            // `f({ unwatched(node) { .. } })` with `f({..}: { unwatched(sub: Node): void })`.
            return self.in_place_parameter_type(written, facts.text_of(key), index, depth + 1);
        }
        // `markMapping: { bold: ({ mark }) => .. }` for a `Record<string, (ctx: P) => R>`:
        // every value is of the record's value type.
        if let Ty::Record(value) = ty.clone().unbounded() {
            return match value.unbounded() {
                Ty::Callable(_, Some(written)) => self.function_type_parameter(&written, index, depth + 1),
                _ => None,
            };
        }
        match self.member(&ty, facts.text_of(key), depth + 1) {
            Entity::Def(member) => Some(self.parameter_type(&member, index, depth + 1)),
            _ => None,
        }
    }
}
