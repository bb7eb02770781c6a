//! The new lines of a placed hunk: what the file keeps, what the patch writes, and where
//! every blank line goes.
//!
//! The matcher pairs the hunk's non-blank `from` lines one for one with non-blank lines of
//! the file (blank lines never locate a block). The writer lays the hunk's change over the
//! *file's* lines by three rules:
//!
//! 1. **Context is the file's.** A line the patch leaves unchanged is written as the file
//!    has it — its whitespace, its ending — never as the patch retyped it. Whether a line is
//!    unchanged is judged indentation-true: the `to` line is compared with the `from` line
//!    after undoing exactly the difference the matcher forgave between the `from` line and
//!    the file (trailing whitespace, tabs, spacing, or the block's uniform shift). What is
//!    left is the patch's change: `If  the` → `If the` is a change even when the block was
//!    also shifted, and an `else:` moved to another depth is a change, never a retyped
//!    context line.
//! 2. **Added lines speak the file**: moved by the block's shift, indented in the file's
//!    characters (see `lines.rs`), ending with the file's line ending. A blank line is
//!    written as its side has it.
//! 3. **Blank lines by principle.** Blank lines are the layout between non-blank lines, a
//!    count per gap. Who decides a gap depends on what the format says:
//!    - *Marked formats* (unified, Codex) say line by line what changes, so a file line the
//!      hunk does not mark as removed stays — including blank lines the hunk does not show —
//!      and a blank line the hunk shows but the file lacks is simply not there. The only
//!      open question is where an unshown blank line goes among lines the hunk adds. It is
//!      answered by the rule every diff tool follows — within one change, removed lines come
//!      before added ones, so a blank line stood between an added line and a removed one
//!      after it — by a replacement taking the place of what it replaces, and, at a hunk's
//!      edge, by the hunk's own reach (its lines are contiguous, so blank lines it does not
//!      show lie outside them); see [`resolve`]. Where they leave more than one layout, the
//!      hunk is refused (`ambiguous_match`), never guessed.
//!    - *Separate blocks* (SEARCH/REPLACE, ApplyDiff) give the whole new text of the lines
//!      they match, and the `to` side says every gap between the first and the last of
//!      them: the blank lines the `from` side showed — dropped, added, misremembered — only
//!      served to find the block, and a gap `to` leaves as the file has it between the same
//!      two lines keeps the file's own blank lines (whitespace-only ones as they are). At
//!      the block's edges (before its first line, after its last) the same holds where the
//!      gap reaches the start or end of the file; elsewhere the block shows only part of
//!      the gap, so the file's gap stays — but for blank lines the `to` side adds where the
//!      `from` side shows none, which are added.
//!
//! A region that ends the file keeps the file's missing final newline (or takes the one a
//! unified `\ No newline at end of file` mark states).

use super::lines::FileLines;
use super::{Hunk, Marked};
use crate::feedback::{Candidate, Error, ErrorCode};
use crate::textmatch::{dominant, fold_unicode, indent_width_with, is_blank, level_key, Placement, LEVELS};

/// A rewritten stretch of the file: lines `start..end` of it become `lines`.
pub struct Written {
    pub start: usize,
    pub end: usize,
    /// Each line with its ending.
    pub lines: Vec<(String, String)>,
}

/// What the writer knows of the hunk's placement.
struct Frame<'f, 'a> {
    file: &'f FileLines<'a>,
    /// The file line paired with each non-blank `from` line.
    paired: Vec<usize>,
    /// Columns of the block's shift into the file.
    delta: isize,
    tab: usize,
}

impl Frame<'_, '_> {
    fn keep(&self, k: usize, out: &mut Vec<(String, String)>) {
        out.push((self.file.code[k].to_string(), self.file.endings[k].to_string()));
    }

    /// A line of the patch, written anew.
    fn add(&self, line: &str, out: &mut Vec<(String, String)>) {
        let text = if is_blank(line) {
            line.to_string()
        } else {
            self.file.render(line, self.delta, self.tab)
        };
        out.push((text, self.file.eol.to_string()));
    }

    /// The blank lines right before file line `k`, not before `lo`.
    fn blanks_before(&self, k: usize, lo: usize) -> Vec<usize> {
        let mut first = k;
        while first > lo && is_blank(self.file.code[first - 1]) {
            first -= 1;
        }
        (first..k).collect()
    }

