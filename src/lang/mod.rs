//! The language registry: which languages saguaro reads, and what it knows of each.
//!
//! Language knowledge is data. `grammars/languages.toml` says which files a language owns,
//! how its comments and docstrings look and what wraps or attaches to a definition;
//! `queries/<lang>/*.scm` say where its definitions are. Both are embedded in the binary
//! at build time (see `build.rs`). This module loads them once, compiles each query the
//! first time it is needed, and answers "which language is this file?".
//!
//! It does not walk trees or know any node kind by itself: that is the symbol index's
//! business, driven by what is loaded here.
//!
//! ```
//! let registry = saguaro::lang::Registry::global();
//! let python = registry.for_path("src/engine.py").unwrap();
//! assert_eq!(python.name, "python");
//! assert!(python.query("symbols").is_ok());
//! ```

pub mod astgrep;
pub mod grammar;

use crate::feedback::Error;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// What a node around or before a definition is, when it belongs to the definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Attachment {
    Decorator,
    Attribute,
    Doc,
    /// `export`, `export default`, `declare`: modifiers written outside the declaration.
    Modifier,
}

/// How a language writes a definition's documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DocstringStyle {
    /// The first statement of the body, when it is a string (Python).
    BodyString,
    /// The doc comment attached before the definition (`///`, `/** */`).
    DocComment,
}

/// How a block ends, for the text fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockStyle {
    /// Where the indentation returns to the header's level (Python).
    Indentation,
    /// Where the brace opened on the header closes (Rust, TypeScript, JavaScript).
    Braces,
}

/// A definition's first line as a regular expression: group 1 its indentation, group 2 its
/// name; `{name}` is replaced by the name sought.
#[derive(Debug, Clone, Deserialize)]
pub struct FallbackHeader {
    pub kind: String,
    pub pattern: String,
}

/// One `[[language]]` entry of `grammars/languages.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    pub name: String,
    pub grammar: String,
    pub extensions: Vec<String>,
    pub queries: String,
    pub line_comment: String,
    pub doc_comment_prefixes: Vec<String>,
    pub not_doc_prefixes: Vec<String>,
    pub docstring: DocstringStyle,
    pub indent: String,
    /// Parent node kind -> what it adds (`""`: nothing but its own bytes).
    pub wrappers: BTreeMap<String, String>,
    pub attached: BTreeMap<String, Attachment>,
    pub method_parents: Vec<String>,
    pub containers: Vec<String>,
    /// The containers that bind in the scope around them (Python's blocks and compound
    /// statements: an assignment under `if` in a class body is a class attribute); in the
    /// other languages a block is a scope of its own.
    #[serde(default)]
    pub binding_containers: Vec<String>,
    /// Text to put around a class member so that it parses on its own: `["class X {", "}"]`.
    #[serde(default)]
    pub member_wrapper: Option<[String; 2]>,
    /// Per kind of the enclosing definition, the text around a member of it so that it
    /// parses alone (a field in a struct, a variant in an enum); else `member_wrapper`.
    #[serde(default)]
    pub member_wrappers: BTreeMap<String, [String; 2]>,
    /// The statement that keeps a block valid once its last statement is gone (`pass`).
    #[serde(default)]
    pub empty_body: Option<String>,
    /// Node kind of a list of members -> the separator between them (a struct's fields,
    /// an enum's variants: `,`); `;?` is a `;` a line break may stand for (TypeScript type
    /// members). An edit of one member keeps the separators valid.
    #[serde(default)]
    pub member_lists: BTreeMap<String, String>,
    /// The character that spells a `$` metavariable inside an ast-grep pattern where `$`
    /// cannot start an identifier (Python, Rust).
    #[serde(default)]
    pub metavar_expando: Option<char>,
    /// How the text fallback finds where a definition ends.
    pub block_style: BlockStyle,
    /// Lines above a definition that belong to it: `@decorator`, `#[attribute]`.
    pub attribute_prefixes: Vec<String>,
    /// How a definition's first line looks, for the text fallback.
    pub fallback_headers: Vec<FallbackHeader>,
    /// Blank lines between top-level definitions (PEP 8's two for Python).
    #[serde(default = "one")]
    pub top_level_gap: usize,
    /// Calls may name their arguments (Python `f(x=1)`): a parameter's name is then part of
    /// its signature.
    #[serde(default)]
    pub keyword_arguments: bool,
    /// What a method calls its own object by (`self`, `this`): `self.m()` is a call of the
    /// enclosing type's `m`.
    #[serde(default)]
    pub self_receivers: Vec<String>,
    /// Nodes that hold a macro's arguments as unparsed tokens (Rust `token_tree`): calls in
    /// them are read as text.
    #[serde(default)]
    pub macro_arguments: Vec<String>,
    /// Macros whose body is a list of items (`thread_local!`, `lazy_static!`), read as those
    /// items where they are written (see `symbols::item_macros`).
    #[serde(default)]
    pub item_macros: Option<ItemMacros>,
    /// Words the language allows where its grammar has no rule for them, read as blanks
    /// when a file does not parse as written (see `symbols::grammar_gaps`).
    #[serde(default)]
    pub grammar_gaps: Vec<GrammarGap>,
    /// A definition without a written return type returns nothing (Rust's `()`), so
    /// dropping `-> T` takes a value from its callers; elsewhere an unwritten return type
    /// is only unannotated.
    #[serde(default)]
    pub unit_return: bool,
    /// A line where `$NAME` must parse as a name of the language (rename's check of a new
    /// name: a keyword or a digit first does not).
    #[serde(default)]
    pub name_probe: Option<String>,
    /// Names the language calls by itself (`__*__`, `constructor`; `*` any run of
    /// characters): a definition so named is never renamed.
    #[serde(default)]
    pub special_names: Vec<String>,
    /// Of the special names, those whose callers pass arguments by name: a class's
    /// `__init__`/`__new__` through `Engine(retries=3)`, `__call__` through `obj(x=1)`,
    /// `__init_subclass__` through `class A(Base, flag=True)`. Their parameter names are
    /// part of the signature as any function's are; the other special methods are called
    /// by the language, by position.
    #[serde(default)]
    pub special_names_called_by_keyword: Vec<String>,
    /// Words the language reserves: never a new name.
    #[serde(default)]
    pub keywords: Vec<String>,
    /// A module-level function that answers the names the module does not define
    /// (Python's `__getattr__`, PEP 562).
    #[serde(default)]
    pub module_fallback: Option<String>,
    /// Leading parameters named with this prefix (and not ending with it) are positional-only
    /// (Python's `__x`, PEP 484's spelling before `/`).
    #[serde(default)]
    pub positional_only_prefix: Option<String>,
    /// Types every value has (`unknown`, `any`, `object`): a parameter widened to one still
    /// takes whatever it took.
    #[serde(default)]
    pub top_types: Vec<String>,
    /// Types a checker lets a value be used as anything (`Any`, `any`), matched with any
    /// module qualifier dropped (`t.Any`): unlike `object`, a value returned so typed can
    /// still be called, subclassed, read.
    #[serde(default)]
    pub dynamic_types: Vec<String>,
    /// The standard generic types each type is a subtype of, keeping its leading type
    /// arguments (`Generator[T, S, R]` is an `Iterator[T]`, `list[T]` a `Sequence[T]`): a
    /// return narrowed to one, or a parameter widened from one, is compatible. Matched with
    /// any module qualifier dropped (`t.AsyncIterator`).
    #[serde(default)]
    pub subtypes: std::collections::HashMap<String, Vec<String>>,
    /// Parts of a written type that say what the compiler infers anyway: an elided lifetime
    /// (`'_`: `Iter<'_>` is `Iter`) and a precise-capture bound (`+ use<'a, T>` spelling
    /// the captures of an `impl Trait`). Types are compared without them.
    #[serde(default)]
    pub elided_lifetime: Option<String>,
    #[serde(default)]
    pub capture_bound: Option<String>,
    /// Decorators that make a method read as a value (`@property`: `obj.x`, no call),
    /// matched with any module qualifier dropped (`functools.cached_property`).
    #[serde(default)]
    pub value_decorators: Vec<String>,
    /// Kinds of what holds a definition that make it as public as its holder, whatever it
    /// says itself (Rust: the methods of a trait and of a trait's impl carry no `pub`).
    #[serde(default)]
    pub public_parents: Vec<String>,
    /// What an `async` definition returns, written as a plain one would (`{}`: the type
    /// it is written to return; `()` when none): Rust's `async fn f() -> T` is
    /// `fn f() -> impl Future<Output = T>`. Absent: `async` changes what callers get.
    #[serde(default)]
    pub async_returns: Option<String>,
    /// Written unions: the separator (`|`), and the generic forms that spell one
    /// (`Union[A, B]`; `Optional[A]` is `A | None`): a parameter that takes all it took
    /// and more, or a return that gives part of what it gave, is compatible.
    #[serde(default)]
    pub unions: Option<Unions>,
    /// A module's names include what it imports (Python: `from .inner import f` makes
    /// `module.f`), so a definition moved away and imported back is still there.
    #[serde(default)]
    pub imports_are_members: bool,
    /// Types written apart that are one type (Python's `typing.List` is `list`), each
    /// compared by its own name (`t.List`, `typing.List`: `List`); quotes of a forward
    /// reference aside (`"Context"` is `Context`). Empty: types compared as written.
    #[serde(default)]
    pub type_aliases: std::collections::HashMap<String, String>,
    /// How a method names its own class's type (`Self`, `this`): compared as the class's
    /// name, so `-> "Engine"` made `-> Self` is the same return.
    #[serde(default)]
    pub self_types: Vec<String>,
    /// An attribute that implements traits for a type (Rust `#[derive(PartialEq)]`), and
    /// the field of a trait impl that names its trait: a method of a hand-written impl
    /// replaced by the derive is still there.
    #[serde(default)]
    pub derives: Option<Derives>,
    /// Node kinds whose whole text is one token for layout: strings and comments, whose
    /// inner whitespace is content (a rewrite keeps the code's line breaks between tokens,
    /// never inside these).
    #[serde(default)]
    pub literal_kinds: Vec<String>,
    /// What the references layer reads of the language (`[language.resolve]`).
    #[serde(default)]
    pub resolve: Resolve,
    #[serde(skip)]
    compiled: Compiled,
}

