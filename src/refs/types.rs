//! The type of a value, as far as the code writes it: what a method call's receiver is, so
//! that `engine.process()` is `Engine.process` when `engine` is an `Engine`.
//!
//! Read from what the code says, one step at a time, each step a rule a reader can check:
//! a constructor (`Engine()`, `new Engine()`, `Engine::new()`, `Engine { .. }`), an
//! annotation of a variable, parameter or field (`e: Engine`, `let e: &mut Engine`), a
//! field assigned in a method (`self.engine = Engine()`), the written return type of a
//! function the layer resolves (`make_engine().process()`), or, where none is written, what
//! its `return` statements give; `self`/`this`/`Self` inside a type; `super`. Wrappers
//! come off as the language says (`Optional[T]`, `T | undefined`, `Box<T>` pass method
//! calls through; `Option<T>`, `Result<T, E>`, `Promise<T>` give `T` to `?`, `await`, or an
//! unwrap method); a pass-through wrapper made by its constructor (`Box::new(x)`,
//! `Rc::new(x)`) or by another of its functions whose result holds what its first argument
//! holds (`Arc::clone(&a)`, `Box::leak(b)`) is what it holds, and a type path's turbofish
//! (`Map::<K, V>::new()`, `Box::<Node>::default()`) names the type. A function that gives
//! back one of its arguments (`copy.copy(x)`, `functools.reduce(f, xs, start)`) gives that
//! argument's type when it is a type of the root — a fold may grow past a `None` start. A
//! static an item macro lists is its written type, wrapped as the macro says
//! (`thread_local!`: a `LocalKey<T>`). What none of these tell is `Unknown`, with the
//! reason — never a guess.
//!
//! A container gives back what its written type says it holds, the same way in each
//! language, from data: a collection its elements, a map its values (and keys, and pairs),
//! a record a `V` for every property, a `Result` its error. `map` gives a collection of what
//! its callback returns, a range a collection of its bounds, and a collection whose element
//! type is left to inference (`Vec<_>`) the elements collected into it — what the mapping
//! callback makes where it says so by itself (`.map(|s| Frame { .. })` of a foreign
//! iterator), and a `collect()` left wholly to inference the same elements, where they are
//! of a type of the root and no type of the root collects (`impl FromIterator`), since only
//! the standard library's collections can then take them. A type parameter bounded by a
//! conversion trait (`C: Into<Rgb>`, `impl AsRef<Path>`) holds its target, given by the
//! trait's method. Awaiting a value of a class of the root gives what its awaitable base
//! holds (`class Manager(Coroutine[Any, Any, T], Generic[T])` awaited as a `Manager[Resp]`:
//! `Resp`; `Coroutine` holds its third argument), else unknown, never foreign; awaiting a
//! call of an `async` function gives its written return (`await mk()`, `mk().await`), and
//! `async with` binds what the manager's async enter method gives. A value of a class of the
//! root called (`client(app)`) is what its call method (`__call__`) gives, else unknown. A string
//! annotation (`"Manager[Resp]"`) is its content parsed in place. What saguaro cannot read of a
//! container is never taken for a foreign value: a type from outside the root given a type
//! of the root, or a field read on a standard wrapper, is `Unknown`, so its uses stay name
//! matches rather than disappear. Foreign (`External`) means only what is known foreign: a
//! builtin, or an outside type holding nothing of the root. In Rust an outside generic type
//! holding one type of the root ([`Ty::Holding`]: `CachePadded<Position>`) gives that type's
//! fields, since a field is reached through `Deref` and outside types rarely have public
//! fields of their own (those that do, `Range`'s `start`, are data: `own_field_types`); its
//! methods stay unknown. `get_unchecked(i)` gives an element itself, and a `fold`'s or
//! `reduce`'s callback takes the element second, after the value carried between calls. A
//! lambda passed to a builtin that calls it with each element of a collection
//! (`sorted(xs, key=lambda x: ..)`, `map(lambda x: .., xs)`: `argument_callbacks`) takes an
//! element, as the checker reads a lambda against the callable its argument expects.
//!
//! A raw pointer is read as what it points to (`AtomicPtr<T>`'s `load` gives it), and a
//! `Some(x)` or `Ok(x)` pattern matching a value read as a type of the root binds that value:
//! the program compiles, so the wrapper is one saguaro's reading dropped (a pointer's
//! `as_ref()`). The arms of a `match` or `if` giving tuples give a tuple whose each element
//! is what the arms agree on there (`(*node, Some(v))` beside `(node, None)`).
//!
//! A method written to return its class's own type (`-> Self`, `: this`) gives its
//! receiver's type, a subclass's as much as the class's own (`with Sub() as s`); a cast is
//! the type it names (`x as T`, `<T>x`, `typing.cast(T, x)`, a quoted generic of the root
//! `'Base[K, V]'` read as `Base`). Known foreign where it is neither would drop a subclass's
//! members, so none of these is ever `External` on the way.
//!
//! A function written as a value (an arrow, a closure, a lambda) is a function type: it
//! gives what its written return type says, else what its body written as an expression is
//! (`const all = () => blockers`), and a definition without a written return type whose
//! body is an expression gives that expression's value, whatever its type. One of several
//! functions (`opts.parse ?? (() => parse(..))`) gives one of their results. A function
//! written in place as an argument takes its type from the parameter it is given to, never
//! gives a generic parameter its own. A value whose type is a function type (written, or
//! through an alias: `blockerFn: BlockerFn`) expects what that type's parameters say, and a
//! member of a type written in place (`opts: { getBlockers?: () => Blocker[] }`) is called
//! as that type declares it. The types the standard library derives from another
//! (`derived_types`) are read as it says: `Omit<T, K>` and `Pick<T, K>` have some of T's
//! members, `ReturnType<typeof f>` is what `f` returns, `InstanceType<typeof C>` a `C`,
//! `ConstructorParameters<typeof C>[0]` the constructor's first parameter, and
//! `Extract<Part, { type: "tool" }>` the members of `Part` whose `type` may be `"tool"` (a
//! string literal type is the string itself, as a key or discriminant reads it). An object
//! literal going where a union of object types goes keys, at each property, that property
//! of the members that have it.
//!
//! A `@classmethod` that writes no return type and returns a call of its class parameter
//! (`return cls(**kwargs)`) gives the class it is called on, as `-> Self` does; `cls(lo=1)`
//! names a dataclass's field by keyword as `Table(lo=1)` does. `super({..})` in a
//! constructor passes its literal to the constructor of the class's first base. A name
//! imported under another (`use std::sync::Mutex as StdMutex`) is read as the name it
//! imports, so the language's wrappers are known by either; lifetimes in a type's arguments
//! say nothing of what it holds (`MutexGuard<'_, T>`, a guard reaching its `T`).
//!
//! A parameter without a written type is what its default makes it, as the checkers type
//! it (`disk=Disk` is the class; `count=0` an `int`); one whose default is `None` is
//! nothing in the function, so `packetizer_class or Packetizer` is the fallback. A type of
//! the root that implements an iteration trait and names its item (`impl Iterator for
//! Attributes { type Item = Attribute }`) is a collection of that item to the methods the
//! trait provides and to a loop, and an index into one that implements `Index` reads what
//! its `index` returns (`&Self::Output`). `map` and `and_then` on a wrapper give the same
//! wrapper of, or what, their callback returns. A string key names a member where the
//! language reads it so: an index or a literal key of a `TypedDict` (whose keys are its
//! fields), and any string index or quoted key in TypeScript (`brain["transform"]`). A call
//! of a `macro_rules!` of the root is what its arms give: a call of a path, or a struct
//! literal that is an arm's value or its block's last expression.
//!
//! A value typed anything (`any`, `Any`) stays so through what is read of it: its members,
//! elements and calls are anything, and a choice one of whose values is anything is too.
//! An alias of a type written with its members in place (`type Input = { data: any }`) is
//! a type of its own, whose members are read like an interface's; one whose only member is
//! an index signature over a record key (`type Dict = { [key: string]: Conf }`, and so an
//! interface extending nothing) is a record of that value, like `Record<string, Conf>`:
//! `dict[eip]` and `dict.a` are `Conf`s, and so are the values of a literal it types.
//!
//! A definition under a decorator that replaces it is what the outermost such decorator
//! gives when called with it (`@command()` first calls the factory): known only when that
//! decorator's written return names a type of the root, since one from outside the root may
//! keep the function's own type. An overloaded function's call takes the first overload,
//! in the order written, that its arguments fit, as the checkers choose; where the
//! arguments' text does not tell (a value of an unread type against a class), the call is
//! one of the overloads left ([`Ty::OneOf`]), and only a member they all share is known.
//!
//! A name read after a conditional whose branches assign it holds what one of them
//! assigned, or what it held before where a path through it assigns it nowhere: the type
//! those values agree on, a nothing (`None`) aside as the checker reads a member of an
//! optional value, else one of their types; where one of them cannot be read, the binding
//! seen last stands for all. A generic class given its type arguments by an index and
//! called (`Stack[Ctx]()`) is a value of it with them, and a property read on a value with
//! type arguments returns what its getter writes with them, as a method call does. A loop
//! over a value of a class writing its own iteration (`__iter__`) takes the elements of
//! what that method gives (`return iter(self.items)`). `Annotated[T, ..]` is `T`, the rest
//! metadata, as is a module's alias of it named by a qualified name (`svcs.fastapi.Dep`),
//! and a parameter written `type[T]` infers `T` from the class passed. `tuple[T, ...]` is a
//! collection of `T`; a lambda given to a module's function of the standard library
//! (`itertools.groupby(xs, key=..)`) takes an element; `process::exit(..)` gives no value.
//!
//! A method a generic base declares, called on a value (or, a class method, on the class)
//! of a subclass, reads its signature with what each class's base clause gives the next,
//! the value's own type arguments given first to its class (`GetOrCreate[Band]` of `class
//! GetOrCreate(Proxy["Objects[T]", T], Generic[T])`: `Proxy.run() -> R` is a `Band`); a
//! type argument that is itself generic (`Optional[T]`) is one argument. A value that is one
//! of several functions (`dev ? r.resolveUncached : r.resolveCached`) is [`Ty::OneOf`]
//! them: a literal passed to it is what they all take there, and the call gives what they
//! all give. A disjunction of class tests of one name (`x instanceof A || x instanceof B`)
//! makes it, where the disjunction holds, an instance of one of the classes.
//!
//! A function that writes no return type returns one of what its `return`s give (the union
//! pyright and tsc infer), not the first of them: `return cls(..)` beside `return
//! cls().decorate(f)` is a breaker or a function, and a member only the breaker has is the
//! breaker's. A method called on one of several types is the call of those that have it
//! (`root.getChild(0)` of an `Internal | Stem`), as a member read on it is. `type[T]` of a
//! type variable bound to a union (`bound="Document | View"`) is a class that is at least
//! one of those classes. An indexed access by a key type saguaro does not read
//! (`Typed[Kind]`, `Kind` the values of a constant object) is one of the object's fields'
//! types, since the checker lets only its keys index it. An object literal is its own keys'
//! type, and a member it does not write is what a value it spreads has (`{ ...opts, db }`:
//! `root` is `opts.root`), the last key that writes or brings a name deciding. A type alias
//! met again inside its own value (`type Input = string | Array<Input>`) is not read again.
//!
//! A variable declared with nothing (`let mut corner = None;`, `let found;`) has the type of
//! the first value its scope assigns it after (`corner = Some((label, true))`), as rustc and
//! tsc infer it; a name a module gives no value before defining it (`PredictionMode =
//! None` above `class PredictionMode`) is the definition ([`Facts::symbol`]). A standard
//! wrapper made by its maker holds the argument (`Mutex::new(state)` is a `Mutex<State>`,
//! never a foreign value whose fields are none of the root's), a standard collection made
//! by its own function is what its turbofish writes (`Vec::<Group<_>>::new()`) or, made
//! empty, holds what its scope stores in it (`Vec::new()` then `labels.push(x)`), and a
//! cell holding at most one value (`OnceLock<T>`) is read as a collection of it, its
//! `get()` an `Option`. A function called through a bounded type parameter (`P::singleton()`
//! with `P: BoxPool`) returns what the bound's trait declares. A Rust closure whose body is
//! a block gives its tail's value (any `return` in it gives the same type), an `Option`'s
//! `iter()` is a collection of its one value, and `min_by_key` and its kin give an
//! `Option` of an element, as `find` does.

use super::facts::{single_call_callee, strip_quotes, Facts, Range};
use super::modules::ModuleId;
use super::resolve::{DefId, Entity, Resolver, MAX_DEPTH};
use super::scope::{Binding, Discriminant, Narrowing};
use crate::lang::{captured, Captures, Derived, MapPart, ModuleSystem, Resolve, SyntaxForm, WrapperResult};
pub(super) use crate::lang::{part, written_parts};
use crate::symbols::signature::{self, Arguments};
use std::collections::HashMap;
use tree_sitter::Node;

/// Why a type the code leaves to the compiler (`_`) is unknown.
const INFERRED: &str = "a type left to inference";

thread_local! {
    /// The type aliases being read on this thread: one met again inside its own value
    /// (`type Input = string | Array<Input>`) is not read again.
    static ALIASES_IN_PROGRESS: std::cell::RefCell<std::collections::HashSet<DefId>> = std::cell::RefCell::default();
}

/// What is known of a value's type.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    /// A value of this class, struct, enum, interface or trait (a trait object).
    Instance(DefId),
    /// A value of a generic type of the root with its type arguments, in the order of its
    /// type parameters (lifetimes aside): `Holder<Config>`. What a member of it declares with
    /// a parameter (`inner: T`, `fn get(&self) -> &T`) is the argument given for it.
    Applied(DefId, Vec<Ty>),
    /// The type itself (`Engine` in `Engine.create()`).
    Class(DefId),
    Module(ModuleId),
    /// A function or method as a value: calling it gives its return type.
    Function(DefId),
    /// `super`: the bases of this class, in order.
    Bases(DefId),
    /// A value known by the traits it implements (`impl Read`, `dyn Read`, `T: Read`).
    Bounds(Vec<DefId>),
    /// A value of a type parameter: of some type that has at least its bound's members
    /// (the caller's type may have more, so a member the bound lacks is not known missing).
    Bounded(Box<Ty>),
    /// A value of a generic type from outside the root holding one type of the root
    /// (`CachePadded<Position>`): a field read on it is that type's, since Rust reaches a
    /// field through `Deref` and a type from outside rarely has public fields of its own;
    /// its methods, its own or reached, are not known.
    Holding(Box<Ty>),
    /// A wrapper around a value (`Option`, `Promise`): its name, what it holds, and the
    /// error it may hold instead where its type says (`Result<T, E>`).
    Wrapped(String, Box<Ty>, Option<Box<Ty>>),
    /// A tuple: what each place holds.
    Tuple(Vec<Ty>),
    /// A collection (`list[T]`, `Vec<T>`, `T[]`): what each element is.
    Elements(Box<Ty>),
    /// A map (`dict[K, V]`, `HashMap<K, V>`, `Map<K, V>`): its keys and its values.
    Keyed(Box<Ty>, Box<Ty>),
    /// A record (`{ [key: string]: V }`, `Record<string, V>`): an object whose every
    /// property, read by name or by index, is a `V`.
    Record(Box<Ty>),
    /// Something callable (`Callable[..., R]`, `() => R`): what calling it gives, and
    /// where its function type is written when it is one (`(info: Info) => R`): what its
    /// parameters expect of an argument.
    Callable(Box<Ty>, Option<WrittenFunction>),
    /// One of these, the code does not tell which (a union, an overloaded call whose
    /// arguments do not choose the overload): only a member all of them share is known.
    OneOf(Vec<Ty>),
    /// All of these at once (an intersection, `A & B`): a member is the one the part that
    /// declares it has.
    AllOf(Vec<Ty>),
    /// A type whose members are written in place (`{ code: Options }`), read from its text.
    InPlace(WrittenAt),
    /// The type of an object literal nothing gives a type to (`{ rounds: 20 }` passed for a
    /// type parameter): the keys it writes, none of them a member of the root.
    Literal(WrittenAt),
    /// A string literal's own type (`"added"` passed for `K extends keyof Events`): a key
    /// an indexed access type reads (`Events[K]`); its members are a string's.
    Text(String),
    /// A type from outside the root, or a builtin.
    External,
    Unknown(&'static str),
}

/// A node of a file of the root, kept by place (a [`Ty`] outlives the trees it is read from).
#[derive(Debug, Clone, PartialEq)]
pub struct WrittenAt {
    pub file: String,
    pub range: Range,
}

impl WrittenFunction {
    fn of(facts: &Facts, node: Node<'_>) -> WrittenFunction {
        WrittenFunction {
            at: WrittenAt::of(facts, node),
            given: super::generics::GivenNow::now(),
        }
    }
}

impl WrittenAt {
    pub(super) fn of(facts: &Facts, node: Node<'_>) -> WrittenAt {
        WrittenAt {
            file: facts.path.clone(),
            range: (node.start_byte(), node.end_byte()),
        }
    }
}

/// A function type written in the root, with the type arguments given where it was read
/// (`f: F` with `F: FnMut(&T)`, read on a `Registry<Entry>`): its parameters are read with
/// them, as the type they are part of was.
#[derive(Debug, Clone, PartialEq)]
pub struct WrittenFunction {
    pub at: WrittenAt,
    pub given: super::generics::GivenNow,
}

/// Why a value is [`Ty::Unknown`] when its written type admits anything (`any`, `Any`): its
/// members, elements and calls are anything too, and it fits every parameter.
const ANYTHING: &str = "a value typed as anything (`any`)";

/// The argument a bare decorator is called with: the definition under it.
pub const DECORATED_DEFINITION: &str = "<decorated definition>";

impl Ty {
    /// A type the code leaves to the compiler (`_`), or a collection of it (`Vec<_>`).
    fn left_to_inference(&self) -> bool {
        match self {
            Ty::Unknown(why) => *why == INFERRED,
            Ty::Elements(element) => element.left_to_inference(),
            _ => false,
        }
    }

    /// The bound of a value of a type parameter, where what matters is what the bound
    /// declares (a field's type), not what it lacks.
    pub(super) fn unbounded(self) -> Ty {
        match self {
            Ty::Bounded(bound) => *bound,
            ty => ty,
        }
    }

    /// The definition a type written by name is (`Engine`, `Holder<T>`, or the type itself):
    /// `None` for any other type.
    pub fn definition(&self) -> Option<&DefId> {
        match self {
            Ty::Instance(c) | Ty::Applied(c, _) | Ty::Class(c) => Some(c),
            _ => None,
        }
    }

    /// The class of a value of it, with or without type arguments.
    pub fn instance_class(&self) -> Option<&DefId> {
        match self {
            Ty::Instance(c) | Ty::Applied(c, _) => Some(c),
            _ => None,
        }
    }

    /// A value typed as anything (`any`, `Any`): the checker takes it wherever it is passed.
    pub fn is_anything(&self) -> bool {
        matches!(self, Ty::Unknown(why) if *why == ANYTHING)
    }
}

/// One field of a class, as written.
#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub declared_type: Option<Range>,
    pub value: Option<Range>,
    /// Assigned in a method (`self.x = ...`), not declared by the class.
    pub assigned: bool,
}

/// What `types.scm` finds in one file.
#[derive(Debug, Default)]
pub struct TypeFacts {
    /// Class name path → its bases, in order.
    pub bases: HashMap<String, Vec<Range>>,
    /// (class name path, field) → its declarations, in file order.
    pub fields: HashMap<(String, String), Vec<Field>>,
    /// Function name path → the values it returns.
    pub returns: HashMap<String, Vec<Range>>,
    /// Rust `impl Trait for Type`: (trait, type).
    pub implements: Vec<(Range, Range)>,
}

const CLASS_KINDS: [&str; 7] = ["class", "interface", "struct", "enum", "union", "trait", "type"];

fn is_class(kind: &str) -> bool {
    CLASS_KINDS.contains(&kind)
}

impl TypeFacts {
    /// What the matches of `types.scm` over the file of `facts` say (`names`: their capture
    /// names).
    pub fn from_matches(facts: &Facts, names: &[&str], matches: &[Captures<'_>]) -> TypeFacts {
        let mut out = TypeFacts::default();
        let text = facts.text();
        let range = |n: Node<'_>| (n.start_byte(), n.end_byte());
        for m in matches {
            let capture = |wanted: &str| captured(m, names, wanted);
            let class = capture("class")
                .and_then(|c| facts.symbol_named_at(range(c)))
                .map(|s| s.path.clone());
            if let Some(base) = capture("base") {
                match capture("base.of") {
                    Some(of) => out.implements.push((range(base), range(of))),
                    None => {
                        if let Some(class) = class.clone() {
                            if base.kind() != "keyword_argument" {
                                out.bases.entry(class).or_default().push(range(base));
                            }
                        }
                    }
                }
                continue;
            }
            // `struct Entered<'a>(&'a State)`: the field is named by its place among the
            // list's types (`.0`).
            if let (Some(written), Some(class)) = (capture("field.positional"), class.clone()) {
                if let Some(list) = written.parent() {
                    let mut cursor = list.walk();
                    let place = list
                        .children_by_field_name("type", &mut cursor)
                        .position(|t| t.id() == written.id());
                    if let Some(place) = place {
                        out.fields.entry((class, place.to_string())).or_default().push(Field {
                            declared_type: Some(range(written)),
                            value: None,
                            assigned: false,
                        });
                    }
                }
                continue;
            }
            let assigned = capture("field.assigned");
            if let Some(name) = capture("field.name").or(assigned) {
                // `spec: { nodes: .. }`: a property written inside another member's type is
                // that type's, not the class's.
                let nested = || {
                    let wrappers = &facts.lang.resolve.type_wrappers;
                    std::iter::successors(name.parent(), |n| n.parent()).any(|n| wrappers.iter().any(|w| w == n.kind()))
                };
                let owner = class.clone().or_else(|| {
                    (!nested())
                        .then(|| facts.enclosing(name.start_byte(), |s| is_class(&s.kind)))
                        .flatten()
                        .map(|s| s.path.clone())
                });
                if let Some(owner) = owner {
                    // `'status:change': Event`: a property named by a string is named by
                    // what the string holds, as an index `Events['status:change']` reads it.
                    out.fields
                        .entry((owner, strip_quotes(&text[name.byte_range()])))
                        .or_default()
                        .push(Field {
                            declared_type: capture("field.type").map(range),
                            value: capture("field.value").map(range),
                            assigned: assigned.is_some(),
                        });
                }
                continue;
            }
            if let Some(value) = capture("return") {
                if let Some(function) = facts.enclosing(value.start_byte(), |s| {
                    matches!(s.kind.as_str(), "function" | "method" | "getter" | "constructor")
                }) {
                    // `mapFragment(xs, (node) => { return node })` inside a method: the
                    // callback's return, not the method's.
                    let own = facts
                        .node(facts.declaration(function))
                        .is_none_or(|declaration| returns_from(value, declaration));
                    if own {
                        out.returns.entry(function.path.clone()).or_default().push(range(value));
                    }
                }
            }
        }
        out
    }
}

/// The trait written on the implementation block around `node` (`Iterator` of `impl
/// Iterator for Attributes { .. }`); `None` outside one, or in a block implementing none.
pub fn implemented_trait<'t>(r: &Resolve, node: Node<'t>) -> Option<Node<'t>> {
    let (block, form) = std::iter::successors(node.parent(), |n| n.parent())
        .find_map(|n| Resolve::form(&r.implementations, n.kind()).map(|form| (n, form)))?;
    part(block, form.name.as_deref())
}

/// Whether `n` is a function, named or not (a definition, a closure, an arrow, a lambda): a
/// body and parameters.
pub(super) fn is_function_like(n: Node<'_>) -> bool {
    n.child_by_field_name("body").is_some()
        && (n.child_by_field_name("parameters").is_some() || n.child_by_field_name("parameter").is_some())
}

/// The function written as a value (a closure, an arrow, a lambda) whose parameter, or
/// parameter pattern, is at `at`: the nearest function-like node a few levels up.
fn function_around<'t>(facts: &'t Facts, at: Range) -> Option<Node<'t>> {
    std::iter::successors(facts.node(at), |n| n.parent())
        .skip(1)
        .take(5)
        .find(|n| is_function_like(*n))
}

/// Whether the `return` of `value` returns from `declaration`: no function stands between
/// them but the one `declaration` is written as (`const f = (x) => { return x }`).
fn returns_from(value: Node<'_>, declaration: Node<'_>) -> bool {
    let mut functions = 0;
    let mut inside_body = false;
    let mut up = value.parent();
    while let Some(n) = up {
        if n.id() == declaration.id() {
            // One function below the declaration is its own only when written as its value,
            // outside any body of the declaration's.
            return functions == 0 || (functions == 1 && !inside_body && !is_function_like(declaration));
        }
        if is_function_like(n) {
            functions += 1;
        } else if functions > 0 && n.child_by_field_name("body").is_none() && n.kind().contains("block") {
            inside_body = true;
        }
        up = n.parent();
    }
    true
}

/// The type written on the `this` parameter of the function whose own `this` `node` is
/// (`function computed<T>(this: ComputedNode<T>)`), if it writes one.
fn this_parameter_type<'t>(facts: &'t Facts, node: Node<'t>) -> Option<Node<'t>> {
    let r = &facts.lang.resolve;
    let mut up = node.parent();
    while let Some(n) = up {
        if r.this_binding_functions.iter().any(|k| k == n.kind()) {
            let first = n.child_by_field_name("parameters")?.named_child(0)?;
            let pattern = first.child_by_field_name("pattern")?;
            if !r.self_kinds.iter().any(|k| k == pattern.kind()) {
                return None;
            }
            return first.child_by_field_name("type");
        }
        up = n.parent();
    }
    None
}

/// Whether the grammar reads the spread of `node` inside it: Python reads `*self.xs.values()`
/// as `((*self).xs.values)()`, so the element is a spread of the whole chain (whose type
/// reads the spread it starts with as what it spreads).
fn spread_misread(r: &Resolve, node: Node<'_>) -> bool {
    let mut at = node;
    loop {
        let next = Resolve::form(&r.calls, at.kind())
            .and_then(|f| part(at, f.callee.as_deref()))
            .or_else(|| Resolve::form(&r.members, at.kind()).and_then(|f| part(at, f.object.as_deref())));
        match next {
            Some(n) if r.spreads.iter().any(|k| k == n.kind()) => return true,
            Some(n) => at = n,
            None => return false,
        }
    }
}

/// The object literal (of a kind whose type is expected, not written) whose method is the
/// function `this` at `node` is bound by.
fn this_literal<'t>(facts: &'t Facts, node: Node<'t>) -> Option<Node<'t>> {
    let r = &facts.lang.resolve;
    let function = std::iter::successors(node.parent(), |n| n.parent())
        .find(|n| r.this_binding_functions.iter().any(|k| k == n.kind()))?;
    // `{ stop() { .. } }`: the method is its own key; `{ stop: function () { .. } }`.
    let literal = match r.field_keys.iter().any(|f| f.kind == function.kind()) {
        true => function.parent()?,
        false => function
            .parent()
            .filter(|p| r.field_keys.iter().any(|f| f.kind == p.kind()))?
            .parent()?,
    };
    let form = Resolve::form(&r.keyed_literals, literal.kind())?;
    form.object.is_none().then_some(literal)
}

