//! `update_docstring`: a definition's documentation rewritten, created or removed.
//!
//! Only the text changes; the layout stays as the file has it. Python: the docstring
//! statement keeps its quotes and prefix, its summary where it was (after the opening
//! quotes, or on the next line as attrs and numpy write it), continuation lines at the
//! body's indentation, closing quotes on their own line when they were (or when the text
//! grows to several lines, PEP 257). Quotes inside the text never end the literal early.
//! Rust: `///` lines. TypeScript and JavaScript: a `/** ... */` block with ` * ` lines,
//! kept on several lines when it was. A new docstring takes the language's usual layout.
//! Empty text removes the documentation.

use super::indent::{leading, Style};
use super::layout;
use crate::feedback::{Error, ErrorCode};
use crate::lang::{DocstringStyle, Language};
use crate::symbols::{Symbol, SymbolIndex};

/// The file's text with `symbol`'s documentation set to `content`, and the 1-based lines
/// the new documentation occupies (0..0 when it was removed).
pub fn update(
    index: &SymbolIndex,
    symbol: &Symbol,
    content: &str,
    lang: &Language,
    style: &Style,
) -> Result<(String, usize, usize), Error> {
    let content = content.replace("\r\n", "\n");
    let content = content.trim_matches('\n');
    match lang.docstring {
        DocstringStyle::BodyString => python(index, symbol, content, lang, style),
        DocstringStyle::DocComment => comment(index, symbol, content, lang, style),
    }
}

fn python(
    index: &SymbolIndex,
    symbol: &Symbol,
    content: &str,
    lang: &Language,
    style: &Style,
) -> Result<(String, usize, usize), Error> {
    let text = index.source.text();
    let lines = layout::split_lines(text);
    match symbol.docstring {
        Some(span) => {
            let literal = &text[span.start_byte..span.end_byte];
            let indent = index.source.indent_at(span.start_byte).to_string();
            if content.trim().is_empty() {
                // The statement's lines go; a body left empty gets `pass`.
                let (first, last) = (span.start_line - 1, span.end_line - 1);
                let rest_of_body = symbol.body.is_some_and(|b| b.end_line > span.end_line);
                let mut out: Vec<String> = lines[..first].iter().map(|s| s.to_string()).collect();
                if !rest_of_body {
                    let pass = lang.empty_body.as_deref().unwrap_or("pass");
                    out.push(format!("{indent}{pass}{}", layout::ending(lines[last])));
                }
                // The blank lines that separated it from the rest of the body go too.
                let resume = if rest_of_body {
                    layout::blank_end(&lines, last + 1)
                } else {
                    last + 1
                };
                out.extend(lines[resume..].iter().map(|s| s.to_string()));
                return Ok((layout::join(out), 0, 0));
            }
            let rendered = render_python(literal, content, &indent);
            let rendered = super::indent::with_eol(&rendered, style);
            let new = format!("{}{}{}", &text[..span.start_byte], rendered, &text[span.end_byte..]);
            let end_line = span.start_line + rendered.matches('\n').count();
            Ok((new, span.start_line, end_line))
        }
        None => {
            if content.trim().is_empty() {
                return Ok((text.to_string(), 0, 0));
            }
            let body = symbol.body.ok_or_else(|| no_body(symbol))?;
            if body.start_line == symbol.declaration.start_line || body.start_line == symbol.name_span.start_line {
                return Err(Error::new(
                    ErrorCode::SyntaxError,
                    format!(
                        "the body of `{}` is on its header line; a docstring needs a line of its own",
                        symbol.path
                    ),
                    "replace the whole definition with one whose body starts on the next line",
                ));
            }
            let first = body.start_line - 1;
            let indent = leading(lines[first]).to_string();
            let rendered = render_python("\"\"\"\"\"\"", content, &indent);
            let mut out: Vec<String> = lines[..first].iter().map(|s| s.to_string()).collect();
            out.extend(layout::as_lines(&format!("{indent}{rendered}"), style.eol));
            out.extend(lines[first..].iter().map(|s| s.to_string()));
            let end_line = body.start_line + rendered.matches('\n').count();
            Ok((layout::join(out), body.start_line, end_line))
        }
    }
}

fn no_body(symbol: &Symbol) -> Error {
    Error::new(
        ErrorCode::SymbolNotFound,
        format!("`{}` is a {} and has no body to document", symbol.path, symbol.kind),
        "document a function, method or class",
    )
}

