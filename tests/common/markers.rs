//! The reference fixtures' markers: a line of `fixtures/refs/<lang>` says in a comment what it
//! refers to (`ref: Engine.process`, `notref: ...`, `nameonly: ...`, `doc: ...`, `breaks: ...`).

use std::path::Path;

/// Every line marked `tag: symbol` under `root`: its path, line (1-based) and text. A marker
/// ends at the next space: `ref: Engine` is not `ref: Engine.process`.
pub fn marked_lines(root: &Path, tag: &str, symbol: &str) -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    let wanted = format!("{tag}: {symbol}");
    for entry in ignore::WalkBuilder::new(root).build().flatten() {
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        let path = entry
            .path()
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        for (i, line) in text.lines().enumerate() {
            let exact = line.match_indices(&wanted).any(|(at, m)| {
                line[..at].chars().next_back().is_none_or(|c| c == ' ')
                    && line[at + m.len()..].chars().next().is_none_or(|c| c == ' ')
            });
            if exact {
                out.push((path.clone(), i + 1, line.to_string()));
            }
        }
    }
    out
}
