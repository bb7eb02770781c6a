"""An agent's loop against `saguaro mcp`, through the official Python MCP SDK client.

Usage: agent_loop.py SAGUARO ROOT LANGUAGE OUT.json

ROOT is a git repository holding one of tests/mcp/shops/*, committed. The loop: initialize,
list the tools (each with an object input schema), find `process`, read its context, ask the
impact of adding a required parameter, apply the change together with the caller's update
through apply_patch, stage it and run check; then a stale expected_sha256 is refused and a
bad argument answered with a clear error, the tree untouched by both; last, the method is
renamed across its files (rename_symbol) and a keyword refused as a new name. Every answer is
written to OUT.json (`{"tools": [...], "answers": [{"tool", "is_error", "answer"}]}`) for the
Rust side to check against schemas/. Any failed expectation raises (exit status 1).
"""

import asyncio
import hashlib
import json
import os
import subprocess
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

# What the loop changes, per language: the definition's file and name path, the new first
# line, and the caller's line before and after.
SCENARIOS = {
    "python": {
        "file": "shop/engine.py",
        "symbol": "Engine.process",
        "old_header": "    def process(self, order):",
        "new_header": "    def process(self, order, priority):",
        "caller_file": "shop/cli.py",
        "old_call": "    lines = engine.process(argv)",
        "new_call": "    lines = engine.process(argv, 1)",
        "kind": "method",
    },
    "rust": {
        "file": "src/lib.rs",
        "symbol": "Engine.process",
        "old_header": "    pub fn process(&self, order: &str) -> String {",
        "new_header": "    pub fn process(&self, order: &str, priority: u8) -> String {",
        "caller_file": "src/cli.rs",
        "old_call": "    let line = engine.process(argv);",
        "new_call": "    let line = engine.process(argv, 1);",
        "kind": "method",
    },
    "typescript": {
        "file": "src/engine.ts",
        "symbol": "Engine.process",
        "old_header": "  process(order: string): string {",
        "new_header": "  process(order: string, priority: number): string {",
        "caller_file": "src/cli.ts",
        "old_call": "  const line = engine.process(argv);",
        "new_call": "  const line = engine.process(argv, 1);",
        "kind": "method",
    },
}


