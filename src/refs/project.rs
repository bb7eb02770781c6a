//! The files of a root as the references layer sees them: their texts (read once, up
//! front, for the name prefilter), their [`Facts`] (parsed on first use, then shared
//! between threads), and what the root says of its modules (Python import roots, Rust
//! crates, package.json and tsconfig.json) for [`super::modules`].
//!
//! Only what a question needs is parsed: a file is read into facts when a name in it is
//! looked at, or when resolving a name leads to it (an `__init__.py`, a barrel, a crate's
//! `lib.rs`).

use super::facts::Facts;
use super::modules::{node, python, rust};
use crate::lang::{Language, ModuleSystem, Registry};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A file of the root.
pub struct ProjectFile {
    pub text: Arc<String>,
    pub lang: &'static Language,
}

/// A file's facts: read once by whichever thread asks first (`None`: it did not parse).
type FactsSlot = Arc<OnceLock<Option<Arc<Facts>>>>;

/// The root's files and what is known of them so far.
pub struct Project {
    pub root: PathBuf,
    pub files: BTreeMap<String, ProjectFile>,
    /// Folders holding at least one file (`a`, `a/b`), for namespace packages and `index` files.
    pub dirs: BTreeSet<String>,
    facts: Mutex<HashMap<String, FactsSlot>>,
    /// Definitions a patch removes, still named where callers look for them: (file, name path).
    pub phantoms: BTreeSet<(String, String)>,
    pub python: python::Layout,
    pub rust: rust::Layout,
    pub node: node::Layout,
    pub(super) memo: super::resolve::Memo,
    cfg: OnceLock<super::cfg::Config>,
    /// The Rust files that write an impl for one of its own type parameters, read once.
    blanket_impl_files: OnceLock<Vec<String>>,
    /// Whether a file implements its language's collecting trait (`impl FromIterator<..>`),
    /// read once.
    collects: OnceLock<bool>,
    /// The Rust dependencies `Cargo.lock` locks, read on first use.
    dependencies: OnceLock<super::dependencies::Dependencies>,
}

impl Project {
    /// Every file under `root` in a language saguaro reads, walked as ripgrep walks
    /// (`.gitignore`, hidden files skipped).
    pub fn scan(root: &Path) -> Project {
        let paths = crate::symbols::scan::language_files(root);
        use rayon::prelude::*;
        let texts: Vec<(String, String)> = paths
            .into_par_iter()
            .filter_map(|(path, full)| std::fs::read_to_string(full).ok().map(|t| (path, t)))
            .collect();
        Project::new(root, texts)
    }

    /// A project of the given files (root-relative paths and texts); `root` is where
    /// package.json, Cargo.toml and tsconfig.json are read from.
    pub fn new(root: &Path, texts: Vec<(String, String)>) -> Project {
        let registry = Registry::global();
        let mut files = BTreeMap::new();
        let mut dirs = BTreeSet::new();
        for (path, text) in texts {
            let Some(lang) = registry.for_path(&path) else {
                continue;
            };
            let mut dir = path.as_str();
            while let Some((parent, _)) = dir.rsplit_once('/') {
                dirs.insert(parent.to_string());
                dir = parent;
            }
            files.insert(
                path,
                ProjectFile {
                    text: Arc::new(text),
                    lang,
                },
            );
        }
        let mut project = Project {
            root: root.to_path_buf(),
            files,
            dirs,
            facts: Mutex::default(),
            phantoms: BTreeSet::new(),
            python: python::Layout::default(),
            rust: rust::Layout::default(),
            node: node::Layout::default(),
            memo: super::resolve::Memo::default(),
            cfg: OnceLock::new(),
            blanket_impl_files: OnceLock::new(),
            collects: OnceLock::new(),
            dependencies: OnceLock::new(),
        };
        project.python = python::Layout::read(&project);
        project.rust = rust::Layout::read(&project);
        project.node = node::Layout::read(&project);
        project
    }

    /// The project of `texts` (the root's files now), keeping the facts already read of
    /// every file whose text is the same: a long-lived caller (the MCP server) re-parses
    /// only what changed. Resolutions are worked out anew, since any change may alter them.
    pub fn refreshed(&self, texts: Vec<(String, String)>) -> Project {
        let fresh = Project::new(&self.root, texts);
        {
            let old = self.facts.lock().unwrap_or_else(|e| e.into_inner());
            let mut new = fresh.facts.lock().unwrap_or_else(|e| e.into_inner());
            for (path, file) in &fresh.files {
                let unchanged = self.files.get(path).is_some_and(|f| f.text == file.text);
                if let (true, Some(slot)) = (unchanged, old.get(path)) {
                    if slot.get().is_some() {
                        new.insert(path.clone(), Arc::clone(slot));
                    }
                }
            }
        }
        fresh
    }

