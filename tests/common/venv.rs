//! A Python virtual environment under `target/` with one pinned package from PyPI, made on
//! first use: what the tests driving real Python tools (pre-commit, the MCP SDK) stand on.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The environment `target/NAME` with `package==version` installed (made or completed if
/// need be); `Err` says why it cannot be had (no python3, no pip, no network).
pub fn with(name: &str, package: &str, version: &str) -> Result<PathBuf, String> {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join(name);
    let python = venv.join("bin/python");
    let has = |python: &Path| {
        Command::new(python)
            .args([
                "-c",
                &format!("import importlib.metadata as m; assert m.version('{package}') == '{version}'"),
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if has(&python) {
        return Ok(venv);
    }
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .output()
        .map_err(|e| format!("python3 is unavailable: {e}"))?;
    if !made.status.success() {
        return Err(format!(
            "python3 -m venv failed: {}",
            String::from_utf8_lossy(&made.stderr)
        ));
    }
    let installed = Command::new(venv.join("bin/pip"))
        .args(["install", "-q", &format!("{package}=={version}")])
        .output()
        .map_err(|e| format!("pip is unavailable: {e}"))?;
    if !installed.status.success() {
        return Err(format!(
            "pip install {package}=={version} failed: {}",
            String::from_utf8_lossy(&installed.stderr)
        ));
    }
    Ok(venv)
}
