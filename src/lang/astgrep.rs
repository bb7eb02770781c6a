//! The registry's languages as ast-grep languages, for structural search and replace
//! (`rewrite`): patterns with metavariables (`print($A)`) matched against the tree.
//!
//! Where `$` cannot start an identifier (Python, Rust), metavariables are spelled with the
//! language's `metavar_expando` character inside patterns before parsing, as ast-grep's
//! own language crate does; templates keep `$`.

use super::Language;
use ast_grep_core::matcher::PatternBuilder;
use ast_grep_core::tree_sitter::{LanguageExt, StrDoc, TSLanguage};
use ast_grep_core::{Pattern, PatternError};
use std::borrow::Cow;

/// A registry language as an ast-grep `Language`.
#[derive(Clone)]
pub struct SgLanguage {
    language: &'static Language,
    grammar: TSLanguage,
}

impl SgLanguage {
    pub fn new(language: &'static Language) -> Result<SgLanguage, crate::feedback::Error> {
        Ok(SgLanguage {
            language,
            grammar: language.grammar()?.clone(),
        })
    }
}

impl ast_grep_core::Language for SgLanguage {
    fn pre_process_pattern<'q>(&self, query: &'q str) -> Cow<'q, str> {
        let expando = self.expando_char();
        if expando == '$' {
            return Cow::Borrowed(query);
        }
        // `$A`, `$$$ARGS`, `$_` become `µA`, `µµµARGS`, `µ_`: identifiers the grammar accepts.
        let mut out = String::with_capacity(query.len());
        let chars: Vec<char> = query.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let starts_var = c == '$'
                && chars[i + 1..]
                    .iter()
                    .find(|&&n| n != '$')
                    .is_some_and(|n| n.is_ascii_uppercase() || *n == '_');
            out.push(if starts_var { expando } else { c });
        }
        Cow::Owned(out)
    }

    fn expando_char(&self) -> char {
        self.language.metavar_expando.unwrap_or('$')
    }

    fn kind_to_id(&self, kind: &str) -> u16 {
        self.grammar.id_for_node_kind(kind, true)
    }

    fn field_to_id(&self, field: &str) -> Option<u16> {
        self.grammar.field_id_for_name(field).map(|f| f.get())
    }

    fn build_pattern(&self, builder: &PatternBuilder) -> Result<Pattern, PatternError> {
        builder.build(|src| StrDoc::try_new(src, self.clone()))
    }
}

impl LanguageExt for SgLanguage {
    fn get_ts_language(&self) -> TSLanguage {
        self.grammar.clone()
    }
}
