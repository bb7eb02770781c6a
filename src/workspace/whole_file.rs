//! The whole-file mandate of spec 002 §3: a file that must be sent whole refuses every
//! change located by its context (a patch block, a SEARCH block, a unified hunk, an
//! editor's `str_replace`), with `whole_file_required`.
//!
//! Two things put a file under the mandate: the settings or the call name it KEYSTONE
//! (`keystone_paths`, gitignore-style), or the session shows it changed past the
//! threshold (70% by default). Why: past that point the editor's picture of the file is
//! mostly its own edits, and each located patch is placed against context it no longer
//! remembers exactly; a whole file is checked as a whole. Changes that are not located by
//! context stay allowed: the whole file (`mode=replace`, a `whole_file` action, Codex
//! `Add File`, an editor's `create`) and edits addressed by symbol (semantic patches),
//! which resolve a name path, not remembered text.

use super::{globs, matches};
use crate::feedback::{Error, ErrorCode};
use ignore::gitignore::Gitignore;
use std::collections::BTreeMap;
use std::path::Path;

/// Which files must be sent whole, and whether that is refused or only advised.
#[derive(Debug, Clone, Default)]
pub struct WholeFileRule {
    keystone: Option<Gitignore>,
    /// Files the session shows past the threshold, with their percent changed.
    past_threshold: BTreeMap<String, usize>,
    threshold: usize,
    enforce: bool,
}

impl WholeFileRule {
    /// `keystone_paths`: gitignore-style globs relative to `root`. `past_threshold`: the
    /// files a session shows over `threshold` percent changed. `enforce: false` only advises.
    pub fn new(
        root: &Path,
        keystone_paths: &[String],
        past_threshold: BTreeMap<String, usize>,
        threshold: usize,
        enforce: bool,
    ) -> Result<WholeFileRule, Error> {
        Ok(WholeFileRule {
            keystone: globs(root, keystone_paths, "keystone_paths")?,
            past_threshold,
            threshold,
            enforce,
        })
    }

    /// Whether `normal` (a normalized relative path) is a KEYSTONE file.
    pub fn is_keystone(&self, normal: &str) -> bool {
        matches(&self.keystone, normal)
    }

    /// `whole_file_required` when a change located by context may not touch `normal`.
    pub fn check_context_edit(&self, normal: &str) -> Result<(), Error> {
        if !self.enforce {
            return Ok(());
        }
        let why = if self.is_keystone(normal) {
            format!("`{normal}` is a KEYSTONE file")
        } else if let Some(percent) = self.past_threshold.get(normal) {
            format!(
                "`{normal}` is {percent}% changed this session (over {}%)",
                self.threshold
            )
        } else {
            return Ok(());
        };
        Err(Error::new(
            ErrorCode::WholeFileRequired,
            format!("{why}: it is sent whole, not patched by context lines (spec 002 §3); nothing was written"),
            format!(
                "resend it whole: `>>> file: {normal} | mode=replace`, `--- from`, `--- to`, then the entire updated file, then `<` (or a whole_file action); a semantic patch may still change one definition by its name path"
            ),
        )
        .in_file(normal))
    }
}
