//! Bounded answers: an answer's main list is cut so that the whole answer stays within a
//! character budget, with `truncated: true`, the `cursor` to ask for next and the `total`;
//! a long diff is cut at a line with `diff_truncated: true`. An agent's context is not
//! flooded, and nothing is cut without saying so.

use serde_json::{json, Value};

/// The budget when the caller names none.
pub const DEFAULT_MAX_CHARS: usize = 20_000;

/// `answer` with the array at `field` starting at `cursor` and cut to fit `max_chars`.
pub fn bounded(mut answer: Value, field: &str, cursor: usize, max_chars: usize) -> Value {
    let Some(items) = answer.get_mut(field).and_then(Value::as_array_mut).map(std::mem::take) else {
        return cut_diff(answer, max_chars);
    };
    let total = items.len();
    // What the answer has besides the list, and room for `total`, `truncated`, `cursor`.
    let mut size = answer.to_string().len() + 64;
    let mut kept = Vec::new();
    for item in items.into_iter().skip(cursor) {
        let cost = item.to_string().len() + 1;
        // At least one item, so a caller paging on always moves forward.
        if size + cost > max_chars && !kept.is_empty() {
            break;
        }
        size += cost;
        kept.push(item);
    }
    let next = cursor + kept.len();
    answer[field] = Value::Array(kept);
    mark_page(&mut answer, cursor, next, total);
    cut_diff(answer, max_chars)
}

/// The `symbols` answer, `{"files": [{path, language, sha256, symbols}]}`, paged by
/// symbol, not by file: one file can hold thousands. The cursor counts symbols across the
/// files in order (a file without any counts one); a file cut across pages comes in each
/// page with the part of its symbols that page holds.
pub fn outline<'s>(
    files: impl Iterator<Item = (Value, &'s [crate::symbols::Symbol])>,
    cursor: usize,
    max_chars: usize,
) -> Value {
    use crate::symbols::scan::SymbolRecord;
    // `{"files":[]}` and room for `total`, `truncated`, `cursor`.
    let mut size = 12 + 64;
    let (mut total, mut kept, mut full) = (0, 0, false);
    let mut out = Vec::new();
    for (mut header, symbols) in files {
        let rows = symbols.len().max(1);
        let first_row = total;
        total += rows;
        if full || total <= cursor {
            continue;
        }
        // At least one row, so a caller paging on always moves forward.
        let fits = |size: usize, cost: usize, kept: usize| size + cost <= max_chars || kept == 0;
        let mut cost = header.to_string().len() + 16;
        if !fits(size, cost, kept) {
            full = true;
            continue;
        }
        let mut records = Vec::new();
        if symbols.is_empty() {
            kept += 1;
        }
        for symbol in &symbols[cursor.saturating_sub(first_row).min(symbols.len())..] {
            let record = serde_json::to_value(SymbolRecord::from(symbol)).unwrap_or(Value::Null);
            let record_cost = record.to_string().len() + 1;
            if !fits(size, cost + record_cost, kept) {
                full = true;
                break;
            }
            cost += record_cost;
            records.push(record);
            kept += 1;
        }
        if records.is_empty() && !symbols.is_empty() {
            continue;
        }
        header["symbols"] = Value::Array(records);
        size += cost;
        out.push(header);
    }
    let mut answer = json!({"files": out});
    let next = cursor + kept;
    mark_page(&mut answer, cursor, next, total);
    answer
}