    /// The blank lines right after file line `k`, not from `hi` on.
    fn blanks_after(&self, k: usize, hi: usize) -> Vec<usize> {
        let mut last = k + 1;
        while last < hi && is_blank(self.file.code[last]) {
            last += 1;
        }
        (k + 1..last).collect()
    }

    /// The blank lines between paired lines `i - 1` and `i`.
    fn gap(&self, i: usize) -> Vec<usize> {
        (self.paired[i - 1] + 1..self.paired[i]).collect()
    }
}

/// Rewrites the region where `hunk` was placed. `lo..hi` is the stretch of the file this
/// hunk may extend its edges into (up to its neighbours).
pub fn region(
    file: &FileLines<'_>,
    placement: Placement,
    hunk: &Hunk,
    tab: usize,
    (lo, hi): (usize, usize),
) -> Result<Written, Error> {
    let from: Vec<&str> = hunk.from.iter().map(String::as_str).collect();
    let paired: Vec<usize> = (placement.start..placement.end)
        .filter(|&k| !is_blank(file.code[k]))
        .collect();
    let from_code: Vec<&str> = from.iter().copied().filter(|l| !is_blank(l)).collect();
    if paired.len() != from_code.len() {
        return Err(Error::internal(format!(
            "a placement pairs {} lines of the file with {} lines of the block",
            paired.len(),
            from_code.len()
        )));
    }
    let shifts: Vec<isize> = paired
        .iter()
        .zip(&from_code)
        .map(|(&k, f)| indent_width_with(file.code[k], tab) as isize - indent_width_with(f, tab) as isize)
        .collect();
    let frame = Frame {
        file,
        delta: dominant(&shifts),
        paired,
        tab,
    };
    let mut written = if frame.paired.is_empty() {
        // A pure addition (at the end of the file, or into an empty one).
        let mut lines = Vec::new();
        for line in &hunk.to {
            frame.add(line, &mut lines);
        }
        Written {
            start: placement.start,
            end: placement.end,
            lines,
        }
    } else {
        match &hunk.marked {
            Some(marks) => marked(&frame, hunk, marks, (lo, hi))?,
            None => blocks(&frame, hunk, (lo, hi)),
        }
    };
    end_of_file(file, hunk, &mut written);
    Ok(written)
}

/// The last line of a region that ends the file ends as the file did, or as the patch says.
fn end_of_file(file: &FileLines<'_>, hunk: &Hunk, written: &mut Written) {
    if written.end < file.code.len() {
        return;
    }
    let final_newline = hunk.new_final_newline.unwrap_or_else(|| file.final_newline());
    if let Some(last) = written.lines.last_mut() {
        last.1 = if final_newline {
            if last.1.is_empty() {
                file.eol.to_string()
            } else {
                last.1.clone()
            }
        } else {
            String::new()
        };
    }
}

// --- separate blocks ------------------------------------------------------------------------

/// A block's non-blank lines and the blank lines before each, and after the last.
struct Gapped<'h> {
    code: Vec<&'h str>,
    /// The blank lines before each non-blank line.
    gaps: Vec<Vec<&'h str>>,
    tail: Vec<&'h str>,
}

fn gapped<'h>(lines: &[&'h str]) -> Gapped<'h> {
    let (mut code, mut gaps, mut run) = (Vec::new(), Vec::new(), Vec::new());
    for &line in lines {
        if is_blank(line) {
            run.push(line);
        } else {
            code.push(line);
            gaps.push(std::mem::take(&mut run));
        }
    }
    Gapped { code, gaps, tail: run }
}

/// Whether the patch changes a line: `to` against `from`, after undoing exactly what the
/// matcher forgave between `from` and the file's line. Their content is compared at the
/// finest level at which `from` equals the file's line (as written, without trailing
/// whitespace, with spacing collapsed, with punctuation folded; the coarsest for a retyped
/// line), and their depth always: the block's shift is the same for both.
fn changes(from: &str, to: &str, file_line: &str, tab: usize) -> bool {
    if from == file_line {
        return to != from;
    }
    let collapse = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let content: [&dyn Fn(&str) -> String; 4] = [
        &|l| l.trim_start().to_string(),
        &|l| l.trim().to_string(),
        &|l| collapse(l),
        &|l| fold_unicode(&collapse(l)),
    ];
    let level = content
        .iter()
        .position(|c| c(from) == c(file_line))
        .unwrap_or(content.len() - 1);
    content[level](to) != content[level](from) || indent_width_with(to, tab) != indent_width_with(from, tab)
}

