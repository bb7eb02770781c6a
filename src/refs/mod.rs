//! The references layer: for a definition, every name in the root that refers to it.
//!
//! Impact reports, the gate, `saguaro refs` and rename all ask this one question here; none
//! keeps a way of its own to answer it. The layer reads, per file, what the language's
//! queries say (`locals.scm` for scopes, `imports.scm`, `types.scm`) and answers with three
//! pieces ([rust-analyzer's layering][ra]: names first, features on top):
//!
//! - [`scope`]: which binding a name written somewhere means (a parameter or local that
//!   shadows a name is never taken for it);
//! - [`modules`] and [`resolve`]: what an import, a qualified name or a path names, followed
//!   through aliases and re-exports (`__init__.py`, barrels, `export *`, `pub use`, globs);
//! - [`types`]: the type of a receiver, from what the code writes (constructors,
//!   annotations, fields, return types), and members found through a class's bases.
//!
//! Only files whose text holds the name are read for references (a `memmem` prefilter);
//! resolution parses the modules it is led to, once each, and the files are looked at in
//! parallel. Each reference has a kind (`call`, `import`, `reexport`, `type`, `attribute`,
//! `doc`, `other`) and a confidence tier: `import_resolved` (the name is bound to the
//! definition through scopes and imports), `receiver_typed` (a member reached through a
//! receiver whose type the code writes), `name_match` (the name only: the layer could not
//! tell, and says why). What it could not see is counted in [`Unresolved`], so an empty
//! list is an honest empty list.
//!
//! [ra]: https://rust-analyzer.github.io/book/contributing/architecture.html
//!
//! ```
//! use saguaro::refs::{self, project::Project};
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(dir.path().join("engine.py"), "class Engine:\n    def process(self, order):\n        return order\n").unwrap();
//! std::fs::write(dir.path().join("main.py"), "from engine import Engine as E\n\ne = E()\ne.process(1)\n").unwrap();
//! let project = Project::scan(dir.path());
//! let found = refs::find_symbol(&project, "engine.py", "Engine.process").unwrap();
//! let call = &found.references[0];
//! assert_eq!((call.path.as_str(), call.line, call.kind), ("main.py", 4, refs::RefKind::Call));
//! assert_eq!(call.confidence, refs::Confidence::ReceiverTyped);
//! ```

pub mod cfg;
mod contextual;
mod dependencies;
pub mod doc;
mod expansion;
pub mod facts;
mod generics;
pub mod implementations;
mod macro_scope;
mod macros;
pub mod modules;
mod occurrence;
pub(crate) use occurrence::not_a_name;
pub mod project;
pub mod resolve;
pub mod scope;
pub mod types;
pub mod warm;

use crate::feedback::Error;
use crate::symbols::NamePath;
use project::Project;
use resolve::DefId;
use serde::Serialize;
use std::collections::BTreeMap;

/// How sure the layer is that a name refers to the definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    NameMatch,
    ReceiverTyped,
    ImportResolved,
}

impl Confidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::NameMatch => "name_match",
            Confidence::ReceiverTyped => "receiver_typed",
            Confidence::ImportResolved => "import_resolved",
        }
    }
}

/// What a reference does with the definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RefKind {
    Call,
    Import,
    Reexport,
    Type,
    Attribute,
    /// In documentation code: a Rust doc-test, a Python doctest.
    Doc,
    Other,
}

impl RefKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RefKind::Call => "call",
            RefKind::Import => "import",
            RefKind::Reexport => "reexport",
            RefKind::Type => "type",
            RefKind::Attribute => "attribute",
            RefKind::Doc => "doc",
            RefKind::Other => "other",
        }
    }
}

pub use crate::symbols::signature::Arguments;

