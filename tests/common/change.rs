//! A tree written to a temporary directory, and the unified diff that changes one of its
//! files: what the impact and references tests work on.

/// Writes `files` (path, text) under a new temporary directory.
pub fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let full = dir.path().join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text).unwrap();
    }
    dir
}

/// The unified diff that turns `file` of `files` into `after`.
pub fn patch(files: &[(&str, &str)], file: &str, after: &str) -> String {
    let before = files.iter().find(|(p, _)| *p == file).unwrap().1;
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .header(&format!("a/{file}"), &format!("b/{file}"))
        .to_string()
}
