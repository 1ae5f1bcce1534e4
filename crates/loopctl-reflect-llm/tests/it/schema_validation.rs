//! With `schema_validation`, an InputFix that breaks the tool's schema is rejected before any retry.
#![cfg(feature = "schema_validation")]

use std::sync::Arc;

use loopctl_llm::OpenAiClient;
use loopctl_reflect_core::{ReflectionContext, ReflectionError, Reflector, ToolSchema};
use loopctl_reflect_llm::LlmReflector;
use loopctl_testkit::{Reply, TestServer};
use serde_json::json;

#[tokio::test]
async fn a_fix_that_breaks_the_schema_is_internal_and_no_schema_skips_the_check() {
    let fix = json!({
        "is_recoverable": true, "root_cause": "count is text", "severity": "low", "context": "",
        "correction": {"correction_type": "input_fix", "description": "guess", "modified_input": "{\"count\": \"three\"}",
                       "alternative_tool": null, "guidance": null}
    });
    let completion =
        json!({"choices": [{"finish_reason": "stop", "message": {"content": fix.to_string()}}]});
    let server = TestServer::start(vec![Reply::json(&completion)]).await;
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .build()
        .unwrap();
    let reflector = LlmReflector::new(Arc::new(client));
    // An open schema, so the fix travels as JSON text and the model is not constrained by it.
    let schema = ToolSchema::new(
        "list",
        "",
        json!({
            "type": "object", "properties": {"count": {"type": "integer"}}, "required": ["count"],
            "additionalProperties": {"type": "string"}
        }),
    );
    let ctx = ReflectionContext::new("", 0, 6);
    let rejected = reflector
        .analyze(
            "count: expected integer",
            "list",
            &json!({"count": "3"}),
            Some(&schema),
            &ctx,
        )
        .await;
    match rejected {
        Err(ReflectionError::Internal(message)) => assert!(
            message.contains("input_fix was rejected") && message.contains("/count"),
            "{message}"
        ),
        other => panic!("expected Internal, got {other:?}"),
    }
    let unchecked = reflector
        .analyze(
            "count: expected integer",
            "list",
            &json!({"count": "3"}),
            None,
            &ctx,
        )
        .await
        .unwrap();
    assert_eq!(
        unchecked.correction.unwrap().modified_input,
        Some(json!({"count": "three"}))
    );
}
