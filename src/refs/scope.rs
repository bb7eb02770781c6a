//! Scopes and the names bound in them, for one file, read from the language's
//! `queries/<lang>/locals.scm` in tree-sitter's locals conventions (`@local.scope`,
//! `@local.definition`, as nvim-treesitter and tree-sitter-highlight use them).
//!
//! This is what keeps a parameter or a local that shadows a name from being taken for it:
//! a name is looked up from the innermost scope around it outwards, and the first binding
//! found is the one it means. Two refinements the query marks: a class body's names are not
//! seen from the methods inside it (`@local.scope.class`), and a Rust `mod` body ends the
//! search (`@local.scope.module`). Whether a binding is seen before the statement that makes
//! it is the language's rule (`bindings_visible` in `grammars/languages.toml`). A binding
//! made inside a statement that always leaves the function (`x = b; return`, by the
//! language's `function_exits`) is not seen after that statement, unless a `try` around it
//! (`catching`) may go on after the exit. Nor is a binding made in one branch of a
//! conditional seen in its other branches (`if c: x = A()` / `else: x.m()` reads the `x`
//! made before the `if`, as the language's checker follows the flow), unless a loop
//! around the conditional may run the other branch after it (the language's `loops`).
//! After the conditional, the name may hold what any of its branches assigned, or what it
//! held before where a path assigns it nowhere ([`Scopes::reaching_after`]).
//!
//! It knows nothing of imports or other files: [`super::facts`] adds the names imports bind.
//!
//! ```
//! use saguaro::refs::scope::Scopes;
//! let text = "def run(engine):\n    return engine.process()\n\nengine = 1\n";
//! let lang = saguaro::lang::Registry::global().by_name("python").unwrap();
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(lang.grammar().unwrap()).unwrap();
//! let tree = parser.parse(text, None).unwrap();
//! let scopes = Scopes::read(lang, &tree, text);
//! let inside = text.find("engine.process").unwrap();
//! // Inside `run`, `engine` is the parameter, not the module's variable.
//! assert!(scopes.lookup("engine", inside).unwrap().scope != 0);
//! ```

use crate::lang::{matches_of, Captures, Language, Resolve, Visibility};
use std::collections::HashMap;
use tree_sitter::{Node, Tree};

/// Where something is in a file's text: its start and end bytes.
type Span = (usize, usize);

pub type ScopeId = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    Plain,
    /// A name not bound here is not looked for in the scopes around it.
    Module,
    /// Scopes inside this one do not see its names.
    Class,
    /// No name read by itself sees its names, not even one read directly in it: a Rust
    /// `impl` or trait body, whose items are reached through `Self::` (`const INLINE_CAP:
    /// usize = INLINE_CAP;` reads the module's constant).
    Members,
}

#[derive(Debug, Clone)]
pub struct Scope {
    pub start: usize,
    pub end: usize,
    pub parent: Option<ScopeId>,
    pub kind: ScopeKind,
    /// Where the scope's own `name` is written (a function's name is bound outside it).
    name: Option<(usize, usize)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindingKind {
    /// A definition, parameter or variable of this file.
    Local,
    /// A name an import binds: the index of the import in the file's imports.
    Import(usize),
    /// `global x` / `nonlocal x`: the name is the module's (the enclosing function's).
    Global,
}

/// One name bound in one scope.
#[derive(Debug, Clone)]
pub struct Binding {
    /// Its index in [`Scopes::bindings`].
    pub id: usize,
    pub name: String,
    pub scope: ScopeId,
    /// Where the bound name is written (byte range).
    pub at: (usize, usize),
    /// The first byte from which the binding is seen.
    pub visible_from: usize,
    /// The declared type's node, if written.
    pub declared_type: Option<(usize, usize)>,
    /// The node of the value bound, if any (for a name in a destructuring pattern, the value
    /// the whole pattern takes apart).
    pub value: Option<(usize, usize)>,
    /// The destructuring pattern the name is part of (`(a, b)`, `Some(x)`, `{ a }`), if any.
    pub pattern: Option<(usize, usize)>,
    /// How the name takes its value from `value`.
    pub taken: Taken,
    pub kind: BindingKind,
    /// The statement around it that always leaves the function (`x = b; return` in a
    /// branch): after it, the binding is not seen.
    pub leaving: Option<(usize, usize)>,
    /// The conditionals around it, each with its branch that holds the binding: in the
    /// conditional's other branches the binding is not seen.
    pub branches: Vec<(Span, Span)>,
}

/// How a binding's name takes its value from the value node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Taken {
    /// The value itself (`x = v`).
    #[default]
    Whole,
    /// Each element of a collection (a loop: `for x in xs`).
    Element,
    /// What a context manager's enter method returns (`with open(p) as f`).
    Entered,
    /// What a context manager's async enter method returns (`async with session() as s`).
    EnteredAsync,
}

/// The scopes of a file (the first is the file itself) and every binding in them.
#[derive(Debug, Clone, Default)]
pub struct Scopes {
    pub scopes: Vec<Scope>,
    pub bindings: Vec<Binding>,
    /// Where a test makes a name an instance of a class.
    pub narrowings: Vec<Narrowing>,
    /// Parts of a scope's node read in the scope around it (`@local.outside`: Python's
    /// parameter defaults and annotations, evaluated where the `def` runs).
    outside: Vec<(usize, usize)>,
    by_name: HashMap<String, Vec<usize>>,
}

