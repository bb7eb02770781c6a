//! A symbol edit in a 10,000-line file, warm, as the MCP server runs it (its own symbols
//! kept by content, `symbols::cache`): the whole library call (`apply` of a one-operation
//! semantic patch: plan, verify, diff, write), and the index of the edited text alone,
//! incremental (bodies the edit did not touch taken over) beside a full extraction.
//!
//! The file has the shape of `scripts/bench_edit.py`'s: classes of methods and top-level
//! functions. The target (issue 15) is a warm replace under 10 ms of server time.

use criterion::{criterion_group, criterion_main, Criterion};
use saguaro::apply::{apply, Format, Options};
use saguaro::source::SourceText;
use saguaro::symbols::SymbolIndex;

fn big_file() -> String {
    let mut out = vec![
        "\"\"\"A generated module of realistic shape.\"\"\"".to_string(),
        "import math".into(),
        String::new(),
    ];
    let mut i = 0;
    while out.len() < 10_000 {
        out.extend(
            [
                "",
                &format!("class Service{i}:"),
                &format!("    \"\"\"Service number {i}.\"\"\""),
                "",
                "    def __init__(self, rate: float = 1.0) -> None:",
                "        self.rate = rate",
                "        self.calls = 0",
                "",
                "    @property",
                "    def load(self) -> float:",
                "        return self.calls * self.rate",
                "",
                "    def handle(self, request: dict) -> dict:",
                "        self.calls += 1",
                "        total = sum(math.sqrt(abs(v)) for v in request.values())",
                "        return {'total': total, 'calls': self.calls}",
                "",
                "",
                &format!("def helper_{i}(values: list[float]) -> float:"),
                "    \"\"\"Mean of the values.\"\"\"",
                "    if not values:",
                "        return 0.0",
                "    return sum(values) / len(values)",
                "",
            ]
            .map(str::to_string),
        );
        i += 1;
    }
    out.join("\n") + "\n"
}

const OLD: &str = "    def handle(self, request: dict) -> dict:\n        self.calls += 1\n        total = sum(math.sqrt(abs(v)) for v in request.values())\n        return {'total': total, 'calls': self.calls}\n";
const NEW: &str = "def handle(self, request: dict) -> dict:\n    self.calls += 2\n    return {'calls': self.calls}\n";

fn bench(c: &mut Criterion) {
    let text = big_file();
    let mut group = c.benchmark_group("edit_10k_lines");
    group.sample_size(40);

    let index = SymbolIndex::build(SourceText::new(text.clone()), "python").unwrap();
    let marker = "self.calls += 1\n        total";
    let at = text.match_indices(marker).nth(300).unwrap().0;
    let edited = format!(
        "{}self.calls += 2\n        total{}",
        &text[..at],
        &text[at + marker.len()..]
    );
    group.bench_function("index_incremental", |b| {
        b.iter(|| index.rebuild(edited.clone()).unwrap())
    });
    group.bench_function("index_full", |b| {
        b.iter(|| SymbolIndex::build(SourceText::new(edited.clone()), "python").unwrap())
    });

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("big.py"), &text).unwrap();
    saguaro::symbols::cache::enable(8);
    let options = Options {
        format: Some(Format::Semantic),
        ..Options::new(dir.path())
    };
    let patch = |content: &str| {
        serde_json::json!({"type": "patch", "target_file": "big.py", "operations": [
            {"op": "replace", "symbol": "Service300.handle", "content": content}
        ]})
        .to_string()
    };
    let (there, back) = (patch(NEW), patch(OLD));
    let mut forth = true;
    group.bench_function("replace_warm", |b| {
        b.iter(|| {
            let answer = apply(if forth { &there } else { &back }, &options);
            assert!(answer.errors.is_empty(), "{:?}", answer.errors);
            forth = !forth;
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