fn blocks(frame: &Frame<'_, '_>, hunk: &Hunk, (lo, hi): (usize, usize)) -> Written {
    let from: Vec<&str> = hunk.from.iter().map(String::as_str).collect();
    let to: Vec<&str> = hunk.to.iter().map(String::as_str).collect();
    let (a, b) = (gapped(&from), gapped(&to));
    // The lines are diffed by content and depth: a line at another depth is another line.
    let key = |l: &&str| level_key(LEVELS - 1, l, frame.tab).into_owned();
    let (a_keys, b_keys): (Vec<String>, Vec<String>) =
        (a.code.iter().map(key).collect(), b.code.iter().map(key).collect());
    // For each new line, the old line it is (the same line, on both sides).
    let mut kept: Vec<Option<usize>> = vec![None; b.code.len()];
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &a_keys, &b_keys) {
        if let similar::DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            (0..len).for_each(|d| kept[new_index + d] = Some(old_index + d));
        }
    }
    let first = frame.paired[0];
    let last = *frame.paired.last().expect("a paired line");
    let before = frame.blanks_before(first, lo);
    let after = frame.blanks_after(last, hi);
    let mut lines = Vec::new();

    // The open edges: before the first line, after the last.
    let lead_to: &[&str] = b.gaps.first().map_or(&b.tail, Vec::as_slice);
    let closed_before = lo == 0 && first == before.len();
    let (keep_before, add_before) = open_edge(a.gaps[0].len(), lead_to.len(), before.len(), closed_before);
    for &k in &before[before.len() - keep_before..] {
        frame.keep(k, &mut lines);
    }
    for line in &lead_to[lead_to.len() - add_before..] {
        frame.add(line, &mut lines);
    }
    for j in 0..b.code.len() {
        if j > 0 {
            // The gap takes the `to` side's count; where that is the file's own gap between
            // the same two lines, the file's blank lines stay as they are.
            let same_gap = matches!((kept[j - 1], kept[j]), (Some(p), Some(i)) if p + 1 == i);
            match kept[j] {
                Some(i) if same_gap && frame.gap(i).len() == b.gaps[j].len() => {
                    for k in frame.gap(i) {
                        frame.keep(k, &mut lines);
                    }
                }
                _ => b.gaps[j].iter().for_each(|l| frame.add(l, &mut lines)),
            }
        }
        match kept[j] {
            Some(i) if !changes(a.code[i], b.code[j], frame.file.code[frame.paired[i]], frame.tab) => {
                frame.keep(frame.paired[i], &mut lines)
            }
            _ => frame.add(b.code[j], &mut lines),
        }
    }
    let tail_to: &[&str] = if b.code.is_empty() { &[] } else { &b.tail };
    let closed_after = hi == frame.file.code.len() && last + after.len() + 1 == hi;
    let (keep_after, add_after) = open_edge(a.tail.len(), tail_to.len(), after.len(), closed_after);
    for line in &tail_to[..add_after] {
        frame.add(line, &mut lines);
    }
    for &k in &after[..keep_after] {
        frame.keep(k, &mut lines);
    }
    Written {
        start: before.first().copied().unwrap_or(first),
        end: after.last().map_or(last + 1, |k| k + 1),
        lines,
    }
}

/// A block's edge: `from` and `to` show `from`/`to` blank lines there, the file has
/// `file`, and the gap either reaches the start (end) of the file or an unshown line.
/// How many of the file's blank lines stay (those nearest the block) and how many of the
/// patch's are added.
///
/// A gap that reaches the file's start or end is closed: the block shows all of it, and
/// `to` decides it. Otherwise the block shows only part of the gap — where its blank lines
/// stop, the file's may go on — so what its sides show there is context and the file's
/// gap stays; only blank lines `to` adds where `from` shows none (the block did not look
/// into the gap at all) are added.
fn open_edge(from: usize, to: usize, file: usize, closed: bool) -> (usize, usize) {
    if from == to {
        (file, 0)
    } else if closed {
        (file.min(to), to.saturating_sub(file))
    } else if from == 0 {
        (file, to)
    } else {
        (file, 0)
    }
}

// --- marked hunks ---------------------------------------------------------------------------

/// A blank line or an added line of a marked hunk, between two of its non-blank old lines.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Between<'h> {
    /// A blank context line.
    Context,
    /// A blank removed line.
    Removed,
    Added(&'h str),
    /// A blank line of the file the hunk does not show.
    Unshown,
}

/// What a gap becomes: the file's blank line number n (of the gap, in order) kept, or an
/// added line.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Out<'h> {
    FileBlank(usize),
    Added(&'h str),
}

