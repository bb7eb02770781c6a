//! `saguaro mcp` never dies on bad input: malformed JSON-RPC, unknown methods and tools,
//! arguments of the wrong type, paths outside the root and huge arguments each get an
//! error answer, in sequence on one connection, and the request after them is served; the
//! tree is left byte for byte as it was. Raw JSON-RPC lines over the real binary's stdio.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn shop() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("shop")).unwrap();
    std::fs::write(
        dir.path().join("shop/engine.py"),
        "class Engine:\n    def process(self, order):\n        return order\n",
    )
    .unwrap();
    dir
}

/// `saguaro mcp` serving `root`: the process, its input, its answers line by line.
fn serve(root: &std::path::Path) -> (Child, ChildStdin, Lines<BufReader<ChildStdout>>) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_saguaro"))
        .args(["mcp", "--root"])
        .arg(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = server.stdin.take().unwrap();
    let answers = BufReader::new(server.stdout.take().unwrap()).lines();
    (server, stdin, answers)
}

/// Sends one JSON-RPC request and reads its answer.
fn request(
    stdin: &mut ChildStdin,
    answers: &mut Lines<BufReader<ChildStdout>>,
    id: u64,
    method: &str,
    params: Value,
) -> Value {
    let line = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
    stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    serde_json::from_str(&answers.next().unwrap().unwrap()).unwrap()
}

fn tree(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("shop/engine.py")).unwrap()
}

#[test]
fn bad_input_gets_an_error_answer_and_the_next_request_is_served() {
    let dir = shop();
    let before = tree(dir.path());
    let (mut server, mut stdin, mut answers) = serve(dir.path());
    let mut send = |line: String| {
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    };
    let mut next = || -> Value { serde_json::from_str(&answers.next().unwrap().unwrap()).unwrap() };
    let call = |id: u64, name: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name, "arguments": arguments}})
            .to_string()
    };

    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}})
        .to_string(),
    );
    assert_eq!(next()["result"]["serverInfo"]["name"], "saguaro");
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());

    // Not JSON at all: JSON-RPC's parse error, id null.
    send("{this is not json".to_string());
    let parse = next();
    assert_eq!(parse["error"]["code"], -32700, "{parse}");
    assert!(parse["id"].is_null());

    // An unknown method, an unknown tool.
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "bogus/method"}).to_string());
    let unknown = next();
    assert_eq!(unknown["id"], 2);
    assert!(unknown["error"]["code"].is_i64(), "{unknown}");
    send(call(3, "no_such_tool", json!({})));
    let tool = next();
    assert_eq!(tool["id"], 3);
    assert!(
        tool.get("error").is_some() || tool["result"]["isError"] == true,
        "{tool}"
    );

    // Arguments of the wrong type, a missing one.
    send(call(4, "show", json!({"file": 3, "symbol": "Engine"})));
    let typed = next();
    assert_eq!(typed["result"]["isError"], true, "{typed}");
    assert!(typed.to_string().contains("expected a string"), "{typed}");
    send(call(5, "show", json!({"file": "shop/engine.py"})));
    let missing = next();
    assert_eq!(missing["result"]["isError"], true, "{missing}");
    assert!(missing.to_string().contains("symbol"), "{missing}");

    // Paths outside the root, for reading and for writing.
    for (id, name, arguments) in [
        (6, "show", json!({"file": "../outside.py", "symbol": "x"})),
        (
            7,
            "replace_symbol",
            json!({"file": "/etc/hosts", "symbol": "x", "content": "y"}),
        ),
        (8, "symbols", json!({"path": "../"})),
    ] {
        send(call(id, name, arguments));
        let refused = next();
        assert_eq!(refused["result"]["isError"], true, "{refused}");
        assert_eq!(
            refused["result"]["structuredContent"]["errors"][0]["code"], "path_rejected",
            "{refused}"
        );
    }

    // A huge argument: a 2 MB replacement that does not parse is refused, nothing written.
    let huge = format!(
        "def process(self, order):\n    return (\n{}",
        "    1 +\n".repeat(250_000)
    );
    send(call(
        9,
        "replace_symbol",
        json!({"file": "shop/engine.py", "symbol": "Engine.process", "content": huge}),
    ));
    let big = next();
    assert_eq!(big["id"], 9);
    assert_eq!(big["result"]["isError"], true);
    assert_eq!(big["result"]["structuredContent"]["errors"][0]["code"], "syntax_error");

    // And the server still serves.
    send(call(
        10,
        "show",
        json!({"file": "shop/engine.py", "symbol": "Engine.process"}),
    ));
    let served = next();
    assert_eq!(served["result"]["isError"], false, "{served}");
    assert!(served["result"]["structuredContent"]["source"]
        .as_str()
        .unwrap()
        .contains("def process"));

    drop(stdin);
    let status = server.wait().unwrap();
    assert!(status.success(), "the server ends cleanly when its input closes");
    assert_eq!(tree(dir.path()), before, "no refusal wrote anything");
}

