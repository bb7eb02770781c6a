//! A transaction: every change of an apply staged in memory, read back by later steps of
//! the same apply, then committed all together — or not at all.
//!
//! Reads see what earlier steps staged (a file created by one action can be patched by the
//! next). Nothing touches the disk until [`Transaction::commit`]; it writes each file with
//! a temporary file renamed into place and, when a step fails (a read-only directory, a
//! full disk), puts back every file it already replaced or removed and removes the
//! directories it created, so the tree is byte for byte what it was.

use super::{write_atomic_as, Access, Workspace};
use crate::feedback::{Error, ErrorCode};
use std::fs::Permissions;
use std::io;
use std::path::{Path, PathBuf};

/// One file as the transaction has it.
#[derive(Debug, Clone)]
struct Staged {
    path: String,
    full: PathBuf,
    /// What the disk held when the transaction first touched the file (`None`: no file).
    original: Option<Vec<u8>>,
    original_permissions: Option<Permissions>,
    current: Option<Vec<u8>>,
    /// A renamed file takes the permissions of its old path.
    permissions_from: Option<Permissions>,
}

impl Staged {
    /// Whether the transaction gives the file other permissions than it had.
    fn mode_changes(&self) -> bool {
        match (&self.permissions_from, &self.original_permissions) {
            (Some(new), Some(old)) => new != old,
            _ => false,
        }
    }
}

/// What one file goes through, for the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Change<'t> {
    pub path: String,
    /// `modified`, `created`, `deleted` or `renamed`.
    pub action: &'static str,
    pub before: Option<&'t [u8]>,
    pub after: Option<&'t [u8]>,
    pub renamed_from: Option<String>,
}

/// The staged changes of one apply.
#[derive(Debug)]
pub struct Transaction {
    workspace: Workspace,
    staged: Vec<Staged>,
    renames: Vec<(String, String)>,
    /// Directories a recursive delete empties, removed after their files (deepest first).
    removed_dirs: Vec<PathBuf>,
}

/// What to undo when a commit fails midway.
enum Undo {
    Restore(usize),
    CreatedDir(PathBuf),
    RemovedDir(PathBuf),
}

impl Transaction {
    pub fn new(workspace: Workspace) -> Transaction {
        Transaction {
            workspace,
            staged: Vec::new(),
            renames: Vec::new(),
            removed_dirs: Vec::new(),
        }
    }

    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// The staged entry for `path`, loaded from disk on first touch.
    fn entry(&mut self, path: &str, access: Access) -> Result<usize, Error> {
        let full = self.workspace.check(path, access)?;
        let shown = Workspace::shown(path);
        if let Some(i) = self.staged.iter().position(|s| s.path == shown) {
            return Ok(i);
        }
        let meta = std::fs::symlink_metadata(&full);
        let (original, original_permissions) = match meta {
            Ok(meta) if meta.is_dir() => {
                return Err(Error::new(
                    ErrorCode::PathRejected,
                    format!("`{shown}` is a directory"),
                    "name a file; a directory is deleted with file_delete and \"recursive\": true",
                )
                .in_file(&shown))
            }
            Ok(meta) => {
                let bytes = std::fs::read(&full).map_err(|e| Error::unreadable_file(&shown, &e))?;
                (Some(bytes), Some(meta.permissions()))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => (None, None),
            Err(e) => return Err(Error::unreadable_file(&shown, &e)),
        };
        self.staged.push(Staged {
            path: shown,
            full,
            current: original.clone(),
            original,
            original_permissions,
            permissions_from: None,
        });
        Ok(self.staged.len() - 1)
    }

    /// The file's bytes as the transaction has them (`None`: there is no such file).
    pub fn read(&mut self, path: &str) -> Result<Option<&[u8]>, Error> {
        let i = self.entry(path, Access::Read)?;
        Ok(self.staged[i].current.as_deref())
    }

    /// The file's text, refused if it is not UTF-8 (`None`: there is no such file).
    pub fn read_text(&mut self, path: &str) -> Result<Option<String>, Error> {
        let shown = Workspace::shown(path);
        match self.read(path)? {
            None => Ok(None),
            Some(bytes) => crate::source::SourceText::from_bytes(bytes.to_vec(), &shown).map(|s| Some(s.into_text())),
        }
    }

    /// Whether `path` is a directory on disk (staged changes never make one).
    pub fn is_dir(&self, path: &str) -> bool {
        self.workspace
            .check(path, Access::Read)
            .is_ok_and(|full| std::fs::symlink_metadata(full).is_ok_and(|m| m.is_dir()))
    }

    pub fn write(&mut self, path: &str, bytes: Vec<u8>) -> Result<(), Error> {
        let i = self.entry(path, Access::Write)?;
        self.staged[i].current = Some(bytes);
        Ok(())
    }

    pub fn remove(&mut self, path: &str) -> Result<(), Error> {
        let i = self.entry(path, Access::Write)?;
        self.staged[i].current = None;
        Ok(())
    }

    /// Moves a file's content to `to` (which the caller has checked may be written).
    pub fn rename(&mut self, from: &str, to: &str) -> Result<(), Error> {
        let source = self.entry(from, Access::Write)?;
        let content = self.staged[source]
            .current
            .clone()
            .ok_or_else(|| Error::file_missing(&self.staged[source].path))?;
        let source_permissions = self.staged[source].original_permissions.clone();
        let from_shown = self.staged[source].path.clone();
        let target = self.entry(to, Access::Write)?;
        self.staged[target].current = Some(content);
        self.staged[target].permissions_from = source_permissions;
        self.staged[source].current = None;
        let to_shown = self.staged[target].path.clone();
        self.renames.push((from_shown, to_shown));
        Ok(())
    }

    /// Stages a file's mode as git states it (`100755`): the executable bits follow it, the
    /// rest of the file's permissions stay.
    pub fn set_mode(&mut self, path: &str, mode: u32) -> Result<(), Error> {
        let i = self.entry(path, Access::Write)?;
        let s = &mut self.staged[i];
        let current = s.permissions_from.clone().or_else(|| s.original_permissions.clone());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let base = current.map_or(0o644, |p| p.mode() & 0o7777);
            let bits = if mode & 0o111 != 0 {
                base | ((base & 0o444) >> 2)
            } else {
                base & !0o111
            };
            s.permissions_from = Some(std::fs::Permissions::from_mode(bits));
        }
        #[cfg(not(unix))]
        {
            let _ = (mode, current);
        }
        Ok(())
    }

