//! `McpToolSet` against the fixture over streamable HTTP on 127.0.0.1: recovery, cancel, and a server that restarts.

use crate::support;

use std::time::Duration;

use loopctl_mcp::{McpServer, McpToolSet};
use loopctl_testkit::{HttpFixture, eventually};
use serde_json::json;
use support::{call, dispatcher, stats};

#[tokio::test]
async fn a_flaky_tool_recovers_over_http() {
    let fixture = HttpFixture::start(0, &[]).await;
    let set = McpToolSet::connect(McpServer::http(&fixture.url))
        .await
        .unwrap();
    assert_eq!(set.listed().len(), 17);
    let driver = dispatcher(&set, 3);
    let result = call(&driver, "flaky", json!({"key": "h", "failures": 2})).await;
    assert_eq!(
        (result.is_error, result.attempts),
        (false, 3),
        "{}",
        result.content
    );
    let result = call(&driver, "set_count", json!({"count": "7"})).await;
    assert_eq!(result.content, "count set to 7");
    assert_eq!(stats(&set).await["calls"]["flaky"], 3);
}

#[tokio::test]
async fn a_call_that_times_out_over_http_is_cancelled_on_the_server() {
    let fixture = HttpFixture::start(0, &[]).await;
    let set = McpToolSet::builder(McpServer::http(&fixture.url))
        .call_timeout(Duration::from_millis(300))
        .connect()
        .await
        .unwrap();
    let driver = dispatcher(&set, 0);
    let result = call(&driver, "hang", json!({})).await;
    assert!(result.content.contains("timed out"), "{}", result.content);
    eventually("the server to see the cancellation", || async {
        stats(&set).await["cancelled"].as_u64().unwrap_or(0) > 0
    })
    .await;
    assert_eq!(stats(&set).await["cancelled"], 1);
}

#[tokio::test]
async fn a_restarted_http_server_is_reached_again() {
    let first = HttpFixture::start(0, &[]).await;
    let port = first.port;
    let set = McpToolSet::builder(McpServer::http(&first.url))
        .reconnect(10, Duration::from_millis(50))
        .connect()
        .await
        .unwrap();
    let driver = dispatcher(&set, 3);
    assert_eq!(
        call(&driver, "echo", json!({"text": "one"})).await.content,
        "one"
    );
    first.stop().await;
    // The call starts while nothing listens; the server comes back meanwhile.
    let restarting = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        HttpFixture::start(port, &[]).await
    };
    let driver = support::dispatcher_with_delay(&set, 5, Duration::from_millis(200));
    // `append` may not run twice: it is retried only because a refused
    // connection means the request never left.
    let ledger = support::tempdir().join("ledger.txt");
    let input = json!({"path": ledger, "line": "two"});
    let (result, _second) = tokio::join!(call(&driver, "append", input), restarting);
    assert_eq!(
        (result.is_error, result.content.as_str()),
        (false, "appended"),
        "{:?}",
        result.history
    );
    assert!(result.attempts >= 2, "the first attempt met a closed port");
    assert_eq!(
        std::fs::read_to_string(&ledger).unwrap(),
        "two\n",
        "appended exactly once"
    );
    assert!(
        result.history[0].error.contains("the request was not sent"),
        "{}",
        result.history[0].error
    );
    assert_eq!(
        stats(&set).await["calls"]["append"],
        1,
        "the new server saw one append"
    );
}

#[tokio::test]
async fn a_redirect_to_another_origin_is_not_followed_with_the_token() {
    use loopctl_testkit::{Reply, TestServer};
    // Another port on the same host is another origin.
    let elsewhere = TestServer::start(vec![Reply::status_json(200, &json!({}))]).await;
    let moved =
        Reply::text(307, "moved").with_header("Location", &format!("{}/mcp", elsewhere.url()));
    let first = TestServer::start(vec![moved.clone(), moved]).await;
    let connected = McpToolSet::builder(
        McpServer::http(format!("{}/mcp", first.url())).bearer_token("t0ken-that-must-stay-home"),
    )
    .reconnect(1, Duration::from_millis(1))
    .connect()
    .await;
    assert!(
        connected.is_err(),
        "a redirect elsewhere was taken as a server"
    );
    assert!(!first.requests().is_empty());
    assert!(
        elsewhere.requests().is_empty(),
        "{:?}",
        elsewhere.requests()
    );
}
