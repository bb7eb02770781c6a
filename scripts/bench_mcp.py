#!/usr/bin/env python3
"""`saguaro mcp` round trips through the official Python MCP SDK client, medians, beside the
command line's whole-process time for the same operations, in one run:

- the server's first answer on Django's tree (spawn, initialize, one find_symbol);
- find_symbol and refs across Django, warm (the tree already read);
- replace_symbol in a 10,000-line file, warm (the file restored between runs through the
  server itself, so the warm tree sees every write), and its server time: the round trip
  less a ping's (the SDK's and the pipes' share). `cargo bench --bench edit` measures the
  same replace as a library call.

The SDK comes from target/mcp-venv (what .ci/run makes): run this script with that python.
Django is downloaded by scripts/bench_symbols.py's helper into corpora/ (ignored by git).

Usage:  target/mcp-venv/bin/python scripts/bench_mcp.py [--bin target/release/saguaro] [--runs 20]
"""

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import bench_edit  # noqa: E402  (the 10,000-line file)
import bench_symbols  # noqa: E402  (the Django download)

REFS_TARGETS = [
    ("django/utils/crypto.py", "get_random_string"),
    ("django/db/models/query.py", "QuerySet.filter"),
]


def ms(samples):
    return f"{statistics.median(samples) * 1000:8.1f} ms"


def cli(cmd, cwd, runs):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return samples


async def timed_call(session, name, arguments):
    start = time.perf_counter()
    result = await session.call_tool(name, arguments)
    elapsed = time.perf_counter() - start
    if result.is_error:
        raise SystemExit(f"{name} {arguments} failed: {result.content[0].text[:500]}")
    return elapsed, result


async def django(binary, tree, runs):
    start = time.perf_counter()
    params = StdioServerParameters(command=binary, args=["mcp", "--root", str(tree)])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await timed_call(session, "find_symbol", {"query": "QuerySet.filter"})
            first = time.perf_counter() - start
            print(f"first answer on Django (spawn, initialize, find_symbol): {first * 1000:8.1f} ms")
            finds = [(await timed_call(session, "find_symbol", {"query": "QuerySet.filter"}))[0] for _ in range(runs)]
            print(f"find_symbol QuerySet.filter, warm:                   {ms(finds)}")
            for file, symbol in REFS_TARGETS:
                await timed_call(session, "refs", {"file": file, "symbol": symbol})
                warm = [(await timed_call(session, "refs", {"file": file, "symbol": symbol}))[0] for _ in range(runs)]
                command = cli([binary, "refs", file, symbol, "--json"], tree, max(3, runs // 4))
                print(f"refs {symbol:<20} warm {ms(warm)}   CLI {ms(command)}")


async def replace(binary, runs):
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.py"
        bench_edit.big_file(big)
        original = big.read_text()
        old = "    def handle(self, request: dict) -> dict:\n        self.calls += 1\n        total = sum(math.sqrt(abs(v)) for v in request.values())\n        return {'total': total, 'calls': self.calls}\n"
        new = "def handle(self, request: dict) -> dict:\n    self.calls += 2\n    return {'calls': self.calls}\n"
        params = StdioServerParameters(command=binary, args=["mcp", "--root", tmp])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                await timed_call(session, "symbols", {"path": "big.py", "max_chars": 200})
                # The protocol's own cost (JSON-RPC through the SDK and the pipes): a ping.
                pings = []
                for _ in range(runs):
                    start = time.perf_counter()
                    await session.send_ping()
                    pings.append(time.perf_counter() - start)
                samples = []
                for _ in range(runs):
                    elapsed, _ = await timed_call(
                        session, "replace_symbol", {"file": "big.py", "symbol": "Service300.handle", "content": new}
                    )
                    samples.append(elapsed)
                    await timed_call(
                        session, "replace_symbol", {"file": "big.py", "symbol": "Service300.handle", "content": old}
                    )
        big.write_text(original)
        (Path(tmp) / "new.py").write_text(new)
        command = []
        for _ in range(max(3, runs // 4)):
            big.write_text(original)
            command += cli([binary, "replace", "big.py", "Service300.handle", "--with", "new.py"], tmp, 1)
        lines = original.count("\n")
        print(f"replace_symbol in a {lines}-line file, warm:          {ms(samples)}   CLI {ms(command)}")
        server = statistics.median(samples) - statistics.median(pings)
        print(f"  of which server time (round trip less a ping's {ms(pings).strip()}): {server * 1000:8.1f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / "target/release/saguaro"))
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--django", default="5.1.4")
    args = ap.parse_args()
    tree = bench_symbols.django(args.django)
    files = list(tree.rglob("*.py"))
    print(f"tree: {tree} ({len(files)} Python files); medians of {args.runs} MCP round trips through the SDK")
    asyncio.run(django(args.bin, tree, args.runs))
    asyncio.run(replace(args.bin, args.runs))


if __name__ == "__main__":
    main()