/// The new literal: `old`'s prefix and quotes around `content`.
pub fn render_python(old: &str, content: &str, indent: &str) -> String {
    let prefix: String = old.chars().take_while(|c| "rRuU".contains(*c)).collect();
    let after_prefix = &old[prefix.len()..];
    let mut quote = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|q| after_prefix.starts_with(q))
        .unwrap_or("\"\"\"");
    let inner = &after_prefix[quote.len()..after_prefix.len().saturating_sub(quote.len()).max(quote.len())];
    let closing_on_own_line = inner.contains('\n') && inner.rsplit('\n').next().is_some_and(|l| l.trim().is_empty());
    let summary_on_next_line = inner.contains('\n') && inner.split('\n').next().is_some_and(|l| l.trim().is_empty());
    let multiline = content.contains('\n');
    if quote.len() == 1 && (multiline || content.contains(quote)) {
        quote = if quote == "\"" { "\"\"\"" } else { "'''" };
    }
    // Content holding the quote sequence: the other triple quote if it is free of it,
    // else escape the sequence.
    let mut body = content.to_string();
    if body.contains(quote) {
        let other = if quote == "\"\"\"" { "'''" } else { "\"\"\"" };
        if !body.contains(other) && !body.ends_with(other.chars().next().unwrap()) {
            quote = other;
        } else {
            let escaped: String = quote.chars().map(|c| format!("\\{c}")).collect();
            body = body.replace(quote, &escaped);
        }
    }
    // A quote character right before the closing quotes would end the literal early.
    if body.ends_with(quote.chars().next().unwrap()) && !closing_on_own_line && !multiline {
        body.pop();
        body.push('\\');
        body.push(quote.chars().next().unwrap());
    }
    let mut lines = body.split('\n');
    let mut out = if summary_on_next_line {
        format!("\n{indent}{}", lines.next().unwrap_or_default())
    } else {
        lines.next().unwrap_or_default().to_string()
    };
    for line in lines {
        out.push('\n');
        if !line.trim().is_empty() {
            out.push_str(indent);
            out.push_str(line);
        }
    }
    if closing_on_own_line || multiline || summary_on_next_line {
        out.push('\n');
        out.push_str(indent);
    }
    format!("{prefix}{quote}{out}{quote}")
}

fn comment(
    index: &SymbolIndex,
    symbol: &Symbol,
    content: &str,
    lang: &Language,
    style: &Style,
) -> Result<(String, usize, usize), Error> {
    let text = index.source.text();
    let lines = layout::split_lines(text);
    let existing = symbol.docstring;
    let block = match existing {
        Some(span) => text[span.start_byte..].starts_with("/**"),
        None => lang.doc_comment_prefixes.first().is_some_and(|p| p == "/**"),
    };
    let block_on_lines = existing.is_some_and(|span| span.end_line > span.start_line);
    let indent = &symbol.indent;
    let rendered: Vec<String> = if content.trim().is_empty() {
        Vec::new()
    } else if block {
        let safe = content.replace("*/", "*\\/");
        if !safe.contains('\n') && !block_on_lines {
            vec![format!("{indent}/** {safe} */")]
        } else {
            let mut v = vec![format!("{indent}/**")];
            v.extend(safe.split('\n').map(|l| {
                if l.trim().is_empty() {
                    format!("{indent} *")
                } else {
                    format!("{indent} * {l}")
                }
            }));
            v.push(format!("{indent} */"));
            v
        }
    } else {
        content
            .split('\n')
            .map(|l| {
                if l.trim().is_empty() {
                    format!("{indent}///")
                } else {
                    format!("{indent}/// {l}")
                }
            })
            .collect()
    };
    let (first, last_exclusive) = match existing {
        Some(span) => (span.start_line - 1, span.end_line),
        // A new doc comment goes first, above attributes and decorators.
        None => (symbol.extent.start_line - 1, symbol.extent.start_line - 1),
    };
    let mut out: Vec<String> = lines[..first].iter().map(|s| s.to_string()).collect();
    out.extend(rendered.iter().map(|l| format!("{l}{}", style.eol)));
    out.extend(lines[last_exclusive..].iter().map(|s| s.to_string()));
    let (start, end) = if rendered.is_empty() {
        (0, 0)
    } else {
        (first + 1, first + rendered.len())
    };
    Ok((layout::join(out), start, end))
}

#[cfg(test)]
mod tests {
    use super::render_python;

    #[test]
    fn keeps_prefix_and_quotes() {
        assert_eq!(render_python("r'''old'''", "new", "    "), "r'''new'''");
        assert_eq!(render_python("\"\"\"old\"\"\"", "new", "    "), "\"\"\"new\"\"\"");
    }

    #[test]
    fn multi_line_text_gets_pep257_layout() {
        assert_eq!(
            render_python("\"\"\"old\"\"\"", "Summary.\n\nMore words.", "    "),
            "\"\"\"Summary.\n\n    More words.\n    \"\"\""
        );
        assert_eq!(render_python("\"old\"", "a\nb", "  "), "\"\"\"a\n  b\n  \"\"\"");
    }

    #[test]
    fn a_summary_on_the_line_after_the_quotes_stays_there() {
        let attrs_style = "\"\"\"\n    Old summary.\n    \"\"\"";
        assert_eq!(
            render_python(attrs_style, "New summary.", "    "),
            "\"\"\"\n    New summary.\n    \"\"\""
        );
        assert_eq!(
            render_python(attrs_style, "New.\n\nMore.", "    "),
            "\"\"\"\n    New.\n\n    More.\n    \"\"\""
        );
        assert_eq!(render_python("\"\"\"Old.\"\"\"", "New.", "    "), "\"\"\"New.\"\"\"");
    }

    #[test]
    fn quotes_inside_the_text_never_end_the_literal() {
        assert_eq!(
            render_python("\"\"\"x\"\"\"", "Say \"\"\"hi\"\"\".", ""),
            "'''Say \"\"\"hi\"\"\".'''"
        );
        assert_eq!(
            render_python("\"\"\"x\"\"\"", "Both \"\"\" and '''.", ""),
            "\"\"\"Both \\\"\\\"\\\" and '''.\"\"\""
        );
        assert_eq!(
            render_python("\"\"\"x\"\"\"", "ends with \"", ""),
            "\"\"\"ends with \\\"\"\"\""
        );
    }
}
