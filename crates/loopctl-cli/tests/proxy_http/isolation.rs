//! One client's upstream state is not another's: each HTTP session gets an upstream of its own unless the operator chooses to share one, and an ended session takes its upstream with it.

use loopctl_testkit::eventually;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ClientConfig};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};

use crate::running::{RunningProxy, post, send};

type Client = RunningService<RoleClient, ClientConfig>;

async fn client(proxy: &RunningProxy) -> Client {
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(proxy.url());
    ClientConfig::default()
        .serve(transport)
        .await
        .expect("connects")
}

/// The fixture's own view: its pid and how often each tool ran in it.
async fn stats(client: &Client) -> Value {
    let result = client
        .call_tool(CallToolRequestParams::new("stats"))
        .await
        .unwrap();
    let text = result.content[0].as_text().unwrap().text.clone();
    serde_json::from_str(&text).unwrap()
}

async fn echo(client: &Client) {
    let Value::Object(arguments) = json!({"text": "mine"}) else {
        unreachable!()
    };
    client
        .call_tool(CallToolRequestParams::new("echo").with_arguments(arguments))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_second_client_does_not_see_what_the_first_did_upstream() {
    let proxy = RunningProxy::start(&[], &[]).await;
    let first = client(&proxy).await;
    for _ in 0..3 {
        echo(&first).await;
    }
    let second = client(&proxy).await;
    let theirs = stats(&second).await;
    let mine = stats(&first).await;
    assert_eq!(mine["calls"]["echo"], 3, "{mine}");
    assert!(
        theirs["calls"]["echo"].is_null(),
        "the second client saw the first's calls: {theirs}"
    );
    assert_ne!(mine["pid"], theirs["pid"], "one upstream process for both");
}

#[tokio::test]
async fn an_ended_session_takes_its_upstream_with_it() {
    let proxy = RunningProxy::start(&[], &[]).await;
    let first = client(&proxy).await;
    let pid = stats(&first).await["pid"].as_u64().unwrap();
    assert!(std::path::Path::new(&format!("/proc/{pid}")).exists());
    // The rmcp client ends its session with DELETE when it closes.
    first.cancel().await.unwrap();
    eventually("the session's upstream process exits", || async move {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        // Gone, or a zombie its parent has not reaped yet.
        status.is_empty() || status.contains("State:\tZ")
    })
    .await;
}

#[tokio::test]
async fn shared_on_request_one_upstream_serves_everyone() {
    let proxy = RunningProxy::start(&["--upstream-sessions", "shared"], &[]).await;
    let first = client(&proxy).await;
    echo(&first).await;
    let second = client(&proxy).await;
    let theirs = stats(&second).await;
    assert_eq!(theirs["calls"]["echo"], 1, "{theirs}");
    assert_eq!(theirs["pid"], stats(&first).await["pid"]);
}

#[tokio::test]
async fn a_client_without_sessions_is_offered_the_handshake() {
    let proxy = RunningProxy::start(&[], &[]).await;
    let addr = &proxy.addr;
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2026-07-28","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#;
    let answer = send(addr, &post(addr, initialize, &[])).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    assert!(answer.header("mcp-session-id").is_some(), "{answer:?}");
    assert!(
        answer.body.contains(r#""protocolVersion":"2025-11-25""#),
        "{answer:?}"
    );
}