/// What a wrapping node holds: its `value` field, else its first named child that is not a
/// comment.
fn inner(node: Node<'_>) -> Option<Node<'_>> {
    // `&mut x`: the value, not the `mut` written before it.
    if let Some(value) = node.child_by_field_name("value") {
        return Some(value);
    }
    let mut cursor = node.walk();
    let found = node.named_children(&mut cursor).find(|c| !c.kind().contains("comment"));
    found
}

impl Resolver<'_> {
    /// The type of a choice between values (`a if c else b`, `c ? a : b`): the one type its
    /// values have, a `None`/`null` among them aside (a member read on it can only be the
    /// other's); unknown when they differ.
    fn choice_type(&self, facts: &Facts, node: Node<'_>, form: &SyntaxForm, depth: usize) -> Ty {
        let values: Vec<Node<'_>> = match (form.arguments.as_deref(), form.name.as_deref()) {
            // `match x { A => a, B => b }`: each arm's value.
            (Some(arm), Some(value)) => {
                let mut arms = Vec::new();
                let mut stack = vec![node];
                while let Some(n) = stack.pop() {
                    if n.kind() == arm {
                        arms.extend(n.child_by_field_name(value));
                        continue;
                    }
                    let mut cursor = n.walk();
                    stack.extend(n.named_children(&mut cursor));
                }
                arms
            }
            // `a if c else b`, `c ? a : b`: the parts but the condition.
            _ => {
                let condition = match form.object.as_deref() {
                    Some(field) => node.child_by_field_name(field).map(|c| c.id()),
                    None => (node.named_child_count() == 3)
                        .then(|| node.named_child(1).map(|c| c.id()))
                        .flatten(),
                };
                let mut cursor = node.walk();
                let parts: Vec<Node<'_>> = node
                    .named_children(&mut cursor)
                    .filter(|c| !c.kind().contains("comment") && Some(c.id()) != condition)
                    .collect();
                parts
            }
        };
        self.one_type(facts, &values, depth)
    }

    /// The one type `values` have (a `None`/`null` and what never gives a value — `panic!()`,
    /// `return` — aside), or why there is none. One value typed as anything makes the whole
    /// anything (`c ? xs : xs[0]` with `xs: any[]`). An empty collection literal beside
    /// other values (`m if m else {}`) holds nothing of another type: it is set aside too.
    /// Functions of different types (`dev ? r.resolveUncached : r.resolveCached`) are one of
    /// them ([`Ty::OneOf`]): a call of the value passes its arguments to whichever it is, so
    /// what they all expect of an argument is known, and what they all give.
    fn one_type(&self, facts: &Facts, values: &[Node<'_>], depth: usize) -> Ty {
        let valued: Vec<Node<'_>> = values
            .iter()
            .copied()
            .filter(|v| !facts.is_nothing(*v) && !diverges(facts, *v))
            .collect();
        let empty = |v: &Node<'_>| {
            facts.lang.resolve.empty_collections.iter().any(|k| k == v.kind()) && written_parts(*v).is_empty()
        };
        let holding: Vec<Node<'_>> = valued.iter().copied().filter(|v| !empty(v)).collect();
        let valued = if holding.is_empty() { valued } else { holding };
        let types: Vec<Ty> = valued.iter().map(|v| self.type_of(facts, *v, depth + 1)).collect();
        if let Some(anything) = types.iter().find(|t| t.is_anything()) {
            return anything.clone();
        }
        let functions = types.len() > 1 && types.iter().all(|t| matches!(t, Ty::Callable(..) | Ty::Function(_)));
        let mut found: Option<Ty> = None;
        for ty in types.iter().cloned() {
            if let Ty::Unknown(_) = ty {
                return ty;
            }
            found = match found {
                Some(seen) => match agreed(seen, ty) {
                    Ty::Unknown(_) if functions => return one_of(types),
                    Ty::Unknown(why) => return Ty::Unknown(why),
                    agreed => Some(agreed),
                },
                None => Some(ty),
            };
        }
        found.unwrap_or(Ty::Unknown("no value of a known type"))
    }

    /// The type of the expression `node` of `facts`: what it is written to be, narrowed
    /// where a test on its discriminant holds (`self._tag === "Cons"`, a `switch` case).
    pub fn type_of(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Ty {
        let ty = self.type_as_written(facts, node, depth);
        if facts.scopes.narrowings.is_empty() {
            return ty;
        }
        let r = &facts.lang.resolve;
        if !r.names.iter().any(|k| k == node.kind()) && Resolve::form(&r.members, node.kind()).is_none() {
            return ty;
        }
        match facts.scopes.narrowed(facts.text_of(node), node.start_byte()) {
            Some(Narrowing {
                discriminant: Some(discriminant),
                ..
            }) => self.narrowed_by_discriminant(facts, ty, discriminant, depth + 1),
            _ => ty,
        }
    }

    /// The instance a member or an index (`spec.backend`, `events[1]`, read by its text) is
    /// where a test of its class holds (`isinstance(spec.backend, C)`, `x instanceof C`), or
    /// what a type guard it is passed to says it is (`isWithDecorators(type.classType)`), as
    /// for a name.
    fn narrowed_place(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Option<Ty> {
        let narrowing = facts.scopes.narrowed(facts.text_of(node), node.start_byte())?;
        if narrowing.guard {
            return facts
                .node(narrowing.class)
                .and_then(|g| self.guarded_type(facts, g, depth + 1));
        }
        self.narrowed_instance(facts, narrowing, depth)
    }

    /// The instance a class test (`x instanceof A`) says a value is, or, for a disjunction of
    /// them (`x instanceof A || x instanceof B`), an instance of one of the classes; `None`
    /// where a class tested is not one the tree defines.
    fn narrowed_instance(&self, facts: &Facts, narrowing: &Narrowing, depth: usize) -> Option<Ty> {
        let instances: Option<Vec<Ty>> = std::iter::once(&narrowing.class)
            .chain(&narrowing.alternatives)
            .map(
                |class| match facts.node(*class).map(|n| self.type_of(facts, n, depth + 1)) {
                    Some(Ty::Class(c)) => Some(Ty::Instance(c)),
                    _ => None,
                },
            )
            .collect();
        Some(one_of(instances?))
    }

    /// The members of the union `of` that the object type `wanted` may describe
    /// (`Extract<Part, { type: Type }>`): a member whose property of a key `wanted` writes as
    /// a string (or a type parameter given one) is another string is not one of them. A
    /// property whose string is not known keeps every member.
    fn extracted(&self, facts: &Facts, of: Ty, wanted: Node<'_>, depth: usize) -> Ty {
        let Ty::OneOf(members) = of else {
            return of;
        };
        // `AnyPart` holding `ToolResultPart`, itself a union: each member on its own.
        let members = flattened(members);
        let r = &facts.lang.resolve;
        let wanted = unwrapped(facts, wanted);
        if !r.member_types.iter().any(|k| k == wanted.kind()) {
            return Ty::OneOf(members);
        }
        let written: Vec<(String, String)> = written_parts(wanted)
            .into_iter()
            .filter_map(|property| {
                let key = property.child_by_field_name("name")?;
                let ty = property.child_by_field_name("type")?;
                match self.annotation(facts, unwrapped(facts, ty), depth + 1) {
                    Ty::Text(value) => Some((strip_quotes(facts.text_of(key)), value)),
                    _ => None,
                }
            })
            .collect();
        self.members_that_may_be(members, &written, depth)
    }

    /// The members of a union whose member `key` is declared as one of the literals a
    /// discriminant test compares it with; a member declaring no literal there stays.
    fn narrowed_by_discriminant(&self, facts: &Facts, ty: Ty, discriminant: &Discriminant, depth: usize) -> Ty {
        let Ty::OneOf(members) = ty else {
            return ty;
        };
        // `AnyPart` holding `ToolResultPart`, itself a union: each member on its own.
        let members = flattened(members);
        let values: Vec<String> = discriminant
            .values
            .iter()
            .map(|v| strip_quotes(facts.slice(*v)))
            .collect();
        let kept: Vec<Ty> = members
            .into_iter()
            .filter(|member| self.may_be(member, &discriminant.key, &values, depth + 1))
            .collect();
        one_of(kept)
    }

    /// The union of those `members` whose every property `written` (key, string) may be
    /// that string ([`Self::may_be`]).
    fn members_that_may_be(&self, members: Vec<Ty>, written: &[(String, String)], depth: usize) -> Ty {
        let kept = members
            .into_iter()
            .filter(|member| {
                written
                    .iter()
                    .all(|(key, value)| self.may_be(member, key, std::slice::from_ref(value), depth + 1))
            })
            .collect();
        one_of(kept)
    }

    /// The value a variable declared with no value, or with nothing (`let mut corner =
    /// None;`, `let found;`, `let x = null`), is given first after: the first assignment to
    /// it in its scope whose value is something (`corner = Some((label, is_start))`). The
    /// checkers infer such a variable's type from that assignment (rustc's inference,
    /// tsc's auto-typed `let`); a language whose assignments bind anew (Python) has none
    /// here, the later assignment being a binding of its own.
    fn assigned_later<'f>(&self, facts: &'f Facts, binding: &Binding) -> Option<Node<'f>> {
        let r = &facts.lang.resolve;
        let scope = facts.scopes.scopes.get(binding.scope)?;
        let after = facts.text().get(binding.at.1..scope.end).unwrap_or_default();
        if r.assignments.is_empty() || !after.contains(binding.name.as_str()) {
            return None;
        }
        let is_it = |place: Node<'_>| names_binding(facts, place, binding);
        let root = facts.root().descendant_for_byte_range(scope.start, scope.end)?;
        let mut first: Option<Node<'f>> = None;
        let mut pending = vec![root];
        while let Some(n) = pending.pop() {
            if n.end_byte() <= binding.at.1 || first.is_some_and(|f| f.start_byte() <= n.start_byte()) {
                continue;
            }
            let mut cursor = n.walk();
            pending.extend(n.named_children(&mut cursor));
            let Some(form) = Resolve::form(&r.assignments, n.kind()) else {
                continue;
            };
            if n.start_byte() < binding.at.1 || !part(n, form.object.as_deref()).is_some_and(is_it) {
                continue;
            }
            if let Some(value) = part(n, form.arguments.as_deref()).filter(|v| !facts.is_nothing(*v)) {
                if first.is_none_or(|f| value.start_byte() < f.start_byte()) {
                    first = Some(value);
                }
            }
        }
        first
    }

    /// What the empty collection literal `literal`, assigned to a name (`by_seq = {}`, `xs =
    /// []`), holds: what the name's scope stores in it after the assignment (`by_seq[k] =
    /// msg`, `xs.append(x)`), read where each store is written, as mypy's partial types read
    /// it. `None` where the language names no stores, the literal is not a name's value,
    /// nothing is stored, or the collection is being worked out already (a store of what was
    /// read back from it).
    fn filled_collection(&self, facts: &Facts, literal: Node<'_>, depth: usize) -> Option<Ty> {
        thread_local! {
            static FILLING: std::cell::RefCell<Vec<(String, usize)>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let r = &facts.lang.resolve;
        let (binding, made_at) = filled_binding(facts, literal)?;
        let name = binding.name.as_str();
        let scope = facts.scopes.scopes.get(binding.scope)?;
        let key = (facts.path.clone(), literal.start_byte());
        if depth > MAX_DEPTH || FILLING.with(|f| f.borrow().contains(&key)) {
            return None;
        }
        // The same name, bound where the collection is made, where `place` writes it.
        let is_it = |place: Node<'_>| names_binding(facts, place, binding);
        let map = Resolve::form(&r.map_literals, literal.kind()).is_some();
        // Most empty collections are never filled by a store the rule reads: the scope's text
        // after the assignment must write `name[` or `name.insert(` before its tree is walked.
        let after = facts.text().get(made_at..scope.end).unwrap_or_default();
        let indexed = format!("{name}[");
        let stores = after.contains(&indexed)
            || (!map
                && r.element_inserts
                    .iter()
                    .any(|insert| after.contains(&format!("{name}.{insert}("))));
        if !stores {
            return None;
        }
        let (mut keys, mut stored) = (Vec::new(), Vec::new());
        let root = facts.root().descendant_for_byte_range(scope.start, scope.end)?;
        let mut pending = vec![root];
        while let Some(n) = pending.pop() {
            if n.end_byte() <= made_at {
                continue;
            }
            let mut cursor = n.walk();
            pending.extend(n.named_children(&mut cursor));
            if n.start_byte() < made_at {
                continue;
            }
            // `by_seq[k] = msg`
            if let Some(form) = Resolve::form(&r.index_stores, n.kind()) {
                let place = part(n, form.object.as_deref());
                let index = place.and_then(|p| Resolve::form(&r.indexes, p.kind()).map(|f| (p, f)));
                if let (Some((place, index)), Some(value)) = (index, part(n, form.arguments.as_deref())) {
                    if part(place, index.object.as_deref()).is_some_and(is_it) {
                        keys.extend(index.name.as_deref().and_then(|f| place.child_by_field_name(f)));
                        stored.push(value);
                    }
                }
            }
            // `xs.append(x)`
            if let Some(form) = Resolve::form(&r.calls, n.kind()).filter(|_| !map) {
                let callee = part(n, form.callee.as_deref());
                let member = callee.and_then(|c| Resolve::form(&r.members, c.kind()).map(|f| (c, f)));
                if let Some((callee, member)) = member {
                    let method = part(callee, member.name.as_deref()).map(|m| facts.text_of(m));
                    if method.is_some_and(|m| r.element_inserts.iter().any(|i| i == m))
                        && part(callee, member.object.as_deref()).is_some_and(is_it)
                    {
                        stored.extend(
                            part(n, form.arguments.as_deref())
                                .map(written_parts)
                                .unwrap_or_default(),
                        );
                    }
                }
            }
        }
        if stored.is_empty() {
            return None;
        }
        FILLING.with(|f| f.borrow_mut().push(key.clone()));
        let value = self.one_type(facts, &stored, depth + 1);
        let keys = map.then(|| self.one_type(facts, &keys, depth + 1));
        FILLING.with(|f| f.borrow_mut().retain(|k| *k != key));
        Some(match keys {
            Some(keys) => Ty::Keyed(Box::new(keys), Box::new(value)),
            None => Ty::Elements(Box::new(value)),
        })
    }

    /// Whether a value of the union member `member` may have `key` equal to one of
    /// `values`: its `key` is declared as one of those literals (or as a type parameter a
    /// base clause gives one: `extends BasePart<"tool-call">`), or as no literal at all.
    /// An intersection (`({ type: 'maps' } & MapsPayload)`) may be so only where each of its
    /// types may; a type written in place is read for the literal its property declares.
    fn may_be(&self, member: &Ty, key: &str, values: &[String], depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return true;
        }
        match member {
            Ty::AllOf(parts) => return parts.iter().all(|p| self.may_be(p, key, values, depth + 1)),
            Ty::InPlace(written) => {
                if let Some(Ty::Text(declared)) = self.in_place_member_type(written, key, depth + 1) {
                    return values.contains(&declared);
                }
            }
            _ => {}
        }
        if let Some(Ty::Text(declared)) = self.field_of(member, key, depth + 1) {
            return values.contains(&declared);
        }
        match self.member(member, key, depth + 1) {
            Entity::Def(def) => self
                .declared_literal(&def)
                .is_none_or(|declared| values.contains(&declared)),
            _ => true,
        }
    }

    fn type_as_written(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Ty {
        if depth > MAX_DEPTH {
            return Ty::Unknown("a chain of values too long to follow");
        }
        let r: &Resolve = &facts.lang.resolve;
        let kind = node.kind();
        if r.self_kinds.iter().any(|k| k == kind) {
            if let Some(written) = this_parameter_type(facts, node) {
                return self.annotation(facts, written, depth + 1);
            }
            // `const effect: Effect = { stop() { this.depsTail = .. } }`: a method of an
            // object literal runs on the literal, of the type it is expected to have.
            if let Some(literal) = this_literal(facts, node) {
                let ty = self.expected_type(facts, literal, depth + 1);
                return self.narrowed_by_literal(facts, literal, ty, depth + 1);
            }
            return self.enclosing_type(facts, node.start_byte(), true, depth);
        }
        // `(*self).xs` of a spread the grammar reads too tightly: what it spreads.
        if r.spreads.iter().any(|k| k == kind) {
            return match inner(node) {
                Some(spread) => self.type_of(facts, spread, depth + 1),
                None => Ty::Unknown("an empty spread"),
            };
        }
        if kind == "macro_invocation" && r.modules_is_rust() {
            return self.macro_value(facts, node, depth + 1);
        }
        // `() => parseHref(..)`, `lambda: x`: a function written as a value, which gives what
        // its written return type says, else what its body written as an expression is.
        if is_function_like(node) {
            return Ty::Callable(
                Box::new(self.written_function_result(facts, node, depth + 1)),
                Some(WrittenFunction::of(facts, node)),
            );
        }
        if kind == "super" {
            return match self.enclosing_class(facts, node.start_byte()) {
                Some(c) => Ty::Bases(c),
                None => Ty::Unknown("`super` outside a class"),
            };
        }
        if r.transparent.iter().any(|k| k == kind) {
            let mut child = inner(node);
            // `j >= 0 && last.t - xs[j]!.t`: TypeScript's `!` binds tighter than any binary
            // operator, so where the grammar reads it over a binary expression, it asserts
            // that expression's last operand.
            if r.postfix_assertions.iter().any(|k| k == kind) {
                while let Some((binary, form)) =
                    child.and_then(|c| Resolve::form(&r.binary_operations, c.kind()).map(|f| (c, f)))
                {
                    child = part(binary, form.arguments.as_deref());
                }
            }
            return match child {
                Some(child) => self.type_of(facts, child, depth + 1),
                None => Ty::Unknown("an empty expression"),
            };
        }
        if let Some(form) = Resolve::form(&r.binary_operations, kind) {
            let operator = part(node, form.name.as_deref())
                .map(|o| facts.text_of(o))
                .unwrap_or_default();
            let left = part(node, form.object.as_deref());
            // `a ?? []`: the left value's type, where the fallback adds nothing of its own (an
            // empty array or object); otherwise what both sides share.
            if r.fallback_operators.iter().any(|f| f == operator) {
                if let (Some(left), Some(right)) = (left, part(node, form.arguments.as_deref())) {
                    // `(packetizer_class or Packetizer)(sock)` of a parameter left without a
                    // type whose default is `None`: the checker reads the function alone, where
                    // that parameter is nothing, so the fallback is what the value is.
                    if defaults_to_nothing(facts, left) {
                        return self.type_of(facts, right, depth + 1);
                    }
                    let left_type = self.type_of(facts, left, depth + 1);
                    let empty = matches!(
                        facts.text_of(right).split_whitespace().collect::<String>().as_str(),
                        "[]" | "{}"
                    );
                    return match empty {
                        true => left_type,
                        false => one_of(vec![left_type, self.type_of(facts, right, depth + 1)]),
                    };
                }
            }
            // `a & b` on a value of a class of the root: what its operator method returns
            // (`BitAnd::bitand`, `__and__`); the class lacking it says nothing of the value.
            if let (Some(method), Some(left)) = (r.operator_methods.get(operator), left) {
                let left = self.type_of(facts, left, depth + 1);
                let ours = matches!(left, Ty::Instance(_) | Ty::Applied(..));
                let defined = match ours {
                    true => self.member(&left, method, depth + 1),
                    false => Entity::External,
                };
                match defined {
                    Entity::Def(def) if self.is_function(&def) => {
                        return self.called(Ty::Function(def), &|| None, depth + 1)
                    }
                    // `root @ Registry()`: a left operand whose type lacks the method (of the
                    // root, or from outside it) hands the operation to the right operand's
                    // reflected method (`__rmatmul__`).
                    Entity::Missing | Entity::External => {
                        let reflected = r.reflected_operator_methods.get(operator);
                        if let (Some(reflected), Some(right)) = (reflected, part(node, form.arguments.as_deref())) {
                            let right = self.type_of(facts, right, depth + 1);
                            if matches!(right, Ty::Instance(_) | Ty::Applied(..)) {
                                if let Entity::Def(def) = self.member(&right, reflected, depth + 1) {
                                    if self.is_function(&def) {
                                        return self.called(Ty::Function(def), &|| None, depth + 1);
                                    }
                                }
                            }
                        }
                    }
                    _ => {}
                }
                if ours {
                    return Ty::Unknown("an operator the operand's type does not define");
                }
            }
        }
        // `{ let a = ..; a }`: the block's last expression, when it ends in one.
        if r.block_values.iter().any(|k| k == kind) {
            return match written_parts(node).last().copied() {
                Some(value) if !r.block_statements.iter().any(|k| value.kind().ends_with(k.as_str())) => {
                    self.type_of(facts, value, depth + 1)
                }
                // `{ ..; unsafe { x } }`: a block-like expression written last without `;` is
                // parsed as a statement, yet is the block's value.
                Some(statement)
                    if r.tail_statements.iter().any(|k| k == statement.kind())
                        && statement
                            .child(statement.child_count().saturating_sub(1))
                            .is_some_and(|c| c.kind() != ";") =>
                {
                    match statement.named_child(0) {
                        Some(value) => self.type_of(facts, value, depth + 1),
                        None => Ty::Unknown("a block that ends in no value"),
                    }
                }
                _ => Ty::Unknown("a block that ends in no value"),
            };
        }
        if r.awaits.iter().any(|k| k == kind) || r.tries.iter().any(|k| k == kind) {
            // `await mk()` of `async def mk() -> Resp`: the call's type is read as the written
            // return, which awaiting gives. Where the written return is the wrapper itself
            // (`async findPath(): Promise<Path>`), awaiting takes the value out of it.
            let mut awaited = inner(node);
            while let Some(n) = awaited.filter(|n| r.transparent.iter().any(|k| k == n.kind())) {
                awaited = n.named_child(0);
            }
            if let Some(call) = awaited.filter(|_| r.awaits.iter().any(|k| k == kind)) {
                let callee = Resolve::form(&r.calls, call.kind()).and_then(|f| part(call, f.callee.as_deref()));
                if callee
                    .and_then(|c| self.called_function(facts, c, depth + 1))
                    .is_some_and(|f| self.is_async_function(&f))
                {
                    return match self.type_of(facts, call, depth + 1) {
                        Ty::Wrapped(_, held, _) if r.async_returns_wrapped => *held,
                        ty => ty,
                    };
                }
            }
            return match inner(node).map(|c| self.type_of(facts, c, depth + 1)) {
                Some(Ty::Wrapped(_, held, _)) => *held,
                Some(Ty::Unknown(why)) => Ty::Unknown(why),
                // `await session.ws_connect(..)` of a class of the root: what the awaitable
                // base it declares holds; else (`__await__` alone, `impl Future`) what its
                // protocol gives, which saguaro does not read: not a foreign value.
                Some(ty @ (Ty::Instance(_) | Ty::Applied(..))) => self
                    .held_by_base(&ty, depth + 1)
                    .unwrap_or(Ty::Unknown("a value of the root awaited or tried")),
                Some(_) => Ty::External,
                None => Ty::Unknown("an empty expression"),
            };
        }
        // `let state = labeled[key] = new C()`: an assignment is the value it assigns.
        if let Some(value) = Resolve::form(&r.assignments, kind).and_then(|f| part(node, f.arguments.as_deref())) {
            return self.type_of(facts, value, depth + 1);
        }
        if let Some(form) = Resolve::form(&r.casts, kind) {
            // `x as T`: the type is the field's, or the last thing written; `<T>x`: the one
            // type in the child of the kind `arguments` names.
            let held = |kind: &str| {
                let mut cursor = node.walk();
                let found = node.named_children(&mut cursor).find(|c| c.kind() == kind);
                found.and_then(|c| c.named_child(0))
            };
            let written = form
                .object
                .as_deref()
                .and_then(|f| node.child_by_field_name(f))
                .or_else(|| form.arguments.as_deref().and_then(held))
                .or_else(|| node.named_child((node.named_child_count() as u32).saturating_sub(1)));
            return match written {
                Some(t) => self.annotation(facts, t, depth + 1),
                None => Ty::Unknown("a cast without a type"),
            };
        }
        if let Some(form) = Resolve::form(&r.choices, kind) {
            return self.choice_type(facts, node, form, depth + 1);
        }
        // `node = reg_node = trie`: the inner assignment is the value it assigns.
        if let Some(form) = Resolve::form(&r.assignment_values, kind) {
            return match part(node, form.object.as_deref()) {
                Some(value) => self.type_of(facts, value, depth + 1),
                None => Ty::Unknown("an assignment without a value"),
            };
        }
        // `(0..n)`: a collection of what its bounds are.
        if r.ranges.iter().any(|k| k == kind) {
            let bounds: Vec<Ty> = written_parts(node)
                .into_iter()
                .map(|b| self.type_of(facts, b, depth + 1))
                .collect();
            return match bounds.is_empty() {
                true => Ty::Unknown("a range without bounds"),
                false => Ty::Elements(Box::new(one_of(bounds))),
            };
        }
        if r.tuple_literals.iter().any(|k| k == kind) {
            let items = written_parts(node);
            return Ty::Tuple(items.into_iter().map(|i| self.type_of(facts, i, depth + 1)).collect());
        }
        // `(each for each in xs if ..)`: what the element expression gives, each time.
        if let Some(form) = Resolve::form(&r.comprehensions, kind) {
            return match part(node, form.object.as_deref()) {
                Some(element) => Ty::Elements(Box::new(self.type_of(facts, element, depth + 1))),
                None => Ty::Unknown("a comprehension without an element"),
            };
        }
        if let Some(form) = Resolve::form(&r.map_literals, kind) {
            // `{1: Foo()}`: a map of the one type of its keys and of its values.
            let entries = written_parts(node);
            if entries.is_empty() {
                return self
                    .filled_collection(facts, node, depth)
                    .unwrap_or(Ty::Unknown("an empty map nothing is stored in"));
            }
            let field = |f: &Option<String>| -> Vec<Node<'_>> {
                entries
                    .iter()
                    .filter_map(|e| f.as_deref().and_then(|f| e.child_by_field_name(f)))
                    .collect()
            };
            let (keys, values) = (field(&form.name), field(&form.object));
            if values.len() != entries.len() {
                return Ty::Unknown("a map literal that spreads another");
            }
            return Ty::Keyed(
                Box::new(self.one_type(facts, &keys, depth + 1)),
                Box::new(self.one_type(facts, &values, depth + 1)),
            );
        }
        if r.element_literals.iter().any(|k| k == kind) {
            let parts = written_parts(node);
            // `xs = []` then `xs.append(x)`: what its scope stores in it.
            if parts.is_empty() {
                if let Some(filled) = self.filled_collection(facts, node, depth) {
                    return filled;
                }
            }
            // `[_Line(..)]`: a collection of the one type its written elements have.
            // `[...xs.values()]`: a spread adds the elements of what it spreads.
            let (spread, written): (Vec<Node<'_>>, Vec<Node<'_>>) = parts
                .into_iter()
                .partition(|e| r.spreads.iter().any(|k| k == e.kind()) || spread_misread(r, *e));
            let mut types: Vec<Ty> = spread
                .into_iter()
                .map(|s| match if spread_misread(r, s) { Some(s) } else { inner(s) } {
                    Some(spread) => element_of(r, self.type_of(facts, spread, depth + 1)),
                    None => Ty::Unknown("an empty spread"),
                })
                .collect();
            if !written.is_empty() || types.is_empty() {
                types.push(self.one_type(facts, &written, depth + 1));
            }
            types.dedup();
            return match types.as_slice() {
                [Ty::Unknown(why)] => Ty::Unknown(why),
                [element] => Ty::Elements(Box::new(element.clone())),
                _ => match types.iter().find(|t| matches!(t, Ty::Unknown(_))) {
                    Some(unknown) => unknown.clone(),
                    None => Ty::Unknown("values of several types"),
                },
            };
        }
        if let Some(form) = Resolve::form(&r.indexes, kind) {
            // `assert isinstance(events[1], Changed)`: a `Changed` where it holds.
            if let Some(class) = self.narrowed_place(facts, node, depth) {
                return class;
            }
            // The index's field, else (a grammar that names none) the last part written.
            let index = form
                .name
                .as_deref()
                .and_then(|f| node.child_by_field_name(f))
                .or_else(|| written_parts(node).get(1).copied());
            let object = part(node, form.object.as_deref()).map(|o| self.type_of(facts, o, depth + 1));
            // `this[DRAFT_STATE]`: the field the class declares under that computed key
            // (`[DRAFT_STATE]: MapState`), the key written as the same name; of an
            // intersection (`Window & WithState`), the one of its types that declares it.
            let classes: Vec<&DefId> = match &object {
                Some(Ty::Instance(class) | Ty::Applied(class, _)) => vec![class],
                Some(Ty::AllOf(types)) => types.iter().filter_map(|t| t.instance_class()).collect(),
                _ => Vec::new(),
            };
            if let Some(key) = index.filter(|_| !classes.is_empty()) {
                let named = r.names.iter().any(|k| k == key.kind()) || Resolve::form(&r.members, key.kind()).is_some();
                if let Some(field) = named
                    .then(|| {
                        classes
                            .iter()
                            .find_map(|class| self.computed_field(class, facts.text_of(key), depth))
                    })
                    .flatten()
                {
                    return field;
                }
            }
            // `brain["_transform"]`: the member a string key names, where the language reads
            // one so (TypeScript) or the class declares its keys as fields (a `TypedDict`).
            if let (Some(key), Some(object)) = (index, object.as_ref()) {
                let text = facts.text_of(key);
                if let Some(member @ Entity::Def(_)) = crate::lang::plain_string(text)
                    .then(|| self.keyed_member(facts, object, &strip_quotes(text), depth + 1))
                    .flatten()
                {
                    return self.entity_type(&member, depth + 1);
                }
            }
            // `schema.nodes[name]` of `{..} & { [key: string]: NodeType }`: the record's value.
            if let Some(value) = object
                .as_ref()
                .filter(|o| matches!(o, Ty::AllOf(_)))
                .and_then(record_part)
            {
                return value.clone();
            }
            // `xs[i]`, `cache[key]`; `lines[i..]`, `xs[1:]`: a slice is the same collection.
            let slice = index.is_some_and(|i| r.slices.iter().any(|k| k == i.kind()));
            if let Some(value) = object.as_ref().and_then(|o| indexed_value(o, slice)) {
                return value;
            }
            return match object {
                // `Algorithms[name]`: the member of the enum that name is, one of its values.
                Some(Ty::Class(class)) if self.is_enum(&class, 0) => Ty::Instance(class),
                // `pair[1]`: that place of the tuple (`[-1]` counts from its end).
                Some(Ty::Tuple(items)) => {
                    let place = index.and_then(|i| facts.text_of(i).trim().parse::<i64>().ok());
                    let place = place.and_then(|p| match p < 0 {
                        true => items.len().checked_sub(p.unsigned_abs() as usize),
                        false => Some(p as usize),
                    });
                    place
                        .and_then(|p| items.get(p).cloned())
                        .unwrap_or(Ty::Unknown("an index into a tuple that is not a written place"))
                }
                // `doc["key"]`: what the class's index method returns for it.
                Some(object @ (Ty::Instance(_) | Ty::Applied(..))) if !r.index_methods.is_empty() => self
                    .indexed_through_method(facts, &object, index.map(|i| facts.text_of(i)), depth)
                    .unwrap_or(Ty::Unknown(
                        "an index into a value that is not a collection saguaro reads",
                    )),
                Some(Ty::Unknown(why)) => Ty::Unknown(why),
                _ => Ty::Unknown("an index into a value that is not a collection saguaro reads"),
            };
        }
        if let Some(form) = Resolve::form(&r.literals, kind) {
            return match part(node, form.object.as_deref()) {
                Some(t) => self.annotation(facts, t, depth + 1),
                None => Ty::Unknown("a literal without a type"),
            };
        }
        if let Some(form) = Resolve::form(&r.constructions, kind) {
            let Some(callee) = part(node, form.callee.as_deref()) else {
                return Ty::Unknown("a `new` without a class");
            };
            // `new Map<string, Entry>()`: a map of what its type arguments say.
            let map = r.maps.iter().any(|m| m == facts.text_of(callee))
                && facts
                    .scopes
                    .lookup(facts.text_of(callee), callee.start_byte())
                    .is_none();
            let given = r.type_generics.first().and_then(|g| g.arguments.as_deref());
            if let Some(map) = map
                .then(|| self.map_type(facts, &type_arguments(node, given), depth + 1))
                .flatten()
            {
                return map;
            }
            // `new Emitter<Events>()`: a value of the class with the type arguments written.
            let written = super::generics::without_lifetimes(facts, type_arguments(node, given));
            return match self.type_of(facts, callee, depth + 1) {
                Ty::Class(c) if !written.is_empty() => Ty::Applied(
                    c,
                    written.iter().map(|a| self.annotation(facts, *a, depth + 1)).collect(),
                ),
                Ty::Class(c) => Ty::Instance(c),
                Ty::Unknown(why) => Ty::Unknown(why),
                _ => Ty::External,
            };
        }
        if let Some(form) = Resolve::form(&r.calls, kind) {
            // `Grammar.__new__(Grammar)`: a bare instance of the class passed first.
            if let Some(class) = self.made_instance(facts, node, form, depth) {
                return class;
            }
            return match part(node, form.callee.as_deref()) {
                Some(callee) => self.call_type(facts, callee, depth + 1),
                None => Ty::Unknown("a call without a callee"),
            };
        }
        if let Some(form) = Resolve::form(&r.members, kind) {
            let (Some(object), Some(name)) = (part(node, form.object.as_deref()), part(node, form.name.as_deref()))
            else {
                return Ty::Unknown("a member without a name");
            };
            // `isinstance(spec.backend, C)` / `spec.backend instanceof C`: a `C` where it holds.
            if let Some(class) = self.narrowed_place(facts, node, depth) {
                return class;
            }
            let object_type = self.type_of(facts, object, depth + 1);
            let name = facts.slice((name.start_byte(), name.end_byte()));
            // `self.__class__(env)`: the class of the value, called as any class is.
            if r.class_members.iter().any(|m| m == name) {
                if let Some(class) = object_type.instance_class() {
                    return Ty::Class(class.clone());
                }
            }
            // `schema.nodes.text` of a record: one of its values (of a record intersected
            // with types declaring members, where none of them declares it).
            if let Some(value) = record_part(&object_type) {
                let declared = matches!(object_type, Ty::AllOf(_))
                    && matches!(
                        self.member(&object_type, name, depth + 1),
                        Entity::Def(_) | Entity::Unknown(_)
                    );
                if !declared {
                    return value.clone();
                }
            }
            // `pair.1`: that place of the tuple.
            if let (Ty::Tuple(items), Ok(place)) = (&object_type, name.parse::<usize>()) {
                return items
                    .get(place)
                    .cloned()
                    .unwrap_or(Ty::Unknown("a place a tuple does not have"));
            }
            if let Ty::Wrapped(wrapper, held, _) = &object_type {
                if r.held_fields
                    .get(wrapper)
                    .is_some_and(|fields| fields.iter().any(|f| f == name))
                {
                    return (**held).clone();
                }
            }
            return self.value_member_type(&object_type, name, depth + 1);
        }
        if r.paths.iter().any(|f| f.kind == kind) {
            let entity = self.qualified(facts, node, depth + 1);
            return self.entity_type(&entity, depth + 1);
        }
        if r.names.iter().any(|k| k == kind) {
            let text = facts.slice((node.start_byte(), node.end_byte()));
            if r.self_type.iter().any(|s| s == text) {
                return self.enclosing_type(facts, node.start_byte(), false, depth);
            }
            // Narrowed first: `isinstance(self, retry_all)` makes even `self` a `retry_all`.
            if let Some(narrowing) = facts.scopes.narrowed(text, node.start_byte()) {
                // Passed to a type guard: what its predicate says.
                if narrowing.guard {
                    if let Some(ty) = facts
                        .node(narrowing.class)
                        .and_then(|g| self.guarded_type(facts, g, depth + 1))
                    {
                        return ty;
                    }
                }
                // Tested to be an instance of a class the tree defines: that class.
                if let Some(instance) = self.narrowed_instance(facts, narrowing, depth) {
                    return instance;
                }
            }
            if facts.lang.self_receivers.iter().any(|s| s == text) && r.self_kinds.is_empty() {
                // Python's `self`/`cls`: a method's first parameter by convention, unless
                // written with a type (`def visitor(self: "CodeGenerator", ...)`).
                // The class is the one around the method binding it, not around the reading:
                // `class Model(self.stuff.base):` in a method reads the method's `self`.
                // A name bound to a value (`for cls in classes`, `cls = type(x)`) is no
                // receiver: it is what that value is.
                let binding = facts.scopes.lookup(text, node.start_byte()).filter(|b| {
                    facts.symbol_named_at(b.at).is_none()
                        && b.declared_type.is_none()
                        && b.value.is_none()
                        && b.pattern.is_none()
                });
                if let Some(binding) = binding {
                    let instance = receives_instance(facts, binding.at.0, text);
                    return self.enclosing_type(facts, binding.at.0, instance, depth);
                }
            }
            let entity = self.name(facts, text, node.start_byte(), depth + 1);
            if let Entity::Local { binding, .. } = &entity {
                if let Some(joined) = self.held_after_branches(facts, *binding, node.start_byte(), depth + 1) {
                    return joined;
                }
            }
            let ty = self.entity_type(&entity, depth + 1);
            if let (Ty::Unknown(_), Entity::Local { binding, .. }) = (&ty, &entity) {
                if let Some(entry) = self.held_on_entry(facts, text, *binding, node.start_byte(), depth + 1) {
                    return entry;
                }
            }
            return ty;
        }
        // `{ ...opts, db }`: an object literal is its own keys' type; a member it does not
        // write is what a value it spreads has ([`Self::member_of_literal`]).
        if Resolve::form(&r.keyed_literals, kind).is_some_and(|f| f.object.is_none()) {
            return Ty::Literal(WrittenAt::of(facts, node));
        }
        Ty::Unknown("an expression whose type saguaro does not read")
    }

    /// A name read after a conditional whose branches assign it holds what one of them
    /// assigned, or what it held before where a path assigns it nowhere
    /// ([`super::scope::Scopes::reaching_after`]): `if isinstance(expected, Snapshot):
    /// snapshot = expected` / `elif ..: snapshot = actual` / `else: snapshot = None`, then
    /// `snapshot.executions`. A nothing (`None`, `null`) aside, as the checker reads a
    /// member of an optional value, it is the type they agree on, or one of the types they
    /// give (a member read on it is each one's, [`Ty::OneOf`]). `None` where the binding is
    /// in no conditional ended before `at`, all are nothing, or one cannot be read: then
    /// the binding the reading sees last stands for them, as before the rule.
    fn held_after_branches(&self, facts: &Facts, binding: usize, at: usize, depth: usize) -> Option<Ty> {
        let b = facts.scopes.bindings.get(binding)?;
        let reaching = facts.scopes.reaching_after(&facts.lang.resolve, facts.root(), b, at)?;
        let mut types: Vec<Ty> = Vec::new();
        for assigned in reaching {
            let nothing = assigned.declared_type.is_none()
                && assigned.pattern.is_none()
                && assigned
                    .value
                    .and_then(|v| facts.node(v))
                    .is_some_and(|v| facts.is_nothing(v));
            if nothing {
                continue;
            }
            let local = Entity::Local {
                file: facts.path.clone(),
                binding: assigned.id,
            };
            match self.entity_type(&local, depth + 1) {
                Ty::Unknown(_) => return None,
                ty if !types.contains(&ty) => types.push(ty),
                _ => {}
            }
        }
        let agreed_on = types.iter().cloned().reduce(agreed)?;
        Some(match agreed_on {
            Ty::Unknown(_) => one_of(types),
            known => known,
        })
    }

    /// A name read after a loop whose body last assigned it holds either what the body
    /// assigned or, the body having run no time, what it held on entering the loop: `err =
    /// self` / `while err.ctx: err = err.error_msg` / `err.error_msg`. Where what the body
    /// assigns cannot be read, a class of the root the name held on entry stands for it, as
    /// it does inside the body on the first run; the language's checker reads the member on
    /// that class too. Nothing where the entry value is not one the root defines.
    fn held_on_entry(&self, facts: &Facts, name: &str, binding: usize, at: usize, depth: usize) -> Option<Ty> {
        let loops = &facts.lang.resolve.loops;
        let assigned = facts.scopes.bindings.get(binding)?;
        let assigned_node = facts.node(assigned.at)?;
        let body_loop = std::iter::successors(assigned_node.parent(), |p| p.parent())
            .take_while(|p| !is_function_like(*p))
            .find(|p| loops.iter().any(|k| k == p.kind()))?;
        if at < body_loop.end_byte() {
            return None;
        }
        let entry = facts.scopes.lookup(name, body_loop.start_byte())?;
        if entry.id == binding || entry.scope != assigned.scope || entry.at.0 >= body_loop.start_byte() {
            return None;
        }
        let entry = Entity::Local {
            file: facts.path.clone(),
            binding: entry.id,
        };
        match self.entity_type(&entry, depth + 1) {
            known @ (Ty::Instance(_) | Ty::Applied(..) | Ty::Class(_)) => Some(known),
            _ => None,
        }
    }

    /// Whether the value `node` is typed anything (`any`, `Any`): its type reads so, or it
    /// is a field typed by its class's type parameter, read on a value whose written type
    /// gives that parameter as anything (`action.state` with `action: AsyncAction<any>` and
    /// `class AsyncAction<T> { state?: T }`).
    pub fn typed_anything(&self, facts: &Facts, node: Node<'_>) -> bool {
        self.type_of(facts, node, 0).is_anything()
            || self.member_type_argument(facts, node).is_some_and(|t| t.is_anything())
    }

    /// For a member `object.field` whose field's declared type is a type parameter of its
    /// class, the type the object's written type gives for that parameter; one level.
    fn member_type_argument(&self, facts: &Facts, node: Node<'_>) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let parameters_field = r.type_parameters.as_deref()?;
        let form = Resolve::form(&r.members, node.kind())?;
        let object = part(node, form.object.as_deref())?;
        let field = facts.text_of(part(node, form.name.as_deref())?);
        if !r.names.iter().any(|k| k == object.kind()) {
            return None;
        }
        let written = facts.text_of(object);
        let binding = facts.scopes.lookup(written, object.start_byte())?;
        let generic = self.written_generic(facts, facts.node(binding.declared_type?)?)?;
        let generic_form = Resolve::form(&r.type_generics, generic.kind())?;
        let base = part(generic, generic_form.object.as_deref())?;
        let Ty::Instance(class) = self.annotation(facts, base, 1) else {
            return None;
        };
        let class_facts = self.facts(&class.file)?;
        let types = class_facts.types();
        let declared = types
            .fields
            .get(&(class.path.clone(), field.to_string()))?
            .iter()
            .find_map(|f| f.declared_type)?;
        let declared = unwrapped(&class_facts, class_facts.node(declared)?);
        let parameter = class_facts.text_of(declared);
        let symbol = class_facts.symbol(&class.path)?;
        let parameters = class_facts
            .node(class_facts.declaration(symbol))?
            .child_by_field_name(parameters_field)?;
        let mut cursor = parameters.walk();
        let position = parameters.named_children(&mut cursor).position(|p| {
            let name = p.child_by_field_name("name").unwrap_or(p);
            class_facts.text_of(name) == parameter
        })?;
        let argument = *type_arguments(generic, generic_form.arguments.as_deref()).get(position)?;
        Some(self.annotation(facts, argument, 1))
    }

    /// What the conversion `method` to `target` gives (`parse::<Pattern>()`: a `Result` of a
    /// `Pattern`, whose error is `Pattern`'s `type Err = ..`), when it is one of the
    /// language's typed conversions.
    pub fn conversion_type(&self, facts: &Facts, method: &str, target: Ty, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let wrapper = r.typed_conversions.get(method)?;
        let error = r
            .conversion_errors
            .get(method)
            .and_then(|name| self.associated_type(&target, name, depth + 1))
            .map(Box::new);
        Some(match wrapper.as_str() {
            "" => target,
            w => Ty::Wrapped(w.to_string(), Box::new(target), error),
        })
    }

    /// The type an associated type item of a type of the root names (`type Err = E;` in
    /// `impl FromStr for Pattern`), where the root writes one.
    pub(super) fn associated_type(&self, ty: &Ty, name: &str, depth: usize) -> Option<Ty> {
        let Entity::Def(item) = self.class_member(ty.instance_class()?, name, depth + 1) else {
            return None;
        };
        let facts = self.facts(&item.file)?;
        let declaration = declaration_of(&facts, &item.path)?;
        let form = Resolve::form(&facts.lang.resolve.associated_types, declaration.kind())?;
        let written = part(declaration, form.object.as_deref())?;
        Some(self.annotation(&facts, written, depth + 1))
    }

    /// The generic type (`AsyncAction<any>`) a written annotation comes to, through its
    /// wrappers and a union with nothing (`AsyncAction<any> | undefined`).
    fn written_generic<'t>(&self, facts: &Facts, node: Node<'t>) -> Option<Node<'t>> {
        let r = &facts.lang.resolve;
        let node = unwrapped(facts, node);
        if r.type_unions.iter().any(|k| k == node.kind()) {
            return self.written_generic(facts, only_member(facts, node)?);
        }
        Resolve::form(&r.type_generics, node.kind()).map(|_| node)
    }

    /// The type a call gives: an instance of the class called, or the function's return.
    pub fn call_type(&self, facts: &Facts, callee: Node<'_>, depth: usize) -> Ty {
        let r = &facts.lang.resolve;
        // `iter.collect::<Bitmap>()`: a conversion whose result the type argument names.
        if let Some(arguments) = callee.child_by_field_name("type_arguments") {
            let method = callee
                .child_by_field_name("function")
                .map(|f| facts.slice((f.start_byte(), f.end_byte())))
                .unwrap_or_default();
            let method = method.rsplit(['.', ':']).next().unwrap_or(method);
            if let Some(written) = arguments
                .named_child(0)
                .filter(|_| r.typed_conversions.contains_key(method))
            {
                let mut target = self.annotation(facts, written, depth + 1);
                // `.collect::<Vec<_>>()`: a collection of the elements collected.
                if target.left_to_inference() {
                    let receiver = callee.child_by_field_name("function").and_then(|f| {
                        Resolve::form(&r.members, f.kind()).and_then(|form| part(f, form.object.as_deref()))
                    });
                    if let Some(Ty::Elements(element)) = receiver.map(|o| self.type_of(facts, o, depth + 1)) {
                        target = Ty::Elements(element);
                    }
                }
                if let Some(converted) = self.conversion_type(facts, method, target, depth + 1) {
                    return converted;
                }
            }
        }
        // `import('./impl')`: the module the string names (a module outside the root is
        // foreign), in the wrapper the language loads it in (a `Promise`).
        if let Some(wrapper) = r.dynamic_imports.get(facts.text_of(callee)) {
            let spec = first_argument(r, callee)
                .map(|a| facts.text_of(a))
                .filter(|a| crate::lang::plain_string(a))
                .map(super::facts::strip_quotes);
            let Some(spec) = spec else {
                return Ty::Unknown("a module loaded by a name the code computes");
            };
            let module = match self.module_named(facts, &spec) {
                Some(module) => Ty::Module(module),
                None => Ty::External,
            };
            return match wrapper.is_empty() {
                true => module,
                false => Ty::Wrapped(wrapper.clone(), Box::new(module), None),
            };
        }
        // `_LocalStack[_SchemaContext]()`: a generic class of the root given its type
        // arguments by an index (a language that writes types so: `type_generics` of an
        // index form), then called: a value of it with those arguments, as written in a type.
        if let Some(form) = Resolve::form(&r.type_generics, callee.kind())
            .filter(|_| Resolve::form(&r.indexes, callee.kind()).is_some())
        {
            let class = part(callee, form.object.as_deref()).map(|o| self.type_of(facts, o, depth + 1));
            if let Some(Ty::Class(c)) = class.filter(|c| matches!(c, Ty::Class(c) if !self.is_enum(c, 0))) {
                return match self.annotation(facts, callee, depth + 1) {
                    applied @ Ty::Applied(..) => applied,
                    _ => Ty::Instance(c),
                };
            }
        }
        // `cast(Node, x)`, `t.cast('Node', x)`: a value of the type written first.
        if !r.type_casts.is_empty() && imported_name(facts, callee).is_some_and(|n| r.type_casts.contains(&n)) {
            return match first_argument(r, callee) {
                Some(written) => self.annotation(facts, written, depth + 1),
                None => Ty::Unknown("a cast without a type"),
            };
        }
        // `copy.copy(x)`, `reduce(f, xs, start)`, `mem::replace(&mut slot, v)`: a value of the
        // type of an argument, unless that is foreign (a fold started from `None` or `0` grows
        // into another).
        if let Some(&place) = imported_name(facts, callee).and_then(|n| r.argument_results.get(&n)) {
            let argument = positional_arguments(r, callee).get(place).copied();
            return match argument.map(|a| self.type_of(facts, a, depth + 1)) {
                Some(Ty::External) | None => {
                    Ty::Unknown("a call giving back an argument saguaro does not read as a type of the root")
                }
                Some(ty) => ty,
            };
        }
        // A builtin named by the callee's text whose head nothing of the file binds
        // (`sorted`, `Object.entries`).
        let text = facts.text_of(callee);
        let unbound = || unbound_head(facts, callee);
        let builtin = |names: &[String]| names.iter().any(|n| n == text) && unbound();
        // `Some(x)`, `Ok(x)`: a wrapper holding `x`.
        if let Some(wrapper) = r.wrapping_constructors.get(text).filter(|_| unbound()) {
            return match first_argument(r, callee) {
                Some(held) => Ty::Wrapped(wrapper.clone(), Box::new(self.type_of(facts, held, depth + 1)), None),
                None => Ty::Unknown("a wrapper made of nothing"),
            };
        }
        // `sorted(xs)`, `Array.from(it)`: the elements of the first argument, again; `next(it)`,
        // `min(xs)`: one of them (`min(a, b)`: one of the arguments).
        let pick = builtin(&r.element_picks);
        if pick || builtin(&r.element_collections) {
            let arguments = positional_arguments(r, callee);
            return match arguments.as_slice() {
                [] => Ty::Unknown("a builtin called without an argument"),
                [_, _, ..] if pick && text != "next" => {
                    one_of(arguments.iter().map(|a| self.type_of(facts, *a, depth + 1)).collect())
                }
                [first, ..] => {
                    let element = element_of(r, self.type_of(facts, *first, depth + 1));
                    match pick {
                        true => element,
                        false => Ty::Elements(Box::new(element)),
                    }
                }
            };
        }
        // `type(self)`: the class of the value (`isinstance(other, type(self))`,
        // `type(self)(..)`).
        if builtin(&r.class_of_functions) {
            return match positional_arguments(r, callee).as_slice() {
                [value] => match self.type_of(facts, *value, depth + 1) {
                    Ty::Unknown(why) => Ty::Unknown(why),
                    ty => match ty.instance_class() {
                        Some(class) => Ty::Class(class.clone()),
                        None => Ty::Unknown("the class of a value that is not an instance saguaro reads"),
                    },
                },
                _ => Ty::Unknown("a class made by a builtin call"),
            };
        }
        // `Object.entries(rec)`: pairs of a key and a value of the record or map passed.
        if let Some(part) = r.map_functions.get(text).filter(|_| unbound()) {
            return match first_argument(r, callee).map(|a| self.type_of(facts, a, depth + 1)) {
                Some(Ty::Record(value)) => map_part(*part, &Ty::External, &value),
                Some(Ty::Keyed(key, value)) => map_part(*part, &key, &value),
                Some(Ty::Unknown(why)) => Ty::Unknown(why),
                _ => Ty::Unknown("a part of a value that is not a record saguaro reads"),
            };
        }
        // `e.cast::<Target>()`: a method given its own type arguments.
        let (member, explicit) = match (
            callee.child_by_field_name("type_arguments"),
            callee.child_by_field_name("function"),
        ) {
            (Some(written), Some(function)) if Resolve::form(&r.members, function.kind()).is_some() => {
                let explicit = super::generics::without_lifetimes(facts, written_parts(written))
                    .into_iter()
                    .map(|a| self.annotation(facts, a, depth + 1))
                    .collect();
                (function, explicit)
            }
            _ => (callee, Vec::new()),
        };
        if let Some(form) = Resolve::form(&r.members, member.kind()) {
            if let (Some(object), Some(name)) =
                (part(member, form.object.as_deref()), part(member, form.name.as_deref()))
            {
                let method = facts.slice((name.start_byte(), name.end_byte()));
                let object_type = self.type_of(facts, object, depth + 1);
                // `self.__class__(env)`: a new value of the same class.
                if let Some(class) = object_type
                    .instance_class()
                    .filter(|_| r.class_members.iter().any(|m| m == method))
                {
                    return Ty::Instance(class.clone());
                }
                // `xs.iter().enumerate()`, `xs.iter().zip(ys)`: pairs of a count or of an
                // element of the argument with each element.
                if let (Ty::Elements(element), Some(pairing)) = (&object_type, r.pairing_methods.get(method)) {
                    let with = match pairing.as_str() {
                        "count" => Ty::External,
                        _ => match first_argument(r, callee) {
                            Some(other) => element_of(r, self.type_of(facts, other, depth + 1)),
                            None => Ty::Unknown("a pairing without an argument"),
                        },
                    };
                    let pair = match pairing.as_str() {
                        "count" => vec![with, (**element).clone()],
                        _ => vec![(**element).clone(), with],
                    };
                    return Ty::Elements(Box::new(Ty::Tuple(pair)));
                }
                let args = || self.call_arguments(facts, callee, depth + 1);
                return self.method_call_type_given(
                    facts,
                    &object_type,
                    method,
                    &args,
                    explicit,
                    Some(callee),
                    depth + 1,
                );
            }
        }
        // `enumerate(xs)`: pairs of a count and an element of `xs`.
        if r.enumerators.iter().any(|e| e == facts.text_of(callee))
            && facts
                .scopes
                .lookup(facts.text_of(callee), callee.start_byte())
                .is_none()
        {
            if let Some(iterated) = first_argument(r, callee) {
                let element = element_of(r, self.type_of(facts, iterated, depth + 1));
                return Ty::Elements(Box::new(Ty::Tuple(vec![Ty::External, element])));
            }
        }
        // `zip(xs, ys)`: tuples of an element of each argument, place by place.
        if r.zippers.iter().any(|z| z == facts.text_of(callee))
            && facts
                .scopes
                .lookup(facts.text_of(callee), callee.start_byte())
                .is_none()
        {
            let arguments = callee
                .parent()
                .and_then(|call| part(call, Resolve::form(&r.calls, call.kind())?.arguments.as_deref()))
                .map(written_parts)
                .unwrap_or_default();
            let places = arguments
                .into_iter()
                .map(|a| element_of(r, self.type_of(facts, a, depth + 1)))
                .collect();
            return Ty::Elements(Box::new(Ty::Tuple(places)));
        }
        // Python's `super()`: the bases of the class around it.
        if callee.kind() == "identifier"
            && facts.slice((callee.start_byte(), callee.end_byte())) == "super"
            && facts.scopes.lookup("super", callee.start_byte()).is_none()
        {
            return match self.enclosing_class(facts, callee.start_byte()) {
                Some(c) => Ty::Bases(c),
                None => Ty::Unknown("`super()` outside a class"),
            };
        }
        // `Map::<K, V>::default()`: a value of the type its turbofish gives arguments, where
        // the call gives one of that type.
        let mut turbofish: Option<(DefId, Vec<Ty>)> = None;
        // `Enum::Variant(..)` makes a value of the enum; `Type::default()`, `Type::from(..)`
        // (derived, or from a trait of another crate) one of the type.
        if r.paths.iter().any(|f| f.kind == callee.kind()) && r.modules_is_rust() {
            let segments = super::facts::path_segments(callee, facts.text());
            if let Some((last, owner)) = segments.split_last().filter(|(_, o)| !o.is_empty()) {
                let made = self.rust_qualifier(facts, owner, callee.start_byte(), depth + 1);
                // `Box::new(x)`, `ManuallyDrop::new(x)`: a wrapper whose methods reach what it
                // holds, made of `x`, is typed as `x` (a type of the root so named is itself).
                let wrapper = owner.last().is_some_and(|w| r.pass_through.iter().any(|p| p == w));
                // A collection of the standard library made by its own function: given its
                // type arguments (`Vec::<Group<_>>::new()`), the collection of them, as
                // `Vec<Group<_>>` written is; made empty without them (`let mut labels =
                // Vec::new();` then `labels.push((info, id))`), what its scope stores in it.
                let elements = owner.last().is_some_and(|c| r.collections.iter().any(|k| k == c));
                let keyed = owner.last().is_some_and(|c| r.maps.iter().any(|k| k == c));
                if (elements || keyed) && !matches!(made, Entity::Def(_)) && r.self_returning.iter().any(|m| m == last)
                {
                    let written = callee.child_by_field_name("path");
                    if !turbofish_arguments(facts, callee).is_empty() {
                        if let Some(typed @ (Ty::Elements(_) | Ty::Keyed(..))) =
                            written.map(|w| self.annotation(facts, w, depth + 1))
                        {
                            return typed;
                        }
                    } else if elements && r.empty_makers.iter().any(|m| m == last) {
                        if let Some(filled) = callee
                            .parent()
                            .and_then(|call| self.filled_collection(facts, call, depth))
                        {
                            return filled;
                        }
                    }
                }
                // `Mutex::new(state)`, `RefCell::new(x)`: a wrapper of the standard library made
                // by its maker holds the argument, as `Mutex<State>` written does.
                let wrapping = owner.last().filter(|w| r.wrapping.iter().any(|k| k == *w));
                if let (Some(wrapping), false, true) = (
                    wrapping,
                    matches!(made, Entity::Def(_)),
                    r.wrapping_makers.iter().any(|m| m == last),
                ) {
                    if let Some(held) = first_argument(r, callee) {
                        let held = self.type_of(facts, held, depth + 1);
                        return Ty::Wrapped(wrapping.clone(), Box::new(held), None);
                    }
                }
                if wrapper && !matches!(made, Entity::Def(_)) {
                    if let (true, Some(held)) = (pass_through_constructor(r, &segments), first_argument(r, callee)) {
                        return self.type_of(facts, held, depth + 1);
                    }
                    // `Box::<Node>::default()`: a wrapper of the type its turbofish names.
                    if let Some(named) = r
                        .self_returning
                        .iter()
                        .any(|m| m == last)
                        .then(|| turbofish_arguments(facts, callee).first().copied())
                        .flatten()
                    {
                        return self.annotation(facts, named, depth + 1);
                    }
                    // `Box::from_raw(p)`: it may hold a value of the root; never a foreign one.
                    return Ty::Unknown("a wrapper made by a call saguaro does not follow");
                }
                // `P::singleton()` with `P: BoxPool`: the function the bound declares, as a
                // method called on a value of `P` is.
                if let (false, [_]) = (matches!(made, Entity::Def(_) | Entity::Module(_)), owner) {
                    let parameter = callee
                        .child_by_field_name("path")
                        .and_then(|first| super::generics::type_parameter(facts, first));
                    if let Some(parameter) = parameter.filter(|p| p.bound.is_some()) {
                        let bound = self.bound_type(facts, &parameter, depth + 1);
                        let args = || self.call_arguments(facts, callee, depth + 1);
                        if let returned @ (Ty::Instance(_) | Ty::Applied(..) | Ty::Wrapped(..)) =
                            self.method_call_type(facts, &bound, last, &args, depth + 1)
                        {
                            return returned;
                        }
                    }
                }
                if let Entity::Def(written_def) = made {
                    // `EagerBuffer::<U4>::default()` of `type EagerBuffer<B> = BlockBuffer<B,
                    // Eager>`: an alias names its type, which makes the value; the turbofish
                    // gives the alias's parameters, not the type's, so it is not read.
                    let aliased = self.aliased_type(&written_def, depth + 1);
                    let def = aliased.clone().unwrap_or(written_def);
                    let written = match aliased {
                        Some(_) => Vec::new(),
                        None => turbofish_arguments(facts, callee),
                    };
                    if !written.is_empty() {
                        let given = written.iter().map(|a| self.annotation(facts, *a, depth + 1)).collect();
                        turbofish = Some((def.clone(), given));
                    }
                    let kind = self.kind_of_def(&def);
                    let variant = kind.as_deref() == Some("enum") && last.starts_with(|c: char| c.is_uppercase());
                    let constructor = r.self_returning.iter().any(|m| m == last);
                    let member = self.class_member(&def, last, depth + 1);
                    // What `Self` is there: the type, or what an alias of a type from
                    // outside the root names (`type SafeContents = Vec<SafeBag>`, whose
                    // `SafeContents::from_der(..)` is a `Vec<SafeBag>`).
                    let made = match (kind.as_deref(), &turbofish) {
                        (Some("type"), None) => self.instance_of(&Entity::Def(def.clone()), depth + 1),
                        (_, Some((_, given))) => Ty::Applied(def.clone(), given.clone()),
                        (_, None) => Ty::Instance(def.clone()),
                    };
                    if (variant || constructor) && matches!(member, Entity::Missing | Entity::Unknown(_)) {
                        return made;
                    }
                    // `Cert::from_der(..)`: a method of a dependency's trait the file brings in.
                    if matches!(member, Entity::Missing) {
                        if let Some(ty) =
                            super::dependencies::trait_method_return(self, facts, made, last, callee.start_byte())
                        {
                            return ty;
                        }
                    }
                }
            }
        }
        let callee_type = match self.type_of(facts, callee, depth + 1) {
            // A module's name called: the value of that name beside it (Rust keeps them apart).
            Ty::Module(_) if r.modules_is_rust() && r.paths.iter().any(|f| f.kind == callee.kind()) => {
                let segments = super::facts::path_segments(callee, facts.text());
                let value = self.rust_callee(facts, &segments, callee.start_byte(), depth + 1);
                self.entity_type(&value, depth + 1)
            }
            other => other,
        };
        // `checkOpts(defaults, opts)`: what its own type parameters stand for at this call.
        let _inferred = match &callee_type {
            Ty::Function(function) => self.give_inferred(facts, callee, function, depth),
            _ => Vec::new(),
        };
        match (
            self.called(callee_type, &|| self.call_arguments(facts, callee, depth + 1), depth),
            turbofish,
        ) {
            (Ty::Instance(made), Some((named, given))) if made == named => Ty::Applied(made, given),
            // `Hybrid::<RowId>::default()` returning `Self` of `impl<V> Hybrid<V>`: the
            // impl's parameters are what the turbofish gives.
            (Ty::Applied(made, returned), Some((named, given)))
                if made == named && returned.iter().any(|t| matches!(t, Ty::Unknown(_) | Ty::Bounded(_))) =>
            {
                Ty::Applied(made, given)
            }
            (ty, _) => ty,
        }
    }

    /// The type an alias of the root names (`type Plain = BlockBuffer<u8, Eager>`:
    /// `BlockBuffer`), when `def` is an alias naming another type of the root.
    pub(super) fn aliased_type(&self, def: &DefId, depth: usize) -> Option<DefId> {
        if self.kind_of_def(def).as_deref() != Some("type") {
            return None;
        }
        match self.entity_type(&Entity::Def(def.clone()), depth + 1) {
            Ty::Class(aliased) if aliased != *def => Some(aliased),
            _ => None,
        }
    }

    /// The kind of a definition of the root (`class`, `enum`, `function`, ...).
    fn kind_of_def(&self, def: &DefId) -> Option<String> {
        let facts = self.facts(&def.file)?;
        facts.symbol(&def.path).map(|s| s.kind.clone())
    }

    /// What calling method `method` on a value of type `object_type` with `args` (read only
    /// where needed) gives: a wrapper's unwrap methods give what it holds, `clone`-like
    /// methods the same type, any other method its return type.
    pub fn method_call_type(
        &self,
        facts: &Facts,
        object_type: &Ty,
        method: &str,
        args: &dyn Fn() -> Option<Arguments>,
        depth: usize,
    ) -> Ty {
        self.method_call_type_given(facts, object_type, method, args, Vec::new(), None, depth)
    }

    /// `xs.iter().collect()` where the code says a collection of inferred elements comes of
    /// it (`let v: Vec<_> = ..`): a collection of the receiver's elements.
    fn collected_elements(&self, facts: &Facts, value: Node<'_>, depth: usize) -> Ty {
        let r = &facts.lang.resolve;
        let receiver = method_call(facts, value)
            .filter(|(_, method, _)| r.typed_conversions.contains_key(*method))
            .map(|(_, _, receiver)| receiver);
        match receiver.map(|o| self.type_of(facts, o, depth + 1)) {
            Some(elements @ Ty::Elements(_)) => elements,
            // `let frames: Vec<_> = foreign.iter().map(|s| Frame { .. }).collect();`: what the
            // callback makes, whatever the iterator it maps is, when the callback's value
            // says so by itself (a struct literal, a constructor call).
            _ => receiver
                .and_then(|mapped| self.mapped_value(facts, mapped, depth + 1))
                .map_or(Ty::Unknown(INFERRED), |made| Ty::Elements(Box::new(made))),
        }
    }

    /// What a call of a mapping method (`.map(|s| Frame { .. })`) maps each element to, when
    /// its callback's value is a type of the root whatever the element is.
    fn mapped_value(&self, facts: &Facts, call: Node<'_>, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let (callee, method, _) = method_call(facts, call)?;
        if r.mapping_callbacks.get(method).map(String::as_str) != Some("value") {
            return None;
        }
        const UNREAD: Ty = Ty::Unknown("an element the mapped value does not depend on");
        match self.mapped_element(facts, callee, &UNREAD, depth + 1)? {
            made @ (Ty::Instance(_) | Ty::Applied(..)) => Some(made),
            _ => None,
        }
    }

    /// What the callback passed to a mapping method (`map`) at `callee` returns for an
    /// element `element`: a function written there gives its written return type, else its
    /// body's value (`|x| Entry { .. }`, `(x) => new Entry(x)`); a pass-through wrapper's constructor keeps the element
    /// (`.map(Arc::new)`); a function of the root named there its return. `None` when the
    /// callback is none of these.
    fn mapped_element(&self, facts: &Facts, callee: Node<'_>, element: &Ty, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let mut callback = first_argument(r, callee)?;
        while r.transparent.iter().any(|k| k == callback.kind()) {
            callback = callback.named_child(0)?;
        }
        if is_function_like(callback) {
            // `(node): FlattedNode[] => ..`: what it is written to return, before its body.
            if let Some(written) = callback.child_by_field_name("return_type") {
                return Some(self.annotation(facts, written, depth + 1));
            }
            let body = callback.child_by_field_name("body")?;
            return Some(self.type_of(facts, body, depth + 1));
        }
        if names_pass_through_constructor(facts, callback) {
            return Some(element.clone());
        }
        match self.type_of(facts, callback, depth + 1) {
            function @ (Ty::Function(_) | Ty::Class(_) | Ty::Callable(..)) => {
                Some(self.called(function, &|| None, depth + 1))
            }
            _ => None,
        }
    }

    /// [`Self::method_call_type`] with the method's own type arguments written at the call
    /// (`e.cast::<Target>()`), or else inferred from the arguments of the call whose callee is
    /// `callee`, when there is one.
    #[allow(clippy::too_many_arguments)]
    fn method_call_type_given(
        &self,
        facts: &Facts,
        object_type: &Ty,
        method: &str,
        args: &dyn Fn() -> Option<Arguments>,
        explicit: Vec<Ty>,
        callee: Option<Node<'_>>,
        depth: usize,
    ) -> Ty {
        let r = &facts.lang.resolve;
        if object_type.is_anything() {
            return object_type.clone();
        }
        // `algorithm.value(..)` of an enum member holding callable objects: a call of its value.
        if let Some(member) = self.enum_member_type(object_type, method, depth + 1) {
            return self.called(member, args, depth + 1);
        }
        if let Ty::Wrapped(wrapper, held, error) = object_type {
            if r.unwrap_methods.iter().any(|m| m == method) {
                return (**held).clone();
            }
            // `color.into()` of `C: Into<CustomColor>`, `p.as_ref()` of `impl AsRef<Path>`:
            // what the wrapper says of its own method, before any method every type has.
            if let Some(&how) = r.wrapper_methods.get(wrapper).and_then(|methods| methods.get(method)) {
                return wrapper_method_result(how, object_type, wrapper, held);
            }
            // `r.unwrap_err()`, `r.err()`: the error, or that wrapper of it.
            if let (Some(error), Some(wrapper)) = (error, r.error_methods.get(method)) {
                return match wrapper.as_str() {
                    "" => (**error).clone(),
                    w => Ty::Wrapped(w.to_string(), error.clone(), None),
                };
            }
        }
        // `x.as_ref()` gives the same value, unless the type of the root declares a method
        // of that name itself (`impl RefPtr<T> { fn as_ref(&self) -> &T }`): its own
        // method is the one called, as a type's inherent methods come first.
        if r.same_methods.iter().any(|m| m == method) && !self.declares_method(object_type, method, depth) {
            return object_type.clone();
        }
        if let Ty::Elements(element) = object_type {
            // `m.lock().unwrap()` of a `Mutex<Vec<Entry>>` (the lock read as the `Vec`): a
            // collection has no `unwrap` of its own, so it is the lock's.
            if r.iterator_methods.iter().any(|m| m == method) || r.kept_unwraps.iter().any(|m| m == method) {
                return object_type.clone();
            }
            if r.unwrapped_element_methods.iter().any(|m| m == method) {
                return (**element).clone();
            }
            if r.element_methods.iter().any(|m| m == method) {
                return match &r.element_wrapper {
                    Some(wrapper) => Ty::Wrapped(wrapper.clone(), element.clone(), None),
                    None => (**element).clone(),
                };
            }
            // `xs.iter().map(|x| Entry { .. })`: a collection of what the callback returns;
            // `filter_map`: of what the wrapper it returns holds; `flat_map`: of the elements
            // of what it returns.
            if let Some(how) = r.mapping_callbacks.get(method) {
                if let Some(mapped) = callee.and_then(|c| self.mapped_element(facts, c, element, depth + 1)) {
                    let mapped = match (how.as_str(), mapped) {
                        ("held", Ty::Wrapped(_, held, _)) => *held,
                        ("elements", returned) => element_of(r, returned),
                        ("value", returned) => returned,
                        (_, Ty::Unknown(why)) => Ty::Unknown(why),
                        _ => Ty::Unknown("a mapping callback whose return saguaro does not take apart"),
                    };
                    return Ty::Elements(Box::new(mapped));
                }
            }
            // `let picked = frames.iter().collect();`, its type left to inference: a collection
            // of the same elements, where they are of a type of the root that no type of the
            // root collects (`impl FromIterator<Frame> for Frames`): the standard library's
            // collections are the only ones that can take them.
            if r.collecting_methods.iter().any(|m| m == method)
                && explicit.is_empty()
                && matches!(**element, Ty::Instance(_) | Ty::Applied(..))
                && !self.project.root_collects()
            {
                return object_type.clone();
            }
            // Another method of a collection (`zip`, `scan`): a value saguaro does
            // not follow, not one known to be foreign.
            return Ty::Unknown("a collection method saguaro does not follow");
        }
        // `handlers.run(x)` of a record: calling one of its values.
        if let Ty::Record(value) = object_type {
            return self.called((**value).clone(), args, depth + 1);
        }
        // `step.apply(doc)` on `AddMarkStep | RemoveMarkStep`: what each one's method gives,
        // known when they agree. A type that lacks the method adds nothing, as for a member
        // ([`Self::member`]): code calls it only on a value that has it.
        if let Ty::OneOf(types) = object_type {
            let results = types
                .iter()
                .filter(|t| !matches!(self.member(t, method, depth + 1), Entity::Missing))
                .map(|t| self.method_call_type_given(facts, t, method, args, explicit.clone(), callee, depth + 1))
                .collect::<Vec<_>>();
            if results.is_empty() {
                return Ty::Unknown("a method none of the value's types has");
            }
            return one_of(results);
        }
        if let Ty::Keyed(key, value) = object_type {
            return match r.map_methods.get(method) {
                Some(MapPart::Value) => match &r.element_wrapper {
                    Some(wrapper) => Ty::Wrapped(wrapper.clone(), value.clone(), None),
                    None => (**value).clone(),
                },
                Some(part) => map_part(*part, key, value),
                // `entry(k)`, `setdefault(..)`: a value saguaro does not follow, not a foreign one.
                None => Ty::Unknown("a map method saguaro does not follow"),
            };
        }
        if let Ty::Wrapped(wrapper, held, error) = object_type {
            // `opt.map(|id| doc.get_node(id))`: the same wrapper of what the callback returns;
            // `opt.and_then(|n| n.parent())`: what it returns.
            if let Some(how) = r.wrapper_mappings.get(method) {
                let mapped = callee.and_then(|c| self.mapped_element(facts, c, held, depth + 1));
                return match (how.as_str(), mapped) {
                    ("wrapped", Some(Ty::Unknown(why))) => Ty::Unknown(why),
                    ("wrapped", Some(mapped)) => Ty::Wrapped(wrapper.clone(), Box::new(mapped), error.clone()),
                    (_, Some(returned)) => returned,
                    (_, None) => Ty::Unknown("a wrapper's callback saguaro does not read"),
                };
            }
            // `tail.replace(new)` of an `Option`: the `Option` it held; `cell.take()`: the value.
            return match r.wrapper_methods.get(wrapper).and_then(|methods| methods.get(method)) {
                Some(&how) => wrapper_method_result(how, object_type, wrapper, held),
                None => Ty::Unknown("a wrapper method saguaro does not follow"),
            };
        }
        // `opts.getBlockers?.()` of `opts: { getBlockers?: () => Array<Blocker> }`: calling
        // the member the type written in place declares.
        if let Ty::InPlace(written) = object_type {
            if let Some(member) = self.in_place_member_type(written, method, depth + 1) {
                return self.called(member, args, depth + 1);
            }
        }
        let found = self.member(object_type, method, depth + 1);
        // `node.children().filter(..)`: a method the iteration trait provides, on a type of
        // the root that implements it without declaring the method itself.
        if matches!(found, Entity::Missing) {
            if let Some(elements) = self.iterated(object_type, depth + 1) {
                return self.method_call_type_given(facts, &elements, method, args, explicit, callee, depth + 1);
            }
        }
        let callee_type = match found {
            // `node.as_ptr()` of a `NonNull<Entry>` (read as the `Entry`): the same value.
            // `m.lock().unwrap()` of a `Mutex<Entry>` (the lock read as the `Entry`): the same.
            Entity::Missing
                if (r.pointer_methods.iter().any(|m| m == method)
                    || r.kept_unwraps.iter().any(|m| m == method)
                    || r.projection_methods.iter().any(|m| m == method))
                    && matches!(object_type, Ty::Instance(_) | Ty::Applied(..)) =>
            {
                return object_type.clone();
            }
            Entity::Def(def) if self.is_function(&def) => Ty::Function(def),
            entity => self.entity_type(&entity, depth + 1),
        };
        // What the method's signature writes with the receiver's type arguments and its own.
        let _received = match &callee_type {
            Ty::Function(def) => self.give_on_receiver(object_type, def, depth),
            _ => Vec::new(),
        };
        let _inferred = match (&callee_type, callee) {
            (Ty::Function(def), Some(callee)) if explicit.is_empty() => self.give_inferred(facts, callee, def, depth),
            _ => Vec::new(),
        };
        let _own = match &callee_type {
            Ty::Function(def) if !explicit.is_empty() => self.give_own(def, explicit),
            _ => None,
        };
        // `-> Self`: the receiver's own type, whichever subclass it is (`with Sub() as s`).
        if let Ty::Function(def) = &callee_type {
            if self.returns_self(def) {
                match object_type {
                    Ty::Instance(_) | Ty::Applied(..) => return object_type.clone(),
                    Ty::Class(c) | Ty::Bases(c) => return Ty::Instance(c.clone()),
                    _ => {}
                }
            }
        }
        self.called(callee_type, args, depth)
    }

    /// Whether `object_type`, a value of a type of the root, has a method `method` of its
    /// own (declared on the type, or by an impl of it).
    fn declares_method(&self, object_type: &Ty, method: &str, depth: usize) -> bool {
        matches!(object_type, Ty::Instance(_) | Ty::Applied(..))
            && matches!(self.member(object_type, method, depth + 1), Entity::Def(ref def) if self.is_function(def))
    }

    /// What a value of the type variable `def` is known to be (`TypeVar("T", bound="Node")`:
    /// at least a `Node`).
    fn type_variable_bound(&self, def: &DefId, depth: usize) -> Ty {
        const NONE: Ty = Ty::Unknown("a value of a type parameter without a bound");
        let Some(owner) = self.facts(&def.file) else {
            return NONE;
        };
        let r = &owner.lang.resolve;
        let bound = type_variable_call(&owner, def)
            .and_then(|c| Resolve::form(&r.calls, c.kind()).and_then(|f| part(c, f.arguments.as_deref())))
            .and_then(|list| {
                written_parts(list).into_iter().find(|a| {
                    a.child_by_field_name("name")
                        .is_some_and(|n| owner.text_of(n) == "bound")
                })
            })
            .and_then(|keyword| keyword.child_by_field_name("value"));
        match bound.map(|b| self.annotation(&owner, b, depth + 1)) {
            None | Some(Ty::Unknown(_)) => NONE,
            Some(ty) => Ty::Bounded(Box::new(ty)),
        }
    }

    /// Whether a method's written return type is its class's own type (`Self`).
    fn returns_self(&self, method: &DefId) -> bool {
        let Some(facts) = self.facts(&method.file) else {
            return false;
        };
        let function = declaration_of(&facts, &method.path).map(function_node);
        let written = function
            .and_then(|f| f.child_by_field_name("return_type"))
            .map(|t| unwrapped(&facts, t));
        // `return cls(**kwargs)` in a `@classmethod` with no written return type: an instance
        // of the class it is called on (`Config.from_file()` is a `Config`), as `Self` is.
        if let (None, Some(function)) = (written, function) {
            let r = &facts.lang.resolve;
            let class_receiver = facts.symbol(&method.path).is_some_and(|symbol| {
                decorator_names(facts.index.source.text(), symbol).any(|d| r.class_receivers.iter().any(|c| c == d))
            });
            let receiver = nth_parameter(function, 0).map(|p| facts.text_of(p));
            let returns = facts
                .types()
                .returns
                .get(&method.path)
                .map(Vec::as_slice)
                .unwrap_or_default();
            return class_receiver
                && !returns.is_empty()
                && returns.iter().all(|&value| {
                    let callee = facts.node(value).and_then(|v| {
                        Resolve::form(&r.calls, v.kind()).and_then(|form| part(v, form.callee.as_deref()))
                    });
                    callee.is_some_and(|c| Some(facts.text_of(c)) == receiver)
                });
        }
        written.is_some_and(|t| {
            facts
                .lang
                .resolve
                .self_type
                .iter()
                .any(|s| *s == strip_quotes(facts.text_of(t)))
        })
    }

    /// Gives a method a generic base class declares the type arguments the receiver's class
    /// writes in its base clause (`class PState extends Stack<string, PElement>`: `E` of
    /// `Stack.close(): E` is `PElement`), each class between giving its own to the next.
    fn give_inherited(&self, class: &DefId, method: &DefId, depth: usize) -> Vec<super::generics::Giving> {
        let mut givings = Vec::new();
        let Some((owner, _)) = method.path.rsplit_once('.') else {
            return givings;
        };
        let name = method.path.rsplit('.').next().unwrap_or_default();
        let mut class = class.clone();
        for _ in 0..MAX_DEPTH {
            if class.file == method.file && class.path == owner {
                break;
            }
            let Some(facts) = self.facts(&class.file) else {
                break;
            };
            let clauses = base_clauses(&facts, &class.path);
            // The base the method is found through: the one declaring it, else one that has it.
            let bases = self.bases(&facts, &class.path, depth + 1);
            let through = bases.iter().enumerate().find_map(|(i, base)| match base {
                Entity::Def(b) if b.file == method.file && b.path == owner => Some((i, b.clone())),
                _ => None,
            });
            let through = through.or_else(|| {
                bases.iter().enumerate().find_map(|(i, base)| match base {
                    Entity::Def(b) => {
                        matches!(self.class_member(b, name, depth + 1), Entity::Def(ref d) if d == method)
                            .then(|| (i, b.clone()))
                    }
                    _ => None,
                })
            });
            let Some((i, base)) = through else {
                break;
            };
            let arguments = clauses
                .get(i)
                .map(|clause| super::generics::base_and_arguments(&facts, *clause).1)
                .unwrap_or_default();
            let given: Vec<Ty> = arguments
                .iter()
                .map(|a| self.annotation(&facts, *a, depth + 1))
                .collect();
            // The base's generic list, or (a language declaring type variables by a call,
            // `Generic[Q, R]`) the base itself, where its body's variables look for them.
            let holder = self.facts(&base.file).and_then(|base_facts| {
                let r = &base_facts.lang.resolve;
                let node = declaration_of(&base_facts, &base.path)?;
                match r.type_parameters.as_deref() {
                    Some(field) => node.child_by_field_name(field).map(|_| node.id()),
                    None => (!r.type_variables.is_empty()).then(|| node.id()),
                }
            });
            if let (Some(holder), false) = (holder, given.is_empty()) {
                givings.push(super::generics::give_at(&base.file, holder, given));
            }
            class = base;
        }
        givings
    }

    /// The annotation a string annotation holds (`"Manager[Resp]"`), parsed where it is
    /// written: its content alone is read as an expression of the language, so every node
    /// has its place in the file and names are looked up from there. `None` where the
    /// content is not one expression.
    fn annotation_in_string(&self, facts: &Facts, string: Node<'_>, depth: usize) -> Option<Ty> {
        let mut cursor = string.walk();
        let contents: Vec<Node<'_>> = string
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "string_content")
            .collect();
        let [content] = contents.as_slice() else {
            return None;
        };
        thread_local! {
            static PARSER: std::cell::RefCell<tree_sitter::Parser> = std::cell::RefCell::new(tree_sitter::Parser::new());
        }
        let range = tree_sitter::Range {
            start_byte: content.start_byte(),
            end_byte: content.end_byte(),
            start_point: content.start_position(),
            end_point: content.end_position(),
        };
        let grammar = facts.lang.grammar().ok()?;
        let tree = PARSER.with(|parser| {
            let mut parser = parser.borrow_mut();
            parser.set_language(grammar).ok()?;
            parser.set_included_ranges(&[range]).ok()?;
            parser.parse(facts.text(), None)
        })?;
        let root = tree.root_node();
        if root.has_error() || root.named_child_count() != 1 {
            return None;
        }
        let statement = root.named_child(0)?;
        let expression = statement
            .named_child(0)
            .filter(|_| statement.named_child_count() == 1)?;
        Some(self.annotation(facts, expression, depth + 1))
    }

    /// What a value of a class of the root holds through a wrapping base it declares, with
    /// the value's type arguments given to the class (`class Manager(Coroutine[Any, Any, T],
    /// Generic[T])`, a `Manager[Resp]`: the `Resp` awaiting it gives).
    fn held_by_base(&self, ty: &Ty, depth: usize) -> Option<Ty> {
        let (class, arguments) = match ty {
            Ty::Instance(c) => (c, Vec::new()),
            Ty::Applied(c, arguments) => (c, arguments.clone()),
            _ => return None,
        };
        let facts = self.facts(&class.file)?;
        let declaration = declaration_of(&facts, &class.path)?;
        let _given = super::generics::give(&class.file, declaration, arguments);
        base_clauses(&facts, &class.path)
            .into_iter()
            .find_map(|base| match self.annotation(&facts, base, depth + 1) {
                Ty::Wrapped(_, held, _) if !matches!(*held, Ty::Unknown(_)) => Some(*held),
                _ => None,
            })
    }

    /// The elements of a value of a class of the root that subclasses a collection
    /// (`class Handlers(list[Handler])`, `class Rows extends Array<Row>`), directly or through
    /// a base of the root, where the class writes no iteration of its own
    /// (`iteration_methods`: `__iter__`), which would decide what it gives.
    fn elements_by_base(&self, ty: &Ty, depth: usize) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        let class = ty.instance_class()?;
        let facts = self.facts(&class.file)?;
        let r = &facts.lang.resolve;
        let own_iteration = r
            .iteration_methods
            .iter()
            .any(|m| matches!(self.class_member(class, m, depth + 1), Entity::Def(_)));
        if own_iteration {
            return None;
        }
        base_clauses(&facts, &class.path)
            .into_iter()
            .find_map(|base| match self.annotation(&facts, base, depth + 1) {
                elements @ Ty::Elements(_) => Some(elements),
                base @ (Ty::Instance(_) | Ty::Applied(..)) => self.elements_by_base(&base, depth + 1),
                _ => None,
            })
    }

    /// What the method `def` returns called on a value of type `receiver`: its written or
    /// read return, with the receiver's type arguments given to the class's parameters
    /// (`-> _U` of a `Stack[Ctx]` is a `Ctx`), or those a subclass gives its base.
    fn returns_on(&self, receiver: &Ty, def: &DefId, depth: usize) -> Ty {
        let _received = self.give_on_receiver(receiver, def, depth);
        self.returns(def, depth + 1)
    }

    /// Gives the method `def`, called on a value of type `receiver`, what that type says of
    /// the type parameters its signature writes: the receiver's arguments, to the class or
    /// `impl` declaring it (`-> _U` of a `Stack[Ctx]`); for a method a base declares, what
    /// each class's base clause gives the next (`class PState extends Stack<string,
    /// PElement>`), the receiver's own arguments given first to its class (`GetOrCreate[Band]`
    /// of `class GetOrCreate(Proxy[Q, T], Generic[T])`: `Proxy.run_sync() -> R` is a `Band`).
    fn give_on_receiver(&self, receiver: &Ty, def: &DefId, depth: usize) -> Vec<super::generics::Giving> {
        let declares = |class: &DefId| {
            class.file == def.file && def.path.rsplit_once('.').is_some_and(|(owner, _)| owner == class.path)
        };
        match receiver {
            Ty::Applied(class, arguments) if !declares(class) => {
                let own = self.facts(&class.file).and_then(|facts| {
                    let declaration = declaration_of(&facts, &class.path)?;
                    Some(super::generics::give(&class.file, declaration, arguments.clone()))
                });
                let inherited = self.give_inherited(class, def, depth);
                if !inherited.is_empty() {
                    return own.into_iter().chain(inherited).collect();
                }
                // No base clause leads to it (a trait's provided method): the arguments go to
                // what declares the method, as for its own.
                drop(own);
                self.give_receiver(def, arguments).into_iter().collect()
            }
            Ty::Applied(_, arguments) => self.give_receiver(def, arguments).into_iter().collect(),
            // `PersonFactory.build()`: a class method called on a subclass, the same.
            Ty::Instance(class) | Ty::Class(class) => self.give_inherited(class, def, depth),
            _ => Vec::new(),
        }
    }

    /// Gives a method of a generic type the type arguments of its receiver: to the class
    /// that declares it, or to the `impl` block around it through its written self type
    /// (`impl<'a, T> Ref<'a, T>`: `T` is the receiver's first argument).
    fn give_receiver(&self, method: &DefId, arguments: &[Ty]) -> Option<super::generics::Giving> {
        let facts = self.facts(&method.file)?;
        let r = &facts.lang.resolve;
        let Some((holder, list)) = super::generics::enclosing_generic_list(r, declaration_of(&facts, &method.path)?)
        else {
            // A class whose type variables its bases declare (`Generic[D]`): given to the
            // class, where its body's variables look for them.
            let (class, _) = method.path.rsplit_once('.')?;
            let class = declaration_of(&facts, class).filter(|_| !r.type_variables.is_empty())?;
            return Some(super::generics::give(&method.file, class, arguments.to_vec()));
        };
        let given = match Resolve::form(&r.implementations, holder.kind()) {
            // The impl's parameters, each where the self type writes it.
            Some(form) => {
                let self_type = part(holder, form.object.as_deref())?;
                let generic = Resolve::form(&r.type_generics, self_type.kind())?;
                let written =
                    super::generics::without_lifetimes(&facts, type_arguments(self_type, generic.arguments.as_deref()));
                let count = super::generics::without_lifetimes(&facts, written_parts(list)).len();
                let mut given = vec![Ty::Unknown("a type parameter the receiver does not give"); count];
                for (argument, ty) in written.iter().zip(arguments) {
                    if let Some(parameter) = super::generics::type_parameter(&facts, *argument) {
                        if let Some(slot) = given.get_mut(parameter.position) {
                            *slot = ty.clone();
                        }
                    }
                }
                given
            }
            None => arguments.to_vec(),
        };
        Some(super::generics::give(&method.file, holder, given))
    }

    /// What a value's type arguments give a type variable written in its class's body
    /// (`value: V` in `class Retrieved(Generic[D, V])`): the class's variables are those
    /// `Generic[..]` (or `Protocol[..]`, a base of the language's `variable_generic_bases`)
    /// lists, else every type variable its bases' arguments name, in order.
    fn class_type_variable_given(&self, facts: &Facts, name: Node<'_>, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let class = facts.enclosing(name.start_byte(), |s| s.kind == "class")?;
        let declaration = declaration_of(facts, &class.path)?;
        let written = facts.text_of(name);
        let bases = base_clauses(facts, &class.path);
        let clauses: Vec<(Node<'_>, Vec<Node<'_>>)> = bases
            .iter()
            .map(|b| super::generics::base_and_arguments(facts, *b))
            .collect();
        let listed = clauses.iter().find(|(object, _)| {
            let object = facts.text_of(*object);
            let object = object.rsplit('.').next().unwrap_or(object);
            r.variable_generic_bases.iter().any(|g| g == object)
        });
        let variables: Vec<String> = match listed {
            Some((_, arguments)) => arguments.iter().map(|a| facts.text_of(*a).to_string()).collect(),
            None => {
                let mut names: Vec<String> = Vec::new();
                for (_, arguments) in &clauses {
                    let mut stack: Vec<Node<'_>> = arguments.iter().rev().copied().collect();
                    while let Some(node) = stack.pop() {
                        if r.names.iter().any(|k| k == node.kind()) {
                            let text = facts.text_of(node);
                            let variable = matches!(
                                self.name(facts, text, node.start_byte(), depth + 1),
                                Entity::Def(ref d) if self.type_variable_of(d).is_some()
                            );
                            if variable && !names.iter().any(|n| n == text) {
                                names.push(text.to_string());
                            }
                            continue;
                        }
                        let mut children: Vec<Node<'_>> = written_parts(node);
                        children.reverse();
                        stack.extend(children);
                    }
                }
                names
            }
        };
        let position = variables.iter().position(|v| v == written)?;
        super::generics::given_at(&facts.path, declaration.id(), position)
    }

    /// Gives a function its own type arguments, written at its call.
    fn give_own(&self, function: &DefId, explicit: Vec<Ty>) -> Option<super::generics::Giving> {
        let facts = self.facts(&function.file)?;
        let declaration = declaration_of(&facts, &function.path)?;
        Some(super::generics::give(
            &function.file,
            function_node(declaration),
            explicit,
        ))
    }

    /// What calling a value of type `callee` with `args` gives. The arguments are read only
    /// where an overload must be chosen: most calls never need them.
    pub fn called(&self, callee: Ty, args: &dyn Fn() -> Option<Arguments>, depth: usize) -> Ty {
        match callee {
            Ty::Class(c) => Ty::Instance(c),
            Ty::Function(f) => self.returns_for(&f, args, depth + 1),
            Ty::Callable(result, _) => *result,
            Ty::Unknown(why) => Ty::Unknown(why),
            // `(opts.parse ?? (() => parse(..)))()`: one of the functions, giving one of their
            // results (known where they agree).
            Ty::OneOf(functions) if functions.iter().all(|f| matches!(f, Ty::Callable(..))) => {
                one_of(functions.into_iter().map(|f| self.called(f, args, depth + 1)).collect())
            }
            // `Algorithms[name].value(..)`: one of several callable objects, each giving what
            // its `__call__` returns; known where they all give one type.
            Ty::OneOf(values) => {
                let results: Vec<Ty> = values.into_iter().map(|v| self.called(v, args, depth + 1)).collect();
                match unanimous(&results) {
                    Some(result) if !matches!(result, Ty::OneOf(_)) => result.clone(),
                    _ => Ty::Unknown("a call of a value of one of several types"),
                }
            }
            // Never callable: a value of the same name was meant, which saguaro did not pick.
            Ty::Module(_) => Ty::Unknown("a call of a name saguaro reads as a module"),
            // `client = aiohttp_client(app)` with `aiohttp_client: AiohttpClient`: what its
            // class's call method (`__call__`) gives, overloads chosen by the arguments. A
            // value of the root called some other way (a call signature, a base from outside)
            // is not a foreign value.
            instance @ (Ty::Instance(_) | Ty::Applied(..)) => {
                let facts = instance.instance_class().and_then(|class| self.facts(&class.file));
                let call = facts.as_ref().and_then(|f| f.lang.resolve.call_method.clone());
                match (facts, call) {
                    (Some(facts), Some(call)) if matches!(self.member(&instance, &call, depth + 1), Entity::Def(_)) => {
                        self.method_call_type(&facts, &instance, &call, args, depth + 1)
                    }
                    _ => Ty::Unknown("a call of a value of the root without a call method saguaro reads"),
                }
            }
            _ => Ty::External,
        }
    }

    /// Whether a definition is a field (or a variant): a member that is no method.
    fn is_field(&self, def: &DefId) -> bool {
        self.facts(&def.file)
            .is_some_and(|f| f.index.symbols.iter().any(|s| s.path == def.path && s.is_member()))
    }

    /// The function a call of `callee` runs: the function it names, or the `__call__`-like
    /// method of the instance it is (`Method()(..)`, `env.int(..)` with `int = Method()`).
    /// `depth`: how deep the reading that asks already is (0 from outside the types).
    pub(super) fn called_function(&self, facts: &Facts, callee: Node<'_>, depth: usize) -> Option<DefId> {
        if let Entity::Def(def) = self.expression_entity(facts, callee, depth + 1) {
            if self.is_function(&def) {
                return Some(def);
            }
        }
        match self.type_of(facts, callee, depth + 1) {
            Ty::Function(def) => Some(def),
            instance @ (Ty::Instance(_) | Ty::Applied(..)) => {
                let call = facts.lang.resolve.call_method.as_deref()?;
                // `__call__: FieldMethod[Any] = ...`: a value whose own class is called.
                let mut ty = instance;
                for _ in 0..2 {
                    match self.member(&ty, call, depth + 1) {
                        Entity::Def(def) if self.is_function(&def) => return Some(def),
                        entity => ty = self.entity_type(&entity, depth + 2),
                    }
                    if !matches!(ty, Ty::Instance(_) | Ty::Applied(..)) {
                        return None;
                    }
                }
                None
            }
            _ => None,
        }
    }

    /// The type whose members `function` takes as keyword arguments (`**kwargs:
    /// Unpack[Options]`, PEP 692) when it has no parameter named `keyword` of its own: the
    /// keyword then names that type's member.
    pub(super) fn unpacked_keywords(&self, function: &DefId, keyword: &str) -> Option<Ty> {
        let facts = self.facts(&function.file)?;
        let r = &facts.lang.resolve;
        let marker = r.unpacked_keywords.as_deref()?;
        let node = function_node(declaration_of(&facts, &function.path)?);
        let parameters = written_parts(node.child_by_field_name("parameters")?);
        let mut unpacked = None;
        for parameter in parameters {
            let written = facts.text_of(parameter);
            if !written.starts_with("**") {
                let name = written
                    .split([':', '='])
                    .next()
                    .unwrap_or(written)
                    .trim()
                    .trim_start_matches('*');
                if name == keyword {
                    return None;
                }
                continue;
            }
            let annotation = unwrapped(&facts, parameter.child_by_field_name("type")?);
            let form = Resolve::form(&r.type_generics, annotation.kind())?;
            let base = facts.text_of(part(annotation, form.object.as_deref())?);
            if base.rsplit('.').next() != Some(marker) {
                return None;
            }
            let [argument] = type_arguments(annotation, form.arguments.as_deref())[..] else {
                return None;
            };
            unpacked = Some(self.annotation(&facts, argument, 1));
        }
        unpacked.filter(|ty| matches!(ty, Ty::Instance(_) | Ty::Applied(..)))
    }

    /// Whether a definition is a function or method (its name called gives its return).
    /// Whether a definition is a function declared `async`: calling it makes what awaiting
    /// gives its written return (a coroutine, a future).
    fn is_async_function(&self, def: &DefId) -> bool {
        self.facts(&def.file).is_some_and(|f| {
            f.index
                .symbols
                .iter()
                .find(|s| s.path == def.path)
                .is_some_and(|s| signature::is_async(&f.index, s))
        })
    }

    fn is_function(&self, def: &DefId) -> bool {
        self.facts(&def.file).is_some_and(|f| {
            f.index
                .symbols
                .iter()
                .any(|s| s.path == def.path && matches!(s.kind.as_str(), "function" | "method" | "constructor"))
        })
    }

    /// The type of `ty.name` as a value: a field's type, a method as a function, a
    /// module's name.
    pub fn value_member_type(&self, ty: &Ty, name: &str, depth: usize) -> Ty {
        if ty.is_anything() {
            return ty.clone();
        }
        if let Some(member) = self.enum_member_type(ty, name, depth + 1) {
            return member;
        }
        if let Some(field) = self.field_of(&ty.clone().unbounded(), name, depth + 1) {
            return field;
        }
        if let Ty::InPlace(written) = ty {
            if let Some(member) = self.in_place_member_type(written, name, depth + 1) {
                return member;
            }
        }
        let entity = self.member(ty, name, depth + 1);
        if let (Ty::OneOf(_) | Ty::AllOf(_), Entity::Def(def)) = (ty, &entity) {
            // The field all the types share: its declared type, read on the type declaring it.
            if let Some((owner, _)) = def.path.rsplit_once('.') {
                let owner = DefId {
                    file: def.file.clone(),
                    path: owner.to_string(),
                };
                if let Some(field) = self.field_type(&owner, name, depth + 1) {
                    return field;
                }
            }
        }
        if let Entity::Def(def) = &entity {
            // A property is read like a field: its value is what its getter returns.
            if let Some(facts) = self.facts(&def.file) {
                if let Some(symbol) = facts.symbol(&def.path) {
                    let head = &facts.index.source.text()[symbol.extent.start_byte..symbol.declaration.start_byte];
                    if symbol.kind == "getter" || head.contains("@property") || head.contains("@cached_property") {
                        // With the receiver's type arguments, as a method's call is read
                        // (`stack.top` of a `Stack[Ctx]` whose getter returns `_U`).
                        return self.returns_on(ty, def, depth + 1);
                    }
                }
            }
        }
        self.entity_type(&entity, depth + 1)
    }

    /// What a member of an enum class of a language whose enums are classes (Python's
    /// `class Algorithms(enum.Enum)`) is, as the checker reads it: a member assigned in the
    /// class's body, read on the class (`Algorithms.least_duration`), is a value of the
    /// enum, not the value assigned to it; a value of the enum's `value` is one of the values
    /// its members are assigned (all of them alike, when one is not told from another), its
    /// `name` a string. A class declaring `value` itself keeps its own. `None`: no enum, or
    /// another member.
    fn enum_member_type(&self, ty: &Ty, name: &str, depth: usize) -> Option<Ty> {
        let (class, on_class) = match ty {
            Ty::Class(class) => (class, true),
            Ty::Instance(class) => (class, false),
            _ => return None,
        };
        let facts = self.facts(&class.file)?;
        let r = &facts.lang.resolve;
        if r.enum_bases.is_empty() {
            return None;
        }
        // Every member read of the language comes here: what the class declares under the
        // name, and whether the name is one every enum value has, are asked before the
        // bases are walked.
        let declared = facts.symbol(&format!("{}.{name}", class.path));
        let asked = match on_class {
            true => declared.is_some_and(|d| d.kind == "attribute"),
            false => declared.is_none() && r.enum_value_members.iter().any(|m| m == name),
        };
        if !asked || !self.is_enum(class, 0) {
            return None;
        }
        let members = enum_members(&facts, &class.path);
        if on_class {
            return members
                .iter()
                .any(|m| m.name == name)
                .then(|| Ty::Instance(class.clone()));
        }
        match r.enum_value_members.iter().position(|m| m == name) {
            Some(0) => {
                let values: Vec<Ty> = members
                    .iter()
                    .map(|m| {
                        self.field_type(class, &m.name, depth + 1)
                            .unwrap_or(Ty::Unknown("an enum member's value saguaro does not read"))
                    })
                    .collect();
                match values.iter().any(|v| matches!(v, Ty::Unknown(_))) || values.is_empty() {
                    true => Some(Ty::Unknown("an enum member's value saguaro does not read")),
                    false => Some(one_of(values)),
                }
            }
            Some(_) => Some(Ty::External),
            None => None,
        }
    }

    /// Whether the class `class` is an enum: one of its bases, followed through the root's
    /// own classes, is written as one of the language's enum bases (`enum.Enum`, `IntEnum`).
    fn is_enum(&self, class: &DefId, depth: usize) -> bool {
        let Some(facts) = self.facts(&class.file) else {
            return false;
        };
        let r = &facts.lang.resolve;
        if r.enum_bases.is_empty() || depth > MAX_DEPTH {
            return false;
        }
        base_clauses(&facts, &class.path).into_iter().any(|base| {
            let written = facts.text_of(base);
            let name = written
                .split('[')
                .next()
                .unwrap_or(written)
                .rsplit('.')
                .next()
                .unwrap_or(written)
                .trim();
            if r.enum_bases.iter().any(|b| b == name) {
                return true;
            }
            match self.annotation(&facts, base, depth + 1).definition() {
                Some(def) if def != class => self.is_enum(def, depth + 1),
                _ => false,
            }
        })
    }

    /// The type a type written in place writes for its member `name` (`{ current?: Atom }`:
    /// an `Atom`; a method signature: a callable giving its written return), if it writes
    /// the member with a type.
    fn in_place_member_type(&self, written: &WrittenAt, name: &str, depth: usize) -> Option<Ty> {
        let facts = self.facts(&written.file)?;
        let node = facts.node(written.range)?;
        let member = written_parts(node).into_iter().find(|m| {
            m.child_by_field_name("name")
                .is_some_and(|n| strip_quotes(facts.text_of(n)) == name)
        })?;
        if let Some(result) = member.child_by_field_name("return_type") {
            return Some(Ty::Callable(Box::new(self.annotation(&facts, result, depth + 1)), None));
        }
        let written = member.child_by_field_name("type")?;
        Some(self.annotation(&facts, written, depth + 1))
    }

    /// The type of parameter `index` of the method `name` a type written in place declares
    /// (`{ unwatched(sub: ReactiveNode): void }`, `{ onChange: (value: V) => void }`), where
    /// it writes one.
    pub(super) fn in_place_parameter_type(
        &self,
        written: &WrittenAt,
        name: &str,
        index: usize,
        depth: usize,
    ) -> Option<Ty> {
        let facts = self.facts(&written.file)?;
        let node = facts.node(written.range)?;
        let r = &facts.lang.resolve;
        let member = written_parts(node).into_iter().find(|m| {
            m.child_by_field_name("name")
                .is_some_and(|n| strip_quotes(facts.text_of(n)) == name)
        })?;
        let function = match member.child_by_field_name("parameters") {
            Some(_) => member,
            None => {
                let mut ty = member.child_by_field_name("type")?;
                while r.type_wrappers.iter().any(|k| k == ty.kind()) {
                    ty = inner(ty)?;
                }
                r.function_types.iter().any(|k| k == ty.kind()).then_some(ty)?
            }
        };
        let parameter = *written_parts(function.child_by_field_name("parameters")?).get(index)?;
        let written = parameter.child_by_field_name("type")?;
        Some(self.annotation(&facts, written, depth + 1))
    }

    /// The type of parameter `index` of the function type written at `written` (`(view:
    /// EditorView, event: Event) => void`), where it writes one.
    pub(super) fn function_type_parameter(&self, written: &WrittenFunction, index: usize, depth: usize) -> Option<Ty> {
        let facts = self.facts(&written.at.file)?;
        let function = facts.node(written.at.range)?;
        let _given = written.given.again();
        let parameter = nth_parameter(function, index)?;
        let annotation = written_parameter_type(parameter)?;
        Some(self.annotation(&facts, annotation, depth + 1))
    }

    /// Member `name` of a type written in place: a member it writes is not a definition
    /// saguaro keeps (unknown); one it does not write is missing, unless an index or a
    /// mapping over keys saguaro cannot list may give it.
    fn member_in_place(&self, written: &WrittenAt, name: &str) -> Entity {
        let Some(facts) = self.facts(&written.file) else {
            return Entity::Unknown("a file that does not parse");
        };
        let Some(node) = facts.node(written.range) else {
            return Entity::Unknown("a type saguaro cannot read");
        };
        let r = &facts.lang.resolve;
        for member in written_parts(node) {
            if let Some(form) = Resolve::form(&r.index_signatures, member.kind()) {
                // `[K in "a" | "b"]: V`: the keys are the literals listed.
                let listed = written_keys(&facts, member, form);
                match listed {
                    Some(keys) if !keys.iter().any(|k| k == name) => continue,
                    _ => return Entity::Unknown("a member of a type written with an index or a mapping"),
                }
            }
            let declared = member
                .child_by_field_name("name")
                .map(|n| strip_quotes(facts.text_of(n)));
            if declared.as_deref() == Some(name) {
                return Entity::Unknown("a member of a type written in place");
            }
        }
        Entity::Missing
    }

    /// Member `name` of an object literal's own type: one of its keys (the literal's, no
    /// definition of the root's), or what a value it spreads has (`{ ...opts, db }`: `root`
    /// is `opts.root`), the last key that writes or brings it deciding, as later keys
    /// replace earlier ones; missing when none does. A key saguaro cannot read (computed,
    /// `[k]: v`) may be any.
    fn member_of_literal(&self, written: &WrittenAt, name: &str, depth: usize) -> Entity {
        let Some(facts) = self.facts(&written.file) else {
            return Entity::Unknown("a file that does not parse");
        };
        let Some(node) = facts.node(written.range) else {
            return Entity::Unknown("a literal saguaro cannot read");
        };
        let r = &facts.lang.resolve;
        for key in written_parts(node).into_iter().rev() {
            if r.spreads.iter().any(|k| k == key.kind()) {
                let spread = match inner(key) {
                    Some(value) => self.type_of(&facts, value, depth + 1),
                    None => Ty::Unknown("an empty spread"),
                };
                match self.member(&spread, name, depth + 1) {
                    Entity::Missing => continue,
                    Entity::Unknown(_) => return Entity::Unknown("a key an object literal may spread"),
                    found => return found,
                }
            }
            let written = match Resolve::form(&r.field_keys, key.kind()) {
                Some(form) => part(key, form.name.as_deref()).unwrap_or(key),
                None => return Entity::Unknown("a part of an object literal saguaro does not read"),
            };
            let text = strip_quotes(facts.text_of(written));
            if text == name {
                return Entity::Unknown("a key of an object literal");
            }
            if text.starts_with('[') {
                return Entity::Unknown("a computed key of an object literal");
            }
        }
        Entity::Missing
    }

    /// An indexed access type (`Data['port']`, `TxData[typeof Kind.Blob]`): the written type
    /// of the member its index names, by name or by the computed key a `typeof` names.
    fn indexed_type(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Ty {
        const UNREAD: Ty = Ty::Unknown("an indexed access type saguaro does not read");
        let r = &facts.lang.resolve;
        let (Some(object), Some(index)) = (node.named_child(0), node.named_child(1)) else {
            return UNREAD;
        };
        let index = unwrapped(facts, index);
        let text = facts.text_of(index);
        // `ConstructorParameters<typeof C>[0]`: the parameter at that place.
        if let Some((Derived::Parameters, argument)) = derived_type(facts, unwrapped(facts, object)) {
            let Ok(place) = text.parse::<usize>() else {
                return UNREAD;
            };
            return match self.annotation(facts, argument, depth + 1) {
                Ty::Class(def) | Ty::Function(def) => self.parameter_type(&def, place, depth + 1),
                Ty::Callable(_, Some(written)) => self
                    .function_type_parameter(&written, place, depth + 1)
                    .unwrap_or(UNREAD),
                _ => UNREAD,
            };
        }
        let object = self.annotation(facts, object, depth + 1);
        if let Some(name) = text.strip_prefix(['"', '\'']).and_then(|t| t.strip_suffix(['"', '\''])) {
            return match self.field_of(&object, name, depth + 1) {
                Some(ty) => ty,
                None => UNREAD,
            };
        }
        // `Events[K]` where the call gives `K` the string it passes: that member's type.
        if let Ty::Text(name) = self.annotation(facts, index, depth + 1) {
            return self.field_of(&object, &name, depth + 1).unwrap_or(UNREAD);
        }
        if r.type_queries.iter().any(|k| k == index.kind()) {
            let key = index.named_child(0).map(|k| facts.text_of(k));
            if let (Some(key), Some(class)) = (key, object.instance_class()) {
                if let Some(ty) = self.computed_field(class, key, depth + 1) {
                    return ty;
                }
            }
        }
        // `TypedBinaryNode[BinaryNodeType]`, a key type saguaro does not read: the checker
        // lets only the object's keys index it, so the type is one of its fields' types.
        if let Ty::Instance(class) = &object {
            if let Some(ty) = self.one_of_the_fields(class, depth + 1) {
                return ty;
            }
        }
        UNREAD
    }

    /// The type of a value of one of the fields of `class`, an interface whose members are
    /// all fields it writes itself (no bases, no methods, no index signature): one of those
    /// fields' types.
    fn one_of_the_fields(&self, class: &DefId, depth: usize) -> Option<Ty> {
        let facts = self.facts(&class.file)?;
        let types = facts.types();
        if types.bases.contains_key(&class.path) {
            return None;
        }
        let body = declaration_of(&facts, &class.path)?.child_by_field_name("body")?;
        // Fields by name, computed keys (`[Kind.Stem]: Stem`) among them.
        let mut names: Vec<&str> = types
            .fields
            .keys()
            .filter(|(owner, _)| *owner == class.path)
            .map(|(_, name)| name.as_str())
            .collect();
        names.sort_unstable();
        let methods = facts.index.symbols.iter().any(|s| {
            s.parent_path.as_deref() == Some(class.path.as_str()) && !matches!(s.kind.as_str(), "field" | "property")
        });
        if names.is_empty() || methods || written_parts(body).len() != names.len() {
            return None;
        }
        let mut types: Vec<Ty> = Vec::new();
        for name in names {
            let ty = self.field_type(class, name, depth + 1)?;
            if !types.contains(&ty) {
                types.push(ty);
            }
        }
        Some(one_of(types))
    }

    /// The type of the field `class` declares under the computed key `key` (`[KEY]: T`).
    fn computed_field(&self, class: &DefId, key: &str, depth: usize) -> Option<Ty> {
        self.field_type(class, &format!("[{key}]"), depth + 1)
    }

    /// The declared (or assigned) type of field `name` of `class`, through its bases.
    fn field_type(&self, class: &DefId, name: &str, depth: usize) -> Option<Ty> {
        self.field_type_given(class, name, None, depth)
    }

    /// The type of field `name` of a value of type `ty` (a class's value, with the type
    /// arguments it has: `inner: T` of a `Holder<Config>` is a `Config`); `None` for a
    /// value of another kind, or a class without that field.
    fn field_of(&self, ty: &Ty, name: &str, depth: usize) -> Option<Ty> {
        match ty {
            Ty::Instance(class) => self.field_type(class, name, depth),
            Ty::Applied(class, arguments) => {
                let facts = self.facts(&class.file)?;
                let declaration = declaration_of(&facts, &class.path)?;
                let own = {
                    let _given = super::generics::give(&class.file, declaration, arguments.clone());
                    self.field_type(class, name, depth)
                };
                // `a.header` of an `Arc<HeaderSlice<H, [T]>>` whose `Deref` target is its `T`:
                // the field of the type given there, with that type's own arguments.
                own.or_else(
                    || match self.deref_parameter(class, depth + 1).and_then(|i| arguments.get(i)) {
                        Some(held @ (Ty::Instance(_) | Ty::Applied(..))) if depth < MAX_DEPTH => {
                            self.field_of(held, name, depth + 1)
                        }
                        _ => None,
                    },
                )
            }
            _ => None,
        }
    }

    /// [`Self::field_type`] with the class's type parameters given (by a subclass's base
    /// clause: `class Union extends ZodType<Out, UnionDef>` reads `_def: Def` as a
    /// `UnionDef`).
    fn field_type_given(
        &self,
        class: &DefId,
        name: &str,
        given: Option<super::generics::Given<'_, '_>>,
        depth: usize,
    ) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        let facts = self.facts(&class.file)?;
        let types = facts.types();
        if let Some(fields) = types.fields.get(&(class.path.clone(), name.to_string())) {
            // A written type wins over an assigned value; among values, the first known.
            for field in fields {
                if let Some(t) = field.declared_type.and_then(|r| facts.node(r)) {
                    let owner = declaration_of(&facts, &class.path);
                    return Some(match owner {
                        Some(owner) => self.written_type_given(&facts, owner, t, given, depth + 1),
                        None => self.annotation(&facts, t, depth + 1),
                    });
                }
            }
            let mut unknown = None;
            for field in fields {
                if let Some(v) = field.value.and_then(|r| facts.node(r)) {
                    match self.type_of(&facts, v, depth + 1) {
                        Ty::Unknown(why) => unknown = unknown.or(Some(why)),
                        known => return Some(known),
                    }
                }
            }
            return Some(Ty::Unknown(unknown.unwrap_or("a field whose type is not written")));
        }
        if facts.lang.resolve.modules == ModuleSystem::Rust {
            return None;
        }
        let clauses = base_clauses(&facts, &class.path);
        for (i, base) in self.bases(&facts, &class.path, depth + 1).into_iter().enumerate() {
            if let Entity::Def(b) = base {
                let arguments = clauses
                    .get(i)
                    .map(|clause| super::generics::base_and_arguments(&facts, *clause).1)
                    .unwrap_or_default();
                let given = super::generics::Given::of(&facts, arguments.as_slice(), true);
                if let Some(t) = self.field_type_given(&b, name, given, depth + 1) {
                    return Some(t);
                }
            }
        }
        None
    }

    /// What `ty.name` is: a module's name, a type's member through its bases, a trait's.
    pub fn member(&self, ty: &Ty, name: &str, depth: usize) -> Entity {
        match ty {
            // `guard.count` of the root's own `MutexGuard<'_, State>`, whose `Deref` target is
            // its parameter `T`: a member of the `State` given for it.
            Ty::Applied(c, arguments) => match self.class_member(c, name, depth + 1) {
                found @ Entity::Def(_) => found,
                other => match self.deref_parameter(c, depth + 1).and_then(|i| arguments.get(i)) {
                    Some(held @ (Ty::Instance(_) | Ty::Applied(..))) => self.member(held, name, depth + 1),
                    _ => other,
                },
            },
            Ty::Instance(c) | Ty::Class(c) => self.class_member(c, name, depth + 1),
            Ty::Module(m) => self.module_member(m, name, depth + 1),
            Ty::Bases(c) => {
                let Some(facts) = self.facts(&c.file) else {
                    return Entity::Unknown("a file that does not parse");
                };
                let mut unknown = None;
                for base in self.bases(&facts, &c.path, depth + 1) {
                    match base {
                        Entity::Def(b) => match self.class_member(&b, name, depth + 1) {
                            Entity::Missing | Entity::External => {}
                            Entity::Unknown(why) => unknown = unknown.or(Some(why)),
                            found => return found,
                        },
                        Entity::Unknown(why) => unknown = unknown.or(Some(why)),
                        _ => {}
                    }
                }
                unknown.map_or(Entity::External, Entity::Unknown)
            }
            Ty::Bounded(bound) => match self.member(bound, name, depth + 1) {
                Entity::Missing | Entity::External => {
                    Entity::Unknown("a member of a type parameter that its bound does not have")
                }
                found => found,
            },
            Ty::Bounds(traits) => {
                for t in traits {
                    if let found @ Entity::Def(_) = self.class_member(t, name, depth + 1) {
                        return found;
                    }
                }
                Entity::External
            }
            // A member of a value of one of several types is the definition of those types
            // that define it, when they all define the same one: code that runs (and code a
            // checker passes) reads it only on a value that has it. A type that lacks it, or
            // one from outside the root, adds nothing a rename could follow; two definitions
            // of the root, or a type saguaro cannot read, leave it unknown.
            Ty::OneOf(types) => {
                let mut defined: Option<Entity> = None;
                let mut other: Option<Entity> = None;
                for t in types {
                    match self.member(t, name, depth + 1) {
                        Entity::Unknown(why) => return Entity::Unknown(why),
                        found @ Entity::Def(_) => match &defined {
                            Some(first) if *first != found => {
                                return Entity::Unknown("a member that differs between the types the value may have")
                            }
                            _ => defined = Some(found),
                        },
                        found => match &other {
                            Some(first) if *first != found => {
                                let absent = |e: &Entity| matches!(e, Entity::Missing | Entity::External);
                                if !(absent(first) && absent(&found)) {
                                    return Entity::Unknown(
                                        "a member that differs between the types the value may have",
                                    );
                                }
                                other = Some(Entity::External);
                            }
                            _ => other = Some(found),
                        },
                    }
                }
                defined
                    .or(other)
                    .unwrap_or(Entity::Unknown("a value of none of several types"))
            }
            // A member of an intersection is the one the part declaring it has; two parts
            // declaring it, or a part saguaro cannot read, leave it unknown.
            Ty::AllOf(parts) => {
                let mut declared: Option<Entity> = None;
                let mut external = false;
                for part in parts {
                    match self.member(part, name, depth + 1) {
                        Entity::Unknown(why) => return Entity::Unknown(why),
                        Entity::Missing => {}
                        Entity::External => external = true,
                        found => match &declared {
                            Some(first) if *first != found => {
                                return Entity::Unknown("a member several parts of an intersection declare")
                            }
                            _ => declared = Some(found),
                        },
                    }
                }
                declared.unwrap_or(match external {
                    true => Entity::External,
                    false => Entity::Missing,
                })
            }
            Ty::Holding(held) => match self.member(held, name, depth + 1) {
                Entity::Def(def) if self.is_field(&def) => Entity::Def(def),
                _ => Entity::Unknown("a value of an outside generic type holding a type of the root"),
            },
            Ty::InPlace(written) => self.member_in_place(written, name),
            Ty::Literal(written) => self.member_of_literal(written, name, depth),
            // `const result: Factory<T> = function (..) {..}` then `result.resolver = ..`:
            // the function is a value of the type written for it, whose members it has.
            Ty::Function(def) => match self.written_value_type(def, depth + 1) {
                Some(written) => self.member(&written, name, depth + 1),
                None => Entity::External,
            },
            Ty::Wrapped(..)
            | Ty::Tuple(_)
            | Ty::Elements(_)
            | Ty::Keyed(..)
            | Ty::Record(_)
            | Ty::Callable(..)
            | Ty::Text(_)
            | Ty::External => Entity::External,
            Ty::Unknown(why) => Entity::Unknown(why),
        }
    }

    /// The type written for a function defined as a variable's value (`const result:
    /// Factory<T> = function (..) {..}`), where the variable writes one.
    fn written_value_type(&self, def: &DefId, depth: usize) -> Option<Ty> {
        let facts = self.facts(&def.file)?;
        let symbol = facts.symbol(&def.path)?;
        let at = facts.name_range(symbol);
        let binding = facts.scopes.binding_at(&symbol.name, at)?;
        let written = facts.node(binding.declared_type?)?;
        Some(self.annotation(&facts, written, depth + 1))
    }

    /// The type of what an entity names, as a value.
    pub fn entity_type(&self, entity: &Entity, depth: usize) -> Ty {
        if depth > MAX_DEPTH {
            return Ty::Unknown("a chain of values too long to follow");
        }
        match entity {
            Entity::Def(def) => {
                let Some(facts) = self.facts(&def.file) else {
                    return Ty::Unknown("a file that does not parse");
                };
                let Some(symbol) = facts.symbol(&def.path) else {
                    // A definition a patch removes: only its kind's name is left.
                    return Ty::Unknown("a definition the change removes");
                };
                match symbol.kind.as_str() {
                    "module" => Ty::Module(ModuleId {
                        file: def.file.clone(),
                        inner: def.path.clone(),
                    }),
                    "type" if facts.lang.resolve.modules != ModuleSystem::Python => {
                        // A type alias: the type it names.
                        let declaration = facts.declaration(symbol);
                        match facts
                            .node(declaration)
                            .and_then(|d| d.child_by_field_name("value").or_else(|| d.child_by_field_name("type")))
                        {
                            // `type Input = { data: any }`: members written in place, read
                            // like an interface's.
                            Some(value)
                                if facts.lang.resolve.member_types.iter().any(|k| k == value.kind())
                                    && record_value(&facts, value).is_none() =>
                            {
                                Ty::Class(def.clone())
                            }
                            // `type Input = string | Array<Input>`: the alias met again
                            // inside its own value is not read again (each reading would
                            // read it once more, to the depth bound, on every branch).
                            Some(_) if ALIASES_IN_PROGRESS.with(|a| a.borrow().contains(def)) => {
                                Ty::Unknown("a type alias that holds itself")
                            }
                            Some(value) => {
                                ALIASES_IN_PROGRESS.with(|a| a.borrow_mut().insert(def.clone()));
                                let ty = self.annotation(&facts, value, depth + 1);
                                ALIASES_IN_PROGRESS.with(|a| a.borrow_mut().remove(def));
                                match ty {
                                    Ty::Instance(d) | Ty::Applied(d, _) => Ty::Class(d),
                                    other => other,
                                }
                            }
                            None => Ty::Unknown("a type alias saguaro cannot read"),
                        }
                    }
                    // `interface Dict { [key: string]: Conf }`, nothing extended: a record.
                    kind if is_class(kind) => match facts
                        .node(facts.declaration(symbol))
                        .and_then(|d| d.child_by_field_name("body"))
                        .filter(|_| !facts.types().bases.contains_key(&def.path))
                        .and_then(|body| sole_index_value(&facts, body))
                    {
                        Some(value) => Ty::Record(Box::new(self.annotation(&facts, value, depth + 1))),
                        None => Ty::Class(def.clone()),
                    },
                    "function" | "method" | "constructor" | "getter" | "setter" => {
                        if replaced_by_decorator(&facts, symbol) {
                            return self.decorated(&facts, symbol, depth + 1);
                        }
                        Ty::Function(def.clone())
                    }
                    _ => {
                        // `DecorationSet.empty`: a field of a class read on the class (static).
                        if let Some(class) = symbol.parent_path.as_ref() {
                            let owner = DefId {
                                file: def.file.clone(),
                                path: class.clone(),
                            };
                            if let Some(ty) = self.field_type(&owner, &symbol.name, depth + 1) {
                                return ty;
                            }
                        }
                        // A variable or constant defined at the top of a module.
                        let at = facts.name_range(symbol);
                        match facts.scopes.binding_at(&symbol.name, at).map(|b| b.id) {
                            Some(binding) => self.entity_type(
                                &Entity::Local {
                                    file: def.file.clone(),
                                    binding,
                                },
                                depth + 1,
                            ),
                            None => Ty::Unknown("a value whose type is not written"),
                        }
                    }
                }
            }
            Entity::Module(m) => Ty::Module(m.clone()),
            Entity::Local { file, binding } => {
                let Some(facts) = self.facts(file) else {
                    return Ty::Unknown("a file that does not parse");
                };
                let Some(b) = facts.scopes.bindings.get(*binding) else {
                    return Ty::Unknown("a binding saguaro lost");
                };
                if b.pattern.is_some() {
                    return self.pattern_type(&facts, b, depth + 1);
                }
                // `let v: Vec<_> = ..collect()`: a type left to inference is the value's.
                let declared = b
                    .declared_type
                    .and_then(|r| facts.node(r))
                    .map(|t| self.annotation(&facts, t, depth + 1));
                let value = b.value.and_then(|r| facts.node(r));
                if let (Some(inferred), Some(value)) = (declared.as_ref().filter(|t| t.left_to_inference()), value) {
                    return match (inferred, self.type_of(&facts, value, depth + 1)) {
                        // `let v: Vec<_> = foreign.iter().map(..).collect()`: a collection,
                        // never a foreign value, whatever the chain it collects.
                        (Ty::Elements(_), Ty::Unknown(_) | Ty::External) => {
                            self.collected_elements(&facts, value, depth + 1)
                        }
                        (Ty::Elements(_), ty) => ty,
                        (_, ty) => self.taken_from(&facts, ty, b.taken, depth + 1),
                    };
                }
                if let Some(written) = declared {
                    // `thread_local! { static S: State = .. }`: `S` is a `LocalKey<State>`.
                    let wrapper = facts
                        .index
                        .item_macros
                        .iter()
                        .find(|m| m.range.0 <= b.at.0 && b.at.1 <= m.range.1);
                    return match wrapper.and_then(|m| m.wrapper) {
                        Some(wrapper) => Ty::Wrapped(wrapper.to_string(), Box::new(written), None),
                        None => written,
                    };
                }
                if value.is_none_or(|v| facts.is_nothing(v)) {
                    if let Some(later) = self.assigned_later(&facts, b) {
                        return self.type_of(&facts, later, depth + 1);
                    }
                }
                if let Some(v) = value {
                    let ty = self.type_of(&facts, v, depth + 1);
                    let ty = self.taken_from(&facts, ty, b.taken, depth + 1);
                    // `languages = {}` of a name written `Optional[Dict[str, Desc]]` where
                    // the scope (or, under `global`, the module) declares it: a value saguaro
                    // cannot read is still one of the declared type.
                    if let (Ty::Unknown(_), Some(declared)) = (&ty, declared_in_scope(&facts, b)) {
                        return self.annotation(&facts, declared, depth + 1);
                    }
                    return ty;
                }
                if let Some(ty) = self
                    .callback_element(&facts, b.at, depth + 1)
                    .or_else(|| self.argument_callback_element(&facts, b.at, depth + 1))
                {
                    return ty;
                }
                if let Some(ty) = self.contextual_parameter(&facts, b.at, depth + 1) {
                    return ty;
                }
                Ty::Unknown("a variable whose type is not written")
            }
            Entity::External => Ty::External,
            // A name a root module or type does not have (derived, from a trait of another
            // crate, made by a macro): not known, rather than foreign.
            Entity::Missing => Ty::Unknown("a member saguaro does not find"),
            Entity::Unknown(why) => Ty::Unknown(why),
        }
    }

    /// What a definition under a decorator that replaces it is: the outermost such
    /// decorator's result (the ones above it keep what they are given), called with the
    /// definition — a decorator factory's call first gives the decorator. Known only when
    /// the decorator's written return names a type of the root; a decorator from outside
    /// the root (`@lru_cache`) may keep the function's own type, so it stays unknown.
    fn decorated(&self, facts: &Facts, symbol: &crate::symbols::Symbol, depth: usize) -> Ty {
        const UNKNOWN: Ty = Ty::Unknown("a decorated function: it is what its decorator returns");
        let r = &facts.lang.resolve;
        let text = facts.index.source.text();
        let Some(piece) = symbol
            .pieces
            .iter()
            .filter(|p| p.kind == crate::lang::Attachment::Decorator)
            .zip(decorator_names(text, symbol))
            .find(|(_, name)| !r.transparent_decorators.iter().any(|t| t == name))
            .map(|(p, _)| p)
        else {
            return UNKNOWN;
        };
        let bom = facts.bom();
        let range = (piece.span.start_byte - bom, piece.span.end_byte - bom);
        let Some(expression) = facts.node(range).and_then(|d| d.named_child(0)) else {
            return UNKNOWN;
        };
        let decorator = self.type_of(facts, expression, depth + 1);
        let with_definition = Arguments {
            positional: vec![DECORATED_DEFINITION.to_string()],
            ..Arguments::default()
        };
        match self.called(decorator, &|| Some(with_definition.clone()), depth + 1) {
            known @ (Ty::Instance(_) | Ty::Applied(..) | Ty::Class(_)) => known,
            _ => UNKNOWN,
        }
    }

    /// The value of a call of a `macro_rules!` macro of the root: what the rule the call's
    /// tokens choose expands to ([`super::expansion::rule_for_call`]), or, where that cannot be
    /// told, what every rule does, when each rule's value (a block's last expression: `{{
    /// let mut v = ..; Mock { calls: v } }}`, or the local its last `let` binds) is one
    /// call of a path (`$crate::Error::msg(..)`, `$crate::__private::must_use({..})`), a
    /// struct literal or an array of literals of one struct (`[$( Test { .. }, )*]`, a
    /// collection of them), and they all give one type. Any other value (a loop, a literal,
    /// a `match`) leaves it unknown.
    fn macro_value(&self, facts: &Facts, invocation: Node<'_>, depth: usize) -> Ty {
        const UNKNOWN: Ty = Ty::Unknown("a macro's value saguaro does not read");
        let Some(name) = invocation.child_by_field_name("macro") else {
            return UNKNOWN;
        };
        let segments = super::facts::path_segments(name, facts.text());
        let entity = match segments.as_slice() {
            [one] => self.name(facts, one, name.start_byte(), depth + 1),
            _ => self.rust_path(facts, &segments, name.start_byte(), depth + 1),
        };
        let Entity::Def(def) = entity else {
            // A macro of another crate, whose rules saguaro cannot read.
            return self.macro_cast(facts, invocation, depth + 1).unwrap_or(UNKNOWN);
        };
        let Some(macro_facts) = self.facts(&def.file) else {
            return UNKNOWN;
        };
        let Some(symbol) = macro_facts.symbol(&def.path).filter(|s| s.kind == "macro") else {
            return UNKNOWN;
        };
        let Some(definition) = macro_facts.node(macro_facts.declaration(symbol)).map(declaration_node) else {
            return UNKNOWN;
        };
        // The rule the call's tokens choose, when that can be told; else every rule.
        let mut cursor = invocation.walk();
        let arguments = invocation
            .named_children(&mut cursor)
            .find(|c| c.kind() == "token_tree");
        let chosen = arguments.and_then(|a| super::expansion::rule_for_call(&macro_facts, definition, facts, a));
        let mut cursor = definition.walk();
        let arms: Vec<Node<'_>> = definition
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "macro_rule")
            .filter(|rule| chosen.is_none_or(|chosen| chosen == *rule))
            .filter_map(|rule| rule.child_by_field_name("right"))
            .collect();
        if arms.is_empty() {
            return UNKNOWN;
        }
        let mut types = Vec::new();
        for arm in arms {
            let body = block_value(macro_facts.text_of(arm));
            // `[$( Test { .. }, )*]`: an array of values of the struct its literals name.
            if let Some(path) = array_literal_path(body) {
                let segments = super::modules::rust::split_path(path);
                match self.rust_path(&macro_facts, &segments, arm.start_byte(), depth + 1) {
                    Entity::Def(def) if !self.is_function(&def) => {
                        types.push(Ty::Elements(Box::new(Ty::Instance(def))));
                    }
                    _ => return UNKNOWN,
                }
                continue;
            }
            // `Mock { calls: v }`: a value of the struct the path names.
            if let Some(path) = struct_literal_path(body) {
                let segments = super::modules::rust::split_path(path);
                match self.rust_path(&macro_facts, &segments, arm.start_byte(), depth + 1) {
                    Entity::Def(def) if !self.is_function(&def) => types.push(Ty::Instance(def)),
                    _ => return UNKNOWN,
                }
                continue;
            }
            let Some(callee) = single_call_callee(body) else {
                return UNKNOWN;
            };
            let segments = super::modules::rust::split_path(callee);
            if segments.len() < 2 {
                return UNKNOWN;
            }
            let value = self.rust_callee(&macro_facts, &segments, arm.start_byte(), depth + 1);
            let callee_type = self.entity_type(&value, depth + 1);
            types.push(self.called(callee_type, &|| None, depth + 1));
        }
        match one_of(types) {
            known @ (Ty::Instance(_) | Ty::Applied(..) | Ty::Class(_)) => known,
            Ty::Elements(element) if matches!(*element, Ty::Instance(_)) => Ty::Elements(element),
            _ => UNKNOWN,
        }
    }

    /// The value of a call of a macro saguaro cannot read whose tokens are one cast, `e as
    /// T`: a `T`. Such a macro borrows the language's own words for "this value, as a `T`"
    /// (syn's `parse_macro_input!(args as Args)`, `dbg!(n as u64)`), so its value is one, as
    /// far as its tokens say; a path naming no type of the root (`as DeriveInput`) says
    /// nothing.
    fn macro_cast(&self, facts: &Facts, invocation: Node<'_>, depth: usize) -> Option<Ty> {
        let keyword = facts.lang.resolve.macro_cast_keyword.as_deref()?;
        let mut cursor = invocation.walk();
        let tokens = invocation
            .named_children(&mut cursor)
            .find(|c| facts.lang.macro_arguments.iter().any(|k| k == c.kind()))?;
        let written = cast_type(facts.text_of(tokens), keyword)?;
        let segments = super::modules::rust::split_path(written);
        match self.rust_path(facts, &segments, invocation.start_byte(), depth + 1) {
            Entity::Def(def) if !self.is_function(&def) => Some(Ty::Instance(def)),
            _ => None,
        }
    }

    /// A union an object literal goes to, narrowed by the literal's discriminants as the
    /// checker narrows it: a member whose property of a key the literal writes as a string
    /// (`{ type: 'observerAdded', .. }`) is declared as another string literal type is not
    /// the one the literal makes.
    pub fn narrowed_by_literal(&self, facts: &Facts, literal: Node<'_>, ty: Ty, depth: usize) -> Ty {
        let Ty::OneOf(members) = ty else {
            return ty;
        };
        // `AnyPart` holding `ToolResultPart`, itself a union: each member on its own.
        let members = flattened(members);
        let r = &facts.lang.resolve;
        let mut cursor = literal.walk();
        let written: Vec<(String, String)> = literal
            .named_children(&mut cursor)
            .filter_map(|pair| {
                let key = pair.child_by_field_name("key")?;
                let value = pair.child_by_field_name("value")?;
                let written = match value.kind().contains("string") {
                    true => strip_quotes(facts.text_of(value)),
                    // `type: FrameType.end`, a member of an enum: that member's own type.
                    false if r.qualified_name_form(value.kind()).is_some() => {
                        self.enum_member_key(facts, value, depth + 1)?
                    }
                    // `type: UPDATE`, a constant holding the string.
                    false => self.constant_string(facts, value, depth + 1)?,
                };
                Some((strip_quotes(facts.text_of(key)), written))
            })
            .collect();
        self.members_that_may_be(members, &written, depth)
    }

    /// The type a type guard (`function isMap(v: any): v is ObservableMap`, or a value cast
    /// to such a function's type) says its first argument is where it returns true.
    fn guarded_type(&self, facts: &Facts, guard: Node<'_>, depth: usize) -> Option<Ty> {
        let Entity::Def(def) = self.expression_entity(facts, guard, depth + 1) else {
            return None;
        };
        let owner = self.facts(&def.file)?;
        let r = &owner.lang.resolve;
        let symbol = owner.symbol(&def.path)?;
        let declaration = declaration_node(owner.node(owner.declaration(symbol))?);
        let mut function = function_node(declaration);
        if function.child_by_field_name("return_type").is_none() {
            // `var isMap = make(..) as (v: any) => v is ObservableMap`: the cast's type.
            let value = owner.value_of(symbol)?;
            Resolve::form(&r.casts, value.kind())?;
            let last = u32::try_from(value.named_child_count().checked_sub(1)?).ok()?;
            let written = unwrapped(&owner, value.named_child(last)?);
            function = written;
        }
        let predicate = unwrapped(&owner, function.child_by_field_name("return_type")?);
        let form = Resolve::form(&r.type_predicates, predicate.kind())?;
        let named = owner.text_of(part(predicate, form.name.as_deref())?);
        // The predicate must be about the first parameter, the one the test passes.
        let first = function
            .child_by_field_name("parameters")
            .and_then(|p| p.named_child(0));
        let first = first.map(|p| p.child_by_field_name("pattern").unwrap_or(p));
        if first.is_some_and(|p| owner.text_of(p) != named) {
            return None;
        }
        let ty = part(predicate, form.object.as_deref())?;
        Some(self.annotation(&owner, ty, depth + 1))
    }

    /// The string a name holds when it names a constant bound to a string literal
    /// (`const UPDATE = "update"`).
    fn constant_string(&self, facts: &Facts, name: Node<'_>, depth: usize) -> Option<String> {
        if !facts.lang.resolve.names.iter().any(|k| k == name.kind()) {
            return None;
        }
        let Entity::Def(def) = self.name(facts, facts.text_of(name), name.start_byte(), depth + 1) else {
            return None;
        };
        let owner = self.facts(&def.file)?;
        let symbol = owner.symbol(&def.path)?;
        let value = owner.value_of(symbol)?;
        value
            .kind()
            .contains("string")
            .then(|| strip_quotes(owner.text_of(value)))
    }

    /// The literal type a property is declared with, as a discriminant reads it: a string
    /// (`type: 'added'` → `added`) or a member of an enum (`type: FrameType.end`, the
    /// member's own type, keyed by [`Self::enum_member_key`]).
    fn declared_literal(&self, def: &DefId) -> Option<String> {
        let facts = self.facts(&def.file)?;
        let symbol = facts.symbol(&def.path)?;
        let declaration = declaration_node(facts.node(facts.declaration(symbol))?);
        let written = declaration.child_by_field_name("type")?;
        let text = facts.text_of(written).trim_start_matches(':').trim();
        if crate::lang::plain_string(text) {
            return Some(strip_quotes(text));
        }
        let r = &facts.lang.resolve;
        let written = unwrapped(&facts, written);
        if r.qualified_name_form(written.kind()).is_some() {
            return self.enum_member_key(&facts, written, 0);
        }
        None
    }

    /// A key standing for the one member of an enum a qualified name names (`FrameType.end`
    /// as a value or as a type), the same wherever the member is named from; `None` where the
    /// name is not an enum's member. It cannot be a string's text (it starts with NUL).
    fn enum_member_key(&self, facts: &Facts, name: Node<'_>, depth: usize) -> Option<String> {
        let Entity::Def(def) = self.qualified(facts, name, depth + 1) else {
            return None;
        };
        let owner = self.facts(&def.file)?;
        (owner.symbol(&def.path)?.kind == "enum_member").then(|| format!("\0{}#{}", def.file, def.path))
    }

    /// The type a name takes from a value of type `ty` the way `taken` says: the value, an
    /// element, or what the manager's enter method returns, its async one under `async with`
    /// (a manager whose type has none of the language's `enter_methods` gives an unknown,
    /// never the manager itself).
    fn taken_from(&self, facts: &Facts, ty: Ty, taken: super::scope::Taken, depth: usize) -> Ty {
        use super::scope::Taken;
        match taken {
            Taken::Whole => ty,
            Taken::Element => self.element_of_value(&facts.lang.resolve, ty, depth + 1),
            Taken::Entered | Taken::EnteredAsync => {
                if let Ty::Unknown(why) = ty {
                    return Ty::Unknown(why);
                }
                let r = &facts.lang.resolve;
                let methods = match taken {
                    Taken::EnteredAsync => &r.async_enter_methods,
                    _ => &r.enter_methods,
                };
                for method in methods {
                    match self.member(&ty, method, depth + 1) {
                        Entity::Missing => continue,
                        Entity::External => return Ty::External,
                        _ => return self.method_call_type(facts, &ty, method, &|| None, depth + 1),
                    }
                }
                Ty::Unknown("a context manager whose enter method saguaro does not find")
            }
        }
    }

    /// The type of a callback's first parameter where the callback is given to a
    /// collection's element method (`xs.forEach((x) => ..)`, `xs.iter().map(|x| ..)`): an
    /// element of the collection. `at` is the parameter's name, or the pattern it is written
    /// as (`|(key, entry)| ..`).
    fn callback_element(&self, facts: &Facts, at: Range, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        if r.element_callbacks.is_empty() && r.wrapper_callbacks.is_empty() && r.map_callbacks.is_empty() {
            return None;
        }
        let function = function_around(facts, at)?;
        let arguments = function.parent()?;
        let call = arguments.parent()?;
        let form = Resolve::form(&r.calls, call.kind())?;
        let callee = part(call, form.callee.as_deref())?;
        let member = Resolve::form(&r.members, callee.kind())?;
        let method = part(callee, member.name.as_deref())?;
        let name = facts.slice((method.start_byte(), method.end_byte()));
        // The name (or pattern) must be the callback's first parameter, or (`fold`,
        // `reduce`) its second: the first is what each call carries to the next.
        // A comparing callback (`sort((a, b) => ..)`) takes two elements.
        let accumulating = r.accumulating_callbacks.iter().any(|m| m == name);
        let comparing = r.comparing_callbacks.iter().any(|m| m == name);
        let places: &[usize] = match (accumulating, comparing) {
            (true, _) => &[1],
            (false, true) => &[0, 1],
            (false, false) => &[0],
        };
        let element = |place: usize| match function.child_by_field_name("parameter") {
            Some(only) if place == 0 => Some(only),
            Some(_) => None,
            None => {
                let parameters = function.child_by_field_name("parameters")?;
                let element = *written_parts(parameters).get(place)?;
                Some(element.child_by_field_name("pattern").unwrap_or(element))
            }
        };
        if !places
            .iter()
            .filter_map(|&place| element(place))
            .any(|e| (e.start_byte(), e.end_byte()) == at)
        {
            return None;
        }
        // Methods known by how their callback is called need no other list to name them.
        let known_shape = accumulating || comparing;
        if !known_shape
            && !r
                .element_callbacks
                .iter()
                .chain(&r.wrapper_callbacks)
                .chain(&r.error_callbacks)
                .chain(&r.map_callbacks)
                .any(|m| m == name)
        {
            return None;
        }
        let object = part(callee, member.object.as_deref())?;
        let method = facts.slice((method.start_byte(), method.end_byte()));
        let object_type = self.type_of(facts, object, depth + 1);
        self.callback_parameter(facts, object_type, method, known_shape, depth + 1)
    }

    /// The type of a lambda's first parameter where the lambda is an argument of a builtin
    /// function or collection method that calls it with each element of a collection (the
    /// language's `argument_callbacks`: `sorted(xs, key=lambda x: ..)`, `xs.sort(key=..)`,
    /// `map(lambda x: .., xs)`): an element of that collection, as the checker reads the
    /// lambda against the callable the argument expects. Not where a builtin's name is bound
    /// in the file, nor for a method a type of the root defines itself, nor where a keyword
    /// callback's collection is one of several positional values (`max(a, b, key=..)`).
    fn argument_callback_element(&self, facts: &Facts, at: Range, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        if r.argument_callbacks.is_empty() {
            return None;
        }
        let function = function_around(facts, at)?;
        let parameters = function.child_by_field_name("parameters")?;
        let first = *crate::lang::written_parts(parameters).first()?;
        if (first.start_byte(), first.end_byte()) != at {
            return None;
        }
        // Where the lambda is: a keyword's value, or a place among the positional arguments.
        let holder = function.parent()?;
        let (list, place) = match r.keyword_keys.iter().find(|f| f.kind == holder.kind()) {
            Some(form) => (
                holder.parent()?,
                facts.text_of(part(holder, form.name.as_deref())?).to_string(),
            ),
            None => {
                let positional = super::facts::positional_nodes(r, holder);
                let index = positional.iter().position(|n| n.id() == function.id())?;
                (holder, index.to_string())
            }
        };
        let call = list.parent()?;
        let form = Resolve::form(&r.calls, call.kind())?;
        if part(call, form.arguments.as_deref())?.id() != list.id() {
            return None;
        }
        let callee = part(call, form.callee.as_deref())?;
        let positional = super::facts::positional_nodes(r, list);
        let keyword = place.parse::<usize>().is_err();
        // A builtin by its bare name, or a function of the standard library by the module it
        // is imported from (`itertools.groupby(xs, key=..)`, `groupby(xs, key=..)`).
        let function = r
            .argument_callbacks
            .get(facts.text_of(callee))
            .filter(|_| unbound_head(facts, callee))
            .or_else(|| imported_name(facts, callee).and_then(|n| r.argument_callbacks.get(&n)));
        let collection = match (function, Resolve::form(&r.members, callee.kind())) {
            (Some((callback, collection)), _) => {
                if *callback != place {
                    return None;
                }
                if keyword && positional.len() != 1 {
                    return None;
                }
                let argument = positional.get(collection.parse::<usize>().ok()?)?;
                self.type_of(facts, *argument, depth + 1)
            }
            // `xs.sort(key=..)`: the receiver's elements, unless its type defines the method.
            (None, Some(member)) => {
                let method = facts.text_of(part(callee, member.name.as_deref())?);
                let (callback, collection) = r.argument_callbacks.get(method)?;
                if *callback != place || collection != "object" {
                    return None;
                }
                let object_type = self.type_of(facts, part(callee, member.object.as_deref())?, depth + 1);
                if matches!(self.member(&object_type, method, depth + 1), Entity::Def(_)) {
                    return None;
                }
                object_type
            }
            (None, None) => return None,
        };
        Some(element_of(r, collection))
    }

    /// What the callback given to `method` on a value of type `object_type` takes first: an
    /// element of a collection, a value of a map, what a wrapper holds or the error it holds
    /// instead. `known_shape`: the method is known by how it calls its callback (`fold`,
    /// `sort`), whatever the lists name. `None` where the method is no such method.
    pub(super) fn callback_parameter(
        &self,
        facts: &Facts,
        object_type: Ty,
        method: &str,
        known_shape: bool,
        depth: usize,
    ) -> Option<Ty> {
        let r = &facts.lang.resolve;
        // `self.attributes().find(|a| ..)`: a method the iteration trait provides, on a
        // type of the root that implements it and does not declare the method itself.
        let object_type = match self.member(&object_type, method, depth + 1) {
            Entity::Missing => self.iterated(&object_type, depth + 1).unwrap_or(object_type),
            _ => object_type,
        };
        match object_type {
            Ty::Elements(element) if known_shape || r.element_callbacks.iter().any(|m| m == method) => Some(*element),
            // `cache.forEach((entry, key) => ..)`: a value of the map.
            Ty::Keyed(_, value) if r.map_callbacks.iter().any(|m| m == method) => Some(*value),
            // `opt.map(|x| ..)`: the value a wrapper holds.
            Ty::Wrapped(_, held, _) if r.wrapper_callbacks.iter().any(|m| m == method) => Some(*held),
            // `r.map_err(|e| ..)`: the error a wrapper holds instead.
            Ty::Wrapped(_, _, Some(error)) if r.error_callbacks.iter().any(|m| m == method) => Some(*error),
            Ty::Unknown(why) => Some(Ty::Unknown(why)),
            _ => None,
        }
    }

    /// The type of a name bound inside a destructuring pattern: the pattern's value (or
    /// declared type) taken apart step by step down to the name — a tuple's place, a
    /// variant's or tuple struct's field (`Value::Object(map)`: the variant's written field
    /// type), `Some(x)`/`Ok(x)` of a wrapper, an object pattern's property.
    fn pattern_type(&self, facts: &Facts, binding: &super::scope::Binding, depth: usize) -> Ty {
        self.pattern_type_upto(facts, binding, None, depth)
    }

    /// The type of the value a destructuring pattern takes apart at `upto`, a node on the
    /// way from the binding's name up to the pattern's root (`{ actions }` in
    /// `const { actions } = scheduler`: the type of `scheduler`).
    /// `upto` is that node (`None`: the name itself).
    pub fn pattern_type_upto(
        &self,
        facts: &Facts,
        binding: &super::scope::Binding,
        upto: Option<Node<'_>>,
        depth: usize,
    ) -> Ty {
        let (Some(pattern), name) = (binding.pattern, binding.at) else {
            return Ty::Unknown("a binding saguaro lost");
        };
        let (declared, value, taken) = (binding.declared_type, binding.value, binding.taken);
        let Some(mut node) = facts.node(name) else {
            return Ty::Unknown("a binding saguaro lost");
        };
        // The steps from the name up to the pattern's root.
        let mut steps: Vec<(Node<'_>, Node<'_>)> = Vec::new();
        while (node.start_byte(), node.end_byte()) != pattern {
            let Some(parent) = node.parent() else {
                return Ty::Unknown("a pattern saguaro cannot read");
            };
            steps.push((parent, node));
            node = parent;
        }
        let mut ty = match (declared.and_then(|r| facts.node(r)), value.and_then(|r| facts.node(r))) {
            (Some(t), _) => self.annotation(facts, t, depth + 1),
            (None, Some(v)) => {
                let ty = self.type_of(facts, v, depth + 1);
                self.taken_from(facts, ty, taken, depth + 1)
            }
            // `xs.iter().map(|(key, entry)| ..)`: the callback's element, taken apart;
            // `{ bold: ({ mark }) => .. }` where a function type is expected: its parameter.
            (None, None) => self
                .callback_element(facts, pattern, depth + 1)
                .or_else(|| self.argument_callback_element(facts, pattern, depth + 1))
                .or_else(|| self.contextual_parameter(facts, pattern, depth + 1))
                .unwrap_or(Ty::Unknown("a pattern whose value saguaro does not see")),
        };
        let upto = upto.map(|n| n.id());
        if upto == Some(node.id()) {
            return ty;
        }
        for (parent, child) in steps.into_iter().rev() {
            ty = self.pattern_step(facts, parent, child, ty, depth + 1);
            if upto == Some(child.id()) {
                return ty;
            }
            if matches!(ty, Ty::Unknown(_) | Ty::External) {
                return ty;
            }
        }
        ty
    }

    /// The type of `child` inside the pattern `parent` whose value has type `ty`.
    fn pattern_step(&self, facts: &Facts, parent: Node<'_>, child: Node<'_>, ty: Ty, depth: usize) -> Ty {
        // `{ name }` in an object pattern: the property `name` of the value.
        if child.kind() == "shorthand_property_identifier_pattern" {
            // A class's, a type written in place's (`{ options }: { options?: O }`), a
            // record's value.
            return match ty.unbounded() {
                value @ (Ty::Instance(_) | Ty::Applied(..) | Ty::InPlace(_) | Ty::Record(_)) => self
                    .literal_property_type(&value, facts.slice((child.start_byte(), child.end_byte())), depth + 1)
                    .unwrap_or(Ty::Unknown("a field saguaro does not find")),
                // `const { mount } = await import('./impl')`: what the module binds.
                Ty::Module(module) => {
                    let name = facts.slice((child.start_byte(), child.end_byte()));
                    match self.module_member(&module, name, depth + 1) {
                        Entity::Missing => Ty::Unknown("a name the module does not bind"),
                        found => self.entity_type(&found, depth + 1),
                    }
                }
                Ty::Unknown(why) => Ty::Unknown(why),
                _ => Ty::Unknown("a property of a value saguaro does not type"),
            };
        }
        match parent.kind() {
            "tuple_pattern" | "pattern_list" | "list_pattern" | "array_pattern" => {
                let rest = ["rest", "splat"].iter().any(|k| child.kind().contains(k));
                match (ty, place_in_list(parent, child)) {
                    (Ty::Tuple(items), Some(i)) if !rest => items
                        .get(i)
                        .cloned()
                        .unwrap_or(Ty::Unknown("a tuple shorter than its pattern")),
                    // `(first,) = coverages`, `[a, b] = xs`: every place of a collection taken
                    // apart is one of its elements; a rest (`*more`) holds some of them.
                    (elements @ Ty::Elements(_), _) if rest => elements,
                    (Ty::Elements(element), _) => *element,
                    // `[get, provide] = handle` of `readonly [..] & { name: N }`: the tuple
                    // the intersection is, taken apart.
                    (Ty::AllOf(parts), _) => {
                        match parts.into_iter().find(|p| matches!(p, Ty::Tuple(_) | Ty::Elements(_))) {
                            Some(listed) => self.pattern_step(facts, parent, child, listed, depth + 1),
                            None => Ty::Unknown("a pattern of a value that is not a tuple saguaro reads"),
                        }
                    }
                    (Ty::Unknown(why), _) => Ty::Unknown(why),
                    _ => Ty::Unknown("a pattern of a value that is not a tuple saguaro reads"),
                }
            }
            "tuple_struct_pattern" => {
                let Some(path) = parent.child_by_field_name("type") else {
                    return Ty::Unknown("a pattern saguaro cannot read");
                };
                // By the commas before it: `Full(_, left)` binds the second field (`_` is no
                // named node, so counting the named ones would take `left` for the first).
                let Some(i) = place_in_list(parent, child) else {
                    return Ty::Unknown("a pattern saguaro cannot read");
                };
                let segments = super::facts::path_segments(path, facts.text());
                match (segments.last().map(String::as_str), ty) {
                    (Some("Some" | "Ok"), Ty::Wrapped(_, held, _)) if i == 0 => *held,
                    (Some("Err"), Ty::Wrapped(_, _, Some(error))) if i == 0 => *error,
                    // `Some(cs) = head.as_ref()` of a raw pointer read as the type it points
                    // to: the program compiles, so the value matched is a wrapper of it whose
                    // wrapping saguaro's reading dropped (as a kept unwrap's is).
                    (Some("Some" | "Ok"), held @ (Ty::Instance(_) | Ty::Applied(..))) if i == 0 => held,
                    (Some("Some" | "Ok" | "Err" | "None"), _) => {
                        Ty::Unknown("a wrapper whose value saguaro does not know")
                    }
                    _ => self.variant_field(facts, &segments, path.start_byte(), i, depth + 1),
                }
            }
            // `Compound::Map { ser, .. }`: the fields are the named variant's (or struct's),
            // whatever the matched value's type is written as.
            kind if facts.lang.resolve.modules == ModuleSystem::Rust
                && Resolve::form(&facts.lang.resolve.keyed_literals, kind).is_some() =>
            {
                let object = Resolve::form(&facts.lang.resolve.keyed_literals, kind).and_then(|f| f.object.as_deref());
                let Some(path) = part(parent, object) else {
                    return ty;
                };
                let segments = super::facts::path_segments(path, facts.text());
                match self.rust_path(facts, &segments, path.start_byte(), depth + 1) {
                    Entity::Def(def) => Ty::Instance(def),
                    _ => ty,
                }
            }
            "shorthand_property_identifier_pattern" | "pair_pattern" | "field_pattern" => {
                let key = parent
                    .child_by_field_name("key")
                    .or_else(|| parent.child_by_field_name("name"))
                    .unwrap_or(child);
                match ty.unbounded() {
                    value @ (Ty::Instance(_) | Ty::Applied(..) | Ty::InPlace(_) | Ty::Record(_)) => self
                        .literal_property_type(&value, facts.slice((key.start_byte(), key.end_byte())), depth + 1)
                        .unwrap_or(Ty::Unknown("a field saguaro does not find")),
                    other => other,
                }
            }
            // Wrappers of one pattern: `&x`, `mut x`, `ref x`, `(x)`, a match arm's pattern, an
            // object pattern around its properties.
            _ => ty,
        }
    }

    /// The written type of field `index` of the variant or tuple struct a pattern names.
    fn variant_field(&self, facts: &Facts, segments: &[String], at: usize, index: usize, depth: usize) -> Ty {
        let Some((last, owner)) = segments.split_last() else {
            return Ty::Unknown("an empty path");
        };
        // `Value::Object` names a variant of `Value`; `Wrapper` a tuple struct.
        // `let Self(frame, theme) = self;`: `Self` is the impl's type, as in any path.
        let (type_def, variant) = if owner.is_empty() && last == "Self" {
            match self.rust_path(facts, segments, at, depth + 1) {
                Entity::Def(def) => (def, None),
                Entity::Unknown(why) => return Ty::Unknown(why),
                _ => return Ty::Unknown("a pattern of a type outside the root"),
            }
        } else if owner.is_empty() {
            match self.name(facts, last, at, depth + 1) {
                Entity::Def(def) => (def, None),
                Entity::Unknown(why) => return Ty::Unknown(why),
                // `use Store::{Array, ..}`, then `Array(v)`: the variant of the enum the use
                // names.
                _ => match facts.scopes.lookup(last, at).map(|b| b.kind) {
                    Some(super::scope::BindingKind::Import(i)) => {
                        let import = &facts.imports[i];
                        let path: Vec<String> = super::modules::rust::split_path(&import.module);
                        match self.rust_path(facts, &path, import.statement.0, depth + 1) {
                            Entity::Def(def) => (def, import.name.as_deref().or(Some(last.as_str()))),
                            _ => return Ty::Unknown("a pattern of a type outside the root"),
                        }
                    }
                    _ => return Ty::Unknown("a pattern of a type outside the root"),
                },
            }
        } else {
            match self.rust_path(facts, owner, at, depth + 1) {
                Entity::Def(def) => (def, Some(last.as_str())),
                Entity::Unknown(why) => return Ty::Unknown(why),
                _ => return Ty::Unknown("a pattern of a type outside the root"),
            }
        };
        let Some(owner_facts) = self.facts(&type_def.file) else {
            return Ty::Unknown("a file that does not parse");
        };
        let Some(symbol) = owner_facts.symbol(&type_def.path) else {
            return Ty::Unknown("a definition saguaro does not find");
        };
        let Some(declaration) = owner_facts.node(owner_facts.declaration(symbol)) else {
            return Ty::Unknown("a definition saguaro cannot read");
        };
        let fields = match variant {
            None => declaration.child_by_field_name("body"),
            Some(variant) => {
                let mut found = None;
                let mut stack = vec![declaration];
                while let Some(n) = stack.pop() {
                    if n.kind() == "enum_variant"
                        && n.child_by_field_name("name")
                            .is_some_and(|v| owner_facts.slice((v.start_byte(), v.end_byte())) == variant)
                    {
                        found = n.child_by_field_name("body");
                        break;
                    }
                    let mut cursor = n.walk();
                    stack.extend(n.named_children(&mut cursor));
                }
                found
            }
        };
        let Some(fields) = fields else {
            return Ty::Unknown("a variant saguaro does not find");
        };
        let mut cursor = fields.walk();
        let types: Vec<Node<'_>> = fields
            .named_children(&mut cursor)
            .filter(|n| !matches!(n.kind(), "attribute_item" | "visibility_modifier") && !n.kind().contains("comment"))
            .collect();
        match types.get(index) {
            Some(t) => self.annotation(&owner_facts, *t, depth + 1),
            None => Ty::Unknown("a variant with fewer fields than its pattern"),
        }
    }

    /// The written type of parameter `index` of a function, method or (for a class) its
    /// constructor.
    /// The elements a bound gives when it is a trait of `element_bounds` binding them
    /// (`Iterator<Item = Entry>`: `Entry`).
    fn bound_elements(&self, facts: &Facts, bound: Node<'_>, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let binding = r.element_binding.as_deref()?;
        let form = Resolve::form(&r.type_generics, bound.kind())?;
        let base = part(bound, form.object.as_deref())?;
        let base_name = facts.text_of(base).rsplit(':').next().unwrap_or_default();
        if !r.element_bounds.iter().any(|b| b == base_name) {
            return None;
        }
        type_arguments(bound, form.arguments.as_deref())
            .into_iter()
            .find_map(|argument| {
                let name = argument.child_by_field_name("name")?;
                let written = argument.child_by_field_name("type")?;
                (facts.text_of(name) == binding).then(|| self.annotation(facts, written, depth + 1))
            })
    }

    /// The member a string key names in an index into a value of type `ty`
    /// (`brain["_transform"]`), where the language reads a string index as a member
    /// (TypeScript) or the value's class declares its keys as fields (a `TypedDict`); `None`
    /// where the key is a key of a mapping saguaro does not follow.
    pub(super) fn keyed_member(&self, facts: &Facts, ty: &Ty, key: &str, depth: usize) -> Option<Entity> {
        let class = ty.instance_class()?;
        (facts.lang.resolve.literal_index_members || self.is_keyed_record(class, depth + 1))
            .then(|| self.member(ty, key, depth + 1))
    }

    /// What an index into a value of a type of the root reads: what the language's index
    /// method returns for it (`__getitem__`, `Index::index`); `None` for another value or a
    /// language without one.
    pub(super) fn indexed_through_method(
        &self,
        facts: &Facts,
        object: &Ty,
        index: Option<&str>,
        depth: usize,
    ) -> Option<Ty> {
        let method = facts.lang.resolve.index_methods.first()?;
        if !matches!(object, Ty::Instance(_) | Ty::Applied(..)) {
            return None;
        }
        let args = || {
            index.map(|i| Arguments {
                positional: vec![i.to_string()],
                ..Arguments::default()
            })
        };
        Some(self.method_call_type(facts, object, method, &args, depth + 1))
    }

    /// Whether a class declares a dictionary's keys as its fields: it has one of the
    /// language's `keyed_record_bases` among its bases, or a class of the root that has.
    fn is_keyed_record(&self, class: &DefId, depth: usize) -> bool {
        let Some(facts) = self.facts(&class.file) else {
            return false;
        };
        let r = &facts.lang.resolve;
        if r.keyed_record_bases.is_empty() || depth > MAX_DEPTH {
            return false;
        }
        let types = facts.types();
        let written = types.bases.get(&class.path).into_iter().flatten();
        let named = written.filter_map(|&range| facts.node(range)).any(|base| {
            let text = facts.text_of(base);
            let name = text
                .split('[')
                .next()
                .unwrap_or(text)
                .rsplit('.')
                .next()
                .unwrap_or(text);
            r.keyed_record_bases.iter().any(|b| b == name.trim())
        });
        named
            || self
                .bases(&facts, &class.path, depth + 1)
                .iter()
                .any(|base| match base {
                    Entity::Def(base) => self.is_keyed_record(base, depth + 1),
                    _ => false,
                })
    }

    /// The collection a value of a type of the root is to the methods an iteration trait
    /// provides (`find`, `map`) and to a loop, where the root implements one of the
    /// language's `element_bounds` traits for the type and names its item (`impl Iterator
    /// for Attributes { type Item = Attribute<'a>; }`): `None` for any other value.
    fn iterated(&self, ty: &Ty, depth: usize) -> Option<Ty> {
        if let Some(elements) = self.elements_by_base(ty, depth + 1) {
            return Some(elements);
        }
        let class = ty.instance_class()?;
        let facts = self.facts(&class.file)?;
        let r = &facts.lang.resolve;
        // `def __iter__(self): return iter(self.items)`: the collection the class's own
        // iteration method gives (written, or read from what it returns).
        let own = r
            .iteration_methods
            .iter()
            .find_map(|m| match self.class_member(class, m, depth + 1) {
                Entity::Def(method) => Some(method),
                _ => None,
            });
        if let Some(method) = own {
            return match self.returns_on(ty, &method, depth + 1) {
                elements @ Ty::Elements(_) => Some(elements),
                _ => None,
            };
        }
        let binding = r.element_binding.as_deref()?;
        let Entity::Def(item) = self.class_member(class, binding, depth + 1) else {
            return None;
        };
        let owner = self.facts(&item.file)?;
        let declaration = declaration_of(&owner, &item.path)?;
        let mut written = implemented_trait(r, declaration)?;
        if let Some(base) =
            Resolve::form(&r.type_generics, written.kind()).and_then(|f| part(written, f.object.as_deref()))
        {
            written = base;
        }
        let name = owner.text_of(written).rsplit(':').next().unwrap_or_default();
        if !r.element_bounds.iter().any(|b| b == name) {
            return None;
        }
        let element = self.associated_type(ty, binding, depth + 1)?;
        Some(Ty::Elements(Box::new(element)))
    }

    /// What each element of a value is when a loop takes it apart: a collection's element,
    /// or the item a type of the root iterates over.
    pub(super) fn element_of_value(&self, r: &Resolve, ty: Ty, depth: usize) -> Ty {
        match self.iterated(&ty, depth + 1) {
            Some(elements) => element_of(r, elements),
            None => element_of(r, ty),
        }
    }

    /// The instance a call of an `instance_makers` method makes (`C.__new__(C)`,
    /// `object.__new__(cls)`): of the class its first argument is, when that is one.
    fn made_instance(&self, facts: &Facts, call: Node<'_>, form: &SyntaxForm, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        let callee = part(call, form.callee.as_deref())?;
        let member = Resolve::form(&r.members, callee.kind())?;
        let name = part(callee, member.name.as_deref())?;
        if !r.instance_makers.iter().any(|m| m == facts.text_of(name)) {
            return None;
        }
        let arguments = part(call, form.arguments.as_deref())?;
        let first = *super::facts::positional_nodes(r, arguments).first()?;
        match self.type_of(facts, first, depth + 1) {
            Ty::Class(class) => Some(Ty::Instance(class)),
            _ => None,
        }
    }

    /// Whether function `def` is a method whose first parameter is its receiver.
    fn takes_receiver(&self, def: &DefId) -> bool {
        let Some(facts) = self.facts(&def.file) else {
            return false;
        };
        declaration_of(&facts, &def.path)
            .map(function_node)
            .and_then(|node| nth_parameter(node, 0))
            .is_some_and(|first| is_receiver(&facts, first))
    }

    pub fn parameter_type(&self, def: &DefId, index: usize, depth: usize) -> Ty {
        self.parameter_type_given(def, index, None, depth)
    }

    /// The type of parameter `index` as a call giving these explicit type arguments sees it.
    pub(super) fn parameter_type_given(
        &self,
        def: &DefId,
        index: usize,
        given: Option<super::generics::Given<'_, '_>>,
        depth: usize,
    ) -> Ty {
        let Some(facts) = self.facts(&def.file) else {
            return Ty::Unknown("a file that does not parse");
        };
        let same: Vec<&crate::symbols::Symbol> = facts.index.symbols.iter().filter(|s| s.path == def.path).collect();
        if same.is_empty() {
            return Ty::Unknown("a definition the change removes");
        }
        // Overloads (`function share<T>(): ..; function share<T>(options: ShareConfig<T>)`):
        // the parameter of each definition of the name that has one at `index`; where they
        // differ, only what they share is known. TypeScript merges an interface with a
        // function of its name (`interface $constructor<T>` beside `function
        // $constructor<T>(..)`): a call means the function.
        let mut overloads: Vec<&crate::symbols::Symbol> = same.iter().copied().filter(|s| !is_class(&s.kind)).collect();
        if overloads.is_empty() {
            // A class: its constructor.
            let constructor = facts
                .index
                .symbols
                .iter()
                .find(|s| s.kind == "constructor" && s.parent_path.as_deref() == Some(def.path.as_str()));
            let Some(constructor) = constructor else {
                return self.inherited_parameter_type(&facts, def, index, depth + 1);
            };
            overloads.push(constructor);
        }
        let types: Vec<Ty> = overloads
            .into_iter()
            .filter_map(|symbol| self.parameter_of(&facts, symbol, index, given, depth))
            .collect();
        if !types.is_empty() {
            return one_of(types);
        }
        // `blocker.blockerFn({..})` of a property declared `blockerFn: BlockerFn`: a value
        // whose type is a function type (written, or through an alias) takes what that
        // type's parameter says.
        match self.entity_type(&Entity::Def(def.clone()), depth + 1).unbounded() {
            Ty::Callable(_, Some(written)) => self
                .function_type_parameter(&written, index, depth + 1)
                .unwrap_or(Ty::Unknown("an argument beyond the parameters of a function type")),
            _ => Ty::Unknown("a definition without parameters"),
        }
    }

    /// Parameter `index` of the constructor a class without one of its own inherits: its
    /// first base's, whose type parameters the base clause gives (`class Union extends
    /// ZodType<Out, UnionDef>`: `constructor(def: Def)` takes a `UnionDef`).
    fn inherited_parameter_type(&self, facts: &Facts, class: &DefId, index: usize, depth: usize) -> Ty {
        const NONE: Ty = Ty::Unknown("a class without a constructor saguaro reads");
        if depth > MAX_DEPTH {
            return NONE;
        }
        let types = facts.types();
        let Some(base) = types
            .bases
            .get(&class.path)
            .and_then(|b| b.first())
            .and_then(|b| facts.node(*b))
        else {
            return NONE;
        };
        let (name, arguments) = super::generics::base_and_arguments(facts, base);
        let Entity::Def(base) = self.expression_entity(facts, name, depth + 1) else {
            return NONE;
        };
        let given = super::generics::Given::of(facts, arguments.as_slice(), true);
        self.parameter_type_given(&base, index, given, depth + 1)
    }

    /// The written type of parameter `index` of one definition (`None`: it has no such
    /// parameter).
    fn parameter_of(
        &self,
        facts: &Facts,
        symbol: &crate::symbols::Symbol,
        index: usize,
        given: Option<super::generics::Given<'_, '_>>,
        depth: usize,
    ) -> Option<Ty> {
        let mut node = function_node(declaration_node(facts.node(facts.declaration(symbol))?));
        // A property typed as a function (`onChange: (value: V) => void`): that function's.
        if node.child_by_field_name("parameters").is_none() {
            let written = node.child_by_field_name("type").map(|t| unwrapped(facts, t));
            if let Some(t) = written.filter(|t| facts.lang.resolve.function_types.iter().any(|k| k == t.kind())) {
                node = t;
            }
        }
        let parameter = nth_parameter(node, index)?;
        Some(match parameter.child_by_field_name("type") {
            Some(written) => {
                // A base clause's arguments are the class's; a call's, the function's own.
                let owner = match given.is_some_and(|g| g.to_class) {
                    true => symbol
                        .parent_path
                        .as_deref()
                        .and_then(|class| declaration_of(facts, class))
                        .unwrap_or(node),
                    false => node,
                };
                self.written_type_given(facts, owner, written, given, depth + 1)
            }
            None => Ty::Unknown("a parameter whose type is not written"),
        })
    }

    /// What a function value of type `function` expects of its argument `index`: the
    /// parameter of a written function type (`cb({..})`), of a function of the root held by a
    /// local (`mount({..})` of `const { mount } = await import('./impl')`), or, for one of
    /// several functions (`dev ? r.resolveUncached : r.resolveCached`), what they all expect.
    fn argument_expected_by(&self, function: &Ty, index: usize, depth: usize) -> Ty {
        if depth > MAX_DEPTH {
            return Ty::Unknown("a function nested too deep to follow");
        }
        match function {
            Ty::Callable(_, Some(written)) => self
                .function_type_parameter(written, index, depth + 1)
                .unwrap_or(Ty::Unknown("an argument beyond the parameters of a function type")),
            Ty::Function(def) => self.parameter_type_given(def, index, None, depth + 1),
            Ty::OneOf(functions) => {
                let expected: Vec<Ty> = functions
                    .iter()
                    .map(|f| self.argument_expected_by(f, index, depth + 1))
                    .collect();
                unanimous(&expected).cloned().unwrap_or(Ty::Unknown(
                    "an argument of one of several functions that expect different types",
                ))
            }
            _ => Ty::Unknown("an argument of a value that is not a function"),
        }
    }

    /// The type a literal is expected to be where the code does not write it on the literal
    /// (`{ timeout: 1 }`): the declared type of what it initialises, the parameter it is
    /// passed to, the written return type of the function returning it (an element of it,
    /// for a generator yielding it), the property of an outer literal it is the value of.
    pub fn expected_type(&self, facts: &Facts, literal: Node<'_>, depth: usize) -> Ty {
        if depth > MAX_DEPTH {
            return Ty::Unknown("a literal nested too deep to follow");
        }
        let r = &facts.lang.resolve;
        let Some(parent) = literal.parent() else {
            return Ty::Unknown("a literal saguaro cannot place");
        };
        if r.transparent.iter().any(|k| k == parent.kind()) {
            return self.expected_type(facts, parent, depth + 1);
        }
        // A value of a choice (`c ? {..} : null`) goes where the choice goes.
        if let Some(form) = Resolve::form(&r.choices, parent.kind()).filter(|f| f.arguments.is_none()) {
            let condition = form.object.as_deref().and_then(|f| parent.child_by_field_name(f));
            if condition.is_none_or(|c| c.id() != literal.id()) {
                return self.expected_type(facts, parent, depth + 1);
            }
        }
        // `xs = [...xs, {..}]`: an element of a list goes where the list goes, as an element.
        // `return [name, ({ mark }) => ..]` for a tuple `[string, (p: P) => T]`: the type of
        // its place, counted before any spread.
        if r.element_literals.iter().any(|k| k == parent.kind()) {
            return match self.expected_type(facts, parent, depth + 1) {
                Ty::Elements(element) => *element,
                Ty::Tuple(items) => place_in_list(parent, literal)
                    .and_then(|i| items.get(i).cloned())
                    .unwrap_or(Ty::Unknown("an element of a tuple saguaro does not place")),
                Ty::Unknown(why) => Ty::Unknown(why),
                _ => Ty::Unknown("an element of a list that goes where no list of a known type goes"),
            };
        }
        // `{..} as const` goes where the cast goes; `{..} satisfies T` is checked against T.
        if Resolve::form(&r.casts, parent.kind()).is_some() {
            // The last thing written (`const` is a keyword, not a named type node).
            let written = parent
                .child(parent.child_count().saturating_sub(1))
                .filter(|t| t.id() != literal.id());
            if let Some(written) = written {
                if r.keeping_casts.iter().any(|k| k == facts.text_of(written)) {
                    return self.expected_type(facts, parent, depth + 1);
                }
                if r.checked_casts.iter().any(|k| k == parent.kind()) {
                    return self.annotation(facts, written, depth + 1);
                }
            }
            return Ty::Unknown("a literal cast to a type it is not checked against");
        }
        // `this.state = {..}`: the type of the place assigned. Where the assignment is itself
        // a value (`return cache.x = {..}`) and the place's type is not known, the literal is
        // checked where that value goes.
        if let Some(form) = Resolve::form(&r.assignments, parent.kind()) {
            if let Some(place) = part(parent, form.object.as_deref()).filter(|p| p.id() != literal.id()) {
                let placed = self.type_of(facts, place, depth + 1);
                let is_value = Resolve::form(&r.assignment_values, parent.kind())
                    .is_some_and(|f| part(parent, f.object.as_deref()).is_some_and(|v| v.id() == literal.id()));
                if is_value && matches!(placed, Ty::Unknown(_) | Ty::External) {
                    if let onward @ (Ty::Instance(_) | Ty::Applied(..) | Ty::InPlace(_) | Ty::OneOf(_) | Ty::AllOf(_)) =
                        self.expected_type(facts, parent, depth + 1)
                    {
                        return onward;
                    }
                }
                return placed;
            }
        }
        if let Some(form) = Resolve::form(&r.typed_values, parent.kind()) {
            return match part(parent, form.object.as_deref()) {
                Some(written) if written.id() != literal.id() => self.annotation(facts, written, depth + 1),
                _ => Ty::Unknown("a value whose type is not written"),
            };
        }
        // An argument: the parameter's written type.
        if let Some(call) = parent.parent() {
            let form = Resolve::form(&r.calls, call.kind()).or_else(|| Resolve::form(&r.constructions, call.kind()));
            if let Some(form) =
                form.filter(|f| part(call, f.arguments.as_deref()).is_some_and(|a| a.id() == parent.id()))
            {
                let index = written_parts(parent).iter().position(|c| c.id() == literal.id());
                let Some(callee) = part(call, form.callee.as_deref()) else {
                    return Ty::Unknown("a call without a callee");
                };
                // `new Map<K, V>([[k, {..}], ..])`: a map made from its entries takes a list of
                // [key, value] pairs, whatever library declares its constructor (read before
                // the callee is resolved, which it needs not be).
                let constructs_map = Resolve::form(&r.constructions, call.kind()).is_some()
                    && r.maps.iter().any(|m| m == facts.text_of(callee));
                if let (true, Some(0)) = (constructs_map, index) {
                    if let [key, value] = super::generics::call_type_arguments(call).as_slice() {
                        let pair = vec![
                            self.annotation(facts, *key, depth + 1),
                            self.annotation(facts, *value, depth + 1),
                        ];
                        return Ty::Elements(Box::new(Ty::Tuple(pair)));
                    }
                }
                // `add_filter(Box::new(|frames| ..))` for a `Box<dyn Fn(&mut Vec<&Frame>)>`: a
                // pass-through wrapper is read as what it holds, so what its constructor is given
                // is expected to be what the wrapper made of it is.
                if index == Some(0) && names_pass_through_constructor(facts, callee) {
                    return self.expected_type(facts, call, depth + 1);
                }
                // `this.notify(..)`, `client.send(..)`: a method of the object's type. Called on
                // a value (not on its class), the method's receiver is no argument.
                let mut on_value = None;
                let entity = match Resolve::form(&r.members, callee.kind()) {
                    Some(form) => match (part(callee, form.object.as_deref()), part(callee, form.name.as_deref())) {
                        (Some(object), Some(name)) => {
                            let ty = self.type_of(facts, object, depth + 1);
                            // `state.next.push({..})`: an element of the collection.
                            let method = facts.slice((name.start_byte(), name.end_byte()));
                            if let Ty::Elements(element) = &ty {
                                if r.element_inserts.iter().any(|m| m == method) {
                                    return (**element).clone();
                                }
                            }
                            // `this.states.set(id, {..})`: a value of the map, after its key.
                            if let Ty::Keyed(_, value) = &ty {
                                let last = written_parts(parent).len().checked_sub(1);
                                if r.map_inserts.iter().any(|m| m == method)
                                    && index.is_some_and(|i| i > 0)
                                    && index == last
                                {
                                    return (**value).clone();
                                }
                            }
                            let member = self.member(&ty, method, depth + 1);
                            if !matches!(ty, Ty::Class(_) | Ty::Module(_)) {
                                on_value = Some(ty);
                            }
                            member
                        }
                        _ => Entity::Unknown("a call saguaro cannot read"),
                    },
                    // `super({..})` in a constructor: the constructor of the class's first base.
                    None if r.super_calls.iter().any(|k| k == callee.kind()) => {
                        match self.enclosing_class(facts, callee.start_byte()) {
                            Some(class) => self
                                .bases(facts, &class.path, depth + 1)
                                .into_iter()
                                .next()
                                .unwrap_or(Entity::Unknown("a `super` call in a class without a base")),
                            None => Entity::Unknown("a `super` call outside a class"),
                        }
                    }
                    None => self.expression_entity(facts, callee, depth + 1),
                };
                let type_arguments = super::generics::call_type_arguments(call);
                let given = super::generics::Given::of(facts, type_arguments.as_slice(), false);
                return match (entity, index) {
                    (Entity::Def(def), Some(i)) => {
                        // `define(o, { .. })` for `define<T>(target: T, values: Partial<T>)`.
                        let _inferred = match given {
                            None => self.give_inferred(facts, callee, &def, depth),
                            Some(_) => Vec::new(),
                        };
                        // `list.each(|e| ..)` on a `List<Entry>`: the receiver's arguments.
                        // `this.emit(..)` of a subclass of `Emitter<Events>`: the base clause's.
                        let _received = match &on_value {
                            Some(receiver) => self.give_on_receiver(receiver, &def, depth),
                            None => Vec::new(),
                        };
                        let i = match on_value.is_some() && self.takes_receiver(&def) {
                            true => i + 1,
                            false => i,
                        };
                        self.parameter_type_given(&def, i, given, depth + 1)
                    }
                    // `cb({..})`, `config.with!({..})`: a value whose type is a written
                    // function type, whose parameter says what it expects.
                    (entity, Some(i)) => match self.type_of(facts, callee, depth + 1) {
                        function @ (Ty::Callable(_, Some(_)) | Ty::Function(_) | Ty::OneOf(_)) => {
                            self.argument_expected_by(&function, i, depth + 1)
                        }
                        _ => match entity {
                            Entity::Unknown(why) => Ty::Unknown(why),
                            _ => Ty::Unknown("an argument of a call saguaro does not resolve"),
                        },
                    },
                    (Entity::Unknown(why), None) => Ty::Unknown(why),
                    _ => Ty::Unknown("an argument of a call saguaro does not resolve"),
                };
            }
        }
        // `fn f() -> impl Fn(&Meta) { move |m| .. }`: a block's last expression is its value,
        // going where the block goes (a function body's: where the function returns).
        if r.value_blocks.iter().any(|k| k == parent.kind()) {
            let last = parent.named_child((parent.named_child_count() as u32).saturating_sub(1));
            if last.is_some_and(|l| l.id() == literal.id()) {
                let body_of = parent.parent().filter(|f| {
                    is_function_like(*f) && f.child_by_field_name("body").is_some_and(|b| b.id() == parent.id())
                });
                return match body_of {
                    Some(_) => self.result_type(facts, literal, depth),
                    None => self.expected_type(facts, parent, depth + 1),
                };
            }
        }
        // A returned value: the written return type of the function around it.
        // `(x) => ({ .. })`: an arrow's value is what it returns.
        let arrow_value = is_function_like(parent)
            && parent
                .child_by_field_name("body")
                .is_some_and(|b| b.id() == literal.id());
        if r.returns_values.iter().any(|k| k == parent.kind()) || arrow_value {
            return self.result_type(facts, literal, depth);
        }
        // `yield {..}` in a generator: an element of what it returns (`IterableIterator<T>`);
        // `yield* [..]` hands over an iterable of them.
        if r.yields_values.iter().any(|k| k == parent.kind()) {
            let delegating = (0..parent.child_count())
                .filter_map(|i| parent.child(i))
                .any(|c| !c.is_named() && r.yield_delegations.iter().any(|t| t == c.kind()));
            return match self.result_type(facts, literal, depth) {
                result if delegating => result,
                Ty::Elements(element) => *element,
                Ty::Unknown(why) => Ty::Unknown(why),
                _ => Ty::Unknown("a value yielded from a function whose return type holds no elements"),
            };
        }
        // The value of an outer literal's key: that property's type.
        if let Some(form) = r
            .field_keys
            .iter()
            .find(|f| f.kind == parent.kind() && f.object.is_some())
        {
            let value = part(parent, form.object.as_deref());
            let key = part(parent, form.name.as_deref());
            if let (Some(value), Some(key), Some(outer)) = (value, key, parent.parent()) {
                if value.id() == literal.id() {
                    let key = facts.slice((key.start_byte(), key.end_byte()));
                    // `f({ component, props: {..} })` for a union of object types: narrowed by
                    // the outer literal's discriminants first.
                    let outer_type = self.expected_type(facts, outer, depth + 1).unbounded();
                    return match self.narrowed_by_literal(facts, outer, outer_type, depth + 1) {
                        value @ (Ty::Instance(_) | Ty::Applied(..) | Ty::Record(_) | Ty::InPlace(_) | Ty::OneOf(_)) => {
                            self.literal_property_type(&value, key, depth + 1)
                                .unwrap_or(Ty::Unknown("a property saguaro does not find"))
                        }
                        other => other,
                    };
                }
            }
        }
        Ty::Unknown("a literal whose type is not written where it is")
    }

    /// The type of property `key` of a value of type `ty` (or of an object literal going where
    /// it goes): a class's or interface's field, one of a record's values (`{ a: {..} }` for
    /// a `Record`), a member of a type written in place (`f(o: { message: Interrupt })`).
    fn literal_property_type(&self, ty: &Ty, key: &str, depth: usize) -> Option<Ty> {
        match ty {
            // A union of object types: the property's type in each member that has it, as the
            // checker types a literal going there.
            Ty::OneOf(members) => {
                let found: Vec<Ty> = members
                    .iter()
                    .filter_map(|m| self.literal_property_type(m, key, depth + 1))
                    .collect();
                (!found.is_empty()).then(|| one_of(found))
            }
            Ty::Instance(_) | Ty::Applied(..) => self.field_of(ty, key, depth),
            Ty::Record(value) => Some((**value).clone()),
            Ty::InPlace(written) => self.in_place_member_type(written, key, depth),
            _ => None,
        }
    }

    /// The type the function that returns (or yields) `value` returns: the written return
    /// type of the function around it, or of a callback between (`xs.map((x): Config => {
    /// return {..} })`), else what the callback's own expected type returns.
    fn result_type(&self, facts: &Facts, value: Node<'_>, depth: usize) -> Ty {
        let function = facts.enclosing(value.start_byte(), |s| {
            matches!(s.kind.as_str(), "function" | "method" | "constructor")
        });
        // A callback inside it (`xs.map((x): Config => { return {..} })`) returns its own.
        let own = function
            .and_then(|f| facts.node(facts.declaration(f)))
            .is_some_and(|declaration| returns_from(value, declaration));
        if !own {
            let callback = std::iter::successors(value.parent(), |n| n.parent()).find(|n| is_function_like(*n));
            let Some(callback) = callback else {
                return Ty::Unknown("a value returned outside a function saguaro lists");
            };
            let asynchronous = (0..callback.child_count())
                .filter_map(|i| callback.child(i))
                .any(|c| !c.is_named() && c.kind() == "async");
            if let Some(written) = callback.child_by_field_name("return_type") {
                return returned_by_async(facts, self.annotation(facts, written, depth + 1), asynchronous);
            }
            return match self.expected_type(facts, callback, depth + 1) {
                Ty::Callable(result, _) => returned_by_async(facts, *result, asynchronous),
                _ => Ty::Unknown("a value returned from a function whose return type is not written"),
            };
        }
        match function {
            Some(f) => {
                let def = DefId {
                    file: facts.path.clone(),
                    path: f.path.clone(),
                };
                let asynchronous = signature::is_async(&facts.index, f);
                // The definition the value is returned from, not its path's: the body of an
                // overloaded function's implementation returns what its own signature
                // writes, which the overloads callers see may not.
                returned_by_async(facts, self.symbol_returns(facts, &def, f, depth + 1), asynchronous)
            }
            None => Ty::Unknown("a value returned outside a function saguaro lists"),
        }
    }

    /// The type a function returns: its written return type, else (where the language lets
    /// it go unwritten) what its `return` statements give.
    pub fn returns(&self, def: &DefId, depth: usize) -> Ty {
        self.returns_for(def, &|| None, depth)
    }

    /// What a call of function `def` with `args` (when they are known) returns: an
    /// overloaded function's return is that of the overload the call takes.
    fn returns_for(&self, def: &DefId, args: &dyn Fn() -> Option<Arguments>, depth: usize) -> Ty {
        if depth > MAX_DEPTH {
            return Ty::Unknown("a chain of calls too long to follow");
        }
        let Some(facts) = self.facts(&def.file) else {
            return Ty::Unknown("a file that does not parse");
        };
        let overloads = overloads(&facts, &def.path);
        if !overloads.is_empty() {
            return self.overload_returns(&facts, &overloads, args().as_ref(), depth);
        }
        let Some(symbol) = facts.symbol(&def.path) else {
            return Ty::Unknown("a definition the change removes");
        };
        self.symbol_returns(&facts, def, symbol, depth)
    }

    /// The return of an overloaded function's call: that of the overload it takes
    /// ([`Self::chosen_overloads`]), or one of those it may take.
    fn overload_returns(
        &self,
        facts: &Facts,
        overloads: &[&crate::symbols::Symbol],
        args: Option<&Arguments>,
        depth: usize,
    ) -> Ty {
        let written_return = |symbol: &crate::symbols::Symbol| {
            facts
                .node(facts.declaration(symbol))
                .map(|n| function_node(declaration_node(n)))
                .and_then(|n| n.child_by_field_name("return_type"))
                .map_or(Ty::Unknown("an overload whose return type is not written"), |t| {
                    self.annotation(facts, t, depth + 1)
                })
        };
        match self.chosen_overloads(facts, overloads, args) {
            Ok(chosen) => one_of(chosen.into_iter().map(|i| written_return(overloads[i])).collect()),
            Err(why) => Ty::Unknown(why),
        }
    }

    /// The overloads (their places in `overloads`) a call with `args` may take, chosen as
    /// the checkers choose: the first overload, in the order written, that the arguments
    /// fit — one. An overload whose fit the arguments' text (and which of them are classes)
    /// does not tell stops the choice (a later one is never taken in its place): it and
    /// each later one the arguments bind to. Without the arguments, all of them.
    pub(super) fn chosen_overloads(
        &self,
        facts: &Facts,
        overloads: &[&crate::symbols::Symbol],
        args: Option<&Arguments>,
    ) -> Result<Vec<usize>, &'static str> {
        let Some(args) = args else {
            return Ok((0..overloads.len()).collect());
        };
        let positional: Vec<&str> = args.positional.iter().map(String::as_str).collect();
        // An overload's signature if the arguments bind to its parameters (`Some(None)`: they
        // do not; `None`: its parameters cannot be read).
        let bound = |symbol: &crate::symbols::Symbol| {
            signature::of(&facts.index, facts.lang, symbol).map(|sig| {
                let params = sig.explicit_params(symbol.kind == "method");
                let binds = signature::bind(facts.lang, params, &positional, args).is_ok();
                binds.then_some(sig)
            })
        };
        for (i, symbol) in overloads.iter().enumerate() {
            let Some(sig) = bound(symbol) else {
                return Err("an overload whose parameters saguaro cannot read");
            };
            let Some(sig) = sig else {
                continue;
            };
            let params = sig.explicit_params(symbol.kind == "method");
            let by_position = params.iter().filter(|p| p.by_position());
            let mut fits = Some(true);
            for (index, (arg, param)) in args.positional.iter().zip(by_position).enumerate() {
                let class = args.classes.get(index).copied().unwrap_or(false);
                fits = match (fits, self.argument_fits(facts, arg, class, param.annotation.as_deref())) {
                    (Some(true), verdict) => verdict,
                    (done, _) => done,
                };
            }
            for keyword in &args.keywords {
                let param = params.iter().find(|p| &p.name == keyword);
                fits = match (
                    fits,
                    param.map(|p| self.argument_fits(facts, "", false, p.annotation.as_deref())),
                ) {
                    (Some(true), Some(verdict)) => verdict,
                    (done, _) => done,
                };
            }
            match fits {
                Some(true) => return Ok(vec![i]),
                Some(false) => continue,
                // This one or a later one: each whose parameters the arguments bind to.
                None => {
                    return Ok((i..overloads.len())
                        .filter(|j| matches!(bound(overloads[*j]), Some(Some(_))))
                        .collect());
                }
            }
        }
        Err("an overloaded function no overload of which the arguments fit")
    }

    /// Whether an argument written `arg` is a value of the parameter annotation `annotation`,
    /// when its text tells (`None`: it does not). What is told: a literal (string, number,
    /// `None`, boolean) or a definition under a decorator, against annotations made of
    /// builtin names, `Callable` (also through a module-level alias) and `Any`.
    fn argument_fits(&self, facts: &Facts, arg: &str, class: bool, annotation: Option<&str>) -> Option<bool> {
        let Some(annotation) = annotation else {
            return Some(true);
        };
        let members = annotation_members(annotation);
        let kinds: Vec<Option<&str>> = members.iter().map(|m| self.annotation_kind(facts, m)).collect();
        if kinds.contains(&Some("any")) {
            return Some(true);
        }
        // A class passed (`resolve(Config)`) is a `type[..]`, and callable.
        let arg_kind = match (argument_kind(arg), class) {
            (Some(kind), _) => kind,
            (None, true) => "type",
            (None, false) => return None,
        };
        // `Literal["block"]`: the argument written as one of its values, and no other.
        if members.iter().filter_map(|m| literal_values(m)).any(|values| {
            values
                .iter()
                .any(|v| strip_quotes(v.trim()) == strip_quotes(arg.trim()) && argument_kind(v) == Some(arg_kind))
        }) {
            return Some(true);
        }
        let accepts = |kind: &str| match (kind, arg_kind) {
            (k, a) if k == a => true,
            ("float", "int") | ("int", "bool") | ("float", "bool") | ("callable", "type") => true,
            _ => false,
        };
        if kinds.iter().flatten().any(|k| accepts(k)) {
            return Some(true);
        }
        match kinds.iter().all(Option::is_some) {
            true => Some(false),
            false => None,
        }
    }

    /// What a member of a written union accepts: `any`, a builtin's name, `callable`,
    /// `type`; `None`: not known.
    fn annotation_kind<'a>(&self, facts: &Facts, member: &'a str) -> Option<&'a str> {
        let bare = member.rsplit('.').next().unwrap_or(member);
        let head = bare.split('[').next().unwrap_or(bare).trim();
        // A class itself (`type[T]`), as the language's `class_types` name it.
        if facts.lang.resolve.class_types.iter().any(|c| c == head) {
            return Some("type");
        }
        match head {
            "Any" | "object" => return Some("any"),
            "str" | "int" | "float" | "bool" | "bytes" | "None" => return Some(head),
            "Callable" => return Some("callable"),
            // Its values are compared apart; no other literal fits.
            "Literal" => return Some("literal"),
            _ => {}
        }
        // A module-level alias (`_AnyCallable = t.Callable[..., t.Any]`).
        if !member.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let binding = facts.scopes.lookup(member, facts.text().len())?;
        let value = facts.slice(binding.value?);
        let value_head = value.split('[').next().unwrap_or(value).trim();
        (value_head.rsplit('.').next() == Some("Callable")).then_some("callable")
    }

    /// The arguments of the call whose callee is `callee`, as written, with which of them
    /// are classes themselves (what an overload's `type[T]` takes, their text aside).
    pub(super) fn call_arguments(&self, facts: &Facts, callee: Node<'_>, depth: usize) -> Option<Arguments> {
        let r = &facts.lang.resolve;
        let call = callee.parent()?;
        let list = part(call, Resolve::form(&r.calls, call.kind())?.arguments.as_deref())?;
        let positional = super::facts::positional_nodes(r, list);
        let mut arguments = super::facts::arguments_of(r, list, &positional, facts.text());
        // Only a name can be a class; a call, a literal or an expression is read no further.
        arguments.classes = positional
            .iter()
            .map(|a| {
                let named = r.names.iter().any(|k| k == a.kind()) || r.qualified_name_form(a.kind()).is_some();
                named && matches!(self.type_of(facts, *a, depth + 1), Ty::Class(_))
            })
            .collect();
        Some(arguments)
    }

    /// What a function written in place returns: its written return type, else the value
    /// of a body written as an expression, or of a block where blocks are values (Rust's
    /// tail); never a statement block's, which `return`s it.
    fn written_function_result(&self, facts: &Facts, function: Node<'_>, depth: usize) -> Ty {
        if let Some(written) = function.child_by_field_name("return_type") {
            return self.annotation(facts, written, depth + 1);
        }
        // A Rust block is a value, its tail's: `|col| { line_labels.iter().find(..) }` gives
        // what the tail gives, which any `return` in it must give too.
        let valued = |body: &Node<'_>| {
            !body.kind().contains("block") || facts.lang.resolve.block_values.iter().any(|k| k == body.kind())
        };
        match function.child_by_field_name("body") {
            Some(body) if valued(&body) => self.type_of(facts, body, depth + 1),
            _ => Ty::Unknown("a function whose return type is not written"),
        }
    }

    /// The return of one definition of `def`'s path.
    fn symbol_returns(&self, facts: &Facts, def: &DefId, symbol: &crate::symbols::Symbol, depth: usize) -> Ty {
        if is_class(&symbol.kind) {
            return Ty::Instance(def.clone());
        }
        let declaration = facts.declaration(symbol);
        let Some(node) = facts.node(declaration) else {
            return Ty::Unknown("a definition saguaro cannot read");
        };
        // A decorated or exported definition: the declaration proper is inside; a field or
        // constant holding a function: the function.
        let node = function_node(declaration_node(node));
        if let Some(written) = node.child_by_field_name("return_type") {
            return self.annotation(facts, written, depth + 1);
        }
        // `() => new Engine()`, `() => blockers`: a body written as an expression is the
        // value returned, whatever its type (a block body has no value of its own here but
        // a Rust block's tail, which is its value too).
        if let Some(body) = node.child_by_field_name("body") {
            match self.type_of(facts, body, depth + 1) {
                Ty::Unknown(_) => {}
                known => return known,
            }
        }
        if symbol.kind == "constructor" {
            return match self.enclosing_class(facts, declaration.0) {
                Some(c) => Ty::Instance(c),
                None => Ty::Unknown("a constructor outside a class"),
            };
        }
        let mut unknown = None;
        // A function returns one of what its returns give (the union pyright and tsc infer):
        // `return cls(..)` beside `return cls().decorate(f)` is an instance or a function,
        // and a member only one of them has is that one's. Types that agree (one class,
        // with type arguments read or not) are one.
        let mut known: Vec<Ty> = Vec::new();
        // Returns of tuples are read element by element: an element that is nothing (`None`)
        // in one return is what another return of the same length gives there (`return
        // None, None` beside `return exact, globs`), as a single `return None` is set aside.
        let mut tuple: Option<Vec<Option<Ty>>> = None;
        for &value in facts.types().returns.get(&def.path).into_iter().flatten() {
            let Some(v) = facts.node(value) else {
                continue;
            };
            match self.type_of(facts, v, depth + 1) {
                Ty::Unknown(why) => unknown = unknown.or(Some(why)),
                Ty::Tuple(elements) if known.is_empty() => {
                    let parts = written_parts(v);
                    let slots = tuple.get_or_insert_with(|| vec![None; elements.len()]);
                    if slots.len() != elements.len() {
                        continue;
                    }
                    for (i, element) in elements.into_iter().enumerate() {
                        let nothing = parts.len() == slots.len() && facts.is_nothing(parts[i]);
                        if slots[i].is_none() && !nothing {
                            slots[i] = Some(element);
                        }
                    }
                    if slots.iter().all(Option::is_some) {
                        break;
                    }
                }
                ty if tuple.is_none() => {
                    // The first type it agrees with takes the agreement, worked out once.
                    let agreeing =
                        known
                            .iter()
                            .enumerate()
                            .find_map(|(i, seen)| match agreed(seen.clone(), ty.clone()) {
                                Ty::Unknown(_) => None,
                                both => Some((i, both)),
                            });
                    match agreeing {
                        Some((i, both)) => known[i] = both,
                        None => known.push(ty),
                    }
                }
                _ => {}
            }
        }
        if !known.is_empty() {
            return one_of(known);
        }
        if let Some(slots) = tuple {
            return Ty::Tuple(
                slots
                    .into_iter()
                    .map(|slot| slot.unwrap_or(Ty::Unknown("a tuple element every return leaves empty")))
                    .collect(),
            );
        }
        Ty::Unknown(unknown.unwrap_or("a function whose return type is not written"))
    }

    /// The type a written annotation names.
    pub fn annotation(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Ty {
        if depth > MAX_DEPTH {
            return Ty::Unknown("a type too deep to read");
        }
        let r = &facts.lang.resolve;
        let kind = node.kind();
        let text = facts.slice((node.start_byte(), node.end_byte()));
        if r.type_wrappers.iter().any(|k| k == kind) {
            return match inner(node) {
                Some(child) => self.annotation(facts, child, depth + 1),
                None => Ty::Unknown("an empty type"),
            };
        }
        // `Data['port']`, `TxData[typeof Kind.Blob]`: the type of that member of `Data`.
        if r.indexed_types.iter().any(|k| k == kind) {
            return self.indexed_type(facts, node, depth + 1);
        }
        // `Vec<_>`: a type the compiler infers, not a foreign one.
        if r.inferred_types.iter().any(|t| t == text) {
            return Ty::Unknown(INFERRED);
        }
        // `typeof defaults`: the type of that value.
        if r.type_queries.iter().any(|k| k == kind) {
            return match node.named_child(0) {
                Some(value) => self.type_of(facts, value, depth + 1),
                None => Ty::Unknown("a type query without a value"),
            };
        }
        // `Self`, TypeScript's `this` type: the class the annotation is written in.
        if node.named_child_count() == 0 && r.self_type.iter().any(|s| s == text) {
            return self.enclosing_type(facts, node.start_byte(), true, depth);
        }
        if r.type_unions.iter().any(|k| k == kind) {
            return match only_member(facts, node) {
                Some(one) => self.annotation(facts, one, depth + 1),
                // A value of one of them: what they all share is known.
                None => one_of(
                    union_members(facts, node)
                        .into_iter()
                        .map(|m| self.annotation(facts, m, depth + 1))
                        .collect(),
                ),
            };
        }
        if let Some(form) = Resolve::form(&r.array_types, kind) {
            return match part(node, form.object.as_deref()) {
                Some(element) => Ty::Elements(Box::new(self.annotation(facts, element, depth + 1))),
                None => Ty::Unknown("an array type without an element"),
            };
        }
        // `{ [key: string]: Rule }`: a record, whose every index is a `Rule`.
        if let Some(value) = record_value(facts, node) {
            return Ty::Record(Box::new(self.annotation(facts, value, depth + 1)));
        }
        if r.member_types.iter().any(|k| k == kind) {
            // `{ [K in keyof T]?: T[K] }`: T's members under their names (see generics.rs).
            if let Some(source) = super::generics::mapped_source(facts, node) {
                return self.annotation(facts, source, depth + 1);
            }
            return Ty::InPlace(WrittenAt::of(facts, node));
        }
        if r.type_intersections.iter().any(|k| k == kind) {
            let mut all = Vec::new();
            for part in written_parts(node) {
                match self.annotation(facts, part, depth + 1) {
                    Ty::AllOf(inner) => all.extend(inner),
                    Ty::Class(c) => all.push(Ty::Instance(c)),
                    ty => all.push(ty),
                }
            }
            return Ty::AllOf(all);
        }
        if r.function_types.iter().any(|k| k == kind) {
            return match node.child_by_field_name("return_type") {
                Some(result) => Ty::Callable(
                    Box::new(self.annotation(facts, result, depth + 1)),
                    Some(WrittenFunction::of(facts, node)),
                ),
                // `FnMut(&Entry)`: a function returning nothing written.
                None => Ty::Callable(
                    Box::new(Ty::Unknown("a function type without a return type")),
                    Some(WrittenFunction::of(facts, node)),
                ),
            };
        }
        if r.type_tuples.iter().any(|k| k == kind) {
            let mut cursor = node.walk();
            let items: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
            // `[get: Getter<T>, provide?: Provider<T>]`: each place by the type written for it;
            // a rest place (`...more: X[]`, `...X[]`) holds a number of them, so none after it
            // is known.
            let mut places = Vec::new();
            for item in items {
                let written = match Resolve::form(&r.named_tuple_members, item.kind()) {
                    Some(form) => part(item, form.object.as_deref()),
                    None => Some(item),
                };
                // Named (`...more: X[]`, the rest inside the place) or not (`...X[]`).
                if item.kind().contains("rest") || item.named_child(0).is_some_and(|n| n.kind().contains("rest")) {
                    break;
                }
                places.push(match written {
                    Some(written) => self.annotation(facts, written, depth + 1),
                    None => Ty::Unknown("a tuple place without a type"),
                });
            }
            return Ty::Tuple(places);
        }
        if let Some(form) = Resolve::form(&r.type_generics, kind) {
            let Some(base) = part(node, form.object.as_deref()) else {
                return Ty::Unknown("a generic type without a name");
            };
            let base_name = facts.slice((base.start_byte(), base.end_byte()));
            let base_name = base_name.rsplit(['.', ':']).next().unwrap_or(base_name);
            // `StdMutex<State>` with `use std::sync::Mutex as StdMutex`: the name imported.
            let base_name = imported_as(facts, base, base_name);
            // Lifetimes say nothing of what a type holds (`MutexGuard<'_, T>`, `Iter<'a, T>`).
            let arguments = super::generics::without_lifetimes(facts, type_arguments(node, form.arguments.as_deref()));
            let first = arguments.iter().copied().find(|a| !facts.is_nothing(*a));
            // A wrapper or collection of the standard library's names; a type of the root
            // called so is itself.
            let ours = matches!(self.annotation(facts, base, depth + 1), Ty::Instance(_));
            // An alias keeping its argument's members (`ProtoOf<T>`): a value of the argument.
            if let Some(kept) = self
                .mapping_alias(facts, base, depth + 1)
                .and_then(|i| arguments.get(i))
            {
                return self.annotation(facts, *kept, depth + 1);
            }
            if let Some(applied) = self.applied_alias(facts, base, &arguments, depth) {
                return applied;
            }
            if let Some((derived, argument)) = derived_type(facts, node).filter(|_| !ours) {
                let of = self.annotation(facts, argument, depth + 1);
                return match derived {
                    Derived::Members => of,
                    Derived::Result => self.called(of, &|| None, depth + 1),
                    Derived::Instance => match of {
                        Ty::Class(class) => Ty::Instance(class),
                        _ => Ty::Unknown("an instance type of what is not a class of the root"),
                    },
                    Derived::Parameters => Ty::Unknown("the parameters of a function, read by a number index"),
                    Derived::Extracted => match arguments.get(1) {
                        Some(wanted) => self.extracted(facts, of, *wanted, depth + 1),
                        None => of,
                    },
                };
            }
            // `Annotated[Container, Depends(container)]`: its first argument, the rest metadata.
            if r.annotated_types.iter().any(|a| a == base_name) && !ours {
                return match arguments.first() {
                    Some(first) => self.annotation(facts, *first, depth + 1),
                    None => Ty::Unknown("an annotated type without its type"),
                };
            }
            if r.pass_through.iter().any(|p| p == base_name) && !ours {
                let held: Vec<Node<'_>> = arguments.iter().copied().filter(|a| !facts.is_nothing(*a)).collect();
                return match held.as_slice() {
                    [one] => self.annotation(facts, *one, depth + 1),
                    [] => Ty::Unknown("a union of several types"),
                    several => one_of(several.iter().map(|m| self.annotation(facts, *m, depth + 1)).collect()),
                };
            }
            if r.callables.iter().any(|c| c == base_name) && !ours {
                // `Callable[[A], R]`: the last argument is what a call gives.
                let result = arguments.last().map_or(Ty::Unknown("a callable of nothing"), |a| {
                    self.annotation(facts, *a, depth + 1)
                });
                return Ty::Callable(Box::new(result), None);
            }
            if r.maps.iter().any(|m| m == base_name) && !ours {
                if let Some(map) = self.map_type(facts, &arguments, depth + 1) {
                    return map;
                }
            }
            // `Record<string, Rule>`, `Record<Address, Rule>`: a record, whose every index is
            // a `Rule`. Keys that are another type's (`keyof P`) are that type's members.
            if r.records.iter().any(|c| c == base_name) && !ours {
                if let [key, value] = arguments.as_slice() {
                    let key = unwrapped(facts, *key);
                    if !r.key_queries.iter().any(|k| k == key.kind()) {
                        return Ty::Record(Box::new(self.annotation(facts, *value, depth + 1)));
                    }
                }
            }
            if r.collections.iter().any(|c| c == base_name) && !ours {
                let element = first.map_or(Ty::Unknown("a collection of nothing"), |a| {
                    self.annotation(facts, a, depth + 1)
                });
                return Ty::Elements(Box::new(element));
            }
            if r.tuple_generics.iter().any(|t| t == base_name) {
                // `tuple[OptionInfo, ...]`: any number of one type, a collection of it.
                if let [element, rest] = arguments.as_slice() {
                    if facts.text_of(*rest).trim() == "..." {
                        return Ty::Elements(Box::new(self.annotation(facts, *element, depth + 1)));
                    }
                }
                return Ty::Tuple(
                    arguments
                        .iter()
                        .map(|a| self.annotation(facts, *a, depth + 1))
                        .collect(),
                );
            }
            // `MessageEvent<LeaderMessage>`: its `data` is a `LeaderMessage`, read as a
            // wrapper's value; its other members are the library's.
            if r.held_fields.contains_key(base_name) && !ours {
                let held = first.map_or(Ty::Unknown("a wrapper of nothing"), |a| {
                    self.annotation(facts, a, depth + 1)
                });
                return Ty::Wrapped(base_name.to_string(), Box::new(held), None);
            }
            if r.wrapping.iter().any(|w| w == base_name) && !ours {
                let held = match r.held_arguments.get(base_name) {
                    Some(&at) => arguments.get(at).copied(),
                    None => first,
                };
                let held = held.map_or(Ty::Unknown("a wrapper of nothing"), |a| {
                    self.annotation(facts, a, depth + 1)
                });
                // `Result<T, E>`: the error, for the methods and patterns that give it.
                let error = match (r.error_methods.is_empty(), arguments.as_slice()) {
                    (false, [_, error]) => Some(Box::new(self.annotation(facts, *error, depth + 1))),
                    _ => None,
                };
                return Ty::Wrapped(base_name.to_string(), Box::new(held), error);
            }
            if r.class_types.iter().any(|c| c == base_name) {
                return first
                    .and_then(|a| class_of_value(self.annotation(facts, a, depth + 1)))
                    .unwrap_or(Ty::Unknown("a type of an unknown class"));
            }
            // A generic type of the root: with what its arguments say, for its members.
            let base_type = self.annotation(facts, base, depth + 1);
            if let Ty::Instance(class) = &base_type {
                let given: Vec<Ty> = arguments
                    .iter()
                    .map(|a| self.annotation(facts, *a, depth + 1))
                    .collect();
                if given.iter().any(|a| !matches!(a, Ty::Unknown(_))) {
                    return Ty::Applied(class.clone(), given);
                }
            }
            // `Slab<Entry>`: an outside type given a type of the root may give it back (its
            // methods, its index), which saguaro does not follow: not a foreign value.
            if matches!(base_type, Ty::External) {
                let held: Vec<Ty> = arguments
                    .iter()
                    .map(|a| self.annotation(facts, *a, depth + 1))
                    .collect();
                let holds_ours = held.iter().any(|a| {
                    matches!(
                        a,
                        Ty::Instance(_) | Ty::Applied(..) | Ty::Elements(_) | Ty::Keyed(..) | Ty::Record(_)
                    )
                });
                if holds_ours {
                    let ours: Vec<Ty> = held
                        .into_iter()
                        .filter(|a| matches!(a, Ty::Instance(_) | Ty::Applied(..)))
                        .collect();
                    // `Range<Span>`'s `start` is the range's own field, not the `Span`'s.
                    let own_fields = r.own_field_types.iter().any(|t| t == base_name);
                    return match (facts.lang.resolve.modules, <[Ty; 1]>::try_from(ours)) {
                        (ModuleSystem::Rust, Ok([held])) if !own_fields => Ty::Holding(Box::new(held)),
                        _ => Ty::Unknown("a value of an outside generic type holding a type of the root"),
                    };
                }
            }
            return base_type;
        }
        if let Some(form) = Resolve::form(&r.type_references, kind) {
            return match part(node, form.object.as_deref()) {
                Some(t) => self.annotation(facts, t, depth + 1),
                None => Ty::Unknown("a reference without a type"),
            };
        }
        if r.type_bounds.iter().any(|k| k == kind) {
            let mut traits = Vec::new();
            let mut converted = None;
            let mut stack = vec![node];
            while let Some(n) = stack.pop() {
                // `F: FnMut(&Entry) + Send`, `impl Fn(&Entry)`: a function of that type.
                if r.function_types.iter().any(|k| k == n.kind()) {
                    return self.annotation(facts, n, depth + 1);
                }
                // `impl Iterator<Item = Entry>`: a collection of `Entry`.
                if let Some(element) = self.bound_elements(facts, n, depth + 1) {
                    return Ty::Elements(Box::new(element));
                }
                // `H: Borrow<Async<T>>`: what `borrow()` gives, as a wrapper's unwrap does.
                if let Some(base) = Resolve::form(&r.type_generics, n.kind()).and_then(|f| part(n, f.object.as_deref()))
                {
                    let name = facts.text_of(base);
                    if r.wrapping.iter().any(|w| w == name.rsplit("::").next().unwrap_or(name)) {
                        if let wrapped @ Ty::Wrapped(..) = self.annotation(facts, n, depth + 1) {
                            converted = Some(wrapped);
                            continue;
                        }
                    }
                }
                if matches!(n.kind(), "type_identifier" | "scoped_type_identifier") {
                    if let Ty::Instance(def) = self.annotation(facts, n, depth + 1) {
                        traits.push(def);
                    }
                    continue;
                }
                // `AsRef<Config>`: the argument is not a trait the value implements.
                if r.type_generics.iter().any(|g| g.arguments.as_deref() == Some(n.kind())) {
                    continue;
                }
                let mut cursor = n.walk();
                stack.extend(n.named_children(&mut cursor));
            }
            // `H: Borrow<Async<T>> + Send`: what the conversion gives, where no trait of the
            // root bounds it too (`T: Store + AsRef<Config>` has `Store`'s methods).
            return match (converted, traits.is_empty()) {
                (Some(wrapped), true) => wrapped,
                _ => Ty::Bounds(traits),
            };
        }
        if kind == "string" {
            // A forward reference: `"Engine"`.
            let name = text.trim_matches(['"', '\'']);
            if !name.is_empty()
                && name
                    .split('.')
                    .all(|s| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_'))
            {
                let mut parts = name.split('.');
                let first = parts.next().unwrap_or_default();
                let mut entity = self.name(facts, first, node.start_byte(), depth + 1);
                for part in parts {
                    entity = self.member_of(&entity, part, depth + 1);
                }
                return self.instance_of(&entity, depth + 1);
            }
            // `"Manager[Resp]"`: the annotation the string holds, read in place.
            if let Some(ty) = self.annotation_in_string(facts, node, depth + 1) {
                return ty;
            }
            // `'Base[VT, KT]'`: a class of the root given arguments this does not read.
            if let Some((base, _)) = name.split_once('[').filter(|(b, rest)| {
                rest.ends_with(']') && !b.is_empty() && b.chars().all(|c| c.is_alphanumeric() || c == '_')
            }) {
                if let entity @ Entity::Def(_) = self.name(facts, base, node.start_byte(), depth + 1) {
                    if let instance @ Ty::Instance(_) = self.instance_of(&entity, depth + 1) {
                        return instance;
                    }
                }
            }
            return Ty::Unknown("a string annotation saguaro does not read");
        }
        if r.anything.iter().any(|a| a == text || text.ends_with(&format!(".{a}"))) {
            return Ty::Unknown(ANYTHING);
        }
        // `type: "tool"`: the string's own type, as a key or a discriminant reads it.
        if kind == "literal_type" && crate::lang::plain_string(text) {
            return Ty::Text(strip_quotes(text));
        }
        if r.nothing.iter().any(|n| n == text || n == kind)
            || matches!(kind, "primitive_type" | "predefined_type" | "literal_type")
        {
            return Ty::External;
        }
        if r.qualified_name_form(kind).is_some() {
            if let Some(projected) = self.projection(facts, node, depth) {
                return projected;
            }
            let entity = self.qualified(facts, node, depth + 1);
            // `svcs.fastapi.DepContainer` of `DepContainer = Annotated[Container, ..]`.
            if let Some(aliased) = self.assigned_alias(&entity, depth) {
                return aliased;
            }
            return self.instance_of(&entity, depth + 1);
        }
        if r.names.iter().any(|k| k == kind) {
            if r.self_type.iter().any(|s| s == text) {
                return self.enclosing_type(facts, node.start_byte(), true, depth);
            }
            if let Some(parameter) = super::generics::type_parameter(facts, node) {
                if let Some(given) = super::generics::given(facts, node) {
                    return given;
                }
                return self.bound_type(facts, &parameter, depth);
            }
            let entity = self.name(facts, text, node.start_byte(), depth + 1);
            // `T = TypeVar("T", bound="Node")`: a type parameter declared by a call.
            if let Entity::Def(def) = &entity {
                if let Some(at) = self.type_variable_of(def) {
                    if let Some(given) = super::generics::given_at(&def.file, at, 0) {
                        return given;
                    }
                    if let Some(given) = self.class_type_variable_given(facts, node, depth) {
                        return given;
                    }
                    return self.type_variable_bound(def, depth + 1);
                }
            }
            if let Some(aliased) = self.assigned_alias(&entity, depth) {
                return aliased;
            }
            // TypeScript merges a namespace with an interface, class or type alias of its
            // name (`interface Procedure` beside `namespace Procedure`): written as a type,
            // the name is that type.
            if let Ty::Module(_) | Ty::Function(_) = self.entity_type(&entity, depth + 1) {
                if let Some(merged) = self.merged_type(facts, text, node.start_byte()) {
                    return merged;
                }
            }
            return self.instance_of(&entity, depth + 1);
        }
        Ty::Unknown("a type saguaro does not read")
    }

    /// The type a module's variable names where it is written as a type, in a language whose
    /// assignments make type aliases (`OperationMap = dict[str, OperationNode]`, also
    /// annotated `: TypeAlias`): a checker takes such a name for its value, so its value is
    /// read as an annotation. A value that reads as no type (a call, a number) says nothing.
    fn assigned_alias(&self, entity: &Entity, depth: usize) -> Option<Ty> {
        let Entity::Def(def) = entity else {
            return None;
        };
        let facts = self.facts(&def.file)?;
        if !facts.lang.resolve.assigned_aliases {
            return None;
        }
        let symbol = facts.symbol(&def.path)?;
        if symbol.kind != "variable" || symbol.parent_path.is_some() {
            return None;
        }
        let value = facts.value_of(symbol)?;
        match self.annotation(&facts, value, depth + 1) {
            Ty::Unknown(_) => None,
            ty => Some(ty),
        }
    }

    /// A map whose type arguments are `arguments` (`[K, V]`, a hasher after them aside).
    fn map_type(&self, facts: &Facts, arguments: &[Node<'_>], depth: usize) -> Option<Ty> {
        let arguments = super::generics::without_lifetimes(facts, arguments.to_vec());
        let [key, value, ..] = arguments.as_slice() else {
            return None;
        };
        Some(Ty::Keyed(
            Box::new(self.annotation(facts, *key, depth + 1)),
            Box::new(self.annotation(facts, *value, depth + 1)),
        ))
    }

    /// `U::Target`: an associated type of a type parameter given a type, as the impl of the
    /// parameter's bound trait for every type says it is for that type (`impl<T> CastTo for
    /// T { type Target = T; }`: the type given). Such an impl is the trait's only one (two
    /// would overlap), and it is written in the trait's crate, beside it.
    fn projection(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Option<Ty> {
        let r = &facts.lang.resolve;
        if r.associated_types.is_empty() || depth > MAX_DEPTH {
            return None;
        }
        let form = r.paths.iter().find(|f| f.kind == node.kind())?;
        let owner = part(node, form.object.as_deref())?;
        let name = facts.text_of(part(node, form.name.as_deref())?);
        let parameter = super::generics::type_parameter(facts, owner)?;
        let given = super::generics::given(facts, owner)?;
        let traits = match self.annotation(facts, parameter.bound?, depth + 1) {
            Ty::Bounds(traits) => traits,
            Ty::Instance(one) => vec![one],
            _ => return None,
        };
        for t in traits {
            let Some(trait_facts) = self.facts(&t.file) else {
                continue;
            };
            for &(trait_range, type_range) in &trait_facts.types().implements {
                let (Some(trait_node), Some(type_node)) = (trait_facts.node(trait_range), trait_facts.node(type_range))
                else {
                    continue;
                };
                if self.annotation(&trait_facts, trait_node, depth + 1).instance_class() != Some(&t) {
                    continue;
                }
                // For every type: the self type is the impl's own parameter.
                let Some(implemented) = super::generics::type_parameter(&trait_facts, type_node) else {
                    continue;
                };
                let mut block = type_node.parent();
                while let Some(b) = block.filter(|b| Resolve::form(&r.implementations, b.kind()).is_none()) {
                    block = b.parent();
                }
                let block = block?;
                let mut stack = vec![block];
                while let Some(n) = stack.pop() {
                    if let Some(item) = Resolve::form(&r.associated_types, n.kind()) {
                        let named = part(n, item.name.as_deref()).is_some_and(|i| trait_facts.text_of(i) == name);
                        if let (true, Some(value)) = (named, part(n, item.object.as_deref())) {
                            let mut arguments =
                                vec![Ty::Unknown("a type parameter nothing gives"); implemented.position + 1];
                            arguments[implemented.position] = given;
                            let _given = super::generics::give(&t.file, block, arguments);
                            return Some(self.annotation(&trait_facts, value, depth + 1));
                        }
                        continue;
                    }
                    let mut cursor = n.walk();
                    stack.extend(n.named_children(&mut cursor));
                }
            }
        }
        None
    }

    /// The type among the definitions one binding of `name` at `at` merges (a namespace
    /// beside an interface, class, type alias or enum of its name), if one is a type.
    fn merged_type(&self, facts: &Facts, name: &str, at: usize) -> Option<Ty> {
        let binding = facts.scopes.lookup(name, at)?;
        std::iter::once(binding)
            .chain(facts.scopes.beside(binding))
            .filter_map(|b| facts.symbol_named_at(b.at))
            .find(|s| matches!(s.kind.as_str(), "interface" | "class" | "type" | "enum"))
            .map(|s| {
                Ty::Instance(DefId {
                    file: facts.path.clone(),
                    path: s.path.clone(),
                })
            })
    }

    /// A value of the type an entity names.
    pub(super) fn instance_of(&self, entity: &Entity, depth: usize) -> Ty {
        match self.entity_type(entity, depth + 1) {
            Ty::Class(c) => Ty::Instance(c),
            Ty::Module(_) | Ty::Function(_) => Ty::Unknown("a name that is not a type used as one"),
            other => other,
        }
    }

    /// What a qualified name means: `m.Engine`, `ns.T`, `crate::a::T`.
    pub fn qualified(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Entity {
        let r = &facts.lang.resolve;
        if facts.lang.resolve.modules == ModuleSystem::Rust {
            let segments = super::facts::path_segments(node, facts.text());
            return self.rust_path(facts, &segments, node.start_byte(), depth + 1);
        }
        let Some(form) = r.qualified_name_form(node.kind()) else {
            return self.expression_entity(facts, node, depth + 1);
        };
        let (Some(object), Some(name)) = (part(node, form.object.as_deref()), part(node, form.name.as_deref())) else {
            return Entity::Unknown("a qualified name without a name");
        };
        let object = self.expression_entity(facts, object, depth + 1);
        self.member_of(&object, facts.slice((name.start_byte(), name.end_byte())), depth + 1)
    }

    /// What a name or qualified name written as an expression means.
    pub fn expression_entity(&self, facts: &Facts, node: Node<'_>, depth: usize) -> Entity {
        let r = &facts.lang.resolve;
        if r.names.iter().any(|k| k == node.kind()) {
            return self.name(
                facts,
                facts.slice((node.start_byte(), node.end_byte())),
                node.start_byte(),
                depth + 1,
            );
        }
        if r.qualified_name_form(node.kind()).is_some() {
            return self.qualified(facts, node, depth + 1);
        }
        Entity::Unknown("an expression that is not a name")
    }

    /// The type of the class (or impl) around byte `at`: a value of it, or the type itself.
    fn enclosing_type(&self, facts: &Facts, at: usize, instance: bool, depth: usize) -> Ty {
        let rust = facts.lang.resolve.modules == ModuleSystem::Rust;
        if let Some(applied) = (rust && instance)
            .then(|| self.impl_applied_at(facts, at, depth + 1))
            .flatten()
        {
            return applied;
        }
        let class = if rust {
            self.impl_type_at(facts, at, depth + 1)
        } else {
            self.enclosing_class(facts, at)
        };
        match (class, instance) {
            (Some(c), true) => Ty::Instance(c),
            (Some(c), false) => Ty::Class(c),
            (None, _) => Ty::Unknown("`self` outside a type saguaro can read"),
        }
    }

    /// The class whose body holds byte `at`.
    pub fn enclosing_class(&self, facts: &Facts, at: usize) -> Option<DefId> {
        facts
            .enclosing(at, |s| matches!(s.kind.as_str(), "class" | "interface"))
            .map(|s| DefId {
                file: facts.path.clone(),
                path: s.path.clone(),
            })
    }
}

/// Whether the method whose first parameter, `written`, is bound at `at` is given an
/// instance there: not in a class method (`@classmethod`, or one the language makes so:
/// `__new__`), else so in a method whose decorators all keep it as written, whatever the
/// parameter is called (`def __init__(cls, ..)` of a metaclass takes a class it made, an
/// instance of the metaclass). Under a decorator saguaro does not know, the name's convention
/// (`self` an instance, `cls` the class).
fn receives_instance(facts: &Facts, at: usize, written: &str) -> bool {
    let r = &facts.lang.resolve;
    let method = facts
        .enclosing(at, |s| matches!(s.kind.as_str(), "method" | "function"))
        .filter(|s| s.kind == "method");
    let Some(method) = method else {
        return written == "self";
    };
    let decorators: Vec<&str> = decorator_names(facts.index.source.text(), method).collect();
    let listed = |names: &[String], name: &str| names.iter().any(|n| n == name);
    if decorators.iter().any(|d| listed(&r.class_receivers, d)) || listed(&r.class_receiver_methods, &method.name) {
        return false;
    }
    decorators.iter().all(|d| listed(&r.transparent_decorators, d)) || written == "self"
}

/// The type another binding of `b`'s name writes for it, where a name has one declared type
/// in its scope (bindings_visible "scope": a Python variable written `x: T` once is a `T` at
/// every assignment; Rust's `let` makes a new variable each time): a binding of the same
/// scope, or under `global x` one of the module's (`nonlocal x` is read the same way, as
/// [`super::scope::Scopes::lookup`] reads it).
fn declared_in_scope<'t>(facts: &'t Facts, b: &super::scope::Binding) -> Option<Node<'t>> {
    use crate::lang::Visibility;
    use crate::refs::scope::BindingKind;
    if facts.lang.resolve.bindings_visible != Visibility::Scope {
        return None;
    }
    let scopes = &facts.scopes;
    let global = scopes.bound_in(b.scope, &b.name).any(|g| g.kind == BindingKind::Global);
    let scope = if global { scopes.module_scope(b.at.0) } else { b.scope };
    let declared = scopes
        .bound_in(scope, &b.name)
        .filter(|d| d.kind == BindingKind::Local && d.pattern.is_none())
        .find_map(|d| d.declared_type)?;
    facts.node(declared)
}

/// What an index into a value of type `object` reads, when the type alone says: an element
/// of a collection (`xs[i]`), a value of a map (`cache[key]`), and, for a slice (`xs[a..b]`),
/// the same collection. `None` for a value whose index saguaro reads some other way (a
/// tuple's written place, a class's index method) or not at all. The expression's path and
/// the macro tokens' path both read an index through it.
pub(super) fn indexed_value(object: &Ty, slice: bool) -> Option<Ty> {
    match object {
        Ty::Elements(_) if slice => Some(object.clone()),
        Ty::Elements(element) => Some((**element).clone()),
        Ty::Keyed(_, value) | Ty::Record(value) => Some((**value).clone()),
        _ => None,
    }
}

/// Whether nothing of the file binds the name a callee's text starts with (`sorted`,
/// `Object.entries`): the builtin of that name, not a definition of the file's.
fn unbound_head(facts: &Facts, callee: Node<'_>) -> bool {
    let head = facts.text_of(callee).split('.').next().unwrap_or_default();
    facts.scopes.lookup(head, callee.start_byte()).is_none()
}

/// What each element of a collection of type `ty` is (of a map, what a loop over it gives).
pub(super) fn element_of(r: &Resolve, ty: Ty) -> Ty {
    match ty {
        Ty::Elements(element) => *element,
        Ty::Keyed(key, value) => match r.map_iteration {
            Some(part) => element_of(r, map_part(part, &key, &value)),
            None => Ty::Unknown("a loop over a map whose iteration saguaro does not know"),
        },
        Ty::Unknown(why) => Ty::Unknown(why),
        _ => Ty::Unknown("a loop over a value that is not a collection saguaro reads"),
    }
}

/// The place of `child` in the tuple or list pattern (or list literal) `parent`: the
/// separators before it, so that a wildcard (`(_, e)`) or a hole (`[, e]`) counts as a place;
/// `None` after a rest (`(a, .., z)`) or a spread (`[...xs, e]`), whose length is not written.
fn place_in_list(parent: Node<'_>, child: Node<'_>) -> Option<usize> {
    let mut cursor = parent.walk();
    let mut place = 0;
    for n in parent.children(&mut cursor) {
        if n.id() == child.id() {
            return Some(place);
        }
        let kind = n.kind();
        if kind == ".."
            || kind.contains("rest")
            || kind.contains("splat")
            || kind.contains("spread")
            || kind == "remaining_field_pattern"
        {
            return None;
        }
        if kind == "," {
            place += 1;
        }
    }
    None
}

/// The value a macro arm's body gives (`{ $crate::f(..) }`, `{{ stmts; tail }}`): the one
/// expression its delimiters hold (a trailing `;` aside), through blocks nested one in the
/// other to each one's last expression (or, where that is the local the statement before
/// binds, to its value). Statements between the delimiters themselves, or a block ending in
/// `;`, give no value: the empty text.
fn block_value(body: &str) -> &str {
    let statements = |text| super::macros::top_level_parts_by(text, ';');
    let body = body.trim();
    let Some(inner) = body.get(1..body.len().saturating_sub(1)) else {
        return "";
    };
    let inner = inner.trim();
    let mut value = inner.strip_suffix(';').unwrap_or(inner).trim();
    if statements(value).len() > 1 {
        return "";
    }
    // `{ .. }` around the whole value: a block, whose last expression it gives.
    while value.starts_with('{') && matching_close(value) == Some(value.len() - 1) {
        let block = value[1..value.len() - 1].trim();
        if block.ends_with(';') {
            return "";
        }
        match statements(block).as_slice() {
            // `{ let error = make(..); error }`: the value the local was just bound to.
            [.., (_, binding), (_, last)] if let_value(binding, last).is_some() => {
                value = let_value(binding, last).unwrap_or_default();
            }
            [.., (_, last)] => value = last,
            [] => return "",
        }
    }
    value
}

/// The value `let NAME = VALUE` (or `let mut NAME = VALUE`, no type written) binds, when
/// `binding` is that statement and `name` is the local it binds.
fn let_value<'t>(binding: &'t str, name: &str) -> Option<&'t str> {
    let rest = binding.strip_prefix("let ")?.trim_start();
    let rest = rest.strip_prefix("mut ").unwrap_or(rest).trim_start();
    let (bound, value) = rest.split_once('=')?;
    (bound.trim() == name && !value.starts_with(['=', '>'])).then(|| value.trim())
}

