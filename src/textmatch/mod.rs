//! The tiered text matcher: where does a block of lines sit in a file, and how sure is that?
//!
//! **Blank lines never locate a block.** Every tier compares the block's non-blank lines
//! with runs of the file's non-blank lines, one for one; blank lines (empty or
//! whitespace-only) are layout, and only break a tie between places whose lines are equal
//! (the place whose blank lines are the block's wins). A placement therefore always pairs
//! the block's i-th non-blank line with the i-th non-blank line of the file's region — the
//! writer relies on it.
//!
//! Tiers, tried in order, each stopping the search when it yields a unique placement:
//! 1. `exact`: the lines as they are;
//! 2. `whitespace`: trailing whitespace, then tabs against spaces in the indentation, then
//!    runs of spaces inside the line, then Unicode punctuation and NBSP folded to ASCII —
//!    each line keeping its indentation width, so that a shifted block is left to tier 3
//!    (an exact placement whose blank lines differ from the block's is reported here too);
//! 3. `indentation`: the block shifted by one uniform indentation;
//! 4. `fuzzy`: Damerau-Levenshtein similarity of the lines, at or above a threshold.
//!
//! **Indentation is part of a line.** No tier pairs lines of different depth relative to
//! their block: the whitespace tier keeps each line's width, the indentation tier allows
//! only one shift for the whole block, and a fuzzy placement may retype characters but
//! counts a line at another relative depth as not matching at all. Widths count a tab as
//! [`Options::tab_width`] columns — the file's indentation unit when it indents with
//! spaces, so a block typed with tabs meets a space-indented file level for level.
//!
//! **Ambiguity guard** in every tier: two placements whose confidence differs by less than
//! 0.02 are refused, never guessed between — but a fuzzy place that differs from the block
//! on every line the best place differs on, and on more, is no rival (a near-twin block
//! that shares the best place's retyped line and has a line of its own besides). Fuzzy
//! windows are only scored where some line of the block already matches (an anchor), so
//! the cost stays near linear in the file.
//!
//! ```
//! use saguaro::textmatch::{find_block, Tier};
//! let file = ["def a():", "    return 1  ", "", "def b():", "    return 2"];
//! let placed = find_block(&file, &["def a():", "    return 1"], 0.85).unwrap();
//! assert_eq!((placed.start, placed.tier), (0, Tier::Whitespace));
//! ```

use serde::Serialize;
use std::borrow::Cow;
use std::collections::HashMap;

/// How a placement was found; the order is the order of trust.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Exact,
    /// An exact substring of the file that does not cover whole lines (a fragment inside a
    /// line, or a block starting or ending mid-line): only text blocks search for it.
    Substring,
    Whitespace,
    Indentation,
    Fuzzy,
}

impl Tier {
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Exact => "exact",
            Tier::Substring => "substring",
            Tier::Whitespace => "whitespace",
            Tier::Indentation => "indentation",
            Tier::Fuzzy => "fuzzy",
        }
    }
}

/// Where a block sits: lines `start..end` (0-based, end exclusive) of the file, from the
/// line of the block's first non-blank line to that of its last.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Placement {
    pub start: usize,
    pub end: usize,
    pub tier: Tier,
    pub confidence: f64,
}

/// Why a block could not be placed.
#[derive(Debug, Clone, PartialEq)]
pub enum Unplaced {
    /// Nothing at or above the threshold; the closest window, if any was scored.
    NoMatch { closest: Option<Placement> },
    /// Several placements within 0.02 of each other.
    Ambiguous { candidates: Vec<Placement> },
}

/// The least confidence a fuzzy placement needs unless told otherwise (`--fuzz`).
pub const DEFAULT_THRESHOLD: f64 = 0.85;

/// Two placements closer than this in confidence are ambiguous.
pub const AMBIGUITY_MARGIN: f64 = 0.02;

/// How to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// The least confidence of a fuzzy placement.
    pub threshold: f64,
    /// The last tier tried (a patch that allows no fallback stops at `exact`).
    pub last: Tier,
    /// Columns a tab counts for in indentation widths.
    pub tab_width: usize,
}

impl Options {
    pub fn new(threshold: f64) -> Options {
        Options {
            threshold,
            last: Tier::Fuzzy,
            tab_width: 4,
        }
    }
}

