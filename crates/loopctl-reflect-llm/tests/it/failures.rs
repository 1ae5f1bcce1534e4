//! Every failure of the structured request becomes `ReflectionError::Internal`, never a panic.

use std::sync::Arc;
use std::time::Duration;

use loopctl_llm::{AnthropicClient, HttpLimits, OpenAiClient};
use loopctl_reflect_core::{ReflectionContext, ReflectionError, Reflector};
use loopctl_reflect_llm::LlmReflector;
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

fn completion(content: &str) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}]})
}

fn limits() -> HttpLimits {
    HttpLimits {
        connect_timeout: Duration::from_secs(5),
        total_timeout: Duration::from_millis(500),
        max_response_bytes: 1 << 20,
    }
}

async fn reflect_against(
    reply: Reply,
) -> Result<loopctl_reflect_core::FailureAnalysis, ReflectionError> {
    let server = TestServer::start(vec![reply]).await;
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .limits(limits())
        .build()
        .unwrap();
    LlmReflector::new(Arc::new(client))
        .analyze(
            "503 Service Unavailable",
            "fetch",
            &json!({"url": "http://x"}),
            None,
            &ReflectionContext::new("", 0, 6),
        )
        .await
}

#[tokio::test]
async fn every_failure_response_is_internal() {
    let good = completion(r#"{"is_recoverable":true,"root_cause":"x","severity":"low","correction":null,"context":""}"#).to_string().into_bytes();
    let replies = [
        ("500", Reply::text(500, "upstream exploded")),
        (
            "429",
            Reply::status_json(429, &json!({"error": "slow down"})).with_header("Retry-After", "3"),
        ),
        (
            "timeout",
            Reply::json(&json!({})).after(Duration::from_secs(5)),
        ),
        (
            "reset",
            Reply::ResetMidBody {
                body: good.clone(),
                sent: 15,
            },
        ),
        (
            "not json",
            Reply::text(200, "Sure! Here is my analysis: it failed."),
        ),
        ("wrong shape", Reply::json(&json!({"result": "ok"}))),
        (
            "prose answer",
            Reply::json(&completion("The tool failed because the server was down.")),
        ),
        (
            "unknown enum",
            Reply::json(&completion(
                r#"{"is_recoverable":true,"root_cause":"x","severity":"catastrophic","correction":null,"context":""}"#,
            )),
        ),
        (
            "unknown correction",
            Reply::json(&completion(
                r#"{"is_recoverable":true,"root_cause":"x","severity":"low","correction":{"correction_type":"retry","description":"","modified_input":null,"alternative_tool":null,"guidance":null},"context":""}"#,
            )),
        ),
        (
            "bad json text",
            Reply::json(&completion(
                r#"{"is_recoverable":true,"root_cause":"x","severity":"low","correction":{"correction_type":"input_fix","description":"","modified_input":"{not json","alternative_tool":null,"guidance":null},"context":""}"#,
            )),
        ),
        (
            "truncated",
            Reply::Truncated {
                body: good,
                sent: 25,
            },
        ),
        ("oversized", Reply::Huge { size: 2 << 20 }),
        (
            "refusal",
            Reply::json(
                &json!({"choices": [{"finish_reason": "stop", "message": {"content": null, "refusal": "no"}}]}),
            ),
        ),
    ];
    for (label, reply) in replies {
        match reflect_against(reply).await {
            Err(ReflectionError::Internal(message)) => assert!(!message.is_empty(), "{label}"),
            other => panic!("{label}: expected Internal, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn the_http_status_and_hint_reach_the_message() {
    let Err(ReflectionError::Internal(message)) = reflect_against(
        Reply::status_json(429, &json!({"error": "slow down"})).with_header("Retry-After", "3"),
    )
    .await
    else {
        panic!("expected Internal");
    };
    assert!(
        message.contains("429") && message.contains("Retry-After: 3"),
        "{message}"
    );
}

#[tokio::test]
async fn the_anthropic_provider_works_too() {
    let answer = json!({"content": [{"type": "tool_use", "id": "t1", "name": "failure_analysis",
        "input": {"is_recoverable": true, "root_cause": "rate limited", "severity": "low", "correction": null, "context": "retry-after: 2"}}],
        "stop_reason": "tool_use"});
    let server = TestServer::start(vec![Reply::json(&answer), Reply::text(500, "boom")]).await;
    let client = AnthropicClient::builder()
        .base_url(server.url())
        .api_key("sk-ant-xyz")
        .limits(limits())
        .build()
        .unwrap();
    let reflector = LlmReflector::new(Arc::new(client));
    let ctx = ReflectionContext::new("", 0, 6);
    let analysis = reflector
        .analyze("429", "fetch", &json!({}), None, &ctx)
        .await
        .unwrap();
    assert!(analysis.is_recoverable);
    assert_eq!(analysis.context, "retry-after: 2");
    let sent = server.requests()[0].json();
    assert_eq!(
        sent["tool_choice"],
        json!({"type": "tool", "name": "failure_analysis"})
    );
    assert!(matches!(
        reflector
            .analyze("429", "fetch", &json!({}), None, &ctx)
            .await,
        Err(ReflectionError::Internal(_))
    ));
}