/// A method call's parts (`xs.iter().map(f)`): its callee, the method's name and the
/// receiver.
fn method_call<'f, 't>(facts: &'f Facts, call: Node<'t>) -> Option<(Node<'t>, &'f str, Node<'t>)> {
    let r = &facts.lang.resolve;
    let callee = Resolve::form(&r.calls, call.kind()).and_then(|form| part(call, form.callee.as_deref()))?;
    let form = Resolve::form(&r.members, callee.kind())?;
    let method = facts.text_of(part(callee, form.name.as_deref())?);
    Some((callee, method, part(callee, form.object.as_deref())?))
}

/// Where the bracket that `text`'s first character opens closes.
fn matching_close(text: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in super::facts::code_chars(text) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The type path a macro's tokens `(e as T)` cast their one expression to (`Args` of `(args
/// as Args)`, `a::B` of `(x as a::B<u8>)`): nothing when the cast is not the whole of the
/// tokens (a `,` or `;` outside brackets, nothing before the keyword, more after the type).
fn cast_type<'t>(tokens: &'t str, keyword: &str) -> Option<&'t str> {
    let inner = tokens.get(1..tokens.len().checked_sub(1)?)?.trim();
    let mut depth = 0i32;
    let mut cast_at = None;
    for (i, c) in super::facts::code_chars(inner) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' | ';' if depth == 0 => return None,
            _ if depth == 0 && inner[i..].starts_with(keyword) => {
                let before = inner[..i].chars().next_back();
                let after = inner[i + keyword.len()..].chars().next();
                if before.is_some_and(char::is_whitespace) && after.is_some_and(char::is_whitespace) {
                    cast_at = Some(i);
                }
            }
            _ => {}
        }
    }
    let at = cast_at?;
    if inner[..at].trim().is_empty() {
        return None;
    }
    let written = inner[at + keyword.len()..].trim();
    let path = written.split('<').next()?.trim_end();
    let generics_close = written.len() == path.len() || written.ends_with('>');
    let path_like = !path.is_empty()
        && path
            .split("::")
            .all(|s| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_'))
        && path
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_' || c == ':');
    (path_like && generics_close).then_some(path)
}