    /// Stages the removal of a directory and everything in it. Links and special files
    /// inside are refused: restoring them after a failure could not be exact.
    pub fn remove_dir(&mut self, path: &str) -> Result<usize, Error> {
        let full = self.workspace.check(path, Access::Write)?;
        let shown = Workspace::shown(path);
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        walk(&full, &mut files, &mut dirs).map_err(|e| Error::unreadable_file(&shown, &e))?;
        for file in &files {
            let meta = std::fs::symlink_metadata(file).map_err(|e| Error::unreadable_file(&shown, &e))?;
            if !meta.is_file() {
                return Err(Error::new(
                    ErrorCode::PathRejected,
                    format!(
                        "`{shown}` holds `{}`, a symbolic link or special file",
                        file.strip_prefix(self.workspace.root()).unwrap_or(file).display()
                    ),
                    "delete the link by its own path first, then the directory",
                )
                .in_file(&shown));
            }
        }
        for file in &files {
            let relative = file.strip_prefix(self.workspace.root()).unwrap_or(file);
            self.remove(&relative.to_string_lossy())?;
        }
        // Deepest first, the directory itself last.
        dirs.sort_by_key(|d| std::cmp::Reverse(d.components().count()));
        dirs.push(full);
        self.removed_dirs.extend(dirs);
        Ok(files.len())
    }

