//! What surrounds a declaration when it is replaced: decorators, attributes, the doc
//! comment and modifiers such as `export` (INTERFACE.md §2).
//!
//! Each kind is *kept* from the old definition when the new content does not carry it, and
//! *replaced* when it does: `export const f = ...` over an exported `f` gives one `export`,
//! and a replacement written without `#[derive(..)]` keeps the derive. What the content
//! carries is read by indexing the content with the same symbol index as the file — class
//! members that cannot stand alone are indexed inside the language's `member_wrapper`.

use crate::feedback::{Error, ErrorCode};
use crate::lang::{Attachment, Language};
use crate::source::SourceText;
use crate::symbols::{Symbol, SymbolIndex};

/// The new extent, at column 0, and what it kept from the old one.
pub struct Merged {
    pub text: String,
    pub kept: Vec<Attachment>,
    /// The name the content defines, when it is not the old one.
    pub renamed_to: Option<String>,
}

/// Merges the old definition's attached pieces into `content` (at column 0).
pub fn merge(index: &SymbolIndex, old: &Symbol, content0: &str, lang: &'static Language) -> Result<Merged, Error> {
    let holder = old
        .parent_kind
        .as_deref()
        .filter(|k| lang.method_parents.iter().any(|m| m == k) || lang.member_wrappers.contains_key(*k));
    let Some(new) = content_symbol(content0, lang, holder)? else {
        // The content defines nothing (a comment, a statement): it replaces the extent.
        return Ok(Merged {
            text: content0.to_string(),
            kept: Vec::new(),
            renamed_to: None,
        });
    };
    let renamed_to = (new.name != old.name).then(|| new.name.clone());
    let carried: Vec<Attachment> = new.attached.clone();
    let kept_pieces: Vec<_> = old.pieces.iter().filter(|p| !carried.contains(&p.kind)).collect();
    if kept_pieces.is_empty() {
        return Ok(Merged {
            text: content0.to_string(),
            kept: Vec::new(),
            renamed_to,
        });
    }

    let source = &index.source;
    let text = source.text();
    let decl_line = old.declaration.start_line; // 1-based
    let dropped_lines: Vec<usize> = old
        .pieces
        .iter()
        .filter(|p| carried.contains(&p.kind))
        .flat_map(|p| p.span.start_line..=p.span.end_line)
        .collect();
    // Lines of the old head (above the declaration line) that stay, in their order: pieces
    // of kinds the content does not carry, and the plain comments between them.
    let kept_head: Vec<(String, bool)> = (old.extent.start_line..decl_line)
        .filter(|line| !dropped_lines.contains(line))
        .map(|line| {
            let body = text[source.line_start(line - 1)..source.line_start(line)].trim_end_matches(['\n', '\r']);
            let relative = body.strip_prefix(old.indent.as_str()).unwrap_or(body.trim_start());
            let is_doc = old
                .pieces
                .iter()
                .any(|p| p.kind == Attachment::Doc && (p.span.start_line..=p.span.end_line).contains(&line));
            (relative.to_string(), is_doc)
        })
        .collect();
    let lines_where = |doc: Option<bool>| -> Vec<String> {
        kept_head
            .iter()
            .filter(|(_, is_doc)| doc.is_none_or(|d| d == *is_doc))
            .map(|(l, _)| l.clone())
            .collect()
    };
    // Pieces on the declaration's own line (`export `, an inline `@decorator `).
    let inline: String = kept_pieces
        .iter()
        .filter(|p| p.span.start_line == decl_line)
        .map(|p| format!("{} ", text[p.span.start_byte..p.span.end_byte].trim_end()))
        .collect();

    let c = content0;
    let decl_start = new.declaration.start_byte;
    let decl_line_start = c[..decl_start].rfind('\n').map_or(0, |i| i + 1);
    let mut out = String::new();
    if decl_line_start > 0 {
        // The content has its own head: a kept doc comment goes above it, kept attributes
        // and decorators below it, next to the declaration.
        push_lines(&mut out, &lines_where(Some(true)));
        out.push_str(&c[..decl_line_start]);
        push_lines(&mut out, &lines_where(Some(false)));
    } else {
        // Nothing above the declaration in the content: the old head stays in its order.
        push_lines(&mut out, &lines_where(None));
    }
    out.push_str(&c[decl_line_start..decl_start]);
    out.push_str(&inline);
    out.push_str(&c[decl_start..]);
    let mut kept: Vec<Attachment> = kept_pieces.iter().map(|p| p.kind).collect();
    kept.sort();
    kept.dedup();
    Ok(Merged {
        text: out,
        kept,
        renamed_to,
    })
}

fn push_lines(out: &mut String, lines: &[String]) {
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
}

/// Indexes the content; a class member that does not parse on its own is indexed inside
/// the language's member wrapper, and its spans moved back into the content.
/// The content's first top-level definition, its spans pointing into `content0`.
///
/// `holder`: the kind of what the replaced member is in (a class, a struct), so that
/// content which parses alone but defines nothing there (`count = 1;`, an assignment at the
/// top level) is read as a member of it.
fn content_symbol(content0: &str, lang: &'static Language, holder: Option<&str>) -> Result<Option<Symbol>, Error> {
    let alone = SymbolIndex::build(SourceText::new(content0.to_string()), &lang.name)?;
    let first = alone.symbols.iter().find(|s| s.parent_path.is_none()).cloned();
    let a_member_maybe = holder.is_some() && first.is_none();
    let wrapper = holder
        .and_then(|k| lang.member_wrappers.get(k))
        .or(lang.member_wrapper.as_ref());
    let Some([open, close]) = wrapper.filter(|_| !alone.parse_errors.is_empty() || a_member_maybe) else {
        return Ok(first);
    };
    let prefix = format!("{open}\n");
    let wrapped = format!("{prefix}{content0}\n{close}\n");
    let inside = SymbolIndex::build(SourceText::new(wrapped), &lang.name)?;
    if !inside.parse_errors.is_empty() && alone.parse_errors.is_empty() {
        // A statement that is no member either: it replaces the extent as it is.
        return Ok(None);
    }
    if !inside.parse_errors.is_empty() {
        return Err(Error::new(
            ErrorCode::SyntaxError,
            format!("the content does not parse as {} code", lang.name),
            "send the complete definition, from its first decorator or doc comment line to its last line",
        )
        .with_lines(alone.error_lines()));
    }
    // The first definition inside the wrapper (a variant's field is two levels down).
    let member = inside.symbols.iter().find(|s| s.extent.start_byte >= prefix.len());
    Ok(member.map(|m| {
        let mut symbol = m.clone();
        let shift = |span: &mut crate::symbols::Span| {
            span.start_byte -= prefix.len();
            span.end_byte -= prefix.len();
            span.start_line -= 1;
            span.end_line -= 1;
        };
        shift(&mut symbol.extent);
        shift(&mut symbol.declaration);
        shift(&mut symbol.name_span);
        for piece in &mut symbol.pieces {
            shift(&mut piece.span);
        }
        symbol.parent_path = None;
        symbol
    }))
}
