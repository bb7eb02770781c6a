//! `saguaro daemon`: a root's tree kept parsed between calls. `refs` answered by the daemon
//! prints exactly what it prints answering itself, sees changes on disk, and a daemon that
//! is not there, not this build, or not private is never used.

#![cfg(unix)]

mod common;

use std::io::{Read, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A root with a class, a caller through an alias, and a look-alike; and a private folder
/// for the daemon's socket (so no test meets another's daemon, or the user's).
struct Tree {
    root: tempfile::TempDir,
    runtime: tempfile::TempDir,
}

impl Tree {
    fn new() -> Tree {
        let root = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| std::fs::write(root.path().join(path), text).unwrap();
        write(
            "engine.py",
            "class Engine:\n    def process(self, order):\n        return order\n",
        );
        write(
            "main.py",
            "from engine import Engine as E\n\n\ndef run():\n    e = E()\n    return e.process(1)\n",
        );
        write(
            "ledger.py",
            "class Ledger:\n    def process(self, order):\n        return order\n\n\nLedger().process(2)\n",
        );
        Tree {
            root,
            runtime: tempfile::tempdir().unwrap(),
        }
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_saguaro"));
        cmd.args(args)
            .current_dir(self.root.path())
            .env("NO_COLOR", "1")
            .env("XDG_RUNTIME_DIR", self.runtime.path());
        cmd
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("the saguaro binary runs")
    }

    /// Starts `saguaro daemon` on the root and waits until it answers.
    fn start(&self) -> Daemon {
        let child = self
            .command(&["daemon"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the daemon starts");
        let started = Instant::now();
        while !self.run(&["daemon", "--status"]).status.success() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the daemon did not answer within 20 s"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Daemon(Some(child))
    }

    fn answered(&self) -> u64 {
        let status = self.run(&["daemon", "--status"]);
        assert!(status.status.success(), "{}", common::stderr(&status));
        common::stdout_json(&status)["answered"].as_u64().unwrap()
    }

    fn socket(&self) -> PathBuf {
        let status = self.run(&["daemon", "--status"]);
        PathBuf::from(common::stdout_json(&status)["socket"].as_str().unwrap())
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.root.path().join(relative)
    }
}

/// The daemon's process: stopped when the test ends, whatever happened.
struct Daemon(Option<Child>);

impl Daemon {
    fn wait(mut self) -> std::process::ExitStatus {
        let mut child = self.0.take().unwrap();
        let started = Instant::now();
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return status;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "the daemon did not stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if let Some(child) = self.0.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// `path:line confidence` of each reference or callsite of a JSON list.
fn located(list: &serde_json::Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{}:{} {}",
                r["path"].as_str().unwrap(),
                r["line"],
                r["confidence"].as_str().unwrap()
            )
        })
        .collect()
}

fn same_output(a: &Output, b: &Output) {
    assert_eq!(a.status.code(), b.status.code());
    assert_eq!(String::from_utf8_lossy(&a.stdout), String::from_utf8_lossy(&b.stdout));
    assert_eq!(common::stderr(a), common::stderr(b));
}

#[test]
fn refs_answered_by_the_daemon_read_as_answered_in_process() {
    let tree = Tree::new();
    let _daemon = tree.start();
    assert_eq!(tree.answered(), 0);
    let asks: [&[&str]; 4] = [
        &["refs", "engine.py", "Engine.process", "--json"],
        &["refs", "engine.py", "Engine.process"],
        // Refusals too: an unknown name path, and a file that is not there.
        &["refs", "engine.py", "Engine.run", "--json"],
        &["refs", "nowhere.py", "Engine.process"],
    ];
    let mut expected_answers = 0;
    for args in asks {
        let by_daemon = tree.run(args);
        let mut own = args.to_vec();
        own.push("--no-daemon");
        let in_process = tree.run(&own);
        same_output(&by_daemon, &in_process);
        // A missing file is refused before any daemon is asked.
        if args[1] != "nowhere.py" {
            expected_answers += 1;
        }
        assert_eq!(tree.answered(), expected_answers, "{args:?} was answered by the daemon");
    }
    let answer = common::stdout_json(&tree.run(&["refs", "engine.py", "Engine.process", "--json"]));
    let sure = located(&answer["references"]);
    assert_eq!(
        sure,
        ["main.py:6 receiver_typed"],
        "the look-alike Ledger.process is not one"
    );
    let refused = tree.run(&["refs", "engine.py", "Engine.run", "--json"]);
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(common::stdout_json(&refused)["errors"][0]["code"], "symbol_not_found");
}

/// A signature change to `Engine.process`, in two formats, and one that does not place.
const NEW_PARAMETER: &str = "{\"type\": \"patch\", \"target_file\": \"engine.py\", \"operations\": [{\"op\": \"replace\", \"symbol\": \"Engine.process\", \"content\": \"def process(self, order, mode):\\n    return order\\n\"}]}";
const NEW_PARAMETER_TEXT: &str = "--- a/engine.py\n+++ b/engine.py\n@@ -2,2 +2,2 @@\n-    def process(self, order):\n+    def process(self, order, mode):\n         return order\n";
const NOT_PLACED: &str = "--- a/engine.py\n+++ b/engine.py\n@@ -2,2 +2,2 @@\n-    def run(self):\n+    def run(self, mode):\n         pass\n";

#[test]
fn impact_answered_by_the_daemon_reads_as_answered_in_process() {
    let tree = Tree::new();
    let _daemon = tree.start();
    std::fs::write(tree.path("change.json"), NEW_PARAMETER).unwrap();
    std::fs::write(tree.path("change.diff"), NEW_PARAMETER_TEXT).unwrap();
    std::fs::write(tree.path("wrong.diff"), NOT_PLACED).unwrap();
    let missing = tree.path("missing.json");
    let asks: [&[&str]; 5] = [
        &["impact", "change.json", "--json"],
        &["impact", "change.json"],
        &["impact", "change.diff", "--format", "unified", "--json"],
        // Refusals: a hunk that does not place, a settings file that is not there.
        &["impact", "wrong.diff"],
        &[
            "impact",
            "change.json",
            "--settings",
            missing.to_str().unwrap(),
            "--json",
        ],
    ];
    for (n, args) in asks.iter().enumerate() {
        let by_daemon = tree.run(args);
        let mut own = args.to_vec();
        own.push("--no-daemon");
        same_output(&by_daemon, &tree.run(&own));
        assert_eq!(tree.answered(), n as u64 + 1, "{args:?} was answered by the daemon");
    }
    // A settings file named relative to where the command runs is read there.
    let relative = tree.run(&["impact", "change.json", "--settings", "missing.json", "--json"]);
    assert_eq!(common::stdout_json(&relative)["errors"][0]["file"], "missing.json");
    assert_eq!(tree.answered(), asks.len() as u64);
    let report = common::stdout_json(&tree.run(&["impact", "change.json", "--json"]));
    let calls = located(&report["breaking_changes"][0]["callsites"]);
    assert_eq!(calls, ["main.py:6 receiver_typed"]);
    assert_eq!(tree.run(&["impact", "wrong.diff"]).status.code(), Some(1));
    // Nothing was written, by either.
    assert!(std::fs::read_to_string(tree.path("engine.py"))
        .unwrap()
        .contains("def process(self, order):"));
    // A caller the tree gains is seen at the next report.
    std::fs::write(
        tree.path("shop.py"),
        "from engine import Engine\n\nEngine().process(3)\n",
    )
    .unwrap();
    let report = common::stdout_json(&tree.run(&["impact", "change.json", "--json"]));
    assert_eq!(report["breaking_changes"][0]["callsites"].as_array().unwrap().len(), 2);
}

#[test]
fn the_daemon_answers_for_the_files_as_they_are_now() {
    let tree = Tree::new();
    let _daemon = tree.start();
    let lines = |tree: &Tree| -> Vec<String> {
        let answer = common::stdout_json(&tree.run(&["refs", "engine.py", "Engine.process", "--json"]));
        answer["references"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| format!("{}:{}", r["path"].as_str().unwrap(), r["line"]))
            .collect()
    };
    assert_eq!(lines(&tree), ["main.py:6"]);
    // A new caller, and the old one edited within the same clock tick (same size).
    std::fs::write(
        tree.path("shop.py"),
        "from engine import Engine\n\nEngine().process(3)\n",
    )
    .unwrap();
    std::fs::write(
        tree.path("main.py"),
        "from engine import Engine as E\n\n\ndef run():\n    e = E()\n    return e.prosess(1)\n",
    )
    .unwrap();
    assert_eq!(lines(&tree), ["shop.py:3"]);
    std::fs::remove_file(tree.path("shop.py")).unwrap();
    assert_eq!(lines(&tree), Vec::<String>::new());
    assert_eq!(tree.answered(), 3);
}

#[test]
fn one_daemon_per_root_and_stop_ends_it() {
    let tree = Tree::new();
    let daemon = tree.start();
    let socket = tree.socket();
    assert!(socket.starts_with(tree.runtime.path()), "{socket:?}");
    let second = tree.run(&["daemon"]);
    assert_eq!(second.status.code(), Some(1));
    let message = common::stderr(&second);
    assert!(
        message.contains("conflict") && message.contains("already serves"),
        "{message}"
    );
    let stop = tree.run(&["daemon", "--stop"]);
    assert!(stop.status.success(), "{}", common::stderr(&stop));
    assert!(daemon.wait().success());
    assert!(!socket.exists(), "the socket is removed");
    let status = tree.run(&["daemon", "--status"]);
    assert_eq!(status.status.code(), Some(2));
    assert!(common::stderr(&status).contains("no daemon serves"));
    // Without it, refs answers itself.
    let refs = tree.run(&["refs", "engine.py", "Engine.process"]);
    assert!(refs.status.success());
    assert!(String::from_utf8_lossy(&refs.stdout).contains("main.py"));
}

#[test]
fn a_daemon_that_died_leaves_a_socket_nobody_is_fooled_by() {
    let tree = Tree::new();
    let daemon = tree.start();
    let socket = tree.socket();
    drop(daemon); // killed: the socket stays behind
    assert!(socket.exists());
    let refs = tree.run(&["refs", "engine.py", "Engine.process", "--json"]);
    assert!(refs.status.success(), "{}", common::stderr(&refs));
    assert_eq!(common::stdout_json(&refs)["references"][0]["path"], "main.py");
    // A new daemon takes the place over.
    let _again = tree.start();
    assert_eq!(tree.answered(), 0);
}

/// One raw request on the daemon's socket, its raw reply.
fn raw(socket: &Path, request: &str) -> serde_json::Value {
    let mut stream = UnixStream::connect(socket).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    serde_json::from_str(&reply).unwrap()
}

#[test]
fn another_build_is_not_answered_and_a_bad_request_is_refused() {
    let tree = Tree::new();
    let _daemon = tree.start();
    let socket = tree.socket();
    let other = raw(
        &socket,
        "{\"build\": \"0.0.0 1 1\", \"command\": \"refs\", \"file\": \"engine.py\", \"symbol\": \"Engine.process\", \"json\": true}\n",
    );
    assert!(other["other_build"]["build"].is_string(), "{other}");
    let bad = raw(&socket, "{\"command\": \"format_disk\"}\n");
    assert_eq!(bad["reply"]["status"], 2, "{bad}");
    assert!(bad["reply"]["stderr"]
        .as_str()
        .unwrap()
        .contains("not one the daemon reads"));
    // Neither was answered, and the daemon still serves.
    assert_eq!(tree.answered(), 0);
}

#[test]
fn a_socket_folder_open_to_others_is_not_used() {
    use std::os::unix::fs::PermissionsExt;
    let tree = Tree::new();
    let folder = tree.runtime.path().join("saguaro");
    std::fs::create_dir(&folder).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o777)).unwrap();
    let serve = tree.run(&["daemon"]);
    assert_eq!(serve.status.code(), Some(1));
    let message = common::stderr(&serve);
    assert!(
        message.contains("open to other users") && message.contains("chmod 700"),
        "{message}"
    );
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0, "no socket was made");
}