/// The path of the struct literal every element of an array expression is, the elements
/// written out (`[Test { .. }, Test { .. }]`) or repeated by a rule (`[$( Test { .. }, )*]`,
/// `[$( Test { .. } ),*]`); `None` where one element is anything else or they name two
/// paths.
fn array_literal_path(expression: &str) -> Option<&str> {
    let inner = expression.strip_prefix('[')?.strip_suffix(']')?.trim();
    let elements = match inner.strip_prefix('$') {
        Some(repeated) => {
            let close = matching_close(repeated)?;
            if !repeated.starts_with('(') || !matches!(repeated[close + 1..].trim(), "*" | "+" | ",*" | ",+") {
                return None;
            }
            &repeated[1..close]
        }
        None => inner,
    };
    let mut paths = super::macros::top_level_parts_by(elements, ',')
        .into_iter()
        .map(|(_, element)| struct_literal_path(element));
    let first = paths.next()??;
    paths.all(|p| p == Some(first)).then_some(first)
}

/// The path of a struct literal that is the whole of `expression` (`Mock { calls: v }`,
/// `$crate::Config { .. }`).
fn struct_literal_path(expression: &str) -> Option<&str> {
    let open = expression.find('{')?;
    let path = expression[..open].trim();
    let path_like = !path.is_empty()
        && path.split("::").all(|s| {
            let s = s.trim().trim_start_matches('$');
            !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_')
        });
    (path_like && matching_close(&expression[open..]) == Some(expression.len() - 1 - open)).then_some(path)
}

