//! A `loopctl mcp-proxy --http` process in front of the fixture, what it prints, and raw HTTP/1.1 requests with every header under the test's control.

use std::process::Stdio;

use loopctl_testkit::GENEROUS;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

/// A running proxy; killed when dropped.
pub(crate) struct RunningProxy {
    child: tokio::process::Child,
    /// `127.0.0.1:PORT`.
    pub(crate) addr: String,
    lines: mpsc::UnboundedReceiver<String>,
}

/// The proxy's arguments: `flags`, then the fixture as its upstream.
pub(crate) fn command(flags: &[&str], envs: &[(&str, &str)]) -> tokio::process::Command {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"));
    command
        .arg("mcp-proxy")
        .args(["--base-delay", "1ms"])
        .args(flags)
        .arg("--")
        .arg(loopctl_testkit::mcp_fixture_binary())
        .env_remove("OPENAI_API_KEY")
        .env_remove("ANTHROPIC_API_KEY")
        .envs(envs.iter().copied())
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

impl RunningProxy {
    /// Starts the proxy with `--http 127.0.0.1:0` and `flags`, and waits for
    /// the line that says where it listens.
    pub(crate) async fn start(flags: &[&str], envs: &[(&str, &str)]) -> Self {
        let mut all = vec!["--http", "127.0.0.1:0"];
        all.extend_from_slice(flags);
        Self::start_with(&all, envs).await
    }

    /// Starts the proxy with exactly `flags` (which must include `--http`).
    pub(crate) async fn start_with(flags: &[&str], envs: &[(&str, &str)]) -> Self {
        let mut child = command(flags, envs).spawn().expect("the proxy starts");
        let (url, lines) = loopctl_testkit::proxy_listening(&mut child).await;
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp")
            .to_owned();
        Self { child, addr, lines }
    }

    /// The full URL of the MCP endpoint.
    pub(crate) fn url(&self) -> String {
        format!("http://{}/mcp", self.addr)
    }

    /// Waits for a line on stderr that contains `text`, and returns it.
    pub(crate) async fn said(&mut self, text: &str) -> String {
        tokio::time::timeout(GENEROUS, async {
            loop {
                let line = self
                    .lines
                    .recv()
                    .await
                    .unwrap_or_else(|| panic!("the proxy ended without saying `{text}`"));
                if line.contains(text) {
                    return line;
                }
            }
        })
        .await
        .unwrap_or_else(|_| panic!("the proxy did not say `{text}` in time"))
    }

    /// Forgets what the proxy said so far: the next `said` looks only at
    /// what comes after.
    pub(crate) fn forget_said(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Sends SIGTERM, as a service manager does.
    pub(crate) fn terminate(&self) {
        let pid = self.child.id().expect("the proxy runs").to_string();
        let status = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits for the process to end and returns its exit code.
    pub(crate) async fn exit_code(mut self) -> Option<i32> {
        tokio::time::timeout(GENEROUS, self.child.wait())
            .await
            .expect("the proxy ends in time")
            .expect("the proxy's status")
            .code()
    }

    /// The resident memory of the proxy process, in KiB.
    pub(crate) fn rss_kib(&self) -> u64 {
        let pid = self.child.id().expect("the proxy runs");
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS")
    }
}

/// An HTTP response as read off the wire.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) head: String,
    pub(crate) body: String,
}

impl Answer {
    /// A header's value (the name in any case).
    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    }
}

/// Sends one request on a new connection (`Connection: close`) and reads
/// the whole answer.
pub(crate) async fn send(addr: &str, request: &str) -> Answer {
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    stream.write_all(request.as_bytes()).await.expect("sends");
    let mut raw = Vec::new();
    tokio::time::timeout(GENEROUS, stream.read_to_end(&mut raw))
        .await
        .expect("the answer ends in time")
        .expect("reads");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"));
    Answer {
        status,
        head: head.to_owned(),
        body: body.to_owned(),
    }
}

/// A POST of `body` to `/mcp` with `headers` (each `Name: value`) added to
/// the ones MCP needs; the `Host` is the proxy's unless `headers` name one.
pub(crate) fn post(addr: &str, body: &str, headers: &[&str]) -> String {
    let mut request = String::from("POST /mcp HTTP/1.1\r\n");
    if !headers
        .iter()
        .any(|h| h.to_ascii_lowercase().starts_with("host:"))
    {
        request.push_str(&format!("Host: {addr}\r\n"));
    }
    for header in headers {
        request.push_str(header);
        request.push_str("\r\n");
    }
    request.push_str(&format!(
        "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    ));
    request
}

/// An `initialize` request on the session protocol (2025-06-18).
pub(crate) const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#;

/// Opens a session and returns its id.
pub(crate) async fn open_session(addr: &str, headers: &[&str]) -> String {
    let answer = send(addr, &post(addr, INITIALIZE, headers)).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.header("mcp-session-id").expect("a session id")
}