/// A long answer is cut within `max_chars` with a cursor, and paging on with it yields every
/// item exactly once.
#[test]
fn long_answers_page_with_a_cursor() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..12 {
        std::fs::write(
            dir.path().join(format!("m{i:02}.py")),
            format!("def f{i}(x):\n    return x\n\n\ndef g{i}(y):\n    return y\n"),
        )
        .unwrap();
    }
    let big: String = std::iter::once("class Big:\n".to_string())
        .chain((0..60).map(|i| format!("    def m{i}(self):\n        return {i}\n\n")))
        .collect();
    std::fs::write(dir.path().join("big.py"), big.trim_end().to_string() + "\n").unwrap();
    let (mut server, mut stdin, mut answers) = serve(dir.path());
    let mut ask = |id: u64, method: &str, params: Value| request(&mut stdin, &mut answers, id, method, params);
    ask(
        1,
        "initialize",
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
    );
    let mut seen = Vec::new();
    let mut cursor = 0;
    for id in 2..40 {
        let answer = ask(
            id,
            "tools/call",
            json!({"name": "find_symbol", "arguments": {"query": "f", "kinds": ["function"], "max_chars": 600, "cursor": cursor}}),
        );
        let content = &answer["result"]["structuredContent"];
        assert!(content.to_string().len() <= 600, "{content}");
        seen.extend(
            content["matches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["symbol"].as_str().unwrap().to_string()),
        );
        match content["cursor"].as_u64() {
            Some(next) => {
                assert_eq!(content["truncated"], true);
                cursor = next as usize;
            }
            None => break,
        }
    }
    seen.sort();
    let mut wanted: Vec<String> = (0..12).map(|i| format!("f{i}")).collect();
    wanted.sort();
    assert_eq!(seen, wanted, "every match once, across the pages");

    // One file of many definitions: its outline pages by symbol, not as one item.
    let mut paged = |tool: &str, arguments: Value, field: &str| -> Vec<Value> {
        let (mut pages, mut cursor) = (Vec::new(), 0);
        for id in 100..200 {
            let mut arguments = arguments.clone();
            arguments["cursor"] = json!(cursor);
            let answer = ask(id, "tools/call", json!({"name": tool, "arguments": arguments}));
            let content = answer["result"]["structuredContent"].clone();
            assert!(
                content.to_string().len() <= 700,
                "{tool}: {}",
                content.to_string().len()
            );
            pages.push(content[field].clone());
            match content["cursor"].as_u64() {
                Some(next) => cursor = next as usize,
                None => return pages,
            }
        }
        panic!("{tool} never ended its pages");
    };
    let outline = paged("symbols", json!({"path": "big.py", "max_chars": 700}), "files");
    let names: Vec<String> = outline
        .iter()
        .flat_map(|files| files.as_array().unwrap().clone())
        .flat_map(|file| file["symbols"].as_array().unwrap().clone())
        .map(|s| s["path"].as_str().unwrap().to_string())
        .collect();
    let mut wanted: Vec<String> = vec!["Big".to_string()];
    wanted.extend((0..60).map(|i| format!("Big.m{i}")));
    assert_eq!(names, wanted, "every symbol once, in order");
    // Its source pages by line.
    let source: String = paged(
        "show",
        json!({"file": "big.py", "symbol": "Big", "max_chars": 700}),
        "source",
    )
    .iter()
    .map(|s| s.as_str().unwrap().to_string())
    .collect();
    assert_eq!(
        source,
        std::fs::read_to_string(dir.path().join("big.py")).unwrap().trim_end()
    );
    drop(stdin);
    assert!(server.wait().unwrap().success());
}

/// The connection is a session (spec 002 §1): every edit answers with its block, the
/// planner's guidance is kept across calls, a KEYSTONE file refuses a context patch and
/// accepts an edit by symbol.
#[test]
fn the_connection_keeps_a_session_with_guidance_and_keystone_files() {
    let dir = shop();
    let (mut server, mut stdin, mut answers) = serve(dir.path());
    let mut ask = |id: u64, method: &str, params: Value| request(&mut stdin, &mut answers, id, method, params);
    ask(
        1,
        "initialize",
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
    );
    let block =
        "shop/engine.py\n<<<<<<< SEARCH\n        return order\n=======\n        return [order]\n>>>>>>> REPLACE\n";
    let refused = ask(
        2,
        "tools/call",
        json!({"name": "apply_patch", "arguments": {"patch": block, "keystone": ["shop/"], "guidance": "Batch the orders."}}),
    );
    assert_eq!(refused["result"]["isError"], true, "{refused}");
    let content = &refused["result"]["structuredContent"];
    assert_eq!(content["errors"][0]["code"], "whole_file_required", "{content}");
    assert!(
        content["session_context"]
            .as_str()
            .unwrap()
            .contains("Guidance: Batch the orders.\nHealth: 1 errors"),
        "{content}"
    );
    assert_eq!(
        tree(dir.path()),
        "class Engine:\n    def process(self, order):\n        return order\n"
    );

    let applied = ask(
        3,
        "tools/call",
        json!({"name": "apply_patch", "arguments": {"patch": block}}),
    );
    let context = applied["result"]["structuredContent"]["session_context"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        context.contains("Modified: shop/engine.py (1 patch, 33% changed)\nGuidance: Batch the orders.; shop/engine.py: patch blocks, with caution"),
        "{context}"
    );
    let replaced = ask(
        4,
        "tools/call",
        json!({"name": "replace_symbol", "arguments": {"file": "shop/engine.py", "symbol": "Engine.process",
               "content": "def process(self, order):\n    return (order,)\n"}}),
    );
    assert_eq!(replaced["result"]["isError"], false, "{replaced}");
    let context = replaced["result"]["structuredContent"]["session_context"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(context.contains("shop/engine.py (2 patches, 66% changed)"), "{context}");
    assert!(context.contains("Guidance: Batch the orders.;"), "{context}");
    drop(stdin);
    assert!(server.wait().unwrap().success());
}