/// The members of a union, the members of a union among them taken one by one.
fn flattened(members: Vec<Ty>) -> Vec<Ty> {
    members
        .into_iter()
        .flat_map(|m| match m {
            Ty::OneOf(inner) => flattened(inner),
            one => vec![one],
        })
        .collect()
}

/// The value type of a record, or of the record an intersection holds.
fn record_part(ty: &Ty) -> Option<&Ty> {
    match ty {
        Ty::Record(value) => Some(value),
        Ty::AllOf(parts) => parts.iter().find_map(|p| match p {
            Ty::Record(value) => Some(&**value),
            _ => None,
        }),
        _ => None,
    }
}

/// A collection of the part of a map `part` names (one value: the value itself).
fn map_part(part: MapPart, key: &Ty, value: &Ty) -> Ty {
    match part {
        MapPart::Value => value.clone(),
        MapPart::Values => Ty::Elements(Box::new(value.clone())),
        MapPart::Keys => Ty::Elements(Box::new(key.clone())),
        MapPart::Entries => Ty::Elements(Box::new(Ty::Tuple(vec![key.clone(), value.clone()]))),
    }
}

/// The one type two values of one expression have (the arms of a `match`, the branches of
/// an `if`), or why there is none.
pub(super) fn agreed(seen: Ty, ty: Ty) -> Ty {
    if seen == ty {
        return seen;
    }
    match (seen, ty) {
        // `(*node, Some(old))` beside `(node, None)`: a tuple whose each element is what both
        // arms agree on there; an element they disagree on is not known, the others are.
        (Ty::Tuple(a), Ty::Tuple(b)) if a.len() == b.len() => Ty::Tuple(
            a.into_iter()
                .zip(b)
                .map(|(a, b)| match (a, b) {
                    (Ty::Unknown(why), _) | (_, Ty::Unknown(why)) => Ty::Unknown(why),
                    (a, b) => agreed(a, b),
                })
                .collect(),
        ),
        (seen, ty) => match (seen.instance_class(), ty.instance_class()) {
            // Values of one generic class, with type arguments read or not (`Node::new(..)`
            // beside a `*mut Node<K, V>`): that class, with the arguments one of them gives
            // when the other gives none.
            (Some(a), Some(b)) if a == b => match (&seen, &ty) {
                (Ty::Applied(..), Ty::Instance(_)) => seen,
                (Ty::Instance(_), Ty::Applied(..)) => ty,
                _ => Ty::Instance(a.clone()),
            },
            _ => Ty::Unknown("values of several types"),
        },
    }
}