def tree_hash(root):
    digest = hashlib.sha256()
    for folder, dirs, files in sorted(os.walk(root)):
        dirs[:] = sorted(d for d in dirs if d != ".git")
        for name in sorted(files):
            path = os.path.join(folder, name)
            digest.update(path.encode())
            with open(path, "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()


def expect(condition, what, answer=None):
    if not condition:
        raise AssertionError(f"{what}\n{json.dumps(answer, indent=2)[:4000] if answer is not None else ''}")


async def loop(binary, root, language, out_path):
    scenario = SCENARIOS[language]
    answers = []
    params = StdioServerParameters(command=binary, args=["mcp", "--root", root])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            expect(init.server_info.name == "saguaro", "the server names itself")

            listed = await session.list_tools()
            tools = [{"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in listed.tools]
            names = {t["name"] for t in tools}
            wanted = {"symbols", "find_symbol", "show", "refs", "context", "replace_symbol", "insert_symbol",
                      "delete_symbol", "update_docstring", "rename_symbol", "apply_patch", "impact", "check"}
            expect(wanted <= names, f"every tool is listed (missing {wanted - names})")
            for tool in tools:
                expect(tool["input_schema"].get("type") == "object", f"{tool['name']} has an object input schema", tool)
                expect(len(tool["description"] or "") > 40, f"{tool['name']} says when to use it", tool)

            async def call(name, arguments):
                result = await session.call_tool(name, arguments)
                answer = result.structured_content
                if answer is None:
                    answer = {"text": result.content[0].text if result.content else ""}
                answers.append({"tool": name, "is_error": bool(result.is_error), "answer": answer})
                return bool(result.is_error), answer

            # Find the symbol, read its context.
            failed, found = await call("find_symbol", {"query": "process", "kinds": [scenario["kind"]]})
            expect(not failed and found["matches"], "find_symbol finds process", found)
            match = found["matches"][0]
            expect(match["path"] == scenario["file"] and match["symbol"] == scenario["symbol"], "the match is the definition", found)

            failed, outline = await call("symbols", {"path": scenario["file"]})
            expect(not failed and outline["files"][0]["sha256"] == match["sha256"], "symbols gives the same version", outline)

            failed, context = await call("context", {"file": scenario["file"], "symbol": scenario["symbol"]})
            expect(not failed, "context answers", context)
            expect(scenario["old_header"].strip() in context["source"], "context shows the source", context)
            expect(any(c["path"] == scenario["caller_file"] for c in context["callers"]), "context lists the caller", context)
            version = context["sha256"]

            failed, shown = await call("show", {"file": scenario["file"], "symbol": scenario["symbol"]})
            expect(not failed and shown["sha256"] == version, "show gives the same version", shown)

            failed, refs = await call("refs", {"file": scenario["file"], "symbol": scenario["symbol"]})
            expect(not failed and any(r["path"] == scenario["caller_file"] for r in refs["references"]), "refs finds the caller", refs)

            # The impact of the signature change alone: the caller breaks.
            alone = f"{scenario['file']}\n<<<<<<< SEARCH\n{scenario['old_header']}\n=======\n{scenario['new_header']}\n>>>>>>> REPLACE\n"
            failed, report = await call("impact", {"patch": alone})
            expect(not failed, "impact answers", report)
            broken = [c for b in report["breaking_changes"] for c in b["callsites"]]
            expect(any(c["path"] == scenario["caller_file"] for c in broken), "impact lists the caller as broken", report)

            # The gate refuses the change alone, writing nothing.
            before = tree_hash(root)
            failed, gated = await call("apply_patch", {"patch": alone, "gate": "high"})
            expect(failed and gated["errors"][0]["code"] == "breaking_change", "the gate refuses the change alone", gated)
            expect(tree_hash(root) == before, "a gated patch writes nothing")

            # The change with the caller's update, in one patch: applied.
            both = alone + f"\n{scenario['caller_file']}\n<<<<<<< SEARCH\n{scenario['old_call']}\n=======\n{scenario['new_call']}\n>>>>>>> REPLACE\n"
            failed, applied = await call("apply_patch", {
                "patch": both, "gate": "high",
                "expected_sha256": {scenario["file"]: version},
            })
            expect(not failed and applied["status"] == "applied", "the change with its caller applies", applied)
            expect(len(applied["files"]) == 2, "both files change", applied)

            # The warm tree sees the edit: the new version, the new source.
            failed, shown = await call("show", {"file": scenario["file"], "symbol": scenario["symbol"]})
            new_version = next(f["sha256_after"] for f in applied["files"] if f["path"] == scenario["file"])
            expect(shown["sha256"] == new_version, "the server's version is the one the edit returned", shown)
            expect(scenario["new_header"].strip() in shown["source"], "show reads the new source", shown)

            # Staged, the gate passes.
            subprocess.run(["git", "add", "-A"], cwd=root, check=True)
            failed, checked = await call("check", {})
            expect(not failed and checked["failures"] == [], "check passes with the caller updated", checked)

            # A stale version is refused; a bad argument is answered clearly; nothing written.
            before = tree_hash(root)
            failed, stale = await call("replace_symbol", {
                "file": scenario["file"], "symbol": scenario["symbol"],
                "content": "x", "expected_sha256": version,
            })
            expect(failed and stale["errors"][0]["code"] == "stale_base", "an edit of a version since changed is refused", stale)
            failed, bad = await call("insert_symbol", {"file": scenario["file"], "content": "x", "after": "a", "into": "b"})
            expect(failed and bad["errors"][0]["code"] == "invalid_format" and "exactly one" in bad["errors"][0]["message"],
                   "a bad argument is answered with a clear error", bad)
            failed, missing = await call("show", {"file": scenario["file"], "symbol": "Engine.nope"})
            expect(failed and missing["errors"][0]["code"] == "symbol_not_found" and missing["errors"][0]["hint"],
                   "an unknown name path is symbol_not_found with a hint", missing)
            expect(tree_hash(root) == before, "refusals write nothing")

            # A rename across the files: the definition and its caller, in one transaction.
            failed, renamed = await call("rename_symbol", {"file": scenario["file"], "symbol": scenario["symbol"], "new_name": "handle"})
            expect(not failed and renamed["status"] == "applied", "rename_symbol applies", renamed)
            expect(renamed["new_symbol"] == "Engine.handle", "the answer names the new path", renamed)
            expect(any(r["path"] == scenario["caller_file"] for r in renamed["references"]), "the caller is renamed", renamed)
            with open(os.path.join(root, scenario["caller_file"])) as f:
                expect(scenario["new_call"].replace("process", "handle") in f.read(), "the caller's file reads the new name")
            before = tree_hash(root)
            failed, refused = await call("rename_symbol", {"file": scenario["file"], "symbol": "Engine.handle", "new_name": "return"})
            expect(failed and refused["errors"][0]["code"] == "invalid_name", "a keyword is refused as a new name", refused)
            expect(tree_hash(root) == before, "a refused rename writes nothing")

    with open(out_path, "w") as f:
        json.dump({"tools": tools, "answers": answers}, f)


if __name__ == "__main__":
    binary, root, language, out_path = sys.argv[1:5]
    asyncio.run(loop(binary, root, language, out_path))
