//! The proxy's circuit breaker: a tool that keeps failing is refused without running once its circuit opens, the operator sees the change in the log, and every session shares the circuit.

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult, ClientConfig};
use serde_json::{Value, json};

use crate::running::RunningProxy;

async fn call(
    client: &rmcp::service::RunningService<rmcp::service::RoleClient, ClientConfig>,
    tool: &str,
    arguments: Value,
) -> CallToolResult {
    let Value::Object(arguments) = arguments else {
        unreachable!()
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
        .await
        .unwrap()
}

fn text(result: &CallToolResult) -> String {
    result.content[0].as_text().unwrap().text.clone()
}

#[tokio::test]
async fn a_tool_that_keeps_failing_is_refused_without_running_once_its_circuit_opens() {
    let flags = [
        "--max-retries",
        "0",
        "--breaker-threshold",
        "2",
        "--breaker-cool-down",
        "1h",
        "--upstream-sessions",
        "shared",
    ];
    let mut proxy = RunningProxy::start(&flags, &[]).await;
    let url = proxy.url();
    let connect = || rmcp::transport::StreamableHttpClientTransport::from_uri(url.clone());
    let first = ClientConfig::default().serve(connect()).await.unwrap();
    let failing = json!({"key": "down", "failures": 1000});
    for _ in 0..2 {
        let result = call(&first, "flaky", failing.clone()).await;
        assert_eq!(result.is_error, Some(true));
    }
    proxy.said("the circuit opened").await;
    // Another session meets the same open circuit, and the tool does not run.
    let second = ClientConfig::default().serve(connect()).await.unwrap();
    let refused = call(&second, "flaky", failing).await;
    assert_eq!(refused.is_error, Some(true));
    assert!(
        text(&refused).contains("circuit open"),
        "{}",
        text(&refused)
    );
    let stats: Value =
        serde_json::from_str(&text(&call(&second, "stats", json!({})).await)).unwrap();
    assert_eq!(
        stats["calls"]["flaky"], 2,
        "the refused call ran upstream: {stats}"
    );
    // Other tools are not affected.
    let echoed = call(&second, "echo", json!({"text": "still here"})).await;
    assert_eq!(text(&echoed), "still here");
}