/// The class a value of `ty` is made by, as `type[T]` names it: `Engine` of an `Engine`;
/// the class itself of a `T` given a class (`get_loader(base_cls=LoadMixin)`), whose members
/// the checker reads on it; of a type parameter's value (`cls: type[T]`, `T` bound to
/// `Document | View`), a class that is at least its bound's class, each of a union's.
fn class_of_value(ty: Ty) -> Option<Ty> {
    match ty {
        Ty::Instance(c) | Ty::Applied(c, _) | Ty::Class(c) => Some(Ty::Class(c)),
        Ty::Bounded(bound) => Some(Ty::Bounded(Box::new(class_of_value(*bound)?))),
        Ty::OneOf(types) => Some(Ty::OneOf(types.into_iter().map(class_of_value).collect::<Option<_>>()?)),
        _ => None,
    }
}

/// The one known type every one of `types` is, if they are all one (none unknown).
fn unanimous(types: &[Ty]) -> Option<&Ty> {
    let (first, rest) = types.split_first()?;
    (!matches!(first, Ty::Unknown(_)) && rest.iter().all(|t| t == first)).then_some(first)
}

/// The type of a value that is one of `types`: that type when they are all one.
/// (An overloaded call whose arguments do not choose, a union.)
pub(super) fn one_of(mut types: Vec<Ty>) -> Ty {
    types.dedup();
    if let Some(unknown) = types.iter().find(|t| matches!(t, Ty::Unknown(_))) {
        return unknown.clone();
    }
    match types.len() {
        0 => Ty::Unknown("an overloaded call no overload of which the arguments fit"),
        1 => types.remove(0),
        _ => Ty::OneOf(types),
    }
}

