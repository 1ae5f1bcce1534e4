//! `loopctl mcp-proxy` authenticates to an HTTP upstream with a token and headers read from the environment or files,
//! never from its command line, and shows none of them in its logs or errors.

use std::process::Stdio;

use loopctl_testkit::HttpFixture;
use rmcp::ServiceExt;
use rmcp::model::{ClientCapabilities, ClientConfig, Implementation};
use rmcp::transport::TokioChildProcess;
use tokio::io::AsyncReadExt;

use crate::proxy_client::scratch;

const TOKEN: &str = "upstream-token-0123456789abcdef";
const KEY: &str = "upstream-header-key-0123456789";

async fn fixture() -> HttpFixture {
    HttpFixture::start_with_args(
        0,
        &[],
        &[
            "--require-header",
            &format!("authorization: Bearer {TOKEN}"),
            "--require-header",
            &format!("x-api-key: {KEY}"),
        ],
    )
    .await
}

#[tokio::test]
async fn the_token_from_a_variable_and_the_header_from_a_file_reach_the_upstream() {
    let upstream = fixture().await;
    let dir = scratch("ok");
    let key_file = dir.join("key");
    std::fs::write(&key_file, format!("{KEY}\n")).unwrap();
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"));
    command
        .args(["mcp-proxy", "--upstream-url", &upstream.url])
        .args(["--upstream-token-env", "UPSTREAM_TOKEN"])
        .arg("--upstream-header-file")
        .arg(format!("X-Api-Key={}", key_file.display()))
        .env("UPSTREAM_TOKEN", TOKEN)
        .env("LOOPCTL_LOG", "debug");
    let (transport, stderr) = TokioChildProcess::builder(command)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the proxy starts");
    let client = ClientConfig::new(ClientCapabilities::default(), Implementation::new("t", "0"))
        .serve(transport)
        .await
        .expect("the proxy reached its upstream and completed the handshake");
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), 17);
    client.cancel().await.unwrap();
    let mut logs = String::new();
    if let Some(mut stderr) = stderr {
        let _ = stderr.read_to_string(&mut logs).await;
    }
    assert!(logs.contains("upstream connected"), "{logs}");
    assert!(!logs.contains(TOKEN) && !logs.contains(KEY), "{logs}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_missing_credential_is_a_usage_error_that_names_its_source_only() {
    let upstream = fixture().await;
    let dir = scratch("missing");
    let empty = dir.join("empty");
    std::fs::write(&empty, "\n").unwrap();
    for (flags, env, names) in [
        (
            vec!["--upstream-token-env", "NOT_SET_ANYWHERE"],
            vec![],
            "NOT_SET_ANYWHERE",
        ),
        (
            vec!["--upstream-header-file", "X-Api-Key=/nonexistent/key"],
            vec![],
            "/nonexistent/key",
        ),
        (vec!["--upstream-token-file"], vec![], "is empty"),
        (
            vec!["--upstream-header-env", "X-Api-Key"],
            vec![("X", KEY)],
            "NAME=SOURCE",
        ),
    ] {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_loopctl"));
        command
            .args(["mcp-proxy", "--upstream-url", &upstream.url])
            .args(&flags)
            .envs(env)
            .env_remove("NOT_SET_ANYWHERE")
            .stdin(Stdio::null());
        if flags == ["--upstream-token-file"] {
            command.arg(&empty);
        }
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{flags:?}: {stderr}");
        assert!(stderr.contains(names), "{flags:?}: {stderr}");
        assert!(!stderr.contains(KEY), "{stderr}");
    }
    // Credentials are for an HTTP upstream only.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(["mcp-proxy", "--upstream-token-env", "X", "--", "server"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
