//! The library's own sinks, in one process: the dispatcher with the LLM reflector against a server on 127.0.0.1 that
//! records what it receives, the JSONL recorder, span payloads through a real OpenTelemetry pipeline, every log line at
//! TRACE, and MCP servers whose URLs and command lines carry the secrets.

use std::sync::Arc;
use std::time::Duration;

use loopctl::driver::{Dispatcher, FnTool, SafetyPolicy, ToolCall, ToolOutput, ToolRegistry};
use loopctl::llm::OpenAiClient;
use loopctl::mcp::{McpServer, McpToolSet};
use loopctl::prelude::ExponentialBackoffRecovery;
use loopctl::record::JsonlRecorder;
use loopctl::reflection::llm::LlmReflector;
use loopctl_reflect_core::ToolSchema;
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

use crate::catalogue::{Item, Seeded, in_error};

/// The model provider's key: it must not show either.
pub(crate) const PROVIDER_KEY: &str = "sk-e2e-provider-key-4b1d9c2e7f30a5";

/// The model's answer: a root cause quoting the secret, and a fix that
/// writes it into the input again.
fn answer(item: &Item) -> Reply {
    let mut fixed = json!({"path": "/srv/b", "note": item.text});
    if let (Some(key), Some(value)) = (&item.key, item.values.first()) {
        fixed[key] = json!(value);
    }
    let analysis = json!({
        "is_recoverable": true,
        "root_cause": format!("the server refused: {}", item.text),
        "severity": "low",
        "correction": {
            "correction_type": "input_fix",
            "description": format!("send {} again", item.text),
            "modified_input": fixed,
            "alternative_tool": null,
            "guidance": format!("check {}", item.text)
        },
        "context": item.text
    });
    Reply::json(&json!({"choices": [{"index": 0, "finish_reason": "stop",
        "message": {"role": "assistant", "content": analysis.to_string()}}]}))
}

/// The input of the first attempt: the secret under its key or in free text,
/// at the top and nested.
fn input(item: &Item) -> Value {
    let mut input = json!({"path": "/srv/a", "note": item.text, "nested": [{"text": item.text}]});
    if let (Some(key), Some(value)) = (&item.key, item.values.first()) {
        input[key] = json!(value);
        input["nested"][0][key] = json!(value);
    }
    input
}

/// Runs one call per item through every in-process sink and returns what
/// the LLM server received (the other sinks are read by the caller).
pub(crate) async fn run_calls(
    items: &[Item],
    seeded: &mut Seeded,
    recorder: Arc<JsonlRecorder>,
) -> Vec<String> {
    let mut received = Vec::new();
    for item in items {
        let server = TestServer::start(vec![answer(item)]).await;
        let client = OpenAiClient::builder()
            .base_url(format!("{}/v1", server.url()))
            .api_key(PROVIDER_KEY)
            .build()
            .unwrap();
        let error = in_error(seeded, item);
        let tool = FnTool::new(
            ToolSchema::new("svc", "", json!({"type": "object"})),
            move |_: &Value| {
                let error = error.clone();
                async move { ToolOutput::error(error) }
            },
        );
        let driver = Dispatcher::new(ToolRegistry::new().with(tool))
            .with_reflector(Arc::new(LlmReflector::new(Arc::new(client))))
            .with_recovery_strategy(Arc::new(
                ExponentialBackoffRecovery::new(1).with_base_delay(Duration::ZERO),
            ))
            // The fix rewrites free text: allowed, so the corrected input
            // runs and reaches the spans too.
            .with_safety_policy(SafetyPolicy::new().allow_free_text("svc", "*"))
            .with_span_payloads()
            .with_observer(recorder.clone());
        let task = format!("deploy; the operator said {}", item.text);
        let result = driver
            .dispatch_for_task(ToolCall::new(item.id.clone(), "svc", input(item)), &task)
            .await
            .unwrap();
        assert!(result.is_error, "{}: the tool always fails", item.id);
        let requests = server.requests();
        assert!(
            !requests.is_empty(),
            "{}: the reflector asked the model",
            item.id
        );
        for request in requests {
            received.push(format!("{:?}", request.headers));
            received.push(String::from_utf8_lossy(&request.body).into_owned());
        }
    }
    received
}

/// What MCP errors and descriptions show for servers whose URL and command
/// line carry the secrets: one HTTP server that is not there, one command
/// that does not exist.
pub(crate) async fn mcp_servers(items: &[Item]) -> Vec<String> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut shown = Vec::new();
    for item in items {
        let value = &item.values[0];
        let encoded = url_encoded(value);
        let http = McpServer::http(format!(
            "http://agent:{encoded}@127.0.0.1:{port}/mcp?access_token={encoded}&v={encoded}"
        ))
        .bearer_token(value.clone())
        .header("X-Api-Key", value.clone());
        let stdio = McpServer::stdio("/nonexistent/loopctl-e2e-server")
            .args(["--api-key", value.as_str(), item.text.as_str()])
            .env("UPSTREAM_KEY", value.clone());
        for server in [http, stdio] {
            shown.push(server.to_string());
            shown.push(format!("{server:?}"));
            let error = McpToolSet::builder(server)
                .reconnect(1, Duration::ZERO)
                .connect()
                .await
                .expect_err("nothing serves there");
            shown.push(error.to_string());
            shown.push(format!("{error:?}"));
        }
    }
    shown
}

/// `text` percent-encoded as a URL carries it.
pub(crate) fn url_encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                char::from(byte).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}
