//! The daemon: one long-lived process per root that keeps the tree parsed between
//! command-line calls (`refs`, `impact`), as `dmypy` does for mypy and Gradle's daemon for its builds.
//!
//! Why: the references layer must parse every file that names what it is asked about, and
//! a common name (`filter`, `get`) is written in hundreds of files. Parsing them costs the
//! same on every call of a fresh process; a process that stays keeps what it parsed
//! ([`crate::refs::warm`]: a file is parsed again only when it changed on disk), so a
//! repeated question costs what finding the changed files costs.
//!
//! How it stays out of the way:
//! - It runs only when started (`saguaro daemon`), in the foreground, for one root; a
//!   command that finds none answers in its own process, as it always has.
//! - A command asks the daemon serving its root's canonical path and no other, through a
//!   Unix socket in a folder only the user can open (`$XDG_RUNTIME_DIR/saguaro`, else
//!   `~/.cache/saguaro/daemons`); nothing is written in the root.
//! - The answer is the one the command would print itself: the daemon runs the same code
//!   over the same files as they are on disk at the moment it is asked.
//! - A daemon of another build of saguaro (the binary was rebuilt or upgraded since it
//!   started) does not answer: its rules may differ, so the command answers itself and
//!   says so. A daemon that died leaves a socket nobody listens on; it is taken for none.
//!
//! The wire: one JSON request per connection, one JSON reply.

use crate::feedback::{Error, ErrorCode};
use crate::refs::warm::Warm;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a command asks of the daemon.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// `saguaro refs`: the file relative to the root, the name path, and the output form.
    Refs { file: String, symbol: String, json: bool },
    /// `saguaro impact`: the patch's text and the options that read it (a settings file by
    /// an absolute path), the output form, and whether the asker's output takes colour.
    Impact {
        patch: String,
        format: Option<String>,
        fuzz: f64,
        settings: Option<PathBuf>,
        max_candidates: usize,
        json: bool,
        colour: bool,
    },
    /// Whether it serves, and how much it has answered.
    Status,
    /// Stop serving.
    Stop,
}

#[derive(Debug, Serialize, Deserialize)]
struct Request {
    /// The asking binary's build ([`build`]): only the same build answers.
    build: String,
    #[serde(flatten)]
    command: Command,
}

/// What a command prints: standard output, standard error, and its exit status.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Reply {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Response {
    Reply(Reply),
    /// The daemon is another build: the asker answers itself.
    OtherBuild {
        build: String,
    },
}

/// The build of this binary: the version, and the size and modification time of the
/// executable (a rebuild changes them).
pub fn build() -> String {
    let stamp = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {modified}", m.len())
        })
        .unwrap_or_default();
    format!("{} {stamp}", env!("CARGO_PKG_VERSION"))
}

/// The folder of the daemons' sockets: private to the user.
fn socket_dir() -> Option<PathBuf> {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").filter(|v| !v.is_empty());
    match runtime {
        Some(dir) => Some(PathBuf::from(dir).join("saguaro")),
        None => std::env::var_os("HOME")
            .filter(|v| !v.is_empty())
            .map(|home| PathBuf::from(home).join(".cache/saguaro/daemons")),
    }
}

/// The socket of the daemon serving `root` (by its canonical path).
pub fn socket_for(root: &Path) -> Result<PathBuf, Error> {
    let canonical = crate::workspace::canonical_root(root)?;
    let dir = socket_dir().ok_or_else(|| {
        Error::new(
            ErrorCode::InvalidFormat,
            "neither XDG_RUNTIME_DIR nor HOME is set: there is no private folder for the daemon's socket",
            "set XDG_RUNTIME_DIR (or HOME) to a folder only you can open",
        )
    })?;
    use sha2::Digest;
    let digest = sha2::Sha256::digest(canonical.to_string_lossy().as_bytes());
    let name: String = digest.iter().take(10).map(|b| format!("{b:02x}")).collect();
    Ok(dir.join(format!("{name}.sock")))
}

#[cfg(unix)]
mod transport {
    use super::*;
    use std::io::{BufRead, BufReader, Read, Write};
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    use std::os::unix::net::{UnixListener, UnixStream};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    /// The longest request read: a name path and a file, far below it.
    const MAX_REQUEST: u64 = 1 << 20;
    /// How long a command waits for an answer before answering itself.
    const PATIENCE: Duration = Duration::from_secs(300);

    /// The answer of the daemon serving `root`, if one does (and is this build).
    pub fn ask(root: &Path, command: &Command) -> Option<Reply> {
        let socket = socket_for(root).ok()?;
        private(socket.parent()?).ok()?;
        let mut stream = UnixStream::connect(&socket).ok()?;
        stream.set_read_timeout(Some(PATIENCE)).ok()?;
        let request = Request {
            build: build(),
            command: command.clone(),
        };
        let mut line = serde_json::to_string(&request).ok()?;
        line.push('\n');
        stream.write_all(line.as_bytes()).ok()?;
        let mut answer = String::new();
        stream.read_to_string(&mut answer).ok()?;
        match serde_json::from_str(&answer).ok()? {
            Response::Reply(reply) => Some(reply),
            Response::OtherBuild { .. } => {
                eprintln!(
                    "note: the daemon serving `{}` runs another build of saguaro; answered without it \
                     (restart it: saguaro daemon --stop, then saguaro daemon)",
                    root.display()
                );
                None
            }
        }
    }