/// What a method of a map, or a loop over one, gives of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MapPart {
    /// One value (`get`), wrapped in the language's `element_wrapper` where it has one.
    Value,
    /// The values, as a collection (`values()`).
    Values,
    /// The keys, as a collection (`keys()`).
    Keys,
    /// Pairs of a key and its value (`items()`, `iter()`).
    Entries,
}

/// What a type the language derives from another type gives (`Omit<T, K>`, `ReturnType<F>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Derived {
    /// Some of the first argument's members (`Omit`, `Pick`): a value read as that type.
    Members,
    /// The members of the union the first argument is that the second may describe
    /// (`Extract<Part, { type: "tool" }>`).
    Extracted,
    /// What the function the argument is returns (`ReturnType<typeof f>`).
    Result,
    /// An instance of the class the argument is (`InstanceType<typeof C>`).
    Instance,
    /// The parameters of the function (or the class's constructor) the argument is, one
    /// taken by a number index (`ConstructorParameters<typeof C>[0]`).
    Parameters,
}

/// How files of a language name each other.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModuleSystem {
    /// No module system the references layer knows: every file stands alone.
    #[default]
    None,
    /// Python packages: `import a.b`, `from .c import d`, `__init__.py` re-exports.
    Python,
    /// Rust crates: `mod`, `use`, `crate::`, `super::`, `pub use`.
    Rust,
    /// Node resolution: relative specifiers, `index` files, package.json, tsconfig `paths`.
    Node,
}

/// Where a local binding can be seen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// In its whole scope (Python, JavaScript: a name assigned anywhere in a function is
    /// that function's throughout).
    #[default]
    Scope,
    /// From where it is made on (Rust: `let x = x.unwrap();` reads the outer `x`).
    After,
}

/// Words the grammar lacks, found by two patterns: `pattern`'s first group is blanked
/// (or each of its bytes written as `written_as`) where `followed_by` matches the text
/// right after the whole match (it starts with `\A`). The match ends before what must
/// follow, so that one match's end can start the next (`<in A, out B>`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrammarGap {
    pub pattern: String,
    pub followed_by: String,
    /// The one ASCII character each byte of the group is read as (`;`), instead of a blank.
    #[serde(default)]
    pub written_as: Option<char>,
    #[serde(skip)]
    compiled: OnceLock<Option<(regex::Regex, regex::Regex)>>,
}

impl GrammarGap {
    /// The byte ranges of `text` to read otherwise (none when a pattern does not compile;
    /// the registry's own test compiles them).
    pub fn gaps(&self, text: &str) -> Vec<(usize, usize)> {
        let Some((pattern, followed_by)) = self.patterns() else {
            return Vec::new();
        };
        pattern
            .captures_iter(text)
            .filter(|c| c.get(0).is_some_and(|whole| followed_by.is_match(&text[whole.end()..])))
            .filter_map(|c| c.get(1).map(|word| (word.start(), word.end())))
            .collect()
    }

    /// The two patterns, compiled once.
    pub fn patterns(&self) -> Option<&(regex::Regex, regex::Regex)> {
        self.compiled
            .get_or_init(|| {
                Some((
                    regex::Regex::new(&self.pattern).ok()?,
                    regex::Regex::new(&self.followed_by).ok()?,
                ))
            })
            .as_ref()
    }
}

/// The macros of a language whose body lists items, and how their invocation is written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemMacros {
    /// The invocation's node kind (`macro_invocation`).
    pub kind: String,
    /// Its field naming the macro (a path: its last segment is the name).
    pub name: String,
    /// The kind of its child holding the body with its delimiters (`token_tree`).
    pub body: String,
    pub macros: Vec<ItemMacro>,
}

/// One macro whose body lists items.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemMacro {
    pub name: String,
    /// The generic type each item's written type is wrapped in (`LocalKey`: a
    /// `thread_local!` static of type `T` is a `LocalKey<T>`).
    #[serde(default)]
    pub wrapper: Option<String>,
    /// Word pairs whose second word, right after the first in the body, is the macro's own
    /// syntax (`["static", "ref"]`: `static ref NAME` is read `static NAME`).
    #[serde(default)]
    pub dropped: Vec<[String; 2]>,
    /// The delimiter that makes the macro an expression of the body it delimits, read in
    /// place of the invocation (`"["`: `vec![a, b]` is the array `[a, b]`, made a `Vec`);
    /// such a macro lists no items.
    #[serde(default)]
    pub expression: Option<String>,
    /// The body is a chain of branches, each a `{ .. }` group of items behind a condition
    /// (`cfg_if! { if #[cfg(unix)] { mod epoll; use epoll as sys; } else { .. } }`): every
    /// group's items are read; the configuration keeps the first whose condition holds.
    #[serde(default)]
    pub branches: bool,
}