/// One place that refers to the definition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reference {
    pub path: String,
    /// Line and column (1-based, column in bytes) of the referring name itself.
    pub line: usize,
    pub column: usize,
    pub kind: RefKind,
    pub confidence: Confidence,
    /// Why it refers to the definition (or why only by name).
    pub reason: String,
    /// The referring name's byte range in the file.
    #[serde(skip)]
    pub range: (usize, usize),
    /// For a call: its arguments and what it is called on, as written.
    #[serde(skip)]
    pub call: Option<CallShape>,
    /// Reached through a module other than the definition's own (a re-export): where the
    /// definition is removed, the re-export is what breaks first.
    #[serde(skip)]
    pub via_reexport: bool,
    /// A name an import binds in the referring file (the import is a reference of its own).
    #[serde(skip)]
    pub bound_by_import: bool,
    /// The definition is handed on as a value here (a callback, an element of a list):
    /// whoever calls it later calls it as it was.
    #[serde(skip)]
    pub value_use: bool,
    /// The `cfg(...)` under which the reference is written, when the checked configuration
    /// leaves that code out (it is built only in others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conditional: Option<String>,
    /// An import that binds the definition under another name: that name, and whether it
    /// is bound at a module's top (where other modules can import it).
    #[serde(skip)]
    pub alias: Option<(String, bool)>,
    /// The other name this reference reaches the definition through (`g` of
    /// `import { f as g }`): a use of the definition, not of its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub through: Option<String>,
    /// A key that is also the value's name (`Config { port }`): a rename expands it
    /// (`Config { new: port }`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shorthand: bool,
    /// A member read on a value that may be of several types each defining it
    /// (`file:Class.member` of the others): renaming the definition alone breaks the read.
    #[serde(skip)]
    pub shared_with: Vec<String>,
    /// A macro argument whose expansion both reads the definition and declares an item of
    /// the same name from the same token (`define!(name = Aes128Dec)` writing
    /// `backends::x86::$name` and `pub struct $name`): what declares which item (`` `define!`
    /// also declares `struct Aes128Dec` with it ``). Renaming the token renames that item too.
    #[serde(skip)]
    pub declares_too: Option<String>,
}

/// What a call writes around the called name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CallShape {
    pub arguments: Arguments,
    /// The receiver as written (`engine`, `Engine`, `a::b`), if any.
    pub receiver: Option<String>,
    /// The receiver is the definition's own type (`Engine.process(e, x)`, `Type::m(&v)`).
    pub on_type: bool,
    /// The call's value is used as what the definition returns, not awaited: an operand, the
    /// object of a member (a promise's `then` aside), or — where an unawaited call does not
    /// run — a statement of its own. Not where it is awaited, passed on as an argument (to
    /// a scheduler: `asyncio.run(f())`, `tokio::spawn(f())`), or bound to a name.
    pub used_unawaited: bool,
}

/// What the layer could not see, by reason: an empty reference list is only as good as this.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Unresolved {
    /// Files holding the name that did not parse cleanly (references there may be missed).
    pub files_with_errors: Vec<String>,
    /// Reason → how many occurrences of the name it left at `name_match` or unread.
    pub reasons: BTreeMap<String, usize>,
}

impl Unresolved {
    pub fn count(&mut self, reason: &str) {
        *self.reasons.entry(reason.to_string()).or_default() += 1;
    }

    pub fn merge(&mut self, other: Unresolved) {
        for f in other.files_with_errors {
            if !self.files_with_errors.contains(&f) {
                self.files_with_errors.push(f);
            }
        }
        for (reason, n) in other.reasons {
            *self.reasons.entry(reason).or_default() += n;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.files_with_errors.is_empty() && self.reasons.is_empty()
    }
}

/// A definition whose references are sought.
#[derive(Debug, Clone)]
pub struct Target {
    pub def: DefId,
    /// The name written at the definition (the last segment of its path).
    pub name: String,
    pub kind: String,
    /// Where its name is written in its file (`None`: a definition a patch removes).
    pub name_at: Option<(usize, usize)>,
    /// For a constructor (`__init__`, `constructor`): the class whose calls construct.
    pub constructs: Option<DefId>,
    /// Read which arguments of each call are typed anything ([`Arguments::anything`]): a
    /// type question per argument, asked only by a caller that checks parameter types.
    pub argument_types: bool,
}

impl Target {
    /// The target for a definition of the project (`file`, name path `path`).
    pub fn of(project: &Project, file: &str, path: &str) -> Option<Target> {
        let facts = project.facts(file)?;
        let symbol = facts.symbol(path)?;
        Some(Target::for_symbol(&facts, symbol))
    }

    pub fn for_symbol(facts: &facts::Facts, symbol: &crate::symbols::Symbol) -> Target {
        let constructs = symbol
            .is_constructor()
            .then(|| symbol.parent_path.clone())
            .flatten()
            .map(|class| DefId {
                file: facts.path.clone(),
                path: class,
            });
        Target {
            def: DefId {
                file: facts.path.clone(),
                path: symbol.path.clone(),
            },
            name: symbol.name.clone(),
            kind: symbol.kind.clone(),
            name_at: Some(facts.name_range(symbol)),
            constructs,
            argument_types: false,
        }
    }

    /// Whether it is a member of a type's declaration (a field, a variant, a property).
    pub fn is_type_member(&self) -> bool {
        crate::symbols::MEMBER_KINDS.contains(&self.kind.as_str())
    }