    /// Serves `root` until asked to stop; `answer` answers each command it does not
    /// answer itself (it holds the warm tree).
    pub fn serve(root: &Path, answer: impl Fn(&Warm, &Command) -> Reply + Send + Sync + 'static) -> Result<(), Error> {
        let socket = socket_for(root)?;
        let dir = socket.parent().unwrap_or(Path::new("."));
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| io_error(dir, e))?;
        private(dir)?;
        if UnixStream::connect(&socket).is_ok() {
            return Err(Error::new(
                ErrorCode::Conflict,
                format!("a daemon already serves `{}`", root.display()),
                "use it, or stop it first: saguaro daemon --stop",
            ));
        }
        // Nobody listens there: a daemon that died left it.
        let _ = std::fs::remove_file(&socket);
        let listener = UnixListener::bind(&socket).map_err(|e| io_error(&socket, e))?;
        let warm = Arc::new(Warm::new(root));
        let answer = Arc::new(answer);
        let answered = Arc::new(AtomicUsize::new(0));
        let own_build = build();
        eprintln!("saguaro daemon: serving {} at {}", root.display(), socket.display());
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let request = read_request(&mut stream);
            let response = match &request {
                Err(message) => Response::Reply(Reply {
                    status: 2,
                    stderr: format!("{message}\n"),
                    ..Reply::default()
                }),
                Ok(request) if request.build != own_build => Response::OtherBuild {
                    build: own_build.clone(),
                },
                Ok(Request {
                    command: Command::Status,
                    ..
                }) => Response::Reply(status(root, &socket, answered.load(Ordering::Relaxed))),
                Ok(Request {
                    command: Command::Stop, ..
                }) => {
                    let _ = reply(&mut stream, &Response::Reply(Reply::default()));
                    break;
                }
                Ok(request) => {
                    // Answered on its own thread: a long question does not hold up the next.
                    let (warm, answer, answered) = (Arc::clone(&warm), Arc::clone(&answer), Arc::clone(&answered));
                    let command = request.command.clone();
                    std::thread::spawn(move || {
                        let done = answer(&warm, &command);
                        answered.fetch_add(1, Ordering::Relaxed);
                        let _ = reply(&mut stream, &Response::Reply(done));
                    });
                    continue;
                }
            };
            let _ = reply(&mut stream, &response);
        }
        let _ = std::fs::remove_file(&socket);
        Ok(())
    }

    fn status(root: &Path, socket: &Path, answered: usize) -> Reply {
        let value = serde_json::json!({
            "root": root.canonicalize().unwrap_or_else(|_| root.to_path_buf()),
            "socket": socket,
            "pid": std::process::id(),
            "answered": answered,
        });
        Reply {
            status: 0,
            stdout: format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default()),
            stderr: String::new(),
        }
    }

    fn read_request(stream: &mut UnixStream) -> Result<Request, String> {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .map_err(|e| e.to_string())?;
        let mut line = String::new();
        BufReader::new(stream.take(MAX_REQUEST))
            .read_line(&mut line)
            .map_err(|e| format!("the request could not be read: {e}"))?;
        serde_json::from_str(&line).map_err(|e| format!("the request is not one the daemon reads: {e}"))
    }

    fn reply(stream: &mut UnixStream, response: &Response) -> std::io::Result<()> {
        let text = serde_json::to_string(response).map_err(std::io::Error::other)?;
        stream.write_all(text.as_bytes())
    }

    /// Whether only the user can open `dir`: a socket elsewhere could be another's.
    fn private(dir: &Path) -> Result<(), Error> {
        let mode = std::fs::metadata(dir)
            .map_err(|e| io_error(dir, e))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(Error::new(
                ErrorCode::PathRejected,
                format!("`{}` is open to other users (mode {:o})", dir.display(), mode & 0o777),
                format!("make it private: chmod 700 {}", dir.display()),
            ));
        }
        Ok(())
    }

    fn io_error(path: &Path, e: std::io::Error) -> Error {
        Error::new(
            ErrorCode::Conflict,
            format!("`{}`: {e}", path.display()),
            "check the folder of the daemon's socket (XDG_RUNTIME_DIR or ~/.cache/saguaro/daemons)",
        )
    }
}

#[cfg(unix)]
pub use transport::{ask, serve};

/// Without Unix sockets there is no daemon: every command answers in its own process.
#[cfg(not(unix))]
pub fn ask(_root: &Path, _command: &Command) -> Option<Reply> {
    None
}

#[cfg(not(unix))]
pub fn serve(_root: &Path, _answer: impl Fn(&Warm, &Command) -> Reply + Send + Sync + 'static) -> Result<(), Error> {
    Err(Error::new(
        ErrorCode::Internal,
        "the daemon needs Unix sockets, which this system does not have",
        "run the commands without it: they answer in their own process",
    ))
}
