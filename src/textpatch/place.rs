//! Placing hunks in a file and applying them: a unique placement at a stated confidence for
//! every hunk, against the original file, or a refusal that says exactly why — for every
//! hunk that cannot be placed, not only the first.
//!
//! A hunk is found by the tiered matcher (`textmatch`), by an exact substring (`substring`)
//! where its format allows, after a Codex locator line, or at the end of the file for a
//! Codex `*** End of File` chunk (there and nowhere else). Its region is then rewritten by
//! `write`, which decides what the file keeps and where blank lines go.

use super::lines::FileLines;
use super::substring::{self, Found};
use super::write::{self, Written};
use super::Hunk;
use crate::feedback::{Candidate, Error, ErrorCode};
use crate::textmatch::{self, is_blank, Placement, Tier, Unplaced};
use serde::Serialize;

/// Where a hunk went.
#[derive(Debug, Clone, Serialize)]
pub struct HunkMatch {
    pub hunk: usize,
    pub tier: Tier,
    pub confidence: f64,
    /// 1-based lines of the original file the hunk's `from` block covered.
    pub start_line: usize,
    pub end_line: usize,
}

/// Where a hunk was found: lines for `write` to rewrite, or an exact substring whose lines
/// are rewritten as text already.
enum Located {
    Lines { placement: Placement, tab: usize },
    Text { placement: Placement, written: Written },
}

impl Located {
    fn placement(&self) -> Placement {
        match *self {
            Located::Lines { placement, .. } | Located::Text { placement, .. } => placement,
        }
    }
}

/// A file's text with every line ending read as `\n`, and where each line starts.
struct Normalized {
    text: String,
    /// The start of each line, then the text's length.
    starts: Vec<usize>,
}

impl Normalized {
    fn of(file: &FileLines<'_>) -> Normalized {
        let mut text = String::new();
        let mut starts = Vec::with_capacity(file.code.len() + 1);
        for (line, ending) in file.code.iter().zip(&file.endings) {
            starts.push(text.len());
            text.push_str(line);
            if !ending.is_empty() {
                text.push('\n');
            }
        }
        starts.push(text.len());
        Normalized { text, starts }
    }

    /// The line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }
}