/// The definitions at `path` marked as overloads (`@overload`), in the order written.
pub(super) fn overloads<'f>(facts: &'f Facts, path: &str) -> Vec<&'f crate::symbols::Symbol> {
    let marks = &facts.lang.resolve.overload_decorators;
    if marks.is_empty() {
        return Vec::new();
    }
    let text = facts.index.source.text();
    facts
        .index
        .symbols
        .iter()
        .filter(|s| s.path == path)
        .filter(|s| decorator_names(text, s).any(|name| marks.iter().any(|m| m == name)))
        .collect()
}

/// The last segment of each decorator's name on `symbol`, outermost first (`@a.b(x)` → `b`).
fn decorator_names<'t>(text: &'t str, symbol: &'t crate::symbols::Symbol) -> impl Iterator<Item = &'t str> + 't {
    symbol
        .pieces
        .iter()
        .filter(|p| p.kind == crate::lang::Attachment::Decorator)
        .map(move |p| {
            let written = text[p.span.start_byte..p.span.end_byte].trim_start_matches('@');
            let name = written.split('(').next().unwrap_or(written).trim();
            name.rsplit('.').next().unwrap_or(name)
        })
}

/// The members of a written union (`str | None`, `Optional[str]`, `Union[a, b]`).
fn annotation_members(annotation: &str) -> Vec<&str> {
    let a = annotation.trim();
    let bare = a
        .rsplit_once('.')
        .filter(|(q, _)| !q.contains('['))
        .map_or(a, |(_, n)| n);
    if let Some(inner) = bare.strip_prefix("Optional[").and_then(|r| r.strip_suffix(']')) {
        let mut members = annotation_members(inner);
        members.push("None");
        return members;
    }
    if let Some(inner) = bare.strip_prefix("Union[").and_then(|r| r.strip_suffix(']')) {
        return top_level_split(inner, ',')
            .into_iter()
            .flat_map(annotation_members)
            .collect();
    }
    let parts = top_level_split(a, '|');
    match parts.len() {
        1 => vec![a],
        _ => parts.into_iter().flat_map(annotation_members).collect(),
    }
}

