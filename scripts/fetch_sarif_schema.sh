#!/usr/bin/env bash
# Fetches the official SARIF 2.1.0 JSON schema from a registry package (npm
# @microsoft/jest-sarif ships sarif-2.1.0-rtm.5.json) into corpora/sarif/ (ignored by git),
# for the test that validates `saguaro check --format sarif`.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=corpora/sarif/sarif-2.1.0-rtm.5.json
if [ -s "$dest" ]; then
  echo "sarif schema: $dest (cached)"
  exit 0
fi
mkdir -p corpora/sarif
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null)
tar -xzf "$tmp"/microsoft-jest-sarif-1.0.0-beta.0.tgz -C "$tmp" package/lib/schemas/sarif-2.1.0-rtm.5.json
cp "$tmp"/package/lib/schemas/sarif-2.1.0-rtm.5.json "$dest"
echo "sarif schema: $dest (from npm @microsoft/jest-sarif 1.0.0-beta.0)"
