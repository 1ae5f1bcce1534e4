//! Replicas as real OS processes: the `replica` example, started N times and driven line by line.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::OnceLock;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// The replica example beside this test binary, built when it is missing
/// or older than this test (a test binary does not get another target built
/// for it, and a stale replica would test old code).
pub(crate) fn replica_binary() -> PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            let exe = std::env::current_exe().expect("the test's own path");
            // target/<profile>/deps/<test> → target/<profile>/examples/replica
            let profile = exe
                .parent()
                .and_then(|deps| deps.parent())
                .expect("a target dir");
            let binary = profile
                .join("examples")
                .join(format!("replica{}", std::env::consts::EXE_SUFFIX));
            let modified =
                |path: &std::path::Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
            if modified(&binary) < modified(&exe) {
                let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
                let mut build = std::process::Command::new(cargo);
                build.args([
                    "build",
                    "--quiet",
                    "-p",
                    "loopctl-redis",
                    "--example",
                    "replica",
                ]);
                if profile.file_name().is_some_and(|name| name == "release") {
                    build.arg("--release");
                }
                let status = build.status().expect("run cargo build");
                assert!(status.success(), "building the replica example failed");
            }
            assert!(binary.exists(), "{} was not built", binary.display());
            binary
        })
        .clone()
}

/// One running replica.
pub(crate) struct Replica {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Replica {
    /// Starts a replica and waits for its `ready`.
    pub(crate) async fn start(url: &str, namespace: &str, options: &[&str]) -> Self {
        let mut child = Command::new(replica_binary())
            .arg(url)
            .arg(namespace)
            .args(options)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("start a replica");
        let stdin = child.stdin.take().expect("piped stdin");
        let lines = BufReader::new(child.stdout.take().expect("piped stdout")).lines();
        let mut replica = Self {
            child,
            stdin,
            lines,
        };
        assert_eq!(replica.read().await, "ready");
        replica
    }

    /// Sends one command without waiting for its answer.
    pub(crate) async fn send(&mut self, command: &str) {
        self.stdin
            .write_all(format!("{command}\n").as_bytes())
            .await
            .expect("write to a replica");
        self.stdin.flush().await.expect("flush a replica's stdin");
    }

    /// The next line it prints.
    pub(crate) async fn read(&mut self) -> String {
        tokio::time::timeout(Duration::from_secs(30), self.lines.next_line())
            .await
            .expect("a replica answered within 30 s")
            .expect("read a replica's stdout")
            .expect("the replica is still running")
    }

    /// Sends a command and returns its answer.
    pub(crate) async fn ask(&mut self, command: &str) -> String {
        self.send(command).await;
        self.read().await
    }

    /// Sends the same command to every replica at once, then reads every answer.
    pub(crate) async fn ask_all(replicas: &mut [Self], command: &str) -> Vec<String> {
        for replica in replicas.iter_mut() {
            replica.send(command).await;
        }
        let mut answers = Vec::new();
        for replica in replicas.iter_mut() {
            answers.push(replica.read().await);
        }
        answers
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

/// The number after `prefix ` in an answer like `retries 7`.
pub(crate) fn count(answer: &str, prefix: &str) -> u64 {
    answer
        .strip_prefix(prefix)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("`{answer}` is not `{prefix} N`"))
}
