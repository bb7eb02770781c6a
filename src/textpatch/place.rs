//! Placing hunks in a file and applying them: a unique placement at a stated confidence for
//! every hunk, against the original file, or a refusal that says exactly why.
//!
//! The new lines come from the hunk's `from`→`to` diff laid over the *file's* lines: a
//! context line is written as the file has it (never the patch's possibly retouched copy),
//! a line the file has but the block lacks (a blank line) stays, and added lines move with
//! the block's indentation shift. Each line keeps its own line ending; added lines take
//! their neighbour's.

use super::{Hunk, Marked};
use crate::feedback::{Candidate, Error, ErrorCode};
use crate::textmatch::{self, indent_width, Placement, Tier, Unplaced};
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

/// A file as lines, each with its ending, and how it writes new lines: its most common
/// ending and whether it indents with tabs (read once, for every hunk).
struct Lines<'a> {
    code: Vec<&'a str>,
    endings: Vec<&'a str>,
    eol: &'static str,
    tabs: bool,
}

impl<'a> Lines<'a> {
    /// Lines end at `\n`, `\r\n`, or a lone `\r` (old Mac files, and mixed ones).
    fn of(text: &'a str) -> Lines<'a> {
        let bytes = text.as_bytes();
        let (mut code, mut endings) = (Vec::new(), Vec::new());
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            let ending_len = match bytes[i] {
                b'\n' => 1,
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => 2,
                b'\r' => 1,
                _ => 0,
            };
            if ending_len > 0 {
                code.push(&text[start..i]);
                endings.push(&text[i..i + ending_len]);
                i += ending_len;
                start = i;
            } else {
                i += 1;
            }
        }
        if start < text.len() {
            code.push(&text[start..]);
            endings.push("");
        }
        let crlf = endings.iter().filter(|e| **e == "\r\n").count();
        let lf = endings.iter().filter(|e| **e == "\n").count();
        let eol = if crlf > lf { "\r\n" } else { "\n" };
        let tabs =
            code.iter().filter(|l| l.starts_with('\t')).count() > code.iter().filter(|l| l.starts_with(' ')).count();
        Lines {
            code,
            endings,
            eol,
            tabs,
        }
    }
}

