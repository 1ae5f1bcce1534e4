//! The exact request the reflector sends, both `modified_input` carriers, and the driver's numbering, over real HTTP.

use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_llm::OpenAiClient;
use loopctl_reflect_core::{
    Correction, CorrectionType, FailureAnalysis, FailureSeverity, RecoveryAction,
    ReflectionContext, Reflector, ToolSchema,
};
use loopctl_reflect_llm::{
    DEFAULT_SYSTEM_PROMPT, FAILURE_ANALYSIS_SCHEMA_NAME, InputCarrier, LlmReflector,
    failure_analysis_schema,
};
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

use crate::support;
use support::{read_file_schema, unrecoverable};

fn completion(answer: &Value) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer.to_string(), "refusal": null}}]})
}

fn reflector(server: &TestServer) -> LlmReflector {
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .model("analyst")
        .api_key("k-123456")
        .build()
        .unwrap();
    LlmReflector::new(Arc::new(client))
}

fn sent_user_message(server: &TestServer, index: usize) -> String {
    server.requests()[index].json()["messages"][1]["content"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn the_request_carries_the_template_byte_for_byte() {
    let server = TestServer::start(vec![Reply::json(&completion(&unrecoverable()))]).await;
    let reflector = reflector(&server);
    let schema = read_file_schema();
    let ctx = ReflectionContext::new("summarise the report", 0, 6);
    let analysis = reflector
        .analyze(
            "ENOENT: no such file or directory",
            "read_file",
            &json!({"path": "r.txt"}),
            Some(&schema),
            &ctx,
        )
        .await
        .unwrap();
    assert_eq!(
        analysis,
        FailureAnalysis::unrecoverable("the file does not exist", FailureSeverity::High)
    );

    let body = server.requests()[0].json();
    assert_eq!(body["model"], "analyst");
    assert_eq!(
        body["messages"][0],
        json!({"role": "system", "content": DEFAULT_SYSTEM_PROMPT})
    );
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(
        body["response_format"]["json_schema"]["name"],
        FAILURE_ANALYSIS_SCHEMA_NAME
    );
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    let expected = format!(
        "Tool: read_file\nInput: {{\"path\":\"r.txt\"}}\nSchema: {}\nError: ENOENT: no such file or directory\nTask: summarise the report\nAttempt: 1 of 6",
        // Sorted keys, whatever serde_json's features in this build.
        loopctl_reflect_core::canonical_json(&schema.input_schema)
    );
    assert_eq!(sent_user_message(&server, 0), expected);
}

#[tokio::test]
async fn without_a_schema_the_line_is_left_out_and_an_empty_task_stays() {
    let server = TestServer::start(vec![Reply::json(&completion(&unrecoverable()))]).await;
    let ctx = ReflectionContext::new("", 3, 6);
    reflector(&server)
        .analyze("unknown tool", "reed_file", &json!({}), None, &ctx)
        .await
        .unwrap();
    assert_eq!(
        sent_user_message(&server, 0),
        "Tool: reed_file\nInput: {}\nError: unknown tool\nTask: \nAttempt: 4 of 6"
    );
}

#[tokio::test]
async fn the_driver_numbers_the_original_call_one_of_six() {
    let server = TestServer::start(vec![Reply::json(&completion(&unrecoverable()))]).await;
    let registry = ToolRegistry::new().with(FnTool::new(read_file_schema(), |_| async {
        ToolOutput::error("EACCES")
    }));
    let driver = Dispatcher::new(registry).with_reflector(Arc::new(reflector(&server)));
    let result = driver
        .dispatch_for_task(
            ToolCall::new("c1", "read_file", json!({"path": "/root/x"})),
            "audit",
        )
        .await
        .unwrap();
    assert!(result.is_error);
    let message = sent_user_message(&server, 0);
    assert!(
        message.ends_with("\nError: EACCES\nTask: audit\nAttempt: 1 of 6"),
        "{message}"
    );
}

#[tokio::test]
async fn a_strict_compatible_tool_schema_is_embedded() {
    let fix = json!({
        "is_recoverable": true, "root_cause": "path is relative", "severity": "medium", "context": "",
        "correction": {"correction_type": "input_fix", "description": "absolute path", "modified_input": {"path": "/srv/r.txt", "limit": null},
                       "alternative_tool": null, "guidance": null}
    });
    let server = TestServer::start(vec![Reply::json(&completion(&fix))]).await;
    let schema = read_file_schema();
    let analysis = reflector(&server)
        .analyze(
            "ENOENT",
            "read_file",
            &json!({"path": "r.txt"}),
            Some(&schema),
            &ReflectionContext::new("", 0, 6),
        )
        .await
        .unwrap();
    let correction = analysis.correction.unwrap();
    assert_eq!(correction.correction_type, CorrectionType::InputFix);
    assert_eq!(
        correction.modified_input,
        Some(json!({"path": "/srv/r.txt"})),
        "the optional null is dropped"
    );
    let sent = server.requests()[0].json();
    let carrier = &sent["response_format"]["json_schema"]["schema"]["properties"]["correction"]["anyOf"]
        [0]["properties"]["modified_input"];
    assert_eq!(carrier["anyOf"][0]["additionalProperties"], false);
    assert_eq!(
        carrier["anyOf"][0]["properties"]["limit"]["type"],
        json!(["integer", "null"])
    );
    assert_eq!(carrier["anyOf"][1], json!({"type": "null"}));
}

#[tokio::test]
async fn other_schemas_carry_the_input_as_json_text() {
    let open = ToolSchema::new(
        "http",
        "",
        json!({"type": "object", "properties": {"headers": {"type": "object", "additionalProperties": {"type": "string"}}}}),
    );
    assert_eq!(
        InputCarrier::for_schema(Some(&open)),
        InputCarrier::JsonText
    );
    let fix = json!({
        "is_recoverable": true, "root_cause": "bad header", "severity": "low", "context": "",
        "correction": {"correction_type": "input_fix", "description": "fix header", "modified_input": "{\"headers\":{\"accept\":\"application/json\"}}",
                       "alternative_tool": null, "guidance": null}
    });
    let server = TestServer::start(vec![Reply::json(&completion(&fix))]).await;
    let analysis = reflector(&server)
        .analyze(
            "400",
            "http",
            &json!({"headers": {"accept": 1}}),
            Some(&open),
            &ReflectionContext::new("", 0, 6),
        )
        .await
        .unwrap();
    assert_eq!(
        analysis.correction.unwrap().modified_input,
        Some(json!({"headers": {"accept": "application/json"}}))
    );
    let sent = server.requests()[0].json();
    let carrier = &sent["response_format"]["json_schema"]["schema"]["properties"]["correction"]["anyOf"]
        [0]["properties"]["modified_input"];
    assert_eq!(carrier["type"], json!(["string", "null"]));
}

#[tokio::test]
async fn tool_changes_and_advice_parse() {
    let change = json!({
        "is_recoverable": true, "root_cause": "misspelled tool", "severity": "low", "context": "did you mean read_file",
        "correction": {"correction_type": "tool_change", "description": "use read_file", "modified_input": null,
                       "alternative_tool": "read_file", "guidance": null}
    });
    let server = TestServer::start(vec![Reply::json(&completion(&change))]).await;
    let analysis = reflector(&server)
        .analyze(
            "unknown tool",
            "reed_file",
            &json!({}),
            None,
            &ReflectionContext::new("", 0, 6),
        )
        .await
        .unwrap();
    assert_eq!(
        analysis.correction,
        Some(Correction::tool_change("use read_file", "read_file"))
    );
    assert_eq!(analysis.context, "did you mean read_file");
}

#[tokio::test]
async fn the_system_prompt_can_be_replaced() {
    let server = TestServer::start(vec![Reply::json(&completion(&unrecoverable()))]).await;
    let reflector =
        reflector(&server).with_system_prompt("You analyze failures for a coding agent.");
    assert_eq!(
        reflector.system_prompt(),
        "You analyze failures for a coding agent."
    );
    reflector
        .analyze(
            "x",
            "t",
            &json!({}),
            None,
            &ReflectionContext::new("", 0, 6),
        )
        .await
        .unwrap();
    assert_eq!(
        server.requests()[0].json()["messages"][0]["content"],
        "You analyze failures for a coding agent."
    );
}

#[tokio::test]
async fn huge_texts_are_cut_in_the_middle() {
    let server = TestServer::start(vec![Reply::json(&completion(&unrecoverable()))]).await;
    let error = format!(
        "Traceback (most recent call last):\n{}\nValueError: bad",
        "  frame\n".repeat(1_300_000)
    );
    let input = json!({"blob": "z".repeat(200_000)});
    reflector(&server)
        .analyze(&error, "t", &input, None, &ReflectionContext::new("", 0, 6))
        .await
        .unwrap();
    let message = sent_user_message(&server, 0);
    assert!(message.len() < 40_000, "{} bytes sent", message.len());
    assert!(message.contains("Traceback") && message.contains("ValueError: bad"));
    assert!(message.contains("bytes omitted …]"));
}

#[test]
fn the_failure_analysis_schema_is_already_strict() {
    let schema = read_file_schema();
    for carrier in [
        InputCarrier::JsonText,
        InputCarrier::for_schema(Some(&schema)),
    ] {
        let strict = failure_analysis_schema(&carrier);
        assert_eq!(
            loopctl_schema::to_strict(&strict).unwrap(),
            strict,
            "strict mode takes it unchanged"
        );
        let validator =
            loopctl_schema::ToolValidator::compile(FAILURE_ANALYSIS_SCHEMA_NAME, &strict).unwrap();
        assert!(validator.is_valid(&unrecoverable()));
        assert!(!validator.is_valid(&json!({"is_recoverable": false, "root_cause": "x", "severity": "severe", "correction": null, "context": ""})));
        assert!(!validator.is_valid(
            &json!({"is_recoverable": false, "root_cause": "x", "severity": "low", "context": ""})
        ));
    }
    let _ = (RecoveryAction::retry_now(), Duration::ZERO);
}