/// A node kind with the fields that matter to the references layer.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SyntaxForm {
    pub kind: String,
    /// The field holding what the form acts on: a callee, an object, a literal's type. When
    /// absent, the node's first named child.
    #[serde(default)]
    pub object: Option<String>,
    /// A call's callee field (calls and constructions).
    #[serde(default)]
    pub callee: Option<String>,
    /// The field holding a member's or a path's last name.
    #[serde(default)]
    pub name: Option<String>,
    /// The field (or child kind) holding a call's arguments or a generic type's arguments.
    #[serde(default)]
    pub arguments: Option<String>,
}

/// What a method of a wrapping type gives (see `wrapper_methods`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WrapperResult {
    /// The same wrapper of the same value (`Option::take`).
    Same,
    /// The value the wrapper holds (`Cell::take`).
    Held,
    /// The same wrapper of the same value, what else it holds no longer known
    /// (`Result::map_err`: the same success, another error).
    Value,
    /// A collection of the value it holds, if any (`Option::iter`: none or one element).
    Elements,
}

/// `[language.resolve]` of `grammars/languages.toml`: the node kinds and type names the
/// references layer reads (its header says what each is).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Resolve {
    pub modules: ModuleSystem,
    pub bindings_visible: Visibility,
    pub names: Vec<String>,
    pub calls: Vec<SyntaxForm>,
    pub constructions: Vec<SyntaxForm>,
    pub members: Vec<SyntaxForm>,
    pub paths: Vec<SyntaxForm>,
    pub literals: Vec<SyntaxForm>,
    pub transparent: Vec<String>,
    /// `a and b`: `object` the left operand's field, `name` the operator's, `arguments` the
    /// right operand's; an operator of `conjunction_operators` makes one.
    pub conjunctions: Vec<SyntaxForm>,
    pub conjunction_operators: Vec<String>,
    /// The operators that make a `conjunctions` form a disjunction (`||`, `or`): a
    /// disjunction of class tests of one name narrows it to one of the classes.
    pub disjunction_operators: Vec<String>,
    /// Nodes that run `name` (a block, a branch) only where `object` (a condition) holds,
    /// and `arguments` (every one: `elif`, `else`) only where it does not: `if`, `elif`, a
    /// ternary.
    pub narrowing_conditionals: Vec<SyntaxForm>,
    /// {kind, object, name}: a `switch` case, its compared value's field (none for
    /// `default`) and its statements' field; a discriminant test narrows in each case
    /// (locals.scm's @local.narrowed.cases), falling through to the next.
    pub switch_cases: Vec<SyntaxForm>,
    /// Exits that leave only the `switch` they stand in (`break`).
    pub switch_breaks: Vec<String>,
    /// {kind, name}: a comprehension's filter clause (`if isinstance(c, C)`), whose test holds
    /// in the `name` field of the comprehension around it (its element) and in the clauses
    /// after it.
    pub narrowing_filters: Vec<SyntaxForm>,
    /// `not a`: `object` the operand's field, `name` the operator's (when the node kind has
    /// other operators too, one of `negation_operators` makes it a negation).
    pub negations: Vec<SyntaxForm>,
    pub negation_operators: Vec<String>,
    /// Statements after which the rest of their block does not run (`return`, `raise`).
    pub exits: Vec<String>,
    /// The exits that leave the function (`return`, `raise`; not `break`, `continue`).
    pub function_exits: Vec<String>,
    /// Statements that go on after an exit inside them (`try`).
    pub catching: Vec<String>,
    /// Statements that may run their body again (`for`, `while`): a branch of a
    /// conditional inside one may run after another branch of it.
    pub loops: Vec<String>,
    /// Nodes that stand where a call's argument list does and are its one argument
    /// (Python's `f(x for x in xs)`: the generator is the arguments field itself).
    pub whole_arguments: Vec<String>,
    /// Arguments that spread a mapping into keyword arguments (Python's `f(**opts)`).
    pub keyword_spreads: Vec<String>,
    /// Argument lists that are a template (`` tag`a ${b}` ``): the call passes the template,
    /// then each of its children of a `template_substitutions` kind.
    pub tagged_templates: Vec<String>,
    pub template_substitutions: Vec<String>,
    pub awaits: Vec<String>,
    /// Expression kinds that use a value as an operand (`a + b`, `not a`): a call there
    /// uses what it returns.
    pub operators: Vec<String>,
    /// A call left standing as a statement still runs when its definition became async
    /// (a JavaScript promise runs unawaited; a Python coroutine, a Rust future do not).
    pub floating_calls_run: bool,
    /// Members of a promise that consume it as one (`then`, `catch`, `finally`).
    pub promise_members: Vec<String>,
    pub tries: Vec<String>,
    pub casts: Vec<SyntaxForm>,
    /// {kind, object}: an expression whose value is one of its parts (`a if c else b`,
    /// `c ? a : b`); `object` the condition's field (absent: the middle of three parts).
    /// With `arguments` and `name`: the values are the `name` field of each `arguments`
    /// node inside (`match x { A => a }`: each `match_arm`'s `value`).
    #[serde(default)]
    pub choices: Vec<SyntaxForm>,
    /// Literals of a collection whose elements are written in them (`[a, b]`).
    #[serde(default)]
    pub element_literals: Vec<String>,
    /// Expressions (node kinds, or macro names) that never give a value (`panic!()`,
    /// `return x`): a choice's value is among the others.
    #[serde(default)]
    pub diverging: Vec<String>,
    /// Functions of the standard library that never return (`std::process::exit`), by the
    /// path they are imported from: a call of one gives no value either.
    #[serde(default)]
    pub diverging_functions: Vec<String>,
    pub self_kinds: Vec<String>,
    /// Node kinds that, called, call the constructor of the class's first base (`super(..)`).
    pub super_calls: Vec<String>,
    /// Functions that bind their own `this` (not arrow functions): one whose first
    /// parameter is `this: T` runs on a `T` (TypeScript's `this` parameter).
    pub this_binding_functions: Vec<String>,
    /// Operators of `binary_operations` giving their left value, or the right one where the
    /// left is missing (`??`, `||`).
    pub fallback_operators: Vec<String>,
    /// Postfix assertions among `transparent` kinds (`x!`) binding tighter than any binary
    /// operator: one the grammar reads over a binary expression asserts its last operand.
    pub postfix_assertions: Vec<String>,
    pub self_type: Vec<String>,
    pub type_wrappers: Vec<String>,
    pub type_unions: Vec<String>,
    /// Type nodes of intersections (`A & B`): a value of all the parts at once.
    pub type_intersections: Vec<String>,
    /// Blocks that are expressions, whose value is their last expression (`{ ..; a }`), and
    /// the endings of the kinds of what is not one there (`_statement`, `_declaration`).
    pub block_values: Vec<String>,
    pub block_statements: Vec<String>,
    pub type_generics: Vec<SyntaxForm>,
    /// {kind, name}: a binding of a trait's associated type among the trait's arguments
    /// (`Closure<BlockSize = U16>`), `name` the associated type's name: the trait's member,
    /// whatever else bears the name where it is written.
    #[serde(default)]
    pub associated_bindings: Vec<SyntaxForm>,
    pub type_references: Vec<SyntaxForm>,
    pub type_bounds: Vec<String>,
    pub type_tuples: Vec<String>,
    pub named_tuple_members: Vec<SyntaxForm>,
    pub tuple_generics: Vec<String>,
    pub nothing: Vec<String>,
    pub anything: Vec<String>,
    /// Tests that narrow a value's type from where they are written on, `{}` standing for
    /// the value (`typeof {}`, `isinstance({}`): a value typed anything that one names is not
    /// taken for anything after it.
    pub type_tests: Vec<String>,
    /// Type nodes that declare members in place (`{ data: any }`): an alias of one is a type
    /// of its own, whose members are read like an interface's.
    pub member_types: Vec<String>,
    /// Methods of types outside the root that a type of the root may deref to, by the
    /// target's name (`Error` for `dyn Error`, `str`, `slice` for `[T]`): a call of a removed
    /// method of that name may reach the target's.
    pub foreign_deref_methods: BTreeMap<String, Vec<String>>,
    /// The field of a class declaration holding its type parameters (`class C<T>`), whose
    /// `name` (or itself) each parameter is.
    pub type_parameters: Option<String>,
    /// {kind, name, object}: a type parameter (`name`) and its bound (`object`): `T extends
    /// Base`, `T: Trait`. A value typed by the parameter has the bound's members.
    pub type_parameter_bounds: Vec<SyntaxForm>,
    /// {kind, name, object}: a bound written apart from the generic list, in a clause of
    /// the definition declaring the parameter (`where F: FnMut(&Entry)`).
    #[serde(default)]
    pub where_bounds: Vec<SyntaxForm>,
    /// {kind, name, object}: the key clause of a mapped type (`[K in keyof P]`), its key's
    /// name and the keys it ranges over; `key_queries` the type nodes of `keyof P`,
    /// `mapped_type_holders` the type nodes a mapped type may sit in and still be the
    /// alias's value (an object type, an intersection).
    pub mapped_types: Vec<SyntaxForm>,
    /// {kind, object, name}: a conditional type, its condition's right side (`object`: the
    /// type checked against) and the branch taken when it holds (`name`). One checked
    /// against `anything` or a `top_types` type always takes that branch.
    pub conditional_types: Vec<SyntaxForm>,
    /// Types every type is assignable to, beside `anything` (`unknown`).
    pub top_types: Vec<String>,
    /// Nodes of generic lists that are lifetimes (`'a` declared, `'a` given): not among the
    /// type parameters a type argument is given to.
    pub lifetimes: Vec<String>,
    /// {kind, object}: a block implementing methods for a type written apart from it
    /// (`impl<T> Ref<T>`), and the field of that self type: its parameters stand where the
    /// self type writes them.
    pub implementations: Vec<SyntaxForm>,
    /// {kind, name, object}: an associated type (`type Target = T;` in an impl), its name and
    /// value.
    pub associated_types: Vec<SyntaxForm>,
    pub key_queries: Vec<String>,
    pub mapped_type_holders: Vec<String>,
    /// Casts whose type a literal in them is checked against (`{..} satisfies Config`):
    /// the literal's keys are that type's members.
    pub checked_casts: Vec<String>,
    /// Methods an index into a value of a class calls (`__getitem__`).
    pub index_methods: Vec<String>,
    /// Bases whose subclasses declare a dictionary's keys as fields (`TypedDict`).
    #[serde(default)]
    pub keyed_record_bases: Vec<String>,
    /// Whether a string written as an index names a member of the value's type.
    #[serde(default)]
    pub literal_index_members: bool,
    /// Whether a member is one with the members implementing or overriding it (a trait's
    /// method and its impls', an interface's property and an implementing class's): the
    /// checker holds them to one name, so a rename carries them along.
    #[serde(default)]
    pub renames_implementations: bool,
    /// Bases that make a class an enum whose members are values of the class (Python's
    /// `Enum`, `IntEnum`): a member read on the class is one of them.
    #[serde(default)]
    pub enum_bases: Vec<String>,
    /// The members every value of such an enum has: the value it was assigned first, then
    /// its name (`["value", "name"]`).
    #[serde(default)]
    pub enum_value_members: Vec<String>,
    /// Whether a module's variable named where a type is written is a type alias (Python's
    /// `OperationMap = dict[str, Node]`): its value, read as an annotation.
    #[serde(default)]
    pub assigned_aliases: bool,
    /// Modifiers saying a member overrides a base's (`override`): the checker rejects one
    /// renamed without the base's member.
    #[serde(default)]
    pub override_modifiers: Vec<String>,
    /// {kind, name, object}: a type guard's written return (`v is T`): the parameter it is
    /// about (`name`) and the type it proves (`object`).
    pub type_predicates: Vec<SyntaxForm>,
    /// Cast types that keep a literal where it goes (`{..} as const`).
    pub keeping_casts: Vec<String>,
    /// {kind, object}: assignments, `object` the field of the place assigned (`x.f = {..}`):
    /// a literal assigned is expected to be of the place's type.
    pub assignments: Vec<SyntaxForm>,
    /// {kind, object}: an assignment that is itself a value (`a = b = v`), `object` the
    /// field of the value it assigns, which it is.
    #[serde(default)]
    pub assignment_values: Vec<SyntaxForm>,
    pub pass_through: Vec<String>,
    /// Types of a class itself (`type[T]`, `Type[T]`): a value so written is the class its
    /// argument names, and a parameter so written infers `T` from a class passed.
    #[serde(default)]
    pub class_types: Vec<String>,
    /// Types whose first argument is the type and the others metadata about it
    /// (`Annotated[Container, Depends(container)]`): the first argument's type.
    #[serde(default)]
    pub annotated_types: Vec<String>,
    /// Types derived from their first type argument (`Omit`, `ReturnType`, `Parameters`).
    pub derived_types: BTreeMap<String, Derived>,
    /// Associated functions of a `pass_through` type that make one holding their first
    /// argument (`Box::new(x)`, `Rc::new(x)`).
    pub pass_through_constructors: Vec<String>,
    pub wrapping: Vec<String>,
    /// Associated functions of a `wrapping` type that make one holding their first argument
    /// (`Mutex::new(x)`, `RefCell::new(x)`).
    pub wrapping_makers: Vec<String>,
    /// Associated functions of a collection type that make an empty one (`Vec::new()`,
    /// `HashMap::with_capacity(n)`): it holds what its scope stores in it.
    pub empty_makers: Vec<String>,
    /// Methods collecting a collection's elements into one the code leaves to inference
    /// (`collect()`), and the trait a type implements to be such a collection
    /// (`FromIterator`).
    pub collecting_methods: Vec<String>,
    pub collecting_trait: Option<String>,
    /// The place of the type argument a wrapper holds, where it is not the first
    /// (`Coroutine[YieldT, SendT, ReturnT]` holds its return: 2).
    pub held_arguments: BTreeMap<String, usize>,
    /// Generic types from outside the root whose declaration gives these fields its first
    /// type argument (`MessageEvent<T>`'s `data`).
    pub held_fields: BTreeMap<String, Vec<String>>,
    /// Methods by which a class writes its own iteration (`__iter__`).
    pub iteration_methods: Vec<String>,
    pub unwrap_methods: Vec<String>,
    pub same_methods: Vec<String>,
    /// Methods whose return is what a context manager gives the name it binds
    /// (`with open(p) as f`: `__enter__`), tried in order.
    pub enter_methods: Vec<String>,
    /// The same for a manager entered by `async with` (`__aenter__`).
    pub async_enter_methods: Vec<String>,
    /// A capitalized name in a pattern is a constant or a variant, not a new binding (Rust
    /// `None`).
    pub capitalized_constants: bool,
    pub member_names: Vec<String>,
    /// {kind, name}: a node holding a member's name as a key (`port: 1` in a literal, a
    /// field of a pattern), in field `name` (its first named child when absent).
    pub field_keys: Vec<SyntaxForm>,
    /// {kind, object}: literals and patterns whose keys are members of the type in `object`.
    pub keyed_literals: Vec<SyntaxForm>,
    /// Kinds of keys that are also the value's name (`C { port }`): renaming one expands it.
    pub shorthand_keys: Vec<String>,
    /// {kind, name, object}: a key and value pair with a shorthand (`Config { port: port }`
    /// is `Config { port }`): a rename that makes the key its value's name writes it short.
    #[serde(default)]
    pub shorthand_pairs: Vec<SyntaxForm>,
    /// Module variables listing the module's exports as strings (`__all__`): a renamed
    /// name is renamed in them where the module binds it.
    #[serde(default)]
    pub export_lists: Vec<String>,
    /// {kind, object}: a node whose `object` field writes the type of the value it holds
    /// (`const x: T = ...`), so that a literal there is of that type.
    pub typed_values: Vec<SyntaxForm>,
    /// Statements that return the value they hold (`return`).
    pub returns_values: Vec<String>,
    /// Collection literals that, written empty beside a value of a type (`m if m else {}`),
    /// are a value of that type: they hold nothing of another.
    #[serde(default)]
    pub empty_collections: Vec<String>,
    /// Map literals (`{k: v}`): entries with the key in `name`, the value in `object`.
    #[serde(default)]
    pub map_literals: Vec<SyntaxForm>,
    /// Statements storing `arguments` in the place `object` (`d[k] = v`): what fills an empty
    /// collection literal bound to a name.
    #[serde(default)]
    pub index_stores: Vec<SyntaxForm>,
    /// Expressions that yield the value they hold from a generator (`yield v`): it goes
    /// where an element of the generator's written return type goes.
    #[serde(default)]
    pub yields_values: Vec<String>,
    /// Tokens that make a yield hand over a whole iterable (`yield* xs`): its value goes
    /// where the return type itself goes.
    #[serde(default)]
    pub yield_delegations: Vec<String>,
    /// {kind, name}: a keyword argument and its name (`Engine(retries=3)`): for a class
    /// whose constructor is generated (a dataclass), the name of one of its fields.
    pub keyword_keys: Vec<SyntaxForm>,
    /// {kind, name, object}: a key of a destructuring pattern (`const { timeout } = opts`):
    /// `kind` is the key itself when `name` is absent (and binds it), else the node holding
    /// the key in `name` and the pattern it binds in `object` (`{ timeout: t }`).
    pub destructured_keys: Vec<SyntaxForm>,
    pub not_names: Vec<String>,
    pub type_contexts: Vec<String>,
    pub type_forms: Vec<String>,
    /// Decorators making a method's first parameter the class it is called on
    /// (`@classmethod`): `return cls(..)` gives an instance of that class.
    pub class_receivers: Vec<String>,
    /// Methods the language makes class methods without a decorator (`__new__`,
    /// `__init_subclass__`): their first parameter is the class too.
    #[serde(default)]
    pub class_receiver_methods: Vec<String>,
    /// How a comment that is a type starts (`# type: List[util.Node]`, PEP 484); its
    /// `ignore` form names nothing.
    pub type_comments: Option<String>,
    pub type_string_arguments: Vec<String>,
    pub call_contexts: Vec<String>,
    pub collections: Vec<String>,
    /// Traits whose implementors give elements of the type their binding names
    /// (`Iterator<Item = Entry>`): a value bounded by one is a collection of them.
    #[serde(default)]
    pub element_bounds: Vec<String>,
    /// The associated type those traits name their elements by (`Item`).
    #[serde(default)]
    pub element_binding: Option<String>,
    pub callables: Vec<String>,
    pub function_types: Vec<String>,
    pub array_types: Vec<SyntaxForm>,
    /// {kind, name, object}: an index signature (`[key: string]: V`, `[K in string]?: V`),
    /// `name` the field of its key type (else the key type of a `mapped_types` clause in
    /// it), `object` of its value type; record_keys: the key types of a record (`string`).
    /// A type made of one such signature over a record key is a record: an index into it
    /// is a `V`.
    pub index_signatures: Vec<SyntaxForm>,
    pub record_keys: Vec<String>,
    /// Generic types of a record (`Record<K, V>`): one over a record key is a record.
    pub records: Vec<String>,
    /// Expression kinds that spread a collection's elements in place (`...xs`, `*xs`).
    pub spreads: Vec<String>,
    pub indexes: Vec<SyntaxForm>,
    /// Index kinds that take a slice (`xs[a..b]`, `xs[1:]`): the same collection.
    pub slices: Vec<String>,
    pub iterator_methods: Vec<String>,
    /// Generic types of keys to values (`dict[K, V]`, `HashMap<K, V>`, `Map<K, V>`): the
    /// first argument is the key, the second the value. map_methods: what a method of one
    /// gives of it; map_iteration: what a loop over one gives; map_callbacks: methods whose
    /// callback's first parameter is a value (`m.forEach((v, k) => ..)`).
    pub maps: Vec<String>,
    pub map_methods: BTreeMap<String, MapPart>,
    /// Methods of a map whose last argument, after the key, is a value it holds (`m.set(k,
    /// v)`, `m.insert(k, v)`): a literal written there is one of the map's values.
    #[serde(default)]
    pub map_inserts: Vec<String>,
    /// Per wrapping type, methods giving the same wrapper (`"same"`: `Option`'s `take`,
    /// `replace`) or the value it holds (`"held"`: `Cell`'s `take`).
    pub wrapper_methods: BTreeMap<String, BTreeMap<String, WrapperResult>>,
    /// Functions giving a part of the record (or map) passed first, as `map_methods` give
    /// a part of their receiver (`Object.entries(rec)`: pairs of a key and a value).
    pub map_functions: BTreeMap<String, MapPart>,
    /// Builtin functions giving a collection of the elements of their first argument
    /// (`sorted(xs)`, `list(d.values())`, `Array.from(m.keys())`); element_picks: builtin
    /// functions giving one of them (`next(it)`, `min(xs)`).
    pub element_collections: Vec<String>,
    /// {kind, object}: comprehensions, a collection of what `object` (their element
    /// expression) gives for each binding of their loop (`[e.name for e in xs]`).
    pub comprehensions: Vec<SyntaxForm>,
    pub element_picks: Vec<String>,
    pub map_iteration: Option<MapPart>,
    pub map_callbacks: Vec<String>,
    pub element_methods: Vec<String>,
    /// Generic types from outside the root with public fields of their own (`Range`'s
    /// `start`): a field read on one holding a type of the root is not that type's.
    pub own_field_types: Vec<String>,
    /// Methods of a collection giving one element itself, never wrapped (`get_unchecked`).
    pub unwrapped_element_methods: Vec<String>,
    pub element_wrapper: Option<String>,
    pub element_callbacks: Vec<String>,
    /// Methods whose callback's second parameter is an element, the first what is carried
    /// from one call to the next (`fold`, `reduce`).
    pub accumulating_callbacks: Vec<String>,
    /// Methods whose callback's first two parameters are both elements (`sort((a, b) => ..)`).
    pub comparing_callbacks: Vec<String>,
    /// Builtin functions and collection methods that call a callback they are given with
    /// each element of a collection, by name: where the callback is (a keyword, `key`, or a
    /// place among the positional arguments, `"0"`) and where the collection is (a place, or
    /// `"object"`, the method's receiver): `sorted(xs, key=lambda x: ..)`, `map(f, xs)`.
    #[serde(default)]
    pub argument_callbacks: BTreeMap<String, (String, String)>,
    /// Blocks whose last expression, written without `;`, is their value (Rust's `block`):
    /// it goes where the block goes, a function body's where the function returns.
    #[serde(default)]
    pub value_blocks: Vec<String>,
    /// The method a call of an instance runs (`__call__`).
    #[serde(default)]
    pub call_method: Option<String>,
    /// The generic that types keyword arguments by the members of its argument
    /// (`**kwargs: Unpack[Options]`).
    #[serde(default)]
    pub unpacked_keywords: Option<String>,
    /// Macros naming a field of the type their first argument writes by their second
    /// (`offset_of!(Header, len)`).
    #[serde(default)]
    pub field_macros: Vec<String>,
    /// The word a macro's tokens cast a value with (`as`): a call of a macro saguaro cannot
    /// read whose tokens are one `e as T` gives a `T` (`parse_macro_input!(args as Args)`).
    #[serde(default)]
    pub macro_cast_keyword: Option<String>,

    /// Statements that are a block's value when written last without `;` (Rust's
    /// `expression_statement` holding `unsafe { x }`, `if`, `match`).
    pub tail_statements: Vec<String>,
    /// Builtin functions making a wrapper of what they are given (`Some(x)`: an `Option`),
    /// by the wrapper's name.
    pub wrapping_constructors: BTreeMap<String, String>,
    /// Callees loading the module their string argument names (`import('./impl')`), by
    /// the wrapper the module comes in (`Promise`; empty: the module itself).
    pub dynamic_imports: BTreeMap<String, String>,
    /// Types the compiler infers (Rust's `_`): not known, never foreign.
    pub inferred_types: Vec<String>,
    /// Expressions that are a collection of what their bounds are (Rust's `0..n`).
    pub ranges: Vec<String>,
    /// Of the element callbacks, those whose call gives a collection of what the callback
    /// returns: `"value"` the value itself (`map`), `"held"` what the wrapper it returns
    /// holds (`filter_map`), `"elements"` its elements (`flat_map`).
    pub mapping_callbacks: BTreeMap<String, String>,
    /// Of the wrapper callbacks, those whose call gives a value made of what the callback
    /// returns: `"wrapped"` the same wrapper of it (`opt.map(|x| ..)`), `"value"` what it
    /// returns itself, a wrapper already (`opt.and_then(|x| ..)`).
    #[serde(default)]
    pub wrapper_mappings: BTreeMap<String, String>,
    /// Methods of a collection whose every argument is an element it adds (`push`).
    pub element_inserts: Vec<String>,
    /// Methods giving a pointer to the value they are called on (`NonNull::as_ptr`).
    pub pointer_methods: Vec<String>,
    /// Methods a macro or derive writes for a type that give a view of a value with its
    /// fields (`pin_project!`'s `project()`): on a type of the root that defines none, the
    /// same fields.
    pub projection_methods: Vec<String>,
    /// Unwrap methods that keep a value read as a type of the root defining no such method:
    /// saguaro read it through the wrapper it came in (`m.lock().unwrap()` of a `Mutex<T>`).
    #[serde(default)]
    pub kept_unwraps: Vec<String>,
    /// Members every value has that are its class (`__class__`).
    pub class_members: Vec<String>,
    /// Builtin functions giving the class of the one value passed (`type(self)`), as the
    /// class member does; given more (`type(name, bases, ns)`), they make a class saguaro
    /// does not read.
    #[serde(default)]
    pub class_of_functions: Vec<String>,
    /// Methods making a bare instance of the class passed as their first argument
    /// (`Grammar.__new__(Grammar)`, `object.__new__(cls)`).
    #[serde(default)]
    pub instance_makers: Vec<String>,
    /// Builtin functions whose elements pair a count with each element of their first
    /// argument (`enumerate(xs)`).
    pub enumerators: Vec<String>,
    /// Imported functions (module path and name) whose call is a value of the type written
    /// as their first argument (`typing.cast(T, x)`).
    pub type_casts: Vec<String>,
    /// Imported functions (module path and name) whose call gives back a value of the type
    /// of the argument at this place (`copy.copy(x)` is another `x`; `functools.reduce(f,
    /// xs, start)` folds into a value of `start`'s type).
    pub argument_results: BTreeMap<String, usize>,
    /// Functions whose call declares a type parameter (`T = TypeVar("T", bound=..)`): a type
    /// variable, a parameter of each function whose signature names it.
    pub type_variables: Vec<String>,
    /// Indexed access types (`Data['port']`): the member's type; `type_queries`: the type
    /// nodes of a value's type (`typeof Kind.Blob`), which name a computed key there.
    pub indexed_types: Vec<String>,
    pub type_queries: Vec<String>,
    /// Builtin functions pairing their arguments' elements place by place (`zip(xs, ys)`).
    pub zippers: Vec<String>,
    /// Methods of a collection pairing each element with a count (`"count"`: `enumerate`) or
    /// with an element of their argument (`"argument"`: `zip`), count or element first.
    pub pairing_methods: BTreeMap<String, String>,
    pub wrapper_callbacks: Vec<String>,
    /// Methods of a wrapper holding a value or an error (`Result<T, E>`) that give the
    /// error (`""`) or that wrapper of it (`err` gives `Option`); error_callbacks: methods
    /// whose callback takes the error (`map_err`).
    pub error_methods: BTreeMap<String, String>,
    pub error_callbacks: Vec<String>,
    pub typed_conversions: BTreeMap<String, String>,
    /// Conversions to a `Result` whose error the target type names by an associated type
    /// (`parse` → `Err` of `impl FromStr`, `try_into` → `Error` of `impl TryFrom`).
    pub conversion_errors: BTreeMap<String, String>,
    /// Literals of tuples (`(a, b)`): a tuple of what each place holds.
    pub tuple_literals: Vec<String>,
    /// {kind, object, name}: a binary operation, `object` its left operand and `name` its
    /// operator; operator_methods: the method each operator calls on the left operand's
    /// type (`&` → `bitand`, `+` → `__add__`).
    pub binary_operations: Vec<SyntaxForm>,
    pub operator_methods: BTreeMap<String, String>,
    /// Bases that list a class's type variables (`Generic[D, V]`, `Protocol[T]`).
    pub variable_generic_bases: Vec<String>,
    /// operator → the method of the right operand's type it calls when the left operand's
    /// type lacks its operator method (Python's `__radd__`, `__rmatmul__`).
    pub reflected_operator_methods: BTreeMap<String, String>,
    /// dotted name kind → the patterns in which it is a value read member by member
    /// (`case Future.Status.CANCELLED:`).
    pub pattern_dotted_names: BTreeMap<String, Vec<String>>,
    pub builtins: Vec<String>,
    pub self_returning: Vec<String>,
    pub signature_decorators: Vec<String>,
    pub methods_need_calls: bool,
    pub async_returns_wrapped: bool,
    pub decorators_replace: bool,
    pub transparent_decorators: Vec<String>,
    pub overload_decorators: Vec<String>,
}

