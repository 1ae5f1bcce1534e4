//! A real `redis-server` for tests: its own process on a free loopback port, stopped with the test.

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `redis-server` process this test started, listening on 127.0.0.1.
///
/// Nothing is saved to disk, and the process is killed when the value is
/// dropped, so a failing test leaves no server behind.
#[derive(Debug)]
pub struct RedisServer {
    binary: PathBuf,
    port: u16,
    /// The TLS port and the `--tls-*` arguments, for a server that speaks TLS too.
    tls: Option<(u16, Vec<String>)>,
    child: Option<Child>,
}

impl RedisServer {
    /// Starts a server on a free port. `None`, with a notice on stderr, when
    /// `redis-server` is not installed; `.ci/run` installs it.
    ///
    /// # Panics
    /// When the installed server does not start or answer within 10 s, or
    /// when it is missing and `LOOPCTL_REQUIRE_REDIS=1` requires it.
    pub fn start() -> Option<Self> {
        let Some(binary) = find_on_path("redis-server") else {
            crate::missing(
                crate::Part::Redis,
                "redis-server is not on PATH (the Debian package redis-server)",
            );
            return None;
        };
        let port = free_port();
        let mut server = Self {
            binary,
            port,
            tls: None,
            child: None,
        };
        server.spawn();
        Some(server)
    }

    /// As [`start`](Self::start), also serving TLS on a second port with
    /// the PEM files given (clients are not asked for certificates).
    pub fn start_tls(cert: &Path, key: &Path, ca: &Path) -> Option<Self> {
        let mut server = Self::start()?;
        let tls_port = free_port();
        let args = vec![
            "--tls-port".to_owned(),
            tls_port.to_string(),
            "--tls-cert-file".to_owned(),
            cert.display().to_string(),
            "--tls-key-file".to_owned(),
            key.display().to_string(),
            "--tls-ca-cert-file".to_owned(),
            ca.display().to_string(),
            "--tls-auth-clients".to_owned(),
            "no".to_owned(),
        ];
        server.tls = Some((tls_port, args));
        server.restart();
        Some(server)
    }

    /// `rediss://127.0.0.1:<tls port>`, for a server started with [`start_tls`](Self::start_tls).
    pub fn tls_url(&self) -> Option<String> {
        self.tls
            .as_ref()
            .map(|(port, _)| format!("rediss://127.0.0.1:{port}"))
    }

    /// `redis://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// The port it listens on.
    pub const fn port(&self) -> u16 {
        self.port
    }

    /// Kills the server at once (SIGKILL): clients see their connections drop.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port, empty.
    ///
    /// # Panics
    /// As [`start`](Self::start).
    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    /// Runs `redis-cli`-free commands by speaking RESP over a plain socket;
    /// the reply's first line is returned (enough for `OK`, integers, errors).
    ///
    /// # Panics
    /// When the server cannot be reached.
    pub fn command(&self, args: &[&str]) -> String {
        use std::io::{BufRead, BufReader, Write};
        let stream = std::net::TcpStream::connect((Ipv4Addr::LOCALHOST, self.port))
            .expect("connect to the test redis-server");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a read time-out");
        let mut request = format!("*{}\r\n", args.len());
        for arg in args {
            request.push_str(&format!("${}\r\n{arg}\r\n", arg.len()));
        }
        (&stream)
            .write_all(request.as_bytes())
            .expect("write to the test redis-server");
        let mut line = String::new();
        BufReader::new(&stream)
            .read_line(&mut line)
            .expect("read from the test redis-server");
        line.trim_end().to_owned()
    }

    fn spawn(&mut self) {
        let child = Command::new(&self.binary)
            .args([
                "--port",
                &self.port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
                "--maxclients",
                "10000",
            ])
            .args(self.tls.iter().flat_map(|(_, args)| args))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start redis-server");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect((Ipv4Addr::LOCALHOST, self.port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "redis-server did not listen on port {} within 10 s",
                self.port
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.command(&["PING"]) != "+PONG" {
            assert!(
                Instant::now() < deadline,
                "redis-server did not answer PING"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A port on 127.0.0.1 that was free a moment ago, for a server that
/// must be told its port (a caller that can bind port 0 should).
///
/// # Panics
///
/// When no port can be bound; this is test support.
pub fn free_port() -> u16 {
    TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .expect("a free port on 127.0.0.1")
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}