/// `text` with every hunk applied, and where each went.
pub fn apply(text: &str, hunks: &[Hunk], threshold: f64) -> Result<(String, Vec<HunkMatch>), Error> {
    let lines = Lines::of(text);
    let mut placed: Vec<(usize, Placement)> = Vec::new();
    for (i, hunk) in hunks.iter().enumerate() {
        let placement = place(&lines.code, hunk, hunk.fuzz.unwrap_or(threshold)).map_err(|e| e.at_operation(i))?;
        placed.push((i, placement));
    }
    placed.sort_by_key(|(_, p)| (p.start, p.end));
    for pair in placed.windows(2) {
        let ((a, pa), (b, pb)) = (pair[0], pair[1]);
        if pb.start < pa.end {
            return Err(Error::new(
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
            .at_operation(b));
        }
    }

    let mut out = String::with_capacity(text.len() + 256);
    let mut cursor = 0;
    for &(i, p) in &placed {
        for k in cursor..p.start {
            out.push_str(lines.code[k]);
            out.push_str(lines.endings[k]);
        }
        let region_ends_file = p.end == lines.code.len();
        write_region(&mut out, &lines, p, &hunks[i], region_ends_file).map_err(|e| e.at_operation(i))?;
        cursor = p.end;
    }
    for k in cursor..lines.code.len() {
        out.push_str(lines.code[k]);
        out.push_str(lines.endings[k]);
    }
    let matches = placed
        .iter()
        .map(|&(i, p)| HunkMatch {
            hunk: i,
            tier: p.tier,
            confidence: round(p.confidence),
            start_line: p.start + 1,
            end_line: p.end.max(p.start + 1),
        })
        .collect();
    Ok((out, matches))
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Where the hunk's `from` block sits.
fn place(file: &[&str], hunk: &Hunk, threshold: f64) -> Result<Placement, Error> {
    let from: Vec<&str> = hunk.from.iter().map(String::as_str).collect();
    if from.iter().all(|l| l.trim().is_empty()) {
        // A pure insertion: only at the very start of an empty file or at a marked end.
        if hunk.at_end || file.is_empty() {
            let end = file.len();
            return Ok(Placement {
                start: end,
                end,
                tier: Tier::Exact,
                confidence: 1.0,
            });
        }
        return Err(Error::new(
            ErrorCode::NoMatch,
            "the hunk adds lines but gives no context to place them",
            "include 3 or more unchanged lines around the addition (or `*** End of File` for an addition at the end)",
        ));
    }
    // A Codex `@@ line` narrows the search to what follows that line.
    let offset = match &hunk.anchor {
        Some(anchor) => anchor_line(file, anchor)? + 1,
        None => 0,
    };
    let haystack = &file[offset..];
    let shift = |p: Placement| Placement {
        start: p.start + offset,
        end: p.end + offset,
        ..p
    };
    let to: Vec<&str> = hunk.to.iter().map(String::as_str).collect();
    let last_tier = hunk.last_tier.unwrap_or(Tier::Fuzzy);
    match textmatch::find_block_upto(haystack, &from, threshold, last_tier) {
        Ok(p) if hunk.occurrence.is_some_and(|k| k > 1) => Err(too_few_occurrences(hunk, &[shift(p)])),
        // A fuzzy find of the old lines exactly where the new ones already are: the hunk
        // was applied before.
        Ok(p) if p.tier == Tier::Fuzzy && adds_a_line(&from, &to) => match textmatch::find_block(haystack, &to, 1.0) {
            Ok(q) if q.tier <= Tier::Whitespace && q.start < p.end && p.start < q.end => {
                Err(already_applied(q.start + offset, q.end + offset))
            }
            _ => Ok(shift(p)),
        },
        Ok(p) => Ok(shift(p)),
        Err(Unplaced::Ambiguous { candidates }) => {
            let mut candidates: Vec<Placement> = candidates.into_iter().map(shift).collect();
            // `match_occurrence` says which of equal places, in file order.
            if let Some(k) = hunk.occurrence {
                candidates.sort_by_key(|c| c.start);
                return candidates
                    .get(k - 1)
                    .copied()
                    .ok_or_else(|| too_few_occurrences(hunk, &candidates));
            }
            // A line number may choose among equal places when it points exactly at one;
            // an end-of-file hunk takes the one at the end.
            // Blank lines at the block's edges are not part of a placement: the hunk as
            // written starts that many lines earlier.
            let lead = from.iter().take_while(|l| l.trim().is_empty()).count();
            let by_hint: Vec<&Placement> = candidates
                .iter()
                .filter(|c| c.start.checked_sub(lead) == hunk.hint)
                .collect();
            if by_hint.len() == 1 {
                return Ok(*by_hint[0]);
            }
            if hunk.at_end {
                if let Some(last) = candidates.iter().find(|c| c.end == file.len()) {
                    return Ok(*last);
                }
            }
            Err(ambiguous(&candidates))
        }
        Err(Unplaced::NoMatch { closest }) => {
            if adds_a_line(&from, &to) {
                if let Ok(p) = textmatch::find_block(haystack, &to, 1.0) {
                    if p.tier <= Tier::Whitespace {
                        return Err(already_applied(p.start + offset, p.end + offset));
                    }
                }
            }
            // Where a capped search found nothing, the full one still says what was closest.
            let closest = match closest {
                None if last_tier < Tier::Fuzzy => match textmatch::find_block(haystack, &from, threshold) {
                    Ok(p) => Some(p),
                    Err(Unplaced::NoMatch { closest }) => closest,
                    Err(Unplaced::Ambiguous { .. }) => None,
                },
                closest => closest,
            };
            Err(no_match(file, &from, closest.map(shift), threshold, last_tier))
        }
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

fn ambiguous(candidates: &[Placement]) -> Error {
    let places: Vec<String> = candidates
        .iter()
        .map(|c| format!("lines {}-{}", c.start + 1, c.end))
        .collect();
    Error::new(
        ErrorCode::AmbiguousMatch,
        format!(
            "the `from` block matches {} places with near-equal confidence: {}",
            candidates.len(),
            places.join(", ")
        ),
        "send the same change with more surrounding context lines (5 or more) so that it matches one place",
    )
    .with_candidates(candidates_of(candidates))
}

fn no_match(file: &[&str], from: &[&str], closest: Option<Placement>, threshold: f64, last_tier: Tier) -> Error {
    let (mut hint, candidates) = match closest {
        Some(c) => {
            let real = file[c.start..c.end].join("\n") + "\n";
            let sent = from.join("\n") + "\n";
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
            "the `from` block matches nowhere by the {} tier or before it",
            last_tier.as_str()
        )
    } else {
        format!("the `from` block matches nowhere at or above confidence {threshold:.2}")
    };
    Error::new(ErrorCode::NoMatch, message, hint).with_candidates(candidates)
}

/// Lines as non-blank lines and the blank lines before each (the gaps).
struct Gapped<'a> {
    code: Vec<&'a str>,
    gaps: Vec<usize>,
    tail: usize,
}

fn gapped<'a>(lines: &[&'a str]) -> Gapped<'a> {
    let (mut code, mut gaps, mut run) = (Vec::new(), Vec::new(), 0);
    for line in lines {
        if line.trim().is_empty() {
            run += 1;
        } else {
            code.push(*line);
            gaps.push(run);
            run = 0;
        }
    }
    Gapped { code, gaps, tail: run }
}

