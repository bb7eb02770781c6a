//! Embeds the language registry (`grammars/languages.toml`) and every query file
//! (`queries/<lang>/<name>.scm`) in the binary, so the installed tool needs no files beside
//! it. Adding a query file needs no code change: this script lists the folder.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!("cargo:rerun-if-changed=grammars/languages.toml");
    println!("cargo:rerun-if-changed=queries");

    let mut entries = Vec::new();
    let mut dirs: Vec<_> = fs::read_dir(root.join("queries"))
        .expect("queries/ is part of the crate")
        .map(|e| e.expect("readable queries/ entry").path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = fs::read_dir(&dir)
            .expect("readable query folder")
            .map(|e| e.expect("readable query file").path())
            .filter(|p| p.extension().is_some_and(|e| e == "scm"))
            .collect();
        files.sort();
        for file in files {
            println!("cargo:rerun-if-changed={}", file.display());
            let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
            let name = file.file_stem().unwrap().to_string_lossy().into_owned();
            entries.push((folder, name, file));
        }
    }

    let mut out = String::from("/// (query folder, query name, query source), from queries/.\n");
    out.push_str("pub static EMBEDDED_QUERIES: &[(&str, &str, &str)] = &[\n");
    for (folder, name, file) in entries {
        writeln!(out, "    ({folder:?}, {name:?}, include_str!({:?})),", file.display()).unwrap();
    }
    out.push_str("];\n");
    writeln!(
        out,
        "/// grammars/languages.toml.\npub static EMBEDDED_REGISTRY: &str = include_str!({:?});",
        root.join("grammars/languages.toml").display()
    )
    .unwrap();
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("embedded.rs"), out).unwrap();
}
