//! Smoke tests: drive the fixture binary with rmcp's own client over stdio and streamable HTTP.

use std::{path::PathBuf, sync::Arc, time::Duration};

use rmcp::{
    ClientHandler, ServiceError, ServiceExt,
    model::{
        CallToolRequest, CallToolRequestParams, CallToolResponse, CallToolResult, ClientRequest,
        ErrorCode, InputRequest, InputResponses, JsonObject, ProtocolVersion,
    },
    service::{
        ClientLifecycleMode, ClientServiceExt, NotificationContext, PeerRequestOptions, RoleClient,
    },
    transport::{ConfigureCommandExt, StreamableHttpClientTransport, TokioChildProcess},
};
use serde_json::{Value, json};
use tokio::io::AsyncBufReadExt;

const BIN: &str = env!("CARGO_BIN_EXE_loopctl-mcp-fixture");

const ALL_TOOLS: [&str; 17] = [
    "add_tool",
    "append",
    "crash_once",
    "echo",
    "error_structured",
    "flaky",
    "freeze_once",
    "hang",
    "hold",
    "mixed",
    "needs_input",
    "read_doc",
    "rpc_error",
    "set_count",
    "set_mode",
    "stats",
    "structured_only",
];

/// A client handler that signals every `notifications/tools/list_changed`.
#[derive(Clone, Default)]
struct Watcher {
    list_changed: Arc<tokio::sync::Notify>,
}

impl ClientHandler for Watcher {
    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.list_changed.notify_one();
    }
}

fn args(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        other => panic!("arguments must be an object, got {other}"),
    }
}

fn call(name: &'static str, arguments: Value) -> CallToolRequestParams {
    CallToolRequestParams::new(name).with_arguments(args(arguments))
}

fn first_text(result: &CallToolResult) -> &str {
    result
        .content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.as_str())
        .expect("result has a text block")
}

fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("loopctl-fixture-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn child(envs: &[(&str, &str)]) -> TokioChildProcess {
    TokioChildProcess::new(tokio::process::Command::new(BIN).configure(|cmd| {
        for (key, value) in envs {
            cmd.env(key, value);
        }
    }))
    .expect("spawn fixture")
}