impl Resolve {
    /// Whether the language is Rust's module system (paths are `a::b`).
    pub fn modules_is_rust(&self) -> bool {
        self.modules == ModuleSystem::Rust
    }

    /// The form among `forms` for a node of kind `kind`.
    pub fn form<'f>(forms: &'f [SyntaxForm], kind: &str) -> Option<&'f SyntaxForm> {
        forms.iter().find(|f| f.kind == kind)
    }

    /// The form of a qualified name of kind `kind`: a member access (`a.b`) or a path
    /// (`a::b`, `ns.T` written as a type).
    pub fn qualified_name_form(&self, kind: &str) -> Option<&SyntaxForm> {
        self.members.iter().chain(&self.paths).find(|f| f.kind == kind)
    }
}

/// What a node of one kind is to the symbol index, looked up by kind id: the index asks
/// this of every child of every block it searches, so it must not compare strings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NodeRole {
    /// A block or compound statement a definition can sit in.
    pub container: bool,
    /// A container whose definitions are the enclosing scope's, not local to it.
    pub binds_outside: bool,
    /// A wrapper, and what it adds (`None` inside: only its own bytes).
    pub wrapper: Option<Option<Attachment>>,
    /// An attachable sibling, and what it is.
    pub attached: Option<Attachment>,
    /// A pattern of the symbols query can start at a node of this kind.
    pub pattern_root: bool,
}