/// Which end of the hunk a gap is at, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Edge {
    Leading,
    Interior,
    Trailing,
}

fn marked(frame: &Frame<'_, '_>, hunk: &Hunk, marks: &[Marked], (lo, hi): (usize, usize)) -> Result<Written, Error> {
    // The hunk as its non-blank old lines (removed or not) and what stands between them.
    let (mut f, mut t) = (0, 0);
    let mut segments: Vec<Vec<Between<'_>>> = vec![Vec::new()];
    let mut old_removed: Vec<bool> = Vec::new();
    for mark in marks {
        match mark {
            Marked::Context | Marked::Removed => {
                let line = hunk.from[f].as_str();
                let removed = *mark == Marked::Removed;
                if is_blank(line) {
                    segments.last_mut().expect("a segment").push(if removed {
                        Between::Removed
                    } else {
                        Between::Context
                    });
                } else {
                    old_removed.push(removed);
                    segments.push(Vec::new());
                }
                f += 1;
                if *mark == Marked::Context {
                    t += 1;
                }
            }
            Marked::Added => {
                segments
                    .last_mut()
                    .expect("a segment")
                    .push(Between::Added(hunk.to[t].as_str()));
                t += 1;
            }
        }
    }
    let n = frame.paired.len();
    let first = frame.paired[0];
    let last = frame.paired[n - 1];
    let before = frame.blanks_before(first, lo);
    let after = frame.blanks_after(last, hi);
    let mut lines = Vec::new();
    // The removed lines right before the current gap (none since context or added lines).
    let mut removed_run = 0;
    for (s, segment) in segments.iter().enumerate() {
        let (blanks, edge) = match s {
            0 => (before.clone(), Edge::Leading),
            s if s == n => (after.clone(), Edge::Trailing),
            s => (frame.gap(s), Edge::Interior),
        };
        let around = (removed_run, old_removed.get(s).copied().unwrap_or(false));
        for b in segment {
            removed_run = if *b == Between::Removed { removed_run + 1 } else { 0 };
        }
        removed_run = match old_removed.get(s) {
            Some(true) => removed_run + 1,
            _ => 0,
        };
        let outs = resolve(segment, blanks.len(), edge, around).map_err(|layouts| {
            let line = frame.paired[s.min(n - 1)] + 1;
            uncertain_blank_lines(blanks.len(), layouts, line)
        })?;
        for out in outs {
            match out {
                Out::FileBlank(n) => frame.keep(blanks[n], &mut lines),
                Out::Added(line) => frame.add(line, &mut lines),
            }
        }
        if let Some(&removed) = old_removed.get(s) {
            if !removed {
                frame.keep(frame.paired[s], &mut lines);
            }
        }
    }
    Ok(Written {
        start: before.first().copied().unwrap_or(first),
        end: after.last().map_or(last + 1, |k| k + 1),
        lines,
    })
}

