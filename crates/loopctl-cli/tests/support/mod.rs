//! Runs the real `loopctl` binary and captures what it prints.

#![allow(
    dead_code,
    reason = "each test file uses a different part of the support kit"
)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the binary printed and how it exited.
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `loopctl` with `args`, `env` and `stdin`, with no model configured
/// unless `env` sets one.
pub(crate) fn loopctl(args: &[&str], env: &[(&str, &str)], stdin: Option<&str>) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_loopctl"));
    command.args(args);
    for name in [
        "OPENAI_BASE_URL",
        "OPENAI_API_KEY",
        "OPENAI_MODEL",
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_BASE_URL",
        "ANTHROPIC_MODEL",
        "NO_COLOR",
    ] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = command.spawn().expect("the loopctl binary runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin is piped")
            .write_all(text.as_bytes())
            .expect("stdin takes the text");
    }
    let output = child.wait_with_output().expect("loopctl ends");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A file under the test data folder.
pub(crate) fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// [`loopctl`] on a blocking thread, so a test server on this runtime keeps answering.
pub(crate) async fn loopctl_beside_a_server(args: &[&str], env: &[(&str, &str)]) -> Run {
    let args: Vec<String> = args.iter().map(|arg| (*arg).to_owned()).collect();
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
        .collect();
    tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let env: Vec<(&str, &str)> = env
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        loopctl(&args, &env, None)
    })
    .await
    .expect("the loopctl run ends")
}
