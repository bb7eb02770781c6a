//! Indexes kept by content, for a long-lived process (the MCP server) that edits the same
//! files again and again: an edit plans on the index of the text it reads when one was made
//! before — the last edit's result, typically — instead of parsing the file anew, and the
//! verification re-parse stays incremental. Keyed by the text itself (its sha256 and
//! language), so a hit is always the index of exactly that text. Off unless enabled: a
//! one-shot command would only pay for storing.

use super::SymbolIndex;
use std::collections::VecDeque;
use std::sync::{Mutex, OnceLock};

struct Cache {
    capacity: usize,
    /// Most recent last: (language, sha256 of the text, its index).
    entries: VecDeque<(&'static str, String, SymbolIndex)>,
}

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(|| {
        Mutex::new(Cache {
            capacity: 0,
            entries: VecDeque::new(),
        })
    })
}

/// Keeps up to `capacity` indexes from now on (0 turns the cache off).
pub fn enable(capacity: usize) {
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    cache.capacity = capacity;
    while cache.entries.len() > capacity {
        cache.entries.pop_front();
    }
}

/// The index of `text` in `language`, if one was kept.
pub fn get(language: &str, text: &str) -> Option<SymbolIndex> {
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if cache.capacity == 0 {
        return None;
    }
    let key = crate::workspace::sha256(text.as_bytes());
    let at = cache
        .entries
        .iter()
        .position(|(lang, sha, index)| *lang == language && *sha == key && index.source.text() == text)?;
    let entry = cache.entries.remove(at)?;
    let index = entry.2.clone();
    cache.entries.push_back(entry);
    Some(index)
}

/// Keeps `index` (of its own text), when the cache is on.
pub fn put(index: &SymbolIndex) {
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if cache.capacity == 0 {
        return;
    }
    let key = crate::workspace::sha256(index.source.text().as_bytes());
    cache
        .entries
        .retain(|(lang, sha, _)| !(*lang == index.language && *sha == key));
    cache.entries.push_back((index.language, key, index.clone()));
    while cache.entries.len() > cache.capacity {
        cache.entries.pop_front();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceText;

    #[test]
    fn a_kept_index_is_found_by_its_exact_text_only() {
        enable(4);
        let index = SymbolIndex::build(SourceText::new("def f():\n    return 1\n".to_string()), "python").unwrap();
        put(&index);
        let found = get("python", "def f():\n    return 1\n").expect("kept");
        assert!(found.resolve_str("f").is_ok());
        assert!(get("python", "def f():\n    return 2\n").is_none());
        assert!(get("rust", "def f():\n    return 1\n").is_none());
        enable(0);
        assert!(get("python", "def f():\n    return 1\n").is_none(), "off keeps nothing");
    }
}
