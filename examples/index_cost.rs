//! Instruction counts of indexing against parsing alone, for `scripts/index_cost.sh`.
//!
//! Wall time on a shared 2-core machine drifts by 20% between runs; instructions counted
//! by callgrind do not. The script runs it three times under `valgrind --tool=callgrind`
//! — `setup`, `parse`, `index` — and subtracts the setup's total from the other two.

use saguaro::lang::Registry;
use saguaro::source::SourceText;
use saguaro::symbols::SymbolIndex;

#[inline(never)]
fn parse_only(parser: &mut tree_sitter::Parser, text: &str) -> usize {
    let tree = parser.parse(text, None).expect("a tree");
    tree.root_node().child_count() as usize
}

#[inline(never)]
fn index_file(parser: &mut tree_sitter::Parser, text: &str, language: &'static saguaro::lang::Language) -> usize {
    let index = SymbolIndex::build_with(parser, SourceText::new(text.to_string()), language).expect("indexed");
    index.symbols.len()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mode, language, file) = (&args[1], &args[2], &args[3]);
    let language = Registry::global().by_name(language).expect("a registered language");
    let text = std::fs::read_to_string(file).expect("readable input");
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(language.grammar().unwrap()).unwrap();
    // Compile the query and build the role table outside the measured calls: both happen
    // once per process, not per file.
    language.query("symbols").unwrap();
    language.roles().unwrap();
    match mode.as_str() {
        "setup" => {}
        "parse" => println!("{} top-level nodes", parse_only(&mut parser, &text)),
        "index" => println!("{} symbols", index_file(&mut parser, &text, language)),
        other => panic!("mode is setup, parse or index, not {other}"),
    }
}
