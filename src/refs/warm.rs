//! The warm tree: the root's files and what is known of them, kept between calls (by the
//! MCP server and by `saguaro daemon`). Each call first notices what changed on disk — a
//! file's size and modification time, its content when those cannot tell (a write within
//! the clock's resolution of the last look) — and reads only that; the facts (syntax
//! tree, symbols, bindings) of every unchanged file are kept (`Project::refreshed`), so a
//! file is parsed again only when it changed.

use super::project::Project;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// A file's stamp: its size and modification time.
type Stamp = (u64, Option<SystemTime>);

pub struct Warm {
    root: PathBuf,
    state: Mutex<Option<State>>,
}

struct State {
    stamps: HashMap<String, Stamp>,
    /// When the stamps were taken: a file modified this close to it may have changed again
    /// within the same clock tick, so its content decides.
    taken: SystemTime,
    project: Arc<Project>,
}

/// How close to the last look a modification time is too close to trust.
const DOUBT: Duration = Duration::from_secs(2);

impl Warm {
    pub fn new(root: &Path) -> Warm {
        Warm {
            root: root.to_path_buf(),
            state: Mutex::new(None),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The root's files as they are on disk now, with every fact still valid kept.
    pub fn project(&self) -> Arc<Project> {
        use rayon::prelude::*;
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let now = SystemTime::now();
        let files = crate::symbols::scan::language_files(&self.root);
        let stamps: HashMap<String, Stamp> = files
            .par_iter()
            .filter_map(|(path, full)| {
                let meta = std::fs::metadata(full).ok()?;
                Some((path.clone(), (meta.len(), meta.modified().ok())))
            })
            .collect();
        if let Some(known) = state.as_mut() {
            let settled = |stamp: &Stamp| stamp.1.is_some_and(|m| m + DOUBT < known.taken);
            if known.stamps == stamps && stamps.values().all(settled) {
                return Arc::clone(&known.project);
            }
        }
        let previous = state.take();
        let unchanged = |path: &str, stamp: &Stamp| -> Option<Arc<String>> {
            let state = previous.as_ref()?;
            let known = state.project.files.get(path)?;
            if state.stamps.get(path) != Some(stamp) {
                return None;
            }
            let doubtful = stamp.1.is_none_or(|m| m + DOUBT >= state.taken);
            if doubtful {
                let text = std::fs::read_to_string(self.root.join(path)).ok()?;
                return (text == *known.text).then(|| Arc::clone(&known.text));
            }
            Some(Arc::clone(&known.text))
        };
        let mut changed = previous.is_none() || previous.as_ref().is_some_and(|s| s.stamps.len() != stamps.len());
        let texts: Vec<(String, String)> = files
            .par_iter()
            .filter_map(|(path, full)| {
                let stamp = stamps.get(path)?;
                match unchanged(path, stamp) {
                    Some(text) => Some((path.clone(), text.as_str().to_string())),
                    None => std::fs::read_to_string(full).ok().map(|t| (path.clone(), t)),
                }
            })
            .collect();
        if let Some(state) = &previous {
            changed |= texts
                .iter()
                .any(|(path, text)| state.project.files.get(path).is_none_or(|f| *f.text != *text));
        }
        let project = match previous {
            Some(state) if !changed => state.project,
            Some(state) => Arc::new(state.project.refreshed(texts)),
            None => Arc::new(Project::new(&self.root, texts)),
        };
        *state = Some(State {
            stamps,
            taken: now,
            project: Arc::clone(&project),
        });
        project
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_on_disk_is_seen_and_an_unchanged_tree_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "def f():\n    return 1\n").unwrap();
        std::fs::write(dir.path().join("b.py"), "def g():\n    return 2\n").unwrap();
        let warm = Warm::new(dir.path());
        let first = warm.project();
        assert!(first.facts("a.py").unwrap().index.resolve_str("f").is_ok());
        let b = first.facts("b.py").unwrap();
        // The same size, within the same clock tick: only the content can tell.
        std::fs::write(dir.path().join("a.py"), "def h():\n    return 1\n").unwrap();
        let second = warm.project();
        let facts = second.facts("a.py").unwrap();
        assert!(facts.index.resolve_str("h").is_ok(), "the new content is read");
        assert!(facts.index.resolve_str("f").is_err());
        // b.py's facts are the ones already read, not parsed again.
        assert!(Arc::ptr_eq(&b, &second.facts("b.py").unwrap()));
        // A new file, a removed one.
        std::fs::write(dir.path().join("c.py"), "X = 1\n").unwrap();
        std::fs::remove_file(dir.path().join("b.py")).unwrap();
        let third = warm.project();
        assert!(third.has_file("c.py") && !third.has_file("b.py"));
    }
}
