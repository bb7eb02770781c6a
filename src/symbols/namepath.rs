//! Name paths: how a symbol is addressed (INTERFACE.md §1).
//!
//! `Engine.process`, `net.client.connect`, `Engine::process` (the Rust spelling is accepted),
//! and `Engine.fmt#2` for the second of several definitions sharing a path. Resolution never
//! guesses: a path that names several definitions is refused with every candidate listed.

use super::{Symbol, SymbolIndex};
use crate::feedback::{Candidate, Error, ErrorCode};
use std::fmt;

/// A parsed name path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamePath {
    /// Dot-joined segments (`::` already turned into `.`).
    pub path: String,
    /// `#N`: the N-th definition of the path in file order, 1-based.
    pub occurrence: Option<usize>,
}

impl NamePath {
    pub fn parse(text: &str) -> Result<NamePath, Error> {
        let trimmed = text.trim();
        let (body, occurrence) = match trimmed.rsplit_once('#') {
            // `#priv` is a TypeScript private name, not an occurrence: only digits count.
            Some((body, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                let n: usize = n
                    .parse()
                    .map_err(|_| invalid(text, "the number after `#` is too large"))?;
                if n == 0 {
                    return Err(invalid(text, "occurrences count from 1: `#1` is the first definition"));
                }
                (body, Some(n))
            }
            _ => (trimmed, None),
        };
        let path = body.replace("::", ".");
        if path.is_empty() {
            return Err(invalid(
                text,
                "a name path names at least one symbol, e.g. `Engine.process`",
            ));
        }
        if path.split('.').any(|s| s.is_empty()) {
            return Err(invalid(text, "a segment is empty; separate names with one `.` or `::`"));
        }
        if let Some(c) = path.chars().find(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid(
                text,
                &format!("name paths hold no whitespace or control characters (found {c:?})"),
            ));
        }
        Ok(NamePath { path, occurrence })
    }
}

impl fmt::Display for NamePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path)?;
        if let Some(n) = self.occurrence {
            write!(f, "#{n}")?;
        }
        Ok(())
    }
}

fn invalid(text: &str, why: &str) -> Error {
    Error::new(
        ErrorCode::InvalidFormat,
        format!("`{text}` is not a name path"),
        why.to_string(),
    )
}

pub(super) fn resolve<'i>(index: &'i SymbolIndex, name: &NamePath) -> Result<&'i Symbol, Error> {
    let matching = index.find(&name.path);
    match (matching.len(), name.occurrence) {
        (0, _) => Err(not_found(index, name)),
        (1, None) | (1, Some(1)) => Ok(matching[0]),
        (n, Some(k)) if k <= n => Ok(matching[k - 1]),
        (n, Some(_)) => Err(Error::new(
            ErrorCode::SymbolNotFound,
            format!("`{name}`: there are only {n} definitions of `{}`", name.path),
            format!("use `#1` to `#{n}`; the candidates are listed"),
        )
        .with_candidates(candidates(&matching))),
        (n, None) => Err(Error::new(
            ErrorCode::AmbiguousSymbol,
            format!("`{}` names {n} definitions", name.path),
            format!(
                "say which one with `#N`: `{}#1` to `{}#{n}` (the candidates are listed in file order)",
                name.path, name.path
            ),
        )
        .with_candidates(candidates(&matching))),
    }
}

fn candidates(symbols: &[&Symbol]) -> Vec<Candidate> {
    symbols
        .iter()
        .map(|s| Candidate {
            line: s.name_span.start_line,
            path: Some(s.selector()),
            kind: Some(s.kind.clone()),
            confidence: None,
        })
        .collect()
}

/// At most five paths close to the one asked for, closest first. Each is offered as the
/// selector that resolves to it alone (`Attribute#2` where `Attribute` names two
/// definitions): a suggestion the caller cannot use as given is no suggestion.
fn not_found(index: &SymbolIndex, name: &NamePath) -> Error {
    let wanted_last = name.path.rsplit('.').next().unwrap_or(&name.path);
    let mut scored: Vec<(f64, &Symbol)> = index
        .symbols
        .iter()
        .map(|s| {
            let whole = strsim::normalized_damerau_levenshtein(&name.path, &s.path);
            let last = strsim::normalized_damerau_levenshtein(wanted_last, &s.name);
            // The last segment alone counts a little less, so `Engin.process` prefers
            // `Engine.process` to `Other.process`.
            (whole.max(last * 0.9), s)
        })
        .filter(|(score, _)| *score >= 0.4)
        .collect();
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(a.1.extent.start_byte.cmp(&b.1.extent.start_byte))
    });
    scored.truncate(5);
    let hint = if scored.is_empty() {
        if index.symbols.is_empty() {
            "the file defines no symbols saguaro indexes".to_string()
        } else {
            "no close name; `saguaro symbols FILE` lists every name path in the file".to_string()
        }
    } else {
        let names: Vec<String> = scored.iter().map(|(_, s)| format!("`{}`", s.selector())).collect();
        format!("did you mean {}?", names.join(", "))
    };
    Error::new(ErrorCode::SymbolNotFound, format!("no symbol `{name}`"), hint).with_candidates(
        scored
            .iter()
            .map(|(score, s)| Candidate {
                line: s.name_span.start_line,
                path: Some(s.selector()),
                kind: Some(s.kind.clone()),
                confidence: Some((score * 100.0).round() / 100.0),
            })
            .collect(),
    )
}