/// `if isinstance(x, C):`, `x instanceof C ? .. : ..`: within `within`, the name is an
/// instance of the class `class` names — as long as it is the binding the test read.
#[derive(Debug, Clone)]
pub struct Narrowing {
    pub name: String,
    /// Where the test reads the name.
    pub test: usize,
    pub within: (usize, usize),
    /// The class expression, or the type guard called (`guard`).
    pub class: (usize, usize),
    /// The test calls a function whose written return is a type predicate (`v is T`).
    pub guard: bool,
    /// The test compares a member of the name with literals (`x._tag === "Cons"`, a
    /// `switch (x._tag)` case): the name is the members of its union whose member of that
    /// key is declared as one of them. `class` is then the first literal.
    pub discriminant: Option<Discriminant>,
    /// The classes of the other tests of a disjunction of class tests of the name (`x
    /// instanceof A || x instanceof B`, where it holds): the name is an instance of one of them.
    pub alternatives: Vec<(usize, usize)>,
}

/// What a discriminant test compares: the key read on the narrowed name, and the literals
/// it may equal there (several where `switch` cases fall through to the next).
#[derive(Debug, Clone)]
pub struct Discriminant {
    pub key: String,
    pub values: Vec<(usize, usize)>,
}

impl Scopes {
    /// The scopes and bindings `locals.scm` finds in `tree` (`text` is what was parsed).
    pub fn read(lang: &Language, tree: &Tree, text: &str) -> Scopes {
        let root = tree.root_node();
        match lang.query("locals") {
            Ok(query) => {
                let matches: Vec<Captures<'_>> = matches_of(query, root, text).into_iter().map(|(_, m)| m).collect();
                Scopes::from_matches(lang, root, text, query.capture_names(), &matches)
            }
            Err(_) => Scopes::from_matches(lang, root, text, &[], &[]),
        }
    }

