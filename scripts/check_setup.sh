#!/usr/bin/env bash
# The README's set-up, as a newcomer runs it: a fresh clone of this checkout's HEAD, the
# install line into a scratch prefix, the main job, and one example with the installed
# binary on the PATH. (`cargo test --locked`, the README's other command, is what .ci/run
# runs.) Usage: scripts/check_setup.sh [WORKDIR]
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
git clone -q "$src" "$work/saguaro"
cd "$work/saguaro"
echo "== cargo install --locked --path . (into $work/prefix)"
cargo install -q --locked --path . --root "$work/prefix"
export PATH="$work/prefix/bin:$PATH"
echo "== cargo run --release -- symbols fixtures"
cargo run -q --release -- symbols fixtures | head -3
echo "== the installed binary: $(command -v saguaro), $(du -h "$work/prefix/bin/saguaro" | cut -f1)"
(cd docs/reference.in && saguaro show shop/engine.py Engine.process)
echo "set-up OK"