/// A rule a gap's layout follows or not.
type Rule<'r, 'h> = dyn Fn(&[Between<'h>]) -> bool + 'r;

/// The most layouts a gap is tried in before it is called uncertain.
const MAX_LAYOUTS: usize = 256;

/// The one layout of a gap the hunk and the file allow: `segment` (the hunk's blank and
/// added lines there), `file` blank lines in the file, `around`: how many removed lines
/// come right before the gap, and whether the old line after it is removed. `Err(n)`:
/// `n` outcomes remain.
///
/// Where the file has blank lines the hunk does not show (or shows blank lines the file
/// lacks), every placement of them is a candidate — but inside a run of added lines: lines
/// the hunk adds together stay together — and these rules choose:
/// 1. *Diff order*: within one change, removed lines come before added ones, so an added
///    line followed by a removed one had a context line between them.
/// 2. *Replacement in place*: lines added right after removed ones, no more of them than
///    were removed, take their place; the blank lines that followed the removed lines in
///    the file follow the added ones.
/// 3. *Separation kept* (only where the hunk shows blank lines the file lacks): of the
///    blank lines around added lines that bring their own at one end only, the file's is
///    the one at the other end.
///
/// A rule that leaves no layout is not applied; more than one outcome left is refused.
/// Each rule is kept because it is right at scale, not only on the evaluation's cases:
/// `scripts/blank_rules_sim.py` drops each blank context line next to a change (4,152
/// cases), and adds one before each other context line (14,484), in every hunk of the
/// version pairs of the open list and `scripts/corpora/`: rule 2 decided 748 of the
/// dropped ones and was wrong on 3 (a line moved, not replaced; an attribute that belongs
/// to the next item), rule 3 decided 132 of the added ones and was never wrong.
/// Rules that read more into a hunk — that added lines carrying a separator at one end are
/// set off by the file's blank line at the other, that the file's blank lines join those
/// the hunk shows — were wrong on 2.4% and 39% of the cases they decided, and are not
/// used: where they would have chosen, the hunk is refused.
fn resolve<'h>(segment: &[Between<'h>], file: usize, edge: Edge, around: (usize, bool)) -> Result<Vec<Out<'h>>, usize> {
    let (removed_before, next_removed) = around;
    let shown = segment
        .iter()
        .filter(|b| matches!(b, Between::Context | Between::Removed))
        .count();
    let mut layouts: Vec<Vec<Between<'h>>> = Vec::new();
    if file >= shown {
        // Blank lines the hunk does not show: outside its lines at its edges (a hunk's lines
        // are contiguous); between them, anywhere, for the rules to choose.
        let unshown = file - shown;
        match edge {
            Edge::Leading => layouts.push([vec![Between::Unshown; unshown], segment.to_vec()].concat()),
            Edge::Trailing => layouts.push([segment.to_vec(), vec![Between::Unshown; unshown]].concat()),
            Edge::Interior => spread(segment, unshown, &mut layouts),
        }
    } else {
        // Blank lines the hunk shows and the file lacks: its context ones (a removed line is
        // the patch's change; its context only places it), from the outside at its edges.
        let missing = shown - file;
        let contexts: Vec<usize> = (0..segment.len()).filter(|&i| segment[i] == Between::Context).collect();
        let removed: Vec<usize> = (0..segment.len()).filter(|&i| segment[i] == Between::Removed).collect();
        let choices: Vec<Vec<usize>> = if missing >= contexts.len() {
            let extra = missing - contexts.len();
            vec![contexts
                .iter()
                .copied()
                .chain(removed.iter().copied().take(extra))
                .collect()]
        } else {
            match edge {
                Edge::Interior => combinations(&contexts, missing),
                Edge::Leading => vec![contexts[..missing].to_vec()],
                Edge::Trailing => vec![contexts[contexts.len() - missing..].to_vec()],
            }
        };
        for dropped in choices {
            layouts.push(
                segment
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !dropped.contains(i))
                    .map(|(_, b)| *b)
                    .collect(),
            );
        }
    }
    if layouts.len() >= MAX_LAYOUTS {
        return Err(layouts.len());
    }
    let rules: [&Rule<'_, 'h>; 3] = [
        &|l| follows_diff_order(l, next_removed),
        &|l| replaces_in_place(l, removed_before),
        &|l| file >= shown || keeps_separation(l),
    ];
    for rule in rules {
        let kept: Vec<Vec<Between<'h>>> = layouts.iter().filter(|l| rule(l)).cloned().collect();
        if !kept.is_empty() {
            layouts = kept;
        }
    }
    let mut outcomes: Vec<Vec<Out<'h>>> = Vec::new();
    for layout in &layouts {
        let outs = lay_out(layout);
        if !outcomes.contains(&outs) {
            outcomes.push(outs);
        }
    }
    match outcomes.len() {
        1 => Ok(outcomes.pop().expect("one layout")),
        n => Err(n),
    }
}

/// A gap laid out: the file's blank lines kept (context and unshown ones), removed ones
/// dropped, added lines written.
fn lay_out<'h>(layout: &[Between<'h>]) -> Vec<Out<'h>> {
    let mut next_file_blank = 0;
    let mut outs = Vec::new();
    for b in layout {
        match b {
            Between::Context | Between::Unshown => {
                outs.push(Out::FileBlank(next_file_blank));
                next_file_blank += 1;
            }
            Between::Removed => next_file_blank += 1,
            Between::Added(line) => outs.push(Out::Added(line)),
        }
    }
    outs
}

