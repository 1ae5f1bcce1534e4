//! The tour's scenarios as assertions, through the facade: real tools, the rule reflector, default-style backoff.

use std::sync::Arc;
use std::time::{Duration, Instant};

use loopctl::driver::LoopError;
use loopctl::prelude::*;
use loopctl_testkit::{Reply, TestServer};
use serde_json::json;

fn driver(registry: ToolRegistry) -> Dispatcher {
    Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)))
        .with_tool_timeout(Duration::from_millis(250))
}

/// GETs `input.url`; a failed status becomes an error naming it and its Retry-After.
fn fetch_tool() -> impl Tool {
    let client = reqwest::Client::new();
    FnTool::new(
        ToolSchema::new(
            "fetch",
            "GET a URL",
            json!({"type": "object", "properties": {"url": {"type": "string"}}}),
        ),
        move |input| {
            let request = client.get(input["url"].as_str().unwrap_or_default());
            Box::pin(async move {
                let response = match request.send().await {
                    Ok(response) => response,
                    Err(error) => return ToolOutput::error(error.to_string()),
                };
                let status = response.status();
                let hint = response
                    .headers()
                    .get("retry-after")
                    .and_then(|v| v.to_str().ok())
                    .map(|v| format!("; Retry-After: {v}"));
                if status.is_success() {
                    ToolOutput::success(response.text().await.unwrap_or_default())
                } else {
                    ToolOutput::error(format!("HTTP {}{}", status, hint.unwrap_or_default()))
                }
            })
        },
    )
}

#[derive(serde::Deserialize)]
struct CountInput {
    text: String,
    every: u32,
}

/// Takes every n-th character of `text`; its input is parsed strictly into a struct.
fn sample_tool() -> impl Tool {
    let schema = ToolSchema::new(
        "sample_text",
        "Every n-th character",
        json!({
            "type": "object",
            "properties": {"text": {"type": "string"}, "every": {"type": "integer", "minimum": 1}},
            "required": ["text", "every"],
            "additionalProperties": false
        }),
    );
    FnTool::new(schema, |input| {
        let parsed = serde_json::from_value::<CountInput>(input.clone());
        async move {
            match parsed {
                Ok(input) => ToolOutput::success(
                    input
                        .text
                        .chars()
                        .step_by(input.every.max(1) as usize)
                        .collect::<String>(),
                ),
                Err(error) => ToolOutput::error(error.to_string()),
            }
        }
    })
}

#[tokio::test]
async fn a_flaky_service_is_retried_and_its_retry_after_honoured() {
    let server = TestServer::start(vec![
        Reply::text(429, "slow down").with_header("Retry-After", "1"),
        Reply::text(503, "warming up"),
        Reply::text(200, "orders: 1834"),
    ])
    .await;
    let started = Instant::now();
    let result = driver(ToolRegistry::new().with(fetch_tool()))
        .dispatch(ToolCall::new(
            "c1",
            "fetch",
            json!({"url": format!("{}/orders", server.url())}),
        ))
        .await
        .unwrap();
    assert_eq!(
        (result.content.as_str(), result.attempts, result.is_error),
        ("orders: 1834", 3, false)
    );
    assert_eq!(server.requests().len(), 3);
    assert!(
        started.elapsed() >= Duration::from_millis(1200),
        "waited the server's second, then 200 ms"
    );
}

#[tokio::test(start_paused = true)]
async fn a_wrongly_typed_argument_is_repaired() {
    let result = driver(ToolRegistry::new().with(sample_tool()))
        .dispatch(ToolCall::new(
            "c2",
            "sample_text",
            json!({"text": "abcdef", "every": "2"}),
        ))
        .await
        .unwrap();
    assert_eq!((result.content.as_str(), result.attempts), ("ace", 2));
}

#[tokio::test(start_paused = true)]
async fn a_misspelled_tool_is_swapped() {
    let result = driver(ToolRegistry::new().with(sample_tool()))
        .dispatch(ToolCall::new(
            "c3",
            "sampleText",
            json!({"text": "abcdef", "every": 3}),
        ))
        .await
        .unwrap();
    assert_eq!(
        (
            result.tool.as_str(),
            result.content.as_str(),
            result.attempts
        ),
        ("sample_text", "ad", 2)
    );
}

#[tokio::test(start_paused = true)]
async fn a_permission_error_fails_softly_at_once() {
    let registry = ToolRegistry::new().with(FnTool::new(
        ToolSchema::new("rm", "", json!({"type": "object"})),
        |_| async { ToolOutput::error("rm: cannot remove '/boot/vmlinuz': Permission denied") },
    ));
    let started = tokio::time::Instant::now();
    let result = driver(registry)
        .dispatch(ToolCall::new("c4", "rm", json!({})))
        .await
        .unwrap();
    assert!(result.is_error && result.attempts == 1);
    assert!(
        result
            .final_action
            .as_ref()
            .is_some_and(RecoveryAction::is_fail)
    );
    assert_eq!(
        result.content,
        "rm: cannot remove '/boot/vmlinuz': Permission denied"
    );
    assert_eq!(started.elapsed(), Duration::ZERO);
}

#[tokio::test(start_paused = true)]
async fn a_tool_that_always_times_out_backs_off_then_fails_softly() {
    // Read-only, so a call the time-out stopped may run again.
    let registry = ToolRegistry::new().with(
        FnTool::new(
            ToolSchema::new("report", "", json!({"type": "object"})),
            |_| async {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                ToolOutput::success("never")
            },
        )
        .read_only(),
    );
    let started = tokio::time::Instant::now();
    let result = driver(registry)
        .dispatch(ToolCall::new("c5", "report", json!({})))
        .await
        .unwrap();
    assert!(result.is_error);
    assert_eq!(result.attempts, 4);
    assert!(result.content.contains("timed out"));
    assert_eq!(
        started.elapsed(),
        Duration::from_millis(4 * 250 + 100 + 200 + 400)
    );
}

#[tokio::test(start_paused = true)]
async fn a_retry_forever_strategy_ends_in_recovery_exhausted() {
    let registry = ToolRegistry::new().with(FnTool::new(
        ToolSchema::new("sync", "", json!({"type": "object"})),
        |_| async { ToolOutput::error("read ECONNRESET") },
    ));
    let driver = driver(registry).with_recovery_strategy(Arc::new(FnRecovery::new(
        |_: &FailureAnalysis, _, _| RecoveryAction::retry(Duration::from_millis(10)),
    )));
    let error = driver
        .dispatch(ToolCall::new("c6", "sync", json!({})))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        LoopError::ToolRecoveryExhausted {
            tool: "sync".into(),
            attempts: 6
        }
    );
}

#[tokio::test(start_paused = true)]
async fn the_stock_defaults_give_one_attempt() {
    let registry = ToolRegistry::new().with(FnTool::new(
        ToolSchema::new("t", "", json!({"type": "object"})),
        |_| async { ToolOutput::error("connection timed out") },
    ));
    let result = Dispatcher::new(registry)
        .dispatch(ToolCall::new("c", "t", json!({})))
        .await
        .unwrap();
    assert_eq!(result.attempts, 1);
    assert_eq!(MAX_RECOVERY_ATTEMPTS, 5);
}
