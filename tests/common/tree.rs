//! A directory tree as data: every file's bytes and mode, every directory, every link — so
//! a test can prove that a refused operation left the tree exactly as it was.

use std::collections::BTreeMap;
use std::path::Path;

/// What one entry of the tree is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Dir,
    File { bytes: Vec<u8>, mode: u32 },
    Link(std::path::PathBuf),
}

pub type Tree = BTreeMap<String, Entry>;

/// Everything under `root`, keyed by relative path.
pub fn snapshot(root: &Path) -> Tree {
    let mut tree = Tree::new();
    walk(root, root, &mut tree);
    tree
}

fn walk(root: &Path, dir: &Path, tree: &mut Tree) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let key = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
        let meta = std::fs::symlink_metadata(&path).unwrap();
        if meta.file_type().is_symlink() {
            tree.insert(key, Entry::Link(std::fs::read_link(&path).unwrap()));
        } else if meta.is_dir() {
            tree.insert(key, Entry::Dir);
            walk(root, &path, tree);
        } else {
            tree.insert(
                key,
                Entry::File {
                    bytes: std::fs::read(&path).unwrap(),
                    mode: mode(&meta),
                },
            );
        }
    }
}

#[cfg(unix)]
fn mode(meta: &std::fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o7777
}

#[cfg(not(unix))]
fn mode(meta: &std::fs::Metadata) -> u32 {
    u32::from(meta.permissions().readonly())
}

/// Writes `files` (path → content) under `root`, creating directories.
pub fn write(root: &Path, files: &[(&str, &[u8])]) {
    for (name, bytes) in files {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

/// Copies the files and folders under `from` into `to` (made if need be).
pub fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