    /// The scopes and bindings of the matches of `locals.scm` over `root` (`names`: their
    /// capture names).
    pub fn from_matches(
        lang: &Language,
        root: Node<'_>,
        text: &str,
        names: &[&str],
        matches: &[Captures<'_>],
    ) -> Scopes {
        let mut out = Scopes {
            scopes: vec![Scope {
                start: 0,
                end: text.len().max(root.end_byte()),
                parent: None,
                kind: ScopeKind::Module,
                name: None,
            }],
            ..Scopes::default()
        };
        // (start, end, kind, where the scope's own name is written)
        type ScopeNode = (usize, usize, ScopeKind, Option<(usize, usize)>);
        let mut scope_nodes: Vec<ScopeNode> = Vec::new();
        struct Found {
            node: (usize, usize),
            pattern: bool,
            item: bool,
            global: bool,
            declared_type: Option<(usize, usize)>,
            value: Option<(usize, usize)>,
            taken: Taken,
        }
        let mut found: Vec<Found> = Vec::new();
        // Class tests, each with the name tested and the class: a disjunction of them narrows.
        let mut class_tests: Vec<(Node<'_>, String, (usize, usize))> = Vec::new();
        for m in matches {
            let mut definition = None;
            let (mut declared_type, mut value, mut taken) = (None, None, Taken::Whole);
            let (mut narrowed, mut class, mut within, mut guard) = (None, None, None, false);
            let (mut test, mut unless, mut key, mut cases) = (None, false, None, None);
            for c in m {
                let range = (c.node.start_byte(), c.node.end_byte());
                match names[c.index as usize] {
                    "local.narrowed" => narrowed = Some(range),
                    "local.narrowed.type" => class = Some(range),
                    "local.narrowed.guard" => {
                        class = Some(range);
                        guard = true;
                    }
                    "local.narrowed.scope" => within = Some(range),
                    "local.narrowed.test" => test = Some(c.node),
                    "local.narrowed.unless" => {
                        test = Some(c.node);
                        unless = true;
                    }
                    "local.narrowed.key" => key = Some(range),
                    "local.narrowed.value" => class = Some(range),
                    "local.narrowed.cases" => cases = Some(c.node),
                    // The rest of the block the statement stands in.
                    "local.narrowed.after" => within = c.node.parent().map(|p| (range.1, p.end_byte())),
                    "local.scope" | "local.scope.module" | "local.scope.class" | "local.scope.members" => {
                        let kind = match names[c.index as usize] {
                            "local.scope.module" => ScopeKind::Module,
                            "local.scope.class" => ScopeKind::Class,
                            "local.scope.members" => ScopeKind::Members,
                            _ => ScopeKind::Plain,
                        };
                        let name = c
                            .node
                            .child_by_field_name("name")
                            .map(|n| (n.start_byte(), n.end_byte()));
                        scope_nodes.push((range.0, range.1, kind, name));
                    }
                    "local.outside" => out.outside.push(range),
                    "local.definition" => definition = Some((range, false, false, false)),
                    "local.definition.item" => definition = Some((range, false, true, false)),
                    "local.definition.pattern" => definition = Some((range, true, false, false)),
                    "local.global" => definition = Some((range, false, true, true)),
                    "local.type" => declared_type = Some(range),
                    "local.value" => value = Some(range),
                    "local.iterable" => {
                        value = Some(range);
                        taken = Taken::Element;
                    }
                    "local.entered" => {
                        value = Some(range);
                        if taken != Taken::EnteredAsync {
                            taken = Taken::Entered;
                        }
                    }
                    "local.entered.async" => taken = Taken::EnteredAsync,
                    _ => {}
                }
            }
            if let (Some(name), Some(key), Some(cases)) = (narrowed, key, cases) {
                for (within, values) in switch_cases(&lang.resolve, text, cases) {
                    out.narrowings.push(Narrowing {
                        name: text[name.0..name.1].to_string(),
                        test: name.0,
                        within,
                        class: values[0],
                        guard: false,
                        discriminant: Some(Discriminant {
                            key: text[key.0..key.1].to_string(),
                            values,
                        }),
                        alternatives: Vec::new(),
                    });
                }
            } else if let (Some(name), Some(class)) = (narrowed, class) {
                let places = match test {
                    Some(test) => where_test_holds(&lang.resolve, text, test, unless),
                    None => within.into_iter().collect(),
                };
                let literal = key.is_some() && crate::lang::plain_string(&text[class.0..class.1]);
                if key.is_some() && !literal {
                    continue;
                }
                if let (Some(test), false, false, None) = (test, guard, unless, key) {
                    class_tests.push((test, text[name.0..name.1].to_string(), class));
                }
                for within in places {
                    out.narrowings.push(Narrowing {
                        name: text[name.0..name.1].to_string(),
                        test: name.0,
                        within,
                        class,
                        guard,
                        discriminant: key.map(|key| Discriminant {
                            key: text[key.0..key.1].to_string(),
                            values: vec![class],
                        }),
                        alternatives: Vec::new(),
                    });
                }
            }
            if let Some((node, pattern, item, global)) = definition {
                found.push(Found {
                    node,
                    pattern,
                    item,
                    global,
                    declared_type,
                    value,
                    taken,
                });
            }
        }
        out.narrowings
            .extend(disjunct_narrowings(&lang.resolve, text, &class_tests));
        // Outer scopes first; one node named twice keeps its most particular kind.
        scope_nodes.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then(b.1.cmp(&a.1))
                .then(kind_rank(b.2).cmp(&kind_rank(a.2)))
        });
        scope_nodes.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        let mut stack: Vec<ScopeId> = vec![0];
        for (start, end, kind, name) in scope_nodes {
            // The file itself: its root node starts at its first token and ends at its
            // last, so a file opening with a blank line (or closing with one) has a root
            // shorter than its text, and is still no scope inside the file's.
            if (start == 0 || start == root.start_byte()) && (end >= out.scopes[0].end || end == root.end_byte()) {
                continue;
            }
            while let Some(&top) = stack.last() {
                let s = &out.scopes[top];
                if s.start <= start && end <= s.end {
                    break;
                }
                stack.pop();
            }
            let parent = stack.last().copied().unwrap_or(0);
            out.scopes.push(Scope {
                start,
                end,
                parent: Some(parent),
                kind,
                name,
            });
            stack.push(out.scopes.len() - 1);
        }
        let resolve = &lang.resolve;
        // Whether a statement always leaves, per statement: the bindings of one body ask
        // of the same blocks around them, each a walk of its statements.
        let mut leaving_memo = HashMap::new();
        for f in found {
            let scope = out.defining_scope(f.node);
            let nodes: Vec<(usize, usize)> = if f.pattern {
                root.descendant_for_byte_range(f.node.0, f.node.1)
                    .map(|n| pattern_names(n, resolve, text))
                    .unwrap_or_default()
            } else {
                vec![f.node]
            };
            for at in nodes {
                let name = &text[at.0..at.1];
                let visible_from = match (lang.resolve.bindings_visible, f.item) {
                    (Visibility::After, false) => f.value.map_or(at.1, |v| v.1.max(at.1)),
                    _ => out.scopes[scope].start,
                };
                let kind = if f.global {
                    BindingKind::Global
                } else {
                    BindingKind::Local
                };
                let (leaving, branches) = match f.item || f.global {
                    true => (None, Vec::new()),
                    false => flow_around(resolve, root, at, &out.scopes[scope], &mut leaving_memo),
                };
                out.push(Binding {
                    id: 0,
                    name: name.to_string(),
                    scope,
                    at,
                    visible_from,
                    declared_type: f.declared_type,
                    value: f.value,
                    pattern: (f.pattern && at != f.node).then_some(f.node),
                    taken: f.taken,
                    kind,
                    leaving,
                    branches,
                });
            }
        }
        out
    }

    /// Adds a binding (the names imports bind), seen in its whole scope.
    pub fn bind(&mut self, name: &str, at: (usize, usize), kind: BindingKind) {
        let scope = self.scope_at(at.0);
        let visible_from = self.scopes[scope].start;
        self.push(Binding {
            id: 0,
            name: name.to_string(),
            scope,
            at,
            visible_from,
            declared_type: None,
            value: None,
            pattern: None,
            taken: Taken::Whole,
            kind,
            leaving: None,
            branches: Vec::new(),
        });
    }

    fn push(&mut self, binding: Binding) {
        let list = self.by_name.entry(binding.name.clone()).or_default();
        // One name captured by two patterns (typed and untyped) is one binding, with
        // whatever either pattern knew of it.
        if let Some(&same) = list
            .iter()
            .find(|&&i| self.bindings[i].at == binding.at && self.bindings[i].kind == binding.kind)
        {
            let b = &mut self.bindings[same];
            // Seen once the whole statement is made (`let b = b.freeze();` reads the outer `b`).
            b.visible_from = b.visible_from.max(binding.visible_from);
            b.declared_type = b.declared_type.or(binding.declared_type);
            b.value = b.value.or(binding.value);
            b.pattern = b.pattern.or(binding.pattern);
            if b.taken == Taken::Whole {
                b.taken = binding.taken;
            }
            return;
        }
        let id = self.bindings.len();
        list.push(id);
        self.bindings.push(Binding { id, ..binding });
    }

