//! SIGTERM in both modes: a call in flight is answered and logged, one past the drain deadline is answered with an error, and a client that leaves before the handshake has its own exit code.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use loopctl_testkit::eventually;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult, ClientConfig};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};

use crate::running::{RunningProxy, command};

type Client = RunningService<RoleClient, ClientConfig>;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("loopctl-drain-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts `hold` on the client and returns the running call once the
/// fixture says it started.
async fn held(client: &Client, dir: &Path) -> tokio::task::JoinHandle<CallToolResult> {
    let started = dir.join("started");
    let arguments = json!({
        "started": started.to_str().unwrap(),
        "release": dir.join("release").to_str().unwrap(),
    });
    let Value::Object(arguments) = arguments else {
        unreachable!()
    };
    let peer = client.peer().clone();
    let call = tokio::spawn(async move {
        peer.call_tool(CallToolRequestParams::new("hold").with_arguments(arguments))
            .await
            .expect("the held call is answered")
    });
    eventually("the upstream starts the held call", || {
        let started = started.clone();
        async move { started.exists() }
    })
    .await;
    call
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn outcomes(log: &Path, tool: &str) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["kind"] == "outcome" && line["tool"] == tool)
        .collect()
}

#[tokio::test]
async fn over_http_a_call_in_flight_at_sigterm_is_answered_and_logged() {
    let dir = scratch("http");
    let log = dir.join("calls.jsonl");
    let mut proxy = RunningProxy::start(
        &["--log", log.to_str().unwrap(), "--drain-timeout", "5m"],
        &[],
    )
    .await;
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(proxy.url());
    let client = ClientConfig::default().serve(transport).await.unwrap();
    let call = held(&client, &dir).await;
    proxy.terminate();
    proxy.said("stopping; 1 calls in flight").await;
    // New connections are no longer accepted.
    let refused = tokio::net::TcpStream::connect(&proxy.addr).await;
    assert!(refused.is_err(), "the proxy still accepts after SIGTERM");
    std::fs::write(dir.join("release"), b"").unwrap();
    let result = call.await.unwrap();
    assert_eq!(text(&result), "released");
    proxy.said("stopped; 1 calls finished, 0 cut").await;
    assert_eq!(proxy.exit_code().await, Some(0));
    let logged = outcomes(&log, "hold");
    assert_eq!(logged.len(), 1, "{logged:?}");
    assert_eq!(logged[0]["outcome"], "ok");
}

#[tokio::test]
async fn over_http_a_call_past_the_drain_deadline_is_answered_with_an_error() {
    let dir = scratch("cut");
    let mut proxy = RunningProxy::start(&["--drain-timeout", "200ms"], &[]).await;
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(proxy.url());
    let client = ClientConfig::default().serve(transport).await.unwrap();
    let call = held(&client, &dir).await;
    proxy.terminate();
    let result = call.await.unwrap();
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("shut down before it finished"),
        "{}",
        text(&result)
    );
    proxy.said("stopped; 0 calls finished, 1 cut").await;
    assert_eq!(proxy.exit_code().await, Some(0));
}

#[tokio::test]
async fn on_stdio_a_call_in_flight_at_sigterm_is_answered_and_logged() {
    let dir = scratch("stdio");
    let log = dir.join("calls.jsonl");
    let mut proxy = command(&["--log", log.to_str().unwrap()], &[]);
    proxy.stderr(Stdio::inherit());
    let (transport, _) = rmcp::transport::TokioChildProcess::builder(proxy)
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let pid = transport.id().expect("the proxy runs").to_string();
    let client = ClientConfig::default().serve(transport).await.unwrap();
    let call = held(&client, &dir).await;
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    // The release comes only once the proxy has begun to stop: the call
    // must outlive the signal to count.
    eventually("the proxy refuses new calls", || async {
        let Ok(answer) = client
            .peer()
            .call_tool(CallToolRequestParams::new("stats"))
            .await
        else {
            return false;
        };
        text(&answer).contains("shutting down")
    })
    .await;
    std::fs::write(dir.join("release"), b"").unwrap();
    let result = call.await.unwrap();
    assert_eq!(text(&result), "released");
    eventually("the log has the held call's outcome", || {
        let log = log.clone();
        async move { outcomes(&log, "hold").len() == 1 }
    })
    .await;
    assert_eq!(outcomes(&log, "hold")[0]["outcome"], "ok");
}

#[tokio::test]
async fn a_client_gone_before_the_handshake_exits_3() {
    let output = command(&[], &[])
        .stdout(Stdio::null())
        .output()
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("did not complete the handshake"),
        "{stderr}"
    );
}
