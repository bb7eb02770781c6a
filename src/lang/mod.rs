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
    pub anonymous_scopes: Vec<String>,
    #[serde(skip)]
    compiled: Compiled,
}

#[derive(Debug, Default)]
struct Compiled {
    grammar: OnceLock<Option<tree_sitter::Language>>,
    queries: OnceLock<BTreeMap<String, OnceLock<Result<tree_sitter::Query, String>>>>,
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
            let source = embedded::EMBEDDED_QUERIES
                .iter()
                .find(|(folder, n, _)| *folder == self.queries && *n == name)
                .map(|(_, _, source)| *source)
                .unwrap_or_default();
            tree_sitter::Query::new(grammar, source).map_err(|e| {
                format!(
                    "queries/{}/{name}.scm does not compile for {}: {e}",
                    self.queries, self.name
                )
            })
        })
        .as_ref()
        .map_err(|e| Error::internal(e.clone()))
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