/// `answer` with its lists cut to fit `max_chars`, counted as one sequence of rows from
/// `cursor`: the items of each top-level list in `lists`, in that order (a report's
/// `failures`, then its `notes`), or with `inner`, the items of that list in each item of
/// the one list named (a report's `breaking_changes`, each with its `callsites`; an item
/// whose inner list is empty counts one row). Every list keeps its place and name; an
/// item cut across pages comes in each page with the part of its inner list that page
/// holds.
pub fn rows(mut answer: Value, lists: &[&str], inner: Option<&str>, cursor: usize, max_chars: usize) -> Value {
    // (list, item, inner row): the rows in order, each with its place.
    let mut all: Vec<(usize, usize, Option<usize>)> = Vec::new();
    for (l, name) in lists.iter().enumerate() {
        let items = answer
            .get(*name)
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        for (i, item) in items.iter().enumerate() {
            match inner.map(|f| item.get(f).and_then(Value::as_array).map_or(0, Vec::len)) {
                Some(n) if n > 0 => all.extend((0..n).map(|r| (l, i, Some(r)))),
                _ => all.push((l, i, None)),
            }
        }
    }
    let total = all.len();
    let full: Vec<Vec<Value>> = lists
        .iter()
        .map(|name| {
            answer
                .get_mut(*name)
                .and_then(Value::as_array_mut)
                .map(std::mem::take)
                .unwrap_or_default()
        })
        .collect();
    let mut size = answer.to_string().len() + 64;
    let mut kept: Vec<Vec<(usize, Value)>> = vec![Vec::new(); lists.len()];
    let mut next = cursor.min(total);
    for &(l, i, r) in &all[next..] {
        let item = &full[l][i];
        // A new item costs its head (the item without its inner list); an inner row, itself.
        let new_item = kept[l].last().is_none_or(|(at, _)| *at != i);
        let mut cost = 0;
        let mut head = item.clone();
        if new_item {
            if let Some(f) = inner {
                if head.get(f).is_some() {
                    head[f] = json!([]);
                }
            }
            cost += head.to_string().len() + 1;
        }
        let row = r.and_then(|r| Some(item.get(inner?)?.as_array()?.get(r)?.clone()));
        cost += row.as_ref().map_or(0, |row| row.to_string().len() + 1);
        if size + cost > max_chars && next > cursor {
            break;
        }
        size += cost;
        if new_item {
            kept[l].push((i, head));
        }
        if let (Some(row), Some(f)) = (row, inner) {
            if let Some(list) = kept[l]
                .last_mut()
                .and_then(|(_, h)| h.get_mut(f))
                .and_then(Value::as_array_mut)
            {
                list.push(row);
            }
        }
        next += 1;
    }
    for (name, items) in lists.iter().zip(kept) {
        if answer.get(*name).is_some() {
            answer[*name] = Value::Array(items.into_iter().map(|(_, item)| item).collect());
        }
    }
    mark_page(&mut answer, cursor, next, total);
    answer
}

/// `answer` with the text at `field` (a definition's source) starting at line `cursor`
/// (0-based, of that text) and cut at a line to fit `max_chars`, with `total` (its lines),
/// `truncated` and the `cursor` of the next line when it was cut.
pub fn lines(mut answer: Value, field: &str, cursor: usize, max_chars: usize) -> Value {
    let Some(text) = answer.get(field).and_then(Value::as_str).map(str::to_string) else {
        return answer;
    };
    let all: Vec<&str> = text.split_inclusive('\n').collect();
    let total = all.len();
    answer[field] = json!("");
    let mut size = answer.to_string().len() + 64;
    let mut kept = String::new();
    let mut next = cursor.min(total);
    for line in &all[next..] {
        // As JSON writes it: quotes and escapes count.
        let cost = serde_json::to_string(line).map_or(line.len(), |s| s.len() - 2);
        if size + cost > max_chars && next > cursor {
            break;
        }
        size += cost;
        kept.push_str(line);
        next += 1;
    }
    answer[field] = json!(kept);
    mark_page(&mut answer, cursor, next, total);
    answer
}

/// Says of a cut answer (or a later page) where it is: `total`, `truncated`, and the
/// `cursor` of the next page when there is one. A whole answer says nothing.
fn mark_page(answer: &mut Value, cursor: usize, next: usize, total: usize) {
    if cursor > 0 || next < total {
        answer["total"] = json!(total);
        answer["truncated"] = json!(next < total);
        if next < total {
            answer["cursor"] = json!(next);
        }
    }
}

