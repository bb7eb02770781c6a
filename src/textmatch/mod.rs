//! The tiered text matcher: where does a block of lines sit in a file, and how sure is that?
//!
//! Tiers, tried in order, each stopping the search when it yields a unique placement:
//! 1. `exact`: the lines as they are;
//! 2. `whitespace`: trailing whitespace, then tabs against spaces in the indentation, then
//!    runs of spaces inside the line, then Unicode punctuation and NBSP folded to ASCII —
//!    each line keeping its indentation width, so that a shifted block is left to tier 3;
//! 3. `indentation`: the block shifted by one uniform indentation;
//! 4. `fuzzy`: Damerau-Levenshtein similarity of the whole window, at or above a threshold.
//!
//! **Ambiguity guard** in every tier: two placements whose confidence differs by less than
//! 0.02 are refused, never guessed between. Fuzzy windows are only scored where some line
//! of the block already matches (an anchor), so the cost stays near linear in the file.
//!
//! ```
//! use saguaro::textmatch::{find_block, Tier};
//! let file = ["def a():", "    return 1  ", "", "def b():", "    return 2"];
//! let placed = find_block(&file, &["def a():", "    return 1"], 0.85).unwrap();
//! assert_eq!((placed.start, placed.tier), (0, Tier::Whitespace));
//! ```

use serde::Serialize;

/// How a placement was found; the order is the order of trust.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Exact,
    Whitespace,
    Indentation,
    Fuzzy,
}

impl Tier {
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Exact => "exact",
            Tier::Whitespace => "whitespace",
            Tier::Indentation => "indentation",
            Tier::Fuzzy => "fuzzy",
        }
    }
}

/// Where a block sits: lines `start..end` (0-based, end exclusive) of the file.
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

/// Whitespace-tier normalisations, from the mildest to the strongest. Each keeps the line's
/// indentation width: a block indented differently is the indentation tier's.
const WHITESPACE_LEVELS: [fn(&str) -> String; 4] = [
    |l| l.trim_end().to_string(),
    |l| format!("{}{}", " ".repeat(indent_width(l)), l.trim()),
    |l| format!("{}{}", " ".repeat(indent_width(l)), collapse(l)),
    |l| format!("{}{}", " ".repeat(indent_width(l)), fold_unicode(&collapse(l))),
];