/// Places `needle` in `haystack` (both as lines without line endings).
pub fn find_block(haystack: &[&str], needle: &[&str], threshold: f64) -> Result<Placement, Unplaced> {
    find_block_with(haystack, needle, &Options::new(threshold))
}

/// A text's non-blank lines, where they are, and the blank lines between them.
struct Code<'a> {
    lines: Vec<&'a str>,
    /// Index of each non-blank line in the text.
    at: Vec<usize>,
}

impl<'a> Code<'a> {
    fn of(text: &[&'a str]) -> Code<'a> {
        let at: Vec<usize> = (0..text.len()).filter(|&i| !is_blank(text[i])).collect();
        Code {
            lines: at.iter().map(|&i| text[i]).collect(),
            at,
        }
    }

    /// Blank lines between non-blank line `k - 1` and `k`.
    fn gap(&self, k: usize) -> usize {
        self.at[k] - self.at[k - 1] - 1
    }
}

/// Whether a line is blank: empty or whitespace only.
pub fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// A line compared at one of the matcher's levels: 0 as written, 1 without trailing
/// whitespace, 2 with its indentation as a width, 3 with runs of whitespace collapsed,
/// 4 with punctuation folded.
pub fn level_key(level: usize, line: &str, tab: usize) -> Cow<'_, str> {
    let width = || " ".repeat(indent_width_with(line, tab));
    match level {
        0 => Cow::Borrowed(line),
        1 => Cow::Borrowed(line.trim_end()),
        2 => Cow::Owned(format!("{}{}", width(), line.trim())),
        3 => Cow::Owned(format!("{}{}", width(), collapse(line))),
        _ => Cow::Owned(format!("{}{}", width(), fold_unicode(&collapse(line)))),
    }
}

/// The number of comparison levels of [`level_key`]; level 0 is the exact tier.
pub const LEVELS: usize = 5;

/// The line's words joined by single spaces.
fn collapse(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a line says, whatever its indentation and spacing.
fn content_key(line: &str) -> String {
    fold_unicode(&collapse(line))
}

/// [`find_block`] with every option.
pub fn find_block_with(haystack: &[&str], needle: &[&str], options: &Options) -> Result<Placement, Unplaced> {
    // The common case first: the block's lines, blank ones included, as they are — what
    // the exact tier would find among non-blank lines with the same blank lines between.
    let verbatim = trim_blank_edges(needle);
    if !verbatim.is_empty() && verbatim.len() <= haystack.len() {
        let m = verbatim.len();
        let mut hits =
            (0..=haystack.len() - m).filter(|&s| haystack[s] == verbatim[0] && haystack[s..s + m] == verbatim[..]);
        match (hits.next(), hits.next()) {
            (Some(s), None) => {
                return Ok(Placement {
                    start: s,
                    end: s + m,
                    tier: Tier::Exact,
                    confidence: 1.0,
                })
            }
            (Some(a), Some(b)) => {
                let candidates = [a, b]
                    .into_iter()
                    .chain(hits)
                    .map(|s| Placement {
                        start: s,
                        end: s + m,
                        tier: Tier::Exact,
                        confidence: 1.0,
                    })
                    .collect();
                return Err(Unplaced::Ambiguous { candidates });
            }
            _ => {}
        }
    }
    let hay = Code::of(haystack);
    let want = Code::of(needle);
    let n = want.lines.len();
    if n == 0 || n > hay.lines.len() {
        return Err(Unplaced::NoMatch { closest: None });
    }
    let starts = 0..=hay.lines.len() - n;
    let tab = options.tab_width.max(1);
    let gaps_agree = |s: usize| (1..n).all(|k| hay.gap(s + k) == want.gap(k));
    let placement = |s: usize, tier: Tier, confidence: f64| Placement {
        start: hay.at[s],
        end: hay.at[s + n - 1] + 1,
        tier,
        confidence,
    };
    // Among equal lines, the place whose blank lines are the block's wins.
    let decide = |hits: Vec<usize>, tier: Tier, confidence: f64| -> Result<Option<Placement>, Unplaced> {
        let agreeing: Vec<usize> = hits.iter().copied().filter(|&s| gaps_agree(s)).collect();
        let (chosen, blank_lines_differ) = match (agreeing.len(), hits.len()) {
            (_, 0) => return Ok(None),
            (1, _) => (agreeing[0], false),
            (_, 1) => (hits[0], true),
            _ => {
                let all = if agreeing.len() > 1 { agreeing } else { hits };
                return Err(Unplaced::Ambiguous {
                    candidates: all.into_iter().map(|s| placement(s, tier, confidence)).collect(),
                });
            }
        };
        Ok(Some(if blank_lines_differ && tier == Tier::Exact {
            placement(chosen, Tier::Whitespace, 0.95)
        } else if blank_lines_differ {
            placement(chosen, tier, confidence.min(0.95))
        } else {
            placement(chosen, tier, confidence)
        }))
    };

    // 1-2. exact, then whitespace level by level. Each level normalises every line once, and
    // only windows whose first line already matches are checked further.
    for level in 0..LEVELS {
        let (tier, confidence) = if level == 0 {
            (Tier::Exact, 1.0)
        } else {
            (Tier::Whitespace, 1.0 - 0.01 * level as f64)
        };
        if tier > options.last {
            return Err(Unplaced::NoMatch { closest: None });
        }
        let wanted: Vec<Cow<'_, str>> = want.lines.iter().map(|l| level_key(level, l, tab)).collect();
        // Levels that only borrow the line are compared in place; the others normalise
        // every line of the file once.
        let keys: Vec<Cow<'_, str>> = if level < 2 {
            Vec::new()
        } else {
            hay.lines.iter().map(|l| level_key(level, l, tab)).collect()
        };
        let key = |i: usize| {
            if level < 2 {
                level_key(level, hay.lines[i], tab)
            } else {
                Cow::Borrowed(&*keys[i])
            }
        };
        let hits: Vec<usize> = starts
            .clone()
            .filter(|&s| key(s) == wanted[0] && (1..n).all(|k| key(s + k) == wanted[k]))
            .collect();
        if let Some(p) = decide(hits, tier, confidence)? {
            return Ok(p);
        }
    }
    if options.last < Tier::Indentation {
        return Err(Unplaced::NoMatch { closest: None });
    }
    // 3. indentation: the same lines after one uniform shift.
    let wanted: Vec<String> = want.lines.iter().map(|l| content_key(l)).collect();
    let keys: Vec<String> = hay.lines.iter().map(|l| content_key(l)).collect();
    let hits: Vec<usize> = starts
        .clone()
        .filter(|&s| {
            keys[s] == wanted[0]
                && keys[s..s + n] == wanted[..]
                && shifted_equal(&hay.lines[s..s + n], &want.lines, tab)
        })
        .collect();
    if let Some(p) = decide(hits, Tier::Indentation, 0.95)? {
        return Ok(p);
    }
    if options.last < Tier::Fuzzy {
        return Err(Unplaced::NoMatch { closest: None });
    }
    // 4. fuzzy, on anchored windows only.
    fuzzy(&hay, &want, options.threshold, tab).map(|(s, confidence)| placement(s, Tier::Fuzzy, confidence))
}

/// Whether `needle`'s lines stand in `haystack` as they are, or with trailing whitespace
/// or tabs retyped as spaces — blank lines included: the proof that new lines are already
/// in a file (a looser likeness is no proof).
pub fn find_verbatim(haystack: &[&str], needle: &[&str], tab_width: usize) -> Option<Placement> {
    let needle = trim_blank_edges(needle);
    let n = needle.len();
    if n == 0 || n > haystack.len() {
        return None;
    }
    let key = |l: &str| {
        if is_blank(l) {
            String::new()
        } else {
            level_key(2, l, tab_width).into_owned()
        }
    };
    let wanted: Vec<String> = needle.iter().map(|l| key(l)).collect();
    let keys: Vec<String> = haystack.iter().map(|l| key(l)).collect();
    let mut hits = (0..=haystack.len() - n).filter(|&s| keys[s] == wanted[0] && keys[s..s + n] == wanted[..]);
    match (hits.next(), hits.next()) {
        (Some(s), None) => Some(Placement {
            start: s,
            end: s + n,
            tier: Tier::Whitespace,
            confidence: 1.0,
        }),
        _ => None,
    }
}

/// The best fuzzy window (start among `hay`'s non-blank lines, confidence), or why none.
fn fuzzy(hay: &Code<'_>, want: &Code<'_>, threshold: f64, tab: usize) -> Result<(usize, f64), Unplaced> {
    let n = want.lines.len();
    let needle_keys: Vec<String> = want.lines.iter().map(|l| collapse(l)).collect();
    let keys: Vec<String> = hay.lines.iter().map(|l| collapse(l)).collect();
    // An anchor: line k of the block found as line i of the file puts the block at i - k.
    let mut positions: HashMap<&str, Vec<usize>> = HashMap::new();
    for (k, key) in needle_keys.iter().enumerate() {
        if key.len() > 3 {
            positions.entry(key.as_str()).or_default().push(k);
        }
    }
    let mut starts: Vec<usize> = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        if let Some(ks) = positions.get(key.as_str()) {
            starts.extend(
                ks.iter()
                    .filter_map(|&k| i.checked_sub(k))
                    .filter(|&s| s + n <= hay.lines.len()),
            );
        }
    }
    // A block of a few lines may have no line left intact: score every window then (the
    // cost is bounded by the block's small size).
    if starts.is_empty() && n <= 3 {
        starts.extend(0..=hay.lines.len() - n);
    }
    starts.sort_unstable();
    starts.dedup();
    let widths: Vec<isize> = hay.lines.iter().map(|l| indent_width_with(l, tab) as isize).collect();
    let wanted_widths: Vec<isize> = want.lines.iter().map(|l| indent_width_with(l, tab) as isize).collect();
    // A window's confidence is the mean of its lines' similarities: one retyped line in a
    // long block weighs as one line, so near-twin blocks elsewhere stay far apart. A line
    // at another depth relative to the block than the window's own shift scores nothing:
    // retyped characters are a typo, a changed depth is another line.
    let mut scored: Vec<(usize, f64, Vec<bool>)> = starts
        .into_iter()
        .map(|s| {
            let shifts: Vec<isize> = (0..n).map(|k| widths[s + k] - wanted_widths[k]).collect();
            let shift = dominant(&shifts);
            let similarity: Vec<f64> = (0..n)
                .map(|k| {
                    if shifts[k] != shift {
                        0.0
                    } else if keys[s + k] == needle_keys[k] {
                        1.0
                    } else {
                        strsim::normalized_damerau_levenshtein(&keys[s + k], &needle_keys[k])
                    }
                })
                .collect();
            let inexact = similarity.iter().map(|&x| x < 1.0).collect();
            (s, similarity.iter().sum::<f64>() / n as f64, inexact)
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let as_placement = |s: usize, confidence: f64| Placement {
        start: hay.at[s],
        end: hay.at[s + n - 1] + 1,
        tier: Tier::Fuzzy,
        confidence,
    };
    let Some((best, confidence, best_inexact)) = scored.first().cloned() else {
        return Err(Unplaced::NoMatch { closest: None });
    };
    if confidence < threshold {
        return Err(Unplaced::NoMatch {
            closest: Some(as_placement(best, confidence)),
        });
    }
    // Overlapping windows of the same place are one candidate, not two. A place that
    // differs from the block on every line the best place differs on, and on more, is no
    // rival: the best place is at least as exact line for line.
    let dominated =
        |inexact: &[bool]| best_inexact.iter().zip(inexact).all(|(&b, &r)| !b || r) && best_inexact != inexact;
    let rivals: Vec<Placement> = scored
        .iter()
        .filter(|(s, c, inexact)| {
            confidence - c < AMBIGUITY_MARGIN && (*s >= best + n || s + n <= best) && !dominated(inexact)
        })
        .map(|&(s, c, _)| as_placement(s, c))
        .collect();
    if rivals.is_empty() {
        Ok((best, confidence))
    } else {
        let mut candidates = vec![as_placement(best, confidence)];
        candidates.extend(rivals);
        Err(Unplaced::Ambiguous { candidates })
    }
}

/// The most frequent value (the first one seen among equally frequent ones).
pub fn dominant(values: &[isize]) -> isize {
    let mut counts: Vec<(isize, usize)> = Vec::new();
    for &v in values {
        match counts.iter_mut().find(|(x, _)| *x == v) {
            Some((_, n)) => *n += 1,
            None => counts.push((v, 1)),
        }
    }
    counts
        .iter()
        .fold((0, 0), |best, &(v, n)| if n > best.1 { (v, n) } else { best })
        .0
}

/// Whether `window`, whose lines equal `needle`'s but for indentation, is `needle` shifted by
/// one uniform indentation (blank lines are not among them).
fn shifted_equal(window: &[&str], needle: &[&str], tab: usize) -> bool {
    let shift = |w: &&str, n: &&str| indent_width_with(w, tab) as isize - indent_width_with(n, tab) as isize;
    let first = shift(&window[0], &needle[0]);
    // Not a shift: the whitespace tier already looked.
    first != 0 && window.iter().zip(needle).all(|(w, n)| shift(w, n) == first)
}

/// Indentation width, a tab counting as four columns.
pub fn indent_width(line: &str) -> usize {
    indent_width_with(line, 4)
}

/// Indentation width, a tab counting as `tab` columns.
pub fn indent_width_with(line: &str, tab: usize) -> usize {
    line.chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .map(|c| if c == '\t' { tab } else { 1 })
        .sum()
}

/// `lines` without blank lines at either end.
pub fn trim_blank_edges<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let start = lines.iter().position(|l| !is_blank(l)).unwrap_or(lines.len());
    let end = lines.iter().rposition(|l| !is_blank(l)).map_or(start, |i| i + 1);
    lines[start..end].to_vec()
}

/// Unicode punctuation that agents and editors substitute, folded to ASCII.
pub fn fold_unicode(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{00a0}' | '\u{2007}' | '\u{202f}' => ' ',
            '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{2032}' => '\'',
            '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{2033}' => '"',
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
            '\u{2026}' => '.',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: [&str; 9] = [
        "def a():",
        "    x = compute(1)",
        "    return x",
        "",
        "def b():",
        "    y = compute(2)",
        "    return y",
        "",
        "end()",
    ];

    #[test]
    fn tiers_in_order() {
        assert_eq!(
            find_block(&FILE, &["def b():", "    y = compute(2)"], 0.85)
                .unwrap()
                .tier,
            Tier::Exact
        );
        let p = find_block(&FILE, &["def b():  ", "    y   =  compute(2)"], 0.85).unwrap();
        assert_eq!((p.start, p.tier), (4, Tier::Whitespace));
        let p = find_block(&FILE, &["def b():", "  y = compute(2)"], 0.85);
        assert!(
            p.is_err(),
            "an uneven indentation is neither whitespace, a shift, nor a typo: {p:?}"
        );
        let p = find_block(&FILE, &["\ty = compute(2)", "    return y"], 0.85).unwrap();
        assert_eq!(
            (p.start, p.tier),
            (5, Tier::Whitespace),
            "a tab is four columns of indentation"
        );
        let p = find_block(&FILE, &["        y = compute(2)", "        return y"], 0.85).unwrap();
        assert_eq!((p.start, p.tier), (5, Tier::Indentation), "a uniform shift");
        let p = find_block(&FILE, &["  def b():", "      y = compute(2)"], 0.85).unwrap();
        assert_eq!((p.start, p.tier), (4, Tier::Indentation));
        let p = find_block(&FILE, &["def b():", "    y = compte(2)", "    return y"], 0.85).unwrap();
        assert_eq!((p.start, p.tier), (4, Tier::Fuzzy));
        assert!(p.confidence > 0.9 && p.confidence < 1.0);
    }

    #[test]
    fn a_tab_counts_as_the_files_unit() {
        let file = ["if x:", "  if y:", "    go()"];
        let options = Options {
            tab_width: 2,
            ..Options::new(0.85)
        };
        let p = find_block_with(&file, &["\tif y:", "\t\tgo()"], &options).unwrap();
        assert_eq!((p.start, p.tier), (1, Tier::Whitespace));
        // Counted as four columns, the tabs say another depth than the file's.
        assert!(find_block_with(&file, &["\tif y:", "\t\tgo()"], &Options::new(0.85)).is_err());
    }

    #[test]
    fn a_blank_line_dropped_or_added_inside_the_block() {
        let p = find_block(&FILE, &["    return x", "def b():"], 0.85).unwrap();
        assert_eq!((p.start, p.end, p.tier), (2, 5, Tier::Whitespace));
        let p = find_block(&FILE, &["def b():", "", "    y = compute(2)"], 0.85).unwrap();
        assert_eq!((p.start, p.end), (4, 6));
        // Blank lines only break ties: of two equal places, the one laid out as the block.
        let file = ["x = 1", "", "y = 2", "z()", "x = 1", "y = 2"];
        let p = find_block(&file, &["x = 1", "y = 2"], 0.85).unwrap();
        assert_eq!((p.start, p.tier), (4, Tier::Exact));
        let p = find_block(&file, &["x = 1", "", "y = 2"], 0.85).unwrap();
        assert_eq!((p.start, p.tier), (0, Tier::Exact));
    }

    #[test]
    fn fuzzy_never_pairs_lines_of_another_depth() {
        let file = [
            "for item in items:",
            "    if item.ready:",
            "        process(item)",
            "    else:",
            "        skip(item)",
        ];
        // The `else:` of the block sits one level deeper than the file's: with a retyped
        // line besides, this is another piece of code, not the file's.
        let block = [
            "    if item.ready:",
            "        procss(item)",
            "        else:",
            "        skip(item)",
        ];
        match find_block(&file, &block, 0.85) {
            Err(Unplaced::NoMatch { closest: Some(p) }) => assert!(p.confidence < 0.85),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unicode_quotes_and_dashes_fold() {
        let file = ["msg = \"it's ok\" - done"];
        let p = find_block(&file, &["msg = \u{201c}it\u{2019}s ok\u{201d} \u{2013} done"], 0.85).unwrap();
        assert_eq!(p.tier, Tier::Whitespace);
    }

    #[test]
    fn two_equal_places_are_ambiguous_in_every_tier() {
        let file = ["x = 1", "y = 2", "x = 1", "y = 2"];
        assert!(
            matches!(find_block(&file, &["x = 1"], 0.85), Err(Unplaced::Ambiguous { candidates }) if candidates.len() == 2)
        );
        assert!(matches!(
            find_block(&file, &["x  =  1 "], 0.85),
            Err(Unplaced::Ambiguous { .. })
        ));
        let file = ["    return compute(1)", "    other()", "    return compute(2)"];
        assert!(matches!(
            find_block(&file, &["    return compute(x)"], 0.85),
            Err(Unplaced::Ambiguous { .. })
        ));
    }

    #[test]
    fn a_near_twin_that_differs_on_more_lines_is_no_rival() {
        // Two impls differing in one line; the block retypes a line they share.
        let file = [
            "impl Visitor for U8 {",
            "    fn visit(self, v: u8) -> Result<u8, Error> {",
            "        Ok(v)",
            "    }",
            "}",
            "impl Visitor for U16 {",
            "    fn visit(self, v: u16) -> Result<u16, Error> {",
            "        Ok(v)",
            "    }",
            "}",
        ];
        let block = [
            "impl Visitor for U16 {",
            "    fn visit(self, v: u16) -> Result<u16, Error> {",
            "        Ok(w)",
            "    }",
        ];
        let p = find_block(&file, &block, 0.85).unwrap();
        assert_eq!((p.start, p.tier), (5, Tier::Fuzzy));
        // Each place differing on a line of its own: ambiguous.
        let block = [
            "impl Visitor for U32 {",
            "    fn visit(self, v: u32) -> Result<u32, Error> {",
        ];
        assert!(matches!(
            find_block(&file, &block, 0.5),
            Err(Unplaced::Ambiguous { .. })
        ));
    }

    #[test]
    fn verbatim_means_as_written_or_trailing_whitespace_or_tabs() {
        let file = ["a = 1  ", "\tb = 2", "c = 3"];
        assert_eq!(
            find_verbatim(&file, &["a = 1", "    b = 2"], 4).map(|p| p.start),
            Some(0)
        );
        assert_eq!(
            find_verbatim(&file, &["a  =  1"], 4),
            None,
            "inner spacing may be the change"
        );
    }

    #[test]
    fn garbled_blocks_are_no_match_with_the_closest_place() {
        match find_block(
            &FILE,
            &[
                "def b():",
                "    zz = frobnicate(99, 100, 101)",
                "    yield nothing_at_all",
            ],
            0.85,
        ) {
            Err(Unplaced::NoMatch { closest: Some(p) }) => assert!(p.confidence < 0.85),
            other => panic!("{other:?}"),
        }
        match find_block(&FILE, &["nothing like it"], 0.85) {
            Err(Unplaced::NoMatch { closest: Some(p) }) => assert!(p.confidence < 0.5),
            other => panic!("{other:?}"),
        }
    }
}