/// The answer with its `diff` cut at a line boundary when the answer is over budget.
fn cut_diff(mut answer: Value, max_chars: usize) -> Value {
    let size = answer.to_string().len();
    let Some(diff) = answer.get("diff").and_then(Value::as_str).map(str::to_string) else {
        return answer;
    };
    if size <= max_chars {
        return answer;
    }
    let keep = diff.len().saturating_sub(size - max_chars);
    let keep = (0..=keep).rev().find(|&i| diff.is_char_boundary(i)).unwrap_or(0);
    let cut = diff[..keep].rfind('\n').map_or(0, |i| i + 1);
    answer["diff"] = json!(&diff[..cut]);
    answer["diff_truncated"] = json!(true);
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_is_cut_with_a_cursor_and_pages_on() {
        let answer = json!({"symbol": "x", "references": (0..1000).map(|i| json!({"line": i})).collect::<Vec<_>>()});
        let first = bounded(answer.clone(), "references", 0, 2_000);
        assert!(first.to_string().len() <= 2_000);
        assert_eq!(first["truncated"], true);
        assert_eq!(first["total"], 1000);
        let cursor = first["cursor"].as_u64().unwrap() as usize;
        assert_eq!(first["references"].as_array().unwrap().len(), cursor);
        let second = bounded(answer.clone(), "references", cursor, 2_000);
        assert_eq!(second["references"][0]["line"], cursor);
        let last = bounded(answer, "references", 990, 2_000);
        assert_eq!(last["truncated"], false);
        assert!(last.get("cursor").is_none());
    }

    #[test]
    fn an_outline_pages_by_symbol_within_a_file_and_across_files() {
        let index = |text: &str| {
            crate::symbols::SymbolIndex::build(crate::source::SourceText::new(text.to_string()), "python").unwrap()
        };
        let big = index(&(0..300).map(|i| format!("def f{i}():\n    pass\n")).collect::<String>());
        let empty = index("import os\n");
        let small = index("def g():\n    pass\n");
        let files = || {
            [("a.py", &big), ("b.py", &empty), ("c.py", &small)]
                .into_iter()
                .map(|(path, index)| {
                    (
                        json!({"path": path, "language": "python", "sha256": "0"}),
                        index.symbols.as_slice(),
                    )
                })
        };
        let mut seen = Vec::new();
        let mut cursor = 0;
        loop {
            let page = outline(files(), cursor, 2_000);
            assert!(page.to_string().len() <= 2_000, "{}", page.to_string().len());
            assert_eq!(page["total"], 302);
            for file in page["files"].as_array().unwrap() {
                let names = file["symbols"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["path"].as_str().unwrap().to_string());
                seen.push((file["path"].as_str().unwrap().to_string(), names.collect::<Vec<_>>()));
            }
            if page["truncated"] == false {
                break;
            }
            cursor = page["cursor"].as_u64().unwrap() as usize;
        }
        let a: Vec<String> = seen
            .iter()
            .filter(|(p, _)| p == "a.py")
            .flat_map(|(_, n)| n.clone())
            .collect();
        assert_eq!(
            a,
            (0..300).map(|i| format!("f{i}")).collect::<Vec<_>>(),
            "every symbol once, in order"
        );
        assert!(
            seen.iter().any(|(p, n)| p == "b.py" && n.is_empty()),
            "a file without symbols is listed"
        );
        assert_eq!(seen.last().unwrap(), &("c.py".to_string(), vec!["g".to_string()]));
        // A budget too small for anything still moves on by one symbol.
        let tiny = outline(files(), 5, 10);
        assert_eq!(tiny["cursor"], 6);
        assert_eq!(tiny["files"][0]["symbols"][0]["path"], "f5");
    }

    #[test]
    fn a_long_source_is_cut_at_a_line_and_pages_on() {
        let source: String = (0..500).map(|i| format!("    x{i} = \"{i}\"\n")).collect();
        let answer = json!({"path": "a.py", "source": source});
        let mut cursor = 0;
        let mut joined = String::new();
        loop {
            let page = lines(answer.clone(), "source", cursor, 1_000);
            assert!(page.to_string().len() <= 1_000, "{}", page.to_string().len());
            assert_eq!(page["total"], 500);
            joined.push_str(page["source"].as_str().unwrap());
            if page["truncated"] == false {
                break;
            }
            cursor = page["cursor"].as_u64().unwrap() as usize;
        }
        assert_eq!(joined, source, "every line once, in order");
        let short = json!({"source": "def f():\n    pass\n"});
        assert_eq!(
            lines(short.clone(), "source", 0, 20_000),
            short,
            "a short source is left whole"
        );
    }

    #[test]
    fn report_lists_page_as_one_sequence_of_rows() {
        let change = |name: &str, n: usize| json!({"symbol": name, "callsites": (0..n).map(|i| json!({"line": i})).collect::<Vec<_>>()});
        let report = json!({"risk_score": 0.5, "breaking_changes": [change("a", 40), change("b", 0), change("c", 30)]});
        let mut cursor = 0;
        let mut seen = Vec::new();
        loop {
            let page = rows(report.clone(), &["breaking_changes"], Some("callsites"), cursor, 600);
            assert!(page.to_string().len() <= 600, "{}", page.to_string().len());
            assert_eq!(page["total"], 71);
            assert_eq!(page["risk_score"], 0.5);
            for c in page["breaking_changes"].as_array().unwrap() {
                let lines: Vec<u64> = c["callsites"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["line"].as_u64().unwrap())
                    .collect();
                seen.push((c["symbol"].as_str().unwrap().to_string(), lines));
            }
            if page["truncated"] == false {
                break;
            }
            cursor = page["cursor"].as_u64().unwrap() as usize;
        }
        let of = |name: &str| -> Vec<u64> {
            seen.iter()
                .filter(|(s, _)| s == name)
                .flat_map(|(_, l)| l.clone())
                .collect()
        };
        assert_eq!(of("a"), (0..40).collect::<Vec<_>>());
        assert_eq!(of("c"), (0..30).collect::<Vec<_>>());
        assert!(
            seen.iter().any(|(s, l)| s == "b" && l.is_empty()),
            "a change without callsites is listed"
        );

        let check = json!({"failures": (0..30).map(|i| json!({"f": i})).collect::<Vec<_>>(), "notes": (0..30).map(|i| json!({"n": i})).collect::<Vec<_>>()});
        let first = rows(check.clone(), &["failures", "notes"], None, 0, 300);
        assert_eq!(first["total"], 60);
        assert!(first["notes"].as_array().unwrap().is_empty(), "failures come first");
        let last = rows(check.clone(), &["failures", "notes"], None, 55, 20_000);
        assert_eq!(last["failures"], json!([]));
        assert_eq!(last["notes"].as_array().unwrap().len(), 5);
        assert_eq!(
            rows(check.clone(), &["failures", "notes"], None, 0, 20_000),
            check,
            "a short answer is left whole"
        );
    }

    #[test]
    fn a_short_answer_is_left_whole() {
        let answer = json!({"references": [1, 2, 3], "diff": "a\n"});
        assert_eq!(bounded(answer.clone(), "references", 0, 20_000), answer);
    }

    #[test]
    fn a_long_diff_is_cut_at_a_line_and_says_so() {
        let diff: String = (0..2000).map(|i| format!("+line {i}\n")).collect();
        let answer = bounded(json!({"status": "applied", "diff": diff}), "files", 0, 5_000);
        assert!(answer.to_string().len() <= 5_000);
        assert_eq!(answer["diff_truncated"], true);
        assert!(answer["diff"].as_str().unwrap().ends_with('\n'));
    }
}