    /// The scope a definition written at `at` binds its name in: the innermost one around
    /// it, but for a scope's own name, which is bound in the scope around that one.
    fn defining_scope(&self, at: (usize, usize)) -> ScopeId {
        let mut scope = self.scope_at(at.0);
        while self.scopes[scope].name == Some(at)
            || (self.scopes[scope].start == at.0 && scope != 0 && self.scopes[scope].end == at.1)
        {
            match self.scopes[scope].parent {
                Some(p) => scope = p,
                None => break,
            }
        }
        scope
    }

    /// The innermost scope holding byte `at`.
    pub fn scope_at(&self, at: usize) -> ScopeId {
        // Scopes are in order of their start, each after those holding it.
        let upto = self.scopes.partition_point(|s| s.start <= at);
        let mut id = upto.saturating_sub(1);
        loop {
            let s = &self.scopes[id];
            if s.start <= at && at < s.end.max(s.start + 1) {
                return id;
            }
            match s.parent {
                Some(p) => id = p,
                None => return 0,
            }
        }
    }

    /// The binding a name written at byte `at` means, if it is bound in this file.
    /// The innermost narrowing of `name` around `at` that reads the binding `at` reads.
    pub fn narrowed(&self, name: &str, at: usize) -> Option<&Narrowing> {
        let here = self.lookup(name, at).map(|b| b.id);
        self.narrowings
            .iter()
            .filter(|n| n.name == name && n.within.0 <= at && at < n.within.1)
            .filter(|n| self.lookup(name, n.test).map(|b| b.id) == here)
            .min_by_key(|n| n.within.1 - n.within.0)
    }

    pub fn lookup(&self, name: &str, at: usize) -> Option<&Binding> {
        let candidates = self.by_name.get(name)?;
        let mut innermost = self.scope_at(at);
        // Read in a part of a scope's node that is read around it (`def f(x=DEFAULT)` in a
        // class body): that scope is skipped, and the one around it is where reading starts.
        let skipped = self
            .outside
            .iter()
            .filter(|(start, end)| *start <= at && at < *end)
            .min_by_key(|(start, end)| end - start)
            .map(|(start, _)| self.scope_at(*start));
        let mut scope = Some(innermost);
        while let Some(id) = scope {
            let s = &self.scopes[id];
            if Some(id) == skipped {
                if let Some(parent) = s.parent {
                    innermost = parent;
                }
                scope = s.parent;
                continue;
            }
            let seen = match s.kind {
                ScopeKind::Class => id == innermost,
                ScopeKind::Members => false,
                _ => true,
            };
            if seen {
                // A name read inside the value it is being bound to (`x = f(x)`) or in the
                // type declared for it (`box: box.Box`) means another binding: this one is
                // made once its value is, and its type is read where it is declared.
                // Read from a function inside the value (`x = { f() { return x } }`), it
                // runs later, once the binding is made: this one.
                let inside = |range: Option<(usize, usize)>| {
                    id == innermost && range.is_some_and(|(start, end)| start <= at && at < end)
                };
                let here = candidates
                    .iter()
                    .map(|&i| &self.bindings[i])
                    .filter(|b| b.scope == id && b.visible_from <= at.max(s.start))
                    .filter(|b| !inside(b.value) && !inside(b.declared_type));
                // The latest binding made before `at`, else (a name bound later in the
                // scope, seen throughout it) the first.
                let mut before = None;
                let mut first = None;
                for b in here {
                    if first.is_none() {
                        first = Some(b);
                    }
                    // One made in a statement that always leaves the function is not seen
                    // after that statement, nor one made in another branch of a conditional.
                    let left_behind = b.leaving.is_some_and(|(_, end)| end <= at)
                        || b.branches.iter().any(|(conditional, branch)| {
                            conditional.0 <= at && at < conditional.1 && !(branch.0 <= at && at < branch.1)
                        });
                    if b.at.0 <= at && !left_behind && before.is_none_or(|p: &Binding| p.at.0 <= b.at.0) {
                        before = Some(b);
                    }
                }
                if let Some(b) = before.or(first) {
                    if b.kind == BindingKind::Global {
                        return self.module_binding(name, at);
                    }
                    return Some(b);
                }
            }
            if s.kind == ScopeKind::Module {
                return None;
            }
            scope = s.parent;
        }
        None
    }

    /// The binding of `name` in the module scope around `at` (the file, or a Rust `mod`).
    pub fn module_binding(&self, name: &str, at: usize) -> Option<&Binding> {
        let module = self.module_scope(at);
        let candidates = self.by_name.get(name)?;
        let mut found: Option<&Binding> = None;
        for b in candidates.iter().map(|&i| &self.bindings[i]) {
            if b.scope == module && b.kind != BindingKind::Global && (found.is_none() || b.at.0 <= at) {
                found = Some(b);
            }
        }
        found
    }

    /// The module scope around `at`.
    pub fn module_scope(&self, at: usize) -> ScopeId {
        let mut id = self.scope_at(at);
        while self.scopes[id].kind != ScopeKind::Module {
            match self.scopes[id].parent {
                Some(p) => id = p,
                None => return 0,
            }
        }
        id
    }

