//! The one place where a grammar's name in `grammars/languages.toml` meets the tree-sitter
//! grammar linked into the binary. Adding a language means a line here (and its crate in
//! Cargo.toml); everything else about it is data.

/// The linked grammar called `name`, or `None` when this build has no such grammar.
pub fn by_name(name: &str) -> Option<tree_sitter::Language> {
    Some(match name {
        "python" => tree_sitter_python::LANGUAGE.into(),
        "rust" => tree_sitter_rust::LANGUAGE.into(),
        "typescript" => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        "tsx" => tree_sitter_typescript::LANGUAGE_TSX.into(),
        "javascript" => tree_sitter_javascript::LANGUAGE.into(),
        _ => return None,
    })
}