/// [`NodeRole`]s of every node kind of a grammar, indexed by kind id.
#[derive(Debug, Default)]
pub struct NodeRoles {
    roles: Vec<NodeRole>,
}

impl NodeRoles {
    pub fn of(&self, node: tree_sitter::Node<'_>) -> NodeRole {
        self.of_kind(node.kind_id())
    }

    pub fn of_kind(&self, kind_id: u16) -> NodeRole {
        self.roles.get(kind_id as usize).copied().unwrap_or_default()
    }
}

fn one() -> usize {
    1
}

#[derive(Debug, Default)]
struct Compiled {
    grammar: OnceLock<Option<tree_sitter::Language>>,
    roles: OnceLock<NodeRoles>,
    queries: OnceLock<BTreeMap<String, OnceLock<Result<tree_sitter::Query, String>>>>,
    joined: OnceLock<Result<JoinedQuery, String>>,
}

/// One match of a query: the captures of its pattern, owned.
pub type Captures<'t> = Vec<tree_sitter::QueryCapture<'t>>;

/// Every match of `query` over `node`, in order: (pattern, captures).
pub fn matches_of<'t>(
    query: &tree_sitter::Query,
    node: tree_sitter::Node<'t>,
    text: &str,
) -> Vec<(usize, Captures<'t>)> {
    use tree_sitter::StreamingIterator;
    let mut cursor = tree_sitter::QueryCursor::new();
    let mut matches = cursor.matches(query, node, text.as_bytes());
    let mut out = Vec::new();
    while let Some(m) = matches.next() {
        out.push((m.pattern_index, m.captures().to_vec()));
    }
    out
}

