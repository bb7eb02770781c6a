//! The text fallback: when the tree cannot resolve a name because the file has parse errors
//! around it, the definition is found by its header line (`def process`, `fn process`,
//! `process(` inside the class), its end by indentation (Python) or balanced braces (Rust,
//! TypeScript, JavaScript), and the edit proceeds with strategy `fallback` and a confidence.
//!
//! Header lines are the registry's `fallback_headers`. They are tried with the text
//! matcher's first two tiers — as written, then with Unicode punctuation folded — and,
//! like everywhere in saguaro, two candidates are refused rather than guessed between.

use crate::feedback::{Candidate, Error, ErrorCode};
use crate::lang::{Attachment, BlockStyle, Language};
use crate::symbols::{AttachedPiece, NamePath, Span, Symbol, SymbolIndex};
use crate::textmatch::{fold_unicode, indent_width};

/// Confidence of a header found as written, and with punctuation folded.
const AS_WRITTEN: f64 = 0.95;
const FOLDED: f64 = 0.9;

/// A definition found by text.
pub struct Located {
    pub symbol: Symbol,
    pub confidence: f64,
}

/// One header line found for one segment of the path.
#[derive(Debug, Clone)]
struct Header {
    line: usize,
    end: usize,
    indent: usize,
    kind: String,
    name: (usize, usize),
    confidence: f64,
}

/// Finds `path` by text. `threshold`: the least confidence accepted.
pub fn locate(index: &SymbolIndex, lang: &Language, path: &NamePath, threshold: f64) -> Result<Located, Error> {
    let text = index.source.text();
    let lines: Vec<&str> = text.split('\n').collect();
    let segments: Vec<&str> = path.path.split('.').collect();
    let mut regions = vec![(0usize, lines.len(), None::<usize>, 1.0f64)];
    let mut found: Vec<Header> = Vec::new();
    for (depth, segment) in segments.iter().enumerate() {
        found.clear();
        for &(lo, hi, outer_indent, confidence) in &regions {
            let mut here = headers(lang, &lines, lo, hi, segment);
            here.retain(|h| outer_indent.is_none_or(|o| h.indent > o));
            // Direct members only: the shallowest matches of the region.
            if let Some(min) = here.iter().map(|h| h.indent).min() {
                here.retain(|h| h.indent == min);
            }
            found.extend(here.into_iter().map(|mut h| {
                h.confidence *= confidence;
                h
            }));
        }
        if depth + 1 < segments.len() {
            regions = found
                .iter()
                .map(|h| (h.line + 1, h.end + 1, Some(h.indent), h.confidence))
                .collect();
        }
    }
    let chosen = match (found.len(), path.occurrence) {
        (0, _) => None,
        (1, None) | (1, Some(1)) => Some(found[0].clone()),
        (n, Some(k)) if k <= n => Some(found[k - 1].clone()),
        (_, None) => {
            return Err(Error::new(
                ErrorCode::AmbiguousSymbol,
                format!(
                    "`{}` matches {} definitions by text (the file has parse errors)",
                    path.path,
                    found.len()
                ),
                format!(
                    "say which one with `#N`: `{}#1` to `{}#{}`",
                    path.path,
                    path.path,
                    found.len()
                ),
            )
            .with_candidates(
                found
                    .iter()
                    .map(|h| Candidate {
                        line: h.line + 1,
                        path: None,
                        kind: Some(h.kind.clone()),
                        confidence: Some(h.confidence),
                    })
                    .collect(),
            ))
        }
        _ => None,
    };
    let header = chosen.ok_or_else(|| {
        Error::new(
            ErrorCode::SymbolNotFound,
            format!("no definition of `{path}` found by text either"),
            "check the name path",
        )
    })?;
    if header.confidence < threshold {
        return Err(Error::new(
            ErrorCode::NoMatch,
            format!(
                "`{path}` was found by text at line {} with confidence {:.2}, below {threshold:.2}",
                header.line + 1,
                header.confidence
            ),
            "fix the parse errors near it first, or replace the enclosing definition",
        ));
    }
    let symbol = build_symbol(index, lang, &lines, &header, &segments);
    // A block found by text must not swallow a definition the tree did find beside or
    // around it: that would be a wrong end, and the edit would delete real code.
    if let Some(swallowed) = index.symbols.iter().find(|s| {
        s.extent.start_byte > symbol.declaration.start_byte
            && s.extent.start_byte < symbol.extent.end_byte
            && indent_width(&s.indent) <= indent_width(&symbol.indent)
    }) {
        return Err(Error::new(
            ErrorCode::NoMatch,
            format!(
                "the text fallback cannot tell where `{path}` ends: its block would run into `{}` at line {}",
                swallowed.path, swallowed.extent.start_line
            ),
            "fix the parse errors in the definition first, or replace the enclosing definition",
        ));
    }
    Ok(Located {
        symbol,
        confidence: header.confidence,
    })
}

