//! Any bytes a model server sends parse to a failure analysis or a reflection error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use loopctl_llm::{OpenAiClient, StructuredRequest};
use loopctl_reflect_core::{ReflectionError, ToolSchema};
use loopctl_reflect_llm::{
    FAILURE_ANALYSIS_SCHEMA_NAME, InputCarrier, failure_analysis_schema, parse_analysis,
};
use serde_json::json;

fuzz_target!(|body: &[u8]| {
    let tool = ToolSchema::new(
        "t",
        "",
        json!({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}),
    );
    for carrier in [
        InputCarrier::JsonText,
        InputCarrier::for_schema(Some(&tool)),
    ] {
        let schema = failure_analysis_schema(&carrier);
        let request = StructuredRequest {
            system: "",
            user: "",
            schema_name: FAILURE_ANALYSIS_SCHEMA_NAME,
            schema: &schema,
        };
        let outcome = OpenAiClient::parse_structured_response(body, &request)
            .map_err(|error| ReflectionError::Internal(error.to_string()))
            .and_then(|answer| parse_analysis(answer, &carrier).map_err(ReflectionError::Internal));
        if let Err(error) = outcome {
            assert!(matches!(error, ReflectionError::Internal(_)));
        }
        // The answer alone, as a provider that already extracted it would pass it on.
        if let Ok(answer) = serde_json::from_slice(body) {
            let _ = parse_analysis(answer, &carrier);
        }
    }
});
