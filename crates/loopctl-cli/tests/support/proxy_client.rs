//! An MCP client of `loopctl mcp-proxy` over stdio in front of the fixture, and the calls the proxy tests make with it.
#![allow(dead_code, reason = "each test file uses the helpers it needs")]

use std::process::Stdio;

use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

pub(crate) type Client = RunningService<RoleClient, ClientConfig>;

pub(crate) fn client_config() -> ClientConfig {
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("proxy-test", "0"),
    )
}

/// The proxy over stdio in front of the fixture, with `flags` before `--`.
pub(crate) async fn proxy(flags: &[&str]) -> Client {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"));
    command
        .arg("mcp-proxy")
        .args(flags)
        .arg("--")
        .arg(loopctl_testkit::mcp_fixture_binary())
        .env_remove("OPENAI_API_KEY")
        .env_remove("ANTHROPIC_API_KEY");
    let (transport, _) = TokioChildProcess::builder(command)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the proxy starts");
    client_config()
        .serve(transport)
        .await
        .expect("the proxy completes the handshake")
}

pub(crate) async fn call(client: &Client, tool: &str, arguments: Value) -> CallToolResult {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
        .await
        .unwrap_or_else(|error| panic!("{tool}: {error}"))
}

pub(crate) fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

pub(crate) async fn upstream_calls(client: &Client, tool: &str) -> u64 {
    let stats: Value =
        serde_json::from_str(&text(&call(client, "stats", json!({})).await)).unwrap();
    stats["calls"][tool].as_u64().unwrap_or(0)
}

/// A test's own directory under the system's temporary one, removed when
/// the test is done with it, so test runs leave nothing behind.
pub(crate) struct Scratch(std::path::PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("loopctl-proxy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A proxy whose stderr the test reads, and whose process id it knows.
pub(crate) struct Watched {
    pub(crate) client: Client,
    pub(crate) pid: u32,
    lines: tokio::sync::mpsc::UnboundedReceiver<String>,
}

impl Watched {
    /// The proxy over stdio in front of the fixture, with `flags` before `--`.
    pub(crate) async fn start(flags: &[&str]) -> Self {
        let fixture = loopctl_testkit::mcp_fixture_binary();
        let mut args: Vec<&std::ffi::OsStr> = flags.iter().map(std::ffi::OsStr::new).collect();
        args.push("--".as_ref());
        args.push(fixture.as_os_str());
        Self::with_args(&args).await
    }

    /// `loopctl mcp-proxy ARGS` over stdio: the servers are in `args` or in
    /// the policy file they name.
    pub(crate) async fn with_args(args: &[&std::ffi::OsStr]) -> Self {
        Self::with_env(args, &[]).await
    }

    /// As [`with_args`](Self::with_args), with `env` set for the proxy.
    pub(crate) async fn with_env(args: &[&std::ffi::OsStr], env: &[(&str, &str)]) -> Self {
        use tokio::io::AsyncBufReadExt;
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"));
        command
            .arg("mcp-proxy")
            .args(args)
            .envs(env.iter().copied())
            .env_remove("OPENAI_API_KEY")
            .env_remove("ANTHROPIC_API_KEY");
        let (transport, stderr) = TokioChildProcess::builder(command)
            .stderr(Stdio::piped())
            .spawn()
            .expect("the proxy starts");
        let pid = transport.id().expect("a running proxy has a pid");
        let (sender, lines) = tokio::sync::mpsc::unbounded_channel();
        let mut reader = tokio::io::BufReader::new(stderr.expect("piped")).lines();
        tokio::spawn(async move {
            while let Ok(Some(line)) = reader.next_line().await {
                eprintln!("proxy: {line}");
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let client = client_config()
            .serve(transport)
            .await
            .expect("the proxy completes the handshake");
        Self { client, pid, lines }
    }

    /// The next line of stderr that contains `needle`; fails the test after a
    /// minute without one, which only a broken proxy takes.
    pub(crate) async fn wait_for(&mut self, needle: &str) -> String {
        let found = tokio::time::timeout(std::time::Duration::from_secs(60), async {
            while let Some(line) = self.lines.recv().await {
                if line.contains(needle) {
                    return line;
                }
            }
            panic!("the proxy's stderr ended before a line with `{needle}`")
        });
        found
            .await
            .unwrap_or_else(|_| panic!("no line with `{needle}` on the proxy's stderr"))
    }
}

#[test]
fn a_scratch_directory_is_gone_when_the_test_is_done() {
    let path = {
        let dir = scratch("gone");
        std::fs::write(dir.join("attempts.jsonl"), "{}\n").unwrap();
        assert!(dir.exists());
        dir.to_path_buf()
    };
    assert!(!path.exists(), "{} was left behind", path.display());
}