/// A symbol the tree resolved, checked against the text when parse errors sit inside it:
/// error recovery can stretch an extent over the code after it (an unclosed bracket in a
/// Python function swallowing the next method). When the block by indentation or braces
/// ends sooner, the extent is cut there. `None` when the tree's extent stands.
pub fn clamp_to_text(index: &SymbolIndex, lang: &Language, symbol: &Symbol) -> Option<(Symbol, f64)> {
    let errors_inside = index
        .error_lines()
        .iter()
        .any(|&l| (symbol.extent.start_line..=symbol.extent.end_line).contains(&l));
    if !errors_inside {
        return None;
    }
    let text = index.source.text();
    let lines: Vec<&str> = text.split('\n').collect();
    let header = symbol.declaration.start_line - 1;
    let end = block_end(lang.block_style, &lines, header);
    if end + 1 >= symbol.extent.end_line {
        return None;
    }
    let mut clamped = symbol.clone();
    let end_byte = index.source.line_start(end) + lines[end].trim_end().len();
    clamped.extent = span(index, symbol.extent.start_byte, end_byte);
    clamped.declaration = span(index, symbol.declaration.start_byte, end_byte);
    clamped.body = None;
    clamped.docstring = None;
    Some((clamped, AS_WRITTEN))
}

/// Every header line for `name` in lines `lo..hi`, with where its block ends.
fn headers(lang: &Language, lines: &[&str], lo: usize, hi: usize, name: &str) -> Vec<Header> {
    let patterns: Vec<(String, regex::Regex)> = lang
        .fallback_headers
        .iter()
        .filter_map(|h| {
            let pattern = h.pattern.replace("{name}", &regex::escape(name));
            regex::Regex::new(&pattern).ok().map(|r| (h.kind.clone(), r))
        })
        .collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate().take(hi.min(lines.len())).skip(lo) {
        let folded = fold_unicode(line);
        for (kind, regex) in &patterns {
            let (captures, confidence) = match regex.captures(line) {
                Some(c) => (c, AS_WRITTEN),
                None => match regex.captures(&folded) {
                    // Folding keeps byte positions only for ASCII lines: take it without a name span.
                    Some(c) if folded.len() == line.len() => (c, FOLDED),
                    _ => continue,
                },
            };
            let Some(name_match) = captures.get(2) else { continue };
            let end = block_end(lang.block_style, lines, i);
            out.push(Header {
                line: i,
                end,
                indent: indent_width(line),
                kind: kind.clone(),
                name: (name_match.start(), name_match.end()),
                confidence,
            });
            break;
        }
    }
    out
}

/// The last line of the block that starts at `header`.
fn block_end(style: BlockStyle, lines: &[&str], header: usize) -> usize {
    match style {
        BlockStyle::Indentation => {
            // A header spread over several lines (an open bracket) continues on lines indented
            // deeper than it, until one ends it with `:`. A header that already ends with `:`
            // — even with a bracket left open, as broken code has — continues nowhere.
            let base = indent_width(lines[header]);
            let mut i = header;
            let mut depth = bracket_depth(lines[i]);
            while depth > 0
                && !lines[i].trim_end().ends_with(':')
                && i + 1 < lines.len()
                && (indent_width(lines[i + 1]) > base || lines[i + 1].trim_start().starts_with(')'))
            {
                i += 1;
                depth += bracket_depth(lines[i]);
            }
            let mut last = i;
            for (j, line) in lines.iter().enumerate().skip(i + 1) {
                if line.trim().is_empty() {
                    continue;
                }
                if indent_width(line) <= base {
                    break;
                }
                last = j;
            }
            last
        }
        BlockStyle::Braces => {
            let mut depth = 0i32;
            let mut opened = false;
            let mut in_block_comment = false;
            for (j, line) in lines.iter().enumerate().skip(header) {
                let code = code_only(line, &mut in_block_comment);
                for c in code.chars() {
                    match c {
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth -= 1,
                        ';' if !opened && depth == 0 => return j,
                        _ => {}
                    }
                }
                if opened && depth <= 0 {
                    return j;
                }
            }
            lines.len().saturating_sub(1)
        }
    }
}

