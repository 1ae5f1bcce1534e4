//! Property test: any model response gives an analysis or an internal error, never a panic (the fuzz target's property, in CI).

use loopctl_llm::{OpenAiClient, StructuredRequest};
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_llm::{
    FAILURE_ANALYSIS_SCHEMA_NAME, InputCarrier, failure_analysis_schema, parse_analysis,
};
use proptest::prelude::*;
use serde_json::{Value, json};

fn answer() -> impl Strategy<Value = Value> {
    let severity = prop_oneof![
        Just(json!("low")),
        Just(json!("high")),
        Just(json!("urgent")),
        Just(json!(3))
    ];
    let kind = prop_oneof![
        Just(json!("input_fix")),
        Just(json!("tool_change")),
        Just(json!("retry")),
        Just(Value::Null)
    ];
    let modified = prop_oneof![
        Just(Value::Null),
        Just(json!({"a": 1, "b": null})),
        Just(json!("{\"a\": 2}")),
        Just(json!("{broken")),
        Just(json!("")),
        Just(json!([1, 2])),
    ];
    let correction = prop_oneof![
        Just(Value::Null),
        (kind, modified).prop_map(|(kind, modified)| json!({"correction_type": kind, "description": "d", "modified_input": modified, "alternative_tool": null, "guidance": null})),
        Just(json!("not an object")),
    ];
    (any::<bool>(), severity, correction, prop::option::of(".{0,8}")).prop_map(|(recoverable, severity, correction, context)| {
        let mut value = json!({"is_recoverable": recoverable, "root_cause": "x", "severity": severity, "correction": correction});
        if let Some(context) = context {
            value["context"] = json!(context);
        }
        value
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn shaped_answers_parse_or_fail_cleanly(answer in answer(), embedded in any::<bool>()) {
        let tool = ToolSchema::new("t", "", json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}, "required": ["a"]}));
        let carrier = if embedded { InputCarrier::for_schema(Some(&tool)) } else { InputCarrier::JsonText };
        let severity_is_valid = matches!(answer["severity"].as_str(), Some("low" | "high"));
        let correction_is_malformed = answer["correction"].is_string()
            || matches!(answer["correction"]["correction_type"].as_str(), Some("retry"))
            || (answer["correction"].is_object() && answer["correction"]["correction_type"].is_null());
        match parse_analysis(answer.clone(), &carrier) {
            Ok(analysis) => {
                prop_assert!(severity_is_valid, "accepted severity {}", answer["severity"]);
                prop_assert!(!correction_is_malformed, "accepted correction {}", answer["correction"]);
                prop_assert_eq!(Some(analysis.is_recoverable), answer["is_recoverable"].as_bool());
                let severity = analysis.severity.to_string();
                prop_assert_eq!(Some(severity.as_str()), answer["severity"].as_str());
                if let Some(input) = analysis.correction.and_then(|correction| correction.modified_input) {
                    prop_assert_ne!(input, json!("{\"a\": 2}"), "JSON text is decoded on receipt");
                }
            }
            Err(error) => {
                prop_assert!(!error.is_empty());
                prop_assert!(
                    !severity_is_valid || correction_is_malformed || !answer["correction"].is_null() || answer.get("context").is_none(),
                    "a well-formed answer was rejected: {} ({})", answer, error
                );
            }
        }
    }

    #[test]
    fn any_body_parses_or_fails_cleanly(body in prop::collection::vec(any::<u8>(), 0..300), text in ".{0,200}") {
        let schema = failure_analysis_schema(&InputCarrier::JsonText);
        let request = StructuredRequest { system: "", user: "", schema_name: FAILURE_ANALYSIS_SCHEMA_NAME, schema: &schema };
        for candidate in [body.as_slice(), text.as_bytes()] {
            if let Ok(answer) = OpenAiClient::parse_structured_response(candidate, &request) {
                let _ = parse_analysis(answer, &InputCarrier::JsonText);
            }
        }
        let wrapped = json!({"choices": [{"finish_reason": "stop", "message": {"content": text}}]}).to_string();
        if let Ok(answer) = OpenAiClient::parse_structured_response(wrapped.as_bytes(), &request) {
            let _ = parse_analysis(answer, &InputCarrier::JsonText);
        }
    }
}
