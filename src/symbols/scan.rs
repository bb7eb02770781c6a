//! Indexing many files: the paths a user names, directories walked the way ripgrep walks
//! them (`.gitignore`, `.ignore` and hidden files respected, via the `ignore` crate), files
//! parsed in parallel with rayon, one parser per worker thread.
//!
//! A file named explicitly that cannot be indexed is an error; one met while walking a
//! directory is skipped with a warning (ripgrep's behaviour), and files of languages
//! saguaro does not read are passed over silently.

use super::{Span, Symbol, SymbolIndex};
use crate::feedback::Error;
use crate::lang::{Attachment, Language, Registry};
use crate::source::SourceText;
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The symbols of one file as `saguaro symbols --json` prints them.
#[derive(Debug, Serialize)]
pub struct FileSymbols {
    pub path: String,
    pub language: &'static str,
    pub symbols: Vec<SymbolRecord>,
}

/// One symbol in the stable JSON form (INTERFACE.md §3), with detail added beside the
/// documented fields.
#[derive(Debug, Serialize)]
pub struct SymbolRecord {
    pub path: String,
    pub kind: String,
    pub start_line: usize,
    pub end_line: usize,
    pub start_byte: usize,
    pub end_byte: usize,
    pub name_line: usize,
    pub parent: Option<String>,
    /// The kind of what encloses it: `class`, `impl`, `trait_impl` (a Rust `impl Trait for T`),
    /// `module`, ...
    pub parent_kind: Option<String>,
    /// The path that names this definition alone (`Engine.fmt#2` when the path is shared).
    pub selector: String,
    pub indent: String,
    pub attached: Vec<Attachment>,
    pub declaration: Span,
    pub name: Span,
    pub body: Option<Span>,
    pub docstring: Option<Span>,
}

impl From<&Symbol> for SymbolRecord {
    fn from(s: &Symbol) -> Self {
        SymbolRecord {
            path: s.path.clone(),
            kind: s.kind.clone(),
            start_line: s.extent.start_line,
            end_line: s.extent.end_line,
            start_byte: s.extent.start_byte,
            end_byte: s.extent.end_byte,
            name_line: s.name_span.start_line,
            parent: s.parent_path.clone(),
            parent_kind: s.parent_kind.clone(),
            selector: s.selector(),
            indent: s.indent.clone(),
            attached: s.attached.clone(),
            declaration: s.declaration,
            name: s.name_span,
            body: s.body,
            docstring: s.docstring,
        }
    }
}

/// What `symbols` found: files in path order, errors (files named explicitly that could
/// not be indexed) and warnings (files skipped while walking, files with parse errors).
#[derive(Debug, Default, Serialize)]
pub struct ScanReport {
    pub files: Vec<FileSymbols>,
    pub errors: Vec<Error>,
    pub warnings: Vec<Error>,
}

/// One file to index, and whether the user named it (errors) or a walk met it (warnings).
struct Target {
    path: PathBuf,
    shown: String,
    language: &'static Language,
    explicit: bool,
}

/// Indexes every file under `paths`.
pub fn scan(paths: &[PathBuf]) -> ScanReport {
    let registry = Registry::global();
    let mut report = ScanReport::default();
    let mut targets = Vec::new();
    for path in paths {
        let shown = display(path);
        if path.is_dir() {
            walk(path, registry, &mut targets, &mut report.warnings);
        } else if !path.exists() {
            report.errors.push(Error::unreadable_file(
                &shown,
                &std::io::Error::from(std::io::ErrorKind::NotFound),
            ));
        } else {
            match registry.for_path(path) {
                Some(language) => targets.push(Target {
                    path: path.clone(),
                    shown,
                    language,
                    explicit: true,
                }),
                None => report
                    .errors
                    .push(Error::unsupported_language(&shown, &registry.known_extensions())),
            }
        }
    }

    let results: Vec<(bool, Result<SymbolIndex, Error>, String)> = targets
        .par_iter()
        .map_init(tree_sitter::Parser::new, |parser, t| {
            let index =
                SourceText::read(&t.path, &t.shown).and_then(|src| SymbolIndex::build_with(parser, src, t.language));
            (t.explicit, index, t.shown.clone())
        })
        .collect();

    for (explicit, result, shown) in results {
        match result {
            Ok(index) => {
                if !index.parse_errors.is_empty() {
                    report.warnings.push(Error::parse_errors(&shown, index.error_lines()));
                }
                report.files.push(FileSymbols {
                    path: shown,
                    language: index.language,
                    symbols: index.symbols.iter().map(SymbolRecord::from).collect(),
                });
            }
            Err(e) if explicit => report.errors.push(e),
            Err(e) => report.warnings.push(e),
        }
    }
    report.files.sort_by(|a, b| a.path.cmp(&b.path));
    report
}

fn walk(dir: &Path, registry: &'static Registry, targets: &mut Vec<Target>, warnings: &mut Vec<Error>) {
    for entry in ignore::WalkBuilder::new(dir).build() {
        match entry {
            Ok(entry) => {
                if !entry.file_type().is_some_and(|t| t.is_file()) {
                    continue;
                }
                if let Some(language) = registry.for_path(entry.path()) {
                    let path = entry.into_path();
                    let shown = display(&path);
                    targets.push(Target {
                        path,
                        shown,
                        language,
                        explicit: false,
                    });
                }
            }
            Err(e) => warnings.push(Error::new(
                crate::feedback::ErrorCode::UnreadableFile,
                format!("skipped while walking `{}`: {e}", display(dir)),
                "check the permissions of that path",
            )),
        }
    }
}

/// A path as the user would write it: `/` separators, no leading `./`.
fn display(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    text.strip_prefix("./").map(str::to_string).unwrap_or(text)
}

/// Every file under `root` in a language saguaro reads, walked as ripgrep walks
/// (`.gitignore`, `.ignore`, hidden files skipped) on every core: its path relative to the
/// root (with `/`) and on disk, in path order.
pub fn language_files(root: &Path) -> Vec<(String, PathBuf)> {
    use std::sync::Mutex;
    let registry = Registry::global();
    let found = Mutex::new(Vec::new());
    ignore::WalkBuilder::new(root).build_parallel().run(|| {
        let found = &found;
        Box::new(move |entry| {
            let Ok(entry) = entry else {
                return ignore::WalkState::Continue;
            };
            if !entry.file_type().is_some_and(|t| t.is_file()) {
                return ignore::WalkState::Continue;
            }
            let Ok(relative) = entry.path().strip_prefix(root) else {
                return ignore::WalkState::Continue;
            };
            let path = relative.to_string_lossy().replace('\\', "/");
            if registry.for_path(&path).is_some() {
                found
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((path, entry.path().to_path_buf()));
            }
            ignore::WalkState::Continue
        })
    });
    let mut out = found.into_inner().unwrap_or_else(|e| e.into_inner());
    out.sort();
    out
}
