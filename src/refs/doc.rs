//! References in documentation code: Rust doc-tests (code blocks in `///` and `//!`
//! comments that rustdoc compiles) and Python doctests (`>>>` lines). Each block is read as
//! the small program it is — a Rust doc-test is a crate of its own that uses the library by
//! its name; a doctest runs with its module's names in scope — and its names are judged
//! like any others, then reported where they are written, with kind `doc`.
//!
//! Blocks rustdoc does not compile (`ignore`, `text`, `compile_fail`, another language) are
//! not read.

use super::facts::Facts;
use super::resolve::Resolver;
use super::{Found, RefKind, Target};
use crate::lang::ModuleSystem;

/// One block of documentation code: its text, and where each of its lines is in the file.
struct Block {
    text: String,
    /// Per line of `text`: (its first byte in `text`, the byte in the file it came from).
    lines: Vec<(usize, usize)>,
}

impl Block {
    /// The byte of the file that byte `at` of the block came from.
    fn file_byte(&self, at: usize) -> Option<usize> {
        let i = self.lines.partition_point(|(start, _)| *start <= at).checked_sub(1)?;
        let (start, file) = self.lines[i];
        Some(file + (at - start))
    }
}

/// Adds the references to `target` in `facts`'s documentation code to `found`.
pub fn find(resolver: &Resolver<'_>, facts: &Facts, target: &Target, found: &mut Found) {
    let text = facts.text();
    let blocks = match facts.lang.resolve.modules {
        ModuleSystem::Rust => rust_blocks(text),
        ModuleSystem::Python => python_blocks(text, &facts.path),
        _ => return,
    };
    for (n, block) in blocks
        .into_iter()
        .enumerate()
        .filter(|(_, b)| b.text.contains(target.name.as_str()))
    {
        let virtual_path = match facts.lang.resolve.modules {
            // A doc-test is a crate of its own: a path in no crate of the root.
            ModuleSystem::Rust => format!("{}#doc{n}", facts.path),
            // A doctest runs in its module's folder, with the module's names.
            _ => format!("{}#doctest{n}.py", facts.path),
        };
        let Some(snippet) = Facts::read(&virtual_path, facts.lang, block.text.clone()) else {
            continue;
        };
        let snippet = resolver.project.adopt(snippet);
        if !snippet.index.parse_errors.is_empty() {
            found.unresolved.count("documentation code that does not parse");
        }
        let mut inner = Found::default();
        for at in super::occurrence::occurrences(snippet.text(), &target.name) {
            if let Some(mut reference) =
                super::occurrence::judge_name(resolver, &snippet, target, &target.name, at, &mut inner.unresolved)
            {
                let (Some(start), Some(end)) = (block.file_byte(at.0), block.file_byte(at.1)) else {
                    continue;
                };
                let (line, column) = facts.line_column(start);
                reference.path = facts.path.clone();
                reference.line = line;
                reference.column = column;
                reference.range = (start, end);
                reference.kind = RefKind::Doc;
                reference.conditional = resolver.project.inactive_at(facts, start);
                reference.reason = format!("in documentation code: {}", reference.reason);
                inner.references.push(reference);
            }
        }
        found.references.extend(inner.references);
        found.unresolved.merge(inner.unresolved);
    }
}

/// Code blocks of `///` and `//!` comments that rustdoc compiles.
fn rust_blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let Some(rest) = trimmed.strip_prefix("///").or_else(|| trimmed.strip_prefix("//!")) else {
            // The comment ended: so does any block in it.
            current = None;
            continue;
        };
        let content_at = start + indent + 3 + usize::from(rest.starts_with(' '));
        let content = rest.strip_prefix(' ').unwrap_or(rest);
        let fence = content.trim_start();
        if let Some(info) = fence.strip_prefix("```") {
            match current.take() {
                Some(block) => out.push(block),
                None if compiled(info.trim()) => {
                    current = Some(Block {
                        text: String::new(),
                        lines: Vec::new(),
                    })
                }
                None => {
                    // A block rustdoc does not compile: skip to its end.
                    current = Some(Block {
                        text: "\u{0}skip".to_string(),
                        lines: Vec::new(),
                    })
                }
            }
            continue;
        }
        if let Some(block) = current.as_mut() {
            if block.text.starts_with('\u{0}') {
                continue;
            }
            // `# ` hides a line from the rendered docs; it is still compiled.
            let (code, at) = match content.strip_prefix("# ") {
                Some(hidden) => (hidden, content_at + 2),
                None if content.trim_end() == "#" => ("\n", content_at + 1),
                None => (content, content_at),
            };
            block.lines.push((block.text.len(), at));
            block.text.push_str(code);
            if !code.ends_with('\n') {
                block.text.push('\n');
            }
        }
    }
    out.retain(|b| !b.text.starts_with('\u{0}'));
    out
}

/// Whether rustdoc compiles a code block with this info string.
fn compiled(info: &str) -> bool {
    info.split([',', ' '])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .all(|token| {
            matches!(
                token,
                "rust" | "should_panic" | "no_run" | "edition2015" | "edition2018" | "edition2021" | "edition2024"
            ) || token.starts_with("edition")
        })
}

/// Python doctests: runs of `>>>` lines (and their `...` continuations), with the module's
/// public names in scope (`from .module import *` stands for the module's globals).
fn python_blocks(text: &str, path: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    let mut offset = 0;
    let module = path.rsplit('/').next().unwrap_or(path);
    let stem = module.strip_suffix(".py").unwrap_or(module);
    let globals = if stem == "__init__" {
        "from . import *\n".to_string()
    } else {
        format!("from .{stem} import *\n")
    };
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let prompt = if trimmed.starts_with(">>> ") || trimmed.trim_end() == ">>>" {
            Some(true)
        } else if current.is_some() && (trimmed.starts_with("... ") || trimmed.trim_end() == "...") {
            Some(false)
        } else {
            None
        };
        match prompt {
            Some(_) => {
                let block = current.get_or_insert_with(|| Block {
                    text: globals.clone(),
                    lines: vec![(0, start)],
                });
                let code = trimmed.get(4..).unwrap_or("\n");
                block.lines.push((block.text.len(), start + indent + 4));
                block.text.push_str(code);
                if !code.ends_with('\n') {
                    block.text.push('\n');
                }
            }
            None => {
                if let Some(block) = current.take() {
                    out.push(block);
                }
            }
        }
    }
    out.extend(current);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_blocks_keep_hidden_lines_and_skip_uncompiled_ones() {
        let text = "/// ```\n/// # use a::b;\n/// b();\n/// ```\n/// ```text\n/// b();\n/// ```\nfn f() {}\n";
        let blocks = rust_blocks(text);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].text, "use a::b;\nb();\n");
        // `b();` is written at byte 25 of the file (line 3, after `/// `).
        let at = blocks[0].text.find("b();").unwrap();
        assert_eq!(blocks[0].file_byte(at), Some(text.find("/// b();").unwrap() + 4));
    }

    #[test]
    fn python_blocks_join_continuations() {
        let text = "def f():\n    \"\"\"\n    >>> x = f(\n    ...   1)\n    2\n    \"\"\"\n";
        let blocks = python_blocks(text, "pkg/mod.py");
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].text, "from .mod import *\nx = f(\n  1)\n");
    }
}