/// The node of a form's `field` in `node` (its first named child when the field is not
/// given).
pub fn part<'t>(node: tree_sitter::Node<'t>, field: Option<&str>) -> Option<tree_sitter::Node<'t>> {
    match field {
        Some(f) => node.child_by_field_name(f),
        None => node.named_child(0),
    }
}

/// Whether `text` is a string written as a value with nothing substituted into it: quoted
/// alike at both ends (`"added"`, `'added'`, `` `added` ``) and no `${..}` inside.
pub fn plain_string(text: &str) -> bool {
    text.len() >= 2 && text.starts_with(['"', '\'', '`']) && text.ends_with(&text[..1]) && !text.contains("${")
}

/// A node's named children, comments aside: what the code writes in it.
pub fn written_parts(node: tree_sitter::Node<'_>) -> Vec<tree_sitter::Node<'_>> {
    let mut cursor = node.walk();
    let parts = node
        .named_children(&mut cursor)
        .filter(|c| !c.kind().contains("comment"))
        .collect();
    parts
}

/// The node a query match captured under `wanted`, if any.
pub fn captured<'t>(
    captures: &[tree_sitter::QueryCapture<'t>],
    names: &[&str],
    wanted: &str,
) -> Option<tree_sitter::Node<'t>> {
    captures
        .iter()
        .find(|c| names[c.index as usize] == wanted)
        .map(|c| c.node)
}