/// `(` `[` `{` opened minus closed on a line.
fn bracket_depth(line: &str) -> i32 {
    line.chars()
        .map(|c| match c {
            '(' | '[' | '{' => 1,
            ')' | ']' | '}' => -1,
            _ => 0,
        })
        .sum()
}

/// A line without its comments and string literals (for counting braces). A quote opens a
/// string only if it closes on the same line: a Rust lifetime `'a` does not.
fn code_only(line: &str, in_block_comment: &mut bool) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if *in_block_comment {
            if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                *in_block_comment = false;
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => break,
            '/' if chars.get(i + 1) == Some(&'*') => {
                *in_block_comment = true;
                i += 2;
            }
            q @ ('"' | '\'' | '`') => match (i + 1..chars.len()).find(|&k| chars[k] == q && chars[k - 1] != '\\') {
                Some(close) => i = close + 1,
                None => i += 1,
            },
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

fn build_symbol(index: &SymbolIndex, lang: &Language, lines: &[&str], header: &Header, segments: &[&str]) -> Symbol {
    let source = &index.source;
    let line_start = |l: usize| source.line_start(l);
    let header_line = lines[header.line];
    let indent_len = header_line.len() - header_line.trim_start().len();
    // Decorators, attributes and doc comments right above the header belong to it.
    let mut pieces = Vec::new();
    let mut first = header.line;
    while first > 0 {
        let above = lines[first - 1].trim();
        let kind = if lang.attribute_prefixes.iter().any(|p| above.starts_with(p.as_str())) {
            if above.starts_with('@') {
                Attachment::Decorator
            } else {
                Attachment::Attribute
            }
        } else if lang.is_doc_comment(above) || (above.starts_with('*') && !lang.doc_comment_prefixes.is_empty()) {
            Attachment::Doc
        } else {
            break;
        };
        first -= 1;
        let start = line_start(first) + (lines[first].len() - lines[first].trim_start().len());
        let end = line_start(first) + lines[first].trim_end().len();
        pieces.insert(
            0,
            AttachedPiece {
                kind,
                span: span(index, start, end),
            },
        );
    }
    let extent_start = pieces
        .first()
        .map_or(line_start(header.line) + indent_len, |p| p.span.start_byte);
    let end = line_start(header.end) + lines[header.end].trim_end().len();
    let mut attached: Vec<Attachment> = pieces.iter().map(|p| p.kind).collect();
    attached.sort();
    attached.dedup();
    let name = segments.last().copied().unwrap_or_default().to_string();
    Symbol {
        path: segments.join("."),
        name,
        kind: header.kind.clone(),
        extent: span(index, extent_start, end),
        declaration: span(index, line_start(header.line) + indent_len, end),
        name_span: span(
            index,
            line_start(header.line) + header.name.0,
            line_start(header.line) + header.name.1,
        ),
        body: None,
        docstring: None,
        indent: header_line[..indent_len].to_string(),
        parent_path: (segments.len() > 1).then(|| segments[..segments.len() - 1].join(".")),
        parent_kind: None,
        parent: None,
        attached,
        pieces,
        occurrence: 1,
        duplicates: 1,
    }
}

fn span(index: &SymbolIndex, start: usize, end: usize) -> Span {
    Span {
        start_byte: start,
        end_byte: end,
        start_line: index.source.line_of(start) + 1,
        end_line: index.source.line_of(end.saturating_sub(1).max(start)) + 1,
    }
}