    /// The local binding (a parameter, a variable, a definition) of `name` written at `at`.
    /// The other bindings of `binding`'s name in its scope.
    pub fn beside<'s>(&'s self, binding: &'s Binding) -> impl Iterator<Item = &'s Binding> + 's {
        self.by_name
            .get(&binding.name)
            .into_iter()
            .flatten()
            .map(|&i| &self.bindings[i])
            .filter(move |b| b.scope == binding.scope && b.id != binding.id)
    }

    pub fn binding_at(&self, name: &str, at: (usize, usize)) -> Option<&Binding> {
        self.by_name
            .get(name)?
            .iter()
            .map(|&i| &self.bindings[i])
            .find(|b| b.at == at && b.kind == BindingKind::Local)
    }

    /// The bindings whose value the name of `binding` may hold where it is read at `at`,
    /// when `binding` (the one [`Self::lookup`] gives there) sits in a branch of a
    /// conditional (narrowing_conditionals) that ends before `at`: any of the conditional's
    /// bindings of the name in the scope that no exit leaves behind (what a branch assigned
    /// last, or, over-counted, earlier), and the binding the name held before the
    /// conditional, unless every path through the conditional assigns it (every branch
    /// does, and the last has no condition: an `else`). A branch assigns it when it binds
    /// it outside any loop, and outside any conditional of its own that does not assign it
    /// on every path. `None` where `binding` is in no such conditional: it is the one value.
    pub fn reaching_after(
        &self,
        resolve: &Resolve,
        root: tree_sitter::Node<'_>,
        binding: &Binding,
        at: usize,
    ) -> Option<Vec<&Binding>> {
        // The outermost conditional around the binding that ends before the reading.
        let conditional = binding.branches.iter().rev().find(|(c, _)| c.1 <= at)?.0;
        let within = |b: &&Binding| conditional.0 <= b.at.0 && b.at.1 <= conditional.1;
        let assigned: Vec<&Binding> = self
            .bound_in(binding.scope, &binding.name)
            .filter(within)
            .filter(|b| b.leaving.is_none_or(|(_, end)| end > at))
            .collect();
        let mut reaching = assigned.clone();
        if !always_assigned(resolve, root, conditional, &assigned) {
            if let Some(entry) = self
                .lookup(&binding.name, conditional.0)
                .filter(|e| e.at.0 < conditional.0)
            {
                reaching.push(entry);
            }
        }
        Some(reaching)
    }

    /// Every binding of `name` in scope `scope`.
    pub fn bound_in(&self, scope: ScopeId, name: &str) -> impl Iterator<Item = &Binding> {
        self.by_name
            .get(name)
            .into_iter()
            .flatten()
            .map(|&i| &self.bindings[i])
            .filter(move |b| b.scope == scope)
    }
}

fn kind_rank(kind: ScopeKind) -> u8 {
    match kind {
        ScopeKind::Plain => 0,
        ScopeKind::Class => 1,
        ScopeKind::Members => 2,
        ScopeKind::Module => 3,
    }
}

/// The names a destructuring pattern binds: its identifiers, but not those inside a
/// member or path (`self.x`, `E::V`), a default value or a type.
fn pattern_names(node: Node<'_>, resolve: &Resolve, text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    collect(&mut cursor, resolve, text, &mut out);
    out
}

const NOT_BOUND_FIELDS: [&str; 4] = ["right", "type", "default", "key"];

