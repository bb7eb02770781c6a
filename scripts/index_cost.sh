#!/usr/bin/env bash
# Indexing cost against tree-sitter parsing alone, in instructions (callgrind), on each
# fixture repeated to about 10,000 lines. Target: index / parse <= 1.3.
# Usage: scripts/index_cost.sh        (needs valgrind: apt-get install valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --profile profiling --quiet --example index_cost
mkdir -p corpora
for pair in python:fixtures/python/engine.py rust:fixtures/rust/store.rs \
            typescript:fixtures/typescript/client.ts tsx:fixtures/tsx/JobBoard.tsx \
            javascript:fixtures/javascript/router.js; do
  lang=${pair%%:*}; fixture=${pair#*:}
  big=corpora/10k.$(basename "$fixture")
  python3 - "$fixture" "$big" <<'PY'
import sys
text = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(text * -(-10_000 // text.count("\n")))
PY
  total() {
    local out; out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" target/profiling/examples/index_cost "$1" "$lang" "$big" >/dev/null 2>&1
    awk '/^summary:/ { print $2 }' "$out"; rm -f "$out"
  }
  setup=$(total setup); parse=$(( $(total parse) - setup )); index=$(( $(total index) - setup ))
  awk -v l="$lang" -v p="$parse" -v i="$index" -v n="$(wc -l < "$big")" \
    'BEGIN { printf "%-10s lines=%d parse=%.1fM index=%.1fM instructions, index/parse=%.2f\n", l, n, p/1e6, i/1e6, i/p }'
done