    /// A definition that no longer exists (removed or renamed by a patch): its references
    /// are what still names it.
    pub fn removed(file: &str, path: &str, kind: &str) -> Target {
        let name = path.rsplit('.').next().unwrap_or(path).to_string();
        Target {
            def: DefId {
                file: file.to_string(),
                path: path.to_string(),
            },
            name,
            kind: kind.to_string(),
            name_at: None,
            constructs: None,
            argument_types: false,
        }
    }
}

/// The references to one definition, and what could not be seen.
#[derive(Debug, Clone, Default)]
pub struct Found {
    pub references: Vec<Reference>,
    pub unresolved: Unresolved,
}

impl Found {
    pub fn merge(&mut self, other: Found) {
        self.references.extend(other.references);
        self.unresolved.merge(other.unresolved);
    }
}

/// Every reference to `target` in the project.
pub fn find(project: &Project, target: &Target) -> Found {
    occurrence::find(project, target)
}

/// `saguaro refs FILE SYMBOL`: the definition at `path` in `file`, and its references.
pub fn find_symbol(project: &Project, file: &str, path: &str) -> Result<Found, Error> {
    let facts = project
        .facts(file)
        .ok_or_else(|| Error::internal(format!("`{file}` is not a file saguaro reads in the root")))?;
    let symbol = facts.index.resolve(&NamePath::parse(path)?)?;
    let target = Target::for_symbol(&facts, symbol);
    Ok(find(project, &target))
}

/// Where a definition's name is written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Location {
    pub path: String,
    pub line: usize,
    pub column: usize,
}

/// The answer of `saguaro refs` (INTERFACE.md §5), with `unresolved` beside it.
#[derive(Debug, Clone, Serialize)]
pub struct Answer {
    pub symbol: String,
    pub definition: Location,
    pub kind: String,
    pub references: Vec<Reference>,
    /// Uses through another name an import binds it to (`g(...)` after
    /// `import { f as g }`): they use the definition without naming it, so a rename leaves
    /// them as they are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub through_aliases: Vec<Reference>,
    /// References in documentation code (Rust doc-tests, Python doctests, kind `doc`): the
    /// build does not check them; `cargo test --doc` and doctest runs do.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub documentation: Vec<Reference>,
    pub unresolved: Unresolved,
    pub errors: Vec<Error>,
}

/// The references to the definition `symbol` of `file` (relative to `root`), every file of
/// the root read.
pub fn answer(root: &std::path::Path, file: &str, symbol: &str) -> Result<Answer, Error> {
    let language = crate::lang::Registry::global().for_path(file);
    let (project, ()) = rayon::join(
        || Project::scan(root),
        || language.iter().for_each(|l| l.compile_reference_queries()),
    );
    let answer = answer_in(&project, file, symbol);
    project.drop_aside();
    answer
}

/// [`answer`] over an already scanned project.
pub fn answer_in(project: &Project, file: &str, symbol: &str) -> Result<Answer, Error> {
    if !project.has_file(file) {
        let registry = crate::lang::Registry::global();
        if registry.for_path(file).is_none() {
            return Err(Error::unsupported_language(file, &registry.known_extensions()));
        }
        return Err(Error::file_missing(file));
    }
    let facts = project
        .facts(file)
        .ok_or_else(|| Error::internal(format!("`{file}` could not be parsed")))?;
    let found_symbol = facts
        .index
        .resolve(&NamePath::parse(symbol)?)
        .map_err(|e| e.in_file(file))?;
    Ok(answer_of(project, &facts, found_symbol))
}

/// The answer of `saguaro refs` for `found_symbol`, a definition of `facts`.
pub fn answer_of(project: &Project, facts: &facts::Facts, found_symbol: &crate::symbols::Symbol) -> Answer {
    let file = facts.path.as_str();
    let target = Target::for_symbol(facts, found_symbol);
    let at = facts.name_range(found_symbol).0;
    let (line, column) = facts.line_column(at);
    let found = find(project, &target);
    let (aliased, named): (Vec<Reference>, Vec<Reference>) =
        found.references.into_iter().partition(|r| r.through.is_some());
    let (documentation, named): (Vec<Reference>, Vec<Reference>) =
        named.into_iter().partition(|r| r.kind == RefKind::Doc);
    Answer {
        symbol: found_symbol.path.clone(),
        definition: Location {
            path: file.to_string(),
            line,
            column,
        },
        kind: found_symbol.kind.clone(),
        references: named,
        through_aliases: aliased,
        documentation,
        unresolved: found.unresolved,
        errors: Vec::new(),
    }
}