fn collect(cursor: &mut tree_sitter::TreeCursor<'_>, resolve: &Resolve, text: &str, out: &mut Vec<(usize, usize)>) {
    let node = cursor.node();
    let kind = node.kind();
    if resolve.members.iter().chain(&resolve.paths).any(|f| f.kind == kind)
        || matches!(kind, "subscript" | "subscript_expression" | "call" | "call_expression")
    {
        return;
    }
    if node.child_count() == 0 {
        let constant = resolve.capitalized_constants
            && text[node.start_byte()..node.end_byte()].starts_with(|c: char| c.is_uppercase());
        if matches!(
            kind,
            "identifier" | "shorthand_property_identifier_pattern" | "shorthand_field_identifier"
        ) && !constant
        {
            out.push((node.start_byte(), node.end_byte()));
        }
        return;
    }
    if cursor.goto_first_child() {
        loop {
            let skip = cursor.field_name().is_some_and(|f| NOT_BOUND_FIELDS.contains(&f));
            if !skip {
                collect(cursor, resolve, text, out);
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
        cursor.goto_parent();
    }
}

/// Whether the operator `n` writes in its field `field` is one of `operators`.
fn operator_among(text: &str, n: Node<'_>, field: Option<&str>, operators: &[String]) -> bool {
    crate::lang::part(n, field).is_some_and(|o| operators.iter().any(|c| *c == text[o.start_byte()..o.end_byte()]))
}

/// The narrowings of disjunctions of class tests of one name (`x instanceof A || x
/// instanceof B`, `isinstance(x, A) or isinstance(x, B)`): where the whole disjunction holds,
/// the name is an instance of one of the classes. A disjunction with any other operand
/// narrows nothing: the name may be anything there.
fn disjunct_narrowings(
    resolve: &crate::lang::Resolve,
    text: &str,
    class_tests: &[(Node<'_>, String, (usize, usize))],
) -> Vec<Narrowing> {
    use crate::lang::part;
    let disjunction = |n: Node<'_>| {
        crate::lang::Resolve::form(&resolve.conjunctions, n.kind())
            .filter(|f| operator_among(text, n, f.name.as_deref(), &resolve.disjunction_operators))
    };
    let transparent = |n: Node<'_>| resolve.transparent.iter().any(|k| k == n.kind());
    // The operands of a disjunction, nested disjunctions and parentheses opened.
    fn leaves<'t>(
        n: Node<'t>,
        disjunction: &dyn Fn(Node<'t>) -> Option<&crate::lang::SyntaxForm>,
        transparent: &dyn Fn(Node<'t>) -> bool,
        out: &mut Vec<Node<'t>>,
    ) {
        if let Some(form) = disjunction(n) {
            for field in [form.object.as_deref(), form.arguments.as_deref()] {
                if let Some(operand) = part(n, field) {
                    leaves(operand, disjunction, transparent, out);
                }
            }
        } else if transparent(n) && n.named_child_count() == 1 {
            if let Some(inner) = n.named_child(0) {
                leaves(inner, disjunction, transparent, out);
            }
        } else {
            out.push(n);
        }
    }
    let mut seen: Vec<usize> = Vec::new();
    let mut narrowings = Vec::new();
    for (test, name, _) in class_tests {
        // The outermost disjunction the test is an operand of.
        let mut top = None;
        let mut node = *test;
        while let Some(parent) = node.parent() {
            if disjunction(parent).is_some() {
                top = Some(parent);
            } else if !transparent(parent) {
                break;
            }
            node = parent;
        }
        let Some(top) = top.filter(|t| !seen.contains(&t.id())) else {
            continue;
        };
        seen.push(top.id());
        let mut operands = Vec::new();
        leaves(top, &disjunction, &transparent, &mut operands);
        let classes: Option<Vec<(usize, usize)>> = operands
            .iter()
            .map(|o| {
                class_tests
                    .iter()
                    .find(|(t, n, _)| t.id() == o.id() && n == name)
                    .map(|(_, _, class)| *class)
            })
            .collect();
        let Some((first, rest)) = classes.as_deref().and_then(|c| c.split_first()) else {
            continue;
        };
        for within in where_test_holds(resolve, text, top, false) {
            narrowings.push(Narrowing {
                name: name.clone(),
                test: test.start_byte(),
                within,
                class: *first,
                guard: false,
                discriminant: None,
                alternatives: rest.to_vec(),
            });
        }
    }
    narrowings
}

/// Where a narrowing test holds, from its place: the branch of the conditional it is the
/// condition of (`if isinstance(x, C):`'s block), through parentheses and the operands of a
/// chain of conjunctions (`if a and isinstance(x, C) and b:`), and the right operand of each
/// conjunction it is left of (`isinstance(x, C) and x.size`). Negated, it holds where the
/// negation is false: in the conditional's other branches (`else`, `elif`), and after a
/// conditional whose branch always leaves the block (`if not isinstance(x, C): return`),
/// in the rest of that block. A test under anything else (`or`, a call's argument, a
/// negation inside a conjunction) narrows nothing: it need not hold there (a whole
/// disjunction of class tests is a test of its own, [`disjunct_narrowings`]).
fn where_test_holds(
    resolve: &crate::lang::Resolve,
    text: &str,
    test: tree_sitter::Node<'_>,
    negated: bool,
) -> Vec<(usize, usize)> {
    use crate::lang::part;
    let range = |n: tree_sitter::Node<'_>| (n.start_byte(), n.end_byte());
    // A form that names no operator field is one whatever its operator.
    let operator_in = |n: tree_sitter::Node<'_>, f: &Option<String>, operators: &[String]| {
        f.is_none() || operator_among(text, n, f.as_deref(), operators)
    };
    let is = |n: Option<tree_sitter::Node<'_>>, node: tree_sitter::Node<'_>| n.is_some_and(|n| n.id() == node.id());
    let mut places = Vec::new();
    let mut node = test;
    let mut negated = negated;
    while let Some(parent) = node.parent() {
        if resolve.transparent.iter().any(|k| k == parent.kind()) {
            node = parent;
            continue;
        }
        if !negated {
            if let Some(form) = crate::lang::Resolve::form(&resolve.conjunctions, parent.kind()) {
                if operator_in(parent, &form.name, &resolve.conjunction_operators) {
                    if is(part(parent, form.object.as_deref()), node) {
                        places.extend(part(parent, form.arguments.as_deref()).map(range));
                    }
                    node = parent;
                    continue;
                }
            }
            if let Some(form) = crate::lang::Resolve::form(&resolve.negations, parent.kind()) {
                if operator_in(parent, &form.name, &resolve.negation_operators)
                    && is(part(parent, form.object.as_deref()), node)
                {
                    negated = true;
                    node = parent;
                    continue;
                }
            }
        }
        // `c.isend for c in children if isinstance(c, ControlLine)`: the element, and the
        // clauses after the filter.
        if let Some(form) = crate::lang::Resolve::form(&resolve.narrowing_filters, parent.kind()) {
            if !negated {
                if let Some(comprehension) = parent.parent() {
                    places.extend(part(comprehension, form.name.as_deref()).map(range));
                    let mut later = parent.next_named_sibling();
                    while let Some(clause) = later {
                        places.push(range(clause));
                        later = clause.next_named_sibling();
                    }
                }
            }
            break;
        }
        if let Some(form) = crate::lang::Resolve::form(&resolve.narrowing_conditionals, parent.kind()) {
            if is(part(parent, form.object.as_deref()), node) {
                let branch = part(parent, form.name.as_deref());
                if !negated {
                    places.extend(branch.map(range));
                } else {
                    if let Some(otherwise) = form.arguments.as_deref() {
                        let mut cursor = parent.walk();
                        places.extend(parent.children_by_field_name(otherwise, &mut cursor).map(range));
                    }
                    if branch.is_some_and(|b| always_leaves(resolve, b)) {
                        places.extend(parent.parent().map(|block| (parent.end_byte(), block.end_byte())));
                    }
                }
            }
        }
        break;
    }
    places
}

/// The cases of a `switch` on a discriminant (`switch (x._tag) { .. }`'s body), each with
/// the literals the discriminant may equal there: its own, and those of the cases before it
/// that fall through to it (`case "A": case "B": ..`, or a body that does not end in an
/// exit). A case compared with anything but a literal, and every case it falls through to,
/// narrows nothing; nor does `default`.
fn switch_cases(resolve: &crate::lang::Resolve, text: &str, body: tree_sitter::Node<'_>) -> Vec<(Span, Vec<Span>)> {
    use crate::lang::part;
    let mut out = Vec::new();
    // The literals falling through from the cases before; `None` once one is not a literal.
    let mut carried: Option<Vec<(usize, usize)>> = Some(Vec::new());
    let mut cursor = body.walk();
    for case in body.named_children(&mut cursor) {
        let Some(form) = crate::lang::Resolve::form(&resolve.switch_cases, case.kind()) else {
            continue;
        };
        let value = part(case, form.object.as_deref()).filter(|_| form.object.is_some());
        let literal = value
            .map(|v| (v.start_byte(), v.end_byte()))
            .filter(|v| crate::lang::plain_string(&text[v.0..v.1]));
        let values = match (carried.take(), value, literal) {
            (Some(mut values), Some(_), Some(literal)) => {
                values.push(literal);
                Some(values)
            }
            _ => None,
        };
        if let Some(values) = &values {
            out.push(((case.start_byte(), case.end_byte()), values.clone()));
        }
        let leaves = last_statement(form, case).is_some_and(|last| always_leaves(resolve, last));
        carried = match leaves {
            true => Some(Vec::new()),
            false => values,
        };
        if value.is_none() {
            // `default`: what falls through from it is not narrowed by a literal.
            carried = if leaves { Some(Vec::new()) } else { None };
        }
    }
    out
}

/// What the statements around a name bound at `at`, inside its `scope`, say of where the
/// binding is seen, read in one walk up from the name:
/// - the innermost statement (or block) around it that always leaves the function
///   (function_exits), when no catching statement (`try`) between it and the scope may go
///   on after the exit: after it, the binding is not seen;
/// - the conditionals around it, each with the branch of it that holds the name
///   (narrowing_conditionals: the `name` branch, or one of the `arguments`): in their other
///   branches the binding is not seen. A conditional inside a loop (loops) around the name
///   is left out: the loop may run its other branch after this one.
fn flow_around(
    resolve: &crate::lang::Resolve,
    root: tree_sitter::Node<'_>,
    at: (usize, usize),
    scope: &Scope,
    memo: &mut HashMap<usize, bool>,
) -> (Option<Span>, Vec<(Span, Span)>) {
    use crate::lang::part;
    let (exits, conditionals) = (
        !resolve.function_exits.is_empty(),
        !resolve.narrowing_conditionals.is_empty(),
    );
    let (mut leaving, mut caught, mut branches) = (None, false, Vec::new());
    if !exits && !conditionals {
        return (leaving, branches);
    }
    let Some(mut node) = root.descendant_for_byte_range(at.0, at.1) else {
        return (leaving, branches);
    };
    let range = |n: tree_sitter::Node<'_>| (n.start_byte(), n.end_byte());
    while let Some(parent) = node.parent() {
        if parent.start_byte() <= scope.start && scope.end <= parent.end_byte() {
            break;
        }
        if exits && !caught {
            if resolve.catching.iter().any(|k| k == parent.kind()) {
                caught = true;
                leaving = None;
            } else if leaving.is_none()
                && *memo
                    .entry(parent.id())
                    .or_insert_with(|| leaves(resolve, &resolve.function_exits, parent, false))
            {
                leaving = Some(range(parent));
            }
        }
        if conditionals {
            if resolve.loops.iter().any(|k| k == parent.kind()) {
                branches.clear();
            } else if let Some(form) = crate::lang::Resolve::form(&resolve.narrowing_conditionals, parent.kind()) {
                let is_branch = part(parent, form.name.as_deref()).is_some_and(|b| b.id() == node.id())
                    || form.arguments.as_deref().is_some_and(|otherwise| {
                        let mut cursor = parent.walk();
                        let found = parent
                            .children_by_field_name(otherwise, &mut cursor)
                            .any(|b| b.id() == node.id());
                        found
                    });
                if is_branch {
                    branches.push((range(parent), range(node)));
                }
            }
        }
        node = parent;
    }
    (leaving, branches)
}

/// The last statement of a `switch` case (`form` one of switch_cases), if it has one.
fn last_statement<'t>(form: &crate::lang::SyntaxForm, case: tree_sitter::Node<'t>) -> Option<tree_sitter::Node<'t>> {
    let mut cursor = case.walk();
    let last = case.children_by_field_name(form.name.as_deref()?, &mut cursor).last();
    last
}

/// Whether a branch always leaves its block: it is an exit (`return`), or ends in a
/// statement that always leaves.
fn always_leaves(resolve: &crate::lang::Resolve, branch: tree_sitter::Node<'_>) -> bool {
    let exits = &resolve.exits;
    leaves(resolve, exits, branch, false)
        || crate::lang::written_parts(branch)
            .last()
            .is_some_and(|last| leaves(resolve, exits, *last, false))
}

/// Whether a statement always leaves the block it stands in: an exit; an `if` whose every
/// branch leaves; a `switch` whose last case leaves and that no `break` leaves (a case that
/// reaches its end falls through to the next, so every case reaches the last; one without
/// `default` is taken to cover every value, as the checker takes a switch on a union's
/// discriminant); a block
/// (a statement not in a field of its own, `{ .. }`, `else ..`) whose last statement
/// leaves. A loop may run no time, so it never leaves. `break` (switch_breaks) leaves the
/// switch it stands in, not the block around it.
fn leaves(resolve: &crate::lang::Resolve, exits: &[String], node: tree_sitter::Node<'_>, in_switch: bool) -> bool {
    use crate::lang::part;
    let kind = node.kind();
    if exits.iter().any(|k| k == kind) {
        return !(in_switch && resolve.switch_breaks.iter().any(|k| k == kind));
    }
    if let Some(form) = crate::lang::Resolve::form(&resolve.narrowing_conditionals, kind) {
        let Some(otherwise) = form.arguments.as_deref() else {
            return false;
        };
        let mut cursor = node.walk();
        let alternatives: Vec<tree_sitter::Node<'_>> = node.children_by_field_name(otherwise, &mut cursor).collect();
        return part(node, form.name.as_deref()).is_some_and(|b| leaves(resolve, exits, b, in_switch))
            && !alternatives.is_empty()
            && alternatives.iter().all(|a| leaves(resolve, exits, *a, in_switch));
    }
    // A switch: its cases, written in it or in its body.
    fn cases_in<'t>(resolve: &crate::lang::Resolve, n: tree_sitter::Node<'t>) -> Vec<tree_sitter::Node<'t>> {
        crate::lang::written_parts(n)
            .into_iter()
            .filter(|c| crate::lang::Resolve::form(&resolve.switch_cases, c.kind()).is_some())
            .collect()
    }
    let mut cases = cases_in(resolve, node);
    if cases.is_empty() {
        if let Some(body) = crate::lang::written_parts(node).last() {
            cases = cases_in(resolve, *body);
        }
    }
    if let Some(last) = cases.last() {
        let statement =
            crate::lang::Resolve::form(&resolve.switch_cases, last.kind()).and_then(|form| last_statement(form, *last));
        // A `break` anywhere in it (a nested loop's too, to keep to what is sure) may leave
        // the switch for the block around it.
        let breaks = cases.iter().any(|case| {
            let mut stack = vec![*case];
            while let Some(n) = stack.pop() {
                if resolve.switch_breaks.iter().any(|k| k == n.kind()) {
                    return true;
                }
                let mut cursor = n.walk();
                stack.extend(n.named_children(&mut cursor));
            }
            false
        });
        return !breaks && statement.is_some_and(|s| leaves(resolve, exits, s, true));
    }
    // A block: its statements are no field of it (a loop's body is).
    let mut cursor = node.walk();
    let mut last = None;
    if cursor.goto_first_child() {
        loop {
            let child = cursor.node();
            if child.is_named() && !child.kind().contains("comment") {
                last = Some((child, cursor.field_name().is_none()));
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
    match last {
        Some((statement, true)) if node.named_child_count() > 0 && node.child_by_field_name("body").is_none() => {
            leaves(resolve, exits, statement, in_switch)
        }
        _ => false,
    }
}

/// Whether every path through the conditional at `conditional` binds the name `assigned`
/// binds there: it has a last branch without a condition (an `else`), and each of its
/// branches holds a binding that sits in no loop inside the branch (a loop may run no time:
/// its bindings' branches are cleared there) and in no conditional inside the branch that
/// is not itself always assigned. A branch that is itself a conditional (Python's `elif`)
/// is one with its condition: a binding in its consequence is in the branch.
fn always_assigned(resolve: &Resolve, root: tree_sitter::Node<'_>, conditional: Span, assigned: &[&Binding]) -> bool {
    use crate::lang::part;
    let Some(node) = root.descendant_for_byte_range(conditional.0, conditional.1) else {
        return false;
    };
    let node = std::iter::successors(Some(node), |n| n.parent()).find(|n| {
        (n.start_byte(), n.end_byte()) == conditional
            && Resolve::form(&resolve.narrowing_conditionals, n.kind()).is_some()
    });
    let Some(node) = node else {
        return false;
    };
    let Some(form) = Resolve::form(&resolve.narrowing_conditionals, node.kind()) else {
        return false;
    };
    let Some(otherwise) = form.arguments.as_deref() else {
        return false;
    };
    let alternatives: Vec<tree_sitter::Node<'_>> = {
        let mut cursor = node.walk();
        let found = node.children_by_field_name(otherwise, &mut cursor).collect();
        found
    };
    // An `elif` last: the path on which no condition holds assigns nothing.
    match alternatives.last() {
        Some(last) if Resolve::form(&resolve.narrowing_conditionals, last.kind()).is_none() => {}
        _ => return false,
    }
    let range = |n: tree_sitter::Node<'_>| (n.start_byte(), n.end_byte());
    let branches = part(node, form.name.as_deref()).into_iter().chain(alternatives);
    branches.map(range).all(|branch| {
        assigned.iter().any(|b| {
            let Some(position) = b.branches.iter().position(|e| *e == (conditional, branch)) else {
                return false;
            };
            b.branches[..position]
                .iter()
                .all(|(inner, _)| *inner == branch || always_assigned(resolve, root, *inner, assigned))
        })
    })
}