/// Every way of putting `count` unshown blank lines among `segment`'s lines — but inside a
/// run of added lines: lines the hunk adds together stay together.
fn spread<'h>(segment: &[Between<'h>], count: usize, layouts: &mut Vec<Vec<Between<'h>>>) {
    let added = |i: usize| matches!(segment.get(i), Some(Between::Added(_)));
    let slots: Vec<usize> = (0..=segment.len())
        .filter(|&i| !(i > 0 && added(i - 1) && added(i)))
        .collect();
    let mut counts = vec![0usize; slots.len()];
    distribute(count, 0, &mut counts, &mut |counts: &[usize]| {
        if layouts.len() > MAX_LAYOUTS {
            return;
        }
        let mut layout = Vec::new();
        for i in 0..=segment.len() {
            if let Some(n) = slots.iter().position(|&s| s == i) {
                layout.extend(std::iter::repeat_n(Between::Unshown, counts[n]));
            }
            if let Some(b) = segment.get(i) {
                layout.push(*b);
            }
        }
        layouts.push(layout);
    });
}

/// Calls `each` with every way of putting `left` items into `counts[at..]`.
fn distribute(left: usize, at: usize, counts: &mut [usize], each: &mut dyn FnMut(&[usize])) {
    if at + 1 == counts.len() {
        counts[at] = left;
        each(counts);
        return;
    }
    for n in 0..=left {
        counts[at] = n;
        distribute(left - n, at + 1, counts, each);
    }
}

/// Rule 1: within one change, removed lines before added ones (an added line followed by a
/// removed one had context between them).
fn follows_diff_order(layout: &[Between<'_>], next_removed: bool) -> bool {
    let mut added_since_context = false;
    for b in layout {
        match b {
            Between::Context | Between::Unshown => added_since_context = false,
            Between::Added(_) => added_since_context = true,
            Between::Removed if added_since_context => return false,
            Between::Removed => {}
        }
    }
    !(next_removed && added_since_context)
}

/// Rule 2: no unshown blank line between removed lines and the added lines right after
/// them, where the added lines are no more than the removed ones (they fit in their
/// place). `removed_before`: the removed lines right before the gap.
fn replaces_in_place(layout: &[Between<'_>], removed_before: usize) -> bool {
    let mut removed = removed_before;
    let mut unshown_since = false;
    let mut i = 0;
    while i < layout.len() {
        match layout[i] {
            Between::Removed => (removed, unshown_since) = (removed + 1, false),
            Between::Unshown => unshown_since = true,
            Between::Added(_) => {
                let run = layout[i..]
                    .iter()
                    .take_while(|b| matches!(b, Between::Added(_)))
                    .count();
                if removed > 0 && run <= removed && unshown_since {
                    return false;
                }
                (removed, unshown_since) = (0, false);
                i += run;
                continue;
            }
            Between::Context => (removed, unshown_since) = (0, false),
        }
        i += 1;
    }
    true
}

/// The maximal runs of `layout` whose items satisfy `member`, as index ranges.
fn runs(layout: &[Between<'_>], member: impl Fn(&Between<'_>) -> bool) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < layout.len() {
        if !member(&layout[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < layout.len() && member(&layout[i]) {
            i += 1;
        }
        out.push(start..i);
    }
    out
}

/// Rule 3: a run of added lines with blank lines at one end only has the file's blank
/// lines (shown or not) at its other end.
fn keeps_separation(layout: &[Between<'_>]) -> bool {
    let kept_blank = |b: Option<&Between<'_>>| matches!(b, Some(Between::Context | Between::Unshown));
    let blank = |b: &Between<'_>| matches!(b, Between::Added(line) if is_blank(line));
    runs(layout, |b| matches!(b, Between::Added(_))).into_iter().all(|run| {
        let (opens, closes) = (blank(&layout[run.start]), blank(&layout[run.end - 1]));
        let before = run.start.checked_sub(1).and_then(|k| layout.get(k));
        match (opens, closes) {
            (false, true) => kept_blank(before),
            (true, false) => kept_blank(layout.get(run.end)),
            _ => true,
        }
    })
}

/// Every choice of `k` of `items`, in order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    fn go(items: &[usize], k: usize, start: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if out.len() >= MAX_LAYOUTS {
            return;
        }
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..items.len() {
            current.push(items[i]);
            go(items, k, i + 1, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    go(items, k, 0, &mut Vec::new(), &mut out);
    out
}

/// The refusal for blank lines whose place among added lines no rule decides.
fn uncertain_blank_lines(file: usize, layouts: usize, line: usize) -> Error {
    Error::new(
        ErrorCode::AmbiguousMatch,
        format!(
            "the file has {file} blank line(s) before line {line} that the hunk shows otherwise, next to lines it adds: they could go {layouts} ways"
        ),
        "resend the hunk with the file's blank lines exactly as they are around the change",
    )
    .with_candidates(vec![Candidate {
        line,
        path: None,
        kind: None,
        confidence: None,
    }])
}
