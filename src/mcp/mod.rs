//! `saguaro mcp`: the engine as a Model Context Protocol server on stdio (the official Rust
//! SDK, `rmcp`). Each tool is a thin adapter over the library call the command line makes,
//! with the same JSON answers and error codes (docs/reference.md); the server adds what a
//! long-lived process can give an agent:
//!
//! - a warm tree ([`crate::refs::warm`]): files parsed once and re-read only when they change on disk;
//! - versions: every answer that shows code carries its file's `sha256`, and every editing
//!   tool takes `expected_sha256` and refuses with `stale_base` when the file changed since
//!   the agent read it;
//! - bounded answers (`page`): no answer is longer than `max_chars`; a longer list is cut
//!   with `truncated: true` and a `cursor` to continue from.
//!
//! A refusal is a tool result with `isError: true` and the `{"errors": [...]}` the command
//! line prints; malformed requests, unknown tools and arguments of the wrong type are
//! answered by the SDK with an error, and the next request is served.

mod page;
mod tools;

pub use tools::Server;

/// Serves MCP on standard input and output for the tree at `root` until the client
/// closes the connection. Returns the exit status.
pub fn serve(root: &std::path::Path) -> i32 {
    let root = match root.canonicalize() {
        Ok(root) if root.is_dir() => root,
        _ => {
            eprintln!(
                "error[file_missing]: the root `{}` is not a directory\n  hint: pass an existing directory with --root",
                root.display()
            );
            return 2;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error[internal]: cannot start the server's runtime: {e}");
            return 2;
        }
    };
    // The server edits the same files again and again: each edit plans on the index the
    // last one left instead of parsing the file anew.
    crate::symbols::cache::enable(64);
    runtime.block_on(async move {
        use rmcp::ServiceExt;
        let (transport, writer) = lines();
        let server = match Server::new(root).serve(transport).await {
            Ok(server) => server,
            Err(e) => {
                eprintln!("error[internal]: the MCP session did not start: {e}");
                return 2;
            }
        };
        let status = match server.waiting().await {
            Ok(_) => 0,
            Err(e) => {
                eprintln!("error[internal]: the MCP session ended abnormally: {e}");
                1
            }
        };
        let _ = writer.await;
        status
    })
}

/// The stdio transport with a guard in front: a line that is not JSON is answered with
/// JSON-RPC's parse error (-32700, id null) instead of being dropped unanswered, and the
/// next line is served. Returns the SDK's side of the pipes and the task writing stdout
/// (awaited so that every answer is out before the process ends).
fn lines() -> (
    (tokio::io::DuplexStream, tokio::io::DuplexStream),
    tokio::task::JoinHandle<()>,
) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    const PIPE: usize = 1 << 20;
    let (mut to_sdk, sdk_reads) = tokio::io::duplex(PIPE);
    let (sdk_writes, from_sdk) = tokio::io::duplex(PIPE);
    let (out, mut outgoing) = tokio::sync::mpsc::unbounded_channel::<String>();
    let errors = out.clone();
    tokio::spawn(async move {
        let mut input = BufReader::new(tokio::io::stdin()).lines();
        while let Ok(Some(line)) = input.next_line().await {
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<serde_json::Value>(&line) {
                Ok(_) => {
                    if to_sdk.write_all(format!("{line}\n").as_bytes()).await.is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let answer = serde_json::json!({
                        "jsonrpc": "2.0",
                        "id": null,
                        "error": {"code": -32700, "message": format!("parse error: the line is not JSON ({e}); send one JSON-RPC message per line")}
                    });
                    let _ = errors.send(answer.to_string());
                }
            }
        }
    });
    tokio::spawn(async move {
        let mut answers = BufReader::new(from_sdk).lines();
        while let Ok(Some(line)) = answers.next_line().await {
            if out.send(line).is_err() {
                break;
            }
        }
    });
    let writer = tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        while let Some(line) = outgoing.recv().await {
            if stdout.write_all(format!("{line}\n").as_bytes()).await.is_err() || stdout.flush().await.is_err() {
                break;
            }
        }
    });
    ((sdk_reads, sdk_writes), writer)
}