/// The queries the references layer reads every file with, joined into one.
pub const JOINED_QUERIES: [&str; 3] = ["locals", "imports", "types"];

/// Several queries of one language compiled as one, to run in a single pass over a tree:
/// a pass costs about as much whatever its patterns (it is the walk that costs), so three
/// queries joined cost one. Each pattern keeps its own predicates; [`JoinedQuery::part`]
/// tells which query a match's pattern came from.
#[derive(Debug)]
pub struct JoinedQuery {
    pub query: tree_sitter::Query,
    /// (query name, the first pattern after its last) in order.
    ends: Vec<(&'static str, usize)>,
}

impl JoinedQuery {
    /// The query whose pattern `pattern` is.
    pub fn part(&self, pattern: usize) -> Option<&'static str> {
        self.ends.iter().find(|(_, end)| pattern < *end).map(|(name, _)| *name)
    }
}

/// How a language derives trait impls from an attribute.
#[derive(Debug, Clone, Deserialize)]
pub struct Derives {
    pub attribute: String,
    pub trait_field: String,
}

/// How a language writes a union of types.
#[derive(Debug, Clone, Deserialize)]
pub struct Unions {
    pub separator: String,
    /// `Union[A, B]` is `A | B`.
    #[serde(default)]
    pub generic: Vec<String>,
    /// `Optional[A]` is `A | None`: (the form, the type it adds).
    #[serde(default)]
    pub optional: Vec<String>,
    #[serde(default)]
    pub none: Option<String>,
}

impl Language {
    /// The tree-sitter grammar of this language.
    pub fn grammar(&self) -> Result<&tree_sitter::Language, Error> {
        self.compiled
            .grammar
            .get_or_init(|| grammar::by_name(&self.grammar))
            .as_ref()
            .ok_or_else(|| {
                Error::internal(format!(
                    "language `{}` names grammar `{}`, which this build does not link",
                    self.name, self.grammar
                ))
            })
    }

    /// The role of every node kind in the grammar, built on first use. A name can stand
    /// for several kind ids (aliases), so every id is looked at.
    pub fn roles(&self) -> Result<&NodeRoles, Error> {
        let grammar = self.grammar()?;
        let query = self.query("symbols")?;
        let roots = pattern_roots(query, self.query_source("symbols"));
        Ok(self.compiled.roles.get_or_init(|| {
            let roles = (0..grammar.node_kind_count() as u16)
                .map(|id| {
                    if !grammar.node_kind_is_named(id) {
                        return NodeRole::default();
                    }
                    let kind = grammar.node_kind_for_id(id).unwrap_or_default();
                    NodeRole {
                        container: self.containers.iter().any(|k| k == kind),
                        binds_outside: self.binding_containers.iter().any(|k| k == kind),
                        wrapper: self.wrapper(kind),
                        attached: self.attached.get(kind).copied(),
                        pattern_root: roots.as_ref().is_none_or(|r| r.iter().any(|k| k == kind)),
                    }
                })
                .collect();
            NodeRoles { roles }
        }))
    }

    /// The compiled query `queries/<folder>/<name>.scm`, compiled on first use.
    pub fn query(&self, name: &str) -> Result<&tree_sitter::Query, Error> {
        let slots = self.compiled.queries.get_or_init(|| {
            embedded::EMBEDDED_QUERIES
                .iter()
                .filter(|(folder, _, _)| *folder == self.queries)
                .map(|(_, name, _)| (name.to_string(), OnceLock::new()))
                .collect()
        });
        let slot = slots
            .get(name)
            .ok_or_else(|| Error::internal(format!("no query `queries/{}/{name}.scm` is embedded", self.queries)))?;
        let grammar = self.grammar()?;
        slot.get_or_init(|| {
            tree_sitter::Query::new(grammar, self.query_source(name)).map_err(|e| {
                format!(
                    "queries/{}/{name}.scm does not compile for {}: {e}",
                    self.queries, self.name
                )
            })
        })
        .as_ref()
        .map_err(|e| Error::internal(e.clone()))
    }

