//! The workspace: the root a patch may touch, paths checked against it, and changes that
//! are written all together or not at all.
//!
//! Every path in a patch is relative to the root; nothing outside the root is read or
//! written, through `..`, an absolute path, or a symbolic link, and nothing inside `.git`.
//! Settings may deny paths (`deny_paths`) and confine writes (`allow_paths_write`), both as
//! gitignore-style globs; KEYSTONE files and files a session has mostly rewritten refuse
//! changes located by context (`whole_file`). Changes are staged in a [`Transaction`] and committed with
//! temporary files renamed into place; a failure midway puts back what was already written.

mod transaction;
mod whole_file;

pub use transaction::{Change, Transaction};
pub use whole_file::WholeFileRule;

use crate::feedback::{Error, ErrorCode};
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// What a path is wanted for: writes answer to `allow_paths_write` too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

/// The root directory of an apply and the path rules of its settings.
#[derive(Debug, Clone)]
pub struct Workspace {
    root: PathBuf,
    deny: Option<Gitignore>,
    allow_write: Option<Gitignore>,
    whole_file: WholeFileRule,
}

/// The root's canonical path; a root that cannot be opened is `file_missing`.
pub fn canonical_root(root: &Path) -> Result<PathBuf, Error> {
    root.canonicalize().map_err(|e| {
        Error::new(
            ErrorCode::FileMissing,
            format!("the root `{}` cannot be opened: {e}", root.display()),
            "pass an existing directory with --root",
        )
    })
}

impl Workspace {
    pub fn new(root: &Path) -> Result<Workspace, Error> {
        let root = canonical_root(root)?;
        Ok(Workspace {
            root,
            deny: None,
            allow_write: None,
            whole_file: WholeFileRule::default(),
        })
    }

    /// The same root with `deny_paths` and `allow_paths_write` (empty: no rule).
    pub fn with_rules(mut self, deny_paths: &[String], allow_paths_write: &[String]) -> Result<Workspace, Error> {
        self.deny = globs(&self.root, deny_paths, "deny_paths")?;
        self.allow_write = globs(&self.root, allow_paths_write, "allow_paths_write")?;
        Ok(self)
    }

    /// The same root with the whole-file mandate's files.
    pub fn with_whole_file(mut self, rule: WholeFileRule) -> Workspace {
        self.whole_file = rule;
        self
    }

    /// Whether `relative` is a KEYSTONE file.
    pub fn is_keystone(&self, relative: &str) -> bool {
        self.whole_file.is_keystone(&normalize(relative))
    }

    /// `whole_file_required` when a change located by context (a hunk, a block, an
    /// editor's `str_replace`) may not touch `relative`.
    pub fn check_context_edit(&self, relative: &str) -> Result<(), Error> {
        self.whole_file.check_context_edit(&normalize(relative))
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file a patch names, checked for reading: see [`Workspace::check`].
    pub fn resolve(&self, relative: &str) -> Result<PathBuf, Error> {
        self.check(relative, Access::Read)
    }

    /// The file a patch names, checked: relative, no `..`, no control characters, not in
    /// `.git`, not denied, writable where writes are confined, and still inside the root
    /// once symbolic links are followed.
    pub fn check(&self, relative: &str, access: Access) -> Result<PathBuf, Error> {
        let reject = |why: &str, hint: &str| {
            Error::new(
                ErrorCode::PathRejected,
                format!("the path `{}` is rejected: {why}", relative.escape_debug()),
                hint,
            )
            .in_file(relative)
        };
        let relative_hint = "paths in a patch are relative to --root, with `/` separators and no `..`";
        if relative.is_empty() {
            return Err(reject("it is empty", relative_hint));
        }
        if relative.chars().any(char::is_control) {
            return Err(reject("it holds a control character", relative_hint));
        }
        let path = Path::new(relative);
        if path.is_absolute() || relative.starts_with('/') || relative.starts_with('\\') || has_drive_letter(relative) {
            return Err(reject("it is absolute", relative_hint));
        }
        // Backslashes are separators on Windows: `a\..\b` climbs there.
        for segment in relative.split(['/', '\\']) {
            if segment == ".." {
                return Err(reject("it climbs out with `..`", relative_hint));
            }
            if segment.eq_ignore_ascii_case(".git") {
                return Err(reject(
                    "it is inside `.git`, which only git writes",
                    "change the working tree; git's own files are not patched",
                ));
            }
        }
        for component in path.components() {
            match component {
                Component::Normal(_) | Component::CurDir => {}
                Component::ParentDir => return Err(reject("it climbs out with `..`", relative_hint)),
                _ => return Err(reject("it is absolute", relative_hint)),
            }
        }
        let normal = normalize(relative);
        if normal.is_empty() {
            return Err(reject("it names the root itself", relative_hint));
        }
        if matches(&self.deny, &normal) {
            return Err(reject(
                "the settings deny it (deny_paths)",
                "leave this path alone; the settings' deny_paths protect it",
            ));
        }
        // No `allow_paths_write`: writes go anywhere the other rules allow.
        if access == Access::Write && self.allow_write.is_some() && !matches(&self.allow_write, &normal) {
            return Err(reject(
                "the settings allow writes only under allow_paths_write",
                "write only where the settings' allow_paths_write allow",
            ));
        }
        let full = self.root.join(&normal);
        // Follow links on the part that exists: it must stay inside the root.
        let mut existing = full.as_path();
        while existing.symlink_metadata().is_err() {
            match existing.parent() {
                Some(parent) => existing = parent,
                None => break,
            }
        }
        match existing.canonicalize() {
            Ok(real) if !real.starts_with(&self.root) => {
                return Err(reject("a symbolic link takes it outside the root", relative_hint));
            }
            // A dangling link: where it leads cannot be checked.
            Err(_) if existing != full.as_path() || full.symlink_metadata().is_ok() => {
                return Err(reject("a symbolic link on it leads nowhere", relative_hint));
            }
            _ => {}
        }
        if access == Access::Write && full.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(reject(
                "it is a symbolic link; writing would replace the link with a file",
                "patch the file the link points to, by its own path",
            ));
        }
        Ok(full)
    }