/// The line's words joined by single spaces.
fn collapse(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Places `needle` in `haystack` (both as lines without line endings).
pub fn find_block(haystack: &[&str], needle: &[&str], threshold: f64) -> Result<Placement, Unplaced> {
    find_block_upto(haystack, needle, threshold, Tier::Fuzzy)
}

/// [`find_block`] trying no tier beyond `last` (a patch that allows no fallback stops at
/// `exact`).
pub fn find_block_upto(haystack: &[&str], needle: &[&str], threshold: f64, last: Tier) -> Result<Placement, Unplaced> {
    let needle: Vec<&str> = trim_blank_edges(needle);
    if needle.is_empty() || needle.len() > haystack.len() {
        return Err(Unplaced::NoMatch { closest: None });
    }
    let n = needle.len();
    let windows = 0..=haystack.len() - n;

    // 1. exact
    let exact: Vec<usize> = windows.clone().filter(|&s| haystack[s..s + n] == needle[..]).collect();
    if let Some(p) = decide(&exact, n, Tier::Exact, 1.0)? {
        return Ok(p);
    }
    if last == Tier::Exact {
        return Err(Unplaced::NoMatch { closest: None });
    }
    // 2. whitespace, level by level. Each level normalises every line once, and only
    // windows whose first line already matches are checked further.
    for (level, normalise) in WHITESPACE_LEVELS.iter().enumerate() {
        let want: Vec<String> = needle.iter().map(|l| normalise(l)).collect();
        let hay: Vec<String> = haystack.iter().map(|l| normalise(l)).collect();
        let hits: Vec<usize> = windows
            .clone()
            .filter(|&s| hay[s] == want[0] && hay[s..s + n] == want[..])
            .collect();
        if let Some(p) = decide(&hits, n, Tier::Whitespace, 0.99 - 0.01 * level as f64)? {
            return Ok(p);
        }
    }
    // 2b. blank lines: a blank line dropped or added inside the block.
    if let Some(p) = ignoring_blank_lines(haystack, &needle)? {
        return Ok(p);
    }
    if last == Tier::Whitespace {
        return Err(Unplaced::NoMatch { closest: None });
    }
    // 3. indentation: the same lines after one uniform shift.
    let content: Vec<String> = haystack.iter().map(|l| fold_unicode(&collapse(l))).collect();
    let want: Vec<String> = needle.iter().map(|l| fold_unicode(&collapse(l))).collect();
    let hits: Vec<usize> = windows
        .clone()
        .filter(|&s| {
            content[s] == want[0] && content[s..s + n] == want[..] && shifted_equal(&haystack[s..s + n], &needle)
        })
        .collect();
    if let Some(p) = decide(&hits, n, Tier::Indentation, 0.95)? {
        return Ok(p);
    }
    if last < Tier::Fuzzy {
        return Err(Unplaced::NoMatch { closest: None });
    }
    // 4. fuzzy, on anchored windows only.
    fuzzy(haystack, &needle, threshold)
}

/// The block's non-blank lines, in order, against the file's non-blank lines (whitespace
/// normalised): a placement spanning the file lines from the first to the last match.
fn ignoring_blank_lines(haystack: &[&str], needle: &[&str]) -> Result<Option<Placement>, Unplaced> {
    let normalise = WHITESPACE_LEVELS[3];
    let want: Vec<String> = needle
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| normalise(l))
        .collect();
    if want.len() == needle.len() && !haystack.iter().any(|l| l.trim().is_empty()) {
        return Ok(None); // nothing blank on either side: the tiers above already looked
    }
    let code: Vec<usize> = (0..haystack.len())
        .filter(|&i| !haystack[i].trim().is_empty())
        .collect();
    if want.is_empty() || want.len() > code.len() {
        return Ok(None);
    }
    let keys: Vec<String> = code.iter().map(|&i| normalise(haystack[i])).collect();
    let hits: Vec<Placement> = (0..=code.len() - want.len())
        .filter(|&s| keys[s..s + want.len()] == want[..])
        .map(|s| Placement {
            start: code[s],
            end: code[s + want.len() - 1] + 1,
            tier: Tier::Whitespace,
            confidence: 0.95,
        })
        .collect();
    match hits.len() {
        0 => Ok(None),
        1 => Ok(Some(hits[0])),
        _ => Err(Unplaced::Ambiguous { candidates: hits }),
    }
}

/// The unique placement among `hits`, none, or `Ambiguous`.
fn decide(hits: &[usize], n: usize, tier: Tier, confidence: f64) -> Result<Option<Placement>, Unplaced> {
    let placements: Vec<Placement> = hits
        .iter()
        .map(|&s| Placement {
            start: s,
            end: s + n,
            tier,
            confidence,
        })
        .collect();
    match placements.len() {
        0 => Ok(None),
        1 => Ok(Some(placements[0])),
        _ => Err(Unplaced::Ambiguous { candidates: placements }),
    }
}