#[tokio::test]
async fn stdio_pagination_flaky_errors_cancel_and_list_changed() {
    let events = scratch("events");
    let events_str = events.to_str().expect("utf-8 temp path");
    let watcher = Watcher::default();
    let client = watcher
        .clone()
        .serve(child(&[
            ("LOOPCTL_FIXTURE_PAGE_SIZE", "3"),
            ("LOOPCTL_FIXTURE_EVENTS", events_str),
        ]))
        .await
        .expect("initialize");
    let version = client.peer_info().map(|i| i.protocol_version.clone());
    eprintln!("legacy stdio negotiated protocol version: {version:?}");
    assert_eq!(version, Some(ProtocolVersion::V_2025_11_25));

    // Pagination: page size 3 forces six pages; list_all_tools follows nextCursor.
    let first_page = client.list_tools(None).await.expect("tools/list");
    assert_eq!(first_page.tools.len(), 3);
    assert_eq!(first_page.next_cursor.as_deref(), Some("3"));
    let tools = client.list_all_tools().await.expect("list all tools");
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    assert_eq!(names, ALL_TOOLS);
    let tool = |name: &str| {
        tools
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("tool {name} listed"))
    };
    assert_eq!(
        tool("flaky")
            .annotations
            .as_ref()
            .and_then(|a| a.idempotent_hint),
        Some(true)
    );
    assert_eq!(
        tool("hang")
            .annotations
            .as_ref()
            .and_then(|a| a.read_only_hint),
        Some(true)
    );
    assert!(tool("append").annotations.is_none());
    assert_eq!(
        tool("set_mode").input_schema["properties"]["mode"]["enum"],
        json!(["fast", "safe"])
    );

    // flaky with failures=1: first isError with the 503 text, then ok.
    let flaky = || call("flaky", json!({"key": "k1", "failures": 1}));
    let first = client.call_tool(flaky()).await.expect("flaky #1");
    assert_eq!(first.is_error, Some(true));
    assert_eq!(
        first_text(&first),
        "Service Unavailable (503): upstream is restarting, try again"
    );
    let second = client.call_tool(flaky()).await.expect("flaky #2");
    assert_ne!(second.is_error, Some(true));
    assert_eq!(first_text(&second), "ok: k1 after 1 failures");

    // Wrong argument type: rmcp 3.11's router turns the serde failure into a tool error result.
    let bad = client
        .call_tool(call("set_count", json!({"count": "3"})))
        .await
        .expect("set_count with a string answers a result");
    eprintln!("set_count {{count: \"3\"}} -> {bad:?}");
    assert_eq!(bad.is_error, Some(true));
    assert_eq!(
        first_text(&bad),
        "failed to deserialize parameters: invalid type: string \"3\", expected i64"
    );

    // Unknown tool: a JSON-RPC error from rmcp's router.
    let unknown = client
        .call_tool(CallToolRequestParams::new("no_such_tool"))
        .await
        .expect_err("unknown tool is a protocol error");
    eprintln!("unknown tool -> {unknown:?}");
    match unknown {
        ServiceError::McpError(e) => {
            assert_eq!(e.code, ErrorCode::INVALID_PARAMS);
            assert_eq!(e.message, "tool not found");
        }
        other => panic!("expected McpError, got {other:?}"),
    }

    // rpc_error answers the requested JSON-RPC error.
    match client
        .call_tool(call("rpc_error", json!({"code": -32603})))
        .await
    {
        Err(ServiceError::McpError(e)) => {
            assert_eq!(e.code, ErrorCode::INTERNAL_ERROR);
            assert_eq!(
                e.message,
                "Internal error: connection to database reset by peer"
            );
        }
        other => panic!("expected McpError, got {other:?}"),
    }

    // MRTR is refused for a pre-2026-07-28 session.
    let legacy_mrtr = client
        .call_tool_once(CallToolRequestParams::new("needs_input"))
        .await
        .expect_err("legacy sessions cannot receive InputRequiredResult");
    eprintln!("needs_input on a 2025-11-25 session -> {legacy_mrtr:?}");

    // hang: time out on the client, which sends notifications/cancelled.
    let request =
        ClientRequest::CallToolRequest(CallToolRequest::new(CallToolRequestParams::new("hang")));
    let handle = client
        .send_cancellable_request(
            request,
            PeerRequestOptions::with_timeout(Duration::from_millis(300)),
        )
        .await
        .expect("send hang");
    let timed_out = handle.await_response().await;
    assert!(matches!(timed_out, Err(ServiceError::Timeout { .. })));
    let mut stats = Value::Null;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while tokio::time::Instant::now() < deadline {
        let result = client
            .call_tool(CallToolRequestParams::new("stats"))
            .await
            .expect("stats");
        stats = serde_json::from_str(first_text(&result)).expect("stats is JSON");
        if stats["cancelled"] == json!(1) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!("stats after cancel: {stats}");
    assert_eq!(stats["cancelled"], json!(1));
    assert_eq!(stats["calls"]["flaky"], json!(2));
    assert_eq!(stats["calls"]["hang"], json!(1));
    assert_eq!(stats["calls"]["no_such_tool"], json!(1));
    let events_text = std::fs::read_to_string(&events).expect("events file written");
    assert_eq!(events_text, "cancelled hang\n");

    // add_tool: list_changed notification, then the new tool is listed and callable.
    let added = client
        .call_tool(call("add_tool", json!({"name": "dyn_echo"})))
        .await
        .expect("add_tool");
    assert_eq!(first_text(&added), "added tool dyn_echo");
    tokio::time::timeout(Duration::from_secs(30), watcher.list_changed.notified())
        .await
        .expect("tools/list_changed notification");
    let tools = client.list_all_tools().await.expect("list after add");
    assert_eq!(tools.len(), ALL_TOOLS.len() + 1);
    assert!(tools.iter().any(|t| t.name == "dyn_echo"));
    let echoed = client
        .call_tool(call("dyn_echo", json!({"a": 1})))
        .await
        .expect("dynamic tool");
    assert_eq!(first_text(&echoed), r#"{"a":1}"#);

    client.cancel().await.expect("close client");
    let _ = std::fs::remove_file(&events);
}

#[tokio::test]
async fn stdio_needs_input_returns_input_required_on_2026_07_28() {
    let client = ()
        .serve_with_lifecycle(
            child(&[]),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .expect("discover");
    let version = client.peer_info().map(|i| i.protocol_version.clone());
    eprintln!("discover stdio negotiated protocol version: {version:?}");
    assert_eq!(version, Some(ProtocolVersion::V_2026_07_28));

    let response = client
        .call_tool_once(CallToolRequestParams::new("needs_input"))
        .await
        .expect("needs_input round 1");
    let CallToolResponse::InputRequired(required) = response else {
        panic!("expected InputRequired, got {response:?}");
    };
    let requests = required.input_requests.expect("input requests");
    assert_eq!(requests.len(), 1);
    let (key, request) = requests.into_iter().next().expect("one request");
    let InputRequest::Elicitation(elicit) = request else {
        panic!("expected an elicitation request");
    };
    let params = serde_json::to_value(&elicit.params).expect("serialize");
    assert_eq!(params["message"], "Which account should be charged?");
    assert_eq!(
        params["requestedSchema"]["properties"]["account"]["type"],
        "string"
    );

    let mut responses = InputResponses::new();
    responses.insert(
        key,
        json!({"action": "accept", "content": {"account": "acme"}}),
    );
    let retry = CallToolRequestParams::new("needs_input").with_input_responses(responses);
    let response = client
        .call_tool_once(retry)
        .await
        .expect("needs_input round 2");
    let CallToolResponse::Complete(done) = response else {
        panic!("expected a complete result, got {response:?}");
    };
    assert_eq!(first_text(&done), "charged acme");

    client.cancel().await.expect("close client");
}

#[tokio::test]
async fn http_echo() {
    let mut server = tokio::process::Command::new(BIN)
        .args(["--http", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn fixture --http");
    let stdout = server.stdout.take().expect("piped stdout");
    let mut lines = tokio::io::BufReader::new(stdout).lines();
    let first = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
        .await
        .expect("first line in time")
        .expect("read stdout")
        .expect("a first line");
    let url = first
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .to_string();
    assert!(
        url.starts_with("http://127.0.0.1:") && url.ends_with("/mcp"),
        "{url}"
    );

    // Legacy session (initialize handshake).
    let client =
        ().serve(StreamableHttpClientTransport::from_uri(url.clone()))
            .await
            .expect("initialize over http");
    let version = client.peer_info().map(|i| i.protocol_version.clone());
    eprintln!("legacy http negotiated protocol version: {version:?}");
    let result = client
        .call_tool(call("echo", json!({"text": "hello over http"})))
        .await
        .expect("echo");
    assert_eq!(first_text(&result), "hello over http");
    client.cancel().await.expect("close client");

    // 2026-07-28 (stateless, per-request metadata) against the same process.
    let modern = ()
        .serve_with_lifecycle(
            StreamableHttpClientTransport::from_uri(url),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .expect("discover over http");
    let result = modern
        .call_tool(call("echo", json!({"text": "hello again"})))
        .await
        .expect("echo 2026");
    assert_eq!(first_text(&result), "hello again");
    let stats = modern
        .call_tool(CallToolRequestParams::new("stats"))
        .await
        .expect("stats");
    let stats: Value = serde_json::from_str(first_text(&stats)).expect("stats is JSON");
    assert_eq!(
        stats["calls"]["echo"],
        json!(2),
        "state is shared across HTTP sessions"
    );
    modern.cancel().await.expect("close client");

    server.kill().await.expect("kill fixture");
}
