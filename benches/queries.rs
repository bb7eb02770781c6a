//! What a process pays before its first parse: compiling its language's queries, which
//! tree-sitter analyses pattern by pattern against the grammar's parse table. Every
//! command that reads symbols compiles `symbols.scm`; every `refs`, `impact` and `rename`
//! compiles the joined locals, imports and types query too (beside the file scan, on 2
//! cores).
//!
//! Read from `queries/` as the repository has them now. A shape written out case by case
//! (a chain of `and` up to four operands, chained assignments up to seven targets) or under
//! nested alternations costs tens of milliseconds here; the same rule in code
//! (`narrowing_conditionals`, `#set! chain`) costs nothing. No target: the figures are
//! read beside the whole-process ones of scripts/bench_refs.py.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use saguaro::lang::{Registry, JOINED_QUERIES};

fn source(folder: &str, name: &str) -> String {
    let path = format!("{}/queries/{folder}/{name}.scm", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bench(c: &mut Criterion) {
    let registry = Registry::global();
    let mut group = c.benchmark_group("queries");
    group.sample_size(10);
    for name in ["python", "rust", "typescript", "javascript"] {
        let language = registry.by_name(name).expect("registered");
        let grammar = language.grammar().unwrap();
        let symbols = source(&language.queries, "symbols");
        let joined: String = JOINED_QUERIES
            .iter()
            .map(|q| source(&language.queries, q) + "\n")
            .collect();
        group.bench_with_input(BenchmarkId::new("symbols", name), &symbols, |b, text| {
            b.iter(|| tree_sitter::Query::new(grammar, text).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("joined", name), &joined, |b, text| {
            b.iter(|| tree_sitter::Query::new(grammar, text).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