fn fuzzy(haystack: &[&str], needle: &[&str], threshold: f64) -> Result<Placement, Unplaced> {
    let n = needle.len();
    let key = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let needle_keys: std::collections::HashSet<String> =
        needle.iter().map(|l| key(l)).filter(|k| k.len() > 3).collect();
    // A window's confidence is the mean of its lines' similarities: one retyped line in a
    // long block weighs as one line, so near-twin blocks elsewhere stay far apart.
    let needle_keyed: Vec<String> = needle.iter().map(|l| key(l)).collect();
    let keys: Vec<String> = haystack.iter().map(|l| key(l)).collect();
    // An anchor: line k of the block found as line i of the file puts the block at i - k.
    let mut positions: std::collections::HashMap<&str, Vec<usize>> = std::collections::HashMap::new();
    for (k, want) in needle_keyed.iter().enumerate() {
        if needle_keys.contains(want) {
            positions.entry(want.as_str()).or_default().push(k);
        }
    }
    let mut starts: Vec<usize> = Vec::new();
    for (i, line_key) in keys.iter().enumerate() {
        if let Some(ks) = positions.get(line_key.as_str()) {
            starts.extend(
                ks.iter()
                    .filter_map(|&k| i.checked_sub(k))
                    .filter(|&s| s + n <= haystack.len()),
            );
        }
    }
    // A block of a few lines may have no line left intact: score every window then (the
    // cost is bounded by the block's small size).
    if starts.is_empty() && n <= 3 {
        starts.extend(0..=haystack.len() - n);
    }
    starts.sort_unstable();
    starts.dedup();
    let mut scored: Vec<Placement> = starts
        .into_iter()
        .map(|s| {
            let total: f64 = keys[s..s + n]
                .iter()
                .zip(&needle_keyed)
                .map(|(have, want)| {
                    if have == want {
                        1.0
                    } else {
                        strsim::normalized_damerau_levenshtein(have, want)
                    }
                })
                .sum();
            Placement {
                start: s,
                end: s + n,
                tier: Tier::Fuzzy,
                confidence: total / n as f64,
            }
        })
        .collect();
    scored.sort_by(|a, b| b.confidence.total_cmp(&a.confidence).then(a.start.cmp(&b.start)));
    let Some(best) = scored.first().copied() else {
        return Err(Unplaced::NoMatch { closest: None });
    };
    if best.confidence < threshold {
        return Err(Unplaced::NoMatch { closest: Some(best) });
    }
    // Overlapping windows of the same place are one candidate, not two.
    let rivals: Vec<Placement> = scored
        .iter()
        .copied()
        .filter(|p| best.confidence - p.confidence < AMBIGUITY_MARGIN && (p.start >= best.end || p.end <= best.start))
        .collect();
    if rivals.is_empty() {
        Ok(best)
    } else {
        let mut candidates = vec![best];
        candidates.extend(rivals);
        Err(Unplaced::Ambiguous { candidates })
    }
}

/// Whether `window`, whose lines equal `needle`'s but for indentation, is `needle` shifted by
/// one uniform indentation.
fn shifted_equal(window: &[&str], needle: &[&str]) -> bool {
    let Some((w, n)) = window.iter().zip(needle).find(|(w, _)| !w.trim().is_empty()) else {
        return false;
    };
    let (w_indent, n_indent) = (indent_width(w), indent_width(n));
    if w_indent == n_indent {
        return false; // not a shift: the whitespace tier already looked
    }
    // The lines' contents are equal (checked by the caller); their indentation moves as one.
    window.iter().zip(needle).all(|(w, n)| {
        (w.trim().is_empty() && n.trim().is_empty())
            || indent_width(w) as isize - w_indent as isize == indent_width(n) as isize - n_indent as isize
    })
}

/// Indentation width, a tab counting as four columns.
pub fn indent_width(line: &str) -> usize {
    line.chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .map(|c| if c == '\t' { 4 } else { 1 })
        .sum()
}

fn trim_blank_edges<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let start = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(start, |i| i + 1);
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
        let p = find_block(&FILE, &["def b():", "  y = compute(2)"], 0.85).unwrap();
        assert_eq!(
            p.tier,
            Tier::Fuzzy,
            "an uneven indentation is neither whitespace nor a shift"
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
    fn a_blank_line_dropped_or_added_inside_the_block() {
        let p = find_block(&FILE, &["    return x", "def b():"], 0.85).unwrap();
        assert_eq!((p.start, p.end, p.tier), (2, 5, Tier::Whitespace));
        let p = find_block(&FILE, &["def b():", "", "    y = compute(2)"], 0.85).unwrap();
        assert_eq!((p.start, p.end), (4, 6));
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