    /// [`JOINED_QUERIES`] of this language as one query, compiled on first use.
    pub fn joined_query(&self) -> Result<&JoinedQuery, Error> {
        let grammar = self.grammar()?;
        self.compiled
            .joined
            .get_or_init(|| {
                let mut source = String::new();
                let mut starts = Vec::new();
                for name in JOINED_QUERIES {
                    starts.push((name, source.len()));
                    source.push_str(self.query_source(name));
                    source.push('\n');
                }
                let query = tree_sitter::Query::new(grammar, &source).map_err(|e| {
                    format!(
                        "queries/{}/{{{}}}.scm do not compile together: {e}",
                        self.queries,
                        JOINED_QUERIES.join(",")
                    )
                })?;
                let ends = starts
                    .iter()
                    .enumerate()
                    .map(|(k, (name, _))| {
                        let next = starts.get(k + 1).map_or(usize::MAX, |(_, at)| *at);
                        let end = (0..query.pattern_count())
                            .find(|&p| query.start_byte_for_pattern(p) >= next)
                            .unwrap_or(query.pattern_count());
                        (*name, end)
                    })
                    .collect();
                Ok(JoinedQuery { query, ends })
            })
            .as_ref()
            .map_err(|e| Error::internal(e.clone()))
    }

    /// Compiles the queries the references layer reads files with now, side by side: a
    /// caller sure to need them starts this beside other work (reading the files) rather
    /// than waiting on each at its first use. A query that does not compile is reported at
    /// that use, as ever.
    pub fn compile_reference_queries(&self) {
        rayon::join(
            || {
                let _ = self.query("symbols");
            },
            || {
                let _ = self.joined_query();
            },
        );
    }

    fn query_source(&self, name: &str) -> &'static str {
        embedded::EMBEDDED_QUERIES
            .iter()
            .find(|(folder, n, _)| *folder == self.queries && *n == name)
            .map(|(_, _, source)| *source)
            .unwrap_or_default()
    }

    /// Whether `comment` (its source text) documents the definition after it.
    pub fn is_doc_comment(&self, comment: &str) -> bool {
        self.doc_comment_prefixes
            .iter()
            .any(|p| comment.starts_with(p.as_str()))
            && !self.not_doc_prefixes.iter().any(|p| comment.starts_with(p.as_str()))
    }

    /// What a wrapper node of this kind adds to the definition inside it, if it is one.
    pub fn wrapper(&self, kind: &str) -> Option<Option<Attachment>> {
        self.wrappers.get(kind).map(|what| match what.as_str() {
            "decorator" => Some(Attachment::Decorator),
            "modifier" => Some(Attachment::Modifier),
            "attribute" => Some(Attachment::Attribute),
            _ => None,
        })
    }
}

/// The node kinds the patterns of `query` start at, read from its source: `(kind ...)` or
/// `[(kind ...) (other ...)]`. `None` when a pattern starts any other way (a wildcard):
/// then any node may start one.
fn pattern_roots(query: &tree_sitter::Query, source: &str) -> Option<Vec<String>> {
    let mut roots = Vec::new();
    for pattern in 0..query.pattern_count() {
        let text = source.get(query.start_byte_for_pattern(pattern)..)?.trim_start();
        let alternatives: Vec<&str> = if let Some(inner) = text.strip_prefix('[') {
            // The `(kind` openings at the bracket's own nesting level.
            let (mut depth, mut heads) = (0usize, Vec::new());
            for (i, c) in inner.char_indices() {
                match c {
                    '(' if depth == 0 => {
                        heads.push(&inner[i..]);
                        depth += 1;
                    }
                    '(' | '[' => depth += 1,
                    ')' | ']' if depth == 0 => break,
                    ')' | ']' => depth -= 1,
                    _ => {}
                }
            }
            heads
        } else {
            vec![text]
        };
        for alternative in alternatives {
            let kind: String = alternative
                .strip_prefix('(')?
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if kind.is_empty() || kind == "_" {
                return None;
            }
            roots.push(kind);
        }
    }
    Some(roots)
}

#[derive(Debug, Deserialize)]
struct RegistryFile {
    language: Vec<Language>,
}

/// Every language this build reads.
#[derive(Debug)]
pub struct Registry {
    languages: Vec<Language>,
}

impl Registry {
    /// The registry embedded in the binary.
    pub fn global() -> &'static Registry {
        static REGISTRY: OnceLock<Registry> = OnceLock::new();
        REGISTRY.get_or_init(|| {
            // The embedded file is checked by the test suite; a broken one is a build defect.
            Registry::from_toml(embedded::EMBEDDED_REGISTRY).expect("grammars/languages.toml is valid")
        })
    }

    pub fn from_toml(text: &str) -> Result<Registry, String> {
        let file: RegistryFile = toml::from_str(text).map_err(|e| e.to_string())?;
        Ok(Registry {
            languages: file.language,
        })
    }

    pub fn languages(&self) -> &[Language] {
        &self.languages
    }

    pub fn by_name(&self, name: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.name == name)
    }

    /// The language of a file, by its extension (case-insensitive).
    pub fn for_path(&self, path: impl AsRef<Path>) -> Option<&Language> {
        let ext = path.as_ref().extension()?.to_str()?.to_ascii_lowercase();
        self.languages.iter().find(|l| l.extensions.contains(&ext))
    }

    /// Every extension any language owns, as `.py`, for error hints.
    pub fn known_extensions(&self) -> Vec<String> {
        self.languages
            .iter()
            .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
            .collect()
    }
}

/// Whether `name` matches a name pattern of the language's data (`__*__`: at most one `*`,
/// any run of characters).
pub fn name_matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots_of(language: &str, source: &str) -> Option<Vec<String>> {
        let grammar = grammar::by_name(language).unwrap();
        let query = tree_sitter::Query::new(&grammar, source).unwrap();
        pattern_roots(&query, source)
    }

    #[test]
    fn pattern_roots_are_read_from_plain_and_alternated_patterns() {
        let source = "; a comment\n(function_item name: (identifier) @name) @definition.function\n\
                      [(struct_item) (enum_item name: (type_identifier) @name)] @definition.type\n";
        assert_eq!(
            roots_of("rust", source).unwrap(),
            ["function_item", "struct_item", "enum_item"]
        );
    }

    #[test]
    fn a_wildcard_pattern_means_any_node_may_start_one() {
        assert_eq!(roots_of("python", "(_ name: (identifier) @name) @definition.any"), None);
    }

    #[test]
    fn every_embedded_query_compiles_for_every_language_that_reads_it() {
        for language in Registry::global().languages() {
            for (folder, name, _) in embedded::EMBEDDED_QUERIES {
                if *folder == language.queries {
                    if let Err(e) = language.query(name) {
                        panic!("{}: {e}", language.name);
                    }
                }
            }
        }
    }

    #[test]
    fn every_grammar_gap_compiles() {
        for language in Registry::global().languages() {
            for gap in &language.grammar_gaps {
                assert!(
                    gap.patterns().is_some(),
                    "{}: {} / {}",
                    language.name,
                    gap.pattern,
                    gap.followed_by
                );
                assert!(gap.written_as.is_none_or(|c| c.is_ascii()), "{}", language.name);
            }
        }
    }

    #[test]
    fn every_embedded_symbols_query_has_readable_roots() {
        for language in Registry::global().languages() {
            let roots = pattern_roots(language.query("symbols").unwrap(), language.query_source("symbols"));
            assert!(roots.is_some_and(|r| !r.is_empty()), "{}", language.name);
            let roles = language.roles().unwrap();
            assert!(roles.roles.iter().any(|r| r.pattern_root), "{}", language.name);
        }
    }
}
