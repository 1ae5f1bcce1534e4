//! The MCP fixture server as tests start it (its binary found, built when missing, over stdio or HTTP), and the `loopctl` binary found the same way.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::OnceLock;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

const FIXTURE: &str = "loopctl-mcp-fixture";

/// The path of the `loopctl-mcp-fixture` binary beside the running test's
/// own, built with cargo first when it is not there yet (a test binary of
/// another package does not get it built for it).
///
/// # Panics
/// When the binary cannot be found or built: the test cannot run without it.
pub fn mcp_fixture_binary() -> PathBuf {
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match BINARY.get_or_init(|| locate(FIXTURE, FIXTURE)) {
        Ok(path) => path.clone(),
        Err(message) => panic!("{message}"),
    }
}

/// The path of the `loopctl` command-line binary, built as
/// [`mcp_fixture_binary`] builds the fixture: for tests outside
/// `loopctl-cli` that run the command as a user would.
///
/// # Panics
/// When the binary cannot be found or built.
pub fn loopctl_binary() -> PathBuf {
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match BINARY.get_or_init(|| locate("loopctl-cli", "loopctl")) {
        Ok(path) => path.clone(),
        Err(message) => panic!("{message}"),
    }
}

fn locate(package: &str, bin: &str) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|error| format!("no current exe: {error}"))?;
    // target/<profile>/deps/<test> → target/<profile>
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .ok_or_else(|| format!("{} has no target directory", exe.display()))?;
    let binary = profile_dir.join(format!("{bin}{}", std::env::consts::EXE_SUFFIX));
    // A binary older than this test binary may be one built before its
    // source changed: build it again rather than test old code.
    let modified = |path: &std::path::Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    if binary.exists() && modified(&binary) >= modified(&exe) {
        return Ok(binary);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = std::process::Command::new(cargo);
    build.args(["build", "--quiet", "-p", package, "--bin", bin]);
    if profile_dir
        .file_name()
        .is_some_and(|name| name == "release")
    {
        build.arg("--release");
    }
    let status = build
        .status()
        .map_err(|error| format!("could not run cargo to build {bin}: {error}"))?;
    if !status.success() || !binary.exists() {
        return Err(format!(
            "building {bin} failed ({status}); run `cargo build -p {package} --bin {bin}`"
        ));
    }
    Ok(binary)
}

/// A fixture serving streamable HTTP on 127.0.0.1, killed when dropped.
#[derive(Debug)]
pub struct HttpFixture {
    child: Child,
    /// The endpoint, `http://127.0.0.1:PORT/mcp`.
    pub url: String,
    /// The port it listens on.
    pub port: u16,
}

impl HttpFixture {
    /// Starts the fixture on `port` (0 for any free port) and waits until it listens.
    ///
    /// # Panics
    /// When the fixture cannot be started or does not say where it listens.
    pub async fn start(port: u16, envs: &[(&str, &str)]) -> Self {
        Self::start_with_args(port, envs, &[]).await
    }

    /// As [`start`](Self::start), with more arguments for the fixture, such
    /// as `--require-header 'authorization: Bearer T'`.
    ///
    /// # Panics
    /// When the fixture cannot be started or does not say where it listens.
    pub async fn start_with_args(port: u16, envs: &[(&str, &str)], args: &[&str]) -> Self {
        let mut child = Command::new(mcp_fixture_binary())
            .args(["--http", &format!("127.0.0.1:{port}")])
            .args(args)
            .envs(envs.iter().copied())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the MCP fixture starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .await
            .expect("the MCP fixture prints where it listens");
        let url = first
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line from the fixture: {first:?}"))
            .to_owned();
        let port = url
            .rsplit(':')
            .next()
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {url}"));
        Self { child, url, port }
    }

    /// Kills the fixture and waits until it is gone.
    pub async fn stop(mut self) {
        let _ = self.child.kill().await;
    }
}

/// Reads the stderr of a `loopctl mcp-proxy --http` process (spawned with
/// stderr piped) until the line that says where it listens, and returns
/// that URL (`http://127.0.0.1:PORT/mcp`) with every later line, in order.
/// The lines keep being read, and echoed for the test's log, whether or not
/// anyone receives them, so the proxy never blocks on a full pipe.
///
/// # Panics
/// When stderr was not piped, or the proxy ends or says nothing of the
/// kind within [`GENEROUS`](crate::GENEROUS).
pub async fn proxy_listening(
    child: &mut Child,
) -> (String, tokio::sync::mpsc::UnboundedReceiver<String>) {
    let stderr = child.stderr.take().expect("the proxy's stderr is piped");
    let mut lines = BufReader::new(stderr).lines();
    let (send, mut received) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            eprintln!("proxy: {line}");
            let _ = send.send(line);
        }
    });
    let url = tokio::time::timeout(crate::GENEROUS, async {
        loop {
            let line = received
                .recv()
                .await
                .expect("the proxy says where it listens before it ends");
            if let Some(url) = line.strip_prefix("loopctl mcp-proxy: listening on ") {
                return url.to_owned();
            }
        }
    })
    .await
    .expect("the proxy listens in time");
    (url, received)
}
