//! Symbol indexing against tree-sitter parsing alone, on the same input.
//!
//! Inputs are the fixtures repeated to about 10,000 lines each. `parse` is what any
//! tree-sitter tool pays; `index` adds saguaro's query, extents, name paths and line index.
//! The target is index / parse <= 1.3.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use saguaro::lang::Registry;
use saguaro::source::SourceText;
use saguaro::symbols::SymbolIndex;

const TARGET_LINES: usize = 10_000;

fn repeated(fixture: &str) -> String {
    let lines = fixture.lines().count().max(1);
    fixture.repeat(TARGET_LINES.div_ceil(lines))
}

fn bench(c: &mut Criterion) {
    let inputs = [
        ("python", repeated(include_str!("../fixtures/python/engine.py"))),
        ("rust", repeated(include_str!("../fixtures/rust/store.rs"))),
        ("typescript", repeated(include_str!("../fixtures/typescript/client.ts"))),
        ("tsx", repeated(include_str!("../fixtures/tsx/JobBoard.tsx"))),
    ];
    let registry = Registry::global();
    let mut group = c.benchmark_group("symbols");
    group.sample_size(30);
    for (name, text) in &inputs {
        let language = registry.by_name(name).expect("registered");
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(language.grammar().unwrap()).unwrap();
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse", name), text, |b, text| {
            b.iter(|| parser.parse(text.as_str(), None).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("index", name), text, |b, text| {
            b.iter(|| SymbolIndex::build_with(&mut parser, SourceText::new(text.clone()), language).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
