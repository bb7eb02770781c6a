//! The tiered matcher on a 50,000-line file: a 40-line block found exactly, and with a typo
//! (fuzzy tier), against a naive sliding window that scores every window with
//! Damerau-Levenshtein (run on 1,000 lines: on 50,000 it takes minutes; scale it by 50).

use criterion::{criterion_group, criterion_main, Criterion};
use saguaro::textmatch::find_block;

/// Code-shaped lines with varied names (a small xorshift, so the file is the same every
/// run): real files are not 50,000 lines of near-copies.
fn file(lines: usize) -> Vec<String> {
    let words = [
        "payload", "context", "request", "schema", "buffer", "handler", "retry", "config", "stream", "token", "client",
        "result", "record", "cursor", "engine", "window", "offset", "parser", "cache", "queue",
    ];
    let mut state: u64 = 0x9e3779b97f4a7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..lines)
        .map(|i| {
            let (a, b, c) = (words[next() as usize % 20], words[next() as usize % 20], next() % 1000);
            match i % 8 {
                0 => format!("def {a}_{b}_{c}(request, context):"),
                1 => format!("    {a} = decode(request.{b}, limit={c})"),
                2 => format!("    if {a}.get(\"{b}\") == {c}:"),
                3 => format!("        context.log(\"{a} {b}\", level={})", c % 7),
                4 => format!("        return respond({a}, {b}_{c})"),
                5 => format!("    return {a}.{b}()"),
                _ => String::new(),
            }
        })
        .collect()
}

fn naive(haystack: &[&str], needle: &[&str]) -> (usize, f64) {
    let wanted = needle.join("\n");
    (0..=haystack.len() - needle.len())
        .map(|s| {
            (
                s,
                strsim::normalized_damerau_levenshtein(&haystack[s..s + needle.len()].join("\n"), &wanted),
            )
        })
        .fold((0, 0.0), |best, cur| if cur.1 > best.1 { cur } else { best })
}

fn bench(c: &mut Criterion) {
    let owned = file(50_000);
    let lines: Vec<&str> = owned.iter().map(String::as_str).collect();
    let start = 25_003;
    let block: Vec<&str> = lines[start..start + 40].to_vec();
    let mut typo: Vec<String> = block.iter().map(|l| l.to_string()).collect();
    typo[17] = typo[17].replacen("(", " (", 1).replacen("e", "3", 1);
    let typo: Vec<&str> = typo.iter().map(String::as_str).collect();
    assert_eq!(find_block(&lines, &block, 0.85).unwrap().start, start);
    assert_eq!(find_block(&lines, &typo, 0.85).unwrap().start, start);

    let mut group = c.benchmark_group("textmatch");
    group.sample_size(20);
    group.bench_function("exact_40_in_50k", |b| {
        b.iter(|| find_block(&lines, &block, 0.85).unwrap())
    });
    group.bench_function("fuzzy_40_in_50k", |b| {
        b.iter(|| find_block(&lines, &typo, 0.85).unwrap())
    });
    let small = &lines[24_500..25_500];
    group.sample_size(10);
    group.bench_function("naive_fuzzy_40_in_1k", |b| b.iter(|| naive(small, &typo)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
