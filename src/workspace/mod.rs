//! The workspace: the root a patch may touch, paths checked against it, and writes that
//! are atomic and keep a file's permissions.
//!
//! Every path in a patch is relative to the root; nothing outside the root is read or
//! written, through `..`, an absolute path, or a symbolic link. A write goes to a temporary
//! file in the same directory and is renamed over the target, so a reader sees the old
//! file or the new one, never half of each.

use crate::feedback::{Error, ErrorCode};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// The root directory of an apply.
#[derive(Debug, Clone)]
pub struct Workspace {
    root: PathBuf,
}

impl Workspace {
    pub fn new(root: &Path) -> Result<Workspace, Error> {
        let root = root.canonicalize().map_err(|e| {
            Error::new(
                ErrorCode::FileMissing,
                format!("the root `{}` cannot be opened: {e}", root.display()),
                "pass an existing directory with --root",
            )
        })?;
        Ok(Workspace { root })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file a patch names, checked: relative, no `..`, no control characters, and
    /// still inside the root once symbolic links are followed.
    pub fn resolve(&self, relative: &str) -> Result<PathBuf, Error> {
        let reject = |why: &str| {
            Error::new(
                ErrorCode::PathRejected,
                format!("the path `{}` is rejected: {why}", relative.escape_debug()),
                "paths in a patch are relative to --root, with `/` separators and no `..`",
            )
            .in_file(relative)
        };
        if relative.is_empty() {
            return Err(reject("it is empty"));
        }
        if relative.chars().any(char::is_control) {
            return Err(reject("it holds a control character"));
        }
        let path = Path::new(relative);
        if path.is_absolute() || relative.starts_with('/') || relative.starts_with('\\') || has_drive_letter(relative) {
            return Err(reject("it is absolute"));
        }
        for component in path.components() {
            match component {
                Component::Normal(_) | Component::CurDir => {}
                Component::ParentDir => return Err(reject("it climbs out with `..`")),
                _ => return Err(reject("it is absolute")),
            }
        }
        let full = self.root.join(path);
        // Follow links on the part that exists: it must stay inside the root.
        let mut existing = full.as_path();
        while !existing.exists() {
            match existing.parent() {
                Some(parent) => existing = parent,
                None => break,
            }
        }
        if let Ok(real) = existing.canonicalize() {
            if !real.starts_with(&self.root) {
                return Err(reject("a symbolic link takes it outside the root"));
            }
        }
        Ok(full)
    }
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
    if let Ok(meta) = std::fs::metadata(path) {
        std::fs::set_permissions(temp.path(), meta.permissions()).map_err(|e| fail("permissions", e))?;
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