    /// Frees the project on a thread of its own: thousands of syntax trees take longer to
    /// free than the answer's last steps, which need not wait for it (a process that ends
    /// first leaves the freeing to the system).
    pub fn drop_aside(self) {
        std::thread::spawn(move || drop(self));
    }

    /// The Rust files whose text writes a blanket impl (`impl<P: Parser> EasyParser for P`),
    /// found by their text alone, so that looking for one parses no other file.
    pub fn blanket_impl_files(&self) -> &[String] {
        self.blanket_impl_files.get_or_init(|| {
            self.files
                .iter()
                .filter(|(_, f)| f.lang.resolve.modules == crate::lang::ModuleSystem::Rust)
                .filter(|(_, f)| rust::writes_blanket_impl(&f.text))
                .map(|(path, _)| path.clone())
                .collect()
        })
    }

    /// Whether a type of the root collects elements: a file whose text writes its language's
    /// collecting trait on a line with `impl` (`impl FromIterator<Frame> for Frames`).
    pub fn root_collects(&self) -> bool {
        *self.collects.get_or_init(|| {
            use rayon::prelude::*;
            self.files.par_iter().any(|(_, f)| {
                let Some(collecting) = f.lang.resolve.collecting_trait.as_deref() else {
                    return false;
                };
                memchr::memmem::find_iter(f.text.as_bytes(), collecting.as_bytes()).any(|at| {
                    let line_start = f.text[..at].rfind('\n').map_or(0, |i| i + 1);
                    f.text[line_start..at].contains("impl")
                })
            })
        })
    }