    /// The path as the answer shows it: `/` separators, no `./`.
    pub fn shown(relative: &str) -> String {
        normalize(relative)
    }
}

/// `./a//b/` → `a/b`.
fn normalize(relative: &str) -> String {
    relative
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether `normal` (a normalized relative path), or a folder it is in, matches `globs`.
fn matches(globs: &Option<Gitignore>, normal: &str) -> bool {
    globs
        .as_ref()
        .is_some_and(|g| g.matched_path_or_any_parents(normal, false).is_ignore())
}

fn globs(root: &Path, patterns: &[String], field: &str) -> Result<Option<Gitignore>, Error> {
    if patterns.is_empty() {
        return Ok(None);
    }
    let mut builder = GitignoreBuilder::new(root);
    for pattern in patterns {
        builder.add_line(None, pattern).map_err(|e| {
            Error::new(
                ErrorCode::InvalidFormat,
                format!("the {field} glob `{pattern}` does not parse: {e}"),
                "use gitignore-style globs such as `secrets/`, `*.lock` or `src/**`",
            )
        })?;
    }
    builder.build().map(Some).map_err(|e| {
        Error::new(
            ErrorCode::InvalidFormat,
            format!("the {field} globs do not build: {e}"),
            "use gitignore-style globs such as `secrets/`, `*.lock` or `src/**`",
        )
    })
}

fn has_drive_letter(path: &str) -> bool {
    let b = path.as_bytes();
    b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// The lowercase hex sha256 of `bytes`.
pub fn sha256(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// Writes `bytes` to `path` atomically (temporary file in the same directory, then
/// rename), keeping the permissions of the file it replaces.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_atomic_as(path, bytes, None)
}

/// [`write_atomic`] with these permissions, when given (a renamed file keeps its mode).
pub fn write_atomic_as(path: &Path, bytes: &[u8], permissions: Option<&std::fs::Permissions>) -> Result<(), Error> {
    let shown = path.display().to_string();
    let fail = |what: &str, e: std::io::Error| {
        Error::new(
            ErrorCode::UnreadableFile,
            format!("cannot write `{shown}` ({what}): {e}"),
            "check that the directory is writable and the disk is not full; the file was left as it was",
        )
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut temp = tempfile::Builder::new()
        .prefix(".saguaro-")
        .tempfile_in(dir)
        .map_err(|e| fail("temporary file", e))?;
    temp.write_all(bytes).map_err(|e| fail("write", e))?;
    temp.as_file().sync_all().map_err(|e| fail("sync", e))?;
    let permissions = match permissions {
        Some(permissions) => Some(permissions.clone()),
        None => std::fs::metadata(path).ok().map(|m| m.permissions()),
    };
    if let Some(permissions) = permissions {
        std::fs::set_permissions(temp.path(), permissions).map_err(|e| fail("permissions", e))?;
    }
    temp.persist(path).map_err(|e| fail("rename", e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_leave_the_root_are_rejected() {
        let dir = tempfile::tempdir().unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        for bad in [
            "/etc/passwd",
            "../x.py",
            "a/../../x.py",
            "C:\\x.py",
            "a\u{0}b.py",
            "a\nb.py",
            "",
        ] {
            let err = ws.resolve(bad).unwrap_err();
            assert_eq!(err.code, ErrorCode::PathRejected, "{bad:?}");
        }
        assert!(ws.resolve("src/new/file.py").is_ok());
        assert!(ws.resolve("./a.py").is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_root_is_rejected() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("out")).unwrap();
        let ws = Workspace::new(dir.path()).unwrap();
        assert_eq!(ws.resolve("out/x.py").unwrap_err().code, ErrorCode::PathRejected);
    }

    #[cfg(unix)]
    #[test]
    fn atomic_writes_keep_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("run.sh");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o750)).unwrap();
        write_atomic(&file, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o750);
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }
}