/// `text` with every hunk applied, and where each went.
pub fn apply(text: &str, hunks: &[Hunk], threshold: f64) -> Result<(String, Vec<HunkMatch>), Vec<Error>> {
    let file = FileLines::of(text);
    // The text as one string, for the substring tier, only where some hunk may use it.
    let normalized = hunks.iter().any(|h| h.literal.is_some()).then(|| Normalized::of(&file));
    let mut located: Vec<(usize, Located)> = Vec::new();
    let mut errors = Vec::new();
    for (i, hunk) in hunks.iter().enumerate() {
        match locate(&file, normalized.as_ref(), hunk, hunk.fuzz.unwrap_or(threshold)) {
            Ok(l) => located.push((i, l)),
            Err(e) => errors.push(e.at_operation(i)),
        }
    }
    located.sort_by_key(|(_, l)| (l.placement().start, l.placement().end));
    for pair in located.windows(2) {
        let ((a, la), (b, lb)) = (&pair[0], &pair[1]);
        let (pa, pb) = (la.placement(), lb.placement());
        if pb.start < pa.end || (pb.start == pa.start && pb.end == pa.end) {
            errors.push(
                Error::new(
                    ErrorCode::Conflict,
                    format!(
                        "hunks {a} and {b} overlap (lines {}-{} and {}-{})",
                        pa.start + 1,
                        pa.end,
                        pb.start + 1,
                        pb.end
                    ),
                    "merge the two hunks into one, or give each its own lines",
                )
                .at_operation(*b),
            );
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.operation);
        return Err(errors);
    }

    let mut out = String::with_capacity(text.len() + 256);
    let mut cursor = 0;
    let mut matches = Vec::new();
    let starts: Vec<usize> = located.iter().map(|(_, l)| l.placement().start).collect();
    for (n, (i, l)) in located.into_iter().enumerate() {
        let next = starts.get(n + 1).copied().unwrap_or(file.code.len());
        let p = l.placement();
        let written = match l {
            Located::Lines { placement, tab } => write::region(&file, placement, &hunks[i], tab, (cursor, next)),
            Located::Text { written, .. } => Ok(written),
        };
        let written = match written {
            Ok(w) => w,
            Err(e) => {
                errors.push(e.at_operation(i));
                continue;
            }
        };
        for k in cursor..written.start {
            out.push_str(file.code[k]);
            out.push_str(file.endings[k]);
        }
        // Lines added after a last line that had no newline: it gets one now (the new last
        // line goes without, as the file did).
        let appends = written.start == file.code.len() && written.start > 0 && !written.lines.is_empty();
        if appends && file.endings[written.start - 1].is_empty() {
            out.push_str(file.eol);
        }
        for (line, ending) in &written.lines {
            out.push_str(line);
            out.push_str(ending);
        }
        cursor = written.end.max(cursor);
        matches.push(HunkMatch {
            hunk: i,
            tier: p.tier,
            confidence: round(p.confidence),
            start_line: p.start + 1,
            end_line: p.end.max(p.start + 1),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for k in cursor..file.code.len() {
        out.push_str(file.code[k]);
        out.push_str(file.endings[k]);
    }
    Ok((out, matches))
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Where the hunk goes.
fn locate(
    file: &FileLines<'_>,
    normalized: Option<&Normalized>,
    hunk: &Hunk,
    threshold: f64,
) -> Result<Located, Error> {
    let from: Vec<&str> = hunk.from.iter().map(String::as_str).collect();
    let to: Vec<&str> = hunk.to.iter().map(String::as_str).collect();
    let both: Vec<&str> = from.iter().chain(&to).copied().collect();
    let tab = file.tab_width_for(&both);
    let lines = |placement: Placement| Located::Lines { placement, tab };
    if from.iter().all(|l| is_blank(l)) {
        return addition(file, hunk).map(lines);
    }
    if let (Some(literal), Some(normalized)) = (&hunk.literal, normalized) {
        let search = literal.search.as_str();
        if !literal.substring_first {
            // Blocks of lines: whole lines exactly first.
            let options = textmatch::Options {
                last: Tier::Exact,
                tab_width: tab,
                ..textmatch::Options::new(threshold)
            };
            match textmatch::find_block_with(&file.code, &from, &options) {
                Ok(p) => return chosen_occurrence(hunk, vec![p]).map(lines),
                Err(Unplaced::Ambiguous { candidates }) => return chosen_occurrence(hunk, candidates).map(lines),
                Err(Unplaced::NoMatch { .. }) => {}
            }
        }
        match substring::find(&normalized.text, search) {
            Found::One(start, end) => return Ok(substring_or_lines(file, normalized, start, end, hunk, tab)),
            Found::Several(starts) => {
                let candidates: Vec<Placement> = starts
                    .iter()
                    .map(|&s| {
                        let line = normalized.line_of(s);
                        Placement {
                            start: line,
                            end: normalized.line_of(s + search.len().saturating_sub(1)) + 1,
                            tier: Tier::Substring,
                            confidence: 1.0,
                        }
                    })
                    .collect();
                return match hunk.occurrence {
                    Some(k) => match k.checked_sub(1).and_then(|i| starts.get(i)) {
                        Some(&s) => Ok(substring_or_lines(file, normalized, s, s + search.len(), hunk, tab)),
                        None => Err(too_few_occurrences(hunk, &candidates)),
                    },
                    None => Err(ambiguous(&candidates, "search text")),
                };
            }
            Found::None => {}
        }
    }
    // A Codex `@@ line` narrows the search to what follows that line.
    let offset = match &hunk.anchor {
        Some(anchor) => anchor_line(&file.code, anchor)? + 1,
        None => 0,
    };
    if hunk.at_end {
        return at_end(file, hunk, &from, threshold, tab, offset).map(lines);
    }
    find_in(&file.code, offset, hunk, &from, &to, threshold, tab).map(lines)
}

/// An exact substring occurrence: a fragment is rewritten as text; whole lines (but for
/// their indentation and trailing whitespace) are rewritten as lines, so that a
/// replacement of several lines takes the file's indentation.
fn substring_or_lines(
    file: &FileLines<'_>,
    normalized: &Normalized,
    start: usize,
    end: usize,
    hunk: &Hunk,
    tab: usize,
) -> Located {
    let first = normalized.line_of(start);
    let last = normalized.line_of(end.saturating_sub(1).max(start));
    let line_start = normalized.starts[first];
    let line_end = normalized.starts[last + 1];
    let before = &normalized.text[line_start..start];
    let after = &normalized.text[end..line_end];
    let whole = before.is_empty() && (after.is_empty() || after == "\n");
    let literal = hunk.literal.as_ref().is_some_and(|l| l.substring_first);
    let text_of_lines = before.trim().is_empty() && after.trim().is_empty();
    let placement = Placement {
        start: first,
        end: last + 1,
        tier: if whole { Tier::Exact } else { Tier::Substring },
        confidence: 1.0,
    };
    if text_of_lines && !literal {
        // Found as it is; written as lines, so that its replacement takes the file's
        // indentation line by line.
        return Located::Lines { placement, tab };
    }
    Located::Text {
        placement,
        written: substring_region(file, normalized, start, end, hunk),
    }
}

/// The text of the lines an exact substring touches, with the substring replaced.
fn substring_region(file: &FileLines<'_>, normalized: &Normalized, start: usize, end: usize, hunk: &Hunk) -> Written {
    let replace = hunk.literal.as_ref().map_or("", |l| l.replace.as_str());
    let first = normalized.line_of(start);
    // The region ends at the first line boundary at or after the occurrence; where the
    // occurrence took a line's newline and the replacement gives none back, the next line
    // joins it.
    let mut last = normalized.starts.partition_point(|&s| s < end);
    let head = &normalized.text[normalized.starts[first]..start];
    let mut text = format!("{head}{replace}{}", &normalized.text[end..normalized.starts[last]]);
    if !text.ends_with('\n') && last < file.code.len() {
        text.push_str(&normalized.text[normalized.starts[last]..normalized.starts[last + 1]]);
        last += 1;
    }
    let mut lines: Vec<(String, String)> = text
        .split_inclusive('\n')
        .map(|piece| match piece.strip_suffix('\n') {
            Some(line) => (line.to_string(), file.eol.to_string()),
            None => (piece.to_string(), String::new()),
        })
        .collect();
    // The region's last line keeps its own ending.
    if let (Some(line), true) = (lines.last_mut(), last > first) {
        if !line.1.is_empty() {
            line.1 = file.endings[last - 1].to_string();
        }
    }
    Written {
        start: first,
        end: last.max(first),
        lines,
    }
}

/// A hunk that only adds lines: at the very start of an empty file or at a marked end.
fn addition(file: &FileLines<'_>, hunk: &Hunk) -> Result<Placement, Error> {
    if hunk.at_end || file.code.is_empty() {
        let end = file.code.len();
        return Ok(Placement {
            start: end,
            end,
            tier: Tier::Exact,
            confidence: 1.0,
        });
    }
    Err(Error::new(
        ErrorCode::NoMatch,
        "the hunk adds lines but gives no context to place them",
        "include 3 or more unchanged lines around the addition (or `*** End of File` for an addition at the end)",
    ))
}

/// A Codex chunk marked `*** End of File`: its lines must be the file's last ones (blank
/// lines aside).
fn at_end(
    file: &FileLines<'_>,
    hunk: &Hunk,
    from: &[&str],
    threshold: f64,
    tab: usize,
    offset: usize,
) -> Result<Placement, Error> {
    let n = from.iter().filter(|l| !is_blank(l)).count();
    let code: Vec<usize> = (offset..file.code.len()).filter(|&k| !is_blank(file.code[k])).collect();
    let to: Vec<&str> = hunk.to.iter().map(String::as_str).collect();
    if code.len() >= n && n > 0 {
        let tail = code[code.len() - n];
        if let Ok(p) = find_in(&file.code, tail, hunk, from, &to, threshold, tab) {
            return Ok(p);
        }
    }
    // Not at the end: say where it is, if anywhere.
    match find_in(&file.code, offset, hunk, from, &to, threshold, tab) {
        Ok(p) => Err(Error::new(
            ErrorCode::NoMatch,
            format!(
                "the chunk is marked `*** End of File` but its lines are at lines {}-{}, not at the end of the file",
                p.start + 1,
                p.end
            ),
            "drop `*** End of File` if the change is not at the end, or give the file's last lines as context",
        )
        .with_candidates(candidates_of(&[p]))),
        Err(e) => Err(e),
    }
}

/// Where the hunk's `from` block sits in `file[offset..]`.
#[allow(clippy::too_many_arguments)]
fn find_in(
    file: &[&str],
    offset: usize,
    hunk: &Hunk,
    from: &[&str],
    to: &[&str],
    threshold: f64,
    tab: usize,
) -> Result<Placement, Error> {
    let haystack = &file[offset..];
    let shift = |p: Placement| Placement {
        start: p.start + offset,
        end: p.end + offset,
        ..p
    };
    let options = textmatch::Options {
        threshold,
        last: hunk.last_tier.unwrap_or(Tier::Fuzzy),
        tab_width: tab,
    };
    match textmatch::find_block_with(haystack, from, &options) {
        // A fuzzy find of the old lines exactly where the new ones already are: the hunk
        // was applied before.
        Ok(p) if p.tier == Tier::Fuzzy && adds_a_line(from, to) => match textmatch::find_verbatim(haystack, to, tab) {
            Some(q) if q.start < p.end && p.start < q.end => Err(already_applied(q.start + offset, q.end + offset)),
            _ => chosen_occurrence(hunk, vec![shift(p)]),
        },
        Ok(p) => chosen_occurrence(hunk, vec![shift(p)]),
        Err(Unplaced::Ambiguous { candidates }) => {
            let candidates: Vec<Placement> = candidates.into_iter().map(shift).collect();
            if hunk.occurrence.is_some() {
                return chosen_occurrence(hunk, candidates);
            }
            // A line number may choose among equal places when it points exactly at one.
            // Blank lines at the block's edges are not part of a placement: the hunk as
            // written starts that many lines earlier.
            let lead = from.iter().take_while(|l| is_blank(l)).count();
            let by_hint: Vec<&Placement> = candidates
                .iter()
                .filter(|c| c.start.checked_sub(lead) == hunk.hint)
                .collect();
            if by_hint.len() == 1 {
                return Ok(*by_hint[0]);
            }
            Err(ambiguous(&candidates, hunk.searched_text()))
        }
        Err(Unplaced::NoMatch { closest }) => {
            if adds_a_line(from, to) {
                if let Some(p) = textmatch::find_verbatim(haystack, to, tab) {
                    return Err(already_applied(p.start + offset, p.end + offset));
                }
            }
            // Where a capped search found nothing, the full one still says what was closest.
            let last_tier = options.last;
            let closest = match closest {
                None if last_tier < Tier::Fuzzy => {
                    match textmatch::find_block_with(
                        haystack,
                        from,
                        &textmatch::Options {
                            last: Tier::Fuzzy,
                            ..options
                        },
                    ) {
                        Ok(p) => Some(p),
                        Err(Unplaced::NoMatch { closest }) => closest,
                        Err(Unplaced::Ambiguous { .. }) => None,
                    }
                }
                closest => closest,
            };
            Err(no_match(
                file,
                from,
                closest.map(shift),
                threshold,
                last_tier,
                hunk.searched_text(),
            ))
        }
    }
}

/// The placement `match_occurrence` chooses among equal ones (in file order), the only
/// one, or a refusal.
fn chosen_occurrence(hunk: &Hunk, mut found: Vec<Placement>) -> Result<Placement, Error> {
    found.sort_by_key(|p| p.start);
    match (hunk.occurrence, found.len()) {
        (None, 1) | (Some(1), 1) => Ok(found[0]),
        (None, _) => Err(ambiguous(&found, hunk.searched_text())),
        (Some(k), n) if (1..=n).contains(&k) => Ok(found[k - 1]),
        (Some(_), _) => Err(too_few_occurrences(hunk, &found)),
    }
}

/// The refusal for a `match_occurrence` past the places the block has.
fn too_few_occurrences(hunk: &Hunk, found: &[Placement]) -> Error {
    Error::new(
        ErrorCode::NoMatch,
        format!(
            "match_occurrence is {} but the block occurs {} time(s)",
            hunk.occurrence.unwrap_or(1),
            found.len()
        ),
        "count the occurrences again (1 is the first in the file), or drop match_occurrence if there is one",
    )
    .with_candidates(candidates_of(found))
}

/// Placements as the candidates an error lists.
fn candidates_of(placements: &[Placement]) -> Vec<Candidate> {
    placements
        .iter()
        .map(|c| Candidate {
            line: c.start + 1,
            path: None,
            kind: None,
            confidence: Some(round(c.confidence)),
        })
        .collect()
}

/// Whether `to` holds a line unlike every line of `from`: only then can the new lines found
/// in the file mean the hunk was applied (a hunk that only removes lines, or only retypes
/// them, leaves nothing to find).
fn adds_a_line(from: &[&str], to: &[&str]) -> bool {
    let key = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let old: Vec<String> = from.iter().map(|l| key(l)).collect();
    // A line like one of the old ones (a retyped context line) is not new.
    to.iter().map(|l| key(l)).any(|line| {
        !line.is_empty()
            && old
                .iter()
                .all(|o| strsim::normalized_damerau_levenshtein(o, &line) < 0.8)
    })
}

fn already_applied(start: usize, end: usize) -> Error {
    Error::new(
        ErrorCode::AlreadyApplied,
        format!(
            "the hunk's new lines are already at lines {}-{}; it was applied before",
            start + 1,
            end
        ),
        "nothing to do for this hunk; read the file again before sending further changes",
    )
}

fn anchor_line(file: &[&str], anchor: &str) -> Result<usize, Error> {
    let want = anchor.split_whitespace().collect::<Vec<_>>().join(" ");
    let hits: Vec<usize> = (0..file.len())
        .filter(|&i| file[i].split_whitespace().collect::<Vec<_>>().join(" ") == want)
        .collect();
    match hits.as_slice() {
        [one] => Ok(*one),
        [] => Err(Error::new(
            ErrorCode::NoMatch,
            format!("the locator line `@@ {anchor}` is not in the file"),
            "use a line that appears in the file, such as the enclosing function's header",
        )),
        _ => Err(Error::new(
            ErrorCode::AmbiguousMatch,
            format!("the locator line `@@ {anchor}` appears {} times", hits.len()),
            "use a locator line that appears once, or more context lines",
        )
        .with_candidates(
            hits.iter()
                .map(|&l| Candidate {
                    line: l + 1,
                    path: None,
                    kind: None,
                    confidence: Some(1.0),
                })
                .collect(),
        )),
    }
}

/// How many places an error's message names; its candidates list them all (bounded by the
/// answer's `--max-candidates`).
const PLACES_NAMED: usize = 5;

fn ambiguous(candidates: &[Placement], what: &str) -> Error {
    let mut places: Vec<String> = candidates
        .iter()
        .take(PLACES_NAMED)
        .map(|c| format!("lines {}-{}", c.start + 1, c.end))
        .collect();
    if candidates.len() > PLACES_NAMED {
        places.push(format!("and {} more", candidates.len() - PLACES_NAMED));
    }
    Error::new(
        ErrorCode::AmbiguousMatch,
        format!(
            "the {what} matches {} places with near-equal confidence: {}",
            candidates.len(),
            places.join(", ")
        ),
        "send the same change with more surrounding context lines (5 or more) so that it matches one place",
    )
    .with_candidates(candidates_of(candidates))
}

fn no_match(
    file: &[&str],
    from: &[&str],
    closest: Option<Placement>,
    threshold: f64,
    last_tier: Tier,
    what: &str,
) -> Error {
    let (mut hint, candidates) = match closest {
        Some(c) => {
            let real = file[c.start..c.end].join("\n") + "\n";
            let sent = textmatch::trim_blank_edges(from).join("\n") + "\n";
            let diff = similar::TextDiff::from_lines(&sent, &real)
                .unified_diff()
                .context_radius(1)
                .header("sent", "file")
                .to_string();
            let diff: String = diff.lines().take(16).map(|l| format!("\n    {l}")).collect();
            (
                format!(
                    "the closest region is lines {}-{} (confidence {:.2}); read those lines again and resend the block as they are now:{diff}",
                    c.start + 1,
                    c.end,
                    c.confidence
                ),
                vec![Candidate { line: c.start + 1, path: None, kind: None, confidence: Some(round(c.confidence)) }],
            )
        }
        None => (
            "no line of the block is in the file: the file may have changed or the path may be wrong; read it again"
                .to_string(),
            Vec::new(),
        ),
    };
    let message = if last_tier < Tier::Fuzzy {
        if let Some(c) = closest.filter(|c| c.tier > last_tier) {
            hint = format!(
                "{hint}\n(the {} tier would place it at confidence {:.2}: set fallback_strategy to {} to allow that)",
                c.tier.as_str(),
                c.confidence,
                if c.tier == Tier::Fuzzy { "fuzzy" } else { "line_anchor" }
            );
        }
        format!(
            "the {what} matches nowhere by the {} tier or before it",
            last_tier.as_str()
        )
    } else {
        format!("the {what} matches nowhere at or above confidence {threshold:.2}")
    };
    Error::new(ErrorCode::NoMatch, message, hint).with_candidates(candidates)
}