    pub fn has_file(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    pub fn has_dir(&self, path: &str) -> bool {
        self.dirs.contains(path)
    }

    /// The facts of a file of the root, parsed on first use.
    pub fn facts(&self, path: &str) -> Option<Arc<Facts>> {
        let Some(file) = self.files.get(path) else {
            // A text taken in with `adopt`, if any.
            let map = self.facts.lock().unwrap_or_else(|e| e.into_inner());
            return map.get(path).and_then(|slot| slot.get().cloned().flatten());
        };
        let slot = {
            let mut map = self.facts.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(map.entry(path.to_string()).or_default())
        };
        slot.get_or_init(|| {
            let mut facts = Facts::read(path, file.lang, file.text.as_str().to_string())?;
            // Read here, with the file, so that every question asked of the facts meets the
            // same choice; the file's own attributes decide it, whatever its `mod` line says.
            if facts.lang.resolve.modules == ModuleSystem::Rust && facts.defines_a_path_twice() {
                let ranges = self
                    .cfg()
                    .inactive(self, &facts)
                    .into_iter()
                    .map(|(range, _)| range)
                    .collect();
                facts.set_left_out(ranges);
            }
            Some(Arc::new(facts))
        })
        .clone()
    }

    /// The Rust dependencies the root's `Cargo.lock` locks, read on first use.
    pub(super) fn dependencies(&self) -> &super::dependencies::Dependencies {
        self.dependencies
            .get_or_init(|| super::dependencies::Dependencies::read(self))
    }

    /// The Rust configuration conditional code is judged against, read on first use.
    pub fn cfg(&self) -> &super::cfg::Config {
        self.cfg.get_or_init(|| super::cfg::Config::read(self))
    }

    /// The `cfg` that leaves byte `at` of a Rust file out of the checked configuration, if
    /// one does.
    pub fn inactive_at(&self, facts: &Facts, at: usize) -> Option<String> {
        if facts.lang.resolve.modules != ModuleSystem::Rust {
            return None;
        }
        facts
            .inactive(|| {
                let mut ranges = self.cfg().inactive(self, facts);
                // A file whose `mod` line its parent leaves out is left out whole.
                if let Some(cfg) = self.declaration_inactive(&facts.path) {
                    ranges.push(((0, facts.text().len() + 1), cfg));
                }
                ranges
            })
            .iter()
            .find(|(range, _)| range.0 <= at && at < range.1)
            .map(|(_, cfg)| cfg.clone())
    }

    /// Whether the `mod` line declaring the Rust file `path` is built in some configurations
    /// only (under `#[cfg(..)]` or in a `cfg_if!` branch), whether this one builds it or not:
    /// code another configuration builds may reach another module in its place
    /// (`use iocp as sys` beside `use epoll as sys`).
    pub fn declared_conditionally(&self, path: &str) -> bool {
        let Some((parent_facts, declaration)) = self.declaration(path) else {
            return false;
        };
        let at = declaration.statement.0;
        if parent_facts
            .index
            .item_macros
            .iter()
            .any(|m| m.branches.iter().any(|b| b.range.0 <= at && at < b.range.1))
        {
            return true;
        }
        let mut attribute = parent_facts
            .node(declaration.statement)
            .and_then(|n| n.prev_named_sibling());
        while let Some(a) = attribute.filter(|a| a.kind() == "attribute_item") {
            if parent_facts.text_of(a).contains("cfg(") {
                return true;
            }
            attribute = a.prev_named_sibling();
        }
        false
    }

    /// The facts of the file declaring the Rust file `path` and its `mod` line there.
    fn declaration(&self, path: &str) -> Option<(Arc<Facts>, super::facts::Import)> {
        let module = super::modules::ModuleId::file(path);
        let parent = rust::parent(self, &module)?;
        let parent_facts = self.facts(&parent.file)?;
        let file = path.rsplit('/').next().unwrap_or(path);
        // A file a path attribute names (`#[path = "rust_avx2.rs"] mod avx2;`) is declared
        // under the name that line gives it.
        let name = match (self.rust.path_parent(path), file) {
            (Some(declared), _) => declared.name.as_str(),
            (None, "mod.rs") => path.rsplit('/').nth(1)?,
            (None, _) => file.strip_suffix(".rs")?,
        };
        let declaration = parent_facts
            .imports
            .iter()
            .find(|i| i.submodule && i.name.as_deref() == Some(name))?
            .clone();
        Some((parent_facts, declaration))
    }

    /// The `cfg` that leaves out the `mod` line declaring the Rust file `path`, if one does.
    fn declaration_inactive(&self, path: &str) -> Option<String> {
        let (parent_facts, declaration) = self.declaration(path)?;
        self.inactive_at(&parent_facts, declaration.statement.0)
    }

    /// Takes in the facts of a text that is not a file of the root (a doc-test read as the
    /// program it is), so that names bound in it resolve like any file's.
    pub fn adopt(&self, facts: Facts) -> Arc<Facts> {
        let path = facts.path.clone();
        let facts = Arc::new(facts);
        let slot = Arc::new(OnceLock::new());
        let _ = slot.set(Some(Arc::clone(&facts)));
        self.facts.lock().unwrap_or_else(|e| e.into_inner()).insert(path, slot);
        facts
    }

    /// Whether two files' languages share a module system (TypeScript imports JavaScript).
    pub fn same_family(a: &Language, b: &Language) -> bool {
        a.resolve.modules == b.resolve.modules && (a.resolve.modules != ModuleSystem::None || a.name == b.name)
    }

    /// The files in the family of `lang` whose text holds `name` as a whole word, in path
    /// order.
    pub fn files_naming(&self, lang: &Language, name: &str) -> Vec<&str> {
        self.files_where(lang, name, |_, _| true)
    }

    /// The files in the family of `lang` holding `name` as a whole word at a place `keep`
    /// (the text, the byte the name starts at) accepts.
    pub fn files_where(&self, lang: &Language, name: &str, keep: impl Fn(&str, usize) -> bool + Sync) -> Vec<&str> {
        use rayon::prelude::*;
        let finder = memchr::memmem::Finder::new(name.as_bytes());
        let mut out: Vec<&str> = self
            .files
            .par_iter()
            .filter(|(_, f)| Project::same_family(f.lang, lang))
            .filter(|(_, f)| {
                let text = f.text.as_str();
                finder
                    .find_iter(text.as_bytes())
                    .any(|at| whole_word(text, at, name.len()) && keep(text, at))
            })
            .map(|(p, _)| p.as_str())
            .collect();
        out.sort_unstable();
        out
    }

    /// A file's text read from the root's disk (configuration files the layer does not index).
    pub fn read_config(&self, relative: &str) -> Option<String> {
        std::fs::read_to_string(self.root.join(relative)).ok()
    }
}

/// Whether the `len` bytes at `at` of `text` are a whole word (not part of a longer name).
pub fn whole_word(text: &str, at: usize, len: usize) -> bool {
    let name_char = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let before = text[..at].chars().next_back();
    let after = text.get(at + len..).and_then(|t| t.chars().next());
    !before.is_some_and(name_char) && !after.is_some_and(name_char)
}