/// The new lines of a placed region.
///
/// Non-blank lines follow the `from`→`to` diff; blank lines are counted per gap between
/// them: where the patch leaves a gap as it found it (`to` = `from`), the file's own gap
/// stays, whatever the patch said it was; where the patch changes it, the patch's new gap
/// is written. A blank line a patch dropped or added by mistake therefore changes nothing.
fn write_region<'a>(
    out: &mut String,
    lines: &Lines<'a>,
    p: Placement,
    hunk: &Hunk,
    region_ends_file: bool,
) -> Result<(), Error> {
    let eol = lines.eol;
    let from: Vec<&str> = hunk.from.iter().map(String::as_str).collect();
    let to: Vec<&str> = hunk.to.iter().map(String::as_str).collect();
    let (a, b) = (gapped(&from), gapped(&to));
    // The file's non-blank lines of the region, and the blank lines before each.
    let file_code: Vec<usize> = (p.start..p.end).filter(|&k| !lines.code[k].trim().is_empty()).collect();
    if file_code.len() != a.code.len() {
        // The block's lines do not pair with the file's one by one (a fuzzy match of another
        // shape): take the block's new lines as they are, at the file's indentation.
        let delta = indent_delta(lines, &file_code, &a.code);
        let tabs = lines.tabs;
        let mut parts: Vec<(String, &'a str)> = to.iter().map(|l| (shift_indent(l, delta, tabs), eol)).collect();
        finish(out, &mut parts, lines, region_ends_file);
        return Ok(());
    }
    let blanks_before = |i: usize| -> Vec<usize> {
        let lo = if i == 0 { p.start } else { file_code[i - 1] + 1 };
        (lo..file_code[i])
            .filter(|&k| lines.code[k].trim().is_empty())
            .collect()
    };
    let delta = indent_delta(lines, &file_code, &a.code);
    let tabs = lines.tabs;
    let mut parts: Vec<(String, &'a str)> = Vec::new();
    let push_gap = |parts: &mut Vec<(String, &'a str)>, file_blanks: &[usize], count: usize| {
        for n in 0..count {
            match file_blanks.get(n) {
                Some(&k) => parts.push((lines.code[k].to_string(), lines.endings[k])),
                None => parts.push((String::new(), eol)),
            }
        }
    };
    // How many blank lines go before new line j: for a line standing where old line i
    // stood, the file's gap unless the patch changed that gap; for other new lines, the
    // patch's. Before the first line, only the blank lines the patch adds.
    let paired_gap =
        |i: usize, j: usize, file_blanks: usize| if b.gaps[j] == a.gaps[i] { file_blanks } else { b.gaps[j] };
    // The blank lines at the block's edges lie outside the placement: the file keeps its
    // own there, and only the blank lines the patch adds beyond them are written.
    let blank_run =
        |range: &mut dyn Iterator<Item = usize>| range.take_while(|&k| lines.code[k].trim().is_empty()).count();
    let file_lead = blank_run(&mut (0..p.start).rev());
    let file_tail = blank_run(&mut (p.end..lines.code.len()));
    let edge = |patch_old: usize, patch_new: usize, file: usize| {
        if patch_new == patch_old {
            0
        } else {
            patch_new.saturating_sub(file.max(patch_old))
        }
    };
    let new_gap = |j: usize| {
        if j == 0 {
            edge(a.gaps[0], b.gaps[0], file_lead)
        } else {
            b.gaps[j]
        }
    };
    // Formats that mark their lines say which are context; only separate blocks are diffed.
    let diff = match &hunk.marked {
        Some(marks) => marked_ops(marks, &from, &to),
        None => similar::capture_diff_slices(similar::Algorithm::Myers, &a.code, &b.code),
    };
    // New lines were just written: the file's blank lines before the next context line
    // could belong before or after them.
    let mut after_change = false;
    // The patch's blank lines right before the new lines it just wrote.
    let mut gap_before_new: Option<usize> = None;
    // Where the current run of changes began in `parts`, and whether it removed lines.
    let mut change_start = 0;
    let mut change_removes = false;
    for op in &diff {
        let (tag, old_index, new_index) = op.as_tag_tuple();
        match tag {
            similar::DiffTag::Equal => {
                for (i, j) in old_index.clone().zip(new_index.clone()) {
                    let f = blanks_before(i);
                    // The file has blank lines here that the block does not show, the new lines
                    // came with none before them: the missing ones may belong before or after
                    // the new lines, and the two results differ.
                    let hidden = after_change && f.len() > a.gaps[i] && gap_before_new == Some(0) && b.gaps[j] > 0;
                    if hidden && change_removes && hunk.marked.is_some() {
                        return Err(uncertain_blank_lines(a.gaps[i], f.len(), file_code[i] + 1));
                    }
                    after_change = false;
                    gap_before_new = None;
                    if hidden && !change_removes {
                        // Lines inserted with no blank line before them and their own blank
                        // lines after: the blank lines the block does not show separate the
                        // context line before from the insertion, as they separated it from
                        // this line; the insertion's own blank lines then part it from this one.
                        let unshown = f.len() - a.gaps[i];
                        let separator = f[..unshown]
                            .iter()
                            .map(|&k| (lines.code[k].to_string(), lines.endings[k]));
                        parts.splice(change_start..change_start, separator);
                        push_gap(&mut parts, &f[unshown..], b.gaps[j]);
                    } else {
                        // Blank lines before the block are outside the placement.
                        let count = if i == 0 && j == 0 {
                            new_gap(0)
                        } else {
                            paired_gap(i, j, f.len())
                        };
                        push_gap(&mut parts, &f, count);
                    }
                    let k = file_code[i];
                    parts.push((lines.code[k].to_string(), lines.endings[k]));
                }
            }
            similar::DiffTag::Delete => {
                after_change = true;
                change_removes = true;
            }
            similar::DiffTag::Insert => {
                if !after_change {
                    change_start = parts.len();
                    change_removes = false;
                }
                after_change = true;
                gap_before_new = new_index.clone().next().map(|j| b.gaps[j]);
                for j in new_index.clone() {
                    push_gap(&mut parts, &[], new_gap(j));
                    parts.push((shift_indent(b.code[j], delta, tabs), eol));
                }
            }
            similar::DiffTag::Replace => {
                after_change = true;
                change_removes = true;
                gap_before_new = new_index.clone().next().map(|j| b.gaps[j]);
                let (olds, news): (Vec<usize>, Vec<usize>) = (old_index.clone().collect(), new_index.clone().collect());
                // Blank lines the file has between two removed lines but a marked patch does not
                // show: they were context, and where they go among the new lines cannot be known.
                // (Separate blocks say the whole new text of what they replace: these blank
                // lines are replaced with the rest.)
                let hidden = olds.iter().skip(1).find(|&&i| blanks_before(i).len() > a.gaps[i]);
                if let (Some(&i), Some(_)) = (hidden, &hunk.marked) {
                    return Err(uncertain_blank_lines(
                        a.gaps[i],
                        blanks_before(i).len(),
                        file_code[i] + 1,
                    ));
                }
                // A context line the patch retouched (its old line is not what the file has,
                // and its new line is the old one modulo whitespace) stays as the file has it.
                // Only separate blocks retouch context: a marked patch says which lines change.
                let retouched = |(&i, &j): &(&usize, &usize)| {
                    hunk.marked.is_none()
                        && lines.code[file_code[i]] != a.code[i]
                        && same_modulo_whitespace(a.code[i], b.code[j])
                };
                let same = olds.iter().zip(&news).take_while(retouched).count();
                for (&i, &j) in olds.iter().zip(&news).take(same) {
                    let f = blanks_before(i);
                    push_gap(&mut parts, &f, paired_gap(i, j, f.len()));
                    let k = file_code[i];
                    parts.push((lines.code[k].to_string(), lines.endings[k]));
                }
                for (n, &j) in news[same..].iter().enumerate() {
                    // The first new line takes the place of the first old one: the gap before
                    // it follows the same rule as a context line's.
                    match olds.get(same).filter(|_| n == 0) {
                        Some(&i) if !(i == 0 && j == 0) => {
                            let f = blanks_before(i);
                            push_gap(&mut parts, &f, paired_gap(i, j, f.len()));
                        }
                        _ => push_gap(&mut parts, &[], new_gap(j)),
                    }
                    parts.push((shift_indent(b.code[j], delta, tabs), eol));
                }
            }
        }
    }
    // Blank lines the patch adds after its last line.
    for _ in 0..edge(a.tail, b.tail, file_tail) {
        parts.push((String::new(), eol));
    }
    finish(out, &mut parts, lines, region_ends_file);
    Ok(())
}

/// The refusal for blank lines a block shows differently from the file, next to a change.
fn uncertain_blank_lines(block: usize, file: usize, line: usize) -> Error {
    Error::new(
        ErrorCode::AmbiguousMatch,
        format!(
            "the block shows {block} blank line(s) before line {line}, the file has {file}: where they go around the changed lines is not certain"
        ),
        "resend the block with the file's blank lines exactly as they are around the change",
    )
    .with_candidates(vec![Candidate { line, path: None, kind: None, confidence: None }])
}

/// Appends the region's lines; a line left without an ending gets one unless it ends a
/// file that had no final newline.
fn finish(out: &mut String, parts: &mut [(String, &str)], lines: &Lines<'_>, region_ends_file: bool) {
    let file_had_final_newline = lines.endings.last().is_none_or(|e| !e.is_empty());
    let eol = lines.eol;
    let count = parts.len();
    for (n, (text, ending)) in parts.iter().enumerate() {
        out.push_str(text);
        let last = n + 1 == count;
        if !ending.is_empty() {
            out.push_str(ending);
        } else if !(last && region_ends_file && !file_had_final_newline) {
            out.push_str(eol);
        }
    }
}

/// The indentation shift from the block to the file, read off the first line pair.
fn indent_delta(lines: &Lines<'_>, file_code: &[usize], block: &[&str]) -> isize {
    match (file_code.first(), block.first()) {
        (Some(&k), Some(line)) => indent_width(lines.code[k]) as isize - indent_width(line) as isize,
        _ => 0,
    }
}

/// The diff a marked hunk states, over its non-blank lines (blank lines are gaps).
fn marked_ops(marks: &[Marked], from: &[&str], to: &[&str]) -> Vec<similar::DiffOp> {
    use similar::DiffOp;
    let (mut f, mut t, mut old, mut new) = (0, 0, 0, 0);
    let mut ops: Vec<DiffOp> = Vec::new();
    for mark in marks {
        match mark {
            Marked::Context => {
                if !from[f].trim().is_empty() {
                    match ops.last_mut() {
                        Some(DiffOp::Equal { len, .. }) => *len += 1,
                        _ => ops.push(DiffOp::Equal {
                            old_index: old,
                            new_index: new,
                            len: 1,
                        }),
                    }
                    old += 1;
                    new += 1;
                }
                f += 1;
                t += 1;
            }
            Marked::Removed => {
                if !from[f].trim().is_empty() {
                    // A removed line after added ones starts a change of its own: diff tools
                    // write a change's removed lines before its added ones, so a context line
                    // (a blank one the patch lost, perhaps) stood between the two.
                    match ops.last_mut() {
                        Some(DiffOp::Delete { old_len, .. }) => *old_len += 1,
                        _ => ops.push(DiffOp::Delete {
                            old_index: old,
                            old_len: 1,
                            new_index: new,
                        }),
                    }
                    old += 1;
                }
                f += 1;
            }
            Marked::Added => {
                if !to[t].trim().is_empty() {
                    match ops.last_mut() {
                        Some(DiffOp::Insert { new_len, .. }) | Some(DiffOp::Replace { new_len, .. }) => *new_len += 1,
                        Some(&mut DiffOp::Delete {
                            old_index,
                            old_len,
                            new_index,
                        }) => {
                            *ops.last_mut().expect("a last op") = DiffOp::Replace {
                                old_index,
                                old_len,
                                new_index,
                                new_len: 1,
                            };
                        }
                        _ => ops.push(DiffOp::Insert {
                            old_index: old,
                            new_index: new,
                            new_len: 1,
                        }),
                    }
                    new += 1;
                }
                t += 1;
            }
        }
    }
    ops
}

fn same_modulo_whitespace(a: &str, b: &str) -> bool {
    a.split_whitespace().eq(b.split_whitespace())
}

/// `line` moved right (or left) by `delta` columns, in tabs or spaces as the file indents.
fn shift_indent(line: &str, delta: isize, tabs: bool) -> String {
    if delta == 0 || line.trim().is_empty() {
        return if line.trim().is_empty() {
            String::new()
        } else {
            line.to_string()
        };
    }
    let width = (indent_width(line) as isize + delta).max(0) as usize;
    let indent = if tabs {
        "\t".repeat(width / 4) + &" ".repeat(width % 4)
    } else {
        " ".repeat(width)
    };
    format!("{indent}{}", line.trim_start())
}
