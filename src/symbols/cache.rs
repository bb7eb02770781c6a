//! Indexes kept by content, for a long-lived process (the MCP server) that edits the same
//! files again and again: an edit plans on the index of the text it reads when one was made
//! before — the last edit's result, typically — instead of parsing the file anew, and the
//! verification re-parse stays incremental. Keyed by the text itself (compared whole, its
//! length first) and the language, so a hit is always the index of exactly that text. Off
//! unless enabled: a one-shot command would only pay for storing.

use super::SymbolIndex;
use std::collections::VecDeque;
use std::sync::{Mutex, OnceLock};

struct Cache {
    capacity: usize,
    /// Most recent last: (language, the index of a text).
    entries: VecDeque<(&'static str, SymbolIndex)>,
}

impl Cache {
    /// Where the index of `text` in `language` is kept (one per text: `put` replaces).
    fn position(&self, language: &str, text: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|(lang, index)| *lang == language && index.source.text() == text)
    }
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

/// The index of `text` in `language`, if one was kept: taken out (the edit that asks for it
/// puts back the index of its result), so that nothing is copied.
pub fn take(language: &str, text: &str) -> Option<SymbolIndex> {
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if cache.capacity == 0 {
        return None;
    }
    let at = cache.position(language, text)?;
    cache.entries.remove(at).map(|(_, index)| index)
}

/// A copy of the index of `text` in `language`, if one was kept (it stays kept): for a
/// reader of the file an edit just wrote, a copy costs far less than a parse.
pub fn get(language: &str, text: &str) -> Option<SymbolIndex> {
    let cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if cache.capacity == 0 {
        return None;
    }
    let at = cache.position(language, text)?;
    Some(cache.entries[at].1.clone())
}

/// Keeps `index` (of its own text), when the cache is on.
pub fn put(index: SymbolIndex) {
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if cache.capacity == 0 {
        return;
    }
    let text = index.source.text();
    cache
        .entries
        .retain(|(lang, kept)| !(*lang == index.language && kept.source.text() == text));
    cache.entries.push_back((index.language, index));
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
        put(index.clone());
        assert!(take("python", "def f():\n    return 2\n").is_none());
        assert!(take("rust", "def f():\n    return 1\n").is_none());
        assert!(
            get("python", "def f():\n    return 1\n").is_some(),
            "a copy, still kept"
        );
        let found = take("python", "def f():\n    return 1\n").expect("kept");
        assert!(found.resolve_str("f").is_ok());
        assert!(take("python", "def f():\n    return 1\n").is_none(), "taken out");
        put(index);
        enable(0);
        assert!(
            take("python", "def f():\n    return 1\n").is_none(),
            "off keeps nothing"
        );
    }
}