/// `text` split at each `separator` outside brackets, each part trimmed.
fn top_level_split(text: &str, separator: char) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth = depth.saturating_sub(1),
            c if c == separator && depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    parts
}

/// What an argument's text says it is: a builtin's name for a literal, `callable` for the
/// definition a bare decorator is called with; `None`: not told.
fn argument_kind(arg: &str) -> Option<&'static str> {
    let arg = arg.trim();
    if arg == DECORATED_DEFINITION {
        return Some("callable");
    }
    match arg {
        "None" => return Some("None"),
        "True" | "False" => return Some("bool"),
        _ => {}
    }
    let prefix_end = arg.find(['"', '\'']).unwrap_or(0);
    let prefix = &arg[..prefix_end];
    if arg[prefix_end..].starts_with(['"', '\'']) && prefix.chars().all(|c| "rRbBuUfF".contains(c)) {
        return Some(if prefix.contains(['b', 'B']) { "bytes" } else { "str" });
    }
    let digits = arg.trim_start_matches('-');
    if digits.starts_with(|c: char| c.is_ascii_digit()) {
        return Some(if digits.contains(['.', 'e', 'E']) && !digits.starts_with("0x") {
            "float"
        } else {
            "int"
        });
    }
    None
}

/// Whether `place` is a name that reads `binding` (the same name, bound there).
fn names_binding(facts: &Facts, place: Node<'_>, binding: &Binding) -> bool {
    facts.lang.resolve.names.iter().any(|k| k == place.kind())
        && facts.text_of(place) == binding.name
        && facts.scopes.lookup(&binding.name, place.start_byte()).map(|b| b.id) == Some(binding.id)
}

/// The binding an empty collection `made` is the value of, and where the making ends: an
/// assignment's (`by_seq = {}`, the statement), or a declaration's (`let mut labels =
/// Vec::new();`, the value).
fn filled_binding<'f>(facts: &'f Facts, made: Node<'_>) -> Option<(&'f Binding, usize)> {
    let r = &facts.lang.resolve;
    let assignment = made.parent()?;
    if let Some(store) = Resolve::form(&r.index_stores, assignment.kind()) {
        if part(assignment, store.arguments.as_deref())?.id() != made.id() {
            return None;
        }
        let target = part(assignment, store.object.as_deref()).filter(|t| r.names.iter().any(|k| k == t.kind()))?;
        let binding = facts
            .scopes
            .binding_at(facts.text_of(target), (target.start_byte(), target.end_byte()))?;
        return Some((binding, assignment.end_byte()));
    }
    let range = (made.start_byte(), made.end_byte());
    let binding = facts
        .scopes
        .bindings
        .iter()
        .find(|b| b.value == Some(range) && b.pattern.is_none() && b.declared_type.is_none())?;
    Some((binding, made.end_byte()))
}

/// Whether a decorator replaces the function by something saguaro does not read.
fn replaced_by_decorator(facts: &Facts, symbol: &crate::symbols::Symbol) -> bool {
    let r = &facts.lang.resolve;
    r.decorators_replace
        && decorator_names(facts.index.source.text(), symbol)
            .any(|name| !r.transparent_decorators.iter().any(|t| t == name))
}

/// The call declaring a type variable, when `def` is a module variable bound to one of the
/// language's `type_variables` (`T = TypeVar("T")`).
pub(super) fn type_variable_call<'f>(facts: &'f Facts, def: &DefId) -> Option<Node<'f>> {
    let r = &facts.lang.resolve;
    let symbol = facts.symbol(&def.path)?;
    if symbol.kind != "variable" {
        return None;
    }
    let value = facts.value_of(symbol)?;
    let form = Resolve::form(&r.calls, value.kind())?;
    let callee = facts.text_of(part(value, form.callee.as_deref())?);
    let callee = callee.rsplit('.').next().unwrap_or(callee);
    r.type_variables.iter().any(|t| t == callee).then_some(value)
}

/// The base clauses a class writes (`extends Emitter<Events>`, `Generic[D, V]`), in order.
fn base_clauses<'f>(facts: &'f Facts, class: &str) -> Vec<Node<'f>> {
    facts
        .types()
        .bases
        .get(class)
        .map(|b| b.iter().filter_map(|r| facts.node(*r)).collect())
        .unwrap_or_default()
}

/// The members of the enum class at `class` of `facts`: the attributes its body assigns,
/// the language's own names (`_ignore_`, `__slots__`: a leading underscore) aside.
fn enum_members<'f>(facts: &'f Facts, class: &str) -> Vec<&'f crate::symbols::Symbol> {
    facts
        .index
        .symbols
        .iter()
        .filter(|s| {
            s.parent_path.as_deref() == Some(class)
                && s.kind == "attribute"
                && !s.name.starts_with('_')
                && facts
                    .symbol(&s.path)
                    .is_some_and(|first| first.name_span == s.name_span)
        })
        .filter(|s| facts.value_of(s).is_some())
        .collect()
}

/// The declaration node of the definition at `path` of `facts`.
pub(super) fn declaration_of<'f>(facts: &'f Facts, path: &str) -> Option<Node<'f>> {
    let symbol = facts.symbol(path)?;
    facts.node(facts.declaration(symbol)).map(declaration_node)
}

pub(super) fn declaration_node(node: Node<'_>) -> Node<'_> {
    for field in ["definition", "declaration"] {
        if let Some(inner) = node.child_by_field_name(field) {
            return declaration_node(inner);
        }
    }
    node
}

/// The function a declaration holds: itself, or the value of a field or constant
/// (`static create = (): T => ...`, `const f = function () {}`).
pub(super) fn function_node(node: Node<'_>) -> Node<'_> {
    if node.child_by_field_name("return_type").is_some() || node.child_by_field_name("parameters").is_some() {
        return node;
    }
    let value = node.child_by_field_name("value").or_else(|| {
        // `const f = ...`: the declarator's value.
        let mut cursor = node.walk();
        let declarator = node
            .named_children(&mut cursor)
            .find(|c| c.kind().ends_with("declarator"));
        declarator.and_then(|d| d.child_by_field_name("value"))
    });
    match value {
        Some(v) if v.child_by_field_name("parameters").is_some() || v.child_by_field_name("parameter").is_some() => v,
        _ => node,
    }
}

/// Whether an expression never gives a value (`panic!()`, `return x`): the language's
/// `diverging` node kinds and macro names.
fn diverges(facts: &Facts, node: Node<'_>) -> bool {
    let r = &facts.lang.resolve;
    let diverging = &r.diverging;
    if diverging.iter().any(|k| k == node.kind()) {
        return true;
    }
    // `process::exit(1)` with `use std::process;`.
    let callee = Resolve::form(&r.calls, node.kind()).and_then(|form| part(node, form.callee.as_deref()));
    if callee
        .and_then(|c| imported_name(facts, c))
        .is_some_and(|name| r.diverging_functions.contains(&name))
    {
        return true;
    }
    let macro_name = node
        .child_by_field_name("macro")
        .map(|m| facts.slice((m.start_byte(), m.end_byte())));
    macro_name.is_some_and(|name| diverging.iter().any(|k| k == name))
}

/// Whether `node` names a parameter that has no written type and whose default is the
/// language's nothing (`def __init__(self, packetizer_class=None)`).
fn defaults_to_nothing(facts: &Facts, node: Node<'_>) -> bool {
    let Some(binding) = facts.scopes.lookup(facts.text_of(node), node.start_byte()) else {
        return false;
    };
    let parameter = facts.node(binding.at).and_then(|name| name.parent());
    parameter.is_some_and(|p| {
        is_parameter(p)
            && p.child_by_field_name("type").is_none()
            && p.child_by_field_name("value").is_some_and(|v| facts.is_nothing(v))
    })
}

/// Whether `node` is one parameter of a function: a child of the list its function holds
/// in the `parameters` field (every grammar here names that field so), whatever the
/// parameter's own kind.
fn is_parameter(node: Node<'_>) -> bool {
    let Some(list) = node.parent() else {
        return false;
    };
    list.parent()
        .and_then(|function| function.child_by_field_name("parameters"))
        .is_some_and(|parameters| parameters.id() == list.id())
}

/// The type arguments of a generic type node: the children its grammar puts in the field
/// `field`, a list among them read as its items (`type_arguments`), else its children of
/// that kind, each a list of them. An argument that is itself a generic of the same kind
/// as the field (Python's `Proxy[Q, Optional[T]]`, whose every index is a `subscript`
/// field and `Optional[T]` a `subscript` node) is one argument, not its own parts.
pub(super) fn type_arguments<'t>(node: Node<'t>, field: Option<&str>) -> Vec<Node<'t>> {
    let Some(field) = field else {
        return Vec::new();
    };
    let by_field: Vec<Node<'t>> = {
        let mut cursor = node.walk();
        node.children_by_field_name(field, &mut cursor).collect()
    };
    let (holders, lists) = match by_field.is_empty() {
        true => {
            let mut cursor = node.walk();
            let of_kind: Vec<Node<'t>> = node.named_children(&mut cursor).filter(|c| c.kind() == field).collect();
            (of_kind, true)
        }
        false => (by_field, false),
    };
    let mut out = Vec::new();
    for holder in holders {
        if lists || holder.kind().ends_with("arguments") || holder.kind() == "type_parameter" {
            let mut cursor = holder.walk();
            out.extend(holder.named_children(&mut cursor));
        } else {
            out.push(holder);
        }
    }
    out
}

/// The one member of a union type that is not "nothing" (`T | None`, `T | undefined`), if
/// there is one.
/// The members of a written union, nested unions flattened, nothing (`None`, `undefined`)
/// left out.
fn union_members<'t>(facts: &Facts, union: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = union.walk();
    let children: Vec<Node<'t>> = union.named_children(&mut cursor).collect();
    children
        .into_iter()
        .filter(|c| !facts.is_nothing(*c))
        .flat_map(|c| {
            // Python writes `A | B | None` as a union inside a `type` inside a union.
            let bare = unwrapped(facts, c);
            match facts.lang.resolve.type_unions.iter().any(|k| k == bare.kind()) {
                true => union_members(facts, bare),
                false => vec![c],
            }
        })
        .collect()
}

fn only_member<'t>(facts: &Facts, union: Node<'t>) -> Option<Node<'t>> {
    let mut cursor = union.walk();
    let mut members = union.named_children(&mut cursor).filter(|c| !facts.is_nothing(*c));
    let one = members.next()?;
    members.next().is_none().then_some(one)
}

/// A type node without the wrappers around it (an annotation's `: `, parentheses).
/// What a generic type node derives from its first type argument (`Omit<T, K>`,
/// `ReturnType<typeof f>`), and that argument, when it is one of the language's
/// `derived_types`.
fn derived_type<'t>(facts: &Facts, node: Node<'t>) -> Option<(Derived, Node<'t>)> {
    let r = &facts.lang.resolve;
    let form = Resolve::form(&r.type_generics, node.kind())?;
    let base = part(node, form.object.as_deref())?;
    let derived = *r.derived_types.get(facts.text_of(base))?;
    let argument = type_arguments(node, form.arguments.as_deref()).into_iter().next()?;
    Some((derived, argument))
}

pub(super) fn unwrapped<'t>(facts: &Facts, node: Node<'t>) -> Node<'t> {
    let mut node = node;
    while facts.lang.resolve.type_wrappers.iter().any(|k| k == node.kind()) {
        match inner(node) {
            Some(child) => node = child,
            None => break,
        }
    }
    node
}

/// The module path and name of what a callee names when an import binds it: `typing.cast`
/// for `cast` after `from typing import cast`, or for `t.cast` after `import typing as t`.
fn imported_name(facts: &Facts, callee: Node<'_>) -> Option<String> {
    let r = &facts.lang.resolve;
    let import_of = |name: Node<'_>| match facts.scopes.lookup(facts.text_of(name), name.start_byte())?.kind {
        super::scope::BindingKind::Import(i) => facts.imports.get(i),
        _ => None,
    };
    if r.names.iter().any(|k| k == callee.kind()) {
        let import = import_of(callee)?;
        return Some(match r.modules_is_rust() {
            true => format!("{}::{}", import.module, import.name.as_deref()?),
            false => format!("{}.{}", import.module, import.name.as_deref()?),
        });
    }
    // `mem::replace` with `use std::mem;`, or `std::mem::replace` as written: the path from
    // its crate.
    if r.modules_is_rust() && r.paths.iter().any(|f| f.kind == callee.kind()) {
        let segments = super::facts::path_segments(callee, facts.text());
        let (first, rest) = segments.split_first()?;
        let head = match facts.scopes.lookup(first, callee.start_byte()).map(|b| &b.kind) {
            Some(super::scope::BindingKind::Import(i)) => {
                let import = facts.imports.get(*i)?;
                match import.name.as_deref() {
                    Some(name) => format!("{}::{name}", import.module),
                    None => import.module.clone(),
                }
            }
            Some(_) => return None,
            None => first.clone(),
        };
        return Some(
            std::iter::once(head)
                .chain(rest.iter().cloned())
                .collect::<Vec<_>>()
                .join("::"),
        );
    }
    let form = Resolve::form(&r.members, callee.kind())?;
    let (object, name) = (
        part(callee, form.object.as_deref())?,
        part(callee, form.name.as_deref())?,
    );
    let import = import_of(object).filter(|i| i.name.is_none() && !i.glob)?;
    Some(format!("{}.{}", import.module, facts.text_of(name)))
}

/// The name a name written at `at` imports under another (`StdMutex` of `use std::sync::Mutex
/// as StdMutex` is `Mutex`), else itself.
pub(super) fn imported_as<'a>(facts: &'a Facts, at: Node<'_>, name: &'a str) -> &'a str {
    let imported = match facts.scopes.lookup(name, at.start_byte()).map(|b| &b.kind) {
        Some(super::scope::BindingKind::Import(i)) => facts.imports.get(*i).filter(|i| i.aliased),
        _ => None,
    };
    imported.and_then(|i| i.name.as_deref()).unwrap_or(name)
}

/// The type arguments of a path's qualifier written with a turbofish, lifetimes aside
/// (`Node` of `Box::<Node>::default`, `K, V` of `Map::<'a, K, V>::new`).
fn turbofish_arguments<'t>(facts: &Facts, callee: Node<'t>) -> Vec<Node<'t>> {
    let r = &facts.lang.resolve;
    callee
        .child_by_field_name("path")
        .and_then(|q| Resolve::form(&r.type_generics, q.kind()).map(|form| (q, form)))
        .map(|(q, form)| super::generics::without_lifetimes(facts, type_arguments(q, form.arguments.as_deref())))
        .unwrap_or_default()
}

/// The arguments passed by position to the call whose callee is `callee`.
fn positional_arguments<'t>(r: &Resolve, callee: Node<'t>) -> Vec<Node<'t>> {
    callee
        .parent()
        .and_then(|call| part(call, Resolve::form(&r.calls, call.kind())?.arguments.as_deref()))
        .map(|list| super::facts::positional_nodes(r, list))
        .unwrap_or_default()
}

/// What a value returned from a function whose return type is `result` is expected to be:
/// in an `async` function of a language that writes the wrapper (`async f():
/// Promise<Result>`, `async_returns`), what the wrapper holds, since `return` wraps it.
fn returned_by_async(facts: &Facts, result: Ty, asynchronous: bool) -> Ty {
    let wrapper = facts
        .lang
        .async_returns
        .as_deref()
        .and_then(|template| template.split_once('<'))
        .map(|(head, _)| head.trim());
    match (asynchronous, result, wrapper) {
        (true, Ty::Wrapped(name, held, _), Some(wrapper)) if name == wrapper => *held,
        (_, result, _) => result,
    }
}

/// Whether `node` is a Rust path naming a function of a pass-through wrapper whose result
/// holds what its first argument holds (`Box::new`, `Arc::clone`).
fn names_pass_through_constructor(facts: &Facts, node: Node<'_>) -> bool {
    let r = &facts.lang.resolve;
    r.modules_is_rust()
        && r.paths.iter().any(|f| f.kind == node.kind())
        && pass_through_constructor(r, &super::facts::path_segments(node, facts.text()))
}

/// Whether a path's segments name a function of a pass-through wrapper whose result holds
/// what its first argument holds (`Box::new`, `Arc::clone`).
fn pass_through_constructor(r: &Resolve, segments: &[String]) -> bool {
    match segments.split_last() {
        Some((last, owner)) => {
            owner.last().is_some_and(|w| r.pass_through.iter().any(|p| p == w))
                && r.pass_through_constructors.iter().any(|c| c == last)
        }
        None => false,
    }
}

/// The first argument of the call whose callee is `callee`, if it passes one.
fn first_argument<'t>(r: &Resolve, callee: Node<'t>) -> Option<Node<'t>> {
    let call = callee.parent()?;
    let arguments = part(call, Resolve::form(&r.calls, call.kind())?.arguments.as_deref())?;
    let mut cursor = arguments.walk();
    let first = arguments
        .named_children(&mut cursor)
        .find(|a| !a.kind().contains("comment"));
    first
}

/// Whether `parameter` is a method's receiver, which a call on a value fills itself
/// (`&self`, `mut self`, Python's `self`; a `self` written with a type, `self: &Arc<Self>`).
pub(super) fn is_receiver(facts: &Facts, parameter: Node<'_>) -> bool {
    parameter.kind().starts_with("self")
        || parameter
            .child_by_field_name("name")
            .or_else(|| parameter.child_by_field_name("pattern"))
            .map_or(facts.text_of(parameter), |n| facts.text_of(n))
            .split(':')
            .next()
            .is_some_and(|n| facts.lang.self_receivers.iter().any(|s| s == n.trim()))
}

/// The type written for a parameter of a function type: its `type`, or the parameter
/// itself where a function type lists bare types (Rust's `FnMut(&Entry)`, `fn(u8)`); a
/// parameter that names a pattern without a type (`(x) => void`) writes none.
fn written_parameter_type(parameter: Node<'_>) -> Option<Node<'_>> {
    match parameter.child_by_field_name("type") {
        Some(written) => Some(written),
        None if parameter.child_by_field_name("pattern").is_none()
            && parameter.child_by_field_name("name").is_none()
            && parameter.is_named()
            && !parameter.kind().contains("parameter")
            && parameter.kind() != "identifier" =>
        {
            Some(parameter)
        }
        None => None,
    }
}

fn nth_parameter(function: Node<'_>, index: usize) -> Option<Node<'_>> {
    written_parts(function.child_by_field_name("parameters")?)
        .get(index)
        .copied()
}

/// The value type of a record type (`{ [key: string]: V }`, `{ [K in string]?: V }`): a type
/// of members written in place that is one index signature over a record key.
fn record_value<'t>(facts: &Facts, node: Node<'t>) -> Option<Node<'t>> {
    let r = &facts.lang.resolve;
    if !r.member_types.iter().any(|k| k == node.kind()) {
        return None;
    }
    sole_index_value(facts, node)
}

/// The value type of the members `node` holds when they are one index signature over a
/// record key: a type's members written in place, or an interface's body.
fn sole_index_value<'t>(facts: &Facts, node: Node<'t>) -> Option<Node<'t>> {
    let r = &facts.lang.resolve;
    let members = written_parts(node);
    let [signature] = members.as_slice() else {
        return None;
    };
    let form = Resolve::form(&r.index_signatures, signature.kind())?;
    let value = part(*signature, form.object.as_deref())?;
    if let Some(key) = part(*signature, form.name.as_deref()) {
        return r.record_keys.iter().any(|k| k == facts.text_of(key)).then_some(value);
    }
    // `[name in Nodes]: NodeType`: whatever the keys, every one is a `NodeType` when the value
    // does not depend on the key (`T[K]` does).
    let mut cursor = signature.walk();
    let (clause, clause_form) = signature
        .named_children(&mut cursor)
        .find_map(|c| Resolve::form(&r.mapped_types, c.kind()).map(|f| (c, f)))?;
    // `[K in keyof P]`: P's own keys, whose members a use names (a rename follows them).
    let keys = part(clause, clause_form.object.as_deref())?;
    if r.key_queries.iter().any(|k| k == keys.kind()) {
        return None;
    }
    let bound = facts.text_of(part(clause, clause_form.name.as_deref())?);
    let mut stack = vec![value];
    while let Some(n) = stack.pop() {
        if n.named_child_count() == 0 && facts.text_of(n) == bound {
            return None;
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
    }
    Some(value)
}

/// The keys a mapping over a union of literals lists (`[K in "a" | "b"]`); `None` when its
/// keys are not such a list.
fn written_keys(facts: &Facts, signature: Node<'_>, form: &SyntaxForm) -> Option<Vec<String>> {
    let r = &facts.lang.resolve;
    if part(signature, form.name.as_deref()).is_some() {
        return None;
    }
    let mut cursor = signature.walk();
    let keys = signature
        .named_children(&mut cursor)
        .find_map(|c| Resolve::form(&r.mapped_types, c.kind()).and_then(|f| part(c, f.object.as_deref())))?;
    let mut listed = Vec::new();
    let mut stack = vec![keys];
    while let Some(node) = stack.pop() {
        if r.type_unions.iter().any(|k| k == node.kind()) {
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        } else if node.kind() == "literal_type" {
            listed.push(strip_quotes(facts.text_of(node)));
        } else {
            return None;
        }
    }
    Some(listed)
}

/// The values a `Literal[..]` annotation lists (`Literal["a", 1]`), as written.
fn literal_values(member: &str) -> Option<Vec<&str>> {
    let bare = member.trim();
    let bare = bare
        .rsplit_once('.')
        .filter(|(q, _)| !q.contains('['))
        .map_or(bare, |(_, n)| n);
    let inner = bare.strip_prefix("Literal[")?.strip_suffix(']')?;
    Some(top_level_split(inner, ','))
}

/// What a method of a wrapping type gives, as `wrapper_methods` says (`object_type` the
/// wrapper `wrapper` of `held`).
fn wrapper_method_result(how: WrapperResult, object_type: &Ty, wrapper: &str, held: &Ty) -> Ty {
    match how {
        WrapperResult::Same => object_type.clone(),
        WrapperResult::Value => Ty::Wrapped(wrapper.to_string(), Box::new(held.clone()), None),
        WrapperResult::Held => held.clone(),
        WrapperResult::Elements => Ty::Elements(Box::new(held.clone())),
    }
}
