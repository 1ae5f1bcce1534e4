//! Packages from npm that `.ci/run` installs under `target/npm`: the reference MCP servers, the TypeScript SDK and the MCP Inspector, for tests against code nobody here wrote.

use std::path::PathBuf;
use std::process::Stdio;

/// Where `.ci/run` installs the npm packages: `target/npm` in the workspace.
/// A test's own Node script goes here to import them.
pub fn npm_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/npm")
}

/// A file of an installed npm package (`@modelcontextprotocol/sdk/package.json`),
/// or `None`, with a notice on stderr, when it or `node` is missing: the
/// caller skips its test (and fails instead under
/// `LOOPCTL_REQUIRE_MCP_REFERENCE=1`, which `.ci/run` sets once it
/// installed them).
pub fn npm_file(relative: &str) -> Option<PathBuf> {
    let path = npm_root().join("node_modules").join(relative);
    present(path, relative)
}

/// The entry point of the reference filesystem server from npm
/// (`@modelcontextprotocol/server-filesystem`): `LOOPCTL_MCP_FILESYSTEM_SERVER`,
/// else the one `.ci/run` installs. `None`, with a notice, when it or
/// `node` is missing.
pub fn reference_filesystem_server() -> Option<PathBuf> {
    const SCRIPT: &str = "@modelcontextprotocol/server-filesystem/dist/index.js";
    match std::env::var_os("LOOPCTL_MCP_FILESYSTEM_SERVER") {
        Some(path) => present(PathBuf::from(path), SCRIPT),
        None => npm_file(SCRIPT),
    }
}

fn present(path: PathBuf, what: &str) -> Option<PathBuf> {
    let node = std::process::Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !node || !path.exists() {
        crate::missing(
            crate::Part::McpReference,
            &format!(
                "{what} from npm is not installed ({}{}); `.ci/run` installs it with npm when node is present",
                if node { "" } else { "no `node`; " },
                path.display()
            ),
        );
        return None;
    }
    Some(path)
}