    /// Every file the transaction changes, in the order first touched.
    pub fn changes(&self) -> Vec<Change<'_>> {
        let mut out = Vec::new();
        for s in &self.staged {
            let rename_to = self.renames.iter().rev().find(|(from, _)| *from == s.path);
            let rename_from = self.renames.iter().rev().find(|(_, to)| *to == s.path);
            if s.current.is_none() && rename_to.is_some() {
                continue; // reported with its new path
            }
            if s.original == s.current && rename_from.is_none() && !s.mode_changes() {
                continue;
            }
            let (action, before, renamed_from) = match (rename_from, &s.original, &s.current) {
                (Some((from, _)), _, _) => {
                    let before = self
                        .staged
                        .iter()
                        .find(|x| x.path == *from)
                        .and_then(|x| x.original.as_deref());
                    ("renamed", before, Some(from.clone()))
                }
                (None, None, Some(_)) => ("created", None, None),
                (None, Some(_), None) => ("deleted", s.original.as_deref(), None),
                _ => ("modified", s.original.as_deref(), None),
            };
            out.push(Change {
                path: s.path.clone(),
                action,
                before,
                after: s.current.as_deref(),
                renamed_from,
            });
        }
        out
    }

    /// Writes everything staged; on a failure, undoes what was done and says what failed.
    pub fn commit(&self) -> Result<(), Error> {
        self.commit_with(&mut |_| Ok(()))
    }

    /// [`Transaction::commit`], with `before_step` called before each change on disk (a
    /// test makes it fail to prove that a failure midway leaves the tree as it was).
    pub fn commit_with(&self, before_step: &mut dyn FnMut(&Path) -> io::Result<()>) -> Result<(), Error> {
        let mut undo: Vec<Undo> = Vec::new();
        let result = self.run_commit(before_step, &mut undo);
        if result.is_err() {
            self.roll_back(undo);
        }
        result
    }

    fn run_commit(
        &self,
        before_step: &mut dyn FnMut(&Path) -> io::Result<()>,
        undo: &mut Vec<Undo>,
    ) -> Result<(), Error> {
        for (i, s) in self.staged.iter().enumerate() {
            if s.original == s.current && s.permissions_from.is_none() {
                continue;
            }
            let fail = |e: io::Error| {
                Error::new(
                    ErrorCode::UnreadableFile,
                    format!("cannot write `{}`: {e}", s.path),
                    "check permissions and free space; every file was put back as it was",
                )
                .in_file(&s.path)
            };
            match &s.current {
                Some(bytes) => {
                    if let Some(parent) = s.full.parent() {
                        for dir in missing_dirs(parent) {
                            before_step(&dir).map_err(fail)?;
                            std::fs::create_dir(&dir).map_err(fail)?;
                            undo.push(Undo::CreatedDir(dir));
                        }
                    }
                    before_step(&s.full).map_err(fail)?;
                    undo.push(Undo::Restore(i));
                    write_atomic_as(&s.full, bytes, s.permissions_from.as_ref()).map_err(|e| e.in_file(&s.path))?;
                }
                None => {
                    if s.full.symlink_metadata().is_ok() {
                        before_step(&s.full).map_err(fail)?;
                        undo.push(Undo::Restore(i));
                        std::fs::remove_file(&s.full).map_err(fail)?;
                    }
                }
            }
        }
        for dir in &self.removed_dirs {
            let fail = |e: io::Error| {
                Error::new(
                    ErrorCode::UnreadableFile,
                    format!("cannot remove the directory `{}`: {e}", dir.display()),
                    "check permissions; every file was put back as it was",
                )
            };
            before_step(dir).map_err(fail)?;
            std::fs::remove_dir(dir).map_err(fail)?;
            undo.push(Undo::RemovedDir(dir.clone()));
        }
        Ok(())
    }

    /// Puts back, newest first, what a failed commit did. Best effort: a restore that
    /// fails too cannot be helped here, and the first error is what the answer reports.
    fn roll_back(&self, undo: Vec<Undo>) {
        for step in undo.into_iter().rev() {
            match step {
                Undo::Restore(i) => {
                    let s = &self.staged[i];
                    match &s.original {
                        Some(bytes) => {
                            if let Some(parent) = s.full.parent() {
                                let _ = std::fs::create_dir_all(parent);
                            }
                            let _ = write_atomic_as(&s.full, bytes, s.original_permissions.as_ref());
                        }
                        None => {
                            let _ = std::fs::remove_file(&s.full);
                        }
                    }
                }
                Undo::CreatedDir(dir) => {
                    let _ = std::fs::remove_dir(dir);
                }
                Undo::RemovedDir(dir) => {
                    let _ = std::fs::create_dir_all(dir);
                }
            }
        }
    }
}

/// The ancestors of `dir` that do not exist yet, outermost first.
fn missing_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut missing: Vec<PathBuf> = dir
        .ancestors()
        .take_while(|d| d.symlink_metadata().is_err())
        .map(Path::to_path_buf)
        .collect();
    missing.reverse();
    missing
}

/// Every file and directory under `dir` (not following links).
fn walk(dir: &Path, files: &mut Vec<PathBuf>, dirs: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            walk(&path, files, dirs)?;
            dirs.push(path);
        } else {
            files.push(path);
        }
    }
    Ok(())
}
